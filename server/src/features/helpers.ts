/**
 * URL helpers (`edit_post_path`, `posts_url`, `homepage_url` from `direct`) and finding one
 * at a position in Ruby or ERB text.
 */
import type { CustomHelper, MapResult, Route, UrlHelperHolderOf } from "@routemap/shared-mapper";
import type { Position, Range } from "vscode-languageserver/node";

export interface Helper {
  /** The helper method: `edit_post_path`. */
  name: string;
  kind: "path" | "url";
  route?: Route;
  custom?: CustomHelper;
}

/**
 * What a helper table needs: routes and `direct` helpers (a `MapResult`, or an engine's
 * routes), and where it may lack routes Routemap could not evaluate (`engine`: which of the
 * regions are its own).
 */
export type HelperTable = Pick<MapResult, "routes" | "customHelpers"> & {
  openRegions?: MapResult["openRegions"];
  engine?: string;
  /** A mounted engine that isolates nothing: its controllers have the app's helpers, not these (engineContexts.ts). */
  notIsolated?: boolean;
  /**
   * An engine's table: the paths of its mounts its helpers' paths start with where they are
   * called (a proxy's own mount; the engine's own files, every mount of it in the app), as
   * actionpack's `define_generate_prefix` (the mount's script name) gives them.
   */
  mountedAt?: readonly string[];
};

/**
 * The helper tables a file can reach: its own (the app's; inside an engine, the engine's),
 * `main_app.` (the app; inside an engine, the app mounting it), and each mounted engine's
 * proxy (`blog.articles_path`, named for its mount).
 */
export interface HelperTables {
  own: HelperTable;
  mainApp: HelperTable | undefined;
  proxies: ReadonlyMap<string, HelperTable>;
  /**
   * The file runs in an isolated engine's controllers (engineContexts.ts): its receiver-less
   * helpers are `own`'s only, never another mounted engine's.
   */
  isolated?: boolean;
  /** The app's classes that hold the routes' helpers as class methods (`Routes.story_url`): their calls are the app's helpers. */
  holders?: UrlHelperHolderOf;
}

/** The tables of an app's own files (not an engine's). */
export function appHelperTables(result: MapResult): HelperTables {
  return { own: result, mainApp: result, proxies: engineProxies(result) };
}

const proxyCache = new WeakMap<MapResult, Map<string, HelperTable>>();
const NO_CUSTOM_HELPERS: MapResult["customHelpers"] = [];

/** `blog` → Blog::Engine's routes, for each engine the app mounts whose routes are known. */
export function engineProxies(result: MapResult): Map<string, HelperTable> {
  let proxies = proxyCache.get(result);
  if (!proxies) {
    proxies = new Map();
    for (const route of result.routes) {
      const engine = route.engine && result.engines.find((e) => e.name === route.engine);
      if (!engine || !route.name || proxies.has(route.name)) continue;
      const table: HelperTable = { routes: engine.routes, customHelpers: engine.customHelpers ?? NO_CUSTOM_HELPERS, openRegions: result.openRegions, engine: engine.name, mountedAt: [route.path] };
      if (engine.isolatedNamespace === null) table.notIsolated = true;
      proxies.set(route.name, table);
    }
    proxyCache.set(result, proxies);
  }
  return proxies;
}

/** The table `receiver.helper` reaches: none for a receiver that is no route proxy. */
export function tableFor(tables: HelperTables, receiver: string | undefined, name?: string): HelperTable | undefined {
  if (receiver === undefined) return tables.own;
  if (receiver === "main_app") return tables.mainApp;
  // A controller's `helpers` (Rails 5.0+) and a view_component's (the view context it is rendered
  // in, base.rb `helpers`): the helpers of the controller's routes, the file's own (a mount of that name aside).
  if (receiver === "helpers" && !tables.proxies.has(receiver)) return tables.own;
  // A constant: the app's helpers where it holds them, unless it defines the method itself.
  if (/^[A-Z]/.test(receiver)) {
    const own = tables.holders?.(receiver);
    return own && (name === undefined || !own.has(name)) ? tables.mainApp : undefined;
  }
  return tables.proxies.get(receiver);
}

const indexes = new WeakMap<HelperTable, Map<string, Helper>>();

/** Every helper of a table, by name; computed once per table. */
export function helperIndex(result: HelperTable): Map<string, Helper> {
  let index = indexes.get(result);
  if (!index) {
    index = new Map();
    for (const route of result.routes) {
      if (!route.name) continue;
      index.set(`${route.name}_path`, { name: `${route.name}_path`, kind: "path", route });
      index.set(`${route.name}_url`, { name: `${route.name}_url`, kind: "url", route });
    }
    for (const custom of result.customHelpers) {
      for (const name of custom.helpers) index.set(name, { name, kind: name.endsWith("_url") ? "url" : "path", custom });
    }
    indexes.set(result, index);
  }
  return index;
}

/** The engine's mounts in the app: the paths of the app's routes that mount it. */
export function mountsOf(result: Pick<MapResult, "routes">, engine: string): string[] {
  return result.routes.filter((r) => r.engine === engine).map((r) => r.path);
}

/**
 * What an engine's route's helper returns under a mount: the mount's path (the script name,
 * without a trailing slash, `ActionDispatch::Http::URL.path_for`) before the route's
 * (`blog.root_path` under `/blog` is `/blog/`).
 */
export function mountedPath(mount: string, path: string): string {
  return mount.replace(/\/$/, "") + path;
}

/** Parameters a helper call must be given: the route's required path parts. */
export function requiredParameters(route: Route): string[] {
  return route.requiredParts.filter((p) => p !== "format");
}

/** The identifier under the cursor, if it looks like a URL helper, and its receiver (`main_app`, `blog`), if any. */
export function helperAt(text: string, position: Position): { name: string; range: Range; receiver?: string } | undefined {
  const line = text.split("\n")[position.line];
  if (line === undefined) return undefined;
  const re = /[A-Za-z_][A-Za-z0-9_]*_(?:path|url)\b/g;
  let m: RegExpExecArray | null;
  while ((m = re.exec(line))) {
    const start = m.index;
    const end = start + m[0].length;
    if (position.character >= start && position.character <= end) {
      const receiver = receiverBefore(line, start);
      const range = { start: { line: position.line, character: start }, end: { line: position.line, character: end } };
      return receiver === undefined ? { name: m[0], range } : { name: m[0], range, receiver };
    }
  }
  return undefined;
}

/** `blog.` right before `at` (a plain identifier); undefined when there is no receiver. */
export function receiverBefore(line: string, at: number): string | undefined {
  if (line[at - 1] !== ".") return undefined;
  const m = /([A-Za-z_@$][A-Za-z0-9_]*|\))$/.exec(line.slice(0, at - 1));
  return m ? m[1] : "";
}
