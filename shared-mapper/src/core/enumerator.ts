/**
 * Ruby's Enumerator, as methods called without their block make one (`each_slice(2)`,
 * `map`, `each.with_index(1)`): its own `each`, `with_index`, `with_object` and `size`; the
 * rest is Enumerable over what it yields (`iterate.ts`).
 */
import { inspect } from "../ruby/print.js";
import { REnumerator } from "../ruby/values.js";
import { elementOf, enumeratorOf, nativeBlock } from "./iterate.js";
import { arity, str, toInt, type Methods } from "./runtime.js";

/** Enumerator: its own `each` and `with_index`; the rest is Enumerable over what it yields. */
export const ENUMERATOR: Methods<REnumerator> = {
  each: (rt, self, _a, block) => (block ? rt.send(self.receiver, self.method, self.args, block) : self),
  with_index: (rt, self, args, block) => {
    arity(args, 0, 1);
    if (!block) return enumeratorOf(self, "with_index", args);
    let i = args.length && args[0] !== null ? toInt(args[0]) : 0;
    return rt.send(self.receiver, self.method, self.args, nativeBlock((yielded) => rt.yield(block, [elementOf(yielded), i++])));
  },
  each_with_index: (rt, self, args, block) => ENUMERATOR.with_index(rt, self, [], block),
  with_object: (rt, self, args, block) => {
    arity(args, 1);
    if (!block) return enumeratorOf(self, "with_object", args);
    rt.send(self.receiver, self.method, self.args, nativeBlock((yielded) => rt.yield(block, [elementOf(yielded), args[0]])));
    return args[0];
  },
  size: (rt, self) => {
    const base = self.receiver;
    if (self.method === "times" && typeof base === "number") return Math.max(0, base);
    if (["each", "map", "each_with_index", "select", "reject", "filter_map", "flat_map", "with_index"].includes(self.method)) {
      return rt.send(base, "size", [], null);
    }
    return null;
  },
  next: () => undefined,
  rewind: () => undefined,
  inspect: (rt, self) => str(inspect(self, rt.ruby)),
  to_s: (rt, self) => str(inspect(self, rt.ruby)),
};

