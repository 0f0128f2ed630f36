// When the server answers on an app large enough for its work to take a while (issue 30 §6): a
// hover sent before the first map is done gets that map's answer, never one from part of the
// routes; and a request sent while the diagnostics of thousands of files go out is answered
// between two slices of them, not after the last (server.ts, `sendInSlices`).
import { test } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";
import { scratchDir } from "../../test-fixtures/lib/scratch.mjs";
import { startServer } from "./lspClient.mjs";

const uri = (path) => pathToFileURL(path).toString();

/**
 * An app of `count` controllers drawn over four files, each with an action no route reaches (a
 * hint in every controller), and a route name that area 3 takes again: Rails raises there, so a
 * map of the first files alone would answer differently from the whole one.
 */
function writeApp(count) {
  const root = scratchDir("routemap-order-");
  const put = (path, text) => {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  };
  put("Gemfile.lock", "GEM\n  remote: https://rubygems.org/\n  specs:\n\nPLATFORMS\n  ruby\n\nDEPENDENCIES\n");
  put("app/controllers/application_controller.rb", "class ApplicationController < ActionController::Base\nend\n");
  const areas = [[], [], [], []];
  for (let c = 0; c < count; c++) {
    areas[c % 4].push(`resources :thing${c}s, only: %i[index show]`);
    put(`app/controllers/thing${c}s_controller.rb`, `class Thing${c}sController < ApplicationController\n  def index; end\n  def show; end\n  def orphan; end\nend\n`);
  }
  areas[3].push('get "again", to: "thing0s#index", as: :thing0s');
  areas.forEach((lines, a) => put(`config/routes/area${a}.rb`, lines.join("\n") + "\n"));
  put("config/routes.rb", "Rails.application.routes.draw do\n  draw :area0\n  draw :area1\n  draw :area2\n  draw :area3\nend\n");
  return root;
}

test("a hover sent before the first map is done gets the whole map's answer", { timeout: 120_000 }, async () => {
  const root = writeApp(1200);
  const routes = uri(join(root, "config/routes.rb"));
  const server = await startServer([root]);
  try {
    const at = { textDocument: { uri: routes }, position: { line: 2, character: 4 } };
    // Sent with `initialized`, before any diagnostics: it waits for the search for apps and the map.
    const early = await server.conn.sendRequest("textDocument/hover", at);
    await server.diagnosticsWhere(routes, () => true);
    const later = await server.conn.sendRequest("textDocument/hover", at);
    assert.deepEqual(early, later);
    assert.match(early.contents.value, /Loads `config\/routes\/area1\.rb`: 600 routes/);
    // The name area 3 takes again is reported where area 3 is drawn: the map went through it.
    const area3 = await server.diagnosticsWhere(uri(join(root, "config/routes/area3.rb")), (list) => list.length > 0);
    assert.match(area3[0].message, /already in use: 'thing0s'/);
  } finally {
    await server.stop();
  }
});

test("a hover sent while thousands of files' diagnostics go out is answered before the last of them", { timeout: 120_000 }, async () => {
  const count = 3000;
  const root = writeApp(count);
  const controllers = new Set();
  let answeredAfter;
  const server = await startServer([root]);
  try {
    const first = new Promise((resolve) => {
      server.conn.onNotification("textDocument/publishDiagnostics", ({ uri: file, diagnostics }) => {
        // The notifications of the lspClient's own handler are replaced here: counted, not kept.
        if (!file.endsWith("_controller.rb") || !diagnostics.length) return;
        controllers.add(file);
        if (controllers.size === 1) resolve();
      });
    });
    await first;
    const at = { textDocument: { uri: uri(join(root, "config/routes.rb")) }, position: { line: 1, character: 4 } };
    await server.conn.sendRequest("textDocument/hover", at);
    answeredAfter = controllers.size;
    // Every controller gets its hint in the end.
    while (controllers.size < count) await new Promise((resolve) => setTimeout(resolve, 50));
  } finally {
    await server.stop();
  }
  assert.ok(answeredAfter < count, `the hover was answered after ${answeredAfter} of ${count} controllers' diagnostics`);
});
