/**
 * Ruby's Numeric, as Integer and Float share it, and Float's own methods (numeric.c: `fix_plus`…,
 * `flo_*`, `flodivmod`, `rb_cmperr`, `coerce_failed`; the rounding in `rounding.ts`). Integers
 * are exact at any size (`intMath.ts`); Integer division and modulo floor, as Ruby's do; a
 * Rational or Complex result is unknown, never approximated.
 */
import { formatFloat, inspect, typeName } from "../ruby/print.js";
import { RFloat, RHash, RObject, RSymbol, RUnknown, RValue, UnknownValueError, isFrozen, numberValue, stringValue } from "../ruby/values.js";
import * as I from "./intMath.js";
import { type Int, isInt } from "./intMath.js";
import { floatToInt, floorFloatDigits, floorInt, type HalfMode, roundFloat, roundFloatDigits, roundInt } from "./rounding.js";
import { arity, rubyError, str, toInt, type Methods, type Runtime } from "./runtime.js";
import { step } from "./step.js";
import { clamp as comparableClamp } from "./comparable.js";
import { coerceFailed, comparisonFailed } from "./numberErrors.js";

export const float = (n: number): RFloat => new RFloat(n);
const isFloat = (v: RValue | undefined): v is RFloat => v instanceof RFloat;
const isNumeric = (v: RValue | undefined): boolean => isInt(v) || isFloat(v);
const toF = (v: RValue): number => (v instanceof RFloat ? v.value : I.toFloat(v as Int));

/** An object of the files with its own `coerce` (`other.coerce(self)` gives [x, y], then `x op y`); else Ruby's TypeError. */
function coerced(rt: Runtime, self: RValue, op: string, other: RValue | undefined): RValue {
  if (other instanceof RUnknown) throw new UnknownValueError(other);
  if (other instanceof RObject && other.methods.has("coerce")) {
    const pair = rt.send(other, "coerce", [self], null);
    if (pair instanceof RUnknown) throw new UnknownValueError(pair);
    if (!Array.isArray(pair) || pair.length !== 2) throw rubyError("TypeError", "coerce must return [x, y]");
    return rt.send(pair[0], op, [pair[1]], null);
  }
  throw coerceFailed(other, self);
}

const rational = (self: RValue, op: string, other: RValue) => new RUnknown(`${inspect(self)} ${op} ${inspect(other)}`, false, "a Rational, which Routemap does not compute");
const complex = (self: RValue, op: string, other: RValue) => new RUnknown(`${inspect(self)} ${op} ${inspect(other)}`, false, "a Complex, which Routemap does not compute");

/** `flodivmod`: Ruby's Float division and modulo, the modulo with the divisor's sign, the quotient rounded. */
function floatDivmod(x: number, y: number): [number, number] {
  if (Number.isNaN(y)) return [y, y];
  if (y === 0) throw rubyError("ZeroDivisionError", "divided by 0");
  let mod = x === 0 || (!Number.isFinite(y) && Number.isFinite(x)) ? x : x % y;
  let div = !Number.isFinite(x) && Number.isFinite(y) ? x : (x - mod) / y;
  div = div < 0 ? -Math.round(-div) : Math.round(div);
  if (y * mod < 0) {
    mod += y;
    div -= 1;
  }
  return [div, mod];
}

function intBinary(rt: Runtime, a: Int, op: string, b: Int, self: RValue): RValue {
  switch (op) {
    case "+": return I.add(a, b);
    case "-": return I.sub(a, b);
    case "*": return I.mul(rt, a, b);
    case "/":
    case "div":
    case "%":
    case "modulo":
    case "remainder":
      if (I.isZero(b)) throw rubyError("ZeroDivisionError", "divided by 0");
      return op === "/" || op === "div" ? I.floorDiv(a, b) : op === "remainder" ? I.remainder(a, b) : I.floorMod(a, b);
    case "**": {
      if (I.sign(b) < 0) {
        if (I.isZero(a)) throw rubyError("ZeroDivisionError", "divided by 0");
        return a === 1 ? 1 : rational(self, "**", b);
      }
      if (I.isZero(b)) return 1;
      if (a === 0 || a === 1) return a;
      if (a === -1) return I.floorMod(b, 2) === 0 ? 1 : -1;
      if (typeof b === "bigint") return new RUnknown(`${inspect(self)} ** ${b}`, false, "an Integer power too large to compute");
      return I.pow(rt, a, b);
    }
  }
  throw new Error(op);
}

function floatBinary(x: number, op: string, y: number, self: RValue, other: RValue): RValue {
  switch (op) {
    case "+": return float(x + y);
    case "-": return float(x - y);
    case "*": return float(x * y);
    case "/": return float(x / y);
    case "%":
    case "modulo": return float(floatDivmod(x, y)[1]);
    case "div":
      if (y === 0) throw rubyError("ZeroDivisionError", "divided by 0");
      return floorOf(Math.floor(x / y));
    case "remainder": {
      const z = floatDivmod(x, y)[1];
      if (z !== 0 && ((x < 0 && y > 0) || (x > 0 && y < 0))) return float(Number.isFinite(y) ? z - y : x);
      return float(z);
    }
    case "**":
      // C's pow, where JavaScript's ** differs: 1 and -1 to any power, anything to 0.
      if (y === 0 || x === 1 || (x === -1 && !Number.isFinite(y))) return float(1);
      if (x < 0 && y !== Math.round(y)) return complex(self, "**", other);
      return float(x ** y);
  }
  throw new Error(op);
}

/** An integral double as an Integer; Infinity and NaN raise as Ruby's `floor`/`to_i` do. */
export function floorOf(x: number): Int {
  if (!Number.isFinite(x)) throw rubyError("FloatDomainError", formatFloat(x));
  return floatToInt(x);
}

/** `self op other` for Integer and Float operands, as Ruby's numeric operators. */
export function arithmetic(rt: Runtime, self: RValue, op: string, other: RValue | undefined): RValue {
  if (!isNumeric(other)) return coerced(rt, self, op, other);
  if (isInt(self) && isInt(other)) return intBinary(rt, self, op, other, self);
  return floatBinary(toF(self), op, toF(other!), self, other!);
}

/** `a + b` for `sum`: numbers add, anything else through its own `+`. */
export function addValues(rt: Runtime, a: RValue, b: RValue): RValue {
  if (isNumeric(a) && isNumeric(b)) return arithmetic(rt, a, "+", b);
  return rt.send(a, "+", [b], null);
}

/** `a <=> b` of two numbers, exactly; undefined if b is not a number or either is NaN. */
export function compareNumbers(a: RValue, b: RValue | undefined): number | undefined {
  if (isInt(a) && isInt(b)) return I.cmp(a, b);
  if (isInt(a) && isFloat(b)) return I.cmpFloat(a, b.value);
  if (isFloat(a) && isInt(b)) {
    const c = I.cmpFloat(b, a.value);
    return c === undefined ? undefined : -c;
  }
  if (isFloat(a) && isFloat(b)) return Number.isNaN(a.value) || Number.isNaN(b.value) ? undefined : Math.sign(a.value - b.value) || 0;
  return undefined;
}

function relation(rt: Runtime, self: RValue, op: string, other: RValue | undefined): RValue {
  if (!isNumeric(other)) {
    if (other instanceof RObject && other.methods.has("coerce")) return coerced(rt, self, op, other);
    if (other instanceof RUnknown) throw new UnknownValueError(other);
    throw comparisonFailed(self, other);
  }
  const c = compareNumbers(self, other);
  if (c === undefined) return false; // NaN compares false, never raises
  return op === "<" ? c < 0 : op === ">" ? c > 0 : op === "<=" ? c <= 0 : c >= 0;
}

function equals(rt: Runtime, self: RValue, other: RValue | undefined): RValue {
  if (isNumeric(other)) return compareNumbers(self, other) === 0;
  // Ruby asks the other side (`other == self`): an object of the files may say yes.
  if (other instanceof RObject) return rt.send(other, "==", [self], null);
  return false;
}

function roundingMode(args: RValue[]): HalfMode {
  const options = args[args.length - 1];
  if (!(options instanceof RHash)) return "up";
  for (const k of options.keys()) {
    if (!(k instanceof RSymbol) || k.name !== "half") throw rubyError("ArgumentError", `unknown keyword: ${inspect(k)}`);
  }
  const half = options.sget("half");
  if (half === null || half === undefined) return "up";
  const name = half instanceof RSymbol ? half.name : stringValue(half);
  const mode = name?.toLowerCase();
  if (mode === "up" || mode === "down" || mode === "even") return mode;
  throw rubyError("ArgumentError", `invalid rounding mode: ${name ?? inspect(half)}`);
}

/** The digits argument of round/floor/ceil/truncate (`NUM2INT`). */
function digitsArg(args: RValue[]): number | undefined {
  const positional = args[args.length - 1] instanceof RHash ? args.slice(0, -1) : args;
  arity(positional, 0, 1);
  if (!positional.length) return undefined;
  if (positional[0] === null) throw rubyError("TypeError", "no implicit conversion from nil to integer");
  return toInt(positional[0]);
}

type How = "round" | "floor" | "ceil" | "truncate";

function roundInteger(self: Int, args: RValue[], how: How): RValue {
  const nd = digitsArg(args);
  if (nd === undefined) return self;
  const mode = how === "round" ? roundingMode(args) : "up";
  if (nd >= 0) return self;
  return how === "round" ? roundInt(self, nd, mode) : floorInt(self, nd, how);
}

function roundFloatValue(x: number, args: RValue[], how: How): RValue {
  const nd = digitsArg(args) ?? 0;
  const mode = how === "round" ? roundingMode(args) : "up";
  if (how === "truncate") return roundFloatValue(x, args, Object.is(x, -0) || x < 0 ? "ceil" : "floor");
  if (x === 0) return nd > 0 ? float(x) : 0;
  if (nd > 0) {
    if (how === "round") return float(roundFloatDigits(x, nd, mode));
    return Number.isFinite(x) ? float(floorFloatDigits(x, nd, how === "ceil")) : float(x);
  }
  if (how === "round") {
    if (nd < 0) return roundInt(floorOf(Math.trunc(x)), nd, mode);
    return floorOf(roundFloat(x, mode));
  }
  const whole = floorOf(how === "floor" ? Math.floor(x) : Math.ceil(x));
  return nd < 0 ? floorInt(whole, nd, how) : whole;
}

const rounding =
  (how: How) =>
  (_rt: Runtime, self: RValue, args: RValue[]): RValue =>
    isFloat(self) ? roundFloatValue(self.value, args, how) : roundInteger(self as Int, args, how);

function divmod(rt: Runtime, self: RValue, other: RValue | undefined): RValue {
  if (!isNumeric(other)) return coerced(rt, self, "divmod", other);
  if (isInt(self) && isInt(other)) {
    if (I.isZero(other)) throw rubyError("ZeroDivisionError", "divided by 0");
    return [I.floorDiv(self, other), I.floorMod(self, other)];
  }
  const [div, mod] = floatDivmod(toF(self), toF(other!));
  return [floorOf(div), float(mod)];
}

const binary = (op: string) => (rt: Runtime, self: RValue, args: RValue[]) => (arity(args, 1), arithmetic(rt, self, op, args[0]));
const relational = (op: string) => (rt: Runtime, self: RValue, args: RValue[]) => (arity(args, 1), relation(rt, self, op, args[0]));

/** Comparable#clamp as Integer and Float inherit it, over their own `<=>` (an Integer past 2**53 included). */
function clamp(rt: Runtime, self: RValue, args: RValue[]): RValue {
  return comparableClamp(self, args, (a, b) => {
    const r = rt.send(a, "<=>", [b], null);
    if (r instanceof RUnknown) throw new UnknownValueError(r);
    if (r === null) throw comparisonFailed(a, b);
    return numberValue(r)!;
  });
}

const sizeOf = (unit: number) => (rt: Runtime, self: RValue) => arithmetic(rt, self, "*", unit);

/** Methods Integer and Float share. */
export const NUMERIC: Methods<RValue> = {
  "+": binary("+"),
  "-": binary("-"),
  "*": binary("*"),
  "/": binary("/"),
  "%": binary("%"),
  modulo: binary("%"),
  "**": binary("**"),
  div: binary("div"),
  remainder: binary("remainder"),
  fdiv: (rt, self, args) => {
    arity(args, 1);
    if (!isNumeric(args[0])) return coerced(rt, self, "fdiv", args[0]);
    return float(toF(self) / toF(args[0]));
  },
  divmod: (rt, self, args) => (arity(args, 1), divmod(rt, self, args[0])),
  "-@": (_rt, self) => (isFloat(self) ? float(-self.value) : I.neg(self as Int)),
  "+@": (_rt, self) => self,
  abs: (_rt, self) => (isFloat(self) ? float(Math.abs(self.value)) : I.abs(self as Int)),
  magnitude: (_rt, self) => (isFloat(self) ? float(Math.abs(self.value)) : I.abs(self as Int)),
  "<": relational("<"),
  ">": relational(">"),
  "<=": relational("<="),
  ">=": relational(">="),
  "<=>": (_rt, self, args) => (arity(args, 1), compareNumbers(self, args[0]) ?? null),
  "==": (rt, self, args) => (arity(args, 1), equals(rt, self, args[0])),
  "===": (rt, self, args) => (arity(args, 1), equals(rt, self, args[0])),
  "eql?": (_rt, self, args) => (arity(args, 1), isFloat(self) === isFloat(args[0]) && isNumeric(args[0]) && compareNumbers(self, args[0]) === 0),
  "equal?": (_rt, self, args) => {
    arity(args, 1);
    if (!isFloat(self)) return self === args[0];
    // Floats Ruby keeps in the reference itself (flonums) are one object per value; others are objects of their own.
    const v = self.value;
    const flonum = (v === 0 && !Object.is(v, -0)) || (Math.abs(v) > 1.7e-77 && Math.abs(v) < 1.15e77);
    return self === args[0] || (flonum && isFloat(args[0]) && Object.is(args[0].value, v));
  },
  "between?": (rt, self, args) => (arity(args, 2), relation(rt, self, ">=", args[0]) === true && relation(rt, self, "<=", args[1]) === true),
  clamp,
  "zero?": (_rt, self) => numberValue(self) === 0,
  "positive?": (_rt, self) => (isFloat(self) ? self.value > 0 : I.sign(self as Int) > 0),
  "negative?": (_rt, self) => (isFloat(self) ? self.value < 0 : I.sign(self as Int) < 0),
  "nonzero?": (_rt, self) => (numberValue(self) === 0 ? null : self),
  "finite?": (_rt, self) => !isFloat(self) || Number.isFinite(self.value),
  "infinite?": (_rt, self) => (!isFloat(self) || Number.isFinite(self.value) || Number.isNaN(self.value) ? null : self.value > 0 ? 1 : -1),
  "integer?": (_rt, self) => !isFloat(self),
  "real?": () => true,
  to_i: (_rt, self) => (isFloat(self) ? floorOf(Math.trunc(self.value)) : self),
  to_int: (_rt, self) => (isFloat(self) ? floorOf(Math.trunc(self.value)) : self),
  to_f: (_rt, self) => float(toF(self)),
  round: rounding("round"),
  floor: rounding("floor"),
  ceil: rounding("ceil"),
  truncate: rounding("truncate"),
  step,
  coerce: (_rt, self, args) => {
    arity(args, 1);
    const other = args[0];
    if (isInt(self) && isInt(other)) return [other, self];
    if (isNumeric(other)) return [float(toF(other!)), float(toF(self))];
    const s = stringValue(other);
    if (s !== undefined && /^\s*[-+]?\d+(\.\d+)?([eE][-+]?\d+)?\s*$/.test(s)) return [float(Number(s)), float(toF(self))];
    throw rubyError(other === null ? "TypeError" : "ArgumentError", other === null ? "can't convert nil into Float" : `invalid value for Float(): ${inspect(other)}`);
  },
  dup: (_rt, self) => self,
  clone: (_rt, self, args) => {
    const freeze = args[0] instanceof RHash ? args[0].sget("freeze") : undefined;
    if (freeze === false) throw rubyError("ArgumentError", `can't unfreeze ${typeName(self)}`);
    return self;
  },
  "frozen?": (_rt, self) => isFrozen(self),
  // ActiveSupport's byte sizes (numeric/bytes.rb): self times the unit, an Integer or a Float as self is.
  byte: sizeOf(1),
  bytes: sizeOf(1),
  kilobyte: sizeOf(1024),
  kilobytes: sizeOf(1024),
  megabyte: sizeOf(1024 ** 2),
  megabytes: sizeOf(1024 ** 2),
  gigabyte: sizeOf(1024 ** 3),
  gigabytes: sizeOf(1024 ** 3),
  terabyte: sizeOf(1024 ** 4),
  terabytes: sizeOf(1024 ** 4),
  petabyte: sizeOf(1024 ** 5),
  petabytes: sizeOf(1024 ** 5),
  exabyte: (rt, self) => arithmetic(rt, self, "*", 1024n ** 6n),
  exabytes: (rt, self) => arithmetic(rt, self, "*", 1024n ** 6n),
};

/** The next or previous double (Float#next_float, #prev_float). */
function nextFloat(x: number, up: boolean): number {
  if (Number.isNaN(x) || x === (up ? Infinity : -Infinity)) return x;
  if (x === 0) return up ? Number.MIN_VALUE : -Number.MIN_VALUE;
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, x);
  const bits = view.getBigUint64(0);
  view.setBigUint64(0, x > 0 === up ? bits + 1n : bits - 1n);
  return view.getFloat64(0);
}

export const FLOAT: Methods<RFloat> = {
  to_s: (_rt, self) => str(formatFloat(self.value)),
  inspect: (_rt, self) => str(formatFloat(self.value)),
  "nan?": (_rt, self) => Number.isNaN(self.value),
  next_float: (_rt, self) => float(nextFloat(self.value, true)),
  prev_float: (_rt, self) => float(nextFloat(self.value, false)),
};
