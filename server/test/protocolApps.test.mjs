// The language server over stdio on whole apps (copies of test-fixtures/apps/devise, engines
// and activeadmin): routes Devise, ActiveAdmin and Rails add, live as the model or the
// registration changes; engine proxies.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { scratchDir } from "../../test-fixtures/lib/scratch.mjs";
import { startServer } from "./lspClient.mjs";

const repo = new URL("../..", import.meta.url).pathname;
const workspace = scratchDir("routemap-lsp-apps-");
for (const name of ["devise", "engines", "activeadmin"]) cpSync(join(repo, "test-fixtures/apps", name), join(workspace, name), { recursive: true });
const uri = (path) => pathToFileURL(join(workspace, path)).toString();
const put = (path, text) => {
  mkdirSync(join(workspace, path, ".."), { recursive: true });
  writeFileSync(join(workspace, path), text);
};
put("devise/app/views/home/index.html.erb", "<%= link_to 'Sign up', new_user_registration_path %>\n<%= new_user_session_path %>\n");
// The gems Debian lacks, installed as Bundler would (their files are not read for ActiveAdmin's routes).
for (const gem of ["activeadmin-3.2.5", "formtastic-5.0.0", "formtastic_i18n-0.7.0", "ransack-4.3.0", "sprockets-rails-3.4.2"]) {
  put(`activeadmin/vendor/bundle/ruby/3.1.0/gems/${gem}/lib/${gem.replace(/-[\d.]+$/, "")}.rb`, "");
}
put("activeadmin/app/views/home/index.html.erb", "<%= link_to 'Products', admin_products_path %>\n<%= archive_admin_product_path(1) %>\n");
put("engines/app/views/users/index.html.erb", "<%= link_to 'Blog', blog.new_article_path %>\n");
put("engines/engines/blog/app/views/blog/articles/index.html.erb", "<%= link_to 'Home', main_app.root_path %>\n");
// A small shop: routes checked against its controllers.
put("shop/config/routes.rb", 'Rails.application.routes.draw do\n  resources :orders, only: [:index, :show, :destroy]\nend\n');
put("shop/app/controllers/application_controller.rb", "class ApplicationController < ActionController::Base\nend\n");
put("shop/Gemfile.lock", "GEM\n  remote: https://rubygems.org/\n  specs:\n\nPLATFORMS\n  ruby\n");
put("shop/app/views/orders/index.html.erb", '<%= link_to "One", order_path(1) %>\n<%= link_to "All", ordrs_path %>\n');
put("shop/app/views/orders/show.html.haml", '%h1= link_to "One", order_path(1)\n- @order.refunds.each do |refund_url|\n  %p= link_to "All", ordrs_path, data: { back: refund_url }\n');
put("shop/app/controllers/orders_controller.rb", "class OrdersController < ApplicationController\n  def index; end\n  def show; end\n  def refund; end\nend\n");
put("shop/app/mailers/order_mailer.rb", "class OrderMailer < ActionMailer::Base\n  def shipped\n    mail to: \"a@example.com\"\n  end\nend\n");
put("shop/app/views/order_mailer/shipped.html.erb", "<%= link_to \"Your order\", order_url %>\n");
put("shop/app/models/application_record.rb", "class ApplicationRecord < ActiveRecord::Base\nend\n");
put("shop/app/models/refund.rb", "class Refund < ApplicationRecord\nend\n");
// An app holding an engine whose routes file draws into the app's routes (nhrihub's vendor/gems/*),
// with a routing method the app's initializer gives the mapper.
put("held/Gemfile.lock", "PATH\n  remote: vendor/gems/eng\n  specs:\n    eng (0.1)\n\nGEM\n  remote: https://rubygems.org/\n  specs:\n    rails (6.1.7.10)\n\nPLATFORMS\n  ruby\n\nDEPENDENCIES\n  eng!\n  rails (= 6.1.7.10)\n");
put("held/config/application.rb", 'require "rails"\nmodule Held\n  class Application < Rails::Application\n  end\nend\n');
put("held/config/routes.rb", 'Rails.application.routes.draw do\n  get "home", to: "home#index"\nend\n');
put("held/app/controllers/home_controller.rb", "class HomeController < ActionController::Base\n  def index; end\nend\n");
put("held/lib/route_extras.rb", "module RouteExtras\n  def reminders_concern\n    resources :reminders, only: :index\n  end\nend\n");
put("held/config/initializers/route_extras.rb", "require 'route_extras'\nActionDispatch::Routing::Mapper.include RouteExtras\n");
put("held/vendor/gems/eng/lib/eng/engine.rb", "module Eng\n  class Engine < ::Rails::Engine\n  end\nend\n");
put("held/vendor/gems/eng/config/routes.rb", 'Rails.application.routes.draw do\n  get "home2", to: "home#index"\n  reminders_concern\nend\n');

let client;
before(async () => {
  client = await startServer([workspace], {});
});
after(async () => {
  if (client) await client.stop();
});

const line = (path, n) => readFileSync(join(workspace, path), "utf8").split("\n")[n];

test("Devise's routes: completion, definition to the devise_for line, and origin in routemap/routes", async () => {
  const { conn } = client;
  const view = uri("devise/app/views/home/index.html.erb");
  const list = await conn.sendRequest("textDocument/completion", { textDocument: { uri: view }, position: { line: 1, character: 4 } });
  const labels = list.items.map((i) => i.label);
  for (const helper of ["new_user_session_path", "admin_developer_omniauth_authorize_path", "new_admin_registration_path"]) assert.ok(labels.includes(helper), helper);
  const definition = await conn.sendRequest("textDocument/definition", { textDocument: { uri: view }, position: { line: 1, character: 10 } });
  assert.equal(definition.uri, uri("devise/config/routes.rb"));
  assert.match(line("devise/config/routes.rb", definition.range.start.line), /devise_for :users/);
  const { apps } = await conn.sendRequest("routemap/routes", { uri: view });
  const origins = new Set(apps[0].routes.map((r) => r.origin).filter(Boolean));
  assert.deepEqual([...origins].sort(), ["Action Mailer", "Devise", "Rails"]);
});

test("a model's devise call edited in the editor changes the table at once", async () => {
  const { conn } = client;
  const view = uri("devise/app/views/home/index.html.erb");
  const hover = () => conn.sendRequest("textDocument/hover", { textDocument: { uri: view }, position: { line: 0, character: 30 } });
  assert.match((await hover()).contents.value, /^\*\*new_user_registration_path\*\*/);
  const model = uri("devise/app/models/user.rb");
  const text = readFileSync(join(workspace, "devise/app/models/user.rb"), "utf8");
  conn.sendNotification("textDocument/didOpen", { textDocument: { uri: model, languageId: "ruby", version: 1, text } });
  conn.sendNotification("textDocument/didChange", {
    textDocument: { uri: model, version: 2 },
    contentChanges: [{ text: text.replace(":registerable,", "") }],
  });
  // The server handles messages in order: the hover after the change sees the new table.
  assert.equal(await hover(), null, "the model is no longer registerable");
  conn.sendNotification("textDocument/didClose", { textDocument: { uri: model } });
});

test("ActiveAdmin's routes: a helper no registration adds is an error, known as soon as a registration's block adds it", async () => {
  const { conn } = client;
  const view = uri("activeadmin/app/views/home/index.html.erb");
  const viewText = readFileSync(join(workspace, "activeadmin/app/views/home/index.html.erb"), "utf8");
  conn.sendNotification("textDocument/didOpen", { textDocument: { uri: view, languageId: "erb", version: 1, text: viewText } });
  const errors = await client.diagnosticsWhere(view, (ds) => ds.length > 0);
  assert.deepEqual(errors.map((d) => [d.range.start.line, d.severity, d.message.split(":")[0]]), [[1, 1, "undefined method `archive_admin_product_path'"]]);
  const hover = await conn.sendRequest("textDocument/hover", { textDocument: { uri: view }, position: { line: 0, character: 36 } });
  assert.match(hover.contents.value, /^\*\*admin_products_path\*\*[\s\S]*admin\/products#index/);
  // Definition: the registration that draws the route.
  const definition = await conn.sendRequest("textDocument/definition", { textDocument: { uri: view }, position: { line: 0, character: 36 } });
  assert.equal([definition].flat()[0].uri, uri("activeadmin/app/admin/products.rb"));
  assert.equal([definition].flat()[0].range.start.line, 0);
  const admin = uri("activeadmin/app/admin/products.rb");
  const text = readFileSync(join(workspace, "activeadmin/app/admin/products.rb"), "utf8");
  conn.sendNotification("textDocument/didOpen", { textDocument: { uri: admin, languageId: "ruby", version: 1, text } });
  // Hover in the registration: a `member_action` line shows its route, the `register` line all of the registration's.
  const publish = await conn.sendRequest("textDocument/hover", { textDocument: { uri: admin }, position: { line: 4, character: 4 } });
  assert.match(publish.contents.value, /\*\*member_action :publish\*\* — 1 route[\s\S]*`publish_admin_product_path` \| PUT \| `\/admin\/products\/:id\/publish\(\.:format\)`/);
  const registered = await conn.sendRequest("textDocument/hover", { textDocument: { uri: admin }, position: { line: 0, character: 16 } });
  assert.match(registered.contents.value, /`admin_products_path` \| GET/);
  assert.match(registered.contents.value, /`publish_admin_product_path`/);
  conn.sendNotification("textDocument/didChange", { textDocument: { uri: admin, version: 2 }, contentChanges: [{ text: text.replace("  member_action :history do", "  member_action :archive, method: :get\n\n  member_action :history do") }] });
  const archived = await conn.sendRequest("textDocument/hover", { textDocument: { uri: view }, position: { line: 1, character: 6 } });
  assert.match(archived.contents.value, /^\*\*archive_admin_product_path\*\*[\s\S]*admin\/products#archive/);
  const toAction = await conn.sendRequest("textDocument/definition", { textDocument: { uri: view }, position: { line: 1, character: 6 } });
  assert.deepEqual([[toAction].flat()[0].uri, [toAction].flat()[0].range.start.line], [admin, 9], "the member_action line");
  const { apps } = await conn.sendRequest("routemap/routes", { uri: view });
  assert.ok(apps[0].routes.some((r) => r.origin === "ActiveAdmin" && r.name === "archive_admin_product"));
  await client.diagnosticsWhere(view, (ds) => ds.length === 0);
  conn.sendNotification("textDocument/didClose", { textDocument: { uri: admin } });
  conn.sendNotification("textDocument/didClose", { textDocument: { uri: view } });
});

test("ActiveAdmin's controllers have no file: hover says who defines them, definition opens the registration", async () => {
  const { conn } = client;
  const routes = uri("activeadmin/config/routes.rb");
  const text = readFileSync(join(workspace, "activeadmin/config/routes.rb"), "utf8");
  const added = text.replace('  get "home"', '  get "overview", to: "admin/products#index"\n  get "history", to: "admin/products#history"\n  get "home"');
  conn.sendNotification("textDocument/didOpen", { textDocument: { uri: routes, languageId: "ruby", version: 1, text: added } });
  const at = (line) => ({ textDocument: { uri: routes }, position: { line, character: 28 } });
  const hover = await conn.sendRequest("textDocument/hover", at(4));
  assert.match(hover.contents.value, /`Admin::ProductsController` · \*\*action\*\* `index` _\(no file: ActiveAdmin defines it as the app loads\)_/);
  const registration = [await conn.sendRequest("textDocument/definition", at(4))].flat();
  assert.deepEqual(registration.map((l) => [l.uri, l.range.start.line]), [[uri("activeadmin/app/admin/products.rb"), 0]]);
  const memberAction = [await conn.sendRequest("textDocument/definition", at(5))].flat();
  assert.deepEqual(memberAction.map((l) => [l.uri, l.range.start.line]), [[uri("activeadmin/app/admin/products.rb"), 9]], "the member_action line");
  conn.sendNotification("textDocument/didClose", { textDocument: { uri: routes } });
});

test("engine proxies: blog. from the app, main_app. from the engine", async () => {
  const { conn } = client;
  const appView = uri("engines/app/views/users/index.html.erb");
  const proxied = await conn.sendRequest("textDocument/hover", { textDocument: { uri: appView }, position: { line: 0, character: 32 } });
  assert.match(proxied.contents.value, /^\*\*new_article_path\*\*[\s\S]*blog\/articles#new/);
  const engineView = uri("engines/engines/blog/app/views/blog/articles/index.html.erb");
  const definition = await conn.sendRequest("textDocument/definition", { textDocument: { uri: engineView }, position: { line: 0, character: 32 } });
  assert.equal(definition.uri, uri("engines/config/routes.rb"));
  assert.match(line("engines/config/routes.rb", definition.range.start.line), /root "users#index"/);
});

test("an engine's routes file drawn into the app holding it: its diagnostics and hover are that app's table's", async () => {
  const { conn } = client;
  const engineRoutes = uri("held/vendor/gems/eng/config/routes.rb");
  const warned = await client.diagnosticsWhere(engineRoutes, (ds) => ds.some((d) => d.code === "missing-controller"));
  assert.deepEqual(warned.map((d) => [d.range.start.line, d.message.split(":")[0]]), [[2, "RemindersController does not exist"]], "the app's HomeController is found; the app's routing method draws");
  const hover = await conn.sendRequest("textDocument/hover", { textDocument: { uri: engineRoutes }, position: { line: 2, character: 4 } });
  assert.match(hover.contents.value, /The app's own `reminders_concern`, defined at lib\/route_extras\.rb:2/);
  assert.match(hover.contents.value, /reminders#index/);
});

test("controllers: a missing action warned in the routes file, cleared as the action is typed; lenses that open declarations", async () => {
  const { conn } = client;
  const routes = uri("shop/config/routes.rb");
  const controller = uri("shop/app/controllers/orders_controller.rb");
  const warned = await client.diagnosticsWhere(routes, (ds) => ds.some((d) => d.code === "missing-action"));
  assert.deepEqual(warned.map((d) => [d.range.start.line, d.message]), [[1, "OrdersController has no action `destroy` and no template orders/destroy"]]);
  const hint = await client.diagnosticsWhere(controller, (ds) => ds.length > 0);
  assert.deepEqual(hint.map((d) => [d.range.start.line, d.severity, d.tags, d.message]), [[3, 4, [1], "No route reaches OrdersController#refund: route a request to it, or, if it is not an action, make it private or protected (`hide_action` is gone since Rails 4.2)"]]);

  const lenses = await conn.sendRequest("textDocument/codeLens", { textDocument: { uri: controller } });
  assert.deepEqual(lenses.map((l) => [l.range.start.line, l.command.title]), [[1, "GET /orders(.:format) · orders_path"], [2, "GET /orders/:id(.:format) · order_path"]]);
  await conn.sendRequest("workspace/executeCommand", { command: lenses[1].command.command, arguments: lenses[1].command.arguments });
  assert.equal(client.shown.at(-1).uri, routes);
  assert.equal(client.shown.at(-1).selection.start.line, 1);

  const text = readFileSync(join(workspace, "shop/app/controllers/orders_controller.rb"), "utf8");
  conn.sendNotification("textDocument/didOpen", { textDocument: { uri: controller, languageId: "ruby", version: 1, text } });
  conn.sendNotification("textDocument/didChange", { textDocument: { uri: controller, version: 2 }, contentChanges: [{ text: text.replace("def refund; end", "def destroy; end") }] });
  // The edited file's answer first; the other files' once the typing pauses.
  await client.diagnosticsWhere(controller, (ds) => client.versions.get(controller) === 2 && ds.length === 0);
  assert.ok(client.diagnostics.get(routes).some((d) => d.code === "missing-action"), "the routes file is answered after the pause");
  await client.diagnosticsWhere(routes, (ds) => !ds.some((d) => d.code === "missing-action"));
  conn.sendNotification("textDocument/didClose", { textDocument: { uri: controller } });
});

// In ERB and in Haml (where a block's parameter named like a helper is not one), at the same word.
const VIEWS_WITH_A_TYPO = [
  ["shop/app/views/orders/index.html.erb", "erb", [1, 19]],
  ["shop/app/views/orders/show.html.haml", "haml", [2, 21]],
];
for (const [path, languageId, [atLine, atCharacter]] of VIEWS_WITH_A_TYPO) {
  test(`a view's unknown URL helper is an error with a suggestion, cleared once fixed (${languageId})`, async () => {
    const { conn } = client;
    const view = uri(path);
    const text = readFileSync(join(workspace, path), "utf8");
    conn.sendNotification("textDocument/didOpen", { textDocument: { uri: view, languageId, version: 1, text } });
    const errors = await client.diagnosticsWhere(view, (ds) => ds.length > 0);
    assert.deepEqual(
      errors.map((d) => [d.range.start.line, d.range.start.character, d.severity, d.message]),
      [[atLine, atCharacter, 1, "undefined method `ordrs_path': no route, direct helper or method defines it (did you mean `orders_path` or `order_path`?)"]],
    );
    conn.sendNotification("textDocument/didChange", { textDocument: { uri: view, version: 2 }, contentChanges: [{ text: text.replace("ordrs_path", "orders_path") }] });
    await client.diagnosticsWhere(view, (ds) => ds.length === 0);
    // Hover and definition on a helper work in the template as in Ruby.
    const at = { line: 0, character: text.split("\n")[0].indexOf("order_path") + 2 };
    const hover = await conn.sendRequest("textDocument/hover", { textDocument: { uri: view }, position: at });
    assert.match(hover.contents.value, /\/orders\/:id/);
    const definition = await conn.sendRequest("textDocument/definition", { textDocument: { uri: view }, position: at });
    assert.equal([definition].flat()[0].uri, uri("shop/config/routes.rb"));
    conn.sendNotification("textDocument/didClose", { textDocument: { uri: view } });
  });
}

test("URL generation over the protocol: a mailer's helper missing its :id, a record no route serves; both cleared as typed", async () => {
  const { conn } = client;
  const view = uri("shop/app/views/order_mailer/shipped.html.erb");
  const text = readFileSync(join(workspace, "shop/app/views/order_mailer/shipped.html.erb"), "utf8");
  conn.sendNotification("textDocument/didOpen", { textDocument: { uri: view, languageId: "erb", version: 1, text } });
  const missing = await client.diagnosticsWhere(view, (ds) => ds.length > 0);
  assert.deepEqual(
    missing.map((d) => [d.range.start.line, d.range.start.character, d.severity, d.code, d.message]),
    [[0, 26, 1, "missing-url-part", 'No route matches {action: "show", controller: "orders"}, missing required keys: [:id]']],
  );
  conn.sendNotification("textDocument/didChange", { textDocument: { uri: view, version: 2 }, contentChanges: [{ text: text.replace("order_url", "order_url(@order)") }] });
  await client.diagnosticsWhere(view, (ds) => ds.length === 0);
  conn.sendNotification("textDocument/didClose", { textDocument: { uri: view } });

  const controller = uri("shop/app/controllers/orders_controller.rb");
  const source = readFileSync(join(workspace, "shop/app/controllers/orders_controller.rb"), "utf8").replace("def refund; end", "def refund\n    @refund = Refund.find(params[:id])\n    redirect_to @refund\n  end");
  conn.sendNotification("textDocument/didOpen", { textDocument: { uri: controller, languageId: "ruby", version: 1, text: source } });
  const unknown = await client.diagnosticsWhere(controller, (ds) => ds.some((d) => d.code === "unknown-polymorphic-helper"));
  assert.match(unknown.find((d) => d.code === "unknown-polymorphic-helper").message, /^undefined method `refund_url': `redirect_to` calls it for this target \(the record is a Refund/);
  conn.sendNotification("textDocument/didChange", { textDocument: { uri: controller, version: 2 }, contentChanges: [{ text: source.replace("redirect_to @refund", "redirect_to orders_url") }] });
  await client.diagnosticsWhere(controller, (ds) => !ds.some((d) => d.code === "unknown-polymorphic-helper"));
  conn.sendNotification("textDocument/didClose", { textDocument: { uri: controller } });
});

// An LSP glob pattern (as "**/app/**/*.rb") as a regular expression over absolute paths.
const globRegExp = (glob) =>
  new RegExp(`^${glob.replace(/[.+^${}()|[\]\\]/g, "\\$&").replace(/\*\*\/|\*\*|\*/g, (m) => (m === "**/" ? "(?:.*/)?" : m === "**" ? ".*" : "[^/]*"))}$`);
const matchesGlob = (path, glob) => globRegExp(glob.startsWith("**") ? glob : `**/${glob}`).test(path);

test("files changed on disk: a template created outside the editor is an action at once; a helper a test's support file defines is known at once", async () => {
  const { conn } = client;
  const watched = client.registrations.filter((r) => r.method === "workspace/didChangeWatchedFiles").flatMap((r) => r.registerOptions.watchers.map((w) => w.globPattern));
  for (const path of ["shop/app/views/orders/destroy.html.haml", "shop/app/views/orders/show.json.jbuilder", "shop/spec/requests/orders_spec.rb", "shop/test/integration/orders_test.rb"]) {
    assert.ok(watched.some((glob) => matchesGlob(join(workspace, path), glob)), `${path} is watched`);
  }
  const routes = uri("shop/config/routes.rb");
  const changed = (path, type) => conn.sendNotification("workspace/didChangeWatchedFiles", { changes: [{ uri: uri(path), type }] });
  await client.diagnosticsWhere(routes, (ds) => ds.some((d) => d.code === "missing-action"));
  put("shop/app/views/orders/destroy.html.haml", "%p Gone\n");
  changed("shop/app/views/orders/destroy.html.haml", 1);
  await client.diagnosticsWhere(routes, (ds) => !ds.some((d) => d.code === "missing-action"));
  rmSync(join(workspace, "shop/app/views/orders/destroy.html.haml"));
  changed("shop/app/views/orders/destroy.html.haml", 3);
  await client.diagnosticsWhere(routes, (ds) => ds.some((d) => d.code === "missing-action"));

  // A helper a test's support file defines, written on disk: the open spec calling it is answered again.
  const spec = uri("shop/spec/requests/orders_spec.rb");
  conn.sendNotification("textDocument/didOpen", { textDocument: { uri: spec, languageId: "ruby", version: 1, text: 'RSpec.describe "Orders" do\n  it { get signin_path }\nend\n' } });
  await client.diagnosticsWhere(spec, (ds) => ds.some((d) => d.message.startsWith("undefined method `signin_path'")));
  put("shop/spec/support/paths.rb", 'module Paths\n  def signin_path = "/session/new"\nend\n');
  changed("shop/spec/support/paths.rb", 1);
  await client.diagnosticsWhere(spec, (ds) => ds.length === 0);
  conn.sendNotification("textDocument/didClose", { textDocument: { uri: spec } });
});

test("references follow the disk as the client reports it: a view written, changed, and its folder removed", async () => {
  const { conn } = client;
  const index = uri("shop/app/views/orders/index.html.erb");
  const files = async () => {
    // From `order_path(1)` in the index view: every call of the route's helper in the app.
    const found = await conn.sendRequest("textDocument/references", { textDocument: { uri: index }, position: { line: 0, character: 20 }, context: { includeDeclaration: false } });
    return [...new Set(found.map((r) => r.uri.slice(uri("shop/").length)))].sort();
  };
  const changed = (path, type) => conn.sendNotification("workspace/didChangeWatchedFiles", { changes: [{ uri: uri(path), type }] });
  const before = await files();
  assert.ok(before.includes("app/views/orders/show.html.haml") && !before.some((f) => f.startsWith("app/views/admin/")), before.join(" "));
  put("shop/app/views/admin/orders/edit.html.erb", '<%= link_to "Back", order_path(2) %>\n');
  changed("shop/app/views/admin/orders/edit.html.erb", 1);
  assert.deepEqual(await files(), ["app/views/admin/orders/edit.html.erb", ...before]);
  put("shop/app/views/admin/orders/edit.html.erb", '<%= link_to "Back", orders_path %>\n');
  changed("shop/app/views/admin/orders/edit.html.erb", 2);
  assert.deepEqual(await files(), before);
  put("shop/app/views/admin/orders/edit.html.erb", '<%= link_to "Back", order_path(2) %>\n');
  changed("shop/app/views/admin/orders/edit.html.erb", 2);
  assert.equal((await files()).length, before.length + 1);
  // The folder removed, reported as one change (as VS Code reports it).
  rmSync(join(workspace, "shop/app/views/admin"), { recursive: true });
  changed("shop/app/views/admin", 3);
  assert.deepEqual(await files(), before);
});
