/**
 * Which constants hold the routes' helpers as class methods (lobsters' `Routes.story_url`), for
 * the calls on a constant (`HelperCall.through`): the constant's file is found where Rails'
 * autoloader would load it (`MapResult.autoloadFiles`), and read by the mapper
 * (shared-mapper's app/urlHelperHolders.ts). A constant whose file is not found, or that holds no
 * helpers, is none: its calls are not taken for the helpers'.
 */
import { join } from "node:path";
import type { MapResult, UrlHelperHolder, UrlHelperHolderOf } from "@routemap/shared-mapper";

/** The lookup for an app's table: each constant's answer kept while its file's text is the same. */
export function urlHelperHolderLookup(o: {
  root: string;
  table: () => MapResult;
  read: (path: string) => string | undefined;
  holders: (path: string, text: string) => UrlHelperHolder[];
}): UrlHelperHolderOf {
  const known = new Map<string, { result: MapResult; path?: string; text?: string; own?: ReadonlySet<string> }>();
  return (constant) => {
    const result = o.table();
    const hit = known.get(constant);
    if (hit && hit.result === result && (hit.path === undefined || o.read(hit.path) === hit.text)) return hit.own;
    let entry: { result: MapResult; path?: string; text?: string; own?: ReadonlySet<string> } = { result };
    for (const relative of result.autoloadFiles?.(constant) ?? []) {
      const path = join(o.root, relative);
      const text = o.read(path);
      if (text === undefined) continue;
      const holder = text.includes("url_helpers") ? o.holders(path, text).find((h) => h.name === constant.replace(/^::/, "")) : undefined;
      entry = { result, path, text, own: holder && new Set(holder.own) };
      break;
    }
    known.set(constant, entry);
    return entry.own;
  };
}
