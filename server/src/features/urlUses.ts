/**
 * Where the app's code generates a URL to a route, read with the call-site model the helper
 * checks use (`RouteMapper.urlUses`, parsed, never searched as text): a named helper
 * (`article_path`, `main_app.article_url`), a hash (`url_for(controller:, action:)`, matched to
 * routes as Rails' generator would, `hashRoutes`), or a polymorphic target (`redirect_to @post`,
 * `polymorphic_path`, `form_with model:`), whose helper Rails derives from the record's model.
 * Comments, strings and `@post.x_path` are no calls.
 */
import { hashRoutes, type Route, type Span } from "@routemap/shared-mapper";
import { join, sep } from "node:path";
import { checkedFiles, helperScope } from "../cli/helperCheck.js";
import { walk } from "../fileSystem.js";
import type { RailsApp } from "../workspace.js";
import { generationContextOf } from "./helperCalls.js";
import { usesStoreOf } from "./fileUses.js";
import { helperIndex, tableFor } from "./helpers.js";

export interface UrlUse {
  kind: "helper" | "hash" | "polymorphic";
  span: Span;
  /** The routes it may generate from (a polymorphic target: of each helper it may call). */
  routes: Route[];
  /** For a helper call: its name (`edit_article_path`). */
  name?: string;
  /** For a polymorphic target: the helpers Rails may call. */
  helpers?: string[];
  /** A bare helper call in a model or lib/ file: the route's helper, or the file's own method. */
  uncertain?: boolean;
}

/** Text every file with a URL use has (helperCalls.ts `MAY_USE_URLS`). */
const MAY_USE_URLS = /_path|_url|url_for|redirect_to|form_tag|link_to|button_to|form_with|form_for/;

/** What reading an app's uses needs, worked out once per request (the app's configuration is read afresh each time it is asked). */
export interface UseContext {
  app: RailsApp;
  /** The tables a file's calls reach: an engine's files', as its checks take them (`RailsApp.helperTablesAt`). */
  tablesAt(path: string): ReturnType<RailsApp["helperTables"]>;
  generation: ReturnType<RailsApp["generation"]>;
}

export function useContext(app: RailsApp): UseContext {
  return { app, tablesAt: (path) => app.helperTablesAt(path), generation: app.editorGeneration() };
}

/** The URL uses of one file of the app (its text as open, or on disk), with the routes each reaches. */
export function urlUsesOf(c: UseContext, path: string, text: string): UrlUse[] {
  const { app, generation } = c;
  const tables = c.tablesAt(path);
  // config/ (initializers, environments) calls helpers as models and lib/ do: through `url_helpers`, or bare and uncertain.
  const scope = helperScope(app.root, path) ?? (inConfig(app, path) ? "explicit" : undefined);
  if (!scope || !MAY_USE_URLS.test(text)) return [];
  const explicit = scope === "explicit";
  const uses = cachedUses(c, path, text, explicit);
  const out: UrlUse[] = [];
  // In models and lib/ the checks take only `Rails.application.routes.url_helpers.x_path`: a bare
  // call there may be the route's helper (a helper module in lib/ included in views) or the
  // file's own method (a model's attribute `image_url`). References list it; a rename refuses.
  // A bare name in a partial counts where no `render` of the app may pass a local of that name.
  const locals = generation.partialLocals?.() ?? null;
  for (const call of uses.calls) {
    if (call.maybeLocal && (!locals || locals.has(call.name))) continue;
    if (call.templateLocal && (!locals || locals.has(call.name))) continue;
    const route = helperIndex(tableFor(tables, call.receiver) ?? { routes: [], customHelpers: [] }).get(call.name)?.route;
    out.push({ kind: "helper", span: call.span, routes: route ? [route] : [], name: call.name, ...(explicit && !call.noRequest ? { uncertain: true } : {}) });
  }
  const context = generationContextOf({ tables, generation }, path);
  for (const hash of uses.hashes) {
    if (explicit && !hash.noRequest) continue;
    out.push({ kind: "hash", span: hash.span, routes: hashRoutes(hash, context)?.candidates ?? [] });
  }
  const own = helperIndex(tables.own);
  for (const target of explicit ? [] : uses.targets) {
    const routes = target.helpers.map((h) => own.get(h)?.route).filter((r): r is Route => r !== undefined);
    out.push({ kind: "polymorphic", span: target.span, routes, helpers: target.helpers });
  }
  return out;
}

const inConfig = (app: RailsApp, path: string) => path.startsWith(join(app.root, "config") + sep) && path.endsWith(".rb") && !app.isRoutesFile(path);

/** Every file of the app whose URL uses are read: the helper checks' files, and config/'s Ruby. */
export function appUsePaths(app: RailsApp): string[] {
  const config = walk(app.workspaceFs(), join(app.root, "config"), (p) => inConfig(app, p));
  return [...checkedFiles(app.root, app.workspaceFs()), ...config].filter((path) => app.ownsFile(path));
}

/** `appUsePaths`, each with its text (read as it is reached). */
export function* appUseFiles(app: RailsApp): Generator<{ path: string; text: string }> {
  for (const path of appUsePaths(app)) {
    const text = app.workspaceText(path);
    if (text !== undefined) yield { path, text };
  }
}

type MapperUses = ReturnType<ReturnType<RailsApp["workspaceMapper"]>["urlUses"]>;

/**
 * Each file's uses from the app's store (fileUses.ts), which the whole app's problems and open
 * documents' checks fill in as they read each file: references and renames read every file of
 * the app, and parsing them all again took seconds in an app of 2,000 views. Only the polymorphic
 * targets' helpers are worked out again (from the models' naming, which may have changed).
 */
function cachedUses(c: UseContext, path: string, text: string, explicit: boolean): MapperUses {
  const mapper = c.app.workspaceMapper();
  const naming = explicit ? undefined : c.generation.polymorphic(path);
  return mapper.resolveUses(usesStoreOf(mapper, c.app.root).of(mapper, path, text, naming), naming, c.generation.urlHelperHolders);
}

/**
 * The app's uses that reach one of `routes`, its routes files' own helper calls (in `direct`
 * blocks), and its own engines' `main_app.x_path` calls (an engine's `main_app` is the app
 * that mounts it).
 */
export function usesOf(app: RailsApp, routes: ReadonlySet<Route>): (UrlUse & { path: string })[] {
  const out: (UrlUse & { path: string })[] = [];
  if (!routes.size) return out;
  const context = useContext(app);
  for (const { path, text } of appUseFiles(app)) {
    for (const use of urlUsesOf(context, path, text)) if (use.routes.some((r) => routes.has(r))) out.push({ ...use, path });
  }
  const own = helperIndex(app.helperTables().own);
  // The routes files' own calls: a `direct` or `resolve` block's `about_url` (Rails runs it with the URL helpers).
  for (const path of app.table().files.filter((f) => app.isRoutesFile(f))) {
    const text = app.workspaceText(path);
    if (text === undefined || !/_path|_url/.test(text)) continue;
    for (const call of app.workspaceMapper().urlUses(path, text).calls) {
      const route = call.receiver === undefined ? own.get(call.name)?.route : undefined;
      if (route && routes.has(route)) out.push({ kind: "helper", span: call.span, routes: [route], name: call.name, path });
    }
  }
  // What was read for the first time kept for the next session (written only when something was).
  usesStoreOf(app.workspaceMapper(), app.root).saveSoon();
  for (const engineRoot of app.engineRoots()) {
    // An engine folder the workspace takes as an app of its own is read by usesAcrossApps
    // (engineUses.ts), each of its files with the tables its checks take.
    if (app.otherApps().some((other) => other.root === engineRoot)) continue;
    for (const path of checkedFiles(engineRoot, app.workspaceFs())) {
      const text = app.workspaceText(path);
      if (text === undefined || !text.includes("main_app")) continue;
      for (const call of app.workspaceMapper().urlUses(path, text).calls) {
        const route = call.receiver === "main_app" ? own.get(call.name)?.route : undefined;
        if (route && routes.has(route)) out.push({ kind: "helper", span: call.span, routes: [route], name: call.name, path });
      }
    }
  }
  return out;
}
