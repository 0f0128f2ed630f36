// Helper calls whose fate depends on where Rails runs them (a mailer's templates, a namespaced
// controller's views…): `routemap check` on each app of test-fixtures/helper-checks/ reports
// exactly the lines where Debian's Rails 6.1 raises, judged by test-fixtures/oracle/helper_contexts.rb
// (scripts/oracle.mjs writes `<app>.rails-6.1.txt`). The messages are in expect/helper-contexts-<app>.txt.
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { FIXTURES } from "../../test-fixtures/lib/cases.mjs";
import { expectFile } from "./fixture.mjs";
import { startServer } from "./lspClient.mjs";

const cli = new URL("../dist/cli.js", import.meta.url).pathname;
const dir = join(FIXTURES, "helper-checks");
/** Findings about the routes against the controllers, not helper calls: not what these apps judge. */
const ROUTE_CHECKS = new Set(["missing-action", "missing-controller", "unreached-action"]);

/**
 * The variables an app's oracle was booted with, each set once (`<app>.environments.txt`, a
 * `NAME=value` a line; scripts/oracle.mjs): none of them set for its main golden.
 */
const settingsOf = (name) => (existsSync(join(dir, `${name}.environments.txt`)) ? readFileSync(join(dir, `${name}.environments.txt`), "utf8").split("\n").filter(Boolean) : []);
/** The process's environment without an app's variables, and with `setting` (`NAME=value`) if given. */
function environmentOf(name, setting) {
  const env = { ...process.env };
  for (const line of settingsOf(name)) delete env[line.split("=")[0]];
  if (setting) env[setting.slice(0, setting.indexOf("="))] = setting.slice(setting.indexOf("=") + 1);
  return env;
}

/** What `routemap check` finds in the app's helper calls (JSON findings, file relative to the app). */
function checkFindings(name, setting) {
  const run = spawnSync(process.execPath, [cli, "check", ".", "--rails", "6.1", "--format", "json"], { cwd: join(dir, name), encoding: "utf8", env: environmentOf(name, setting) });
  return JSON.parse(run.stdout).diagnostics.filter((d) => !ROUTE_CHECKS.has(d.code));
}

/** `under`: the app's own files (`app/`) or its engines' (`engines/`); `setting`: a variable of `<app>.environments.txt` set. */
function check(name, under = "app/", setting) {
  const found = checkFindings(name, setting).filter((d) => d.file.startsWith(under));
  const variant = setting ? `.${setting.replace("=", "-")}` : "";
  // What Rails raises on, by `path:line`; every piece the oracle ran, for the planted correct uses.
  const truth = readFileSync(join(dir, `${name}${variant}.rails-6.1.txt`), "utf8").trimEnd().split("\n").filter((l) => l.startsWith(under));
  const raises = truth.filter((l) => / raises /.test(l)).map((l) => l.replace(/: raises .*/, "")).sort();
  // An info saying why a part is not checked (an engine left out) is no finding of a call.
  const reported = [...new Set(found.filter((d) => d.code !== "checks-off").map((d) => `${d.file}:${d.line}`))].sort();
  expectFile(`helper-contexts-${name}${variant}${{ "app/": "", "engines/": "-engines", "test/": "-tests", "spec/": "-specs" }[under]}`, found.map((d) => `${d.file}:${d.line}:${d.column} ${d.code}: ${d.message}`).join("\n") + "\n");
  return { raises, reported, judged: truth.length };
}

for (const name of readdirSync(dir).filter((n) => !n.endsWith(".txt")).sort()) {
  test(`helper-checks/${name}: routemap check reports the lines where Rails raises, and no other`, () => {
    const { raises, reported, judged } = check(name);
    assert.ok(judged > 3, "the oracle judged the app's calls");
    assert.deepEqual(reported, raises);
  });
  for (const setting of settingsOf(name)) {
    test(`helper-checks/${name} with ${setting}: routemap check reports the lines where Rails raises, and no other`, () => {
      const { raises, reported, judged } = check(name, "app/", setting);
      assert.ok(judged > 3, "the oracle judged the app's calls");
      assert.deepEqual(reported, raises);
    });
  }
}

// upcase's shape: a view's `<% if ActiveModel::Type::Boolean.new.serialize(ENV["X"]) %>` around a
// link to routes config/routes.rb draws under the same `if`. With X unset, Rails never runs the
// link (and the routes are not drawn); with X set, the routes exist: in neither is it reported.
// Code under a condition Routemap cannot decide (`if @posts`) is checked as before.
test("helper-checks/conditions: code under a condition decided as the routes' are is checked only where it runs", () => {
  const unset = check("conditions");
  assert.ok(!unset.reported.some((l) => l.startsWith("app/views/posts/_toast.html.erb") || l.startsWith("app/views/layouts/")));
  assert.ok(unset.reported.includes("app/views/posts/index.html.erb:17"), "the hash under `if @posts` is still checked");
  assert.ok(unset.reported.includes("app/views/posts/index.html.erb:20"), "the `unless ENV[…]` branch runs, and is checked");
  // Haml's and Slim's `- case` / `- when`: each branch checked only where the environment runs it.
  assert.deepEqual(unset.reported.filter((l) => /\.(haml|slim):/.test(l)), ["app/views/posts/digest.html.haml:10", "app/views/posts/latest.html.slim:8"]);
  const set = check("conditions", "app/", "ENABLE_NEW_HOME=true");
  assert.deepEqual(set.reported, ["app/views/posts/digest.html.haml:5", "app/views/posts/index.html.erb:17", "app/views/posts/latest.html.slim:5"]);
});

// An engine's own files, in the context Rails runs them in (engineContexts.ts): Rails raises on
// `users_path` in an isolated engine's view and controller (only `main_app.users_path` is the
// app's) and on `main_app.posts_path` where the app has no such route.
test("helper-checks/engines: an isolated engine's files are checked as Rails runs them", () => {
  const { raises, reported, judged } = check("engines", "engines/");
  assert.ok(judged > 3, "the oracle judged the engine's calls");
  assert.deepEqual(reported, raises);
  // The app's UsersController#blog renders the isolated engine's `blog/posts/index` by name: there
  // the template runs with the app's helpers (a view's helpers are its controller's), and
  // `posts_path`/`post_path(1)` raise, which the engine's own controller renders fine.
  assert.ok(raises.includes("engines/blog/app/views/blog/posts/index.html.erb:1"));
  // An engine's mailer inherits the app's `ActionMailer::Base.default_url_options` (the app's
  // initializer sets `:account`, as foodsoft's lib sets `:foodcoop`): `profile_url` in
  // `/:account/profile` is fine there; taking the engine's own files' options only, it was reported.
  assert.ok(!raises.includes("engines/forum/app/views/forum_mailer/digest.html.erb:1") && raises.includes("engines/forum/app/views/forum_mailer/digest.html.erb:2"));
});

// A non-isolated engine's controller that inherits the app's ApplicationController gets the app's
// `default_url_options` (`locale`, nhrihub's): `agency_path("a1")` under `scope ":locale"` gives
// "a1" the id there, where Rails' own base leaves it the locale and the id missing (Rails raises).
// Taking the engine's own files' options only, the first was a false "missing required keys".
// In an engine with a route set of its own (engines/reporting), a call of the engine's own route
// through its mount (`reporting.summary_path("s1")`) recalls what the request gives, as a call
// without the proxy does (RoutesProxy merges the view's `url_options`, `_recall` with them): Rails
// raises there. (`main_app.agency_path("a1")` beside it too: the request's routes are the engine's
// set's and the app's.) KNOWN_MISSED lists the errors Rails raises that Routemap misses: none now.
const KNOWN_MISSED = [];
test("helper-checks/engine-url-options: an engine's controller has the app's URL options only through the app's classes", () => {
  const { raises, reported, judged } = check("engine-url-options", "engines/");
  assert.ok(judged > 3, "the oracle judged the engine's calls");
  assert.deepEqual(raises, ["engines/admin_tools/app/views/audit/show.html.erb:1", "engines/reporting/app/views/plain_reports/show.html.erb:1", "engines/reporting/app/views/plain_reports/show.html.erb:3"]);
  assert.deepEqual(reported, raises.filter((l) => !KNOWN_MISSED.includes(l)), "the known gap is closed: empty KNOWN_MISSED");
});

// The editor's whole-app problems (issue 28 §5) are the same: the language server takes each
// engine folder as an app of its own, checked against the app that mounts it. The app's set
// holds routes other files draw (Active Storage's, and engines/web's `routes.append`, as
// openfoodnetwork's engines do), which every engine folder's own table holds too: the blog
// folder is still checked as its engine (taken as an app of its own, its isolated views and
// controllers got 13 false errors).
// Integration tests (Rails 6.1, judged by running the tests with Minitest): before the test's
// first request the session recalls nothing, and a missing segment raises
// (`post_comments_path`); after one it recalls that request's path parameters (`post_path` after
// `get post_path(1)` is fine, `post_comments_path` still raises), through the class's `setup`,
// its own methods and a literal path's request. Routemap reports them where it can vouch for
// what the session holds (integrationTests.ts).
test("helper-checks/recall: integration tests' missing segments, before and after a request", () => {
  const { raises, reported, judged } = check("recall", "test/");
  assert.ok(judged > 3, "the oracle judged the test's lines");
  assert.deepEqual(reported, raises);
});

// Request constraints (`constraints EditorConstraint.new do constraints Kit::SignedIn.new do …`,
// publisher's shape): Rails calls them on requests only, and URL generation never does, so the
// oracle's `author_books_path` raises inside them as it did outside (the golden did not change
// when they were added). Their routes' helpers are checked as any other. The gem's class is read
// from the vendored gem (lib/kit/signed_in.rb, by its constant's Zeitwerk path), so nothing is
// said about it; a class no installed gem has is said once, where it is given
// (shared-mapper/test/unknownConstraints.test.mjs).
test("helper-checks/recall: a route under request constraints is checked as any other", () => {
  const findings = checkFindings("recall");
  const said = findings.filter((d) => d.file === "config/routes.rb" && /Kit::SignedIn/.test(d.message));
  assert.deepEqual(said.map((d) => `${d.line}:${d.column} ${d.severity} ${d.message}`), []);
  const truth = readFileSync(join(dir, "recall.rails-6.1.txt"), "utf8").split("\n").filter((l) => / raises /.test(l));
  const underConstraints = findings.filter((d) => d.code === "missing-url-part" && /`author_books_path`/.test(d.message)).map((d) => `${d.file}:${d.line}`).sort();
  assert.ok(underConstraints.length >= 5, "author_books_path is checked in views, controllers and tests");
  for (const at of underConstraints) assert.ok(truth.some((l) => l.startsWith(`${at}: `)), `${at} raises in Rails`);
});

// Request specs (Rails 6.1 and rspec-rails 5.0, judged by running the specs with RSpec and the
// app's spec/rails_helper.rb): the same recall, through `before` hooks, `let!`, a `subject`
// named in the example, a literal path's request, a support module's helper that makes a request
// (after it, only the example's own next request says what is recalled), a group in
// spec/requests/ without `type:` (rails_helper infers it), and a branch that may not run.
test("helper-checks/recall: request specs' missing segments, through hooks, lets and support helpers", () => {
  const { raises, reported, judged } = check("recall", "spec/");
  assert.ok(judged > 10, "the oracle judged the specs' lines");
  assert.ok(!readFileSync(join(dir, "recall.rails-6.1.txt"), "utf8").includes("not run"), "RSpec ran every marked line");
  assert.deepEqual(reported, raises);
});

/** What the language server shows of the app's helper calls once its whole-app pass has them all, as `file:line:col code`. */
async function editorFindings(name, setting) {
  const root = join(dir, name);
  const expected = checkFindings(name, setting).map((d) => `${d.file}:${d.line}:${d.column} ${d.code}`).sort();
  const files = [...new Set(checkFindings(name, setting).map((d) => d.file))];
  const server = await startServer([root], { railsVersion: "6.1", diagnostics: { enable: true, workspace: true } }, { env: environmentOf(name, setting) });
  try {
    const count = (file) => expected.filter((l) => l.startsWith(`${file}:`)).length;
    for (const file of files) await server.diagnosticsWhere(pathToFileURL(join(root, file)).toString(), (l) => l.length >= count(file));
    const shown = [];
    for (const [uri, list] of server.diagnostics) {
      for (const d of list) if (!ROUTE_CHECKS.has(d.code)) shown.push(`${relative(root, fileURLToPath(uri))}:${d.range.start.line + 1}:${d.range.start.character + 1} ${d.code}`);
    }
    return { shown: shown.sort(), expected };
  } finally {
    await server.stop();
  }
}

test("helper-checks/engines: the language server shows the engines' problems as routemap check does", async () => {
  const { shown, expected } = await editorFindings("engines");
  assert.deepEqual(shown, expected);
});

test("helper-checks/engine-url-options: the language server shows what routemap check does in an engine under the app's URL options", async () => {
  const { shown, expected } = await editorFindings("engine-url-options");
  assert.ok(expected.includes("engines/admin_tools/app/views/audit/show.html.erb:1:26 missing-url-part"));
  assert.deepEqual(shown, expected);
});

// Templates and code of controllers no route reaches in this environment (routes under
// `if ENV[…]`, upcase's marketing_redesign) never run: their hashes are not checked, in the
// editor as in `check`; a reached template's hash to those controllers still is.
test("helper-checks/recall: the language server shows what routemap check does, templates of unreached controllers included", async () => {
  const { shown, expected } = await editorFindings("recall");
  assert.ok(expected.includes("app/views/posts/index.html.erb:6:28 unrouted-url"));
  assert.deepEqual(shown, expected);
});

// Layouts: the one each controller takes (its class's `layout "redesign"`, inherited; else
// layouts/<controller_path> up its superclasses). A layout only controllers no route reaches take
// (upcase's marketing_redesign), and the partials only it renders by full name, never run: their
// hashes are not checked, in the editor as in `check`; a partial a reached layout renders too still is.
test("helper-checks/layouts: the language server shows what routemap check does, layouts of unreached controllers left out", async () => {
  const { shown, expected } = await editorFindings("layouts");
  assert.ok(expected.includes("app/views/layouts/shared/_nav.html.erb:3:26 unrouted-url"));
  assert.ok(!expected.some((l) => l.startsWith("app/views/layouts/redesign")));
  assert.deepEqual(shown, expected);
});

// A template a route reaches that starts rendering a partial only an unreached layout rendered
// makes that partial run: the editor checks it again (its hashes to the unreached controllers
// raise there), and leaves it unchecked once the render is taken out again. Edited in the editor.
test("helper-checks/layouts: a reached template that renders an unreached layout's partial gets it checked again", async () => {
  const root = join(dir, "layouts");
  const header = pathToFileURL(join(root, "app/views/layouts/redesign/_header.html.erb")).toString();
  const index = pathToFileURL(join(root, "app/views/posts/index.html.erb")).toString();
  const nav = pathToFileURL(join(root, "app/views/layouts/shared/_nav.html.erb")).toString();
  const text = readFileSync(join(root, "app/views/posts/index.html.erb"), "utf8");
  const server = await startServer([root], { railsVersion: "6.1", diagnostics: { enable: true, workspace: true } });
  try {
    await server.diagnosticsWhere(nav, (l) => l.length === 1);
    assert.deepEqual(server.diagnostics.get(header) ?? [], []);
    server.conn.sendNotification("textDocument/didOpen", { textDocument: { uri: index, languageId: "erb", version: 1, text } });
    server.conn.sendNotification("textDocument/didChange", { textDocument: { uri: index, version: 2 }, contentChanges: [{ text: `${text}<%= render "layouts/redesign/header" %>\n` }] });
    const shown = await server.diagnosticsWhere(header, (l) => l.length === 2);
    assert.deepEqual(shown.map((d) => [d.range.start.line + 1, d.code]), [[2, "unrouted-url"], [3, "unrouted-url"]]);
    server.conn.sendNotification("textDocument/didChange", { textDocument: { uri: index, version: 3 }, contentChanges: [{ text }] });
    await server.diagnosticsWhere(header, (l) => l.length === 0);
  } finally {
    await server.stop();
  }
});

// An edit of the app's controller that takes away or brings back its `render template:
// "blog/posts/index"` changes what the engine's template is checked against (the app's helpers
// where that controller renders it): the editor checks the engine's files again, though nothing
// of the engine changed. Edited in the editor, not on disk.
test("helper-checks/engines: editing an app controller's render of an engine's template re-checks that template", async () => {
  const root = join(dir, "engines");
  const template = pathToFileURL(join(root, "engines/blog/app/views/blog/posts/index.html.erb")).toString();
  const controller = pathToFileURL(join(root, "app/controllers/users_controller.rb")).toString();
  const text = readFileSync(join(root, "app/controllers/users_controller.rb"), "utf8");
  const byApp = (list) => list.filter((d) => /where the app's users_controller\.rb renders this template/.test(d.message)).map((d) => d.range.start.line + 1);
  const server = await startServer([root], { railsVersion: "6.1", diagnostics: { enable: true, workspace: true } });
  try {
    // Rendered by the app: `posts_path` and `post_path(1)` raise there (lines 1 and 2).
    await server.diagnosticsWhere(template, (l) => byApp(l).length === 2);
    server.conn.sendNotification("textDocument/didOpen", { textDocument: { uri: controller, languageId: "ruby", version: 1, text } });
    const without = text.replace('render template: "blog/posts/index"', 'render template: "users/index"');
    assert.notEqual(without, text);
    server.conn.sendNotification("textDocument/didChange", { textDocument: { uri: controller, version: 2 }, contentChanges: [{ text: without }] });
    await server.diagnosticsWhere(template, (l) => byApp(l).length === 0 && l.length > 0);
    server.conn.sendNotification("textDocument/didChange", { textDocument: { uri: controller, version: 3 }, contentChanges: [{ text }] });
    assert.deepEqual(byApp(await server.diagnosticsWhere(template, (l) => byApp(l).length === 2)), [1, 2]);
  } finally {
    await server.stop();
  }
});

// The editor follows the same decision, in its whole-app problems and for an open view: the
// server runs with the variable unset, then set (ENV as the routes read it, from its process).
test("helper-checks/conditions: the language server shows what routemap check does, with the variable unset and set", async () => {
  const unset = await editorFindings("conditions");
  assert.ok(unset.expected.includes("app/views/posts/index.html.erb:20:26 unknown-helper"));
  assert.deepEqual(unset.shown, unset.expected);
  const set = await editorFindings("conditions", "ENABLE_NEW_HOME=true");
  assert.deepEqual(set.expected, ["app/views/posts/digest.html.haml:5:21 missing-url-part", "app/views/posts/index.html.erb:17:26 unrouted-url", "app/views/posts/latest.html.slim:5:21 missing-url-part"]);
  assert.deepEqual(set.shown, set.expected);
});

// An open partial, edited: a hash to the routes drawn under the `if` is reported where it runs
// outside that `if`, not inside it; the same text with the variable set reports neither.
test("helper-checks/conditions: an open view's diagnostics skip the branch the environment does not run", async () => {
  const root = join(dir, "conditions");
  const toast = pathToFileURL(join(root, "app/views/posts/_toast.html.erb")).toString();
  const text = readFileSync(join(root, "app/views/posts/_toast.html.erb"), "utf8");
  const edited = `${text}<%= link_to "About", controller: "/redesign/about", action: :show %>\n`;
  const lines = (list) => list.map((d) => [d.range.start.line + 1, d.code]);
  for (const [setting, expected] of [[undefined, [[9, "unrouted-url"]]], ["ENABLE_NEW_HOME=true", []]]) {
    const server = await startServer([root], { railsVersion: "6.1", diagnostics: { enable: true, workspace: true } }, { env: environmentOf("conditions", setting) });
    try {
      server.conn.sendNotification("textDocument/didOpen", { textDocument: { uri: toast, languageId: "erb", version: 1, text } });
      server.conn.sendNotification("textDocument/didChange", { textDocument: { uri: toast, version: 2 }, contentChanges: [{ text: edited }] });
      const shown = await server.diagnosticsWhere(toast, (l) => server.versions.get(toast) === 2 && l.length === expected.length);
      assert.deepEqual(lines(shown), expected);
    } finally {
      await server.stop();
    }
  }
});
