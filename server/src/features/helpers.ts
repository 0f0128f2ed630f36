/**
 * URL helpers (`edit_post_path`, `posts_url`, `homepage_url` from `direct`) and finding one
 * at a position in Ruby or ERB text.
 */
import type { CustomHelper, MapResult, Route } from "@routemap/shared-mapper";
import type { Position, Range } from "vscode-languageserver/node";

export interface Helper {
  /** The helper method: `edit_post_path`. */
  name: string;
  kind: "path" | "url";
  route?: Route;
  custom?: CustomHelper;
}

const indexes = new WeakMap<MapResult, Map<string, Helper>>();

/** Every helper of an app's table, by name; computed once per table. */
export function helperIndex(result: MapResult): Map<string, Helper> {
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

/** Parameters a helper call must be given: the route's required path parts. */
export function requiredParameters(route: Route): string[] {
  return route.requiredParts.filter((p) => p !== "format");
}

/** The identifier under the cursor, if it looks like a URL helper (`main_app.` prefix allowed). */
export function helperAt(text: string, position: Position): { name: string; range: Range } | undefined {
  const line = text.split("\n")[position.line];
  if (line === undefined) return undefined;
  const re = /[A-Za-z_][A-Za-z0-9_]*_(?:path|url)\b/g;
  let m: RegExpExecArray | null;
  while ((m = re.exec(line))) {
    const start = m.index;
    const end = start + m[0].length;
    if (position.character >= start && position.character <= end) {
      return { name: m[0], range: { start: { line: position.line, character: start }, end: { line: position.line, character: end } } };
    }
  }
  return undefined;
}
