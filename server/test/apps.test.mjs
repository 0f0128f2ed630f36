// Fixture apps (test-fixtures/apps/): the whole table Routemap computes for an app, through the
// workspace as the language server and the CLI build it (routes files plus the app's
// configuration and models), against `bin/rails routes` of the same app booted with real Rails
// (the 6.1 goldens, from scripts/oracle.mjs) and reviewed goldens for the other series.
// UPDATE_EXPECT=1 rewrites the reviewed goldens: other series than 6.1, and apps no oracle boots
// (REVIEWED.md); Rails alone writes the others.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync, writeFileSync } from "node:fs";
import { createNodeMapper } from "@routemap/shared-mapper/node";
import { formatSheet, recognize, unusedRoutes } from "@routemap/shared-mapper";
import { readControllerInputs, templateNames } from "../dist/cli/appConfig.js";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { Workspace, DEFAULT_SETTINGS } from "../dist/workspace.js";
import { nodeFileSystem } from "../dist/fileSystem.js";
import { APP_ENVS, appGoldenBody, listApps } from "../../test-fixtures/lib/apps.mjs";
import { unifiedDiff } from "../../test-fixtures/lib/unifiedDiff.mjs";

const mapper = await createNodeMapper();

/** The app's table as the workspace computes it for this environment and Rails series, and the workspace. */
function appTable(dir, env, series) {
  const ws = new Workspace(nodeFileSystem, mapper);
  ws.discover([dir]);
  ws.settingsChanged({ ...DEFAULT_SETTINGS, railsEnv: env, railsVersion: series });
  const app = ws.apps.find((a) => a.root === dir);
  return { result: app.table(), ws };
}

/** Each request of the app's requests.txt, as recognize_path answers it (the oracle's format). */
function recognized(result, dir) {
  const file = join(dir, "requests.txt");
  if (!existsSync(file)) return "";
  const lines = readFileSync(file, "utf8").split("\n").filter(Boolean).map((request) => {
    const [verb, path] = request.split(" ");
    const found = recognize(result.routes, verb, path);
    if (!found) return `${request} => error: No route matches ${JSON.stringify(path)}`;
    return `${request} => ${JSON.stringify(Object.fromEntries(Object.entries(found.params).sort(([a], [b]) => (a < b ? -1 : 1))))}`;
  });
  return `\n# Recognized (requests.txt)\n${lines.join("\n")}\n`;
}

/** The routes Rails 7.1's `--unused` lists, as the oracle writes them, when the app has controllers. */
function unused(result, dir, ws) {
  if (!existsSync(join(dir, "app", "controllers"))) return "";
  const app = ws.apps.find((a) => a.root === dir);
  const { views } = readControllerInputs(dir, nodeFileSystem);
  const { unused: found, unchecked } = unusedRoutes(result, app.controllerModel(), templateNames(views), { railsVersion: "6.1" });
  assert.deepEqual(unchecked.map((r) => r.reqs), [], "every controller of a fixture app is read whole");
  return `\n# Unused (Rails 7.1's --unused rule, in the booted app)\n${found.map((r) => `${r.verb} ${r.path} ${r.reqs}`).join("\n")}\n`;
}

/** What a golden holds, without its header: the sheet, every `…_path` helper, and what requests.txt reaches. */
function render(result, series, dir, ws) {
  const sheet = formatSheet(result.routes, { railsVersion: series, engines: result.engines });
  const helpers = new Set();
  for (const r of result.routes) for (const h of r.helpers) if (h.endsWith("_path")) helpers.add(h);
  for (const c of result.customHelpers) for (const h of c.helpers) if (h.endsWith("_path")) helpers.add(h);
  return `${sheet.endsWith("\n") ? sheet : sheet + "\n"}\n# URL helpers\n${[...helpers].sort().join("\n")}\n${recognized(result, dir)}${unused(result, dir, ws)}`;
}

for (const app of listApps()) {
  for (const env of APP_ENVS) {
    for (const series of app.goldens(env)) {
      test(`${app.name} (${env}, Rails ${series})`, () => {
        const { result, ws } = appTable(app.dir, env, series);
        const golden = readFileSync(app.goldenPath(env, series), "utf8");
        const raised = /^Rails raised: [A-Za-z:]+: ([\s\S]*)$/m.exec(golden);
        if (raised) {
          // Rails stops at its first error; Routemap reports it where it happens, and goes on.
          const messages = result.diagnostics.filter((d) => d.severity === "error").map((d) => d.message.trimEnd());
          assert.ok(messages.includes(raised[1].trimEnd()), `Routemap reports what Rails raised:\n${raised[1]}\nbut said:\n${messages.join("\n")}`);
          return;
        }
        const errors = result.diagnostics.filter((d) => d.severity !== "info");
        assert.deepEqual(errors.map((d) => `${d.span.file}:${d.span.start.line + 1}: ${d.message}`), [], "no diagnostic but information");
        const path = app.goldenPath(env, series);
        const actual = render(result, series, app.dir, ws);
        if (process.env.UPDATE_EXPECT === "1" && (series !== "6.1" || app.reviewed)) {
          writeFileSync(path, golden.slice(0, golden.indexOf("\n") + 1) + actual);
          return;
        }
        const expected = appGoldenBody(golden);
        if (actual !== expected) assert.fail(unifiedDiff(expected, actual, { from: `${app.name}.${env}.rails-${series}.txt`, to: "Routemap" }));
      });
    }
  }
}

test("`routemap routes` in an app prints what `bin/rails routes` prints, framework routes included", async () => {
  const { execFileSync } = await import("node:child_process");
  const { join } = await import("node:path");
  const app = listApps().find((a) => a.name === "framework-all");
  for (const env of APP_ENVS) {
    const out = execFileSync(process.execPath, [join(import.meta.dirname, "..", "bin", "routemap.cjs"), "routes", "--env", env], { cwd: app.dir, encoding: "utf8" });
    const golden = appGoldenBody(readFileSync(app.goldenPath(env, "6.1"), "utf8"));
    assert.equal(out, golden.slice(0, golden.indexOf("\n# URL helpers\n")));
  }
});

test("`routemap routes --json` says which framework or gem added a route, and points at the line that did", async () => {
  const { execFileSync } = await import("node:child_process");
  const app = listApps().find((a) => a.name === "devise");
  const json = JSON.parse(execFileSync(process.execPath, [join(import.meta.dirname, "..", "bin", "routemap.cjs"), "routes", "--json", "-g", "sign_in|mailers"], { cwd: app.dir, encoding: "utf8" })).routes;
  assert.deepEqual(
    json.map((r) => [r.origin ?? "", r.name, r.file, r.line]),
    [
      ["Devise", "new_user_session", "config/routes.rb", 2],
      ["Devise", "user_session", "config/routes.rb", 2],
      ["Devise", "new_backoffice_manager_session", "config/routes.rb", 10],
      ["Devise", "backoffice_manager_session", "config/routes.rb", 10],
      ["Devise", "new_member_account_session", "config/routes.rb", 14],
      ["Devise", "member_account_session", "config/routes.rb", 14],
      ["", "sign_in", "config/routes.rb", 18],
    ],
  );
  const framework = listApps().find((a) => a.name === "framework-all");
  const blobs = JSON.parse(execFileSync(process.execPath, [join(import.meta.dirname, "..", "bin", "routemap.cjs"), "routes", "--json", "-g", "direct_uploads"], { cwd: framework.dir, encoding: "utf8" })).routes;
  assert.deepEqual(blobs.map((r) => [r.origin, r.name, r.file, r.line, r.column]), [["Active Storage", "rails_direct_uploads", "config/application.rb", 3, 1]]);
});

test("`routemap routes --unused` prints what Rails 7.1's `bin/rails routes --unused` prints, with its exit status", async () => {
  const { spawnSync } = await import("node:child_process");
  const app = listApps().find((a) => a.name === "controllers");
  const run = (...args) => spawnSync(process.execPath, [join(import.meta.dirname, "..", "bin", "routemap.cjs"), "routes", "--unused", ...args], { cwd: app.dir, encoding: "utf8" });
  // railties 7.1 UnusedRoutesCommand and actionpack's ConsoleFormatter::Unused: the header line, then the sheet of those routes.
  const all = run("--rails", "7.1");
  assert.equal(
    all.stdout,
    [
      "Found 4 unused routes:",
      "",
      "      Prefix Verb   URI Pattern                  Controller#Action",
      "publish_post POST   /posts/:id/publish(.:format) posts#publish",
      "             DELETE /posts/:id(.:format)         posts#destroy",
      "       terms GET    /terms(.:format)             pages#terms",
      "     missing GET    /missing(.:format)           pages#missing",
      "",
    ].join("\n"),
  );
  assert.equal(all.status, 1);
  assert.equal(all.stderr, "");
  // The filter narrows what is printed; the exit status still says unused routes exist, as Rails' does.
  const admin = run("-c", "admin", "--rails", "8.1");
  assert.deepEqual([admin.stdout, admin.status], ["No unused routes found for this controller.\n", 1]);
  assert.deepEqual([run("-g", "nothing", "--rails", "7.1").stdout], ["No unused routes found for this grep pattern.\n"]);
});

test("`routemap check` lists every diagnostic of the app, as text, JSON or GitHub annotations, and fails on errors", async () => {
  const { spawnSync } = await import("node:child_process");
  const cli = join(import.meta.dirname, "..", "bin", "routemap.cjs");
  const app = listApps().find((a) => a.name === "controllers");
  const run = (cwd, ...args) => spawnSync(process.execPath, [cli, "check", ...args], { cwd, encoding: "utf8" });
  const text = run(app.dir);
  assert.equal(
    text.stdout,
    [
      "config/routes.rb:4:7: warning: PostsController has no action `publish` and no template posts/publish",
      "config/routes.rb:5:7: warning: PostsController has no action `preview` and no template posts/preview",
      "config/routes.rb:2:3: warning: PostsController has no action `destroy` and no template posts/destroy",
      "config/routes.rb:10:3: warning: PagesController has no action `terms` and no template pages/terms",
      // Methods a controller inherits from Rails and Ruby are no actions (`internal_methods`): Rails raises ActionNotFound.
      "config/routes.rb:13:3: warning: PagesController has no action `status` and no template pages/status",
      "config/routes.rb:14:3: warning: PagesController has no action `display` and no template pages/display",
      "config/routes.rb:15:3: warning: PagesController has no action `notice` and no template pages/notice",
      "config/routes.rb:16:3: warning: PagesController has no action `missing` and no template pages/missing",
      "app/controllers/application_controller.rb:5:7: hint: No route reaches ApplicationController#current_user: a public method of ApplicationController is an action of every controller inheriting it. If it is not one, make it private or protected (`hide_action` is gone since Rails 4.2)",
      "app/controllers/posts_controller.rb:4:7: hint: No route reaches PostsController#archive: route a request to it, or, if it is not an action, make it private or protected (`hide_action` is gone since Rails 4.2)",
      "",
    ].join("\n"),
  );
  assert.equal(text.status, 0, "warnings and hints do not fail the check");
  const json = JSON.parse(run(app.dir, "--format", "json").stdout).diagnostics;
  assert.deepEqual(json[0], { file: "config/routes.rb", line: 4, column: 7, endLine: 4, endColumn: 20, severity: "warning", code: "missing-action", message: "PostsController has no action `publish` and no template posts/publish" });
  const github = run(".", app.dir, "--format=github").stdout.split("\n")[0];
  assert.match(github, /^::warning file=.*config\/routes\.rb,line=4,col=7,endLine=4,endColumn=20,title=routemap missing-action::PostsController has no action `publish`/);
  // An app whose routes raise: the error, with Rails' multi-line message kept in one annotation, and exit status 1.
  const failing = listApps().find((a) => a.name === "devise-omniauth-error");
  const error = run(failing.dir, "--format", "github");
  assert.equal(error.status, 1);
  assert.match(error.stdout, /^::error file=config\/routes\.rb,line=4,col=3,.*::Mapping omniauth_callbacks on a resource that is not omniauthable%0APlease add/m);
  assert.equal(run(app.dir, "--format", "xml").status, 2);
});

test("`routemap check` says what it finds of a route drawn in a method's body at the call in the draw, with the method's line as a note", async () => {
  const { spawnSync } = await import("node:child_process");
  const cli = join(import.meta.dirname, "..", "bin", "routemap.cjs");
  const app = listApps().find((a) => a.name === "method-sites");
  const run = (...args) => spawnSync(process.execPath, [cli, "check", ...args], { cwd: app.dir, encoding: "utf8" });
  assert.equal(
    run().stdout,
    [
      "config/routes.rb:23:3: warning: FirstMissingController has no action `edit` and no template first_missing/edit",
      "  config/routes.rb:6:3: note: the route is drawn here, in `edit_step`",
      "config/routes.rb:24:3: warning: NowhereController has no action `edit` and no template nowhere/edit",
      "  config/routes.rb:6:3: note: the route is drawn here, in `edit_step`",
      // `crud_step`'s own `edit_step` (line 12) is in a method's body: the call in the draw is line 25.
      "config/routes.rb:25:3: warning: CrudController has no action `extra` and no template crud/extra",
      "  config/routes.rb:13:5: note: the route is drawn here, in `crud_step`",
      // A call of the method written in the block of another: its own line.
      "config/routes.rb:27:5: warning: InnerMissingController has no action `edit` and no template inner_missing/edit",
      "  config/routes.rb:6:3: note: the route is drawn here, in `edit_step`",
      // Written in the draw, in the block `api_scope` runs: said where it is, with no note.
      "config/routes.rb:30:5: warning: GoneController has no action `index` and no template gone/index",
      "config/routes.rb:32:3: warning: FromLibController has no action `show` and no template from_lib/show",
      "  lib/steps.rb:2:3: note: the route is drawn here, in `lib_step`",
      "",
    ].join("\n"),
  );
  const json = JSON.parse(run("--format", "json").stdout).diagnostics;
  assert.deepEqual(json[2].related, [{ file: "config/routes.rb", line: 13, column: 5, endLine: 13, endColumn: 15, message: "the route is drawn here, in `crud_step`" }]);
  assert.equal(json.find((d) => d.line === 30).related, undefined);
  const github = run("--format", "github").stdout.split("\n")[2];
  assert.match(github, /^::warning file=config\/routes\.rb,line=25,col=3,.*::CrudController has no action `extra` and no template crud\/extra%0Aconfig\/routes\.rb:13:5: the route is drawn here, in `crud_step`$/);
});

test("engine proxies: `blog.` reaches the mounted engine's helpers, `main_app.` the app's from inside the engine", async () => {
  const { hoverOnHelper } = await import("../dist/features/hover.js");
  const { definitionOfHelper } = await import("../dist/features/definition.js");
  const { helperCompletionList } = await import("../dist/features/completion.js");
  const app = listApps().find((a) => a.name === "engines");
  const ws = new Workspace(nodeFileSystem, mapper);
  ws.discover([app.dir]);
  const host = ws.apps.find((a) => a.root === app.dir);
  const blog = ws.apps.find((a) => a.root.endsWith("/engines/blog"));
  const at = (line, word) => ({ line: 0, character: line.indexOf(word) + 2 });
  const view = '<%= link_to "All", blog.articles_path %> <%= billing.invoice_path(1) %> <%= users_path %> <%= @x.articles_path %>';
  const hover = (tables, word, text = view) => hoverOnHelper(tables, text, at(text, word))?.contents.value.split("\n")[0] ?? null;
  assert.equal(hover(host.helperTables(), "articles_path"), "**articles_path**");
  assert.equal(hover(host.helperTables(), "invoice_path"), "**invoice_path**(id)");
  assert.equal(hover(host.helperTables(), "users_path"), "**users_path**");
  assert.equal(hover(host.helperTables(), "articles_path %> <%= billing"), "**articles_path**");
  assert.equal(hover(host.helperTables(), "articles_path", "<%= @x.articles_path %>"), null, "not a route proxy");
  assert.equal(hover(host.helperTables(), "articles_path", "<%= articles_path %>"), null, "the engine's helpers need its proxy in the app");
  const definition = definitionOfHelper(host.helperTables(), view, at(view, "articles_path"));
  assert.ok(definition.uri.endsWith("/engines/blog/config/routes.rb"));
  // Inside the engine: its own helpers plainly, the app's through `main_app.`.
  assert.equal(hover(blog.helperTables(), "articles_path", "<%= articles_path %>"), "**articles_path**");
  assert.equal(hover(blog.helperTables(), "users_path", "<%= main_app.users_path %>"), "**users_path**");
  assert.equal(hover(blog.helperTables(), "users_path", "<%= users_path %>"), null, "the app's helpers need main_app. in the engine");
  const after = (text) => helperCompletionList(host.helperTables(), text, { line: 0, character: text.length }).items.map((i) => i.label);
  assert.ok(after("<%= blog.").includes("new_article_path"));
  assert.ok(!after("<%= blog.").includes("users_path"));
  assert.deepEqual(after("<%= @post."), []);
});

test("engines the app does not load (`require: false`, a group Bundler.require leaves out) are not drawn, and their routes files say why", () => {
  const app = listApps().find((a) => a.name === "engines-not-loaded");
  const { result } = appTable(app.dir, "development", "6.1");
  const notes = result.diagnostics.filter((d) => d.code === "engine-not-loaded").map((d) => `${d.span.file.slice(app.dir.length + 1)}:${d.span.start.line + 1}: ${d.message.split(" (")[0]}`);
  assert.deepEqual(notes, [
    "plugins/extras/config/routes.rb:1: Routemap does not draw this file's routes: the app does not load gem `extras`",
    "plugins/test_tools/config/routes.rb:1: Routemap does not draw this file's routes: the app does not load gem `test_tools`",
  ]);
  assert.match(result.diagnostics.find((d) => d.span.file.endsWith("test_tools/config/routes.rb")).message, /in the Gemfile's `test` group, which config\/application\.rb's `Bundler\.require` does not require/);
});
