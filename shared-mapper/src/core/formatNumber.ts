/**
 * The numbers of Kernel#format (Ruby's `sprintf.c`, which hands floats to C's `printf`
 * rules): a Float's exact binary value written in decimal and rounded half to even, as
 * glibc does (`"%.0f" % 2.5` is "2", where JavaScript's `toFixed` gives "3"); integers in
 * any base with Ruby's two's complement for negatives (`"%x" % -255` is "..f01"); and the
 * strict readings of Strings that `Integer()` and `Float()` make (`rb_cstr_to_inum`,
 * `rb_cstr_to_dbl` with `badcheck`).
 */

/** A finite double's magnitude as `digits × 10^exp10`, exactly: every double is a dyadic fraction. */
function exactDecimal(x: number): { digits: bigint; exp10: number } {
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, Math.abs(x));
  const high = view.getUint32(0);
  const low = view.getUint32(4);
  const biased = (high >>> 20) & 0x7ff;
  let mantissa = (BigInt(high & 0xfffff) << 32n) | BigInt(low);
  let exp2 = biased === 0 ? -1074 : biased - 1075;
  if (biased !== 0) mantissa |= 1n << 52n;
  if (exp2 >= 0) return { digits: mantissa << BigInt(exp2), exp10: 0 };
  // m / 2^k = m × 5^k / 10^k
  return { digits: mantissa * 5n ** BigInt(-exp2), exp10: exp2 };
}

/**
 * Ruby's dtoa (missing/dtoa.c) first tries to round with doubles; where the rest it drops
 * is within its error bound of one half, Ruby's copy rounds half to even on the digits
 * (`half`), where Gay's would compute exactly: `"%.2f" % 0.025` is "0.02" though the double
 * is above 0.025. This replays that attempt (`mode` 2: `ndigits` significant digits; 3:
 * `ndigits` decimals) and says whether it ended so.
 */
const TENS = Array.from({ length: 23 }, (_v, i) => Number(`1e${i}`));
const BIGTENS = [1e16, 1e32, 1e64, 1e128, 1e256];

function nearHalf(x: number, mode: 2 | 3, ndigits: number): boolean {
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, x);
  const high = view.getUint32(0);
  const biased = (high >>> 20) & 0x7ff;
  if (biased === 0) return false; // subnormals: dtoa's estimate differs; they have no halves worth a digit
  view.setUint32(0, (high & 0xfffff) | 0x3ff00000);
  const estimate = (view.getFloat64(0) - 1.5) * 0.289529654602168 + 0.1760912590558 + (biased - 1023) * 0.301029995663981;
  let k = Math.trunc(estimate);
  if (estimate < 0 && estimate !== k) k--;
  let kCheck = true;
  if (k >= 0 && k <= 22) {
    if (x < TENS[k]) k--;
    kCheck = false;
  }
  let ilim = mode === 2 ? Math.max(1, ndigits) : ndigits + k + 1;
  const ilim1 = mode === 2 ? ilim : ilim - 1;
  if (ilim < 0 || ilim > 14) return false;
  let d = x;
  let ieps = 2;
  if (k > 0) {
    let ds = TENS[k & 0xf];
    let j = k >> 4;
    if (j & 0x10) {
      j &= 0xf;
      d /= BIGTENS[4];
      ieps++;
    }
    for (let i = 0; j; j >>= 1, i++) {
      if (j & 1) {
        ieps++;
        ds *= BIGTENS[i];
      }
    }
    d /= ds;
  } else if (k < 0) {
    d *= TENS[-k & 0xf];
    for (let j = -k >> 4, i = 0; j; j >>= 1, i++) {
      if (j & 1) {
        ieps++;
        d *= BIGTENS[i];
      }
    }
  }
  if (kCheck && d < 1 && ilim > 0) {
    if (ilim1 <= 0) return false;
    ilim = ilim1;
    d *= 10;
    ieps++;
  }
  if (ilim === 0) return false;
  const eps = (ieps * d + 7) * 2 ** -52 * TENS[ilim - 1];
  for (let i = 1; ; i++, d *= 10) {
    d -= Math.trunc(d);
    if (d === 0) ilim = i;
    if (i === ilim) return !(d > 0.5 + eps) && !(d < 0.5 - eps);
  }
}

/**
 * round(|x| × 10^decimals) as Ruby's dtoa rounds: exactly (ties to even), or to even where
 * `nearHalf`. `kept`: dtoa returned its last digits though they are zeros (an even digit
 * `half` kept where exact rounding would go up), which `%g` then shows.
 */
function scaled(x: number, decimals: number, half: boolean): { n: bigint; kept: boolean; bumped?: boolean } {
  const { digits, exp10 } = exactDecimal(x);
  const shift = exp10 + decimals;
  if (shift >= 0) return { n: digits * 10n ** BigInt(shift), kept: false };
  const unit = 10n ** BigInt(-shift);
  const q = digits / unit;
  const twice = 2n * (digits % unit);
  const up = twice > unit || (twice === unit && q % 2n === 1n);
  if (half) return q % 2n === 1n ? { n: q + 1n, kept: false, bumped: true } : { n: q, kept: up };
  return { n: up ? q + 1n : q, kept: false };
}

/** `%.{p}f` of |x|. */
export function fixedDigits(x: number, p: number, sharp: boolean): string {
  const s = scaled(x, p, x !== 0 && nearHalf(Math.abs(x), 3, p)).n.toString().padStart(p + 1, "0");
  if (p === 0) return sharp ? s + "." : s;
  return `${s.slice(0, s.length - p)}.${s.slice(s.length - p)}`;
}

/** The decimal exponent of |x| once rounded to `significant` digits, those digits, and whether dtoa keeps their trailing zeros. */
function significand(x: number, significant: number): { digits: string; exp: number; kept: boolean } {
  if (x === 0) return { digits: "0".repeat(significant), exp: 0, kept: false };
  const { digits, exp10 } = exactDecimal(x);
  let exp = digits.toString().length - 1 + exp10;
  const half = nearHalf(Math.abs(x), 2, significant);
  const r = scaled(x, significant - 1 - exp, half);
  // A whole number below 1e15 goes on to dtoa's "small integer" loop, which keeps every digit it made.
  if (half && Number.isInteger(x) && Math.abs(x) < 1e15) r.kept = !r.bumped;
  let n = r.n.toString();
  if (n.length > significant) {
    exp += 1;
    n = n.slice(0, significant);
  }
  return { digits: n, exp, kept: r.kept };
}

const exponentText = (exp: number) => (exp < 0 ? "-" : "+") + String(Math.abs(exp)).padStart(2, "0");

/** `%.{p}e` of |x|. */
export function exponentialDigits(x: number, p: number, sharp: boolean): string {
  const { digits, exp } = significand(x, p + 1);
  const point = p > 0 || sharp ? "." : "";
  return `${digits[0]}${point}${digits.slice(1)}e${exponentText(exp)}`;
}

/**
 * `%.{p}g` of |x|: `%e` when the exponent is below -4 or at least the precision, else `%f`,
 * with the digits dtoa returns (trailing zeros dropped, unless `#` or dtoa kept them).
 */
export function generalDigits(x: number, prec: number, sharp: boolean): string {
  const p = prec === 0 ? 1 : prec;
  const { digits: all, exp, kept } = significand(x, p);
  const digits = sharp || kept ? all : all.replace(/(?<=.)0+$/, "");
  const point = (rest: string) => (rest ? "." + rest : sharp ? "." : "");
  if (exp < -4 || exp >= p) return `${digits[0]}${point(digits.slice(1))}e${exponentText(exp)}`;
  if (exp < 0) return `0.${"0".repeat(-exp - 1)}${digits}`;
  return digits.slice(0, exp + 1).padEnd(exp + 1, "0") + point(digits.slice(exp + 1));
}

/** `%a`: C's hexadecimal float, normalised (a subnormal too), rounded half to even to `prec` digits. */
export function hexFloatDigits(x: number, prec: number | undefined, sharp = false): string {
  if (x === 0) return prec ? `0x0.${"0".repeat(prec)}p+0` : sharp ? "0x0.p+0" : "0x0p+0";
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, Math.abs(x));
  const biased = (view.getUint32(0) >>> 20) & 0x7ff;
  let mantissa = (BigInt(view.getUint32(0) & 0xfffff) << 32n) | BigInt(view.getUint32(4));
  let exp = biased - 1023;
  if (biased === 0) {
    exp = -1022;
    while (mantissa < 1n << 52n) {
      mantissa <<= 1n;
      exp -= 1;
    }
  } else mantissa |= 1n << 52n;
  let bits = 52;
  // Ruby's hdtoa rounds by adding 1.0 to the mantissa scaled to 4·prec bits; at 13 digits the
  // sum reaches 2 and so keeps 51 bits, not 52 (its quirk, kept).
  if (prec !== undefined && prec <= 13) {
    const kept = prec === 13 ? 51 : prec * 4;
    const shift = BigInt(52 - kept);
    const q = mantissa >> shift;
    const r = mantissa & ((1n << shift) - 1n);
    const half = 1n << (shift - 1n);
    mantissa = (r > half || (r === half && (q & 1n) === 1n) ? q + 1n : q) << BigInt(prec * 4 - kept);
    bits = prec * 4;
    if (mantissa >> BigInt(bits) >= 2n) {
      mantissa >>= 1n;
      exp += 1;
    }
  }
  const digits = Math.ceil(bits / 4);
  let frac = bits ? (mantissa & ((1n << BigInt(bits)) - 1n)).toString(16).padStart(digits, "0") : "";
  frac = prec === undefined ? frac.replace(/0+$/, "") : frac.padEnd(prec, "0");
  return `0x1${frac ? "." + frac : sharp ? "." : ""}p${exp < 0 ? "-" : "+"}${Math.abs(exp)}`;
}

/** An integer's digits in `base`; a negative one as Ruby's two's complement (`..f01`) with the digit that repeats. */
export function twosComplement(n: bigint, base: number): { digits: string; fill: string } {
  const b = BigInt(base);
  let k = 1n;
  while (n < -(b ** (k - 1n))) k++;
  return { digits: (b ** k + n).toString(base), fill: (base - 1).toString(base) };
}

/** `Integer(s)` of a String, strictly: signs, `0x`/`0b`/`0o`/`0d`/`0` prefixes, `_` between digits, blanks around. */
export function strictInteger(s: string): bigint | undefined {
  const m = /^[\t\n\v\f\r ]*([-+]?)(0[xXbBoOdD]|0(?=[_0-9a-zA-Z]))?(_?[0-9a-zA-Z]+(?:_[0-9a-zA-Z]+)*)[\t\n\v\f\r ]*$/.exec(s);
  if (!m || (m[3].startsWith("_") && m[2] !== "0")) return undefined;
  const prefix = (m[2] ?? "").toLowerCase();
  const base = prefix === "0x" ? 16 : prefix === "0b" ? 2 : prefix === "0o" || prefix === "0" ? 8 : 10;
  const digits = m[3].replace(/_/g, "");
  const valid = { 16: /^[0-9a-f]+$/i, 2: /^[01]+$/, 8: /^[0-7]+$/, 10: /^\d+$/ }[base]!;
  if (!valid.test(digits)) return undefined;
  const n = [...digits.toLowerCase()].reduce((acc, c) => acc * BigInt(base) + BigInt(parseInt(c, 36)), 0n);
  return m[1] === "-" ? -n : n;
}

/** `Float(s)` of a String, strictly: decimal with `_` between digits, an exponent, or a hexadecimal `0x…p…`; blanks around. */
export function strictFloat(s: string): number | undefined {
  const t = s.replace(/^[\t\n\v\f\r ]+|[\t\n\v\f\r ]+$/g, "");
  const hex = /^([-+]?)0[xX]([0-9a-fA-F]+(?:_[0-9a-fA-F]+)*)(?:\.([0-9a-fA-F]+))?(?:[pP]([-+]?\d+))?$/.exec(t);
  if (hex) {
    const mantissa = parseInt(hex[2].replace(/_/g, ""), 16) + (hex[3] ? parseInt(hex[3], 16) / 16 ** hex[3].length : 0);
    const value = mantissa * 2 ** Number(hex[4] ?? 0);
    return hex[1] === "-" ? -value : value;
  }
  if (!/^[-+]?(?:\d+(?:_\d+)*(?:\.\d+(?:_\d+)*)?|\.\d+(?:_\d+)*)(?:[eE][-+]?\d+(?:_\d+)*)?$/.test(t)) return undefined;
  return Number(t.replace(/_/g, ""));
}
