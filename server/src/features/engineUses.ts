/**
 * The uses of an engine's routes across the workspace: an engine's routes are drawn in the
 * table of its own folder (the engine as an app of its own: its files call them bare) and in
 * the table of every app that mounts it (whose files call them through the mount's proxy,
 * `blog.entries_path`, Rails' `RouteSet::MountedHelpers`). Each table has route objects of its
 * own: a route is matched across tables by its engine and its place in the engine's routes.
 */
import type { Route } from "@routemap/shared-mapper";
import type { RailsApp } from "../workspace.js";
import { usesOf, type UrlUse } from "./urlUses.js";

/** Every use of `routes` in the app's files and, for an engine's routes, in the other apps' that draw that engine. */
export function usesAcrossApps(app: RailsApp, routes: ReadonlySet<Route>): (UrlUse & { path: string })[] {
  const out = usesOf(app, routes);
  const places = enginePlaces(app, routes);
  if (!places.length) return out;
  const seen = new Set(out.map(key));
  for (const other of app.otherApps()) {
    const mapped = new Set<Route>();
    for (const { engine, index, name } of places) {
      const route = other.table().engines.find((e) => e.name === engine)?.routes[index];
      if (route && route.name === name) mapped.add(route);
    }
    for (const use of usesOf(other, mapped)) {
      if (seen.has(key(use))) continue;
      seen.add(key(use));
      out.push(use);
    }
  }
  return out;
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
