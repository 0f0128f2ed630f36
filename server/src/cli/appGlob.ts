/**
 * `Dir.glob` for the mapper (`MapInput.glob`), over the app's own tree: a pattern's literal
 * folders are followed as they are, and only its wildcard segments list a folder. Bounded: at
 * most `MAX_ENTRIES` entries are looked at, folders Routemap never reads (`node_modules`,
 * `.git`, `tmp`, `vendor/bundle`) are skipped, and nothing outside the app's root is listed.
 * Names are matched by the Ruby regexp engine with a budget of steps (the pattern is the app's
 * text: `*a*a*a…b` would backtrack in V8's); past it the walk stops where it is.
 */
import { join } from "node:path";
import { expandBraces, globSegmentMatcher, RegexpBudgetExceeded, type GlobMatcher } from "@routemap/shared-mapper";
import type { FileSystem } from "../fileSystem.js";

const MAX_ENTRIES = 20_000;
const MAX_STEPS = 2_000_000;
const SKIPPED = new Set(["node_modules", ".git", "tmp", "log"]);

/** The glob function the mapper calls, for the app at `root`. */
export function appGlob(root: string, fs: FileSystem): (pattern: string) => string[] {
  return (pattern) => {
    // Braces first, as Ruby expands them (`{app,lib}/**/*.rb`, `{**}`): each alternative a pattern of its own.
    const out = new Set<string>();
    const budget = { left: MAX_ENTRIES, regexp: { remaining: MAX_STEPS } };
    for (const one of expandBraces(pattern)) for (const path of globOne(root, fs, one, budget)) out.add(path);
    return [...out].sort();
  };
}

/** One brace-free pattern's matches, charged to `budget`. */
function globOne(root: string, fs: FileSystem, pattern: string, budget: { left: number; regexp: { remaining: number } }): string[] {
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
    // A segment's names (`*.rb`, `[a-c]*`, a leading `.` only where the segment has one), as `ruby/glob.ts` reads them.
    const matcher = globSegmentMatcher(seg);
    for (const entry of fs.readDir(dir)) {
      if (--budget.left < 0) return;
      const name = entry.replace(/\/$/, "");
      if (SKIPPED.has(name)) continue;
      if (!matches(matcher, name, budget)) continue;
      if (i < segments.length - 1 && !entry.endsWith("/")) continue;
      visit(join(dir, name), i + 1);
    }
  };
  visit(root, 0);
  return out;
}

/** Whether `name` matches; a match past the steps' budget ends the walk (nothing more is listed). */
function matches(matcher: GlobMatcher, name: string, budget: { left: number; regexp: { remaining: number } }): boolean {
  try {
    return matcher(name, budget.regexp);
  } catch (e) {
    if (!(e instanceof RegexpBudgetExceeded)) throw e;
    budget.left = 0;
    return false;
  }
}
