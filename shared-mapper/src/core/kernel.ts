/**
 * Kernel's functions routes files call without a receiver (`format`, `Integer("12")`,
 * `Array(x)`; object.c `rb_f_string`, `rb_f_array`, `rb_f_hash`), the class methods of Ruby's
 * own classes (re.c `rb_reg_s_union`, `rb_reg_initialize_m`; array.c, hash.c, string.c,
 * struct.c, set.rb; File's in `filePath.ts`, Math's in `math.ts`), and the constants those
 * classes define.
 */
import { BOOLEAN_TYPE, BOOLEAN_TYPE_CLASS } from "./activeModel.js";
import { inspect, regexpToS, typeName } from "../ruby/print.js";
import {
  RConst, RFloat, RHash, RPathname, RProc, RRange, RRegexp, RSet, RStruct, RSymbol, RUnknown, RValue, UnknownValueError,
  isString, stringValue, sym,
} from "../ruby/values.js";
import { compileRubyRegexp } from "../ruby/regexp/index.js";
import { toFloat, toInteger } from "./convert.js";
import { CGI_CLASS } from "./cgi.js";
import { URI_CLASS, uriKernel } from "./uri.js";
import { FILE, pathArg } from "./filePath.js";
import { format } from "./format.js";
import { elementOf, isIterable, iterate, toArray } from "./iterate.js";
import { MATH, MATH_CONSTANTS, integerSqrt } from "./math.js";
import { setOf } from "./set.js";
import { structNew } from "./structClass.js";
import { dataDefine } from "./dataClass.js";
import { arity, rubyError, str, toInt, toStr, type Result, type Runtime, type Methods } from "./runtime.js";
import { escapeRegexp } from "./string.js";

export { structInstance } from "./structClass.js";

/** `Array(x)`: an Array as it is, nil as [], what `to_a` gives for the core's collections, else [x]. */
function toArrayOf(rt: Runtime, v: RValue): Result {
  if (v === null) return [];
  if (Array.isArray(v)) return v;
  if (v instanceof RHash) return v.entries();
  if (v instanceof RStruct) return v.values.slice();
  if (v instanceof RRange || v instanceof RSet || isIterable(v)) return toArray(rt, v);
  if (v instanceof RUnknown) throw new UnknownValueError(v);
  if (v && typeof v === "object" && "methods" in v) return undefined; // an object of the files may define to_a
  return [v];
}

/** Kernel functions: `name(*args)` with no receiver. */
export const KERNEL: Methods<null> = {
  format: (rt, _self, args) => str(format(rt, toStr(args[0]), args.slice(1))),
  sprintf: (rt, _self, args) => str(format(rt, toStr(args[0]), args.slice(1))),
  Integer: (rt, _self, args) => toInteger(rt, args),
  Float: (rt, _self, args) => toFloat(rt, args),
  String: (rt, _self, args) => {
    arity(args, 1);
    const s = stringValue(args[0]);
    return s !== undefined ? args[0] : rt.send(args[0], "to_s", [], null);
  },
  Array: (rt, _self, args) => (arity(args, 1), toArrayOf(rt, args[0])),
  Hash: (_rt, _self, args) => {
    arity(args, 1);
    const v = args[0];
    if (v === null || (Array.isArray(v) && v.length === 0)) return new RHash();
    if (v instanceof RHash) return v;
    if (v && typeof v === "object" && "methods" in v) return undefined;
    throw rubyError("TypeError", `can't convert ${typeName(v)} into Hash`);
  },
  Pathname: (_rt, _self, args) => (arity(args, 1), pathnameNew(args[0])),
  URI: (_rt, _self, args) => uriKernel(args),
};

function pathnameNew(v: RValue | undefined): RPathname {
  const path = pathArg(v);
  if (path.includes("\0")) throw rubyError("ArgumentError", "pathname contains null byte");
  return new RPathname(path);
}

/** A String argument where Ruby takes only a String (`to_str`): Symbols and the rest raise. */
function stringArg(v: RValue | undefined): string {
  const s = stringValue(v);
  if (s !== undefined) return s;
  if (v instanceof RUnknown) throw new UnknownValueError(v);
  const what = v === null || v === undefined || typeof v === "boolean" ? inspect(v ?? null) : typeName(v);
  throw rubyError("TypeError", `no implicit conversion of ${what} into String`);
}

/** `Regexp.union(…)`: Strings escaped, Regexps embedded as `to_s` does (one Regexp alone is returned as it is). */
function regexpUnion(rt: Runtime, args: RValue[]): RRegexp {
  const parts = args.length === 1 && Array.isArray(args[0]) ? args[0] : args;
  if (parts.length === 0) return new RRegexp("(?!)");
  if (parts.length === 1 && parts[0] instanceof RRegexp) return parts[0];
  rt.charge(parts.length);
  const sources = parts.map((p) => (p instanceof RRegexp ? regexpToS(p) : escapeRegexp(stringArg(p))));
  return new RRegexp(sources.join("|"));
}

/**
 * `Regexp.new(source, options)`: options as an Integer (1 i, 2 x, 4 m) or any other truthy
 * value for `i`; a String of letters is read letter by letter from Ruby 3.2 on.
 */
function regexpNew(rt: Runtime, args: RValue[]): Result {
  arity(args, 1, 3);
  const [source, options] = args;
  if (source instanceof RRegexp) return new RRegexp(source.source, source.flags);
  const text = stringArg(source);
  if (args.length > 2) return undefined; // an encoding option: not modelled
  let flags = "";
  if (typeof options === "number") flags = (options & 4 ? "m" : "") + (options & 1 ? "i" : "") + (options & 2 ? "x" : "");
  else if (isString(options)) {
    const letters = stringValue(options)!;
    if (rt.ruby.ruby32) {
      if (/[^mix]/.test(letters)) throw rubyError("ArgumentError", `unknown regexp option: ${letters}`);
      flags = ["m", "i", "x"].filter((f) => letters.includes(f)).join("");
    } else flags = "i";
  } else if (options !== undefined && options !== null && options !== false) flags = "i";
  const compiled = compileRubyRegexp(text, flags);
  if (!compiled.ok && compiled.kind === "syntax") throw rubyError("RegexpError", compiled.message);
  return new RRegexp(text, flags);
}

function hashNew(args: RValue[], block: RProc | null): RHash {
  if (block) arity(args, 0);
  else arity(args, 0, 1);
  const h = new RHash();
  if (block) h.defaultProc = block;
  else if (args.length) h.defaultValue = args[0];
  return h;
}

/** `Hash[…]`: a Hash copied, an Array of pairs, or keys and values in turn. */
function hashOf(rt: Runtime, args: RValue[]): RHash {
  if (args.length === 1 && args[0] instanceof RHash) return args[0].dup();
  if (args.length === 1 && Array.isArray(args[0])) {
    rt.alloc(args[0].length);
    return new RHash(
      args[0].map((p, i) => {
        if (!Array.isArray(p)) throw rubyError("ArgumentError", `wrong element type ${typeName(p)} at ${i} (expected array)`);
        if (p.length < 1 || p.length > 2) throw rubyError("ArgumentError", `invalid number of elements (${p.length} for 1..2)`);
        return [p[0], p[1] ?? null] as [RValue, RValue];
      }),
    );
  }
  if (args.length % 2) throw rubyError("ArgumentError", "odd number of arguments for Hash");
  return new RHash(Array.from({ length: args.length / 2 }, (_v, i) => [args[2 * i], args[2 * i + 1]] as [RValue, RValue]));
}

function arrayNew(rt: Runtime, args: RValue[], block: RProc | null): RValue[] {
  arity(args, 0, 2);
  if (args.length === 1 && Array.isArray(args[0])) return [...args[0]];
  if (args.length && args[0] === null) throw rubyError("TypeError", "no implicit conversion from nil to integer");
  const n = args.length ? toInt(args[0]) : 0;
  if (n < 0) throw rubyError("ArgumentError", "negative array size");
  rt.alloc(n);
  return Array.from({ length: n }, (_v, i) => (block ? rt.yield(block, [i]) : args[1] ?? null));
}

function setNew(rt: Runtime, args: RValue[], block: RProc | null): RSet {
  arity(args, 0, 1);
  const items: RValue[] = [];
  const source = args[0];
  if (source !== undefined && source !== null) {
    if (!isIterable(source) && !(source instanceof RHash)) throw rubyError("ArgumentError", "value must be enumerable");
    iterate(rt, source, (y) => items.push(block ? rt.yield(block, [elementOf(y)]) : elementOf(y)));
  }
  return setOf(rt, items);
}

/** Class methods of Ruby's own classes, by class. */
export const CLASS_METHODS: Record<string, Methods<RConst>> = {
  Regexp: {
    union: (rt, _c, args) => regexpUnion(rt, args),
    escape: (_rt, _c, args) => (arity(args, 1), str(escapeRegexp(args[0] instanceof RSymbol ? args[0].name : stringArg(args[0])))),
    quote: (_rt, _c, args) => (arity(args, 1), str(escapeRegexp(args[0] instanceof RSymbol ? args[0].name : stringArg(args[0])))),
    new: (rt, _c, args) => regexpNew(rt, args),
    compile: (rt, _c, args) => regexpNew(rt, args),
  },
  File: FILE as Methods<RConst>,
  Array: {
    new: (rt, _c, args, block) => arrayNew(rt, args, block),
    "[]": (_rt, _c, args) => [...args],
    // ActiveSupport (core_ext/array/wrap.rb): nil as [], an Array as it is, anything else in one.
    wrap: (_rt, _c, args) => (arity(args, 1), args[0] === null ? [] : Array.isArray(args[0]) ? args[0] : [args[0]]),
  },
  Hash: {
    new: (_rt, _c, args, block) => hashNew(args, block),
    "[]": (rt, _c, args) => hashOf(rt, args),
  },
  String: {
    new: (_rt, _c, args) => {
      const positional = args[args.length - 1] instanceof RHash ? args.slice(0, -1) : args;
      arity(positional, 0, 1);
      return str(positional.length ? stringArg(positional[0]) : "");
    },
  },
  Set: {
    new: (rt, _c, args, block) => setNew(rt, args, block),
    "[]": (rt, _c, args) => setOf(rt, args),
  },
  Struct: {
    new: (rt, _c, args, block) => structNew(rt, [...args], block),
  },
  // Ruby 3.2's; before it `Data` is no class of Ruby's (removed in 3.0).
  Data: {
    define: (rt, _c, args, block) => (rt.ruby.ruby32 ? dataDefine(rt, args, block) : undefined),
  },
  Integer: {
    sqrt: (_rt, _c, args) => integerSqrt(args),
  },
  Math: MATH as Methods<RConst>,
  CGI: CGI_CLASS,
  URI: URI_CLASS,
  [BOOLEAN_TYPE]: BOOLEAN_TYPE_CLASS,
  Pathname: {
    new: (_rt, _c, args) => (arity(args, 1), pathnameNew(args[0])),
  },
};

/** Constants of Ruby's own classes, by path. */
export const CORE_CONSTANTS: Record<string, () => RValue> = {
  "Float::INFINITY": () => new RFloat(Infinity),
  "Float::NAN": () => new RFloat(NaN),
  "Float::EPSILON": () => new RFloat(Number.EPSILON),
  "Float::MAX": () => new RFloat(Number.MAX_VALUE),
  "Float::MIN": () => new RFloat(2.2250738585072014e-308),
  "Float::DIG": () => 15,
  "Float::MANT_DIG": () => 53,
  "Float::RADIX": () => 2,
  "File::SEPARATOR": () => "/",
  "File::Separator": () => "/",
  "File::ALT_SEPARATOR": () => null,
  "File::PATH_SEPARATOR": () => ":",
  "Regexp::IGNORECASE": () => 1,
  "Regexp::EXTENDED": () => 2,
  "Regexp::MULTILINE": () => 4,
  ...MATH_CONSTANTS,
  // actionpack's action_dispatch/routing.rb: the same from Rails 4.0 to 8.1 (`via: ActionDispatch::Routing::HTTP_METHODS`).
  "ActionDispatch::Routing::HTTP_METHODS": () => ["get", "head", "post", "patch", "put", "delete", "options"].map((v) => sym(v)),
  // rubygems/version.rb: the same in every RubyGems of Ruby 2.7 to 3.4.
  "Gem::Version::VERSION_PATTERN": () => "[0-9]+(?>\\.[0-9a-zA-Z]+)*(-[0-9A-Za-z-]+(\\.[0-9A-Za-z-]+)*)?",
  "Gem::Version::ANCHORED_VERSION_PATTERN": () => new RRegexp("\\A\\s*([0-9]+(?>\\.[0-9a-zA-Z]+)*(-[0-9A-Za-z-]+(\\.[0-9A-Za-z-]+)*)?)?\\s*\\z"),
};

export const knownClass = (path: string): boolean => path.replace(/^::/, "") in CLASS_METHODS;
export { sym };
