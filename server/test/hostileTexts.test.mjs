// Hostile app files: what `check` and the editor read of every file, and the checks of one
// file, take time linear in its size. Each input is generated, at a size that took seconds to
// minutes when a regexp or a search over the file's calls was quadratic.
import { test } from "node:test";
import assert from "node:assert/strict";
import { DefinedNames } from "../dist/cli/helperCheck.js";
import { helperCallDiagnostics } from "../dist/features/helperCalls.js";
import { memoryFs, workspaceFor } from "./fixture.mjs";
import { spawnSync } from "node:child_process";
import { cpSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { scratchDir } from "../../test-fixtures/lib/scratch.mjs";

/** Every kind of file `DefinedNames` reads differently. */
const KINDS = ["app/views/posts/_a.html.erb", "app/mailers/a_mailer.rb", "app/helpers/a_helper.rb", "app/controllers/a_controller.rb", "lib/a.rb", "spec/support/a.rb"];


/** An app whose gems are known (none) and whose routes are `resources :posts`. */
const POSTS_APP = `
//- Gemfile.lock
GEM
  specs:

//- config/routes.rb
Rails.application.routes.draw do
  resources :posts
end
`;

test("what the app's files define is read in linear time, whatever they hold", () => {
  // Each repeated over 200 KB, on one line and one a line: `#{` never closed (partialLocalKeys:
  // 400 KB took over a minute), `render "` never naming a template (7 s for 240 KB), blank lines
  // before no class, a list or a lambda's parameters never closed, a key of url_options never closed.
  const units = ['#{', 'render "', "render ", "include ", "helper ", "\n", " \n", "layout ->(", ".layout ->(", "add_module route: {a: [", "url_options[", "class A < B::", "class A"];
  const started = performance.now();
  for (const unit of units) {
    for (const text of [unit.repeat(200_000 / unit.length), `${unit}\n`.repeat(200_000 / (unit.length + 1))]) {
      const files = new Map(KINDS.map((kind) => [`/app/${kind}`, `<%= x_path %>\n${text}`]));
      const names = new DefinedNames("/app", [], memoryFs(files), (path) => files.get(path));
      assert.equal(names.partialLocals()?.size, 0, JSON.stringify(unit));
    }
  }
  assert.ok(performance.now() - started < 5_000, `${Math.round(performance.now() - started)} ms`);
});

test("a gem's file of thousands of helper names on one line is read in linear time", async () => {
  // A gem's names are split between those a call on their line defines (`helper_method :a_path`) and
  // those it only speaks of: each name sliced its line's start to look for such a call, 38 s for 550 KB.
  const { definedHelperNames } = await import("@routemap/shared-mapper");
  const names = Array.from({ length: 40_000 }, (_, i) => `:a${i}_path`);
  const into = new Set();
  const mentions = new Set();
  const started = performance.now();
  definedHelperNames(`x = [${names.join(", ")}]\nhelper_method ${names.slice(0, 3).join(", ")}\n`, into, mentions);
  assert.ok(performance.now() - started < 2_000, `${Math.round(performance.now() - started)} ms`);
  assert.deepEqual([into.size, mentions.size], [3, 40_000]);
});

test("a view of thousands of undefined helpers' calls is checked in linear time", async () => {
  // Each call was looked for among the diagnostics already made: 2 MB took 22 s.
  const line = '<%= link_to "x", hx_path %>\n';
  const { ws } = await workspaceFor(`${POSTS_APP}//- app/controllers/posts_controller.rb
class PostsController < ApplicationController
  def index; end
end
`);
  const path = "/app/app/views/posts/index.html.erb";
  const text = line.repeat(1_500_000 / line.length);
  const check = ws.appFor(path).helperCheck();
  assert.ok(!("unchecked" in check), check.unchecked);
  const started = performance.now();
  const found = helperCallDiagnostics(ws.mapper, check, path, text);
  assert.equal(found.filter((d) => d.code === "unknown-helper").length, text.length / line.length);
  assert.ok(performance.now() - started < 5_000, `${Math.round(performance.now() - started)} ms`);
});

test("a class file of one long line of `extend` is checked in linear time", async () => {
  // Whether the class extends url_helpers was `/\bextend\b[^\n]*url_helpers/`: from every `extend`
  // to the line's end, quadratic on a line of them.
  const { ws } = await workspaceFor(POSTS_APP);
  const path = "/app/app/models/a.rb";
  const text = `class A < B\n  ${"extend M; ".repeat(100_000)}\n  def x\n    hx_path\n  end\nend\n# url_helpers\n`;
  const check = ws.appFor(path).helperCheck();
  const started = performance.now();
  const found = helperCallDiagnostics(ws.mapper, check, path, text);
  assert.ok(performance.now() - started < 5_000, `${Math.round(performance.now() - started)} ms`);
  assert.deepEqual(found.filter((d) => d.code === "unknown-helper").map((d) => d.span.start.line), [3]);
});

test("ActiveAdmin's namespaces are read in linear time, whatever the initializer and app/admin hold", async () => {
  const { activeAdminNamespaces } = await import("../../shared-mapper/dist/gems/activeAdmin.js");
  const started = performance.now();
  // Blanks after a value (each tried as the start of a ` do`), and keys never followed by a value.
  assert.equal(activeAdminNamespaces([], [`ActiveAdmin.register X, namespace: :a${" ".repeat(1_000_000)}b\n`]), undefined);
  assert.deepEqual(activeAdminNamespaces([`  config.default_namespace = :ops${" \t".repeat(500_000)}\n`], ["namespace: ".repeat(100_000)]), undefined);
  assert.deepEqual(activeAdminNamespaces([`  config.namespace :staff${" ".repeat(1_000_000)}do |staff|\n`], []), ["admin", "staff"]);
  assert.ok(performance.now() - started < 3_000, `${Math.round(performance.now() - started)} ms`);
});

test("a file nested deeper than Routemap reads is said not to be checked, at its start", async () => {
  const { ws } = await workspaceFor(POSTS_APP);
  const files = [
    ["/app/app/views/posts/index.html.erb", `${"<% if a %>\n".repeat(5000)}<%= link_to "x", hx_path %>\n${"<% end %>\n".repeat(5000)}`],
    ["/app/spec/requests/deep_spec.rb", `describe "x" do\n it "y" do\nget x_path\n${"[1].each do\n".repeat(1500)}${"end\n".repeat(1502)}`],
  ];
  for (const [path, text] of files) {
    const check = ws.appFor(path).helperCheck();
    const found = helperCallDiagnostics(ws.mapper, check, path, text);
    assert.deepEqual(found.map((d) => `${d.severity} ${d.code} ${d.span.start.line}:${d.span.start.character}`), ["info file-not-parsed 0:0"], path);
    assert.match(found[0].message, /^Routemap does not check the helper calls of this file: its parser failed on it \(.+\), as it does on code nested thousands of levels deep\.$/);
  }
});

test("a checked file Routemap does not read (larger than it reads, a FIFO) is said at its start by check, not passed over", { skip: process.platform === "win32" }, () => {
  const app = scratchDir("routemap-unread-views-");
  cpSync(fileURLToPath(new URL("../../test-fixtures/sample-app", import.meta.url)), app, { recursive: true });
  writeFileSync(join(app, "app/views/products/huge.html.erb"), "<%= products_path %>\n".repeat(250_000));
  assert.equal(spawnSync("mkfifo", [join(app, "app/views/products/pipe.html.erb")]).status, 0);
  const cli = fileURLToPath(new URL("../bin/routemap.cjs", import.meta.url));
  const r = spawnSync(process.execPath, [cli, "check"], { cwd: app, encoding: "utf8", timeout: 60_000, env: { ...process.env, ROUTEMAP_CACHE_DIR: "off" } });
  const said = r.stdout.split("\n").filter((l) => l.includes("did not read this file"));
  assert.deepEqual(said, [
    "app/views/products/huge.html.erb:1:1: info: Routemap did not read this file, so its helper calls are not checked: it is larger than 4 MiB, the most Routemap reads.",
    "app/views/products/pipe.html.erb:1:1: info: Routemap did not read this file, so its helper calls are not checked: it is a named pipe (FIFO), not a regular file.",
  ]);
});
