/**
 * String's methods that search with a pattern (`string.c`: `rb_str_match`, `rb_str_match_m`,
 * `rb_str_scan`, `str_gsub`, `rb_str_sub_bang`, `rb_str_split_m`, `rb_str_index_m`,
 * `rb_str_rindex_m`, `rb_str_partition`): a Regexp runs on Routemap's engine, a String is
 * matched as it is written. Each sets `$~` as Ruby does where the evaluator keeps it
 * (`Runtime.setLastMatch`). Positions are characters.
 */
import { inspect, typeName } from "../ruby/print.js";
import { regexpEscape, RegexpReplacementError, type RubyMatch, type RubyRegexp } from "../ruby/regexp/index.js";
import { expandReplacement, gsub as engineGsub, scan as engineScan, split as engineSplit, sub as engineSub } from "../ruby/regexp/index.js";
import { RHash, RMatch, RProc, RRegexp, RSymbol, RUnknown, RValue, UnknownValueError, stringValue } from "../ruby/values.js";
import { hashGet } from "./hash.js";
import { compiledOf, matchFailure, search, type RegexpMatch } from "./regexpEngine.js";
import { arity, rubyError, str, toInt, toStr, type Runtime } from "./runtime.js";
import { charIndex, chars, jsIndex, length } from "./stringText.js";

/** `sub`'s and `scan`'s pattern: a Regexp, or a String matched literally; else Ruby's TypeError. */
export function patternOf(v: RValue | undefined): RRegexp {
  if (v instanceof RRegexp) return v;
  const s = stringValue(v);
  if (s !== undefined) return new RRegexp(regexpEscape(s));
  if (v instanceof RUnknown) throw new UnknownValueError(v);
  throw rubyError("TypeError", `wrong argument type ${v === undefined || v === null ? "nil" : typeName(v)} (expected Regexp)`);
}

/** What `match` makes of a String: a Regexp of it, its characters read as regexp syntax. */
export function regexpOf(v: RValue | undefined): RRegexp {
  if (v instanceof RRegexp) return v;
  const s = stringValue(v);
  if (s !== undefined) return new RRegexp(s);
  if (v instanceof RUnknown) throw new UnknownValueError(v);
  throw rubyError("TypeError", `wrong argument type ${v === undefined || v === null ? "nil" : typeName(v)} (expected Regexp)`);
}

export const toMatch = (re: RRegexp, s: string, m: RegexpMatch): RMatch => new RMatch(s, m.offsets, m.names, re);

/** A match of the engine's own string functions, as a MatchData. */
function fromEngine(re: RRegexp, m: RubyMatch, regexp: RubyRegexp): RMatch {
  const offsets: number[] = [];
  for (let i = 0; i < m.size; i++) offsets.push(m.begin(i), m.end(i));
  const names = new Array<string>(m.size - 1).fill("");
  for (const name of regexp.names) for (const g of regexp.groupsByName.get(name) ?? []) if (g - 1 < names.length) names[g - 1] = name;
  return new RMatch(m.input, offsets, names, re);
}

const setLast = (rt: Runtime, m: RMatch | null) => rt.setLastMatch?.(m);

/** Runs the engine's string functions: Ruby's errors of a replacement, an unknown value for a match it cannot decide. */
function withEngine<T>(re: RRegexp, f: (regexp: RubyRegexp) => T): T {
  const regexp = compiledOf(re);
  try {
    return f(regexp);
  } catch (e) {
    if (e instanceof RegexpReplacementError) throw rubyError(e.rubyClass, e.message);
    throw matchFailure(re, e);
  }
}

/** The first match at or after character `pos` (negative: from the end; past the end: at the end, as `rb_str_offset` reads it). */
export function firstMatch(rt: Runtime, re: RRegexp, s: string, pos: RValue | undefined = 0, anchored = false): RegexpMatch | null {
  let from = pos === undefined || pos === null ? 0 : toInt(pos);
  const size = length(s);
  if (from < 0) from += size;
  if (from < 0) return null;
  if (from > size) from = size;
  rt.charge(1);
  return search(re, s, jsIndex(s, from), rt.regexpBudget, anchored);
}

/** `match?(re, pos)`: whether it matches, `$~` untouched; a position past the end never does (`rb_str_subpos`). */
export function matches(rt: Runtime, re: RRegexp, s: string, pos?: RValue): boolean {
  if (pos !== undefined && pos !== null && toInt(pos) > length(s)) return false;
  return firstMatch(rt, re, s, pos) !== null;
}

/** `s.match(re, pos)`: a MatchData or nil, which `$~` becomes. */
export function matchData(rt: Runtime, re: RRegexp, s: string, pos?: RValue): RMatch | null {
  const m = firstMatch(rt, re, s, pos);
  const data = m && toMatch(re, s, m);
  setLast(rt, data);
  return data;
}

/** `s =~ re`: the character index of the first match, or nil. */
export function matchIndex(rt: Runtime, re: RRegexp, s: string): RValue {
  const m = matchData(rt, re, s);
  return m ? charIndex(s, m.offsets[0]) : null;
}

/** A group's text (a number, negative from the last, or a name), or nil. */
export function groupText(m: RMatch, key: RValue): RValue {
  if (typeof key === "number") {
    const size = m.offsets.length / 2;
    // A negative index counts back from the last group, never reaching the whole match.
    const i = key < 0 ? key + size : key;
    return (key < 0 && i <= 0) || i < 0 || i >= size ? null : groupAt(m, i);
  }
  const name = key instanceof RSymbol ? key.name : stringValue(key);
  if (name === undefined) return groupText(m, toInt(key));
  return groupAt(m, namedGroup(m, name));
}

/** The group a name reads: the last of its groups that took part (Onigmo's `name_to_backref_number`). */
export function namedGroup(m: RMatch, name: string): number {
  let last = -1;
  m.names.forEach((n, i) => {
    if (n === name && (last < 0 || m.offsets[2 * (i + 1)] >= 0)) last = i + 1;
  });
  if (last < 0) throw rubyError("IndexError", `undefined group name reference: ${name}`);
  return last;
}

export function groupAt(m: RMatch, i: number): RValue {
  const start = m.offsets[2 * i];
  return start === undefined || start < 0 ? null : str(m.input.slice(start, m.offsets[2 * i + 1]));
}

/** `s[re]`, `s[re, capture]`. */
export function matchedGroup(rt: Runtime, re: RRegexp, s: string, capture: RValue | undefined): RValue {
  const m = matchData(rt, re, s);
  if (!m) return null;
  return groupText(m, capture === undefined ? 0 : capture);
}

/** `index(re, pos)`: where the first match at or after `pos` starts. */
export function regexpIndex(rt: Runtime, re: RRegexp, s: string, from: number): RValue {
  const m = firstMatch(rt, re, s, from);
  const data = m && toMatch(re, s, m);
  setLast(rt, data);
  return m ? charIndex(s, m.offsets[0]) : null;
}

/** `rindex(re, pos)`: the last match that starts at or before character `before`. */
export function regexpRindex(rt: Runtime, re: RRegexp, s: string, before: number): RMatch | null {
  for (let at = jsIndex(s, before); at >= 0; at--) {
    if (at > 0 && at < s.length && /[\uDC00-\uDFFF]/.test(s[at])) continue;
    rt.charge(1);
    const m = search(re, s, at, rt.regexpBudget, true);
    if (m) {
      const data = toMatch(re, s, m);
      setLast(rt, data);
      return data;
    }
  }
  setLast(rt, null);
  return null;
}

/** `scan`: each match's text, or its groups' texts where the pattern has groups. */
export function scan(rt: Runtime, self: RValue, args: RValue[], block: RProc | null): RValue {
  arity(args, 1);
  const re = patternOf(args[0]);
  const s = stringValue(self)!;
  const matches = withEngine(re, (r) => engineScan(r, s, rt.regexpBudget).map((m) => fromEngine(re, m, r)));
  rt.alloc(matches.length);
  const found = (m: RMatch): RValue => (m.offsets.length > 2 ? Array.from({ length: m.offsets.length / 2 - 1 }, (_v, i) => groupAt(m, i + 1)) : groupAt(m, 0));
  if (!block) {
    setLast(rt, matches[matches.length - 1] ?? null);
    return matches.map(found);
  }
  for (const m of matches) {
    setLast(rt, m);
    rt.yield(block, [found(m)]);
  }
  return self;
}

/** `sub`/`gsub`: the text with the first (or every) match replaced, and whether any was. */
export function substitute(rt: Runtime, s: string, args: RValue[], block: RProc | null, global: boolean): { text: string; matched: boolean } {
  // `sub` takes a replacement or a block; `gsub` without either is an Enumerator (string.ts).
  arity(args, global || block ? 1 : 2, 2);
  const re = patternOf(args[0]);
  const given = args[1];
  if (given !== undefined && !(given instanceof RHash)) toStr(given);
  let matched = false;
  let last: RMatch | null = null;
  const text = withEngine(re, (r) => {
    const replace = (m: RubyMatch): string => {
      matched = true;
      last = fromEngine(re, m, r);
      rt.charge(1);
      if (given instanceof RHash) return textOf(rt, hashGet(rt, given, str(m.group(0)!)));
      if (given !== undefined) return expandReplacement(stringValue(given)!, m);
      setLast(rt, last);
      return textOf(rt, rt.yield(block!, [str(m.group(0)!)]));
    };
    return global ? engineGsub(r, s, replace, rt.regexpBudget) : engineSub(r, s, replace, rt.regexpBudget);
  });
  rt.alloc(text.length);
  setLast(rt, last);
  return { text, matched };
}

/** What a replacement's value prints as (`to_s`). */
function textOf(rt: Runtime, v: RValue): string {
  if (v instanceof RUnknown) throw new UnknownValueError(v);
  const t = stringValue(v);
  if (t !== undefined) return t;
  const s = rt.send(v, "to_s", [], null);
  if (s instanceof RUnknown) throw new UnknownValueError(s);
  return stringValue(s) ?? inspect(s, rt.ruby);
}

/** `split(pattern, limit)`: by a Regexp, a String, or blanks (`" "`, nil: awk's fields). */
export function split(rt: Runtime, s: string, args: RValue[]): string[] {
  arity(args, 0, 2);
  const limit = args.length > 1 ? toInt(args[1]) : 0;
  const pattern = args[0] ?? null;
  let parts: string[];
  if (pattern instanceof RRegexp) parts = withEngine(pattern, (r) => engineSplit(r, s, limit, rt.regexpBudget));
  else if (pattern === null || stringValue(pattern) === " ") parts = splitFields(s, limit);
  else parts = splitString(s, patternText(pattern), limit);
  rt.alloc(parts.length);
  return parts;
}

/** A String pattern's text; else Ruby's TypeError of a pattern. */
function patternText(v: RValue): string {
  const t = stringValue(v);
  if (t !== undefined) return t;
  patternOf(v);
  return "";
}

const BLANK = /[\t\n\v\f\r ]/;

/** awk's fields: runs of blanks separate them, leading blanks are skipped. */
function splitFields(s: string, limit: number): string[] {
  const out: string[] = [];
  let i = 0;
  const n = s.length;
  while (i < n && BLANK.test(s[i])) i++;
  while (i < n) {
    if (limit > 0 && out.length === limit - 1) {
      out.push(s.slice(i));
      return out;
    }
    let j = i;
    while (j < n && !BLANK.test(s[j])) j++;
    out.push(s.slice(i, j));
    i = j;
    while (i < n && BLANK.test(s[i])) i++;
    if (i === n && j < n && limit !== 0) out.push("");
  }
  return out;
}

function splitString(s: string, sep: string, limit: number): string[] {
  if (s === "") return [];
  if (limit === 1) return [s];
  const out: string[] = [];
  if (sep === "") {
    const cs = chars(s);
    for (let i = 0; i < cs.length; i++) {
      if (limit > 0 && out.length === limit - 1) {
        out.push(cs.slice(i).join(""));
        return out;
      }
      out.push(cs[i]);
    }
    // With a limit not reached (or a negative one), the empty rest after the last character is a field.
    if (limit !== 0) out.push("");
    return out;
  }
  let from = 0;
  for (;;) {
    if (limit > 0 && out.length === limit - 1) break;
    const at = s.indexOf(sep, from);
    if (at < 0) break;
    out.push(s.slice(from, at));
    from = at + sep.length;
  }
  out.push(s.slice(from));
  if (limit === 0) while (out.length && out[out.length - 1] === "") out.pop();
  return out;
}

/** `partition`/`rpartition`: before, the separator matched, after; or the whole text and two empty ones. */
export function partition(rt: Runtime, s: string, sep: RValue | undefined, last: boolean): RValue[] {
  if (sep instanceof RRegexp) {
    const m = last ? regexpRindex(rt, sep, s, length(s)) : matchData(rt, sep, s);
    if (!m) return last ? [str(""), str(""), str(s)] : [str(s), str(""), str("")];
    return [str(s.slice(0, m.offsets[0])), str(s.slice(m.offsets[0], m.offsets[1])), str(s.slice(m.offsets[1]))];
  }
  if (sep instanceof RUnknown) throw new UnknownValueError(sep);
  const t = stringValue(sep);
  if (t === undefined) throw rubyError("TypeError", `wrong argument type ${sep === null || sep === undefined ? "nil" : typeName(sep)} (expected Regexp)`);
  const at = last ? s.lastIndexOf(t) : s.indexOf(t);
  if (at < 0) return last ? [str(""), str(""), str(s)] : [str(s), str(""), str("")];
  return [str(s.slice(0, at)), str(t), str(s.slice(at + t.length))];
}

