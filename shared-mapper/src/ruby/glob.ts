/**
 * Ruby's Dir.glob patterns (dir.c), for the evaluator's `Dir.glob` over the files it was given,
 * the routes files `config.paths` lists, and the hosts' walks over the disk
 * (server/src/cli/appGlob.ts). The pattern is the app's text: it is matched by the Ruby regexp
 * engine (linear, charged to a budget), never by V8's backtracking one, and any pattern makes a
 * valid matcher, never an exception.
 */
import { escapeRegExp } from "../regexpEscape.js";
import { compileRubyRegexp, type RegexpBudget } from "./regexp/index.js";

/** Whether a path (or a name, for a segment's matcher) matches; throws `RegexpBudgetExceeded` when the budget is spent. */
export type GlobMatcher = (path: string, budget: RegexpBudget) => boolean;

/**
 * A glob over whole paths, as Ruby's Dir.glob reads it (dir.c): braces first, each alternative a
 * glob of its own (`{**}` is `**`, nested braces too), then `**` and a slash across folders
 * (`**` without one is `*`), `*` within a folder, `?`, and `[abc]`/`[!a]` classes. A name that
 * starts with `.` is matched only by a segment that starts with `.` (no FNM_DOTMATCH), and `**`
 * with its slash does not enter such folders. A pattern whose braces expand past `MAX_BRACES` alternatives keeps
 * the rest as written.
 */
export function globMatcher(pattern: string): GlobMatcher {
  return rubyMatcher(expandBraces(pattern).map(pathSource));
}

/** A brace-free pattern's source: its segments joined by `/`, a `**` before a slash standing for any number of folders. */
function pathSource(pattern: string): string {
  const segments = pattern.split("/");
  let out = "";
  segments.forEach((segment, i) => {
    const last = i === segments.length - 1;
    if (segment === "**" && !last) out += "(?:(?!\\.)[^/]+/)*";
    else out += segmentSource(segment) + (last ? "" : "/");
  });
  return out;
}

/** A brace-free segment's names (`*.rb`, `[a-c]*`), a leading `.` as a whole path's segment has it. */
export function globSegmentMatcher(segment: string): GlobMatcher {
  return rubyMatcher([segmentSource(segment)]);
}

function rubyMatcher(alternatives: string[]): GlobMatcher {
  const compiled = compileRubyRegexp(`\\A(?:${alternatives.join("|")})\\z`);
  // Every source globBody makes is one the engine reads; were one not, nothing matches.
  if (!compiled.ok) return () => false;
  return (path, budget) => compiled.regexp.test(path, 0, budget);
}

/** One segment's names: one that starts with `.` only where the segment does (a last `**` is `*`). */
function segmentSource(segment: string): string {
  const body = globBody(segment);
  return segment.startsWith(".") || segment === "" ? body : `(?!\\.)${body}`;
}

const MAX_BRACES = 256;

/** `a{b,c{d,e}}` → `ab`, `acd`, `ace`: the first brace group at the top level, then each alternative again. */
export function expandBraces(pattern: string, budget = { left: MAX_BRACES }): string[] {
  const open = pattern.indexOf("{");
  if (open < 0) return [pattern];
  let depth = 0;
  const cuts: number[] = [];
  let close = -1;
  for (let i = open; i < pattern.length && close < 0; i++) {
    const c = pattern[i];
    if (c === "\\") i++;
    else if (c === "{") depth++;
    else if (c === "}" && --depth === 0) close = i;
    else if (c === "," && depth === 1) cuts.push(i);
  }
  if (close < 0 || budget.left <= 0) return [pattern];
  const bounds = [open, ...cuts, close];
  const out: string[] = [];
  for (let k = 0; k + 1 < bounds.length; k++) {
    budget.left--;
    out.push(...expandBraces(pattern.slice(0, open) + pattern.slice(bounds[k] + 1, bounds[k + 1]) + pattern.slice(close + 1), budget));
  }
  return out;
}

/** One brace-free glob's regexp source. */
export function globBody(pattern: string): string {
  let re = "";
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i];
    if (c === "*" && pattern[i + 1] === "*" && pattern[i + 2] === "/") {
      re += "(?:[^/]+/)*";
      i += 2;
    } else if (c === "*") {
      re += "[^/]*";
      while (pattern[i + 1] === "*") i++;
    } else if (c === "?") re += "[^/]";
    else if (c === "[" && pattern.indexOf("]", i + 2) > 0) {
      const end = pattern.indexOf("]", i + 2);
      const body = pattern.slice(i + 1, end);
      const negated = body.startsWith("!") || body.startsWith("^");
      re += `[${negated ? "^" : ""}${(negated ? body.slice(1) : body).replace(/[\\\][^]/g, "\\$&")}]`;
      i = end;
    } else re += escapeRegExp(c);
  }
  return re;
}
