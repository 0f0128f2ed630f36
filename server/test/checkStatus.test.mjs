// Where checks are off, said where the user looks (issue 28 §3): `routemap check` as text and
// JSON, and the language server over stdio (the headless client), on two apps: one whose gem
// is not installed (every helper check off) and one with a part of its routes Routemap could
// not evaluate (only the names and controllers under its scope unchecked).
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import Ajv2020 from "ajv/dist/2020.js";
import { scratchDir } from "../../test-fixtures/lib/scratch.mjs";
import { expectFile } from "./fixture.mjs";
import { startServer } from "./lspClient.mjs";

const repo = new URL("../..", import.meta.url).pathname;
const cli = join(repo, "server/bin/routemap.cjs");
const workspace = scratchDir("routemap-status-");
const put = (path, text) => {
  mkdirSync(join(workspace, path, ".."), { recursive: true });
  writeFileSync(join(workspace, path), text);
};
const uri = (path) => pathToFileURL(join(workspace, path)).toString();

const EMPTY_LOCK = "GEM\n  remote: https://rubygems.org/\n  specs:\n\nPLATFORMS\n  ruby\n";
const view = '<%= link_to "All", postz_path %>\n<%= link_to "Admin", admin_report_path %>\n';
const controllers = {
  "app/controllers/application_controller.rb": "class ApplicationController < ActionController::Base\nend\n",
  "app/controllers/posts_controller.rb": "class PostsController < ApplicationController\n  def index; end\nend\n",
};
// A gem the lock names that is nowhere installed: what gems define is unknown.
put("gemless/config/routes.rb", "Rails.application.routes.draw do\n  resources :posts, only: :index\nend\n");
put("gemless/Gemfile.lock", "GEM\n  remote: https://rubygems.org/\n  specs:\n    routemap_no_such_gem (1.2.3)\n\nPLATFORMS\n  ruby\n\nDEPENDENCIES\n  routemap_no_such_gem\n");
put("gemless/app/views/posts/index.html.erb", view);
// A call Routemap does not know under `namespace :admin`: only admin_… names are open.
put("open/config/routes.rb", "Rails.application.routes.draw do\n  resources :posts, only: :index\n  namespace :admin do\n    draw_reports\n  end\nend\n");
put("open/Gemfile.lock", EMPTY_LOCK);
put("open/app/views/posts/index.html.erb", view);
// A mailer whose default_url_options Routemap cannot read: the parts they may fill in where no request is are not checked.
// Said at the setting it cannot read (the `def`), not at the first mention of the name (a key it can).
put("open/app/mailers/report_mailer.rb", "class ReportMailer < ActionMailer::Base\n  default_url_options[:protocol] = \"https\"\n  def default_url_options\n    { host: Current.host }\n  end\nend\n");
// Test helpers whose hooks Routemap cannot follow: test_helper.rb's setup makes a request (a
// test's calls before its own first request are not checked, those after it are); rails_helper
// wraps request specs in an around hook that calls a method it does not know (none of their calls is checked).
put("tests/config/routes.rb", "Rails.application.routes.draw do\n  resources :posts, only: [:index, :show]\nend\n");
put("tests/Gemfile.lock", EMPTY_LOCK);
put("tests/test/test_helper.rb", 'require_relative "../config/environment"\nrequire "rails/test_help"\n\nclass ActionDispatch::IntegrationTest\n  setup { get "/up" }\nend\n');
put("tests/test/integration/posts_test.rb", 'require "test_helper"\n\nclass PostsTest < ActionDispatch::IntegrationTest\n  test "show" do\n    get post_path\n    get posts_path\n    get post_path\n  end\nend\n');
// The hook's first call is RSpec's own `expect` (no request): the message names `with_tenant`, the one Routemap cannot follow.
put("tests/spec/rails_helper.rb", 'require "rspec/rails"\n\nRSpec.configure do |config|\n  config.around(:each, type: :request) { |example| expect(Tenant).to be_present; with_tenant { example.run } }\nend\n');
put("tests/spec/requests/posts_spec.rb", 'require "rails_helper"\n\nRSpec.describe "Posts", type: :request do\n  it { get post_path }\nend\n');
// A serializer's own default_url_options, which Routemap cannot read: only its own calls go unchecked.
put("tests/app/serializers/card_serializer.rb", "class CardSerializer\n  include Rails.application.routes.url_helpers\n  def default_url_options = { host: Current.host }\nend\n");
// A controller calling a class method neither Rails nor the app defines, with the gems unread: it may be a gem's macro that defines actions.
put("macro/config/routes.rb", 'Rails.application.routes.draw do\n  get "active", to: "sessions#active"\n  get "report", to: "reports#show"\nend\n');
put("macro/Gemfile.lock", "GEM\n  remote: https://rubygems.org/\n  specs:\n    routemap_no_such_gem (1.2.3)\n\nPLATFORMS\n  ruby\n\nDEPENDENCIES\n  routemap_no_such_gem\n");
put("macro/app/controllers/sessions_controller.rb", "class SessionsController < ApplicationController\n  protect_from_forgery with: :exception\n  auto_session_timeout_actions\nend\n");
put("macro/app/controllers/reports_controller.rb", "class ReportsController < ApplicationController\n  before_action :authenticate\nend\n");
for (const name of ["gemless", "open", "tests", "macro"]) for (const [path, text] of Object.entries(controllers)) put(`${name}/${path}`, text);

/** The machine's gem folders, which the message lists, left out of what is compared. */
const portable = (text) => text.replace(/routemap_no_such_gem-1\.2\.3 is in none of [^)]*\)/g, "routemap_no_such_gem-1.2.3 is in none of …)");
const check = (name, ...args) => spawnSync(process.execPath, [cli, "check", ...args], { cwd: join(workspace, name), encoding: "utf8" });

test("routemap check: an info at each cause says what it turns off, and the closing lines say it too", () => {
  const out = ["gemless", "open", "tests"].map((name) => {
    const r = check(name);
    return `$ routemap check   # in ${name}/\n${r.stdout}-- stderr\n${r.stderr}-- exit ${r.status}\n`;
  });
  expectFile("check-status", portable(out.join("\n")));
});

test("routemap check --format json: checks and uncheckedBecause, valid against check-v1", () => {
  const schema = JSON.parse(readFileSync(join(repo, "server/schema/check-v1.schema.json"), "utf8"));
  const valid = new Ajv2020({ allErrors: true, strict: true }).compile(schema);
  const json = (name) => {
    const r = check(name, "--format", "json");
    const doc = JSON.parse(r.stdout);
    assert.ok(valid(doc), JSON.stringify(valid.errors));
    return doc;
  };
  const gemless = json("gemless");
  assert.equal(gemless.checks, "off");
  assert.match(gemless.notChecked, /^URL helper calls and controllers outside the app not checked: the gem routemap_no_such_gem \(1\.2\.3\) is not installed/);
  assert.deepEqual(gemless.uncheckedBecause.map(({ file, line, column, endColumn, code, extent }) => ({ file, line, column, endColumn, code, extent })), [
    { file: "Gemfile.lock", line: 4, column: 5, endColumn: 25, code: "gem-not-installed", extent: "off" },
  ]);
  assert.match(gemless.uncheckedBecause[0].notChecked[0], /^URL helper calls/);
  // The helper calls are not checked: no error on postz_path.
  assert.deepEqual(gemless.diagnostics.filter((d) => d.severity === "error"), []);
  const open = json("open");
  assert.equal(open.checks, "partial");
  assert.equal(open.notChecked, null);
  assert.deepEqual(open.uncheckedBecause, [
    {
      file: "config/routes.rb", line: 4, column: 5, endLine: 4, endColumn: 17, code: "open-region", extent: "partial",
      reason: "Unknown method `draw_reports`: Routemap does not know the routes it adds.",
      notChecked: ["helper calls named admin_… or …_admin_…", "url_for hashes to controllers under admin/", "actions no route reaches in controllers under admin/"],
    },
    {
      file: "app/mailers/report_mailer.rb", line: 3, column: 7, endLine: 3, endColumn: 26, code: "url-options", extent: "partial",
      reason: "Routemap cannot read the `default_url_options` this file sets",
      notChecked: ["helper calls missing a required part where no request is (mailers, their templates, Rails.application.routes.url_helpers)"],
    },
  ]);
  // postz_path is still checked; admin_report_path, which the call may draw, is not.
  assert.deepEqual(open.diagnostics.filter((d) => d.severity === "error").map((d) => `${d.file}:${d.line} ${d.code}`), ["app/views/posts/index.html.erb:1 unknown-helper"]);
});

test("routemap check --format json: the test helpers' hooks it cannot follow, and the integration test's call after the test's own request", () => {
  const r = check("tests", "--format", "json");
  const doc = JSON.parse(r.stdout);
  assert.equal(doc.checks, "partial");
  assert.deepEqual(doc.uncheckedBecause.map(({ file, line, column, code, extent }) => ({ file, line, column, code, extent })), [
    { file: "app/serializers/card_serializer.rb", line: 3, column: 7, code: "url-options", extent: "partial" },
    { file: "test/test_helper.rb", line: 5, column: 3, code: "test-helpers", extent: "partial" },
    // Said at the call in the hook that Routemap cannot follow, naming it.
    { file: "spec/rails_helper.rb", line: 4, column: 82, code: "test-helpers", extent: "partial" },
  ]);
  assert.equal(doc.uncheckedBecause[0].reason, "Routemap cannot read the `default_url_options` CardSerializer defines for its own URLs");
  assert.match(doc.uncheckedBecause[2].reason, /`with_tenant`/);
  assert.deepEqual(doc.uncheckedBecause.map((c) => c.notChecked), [
    ["helper calls missing a required part in this file"],
    ["missing parts of URL helper calls in integration tests before their own first request"],
    ["missing parts of URL helper calls in request specs"],
  ]);
  // The setup's request is followed by the test's own: the call after it is checked; the spec's is not.
  assert.deepEqual(doc.diagnostics.filter((d) => d.severity === "error").map((d) => `${d.file}:${d.line} ${d.code}`), ["test/integration/posts_test.rb:7 missing-url-part"]);
});

test("routemap check with the gems unread: an action a call to a gem's class method may define is unknown, not missing; one a class calling only Rails' own is missing", () => {
  const r = check("macro");
  assert.equal(r.status, 0, r.stderr);
  const lines = portable(r.stdout).split("\n").filter((l) => l.startsWith("config/routes.rb"));
  assert.deepEqual(lines, [
    "config/routes.rb:2:3: info: Routemap does not know whether SessionsController has the action `active`: SessionsController calls `auto_session_timeout_actions` in its class body, a class method neither Rails nor the app's files define (a gem's, which may define it), and Routemap could not read every gem of the app (Gemfile.lock's information says which).",
    "config/routes.rb:3:3: warning: ReportsController has no action `show` and no template reports/show",
  ]);
});

let client;
const statuses = new Map();
before(async () => {
  client = await startServer([workspace], {});
  client.conn.onNotification("routemap/didChangeRoutes", (p) => statuses.set(p.root, p.status));
});
after(async () => {
  if (client) await client.stop();
});

test("the language server: an info on the gem's Gemfile.lock line, and routemap/status says the checks are off", async () => {
  const lock = await client.diagnosticsWhere(uri("gemless/Gemfile.lock"), (list) => list.length > 0);
  assert.equal(lock.length, 1);
  assert.deepEqual([lock[0].severity, lock[0].code, lock[0].range], [3, "checks-off", { start: { line: 3, character: 4 }, end: { line: 3, character: 24 } }]);
  assert.match(lock[0].message, /^The gem routemap_no_such_gem \(1\.2\.3\) is not installed where Routemap looks \(.*\)\. Not checked because of this: URL helper calls/);
  const { apps } = await client.conn.sendRequest("routemap/status", { uri: uri("gemless/config/routes.rb") });
  assert.equal(apps.length, 1);
  assert.deepEqual([apps[0].root, apps[0].checks, apps[0].summary, apps[0].total], [join(workspace, "gemless"), "off", "helper checks off", 1]);
  assert.deepEqual([apps[0].causes[0].uri, apps[0].causes[0].range, apps[0].causes[0].code], [uri("gemless/Gemfile.lock"), lock[0].range, "gem-not-installed"]);
  // The editor's status bar hears it with the route count.
  assert.equal(statuses.get(join(workspace, "gemless"))?.checks, "off");
  // A view opened: nothing is reported on it, as nothing is checked.
  const text = readFileSync(join(workspace, "gemless/app/views/posts/index.html.erb"), "utf8");
  client.conn.sendNotification("textDocument/didOpen", { textDocument: { uri: uri("gemless/app/views/posts/index.html.erb"), languageId: "erb", version: 1, text } });
  assert.deepEqual(await client.diagnosticsWhere(uri("gemless/app/views/posts/index.html.erb"), () => true), []);
});

test("the language server: the skipped call says which names it leaves unchecked, in one diagnostic, and the rest is checked", async () => {
  const routes = await client.diagnosticsWhere(uri("open/config/routes.rb"), (list) => list.some((d) => /Not checked/.test(d.message)));
  assert.equal(routes.length, 1, "merged into the table's own diagnostic at the call");
  assert.deepEqual(routes[0].range, { start: { line: 3, character: 4 }, end: { line: 3, character: 16 } });
  assert.match(routes[0].message, /^Unknown method `draw_reports`[^\n]*\nNot checked because of this: helper calls named admin_… or …_admin_…; url_for hashes to controllers under admin\/; actions no route reaches in controllers under admin\/\.$/);
  const { apps } = await client.conn.sendRequest("routemap/status", {});
  const open = apps.find((a) => a.root === join(workspace, "open"));
  assert.deepEqual([open.checks, open.summary, open.causes.map((c) => c.code)], ["partial", "checks partial", ["open-region", "url-options"]]);
  const path = "open/app/views/posts/index.html.erb";
  client.conn.sendNotification("textDocument/didOpen", { textDocument: { uri: uri(path), languageId: "erb", version: 1, text: readFileSync(join(workspace, path), "utf8") } });
  const found = await client.diagnosticsWhere(uri(path), (list) => list.length > 0);
  assert.deepEqual(found.map((d) => `${d.range.start.line}:${d.code}`), ["0:unknown-helper"]);
  // The mailer's default_url_options is said at its place.
  const mailer = await client.diagnosticsWhere(uri("open/app/mailers/report_mailer.rb"), (list) => list.length > 0);
  assert.deepEqual(mailer.map((d) => [d.severity, d.code, d.range.start.line, d.range.start.character, d.message]), [
    [3, "checks-off", 2, 6, "Routemap cannot read the `default_url_options` this file sets. Not checked because of this: helper calls missing a required part where no request is (mailers, their templates, Rails.application.routes.url_helpers)."],
  ]);
  // The routes file edited so the call is gone: the table is complete, and the status says so.
  client.conn.sendNotification("textDocument/didOpen", { textDocument: { uri: uri("open/config/routes.rb"), languageId: "ruby", version: 1, text: readFileSync(join(workspace, "open/config/routes.rb"), "utf8") } });
  client.conn.sendNotification("textDocument/didChange", { textDocument: { uri: uri("open/config/routes.rb"), version: 2 }, contentChanges: [{ text: "Rails.application.routes.draw do\n  resources :posts, only: :index\nend\n" }] });
  await client.diagnosticsWhere(uri("open/config/routes.rb"), (list) => list.length === 0);
  const after = await client.conn.sendRequest("routemap/status", { uri: uri("open/config/routes.rb") });
  assert.deepEqual([after.apps[0].checks, after.apps[0].causes.map((c) => c.code)], ["partial", ["url-options"]]);
  // The mailer's options written out: every check runs.
  const mailerText = "class ReportMailer < ActionMailer::Base\n  default_url_options[:host] = \"example.com\"\nend\n";
  client.conn.sendNotification("textDocument/didOpen", { textDocument: { uri: uri("open/app/mailers/report_mailer.rb"), languageId: "ruby", version: 1, text: mailerText } });
  await client.diagnosticsWhere(uri("open/app/mailers/report_mailer.rb"), (list) => list.length === 0);
  const done = await client.conn.sendRequest("routemap/status", { uri: uri("open/config/routes.rb") });
  assert.deepEqual([done.apps[0].checks, done.apps[0].summary, done.apps[0].causes], ["on", "", []]);
});

test("causes: what a region turns off follows its scope, and each is said once at its place", async () => {
  const { checkStatus, regionCauses, withCauses } = await import("../dist/features/checkStatus.js");
  const span = (line, from, to) => ({ file: "/app/config/routes.rb", start: { line, character: from }, end: { line, character: to } });
  const regions = [
    { span: span(1, 2, 9), reason: "Unknown method `draw_all`: Routemap does not know the routes it adds." },
    // A loop meets the same call twice: one cause.
    { span: span(4, 4, 9), reason: "Unknown method `extra`: Routemap does not know the routes it adds.", namePrefix: "api", module: "api" },
    { span: span(4, 4, 9), reason: "Unknown method `extra`: Routemap does not know the routes it adds.", namePrefix: "api", module: "api" },
    { span: span(7, 4, 9), reason: "Routemap did not evaluate this block.", namePrefix: "blog", engine: "Blog::Engine" },
  ];
  const causes = regionCauses({ openRegions: regions });
  assert.deepEqual(causes.map((c) => [c.span.start.line, c.extent, c.notChecked]), [
    [1, "off", ["helper calls of names the route table lacks", "url_for hashes no route leads to", "actions no route reaches"]],
    [4, "partial", ["helper calls named api_… or …_api_…", "url_for hashes to controllers under api/", "actions no route reaches in controllers under api/"]],
    [7, "partial", ["helper calls named blog_… or …_blog_… on Blog::Engine's routes"]],
  ]);
  assert.deepEqual([checkStatus(causes).checks, checkStatus(causes).summary], ["off", "helper names unchecked"]);
  assert.deepEqual([checkStatus(causes.slice(1)).checks, checkStatus(causes.slice(1)).summary], ["partial", "checks partial"]);
  assert.deepEqual([checkStatus([]).checks, checkStatus([]).summary], ["on", ""]);
  // The table's own diagnostic at the place says it (a warning as well as an info); elsewhere an info of its own.
  const table = [
    { severity: "warning", code: "unknown-method", span: span(1, 2, 9), message: "Unknown method `draw_all` for the routes." },
    { severity: "info", code: "unknown-method", span: span(4, 4, 9), message: "Unknown method `extra`: Routemap does not know what it returns." },
  ];
  const said = withCauses(table, causes);
  assert.deepEqual(said.map((d) => `${d.span.start.line} ${d.severity} ${d.code}: ${d.message.replace(/Not checked because of this: ([^;.]+)[^\n]*/, "Not checked because of this: $1…")}`), [
    "1 warning unknown-method: Unknown method `draw_all` for the routes.\nNot checked because of this: helper calls of names the route table lacks…",
    "4 info unknown-method: Unknown method `extra`: Routemap does not know what it returns.\nNot checked because of this: helper calls named api_… or …_api_……",
    "7 info checks-off: Routemap could not evaluate this, so routes may be missing here. Not checked because of this: helper calls named blog_… or …_blog_… on Blog::Engine's routes…",
  ]);
  assert.equal(table[0].message, "Unknown method `draw_all` for the routes.", "the table's own list is left as it was");
});

test("routemap check: most of the lockfile not installed is one info at the first gem's line, not one per line of Gemfile.lock", () => {
  const names = Array.from({ length: 12 }, (_, i) => `routemap_absent_${i}`);
  put("uninstalled/config/routes.rb", "Rails.application.routes.draw do\n  resources :posts, only: :index\nend\n");
  put("uninstalled/Gemfile.lock", `GEM\n  remote: https://rubygems.org/\n  specs:\n${names.map((n) => `    ${n} (1.0.0)\n`).join("")}\nPLATFORMS\n  ruby\n\nDEPENDENCIES\n${names.map((n) => `  ${n}\n`).join("")}`);
  for (const [path, text] of Object.entries(controllers)) put(`uninstalled/${path}`, text);
  const r = check("uninstalled");
  const infos = r.stdout.split("\n").filter((l) => l.startsWith("Gemfile.lock:"));
  assert.equal(infos.length, 1, r.stdout);
  assert.match(infos[0], /^Gemfile\.lock:4:5: info: 12 gems of Gemfile\.lock are not installed where Routemap looks: routemap_absent_0 \(1\.0\.0\) \(routemap_absent_0-1\.0\.0 is in none of .*\), routemap_absent_1, routemap_absent_2, routemap_absent_3, routemap_absent_4, routemap_absent_5 and 6 more \(has `bundle install` run\?\)\. Not checked because of this: URL helper calls/);
  const json = JSON.parse(check("uninstalled", "--format", "json").stdout);
  assert.deepEqual([json.checks, json.uncheckedBecause.length, json.uncheckedBecause[0].code], ["off", 1, "gem-not-installed"]);
});

test("causes: a place a method's every call meets lists its first unchecked names and how many more, the JSON all of them", async () => {
  const { causeNote, regionCauses } = await import("../dist/features/checkStatus.js");
  const span = { file: "/app/config/routes.rb", start: { line: 3, character: 4 }, end: { line: 3, character: 9 } };
  // laa-apply-for-criminal-legal-aid: `crud_step` runs a call Routemap does not know under each of its 40 scopes.
  const regions = Array.from({ length: 40 }, (_, i) => ({ span, reason: "Unknown method `parent_resource`.", namePrefix: `step${i}`, module: `step${i}` }));
  const [cause] = regionCauses({ openRegions: [...regions, ...regions] });
  assert.equal(cause.notChecked.length, 120, "each scope once: the second pass over the loop adds none");
  const note = causeNote(cause);
  assert.equal(note.split("; ").length, 9);
  assert.match(note, /^Not checked because of this: helper calls named step0_… or …_step0_…; url_for hashes to controllers under step0\/; .*; and 112 more like them\.$/);
  // One more than the list is said whole: "and 1 more" would say less than the name.
  assert.equal(causeNote({ ...cause, notChecked: cause.notChecked.slice(0, 9) }).split("; ").length, 9);
  assert.ok(!causeNote({ ...cause, notChecked: cause.notChecked.slice(0, 9) }).includes("more like them"));
});

test("routemap check: a constraint Routemap cannot compute turns no check off; the names under it are checked (issue 28 §1)", () => {
  put(
    "constrained/config/routes.rb",
    "Rails.application.routes.draw do\n  constraints({ host: Gemcutter::SEPARATE_ADMIN_HOST }.compact) do\n    namespace :admin do\n      resources :reports, only: :index\n    end\n  end\n  resources :posts, only: :index, constraints: Settings.posts_constraint\nend\n",
  );
  put("constrained/Gemfile.lock", EMPTY_LOCK);
  put("constrained/app/views/posts/index.html.erb", '<%= link_to "All", posts_path %>\n<%= link_to "Admin", admin_reportz_path %>\n<%= link_to "Admin", admin_reports_path %>\n');
  put("constrained/app/controllers/admin/reports_controller.rb", "class Admin::ReportsController < ApplicationController\n  def index; end\nend\n");
  for (const [path, text] of Object.entries(controllers)) put(`constrained/${path}`, text);
  const doc = JSON.parse(check("constrained", "--format", "json").stdout);
  assert.equal(doc.checks, "on");
  assert.deepEqual(doc.uncheckedBecause, []);
  const said = doc.diagnostics.map((d) => `${d.file}:${d.line} ${d.severity} ${d.message.replace(/ (\(|for ).*$/s, "")}`);
  assert.deepEqual(said.filter((s) => !s.includes(" info ")), ["app/views/posts/index.html.erb:2 error undefined method `admin_reportz_path': no route, direct helper or method defines it"]);
  assert.deepEqual(said.filter((s) => s.includes(" info ")), [
    "config/routes.rb:2 info Routemap cannot compute `{ host: Gemcutter::SEPARATE_ADMIN_HOST }.compact`",
    "config/routes.rb:7 info Routemap cannot compute `Settings.posts_constraint`",
  ]);
});

test("routemap check: a route drawn only where an environment variable has another value than in check's shell leaves its helper and action unsaid (laa-check-client-qualifies' CCQ_MODE)", () => {
  put("env-mode/config/routes.rb", 'Rails.application.routes.draw do\n  resources :posts, only: :index\n  get "embedded/complete", to: "posts#complete", as: :embedded_complete if ENV["ROUTEMAP_TEST_NEVER_SET"] == "embedded"\nend\n');
  put("env-mode/Gemfile.lock", EMPTY_LOCK);
  put("env-mode/app/views/posts/index.html.erb", '<% if @embedded %><%= link_to "Done", embedded_complete_path %><% end %>\n<%= link_to "All", postz_path %>\n');
  for (const [path, text] of Object.entries(controllers)) put(`env-mode/${path}`, text);
  put("env-mode/app/controllers/posts_controller.rb", "class PostsController < ApplicationController\n  def index; end\n\n  def complete; end\nend\n");
  const doc = JSON.parse(check("env-mode", "--format", "json").stdout);
  const said = doc.diagnostics.filter((d) => d.severity !== "info").map((d) => `${d.file}:${d.line} ${d.severity} ${d.message.replace(/ \(did you mean.*$/s, "")}`);
  assert.deepEqual(said, ["app/views/posts/index.html.erb:2 error undefined method `postz_path': no route, direct helper or method defines it"]);
});

/** A Devise app (the gem installed in its own GEM_HOME), `routemap check --format json` on it. */
function checkDeviseApp(name, files) {
  put(`${name}/Gemfile.lock`, "GEM\n  remote: https://rubygems.org/\n  specs:\n    devise (4.9.4)\n\nPLATFORMS\n  ruby\n\nDEPENDENCIES\n  devise\n");
  put(`${name}/gems/specifications/devise-4.9.4.gemspec`, 'Gem::Specification.new do |s|\n  s.name = "devise"\n  s.version = "4.9.4"\nend\n');
  put(`${name}/gems/gems/devise-4.9.4/app/controllers/devise/sessions_controller.rb`, "class Devise::SessionsController < DeviseController\nend\n");
  for (const [path, text] of Object.entries({ ...controllers, ...files })) put(`${name}/${path}`, text);
  const env = { ...process.env, GEM_HOME: join(workspace, name, "gems"), GEM_PATH: "" };
  return JSON.parse(spawnSync(process.execPath, [cli, "check", "--format", "json"], { cwd: join(workspace, name), encoding: "utf8", env }).stdout);
}
const errorsOf = (doc) => doc.diagnostics.filter((d) => d.severity === "error").map((d) => `${d.file}:${d.line} ${d.message.replace(/ \(did you mean.*$/, "")}`);

test("routemap check: Devise's routes Routemap cannot draw (modules computed at boot) leave their names and controllers unchecked, the rest checked", () => {
  // errbit: `devise(*Errbit::Config.devise_modules)`, the modules read from the environment at boot.
  const doc = checkDeviseApp("devise-open", {
    "config/routes.rb": 'Rails.application.routes.draw do\n  devise_for :users, controllers: { omniauth_callbacks: "users/omniauth_callbacks" }\n  resources :posts, only: :index\nend\n',
    "app/models/user.rb": "class User < ApplicationRecord\n  devise(*Settings.devise_modules)\nend\n",
    "app/views/posts/index.html.erb": '<%= link_to "In", new_user_session_path %>\n<%= button_to "GitHub", user_github_omniauth_authorize_path %>\n<%= link_to "All", postz_path %>\n',
  });
  assert.equal(doc.checks, "partial");
  assert.deepEqual(doc.uncheckedBecause.map(({ line, code, extent, notChecked }) => ({ line, code, extent, notChecked })), [
    {
      line: 2, code: "open-region", extent: "partial",
      notChecked: [
        "helper calls named user_… or …_user_…", "url_for hashes to controllers under devise/", "actions no route reaches in controllers under devise/",
        "url_for hashes to controllers under users/omniauth_callbacks/", "actions no route reaches in controllers under users/omniauth_callbacks/",
      ],
    },
  ]);
  // The Devise helpers may exist (Rails has them once the modules are known); postz_path is still an error.
  assert.deepEqual(errorsOf(doc), ["app/views/posts/index.html.erb:3 undefined method `postz_path': no route, direct helper or method defines it"]);
});

test("routemap check: OmniAuth providers the initializer names by what Routemap cannot read (catarse's, from its database) leave their helpers unchecked", () => {
  const initializer = 'Devise.setup do |config|\n  if Rails.env.test?\n    config.omniauth "facebook", "key"\n  else\n    OauthProvider.all.each do |p|\n      config.omniauth p.name, p.key\n    end\n  end\nend\n';
  const doc = checkDeviseApp("devise-providers", {
    "config/routes.rb": "Rails.application.routes.draw do\n  devise_for :users\n  resources :posts, only: :index\nend\n",
    "config/initializers/devise.rb": initializer,
    "app/models/user.rb": "class User < ApplicationRecord\n  devise :database_authenticatable, :omniauthable\nend\n",
    "app/views/posts/index.html.erb": '<%= button_to "Facebook", user_facebook_omniauth_authorize_path %>\n<%= link_to "All", postz_path %>\n',
  });
  assert.equal(doc.checks, "partial");
  assert.deepEqual(doc.uncheckedBecause.map((c) => c.reason), ["Routemap cannot read which OmniAuth provider `config.omniauth p.name, p.key` in config/initializers/devise.rb configures: its routes for User are missing."]);
  // The development branch runs (`Rails.env.test?` is false), whose providers come from the database.
  assert.deepEqual(errorsOf(doc), ["app/views/posts/index.html.erb:2 undefined method `postz_path': no route, direct helper or method defines it"]);
});

test("routemap check: Devise modules of gems that add no route (devise-pwned_password, devise-encryptable) leave every check on", () => {
  const doc = checkDeviseApp("devise-routeless", {
    "config/routes.rb": "Rails.application.routes.draw do\n  devise_for :admins\n  resources :posts, only: :index\nend\n",
    "app/models/admin.rb": "class Admin < ApplicationRecord\n  devise :database_authenticatable, :pwned_password, :encryptable\nend\n",
    "app/views/posts/index.html.erb": '<%= link_to "In", new_admin_session_path %>\n<%= link_to "Edit", edit_admin_user_path(1) %>\n',
  });
  assert.equal(doc.checks, "on");
  // otwarchive's stale admin view: `edit_admin_user_path` is no route's, and no module may draw it.
  assert.deepEqual(errorsOf(doc), ["app/views/posts/index.html.erb:2 undefined method `edit_admin_user_path': no route, direct helper or method defines it"]);
});

test("routemap check: an OmniAuth provider configured under a condition Routemap cannot decide opens only that provider's names (huginn)", () => {
  const initializer = 'Devise.setup do |config|\n  if defined?(OmniAuth::Strategies::Twitter) && ENV["TWITTER_KEY"].present?\n    config.omniauth :twitter, ENV["TWITTER_KEY"]\n  end\nend\n';
  const doc = checkDeviseApp("devise-provider-undecided", {
    "config/routes.rb": "Rails.application.routes.draw do\n  devise_for :users\n  resources :posts, only: :index\nend\n",
    "config/initializers/devise.rb": initializer,
    "app/models/user.rb": "class User < ApplicationRecord\n  devise :database_authenticatable, :omniauthable\nend\n",
    "app/views/posts/index.html.erb": '<%= button_to "Twitter", user_twitter_omniauth_authorize_path %>\n<%= link_to "Out", destroy_user_sessionz_path %>\n',
  });
  assert.equal(doc.checks, "partial");
  assert.deepEqual(doc.uncheckedBecause.map((c) => c.notChecked[0]), ["helper calls named user_twitter_omniauth_… or …_user_twitter_omniauth_…"]);
  assert.deepEqual(errorsOf(doc), ["app/views/posts/index.html.erb:2 undefined method `destroy_user_sessionz_path': no route, direct helper or method defines it"]);
});

test("the language server: the test helpers' hooks it cannot follow are said at their places", async () => {
  const helper = await client.diagnosticsWhere(uri("tests/test/test_helper.rb"), (list) => list.length > 0);
  assert.deepEqual(helper.map((d) => [d.severity, d.code, d.range.start.line, d.range.start.character]), [[3, "checks-off", 4, 2]]);
  assert.match(helper[0].message, /^This makes a request before each of the app's integration tests.*Not checked because of this: missing parts of URL helper calls in integration tests before their own first request\.$/);
  const rails = await client.diagnosticsWhere(uri("tests/spec/rails_helper.rb"), (list) => list.length > 0);
  assert.deepEqual(rails.map((d) => [d.code, d.range.start.line]), [["checks-off", 3]]);
});
