/**
 * Ruby's Integer arithmetic, exact at any size (numeric.c, bignum.c): an Integer is a JS
 * number while it is a safe integer and a `bigint` beyond, never a bigint a number could hold,
 * so `===` compares two Integers. Division and modulo floor, as Ruby's do. Work on big
 * Integers is charged by their size in bits.
 */
import type { Runtime } from "./runtime.js";

export type Int = number | bigint;

const MAX = BigInt(Number.MAX_SAFE_INTEGER);
const MIN = -MAX;

export const isInt = (v: unknown): v is Int => typeof v === "number" || typeof v === "bigint";

/** An exact result as Ruby's Integer: a number where it fits. */
export function norm(b: bigint): Int {
  return b >= MIN && b <= MAX ? Number(b) : b;
}

/** An integral Float as the Integer it is exactly (`dbl2ival`): beyond 2**53 it is a bigint. */
export const fromFloat = (x: number): Int => (Number.isSafeInteger(x) ? x : norm(BigInt(x)));

/** Bits of an Integer's magnitude. */
export function bitLength(a: Int): number {
  if (typeof a === "number") return a === 0 ? 0 : Math.floor(Math.log2(Math.abs(a))) + 1;
  return (a < 0n ? -a : a).toString(2).length;
}

/** Charges a result of about `bits` bits before it is made: a value too large for any evaluation stops it. */
function charge(rt: Runtime, bits: number): void {
  if (bits > 64) rt.alloc(Math.ceil(bits / 8));
}

export function add(a: Int, b: Int): Int {
  if (typeof a === "number" && typeof b === "number") {
    const r = a + b;
    if (Number.isSafeInteger(r)) return r;
  }
  return norm(BigInt(a) + BigInt(b));
}

export function sub(a: Int, b: Int): Int {
  if (typeof a === "number" && typeof b === "number") {
    const r = a - b;
    if (Number.isSafeInteger(r)) return r;
  }
  return norm(BigInt(a) - BigInt(b));
}

export function mul(rt: Runtime, a: Int, b: Int): Int {
  if (typeof a === "number" && typeof b === "number") {
    const r = a * b;
    if (Number.isSafeInteger(r)) return r === 0 ? 0 : r;
  }
  charge(rt, bitLength(a) + bitLength(b));
  return norm(BigInt(a) * BigInt(b));
}

export const neg = (a: Int): Int => (typeof a === "number" ? (a === 0 ? 0 : -a) : norm(-a));
export const sign = (a: Int): number => (typeof a === "number" ? Math.sign(a) : a < 0n ? -1 : a > 0n ? 1 : 0);
export const isZero = (a: Int): boolean => a === 0;
export const abs = (a: Int): Int => (sign(a) < 0 ? neg(a) : a);

/** `a <=> b` of two Integers. */
export function cmp(a: Int, b: Int): number {
  if (typeof a === "number" && typeof b === "number") return a < b ? -1 : a > b ? 1 : 0;
  const x = BigInt(a);
  const y = BigInt(b);
  return x < y ? -1 : x > y ? 1 : 0;
}

/** `a <=> x` of an Integer and a Float, exactly (Ruby does not round the Integer); undefined for NaN. */
export function cmpFloat(a: Int, x: number): number | undefined {
  if (Number.isNaN(x)) return undefined;
  if (typeof a === "number") return a < x ? -1 : a > x ? 1 : 0;
  if (!Number.isFinite(x)) return x > 0 ? -1 : 1;
  const whole = BigInt(Math.trunc(x));
  if (a !== whole) return a < whole ? -1 : 1;
  const frac = x - Math.trunc(x);
  return frac > 0 ? -1 : frac < 0 ? 1 : 0;
}

/** Floor division (Integer#/ and #div); the divisor is not zero. */
export function floorDiv(a: Int, b: Int): Int {
  if (typeof a === "number" && typeof b === "number") {
    const r = a % b;
    const q = (a - r) / b; // exact: a - r is a multiple of b
    return r !== 0 && r < 0 !== b < 0 ? q - 1 : q === 0 ? 0 : q;
  }
  const x = BigInt(a);
  const y = BigInt(b);
  const q = x / y;
  return norm(x % y !== 0n && x < 0n !== y < 0n ? q - 1n : q);
}

/** Floor modulo (Integer#% and #modulo): the sign of the divisor. */
export function floorMod(a: Int, b: Int): Int {
  if (typeof a === "number" && typeof b === "number") {
    const r = a % b;
    return r !== 0 && r < 0 !== b < 0 ? r + b : r === 0 ? 0 : r;
  }
  const x = BigInt(a);
  const y = BigInt(b);
  const r = x % y;
  return norm(r !== 0n && r < 0n !== y < 0n ? r + y : r);
}

/** Truncated remainder (Integer#remainder): the sign of the dividend. */
export function remainder(a: Int, b: Int): Int {
  if (typeof a === "number" && typeof b === "number") {
    const r = a % b;
    return r === 0 ? 0 : r;
  }
  return norm(BigInt(a) % BigInt(b));
}

/** `a ** b` for b >= 0. */
export function pow(rt: Runtime, a: Int, b: number): Int {
  if (typeof a === "number") {
    const r = a ** b;
    if (Number.isSafeInteger(r)) return r;
  }
  charge(rt, bitLength(a) * b);
  return norm(BigInt(a) ** BigInt(b));
}

/** `a.pow(b, m)`: modular exponentiation, the result with the sign of m (Ruby's). */
export function powMod(rt: Runtime, a: Int, b: Int, m: Int): Int {
  const mod = BigInt(m);
  const size = mod < 0n ? -mod : mod;
  let base = ((BigInt(a) % size) + size) % size;
  let e = BigInt(b);
  let r = 1n % size;
  rt.charge(bitLength(b));
  while (e > 0n) {
    if (e & 1n) r = (r * base) % size;
    base = (base * base) % size;
    e >>= 1n;
  }
  return norm(mod < 0n && r !== 0n ? r + mod : r);
}

export function gcd(a: Int, b: Int): Int {
  if (typeof a === "number" && typeof b === "number") {
    a = Math.abs(a);
    b = Math.abs(b);
    while (b) [a, b] = [b, a % b];
    return a;
  }
  let x = BigInt(a) < 0n ? -BigInt(a) : BigInt(a);
  let y = BigInt(b) < 0n ? -BigInt(b) : BigInt(b);
  while (y) [x, y] = [y, x % y];
  return norm(x);
}

export function lcm(rt: Runtime, a: Int, b: Int): Int {
  if (isZero(a) || isZero(b)) return 0;
  return abs(mul(rt, floorDiv(a, gcd(a, b)), b));
}

/** Bitwise operations as on two's complement integers of any width, as Ruby's are. */
export function bitwise(a: Int, b: Int, op: "&" | "|" | "^"): Int {
  if (typeof a === "number" && typeof b === "number" && Math.abs(a) < 2 ** 31 && Math.abs(b) < 2 ** 31) {
    return op === "&" ? a & b : op === "|" ? a | b : a ^ b;
  }
  const x = BigInt(a);
  const y = BigInt(b);
  return norm(op === "&" ? x & y : op === "|" ? x | y : x ^ y);
}

/** `a << n` (a negative n shifts right, flooring). */
export function shiftLeft(rt: Runtime, a: Int, n: number): Int {
  if (n >= 0) {
    charge(rt, bitLength(a) + n);
    return norm(BigInt(a) << BigInt(n));
  }
  const bits = -n;
  if (bits > bitLength(a) + 1) return sign(a) < 0 ? -1 : 0;
  return norm(BigInt(a) >> BigInt(bits));
}

/** `a[i]`: the bit at i, of the two's complement form. */
export function bitAt(a: Int, i: number): number {
  if (i < 0) return 0;
  if (i > bitLength(a) + 1) return sign(a) < 0 ? 1 : 0;
  return Number((BigInt(a) >> BigInt(i)) & 1n);
}

/** Integer#bit_length: the bits of the two's complement form, without its sign bit. */
export const rubyBitLength = (a: Int): number => bitLength(sign(a) < 0 ? sub(neg(a), 1) : a);

export function toString(rt: Runtime, a: Int, base: number): string {
  if (typeof a === "bigint") rt.charge(bitLength(a) >> 6);
  return a.toString(base);
}

/** Integer.sqrt: the floor of the square root, exactly. */
export function isqrt(a: Int): Int {
  if (typeof a === "number") {
    let r = Math.floor(Math.sqrt(a));
    while (r * r > a) r--;
    while ((r + 1) * (r + 1) <= a) r++;
    return r;
  }
  let x = BigInt(Math.floor(Math.sqrt(Number(a))));
  for (;;) {
    const y = (x + a / x) >> 1n;
    if (y >= x && x * x <= a) break;
    x = y;
  }
  while (x * x > a) x--;
  while ((x + 1n) * (x + 1n) <= a) x++;
  return norm(x);
}

/** The nearest Float to an Integer, as Ruby's `to_f` (and mixed arithmetic) takes it. */
export const toFloat = (a: Int): number => Number(a);
