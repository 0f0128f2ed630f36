// view_component's components (test-fixtures/components): their classes and sidecar templates
// call the app's route helpers bare (the gem includes `Rails.application.routes.url_helpers` in
// every component, 2.x to 4.x) or through `helpers` (the view context they are rendered in).
// `routemap check` reports the calls no route or method answers (expect/components-check.txt),
// and references of a route find its calls there, as in views.
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { cpSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { FIXTURES } from "../../test-fixtures/lib/cases.mjs";
import { scratchDir } from "../../test-fixtures/lib/scratch.mjs";
import { expectFile } from "./fixture.mjs";
import { startServer } from "./lspClient.mjs";

const cli = new URL("../dist/cli.js", import.meta.url).pathname;
const app = join(FIXTURES, "components");

test("check reports the helper calls of components' classes and templates that nothing answers, and nothing else", () => {
  const run = spawnSync(process.execPath, [cli, "check", ".", "--rails", "6.1", "--format", "json"], { cwd: app, encoding: "utf8" });
  const found = JSON.parse(run.stdout).diagnostics.filter((d) => d.file.startsWith("app/"));
  expectFile("components-check", found.map((d) => `${d.file}:${d.line}:${d.column} ${d.code}: ${d.message}`).join("\n") + "\n");
  // Every report is one of the three misspelled names, whatever else the fixture calls: not
  // `helpers.entries_path`, the journal engine's, whose views may render the component.
  assert.deepEqual(found.map((d) => d.message.split("'")[0]), ["undefined method `edit_postt_path", "undefined method `postz_path", "undefined method `rooot_path"]);
});

test("references of a route find its calls in components, bare and through `helpers`", async () => {
  const root = scratchDir("routemap-components-");
  cpSync(app, root, { recursive: true });
  const client = await startServer([root], { railsVersion: "6.1" });
  try {
    const routes = pathToFileURL(join(root, "config/routes.rb")).toString();
    await client.diagnosticsWhere(routes, () => true);
    const at = async (line, character) => {
      const found = await client.conn.sendRequest("textDocument/references", { textDocument: { uri: routes }, position: { line, character }, context: { includeDeclaration: false } });
      return found.map((l) => `${relative(root, fileURLToPath(l.uri))}:${l.range.start.line + 1}:${l.range.start.character + 1}`).sort();
    };
    // `root "posts#index"`: PostComponent#back_path's bare call, ListComponent#back_path's through `helpers`.
    assert.deepEqual(await at(2, 3), ["app/components/list_component.rb:3:13", "app/components/post_component.rb:18:5"]);
    // `resources :posts`: the template's `posts_path` and `posts_url`, the class's `post_path`.
    const posts = await at(1, 3);
    for (const place of ["app/components/list_component/list_component.html.erb:1:20", "app/components/list_component/list_component.html.erb:5:21", "app/components/post_component.rb:10:21"]) assert.ok(posts.includes(place), `${place} in ${posts.join(", ")}`);
  } finally {
    await client.stop();
  }
});
