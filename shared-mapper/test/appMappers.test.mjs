// The app's own changes to Rails' mapper (shared-mapper/src/dsl/appMappers.ts): a module its
// initializers prepend or include, and methods defined in the Mapper itself (an initializer's or the
// routes file's reopening), replace the DSL method of the same name (Rails' DSL lives in modules
// Mapper includes first), and `super` goes on along Ruby's lookup to Rails'. Rails' answers: the
// fixture apps test-fixtures/apps/mapper-extensions and mapper-reopened; here, what Routemap says
// where it does not follow a change, and that a drawn file's recording is replayed unless such a
// module replaces one of the DSL methods it calls.
import { test } from "node:test";
import assert from "node:assert/strict";
import { DrawMemo } from "@routemap/shared-mapper";
import { mapper } from "./helpers.mjs";

const APPLICATION = 'module Shop\n  class Application < Rails::Application\n    config.load_defaults 6.1\n    config.autoload_paths << Rails.root.join("lib").to_s\n  end\nend\n';

/** Maps the app of `files` (paths under /app), through `memo` if given. */
async function mapApp(files, memo) {
  const prefixed = Object.fromEntries(Object.entries({ "config/application.rb": APPLICATION, ...files }).map(([path, text]) => [`/app/${path}`, text]));
  const result = (await mapper()).map({ entry: "/app/config/routes.rb", files: prefixed, options: { railsVersion: "6.1", rubyVersion: "3.1" } }, memo ? { memo } : undefined);
  return {
    // Each with the conditions, Routemap could not decide, it was drawn under.
    rows: result.routes.filter((r) => !r.path.startsWith("/rails/")).map((r) => `${r.name ?? ""} ${r.verb} ${r.path} ${r.reqs}`.trim() + (r.conditions ?? []).map((c) => ` [${c.holds ? "" : "not "}${c.text}]`).join("")),
    diagnostics: result.diagnostics.map((d) => `${d.span.file.replace("/app/", "")}:${d.span.start.line}: ${d.severity}: ${d.message}`),
  };
}

const draw = (body) => `Rails.application.routes.draw do\n${body}\nend\n`;

test("a module the app's initializer includes: its methods are the routes', and one named as a DSL method replaces Rails'", async () => {
  const { rows, diagnostics } = await mapApp({
    "config/initializers/routing.rb": "ActionDispatch::Routing::Mapper.include(AdminRoutes)\n",
    "lib/admin_routes.rb": 'module AdminRoutes\n  def admin_get(path)\n    get "admin/#{path}", to: "admin##{path}"\n  end\n\n  def root(*args)\n    get "home", to: "home#index", as: :home\n    super\n  end\nend\n',
    "config/routes.rb": draw('  admin_get "jobs"\n  root "pages#index"'),
  });
  assert.deepEqual(rows, ["admin_jobs GET /admin/jobs(.:format) admin#jobs", "home GET /home(.:format) home#index", "root GET / pages#index"]);
  assert.deepEqual(diagnostics, []);
});

test("a change to the mapper Routemap cannot follow is said at the initializer's statement, never taken as an error; a reopening and a class_eval block are run", async () => {
  const { rows, diagnostics } = await mapApp({
    "config/initializers/routing.rb":
      "ActionDispatch::Routing::Mapper.prepend(VendorGem::RoutePatch)\n" +
      "class ActionDispatch::Routing::Mapper\n  def draw_all(*names)\n    names.each { |n| get n.to_s, to: \"pages##{n}\" }\n  end\nend\n" +
      "ActionDispatch::Routing::Mapper.class_eval do\n  def hidden = get(\"hidden\", to: \"a#b\")\nend\n" +
      'ActionDispatch::Routing::Mapper.class_eval(<<~RUBY)\n  def built = get("built", to: "a#b")\nRUBY\n',
    "config/routes.rb": draw('  draw_all :about, :terms\n  get "a", to: "a#b"\n  hidden\n  built'),
  });
  assert.deepEqual(rows, ["about GET /about(.:format) pages#about", "terms GET /terms(.:format) pages#terms", "a GET /a(.:format) a#b", "hidden GET /hidden(.:format) a#b"]);
  assert.deepEqual(diagnostics, [
    "config/initializers/routing.rb:0: info: Routemap does not follow this change to Rails' mapper (`VendorGem::RoutePatch`, which no file Routemap reads defines): the routes that call the methods it adds or changes may draw differently in Rails.",
    "config/initializers/routing.rb:9: info: Routemap does not read methods defined in Rails' mapper here: the routes that call the methods it adds or changes may draw differently in Rails.",
    "config/routes.rb:4: info: Unknown method `built`: Routemap does not know what it returns (or which routes it adds); its value is unknown.",
  ]);
});

test("a drawn file is replayed while the app's modules replace none of the DSL methods it calls", async () => {
  const files = (extra) => ({
    "config/initializers/routing.rb": "ActionDispatch::Routing::Mapper.send(:include, Extra)\n",
    "lib/extra.rb": `module Extra\n${extra}\nend\n`,
    "config/routes.rb": draw("  draw :shop"),
    "config/routes/shop.rb": "resources :products, only: :index\n",
  });
  const memo = new DrawMemo();
  const helper = '  def shop_extras = get("extras", to: "shop#extras")';
  assert.deepEqual((await mapApp(files(helper), memo)).rows, ["products GET /products(.:format) products#index"]);
  await mapApp(files(helper), memo);
  assert.equal(memo.replayed, 1, "replayed: the module defines no method the file calls");
  const replaced = '  def resources(*names) = get("replaced", to: "a#b")';
  assert.deepEqual((await mapApp(files(replaced), memo)).rows, ["replaced GET /replaced(.:format) a#b"]);
  assert.deepEqual([memo.replayed, memo.evaluated], [0, 1], "evaluated: the module replaces `resources`");
});

const ADMIN_ROUTES = 'module AdminRoutes\n  def admin_area\n    get "admin", to: "admin#index"\n  end\n\n  def root(*args)\n    get "admin/home", to: "admin#home"\n  end\nend\n';

test("a change to the mapper under a condition Routemap cannot decide: what its methods draw carries the condition, and without it Rails' own method runs, or Rails raises", async () => {
  const { rows, diagnostics } = await mapApp({
    "config/initializers/routing.rb": "if Feature.on?(:admin)\n  ActionDispatch::Routing::Mapper.include(AdminRoutes)\nend\n",
    "lib/admin_routes.rb": ADMIN_ROUTES,
    "config/routes.rb": draw('  admin_area\n  root "pages#home"'),
  });
  assert.deepEqual(rows, ["admin GET /admin(.:format) admin#index [Feature.on?(:admin)]", "admin_home GET /admin/home(.:format) admin#home [Feature.on?(:admin)]", "root GET / pages#home [not Feature.on?(:admin)]"]);
  assert.deepEqual(diagnostics, [
    "config/initializers/routing.rb:0: info: Routemap cannot decide `Feature.on?(:admin)` (a method Routemap does not model): it follows both branches, and marks what each draws with the condition.",
    "config/routes.rb:1: info: undefined method `admin_area` for Rails' mapper (NameError): `AdminRoutes`, which defines it, is put into the mapper only where `Feature.on?(:admin)` holds.\n(Rails raises this only where `Feature.on?(:admin)` does not hold, which Routemap cannot decide.)",
  ]);
});

test("a change to the mapper whose condition is decided against it is not made: the routes calling its methods meet Rails' NameError", async () => {
  const { rows, diagnostics } = await mapApp({
    "config/initializers/routing.rb": 'ActionDispatch::Routing::Mapper.include(AdminRoutes) if Rails.env.production?\nnil && ActionDispatch::Routing::Mapper.prepend(AdminRoutes)\n',
    "lib/admin_routes.rb": ADMIN_ROUTES,
    "config/routes.rb": draw('  admin_area\n  root "pages#home"'),
  });
  assert.deepEqual(rows, ["root GET / pages#home"]);
  assert.deepEqual(diagnostics, [
    "config/routes.rb:1: error: undefined method `admin_area` for Rails' mapper (NameError): `AdminRoutes`, which defines it, is put into the mapper only where `Rails.env.production?` holds, which it does not as the app boots.",
  ]);
});

test("the mapper changed in the routes file (`include`, `extend`) under a condition Routemap cannot decide: only where it holds; a `case` branch is such a condition too", async () => {
  const { rows } = await mapApp({
    "config/initializers/routing.rb": "case Feature.level\nwhen :full\n  ActionDispatch::Routing::Mapper.include(AdminRoutes)\nend\n",
    "lib/admin_routes.rb": ADMIN_ROUTES,
    "lib/shop_routes.rb": 'module ShopRoutes\n  def shop\n    get "shop", to: "shop#index"\n  end\nend\n',
    "lib/tool_routes.rb": 'module ToolRoutes\n  def tools\n    get "tools", to: "tools#index"\n  end\nend\n',
    "config/routes.rb": "ActionDispatch::Routing::Mapper.include(ToolRoutes) if Feature.on?(:tools)\n" + draw('  extend ShopRoutes if Feature.on?(:shop)\n  shop\n  admin_area\n  tools'),
  });
  assert.deepEqual(rows, ["shop GET /shop(.:format) shop#index [Feature.on?(:shop)]", "admin GET /admin(.:format) admin#index [case Feature.level when :full]", "tools GET /tools(.:format) tools#index [Feature.on?(:tools)]"]);
});

test("a `def` of a draw block is that mapper's: a file the draw loads has it; an engine's draw and an `append` block, each with a mapper of its own, do not", async () => {
  // Rails 6.1, this app booted (RouteSet#eval_block: `Mapper.new(self).instance_exec(&block)`):
  // admin_a, admin_b, then `after` and `appended`, and the engine's `own` and `rescued`: the two
  // calls in the other mappers raise NoMethodError, which their `rescue` takes. Routemap cannot
  // be sure that no gem gives the mapper such a method: the call is unknown, never the other draw's.
  const { rows, diagnostics } = await mapApp({
    "config/routes.rb":
      "module Blog\n  class Engine < ::Rails::Engine\n    isolate_namespace Blog\n  end\nend\n" +
      draw('  def admin_get(path)\n    get path, to: "admin#x", as: "admin_#{path}"\n  end\n  admin_get "a"\n  draw :extra\n  mount Blog::Engine, at: "/blog"') +
      'Blog::Engine.routes.draw do\n  get "own", to: "posts#own"\n  admin_get "c" rescue get "rescued", to: "posts#rescued"\nend\n' +
      'Rails.application.routes.append do\n  get "after", to: "x#after"\n  admin_get "d" rescue get "appended", to: "x#appended"\nend\n',
    "config/routes/extra.rb": 'admin_get "b"\n',
  });
  assert.deepEqual(rows, ["admin_a GET /a(.:format) admin#x", "admin_b GET /b(.:format) admin#x", "blog  /blog Blog::Engine", "after GET /after(.:format) x#after"]);
  assert.deepEqual(diagnostics, [
    "config/routes.rb:15: info: Unknown method `admin_get`: Routemap does not know what it returns (or which routes it adds); its value is unknown. A draw block defines `admin_get`, but as its own mapper's method, and this draw runs on a mapper of its own.",
    "config/routes.rb:19: info: Unknown method `admin_get`: Routemap does not know what it returns (or which routes it adds); its value is unknown. A draw block defines `admin_get`, but as its own mapper's method, and this draw runs on a mapper of its own.",
  ]);
  // The `def` is the diagnostic's related information.
  const text = draw('  def admin_get(path) = get(path, to: "admin#x")\n  admin_get "a"') + 'Rails.application.routes.append do\n  admin_get "d"\nend\n';
  const [said] = (await mapper()).map({ entry: "/app/config/routes.rb", files: { "/app/config/application.rb": APPLICATION, "/app/config/routes.rb": text }, options: { railsVersion: "6.1" } }).diagnostics;
  assert.deepEqual(said.related.map((r) => [r.message, r.span.start.line, r.span.start.character]), [["`admin_get`, a method of another draw's mapper", 1, 2]]);
});
