/**
 * Where the core library runs a Ruby regexp against a String. Every match goes through
 * `search`: a pattern whose Ruby meaning cannot be run exactly gives undefined, and the
 * value that needed it is unknown.
 *
 * Today this reads the pattern as JavaScript's where the two agree (`\A`, `\z`, `\Z` and `\h`
 * rewritten; `^` and `$` are line anchors in Ruby, so JavaScript's `m` flag), and refuses
 * patterns whose backtracking could run away (a quantified group that holds a quantifier).
 */
import { RRegexp } from "../ruby/values.js";

export interface RegexpMatch {
  /** [start, end) of the whole match and of each group, in JavaScript string indices; -1 where a group did not take part. */
  offsets: number[];
  /** Each group's name, "" for a numbered one. */
  names: string[];
}

const cache = new Map<string, RegExp | null>();

/** The first match at or after `from`, null for none; undefined where the pattern cannot be run exactly. */
export function search(re: RRegexp, input: string, from: number): RegexpMatch | null | undefined {
  const js = compile(re);
  if (!js) return undefined;
  js.lastIndex = from;
  const m = js.exec(input);
  if (!m) return null;
  const indices = (m as RegExpExecArray & { indices: [number, number][] }).indices;
  const offsets: number[] = [];
  for (const pair of indices) offsets.push(pair ? pair[0] : -1, pair ? pair[1] : -1);
  return { offsets, names: groupNames(re.source) };
}

/** The names of a pattern's groups, in order ("" for numbered ones); Ruby numbers only unnamed groups when none is named. */
export function groupNames(source: string): string[] {
  const names: string[] = [];
  const group = /\\.|\[(?:\\.|[^\]])*\]|\((\?<([A-Za-z_]\w*)>|\?[^<]|\?<[=!])?/g;
  for (let m; (m = group.exec(source)); ) {
    if (m[0][0] !== "(") continue;
    if (m[2]) names.push(m[2]);
    else if (m[1] === undefined) names.push("");
  }
  return names;
}

function compile(re: RRegexp): RegExp | undefined {
  const key = `${re.flags}/${re.source}`;
  let js = cache.get(key);
  if (js === undefined) {
    js = translate(re) ?? null;
    if (cache.size > 512) cache.clear();
    cache.set(key, js);
  }
  return js ?? undefined;
}

/** Escapes that mean the same in both. */
const SAME_ESCAPES = new Set("dDwWsSbB.-/\\_+*?()[]{}|^$ntrfve0123456789".split(""));

function translate(re: RRegexp): RegExp | undefined {
  let source = re.source;
  if (re.flags.includes("x")) source = source.replace(/\\#|\[(?:\\.|[^\]])*\]|#[^\n]*|\s+/g, (m) => (m[0] === "[" || m[0] === "\\" ? m : ""));
  if (/\(\?(?![:<=!]|<[=!])|\[\[:|&&|[+*?}]\+|\{,|\\[kgGpPRX]/.test(source)) return undefined;
  if (runaway(source)) return undefined;
  let out = "";
  for (let i = 0; i < source.length; i++) {
    const c = source[i];
    if (c !== "\\") {
      out += c;
      continue;
    }
    const e = source[++i];
    if (e === "A") out += "(?<![\\s\\S])";
    else if (e === "z") out += "(?![\\s\\S])";
    else if (e === "Z") out += "(?=\\n?(?![\\s\\S]))";
    else if (e === "h") out += "[0-9a-fA-F]";
    else if (e === "H") out += "[^0-9a-fA-F]";
    else if (SAME_ESCAPES.has(e)) out += "\\" + e;
    else if (e === "x" || e === "u") out += "\\" + e;
    else if (/[^A-Za-z]/.test(e ?? "")) out += "\\" + e;
    else return undefined;
  }
  try {
    return new RegExp(out, "gmd" + (re.flags.includes("i") ? "i" : "") + (re.flags.includes("m") ? "s" : ""));
  } catch {
    return undefined;
  }
}

/** A group that is quantified and holds a quantifier or an alternation: backtracking on it can take exponential time. */
function runaway(source: string): boolean {
  const stack: boolean[] = [];
  let risky = false;
  for (let i = 0; i < source.length; i++) {
    const c = source[i];
    if (c === "\\") {
      i++;
      continue;
    }
    if (c === "[") {
      while (i < source.length && source[i] !== "]") i += source[i] === "\\" ? 2 : 1;
      continue;
    }
    if (c === "(") stack.push(false);
    else if (c === ")") {
      const inner = stack.pop() ?? false;
      const next = source[i + 1];
      if (inner && (next === "*" || next === "+" || next === "{")) risky = true;
      if (stack.length) stack[stack.length - 1] ||= inner || next === "*" || next === "+";
    } else if ((c === "*" || c === "+" || c === "|") && stack.length) stack[stack.length - 1] = true;
  }
  return risky;
}
