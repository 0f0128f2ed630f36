// The workspace model: apps and engines found, open documents over disk, file changes and
// settings invalidating exactly the tables they affect.
import { test } from "node:test";
import assert from "node:assert/strict";
import { createNodeMapper } from "@routemap/shared-mapper/node";
import { execFileSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { Workspace, DEFAULT_SETTINGS } from "../dist/workspace.js";
import { nodeFileSystem } from "../dist/fileSystem.js";
import { memoryFs } from "./fixture.mjs";
import { appDiagnostics, fileDiagnostics } from "../dist/features/diagnostics.js";
import { scratchDir } from "../../test-fixtures/lib/scratch.mjs";

const routes = (body) => `Rails.application.routes.draw do\n${body}\nend\n`;

async function setup(files) {
  const map = new Map(Object.entries(files));
  const ws = new Workspace(memoryFs(map), await createNodeMapper());
  ws.discover(["/w"]);
  return { ws, map };
}

test("finds apps and engines, skipping dependency directories; the innermost app owns a file", async () => {
  const { ws } = await setup({
    "/w/shop/config/routes.rb": routes("  resources :carts"),
    "/w/shop/engines/billing/config/routes.rb": "Billing::Engine.routes.draw do\n  resources :invoices\nend\n",
    "/w/shop/node_modules/x/config/routes.rb": routes("  resources :nope"),
    "/w/shop/vendor/bundle/gems/y/config/routes.rb": routes("  resources :nope"),
    "/w/.git/config/routes.rb": routes(""),
    // A generator's templates: ERB a generator writes out, never loaded (nhrihub's gave syntax errors).
    "/w/shop/lib/generators/module/templates/config/routes.rb": "Rails.application.routes.draw do\n  namespace :<%= name %> do\n  end\nend\n",
    "/w/shop/lib/generators/module/templates/lib/%name%/engine.rb": "module <%= name %>\n  class Engine < ::Rails::Engine\n  end\nend\n",
  });
  assert.deepEqual(ws.apps.map((a) => a.root).sort(), ["/w/shop", "/w/shop/engines/billing"]);
  assert.equal(ws.appFor("/w/shop/engines/billing/app/models/x.rb").root, "/w/shop/engines/billing");
  assert.equal(ws.appFor("/w/shop/app/views/x.erb").root, "/w/shop");
  assert.equal(ws.appFor("/elsewhere/x.rb"), undefined);
});

test("an open document's text wins over the disk, and closing it goes back to the disk", async () => {
  const { ws } = await setup({ "/w/config/routes.rb": routes("  resources :posts, only: :index") });
  const app = ws.apps[0];
  assert.deepEqual(app.table().routes.map((r) => r.name), ["posts"]);
  assert.deepEqual(ws.documentChanged("/w/config/routes.rb", routes("  resources :tags, only: :index")), [app]);
  assert.deepEqual(app.table().routes.map((r) => r.name), ["tags"]);
  assert.deepEqual(ws.documentChanged("/w/app/views/x.erb", "<%= tags_path %>"), [], "a view does not touch the table");
  ws.documentChanged("/w/config/routes.rb", undefined);
  assert.deepEqual(app.table().routes.map((r) => r.name), ["posts"]);
});

test("drawn files created, changed or deleted on disk are picked up", async () => {
  const { ws, map } = await setup({ "/w/config/routes.rb": routes("  draw :admin") });
  const app = ws.apps[0];
  assert.equal(app.table().diagnostics[0].severity, "error");
  map.set("/w/config/routes/admin.rb", "resources :users, only: :index\n");
  assert.deepEqual(ws.fileChanged("/w/config/routes/admin.rb", "created"), [app]);
  assert.deepEqual(app.table().routes.map((r) => r.name), ["users"]);
  assert.deepEqual(app.table().diagnostics, []);
  map.delete("/w/config/routes/admin.rb");
  ws.fileChanged("/w/config/routes/admin.rb", "deleted");
  assert.equal(app.table().routes.length, 0);
});

test("Gemfile.lock, .ruby-version and settings decide the versions; settings win", async () => {
  const { ws, map } = await setup({
    "/w/config/routes.rb": routes('  get "x/:id", to: "x#y", id: /\\d+/\n  get "a", "b", to: "c#d"'),
    "/w/Gemfile.lock": "GEM\n  specs:\n    actionpack (6.1.7)\n",
  });
  const app = ws.apps[0];
  assert.equal(app.config().railsVersion, "6.1.7");
  assert.equal(app.table().routes.length, 3);
  map.set("/w/Gemfile.lock", "GEM\n  specs:\n    actionpack (8.1.0)\n");
  map.set("/w/.ruby-version", "3.4.1\n");
  assert.deepEqual(ws.fileChanged("/w/Gemfile.lock", "changed"), [app]);
  assert.equal(app.config().railsVersion, "8.1.0");
  assert.equal(app.table().diagnostics[0].message, "Wrong number of arguments (expect 1, got 2)");
  ws.settingsChanged({ ...DEFAULT_SETTINGS, railsVersion: "7.0", rubyVersion: "3.1" });
  assert.equal(app.table().routes[0].reqs, "x#y {:id=>/\\d+/}");
  assert.equal(app.table().routes.length, 3);
});

test("a new controller is seen after its file is created", async () => {
  const { ws, map } = await setup({ "/w/config/routes.rb": routes(""), "/w/app/controllers/posts_controller.rb": "class PostsController; end\n" });
  const app = ws.apps[0];
  assert.deepEqual([...app.controllers().keys()], ["posts"]);
  map.set("/w/app/controllers/admin/users_controller.rb", "class Admin::UsersController; end\n");
  ws.fileChanged("/w/app/controllers/admin/users_controller.rb", "created");
  assert.deepEqual([...app.controllers().keys()].sort(), ["admin/users", "posts"]);
});

test("on disk, a routes file that is a named pipe is never opened for a blocking read: the draw call says why its routes are missing", { skip: process.platform === "win32" }, async () => {
  const root = scratchDir("routemap-ws-");
  mkdirSync(join(root, "config/routes"), { recursive: true });
  writeFileSync(join(root, "config/routes.rb"), routes("  draw :admin\n  resources :posts, only: :index"));
  execFileSync("mkfifo", [join(root, "config/routes/admin.rb")]);
  const ws = new Workspace(nodeFileSystem, await createNodeMapper());
  ws.discover([root]);
  const table = ws.apps[0].table();
  assert.deepEqual(table.routes.map((r) => r.name), ["posts"]);
  assert.deepEqual(
    table.diagnostics.map((d) => `${d.span.start.line + 1}:${d.span.start.character + 1} ${d.severity}: ${d.message}`),
    ["2:3 warning: Routemap did not read the drawn file admin.rb: it is a named pipe (FIFO), not a regular file. The routes it draws are missing."],
  );
  // The entry itself as a pipe: reported on the file, nothing drawn, nothing blocked.
  const other = scratchDir("routemap-ws-");
  mkdirSync(join(other, "config"));
  execFileSync("mkfifo", [join(other, "config/routes.rb")]);
  const ws2 = new Workspace(nodeFileSystem, await createNodeMapper());
  ws2.discover([other]);
  assert.deepEqual(ws2.apps[0].table().diagnostics.map((d) => `${d.severity}: ${d.message}`), ["warning: Routemap did not read this file: it is a named pipe (FIFO), not a regular file."]);
});

test("the gems Gemfile.lock locks decide which gems' routing DSL exists", async () => {
  const routesText = routes('  api_version(module: "Api::V1", path: { value: "api/v1" }) do\n    resources :posts, only: :index\n  end');
  const lock = (gems) => `GEM\n  remote: https://rubygems.org/\n  specs:\n    actionpack (7.1.3)\n${gems}\nPLATFORMS\n  ruby\n\nDEPENDENCIES\n  versionist\n`;
  const { ws, map } = await setup({ "/w/config/routes.rb": routesText, "/w/Gemfile.lock": lock("    versionist (2.0.1)\n      activesupport (>= 3)\n") });
  const app = ws.apps[0];
  assert.deepEqual(app.config().gems, { actionpack: "7.1.3", versionist: "2.0.1" });
  assert.deepEqual(app.table().routes.map((r) => r.name), ["api_v1_posts"]);
  map.set("/w/Gemfile.lock", lock(""));
  ws.fileChanged("/w/Gemfile.lock", "changed");
  assert.deepEqual(app.table().routes.map((r) => r.name), ["posts"]);
  assert.match(app.table().diagnostics[0].message, /^Unknown method `api_version`/);
});

test("installed gems' engines: the locked version's own routes file, found in the bundle path or RubyGems' homes", async () => {
  const { findGemEngines } = await import("../dist/cli/gemEngines.js");
  const { readAppGems } = await import("../dist/cli/appGems.js");
  const engine = (name, cls) => `module ${cls}\n  class Engine < ::Rails::Engine\n    isolate_namespace ${cls}\n  end\nend\n`;
  const fs = memoryFs(
    new Map(
      Object.entries({
        "/w/.bundle/config": '---\nBUNDLE_PATH: "gems_here"\n',
        "/w/Gemfile.lock": "GEM\n  specs:\n    good_job (4.1.0)\n    pghero (3.6.0)\n    blazer (3.0.0)\n    activestorage (7.1.3)\n",
        "/w/gems_here/ruby/3.3.0/gems/good_job-4.1.0/config/routes.rb": "GoodJob::Engine.routes.draw do\n  root to: 'jobs#index'\nend\n",
        "/w/gems_here/ruby/3.3.0/gems/good_job-4.1.0/lib/good_job/engine.rb": engine("good_job", "GoodJob"),
        // Another version than the locked one: not this app's.
        "/home/u/.gem/ruby/3.3.0/gems/pghero-3.5.0/config/routes.rb": "PgHero::Engine.routes.draw do\nend\n",
        "/home/u/.gem/ruby/3.3.0/gems/blazer-3.0.0/config/routes.rb": "Blazer::Engine.routes.draw do\n  resources :queries\nend\n",
        "/opt/gems/gems/activestorage-7.1.3/config/routes.rb": "Rails.application.routes.draw do\nend\n",
      }),
    ),
  );
  const env = { HOME: "/home/u", GEM_HOME: "/opt/gems" };
  const gems = readAppGems("/w", { fs, env });
  assert.ok(gems.homes.some((h) => h.dir === "/w/gems_here/ruby/3.3.0"));
  const found = findGemEngines(gems);
  assert.deepEqual(
    found.map((e) => [e.routes, e.engineFile ?? null, e.external]),
    [
      ["/w/gems_here/ruby/3.3.0/gems/good_job-4.1.0/config/routes.rb", "/w/gems_here/ruby/3.3.0/gems/good_job-4.1.0/lib/good_job/engine.rb", true],
      ["/home/u/.gem/ruby/3.3.0/gems/blazer-3.0.0/config/routes.rb", null, true],
    ],
  );
  assert.deepEqual(findGemEngines(undefined), [], "without a lockfile, no version to match");
});

test("the app's configuration: read once, again when a file of it changes on disk or the environment changes", async () => {
  const application = 'require "rails/all"\nmodule Shop\n  class Application < Rails::Application\n  end\nend\n';
  const { ws, map } = await setup({
    "/w/config/routes.rb": routes("  resources :tags, only: :index"),
    "/w/config/application.rb": application,
    "/w/config/environments/production.rb": "Rails.application.configure do\n  config.active_storage.draw_routes = false\nend\n",
  });
  const app = ws.apps[0];
  const storage = () => app.table().routes.filter((r) => r.origin === "Active Storage").length;
  assert.equal(storage(), 9);
  map.set("/w/config/initializers/storage.rb", "Rails.application.config.active_storage.draw_routes = false\n");
  assert.equal(storage(), 9, "not read again before the disk says so");
  assert.deepEqual(ws.fileChanged("/w/config/initializers/storage.rb", "created"), [app]);
  assert.equal(storage(), 0);
  map.delete("/w/config/initializers/storage.rb");
  ws.fileChanged("/w/config/initializers/storage.rb", "deleted");
  assert.equal(storage(), 9);
  ws.settingsChanged({ ...DEFAULT_SETTINGS, railsEnv: "production" });
  assert.equal(storage(), 0, "production's environment file turns them off");
});

test("an engine's initializers are the app's configuration too: its inflections name the app's routes, read again as they change", async () => {
  const engine = "/w/engines/glossary";
  const { ws, map } = await setup({
    "/w/config/routes.rb": routes("  resources :cacti, only: :show"),
    "/w/config/application.rb": 'require "rails"\nmodule Shop\n  class Application < Rails::Application\n  end\nend\n',
    "/w/Gemfile.lock": "PATH\n  remote: engines/glossary\n  specs:\n    glossary (0.1.0)\n\nGEM\n  specs:\n    rails (6.1.7)\n",
    [`${engine}/config/routes.rb`]: "Glossary::Engine.routes.draw do\n  get 'terms', to: 'terms#index'\nend\n",
    [`${engine}/lib/glossary/engine.rb`]: "module Glossary\n  class Engine < ::Rails::Engine\n  end\nend\n",
    [`${engine}/config/initializers/inflections.rb`]: 'ActiveSupport::Inflector.inflections { |i| i.irregular "cactus", "cacti" }\n',
  });
  const app = ws.apps.find((a) => a.root === "/w");
  const names = () => app.table().routes.filter((r) => r.path.startsWith("/cacti")).map((r) => r.name);
  assert.deepEqual(names(), ["cactus"]);
  map.set(`${engine}/config/initializers/inflections.rb`, "# no rules\n");
  assert.ok(ws.fileChanged(`${engine}/config/initializers/inflections.rb`, "changed").includes(app));
  assert.deepEqual(names(), ["cacti"], "without the rule, Rails' own inflections");
  map.set(`${engine}/config/initializers/more.rb`, 'ActiveSupport::Inflector.inflections { |i| i.irregular "cactus", "cacti" }\n');
  assert.ok(ws.fileChanged(`${engine}/config/initializers/more.rb`, "created").includes(app), "a new initializer is listed");
  assert.deepEqual(names(), ["cactus"]);
});

// nhrihub's engines (vendor/gems/*, not isolated) draw into the app's routes and route to the
// app's controllers: Rails' autoloader finds them, so the engine's routes file, which the editor
// takes as an app of its own, must not say they do not exist (\`routemap check\` never did).
// Its diagnostics are the app's, whose table draws it after the app's own routes, with the routing
// methods the app's initializers give the mapper (nhrihub's \`file_attachment_concern\`).
test("an engine's routes to its host app's controllers: no controller said missing, and one created anywhere is found; a path gem runs in the app's bundle; the app's table reports on the engine's routes file", async () => {
  const root = scratchDir("routemap-ws-");
  const write = (path, text) => {
    mkdirSync(join(root, path, ".."), { recursive: true });
    writeFileSync(join(root, path), text);
  };
  write("Gemfile.lock", "PATH\n  remote: vendor/gems/eng\n  specs:\n    eng (0.1)\n\nGEM\n  remote: https://rubygems.org/\n  specs:\n    actionpack (6.1.7.10)\n    rails (6.1.7.10)\n      actionpack (= 6.1.7.10)\n\nPLATFORMS\n  ruby\n\nDEPENDENCIES\n  eng!\n  rails (= 6.1.7.10)\n");
  write("config/application.rb", 'require "rails"\nmodule Shop\n  class Application < Rails::Application\n  end\nend\n');
  write("config/routes.rb", routes("  get 'home', to: 'home#index'"));
  write("app/controllers/home_controller.rb", "class HomeController < ActionController::Base\n  def index; end\nend\n");
  write("app/controllers/agencies_controller.rb", "class AgenciesController < ActionController::Base\n  def destroy; end\nend\n");
  write("vendor/gems/eng/lib/eng/engine.rb", "module Eng\n  class Engine < ::Rails::Engine\n  end\nend\n");
  write("lib/route_extras.rb", "module RouteExtras\n  def reminders_concern\n    resources :reminders, only: :index\n  end\nend\n");
  write("config/initializers/route_extras.rb", "require 'route_extras'\nActionDispatch::Routing::Mapper.include RouteExtras\n");
  write("vendor/gems/eng/config/routes.rb", routes("  resources :agencies, only: :destroy\n  get 'admin', to: 'admin#show'\n  get 'notes', to: 'notes#index'\n  reminders_concern"));
  write("vendor/gems/eng/app/controllers/admin_controller.rb", "class AdminController < ActionController::Base\n  def show; end\nend\n");
  // The engine's own lockfile (for working on it alone) names a gem not installed: the app loads it
  // as a path gem, so it runs in the app's bundle, and its checks are the app's.
  write("vendor/gems/eng/Gemfile.lock", "GEM\n  remote: https://rubygems.org/\n  specs:\n    surus (0.6.4)\n\nPLATFORMS\n  ruby\n\nDEPENDENCIES\n  surus\n");
  const ws = new Workspace(nodeFileSystem, await createNodeMapper());
  ws.discover([root]);
  const engine = ws.apps.find((a) => a.root === join(root, "vendor/gems/eng"));
  const host = ws.apps.find((a) => a.root === root);
  const file = join(root, "vendor/gems/eng/config/routes.rb");
  assert.equal(ws.reporterFor(file), host, "the app that draws the engine's routes reports on them");
  assert.equal(engine.config().railsVersion, "6.1.7.10", "the app's bundle's Rails, not the default of an engine's lock without one");
  assert.equal(ws.reporterFor(join(root, "vendor/gems/eng/app/controllers/admin_controller.rb")), engine, "the engine's other files stay its own");
  const settings = { diagnostics: true, unreachedActions: false };
  assert.equal(appDiagnostics(engine, settings).get(file), undefined, "not the engine folder's table, where reminders_concern is unknown");
  const missing = () => (appDiagnostics(host, settings).get(file) ?? []).filter((d) => d.code === "missing-controller").map((d) => d.message.split(":")[0]);
  assert.deepEqual(missing(), ["NotesController does not exist", "RemindersController does not exist"], "the app's AgenciesController is found; the app's routing method draws");
  assert.deepEqual(fileDiagnostics(host, settings, file).filter((d) => d.code === "missing-controller").length, 2, "a keystroke's answer, the same");
  write("app/controllers/notes_controller.rb", "class NotesController < ActionController::Base\n  def index; end\nend\n");
  assert.ok(ws.fileChanged(join(root, "app/controllers/notes_controller.rb"), "created").includes(engine));
  assert.deepEqual(missing(), ["RemindersController does not exist"]);
});

test("an engine inside another app of the workspace is that app's: its routes drawn into the app's set are not drawn into the others'", async () => {
  const { ws } = await setup({
    "/w/held/config/routes.rb": routes('  get "home", to: "home#index"'),
    "/w/held/Gemfile.lock": "PATH\n  remote: vendor/gems/eng\n  specs:\n    eng (0.1)\n\nGEM\n  remote: https://rubygems.org/\n  specs:\n\nPLATFORMS\n  ruby\n\nDEPENDENCIES\n  eng!\n",
    "/w/held/vendor/gems/eng/lib/eng/engine.rb": "module Eng\n  class Engine < ::Rails::Engine\n  end\nend\n",
    "/w/held/vendor/gems/eng/config/routes.rb": routes('  get "eng", to: "home#index"'),
    "/w/shop/config/routes.rb": routes("  resources :orders, only: :index"),
  });
  const names = (root) => ws.apps.find((a) => a.root === root).table().routes.filter((r) => !r.internal).map((r) => r.name);
  assert.deepEqual(names("/w/held"), ["home", "eng"]);
  assert.deepEqual(names("/w/shop"), ["orders"]);
});

test("an engine anywhere in the workspace (a routes file and an engine class) gives the section of its mount", async () => {
  const { ws } = await setup({
    "/w/shop/config/routes.rb": routes('  mount Billing::Engine => "/billing"'),
    "/w/shared/billing/config/routes.rb": "Billing::Engine.routes.draw do\n  resources :invoices, only: :index\nend\n",
    "/w/shared/billing/lib/billing/engine.rb": "module Billing\n  class Engine < ::Rails::Engine\n    isolate_namespace Billing\n    engine_name 'payments'\n  end\nend\n",
    // A routes file without an engine class is another app, not an engine.
    "/w/other/config/routes.rb": routes("  resources :nope"),
  });
  const shop = ws.apps.find((a) => a.root === "/w/shop");
  const { routes: table, engines } = shop.table();
  assert.deepEqual(table.map((r) => [r.name, r.reqs]), [["payments", "Billing::Engine"]]);
  assert.deepEqual(engines.map((e) => [e.name, e.routes.map((r) => r.reqs)]), [["Billing::Engine", ["billing/invoices#index"]]]);
});

test("config.paths[\"config/routes.rb\"] set to what Routemap cannot read: config/routes.rb alone, and an information says so; a listed file outside config/routes/ that was not read is said too", async () => {
  const application = (paths) => `require "rails"\nmodule Shop\n  class Application < Rails::Application\n    ${paths}\n  end\nend\n`;
  const unknown = await setup({ "/w/config/application.rb": application('config.paths["config/routes.rb"] = RoutesList.files'), "/w/config/routes.rb": routes("  resources :posts") });
  const [app] = unknown.ws.apps;
  assert.deepEqual(app.table().diagnostics.map((d) => [d.span.start.line + 1, d.severity, d.message]), [[4, "info", "Routemap cannot read `config.paths[\"config/routes.rb\"] = RoutesList.files`: it takes config/routes.rb as the app's only routes file."]]);
  assert.equal(app.table().routes.filter((r) => !r.internal).length, 8, "config/routes.rb is still read");
  // Writes apply in order: the `concat` adds to the list the `=` made.
  const ordered = await setup({
    "/w/config/application.rb": application('config.paths["config/routes.rb"] = %w(config/routes/first.rb config/routes.rb)\n    config.paths["config/routes.rb"].concat(["config/routes/last.rb"])'),
    "/w/config/routes.rb": routes('  get "middle", to: "pages#middle"'),
    "/w/config/routes/first.rb": routes('  get "first", to: "pages#first"'),
    "/w/config/routes/last.rb": routes('  get "last", to: "pages#last"'),
  });
  assert.deepEqual(ordered.ws.apps[0].table().routes.filter((r) => !r.internal).map((r) => r.name), ["first", "middle", "last"]);
  // `Rails::Paths::Path` has no `+` (railties 6.1 to 8.1: Debian's 6.1 raises NoMethodError at `+=` as the app boots).
  const plus = await setup({ "/w/config/application.rb": application('config.paths["config/routes.rb"] += ["config/routes/last.rb"]'), "/w/config/routes.rb": routes("  resources :posts") });
  assert.deepEqual(plus.ws.apps[0].table().diagnostics.map((d) => [d.span.start.line + 1, d.severity, d.code]), [[4, "error", "no-method-error"]]);
  assert.match(plus.ws.apps[0].table().diagnostics[0].message, /^undefined method .\+. for .*Rails::Paths::Path/);
  const outside = await setup({ "/w/config/application.rb": application('config.paths["config/routes.rb"] << "config/more_routes.rb"'), "/w/config/routes.rb": routes("  resources :posts") });
  assert.deepEqual(outside.ws.apps[0].table().diagnostics.map((d) => d.message), ['Routemap does not read config/more_routes.rb, which config.paths["config/routes.rb"] lists: its routes are missing.']);
});

test("an engine the app keeps in lib/ and draws in its own routes: its class read for isolate_namespace and engine_name; its controllers' helpers and hashes, and those of the app's controllers that inherit them, are not the app's mistakes", async () => {
  const { ws } = await setup({
    "/w/Gemfile.lock": "GEM\n  specs:\n",
    "/w/config/application.rb": 'require "rails"\nrequire "action_controller/railtie"\nmodule Shop\n  class Application < Rails::Application\n  end\nend\n',
    "/w/config/routes.rb": routes('  mount Store::Core::Engine, at: "/"\n  resources :posts, only: :index') + "Store::Core::Engine.routes.draw do\n  namespace :admin do\n    resources :products, only: [:index, :edit]\n  end\nend\n",
    // Its namespace is Store, not Store::Core: the controllers are store/admin/products.
    "/w/lib/store/core/engine.rb": "module Store\n  module Core\n    class Engine < ::Rails::Engine\n      isolate_namespace Store\n      engine_name 'store'\n    end\n  end\nend\n",
    "/w/app/controllers/application_controller.rb": "class ApplicationController < ActionController::Base\nend\n",
    "/w/app/controllers/store/admin/products_controller.rb": "module Store\n  module Admin\n    class ProductsController < ApplicationController\n      def index\n        redirect_to action: :edit, id: 1\n      end\n      def edit; end\n    end\n  end\nend\n",
    "/w/app/views/store/admin/products/index.html.erb": "<%= link_to 'Products', admin_products_path %> <%= link_to 'Typo', admin_productz_path %>\n",
    // An app controller outside the engine's namespace that inherits one inside it (openfoodnetwork's
    // Admin::ResourceController < Spree::Admin::BaseController): the engine's helpers stay included.
    "/w/app/controllers/admin/reports_controller.rb": "module Admin\n  class ReportsController < Store::Admin::ProductsController\n    def index; end\n  end\nend\n",
    "/w/app/views/admin/reports/index.html.erb": "<%= link_to 'Products', admin_products_path %> <%= link_to 'Typo', admin_productz_path %>\n",
  });
  const [app] = ws.apps;
  const { engines } = app.table();
  assert.deepEqual(engines.map((e) => [e.name, e.routes.map((r) => r.reqs)]), [["Store::Core::Engine", ["store/admin/products#index", "store/admin/products#edit"]]]);
  assert.deepEqual(app.table().routes.filter((r) => !r.internal).map((r) => r.name), ["store", "posts"]);
  const { helperCallDiagnostics } = await import("../dist/features/helperCalls.js");
  const context = app.helperCheck();
  const messages = (path) => helperCallDiagnostics(ws.mapper, context, path, ws.text(path)).map((d) => d.message);
  assert.deepEqual(messages("/w/app/controllers/store/admin/products_controller.rb"), [], "the engine's route takes the hash");
  assert.deepEqual(messages("/w/app/views/store/admin/products/index.html.erb"), ["undefined method `admin_productz_path': no route, direct helper or method defines it (did you mean `admin_products_path` or `edit_admin_product_path`?)"]);
  assert.deepEqual(messages("/w/app/views/admin/reports/index.html.erb"), ["undefined method `admin_productz_path': no route, direct helper or method defines it (did you mean `admin_products_path` or `edit_admin_product_path`?)"]);
});

test("controllers, templates and the names the app defines follow edits and files that appear, one file at a time", async () => {
  const { ws, map } = await setup({
    "/w/Gemfile.lock": "GEM\n  specs:\n",
    "/w/config/routes.rb": routes('  resources :posts, only: [:index, :show]\n  get "about", to: "pages#about"'),
    "/w/app/controllers/application_controller.rb": "class ApplicationController < ActionController::Base\nend\n",
    "/w/app/controllers/posts_controller.rb": "class PostsController < ApplicationController\n  def index; end\nend\n",
    "/w/app/views/posts/index.html.erb": "<%= link_to 'x', back_home_path %>\n",
  });
  const app = ws.apps[0];
  const action = (c, a) => app.controllerModel().action(c, a)?.exists;
  assert.equal(action("posts", "show"), false);
  // An edit in the editor: the controller's text, not the disk's.
  ws.documentChanged("/w/app/controllers/posts_controller.rb", "class PostsController < ApplicationController\n  def index; end\n  def show; end\nend\n");
  assert.equal(action("posts", "show"), true);
  // A controller and a template that appear on disk.
  assert.equal(action("pages", "about"), undefined);
  map.set("/w/app/controllers/pages_controller.rb", "class PagesController < ApplicationController\nend\n");
  ws.fileChanged("/w/app/controllers/pages_controller.rb", "created");
  assert.equal(action("pages", "about"), false);
  map.set("/w/app/views/pages/about.html.erb", "<h1>About</h1>\n");
  ws.fileChanged("/w/app/views/pages/about.html.erb", "created");
  assert.equal(action("pages", "about"), true);
  // A helper the app comes to define: the view's call is no longer unknown.
  assert.equal(app.helperCheck().defined.has("back_home_path"), false);
  ws.documentChanged("/w/app/helpers/navigation_helper.rb", "module NavigationHelper\n  def back_home_path = root_path\nend\n");
  assert.equal(app.helperCheck().defined.has("back_home_path"), true);
  ws.documentChanged("/w/app/helpers/navigation_helper.rb", undefined);
  assert.equal(app.helperCheck().defined.has("back_home_path"), false, "closed, and not on disk: gone");
});

test("config/routes/: a file is read when the table draws it, and again only when it changed on disk", async () => {
  const map = new Map(Object.entries({
    "/w/config/routes.rb": routes("  draw :admin\n  resources :posts, only: :index"),
    "/w/config/routes/admin.rb": "namespace :admin do\n  resources :users, only: :index\nend\n",
    ...Object.fromEntries(Array.from({ length: 60 }, (_, i) => [`/w/config/routes/undrawn_${i}.rb`, `get "/x${i}", to: "x#y"\n`.repeat(1000)])),
  }));
  const versions = new Map();
  const reads = [];
  const base = memoryFs(map);
  const fs = { ...base, readFile: (p) => (reads.push(p), base.readFile(p)), version: (p) => (map.has(p) ? `${versions.get(p) ?? 0}` : undefined) };
  const ws = new Workspace(fs, await createNodeMapper());
  ws.watching = true;
  ws.discover(["/w"]);
  const app = ws.apps[0];
  assert.deepEqual(app.table().routes.map((r) => r.name), ["admin_users", "posts"]);
  const drawReads = () => reads.filter((p) => p.startsWith("/w/config/routes/"));
  assert.deepEqual(drawReads(), ["/w/config/routes/admin.rb"]);
  // Keystrokes in routes.rb: the drawn file is not read again, the undrawn ones never.
  for (let i = 0; i < 5; i++) {
    ws.documentChanged("/w/config/routes.rb", routes(`  draw :admin\n  resources :posts, only: :index\n# ${i}`));
    assert.equal(app.table().routes.length, 2);
  }
  assert.deepEqual(drawReads(), ["/w/config/routes/admin.rb"]);
  // It changes on disk: read again; a new file appears: listed and drawn.
  map.set("/w/config/routes/admin.rb", "namespace :admin do\n  resources :roles, only: :index\nend\n");
  versions.set("/w/config/routes/admin.rb", 1);
  ws.fileChanged("/w/config/routes/admin.rb", "changed");
  assert.deepEqual(app.table().routes.map((r) => r.name), ["admin_roles", "posts"]);
  map.set("/w/config/routes/shop.rb", 'get "/shop", to: "shop#index"\n');
  ws.fileChanged("/w/config/routes/shop.rb", "created");
  ws.documentChanged("/w/config/routes.rb", routes("  draw :admin\n  draw :shop"));
  assert.deepEqual(app.table().routes.map((r) => r.name), ["admin_roles", "shop"]);
  assert.deepEqual(drawReads(), ["/w/config/routes/admin.rb", "/w/config/routes/admin.rb", "/w/config/routes/shop.rb"]);
});

test("one app is one app: a nested routes file is an app only with its own application.rb, as an engine, or as a drawing app with a Gemfile", async () => {
  const engineClass = "module Blog\n  class Engine < ::Rails::Engine\n  end\nend\n";
  const { ws } = await setup({
    "/w/Gemfile": "",
    "/w/config/application.rb": "",
    "/w/config/routes.rb": routes("  resources :issues"),
    // Redmine's plugins: a fragment the app's draw evaluates, with or without a Gemfile of its own.
    "/w/plugins/sample/config/routes.rb": "match 'projects/:id/hello', :to => 'example#say_hello', :via => 'get'\nresources 'meetings'\n",
    "/w/plugins/with_gems/Gemfile": "gem 'x'\n",
    "/w/plugins/with_gems/config/routes.rb": "get 'x', to: 'x#y'\n",
    "/w/extra/sample_plugin/config/routes.rb": "match 'projects/:id/bye', :to => 'example#say_goodbye', :via => 'get'\n",
    // An engine the app keeps, and one elsewhere with its class; its test/dummy is an app.
    "/w/engines/billing/config/routes.rb": "Billing::Engine.routes.draw do\n  resources :invoices\nend\n",
    "/w/lib/blog/config/routes.rb": "Blog::Engine.routes.draw do\n  resources :articles\nend\n",
    "/w/lib/blog/lib/blog/engine.rb": engineClass,
    "/w/lib/blog/test/dummy/config/application.rb": "",
    "/w/lib/blog/test/dummy/config/routes.rb": routes('  mount Blog::Engine => "/blog"'),
    // Another app of its own in the tree (a monorepo's second app).
    "/w/admin/Gemfile": "",
    "/w/admin/config/routes.rb": routes("  resources :users"),
  });
  assert.deepEqual(ws.apps.map((a) => a.root).sort(), ["/w", "/w/admin", "/w/engines/billing", "/w/lib/blog", "/w/lib/blog/test/dummy"]);
  // The plugins' files belong to the app: no table of their own, no diagnostics of a table.
  assert.equal(ws.appFor("/w/plugins/sample/config/routes.rb").root, "/w");
  assert.equal(ws.appFor("/w/plugins/sample/config/routes.rb").isRoutesFile("/w/plugins/sample/config/routes.rb"), false);
  // A plugin routes file created later is not made an app either; an app's is.
  ws.fileChanged("/w/plugins/later/config/routes.rb", "created");
  assert.equal(ws.apps.some((a) => a.root === "/w/plugins/later"), false);
});

test("the Gemfile decides which path gems' engines are drawn: a change to it draws them again", async () => {
  const { ws, map } = await setup({
    "/w/config/routes.rb": routes('  get "ping", to: "ping#index"'),
    "/w/config/application.rb": 'require "rails"\nBundler.require(*Rails.groups)\n',
    "/w/Gemfile": 'gem "extras", path: "plugins/extras", require: false\n',
    "/w/Gemfile.lock": "PATH\n  remote: plugins/extras\n  specs:\n    extras (0.1.0)\n\nGEM\n  specs:\n    actionpack (6.1.7)\n",
    "/w/plugins/extras/lib/extras.rb": "module Extras\n  class Engine < ::Rails::Engine\n  end\nend\n",
    "/w/plugins/extras/config/routes.rb": routes("  resources :extras, only: :index"),
  });
  const app = ws.apps.find((a) => a.root === "/w");
  const names = () => app.table().routes.map((r) => r.name).filter((n) => !n.startsWith("rails_info"));
  assert.deepEqual(names(), ["ping"]);
  assert.deepEqual(app.table().diagnostics.map((d) => `${d.span.file} ${d.code}`), ["/w/plugins/extras/config/routes.rb engine-not-loaded"]);
  map.set("/w/Gemfile", 'gem "extras", path: "plugins/extras"\n');
  // The app, and the engine folder inside it, which runs in the app's bundle.
  assert.deepEqual(ws.fileChanged("/w/Gemfile", "changed").map((a) => a.root).sort(), ["/w", "/w/plugins/extras"]);
  assert.deepEqual(names(), ["ping", "extras"]);
});

test("a table replaced by an edit is not kept once the new one is made (it stood in only while that was made)", async () => {
  const { ws } = await setup({ "/w/config/routes.rb": routes("  resources :posts, only: :index") });
  const app = ws.apps[0];
  const first = new WeakRef(app.table());
  ws.documentChanged("/w/config/routes.rb", routes("  resources :tags, only: :index"));
  assert.deepEqual(app.table().routes.map((r) => r.name), ["tags"]);
  // V8's collector, exposed to a fresh context only (as server/src/memory.ts takes it); a WeakRef
  // is cleared only after the turn that made or read it, hence the await between.
  setFlagsFromString("--expose-gc");
  const gc = runInNewContext("gc");
  setFlagsFromString("--no-expose-gc");
  await new Promise((resolve) => setImmediate(resolve));
  gc();
  assert.equal(first.deref(), undefined, "the first table is still held");
});

test("the rehearsal of an edit (a route more before the drawn files, table dropped) leaves the keystrokes after it the tables a fresh map makes", async () => {
  const drawn = {
    "/w/config/routes/shop.rb": "resources :products do\n  get :preview, on: :member\nend\nresources :orders, only: %i[index show]\n",
    "/w/config/routes/admin.rb": "namespace :admin do\n  resources :users, only: %i[index destroy]\nend\n",
  };
  const entry = (before) => routes(`${before}  root "home#index"\n  draw :shop\n  draw :admin`);
  const { ws } = await setup({ "/w/config/routes.rb": entry(""), ...drawn });
  const app = ws.apps[0];
  const rows = (result) => ({
    routes: result.routes.map((r) => `${r.name ?? ""} ${r.verb} ${r.path} ${r.controller}#${r.action} ${r.source.file}:${r.source.start.line}:${r.source.start.character}`),
    calls: result.declarations.map((d) => `${d.file}:${d.span.start.line} ${d.method} ${d.routeRange.join("-")}`),
    diagnostics: result.diagnostics,
  });
  const before = rows(app.table());
  app.rehearseEdit();
  assert.deepEqual(rows(app.table()), before, "the table is not the rehearsal's");
  // Keystrokes after it: one route more before the drawn files (as rehearsed), three more, none, one fewer than at first.
  for (const added of ['  get "/a", to: "a#a"\n', '  get "/a", to: "a#a"\n  get "/b", to: "b#b"\n  get "/c", to: "c#c"\n', "", null]) {
    const text = added === null ? routes('  draw :shop\n  draw :admin') : entry(added);
    ws.documentChanged("/w/config/routes.rb", text);
    const got = rows(app.table());
    assert.equal(app.drawMemo.replayed, 2, "the drawn files are replayed, not evaluated");
    const fresh = (await setup({ "/w/config/routes.rb": text, ...drawn })).ws.apps[0];
    assert.deepEqual(got, rows(fresh.table()), `after the rehearsal, with ${JSON.stringify(added)} before the drawn files`);
  }
});

test("the names the app's files define are read a batch at a time as the app is prepared, and a file changed meanwhile is read again", async () => {
  const { workspaceFor } = await import("./fixture.mjs");
  const { ws, files, app } = await workspaceFor(`
//- config/routes.rb
Rails.application.routes.draw do
  resources :posts, only: :index
end
//- app/controllers/posts_controller.rb
class PostsController < ApplicationController
  def index; end
end
//- app/controllers/application_controller.rb
class ApplicationController < ActionController::Base
end
//- app/helpers/promo_helper.rb
module PromoHelper
  def promo_path = "/promo"
end
//- app/views/posts/index.html.erb
<%= link_to "Promo", promo_path %>
<%= link_to "Other", other_path %>
//- Gemfile.lock
GEM
  specs:
    actionpack (7.1.3)

//- vendor/bundle/ruby/3.3.0/gems/actionpack-7.1.3/lib/action_dispatch.rb
module ActionDispatch
end
`);
  const helper = "/app/app/helpers/promo_helper.rb";
  const view = "/app/app/views/posts/index.html.erb";
  const { fileProblems } = await import("../dist/features/appProblems.js");
  const undefinedIn = () => {
    const check = app.helperCheck();
    assert.ok(!("unchecked" in check), JSON.stringify(check));
    return fileProblems(ws.mapper, check, app.root, view, files.get(view)).filter((d) => d.severity === "error").map((d) => /(\w+_path)/.exec(d.message)?.[1]).sort();
  };
  let pauses = 0;
  // Changed before the names are read (`middle_path`), then after (`other_path`): the last text counts.
  await app.prepare(async () => {
    if (++pauses >= 2) {
      files.set(helper, `module PromoHelper\n  def ${pauses === 2 ? "middle" : "other"}_path = "/other"\nend\n`);
      app.fileTextChanged(helper);
    }
    await new Promise((resolve) => setImmediate(resolve));
  });
  assert.ok(pauses >= 3, `the names were read between pauses (${pauses})`);
  assert.ok(app.modelReady());
  assert.deepEqual(undefinedIn(), ["promo_path"]);
});
