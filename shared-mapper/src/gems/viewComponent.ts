/**
 * The preview routes of the view_component gem (lib/view_component/engine.rb, its
 * `config.after_initialize` that prepends them to the app's routes), as each series of the gem
 * draws them:
 * - 2.6 to 3.x: when `config.view_component.show_previews` (by default: in development, and from
 *   2.74 in test too), `get preview_route, to: "<controller>#index", as: :preview_view_components,
 *   internal: true` and `get "#{preview_route}/*path", to: "<controller>#previews", as:
 *   :preview_view_component, internal: true`; `preview_route` by default "/rails/view_components",
 *   the controller `config.view_component.preview_controller` (by default ViewComponentsController);
 * - 4.x: the same from `config.view_component.previews.enabled`, `.previews.route` and
 *   `.previews.controller` (defaults: development and test), and in the test environment a
 *   `get("_system_test_entrypoint", to: "view_components_system_test#system_test_entrypoint")`.
 * Internal routes: `bin/rails routes` never prints them, but their helpers (`preview_view_component_path`)
 * are the app's, which its preview pages call.
 */
import type { Drawer } from "../framework/draw.js";
import { underscore } from "../inflector.js";

/** The app's view_component settings, as config/application.rb and the environment's file set them (undefined: unset or unknown). */
export interface ViewComponentSettings {
  get(key: string): string | boolean | null | undefined;
}

/** The settings the locked `version` reads: 2.x and 3.x's, or 4.x's. */
export function viewComponentSettingKeys(version: string): string[] {
  const keys = Number(version.split(".")[0]) >= 4 ? ["previews.enabled", "previews.route", "previews.controller"] : ["show_previews", "preview_route", "preview_controller"];
  return keys.map((key) => `view_component.${key}`);
}

/**
 * What view_component prepends, for its locked `version` in `railsEnv`, and a key saying what it
 * is (its route and controller); undefined when it draws none, and before 2.6 (not modelled).
 */
export function viewComponentRoutes(version: string, settings: ViewComponentSettings, railsEnv: string): { key: string; draw: (r: Drawer) => void } | undefined {
  const [major, minor] = version.split(".").map(Number);
  if (!(major > 2 || (major === 2 && minor >= 6))) return undefined;
  const v4 = major >= 4;
  const setting = (v3Key: string, v4Key: string) => settings.get(`view_component.${v4 ? v4Key : v3Key}`);
  const byDefault = railsEnv === "development" || (railsEnv === "test" && (major > 2 || minor >= 74));
  const enabled = setting("show_previews", "previews.enabled") ?? byDefault;
  const routeSetting = setting("preview_route", "previews.route");
  const route = typeof routeSetting === "string" ? routeSetting : "/rails/view_components";
  const controllerSetting = setting("preview_controller", "previews.controller");
  const controller = (typeof controllerSetting === "string" ? controllerSetting : "ViewComponentsController").replace(/Controller$/, "");
  const path = underscore(controller);
  if (enabled === false || enabled === null) return undefined;
  const draw = (r: Drawer) => {
    r.get(route, `${path}#index`, { as: "preview_view_components", internal: true });
    r.get(`${route}/*path`, `${path}#previews`, { as: "preview_view_component", internal: true });
  };
  return { key: `${route} ${path}`, draw };
}

/**
 * 4.x's system tests' entry point, in the test environment, after the previews in the same
 * prepend: it reads no setting, so it is drawn once whatever worlds the previews' settings make.
 */
export function viewComponentSystemTests(version: string, railsEnv: string): ((r: Drawer) => void) | undefined {
  if (Number(version.split(".")[0]) < 4 || railsEnv !== "test") return undefined;
  return (r) => r.getPath("_system_test_entrypoint", { to: "view_components_system_test#system_test_entrypoint" });
}
