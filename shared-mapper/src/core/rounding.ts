/**
 * Ruby's rounding of Floats and Integers to a number of digits (numeric.c: `flo_round`,
 * `rb_float_floor`, `rb_float_ceil`, `round_half_up`/`_down`/`_even`, `float_round_overflow`,
 * `rb_int_round`/`_floor`/`_ceil`/`_truncate`), step by step as Ruby does them on doubles, so
 * that `2.675.round(2)` is 2.68 as in Ruby and not 2.67 as a plain scaling gives.
 */
import { fromFloat, floorMod, add, sub, neg, sign, cmp, type Int, floorDiv, isZero } from "./intMath.js";

export type HalfMode = "up" | "down" | "even";

/** C's round(): half away from zero. */
const cRound = (x: number): number => (x < 0 ? -Math.round(-x) : Math.round(x));

/** frexp's exponent: x = m * 2**e with 0.5 <= |m| < 1. */
export function frexpExponent(x: number): number {
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, x);
  const bits = (view.getUint16(0) >> 4) & 0x7ff;
  if (bits !== 0) return bits - 1022;
  // A subnormal: scale it into the normal range first.
  return frexpExponent(x * 2 ** 64) - 64;
}

/** Integer division truncating as C's does. */
const cdiv = (a: number, b: number) => Math.trunc(a / b);

/** `float_round_overflow`: the digits asked for are beyond the Float's precision; it stays as it is. */
export const roundOverflows = (ndigits: number, binexp: number): boolean => ndigits >= 17 - (binexp > 0 ? cdiv(binexp, 4) : cdiv(binexp, 3) - 1);
/** `float_round_underflow`: the number is below the digits asked for; it rounds to 0. */
export const roundUnderflows = (ndigits: number, binexp: number): boolean => ndigits < -(binexp > 0 ? cdiv(binexp, 3) + 1 : cdiv(binexp, 4));

function roundHalfUp(x: number, s: number): number {
  let f = cRound(x * s);
  if (s === 1) return f;
  if (x > 0) {
    if ((f + 0.5) / s <= x) f += 1;
  } else if ((f - 0.5) / s >= x) f -= 1;
  return f;
}

function roundHalfDown(x: number, s: number): number {
  let f = cRound(x * s);
  if (x > 0) {
    if ((f - 0.5) / s >= x) f -= 1;
  } else if ((f + 0.5) / s <= x) f += 1;
  return f;
}

function roundHalfEven(x: number, s: number): number {
  const xs = x * s;
  if (x > 0) {
    const f = Math.floor(xs);
    let d = xs - f;
    if (d > 0.5) d = 1;
    else if (d === 0.5 || (f + 0.5) / s <= x) d = f % 2;
    else d = 0;
    return f + d;
  }
  if (x < 0) {
    const f = Math.ceil(xs);
    let d = f - xs;
    if (d > 0.5) d = 1;
    else if (d === 0.5 || (f - 0.5) / s >= x) d = -f % 2;
    else d = 0;
    return f - d;
  }
  return x;
}

const ROUND = { up: roundHalfUp, down: roundHalfDown, even: roundHalfEven };

/**
 * `rb_flo_round_by_rational`: past 14 digits Ruby rounds the Float's exact value (a Rational)
 * and converts back; here the exact value is mantissa * 2**exponent, rounded in BigInts, and
 * read back by the correctly rounded decimal parse.
 */
function roundExactly(x: number, ndigits: number, mode: HalfMode): number {
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, Math.abs(x));
  const bits = view.getBigUint64(0);
  const biased = Number(bits >> 52n);
  const fraction = bits & ((1n << 52n) - 1n);
  const mantissa = biased === 0 ? fraction : fraction | (1n << 52n);
  const exponent = (biased === 0 ? 1 : biased) - 1075;
  let num = mantissa * 10n ** BigInt(ndigits);
  let den = 1n;
  if (exponent >= 0) num <<= BigInt(exponent);
  else den <<= BigInt(-exponent);
  let q = num / den;
  const twice = (num % den) * 2n;
  // On the magnitude: half up is away from zero, half down toward it.
  if (twice > den || (twice === den && (mode === "up" || (mode === "even" && q % 2n === 1n)))) q += 1n;
  const magnitude = Number(`${q}e-${ndigits}`);
  return x < 0 ? -magnitude : magnitude;
}

/** Float#round(ndigits > 0): the Float rounded as Ruby rounds it. */
export function roundFloatDigits(x: number, ndigits: number, mode: HalfMode): number {
  if (!Number.isFinite(x)) return x;
  const binexp = frexpExponent(x);
  if (roundOverflows(ndigits, binexp)) return x;
  if (roundUnderflows(ndigits, binexp)) return 0;
  if (ndigits > 14) return roundExactly(x, ndigits, mode);
  const f = 10 ** ndigits;
  return ROUND[mode](x, f) / f;
}

/** Float#round with no digits: the nearest integral double. */
export const roundFloat = (x: number, mode: HalfMode): number => ROUND[mode](x, 1);

/** Float#floor and #ceil with ndigits > 0. */
export function floorFloatDigits(x: number, ndigits: number, ceil: boolean): number {
  const binexp = frexpExponent(x);
  if (roundOverflows(ndigits, binexp)) return x;
  if ((ceil ? x < 0 : x > 0) && roundUnderflows(ndigits, binexp)) return ceil ? -0 : 0;
  const f = 10 ** ndigits;
  if (!ceil) {
    const mul = Math.floor(x * f);
    const res = (mul + 1) / f;
    return res > x ? mul / f : res;
  }
  const mul = Math.ceil(x * f);
  const res = (mul - 1) / f;
  return res < x ? mul / f : res;
}

/** `int_round_zero_p`: 10**-ndigits / 2 is beyond any Integer of this size. */
function roundsToZero(n: Int, ndigits: number): boolean {
  const bytes = typeof n === "number" ? 8 : Math.ceil((n < 0n ? -n : n).toString(16).length / 16) * 8;
  return -0.415241 * ndigits - 0.125 > bytes;
}

const power = (ndigits: number): Int => {
  const p = 10n ** BigInt(-ndigits);
  return p <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(p) : p;
};

/** Integer#round(ndigits < 0, half:). */
export function roundInt(n: Int, ndigits: number, mode: HalfMode): Int {
  if (roundsToZero(n, ndigits)) return 0;
  const f = power(ndigits);
  const half = floorDiv(f, 2);
  const r = floorMod(n, f);
  let out = sub(n, r);
  const c = cmp(r, half);
  const halfWay = mode === "even" ? floorMod(floorDiv(n, f), 2) === 1 : mode === "up" ? sign(n) > 0 : sign(n) < 0;
  if (c > 0 || (c === 0 && halfWay)) out = add(out, f);
  return out;
}

/** Integer#floor, #ceil and #truncate with ndigits < 0. */
export function floorInt(n: Int, ndigits: number, how: "floor" | "ceil" | "truncate"): Int {
  if (roundsToZero(n, ndigits)) return 0;
  const f = power(ndigits);
  const r = floorMod(n, f);
  if (isZero(r)) return n;
  const down = sub(n, r);
  if (how === "floor" || (how === "truncate" && sign(n) >= 0)) return down;
  return add(down, f);
}

/** A Float's integral value as an Integer (`dbl2ival`); the caller has checked it is finite. */
export const floatToInt = (x: number): Int => fromFloat(Math.trunc(x) || 0);
export { neg };
