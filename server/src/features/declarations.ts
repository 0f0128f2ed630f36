/**
 * Finding declarations (DSL calls) in a routes file: the innermost one at a position, the
 * literal argument under the cursor, and the routes a declaration produced.
 */
import type { Declaration, LiteralArgument, MapResult, Route } from "@routemap/shared-mapper";
import type { Position } from "vscode-languageserver/node";
import { contains } from "../convert.js";

/** Declarations at one call site: loops and concerns evaluate a call more than once. */
export interface Site {
  declarations: Declaration[];
  first: Declaration;
}

function key(d: Declaration): string {
  const s = d.span;
  return `${s.file}:${s.start.line}:${s.start.character}`;
}

/** The call sites of a file, each with every evaluation of it. */
export function sitesIn(result: MapResult, file: string): Site[] {
  const sites = new Map<string, Site>();
  for (const d of result.declarations) {
    // `file` first: a span is worked out on first read, and most declarations are elsewhere.
    if (d.file !== file) continue;
    const k = key(d);
    const site = sites.get(k);
    if (site) site.declarations.push(d);
    else sites.set(k, { declarations: [d], first: d });
  }
  return [...sites.values()];
}

/** The innermost call site whose extent (call and block) contains the position. */
export function siteAt(result: MapResult, file: string, position: Position): Site | undefined {
  let best: Site | undefined;
  for (const site of sitesIn(result, file)) {
    if (!contains(site.first.extent, position.line, position.character)) continue;
    if (!best || contains(best.first.extent, site.first.extent.start.line, site.first.extent.start.character)) best = site;
  }
  return best;
}

/** The literal argument (`:posts`, `"posts#show"`) under the cursor at a call site. */
export function literalAt(site: Site, position: Position): LiteralArgument | undefined {
  return site.first.literals.find((l) => contains(l.span, position.line, position.character));
}

/** Routes made by every evaluation of a call site, in table order, without repeats. */
export function siteRoutes(result: MapResult, site: Site): Route[] {
  const indices = new Set<number>();
  const tables = new Map<string | undefined, Route[]>([[undefined, result.routes]]);
  for (const e of result.engines) tables.set(e.name, e.routes);
  const out: Route[] = [];
  for (const d of site.declarations) {
    const table = tables.get(d.engine) ?? [];
    for (let i = d.routeRange[0]; i < d.routeRange[1]; i++) {
      const id = d.engine ? -1 - i : i;
      if (!indices.has(id) && table[i]) {
        indices.add(id);
        out.push(table[i]);
      }
    }
  }
  return out;
}
