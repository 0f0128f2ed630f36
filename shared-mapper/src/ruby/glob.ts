/**
 * Ruby's Dir.glob patterns (dir.c), for the evaluator's `Dir.glob` over the files it was given
 * and for the hosts' over the disk (server/src/cli/appGlob.ts): any pattern makes a valid
 * regexp, never an exception.
 */
import { escapeRegExp } from "../regexpEscape.js";

/**
 * A glob as a regexp, as Ruby's Dir.glob reads it (dir.c): braces first, each alternative a glob
 * of its own (`{**}` is `**`, nested braces too), then `**` and a slash across folders (`**`
 * without one is `*`), `*` within a folder, `?`, and `[abc]`/`[!a]` classes. Any pattern makes a valid regexp;
 * a pattern whose braces expand past `MAX_BRACES` alternatives keeps the rest as written.
 */
export function globRegExp(pattern: string): RegExp {
  return new RegExp(`^(?:${expandBraces(pattern).map(globBody).join("|")})$`);
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
