/**
 * How Ruby prints values: `to_s` and `inspect` (whose Hash form changed in Ruby 3.4), and
 * Ruby's error messages that name a value. An unknown value prints between « », which no
 * Ruby value's `inspect` does, so that nobody takes it for Rails' output.
 */
import { compileRubyRegexp } from "./regexp/index.js";
import {
  REnumerator, RFloat, RHash, RInquirer, RMapper, RMatch, RMerger, RObject, RPathname, RProc, RRange, RRedirect, RRegexp, RSet, RString,
  RStruct, RStructClass, RSymbol, RUnknown, RUri, RConst, RValue, UnknownValueError, isValueConstant, poisonOf, unknownConstant,
  ORDERED_OPTIONS,
} from "./values.js";
import { uriText } from "./uriText.js";

/** Which Ruby prints the values: what differs between the versions we support. */
export interface RubyVersion {
  /** Ruby 3.4's `it`, a block's one parameter; before, a method call like any other. */
  itParameter?: boolean;
  /** Ruby 3.4 prints `{id: 1}` and `{"a" => 1}`, and quotes names in messages as 'x'; earlier `{:id=>1}`, `{"a"=>1}` and `x'. */
  modernHashInspect: boolean;
  /** Ruby 3.3 names a NoMethodError's receiver by its class ("for an instance of Integer"), earlier by its inspect ("for 1:Integer"). */
  receiverByClass: boolean;
  /**
   * Ruby 3.2: `Regexp.new(s, "mx")` reads the String's letters (3.1: any String means ignore
   * case), `format("%c", "ab")` takes the first character (3.1: an ArgumentError), and a Struct
   * without `keyword_init:` takes keyword arguments as its members.
   */
  ruby32?: boolean;
  /** Ruby 3.4's `**nil` passes no keywords; earlier a TypeError. */
  nilDoubleSplat?: boolean;
  /** Ruby 3.3 hands a method without keyword parameters a copy of a lone `**hash`; 3.0–3.2 the caller's own Hash (ruby/ruby#8970). */
  kwSplatCopied?: boolean;
  /** Before Ruby 3.0 `Dir[]` gives paths in the file system's order; from 3.0 each folder's entries sorted by name. */
  unsortedGlob?: boolean;
  /** From Ruby 3.0 a Hash passed as the last positional argument stays positional where the method takes keywords (2.7 took it as keywords). */
  keywordsSeparated?: boolean;
}
export const DEFAULT_RUBY: RubyVersion = { modernHashInspect: true, receiverByClass: true, itParameter: true, ruby32: true, nilDoubleSplat: true, kwSplatCopied: true, keywordsSeparated: true };

export function rubyVersion(version: string | undefined): RubyVersion {
  const [major, minor] = (version ?? "3.4").split(".").map((x) => parseInt(x, 10));
  if (Number.isNaN(major)) return DEFAULT_RUBY;
  const atLeast = (n: number) => major > 3 || (major === 3 && (minor || 0) >= n);
  return { modernHashInspect: atLeast(4), receiverByClass: atLeast(3), itParameter: atLeast(4), ruby32: atLeast(2), nilDoubleSplat: atLeast(4), kwSplatCopied: atLeast(3), unsortedGlob: major < 3, keywordsSeparated: major >= 3 };
}

/** How an unknown value shows where a value is printed: the expression, marked as not Ruby's output. */
export const unknownText = (u: RUnknown): string => `«${u.description}»`;

/**
 * An object's address in `inspect` (`#<Proc:0x00007f…>`): only the running process has it, so it
 * is shown marked as unknown, never as a made-up number; the rest of the text is Ruby's.
 */
export const UNKNOWN_ADDRESS = "«0x…»";

/**
 * `to_s` where the text is shown, not used: a value the evaluator cannot know prints marked
 * instead of throwing (a drawn route's columns, worked out when first read).
 */
export function displayText(v: RValue | undefined, ruby: RubyVersion = DEFAULT_RUBY): string {
  if (v instanceof RUnknown) return unknownText(v);
  if (v instanceof RConst) return v.path;
  return toS(v, ruby);
}

/** `to_s`. Throws `UnknownValueError` for a value the evaluator cannot know: its text is not known. */
export function toS(v: RValue | undefined, ruby: RubyVersion = DEFAULT_RUBY): string {
  if (v === null || v === undefined) return "";
  if (typeof v === "string") return v;
  if (typeof v === "number" || typeof v === "bigint") return String(v);
  if (typeof v === "boolean") return String(v);
  // A symbol (most values here) by its constructor: see `isRSymbol` in values.ts.
  if (v.constructor === RSymbol) return (v as RSymbol).name;
  if (v instanceof RString) return v.value;
  if (v instanceof RFloat) return formatFloat(v.value);
  if (v instanceof RConst) throw new UnknownValueError(unknownConstant(v.path));
  if (v instanceof RRegexp) return regexpToS(v);
  if (v instanceof RInquirer) return v.value;
  if (v instanceof RUnknown) throw new UnknownValueError(v);
  if (v instanceof RStructClass) return v.name ?? "#<Class:0x0000000000000000>";
  if (v instanceof RPathname) return v.path;
  if (v instanceof RUri) return uriText(v);
  // ActiveSupport::OrderedOptions overrides `inspect`, not `to_s` (Hash's, the plain inspection).
  if (v instanceof RHash && ORDERED_OPTIONS.has(v)) return inspectHash(v, ruby, [v]);
  return inspect(v, ruby);
}

/** Float#to_s: the shortest digits that read back, fixed from 1e-4 up to 1e15, else with an exponent. */
export function formatFloat(x: number): string {
  if (Number.isNaN(x)) return "NaN";
  if (!Number.isFinite(x)) return x > 0 ? "Infinity" : "-Infinity";
  if (x === 0) return Object.is(x, -0) ? "-0.0" : "0.0";
  const sign = x < 0 ? "-" : "";
  const [mantissa, exponent] = Math.abs(x).toExponential().split("e");
  const digits = mantissa.replace(".", "");
  const exp = Number(exponent);
  const decpt = exp + 1;
  if (decpt > 0 && decpt <= 15) {
    const whole = digits.slice(0, decpt).padEnd(decpt, "0");
    return `${sign}${whole}.${digits.slice(decpt) || "0"}`;
  }
  if (decpt <= 0 && decpt > -4) return `${sign}0.${"0".repeat(-decpt)}${digits}`;
  return `${sign}${digits[0]}.${digits.slice(1) || "0"}e${exp < 0 ? "-" : "+"}${String(Math.abs(exp)).padStart(2, "0")}`;
}

/**
 * Regexp#to_s (re.c `rb_reg_str_with_term`): the source in a group that sets every option;
 * a source that is itself one such group (`(?i:a)`), or starts with options (`(?i)a`),
 * is unwrapped into it where the rest is a regexp of its own.
 */
export function regexpToS(r: RRegexp): string {
  let options = r.flags.replace(/[^mix]/g, "");
  let source = r.source;
  for (;;) {
    const m = /^\(\?([mix]*)(?:-([mix]*))?([:)])/.exec(source);
    if (!m || source.length < 4) break;
    const merged = [...new Set(options + m[1])].filter((f) => !(m[2] ?? "").includes(f)).join("");
    if (m[3] === ")") {
      options = merged;
      source = source.slice(m[0].length);
      continue;
    }
    const inner = source.slice(m[0].length, -1);
    if (source.endsWith(")") && compileRubyRegexp(inner, merged).ok) {
      options = merged;
      source = inner;
    } else {
      options = r.flags.replace(/[^mix]/g, "");
      source = r.source;
    }
    break;
  }
  const on = ["m", "i", "x"].filter((f) => options.includes(f)).join("");
  const off = ["m", "i", "x"].filter((f) => !options.includes(f)).join("");
  return `(?${on}${off ? "-" + off : ""}:${source})`;
}

/** Ruby's NoMethodError message for `receiver.method`, worded as the selected Ruby words it. */
export function noMethodMessage(ruby: RubyVersion, method: string, receiver: RValue): string {
  const name = ruby.modernHashInspect ? `'${method}'` : `\`${method}'`;
  if (!ruby.receiverByClass) return `undefined method ${name} for ${inspect(receiver, ruby)}:${typeName(receiver)}`;
  const special = receiver === null || receiver === true || receiver === false;
  return `undefined method ${name} for ${special ? inspect(receiver, ruby) : `an instance of ${typeName(receiver)}`}`;
}

/** An object of a class as Ruby's NoMethodError names it: by its class from Ruby 3.3, before by its `inspect`, whose address is not knowable. */
export function objectReceiver(ruby: RubyVersion, className: string): string {
  return ruby.receiverByClass ? `an instance of ${className}` : `#<${className}:${UNKNOWN_ADDRESS}>`;
}

/** NoMethodError's message for a method an object of `className` has not; NameError's where the call is a bare name (`sortable`). */
export function missingMethodMessage(ruby: RubyVersion, method: string, className: string, bare: boolean): string {
  const name = ruby.modernHashInspect ? `'${method}'` : `\`${method}'`;
  return `undefined ${bare ? "local variable or method" : "method"} ${name} for ${objectReceiver(ruby, className)}`;
}

/** Ruby's TypeError for a value used where a String (or a Hash...) is needed. */
export function noImplicitConversion(v: RValue, into: string): string {
  const what = v === null || v === true || v === false ? inspect(v) : typeName(v);
  return `no implicit conversion of ${what} into ${into}`;
}

/** Ruby's `inspect`. A structure that holds itself prints `[...]` or `{...}` where it recurs, as Ruby's does. */
export function inspect(v: RValue | undefined, ruby: RubyVersion = DEFAULT_RUBY, seen: object[] = []): string {
  if (v === null || v === undefined) return "nil";
  if (typeof v === "string") return inspectString(v);
  if (typeof v === "number" || typeof v === "bigint") return String(v);
  if (typeof v === "boolean") return String(v);
  if (v instanceof RString) return inspectString(v.value);
  if (v instanceof RFloat) return formatFloat(v.value);
  if (v instanceof RSymbol) return ":" + symbolBody(v.name);
  if (v instanceof RRegexp) return "/" + escapeRegexpSlashes(v.source) + "/" + v.flags;
  if (v instanceof RUnknown) return unknownText(v);
  const poisonedBy = poisonOf(v);
  if (poisonedBy) return unknownText(poisonedBy);
  if (Array.isArray(v) || v instanceof RHash || v instanceof RStruct || v instanceof RSet || v instanceof RObject) {
    if (seen.includes(v)) return Array.isArray(v) ? "[...]" : v instanceof RHash ? "{...}" : v instanceof RSet ? "#<Set: {...}>" : `#<${typeName(v)} ...>`;
    seen.push(v);
    try {
      return inspectContainer(v, ruby, seen);
    } finally {
      seen.pop();
    }
  }
  if (v instanceof RRange) {
    // Ruby prints nil at the begin of `nil..nil`, and leaves out a nil begin or end otherwise (`1..`, `..5`).
    const first = v.first !== null || v.last === null ? inspect(v.first, ruby, seen) : "";
    const last = v.first === null || v.last !== null ? inspect(v.last, ruby, seen) : "";
    return `${first}${v.exclusive ? "..." : ".."}${last}`;
  }
  // A class known by name prints as its name, as Ruby's does; a value constant Routemap could not read, marked.
  if (v instanceof RConst) return isValueConstant(v.path) ? `«${v.path}»` : v.path;
  if (v instanceof RRedirect) return v.inspectText;
  if (v instanceof RProc) return v.label;
  if (v instanceof RInquirer) return inspectString(v.value);
  if (v instanceof RMerger) return "#<ActiveSupport::OptionMerger>";
  if (v instanceof RMapper) return "#<ActionDispatch::Routing::Mapper>";
  if (v instanceof RStructClass) return toS(v);
  if (v instanceof REnumerator) return inspectEnumerator(v, ruby, seen);
  if (v instanceof RMatch) return inspectMatch(v);
  if (v instanceof RPathname) return `#<Pathname:${v.path}>`;
  if (v instanceof RUri) return `#<${v.className} ${uriText(v)}>`;
  return "?";
}

function inspectContainer(v: RValue[] | RHash | RStruct | RSet | RObject, ruby: RubyVersion, seen: object[]): string {
  if (Array.isArray(v)) return "[" + v.map((x) => inspect(x, ruby, seen)).join(", ") + "]";
  if (v instanceof RHash) return ORDERED_OPTIONS.has(v) ? `#<ActiveSupport::OrderedOptions ${inspectHash(v, ruby, seen)}>` : inspectHash(v, ruby, seen);
  if (v instanceof RSet) return `#<Set: {${v.items.map((x) => inspect(x, ruby, seen)).join(", ")}}>`;
  if (v instanceof RStruct) {
    const fields = v.cls.members.map((m, i) => `${m}=${inspect(v.values[i], ruby, seen)}`).join(", ");
    return `#<${v.cls.data ? "data" : "struct"} ${v.cls.name ? v.cls.name + " " : ""}${fields}>`;
  }
  // The address is not knowable statically: marked, as for procs.
  const ivars = [...v.ivars].map(([name, value]) => ` ${name}=${inspect(value, ruby, seen)}`).join(",");
  return `#<${v.className}:${UNKNOWN_ADDRESS}${ivars}>`;
}

function inspectHash(h: RHash, ruby: RubyVersion, seen: object[]): string {
  if (h.size === 0) return "{}";
  const parts = h.entries().map(([k, val]) => {
    // A whole Hash Routemap cannot compute, merged into a known one (mapper/unknownConstraints.ts).
    if (k instanceof RUnknown && k === val) return `**${unknownText(k)}`;
    if (ruby.modernHashInspect) {
      if (k instanceof RSymbol) {
        const body = symbolBody(k.name);
        return `${body.startsWith('"') ? body : k.name}: ${inspect(val, ruby, seen)}`;
      }
      return `${inspect(k, ruby, seen)} => ${inspect(val, ruby, seen)}`;
    }
    return `${inspect(k, ruby, seen)}=>${inspect(val, ruby, seen)}`;
  });
  return "{" + parts.join(", ") + "}";
}

/** An Enumerator; `step` and `%` of a number or a Range make an ArithmeticSequence, printed as Ruby 3 prints one. */
function inspectEnumerator(e: REnumerator, ruby: RubyVersion, seen: object[]): string {
  const args = e.args.map((a) => inspect(a, ruby, seen)).join(", ");
  const arithmetic = (e.method === "step" || e.method === "%") && (e.receiver instanceof RRange || typeof e.receiver === "number" || e.receiver instanceof RFloat);
  if (arithmetic) {
    const recv = inspect(e.receiver, ruby, seen);
    return `(${e.receiver instanceof RRange ? `(${recv})` : recv}.${e.method}(${args}))`;
  }
  if (e.kind === "Enumerator::Lazy" && e.method === "lazy") return `#<Enumerator::Lazy: ${inspect(e.receiver, ruby, seen)}>`;
  if (e.kind === "Enumerator::Chain") return `#<Enumerator::Chain: [${e.args.map((a) => inspect(a, ruby, seen)).join(", ")}]>`;
  return `#<${e.kind}: ${inspect(e.receiver, ruby, seen)}:${e.method}${e.args.length ? `(${args})` : ""}>`;
}

function inspectMatch(m: RMatch): string {
  const group = (i: number) => (m.offsets[2 * i] < 0 ? "nil" : inspectString(m.input.slice(m.offsets[2 * i], m.offsets[2 * i + 1])));
  let out = `#<MatchData ${group(0)}`;
  for (let i = 1; i < m.offsets.length / 2; i++) out += ` ${m.names[i - 1] || i}:${group(i)}`;
  return out + ">";
}

/** Ruby's `inspect` of a symbol of that name (`:id`, `:"a-b"`). */
export const inspectSymbol = (name: string): string => ":" + symbolBody(name);

/** A symbol's name as it follows `:` in `inspect`, quoted when it is not a plain identifier or operator. */
function symbolBody(name: string): string {
  // Ruby's lexer counts every non-ASCII character as one of an identifier's.
  if (/^[A-Za-z_\u0080-\u{10FFFF}][A-Za-z_0-9\u0080-\u{10FFFF}]*[?!=]?$/u.test(name) && !/^[A-Za-z_0-9\u0080-\u{10FFFF}]*[?!]=$/u.test(name)) return name;
  if (/^(\[\]=?|[+\-*\/%<>!~^&|]|\*\*|==|===|!=|=~|!~|<=>|<=|>=|<<|>>|\+@|-@)$/.test(name)) return name;
  if (/^@@?[A-Za-z_][A-Za-z_0-9]*$/.test(name) || /^\$[A-Za-z_][A-Za-z_0-9]*$/.test(name)) return name;
  return inspectString(name);
}

/**
 * Characters `String#inspect` writes as `\uXXXX` in a UTF-8 String: those Onigmo does not
 * count as printable (controls but U+0085, line and paragraph separators, unassigned ones,
 * as far as JavaScript's Unicode tables and Ruby's agree).
 */
const UNPRINTABLE = /[\x00-\x1f\x7f-\x84\x86-\x9f\u2028\u2029\p{Cn}]/u;

export function inspectString(s: string): string {
  // Most strings need no escaping at all.
  if (!/["\\#]/.test(s) && !UNPRINTABLE.test(s)) return '"' + s + '"';
  let out = '"';
  for (const ch of s) {
    const c = ch.codePointAt(0)!;
    switch (ch) {
      case '"': out += '\\"'; break;
      case "\\": out += "\\\\"; break;
      case "\n": out += "\\n"; break;
      case "\t": out += "\\t"; break;
      case "\r": out += "\\r"; break;
      case "\f": out += "\\f"; break;
      case "\v": out += "\\v"; break;
      case "\b": out += "\\b"; break;
      case "\x07": out += "\\a"; break;
      case "\x1b": out += "\\e"; break;
      case "#": out += "#"; break;
      default:
        if (!UNPRINTABLE.test(ch)) out += ch;
        else out += c > 0xffff ? `\\u{${c.toString(16).toUpperCase()}}` : "\\u" + c.toString(16).toUpperCase().padStart(4, "0");
    }
  }
  // Ruby escapes `#` only where it would start an interpolation: `#{`, `#$`, `#@`.
  return out.replace(/#(?=[{$@])/g, "\\#") + '"';
}

/** Regexp#inspect shows the source with unescaped `/` escaped. */
function escapeRegexpSlashes(source: string): string {
  let out = "";
  for (let i = 0; i < source.length; i++) {
    const ch = source[i];
    if (ch === "\\" && i + 1 < source.length) {
      out += ch + source[i + 1];
      i++;
    } else if (ch === "/") out += "\\/";
    else out += ch;
  }
  return out;
}

export function typeName(v: RValue | undefined): string {
  if (v === null || v === undefined) return "NilClass";
  if (typeof v === "string" || v instanceof RString || v instanceof RInquirer) return "String";
  if (typeof v === "number" || typeof v === "bigint") return "Integer";
  if (v instanceof RFloat) return "Float";
  if (v === true) return "TrueClass";
  if (v === false) return "FalseClass";
  if (v instanceof RSymbol) return "Symbol";
  if (Array.isArray(v)) return "Array";
  if (v instanceof RHash) return ORDERED_OPTIONS.has(v) ? "ActiveSupport::OrderedOptions" : "Hash";
  if (v instanceof RRegexp) return "Regexp";
  if (v instanceof RRange) return "Range";
  if (v instanceof RProc) return "Proc";
  if (v instanceof RObject) return v.className;
  if (v instanceof RStruct) return v.cls.name ?? "Struct";
  if (v instanceof RStructClass) return "Class";
  if (v instanceof RSet) return "Set";
  if (v instanceof REnumerator) return v.kind;
  if (v instanceof RMatch) return "MatchData";
  if (v instanceof RPathname) return "Pathname";
  if (v instanceof RUri) return v.className;
  return "Object";
}

/**
 * Source text as the sheet («…») and the messages quote it: on one line, without the line breaks
 * that open or close a bracket, and past `max` characters cut with "…", so that a quoted
 * expression is never taken for the whole of it.
 */
export function quotedSource(text: string, max: number): string {
  const line = text.replace(/([([{])\s*\n\s*/g, "$1").replace(/,?\s*\n\s*([)\]}])/g, "$1").replace(/\s+/g, " ").trim();
  return line.length <= max ? line : `${line.slice(0, max - 1).trimEnd()}…`;
}
