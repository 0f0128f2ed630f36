/**
 * The Gemfile as Bundler's DSL reads it, line by line as text: each gem's groups, its `require:`
 * and its version constraints, and the groups around each `gemspec` (bundler/dsl.rb). A Gemfile
 * whose blocks cannot be followed (`eval_gemfile`, unbalanced blocks) reads as undefined.
 */
/** What the Gemfile says of a gem: its groups and what Bundler.require requires for it. */
export interface GemEntry {
  groups: string[];
  /** Paths to require; empty for `require: false`; undefined when not literal. */
  require: string[] | undefined;
  /** Its version constraints (`"~> 7.0.4", ">= 7.0.4.1"`); undefined when one is not a literal string. */
  requirements: string[] | undefined;
}

export interface Gemfile {
  gems: Map<string, GemEntry>;
  /** The groups around each `gemspec` call (a path gem the Gemfile does not name comes from one). */
  gemspecGroups: string[][];
}

/** The Gemfile's logical lines: comments dropped, a call continued after a trailing comma joined. */
function logicalLines(text: string): string[] {
  const lines: string[] = [];
  let pending = "";
  for (const raw of text.split("\n")) {
    const line = raw.replace(/(^|\s)#(?![{]).*$/, "").trimEnd();
    pending = pending ? `${pending} ${line.trim()}` : line;
    // The line, not what is pending, says whether the call goes on (a long call stays linear).
    if (line.endsWith(",") || line.endsWith("\\") || (!line && pending)) continue;
    lines.push(pending);
    pending = "";
  }
  if (pending) lines.push(pending);
  return lines;
}

/** The literal version strings after a gem's name (`, "~> 7.0", ">= 7.0.4"`), up to its options; undefined for a computed one. */
function requirementsOf(rest: string): string[] | undefined {
  const out: string[] = [];
  let at = rest;
  for (let m = /^\s*,\s*(["'])([^"'#{}]*)\1/.exec(at); m; m = /^\s*,\s*(["'])([^"'#{}]*)\1/.exec(at)) {
    out.push(m[2]);
    at = at.slice(m[0].length);
  }
  // A gem from git or a path has that source's version, whatever the constraints.
  if (/\b(git|github|gitlab|bitbucket|path)\s*:|:(git|github|path)\s*=>/.test(at)) return undefined;
  // What is left is the options (`require: false`, `:group => …`) or nothing; anything else is a computed version.
  return /^\s*(\)\s*)?$|^\s*,\s*(\w+:|:\w+\s*=>|["']\w+["']\s*=>)/.test(at) ? out : undefined;
}

/** The symbols and strings of a list of arguments (`:development, "test"`). */
export const gemNames = (text: string) => [...text.matchAll(/:(\w+)|["'](\w+)["']/g)].map((m) => m[1] ?? m[2]);

/** How deep the Gemfile's blocks are followed, and how many groups they may name. */
const MAX_DEPTH = 64;

/** Reads the gems of a Gemfile; undefined when its blocks cannot be followed. */
export function readGemfile(text: string): Gemfile | undefined {
  const gems = new Map<string, GemEntry>();
  const gemspecGroups: string[][] = [];
  // Each open block: how many groups it adds (`group :test do`), or none; `open` holds them all.
  const stack: number[] = [];
  const open: string[] = [];
  // The groups a `gem` line gets from its blocks, worked out when a block opens or closes.
  let groupsNow = ["default"];
  const current = () => groupsNow;
  const regroup = () => (groupsNow = open.length ? [...new Set(open)] : ["default"]);
  for (const line of logicalLines(text)) {
    const trimmed = line.trim();
    if (!trimmed) continue;
    if (/^eval_gemfile\b/.test(trimmed)) return undefined;
    const gem = /^gem[\s(]+["']([^"']+)["'](.*)$/.exec(trimmed);
    if (gem) {
      const opts = gem[2];
      const own = /\bgroups?:\s*(\[[^\]]*\]|%i\[[^\]]*\]|:\w+|["']\w+["'])/.exec(opts) ?? /:groups?\s*=>\s*(\[[^\]]*\]|:\w+)/.exec(opts);
      const groups = own ? (own[1].startsWith("%i") ? own[1].slice(3, -1).trim().split(/\s+/) : gemNames(own[1])) : current();
      let require: string[] | undefined = [gem[1]];
      const req = /(?:\brequire:|:require\s*=>)\s*(.*)$/.exec(opts);
      if (req) {
        const value = req[1].trim();
        if (/^(false|nil)\b/.test(value)) require = [];
        else if (/^["'][^"']+["']/.test(value)) require = [value.slice(1, value.indexOf(value[0], 1))];
        else if (/^\[/.test(value)) require = [...value.slice(0, value.indexOf("]")).matchAll(/["']([^"']+)["']/g)].map((m) => m[1]);
        else require = undefined;
      }
      gems.set(gem[1], { groups, require, requirements: requirementsOf(opts) });
    } else if (/(^|[\s{(])gemspec\b/.test(trimmed)) {
      gemspecGroups.push(current());
    }
    // Blocks: `… do` (with parameters) and keyword statements open one; `end` closes one.
    const opens = /\bdo(\s*\|[^|]*\|)?\s*$/.test(trimmed) || /^(if|unless|case|begin|while|until|def|module|class)\b/.test(trimmed);
    if (opens) {
      const added = /^group\b/.test(trimmed) ? gemNames(trimmed.replace(/\bdo\b.*$/, "")) : [];
      open.push(...added);
      stack.push(added.length);
      // No Gemfile nests this deep or names this many groups: one that does is not followed.
      if (stack.length > MAX_DEPTH || open.length > MAX_DEPTH) return undefined;
      if (added.length) regroup();
    } else if (/^end\b/.test(trimmed)) {
      if (!stack.length) return undefined;
      const closed = stack.pop()!;
      open.length -= closed;
      if (closed) regroup();
    }
  }
  return stack.length ? undefined : { gems, gemspecGroups };
}

