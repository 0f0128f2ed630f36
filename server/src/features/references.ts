/**
 * Find references: from a declaration in a routes file, or from a URL use in a view,
 * controller, helper or test (a helper call, a `url_for` hash, a polymorphic target), to every
 * place the app's code generates a URL to its routes. The uses are read with the call-site
 * model the helper checks use (urlUses.ts), as RubyMine's find-usages of routes: named helpers,
 * `url_for(controller:, action:)` and `redirect_to @post` alike; nothing in comments or strings.
 */
import type { Route } from "@routemap/shared-mapper";
import type { Location, Position } from "vscode-languageserver/node";
import { contains, toLocation } from "../convert.js";
import type { RailsApp } from "../workspace.js";
import { siteAt, siteRoutes } from "./declarations.js";
import { urlUsesOf, useContext, type UrlUse } from "./urlUses.js";
import { usesAcrossApps } from "./engineUses.js";

/** The URL use of a file under the cursor, if any. */
export function useAt(app: RailsApp, file: string, text: string, position: Position): UrlUse | undefined {
  // The innermost: a helper call inside a hash's or a target's extent is the one meant.
  const found = urlUsesOf(useContext(app), file, text).filter((u) => contains(u.span, position.line, position.character));
  return found.find((u) => u.kind === "helper") ?? found[0];
}

/** The routes whose uses are looked for, from the cursor in any file. */
export function routesAt(app: RailsApp, file: string, text: string, position: Position, isRoutesFile: boolean): Route[] {
  if (!isRoutesFile) return useAt(app, file, text, position)?.routes ?? [];
  const result = app.table();
  const site = siteAt(result, file, position);
  return site ? siteRoutes(result, site) : [];
}

/** Every use of the routes in the app's files; with `includeDeclaration`, their declarations first. */
export function routeReferences(app: RailsApp, routes: readonly Route[], includeDeclaration: boolean): Location[] {
  const out: Location[] = [];
  if (includeDeclaration) {
    const seen = new Set<string>();
    for (const route of routes) {
      const key = `${route.source.file}:${route.source.start.line}:${route.source.start.character}`;
      if (!seen.has(key)) out.push(toLocation(route.source));
      seen.add(key);
    }
    // In the order they are written (a nested resource's routes come before its parent's in the table).
    out.sort((a, b) => (a.uri < b.uri ? -1 : a.uri > b.uri ? 1 : a.range.start.line - b.range.start.line || a.range.start.character - b.range.start.character));
  }
  for (const use of usesAcrossApps(app, new Set(routes))) out.push(toLocation(use.span));
  return out;
}
