/**
 * The route helpers an engine's own files have where Rails runs them (railties 6.1
 * `Rails::Engine.isolate_namespace`, actionpack `AbstractController::Railties::RoutesHelpers.with`
 * and `RouteSet#define_mounted_helper`, actionview `ActionView::Rendering#view_context_class`;
 * the same in Rails 5.0 to 8.1; checked against Debian's Rails 6.1 by
 * test-fixtures/oracle/helper_contexts.rb):
 * - a controller or mailer class includes the route helpers of the first module around it that
 *   an engine isolates (`Blog::PostsController` gets Blog::Engine's, `railtie_routes_url_helpers`),
 *   else the app's: a non-isolated engine's controllers have the app's helpers, its own routes
 *   only through its mount's proxy (`blog.posts_path`);
 * - a controller's views get the helpers of its `_routes`, and the mounted helpers (`main_app`,
 *   each mount's name), which are one module for every route set (`RouteSet::MountedHelpers`);
 * - an isolated engine's helper modules are its own controllers' (`railtie_helpers_paths`).
 * So in an isolated engine, the files under `app/{controllers,views,helpers,mailers}/<namespace>/`
 * (and `app/views/layouts/<namespace>/`) run with the engine's helpers, `users_path` there is
 * NameError when only the app draws it, and `main_app.users_path` is the app's; every file of
 * `app/` of an engine that isolates nothing runs with the app's. Other files (an isolated
 * engine's concerns and partials outside its namespace, tests) may run in either: unchecked.
 */
import { relative, sep } from "node:path";
import { escapeRegExp, type Diagnostic, type EngineRoutes, type MapResult, type Route } from "@routemap/shared-mapper";
import { underscore } from "@routemap/shared-mapper/inflector";
import { appHelperTables, engineProxies, helperIndex, mountsOf, type HelperTables } from "./helpers.js";

/** An engine of the app as the app finds it (cli/appConfig.ts `EngineSource`, the mapper's `engines` input). */
export interface EngineOfApp {
  routes?: string;
  /** The file defining its engine class (`lib/blog/engine.rb`). */
  engineFile?: string;
  external?: boolean;
  notLoaded?: string;
  /** With `notLoaded`: the gem the app does not load, and why (engineLoading.ts). */
  notLoadedGem?: { name: string; because: string };
}

/**
 * Whether an engine of the app has its own files checked, by `routemap check` and the editor
 * alike, and as which engine (`result`: the app's table): an engine of the app's own code that
 * the app loads, known by the set its routes file draws into, or else by its class (a routes file
 * that draws into the app's routes, as openfoodnetwork's `Openfoodnetwork::Application.routes.append`,
 * or draws nothing: its controllers still have the helpers of the engine's own set, which Rails
 * makes whatever fills it, empty here, and `main_app.`; an engine that isolates nothing, the
 * app's). Else why not, said where the user looks (the editor's status for that folder).
 */
export function engineToCheck(source: EngineOfApp, result: MapResult): EngineRoutes | { why: string } {
  if (source.external) return { why: "an installed gem's engine is not the app's code" };
  if (source.notLoaded) return { why: source.notLoadedGem ? `the app does not load gem \`${source.notLoadedGem.name}\` (${source.notLoadedGem.because})` : "the app does not load its gem" };
  const routes = source.routes;
  const drawn = routes === undefined ? undefined : engineDrawnBy(result, routes);
  if (drawn && drawn.isolatedNamespace !== undefined) return drawn;
  const read = source.engineFile === undefined ? undefined : result.engineClasses.find((c) => c.file === source.engineFile);
  if (!read) return { why: "no file Routemap reads defines its engine class, so which route helpers its files have is not known" };
  const set = result.engines.find((e) => e.name === read.name);
  return { name: read.name, routes: set?.routes ?? [], isolatedNamespace: read.isolatedNamespace, ...(set?.customHelpers ? { customHelpers: set.customHelpers } : {}) };
}

/** The engine whose routes an engine's routes file draws, if it draws some. */
export function engineDrawnBy(result: MapResult, routesFile: string): EngineRoutes | undefined {
  return result.engines.find((e) => e.routes.some((r) => r.source.file === routesFile));
}

/**
 * How an engine's files are checked: the tables of its files, or null for a file outside its
 * `app/` (its tests run in a dummy app or with routes they choose: not known).
 */
export interface EngineFiles {
  /** The tables most of its files have: its controllers'. */
  tables: HelperTables;
  tablesFor(path: string): HelperTables | null;
}

/**
 * The tables of the files of the engine at `root`; undefined when what its controllers have is
 * not known (its class not read).
 * `app`: the table of the app that mounts it (undefined: none known; `main_app.` and the other
 * mounts' proxies are then unchecked); `engine`: the engine's routes, from that table or its own.
 */
export function engineFiles(o: { root: string; engine: EngineRoutes; app: MapResult | undefined; own?: MapResult }): EngineFiles | undefined {
  const { root, engine, app } = o;
  if (engine.isolatedNamespace === undefined) return undefined;
  const hostTables = app ? appHelperTables(app) : undefined;
  const inApp = (path: string) => relative(root, path).split(sep).join("/");
  if (engine.isolatedNamespace === null) {
    // Its files have the helpers of an app not known: none is checked.
    if (!hostTables) return { tables: { own: { routes: [], customHelpers: [] }, mainApp: undefined, proxies: new Map() }, tablesFor: () => null };
    return { tables: hostTables, tablesFor: (path) => (inApp(path).startsWith("app/") ? hostTables : null) };
  }
  const namespace = underscore(engine.isolatedNamespace);
  const isolated: HelperTables = {
    own: { routes: engine.routes, customHelpers: engine.customHelpers ?? [], openRegions: (app ?? o.own)?.openRegions, engine: engine.name, ...(app ? { mountedAt: mountsOf(app, engine.name) } : {}) },
    mainApp: app,
    proxies: app ? engineProxies(app) : new Map(),
    isolated: true,
  };
  const inNamespace = new RegExp(`^app/(?:controllers|views|helpers|mailers|views/layouts)/${escapeRegExp(namespace)}/`);
  return {
    tables: isolated,
    // Its other files (a concern, a partial outside the namespace) may run in its controllers or
    // the app's: not known, not checked.
    tablesFor: (path) => (inNamespace.test(inApp(path)) ? isolated : null),
  };
}


/**
 * An unknown bare helper that is a route elsewhere, said and offered first as its quick fix
 * (written over the name): in an isolated engine's file, the app's route as `main_app.x_path`;
 * anywhere, the own route of a mounted engine that isolates nothing as `<mount>.x_path` (its
 * controllers have the app's helpers, its routes only through its mount's proxy).
 */
export function withMainAppHint(found: Diagnostic[], tables: HelperTables): Diagnostic[] {
  if (!found.length) return found;
  const app = tables.isolated && tables.mainApp ? helperIndex(tables.mainApp) : undefined;
  const shared = [...tables.proxies].filter(([, table]) => table.notIsolated);
  if (!app && !shared.length) return found;
  return found.map((d) => {
    const data = d.data as { name?: string; suggestions?: string } | undefined;
    const name = data?.name;
    if (d.code !== "unknown-helper" || !name || !d.message.startsWith(`undefined method \`${name}'`)) return d;
    const mounts = shared.filter(([, table]) => helperIndex(table).has(name));
    const [fix, why] = app?.has(name)
      ? [`main_app.${name}`, "an isolated engine's views and controllers have the engine's route helpers only; the app's route is"]
      : mounts.length === 1
        ? [`${mounts[0][0]}.${name}`, `it is a route of ${mounts[0][1].engine ?? "a mounted engine"}, called through its mount:`]
        : [];
    if (!fix) return d;
    const suggestions = [fix, ...(data?.suggestions?.split(" ") ?? [])].join(" ");
    return { ...d, message: `undefined method \`${name}': ${why} \`${fix}\``, data: { ...data, name, suggestion: fix, suggestions } };
  });
}

/**
 * The routes that reach an engine's controllers: its own set's, then those of the holding app's
 * table that are not among them (a request to one may come from either). `check` and the editor
 * (`RailsApp.controllerRoutes`) both take them from here.
 */
export function engineControllerRoutes(engineRoutes: readonly Route[], hostRoutes: readonly Route[]): Route[] {
  const own = new Set(engineRoutes);
  return [...engineRoutes, ...hostRoutes.filter((r) => !own.has(r))];
}
