/**
 * Ruby's Math module (math.c) and Integer.sqrt (numeric.c `rb_int_s_isqrt`). Ruby's Math
 * functions are the C library's: beyond `sqrt` (correctly rounded everywhere) their last
 * digit depends on the libm Ruby was built with, and JavaScript's differ from glibc's in
 * about one case in twenty. So a transcendental function is answered only where its value
 * is exact (`Math.log2(1024)`, `Math.log10(1000)`, `Math.cbrt(27)`), and is unknown otherwise.
 */
import { inspect, typeName } from "../ruby/print.js";
import { RFloat, RUnknown, RValue, UnknownValueError } from "../ruby/values.js";
import * as I from "./intMath.js";
import { isInt } from "./intMath.js";
import { arity, rubyError, type Methods, type Result } from "./runtime.js";

const float = (n: number) => new RFloat(n);

/** `Need_Float`: an Integer or a Float, else Ruby's TypeError. */
function toFloat(v: RValue | undefined): number {
  if (v instanceof RFloat) return v.value;
  if (isInt(v)) return I.toFloat(v);
  if (v instanceof RUnknown) throw new UnknownValueError(v);
  const what = v === null || v === undefined || typeof v === "boolean" ? inspect(v ?? null) : typeName(v);
  throw rubyError("TypeError", `can't convert ${what} into Float`);
}

const domain = (name: string) => rubyError("Math::DomainError", `Numerical argument is out of domain - ${name}`);

const inexact = (call: string) =>
  new RUnknown(call, false, "a Math function whose last digit depends on the C library Ruby runs on, where the value is not exact");

/** A function answered only where `exact` knows its value exactly. */
function exactOnly(name: string, exact: (x: number) => number | undefined, minimum = -Infinity) {
  return (_rt: unknown, _c: unknown, args: RValue[]): Result => {
    arity(args, 1);
    const x = toFloat(args[0]);
    if (x < minimum) throw domain(name);
    const r = exact(x);
    return r === undefined ? inexact(`Math.${name}(${inspect(args[0])})`) : float(r);
  };
}

/** log2 and log10 of exact powers (and of 0, 1 and Infinity). */
function logOf(base: number) {
  return (x: number): number | undefined => {
    if (x === 0) return -Infinity;
    if (x === Infinity) return Infinity;
    if (x === 1) return 0;
    if (base === Math.E) return undefined;
    const k = Math.round(Math.log(x) / Math.log(base));
    return base ** k === x ? k : undefined;
  };
}

function cbrt(x: number): number | undefined {
  if (x === 0 || !Number.isFinite(x)) return x;
  const r = Math.round(Math.cbrt(x));
  return r * r * r === x ? r : undefined;
}

export const MATH: Methods<unknown> = {
  sqrt: (_rt, _c, args) => {
    arity(args, 1);
    const x = toFloat(args[0]);
    if (x < 0) throw domain("sqrt");
    return float(Math.sqrt(x));
  },
  cbrt: exactOnly("cbrt", cbrt),
  log2: exactOnly("log2", logOf(2), 0),
  log10: exactOnly("log10", logOf(10), 0),
  log: (_rt, _c, args) => {
    arity(args, 1, 2);
    const x = toFloat(args[0]);
    if (x < 0) throw domain("log");
    if (args.length === 2 && toFloat(args[1]) < 0) throw domain("log");
    if (args.length === 1 && (x === 1 || x === 0 || x === Infinity)) return float(logOf(Math.E)(x)!);
    return inexact(`Math.log(${args.map((a) => inspect(a)).join(", ")})`);
  },
  exp: exactOnly("exp", (x) => (x === 0 ? 1 : x === -Infinity ? 0 : x === Infinity ? Infinity : undefined)),
  sin: exactOnly("sin", (x) => (x === 0 ? x : undefined)),
  cos: exactOnly("cos", (x) => (x === 0 ? 1 : undefined)),
  tan: exactOnly("tan", (x) => (x === 0 ? x : undefined)),
  atan: exactOnly("atan", (x) => (x === 0 ? x : undefined)),
  hypot: (_rt, _c, args) => {
    arity(args, 2);
    const [a, b] = [toFloat(args[0]), toFloat(args[1])];
    const sum = a * a + b * b;
    const r = Math.sqrt(sum);
    // Exact where the sum of squares is computed without rounding and is a perfect square.
    if (Number.isSafeInteger(sum) && Number.isInteger(r)) return float(r);
    return inexact(`Math.hypot(${inspect(args[0])}, ${inspect(args[1])})`);
  },
};

/** Integer.sqrt: the exact floor of the square root. */
export function integerSqrt(args: RValue[]): Result {
  arity(args, 1);
  const v = args[0];
  let n: I.Int;
  if (isInt(v)) n = v;
  else if (v instanceof RFloat) {
    if (!Number.isFinite(v.value)) throw rubyError("FloatDomainError", String(v.value));
    n = I.fromFloat(Math.trunc(v.value));
  } else if (v instanceof RUnknown) throw new UnknownValueError(v);
  else {
    const what = v === null || v === undefined || typeof v === "boolean" ? inspect(v ?? null) : typeName(v);
    throw rubyError("TypeError", `no implicit conversion ${v === null || typeof v === "boolean" ? "from" : "of"} ${what} ${v === null || typeof v === "boolean" ? "to integer" : "into Integer"}`);
  }
  if (I.sign(n) < 0) throw rubyError("Math::DomainError", 'Numerical argument is out of domain - "isqrt"');
  return I.isqrt(n);
}

/** Math's constants (the C library's M_PI and M_E, the same doubles in every libm). */
export const MATH_CONSTANTS: Record<string, () => RValue> = {
  "Math::PI": () => float(Math.PI),
  "Math::E": () => float(Math.E),
};
