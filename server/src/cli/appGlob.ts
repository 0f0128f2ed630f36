/**
 * `Dir.glob` for the mapper (`MapInput.glob`), over the app's own tree: a pattern's literal
 * folders are followed as they are, and only its wildcard segments list a folder. Bounded: at
 * most `MAX_ENTRIES` entries are looked at, folders Routemap never reads (`node_modules`,
 * `.git`, `tmp`, `vendor/bundle`) are skipped, and nothing outside the app's root is listed.
 */
import { join } from "node:path";
import { expandBraces, globBody } from "@routemap/shared-mapper";
import type { FileSystem } from "../fileSystem.js";

const MAX_ENTRIES = 20_000;
const SKIPPED = new Set(["node_modules", ".git", "tmp", "log"]);

/** The glob function the mapper calls, for the app at `root`. */
export function appGlob(root: string, fs: FileSystem): (pattern: string) => string[] {
  return (pattern) => {
    // Braces first, as Ruby expands them (`{app,lib}/**/*.rb`, `{**}`): each alternative a pattern of its own.
    const out = new Set<string>();
    const budget = { left: MAX_ENTRIES };
    for (const one of expandBraces(pattern)) for (const path of globOne(root, fs, one, budget)) out.add(path);
    return [...out].sort();
  };
}

/** One brace-free pattern's matches, charged to `budget`. */
function globOne(root: string, fs: FileSystem, pattern: string, budget: { left: number }): string[] {
  if (!pattern.startsWith(root + "/")) return [];
  const segments = pattern.slice(root.length + 1).split("/").filter(Boolean);
  const out: string[] = [];
  const visit = (dir: string, i: number): void => {
    if (i === segments.length) {
      out.push(dir);
      return;
    }
    const seg = segments[i];
    // `**/` crosses folders; a last `**` is `*` (Ruby's dir.c).
    if (seg === "**" && i < segments.length - 1) {
      visit(dir, i + 1);
      for (const entry of fs.readDir(dir)) {
        if (--budget.left < 0) return;
        if (entry.endsWith("/") && !SKIPPED.has(entry.slice(0, -1)) && !entry.startsWith(".")) visit(join(dir, entry.slice(0, -1)), i);
      }
      return;
    }
    if (!/[*?[{]/.test(seg)) {
      const path = join(dir, seg);
      if (i === segments.length - 1 ? fs.exists(path) : fs.readDir(path).length > 0) visit(path, i + 1);
      return;
    }
    const matcher = segmentRegExp(seg);
    for (const entry of fs.readDir(dir)) {
      if (--budget.left < 0) return;
      const name = entry.replace(/\/$/, "");
      if (SKIPPED.has(name) || (name.startsWith(".") && !seg.startsWith("."))) continue;
      if (!matcher.test(name)) continue;
      if (i < segments.length - 1 && !entry.endsWith("/")) continue;
      visit(join(dir, name), i + 1);
    }
  };
  visit(root, 0);
  return out;
}

/** A brace-free segment's names (`*.rb`, `[a-c]*`), as `ruby/glob.ts` reads them. */
function segmentRegExp(seg: string): RegExp {
  return new RegExp(`^${globBody(seg)}$`);
}
