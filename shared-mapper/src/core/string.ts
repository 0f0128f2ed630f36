/**
 * Ruby's String, as routes files use it. Positions are characters (code points), as Ruby's
 * are. A method that changes its receiver needs an `RString` that is not frozen; a plain JS
 * string is a frozen one (a literal under `# frozen_string_literal: true`, a Hash key).
 * ActiveSupport's inflections and core extensions are `activeSupport.ts`.
 */
import { inspect, inspectString, typeName } from "../ruby/print.js";
import {
  RHash, RRange, RRegexp, RString, RSymbol, RUnknown, RValue, UnknownValueError, numberValue, stringValue,
  sym,
} from "../ruby/values.js";
import { compareBytes, spaceship } from "./compare.js";
import { enumeratorOf } from "./enumerable.js";
import { format } from "./format.js";
import { stringUpto, succ } from "./iterate.js";
import { regexpEscape } from "../ruby/regexp/index.js";
import { firstMatch, lastMatch, matchData, matchedGroup, regexpIndex, scan, splitByRegexp, substitute } from "./regexp.js";
import { arity, checkFrozen, rubyError, str, toInt, toStr, type Result, type Runtime, type Methods } from "./runtime.js";

const text = (v: RValue) => stringValue(v)!;
const chars = (s: string) => (/[\uD800-\uDFFF]/.test(s) ? [...s] : s.split(""));
const length = (s: string) => (/[\uD800-\uDFFF]/.test(s) ? [...s].length : s.length);

/** Replaces the text of a String being changed: Ruby's FrozenError if it may not be. */
function mutate(rt: Runtime, self: RValue, value: string): RValue {
  checkFrozen(rt, self);
  if (!(self instanceof RString)) return undefinedMutation(self);
  rt.alloc(value.length);
  self.value = value;
  return self;
}
function undefinedMutation(self: RValue): never {
  throw new UnknownValueError(new RUnknown(inspect(self), false, "a String Routemap cannot change in place"));
}

/** A bang method: changes the receiver to what the plain method gives, and returns nil when nothing changed. */
const bang =
  (fn: (s: string, args: RValue[], rt: Runtime) => string) =>
  (rt: Runtime, self: RValue, args: RValue[]): Result => {
    const before = text(self);
    const after = fn(before, args, rt);
    if (after === before) {
      checkFrozen(rt, self);
      return null;
    }
    return mutate(rt, self, after);
  };

const plain =
  (fn: (s: string, args: RValue[], rt: Runtime) => string) =>
  (rt: Runtime, self: RValue, args: RValue[]): Result => {
    const out = fn(text(self), args, rt);
    rt.alloc(out.length);
    return str(out);
  };

const WHITESPACE = /^[\s\0]+|[\s\0]+$/g;
const capitalize = (s: string) => (s ? s[0].toUpperCase() + s.slice(1).toLowerCase() : s);
const swapcase = (s: string) => chars(s).map((c) => (c === c.toUpperCase() ? c.toLowerCase() : c.toUpperCase())).join("");

/** Ruby's `chomp`: one trailing line ending, or the given suffix. */
function chomp(s: string, args: RValue[]): string {
  if (args.length && args[0] !== null) {
    const suffix = toStr(args[0]);
    if (suffix === "") return s.replace(/(\r?\n)+$/, "");
    return s.endsWith(suffix) ? s.slice(0, s.length - suffix.length) : s;
  }
  return s.replace(/\r\n$|\n$|\r$/, "");
}

/** Character sets of `count`, `delete`, `squeeze`, `tr`: ranges `a-z`, negation `^`, escapes. */
function charSet(spec: string): { has: (c: string) => boolean; list: string[] } {
  const negated = spec.length > 1 && spec[0] === "^";
  const body = chars(negated ? spec.slice(1) : spec);
  const list: string[] = [];
  for (let i = 0; i < body.length; i++) {
    let c = body[i];
    if (c === "\\" && i + 1 < body.length) c = body[++i];
    else if (body[i + 1] === "-" && i + 2 < body.length) {
      const from = c.codePointAt(0)!;
      const to = body[i + 2].codePointAt(0)!;
      if (from > to) throw rubyError("ArgumentError", `invalid range "${c}-${body[i + 2]}" in string transliteration`);
      for (let k = from; k <= to; k++) list.push(String.fromCodePoint(k));
      i += 2;
      continue;
    }
    list.push(c);
  }
  const set = new Set(list);
  return { has: (c) => set.has(c) !== negated, list: negated ? [] : list };
}
const inAllSets = (args: RValue[]) => {
  const sets = args.map((a) => charSet(toStr(a)));
  return (c: string) => sets.every((s) => s.has(c));
};

function tr(s: string, args: RValue[], squeeze = false): string {
  arity(args, 2);
  const fromSpec = toStr(args[0]);
  const from = charSet(fromSpec);
  const to = charSet(toStr(args[1])).list;
  const negated = fromSpec.length > 1 && fromSpec[0] === "^";
  let out = "";
  let last: string | undefined;
  for (const c of chars(s)) {
    if (!from.has(c)) {
      out += c;
      last = undefined;
      continue;
    }
    const i = negated ? to.length - 1 : from.list.indexOf(c);
    const r = to.length ? to[Math.min(i, to.length - 1)] : "";
    if (squeeze && r === last) continue;
    out += r;
    last = r;
  }
  return out;
}

function justify(s: string, args: RValue[], side: "left" | "right" | "center"): string {
  arity(args, 1, 2);
  const width = toInt(args[0]);
  const padding = args.length > 1 ? toStr(args[1]) : " ";
  if (padding === "") throw rubyError("ArgumentError", "zero width padding");
  const total = width - length(s);
  if (total <= 0) return s;
  const fill = (n: number) => padding.repeat(Math.ceil(n / padding.length)).slice(0, n);
  if (side === "left") return s + fill(total);
  if (side === "right") return fill(total) + s;
  const left = Math.floor(total / 2);
  return fill(left) + s + fill(total - left);
}

/** `str[index]`, `str[start, len]`, `str[range]`, `str[regexp]`, `str[substring]`. */
function slice(rt: Runtime, s: string, args: RValue[]): RValue {
  arity(args, 1, 2);
  const cs = chars(s);
  const [a, b] = args;
  if (a instanceof RRegexp) return matchedGroup(rt, a, s, b);
  const sub = stringValue(a);
  if (sub !== undefined) return s.includes(sub) ? str(sub) : null;
  if (a instanceof RRange) {
    const range = rangeBounds(a, cs.length);
    return range ? str(cs.slice(range[0], range[0] + range[1]).join("")) : null;
  }
  let start = toInt(a);
  if (start < 0) start += cs.length;
  if (args.length === 1) return start < 0 || start >= cs.length ? null : str(cs[start]);
  const len = toInt(b);
  if (start < 0 || start > cs.length || len < 0) return null;
  return str(cs.slice(start, start + len).join(""));
}

/** A Range over a sequence of `size`: [start, length], or undefined where Ruby gives nil. */
export function rangeBounds(r: RRange, size: number): [number, number] | undefined {
  let start = r.first === null ? 0 : toInt(r.first);
  let end = r.last === null ? size - 1 : toInt(r.last);
  if (start < 0) start += size;
  if (end < 0) end += size;
  if (r.exclusive && r.last !== null) end--;
  if (start < 0 || start > size) return undefined;
  return [start, Math.max(0, Math.min(end, size - 1) - start + 1)];
}

function index(rt: Runtime, s: string, args: RValue[], last: boolean): RValue {
  arity(args, 1, 2);
  const cs = chars(s);
  const pattern = args[0];
  let from = args.length > 1 ? toInt(args[1]) : last ? cs.length : 0;
  if (from < 0) from += cs.length;
  if (from < 0 || from > cs.length) return null;
  const offset = cs.slice(0, from).join("").length;
  if (pattern instanceof RRegexp) {
    return last ? lastMatch(rt, pattern, s, offset) : regexpIndex(rt, pattern, s, offset);
  }
  const sub = toStr(pattern);
  const at = last ? s.lastIndexOf(sub, offset) : s.indexOf(sub, offset);
  return at < 0 ? null : length(s.slice(0, at));
}

function split(rt: Runtime, s: string, args: RValue[]): RValue[] {
  arity(args, 0, 2);
  const limit = args.length > 1 ? toInt(args[1]) : 0;
  const pattern = args[0] ?? null;
  let parts: string[];
  if (pattern instanceof RRegexp) parts = splitByRegexp(rt, pattern, s, limit);
  else {
    const sep = pattern === null ? " " : toStr(pattern);
    if (sep === " ") {
      const trimmed = s.replace(/^[\s\0]+/, "");
      parts = trimmed === "" ? [] : limit > 0 ? splitLimit(trimmed, /[\s\0]+/, limit) : trimmed.split(/[\s\0]+/);
    } else if (sep === "") parts = limit > 0 ? [...chars(s).slice(0, limit - 1), chars(s).slice(limit - 1).join("")].filter((x, i) => x !== "" || i === 0) : chars(s);
    else parts = limit > 0 ? splitLimit(s, sep, limit) : s.split(sep);
  }
  // Without a positive limit, Ruby drops trailing empty fields.
  if (limit === 0) while (parts.length && parts[parts.length - 1] === "") parts.pop();
  rt.alloc(parts.length);
  return parts.map(str);
}

function splitLimit(s: string, sep: string | RegExp, limit: number): string[] {
  const out: string[] = [];
  let rest = s;
  while (out.length < limit - 1) {
    const m = typeof sep === "string" ? { index: rest.indexOf(sep), length: sep.length } : (() => {
      const r = new RegExp(sep.source).exec(rest);
      return r ? { index: r.index, length: r[0].length } : { index: -1, length: 0 };
    })();
    if (m.index < 0) break;
    out.push(rest.slice(0, m.index));
    rest = rest.slice(m.index + m.length);
  }
  out.push(rest);
  return out;
}

/** `Integer("12")`'s cousin `to_i`: leading digits (underscores between them), else 0. */
export function leadingInteger(s: string, base = 10): number {
  const digits = base === 16 ? "0-9a-fA-F" : base === 8 ? "0-7" : base === 2 ? "01" : "0-9";
  const prefix = base === 16 ? "(?:0x)?" : base === 2 ? "(?:0b)?" : base === 8 ? "(?:0o?)?" : "";
  const m = new RegExp(`^\\s*([-+]?)${prefix}([${digits}]+(?:_[${digits}]+)*)`, "i").exec(s);
  if (!m) return 0;
  const n = parseInt(m[2].replace(/_/g, ""), base);
  return m[1] === "-" ? -n : n;
}

function leadingFloat(s: string): number {
  const m = /^\s*[-+]?(\d+(_\d+)*)?(\.\d+(_\d+)*)?([eE][-+]?\d+)?/.exec(s);
  const t = m ? m[0].replace(/_/g, "") : "";
  const n = Number(t);
  return t.trim() === "" || Number.isNaN(n) ? 0 : n;
}

export const STRING: Methods<RValue> = {
  to_s: (_rt, self) => (self instanceof RString || typeof self === "string" ? self : str(text(self))),
  to_str: (_rt, self) => (self instanceof RString || typeof self === "string" ? self : str(text(self))),
  inspect: (_rt, self) => str(inspectString(text(self))),
  dump: (_rt, self) => str(inspectString(text(self))),
  to_sym: (_rt, self) => sym(text(self)),
  intern: (_rt, self) => sym(text(self)),
  to_i: (_rt, self, args) => (arity(args, 0, 1), leadingInteger(text(self), args.length ? toInt(args[0]) : 10)),
  to_f: (rt, self) => rt.send(leadingFloat(text(self)), "to_f", [], null),
  hex: (_rt, self) => leadingInteger(text(self), 16),
  oct: (_rt, self) => leadingInteger(text(self), 8),
  "+": (rt, self, args) => {
    arity(args, 1);
    const other = stringValue(args[0]);
    if (other === undefined) throw rubyError("TypeError", `no implicit conversion of ${args[0] === null ? "nil" : typeName(args[0])} into String`);
    rt.alloc(text(self).length + other.length);
    return str(text(self) + other);
  },
  "*": (rt, self, args) => {
    arity(args, 1);
    const n = toInt(args[0]);
    if (n < 0) throw rubyError("ArgumentError", "negative argument");
    rt.alloc(text(self).length * n);
    return str(text(self).repeat(n));
  },
  "%": (rt, self, args) => str(format(rt, text(self), Array.isArray(args[0]) ? args[0] : args)),
  "+@": (_rt, self) => (self instanceof RString && !self.frozen ? self : str(text(self))),
  "-@": (_rt, self) => text(self),
  dedup: (_rt, self) => text(self),
  "==": (_rt, self, args) => stringValue(args[0]) === text(self),
  "===": (_rt, self, args) => stringValue(args[0]) === text(self),
  "eql?": (_rt, self, args) => stringValue(args[0]) === text(self),
  "<=>": (rt, self, args) => spaceship(rt, self, args[0] ?? null) ?? null,
  casecmp: (_rt, self, args) => {
    const other = stringValue(args[0]);
    return other === undefined ? null : compareBytes(text(self).toLowerCase(), other.toLowerCase());
  },
  "casecmp?": (_rt, self, args) => {
    const other = stringValue(args[0]);
    return other === undefined ? null : text(self).toLowerCase() === other.toLowerCase();
  },
  length: (_rt, self) => length(text(self)),
  size: (_rt, self) => length(text(self)),
  bytesize: (_rt, self) => new TextEncoder().encode(text(self)).length,
  "empty?": (_rt, self) => text(self).length === 0,
  upcase: plain((s) => s.toUpperCase()),
  downcase: plain((s) => s.toLowerCase()),
  capitalize: plain(capitalize),
  swapcase: plain(swapcase),
  strip: plain((s) => s.replace(WHITESPACE, "")),
  lstrip: plain((s) => s.replace(/^[\s\0]+/, "")),
  rstrip: plain((s) => s.replace(/[\s\0]+$/, "")),
  chomp: plain(chomp),
  chop: plain((s) => (s.endsWith("\r\n") ? s.slice(0, -2) : chars(s).slice(0, -1).join(""))),
  chr: plain((s) => chars(s)[0] ?? ""),
  reverse: plain((s) => chars(s).reverse().join("")),
  squeeze: plain((s, args) => {
    const inSet = args.length ? inAllSets(args) : () => true;
    return chars(s).filter((c, i, all) => !(i > 0 && all[i - 1] === c && inSet(c))).join("");
  }),
  delete: plain((s, args) => {
    if (!args.length) throw rubyError("ArgumentError", "wrong number of arguments (given 0, expected 1+)");
    const inSet = inAllSets(args);
    return chars(s).filter((c) => !inSet(c)).join("");
  }),
  count: (_rt, self, args) => {
    if (!args.length) throw rubyError("ArgumentError", "wrong number of arguments (given 0, expected 1+)");
    const inSet = inAllSets(args);
    return chars(text(self)).filter(inSet).length;
  },
  tr: plain((s, args) => tr(s, args)),
  tr_s: plain((s, args) => tr(s, args, true)),
  delete_prefix: plain((s, args) => {
    const p = toStr(args[0]);
    return s.startsWith(p) ? s.slice(p.length) : s;
  }),
  delete_suffix: plain((s, args) => {
    const p = toStr(args[0]);
    return p && s.endsWith(p) ? s.slice(0, s.length - p.length) : s;
  }),
  center: plain((s, args) => justify(s, args, "center")),
  ljust: plain((s, args) => justify(s, args, "left")),
  rjust: plain((s, args) => justify(s, args, "right")),
  succ: plain(succ),
  next: plain(succ),
  ord: (_rt, self) => {
    const s = text(self);
    if (!s) throw rubyError("ArgumentError", "empty string");
    return s.codePointAt(0)!;
  },
  "start_with?": (rt, self, args) =>
    args.some((a) => (a instanceof RRegexp ? firstMatch(rt, a, text(self), 0, true) !== null : text(self).startsWith(toStr(a)))),
  "end_with?": (_rt, self, args) => args.some((a) => text(self).endsWith(toStr(a))),
  "include?": (_rt, self, args) => (arity(args, 1), text(self).includes(toStr(args[0]))),
  index: (rt, self, args) => index(rt, text(self), args, false),
  rindex: (rt, self, args) => index(rt, text(self), args, true),
  "[]": (rt, self, args) => slice(rt, text(self), args),
  slice: (rt, self, args) => slice(rt, text(self), args),
  chars: (rt, self) => {
    const cs = chars(text(self));
    rt.alloc(cs.length);
    return cs.map(str);
  },
  bytes: (_rt, self) => [...new TextEncoder().encode(text(self))],
  lines: (_rt, self) => (text(self).match(/[^\n]*\n|[^\n]+$/g) ?? []).map(str),
  each_char: (rt, self, args, block) => {
    if (!block) return enumeratorOf(self, "each_char", args);
    for (const c of chars(text(self))) rt.yield(block, [str(c)]);
    return self;
  },
  each_line: (rt, self, args, block) => {
    if (!block) return enumeratorOf(self, "each_line", args);
    for (const l of text(self).match(/[^\n]*\n|[^\n]+$/g) ?? []) rt.yield(block, [str(l)]);
    return self;
  },
  upto: (rt, self, args, block) => {
    arity(args, 1, 2);
    if (!block) return enumeratorOf(self, "upto", args);
    stringUpto(rt, text(self), toStr(args[0]), args[1] === true, (s) => rt.yield(block, [str(s)]));
    return self;
  },
  split: (rt, self, args) => split(rt, text(self), args),
  partition: (rt, self, args) => partition(rt, text(self), args[0] ?? null, false),
  rpartition: (rt, self, args) => partition(rt, text(self), args[0] ?? null, true),
  "=~": (rt, self, args) => {
    if (!(args[0] instanceof RRegexp)) return rt.send(args[0] ?? null, "=~", [self], null);
    return regexpIndex(rt, args[0], text(self), 0, true);
  },
  match: (rt, self, args) => {
    arity(args, 1, 2);
    const re = args[0] instanceof RRegexp ? args[0] : new RRegexp(escapeRegexp(toStr(args[0])));
    return matchData(rt, re, text(self), args[1]);
  },
  "match?": (rt, self, args) => {
    arity(args, 1, 2);
    const re = args[0] instanceof RRegexp ? args[0] : new RRegexp(escapeRegexp(toStr(args[0])));
    return firstMatch(rt, re, text(self), args[1]) !== null;
  },
  scan: (rt, self, args, block) => scan(rt, text(self), args, block),
  sub: (rt, self, args, block) => str(substitute(rt, text(self), args, block, false)),
  gsub: (rt, self, args, block) => str(substitute(rt, text(self), args, block, true)),
  "sub!": (rt, self, args, block) => changed(rt, self, substitute(rt, text(self), args, block, false)),
  "gsub!": (rt, self, args, block) => changed(rt, self, substitute(rt, text(self), args, block, true)),
  freeze: (_rt, self) => {
    if (self instanceof RString) self.frozen = true;
    return self;
  },
  "frozen?": (_rt, self) => !(self instanceof RString) || self.frozen,
  dup: (_rt, self) => str(text(self)),
  clone: (_rt, self, args) => (self instanceof RString ? new RString(self.value, self.frozen && !hasFreezeFalse(args)) : self),
  encoding: () => undefined,
  force_encoding: (_rt, self) => self,
  "valid_encoding?": () => true,
  "ascii_only?": (_rt, self) => /^[\x00-\x7f]*$/.test(text(self)),
  unicode_normalize: () => undefined,
  hash: () => undefined,
  // Changing the receiver.
  "<<": (rt, self, args) => (arity(args, 1), mutate(rt, self, text(self) + appended(args[0]))),
  concat: (rt, self, args) => mutate(rt, self, text(self) + args.map(appended).join("")),
  prepend: (rt, self, args) => mutate(rt, self, args.map((a) => toStr(a)).join("") + text(self)),
  insert: (rt, self, args) => {
    arity(args, 2);
    const cs = chars(text(self));
    let at = toInt(args[0]);
    if (at < 0) at += cs.length + 1;
    if (at < 0 || at > cs.length) throw rubyError("IndexError", `index ${toInt(args[0])} out of string`);
    cs.splice(at, 0, toStr(args[1]));
    return mutate(rt, self, cs.join(""));
  },
  replace: (rt, self, args) => (arity(args, 1), mutate(rt, self, toStr(args[0]))),
  clear: (rt, self) => mutate(rt, self, ""),
  "[]=": (rt, self, args) => {
    arity(args, 2, 3);
    const s = text(self);
    const sub = stringValue(args[0]);
    const value = toStr(args[args.length - 1]);
    if (sub !== undefined && args.length === 2) {
      const at = s.indexOf(sub);
      if (at < 0) throw rubyError("IndexError", "string not matched");
      mutate(rt, self, s.slice(0, at) + value + s.slice(at + sub.length));
      return args[1];
    }
    if (args.length === 2 && typeof args[0] === "number") {
      const cs = chars(s);
      const at = args[0] < 0 ? args[0] + cs.length : args[0];
      if (at < 0 || at >= cs.length) throw rubyError("IndexError", `index ${args[0]} out of string`);
      cs[at] = value;
      mutate(rt, self, cs.join(""));
      return args[1];
    }
    return undefined;
  },
  "upcase!": bang((s) => s.toUpperCase()),
  "downcase!": bang((s) => s.toLowerCase()),
  "capitalize!": bang(capitalize),
  "swapcase!": bang(swapcase),
  "strip!": bang((s) => s.replace(WHITESPACE, "")),
  "lstrip!": bang((s) => s.replace(/^[\s\0]+/, "")),
  "rstrip!": bang((s) => s.replace(/[\s\0]+$/, "")),
  "chomp!": bang(chomp),
  "chop!": bang((s) => (s.endsWith("\r\n") ? s.slice(0, -2) : chars(s).slice(0, -1).join(""))),
  "squeeze!": bang((s, args) => {
    const inSet = args.length ? inAllSets(args) : () => true;
    return chars(s).filter((c, i, all) => !(i > 0 && all[i - 1] === c && inSet(c))).join("");
  }),
  "delete!": bang((s, args) => {
    const inSet = inAllSets(args);
    return chars(s).filter((c) => !inSet(c)).join("");
  }),
  "tr!": bang((s, args) => tr(s, args)),
  "reverse!": (rt, self) => mutate(rt, self, chars(text(self)).reverse().join("")),
  "succ!": (rt, self) => mutate(rt, self, succ(text(self))),
  "next!": (rt, self) => mutate(rt, self, succ(text(self))),
  "delete_prefix!": bang((s, args) => {
    const p = toStr(args[0]);
    return s.startsWith(p) ? s.slice(p.length) : s;
  }),
  "delete_suffix!": bang((s, args) => {
    const p = toStr(args[0]);
    return p && s.endsWith(p) ? s.slice(0, s.length - p.length) : s;
  }),
};

const hasFreezeFalse = (args: RValue[]) => args[0] instanceof RHash && args[0].sget("freeze") === false;

/** What `<<` and `concat` append: a String, or an Integer as its code point. */
function appended(v: RValue): string {
  const n = numberValue(v);
  if (typeof v === "number" && n !== undefined) return String.fromCodePoint(n);
  return toStr(v);
}

function changed(rt: Runtime, self: RValue, after: string): RValue {
  if (after === text(self)) {
    checkFrozen(rt, self);
    return null;
  }
  return mutate(rt, self, after);
}

function partition(rt: Runtime, s: string, sep: RValue, last: boolean): RValue[] {
  if (sep instanceof RRegexp) {
    const m = last ? null : firstMatch(rt, sep, s);
    if (!last && m) return [str(s.slice(0, m.offsets[0])), str(s.slice(m.offsets[0], m.offsets[1])), str(s.slice(m.offsets[1]))];
    if (!last) return [str(s), str(""), str("")];
    throw new UnknownValueError(new RUnknown("rpartition", false, "a method Routemap does not model with a Regexp"));
  }
  const t = toStr(sep);
  const at = last ? s.lastIndexOf(t) : s.indexOf(t);
  if (at < 0) return last ? [str(""), str(""), str(s)] : [str(s), str(""), str("")];
  return [str(s.slice(0, at)), str(t), str(s.slice(at + t.length))];
}

/** `Regexp.escape`. */
export const escapeRegexp = regexpEscape;

export const SYMBOL: Methods<RSymbol> = {
  to_sym: (_rt, self) => self,
  to_s: (_rt, self) => str(self.name),
  id2name: (_rt, self) => str(self.name),
  name: (_rt, self) => self.name,
  to_proc: () => undefined,
  inspect: (rt, self) => str(inspect(self, rt.ruby)),
  length: (_rt, self) => length(self.name),
  size: (_rt, self) => length(self.name),
  "empty?": (_rt, self) => self.name === "",
  "==": (_rt, self, args) => args[0] === self,
  "===": (_rt, self, args) => args[0] === self,
  "<=>": (_rt, self, args) => (args[0] instanceof RSymbol ? compareBytes(self.name, args[0].name) : null),
  upcase: (_rt, self) => sym(self.name.toUpperCase()),
  downcase: (_rt, self) => sym(self.name.toLowerCase()),
  capitalize: (_rt, self) => sym(capitalize(self.name)),
  swapcase: (_rt, self) => sym(swapcase(self.name)),
  succ: (_rt, self) => sym(succ(self.name)),
  next: (_rt, self) => sym(succ(self.name)),
  "start_with?": (rt, self, args) => STRING["start_with?"](rt, self.name, args, null),
  "end_with?": (rt, self, args) => STRING["end_with?"](rt, self.name, args, null),
  "[]": (rt, self, args) => STRING["[]"](rt, self.name, args, null),
  "=~": (rt, self, args) => STRING["=~"](rt, self.name, args, null),
  "match?": (rt, self, args) => STRING["match?"](rt, self.name, args, null),
  "frozen?": () => true,
};

