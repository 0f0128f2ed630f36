/**
 * Kernel's functions routes files call without a receiver (`format`, `Integer("12")`,
 * `Array(x)`), and the class methods of Ruby's own classes (`Regexp.union`, `File.join`,
 * `Struct.new`, `Hash.new`, `Set.new`), with the constants those classes define.
 */
import { inspect, regexpToS, typeName } from "../ruby/print.js";
import {
  RConst, RFloat, RHash, RProc, RRange, RRegexp, RSet, RStructClass, RStruct, RSymbol, RUnknown, RValue, UnknownValueError, numberValue,
  stringValue, sym, truthy,
} from "../ruby/values.js";
import { format } from "./format.js";
import { elementOf, iterate, toArray } from "./iterate.js";
import { setOf } from "./set.js";
import { arity, integer, rubyError, str, toInt, toStr, type Result, type Runtime, type Methods } from "./runtime.js";
import { escapeRegexp } from "./string.js";

/** `Integer("0x1A")`: Ruby's strict parse (prefixes, underscores between digits, surrounding spaces). */
function strictInteger(s: string, base: number | undefined): number | undefined {
  const m = /^\s*([-+]?)(0[xX]|0[bB]|0[oO]|0(?=[0-7_]))?([0-9a-zA-Z]+(?:_[0-9a-zA-Z]+)*)\s*$/.exec(s);
  if (!m) return undefined;
  const prefix = (m[2] ?? "").toLowerCase();
  const radix = base ?? (prefix === "0x" ? 16 : prefix === "0b" ? 2 : prefix === "0o" || prefix === "0" ? 8 : 10);
  const digits = m[3].replace(/_/g, "");
  const valid = "0123456789abcdefghijklmnopqrstuvwxyz".slice(0, radix);
  if (![...digits.toLowerCase()].every((c) => valid.includes(c))) return undefined;
  const n = parseInt(digits, radix);
  return m[1] === "-" ? -n : n;
}

function toInteger(rt: Runtime, args: RValue[]): Result {
  arity(args, 1, 3);
  const [v] = args;
  const options = args[args.length - 1] instanceof RHash ? (args[args.length - 1] as RHash) : undefined;
  const raise = options?.sget("exception") !== false;
  const base = args.length > 1 && typeof args[1] === "number" ? args[1] : undefined;
  const s = stringValue(v);
  if (s !== undefined) {
    const n = strictInteger(s, base);
    if (n !== undefined) return integer(n, () => `Integer(${inspect(s)})`);
    if (!raise) return null;
    throw rubyError("ArgumentError", `invalid value for Integer(): ${inspect(s, rt.ruby)}`);
  }
  if (typeof v === "number") return v;
  if (v instanceof RFloat) {
    if (!Number.isFinite(v.value)) throw rubyError("FloatDomainError", v.value > 0 ? "Infinity" : v.value < 0 ? "-Infinity" : "NaN");
    return integer(Math.trunc(v.value), () => "Integer()");
  }
  if (v === null) {
    if (!raise) return null;
    throw rubyError("TypeError", "can't convert nil into Integer");
  }
  return undefined;
}

function toFloat(rt: Runtime, args: RValue[]): Result {
  const [v] = args;
  const s = stringValue(v);
  if (s !== undefined) {
    if (/^\s*[-+]?(\d+(_\d+)*)(\.\d+(_\d+)*)?([eE][-+]?\d+)?\s*$/.test(s)) return new RFloat(Number(s.replace(/_/g, "")));
    throw rubyError("ArgumentError", `invalid value for Float(): ${inspect(s, rt.ruby)}`);
  }
  const n = numberValue(v);
  if (n !== undefined) return new RFloat(n);
  if (v === null) throw rubyError("TypeError", "can't convert nil into Float");
  return undefined;
}

/** Kernel functions: `name(*args)` with no receiver. */
export const KERNEL: Methods<null> = {
  format: (rt, _self, args) => str(format(rt, toStr(args[0]), args.slice(1))),
  sprintf: (rt, _self, args) => str(format(rt, toStr(args[0]), args.slice(1))),
  Integer: (rt, _self, args) => toInteger(rt, args),
  Float: (rt, _self, args) => toFloat(rt, args),
  String: (rt, _self, args) => (arity(args, 1), rt.send(args[0], "to_s", [], null)),
  Array: (rt, _self, args) => {
    arity(args, 1);
    const v = args[0];
    if (v === null) return [];
    if (Array.isArray(v)) return v;
    if (v instanceof RHash) return v.entries();
    if (v instanceof RRange || v instanceof RSet) return toArray(rt, v);
    return [v];
  },
  Hash: (_rt, _self, args) => {
    const v = args[0];
    if (v === null || (Array.isArray(v) && v.length === 0)) return new RHash();
    if (v instanceof RHash) return v;
    throw rubyError("TypeError", `can't convert ${typeName(v)} into Hash`);
  },
};

/** `Regexp.union(…)`: Strings escaped, Regexps embedded as `to_s` does (one Regexp alone is returned as it is). */
function regexpUnion(rt: Runtime, args: RValue[]): RRegexp {
  const parts = args.length === 1 && Array.isArray(args[0]) ? args[0] : args;
  if (parts.length === 0) return new RRegexp("(?!)");
  if (parts.length === 1 && parts[0] instanceof RRegexp) return parts[0];
  const sources = parts.map((p) => {
    if (p instanceof RRegexp) return regexpToS(p);
    if (p instanceof RSymbol) return escapeRegexp(p.name);
    if (p instanceof RUnknown) throw new UnknownValueError(p);
    return escapeRegexp(toStr(p));
  });
  rt.charge(parts.length);
  return new RRegexp(sources.join("|"));
}

/** `Regexp.new(source, options)`: options as an Integer (1 i, 2 x, 4 m), a String of letters, or truthy for `i`. */
function regexpNew(args: RValue[]): RRegexp {
  arity(args, 1, 3);
  const [source, options] = args;
  if (source instanceof RRegexp) return new RRegexp(source.source, source.flags);
  const text = toStr(source);
  let flags = "";
  if (typeof options === "number") flags = (options & 4 ? "m" : "") + (options & 1 ? "i" : "") + (options & 2 ? "x" : "");
  else if (stringValue(options) !== undefined) flags = ["m", "i", "x"].filter((f) => stringValue(options)!.includes(f)).join("");
  else if (options !== undefined && options !== null && options !== false) flags = "i";
  return new RRegexp(text, flags);
}

/** `File.join`: parts joined by one `/` (nested arrays flattened), as Ruby does. */
function fileJoin(args: RValue[]): string {
  const parts = args.flat(Infinity as 1) as RValue[];
  let out = "";
  parts.forEach((p, i) => {
    const s = stringValue(p) ?? (p instanceof RSymbol ? undefined : undefined);
    if (s === undefined) {
      if (p instanceof RUnknown) throw new UnknownValueError(p);
      throw rubyError("TypeError", `no implicit conversion of ${p === null ? "nil" : typeName(p)} into String`);
    }
    if (i === 0) out = s;
    else if (out.endsWith("/") && s.startsWith("/")) out += s.replace(/^\/+/, "");
    else if (out.endsWith("/") || s.startsWith("/")) out += s;
    else out += "/" + s;
  });
  return out;
}

function basename(path: string, suffix?: string): string {
  const trimmed = path.replace(/\/+$/, "");
  let base = trimmed === "" && path.startsWith("/") ? "/" : trimmed.slice(trimmed.lastIndexOf("/") + 1);
  if (suffix === ".*") base = base.replace(/(?<=.)\.[^.]*$/, "");
  else if (suffix && base.endsWith(suffix) && base !== suffix) base = base.slice(0, -suffix.length);
  return base;
}

function dirname(path: string): string {
  const trimmed = path.replace(/\/+$/, "");
  const i = trimmed.lastIndexOf("/");
  if (i < 0) return ".";
  return trimmed.slice(0, i).replace(/\/+$/, "") || "/";
}

function structNew(rt: Runtime, args: RValue[], block: RProc | null): Result {
  const options = args[args.length - 1] instanceof RHash ? (args.pop() as RHash) : undefined;
  let name: string | undefined;
  if (stringValue(args[0]) !== undefined) name = `Struct::${toStr(args.shift())}`;
  const members = args.map((a) => {
    if (a instanceof RSymbol) return a.name;
    throw rubyError("TypeError", `${inspect(a, rt.ruby)} is not a symbol`);
  });
  if (block) return undefined; // methods defined in the block are the evaluator's (`structClass`)
  return new RStructClass(name, members, truthy(options?.sget("keyword_init") ?? false));
}

/** `Point.new(1, 2)` (or with keywords for `keyword_init: true`). */
export function structInstance(cls: RStructClass, args: RValue[]): RStruct {
  if (cls.keywordInit) {
    const given = args[0] instanceof RHash ? args[0] : new RHash();
    if (args.length > 1) throw rubyError("ArgumentError", `wrong number of arguments (given ${args.length}, expected 0)`);
    const unknown = given.keys().filter((k) => !(k instanceof RSymbol && cls.members.includes(k.name)));
    if (unknown.length) throw rubyError("ArgumentError", `unknown keywords: ${unknown.map((k) => stringValue(k) ?? (k as RSymbol).name).join(", ")}`);
    return new RStruct(cls, cls.members.map((m) => given.sget(m) ?? null));
  }
  if (args.length > cls.members.length) throw rubyError("ArgumentError", "struct size differs");
  return new RStruct(cls, cls.members.map((_m, i) => args[i] ?? null));
}

function hashNew(rt: Runtime, args: RValue[], block: RProc | null): RHash {
  arity(args, 0, 1);
  const h = new RHash();
  if (block) h.defaultProc = block;
  else if (args.length) h.defaultValue = args[0];
  void rt;
  return h;
}

/** Class methods of Ruby's own classes, by class. */
export const CLASS_METHODS: Record<string, Methods<RConst>> = {
  Regexp: {
    union: (rt, _c, args) => regexpUnion(rt, args),
    escape: (_rt, _c, args) => str(escapeRegexp(toStr(args[0] instanceof RSymbol ? args[0].name : args[0]))),
    quote: (_rt, _c, args) => str(escapeRegexp(toStr(args[0] instanceof RSymbol ? args[0].name : args[0]))),
    new: (_rt, _c, args) => regexpNew(args),
    compile: (_rt, _c, args) => regexpNew(args),
  },
  File: {
    join: (_rt, _c, args) => str(fileJoin(args)),
    basename: (_rt, _c, args) => (arity(args, 1, 2), str(basename(toStr(args[0]), args.length > 1 ? toStr(args[1]) : undefined))),
    dirname: (_rt, _c, args) => (arity(args, 1, 2), str(dirname(toStr(args[0])))),
    extname: (_rt, _c, args) => {
      const base = basename(toStr(args[0]));
      const m = /^.+?(\.[^.]+)$/.exec(base.replace(/^\.+/, (d) => d));
      return str(m && !base.endsWith(".") ? m[1] : "");
    },
    split: (_rt, _c, args) => [str(dirname(toStr(args[0]))), str(basename(toStr(args[0])))],
  },
  Array: {
    new: (rt, _c, args, block) => {
      arity(args, 0, 2);
      if (Array.isArray(args[0])) return [...args[0]];
      const n = args.length ? toInt(args[0]) : 0;
      if (n < 0) throw rubyError("ArgumentError", "negative array size");
      rt.alloc(n);
      return Array.from({ length: n }, (_v, i) => (block ? rt.yield(block, [i]) : args[1] ?? null));
    },
    wrap: (_rt, _c, args) => (args[0] === null ? [] : Array.isArray(args[0]) ? args[0] : [args[0]]),
    "[]": (_rt, _c, args) => [...args],
  },
  Hash: {
    new: (rt, _c, args, block) => hashNew(rt, args, block),
    "[]": (rt, _c, args) => {
      if (args.length === 1 && args[0] instanceof RHash) return args[0].dup();
      if (args.length === 1 && Array.isArray(args[0])) return new RHash((args[0] as RValue[][]).map((p) => [p[0] ?? null, p[1] ?? null] as [RValue, RValue]));
      if (args.length % 2) throw rubyError("ArgumentError", "odd number of arguments for Hash");
      void rt;
      return new RHash(Array.from({ length: args.length / 2 }, (_v, i) => [args[2 * i], args[2 * i + 1]] as [RValue, RValue]));
    },
  },
  String: {
    new: (_rt, _c, args) => str(args.length && !(args[0] instanceof RHash) ? toStr(args[0]) : ""),
  },
  Set: {
    new: (rt, _c, args, block) => {
      const items: RValue[] = [];
      if (args.length && args[0] !== null) iterate(rt, args[0], (y) => items.push(block ? rt.yield(block, [elementOf(y)]) : elementOf(y)));
      return setOf(rt, items);
    },
    "[]": (rt, _c, args) => setOf(rt, args),
  },
  Struct: {
    new: (rt, _c, args, block) => structNew(rt, [...args], block),
  },
  Integer: {
    sqrt: (_rt, _c, args) => Math.floor(Math.sqrt(toInt(args[0]))),
  },
  Math: {
    sqrt: (_rt, _c, args) => new RFloat(Math.sqrt(numberValue(args[0]) ?? NaN)),
    log10: (_rt, _c, args) => new RFloat(Math.log10(numberValue(args[0]) ?? NaN)),
    log2: (_rt, _c, args) => new RFloat(Math.log2(numberValue(args[0]) ?? NaN)),
  },
};

/** Constants of Ruby's own classes, by path. */
export const CORE_CONSTANTS: Record<string, () => RValue> = {
  "Float::INFINITY": () => new RFloat(Infinity),
  "Float::NAN": () => new RFloat(NaN),
  "Float::EPSILON": () => new RFloat(Number.EPSILON),
  "Float::MAX": () => new RFloat(Number.MAX_VALUE),
  "Float::MIN": () => new RFloat(2.2250738585072014e-308),
  "File::SEPARATOR": () => "/",
  "Regexp::IGNORECASE": () => 1,
  "Regexp::EXTENDED": () => 2,
  "Regexp::MULTILINE": () => 4,
  // rubygems/version.rb: the same in every RubyGems of Ruby 2.7 to 3.4.
  "Gem::Version::VERSION_PATTERN": () => "[0-9]+(?>\\.[0-9a-zA-Z]+)*(-[0-9A-Za-z-]+(\\.[0-9A-Za-z-]+)*)?",
  "Gem::Version::ANCHORED_VERSION_PATTERN": () => new RRegexp("\\A\\s*([0-9]+(?>\\.[0-9a-zA-Z]+)*(-[0-9A-Za-z-]+(\\.[0-9A-Za-z-]+)*)?)?\\s*\\z"),
};

export const knownClass = (path: string): boolean => path.replace(/^::/, "") in CLASS_METHODS;
export { sym };
