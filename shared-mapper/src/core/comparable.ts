/**
 * Ruby's Comparable over `<=>`: what String and Symbol get from it (Integer and Float have
 * their own operators), and the classes of the files that include it.
 */
import { RRange, RValue } from "../ruby/values.js";
import { compare } from "./compare.js";
import { arity, rubyError, type Methods } from "./runtime.js";

export const COMPARABLE: Methods<RValue> = {
  "<": (rt, self, args) => (arity(args, 1), compare(rt, self, args[0]) < 0),
  ">": (rt, self, args) => (arity(args, 1), compare(rt, self, args[0]) > 0),
  "<=": (rt, self, args) => (arity(args, 1), compare(rt, self, args[0]) <= 0),
  ">=": (rt, self, args) => (arity(args, 1), compare(rt, self, args[0]) >= 0),
  "between?": (rt, self, args) => (arity(args, 2), compare(rt, self, args[0]) >= 0 && compare(rt, self, args[1]) <= 0),
  clamp: (rt, self, args) => {
    arity(args, 1, 2);
    let [lo, hi] = args;
    if (args.length === 1) {
      if (!(lo instanceof RRange)) throw rubyError("TypeError", "wrong argument type (expected Range)");
      [lo, hi] = [lo.first, lo.last];
    }
    if (lo !== null && hi !== null && compare(rt, lo, hi) > 0) throw rubyError("ArgumentError", "min argument must be less than or equal to max argument");
    if (lo !== null && compare(rt, self, lo) < 0) return lo;
    if (hi !== null && compare(rt, self, hi) > 0) return hi;
    return self;
  },
};
