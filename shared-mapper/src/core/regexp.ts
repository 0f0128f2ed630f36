/**
 * Ruby's Regexp and MatchData, and the String methods that run a regexp (`=~`, `match`,
 * `scan`, `sub`/`gsub`, `split`). Every match goes through `regexpEngine.search`; where it
 * cannot run a pattern exactly the value is unknown, never a guess.
 */
import { inspect, regexpToS } from "../ruby/print.js";
import { RHash, RMatch, RProc, RRegexp, RString, RSymbol, RUnknown, RValue, UnknownValueError, stringValue } from "../ruby/values.js";
import { regexpEscape } from "../ruby/regexp/index.js";
import { namesOf, search, type RegexpMatch } from "./regexpEngine.js";
import { arity, rubyError, str, toInt, toStr, type Result, type Runtime, type Methods } from "./runtime.js";

function run(rt: Runtime, re: RRegexp, s: string, from: number): RegexpMatch | null {
  rt.charge(1);
  return search(re, s, from, rt.regexpBudget);
}

const charIndex = (s: string, at: number) => (/[\uD800-\uDFFF]/.test(s) ? [...s.slice(0, at)].length : at);
const jsIndex = (s: string, chars: number) => (/[\uD800-\uDFFF]/.test(s) ? [...s].slice(0, chars).join("").length : chars);


/** The first match of `re` in `s` at or after character `pos` (negative: from the end); `anchored` requires it to start there. */
export function firstMatch(rt: Runtime, re: RRegexp, s: string, pos: RValue | undefined = 0, anchored = false): RegexpMatch | null {
  let from = pos === undefined || pos === null ? 0 : toInt(pos);
  if (from < 0) from += [...s].length;
  if (from < 0) return null;
  const at = jsIndex(s, from);
  const m = run(rt, re, s, at);
  return !m || (anchored && m.offsets[0] !== at) ? null : m;
}

/** `s.match(re, pos)`: a MatchData, or nil. */
export function matchData(rt: Runtime, re: RRegexp, s: string, pos?: RValue): RValue {
  const m = firstMatch(rt, re, s, pos);
  return m ? new RMatch(s, m.offsets, m.names, re) : null;
}

/** `s[re, capture]`: the text of a group (a number or a name) of the first match, or nil. */
export function matchedGroup(rt: Runtime, re: RRegexp, s: string, capture: RValue | undefined): RValue {
  const m = firstMatch(rt, re, s);
  if (!m) return null;
  if (capture === undefined || typeof capture === "number") {
    const i = capture ?? 0;
    return i * 2 < m.offsets.length ? group(s, m, i < 0 ? m.offsets.length / 2 + i : i) : null;
  }
  const i = m.names.indexOf(stringOrSymbol(capture) ?? "");
  if (i < 0) throw rubyError("IndexError", `undefined group name reference: ${stringOrSymbol(capture)}`);
  return group(s, m, i + 1);
}

function group(s: string, m: RegexpMatch, i: number): RValue {
  const start = m.offsets[2 * i];
  return start === undefined || start < 0 ? null : str(s.slice(start, m.offsets[2 * i + 1]));
}

/** `s =~ re`: the character index of the first match, or nil. */
export function regexpIndex(rt: Runtime, re: RRegexp, s: string, from: number, _setLast = false): RValue {
  const m = run(rt, re, s, from);
  return m ? charIndex(s, m.offsets[0]) : null;
}

/** `rindex(re)`: the last match starting at or before `before`. */
export function lastMatch(rt: Runtime, re: RRegexp, s: string, before: number): RValue {
  for (let at = before; at >= 0; at--) {
    const m = run(rt, re, s, at);
    if (m && m.offsets[0] === at) return charIndex(s, at);
  }
  return null;
}

/** Every match from the start, each after the last (an empty match moves on by a character). */
function allMatches(rt: Runtime, re: RRegexp, s: string): RegexpMatch[] {
  const out: RegexpMatch[] = [];
  for (let from = 0; from <= s.length; ) {
    const m = run(rt, re, s, from);
    if (!m) break;
    out.push(m);
    from = m.offsets[1] > m.offsets[0] ? m.offsets[1] : m.offsets[1] + (s.codePointAt(m.offsets[1])! > 0xffff ? 2 : 1);
  }
  return out;
}

const patternOf = (v: RValue): RRegexp => (v instanceof RRegexp ? v : new RRegexp(escapeSource(toStr(v))));
const escapeSource = (s: string) => regexpEscape(s);

export function scan(rt: Runtime, s: string, args: RValue[], block: RProc | null): RValue {
  arity(args, 1);
  const re = patternOf(args[0]);
  const found = allMatches(rt, re, s).map((m) => (m.offsets.length > 2 ? Array.from({ length: m.offsets.length / 2 - 1 }, (_v, i) => group(s, m, i + 1)) : group(s, m, 0)));
  if (!block) return found;
  for (const f of found) rt.yield(block, [f]);
  return str(s);
}

/** `sub`/`gsub` with a replacement string (`\1`, `\k<name>`, `\0`), a hash, or a block. */
export function substitute(rt: Runtime, s: string, args: RValue[], block: RProc | null, global: boolean): string {
  arity(args, block ? 1 : 2, 2);
  const re = patternOf(args[0]);
  const matches = global ? allMatches(rt, re, s) : [run(rt, re, s, 0)].filter((m): m is RegexpMatch => m !== null);
  let out = "";
  let last = 0;
  for (const m of matches) {
    out += s.slice(last, m.offsets[0]);
    out += replacement(rt, s, m, args[1], block);
    last = m.offsets[1];
    rt.alloc(out.length);
  }
  return out + s.slice(last);
}

function replacement(rt: Runtime, s: string, m: RegexpMatch, given: RValue | undefined, block: RProc | null): string {
  const matched = s.slice(m.offsets[0], m.offsets[1]);
  if (given === undefined) return textOf(rt, rt.yield(block!, [str(matched)]));
  if (given instanceof RHash) return textOf(rt, given.get(matched) ?? null);
  const template = toStr(given);
  return template.replace(/\\(\d|k<(\w+)>|[&`'\\])/g, (_x, code: string, name?: string) => {
    if (name !== undefined) {
      const i = m.names.indexOf(name);
      if (i < 0) throw rubyError("IndexError", `undefined group name reference: ${name}`);
      return (group(s, m, i + 1) as RString | null)?.value ?? "";
    }
    if (code === "&") return matched;
    if (code === "`") return s.slice(0, m.offsets[0]);
    if (code === "'") return s.slice(m.offsets[1]);
    if (code === "\\") return "\\";
    return (group(s, m, Number(code)) as RString | null)?.value ?? "";
  });
}

const textOf = (rt: Runtime, v: RValue): string => {
  if (v instanceof RUnknown) throw new UnknownValueError(v);
  const t = stringValue(v);
  if (t !== undefined) return t;
  const s = rt.send(v, "to_s", [], null);
  return stringValue(s) ?? "";
};

/** `split(re)`: captured groups are kept between the fields, as Ruby does. */
export function splitByRegexp(rt: Runtime, re: RRegexp, s: string, limit: number): string[] {
  const out: string[] = [];
  let last = 0;
  for (const m of allMatches(rt, re, s)) {
    if (limit > 0 && out.length >= limit - 1) break;
    if (m.offsets[1] === m.offsets[0] && (m.offsets[0] === 0 || m.offsets[0] >= s.length)) continue;
    out.push(s.slice(last, m.offsets[0]));
    for (let i = 1; i < m.offsets.length / 2; i++) if (m.offsets[2 * i] >= 0) out.push(s.slice(m.offsets[2 * i], m.offsets[2 * i + 1]));
    last = m.offsets[1];
  }
  out.push(s.slice(last));
  return out;
}

export const REGEXP: Methods<RRegexp> = {
  source: (_rt, self) => str(self.source),
  to_s: (_rt, self) => str(regexpToS(self)),
  inspect: (_rt, self) => str(inspect(self)),
  options: (_rt, self) => (self.flags.includes("i") ? 1 : 0) | (self.flags.includes("x") ? 2 : 0) | (self.flags.includes("m") ? 4 : 0),
  "casefold?": (_rt, self) => self.flags.includes("i"),
  "==": (_rt, self, args) => args[0] instanceof RRegexp && args[0].source === self.source && args[0].flags === self.flags,
  "=~": (rt, self, args) => {
    const s = stringOrSymbol(args[0]);
    return s === undefined ? null : regexpIndex(rt, self, s, 0);
  },
  match: (rt, self, args) => {
    arity(args, 1, 2);
    const s = stringOrSymbol(args[0]);
    return s === undefined ? null : matchData(rt, self, s, args[1]);
  },
  "match?": (rt, self, args) => {
    arity(args, 1, 2);
    const s = stringOrSymbol(args[0]);
    return s !== undefined && firstMatch(rt, self, s, args[1]) !== null;
  },
  "===": (rt, self, args) => {
    const s = stringOrSymbol(args[0]);
    return s !== undefined && run(rt, self, s, 0) !== null;
  },
  names: (_rt, self) => [...new Set(groupNamesOf(self))].map(str),
  freeze: (_rt, self) => self,
};

const groupNamesOf = (re: RRegexp) => namesOf(re);

function stringOrSymbol(v: RValue | undefined): string | undefined {
  if (v instanceof RSymbol) return v.name;
  if (v === null || v === undefined) return undefined;
  return toStr(v);
}

export const MATCH_DATA: Methods<RMatch> = {
  "[]": (_rt, self, args) => {
    arity(args, 1, 2);
    const key = args[0];
    const i = typeof key === "number" ? key : self.names.indexOf(stringOrSymbol(key) ?? "") + 1;
    if (typeof key !== "number" && i === 0) throw rubyError("IndexError", `undefined group name reference: ${stringOrSymbol(key)}`);
    return i * 2 < self.offsets.length ? group(self.input, { offsets: self.offsets, names: self.names }, i) : null;
  },
  to_a: (_rt, self) => Array.from({ length: self.offsets.length / 2 }, (_v, i) => group(self.input, self, i)),
  captures: (_rt, self) => Array.from({ length: self.offsets.length / 2 - 1 }, (_v, i) => group(self.input, self, i + 1)),
  named_captures: (_rt, self) => new RHash(self.names.map((n, i) => [str(n), group(self.input, self, i + 1)] as [RValue, RValue]).filter(([k]) => (k as RString).value)),
  names: (_rt, self) => self.names.filter(Boolean).map(str),
  pre_match: (_rt, self) => str(self.input.slice(0, self.offsets[0])),
  post_match: (_rt, self) => str(self.input.slice(self.offsets[1])),
  to_s: (_rt, self) => group(self.input, self, 0),
  begin: (_rt, self, args) => offsetOf(self, args, 0),
  end: (_rt, self, args) => offsetOf(self, args, 1),
  size: (_rt, self) => self.offsets.length / 2,
  length: (_rt, self) => self.offsets.length / 2,
  string: (_rt, self) => self.input,
  regexp: (_rt, self) => self.regexp,
};

function offsetOf(m: RMatch, args: RValue[], end: 0 | 1): Result {
  const i = toInt(args[0] ?? 0);
  const at = m.offsets[2 * i + end];
  return at === undefined || at < 0 ? null : charIndex(m.input, at);
}
