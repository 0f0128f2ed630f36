// view_component's preview routes (shared-mapper/src/gems/viewComponent.ts), prepended by the gem's
// engine as the app boots: internal (never printed by `bin/rails routes`), but their helpers are
// the app's. Read from the gem's lib/view_component/engine.rb of each series (2.6, 2.74, 3.x, 4.x):
// Debian has no view_component to boot.
import { test } from "node:test";
import assert from "node:assert/strict";
import { mapper } from "./helpers.mjs";

const application = (settings = "") =>
  `require_relative "boot"\nrequire "rails/all"\nmodule Shop\n  class Application < Rails::Application\n    config.load_defaults 7.1\n${settings}  end\nend\n`;

/** The view_component routes of the app: `name verb path controller#action`, internal ones marked. */
async function previews(version, railsEnv, settings) {
  const files = { "/app/config/application.rb": application(settings), "/app/config/routes.rb": 'Rails.application.routes.draw do\n  root "home#index"\nend\n' };
  const result = (await mapper()).map({ entry: "/app/config/routes.rb", files, options: { railsVersion: "7.1", rubyVersion: "3.2", railsEnv, gems: { view_component: version, rails: "7.1.3" } } });
  return result.routes.filter((r) => /view_component/.test(`${r.name} ${r.controller}`)).map((r) => `${r.name ?? ""} ${r.verb} ${r.path} ${r.reqs}${r.internal ? " (internal)" : ""}`);
}

const DEVELOPMENT = [
  "preview_view_components GET /rails/view_components(.:format) view_components#index (internal)",
  "preview_view_component GET /rails/view_components/*path(.:format) view_components#previews (internal)",
];

test("4.x: previews in development and test, from `previews.*` settings; the system tests' entry point in test", async () => {
  assert.deepEqual(await previews("4.12.0", "development"), DEVELOPMENT);
  assert.deepEqual(await previews("4.12.0", "production"), []);
  assert.deepEqual(await previews("4.12.0", "test"), [...DEVELOPMENT, "_system_test_entrypoint GET /_system_test_entrypoint(.:format) view_components_system_test#system_test_entrypoint"]);
  assert.deepEqual(await previews("4.12.0", "development", '    config.view_component.previews.enabled = false\n'), []);
  assert.deepEqual(await previews("4.12.0", "production", '    config.view_component.previews.enabled = true\n    config.view_component.previews.route = "/components"\n    config.view_component.previews.controller = "Admin::ComponentPreviewsController"\n'), [
    "preview_view_components GET /components(.:format) admin/component_previews#index (internal)",
    "preview_view_component GET /components/*path(.:format) admin/component_previews#previews (internal)",
  ]);
});

test("2.x and 3.x: `show_previews`, `preview_route`, `preview_controller`; test by default only from 2.74; none before 2.6", async () => {
  assert.deepEqual(await previews("3.23.2", "test"), DEVELOPMENT);
  assert.deepEqual(await previews("2.73.0", "test"), []);
  assert.deepEqual(await previews("2.73.0", "development"), DEVELOPMENT);
  assert.deepEqual(await previews("3.0.0", "development", '    config.view_component.show_previews = false\n'), []);
  assert.deepEqual(await previews("3.0.0", "development", '    config.view_component.preview_route = "/previews"\n'), DEVELOPMENT.map((r) => r.replace("/rails/view_components", "/previews")));
  assert.deepEqual(await previews("2.5.0", "development"), []);
});

test("a setting under a condition Routemap cannot decide: the previews drawn in each world, marked; another series' setting changes nothing", async () => {
  const marked = async (version, settings) => {
    const files = { "/app/config/application.rb": application(settings), "/app/config/routes.rb": 'Rails.application.routes.draw do\n  root "home#index"\nend\n' };
    const result = (await mapper()).map({ entry: "/app/config/routes.rb", files, options: { railsVersion: "7.1", rubyVersion: "3.2", railsEnv: "development", gems: { view_component: version, rails: "7.1.3" } } });
    return result.routes.filter((r) => /view_component/.test(`${r.name}`)).map((r) => `${r.path} ${(r.conditions ?? []).map((c) => `${c.holds ? "if" : "unless"} ${c.text}`).join(" and ")}`.trim());
  };
  // No environment given: ENV["NO_PREVIEWS"] is unknown; the previews exist only where it does not hold.
  assert.deepEqual(await marked("3.0.0", '    config.view_component.show_previews = false if ENV["NO_PREVIEWS"]\n'), [
    '/rails/view_components(.:format) unless ENV["NO_PREVIEWS"]',
    '/rails/view_components/*path(.:format) unless ENV["NO_PREVIEWS"]',
  ]);
  // 4.x reads `previews.enabled`: 3.x's `show_previews`, under the same condition, is no world of its.
  assert.deepEqual(await marked("4.12.0", '    config.view_component.show_previews = false if ENV["NO_PREVIEWS"]\n'), ["/rails/view_components(.:format)", "/rails/view_components/*path(.:format)"]);
});

test("4.x in test: the system tests' entry point is drawn once, whatever worlds the previews' settings make (identity-idp's)", async () => {
  const settings = "    config.view_component.previews.enabled = Identity.config.previews?\n    if Identity.config.previews?\n      config.view_component.previews.controller = \"ComponentPreviewController\"\n    end\n";
  const entries = (await previews("4.12.0", "test", settings)).filter((r) => r.startsWith("_system_test_entrypoint"));
  assert.deepEqual(entries, ["_system_test_entrypoint GET /_system_test_entrypoint(.:format) view_components_system_test#system_test_entrypoint"]);
});
