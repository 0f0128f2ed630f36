// Avo's `mount_avo` (gems/avo.ts, avo-hq/avo lib/avo/engine.rb at v3.32.4): Avo::Engine mounted
// at `Avo.configuration.root_path` (the app's `Avo.configure`, else "/avo"; "" for "/"), then,
// in `scope at`, the engines Avo's plugin gems register with `Avo.plugin_manager.mount_engine`
// in their `on_load(:avo_boot)` hooks. Avo cannot boot on Debian's Rails 6.1 (it needs
// view_component, turbo-rails, pagy… which Debian lacks), so these expectations follow the
// source's lines, named in avo.ts's header: engine.rb 54-70 (`mount_avo`), configuration.rb 64
// and 180-184 (`root_path`), 321-331 (`configure`), plugin_manager.rb 60-62 (`mount_engine`),
// avo.rb 83-90 (`boot` resets the manager, then runs the `:avo_boot` hooks).
// Expectations: shared-mapper/test/expect/avo.txt (UPDATE_EXPECT=1 rewrites it).
import { test } from "node:test";
import { join } from "node:path";
import { expectText, mapper, renderAnnotated } from "./helpers.mjs";

const EXPECT = join(import.meta.dirname, "expect", "avo.txt");

const plugin = (gem, text, extra = {}) => ({ gem, version: "3.32.4", files: { [`/gems/${gem}-3.32.4/lib/${gem.replace(/-/g, "/")}/engine.rb`]: text }, ...extra });
const hook = (body) => `module Avo\n  module Feed\n    class Engine < ::Rails::Engine\n      initializer "avo-feed.init" do\n        ActiveSupport.on_load(:avo_boot) do\n${body}\n        end\n      end\n    end\n  end\nend`;

/** Each case: the routes (inside `draw`), the app's files, and the locked gems that depend on avo (undefined: the host does not know). */
const CASES = [
  {
    name: "no configuration and no plugin gem: /avo, named avo; the scope adds nothing",
    routes: `mount_avo`,
    plugins: [],
  },
  {
    name: "the app's root_path, inside the app's scopes and constraints",
    routes: `constraints(subdomain: "admin") do\n  scope :internal, as: :internal do\n    mount_avo\n  end\nend`,
    files: { "config/initializers/avo.rb": "Avo.configure do |config|\n  config.root_path = '/admin'\n  config.app_name = 'Shop'\nend" },
    plugins: [],
  },
  {
    name: "root_path '/' is '' (Avo's reader), Avo.configuration's writer read too; at: and as: given win",
    routes: `mount_avo\nmount_avo at: "/backstage", as: :backstage`,
    files: { "config/initializers/avo.rb": "Avo.configuration.root_path = '/'" },
    plugins: [],
  },
  {
    name: "a root_path a method computes that raises after a statement: Ruby never gets a value (the app does not boot), so mount_avo is left out, said with why; the rest is drawn",
    routes: `scope :a do\n  mount_avo\nend\nget "/up", to: "health#show", as: :up`,
    files: { "config/initializers/avo.rb": "module Paths\n  def self.raising\n    raise ArgumentError, 'no path'\n    '/admin'\n  end\nend\nAvo.configure do |config|\n  config.root_path = Paths.raising\nend" },
    plugins: [],
  },
  {
    name: "a root_path in begin … end (no rescue) runs as it stands: not a condition",
    routes: `mount_avo`,
    files: { "config/initializers/avo.rb": "begin\n  begin\n    Avo.configuration.root_path = '/deep'\n  end\nend" },
    plugins: [],
  },
  {
    name: "a root_path past Routemap's steps (a long loop in the expression): that value alone is unknown, not the map",
    routes: `mount_avo\nget "/up", to: "health#show", as: :up`,
    files: { "config/initializers/avo.rb": "Avo.configure do |config|\n  config.root_path = (n = 0; n += 1 while n < 10_000_000; '/admin')\nend" },
    plugins: [],
  },
  {
    name: "a root_path larger than Routemap evaluates",
    routes: `mount_avo`,
    files: { "config/initializers/avo.rb": "Avo.configure do |config|\n  config.root_path = '/' + 'a' * 5_000_000\nend" },
    plugins: [],
  },
  {
    name: "a root_path under a condition: mount_avo is left out, its names open",
    routes: `namespace :admin do\n  mount_avo\nend\nget "/up", to: "health#show", as: :up`,
    files: { "config/initializers/avo.rb": "Avo.configure do |config|\n  config.root_path = '/staff' if ENV['STAFF']\nend" },
    plugins: [],
  },
  {
    name: "a plugin gem's engine, from its on_load(:avo_boot) hook, mounted under the root path",
    routes: `mount_avo`,
    files: { "config/initializers/avo.rb": "Avo.configure { |config| config.root_path = '/admin' }" },
    plugins: [
      plugin("avo-feed", hook(`          Avo.plugin_manager.register :feed\n          Avo.plugin_manager.mount_engine Avo::Feed::Engine, at: "/feed", as: "avo_feed"`)),
      plugin("avo-menu", "module Avo\n  module Menu\n  end\nend"),
      plugin("avo-pro", hook(`          Avo.plugin_manager.mount_engine Avo::Pro::Engine, at: "/pro", as: "avo_pro"`)),
    ],
  },
  {
    name: "a plugin engine whose class Routemap has not read: mounted under the name and namespace Rails generates, said as for any mount",
    routes: `mount_avo`,
    plugins: [plugin("avo-feed", hook(`          Avo.plugin_manager.mount_engine Avo::Feed::Engine, at: "/feed"`))],
  },
  {
    name: "a plugin's mount_engine under a condition: the scope's names are open",
    routes: `scope as: :one do\n  mount_avo at: "/one"\nend\nscope as: :two do\n  mount_avo at: "/two"\nend`,
    plugins: [plugin("avo-feed", hook(`          Avo.plugin_manager.mount_engine(Avo::Feed::Engine, at: "/feed", as: "feed") if Avo::Feed.enabled?`))],
  },
  {
    name: "a plugin gem that is not installed",
    routes: `mount_avo`,
    plugins: [{ gem: "avo-pro", version: "3.32.4", why: "it is not installed", files: {} }],
  },
  {
    name: "the host does not know the app's gems",
    routes: `mount_avo`,
  },
  {
    name: "a block (from 3.20.2) is drawn into Avo::Engine's own routes: not followed, Avo's table left open there",
    routes: `mount_avo do\n  get "reports", to: "reports#index"\nend`,
    plugins: [],
  },
  {
    name: "avo 3.17: no mount_avo yet (lib/avo/engine.rb defines it from 3.18.0): an unknown method",
    version: "3.17.1",
    routes: `mount_avo`,
    plugins: [],
  },
  {
    name: "avo 3.19: mount_avo takes no block (from 3.20.2), so Ruby ignores one",
    version: "3.19.0",
    routes: `mount_avo do\n  get "reports", to: "reports#index"\nend`,
    plugins: [],
  },
  {
    name: "avo 4: mount_lookbook: is a setting, not a mount option; :avo_plugin_include hooks run before :avo_boot ones; one engine per class, the last call's",
    version: "4.1.15",
    routes: `mount_avo mount_lookbook: true`,
    plugins: [
      plugin("avo-feed", hook(`          Avo.plugin_manager.mount_engine Avo::Feed::Engine, at: "/feed", as: "feed"\n          Avo.plugin_manager.mount_engine Avo::Feed::Engine, at: "/news", as: "news"`)),
      plugin("avo-kanban", hook(`          Avo.plugin_manager.mount_engine Avo::Kanban::Engine, at: "/kanban", as: "kanban"`).replace(":avo_boot", ":avo_plugin_include")),
    ],
  },
  {
    name: "positional arguments: Ruby's ArgumentError",
    routes: `mount_avo "/admin"`,
    plugins: [],
  },
];

test("avo: mount_avo as Avo 3.32.4's source has it", { timeout: 30_000 }, async () => {
  const m = await mapper();
  const parts = [];
  for (const c of CASES) {
    const entry = "/app/config/routes.rb";
    const text = `Rails.application.routes.draw do\n${c.routes}\nend`;
    const files = { [entry]: text, "/app/config/application.rb": "", ...Object.fromEntries(Object.entries(c.files ?? {}).map(([p, t]) => [`/app/${p}`, t])) };
    const gems = { rails: "6.1.7", avo: c.version ?? "3.32.4" };
    const input = { entry, files, options: { railsVersion: "6.1", rubyVersion: "3.1", gems } };
    if (c.plugins) input.gemDependents = (gem, needle) => (gem === "avo" ? c.plugins.map((p) => ({ ...p, files: Object.fromEntries(Object.entries(p.files).filter(([, t]) => t.includes(needle))) })) : []);
    const result = m.map(input);
    parts.push(renderAnnotated(c.name, result, entry, text));
  }
  expectText(EXPECT, parts.join("\n\n") + "\n");
});
