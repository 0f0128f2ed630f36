/**
 * Integer's own methods (numeric.c `int_*`/`fix_*`, bignum.c), exact at any size, and
 * ActiveSupport's Integer extensions (core_ext/integer/inflections.rb `ordinalize`,
 * multiple.rb `multiple_of?`; inflector/methods.rb `ordinal`).
 */
import { inspect } from "../ruby/print.js";
import { RProc, RUnknown, RValue, UnknownValueError, truthy } from "../ruby/values.js";
import * as I from "./intMath.js";
import { type Int, isInt } from "./intMath.js";
import { enumeratorOf } from "./iterate.js";
import { coerceFailed } from "./numberErrors.js";
import { arity, rubyError, str, toInt, type Methods, type Result, type Runtime } from "./runtime.js";

/** An Integer argument where Ruby takes no other (`gcd`): "not an integer" otherwise. */
function integerArg(v: RValue | undefined): Int {
  if (isInt(v)) return v;
  if (v instanceof RUnknown) throw new UnknownValueError(v);
  throw rubyError("TypeError", "not an integer");
}

/** The other operand of a bit operation: an Integer, or Ruby's coerce error. */
function bitsArg(self: Int, v: RValue | undefined): Int {
  if (isInt(v)) return v;
  if (v instanceof RUnknown) throw new UnknownValueError(v);
  throw coerceFailed(v, self);
}

/** A shift or bit index: a bigint one is beyond any evaluation's budget. */
function smallArg(v: RValue | undefined): number {
  if (typeof v === "bigint") throw new UnknownValueError(new RUnknown(String(v), false, "a shift too large to compute"));
  return toInt(v);
}

function ordinal(n: Int): string {
  const abs = I.abs(n);
  const mod100 = Number(I.floorMod(abs, 100));
  if (mod100 >= 11 && mod100 <= 13) return "th";
  return ({ 1: "st", 2: "nd", 3: "rd" } as Record<number, string>)[mod100 % 10] ?? "th";
}

function digits(rt: Runtime, self: Int, args: RValue[]): RValue {
  arity(args, 0, 1);
  const base = args.length ? toInt(args[0]) : 10;
  if (base < 0) throw rubyError("ArgumentError", "negative radix");
  if (base < 2) throw rubyError("ArgumentError", `invalid radix ${base}`);
  if (I.sign(self) < 0) throw rubyError("Math::DomainError", "out of domain");
  const out: Int[] = [];
  let n: Int = self;
  do {
    out.push(I.floorMod(n, base));
    n = I.floorDiv(n, base);
  } while (!I.isZero(n));
  rt.alloc(out.length);
  return out;
}

/** `from.upto(to)` / `downto`: each Integer until it passes the limit, compared as Ruby compares (`>`, `<`). */
function count(rt: Runtime, self: Int, args: RValue[], block: RProc | null, name: "upto" | "downto"): Result {
  arity(args, 1);
  if (!block) return enumeratorOf(self, name, args);
  const to = args[0];
  const up = name === "upto";
  if (isInt(to)) {
    for (let i: Int = self; up ? I.cmp(i, to) <= 0 : I.cmp(i, to) >= 0; i = up ? I.add(i, 1) : I.sub(i, 1)) rt.yield(block, [i]);
    return self;
  }
  for (let i: Int = self; ; i = up ? I.add(i, 1) : I.sub(i, 1)) {
    const past = rt.send(i, up ? ">" : "<", [to], null);
    if (past instanceof RUnknown) throw new UnknownValueError(past);
    if (truthy(past)) break;
    rt.yield(block, [i]);
  }
  return self;
}

export const INTEGER: Methods<Int> = {
  to_s: (rt, self, args) => {
    arity(args, 0, 1);
    const base = args.length ? toInt(args[0]) : 10;
    if (base < 2 || base > 36) throw rubyError("ArgumentError", `invalid radix ${base}`);
    return str(I.toString(rt, self, base));
  },
  inspect: (rt, self) => str(I.toString(rt, self, 10)),
  "even?": (_rt, self) => I.floorMod(self, 2) === 0,
  "odd?": (_rt, self) => I.floorMod(self, 2) === 1,
  succ: (_rt, self) => I.add(self, 1),
  next: (_rt, self) => I.add(self, 1),
  pred: (_rt, self) => I.sub(self, 1),
  chr: (_rt, self, args) => {
    if (args.length) return undefined; // an encoding: not modelled
    if (I.sign(self) < 0 || I.cmp(self, 255) > 0) throw rubyError("RangeError", `${self} out of char range`);
    // 128..255 make a binary (ASCII-8BIT) String, which Routemap's Strings cannot say.
    return (self as number) < 128 ? str(String.fromCharCode(self as number)) : undefined;
  },
  ord: (_rt, self) => self,
  digits: (rt, self, args) => digits(rt, self, args),
  gcd: (_rt, self, args) => (arity(args, 1), I.gcd(self, integerArg(args[0]))),
  lcm: (rt, self, args) => (arity(args, 1), I.lcm(rt, self, integerArg(args[0]))),
  gcdlcm: (rt, self, args) => {
    arity(args, 1);
    const b = integerArg(args[0]);
    return [I.gcd(self, b), I.lcm(rt, self, b)];
  },
  "&": (_rt, self, args) => (arity(args, 1), I.bitwise(self, bitsArg(self, args[0]), "&")),
  "|": (_rt, self, args) => (arity(args, 1), I.bitwise(self, bitsArg(self, args[0]), "|")),
  "^": (_rt, self, args) => (arity(args, 1), I.bitwise(self, bitsArg(self, args[0]), "^")),
  "~": (_rt, self) => I.sub(I.neg(self), 1),
  "<<": (rt, self, args) => (arity(args, 1), I.shiftLeft(rt, self, smallArg(bitsArg(self, args[0])))),
  ">>": (rt, self, args) => (arity(args, 1), I.shiftLeft(rt, self, -smallArg(bitsArg(self, args[0])))),
  "[]": (_rt, self, args) => {
    if (args.length !== 1 || !isInt(args[0])) return undefined; // ranges of bits: not modelled
    return typeof args[0] === "bigint" ? (I.sign(args[0]) < 0 ? 0 : I.sign(self) < 0 ? 1 : 0) : I.bitAt(self, args[0]);
  },
  bit_length: (_rt, self) => I.rubyBitLength(self),
  "allbits?": (_rt, self, args) => (arity(args, 1), I.bitwise(self, bitsArg(self, args[0]), "&") === args[0]),
  "anybits?": (_rt, self, args) => (arity(args, 1), I.bitwise(self, bitsArg(self, args[0]), "&") !== 0),
  "nobits?": (_rt, self, args) => (arity(args, 1), I.bitwise(self, bitsArg(self, args[0]), "&") === 0),
  pow: (rt, self, args) => {
    arity(args, 1, 2);
    if (args.length === 1) return rt.send(self, "**", args, null);
    const [b, m] = args;
    if (!isInt(b) || !isInt(m)) throw rubyError("TypeError", "Integer#pow() 2nd argument not allowed unless all arguments are integers");
    if (I.sign(b) < 0) throw rubyError("RangeError", "Integer#pow() 1st argument cannot be negative when 2nd argument specified");
    if (I.isZero(m)) throw rubyError("ZeroDivisionError", "divided by 0");
    return I.powMod(rt, self, b, m);
  },
  size: (_rt, self) => (typeof self === "number" ? 8 : Math.ceil(I.bitLength(self) / 64) * 8),
  times: (rt, self, args, block) => {
    arity(args, 0);
    if (!block) return enumeratorOf(self, "times", args);
    for (let i: Int = 0; I.cmp(i, self) < 0; i = I.add(i, 1)) rt.yield(block, [i]);
    return self;
  },
  upto: (rt, self, args, block) => count(rt, self, args, block, "upto"),
  downto: (rt, self, args, block) => count(rt, self, args, block, "downto"),
  numerator: (_rt, self) => self,
  denominator: () => 1,
  ordinal: (_rt, self) => str(ordinal(self)),
  ordinalize: (_rt, self) => str(`${self}${ordinal(self)}`),
  "multiple_of?": (_rt, self, args) => {
    arity(args, 1);
    const n = args[0];
    if (!isInt(n)) throw rubyError("TypeError", `${inspect(n)} can't be coerced into Integer`);
    return I.isZero(n) ? I.isZero(self) : I.isZero(I.floorMod(self, n));
  },
};
