/**
 * Ruby's Integer and Float (and ActiveSupport's `ordinalize`, `multiple_of?`, byte sizes).
 * Integers are exact up to 2**53: a result beyond is unknown, never rounded. Integer
 * division and modulo floor, as Ruby's do.
 */
import { formatFloat, inspect, typeName } from "../ruby/print.js";
import { RFloat, RProc, RRange, RUnknown, RValue, numberValue } from "../ruby/values.js";
import { spaceship } from "./compare.js";
import { enumeratorOf } from "./iterate.js";
import { arity, integer, rubyError, str, toInt, toNum, type Result, type Runtime, type Methods } from "./runtime.js";


const float = (n: number) => new RFloat(n);
/** A number result: an RFloat when either side was a Float. */
const num = (n: number, isFloat: boolean, what: () => string): RValue => (isFloat ? float(n) : integer(n, what));
const isFloat = (v: RValue) => v instanceof RFloat;

/** Floor division and modulo, as Ruby's Integer#/ and #%. */
export const floorDiv = (a: number, b: number) => Math.floor(a / b);
export const floorMod = (a: number, b: number) => ((a % b) + b) % b;

function arithmetic(rt: Runtime, self: RValue, op: string, other: RValue | undefined): Result {
  const a = numberValue(self)!;
  const receiver = typeName(self);
  if (other instanceof RUnknown) return other;
  const b = toNum(other, receiver);
  const f = isFloat(self) || isFloat(other ?? null);
  const what = () => `${inspect(self)} ${op} ${inspect(other ?? null)}`;
  switch (op) {
    case "+": return num(a + b, f, what);
    case "-": return num(a - b, f, what);
    case "*": return num(a * b, f, what);
    case "/":
      if (f) return float(a / b);
      if (b === 0) throw rubyError("ZeroDivisionError", "divided by 0");
      return floorDiv(a, b);
    case "%":
    case "modulo":
      if (f) return float(b === 0 ? NaN : a - b * Math.floor(a / b));
      if (b === 0) throw rubyError("ZeroDivisionError", "divided by 0");
      return floorMod(a, b);
    case "**":
      if (!f && b < 0) return new RUnknown(what(), false, "a Rational, which Routemap does not compute");
      return num(a ** b, f, what);
  }
  return undefined;
}

/** `a + b` for `sum`: numbers add, anything else through its own `+`. */
export function addValues(rt: Runtime, a: RValue, b: RValue): RValue {
  if (numberValue(a) !== undefined && numberValue(b) !== undefined) return arithmetic(rt, a, "+", b) ?? null;
  return rt.send(a, "+", [b], null);
}

function comparison(rt: Runtime, self: RValue, op: string, other: RValue | undefined): Result {
  if (other instanceof RUnknown) return other;
  const c = spaceship(rt, self, other ?? null);
  if (c === undefined) {
    const what = other === null || other === undefined ? "nil" : typeName(other);
    throw rubyError("ArgumentError", `comparison of ${typeName(self)} with ${numberValue(other ?? null) === undefined && !(other === null) ? what : inspect(other ?? null)} failed`);
  }
  return op === "<" ? c < 0 : op === ">" ? c > 0 : op === "<=" ? c <= 0 : c >= 0;
}

/** Rounding to `digits` places (negative: tens, hundreds), half away from zero, as Ruby's default. */
function roundTo(n: number, digits: number, mode: "round" | "floor" | "ceil" | "truncate"): number {
  const f = 10 ** Math.abs(digits);
  const scaled = digits >= 0 ? n * f : n / f;
  const r =
    mode === "floor" ? Math.floor(scaled) : mode === "ceil" ? Math.ceil(scaled) : mode === "truncate" ? Math.trunc(scaled) : Math.sign(scaled) * Math.round(Math.abs(scaled));
  return digits >= 0 ? r / f : r * f;
}

const rounding =
  (mode: "round" | "floor" | "ceil" | "truncate") =>
  (_rt: Runtime, self: RValue, args: RValue[]): Result => {
    arity(args, 0, 1);
    const n = numberValue(self)!;
    const digits = args.length ? toInt(args[0]) : 0;
    if (!isFloat(self)) return digits >= 0 ? n : roundTo(n, digits, mode);
    if (!Number.isFinite(n)) {
      if (digits > 0) return float(n);
      throw rubyError("FloatDomainError", formatFloat(n));
    }
    return digits > 0 ? float(roundTo(n, digits, mode)) : integer(roundTo(n, digits, mode), () => formatFloat(n));
  };

function ordinal(n: number): string {
  const abs = Math.abs(n);
  if ([11, 12, 13].includes(abs % 100)) return "th";
  return ({ 1: "st", 2: "nd", 3: "rd" } as Record<number, string>)[abs % 10] ?? "th";
}

function step(rt: Runtime, self: RValue, args: RValue[], block: RProc | null): Result {
  arity(args, 1, 2);
  if (!block) return enumeratorOf(self, "step", args);
  const from = numberValue(self)!;
  const to = args[0] === null ? Infinity : toNum(args[0], "Integer");
  const by = args.length > 1 ? toNum(args[1], "Integer") : 1;
  if (by === 0) throw rubyError("ArgumentError", "step can't be 0");
  const f = isFloat(self) || isFloat(args[0]) || isFloat(args[1] ?? null);
  if (f) {
    // Ruby steps Floats by index (from + i * by), so errors do not add up.
    const n = Math.floor((to - from) / by + 1e-9);
    for (let i = 0; i <= n; i++) rt.yield(block, [float(from + i * by)]);
  } else for (let i = from; by > 0 ? i <= to : i >= to; i += by) rt.yield(block, [i]);
  return self;
}

const bytes = (unit: number) => (_rt: Runtime, self: RValue) => integer(numberValue(self)! * unit, () => `${inspect(self)} bytes`);

/** Methods Integer and Float share. */
export const NUMERIC: Methods<RValue> = {
  "+": (rt, self, args) => (arity(args, 1), arithmetic(rt, self, "+", args[0])),
  "-": (rt, self, args) => (arity(args, 1), arithmetic(rt, self, "-", args[0])),
  "*": (rt, self, args) => (arity(args, 1), arithmetic(rt, self, "*", args[0])),
  "/": (rt, self, args) => (arity(args, 1), arithmetic(rt, self, "/", args[0])),
  "%": (rt, self, args) => (arity(args, 1), arithmetic(rt, self, "%", args[0])),
  modulo: (rt, self, args) => (arity(args, 1), arithmetic(rt, self, "%", args[0])),
  "**": (rt, self, args) => (arity(args, 1), arithmetic(rt, self, "**", args[0])),
  pow: (rt, self, args) => (arity(args, 1), arithmetic(rt, self, "**", args[0])),
  div: (rt, self, args) => {
    arity(args, 1);
    const b = toNum(args[0], typeName(self));
    if (b === 0) throw rubyError("ZeroDivisionError", "divided by 0");
    return integer(Math.floor(numberValue(self)! / b), () => "div");
  },
  fdiv: (_rt, self, args) => (arity(args, 1), float(numberValue(self)! / toNum(args[0], typeName(self)))),
  divmod: (rt, self, args) => {
    arity(args, 1);
    const q = NUMERIC.div(rt, self, args, null);
    return [q ?? null, arithmetic(rt, self, "%", args[0]) ?? null];
  },
  "-@": (_rt, self) => (isFloat(self) ? float(-numberValue(self)!) : -numberValue(self)!),
  "+@": (_rt, self) => self,
  abs: (_rt, self) => (isFloat(self) ? float(Math.abs(numberValue(self)!)) : Math.abs(numberValue(self)!)),
  magnitude: (rt, self, args) => NUMERIC.abs(rt, self, args, null),
  "<": (rt, self, args) => (arity(args, 1), comparison(rt, self, "<", args[0])),
  ">": (rt, self, args) => (arity(args, 1), comparison(rt, self, ">", args[0])),
  "<=": (rt, self, args) => (arity(args, 1), comparison(rt, self, "<=", args[0])),
  ">=": (rt, self, args) => (arity(args, 1), comparison(rt, self, ">=", args[0])),
  "<=>": (rt, self, args) => (arity(args, 1), spaceship(rt, self, args[0]) ?? null),
  "==": (_rt, self, args) => (arity(args, 1), numberValue(args[0]) === numberValue(self)),
  "===": (_rt, self, args) => (arity(args, 1), numberValue(args[0]) === numberValue(self)),
  "eql?": (_rt, self, args) => (arity(args, 1), isFloat(self) === isFloat(args[0]) && numberValue(args[0]) === numberValue(self)),
  "between?": (rt, self, args) => (arity(args, 2), comparison(rt, self, ">=", args[0]) === true && comparison(rt, self, "<=", args[1]) === true),
  clamp: (rt, self, args) => {
    arity(args, 1, 2);
    const [lo, hi] = args.length === 2 ? args : args[0] instanceof RRange ? [args[0].first, args[0].last] : [undefined, undefined];
    if (lo === undefined) throw rubyError("TypeError", `wrong argument type ${typeName(args[0])} (expected Range)`);
    if (lo !== null && comparison(rt, self, "<", lo) === true) return lo;
    if (hi !== null && hi !== undefined && comparison(rt, self, ">", hi) === true) return hi;
    return self;
  },
  "zero?": (_rt, self) => numberValue(self) === 0,
  "positive?": (_rt, self) => numberValue(self)! > 0,
  "negative?": (_rt, self) => numberValue(self)! < 0,
  "nonzero?": (_rt, self) => (numberValue(self) === 0 ? null : self),
  "finite?": (_rt, self) => Number.isFinite(numberValue(self)!),
  "infinite?": (_rt, self) => {
    const n = numberValue(self)!;
    return Number.isFinite(n) || Number.isNaN(n) ? null : n > 0 ? 1 : -1;
  },
  "integer?": (_rt, self) => !isFloat(self),
  to_i: (_rt, self) => integer(Math.trunc(numberValue(self)!), () => inspect(self)),
  to_int: (rt, self, args) => NUMERIC.to_i(rt, self, args, null),
  to_f: (_rt, self) => float(numberValue(self)!),
  round: rounding("round"),
  floor: rounding("floor"),
  ceil: rounding("ceil"),
  truncate: rounding("truncate"),
  step,
  coerce: () => undefined,
  // ActiveSupport: byte sizes are Integers; durations (`1.day`) are not modelled.
  byte: bytes(1),
  bytes: bytes(1),
  kilobyte: bytes(1024),
  kilobytes: bytes(1024),
  megabyte: bytes(1024 ** 2),
  megabytes: bytes(1024 ** 2),
  gigabyte: bytes(1024 ** 3),
  gigabytes: bytes(1024 ** 3),
};

export const INTEGER: Methods<number> = {
  to_s: (_rt, self, args) => {
    arity(args, 0, 1);
    const base = args.length ? toInt(args[0]) : 10;
    if (base < 2 || base > 36) throw rubyError("ArgumentError", `invalid radix ${base}`);
    return str(self.toString(base));
  },
  inspect: (_rt, self) => str(String(self)),
  "even?": (_rt, self) => self % 2 === 0,
  "odd?": (_rt, self) => Math.abs(self % 2) === 1,
  succ: (_rt, self) => integer(self + 1, () => "succ"),
  next: (_rt, self) => integer(self + 1, () => "next"),
  pred: (_rt, self) => integer(self - 1, () => "pred"),
  chr: (_rt, self) => {
    if (self < 0 || self > 255) throw rubyError("RangeError", `${self} out of char range`);
    return str(String.fromCharCode(self));
  },
  ord: (_rt, self) => self,
  digits: (_rt, self, args) => {
    const base = args.length ? toInt(args[0]) : 10;
    if (self < 0) throw rubyError("Math::DomainError", "out of domain");
    const out: number[] = [];
    let n = self;
    do {
      out.push(n % base);
      n = Math.floor(n / base);
    } while (n > 0);
    return out;
  },
  gcd: (_rt, self, args) => gcd(self, toInt(args[0])),
  lcm: (_rt, self, args) => {
    const b = toInt(args[0]);
    return self === 0 || b === 0 ? 0 : Math.abs((self / gcd(self, b)) * b);
  },
  "&": (_rt, self, args) => bitwise(self, args[0], (a, b) => a & b),
  "|": (_rt, self, args) => bitwise(self, args[0], (a, b) => a | b),
  "^": (_rt, self, args) => bitwise(self, args[0], (a, b) => a ^ b),
  "<<": (_rt, self, args) => integer(self * 2 ** toInt(args[0]), () => "<<"),
  ">>": (_rt, self, args) => Math.floor(self / 2 ** toInt(args[0])),
  "~": (_rt, self) => -self - 1,
  times: (rt, self, args, block) => {
    if (!block) return enumeratorOf(self, "times", args);
    for (let i = 0; i < self; i++) rt.yield(block, [i]);
    return self;
  },
  upto: (rt, self, args, block) => {
    arity(args, 1);
    if (!block) return enumeratorOf(self, "upto", args);
    const to = toNum(args[0], "Integer");
    for (let i = self; i <= to; i++) rt.yield(block, [i]);
    return self;
  },
  downto: (rt, self, args, block) => {
    arity(args, 1);
    if (!block) return enumeratorOf(self, "downto", args);
    const to = toNum(args[0], "Integer");
    for (let i = self; i >= to; i--) rt.yield(block, [i]);
    return self;
  },
  size: () => 8,
  ordinal: (_rt, self) => str(ordinal(self)),
  ordinalize: (_rt, self) => str(`${self}${ordinal(self)}`),
  "multiple_of?": (_rt, self, args) => {
    const n = toInt(args[0]);
    return n === 0 ? self === 0 : self % n === 0;
  },
};

export const FLOAT: Methods<RFloat> = {
  to_s: (_rt, self) => str(formatFloat(self.value)),
  inspect: (_rt, self) => str(formatFloat(self.value)),
  "nan?": (_rt, self) => Number.isNaN(self.value),
};

function gcd(a: number, b: number): number {
  a = Math.abs(a);
  b = Math.abs(b);
  while (b) [a, b] = [b, a % b];
  return a;
}

function bitwise(a: number, other: RValue | undefined, op: (a: number, b: number) => number): Result {
  const b = toInt(other);
  if (Math.abs(a) > 2 ** 31 - 1 || Math.abs(b) > 2 ** 31 - 1) return undefined;
  return op(a, b);
}
