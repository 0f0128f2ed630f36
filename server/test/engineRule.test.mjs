// Engine folders inside an app that `routemap check` leaves out (engineContexts.ts
// `engineToCheck`): one the Gemfile does not load (`require: false`, a group Bundler.require
// leaves out). The language server takes each such folder as an app of its own; it checks its
// files as `check` does, that is not at all, and says why at the engine's routes file, as `check`
// does. One whose routes file draws into the app's routes (bundle_core, isolating nothing) is
// checked by both with the app's helpers, as Rails runs its controllers. The app's own files are checked by both.
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { cpSync, mkdirSync, writeFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { startServer } from "./lspClient.mjs";
import { scratchDir } from "../../test-fixtures/lib/scratch.mjs";

const repo = new URL("../..", import.meta.url).pathname;
const root = scratchDir("routemap-engine-rule-");
cpSync(join(repo, "test-fixtures/apps/engines-not-loaded"), root, { recursive: true });
/** Views with a misspelled helper (`pnig_path`…) and the app's `ping_path`, which an engine of the app's own would have. */
const VIEWS = {
  "app/views/ping/index.html.erb": '<%= link_to "Ping", pnig_path %>\n',
  "plugins/extras/app/views/extras/index.html.erb": '<%= link_to "Extras", extras_path %> <%= link_to "Ping", ping_path %> <%= link_to "Oops", extrs_path %>\n',
  "engines/bundle_core/app/views/bundles/index.html.erb": '<%= link_to "Bundles", bundles_path %> <%= link_to "Ping", ping_path %> <%= link_to "Oops", bundls_path %>\n',
};
for (const [path, text] of Object.entries(VIEWS)) {
  mkdirSync(dirname(join(root, path)), { recursive: true });
  writeFileSync(join(root, path), text);
}
/** Findings of the routes against the controllers, and the notes of the app's table on the engines it does not draw: not what this is about. */
const LEFT_OUT = new Set(["missing-action", "missing-controller", "unreached-action", "engine-not-loaded"]);

function checkFindings() {
  const run = spawnSync(process.execPath, [join(repo, "server/dist/cli.js"), "check", ".", "--rails", "6.1", "--format", "json"], { cwd: root, encoding: "utf8" });
  const doc = JSON.parse(run.stdout);
  const lines = doc.diagnostics.filter((d) => !LEFT_OUT.has(d.code) && !d.message.startsWith("Routemap does not draw")).map((d) => `${d.file}:${d.line} ${d.code}: ${d.message}`);
  return lines.sort();
}

test("routemap check and the editor leave out the engines the app does not load, say why at each, and check one that draws into the app's routes with the app's helpers", async () => {
  const expected = checkFindings();
  assert.deepEqual(expected.map((l) => l.replace(/ [^ ]+: .*/, (m) => m.split(":")[0])), [
    "app/views/ping/index.html.erb:1 unknown-helper",
    "engines/bundle_core/app/views/bundles/index.html.erb:1 unknown-helper",
    "plugins/extras/config/routes.rb:1 checks-off",
    "plugins/test_tools/config/routes.rb:1 checks-off",
  ]);
  assert.match(expected.find((l) => l.startsWith("plugins/extras/")), /not checked: the app does not load gem `extras` \(the Gemfile gives it `require: false`/);
  // `bundles_path` (its route, drawn into the app's) and the app's `ping_path` are defined there; `bundls_path` is not.
  assert.match(expected.find((l) => l.startsWith("engines/bundle_core/")), /undefined method `bundls_path'/);
  const server = await startServer([root], { railsVersion: "6.1", diagnostics: { enable: true, workspace: true } });
  try {
    const { apps } = await server.conn.sendRequest("routemap/status", {});
    assert.deepEqual(apps.map((a) => [relative(root, a.root) || ".", a.checks]).sort(), [[".", "on"], ["engines/bundle_core", "on"], ["engines/storefront", "on"], ["plugins/extras", "off"], ["plugins/test_tools", "off"]]);
    for (const line of expected) {
      const file = line.split(":")[0];
      await server.diagnosticsWhere(pathToFileURL(join(root, file)).toString(), (l) => l.some((d) => !LEFT_OUT.has(d.code)));
    }
    const shown = [];
    for (const [uri, list] of server.diagnostics) {
      for (const d of list) if (!LEFT_OUT.has(d.code)) shown.push(`${relative(root, fileURLToPath(uri))}:${d.range.start.line + 1} ${d.code}: ${d.message}`);
    }
    assert.deepEqual(shown.sort(), expected);
  } finally {
    await server.stop();
  }
});
