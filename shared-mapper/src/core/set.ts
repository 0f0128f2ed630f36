/** Ruby's Set (`require "set"`): insertion-ordered members compared with `eql?`. */
import { inspect } from "../ruby/print.js";
import { RSet, RValue, reql, requal } from "../ruby/values.js";
import { ENUMERABLE } from "./enumerable.js";
import { elementOf, enumeratorOf, iterate, toArray } from "./iterate.js";
import { arity, str, type Methods, type Runtime } from "./runtime.js";

export const SET: Methods<RSet> = {
  add: (_rt, self, args) => (arity(args, 1), self.add(args[0]), self),
  "<<": (_rt, self, args) => (arity(args, 1), self.add(args[0]), self),
  "add?": (_rt, self, args) => (self.add(args[0]) ? self : null),
  "include?": (_rt, self, args) => self.has(args[0] ?? null),
  "member?": (_rt, self, args) => self.has(args[0] ?? null),
  "===": (_rt, self, args) => self.has(args[0] ?? null),
  delete: (_rt, self, args) => {
    const i = self.items.findIndex((x) => reql(x, args[0] ?? null));
    if (i >= 0) self.items.splice(i, 1);
    return self;
  },
  size: (_rt, self) => self.items.length,
  length: (_rt, self) => self.items.length,
  count: (rt, self, args, block) => (args.length || block ? ENUMERABLE.count(rt, self, args, block) : self.items.length),
  "empty?": (_rt, self) => self.items.length === 0,
  to_a: (_rt, self) => [...self.items],
  to_set: (_rt, self) => self,
  each: (rt, self, args, block) => {
    if (!block) return enumeratorOf(self, "each", args);
    for (const v of [...self.items]) rt.yield(block, [v]);
    return self;
  },
  merge: (rt, self, args) => {
    for (const a of args) iterate(rt, a, (y) => self.add(elementOf(y)));
    return self;
  },
  "|": (rt, self, args) => setOf(rt, [...self.items, ...toArray(rt, args[0] ?? null)]),
  union: (rt, self, args) => setOf(rt, [...self.items, ...toArray(rt, args[0] ?? null)]),
  "+": (rt, self, args) => setOf(rt, [...self.items, ...toArray(rt, args[0] ?? null)]),
  "&": (rt, self, args) => setOf(rt, toArray(rt, args[0] ?? null).filter((v) => self.has(v))),
  intersection: (rt, self, args) => setOf(rt, toArray(rt, args[0] ?? null).filter((v) => self.has(v))),
  "-": (rt, self, args) => {
    const other = setOf(rt, toArray(rt, args[0] ?? null));
    return setOf(rt, self.items.filter((v) => !other.has(v)));
  },
  difference: (rt, self, args) => SET["-"](rt, self, args, null),
  "subset?": (rt, self, args) => self.items.every((v) => setOf(rt, toArray(rt, args[0] ?? null)).has(v)),
  "superset?": (rt, self, args) => toArray(rt, args[0] ?? null).every((v) => self.has(v)),
  "==": (_rt, self, args) => requal(self, args[0] ?? null),
  inspect: (rt, self) => str(inspect(self, rt.ruby)),
  to_s: (rt, self) => str(inspect(self, rt.ruby)),
};

export function setOf(rt: Runtime, items: RValue[]): RSet {
  const s = new RSet();
  rt.charge(items.length);
  for (const v of items) s.add(v);
  return s;
}

