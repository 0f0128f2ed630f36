/**
 * Kernel#Integer and Kernel#Float (object.c `rb_convert_to_integer`, `rb_f_float`; bignum.c
 * `rb_int_parse_cstr`; util.c `ruby_strtod` as `rb_cstr_to_dbl` checks it): the strict parses
 * of a String (prefixes, one underscore between digits, spaces around), the conversions of
 * other values, and `exception: false`.
 */
import { inspect, typeName } from "../ruby/print.js";
import { RFloat, RHash, RUnknown, RValue, UnknownValueError, stringValue } from "../ruby/values.js";
import * as I from "./intMath.js";
import { isInt } from "./intMath.js";
import { arity, rubyError, toInt, type Result, type Runtime } from "./runtime.js";

const isSpace = (c: string) => c === " " || (c >= "\t" && c <= "\r");

/** The sign and the text between the spaces Ruby allows around a number (linear, no regexp). */
function split(s: string): [string, string] {
  let i = 0;
  let j = s.length;
  while (i < j && isSpace(s[i])) i++;
  while (j > i && isSpace(s[j - 1])) j--;
  const sign = s[i] === "-" || s[i] === "+" ? s[i++] : "";
  return [sign, s.slice(i, j)];
}
const PREFIX: Record<string, number> = { x: 16, b: 2, o: 8, d: 10 };

/** The digits of `s` in `base` (0: by its prefix) as an Integer; undefined where Ruby raises. */
export function parseInteger(rt: Runtime, s: string, base: number): I.Int | undefined {
  const [sign, text] = split(s);
  let body = text;
  const prefix = /^0([xXbBoOdD])/.exec(body);
  if (prefix && (base === 0 || base === PREFIX[prefix[1].toLowerCase()])) {
    base = PREFIX[prefix[1].toLowerCase()];
    body = body.slice(2);
  } else if ((base === 0 || base === 8) && /^0[0-9_]/.test(body)) {
    // A leading 0 makes the rest octal (one underscore may follow it).
    base = 8;
    body = body.slice(body[1] === "_" ? 2 : 1);
  } else if (base === 0) base = 10;
  if (!/^[0-9a-zA-Z]+(_[0-9a-zA-Z]+)*$/.test(body)) return undefined;
  const digits = body.replace(/_/g, "").toLowerCase();
  const valid = "0123456789abcdefghijklmnopqrstuvwxyz".slice(0, base);
  for (const c of digits) if (!valid.includes(c)) return undefined;
  rt.charge(digits.length >> 4);
  let n: bigint;
  if (base === 10) n = BigInt(digits);
  else if (base === 16 || base === 8 || base === 2) n = BigInt(`0${base === 16 ? "x" : base === 8 ? "o" : "b"}${digits}`);
  else {
    n = 0n;
    for (const c of digits) n = n * BigInt(base) + BigInt(parseInt(c, base));
  }
  return I.norm(sign === "-" ? -n : n);
}

/** Ruby's Float literal syntax as `Float()` takes a String (hexadecimal too); undefined where Ruby raises. */
export function parseFloat(s: string): number | undefined {
  const [sign, body] = split(s);
  const digits = "[0-9]+(?:_[0-9]+)*";
  if (new RegExp(`^(?:${digits}(?:\\.${digits})?|\\.${digits})(?:[eE][-+]?${digits})?$`).test(body)) {
    const value = Number(body.replace(/_/g, ""));
    return sign === "-" ? -value : value;
  }
  const hex = /^0[xX]([0-9a-fA-F]+(?:_[0-9a-fA-F]+)*)$/.exec(body);
  if (hex) {
    const value = Number(BigInt(`0x${hex[1].replace(/_/g, "")}`));
    return sign === "-" ? -value : value;
  }
  return undefined;
}

const cannotConvert = (v: RValue | undefined, into: string) => {
  const what = v === null || v === undefined || typeof v === "boolean" ? inspect(v ?? null) : typeName(v);
  return rubyError("TypeError", `can't convert ${what} into ${into}`);
};

/** The trailing `exception:` keyword, and the arguments before it. */
function options(args: RValue[]): { rest: RValue[]; raise: boolean } {
  const last = args[args.length - 1];
  if (args.length > 1 && last instanceof RHash && last.shas("exception")) return { rest: args.slice(0, -1), raise: last.sget("exception") !== false };
  return { rest: args, raise: true };
}

/** `Integer(value, base = nil, exception: true)`. */
export function toInteger(rt: Runtime, args: RValue[]): Result {
  const { rest, raise } = options(args);
  arity(rest, 1, 2);
  const [v, baseArg] = rest;
  const fail = (e: Error) => {
    if (raise) throw e;
    return null;
  };
  const s = stringValue(v);
  if (baseArg !== undefined && baseArg !== null) {
    if (s === undefined) return fail(rubyError("ArgumentError", "base specified for non string value"));
  }
  if (s !== undefined) {
    let base = baseArg === undefined || baseArg === null ? 0 : toInt(baseArg);
    if (base < 0) base = -base;
    if (base === 1 || base > 36) throw rubyError("ArgumentError", `invalid radix ${base}`);
    const n = parseInteger(rt, s, base);
    return n ?? fail(rubyError("ArgumentError", `invalid value for Integer(): ${inspect(s, rt.ruby)}`));
  }
  if (isInt(v)) return v;
  if (v instanceof RFloat) {
    if (!Number.isFinite(v.value)) return fail(rubyError("FloatDomainError", String(v.value)));
    return I.fromFloat(Math.trunc(v.value));
  }
  if (v instanceof RUnknown) throw new UnknownValueError(v);
  if (v === null) return fail(rubyError("TypeError", "can't convert nil into Integer"));
  if (v === undefined || typeof v === "boolean" || Array.isArray(v) || v instanceof RHash || typeof v === "object") {
    // Objects of the files may define to_int or to_i: not modelled; core values have neither.
    if (v && typeof v === "object" && "methods" in v) return undefined;
    return fail(cannotConvert(v, "Integer"));
  }
  return undefined;
}

/** `Float(value, exception: true)`. */
export function toFloat(rt: Runtime, args: RValue[]): Result {
  const { rest, raise } = options(args);
  arity(rest, 1);
  const [v] = rest;
  const fail = (e: Error) => {
    if (raise) throw e;
    return null;
  };
  const s = stringValue(v);
  if (s !== undefined) {
    const x = parseFloat(s);
    return x === undefined ? fail(rubyError("ArgumentError", `invalid value for Float(): ${inspect(s, rt.ruby)}`)) : new RFloat(x);
  }
  if (isInt(v)) return new RFloat(I.toFloat(v));
  if (v instanceof RFloat) return v;
  if (v instanceof RUnknown) throw new UnknownValueError(v);
  if (v && typeof v === "object" && "methods" in v) return undefined;
  return fail(cannotConvert(v, "Float"));
}
