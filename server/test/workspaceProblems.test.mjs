// The whole app's problems in the editor, files not open included (issue 28 §5): the bundled
// server over stdio with a real LSP client connection, on a copy of the sample app with a
// misspelled helper in a view that is never opened. Pushed to a client that does not pull
// (Neovim's, eglot's), pulled by one that does (`workspace/diagnostic` with result ids), kept
// current as the file changes on disk, switched off by `routemap.diagnostics.workspace`, and
// the same findings as `routemap check` on the same app. No sleeps: each step waits for the
// message it expects.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { isDeepStrictEqual } from "node:util";
import { cpSync, mkdirSync, writeFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { spawnSync } from "node:child_process";
import { startServer } from "./lspClient.mjs";
import { scratchDir } from "../../test-fixtures/lib/scratch.mjs";

const repo = new URL("../..", import.meta.url).pathname;
const root = scratchDir("routemap-problems-");
cpSync(join(repo, "test-fixtures/sample-app"), root, { recursive: true });
const SHOW_PATH = join(root, "app/views/products/show.html.erb");
const BROKEN = '<h1><%= @product.name %></h1>\n<%= link_to "All", prodcts_path %>\n';
const FIXED = '<h1><%= @product.name %></h1>\n<%= link_to "All", products_path %>\n';
writeFileSync(SHOW_PATH, BROKEN);
const SHOW = pathToFileURL(SHOW_PATH).toString();
const INDEX = pathToFileURL(join(root, "app/views/products/index.html.erb")).toString();

/** What `routemap check` finds in the app, one line per finding: `file:line:col: severity: message`. */
function checkFindings() {
  const run = spawnSync(process.execPath, [join(repo, "server/dist/bundle/cli.js"), "check", root, "--format", "json"], { cwd: root, encoding: "utf8" });
  assert.equal(run.status, 1, run.stderr);
  return JSON.parse(run.stdout).diagnostics.map((d) => `${d.file}:${d.line}:${d.column}: ${d.severity}: ${d.message}`).sort();
}

/** The same lines from the diagnostics a client holds, by URI. */
function editorFindings(byUri) {
  const severity = { 1: "error", 2: "warning", 3: "info", 4: "hint" };
  const out = [];
  for (const [uri, list] of byUri) {
    const file = relative(root, fileURLToPath(uri));
    for (const d of list) out.push(`${file}:${d.range.start.line + 1}:${d.range.start.character + 1}: ${severity[d.severity]}: ${d.message}`);
  }
  return out.sort();
}

const changedOnDisk = (conn, uri) => conn.sendNotification("workspace/didChangeWatchedFiles", { changes: [{ uri, type: 2 }] });

let push;
const settings = { railsVersion: "6.1", diagnostics: { enable: true, workspace: true } };

before(async () => {
  push = await startServer([root], settings);
});

after(async () => {
  await push?.stop();
});

test("a client that does not pull gets a view's misspelled helper without opening it, and the same findings as `routemap check`", async () => {
  const shown = await push.diagnosticsWhere(SHOW, (l) => l.length > 0);
  assert.deepEqual(shown.map((d) => [d.severity, d.range.start.line, d.code]), [[1, 1, "unknown-helper"]]);
  assert.match(shown[0].message, /^undefined method `prodcts_path'.*did you mean `products_path`/);
  await push.diagnosticsWhere(INDEX, (l) => l.length > 0);
  assert.deepEqual(editorFindings(push.diagnostics), checkFindings());
});

test("a file fixed on disk is checked again and cleared; broken again, its finding comes back", async () => {
  await push.diagnosticsWhere(SHOW, (l) => l.length > 0);
  writeFileSync(SHOW_PATH, FIXED);
  changedOnDisk(push.conn, SHOW);
  await push.diagnosticsWhere(SHOW, (l) => l.length === 0);
  writeFileSync(SHOW_PATH, BROKEN);
  changedOnDisk(push.conn, SHOW);
  await push.diagnosticsWhere(SHOW, (l) => l.length === 1);
});

test("routemap.diagnostics.workspace off: files not open are no longer checked, open ones still are", async () => {
  await push.diagnosticsWhere(SHOW, (l) => l.length > 0);
  settings.diagnostics = { enable: true, workspace: false };
  push.conn.sendNotification("workspace/didChangeConfiguration", { settings: {} });
  await push.diagnosticsWhere(SHOW, (l) => l.length === 0);
  await push.diagnosticsWhere(INDEX, (l) => l.length === 0);
  // An open document's helper calls are checked all the same.
  push.conn.sendNotification("textDocument/didOpen", { textDocument: { uri: SHOW, languageId: "erb", version: 1, text: BROKEN } });
  await push.diagnosticsWhere(SHOW, (l) => l.length === 1);
  push.conn.sendNotification("textDocument/didClose", { textDocument: { uri: SHOW } });
  await push.diagnosticsWhere(SHOW, (l) => l.length === 0);
  settings.diagnostics = { enable: true, workspace: true };
  push.conn.sendNotification("workspace/didChangeConfiguration", { settings: {} });
  await push.diagnosticsWhere(SHOW, (l) => l.length === 1);
});

// The timeout only turns a server that never sends what is awaited into a failure instead of a hang.
test("a client that pulls gets the view's finding from workspace/diagnostic, unchanged files by result id, and none pushed", { timeout: 300_000 }, async () => {
  const pull = await startServer([root], { railsVersion: "6.1" }, { workspace: { diagnostics: { refreshSupport: true } }, textDocument: { diagnostic: { dynamicRegistration: false } } });
  try {
    let refreshed;
    const refresh = () => new Promise((resolve) => (refreshed = resolve));
    pull.conn.onRequest("workspace/diagnostic/refresh", () => {
      refreshed?.();
      return null;
    });
    const held = new Map();
    /** Pulls the workspace's diagnostics with the result ids held, and keeps what came. */
    const pullAll = async () => {
      const next = refresh();
      const { items } = await pull.conn.sendRequest("workspace/diagnostic", { previousResultIds: [...held].map(([uri, r]) => ({ uri, value: r.resultId })) });
      for (const item of items) if (item.kind === "full") held.set(item.uri, { resultId: item.resultId, items: item.items });
      return { items, next };
    };
    /**
     * Pulls each time the server asks until `done()`: it asks when its findings changed, and also
     * while a long pass is under way (each second, so on a loaded machine a pull can come midway,
     * or after a change the next pull was not waiting for). No timer: a pull is answered at once,
     * and the next waits for the server's request.
     */
    const pullUntil = async (done) => {
      let round = await pullAll();
      while (!done(round)) {
        await round.next;
        round = await pullAll();
      }
      return round;
    };
    const editorHeld = () => editorFindings(new Map([...pull.diagnostics, ...[...held].map(([uri, r]) => [uri, r.items])]));
    // Until the pass is done, a pull has what is known so far: pulled again until it has all `check` finds.
    const expected = checkFindings();
    await pullUntil(() => isDeepStrictEqual(editorHeld(), expected));
    assert.deepEqual(held.get(SHOW).items.map((d) => [d.severity, d.range.start.line, d.code]), [[1, 1, "unknown-helper"]]);
    // Pulled, not pushed as well.
    assert.equal(pull.diagnostics.get(SHOW)?.length ?? 0, 0);
    const again = await pullAll();
    assert.deepEqual(again.items.find((i) => i.uri === SHOW), { kind: "unchanged", uri: SHOW, version: null, resultId: held.get(SHOW).resultId });

    // Fixed on disk: a later pull clears it (those before the server has checked it again say it is unchanged).
    writeFileSync(SHOW_PATH, FIXED);
    changedOnDisk(pull.conn, SHOW);
    const showIn = (round) => round.items.find((i) => i.uri === SHOW);
    const fixed = await pullUntil((round) => showIn(round)?.kind === "full");
    assert.deepEqual(showIn(fixed).items, []);
    writeFileSync(SHOW_PATH, BROKEN);

    // An open document: its own pull, with a result id, and unchanged when asked again.
    pull.conn.sendNotification("textDocument/didOpen", { textDocument: { uri: SHOW, languageId: "erb", version: 1, text: BROKEN } });
    const first = await pull.conn.sendRequest("textDocument/diagnostic", { textDocument: { uri: SHOW } });
    assert.equal(first.kind, "full");
    assert.deepEqual(first.items.map((d) => [d.severity, d.range.start.line, d.code]), [[1, 1, "unknown-helper"]]);
    const second = await pull.conn.sendRequest("textDocument/diagnostic", { textDocument: { uri: SHOW }, previousResultId: first.resultId });
    assert.deepEqual(second, { kind: "unchanged", resultId: first.resultId });
  } finally {
    await pull.stop();
  }
});

test("the table's warning in an app file beside the routes (a constant of app/ that runs out of steps) is shown as `routemap check` prints it, without that file's infos", async () => {
  // The shape of sharetribe's app/utils/entity_utils.rb, read for a constant the routes name; here the loop is endless in Ruby too.
  const app = scratchDir("routemap-problems-alert-");
  const files = {
    "Gemfile.lock": "GEM\n  remote: https://rubygems.org/\n  specs:\n    actionpack (6.1.7.10)\n    railties (6.1.7.10)\n\nDEPENDENCIES\n  rails\n",
    "config/routes.rb": 'Rails.application.routes.draw do\n  get "p", to: "pages#show" if Specs::ENABLED\nend\n',
    "app/utils/specs.rb": "module Specs\n  NAME = ENV[\"SPECS\"]\n  STEPS = (1..).map { |i| i * 2 }\n  ENABLED = true\nend\n",
    "app/controllers/application_controller.rb": "class ApplicationController < ActionController::Base\nend\n",
    "app/controllers/pages_controller.rb": "class PagesController < ApplicationController\n  def show; end\nend\n",
  };
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(app, dirname(path)), { recursive: true });
    writeFileSync(join(app, path), text);
  }
  const specs = pathToFileURL(join(app, "app/utils/specs.rb")).toString();
  const server = await startServer([app], settings);
  try {
    const shown = await server.diagnosticsWhere(specs, (l) => l.length > 0);
    assert.deepEqual(shown.map((d) => [d.severity, d.range.start.line]), [[2, 2]]);
    assert.match(shown[0].message, /^Routemap stopped evaluating here: it took more than [\d,]+ steps/);
    const run = spawnSync(process.execPath, [join(repo, "server/dist/bundle/cli.js"), "check", app, "--format", "json"], { cwd: app, encoding: "utf8" });
    const printed = JSON.parse(run.stdout).diagnostics.filter((d) => d.file === "app/utils/specs.rb" && d.severity !== "info");
    assert.deepEqual(printed.map((d) => [d.line, d.message]), shown.map((d) => [d.range.start.line + 1, d.message]));
  } finally {
    await server.stop();
  }
});
