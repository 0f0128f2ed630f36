/**
 * The uses of an engine's routes across the workspace: an engine's routes are drawn in the
 * table of its own folder (the engine as an app of its own: its files call them bare) and in
 * the table of every app that mounts it (whose files call them through the mount's proxy,
 * `blog.entries_path`, Rails' `RouteSet::MountedHelpers`). Each table has route objects of its
 * own: a route is matched across tables by its engine and its place in the engine's routes.
 */
import type { Route } from "@routemap/shared-mapper";
import { sep } from "node:path";
import type { RailsApp } from "../workspace.js";
import { usesOf, type UrlUse } from "./urlUses.js";

/**
 * Every use of `routes` in the workspace's apps: an engine's files call the routes of the
 * tables their checks take (an isolated engine's set, the app holding it through `main_app.`,
 * or a non-isolated engine's app, `RailsApp.helperTablesAt`), so a route of any of those tables
 * is looked for in every app and engine folder, and an engine's route also as each other table's
 * copy of it (by engine and place).
 */
export function usesAcrossApps(app: RailsApp, routes: ReadonlySet<Route>): (UrlUse & { path: string })[] {
  const out = usesOf(app, routes);
  const all = app.otherApps();
  if (!all.length) return out;
  const places = [app, ...all].flatMap((a) => enginePlaces(a, routes));
  const others = appsReading(app, places.length > 0);
  const seen = new Set(out.map(key));
  // Each table's copy of an engine's routes: a folder's files may call any of them (an engine's
  // folder calls the holding app's copy through its proxies).
  const mapped = new Set<Route>(routes);
  for (const a of [app, ...others]) {
    for (const { engine, index, name } of places) {
      const route = a.table().engines.find((e) => e.name === engine)?.routes[index];
      if (route && route.name === name) mapped.add(route);
    }
  }
  if (mapped.size > routes.size) out.push(...usesOf(app, mapped).filter((use) => !seen.has(key(use)) && seen.add(key(use))));
  for (const other of others) {
    for (const use of usesOf(other, mapped)) {
      if (seen.has(key(use))) continue;
      seen.add(key(use));
      out.push(use);
    }
  }
  return out;
}

/**
 * The other apps of the workspace whose files may call `app`'s routes: another app calls these
 * very routes only when it shares an app with this folder (the app and its engines' folders); an
 * unrelated one only an engine's (`engineRoutes`), through its mount.
 */
export function appsReading(app: RailsApp, engineRoutes: boolean): RailsApp[] {
  const all = app.otherApps();
  const outer = outermost(app, all);
  return engineRoutes ? all : all.filter((a) => outermost(a, all.concat(app)) === outer);
}

/** The outermost app of the workspace holding `app`'s folder (the app whose engines' folders sit inside it), or itself. */
function outermost(app: RailsApp, apps: readonly RailsApp[]): RailsApp {
  return apps.filter((a) => app.root.startsWith(a.root + sep)).sort((a, b) => a.root.length - b.root.length)[0] ?? app;
}

/** Where each of `routes` that an engine draws sits in the app's table: the engine, the index in its routes, its name. */
export function enginePlaces(app: RailsApp, routes: ReadonlySet<Route>): { engine: string; index: number; name: string }[] {
  const out: { engine: string; index: number; name: string }[] = [];
  for (const engine of app.table().engines) {
    engine.routes.forEach((route, index) => {
      if (routes.has(route) && route.name) out.push({ engine: engine.name, index, name: route.name });
    });
  }
  return out;
}

const key = (use: UrlUse & { path: string }) => `${use.path}:${use.span.start.line}:${use.span.start.character}`;
