/**
 * Ruby's Comparable over `<=>` (compar.c, Ruby 3.1): what String and Symbol get from it
 * (Integer and Float have their own operators), and what the classes of the files that
 * include it get (the evaluator hands their `<`, `clamp`… here). `<=>` giving nil raises
 * "comparison of A with B failed", except in `==`, which is then false.
 */
import { RRange, RUnknown, RValue, UnknownValueError, requal } from "../ruby/values.js";
import { typeName } from "../ruby/print.js";
import { compare } from "./compare.js";
import { arity, rubyError, type Methods } from "./runtime.js";

export const COMPARABLE: Methods<RValue> = {
  "<": (rt, self, args) => (arity(args, 1), compare(rt, self, args[0]) < 0),
  ">": (rt, self, args) => (arity(args, 1), compare(rt, self, args[0]) > 0),
  "<=": (rt, self, args) => (arity(args, 1), compare(rt, self, args[0]) <= 0),
  ">=": (rt, self, args) => (arity(args, 1), compare(rt, self, args[0]) >= 0),
  "==": (rt, self, args) => {
    arity(args, 1);
    if (self === args[0]) return true;
    if (typeof self !== "object" || self === null || !("methods" in self)) return requal(self, args[0]);
    const c = rt.send(self, "<=>", args, null);
    if (c instanceof RUnknown) throw new UnknownValueError(c);
    return c === 0;
  },
  "between?": (rt, self, args) => (arity(args, 2), compare(rt, self, args[0]) >= 0 && compare(rt, self, args[1]) <= 0),
  clamp: (rt, self, args) => clamp(self, args, (a, b) => compare(rt, a, b)),
};

/** Comparable#clamp (compar.c, 3.1's messages), over the receiver's own ordering (Integer and Float have theirs). */
export function clamp(self: RValue, args: RValue[], order: (a: RValue, b: RValue) => number): RValue {
  arity(args, 1, 2);
  let [lo, hi] = args;
  if (args.length === 1) {
    if (!(lo instanceof RRange)) throw rubyError("TypeError", `wrong argument type ${typeName(lo)} (expected Range)`);
    if (lo.exclusive && lo.last !== null) throw rubyError("ArgumentError", "cannot clamp with an exclusive range");
    [lo, hi] = [lo.first, lo.last];
  }
  if (lo !== null && hi !== null && order(lo, hi) > 0) throw rubyError("ArgumentError", "min argument must be smaller than max argument");
  if (lo !== null && order(self, lo) < 0) return lo;
  if (hi !== null && order(self, hi) > 0) return hi;
  return self;
}
