/**
 * The routes Rails itself adds to an app's table, beside the app's own: Action Mailbox's and
 * Active Storage's (drawn from their engines' config/routes.rb after the app's routes file, in
 * that order, since the app's routes path is unshifted last; `config.railties_order` may put
 * them first) and, in development, the internal `/rails/info` routes prepended before it. Which ones, and how, comes from the app's
 * configuration (`appConfig.ts`); without a config/application.rb there are none, as for a
 * routes file given on its own.
 */
import * as N from "@ruby/prism/src/nodes.js";
import type { LoadedFile } from "../ruby/loadedFile.js";
import type { Version } from "../mapper/version.js";
import type { Span } from "../types.js";
import { drawActionMailbox } from "./actionMailbox.js";
import { DEFAULT_ROUTES_PREFIX, drawActiveStorage } from "./activeStorage.js";
import { readFrameworkSetup, type ConditionReader, type SettingCondition, type Site } from "./appConfig.js";
import { drawsByWorld, settingWorlds } from "./settingWorlds.js";
import type { Drawer } from "./draw.js";
import { drawInternalRoutes, drawMailerPreviews } from "./internalRoutes.js";
import { viewComponentRoutes, viewComponentSettingKeys, viewComponentSystemTests } from "../gems/viewComponent.js";
import { walkNodes } from "../ruby/walk.js";

export { Drawer } from "./draw.js";
export { mentionsFrameworkSetting } from "./appConfig.js";
export type { Site } from "./appConfig.js";

/** Routes one framework draws, and the call in the app's files they are attributed to. */
export interface FrameworkDraw {
  site: Site;
  origin: string;
  draw(r: Drawer): void;
  /** The conditions Routemap cannot decide that the settings it is drawn from were read under (settingWorlds.ts). */
  conditions: readonly SettingCondition[];
}

export interface FrameworkRoutes {
  /** Prepended: drawn before the app's routes file. */
  before: FrameworkDraw[];
  /** Routes files loaded before the app's (`config.railties_order` puts their engine before `:main_app`), in this order. */
  first: FrameworkDraw[];
  /** Routes files loaded after the app's, in this order. */
  after: FrameworkDraw[];
  /** What Routemap could not know about them (a setting computed at boot), as information. */
  notes: { message: string; span: Span }[];
}

export interface AppFiles {
  application: LoadedFile;
  /** config/environments/<env>.rb, then config/initializers/**.rb in Rails' order. */
  others: LoadedFile[];
}

/** `gems`: the versions of the gems the app locks whose railties prepend routes (view_component). */
export function frameworkRoutes(files: AppFiles, o: { version: Version; railsEnv: string; gems?: { view_component?: string } } & ConditionReader): FrameworkRoutes {
  const routes: FrameworkRoutes = { before: [], first: [], after: [], notes: [] };
  const setup = readFrameworkSetup(files.application, files.others, o);
  const worlds = (keys: string[]) => settingWorlds(setup, keys, routes.notes);
  const railties = railtiesSite(files.application) ?? setup.loaded.values().next().value;
  if (o.version.lt(5, 2)) {
    // Before Active Storage (5.2): internal routes of other shapes, not modelled.
    if (setup.loaded.size && railties) routes.notes.push({ message: unmodelled(o.version), span: spanOf(railties) });
    return routes;
  }
  if (o.railsEnv === "development" && railties) {
    routes.before.push({ site: railties, origin: "Rails", draw: (r) => drawInternalRoutes(r, o.version), conditions: [] });
  }
  const mailer = setup.loaded.get("action_mailer");
  if (mailer) {
    const previews = drawsByWorld(worlds(["action_mailer.show_previews"]), ({ get }) => {
      // `show_previews = Rails.env.development? if show_previews.nil?`
      const shown = get("action_mailer.show_previews") ?? o.railsEnv === "development";
      return shown !== false && shown !== null ? { key: "shown", draw: (r: Drawer) => drawMailerPreviews(r, o.version) } : undefined;
    });
    for (const { conditions, draw } of previews) routes.before.push({ site: mailer, origin: "Action Mailer", draw, conditions });
  }
  // The engines' routes files, in the order the railties load (Active Storage's before Action Mailbox's).
  const engines: { railtie: string; draw: FrameworkDraw }[] = [];
  const storage = setup.loaded.get("active_storage");
  if (storage) {
    // `draw_routes` came in 6.1, `routes_prefix` in 6.0: before, they are not read.
    const keys = [...(o.version.gte(6, 1) ? ["active_storage.draw_routes"] : []), ...(o.version.gte(6, 0) ? ["active_storage.routes_prefix"] : [])];
    const drawn = drawsByWorld(worlds(keys), ({ get }) => {
      const [draw, prefix] = [get("active_storage.draw_routes"), get("active_storage.routes_prefix")];
      // `draw_routes != false` and `routes_prefix || "/rails/active_storage"`, as the engine reads them.
      if (draw === false) return undefined;
      const scope = typeof prefix === "string" ? prefix : DEFAULT_ROUTES_PREFIX;
      return { key: scope, draw: (r: Drawer) => drawActiveStorage(r, scope, o.version) };
    });
    for (const { conditions, draw } of drawn) engines.push({ railtie: "ActiveStorage::Engine", draw: { site: storage, origin: "Active Storage", draw, conditions } });
  }
  // `rails/all` loads Action Mailbox from 6.0, when it was born.
  const mailbox = o.version.gte(6, 0) ? setup.loaded.get("action_mailbox") : undefined;
  if (mailbox) engines.push({ railtie: "ActionMailbox::Engine", draw: { site: mailbox, origin: "Action Mailbox", draw: (r) => drawActionMailbox(r, o.version), conditions: [] } });
  const order = routesFilesOrder(files.application, engines.map((e) => e.railtie), routes);
  for (const { railtie, draw } of engines) (order.first.includes(railtie) ? routes.first : routes.after).push(draw);
  const rank = (d: FrameworkDraw) => [...order.first, ...order.after].indexOf(engines.find((e) => e.draw === d)!.railtie);
  routes.first.sort((a, b) => rank(a) - rank(b));
  routes.after.sort((a, b) => rank(a) - rank(b));
  // Gems' railties, loaded by Bundler.require after Rails' own: their `after_initialize` prepends come after Action Mailer's.
  const components = o.gems?.view_component;
  if (components && railties) {
    // Only the settings its version reads: another's, set under a condition, would draw the same routes in two worlds.
    const previews = drawsByWorld(worlds(viewComponentSettingKeys(components)), (world) => viewComponentRoutes(components, world, o.railsEnv));
    for (const { conditions, draw } of previews) routes.before.push({ site: railties, origin: "view_component", draw, conditions });
    const systemTests = viewComponentSystemTests(components, o.railsEnv);
    if (systemTests) routes.before.push({ site: railties, origin: "view_component", draw: systemTests, conditions: [] });
  }
  return routes;
}

/**
 * Where the engines' routes files load, before the app's or after it: railties' `add_routing_paths`
 * unshifts each railtie's path as its initializers run, in `ordered_railties.reverse.flatten`
 * order (railties/lib/rails/application.rb), so the files load in `config.railties_order`'s order,
 * its `:all` group (the railties it does not name, then the app unless named) reversed. By
 * default (`[:all]`) the app's first, then the engines last-loaded first.
 */
function routesFilesOrder(application: LoadedFile, railties: string[], routes: FrameworkRoutes): { first: string[]; after: string[] } {
  const byDefault = { first: [], after: [...railties].reverse() };
  const set = railtiesOrderSetting(application);
  if (!set) return byDefault;
  const listed: string[] = [];
  for (const element of set.elements) {
    if (element instanceof N.SymbolNode && (element.unescaped.value === "main_app" || element.unescaped.value === "all")) listed.push(`:${element.unescaped.value}`);
    else if (element instanceof N.ConstantPathNode || element instanceof N.ConstantReadNode) listed.push(application.index.slice(element.location.startOffset, element.location.startOffset + element.location.length).replace(/^::/, ""));
    else {
      const loc = set.node.location;
      routes.notes.push({ message: "Routemap cannot read this `config.railties_order`: it loads Rails' own routes files (Active Storage's, Action Mailbox's) after the app's, as by default.", span: application.index.span(loc.startOffset, loc.startOffset + loc.length) });
      return byDefault;
    }
  }
  if (!listed.includes(":all")) listed.push(":all");
  const all = [...railties.filter((r) => !listed.includes(r)), ...(listed.includes(":main_app") ? [] : [":main_app"])];
  const loaded = listed.flatMap((entry) => (entry === ":all" ? [...all].reverse() : [entry]));
  const app = loaded.indexOf(":main_app");
  return { first: loaded.slice(0, app).filter((r) => railties.includes(r)), after: loaded.slice(app + 1).filter((r) => railties.includes(r)) };
}

/** `config.railties_order = [...]` in config/application.rb (the last one): set later, the initializers are ordered already. */
function railtiesOrderSetting(application: LoadedFile): { node: N.CallNode; elements: N.Node[] } | undefined {
  let found: { node: N.CallNode; elements: N.Node[] } | undefined;
  walkNodes(application.program, (node) => {
    if (!(node instanceof N.CallNode) || node.name !== "railties_order=" || !(node.receiver instanceof N.CallNode) || node.receiver.name !== "config") return;
    const value = node.arguments_?.arguments_[0];
    found = { node, elements: value instanceof N.ArrayNode ? value.elements : [value ?? node] };
  });
  return found;
}

/** The `require "rails/all"` (or `require "rails"`) that brings railties: the development routes' source. */
function railtiesSite(application: LoadedFile): Site | undefined {
  for (const node of application.program.statements.body) {
    if (!(node instanceof N.CallNode) || node.name !== "require" || node.receiver) continue;
    const arg = node.arguments_?.arguments_[0];
    if (arg instanceof N.StringNode && (arg.unescaped.value === "rails/all" || arg.unescaped.value === "rails")) return { node, file: application };
  }
  return undefined;
}

function spanOf(site: Site): Span {
  const loc = site.node.location;
  return site.file.index.span(loc.startOffset, loc.startOffset + loc.length);
}

const unmodelled = (version: Version) =>
  `Routemap models the routes Rails adds (Active Storage, Action Mailbox, /rails/info) from Rails 5.2; for Rails ${version} they are missing from the table.`;
