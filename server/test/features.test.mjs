// The server's features as pure functions, one `check` per feature, on in-memory apps.
import { test } from "node:test";
import assert from "node:assert/strict";
import { hoverInRoutesFile, hoverOnHelper } from "../dist/features/hover.js";
import { helperCompletionList, helperCompletions, LIMIT, resolveHelperCompletion, routesFileCompletions } from "../dist/features/completion.js";
import { definitionInRoutesFile, definitionOfHelper } from "../dist/features/definition.js";
import { documentSymbols, workspaceSymbols } from "../dist/features/symbols.js";
import { routeReferences, routesAt } from "../dist/features/references.js";
import { fileProblems, problemFiles } from "../dist/features/appProblems.js";
import { usesStoreOf } from "../dist/features/fileUses.js";
import { urlUsesOf, useContext } from "../dist/features/urlUses.js";
import { appDiagnostics } from "../dist/features/diagnostics.js";
import { expectFile, where, workspaceFor } from "./fixture.mjs";

const APP = `
//- config/routes.rb
Rails.application.routes.draw do
  root "pages#home"
  resources :posts do
    resources :comments, only: [:index, :create]
    member do
      post :publish
    end
  end
  concern :commentable do
    resources :notes, only: :index
  end
  resources :photos, concerns: :commentable
  namespace :admin do
    resources :users, only: [:index, :show]
  end
  get "about", to: "pages#about"
  draw :api
  direct(:docs) { "https://docs.example.com" }
end
//- config/routes/api.rb
namespace :api do
  resources :tokens, only: :create
end
//- app/controllers/posts_controller.rb
class PostsController < ApplicationController
  def index
  end

  def publish
  end
end
//- app/controllers/pages_controller.rb
class PagesController < ApplicationController
  def about
  end
end
//- app/views/posts/index.html.erb
<%= link_to "New", new_post_path %>
<%= link_to "Publish", publish_post_path(@post) %>
`;

/** Replaces the routes file of APP, keeping the other files; `$0` marks the cursor. */
const withRoutes = (routes, cursorFile = "config/routes.rb") =>
  APP.replace(/\/\/- config\/routes\.rb\n[\s\S]*?\nend\n/, `//- ${cursorFile === "config/routes.rb" ? "config/routes.rb" : "config/routes.rb"}\n${routes}\n`);

async function checkHover(name, fixture) {
  const { app, cursor, files } = await workspaceFor(fixture);
  const hover = app.isRoutesFile(cursor.path)
    ? hoverInRoutesFile(app, cursor.path, cursor.position)
    : hoverOnHelper(app.helperTables(), files.get(cursor.path), cursor.position);
  expectFile(`hover-${name}`, hover ? `${JSON.stringify(hover.range)}\n${hover.contents.value}\n` : "no hover\n");
}

test("hover on a resources declaration shows every route it makes", () =>
  checkHover("resources", withRoutes('Rails.application.routes.draw do\n  resources :po$0sts, only: [:index, :show] do\n    get :preview, on: :member\n  end\nend')));
test("hover on to: shows the controller and action", () =>
  checkHover("to", withRoutes('Rails.application.routes.draw do\n  get "about", to: "pages#ab$0out"\nend')));
test("hover on draw shows the file it loads", () => checkHover("draw", withRoutes("Rails.application.routes.draw do\n  draw :a$0pi\nend")));
test("hover on a helper in a view shows its route and parameters", () =>
  checkHover("helper", APP.replace("publish_post_path(@post)", "publish_po$0st_path(@post)")));
test("hover on main_app.-prefixed helpers and unknown ones", async () => {
  await checkHover("main-app", APP.replace("new_post_path", "main_app.new_p$0ost_path"));
  const { app, cursor, files } = await workspaceFor(APP.replace("new_post_path", "nothing_lik$0e_this_path"));
  assert.equal(hoverOnHelper(app.helperTables(), files.get(cursor.path), cursor.position), null);
});

test("completion of helpers offers snippets with required parameters", async () => {
  const { app } = await workspaceFor(APP.replace("new_post_path", "new_post_path$0"));
  const items = helperCompletions(app.table());
  const show = (label) => {
    const i = items.find((x) => x.label === label);
    return i ? `${i.label} | ${i.detail} | ${i.insertText ?? i.label}` : `${label} missing`;
  };
  expectFile("completion-helpers", ["post_path", "edit_post_path", "post_comments_url", "admin_user_path", "root_path", "docs_url", "api_tokens_path"].map(show).join("\n") + "\n");
});

async function checkRoutesCompletion(name, fixture) {
  const { app, cursor, files } = await workspaceFor(fixture);
  const items = routesFileCompletions(app, files.get(cursor.path), cursor.path, cursor.position);
  expectFile(`completion-${name}`, items.map((i) => i.insertText ?? i.label).join("\n") + "\n");
}
test("completion narrows helpers to the typed word's first letter, and says the list is incomplete", async () => {
  const { app, cursor, files } = await workspaceFor(APP.replace("new_post_path", "ed$0"));
  const list = helperCompletionList(app.helperTables(), files.get(cursor.path), cursor.position);
  assert.equal(list.isIncomplete, true);
  assert.ok(list.items.some((i) => i.label === "edit_post_path"));
  assert.ok(list.items.some((i) => i.label === "post_comments_url") === false);
  assert.ok(list.items.every((i) => /(^|_)e/.test(i.label)));
  const all = helperCompletionList(app.helperTables(), "<%= ", { line: 0, character: 4 });
  assert.equal(all.isIncomplete, false);
  assert.equal(all.items.length, helperCompletions(app.table()).length);
});

test("a narrowed list holds what an editor's fuzzy filter would keep, helpers starting with the word first, at most LIMIT", async () => {
  // 300 resources whose helpers all start with `e`, so "e" alone matches 2,400 helpers.
  const resources = Array.from({ length: 300 }, (_, i) => `  resources :e${i}s`).join("\n");
  const fixture = `//- config/routes.rb\nRails.application.routes.draw do\n${resources}\n  resources :posts\nend\n//- app/views/x.html.erb\n<%= $0 %>\n`;
  const { app } = await workspaceFor(fixture);
  const list = (word) => helperCompletionList(app.helperTables(), `<%= ${word}`, { line: 0, character: 4 + word.length });
  const labels = (word) => list(word).items.map((i) => i.label);
  assert.equal(LIMIT, 200);
  assert.equal(labels("e").length, LIMIT);
  assert.ok(list("e").isIncomplete);
  // Every helper starting with the typed word comes before the rest, and once the word is
  // precise enough, all of its matches are there.
  assert.ok(labels("e29").slice(0, 4).every((l) => l.startsWith("e29")));
  assert.deepEqual(labels("e299s_").sort(), ["e299s_path", "e299s_url"]);
  assert.ok(labels("edit_p").includes("edit_post_path"));
  // Everything sent can match: the word's first letter at a word start, the rest in order after it.
  const fuzzy = (word) => new RegExp(`(^|_)${word.split("").join(".*")}`);
  for (const word of ["e", "e2", "ep", "edp", "p"]) assert.ok(labels(word).every((l) => fuzzy(word).test(l)), word);
});

test("fuzzy narrowing finds helpers by the initials of their words", async () => {
  const { app } = await workspaceFor(APP.replace("new_post_path", "$0"));
  const labels = (word) => helperCompletionList(app.helperTables(), `<%= ${word}`, { line: 0, character: 4 + word.length }).items.map((i) => i.label);
  assert.ok(labels("ep").includes("edit_post_path"));
  assert.ok(labels("pcu").includes("post_comments_url"));
  assert.ok(labels("au").includes("admin_users_path") && labels("au").includes("admin_user_url"));
  assert.ok(!labels("ep").includes("post_path"));
  assert.deepEqual(labels("zz"), []);
  // A symbol, a variable or a string's start names no helper; a keyword's label does.
  for (const lead of [":", "[:", "redirect_to [:", "@", "$", '"', "'"]) assert.deepEqual(labels(`${lead}ep`), [], lead);
  assert.ok(labels("url: ep").includes("edit_post_path") && labels("url:ep").includes("edit_post_path"));
});

test("for clients that allow it, long helper lists leave details to resolve and defaults to the list", async () => {
  const { app, cursor, files } = await workspaceFor(APP.replace("new_post_path", "ed$0"));
  const data = { root: app.root };
  const full = helperCompletionList(app.helperTables(), files.get(cursor.path), cursor.position, { data });
  const lean = helperCompletionList(app.helperTables(), files.get(cursor.path), cursor.position, { data, lazyDetail: true, itemDefaults: ["data", "insertTextFormat", "editRange"] });
  assert.deepEqual(lean.items.map((i) => i.label), full.items.map((i) => i.label));
  const editRange = { start: { line: cursor.position.line, character: cursor.position.character - 2 }, end: cursor.position };
  assert.deepEqual(lean.itemDefaults, { insertTextFormat: 2, data, editRange });
  assert.ok(lean.items.every((i) => i.detail === undefined && i.data === undefined && i.insertTextFormat === undefined && i.textEdit === undefined));
  // Without list defaults, each item carries them: the same format, data and edit.
  assert.ok(full.items.every((i) => i.detail && i.data === data && i.insertTextFormat === 2 && i.textEdit.newText === (i.insertText ?? i.label)) && full.itemDefaults === undefined);
  const edit = (list) => list.items.find((i) => i.label === "edit_post_path");
  assert.deepEqual(edit(full).textEdit, { range: editRange, newText: edit(lean).insertText });
  // Resolving a lean item gives what the full list had, plus the documentation both get.
  const resolved = resolveHelperCompletion(app.helperTables(), edit(lean));
  assert.equal(resolved.detail, edit(full).detail);
  assert.equal(resolved.documentation.value, resolveHelperCompletion(app.helperTables(), edit(full)).documentation.value);
  // A client that takes some defaults on the list gets the others on the items.
  const some = helperCompletionList(app.helperTables(), files.get(cursor.path), cursor.position, { data, lazyDetail: true, itemDefaults: ["data"] });
  assert.deepEqual(some.itemDefaults, { data });
  assert.ok(some.items.every((i) => i.data === undefined && i.insertTextFormat === 2 && JSON.stringify(i.textEdit.range) === JSON.stringify(editRange)));
});

test("snippets where the file's requests fill parts: a whole list past FILLED_WHOLE goes as the table gives it, marked incomplete, and the next letter's list has them", async () => {
  const { FILLED_WHOLE } = await import("../dist/features/completion.js");
  const resources = Array.from({ length: 1800 }, (_, i) => `    resources :e${i}s, only: [:index, :show, :edit]`).join("\n");
  const fixture = `//- config/routes.rb\nRails.application.routes.draw do\n  scope ":locale" do\n${resources}\n  end\nend\n//- app/views/x.html.erb\n<%= $0 %>\n`;
  const { app } = await workspaceFor(fixture);
  const request = app.table().routes.find((r) => r.path === "/:locale/e7s(.:format)");
  const list = (word) => helperCompletionList(app.helperTables(), `<%= ${word}`, { line: 0, character: 4 + word.length }, {}, { requests: [request] });
  const snippet = (items, label) => items.find((i) => i.label === label)?.insertText ?? label;
  const whole = list("");
  assert.ok(whole.items.length > FILLED_WHOLE && whole.isIncomplete);
  assert.equal(snippet(whole.items, "e7_path"), "e7_path(${1:locale}, ${2:e7})");
  // The request to /:locale/e7s recalls :locale, as every route of the table means it.
  assert.equal(snippet(list("e7").items, "e7_path"), "e7_path(id: ${1:e7})");
  assert.equal(snippet(list("e7").items, "e7s_path"), "e7s_path");
});

test("completion in routes files: top level DSL", () => checkRoutesCompletion("top", withRoutes("Rails.application.routes.draw do\n  res$0\nend")));
test("completion in routes files: inside resources", () =>
  checkRoutesCompletion("in-resources", withRoutes("Rails.application.routes.draw do\n  resources :posts do\n    me$0\n  end\nend")));
test("completion in routes files: options and actions", async () => {
  await checkRoutesCompletion("options", withRoutes("Rails.application.routes.draw do\n  resources :posts, $0\nend"));
  await checkRoutesCompletion("actions", withRoutes("Rails.application.routes.draw do\n  resources :posts, only: [:$0\nend"));
});
test("completion in routes files: controllers and their actions", async () => {
  await checkRoutesCompletion("controllers", withRoutes('Rails.application.routes.draw do\n  get "x", to: "$0\nend'));
  await checkRoutesCompletion("controller-actions", withRoutes('Rails.application.routes.draw do\n  get "x", to: "posts#$0\nend'));
});

async function definition(fixture) {
  const { app, cursor, files } = await workspaceFor(fixture);
  const found = app.isRoutesFile(cursor.path)
    ? definitionInRoutesFile(app, cursor.path, cursor.position)
    : definitionOfHelper(app.helperTables(), files.get(cursor.path), cursor.position);
  return [found ?? []].flat().map(where);
}
test("definition: from a helper to the declaration, through drawn files and concerns", async () => {
  assert.deepEqual(await definition(APP.replace("new_post_path", "new_p$0ost_path")), ["config/routes.rb:3:3"]);
  assert.deepEqual(await definition(APP.replace("new_post_path", "api_tok$0ens_path")), ["config/routes/api.rb:2:3"]);
  assert.deepEqual(await definition(APP.replace("new_post_path", "photo_no$0tes_path")), ["config/routes.rb:10:5"]);
  assert.deepEqual(await definition(APP.replace("new_post_path", "docs_u$0rl")), ["config/routes.rb:18:3"]);
});
test("definition: from to:, resources and actions to the controller; from draw and concerns", async () => {
  const routes = (line) => withRoutes(`Rails.application.routes.draw do\n  concern :c do\n  end\n${line}\nend`);
  assert.deepEqual(await definition(routes('  get "x", to: "posts#pub$0lish"')), ["app/controllers/posts_controller.rb:5:3"]);
  assert.deepEqual(await definition(routes('  resources :po$0sts, only: :index')), ["app/controllers/posts_controller.rb:1:1"]);
  assert.deepEqual(await definition(routes("  resources :posts do\n    post :pub$0lish, on: :member\n  end")), ["app/controllers/posts_controller.rb:5:3"]);
  assert.deepEqual(await definition(routes("  draw :a$0pi")), ["config/routes/api.rb:1:1"]);
  assert.deepEqual(await definition(routes("  resources :photos, concerns: :$0c")), ["config/routes.rb:2:3"]);
  assert.deepEqual(await definition(routes("  resources :photos do\n    concerns :$0c\n  end")), ["config/routes.rb:2:3"]);
});

// Methods of the app's own that draw routes: `draw` as apps wrote it before Rails 6.1 had one
// (defined in Rails' Mapper, before Rails' own), and a method of the routes file.
const OWN_METHODS = `
//- config/routes.rb
class ActionDispatch::Routing::Mapper
  def draw(name)
    instance_eval(File.read(Rails.root.join("config/routes/routes_#{name}.rb")))
  end
end

def api_routes
  resources :tokens, only: :create
end

def version(n)
  { version: n }
end

Rails.application.routes.draw do
  draw :public
  scope constraints: version(1) do
    api_routes
  end
  get "about", to: "pages#about"
end
//- config/routes/routes_public.rb
resources :pages, only: :show
`;
test("hover and definition on calls of the app's own routing methods", async () => {
  await checkHover("own-draw", OWN_METHODS.replace("draw :public", "draw :pub$0lic"));
  await checkHover("own-method", OWN_METHODS.replace("    api_routes", "    api_ro$0utes"));
  // A method that draws nothing is not a call of its own: the hover is the scope's.
  await checkHover("own-helper", OWN_METHODS.replace("version(1)", "vers$0ion(1)"));
  assert.deepEqual(await definition(OWN_METHODS.replace("draw :public", "dr$0aw :public")), ["config/routes/routes_public.rb:1:1"]);
  assert.deepEqual(await definition(OWN_METHODS.replace("    api_routes", "    api_ro$0utes")), ["config/routes.rb:7:5"]);
});

test("document symbols: namespaces, scopes and resources as a tree", async () => {
  const { app, cursor } = await workspaceFor(APP.replace("  root", "  $0root"));
  const lines = [];
  const walk = (symbols, depth) =>
    symbols.forEach((s) => {
      lines.push(`${"  ".repeat(depth)}${s.name} (${s.detail}) ${s.range.start.line + 1}-${s.range.end.line + 1}`);
      walk(s.children ?? [], depth + 1);
    });
  walk(documentSymbols(app.table(), cursor.path), 0);
  expectFile("document-symbols", lines.join("\n") + "\n");
});

test("workspace symbols: by helper, path or controller#action", async () => {
  const { app } = await workspaceFor(APP);
  const names = (q) => workspaceSymbols([app.table()], q).map((s) => s.name).join(", ");
  assert.equal(names("publish"), "publish_post_path");
  assert.equal(names("/admin/users/:id"), "admin_user_path");
  assert.equal(names("pages#about"), "about_path");
});

test("references: from a declaration to the helper calls in views", async () => {
  const { app, cursor, files } = await workspaceFor(APP.replace("      post :publish", "      post :pub$0lish"));
  const routes = routesAt(app, cursor.path, files.get(cursor.path), cursor.position, true);
  assert.deepEqual(routes.map((r) => r.name), ["publish_post"]);
  assert.deepEqual(routeReferences(app, routes, true).map(where), ["config/routes.rb:6:7", "app/views/posts/index.html.erb:2:24"]);
});

test("references read each file's uses as the whole app's problems read them: no file parsed again, an edited one alone", async () => {
  const fixture = HELPER_APP.replace("get :stats, on: :member", "get :st$0ats, on: :member");
  const references = (app, cursor, files) => routeReferences(app, routesAt(app, cursor.path, files.get(cursor.path), cursor.position, true), false).map(where);
  const fresh = await workspaceFor(fixture);
  const expected = references(fresh.app, fresh.cursor, fresh.files);
  assert.ok(expected.length > 1, expected.join(", "));

  const { app, cursor, files } = await workspaceFor(fixture);
  const mapper = app.workspaceMapper();
  const store = usesStoreOf(mapper, app.root);
  const context = app.helperCheck();
  assert.ok(!("unchecked" in context), context.unchecked);
  for (const file of problemFiles(app.root, app.workspaceFs())) fileProblems(mapper, context, app.root, file, app.workspaceText(file));
  const parsed = store.parsed;
  assert.ok(parsed > 5, `${parsed} parsed`);
  assert.deepEqual(references(app, cursor, files), expected);
  assert.equal(store.parsed, parsed);
  const view = "/app/app/views/posts/index.html.erb";
  const edited = `${app.workspaceText(view)}\n<%= link_to "x", stats_post_path(@post) %>\n`;
  const uses = () => urlUsesOf(useContext(app), view, edited).filter((u) => u.name === "stats_post_path").length;
  assert.equal(uses(), uses());
  assert.ok(uses() > 0);
  assert.equal(store.parsed, parsed + 1);
});

test("diagnostics: per file, with the first definition as related information", async () => {
  const { app } = await workspaceFor(withRoutes('Rails.application.routes.draw do\n  get "a", to: "a#a", as: :dup\n  get "b", to: "b#b", as: :dup\n  draw :api\nend').replace("resources :tokens", "member { get :x }\n  resources :tokens"));
  const byFile = appDiagnostics(app, { diagnostics: true, unreachedActions: false });
  const lines = [...byFile].map(([file, ds]) => `${file.replace("/app/", "")}: ${ds.map((d) => `${d.range.start.line + 1}:${d.range.start.character + 1} ${d.message.split("\n")[0]}${d.relatedInformation ? ` [related ${where(d.relatedInformation[0].location)}]` : ""}`).join(" | ")}`);
  expectFile("diagnostics", lines.join("\n") + "\n");
});

test("diagnostics: on Rails 8.1 a Hash passed as a value is Rails' deprecation warning, at the Hash, tagged deprecated", async () => {
  const { ws } = await workspaceFor('//- config/routes.rb\nRails.application.routes.draw do\n  get "a", { to: "a#a", as: "a" }\n  get "b", to: "b#b"\nend\n');
  ws.settingsChanged({ ...ws.settings, railsVersion: "8.1" });
  const app = ws.appFor("/app/config/routes.rb");
  const [d, ...rest] = appDiagnostics(app, { diagnostics: true, unreachedActions: false }).get("/app/config/routes.rb") ?? [];
  assert.deepEqual(rest, []);
  const { start, end } = d.range;
  const text = start.line === end.line ? '  get "a", { to: "a#a", as: "a" }'.slice(start.character, end.character) : undefined;
  assert.deepEqual({ line: start.line, text, severity: d.severity, code: d.code, tags: d.tags, lines: d.message.split("\n").length }, { line: 1, text: '{ to: "a#a", as: "a" }', severity: 2, code: "deprecated-hash-argument", tags: [2], lines: 2 });
  assert.match(d.message, /^DEPRECATION WARNING: get received a hash argument as\. Please use a keyword instead\. Support to hash argument will be removed in Rails 8\.2\.\n/);
});

// The whole app's table: routes Rails adds (config/application.rb) and Devise's (the model's modules).
const WHOLE_APP = `
//- Gemfile.lock
GEM
  specs:
    actionpack (7.1.3)
    devise (4.9.4)

//- config/application.rb
require_relative "boot"
require "rails/all"

module Shop
  class Application < Rails::Application
  end
end
//- config/routes.rb
Rails.application.routes.draw do
  devise_for :users
  resources :products
end
//- app/models/user.rb
class User < ApplicationRecord
  devise :database_authenticatable, :recoverable
end
//- app/views/products/show.html.erb
<%= image_tag rails_blob_path(@product.photo) %>
<%= link_to "Sign in", new_user_session_path %>
`;

test("framework and gem routes: completion, hover and definition, to the line that made them", async () => {
  const { app } = await workspaceFor(WHOLE_APP);
  const labels = helperCompletions(app.table()).map((i) => i.label);
  for (const helper of ["rails_blob_path", "rails_direct_uploads_url", "rails_info_path", "new_user_session_path", "edit_user_password_url", "products_path"]) {
    assert.ok(labels.includes(helper), `${helper} is offered`);
  }
  assert.ok(!labels.includes("new_user_registration_path"), "no registration: the model is not registerable");
  assert.deepEqual(await definition(WHOLE_APP.replace("new_user_session_path", "new_user_ses$0sion_path")), ["config/routes.rb:2:3"]);
  assert.deepEqual(await definition(WHOLE_APP.replace("rails_blob_path", "rails_bl$0ob_path")), ["config/application.rb:2:1"]);
  await checkHover("devise-helper", WHOLE_APP.replace("new_user_session_path", "new_user_ses$0sion_path"));
});

// Routes checked against the controllers, and actions no route reaches.
const CONTROLLERS_APP = `
//- config/routes.rb
Rails.application.routes.draw do
  resources :posts, only: [:index, :show, :destroy] do
    post :publish, on: :member
  end
  get "about", to: "pages#about"
  get "terms", to: "pages#terms"
  get "feed", to: "feeds#show"
  namespace :admin do
    resources :reports, only: [:index, :create]
  end
  get "legacy", to: "vendor/widgets#index"
end
//- app/controllers/application_controller.rb
class ApplicationController < ActionController::Base
  def current_user; end
  rescue_from ActiveRecord::RecordNotFound, with: :not_found
  before_action :set_locale
  def not_found; end
  def set_locale; end
  helper_method :back_url
  def back_url; end

  private

  def require_login; end
end
//- app/controllers/posts_controller.rb
class PostsController < ApplicationController
  def index; end
  def show; end
  def archive; end
  def current_tab; end

  private

  def publish; end
end
//- app/helpers/tabs_helper.rb
module TabsHelper
  def tab_class(name) = controller.current_tab == name ? "active" : ""
end
//- app/controllers/pages_controller.rb
class PagesController < ApplicationController
end
//- app/views/pages/about.html.erb
<h1>About</h1>
//- app/controllers/feeds_controller.rb
class FeedsController < ApplicationController
  include Pagy::Backend
end
//- app/controllers/admin/reports_controller.rb
module Admin
  class ReportsController < ApplicationController
    def index; end
    def create; end
  end
end
`;

test("routes checked against the controllers: missing actions warned, unknown ones noted, unreached ones faded (a public callback, helper method or base controller's method said as such, not faded), each with the fix Rails wants", async () => {
  const { app } = await workspaceFor(CONTROLLERS_APP);
  const byFile = appDiagnostics(app, { diagnostics: true, unreachedActions: true });
  const lines = [...byFile]
    .filter(([, ds]) => ds.length)
    .map(([file, ds]) => `${file.replace("/app/", "")}:\n${ds.map((d) => `  ${d.range.start.line + 1}:${d.range.start.character + 1} ${["", "error", "warning", "info", "hint"][d.severity]} ${d.message}${d.tags ? " (unnecessary)" : ""}`).join("\n")}`);
  expectFile("controller-checks", lines.join("\n") + "\n");
});

test("Devise's OmniAuth callbacks controller: its `failure` is reached without a route (OmniAuth's on_failure runs it), its other methods are not", async () => {
  const { app } = await workspaceFor(`
//- config/routes.rb
Rails.application.routes.draw do
  devise_for :users, controllers: { omniauth_callbacks: "users/omniauth_callbacks" }
end
//- app/models/user.rb
class User < ApplicationRecord
  devise :database_authenticatable, :omniauthable, omniauth_providers: [:github]
end
//- app/controllers/users/omniauth_callbacks_controller.rb
class Users::OmniauthCallbacksController < Devise::OmniauthCallbacksController
  def github; end

  def failure
    redirect_to root_path
  end

  def orphan; end
end
`);
  const hints = [...appDiagnostics(app, { diagnostics: true, unreachedActions: true }).values()].flat().filter((d) => d.severity === 4).map((d) => d.message.split(": ")[0]);
  assert.deepEqual(hints, ["No route reaches Users::OmniauthCallbacksController#orphan"]);
});

test("no unreached-action hint for a public override of Rails' own method, nor for `initialize`", async () => {
  const fixture = `
//- config/routes.rb
Rails.application.routes.draw do
  resources :widgets, only: :index
end
//- app/controllers/application_controller.rb
class ApplicationController < ActionController::Base
  def default_url_options
    { locale: I18n.locale }
  end
end
//- app/controllers/widgets_controller.rb
class WidgetsController < ApplicationController
  def initialize
    super
  end

  def index; end

  def orphan; end
end
`;
  const { app } = await workspaceFor(fixture);
  const hints = [...appDiagnostics(app, { diagnostics: true, unreachedActions: true }).values()].flat().filter((d) => d.severity === 4).map((d) => d.message.split(":")[0]);
  assert.deepEqual(hints, ["No route reaches WidgetsController#orphan"]);
  // An action the configuration runs as a Rack app (`config.exceptions_app`) is reached without a route.
  const errors = fixture.replace("//- config/routes.rb", `//- config/application.rb
require "rails"
module Shop
  class Application < Rails::Application
    config.exceptions_app = ->(env) { WidgetsController.action(:orphan).call(env) }
  end
end
//- config/routes.rb`);
  const withErrors = (await workspaceFor(errors)).app;
  assert.deepEqual([...appDiagnostics(withErrors, { diagnostics: true, unreachedActions: true }).values()].flat().filter((d) => d.severity === 4), []);
  // So is one a middleware of the app runs (app/ or lib/), and the controller's own diagnostics,
  // worked out alone, agree; a test's call reaches nothing in the running app.
  const middleware = `${fixture}//- app/middleware/errors_fallback.rb
class ErrorsFallback
  def call(env)
    ::WidgetsController.action("orphan").call(env)
  end
end
//- test/controllers/widgets_test.rb
WidgetsController.action(:orphan)
`;
  const { fileDiagnostics } = await import("../dist/features/diagnostics.js");
  const withMiddleware = (await workspaceFor(middleware)).app;
  const settings = { diagnostics: true, unreachedActions: true };
  assert.deepEqual([...appDiagnostics(withMiddleware, settings).values()].flat().filter((d) => d.severity === 4), []);
  assert.deepEqual(fileDiagnostics(withMiddleware, settings, "/app/app/controllers/widgets_controller.rb").filter((d) => d.severity === 4), []);
  // And one a route runs (`to: WidgetsController.action(:orphan)`, jupiter's downloads).
  const routed = (await workspaceFor(fixture.replace("  resources :widgets, only: :index", '  resources :widgets, only: :index\n  get "dl", to: WidgetsController.action(:orphan)'))).app;
  assert.deepEqual([...appDiagnostics(routed, settings).values()].flat().filter((d) => d.severity === 4), []);
  // Its endpoint is shown marked, said once as what it is (Rails prints the lambda with its address).
  assert.deepEqual(routed.table().diagnostics.filter((d) => d.severity === "info").map((d) => d.message), [
    "Routemap cannot compute `WidgetsController.action(:orphan)` (a controller's action as a Rack app, which Rails prints as the lambda ActionController::Metal.action makes, with its address); the table shows this route's endpoint as «WidgetsController.action(:orphan)».",
  ]);
  // And one its own class methods run (forms-admin's controller that is Warden's failure app:
  // `def self.call(env) action(:redirect_to_sign_in).call(env) end`); `before_action` is no such call.
  const selfCalled = (await workspaceFor(fixture.replace("  def index; end", "  before_action(:index)\n  def self.call(env) = action(:orphan).call(env)\n\n  def index; end"))).app;
  assert.deepEqual([...appDiagnostics(selfCalled, settings).values()].flat().filter((d) => d.severity === 4), []);
  // And one only another environment's table routes (gobierto's stubs under `if Rails.env.test?`):
  // made private, as the hint would say, it breaks the tests that request it.
  const testOnly = (await workspaceFor(fixture.replace("  resources :widgets, only: :index", '  resources :widgets, only: :index\n  get "stub", to: "widgets#orphan" if Rails.env.test?'))).app;
  assert.deepEqual([...appDiagnostics(testOnly, settings).values()].flat().filter((d) => d.severity === 4), []);
  assert.deepEqual(fileDiagnostics(testOnly, settings, "/app/app/controllers/widgets_controller.rb").filter((d) => d.severity === 4), []);
  const inTest = (await workspaceFor(middleware.replace('::WidgetsController.action("orphan")', "raise"))).app;
  assert.deepEqual([...appDiagnostics(inTest, settings).values()].flat().filter((d) => d.severity === 4).map((d) => d.message.split(":")[0]), ["No route reaches WidgetsController#orphan"]);
});

test("an edited file's own diagnostics, worked out alone, are what the whole app's give that file", async () => {
  const { fileDiagnostics } = await import("../dist/features/diagnostics.js");
  // A drawn file too: its routes' checks are its own, not routes.rb's.
  const fixture = CONTROLLERS_APP.replace('  get "about"', '  draw :extra\n  get "about"') + '//- config/routes/extra.rb\nget "drafts", to: "posts#drafts"\nresources :widgets, only: :index\n';
  const { app } = await workspaceFor(fixture);
  for (const unreachedActions of [true, false]) {
    const settings = { diagnostics: true, unreachedActions };
    const whole = appDiagnostics(app, settings);
    const files = [...app.table().files, ...[...app.controllerModel().byPath.values()].map((c) => c.file)];
    assert.ok(files.includes("/app/config/routes/extra.rb") && files.includes("/app/app/controllers/posts_controller.rb"));
    for (const file of files) assert.deepEqual(fileDiagnostics(app, settings, file), whole.get(file) ?? [], file);
    assert.ok(whole.get("/app/config/routes/extra.rb").some((d) => d.code === "missing-action"));
  }
  assert.equal(fileDiagnostics(app, { diagnostics: true, unreachedActions: true }, "/app/app/models/post.rb"), undefined);
});

test("a route to :controller/:action may reach any action: no action is said to be unreached", async () => {
  const { app } = await workspaceFor(CONTROLLERS_APP.replace('  get "legacy"', '  get ":controller(/:action(/:id))"\n  get "legacy"'));
  const hints = [...appDiagnostics(app, { diagnostics: true, unreachedActions: true }).values()].flat().filter((d) => d.code === "unreached-action");
  assert.deepEqual(hints, []);
});

test("code lenses above a controller's actions, hover and definition from an action to its routes", async () => {
  const { actionCodeLenses, hoverOnAction, definitionOfAction } = await import("../dist/features/actions.js");
  const fixture = CONTROLLERS_APP.replace('  get "about"', '  get "latest", to: "posts#show"\n  get "about"');
  const { app } = await workspaceFor(fixture);
  const file = "/app/app/controllers/posts_controller.rb";
  const lenses = actionCodeLenses(app, file).map((l) => `${l.range.start.line + 1}:${l.range.start.character + 1} ${l.command.title} → ${where(l.command.arguments[0])}`);
  assert.deepEqual(lenses, [
    "2:7 GET /posts(.:format) · posts_path → config/routes.rb:2:3",
    "3:7 GET /posts/:id(.:format) · post_path → config/routes.rb:2:3",
    "3:7 GET /latest(.:format) · latest_path → config/routes.rb:5:3",
  ]);
  const hover = hoverOnAction(app, file, { line: 2, character: 8 });
  assert.match(hover.contents.value, /^\*\*PostsController#show\*\*: reached by 2 routes\n\n\| Helper/);
  assert.match(hoverOnAction(app, file, { line: 3, character: 8 }).contents.value, /^\*\*PostsController#archive\*\*: no route reaches it/);
  assert.equal(hoverOnAction(app, file, { line: 7, character: 8 }), null, "a private method is no action");
  assert.deepEqual(definitionOfAction(app, file, { line: 2, character: 8 }).map(where), ["config/routes.rb:2:3", "config/routes.rb:5:3"]);
});

test("hover on to: says where the action is defined, or that a template renders it, or that it is missing", async () => {
  const { app } = await workspaceFor(CONTROLLERS_APP);
  const text = (line, word) => {
    const lines = CONTROLLERS_APP.split("//- config/routes.rb\n")[1].split("\n");
    return hoverInRoutesFile(app, "/app/config/routes.rb", { line, character: lines[line].indexOf(word) + 2 }).contents.value.split("\n---\n")[0].trim();
  };
  assert.equal(text(4, "pages#about"), "**Controller** `PagesController` · **action** `about`\n\nrendered from the template app/views/pages/about.html.erb (no method)");
  assert.equal(text(5, "pages#terms"), "**Controller** `PagesController` · **action** `terms`\n\n⚠ No public method `terms` and no template pages/terms.");
  assert.match(text(6, "feeds#show"), /Routemap cannot tell whether the action exists: FeedsController includes Pagy::Backend, which Routemap does not read\.$/);
});

test("quick fix: create the missing action where the class body is still public", async () => {
  const { quickFixes } = await import("../dist/features/codeActions.js");
  const { app, files } = await workspaceFor(CONTROLLERS_APP);
  const warnings = appDiagnostics(app, { diagnostics: true, unreachedActions: false }).get("/app/config/routes.rb").filter((d) => d.code === "missing-action");
  const fixes = quickFixes(app, warnings);
  // `publish` is a private method: no fix creates a second one.
  assert.deepEqual(fixes.map((f) => f.title), ["Create action `destroy` in PostsController", "Create action `terms` in PagesController"]);
  const [uri, [edit]] = Object.entries(fixes[0].edit.changes)[0];
  assert.equal(uri, "file:///app/app/controllers/posts_controller.rb");
  const lines = files.get("/app/app/controllers/posts_controller.rb").split("\n");
  lines.splice(edit.range.start.line, 0, ...edit.newText.split("\n").slice(0, -1));
  expectFile("quick-fix-create-action", lines.join("\n"));
  const terms = Object.values(fixes[1].edit.changes)[0][0];
  assert.deepEqual([terms.range.start.line, terms.newText], [1, "  def terms\n  end\n\n"], "an empty class: before its end");
});

// URL helper calls in views, controllers and tests, checked against the table, the app's methods and its gems'.
const HELPER_APP = `
//- Gemfile.lock
GEM
  specs:
    actionpack (7.1.3)
    actionview (7.1.3)

//- vendor/bundle/ruby/3.3.0/gems/actionview-7.1.3/lib/action_view/helpers/asset_url_helper.rb
module ActionView
  module Helpers
    module AssetUrlHelper
      def asset_path(source, options = {}); end
      def image_url(source, options = {}); end
    end
  end
end
//- vendor/bundle/ruby/3.3.0/gems/actionpack-7.1.3/lib/action_dispatch/routing/polymorphic_routes.rb
module ActionDispatch
  module Routing
    module PolymorphicRoutes
      def polymorphic_path(record, options = {}); end

      %w(edit new).each do |action|
        module_eval <<-EOT, __FILE__, __LINE__ + 1
          def #{action}_polymorphic_url(record_or_hash, options = {})
          end
          def #{action}_polymorphic_path(record_or_hash, options = {})
          end
        EOT
      end
    end
  end
end
//- config/routes.rb
Rails.application.routes.draw do
  resources :posts, only: [:index, :show] do
    get :stats, on: :member
  end
  get "tags/:name", to: "posts#index", as: :tag, name: /[a-z]+/
  root "posts#index"
end
//- app/helpers/application_helper.rb
module ApplicationHelper
  def back_or_root_path
    root_path
  end
end
//- app/views/posts/index.html.erb
<h1>Posts</h1>
<%= link_to "Home", root_path %>
<%= link_to "All", postz_path %>
<% @posts.each do |post| %>
  <%= link_to post.title, post_path(post) %> <%# nothing_path in a comment %>
  <%= link_to "Stats", stats_post_url(post), class: "x" %>
<% end %>
<%= image_tag asset_path("logo.png") %> <%= link_to "Back", back_or_root_path %>
<%= link_to "x", polymorphic_path(@post) %> <%= main_app.posts_path %> <%= main_app.postss_path %>
<%= render "row", cancel_path: posts_path %>
<%= @post.avatar_url %> <%= blog.articles_path %>
<%= link_to "Beta", beta_path if defined?(beta_path) %>
<%= link_to "New", new_polymorphic_path(Post) %> <%= link_to "Edit", edit_polymorphic_url(@post) %> <%= old_polymorphic_path(@post) %>
//- app/views/posts/_row.html.erb
<%= link_to "Back", cancel_path %>
<%= link_to "Broken", cancle_path() %>
<%= render "link", target_url: %>
//- app/views/posts/show.html.haml
%h1= link_to "All", postz_path
- @post.tags.each do |tag_url|
  %p{class: "tag"}= link_to "Tag", tag_url
  = link_to "Stats", stats_post_path(@post), data: { back: back_or_root_path }
  Written #{link_to "today", dayz_path}
//- app/views/posts/_tag.html.haml
= link_to "Back", cancel_path
//- app/views/layouts/application.html.erb
<body><%= link_to "Home", homez_path %><%= yield :sidebar %><%= yield %></body>
//- app/models/post_card.rb
class PostCard
  include Rails.application.routes.url_helpers
  def image_url = "/x.png"
  def share_path = Rails.application.routes.url_helpers.post_path(@post)
  def gone_path = Rails.application.routes.url_helpers.postz_path
  def avatar = cover_url
end
//- app/serializers/post_serializer.rb
# Its own default_url_options, which Routemap cannot read: its own URLs' keys are unknown (its
# \`post_url\` without an id is not reported), the mailers' are not (PostMailer's still are).
class PostSerializer
  include Rails.application.routes.url_helpers
  def default_url_options = { id: Current.post_id }
  def link = post_url
end
//- lib/feeds/builder.rb
module Feeds
  def self.entry_url(post) = Rails.application.routes.url_helpers.post_url(post, host: "example.com")
  def self.broken = Rails.application.routes.url_helpers.feedz_url(host: "example.com")
end
//- app/views/posts/index.rss.builder
xml.rss do
  @posts.each { |post| xml.link post_url(post) }
  xml.link feedz_url
end
//- app/views/posts/edit.html.slim
h1 = link_to "All", postz_path
- @post.tags.each do |tag_url|
  a href=tag_url Tag
  a href=stats_post_path(@post) data-back=back_or_root_path Stats
//- app/views/layouts/admin.html.haml
%body
  = link_to "Home", homez_url
  = yield
//- app/controllers/posts_controller.rb
class PostsController < ApplicationController
  def index
    redirect_to post_path if params[:first]
    redirect_to stats_post_path(nil) if params[:none]
    redirect_to posts_path(page: 2) if params[:more]
    case params[:view]
    when casez_path then redirect_to stats_postz_path
    end
  end
  def show
    redirect_to stats_post_path if params[:stats_now]
    redirect_to post_stats_path(params[:id]) if params[:old]
    redirect_to action: :archive if params[:older]
    redirect_to action: :stats, id: params[:id] if params[:stats]
  end
  def create
    @post = Post.new(title: params[:title])
    redirect_to @post
  end
  # A template given locals (alaveteli): its bare \`share_url\` is the local; \`sharez_url\` is no one's.
  def share
    render json: { text: render_to_string(template: "posts/share", formats: [:text], locals: { share_url: post_url(params[:id]) }) }
  end
  def comment
    @comment = Comment.find(params[:id])
    redirect_to @comment, notice: "Found"
  end
end
//- app/models/application_record.rb
class ApplicationRecord < ActiveRecord::Base
end
//- app/models/post.rb
class Post < ApplicationRecord
end
//- app/models/comment.rb
class Comment < ApplicationRecord
end
//- app/controllers/application_controller.rb
class ApplicationController < ActionController::Base
  def back
    redirect_to action: :index
  end
end
//- app/mailers/post_mailer.rb
class PostMailer < ApplicationMailer
  def published(post)
    @url = post_url
    @same = post_url(post)
    @home = Rails.application.routes.url_helpers.root_url
    @bad = Rails.application.routes.url_helpers.stats_post_url
    @gone = Rails.application.routes.url_helpers.stats_postz_url
    @tagged = tag_url("Rails 7")
    @tag = tag_url("rails")
    mail to: "a@example.com"
  end
end
//- app/views/post_mailer/published.html.erb
<%= link_to "Read", post_url %> <%= link_to "Stats", stats_post_url(@post) %>
<%= link_to "All", url_for(controller: "posts", action: "index") %> <%= link_to "Feed", url_for(controller: "posts", action: "feed") %>
//- app/views/post_mailer/_footer.html.erb
<%= link_to "Read", post_url %>
//- config/environments/production.rb
Rails.application.configure do
  config.action_mailer.default_url_options = { host: "example.com" }
end
//- spec/requests/posts_spec.rb
RSpec.describe "Posts" do
  let(:listing_path) { posts_path }
  it "lists" do
    get listing_path
    get missing_one_path
    get tag_path(:Ruby)
    expect { get tag_path(:Ruby) }.to raise_error(ActionController::UrlGenerationError)
    expect { get missing_two_path }.to raise_error(NameError)
    expect { get missing_three_path }.to change { Post.count }
    expect { get missing_four_path }.not_to raise_error
  end
  pending "a feature not there yet" do
    get missing_pending_path
  end
  xit("a test switched off") { get missing_xit_path }
  it "still checked after them" do
    get missing_five_path
  end
end
# A group switched off by its metadata (get-help-with-tech's specs of a retired API: the routes
# are gone, the group says \`skip: true\`): rspec-core runs none of its examples or hooks.
RSpec.describe "Retired", skip: true do
  before { get missing_skipped_hook_path }
  it("lists") { get missing_skipped_group_path }
end
RSpec.describe "Mixed" do
  it("a skipped one", :skip) { get missing_skipped_symbol_path }
  it("a pending one", pending: "not yet") { get missing_pending_metadata_path }
  it("not skipped", skip: false) { get missing_six_b_path }
  # A test parked with a bare \`skip\` above its code (repos' hosts#topic tests): the rest never runs.
  it "parked" do
    skip "disabled for now"
    get missing_after_skip_path
  end
  it "skipped only sometimes" do
    skip "not here" if ENV["CI"]
    get missing_six_c_path
  end
  # In a group's own body \`skip "…"\` defines a skipped example; what follows still runs.
  skip "write these"
  it("after a group-level skip") { get missing_six_d_path }
end
//- app/views/posts/share.text.erb
<%= share_url %> <%= sharez_url %>
//- test/factories/videos.rb
# FactoryBot attributes (exercism, gumroad): each block defines a method of the factory, which the
# others call bare; \`missing_six_path\` is called, never defined.
FactoryBot.define do
  factory :video do
    transient do
      key_base_path { "/attachments/1" }
    end
    channel_url { "https://youtube.com/c/1" }
    # factory_bot 4's static attributes (expertiza): attributes too, not helper calls.
    description_url nil
    homepage_url("https://example.org")
    original_key { "#{key_base_path}/movie.mp4" }
    feed { missing_six_path }
  end
end
//- test/support/factory_bot_extensions.rb
# factory_bot's DefinitionProxy reopened (limber): the blocks it gives are attributes' blocks,
# run by factory_bot's Evaluator, where a bare name is the factory's attribute, not a route's helper.
module FactoryBot
  class DefinitionProxy
    def with_links(*names)
      names.each { |name| send(name) { "#{resource_url}/#{name}" } }
    end
  end
end
//- app/controllers/oai_controller.rb
# A gem's class-level DSL (the oai gem's OAI::Provider::Base): \`repository_url\` runs with the
# class as self, where no route helper is; inside a method, an unknown helper is still one.
class OaiController < ApplicationController
  class Provider < OAI::Provider::Base
    repository_url "https://example.org/oai"
    class << self
      feed_url "https://example.org/feed"
    end
  end

  def index
    redirect_to missing_oai_path
  end
end
//- test/controllers/posts_controller_test.rb
class PostsControllerTest < ActionDispatch::IntegrationTest
  test "a tag that the constraint refuses" do
    assert_raises(ActionController::UrlGenerationError) { get tag_path(:Ruby) }
    assert_raises ActionController::UrlGenerationError do
      get url_for(controller: "posts", action: "feed")
    end
    get tag_path(:Perl)
  end

  def test_parked
    skip "until the feature is back"
    get missing_minitest_skipped_path
  end
end
`;

test("helper calls: unknown ones are errors with suggestions; methods of the app and its gems, locals of partials and other receivers are not", async () => {
  const { app, files } = await workspaceFor(HELPER_APP);
  const { helperCallDiagnostics } = await import("../dist/features/helperCalls.js");
  const { helperScope } = await import("../dist/cli/helperCheck.js");
  const context = app.helperCheck();
  assert.ok(!("unchecked" in context), context.unchecked);
  const lines = [];
  const paths = ["app/views/posts/index.html.erb", "app/views/posts/_row.html.erb", "app/views/posts/show.html.haml", "app/views/posts/_tag.html.haml", "app/views/posts/edit.html.slim", "app/views/posts/index.rss.builder", "app/models/post_card.rb", "lib/feeds/builder.rb", "app/views/layouts/application.html.erb", "app/views/layouts/admin.html.haml", "app/controllers/posts_controller.rb", "app/controllers/application_controller.rb"];
  paths.push("app/mailers/post_mailer.rb", "app/views/post_mailer/published.html.erb", "app/views/post_mailer/_footer.html.erb", "spec/requests/posts_spec.rb", "test/controllers/posts_controller_test.rb", "test/factories/videos.rb", "test/support/factory_bot_extensions.rb", "app/views/posts/share.text.erb", "app/controllers/oai_controller.rb", "app/serializers/post_serializer.rb");
  for (const path of paths) {
    for (const d of helperCallDiagnostics(app.workspace.mapper, context, `/app/${path}`, files.get(`/app/${path}`), helperScope("/app", `/app/${path}`))) {
      lines.push(`${path}:${d.span.start.line + 1}:${d.span.start.character + 1} ${d.message}`);
    }
  }
  expectFile("helper-calls", lines.join("\n") + "\n");
});

const INFLECTED_APP = `
//- Gemfile.lock
GEM
  specs:

//- config/application.rb
module Shop
  class Application < Rails::Application
  end
end
//- config/initializers/inflections.rb
ActiveSupport::Inflector.inflections(:en) do |inflect|
  inflect.irregular "drive", "drives"
  inflect.acronym "URL"
end
//- config/routes.rb
Rails.application.routes.draw do
  resources :drives, :short_urls, :cacti
end
//- app/models/application_record.rb
class ApplicationRecord < ActiveRecord::Base
end
//- app/models/drive.rb
class Drive < ApplicationRecord
end
//- app/models/short_url.rb
class ShortURL < ApplicationRecord
end
//- app/models/cactus.rb
class Cactus < ApplicationRecord
end
//- app/controllers/drives_controller.rb
class DrivesController < ApplicationController
  def show
    redirect_to Drive.find(params[:id])
    redirect_to ShortURL.find(params[:id])
    redirect_to Cactus.find(params[:id])
  end
end
`;

test("polymorphic targets: models are named with the app's inflection rules; with a rule Routemap cannot read, no call is checked", async () => {
  const { helperCallDiagnostics } = await import("../dist/features/helperCalls.js");
  const check = async (fixture) => {
    const { app, files } = await workspaceFor(fixture);
    const path = "/app/app/controllers/drives_controller.rb";
    const context = app.helperCheck();
    if ("unchecked" in context) return context.unchecked;
    return helperCallDiagnostics(app.workspace.mapper, context, path, files.get(path)).map((d) => `${d.span.start.line + 1}: ${d.message}`);
  };
  // English would have Drive's record call drife_url, which these rules do not draw; no rule names Cactus, and English makes it cactu (Rails 6.1's ActiveModel::Name says so too).
  assert.deepEqual(await check(INFLECTED_APP), [
    "5: undefined method `cactu_url': `redirect_to` calls it for this target (the record is a Cactus: `Cactus.find(params[:id])`, line 5), and no route, direct helper or method defines it",
  ]);
  // A rule Routemap cannot read may rename any route: the names the table lacks are not said to be missing.
  assert.deepEqual(await check(INFLECTED_APP.replace('inflect.acronym "URL"', 'inflect.acronym URL_WORD')), []);
});

test("a part of the routes Routemap cannot evaluate leaves unchecked only the names it may draw; a gem not installed, every call", async () => {
  const { helperCallDiagnostics } = await import("../dist/features/helperCalls.js");
  const view = "/app/app/views/posts/index.html.erb";
  const reported = async (routes, extra = "") => {
    const lock = /ActiveAdmin/.test(routes) ? "    actionview (7.1.3)\n    activeadmin (3.2.5)" : "    actionview (7.1.3)";
    const { app, files } = await workspaceFor(HELPER_APP.replace("    actionview (7.1.3)", lock).replace("  root \"posts#index\"", `  root "posts#index"\n${routes}`).replace("<%= link_to \"All\", postz_path %>", "<%= link_to \"All\", postz_path %> <%= admin_dashboardz_path %>") + extra);
    const context = app.helperCheck();
    assert.ok(!("unchecked" in context), context.unchecked);
    return helperCallDiagnostics(app.workspace.mapper, context, view, files.get(view)).map((d) => d.message.split(":")[0]).filter((m) => /z_path/.test(m));
  };
  // Anywhere in the routes: any name may be missing.
  assert.deepEqual(await reported("  Backstage.routes(self)"), []);
  // Under `namespace :admin`: only `admin_…` names.
  assert.deepEqual(await reported("  namespace :admin do\n    Backstage.routes(self)\n  end"), ["undefined method `postz_path'"]);
  // ActiveAdmin's, drawn from the app's registrations: every name is checked (it draws `admin_root`
  // and the comments, no dashboard); a registration it cannot read opens only its namespace's
  // names; without config/application.rb no initializer is read: any name.
  const application = "//- config/application.rb\nmodule Shop\n  class Application < Rails::Application\n  end\nend\n";
  const adminGem = (extra) => `${extra}//- vendor/bundle/ruby/3.3.0/gems/activeadmin-3.2.5/lib/activeadmin.rb\n`;
  const reportedAdmin = async (extra) => {
    return reported("  ActiveAdmin.routes(self)", adminGem(extra));
  };
  assert.deepEqual(await reportedAdmin(application), ["undefined method `postz_path'", "undefined method `admin_dashboardz_path'"]);
  assert.deepEqual(await reportedAdmin(`${application}//- app/admin/posts.rb\nActiveAdmin.register Post do\n  active_admin_import\nend\n`), ["undefined method `postz_path'"]);
  assert.deepEqual(await reportedAdmin(""), []);
  const missingGem = await workspaceFor(HELPER_APP.replace("    actionview (7.1.3)", "    actionview (7.1.3)\n    carrierwave (3.0.5)"));
  assert.equal(missingGem.app.helperCheck().unchecked, "the gem carrierwave (3.0.5) is not installed where Routemap looks (carrierwave-3.0.5 is in none of vendor/bundle/ruby/3.3.0), so what gems define is unknown");
});

test("a route to a controller no file, gem or engine defines is warned, once the gems are read; a quick fix creates it", async () => {
  const { quickFixes } = await import("../dist/features/codeActions.js");
  const fixture = `
//- Gemfile.lock
GEM
  specs:
    actionpack (7.1.3)
    devise (4.9.4)

//- vendor/bundle/ruby/3.3.0/gems/devise-4.9.4/app/controllers/devise/sessions_controller.rb
class Devise::SessionsController < DeviseController
end
//- vendor/bundle/ruby/3.3.0/gems/devise-4.9.4/app/views/posts/terms.html.erb
A gem's template, on the app's view paths.
//- vendor/bundle/ruby/3.3.0/gems/actionpack-7.1.3/lib/action_controller.rb
module ActionController
end
//- config/routes.rb
Rails.application.routes.draw do
  resources :posts, only: [:index, :show]
  get "terms", to: "posts#terms"
  get "login", to: "devise/sessions#new"
  get "status", to: "health#show"
  get "hello", to: "example#say_hello"
  resources :work_submissions, only: :new, controller: "work/submissions"
  namespace :admin do
    resources :reports, only: :index
  end
end
//- app/cho/work/submissions_controller.rb
class Work::SubmissionsController < ApplicationController
  def new; end
end
//- plugins/sample_plugin/app/controllers/example_controller.rb
class ExampleController < ApplicationController
  def say_hello; end
end
//- app/controllers/application_controller.rb
class ApplicationController < ActionController::Base
end
//- app/controllers/posts_controller.rb
class PostsController < ApplicationController
  def index; end
  def show; end
end
//- lib/health_controller.rb
class HealthController < ActionController::Base
  def show; end
end
`;
  const { app } = await workspaceFor(fixture);
  // Hover on a route to a controller outside app/controllers says so (before: "no controller file found").
  const routesText = app.workspaceText("/app/config/routes.rb").split("\n");
  const hoverOn = (word) => {
    const line = routesText.findIndex((l) => l.includes(word));
    return hoverInRoutesFile(app, "/app/config/routes.rb", { line, character: routesText[line].indexOf(word) + 1 }).contents.value.split("\n\n---")[0];
  };
  assert.deepEqual(["devise/sessions", "health#", "example#", "posts#terms"].map(hoverOn), [
    "**Controller** `Devise::SessionsController` · **action** `new` _(outside app/controllers: a gem's, an engine's or lib/'s)_",
    "**Controller** `HealthController` · **action** `show` _(outside app/controllers: a gem's, an engine's or lib/'s)_",
    "**Controller** `ExampleController` · **action** `say_hello` _(outside app/controllers: a gem's, an engine's or lib/'s)_",
    // A gem's template renders it (before: said to be app/views/posts/terms.html.erb, which does not exist).
    "**Controller** `PostsController` · **action** `terms`\n\nrendered from the template posts/terms.html.erb of a gem or an engine (no method)",
  ]);
  const warnings = appDiagnostics(app, { diagnostics: true, unreachedActions: false }).get("/app/config/routes.rb").filter((d) => d.code === "missing-controller");
  assert.deepEqual(
    warnings.map((d) => `${d.range.start.line + 1}: ${d.message}`),
    ["9: Admin::ReportsController does not exist: there is no app/controllers/admin/reports_controller.rb, and no gem or engine of the app defines it"],
  );
  // Another folder of app/ is an autoload root (cho's app/cho/work/submissions_controller.rb): its controller exists.
  assert.ok(!warnings.some((d) => d.data.controller === "work/submissions"));
  // A component's controller (Redmine's plugins/x/app/controllers, which its plugin loader puts on the autoload paths) may exist: not said to be missing.
  assert.ok(!warnings.some((d) => d.data.controller === "example"));
  // A gem's template renders posts#terms: no missing action, and --unused does not list it.
  assert.deepEqual(appDiagnostics(app, { diagnostics: true, unreachedActions: false }).get("/app/config/routes.rb").filter((d) => d.code === "missing-action"), []);
  const [fix] = quickFixes(app, warnings);
  assert.equal(fix.title, "Create Admin::ReportsController");
  assert.deepEqual(fix.edit.documentChanges[0], { kind: "create", uri: "file:///app/app/controllers/admin/reports_controller.rb", options: { ignoreIfExists: true } });
  assert.equal(fix.edit.documentChanges[1].edits[0].newText, "class Admin::ReportsController < ApplicationController\n  def index\n  end\nend\n");
  // Rails 7.1's --unused lists a route whose controller class is missing; a gem's controller is not decided.
  const { unusedRoutes } = await import("@routemap/shared-mapper");
  const { unused, unchecked } = unusedRoutes(app.table(), app.controllerModel(), new Set(["posts/terms"]), { provided: app.providedControllers() });
  assert.deepEqual([unused.map((r) => r.reqs), unchecked.map((r) => r.reqs)], [["admin/reports#index"], ["devise/sessions#new", "health#show", "example#say_hello", "work/submissions#new"]]);
  // `to: "x//y#z"` draws in Rails; its controller camelizes to X::::Y, which no file can define: warned, no file offered.
  const { app: doubled } = await workspaceFor(fixture.replace('  get "status"', '  get "x", to: "x//y#z"\n  get "status"'));
  const odd = appDiagnostics(doubled, { diagnostics: true, unreachedActions: false }).get("/app/config/routes.rb").filter((d) => d.code === "missing-controller");
  assert.deepEqual(odd.map((d) => d.data.controller), ["x//y", "admin/reports"]);
  assert.deepEqual(quickFixes(doubled, odd).map((f) => f.title), ["Create Admin::ReportsController"]);
  // caseflow's `to: "v_a_c_o_l_s/veterans#show"`: Rails constantizes `"v_a_c_o_l_s/veterans".camelize`,
  // VACOLS::VeteransController, which vacols/veterans_controller.rb defines (found by Zeitwerk with the
  // app's `inflector.inflect("vacols" => "VACOLS")`; checked with ActiveSupport and Zeitwerk 2.4):
  // not missing, though its class underscores back to `vacols/veterans`.
  const { app: acronym } = await workspaceFor(
    fixture.replace('  get "status"', '  get "v", to: "v_a_c_o_l_s/veterans#show"\n  get "status"') +
      "//- app/controllers/vacols/veterans_controller.rb\nclass VACOLS::VeteransController < ApplicationController\n  def show; end\nend\n",
  );
  const acronymWarnings = appDiagnostics(acronym, { diagnostics: true, unreachedActions: false }).get("/app/config/routes.rb").filter((d) => d.code === "missing-controller");
  assert.deepEqual(acronymWarnings.map((d) => d.data.controller), ["admin/reports"]);
  // The route reaches that class's actions: `show` is not said to be unreached, a missing action
  // is (Rails raises AbstractController::ActionNotFound), with its fix, and `--unused` agrees.
  const { app: camelized } = await workspaceFor(
    fixture.replace('  get "status"', '  get "v", to: "v_a_c_o_l_s/veterans#show"\n  get "w", to: "v_a_c_o_l_s/veterans#nope"\n  get "status"') +
      "//- app/controllers/vacols/veterans_controller.rb\nclass VACOLS::VeteransController < ApplicationController\n  def show; end\n  def other; end\nend\n",
  );
  const camelizedAll = appDiagnostics(camelized, { diagnostics: true, unreachedActions: true });
  assert.deepEqual(
    camelizedAll.get("/app/app/controllers/vacols/veterans_controller.rb").map((d) => `${d.range.start.line + 1} ${d.code}: ${d.message.split(": ")[0]}`),
    ["3 unreached-action: No route reaches VACOLS::VeteransController#other"],
  );
  const nope = camelizedAll.get("/app/config/routes.rb").filter((d) => d.data?.controller === "v_a_c_o_l_s/veterans");
  assert.deepEqual(nope.map((d) => `${d.code}: ${d.message}`), ["missing-action: VACOLS::VeteransController has no action `nope` and no template vacols/veterans/nope"]);
  const [addAction] = quickFixes(camelized, nope);
  assert.equal(addAction.title, "Create action `nope` in VACOLS::VeteransController");
  assert.deepEqual(Object.keys(addAction.edit.changes ?? {}).concat((addAction.edit.documentChanges ?? []).map((c) => c.textDocument?.uri ?? c.uri)), ["file:///app/app/controllers/vacols/veterans_controller.rb"]);
  // A request runs the controller's code (before, it counted as never requested: its files' hashes went unchecked).
  assert.equal(camelized.generation().neverRequested("/app/app/controllers/vacols/veterans_controller.rb"), false);
  // Its code lens names the route, as any action's does.
  const { actionCodeLenses } = await import("../dist/features/actions.js");
  assert.deepEqual(actionCodeLenses(camelized, "/app/app/controllers/vacols/veterans_controller.rb").map((l) => `${l.range.start.line + 1} ${l.command.title}`), ["2 GET /v(.:format) · v_path"]);
  const { unusedRoutes: unusedOf } = await import("@routemap/shared-mapper");
  assert.deepEqual(unusedOf(camelized.table(), camelized.controllerModel(), new Set(), { provided: camelized.providedControllers() }).unused.map((r) => r.reqs).filter((r) => r.startsWith("v_")), ["v_a_c_o_l_s/veterans#nope"]);
  // openstax_api's `api :v1 do … end` (unknown here): its block's routes are drawn, but the method's scope may
  // give them another controller (Rails with the gem: api/v1/widgets), so neither controller nor action is checked.
  const { app: unknownScope } = await workspaceFor(fixture.replace('  get "status"', '  api :v1 do\n    resources :widgets, only: :index\n    resources :posts, only: :destroy\n  end\n  get "status"'));
  const scoped = appDiagnostics(unknownScope, { diagnostics: true, unreachedActions: false }).get("/app/config/routes.rb").filter((d) => d.code === "missing-controller" || d.code === "missing-action");
  assert.deepEqual(scoped.map((d) => d.data.controller), ["admin/reports"]);
  // Without its gems installed, a controller from one cannot be ruled out: nothing is said.
  const { app: bare } = await workspaceFor(fixture.replace(/\/\/- vendor[\s\S]*?(?=\/\/- config)/, ""));
  assert.deepEqual(appDiagnostics(bare, { diagnostics: true, unreachedActions: false }).get("/app/config/routes.rb").filter((d) => d.code === "missing-controller"), []);
});

test("ActiveAdmin's root names the dashboard a registration defines: warned where none does, with no file to create", async () => {
  const { quickFixes } = await import("../dist/features/codeActions.js");
  const app = (admin) => workspaceFor(`
//- Gemfile.lock
GEM
  specs:
    actionpack (7.1.3)
    activeadmin (3.2.5)

//- vendor/bundle/ruby/3.3.0/gems/actionpack-7.1.3/lib/action_controller.rb
module ActionController
end
//- vendor/bundle/ruby/3.3.0/gems/activeadmin-3.2.5/lib/activeadmin.rb
//- config/application.rb
module Shop
  class Application < Rails::Application
  end
end
//- config/routes.rb
Rails.application.routes.draw do
  ActiveAdmin.routes(self)
end
//- app/admin/posts.rb
ActiveAdmin.register Post
${admin}`);
  const missing = async (admin) => {
    const { app: a } = await app(admin);
    return (appDiagnostics(a, { diagnostics: true, unreachedActions: false }).get("/app/config/routes.rb") ?? []).filter((d) => d.code === "missing-controller");
  };
  const [warning, ...rest] = await missing("");
  assert.deepEqual(rest, []);
  assert.equal(`${warning.range.start.line + 1}: ${warning.message}`, "2: Admin::DashboardController does not exist: ActiveAdmin's root routes to it (`root_to`), and no registration in app/admin defines it (a `register_page` of that name would), nor app/controllers/admin/dashboard_controller.rb, nor a gem or engine");
  const { app: a } = await app("");
  assert.deepEqual(quickFixes(a, [warning]), [], "ActiveAdmin defines it from a registration, not a controller file");
  // The page, a controller file of the app, or a registration Routemap cannot read (it may be the dashboard): none.
  assert.deepEqual(await missing('//- app/admin/dashboard.rb\nActiveAdmin.register_page "Dashboard" do\nend\n'), []);
  assert.deepEqual(await missing("//- app/controllers/admin/dashboard_controller.rb\nclass Admin::DashboardController < ActionController::Base\n  def index; end\nend\n"), []);
  assert.deepEqual(await missing("//- app/admin/reports.rb\nActiveAdmin.register_page Settings.report_name\n"), []);
});

test("a route drawn in the body of a method of the app's files is warned at the call in the draw, with the method's line as related information", async () => {
  // The sites themselves, for each shape of call (a method's own call of another, a block given,
  // a DSL call written in the draw): fixture app method-sites and its test in apps.test.mjs. Here:
  // the missing-controller warning, once per controller and call, and the editor's related information.
  const { app } = await workspaceFor(`
//- Gemfile.lock
GEM
  specs:
    actionpack (7.1.3)

//- vendor/bundle/ruby/3.3.0/gems/actionpack-7.1.3/lib/action_controller.rb
module ActionController
end
//- config/routes.rb
require_relative "../lib/steps"

Rails.application.routes.draw do
  step :first
  step :second
  step :first
end
//- lib/steps.rb
def step(name)
  resource name, only: [:edit, :update]
end
//- app/controllers/application_controller.rb
class ApplicationController < ActionController::Base
end
`);
  const at = (r) => `${r.start.line + 1}:${r.start.character + 1}`;
  const said = appDiagnostics(app, { diagnostics: true, unreachedActions: false }).get("/app/config/routes.rb").filter((d) => d.code === "missing-controller");
  assert.deepEqual(
    said.map((d) => `${at(d.range)} ${d.data.controller}` + (d.relatedInformation ?? []).map((r) => ` [${r.location.uri.replace("file:///app/", "")}:${at(r.location.range)} ${r.message}]`).join("")),
    [
      // Each call once (its two routes, one controller), not all three at lib/steps.rb:2.
      "4:3 firsts [lib/steps.rb:2:3 the route is drawn here, in `step`]",
      "5:3 seconds [lib/steps.rb:2:3 the route is drawn here, in `step`]",
      "6:3 firsts [lib/steps.rb:2:3 the route is drawn here, in `step`]",
    ],
  );
});

// The class a route's controller names is `"#{controller.camelize}Controller"` with the app's
// inflections (checked with ActiveSupport 6.1: under `inflect.acronym "API"`, "api/reports".camelize
// is "API::Reports"; "v_a_c_o_l_s/veterans".camelize is "VACOLS::Veterans").
test("a route's controller class is named as Rails constantizes it, with the app's inflections: hover, go to definition, the missing-controller warning and its fix, what its requests recall", async () => {
  const { quickFixes } = await import("../dist/features/codeActions.js");
  const { app } = await workspaceFor(`
//- Gemfile.lock
GEM
  specs:
    actionpack (7.1.3)

//- vendor/bundle/ruby/3.3.0/gems/actionpack-7.1.3/lib/action_controller.rb
module ActionController
end
//- config/application.rb
module App
  class Application < Rails::Application
  end
end
//- config/initializers/inflections.rb
ActiveSupport::Inflector.inflections(:en) do |inflect|
  inflect.acronym "API"
end
//- config/routes.rb
Rails.application.routes.draw do
  get "v/:vid", to: "v_a_c_o_l_s/veterans#show"
  get "x/:vid", to: "x#y", as: :x
  get "y/:yid", to: "x#y", as: :y
  get "u", to: "api/users#index"
  namespace :api do
    resources :reports, only: :index
  end
end
//- app/controllers/application_controller.rb
class ApplicationController < ActionController::Base
end
//- app/controllers/x_controller.rb
class XController < ApplicationController
  def y; end
end
//- app/controllers/api/users_controller.rb
class API::UsersController < ApplicationController
  def index; end
end
//- app/controllers/vacols/veterans_controller.rb
class VACOLS::VeteransController < ApplicationController
  def show; end
end
//- app/views/vacols/veterans/show.html.erb
<%= x_path %>
<%= y_path %>
`);
  const routes = "/app/config/routes.rb";
  const hover = (line, word) => hoverInRoutesFile(app, routes, { line, character: app.workspaceText(routes).split("\n")[line].indexOf(word) + 1 }).contents.value.split("\n\n---")[0];
  // The class the route reaches, found in its file (before: "no controller file found", and "Api::UsersController … (from API::UsersController)").
  assert.equal(hover(1, "v_a_c_o_l_s"), "**Controller** `VACOLS::VeteransController` · **action** `show`\n\n`def show` in app/controllers/vacols/veterans_controller.rb:2");
  assert.equal(hover(4, "api/users"), "**Controller** `API::UsersController` · **action** `index`\n\n`def index` in app/controllers/api/users_controller.rb:2");
  // Go to definition from `to:` reaches the same class (before: nothing, no file at v_a_c_o_l_s/veterans_controller.rb).
  const line1 = app.workspaceText(routes).split("\n")[1];
  assert.deepEqual([definitionInRoutesFile(app, routes, { line: 1, character: line1.indexOf("v_a_c_o_l_s") + 1 }) ?? []].flat().map(where), ["app/controllers/vacols/veterans_controller.rb:2:3"]);
  // A class no file defines is the one Rails would look for, and the quick fix creates that one (Zeitwerk expects API::ReportsController in api/reports_controller.rb).
  const missing = appDiagnostics(app, { diagnostics: true, unreachedActions: false }).get(routes).filter((d) => d.code === "missing-controller");
  assert.deepEqual(missing.map((d) => d.message), ["API::ReportsController does not exist: there is no app/controllers/api/reports_controller.rb, and no gem or engine of the app defines it"]);
  const [fix] = quickFixes(app, missing);
  assert.equal(fix.title, "Create API::ReportsController");
  assert.equal(fix.edit.documentChanges[1].edits[0].newText, "class API::ReportsController < ApplicationController\n  def index\n  end\nend\n");
  // The template of VACOLS::VeteransController#show runs in requests to /v/:vid: `x_path` recalls :vid,
  // `y_path` has no :yid (Rails raises). Before, its requests were looked up as `vacols/veterans`, which
  // no route writes, and nothing was known.
  const context = app.helperCheck();
  assert.ok(!("unchecked" in context), context.unchecked);
  const view = "/app/app/views/vacols/veterans/show.html.erb";
  assert.deepEqual(
    fileProblems(app.workspaceMapper(), context, app.root, view, app.workspaceText(view)).map((d) => `${d.span.start.line + 1} ${d.code}: ${d.message.split(": Rails")[0]}`),
    ["2 missing-url-part: `y_path` is given no :yid here, and no request to VACOLS::VeteransController#show has it"],
  );
});

test("a template's bare name: checked where the app's locals are known, left alone where a file builds the names it passes", async () => {
  const { helperCallDiagnostics } = await import("../dist/features/helperCalls.js");
  const share = "/app/app/views/posts/share.text.erb";
  const errors = async (extra) => {
    const { app, files } = await workspaceFor(HELPER_APP + extra);
    return helperCallDiagnostics(app.workspace.mapper, app.helperCheck(), share, files.get(share), "all").map((d) => d.message.split(":")[0]);
  };
  // forms-admin: a method called by a built name passes no local, so `sharez_url` is still no one's.
  const called = '//- app/controllers/sessions_controller.rb\nclass SessionsController < ApplicationController\n  def destroy\n    redirect_to send(:"#{params[:provider]}_sign_out_url")\n  end\nend\n';
  assert.deepEqual(await errors(called), ["undefined method `sharez_url'"]);
  // A local of a name built at run time may be `sharez_url`: the template's bare names are not said to be undefined, as a partial's are not.
  const built = '//- app/controllers/cards_controller.rb\nclass CardsController < ApplicationController\n  def show\n    render :show, locals: { "#{params[:kind]}_url": card_url }\n  end\nend\n';
  assert.deepEqual(await errors(built), []);
});

test("hash targets: hover lists the routes, definition goes to the action, completion offers the controller's actions", async () => {
  const { hoverOnHashTarget, definitionOfHashTarget, hashTargetCompletions } = await import("../dist/features/hashTargets.js");
  const view = '<%= link_to "All", controller: "posts", action: "index" %>\n<%= link_to "About", controller: :pages, action: :about %>\n<%= url_for(action: :show, id: 1) %>\n';
  const { app } = await workspaceFor(CONTROLLERS_APP + "//- app/views/posts/index.html.erb\n" + view);
  const file = "/app/app/views/posts/index.html.erb";
  const at = (line, word) => ({ line, character: view.split("\n")[line].indexOf(word) + 1 });
  const hover = hoverOnHashTarget(app, file, view, at(0, '"index"'));
  assert.match(hover.contents.value, /^\*\*PostsController#index\*\*\n\n`def index` in app\/controllers\/posts_controller\.rb:2\n\n\| Helper/);
  assert.match(hoverOnHashTarget(app, file, view, at(1, ":about")).contents.value, /rendered from the template app\/views\/pages\/about\.html\.erb/);
  assert.match(hoverOnHashTarget(app, file, view, at(0, '"posts"')).contents.value, /^\*\*PostsController\*\*\n\n\| Helper/);
  // No controller: given: the view's own (posts).
  assert.deepEqual(where(definitionOfHashTarget(app, file, view, at(2, ":show"))), "app/controllers/posts_controller.rb:3:7");
  assert.equal(where(definitionOfHashTarget(app, file, view, at(1, ":about"))), "app/views/pages/about.html.erb:1:1");
  const actions = hashTargetCompletions(app, file, view, at(0, '"index"'));
  assert.deepEqual(actions.map((i) => i.label), ["archive", "back_url", "current_tab", "current_user", "index", "not_found", "set_locale", "show"]);
  // Public methods named as callbacks are actions to Rails too: listed after the others, and said.
  const shown = (label) => actions.find((i) => i.label === label);
  assert.equal(shown("set_locale").detail, "PostsController#set_locale (named by before_action)");
  assert.equal(shown("not_found").detail, "PostsController#not_found (named by rescue_from)");
  assert.equal(shown("back_url").detail, "PostsController#back_url (named by helper_method)");
  assert.deepEqual([...actions].sort((a, b) => a.sortText.localeCompare(b.sortText)).map((i) => i.label), ["archive", "current_tab", "current_user", "index", "show", "back_url", "not_found", "set_locale"]);
  assert.equal(hashTargetCompletions(app, file, view, { line: 0, character: 2 }), undefined, "outside a target");
});

test("completion in routes files: a controller's actions as Rails finds them, after `to:` and `=>`", async () => {
  const fixture = CONTROLLERS_APP.replace('  get "feed", to: "feeds#show"', '  get "feed", to: "feeds#show"\n  get "x" => "posts#$0"');
  const { app, cursor, files } = await workspaceFor(fixture);
  const items = routesFileCompletions(app, files.get(cursor.path), cursor.path, cursor.position);
  // Public methods, inherited ones too; not `publish`, private in PostsController; callbacks last.
  assert.deepEqual(items.map((i) => i.label), ["archive", "back_url", "current_tab", "current_user", "index", "not_found", "set_locale", "show"]);
  assert.deepEqual(items.filter((i) => i.sortText.startsWith("1")).map((i) => i.label), ["back_url", "not_found", "set_locale"]);
});

test("polymorphic targets: hover names the record and the helper Rails calls, with its routes; definition goes to the declaration", async () => {
  const { hoverOnPolymorphic, definitionOfPolymorphic } = await import("../dist/features/polymorphic.js");
  const { app, files } = await workspaceFor(HELPER_APP);
  const file = "/app/app/controllers/posts_controller.rb";
  const text = files.get(file);
  const lines = text.split("\n");
  const at = (needle) => {
    const line = lines.findIndex((l) => l.includes(needle));
    return { line, character: lines[line].indexOf(needle) + 1 };
  };
  const hover = hoverOnPolymorphic(app, file, text, { ...at("redirect_to @post"), character: at("redirect_to @post").character + 13 });
  assert.match(hover.contents.value, /^`redirect_to` calls `post_url` or `posts_url` for a \*\*Post\*\* \(`@post = Post\.new\(title: params\[:title\]\)`, line \d+\)/);
  assert.match(hover.contents.value, /\| `post_path` \| GET \| `\/posts\/:id\(\.:format\)` \| posts#show \|\n\| `posts_path` \| GET \| `\/posts\(\.:format\)` \| posts#index \|$/);
  const definition = definitionOfPolymorphic(app, file, text, { ...at("redirect_to @post"), character: at("redirect_to @post").character + 13 });
  assert.deepEqual(definition.map(where), ["config/routes.rb:2:3"], "both helpers come from one declaration");
  const missing = hoverOnPolymorphic(app, file, text, { ...at("redirect_to @comment"), character: at("redirect_to @comment").character + 13 });
  assert.match(missing.contents.value, /calls `comment_url` for a \*\*Comment\*\* .*: no route defines it$/);
  assert.equal(hoverOnPolymorphic(app, file, text, { line: 0, character: 0 }), null);
});

test("polymorphic targets: completion in an array's symbol offers the namespaces that make a helper of the table", async () => {
  const { polymorphicCompletions } = await import("../dist/features/polymorphic.js");
  const fixture = HELPER_APP.replace('  root "posts#index"', '  namespace :admin do\n    resources :posts, only: :show\n  end\n  namespace :api do\n    resources :comments, only: :show\n  end\n  root "posts#index"').replace(
    "    redirect_to @post\n",
    "    redirect_to @post\n    redirect_to [:adm, @post]\n",
  );
  const { app, files } = await workspaceFor(fixture);
  const file = "/app/app/controllers/posts_controller.rb";
  const text = files.get(file);
  const line = text.split("\n").findIndex((l) => l.includes("[:adm"));
  const character = text.split("\n")[line].indexOf(":adm") + 3;
  const items = polymorphicCompletions(app, file, text, { line, character });
  // `[:stats, @post]` makes the member route's helper: Rails joins the symbols and keys alike.
  assert.deepEqual(items.map((i) => [i.label, i.detail]), [[":admin", "admin_post_url"], [":stats", "stats_post_url"]]);
  assert.deepEqual(items[0].textEdit.range, { start: { line, character: character - 3 }, end: { line, character: character + 1 } });
  assert.equal(polymorphicCompletions(app, file, text, { line, character: character + 4 }), undefined, "on the record, not a symbol");
});

test("--unused counts methods later Rails versions give every controller (no_store from 7.0, must_understand from 8.1)", async () => {
  const { unusedRoutes } = await import("@routemap/shared-mapper");
  const { app } = await workspaceFor(`
//- config/routes.rb
Rails.application.routes.draw do
  get "cache", to: "pages#no_store"
  get "understand", to: "pages#must_understand"
  get "status", to: "pages#status"
end
//- app/controllers/application_controller.rb
class ApplicationController < ActionController::Base
end
//- app/controllers/pages_controller.rb
class PagesController < ApplicationController
end
`);
  const listed = (railsVersion) => unusedRoutes(app.table(), app.controllerModel(), new Set(), { railsVersion }).unused.map((r) => r.reqs);
  assert.deepEqual(listed("6.1"), ["pages#no_store", "pages#must_understand"]);
  assert.deepEqual(listed("7.1"), ["pages#must_understand"]);
  assert.deepEqual(listed("8.1"), []);
});

test("definition from `to:` compares the action as text: a pattern-like action neither hangs nor matches", { timeout: 10_000 }, async () => {
  const a40 = "a".repeat(40);
  const { app, cursor } = await workspaceFor(`
//- config/routes.rb
Rails.application.routes.draw do
  get "x", to: "posts#(a|a)*$0b"
  get "y", to: "posts#show?"
end
//- app/controllers/posts_controller.rb
class PostsController < ApplicationController
  def ${a40}
  end
  def show?; end
  def show; end
end
`);
  const [found] = definitionInRoutesFile(app, cursor.path, cursor.position);
  assert.deepEqual([found.uri, found.range.start], ["file:///app/app/controllers/posts_controller.rb", { line: 0, character: 0 }]);
  const [question] = definitionInRoutesFile(app, cursor.path, { line: 2, character: 20 });
  assert.deepEqual(question.range.start, { line: 3, character: 2 });
});

test("a file's published diagnostics are capped at 1,000, the most severe kept, with one that says how many there are", async () => {
  const { limited, MAX_FILE_DIAGNOSTICS } = await import("../dist/features/diagnostics.js");
  const range = (line) => ({ start: { line, character: 0 }, end: { line, character: 1 } });
  const many = Array.from({ length: 150_000 }, (_, line) => ({ severity: 1, range: range(line), message: "x" }));
  const shown = limited(many);
  assert.equal(shown.length, MAX_FILE_DIAGNOSTICS + 1);
  assert.deepEqual(shown.slice(0, -1), many.slice(0, MAX_FILE_DIAGNOSTICS));
  assert.equal(shown.at(-1).message, "Routemap shows 1,000 of this file's 150,000 problems, the most severe first.");
  assert.equal(limited(many.slice(0, 3)).length, 3);
  // ekylibre's routes file: 900 notes of actions Routemap cannot know, then warnings of routes drawn
  // late in the file; every warning is kept (the editor shows what `routemap check` prints), then
  // as many notes as fit, in the file's order.
  const notes = Array.from({ length: 990 }, (_, line) => ({ severity: 3, range: range(line), message: "note" }));
  const warnings = Array.from({ length: 20 }, (_, i) => ({ severity: 2, range: range(2000 + i), message: "warning" }));
  const mixed = limited([...notes.slice(0, 500), warnings[0], ...notes.slice(500), ...warnings.slice(1)]);
  assert.equal(mixed.length, MAX_FILE_DIAGNOSTICS + 1);
  assert.equal(mixed.filter((d) => d.severity === 2).length, 20);
  assert.deepEqual(mixed.slice(0, -1).map((d) => d.range.start.line), [...Array(500).keys(), 2000, ...Array.from({ length: 480 }, (_, i) => 500 + i), ...Array.from({ length: 19 }, (_, i) => 2001 + i)]);
});

test("hover on a declaration marks the routes Rails draws only under a condition, or in an unknown method's block", () =>
  checkHover(
    "marked-routes",
    withRoutes('Rails.application.routes.draw do\n  scope "v1" do$0\n    get "beta", to: "pages#beta" if ENV.fetch("BETA_PAGES", "") == "on" || Date.today.monday?\n    tenant_scope do\n      get "home", to: "pages#home"\n    end\n  end\nend'),
  ));

test("an engine class of the app's own with a load hook (`ActiveSupport.on_load(…) do … end`) leaves the app's helper checks on, as check has them (fizzy)", async () => {
  const engine = `//- lib/shop/engine.rb
module Shop
  class Engine < ::Rails::Engine
    ActiveSupport.on_load(:action_push_native_record) do
      connects_to database: { writing: :saas }
    end
  end
end
`;
  const { helperCallDiagnostics } = await import("../dist/features/helperCalls.js");
  const { app, files } = await workspaceFor(HELPER_APP + engine);
  const context = app.helperCheck();
  assert.ok(!("unchecked" in context), context.unchecked);
  assert.deepEqual(context.tables.own.openRegions ?? [], []);
  const view = [...files.keys()].find((f) => f.endsWith("app/views/posts/index.html.erb"));
  const errors = helperCallDiagnostics(app.workspace.mapper, context, view, files.get(view)).map((d) => d.message.split(":")[0]);
  assert.ok(errors.includes("undefined method `postz_path'"), errors.join("\n"));
});

test("a route drawn only where an environment variable has another value than here: a view calling its helper, and its action, are not said undefined or unreached", async () => {
  const { app, files } = await workspaceFor(`
//- Gemfile.lock
GEM
  remote: https://rubygems.org/
  specs:

PLATFORMS
  ruby
//- config/routes.rb
Rails.application.routes.draw do
  resources :results, only: :show
  get "embedded/complete", to: "results#complete", as: :embedded_complete if ENV["ROUTEMAP_TEST_NEVER_SET"] == "embedded"
end
//- app/controllers/application_controller.rb
class ApplicationController < ActionController::Base
end
//- app/controllers/results_controller.rb
class ResultsController < ApplicationController
  def show
    @embedded = ENV["ROUTEMAP_TEST_NEVER_SET"] == "embedded"
  end

  def complete; end
end
//- app/views/results/show.html.erb
<% if @embedded %><%= link_to "Done", embedded_complete_path %><% end %>
<%= link_to "Nowhere", nowhere_path %>
//- app/views/results/complete.html.erb
done
`);
  const hints = [...appDiagnostics(app, { diagnostics: true, unreachedActions: true }).values()].flat().filter((d) => d.severity <= 2 || d.severity === 4).map((d) => d.message);
  assert.deepEqual(hints, []);
  const { helperCallDiagnostics } = await import("../dist/features/helperCalls.js");
  const view = "/app/app/views/results/show.html.erb";
  const errors = helperCallDiagnostics(app.workspace.mapper, app.helperCheck(), view, files.get(view)).map((d) => d.message.replace(/ \(did you mean.*$/s, ""));
  assert.deepEqual(errors, ["undefined method `nowhere_path': no route, direct helper or method defines it"]);
});

test("`x.controller.new` makes an object of a class, calls no action: an unreached `new` gets the plain hint, not \"must stay public\"", async () => {
  const { app } = await workspaceFor(`
//- config/routes.rb
Rails.application.routes.draw do
  resources :tools, only: :index
end
//- app/controllers/application_controller.rb
class ApplicationController < ActionController::Base
end
//- app/controllers/tools_controller.rb
class ToolsController < ApplicationController
  def index; end

  def new; end
end
//- lib/tool_runner.rb
class ToolRunner
  def run(equipment) = equipment.controller.new(equipment).start
end
`);
  const hints = [...appDiagnostics(app, { diagnostics: true, unreachedActions: true }).values()].flat().filter((d) => d.severity === 4).map((d) => d.message);
  assert.equal(hints.length, 1, hints.join("\n"));
  assert.match(hints[0], /^No route reaches ToolsController#new: /);
  assert.doesNotMatch(hints[0], /must stay public/);
});

test("a controller method a view calls through another receiver (`v.controller.reference` in a breadcrumb proc) must stay public: the hint says so, not to make it private", async () => {
  const { app } = await workspaceFor(`
//- config/routes.rb
Rails.application.routes.draw do
  resources :cases, only: :show
end
//- app/controllers/application_controller.rb
class ApplicationController < ActionController::Base
end
//- app/controllers/cases_controller.rb
class CasesController < ApplicationController
  add_breadcrumb proc { |v| v.controller.reference }, "/"

  def show; end

  def reference
    params[:id]
  end
end
`);
  const hints = [...appDiagnostics(app, { diagnostics: true, unreachedActions: true }).values()].flat().filter((d) => d.severity === 4).map((d) => d.message);
  assert.equal(hints.length, 1, hints.join("\n"));
  assert.match(hints[0], /^No route reaches CasesController#reference: .*must stay public: the app calls it as `controller\.reference` \(app\/controllers\/cases_controller\.rb:2\)/);
});

test("hover on a route of several verbs (`via: [:get, :post]`) keeps its table's columns: the pipe in `GET|POST` is escaped", () =>
  checkHover("several-verbs", withRoutes('Rails.application.routes.draw do\n  scope "admins", controller: :admins do\n    ma$0tch :user_search, via: [:get, :post]\n  end\nend')));

test("a class that holds the routes' helpers as class methods (`Routes.post_url`): its calls are checked, found by references and shown; its own methods and other constants' are not", async () => {
  const { helperCallDiagnostics } = await import("../dist/features/helperCalls.js");
  const { helperScope } = await import("../dist/cli/helperCheck.js");
  const fixture = `${HELPER_APP}
//- config/application.rb
require_relative "boot"
require "rails/all"
module Blog
  class Application < Rails::Application
    config.autoload_paths << "#{root}/extras"
  end
end
//- extras/routes.rb
class Routes
  class << self
    include Rails.application.routes.url_helpers

    def default_url_options = { host: "example.com" }

    def title_path(post) = post_path(post)
  end
end
//- app/models/linker.rb
class Linker
  def links(post)
    [Routes.post_url(post), Routes.title_path(post), Routes.postz_url(post), Other.feedz_url(post)]
  end
end
//- app/models/other.rb
class Other
  def self.build = new
end
`;
  const { app, files } = await workspaceFor(fixture);
  const context = app.helperCheck();
  assert.ok(!("unchecked" in context), context.unchecked);
  const linker = "/app/app/models/linker.rb";
  const said = helperCallDiagnostics(app.workspace.mapper, context, linker, files.get(linker), helperScope("/app", linker)).map((d) => d.message);
  // `postz_url` on the holder is no route's; `title_path` is its own method; `Other` holds no helpers.
  assert.deepEqual(said, ["undefined method `postz_url' for Routes: no route, direct helper or method defines it (did you mean `post_url` or `posts_url`?)"]);
  // References of the post route find the call through the holder, in a model.
  const post = app.table().routes.filter((r) => r.name === "post");
  assert.ok(routeReferences(app, post, false).map(where).includes("app/models/linker.rb:3:13"), routeReferences(app, post, false).map(where).join(", "));
  // Hover and definition on the call through the holder; none on its own method or another constant's.
  const text = files.get(linker);
  const on = (needle) => ({ line: 2, character: text.split("\n")[2].indexOf(needle) + 2 });
  assert.match(hoverOnHelper(app.helperTables(), text, on("post_url")).contents.value, /^\*\*post_url\*\*/);
  assert.deepEqual(where(definitionOfHelper(app.helperTables(), text, on("post_url"))), "config/routes.rb:2:3");
  assert.equal(hoverOnHelper(app.helperTables(), text, on("title_path")), null);
  assert.equal(hoverOnHelper(app.helperTables(), text, on("feedz_url")), null);
});
