/**
 * Find references: from a declaration in a routes file to every call of its helpers in the
 * app's Ruby and ERB files; from a helper call, to the other calls of the same helper.
 */
import type { MapResult } from "@routemap/shared-mapper";
import type { Location, Position } from "vscode-languageserver/node";
import { toLocation, toUri } from "../convert.js";
import { walk } from "../fileSystem.js";
import type { RailsApp } from "../workspace.js";
import { siteAt, siteRoutes } from "./declarations.js";
import { helperAt } from "./helpers.js";

const SEARCHED = ["app", "lib", "test", "spec", "config"];

/** Helper names whose calls to look for, from the cursor in any file. */
export function helpersAt(result: MapResult, file: string, text: string, position: Position, isRoutesFile: boolean): string[] {
  if (!isRoutesFile) {
    const at = helperAt(text, position);
    return at ? [at.name.replace(/_(path|url)$/, "")] : [];
  }
  const site = siteAt(result, file, position);
  if (!site) return [];
  return [...new Set(siteRoutes(result, site).map((r) => r.name).filter(Boolean))];
}

export function helperReferences(app: RailsApp, names: string[], includeDeclaration: boolean): Location[] {
  if (names.length === 0) return [];
  const pattern = new RegExp(`\\b(?:${names.map((n) => n.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join("|")})_(?:path|url)\\b`, "g");
  const out: Location[] = [];
  for (const dir of SEARCHED) {
    for (const file of walk(app.workspaceFs(), `${app.root}/${dir}`, (p) => /\.(rb|erb|haml|slim|rake)$/.test(p))) {
      if (app.isRoutesFile(file)) continue;
      const text = app.workspaceText(file);
      if (!text || !pattern.test(text)) continue;
      pattern.lastIndex = 0;
      text.split("\n").forEach((line, i) => {
        for (const m of line.matchAll(pattern)) {
          out.push({ uri: toUri(file), range: { start: { line: i, character: m.index! }, end: { line: i, character: m.index! + m[0].length } } });
        }
      });
    }
  }
  if (includeDeclaration) {
    const result = app.table();
    for (const route of result.routes) if (names.includes(route.name)) out.unshift(toLocation(route.source));
  }
  return out;
}
