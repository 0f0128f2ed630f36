/**
 * Kernel#format (`sprintf`, `String#%`), read as Ruby's `sprintf.c` reads a format: flags
 * (` #+-0`), width and precision (digits or `*`, `*n$`), an argument by position (`%1$s`) or
 * by name (`%<name>d`, `%{name}`), then the conversion (`s p c d i u o x X b B f e E g G a A
 * %`). The ArgumentErrors, KeyErrors and TypeErrors are Ruby's, word for word. Numbers are
 * `formatNumber.ts`.
 */
import { inspect, noImplicitConversion, typeName } from "../ruby/print.js";
import { RFloat, RHash, RString, RUnknown, RValue, UnknownValueError, stringValue, sym } from "../ruby/values.js";
import { hashGet } from "./hash.js";
import {
  exponentialDigits, fixedDigits, generalDigits, hexFloatDigits, strictFloat, strictInteger, twosComplement,
} from "./formatNumber.js";
import { rubyError, type Runtime } from "./runtime.js";

const FLAGS = " #+-0";

interface Spec {
  flags: string;
  width?: number;
  prec?: number;
}

/** Which arguments the format has taken: Ruby forbids mixing the three ways of naming one. */
class Args {
  next = 0;
  /** 0 nothing yet; >0 the last unnumbered one; -1 numbered; -2 named. */
  mode = 0;
  constructor(
    private readonly rt: Runtime,
    private readonly list: RValue[],
  ) {}

  nextArg(): RValue {
    if (this.mode > 0 || this.mode === 0) {
      this.mode = ++this.next;
      return this.nth(this.next);
    }
    throw rubyError("ArgumentError", `unnumbered(${this.next + 1}) mixed with ${this.mode === -1 ? "numbered" : "named"}`);
  }

  positional(n: number): RValue {
    if (this.mode > 0) throw rubyError("ArgumentError", `numbered(${n}) after unnumbered(${this.mode})`);
    if (this.mode === -2) throw rubyError("ArgumentError", `numbered(${n}) after named`);
    if (n < 1) throw rubyError("ArgumentError", `invalid index - ${n}$`);
    this.mode = -1;
    return this.nth(n);
  }

  named(name: string, open: string, close: string): RValue {
    const label = `${open}${name}${close}`;
    if (this.mode > 0) throw rubyError("ArgumentError", `named${label} after unnumbered(${this.mode})`);
    if (this.mode === -1) throw rubyError("ArgumentError", `named${label} after numbered`);
    this.mode = -2;
    const hash = this.list[0];
    if (this.list.length !== 1 || !(hash instanceof RHash)) throw rubyError("ArgumentError", "one hash required");
    const value = hashGet(this.rt, hash, sym(name));
    if (value instanceof RUnknown) throw new UnknownValueError(value);
    if (value === null) throw rubyError("KeyError", `key${label} not found`);
    return value;
  }

  private nth(n: number): RValue {
    if (n > this.list.length) throw rubyError("ArgumentError", "too few arguments");
    const v = this.list[n - 1];
    if (v instanceof RUnknown) throw new UnknownValueError(v);
    return v;
  }
}

/** `format(template, *args)`. */
export function format(rt: Runtime, template: string, args: RValue[]): string {
  const given = new Args(rt, args);
  let out = "";
  let p = 0;
  while (p < template.length) {
    const at = template.indexOf("%", p);
    if (at < 0) {
      out += template.slice(p);
      break;
    }
    out += template.slice(p, at);
    const [text, next] = directive(rt, template, at + 1, given);
    out += text;
    p = next;
    rt.alloc(out.length);
  }
  return out;
}

/** Kernel#format as a function: the template is the first argument. */
export function kernelFormat(rt: Runtime, args: RValue[]): RString {
  if (!args.length) throw rubyError("ArgumentError", "too few arguments");
  const t = stringValue(args[0]);
  if (t === undefined) {
    if (args[0] instanceof RUnknown) throw new UnknownValueError(args[0]);
    throw rubyError("TypeError", noImplicitConversion(args[0], "String"));
  }
  return new RString(format(rt, t, args.slice(1)));
}

/** One `%…` directive from just after its `%`: its text and where the template goes on. */
function directive(rt: Runtime, t: string, start: number, args: Args): [string, number] {
  const spec: Spec = { flags: "" };
  let value: RValue | undefined;
  let name: string | undefined;
  let precGiven = false;
  let p = start;
  const number = (): number => {
    let n = 0;
    while (p < t.length && t[p] >= "0" && t[p] <= "9") n = n * 10 + Number(t[p++]);
    if (p >= t.length) throw rubyError("ArgumentError", "malformed format string - %*[0-9]");
    return n;
  };
  const setValue = (v: RValue, label: string) => {
    if (value !== undefined) throw rubyError("ArgumentError", `named${label} after ${name}`);
    value = v;
  };
  for (;;) {
    if (p >= t.length) {
      if (p === start) throw rubyError("ArgumentError", "incomplete format specifier; use %% (double %) instead");
      // The end reads as the C string's NUL: a `%` with nothing after it.
      if (spec.flags || spec.width !== undefined || precGiven) throw rubyError("ArgumentError", "invalid format character - %");
      return ["%", p];
    }
    const c = t[p];
    if (FLAGS.includes(c)) {
      if (spec.width !== undefined) throw rubyError("ArgumentError", "flag after width");
      if (precGiven) throw rubyError("ArgumentError", "flag after precision");
      spec.flags += c;
      p++;
    } else if (c >= "1" && c <= "9") {
      const n = number();
      if (t[p] === "$") {
        if (value !== undefined) throw rubyError("ArgumentError", `value given twice - ${n}$`);
        value = args.positional(n);
        p++;
        continue;
      }
      if (spec.width !== undefined) throw rubyError("ArgumentError", "width given twice");
      if (precGiven) throw rubyError("ArgumentError", "width after precision");
      spec.width = n;
    } else if (c === "<" || c === "{") {
      const close = c === "<" ? ">" : "}";
      const end = t.indexOf(close, p);
      if (end < 0) throw rubyError("ArgumentError", "malformed name - unmatched parenthesis");
      const key = t.slice(p + 1, end);
      setValue(args.named(key, c, close), `${c}${key}${close}`);
      name = `${c}${key}${close}`;
      p = end + 1;
      if (c === "{") return [convert(rt, "s", value!, spec), p];
    } else if (c === "*") {
      if (spec.width !== undefined) throw rubyError("ArgumentError", "width given twice");
      if (precGiven) throw rubyError("ArgumentError", "width after precision");
      p++;
      const w = star(rt, t, p, args);
      p = w.next;
      spec.width = Math.abs(w.n);
      if (w.n < 0) spec.flags += "-";
    } else if (c === ".") {
      if (precGiven) throw rubyError("ArgumentError", "precision given twice");
      precGiven = true;
      p++;
      if (t[p] === "*") {
        const w = star(rt, t, p + 1, args);
        p = w.next;
        if (w.n >= 0) spec.prec = w.n;
      } else spec.prec = number();
    } else if (c === "%" || c === "\n" || c === "\0") {
      if (spec.flags || spec.width !== undefined || precGiven) throw rubyError("ArgumentError", "invalid format character - %");
      return [c === "%" ? "%" : "%" + c, p + 1];
    } else {
      if (!"cspdiuoxXbBfeEgGaA".includes(c)) throw rubyError("ArgumentError", `malformed format string - %${c}`);
      return [convert(rt, c, value ?? args.nextArg(), spec), p + 1];
    }
  }
}

/** A `*` width or precision: the next argument, or `*n$`'s. */
function star(rt: Runtime, t: string, p: number, args: Args): { n: number; next: number } {
  let q = p;
  let n = 0;
  while (q < t.length && t[q] >= "0" && t[q] <= "9") n = n * 10 + Number(t[q++]);
  if (q >= t.length) throw rubyError("ArgumentError", "malformed format string - %*[0-9]");
  const v = q > p && t[q] === "$" ? args.positional(n) : args.nextArg();
  return { n: num2int(rt, v), next: q > p && t[q] === "$" ? q + 1 : p };
}

/** Ruby's NUM2INT: an Integer in C's `int`, a Float truncated (RangeErrors as Ruby words them); else a TypeError. */
function num2int(rt: Runtime, v: RValue): number {
  const int = rt.ruby.modernHashInspect ? "'int'" : "`int'";
  const inInt = (n: number) => {
    if (n > 2147483647) throw rubyError("RangeError", `integer ${n} too big to convert to ${int}`);
    if (n < -2147483648) throw rubyError("RangeError", `integer ${n} too small to convert to ${int}`);
    return n;
  };
  if (typeof v === "number") return inInt(v);
  if (typeof v === "bigint") {
    if (v >= 2n ** 63n || v < -(2n ** 63n)) throw rubyError("RangeError", `bignum too big to convert into ${rt.ruby.modernHashInspect ? "'long'" : "`long'"}`);
    throw rubyError("RangeError", `integer ${v} too ${v > 0n ? "big" : "small"} to convert to ${int}`);
  }
  if (v instanceof RFloat) {
    const x = v.value;
    if (Number.isNaN(x)) throw rubyError("FloatDomainError", "NaN");
    if (!Number.isFinite(x)) throw rubyError("FloatDomainError", x > 0 ? "Infinity" : "-Infinity");
    if (x >= 2 ** 63 || x < -(2 ** 63)) throw rubyError("RangeError", `float ${x < 0 ? "-" : ""}${generalDigits(Math.abs(x), 10, false)} out of range of integer`);
    return inInt(Math.trunc(x));
  }
  if (v === null) throw rubyError("TypeError", "no implicit conversion from nil to integer");
  throw rubyError("TypeError", noImplicitConversion(v, "Integer"));
}

function convert(rt: Runtime, conv: string, v: RValue, spec: Spec): string {
  switch (conv) {
    case "s":
    case "p": {
      const text = conv === "p" ? inspectOf(rt, v) : textOf(rt, v);
      return pad(spec.prec === undefined ? text : [...text].slice(0, spec.prec).join(""), spec);
    }
    case "c":
      return pad(character(rt, v, rt.ruby.ruby32 === true), spec);
    case "d":
    case "i":
    case "u":
      return integerText(toInteger(v), 10, spec);
    case "o":
      return integerText(toInteger(v), 8, spec);
    case "x":
    case "X":
      return integerText(toInteger(v), 16, spec, conv === "X");
    case "b":
    case "B":
      return integerText(toInteger(v), 2, spec, conv === "B");
  }
  // An Integer's `%f` is written exactly (sprintf.c's Rational path), which has no `#` form.
  return floatText(toFloat(v), conv, typeof v === "number" && conv === "f" ? { ...spec, flags: spec.flags.replace(/#/g, "") } : spec);
}

const textOf = (rt: Runtime, v: RValue): string => {
  const t = stringValue(v);
  if (t !== undefined) return t;
  const s = rt.send(v, "to_s", [], null);
  if (s instanceof RUnknown) throw new UnknownValueError(s);
  return stringValue(s) ?? inspect(s, rt.ruby);
};

const inspectOf = (rt: Runtime, v: RValue): string => {
  const s = rt.send(v, "inspect", [], null);
  if (s instanceof RUnknown) throw new UnknownValueError(s);
  return stringValue(s) ?? inspect(v, rt.ruby);
};

/** `%c`: a one-character String (Ruby 3.2: a String's first), or an Integer's code point. */
function character(rt: Runtime, v: RValue, firstOfString: boolean): string {
  const s = stringValue(v);
  if (s !== undefined) {
    if (firstOfString && s !== "") return [...s][0];
    if ([...s].length !== 1) throw rubyError("ArgumentError", "%c requires a character");
    return s;
  }
  const n = num2int(rt, v);
  if (n < 0 || n > 0x10ffff || (n >= 0xd800 && n <= 0xdfff)) {
    throw new UnknownValueError(new RUnknown(`%c of ${n}`, false, "a character outside Unicode, which Ruby writes as raw bytes"));
  }
  return String.fromCodePoint(n);
}

/** What `%d` and its cousins accept: an Integer, a Float truncated, a String read as `Integer()` reads it. */
function toInteger(v: RValue): bigint {
  if (typeof v === "number") return BigInt(v);
  if (typeof v === "bigint") return v;
  if (v instanceof RFloat) {
    if (Number.isNaN(v.value)) throw rubyError("FloatDomainError", "NaN");
    if (!Number.isFinite(v.value)) throw rubyError("FloatDomainError", v.value > 0 ? "Infinity" : "-Infinity");
    return BigInt(Math.trunc(v.value));
  }
  const s = stringValue(v);
  if (s !== undefined) {
    const n = strictInteger(s);
    if (n === undefined) throw rubyError("ArgumentError", `invalid value for Integer(): ${inspect(s)}`);
    return n;
  }
  throw rubyError("TypeError", `can't convert ${nameForConversion(v)} into Integer`);
}

/** What `%f` and its cousins accept: a number, a String read as `Float()` reads it. */
function toFloat(v: RValue): number {
  if (typeof v === "number") return v;
  if (typeof v === "bigint") return Number(v);
  if (v instanceof RFloat) return v.value;
  const s = stringValue(v);
  if (s !== undefined) {
    const n = strictFloat(s);
    // Ruby's message shows the C string: non-ASCII characters as their bytes.
    if (n === undefined) throw rubyError("ArgumentError", `invalid value for Float(): ${inspect(s).replace(/[^\x00-\x7f]/gu, (c) => [...new TextEncoder().encode(c)].map((b) => `\\x${b.toString(16).toUpperCase()}`).join(""))}`);
    return n;
  }
  throw rubyError("TypeError", `can't convert ${nameForConversion(v)} into Float`);
}

const nameForConversion = (v: RValue) => (v === null || v === true || v === false ? inspect(v) : typeName(v));

function sign(negative: boolean, flags: string): string {
  if (negative) return "-";
  return flags.includes("+") ? "+" : flags.includes(" ") ? " " : "";
}

function integerText(n: bigint, base: number, spec: Spec, upper = false): string {
  const { flags, width = 0, prec } = spec;
  const prefixOf = { 16: "0x", 8: "0", 2: "0b", 10: "" }[base]!;
  const explicitSign = flags.includes("+") || flags.includes(" ");
  let out: string;
  if (n < 0n && base !== 10 && !explicitSign) {
    // Ruby's two's complement: `..` and the digits from the first that is not the repeated one.
    const { digits, fill } = twosComplement(n, base);
    const prefix = flags.includes("#") && base !== 8 ? prefixOf : "";
    let body = ".." + digits;
    const room = prec !== undefined ? prec : flags.includes("0") && !flags.includes("-") ? width - prefix.length : 0;
    if (room > body.length) body = ".." + fill.repeat(room - body.length) + digits;
    out = prefix + body;
  } else {
    let digits = (n < 0n ? -n : n).toString(base);
    // C's rule: no digits for zero at precision 0 (but `%#.0o`'s leading zero).
    if (prec === 0 && n === 0n) digits = flags.includes("#") && base === 8 ? "0" : "";
    const prefix = flags.includes("#") && n !== 0n && !(base === 8 && digits.startsWith("0")) ? prefixOf : "";
    const head = sign(n < 0n, flags) + prefix;
    if (prec !== undefined) digits = digits.padStart(prec, "0");
    else if (flags.includes("0") && !flags.includes("-")) digits = digits.padStart(width - head.length, "0");
    out = head + digits;
  }
  if (upper) out = out.toUpperCase();
  return pad(out, spec);
}

function floatText(x: number, conv: string, spec: Spec): string {
  const { flags, width = 0 } = spec;
  const sharp = flags.includes("#");
  const negative = x < 0 || Object.is(x, -0);
  const head = sign(negative && !Number.isNaN(x), flags);
  if (!Number.isFinite(x)) return pad(head + (Number.isNaN(x) ? "NaN" : "Inf"), spec);
  const lower = conv.toLowerCase();
  const prec = spec.prec;
  let body: string;
  if (lower === "f") body = fixedDigits(x, prec ?? 6, sharp);
  else if (lower === "e") body = exponentialDigits(x, prec ?? 6, sharp);
  else if (lower === "g") body = generalDigits(x, prec ?? 6, sharp);
  else body = hexFloatDigits(x, prec, sharp);
  if (conv !== lower) body = body.toUpperCase();
  if (flags.includes("0") && !flags.includes("-") && head.length + body.length < width) {
    const at = lower === "a" ? 2 : 0;
    body = body.slice(0, at) + "0".repeat(width - head.length - body.length) + body.slice(at);
  }
  return pad(head + body, spec);
}

/** Spaces up to the width, on the left (on the right with `-`); widths count characters. */
function pad(text: string, spec: Spec): string {
  const width = spec.width ?? 0;
  const len = [...text].length;
  if (len >= width) return text;
  return spec.flags.includes("-") ? text + " ".repeat(width - len) : " ".repeat(width - len) + text;
}
