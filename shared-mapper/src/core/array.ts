/**
 * Ruby's Array (array.c): reference and assignment (`arrayIndex.ts`), changes in place with
 * their FrozenError and their nil when nothing changed, and what makes new arrays
 * (`arrayOps.ts`); ActiveSupport's additions are `arraySupport.ts`. Enumerable's methods
 * (`enumerable.ts`) come after these; Array's own come first where Ruby's differ (its `each`
 * returns self and sees elements the block appends, its `index` has its own name…).
 */
import { typeName } from "../ruby/print.js";
import { RFloat, RProc, RSymbol, RValue, isFrozen, reql, requal, stringValue } from "../ruby/values.js";
import { compare } from "./compare.js";
import { assign, element, fill, index, sliceOut, valuesAt } from "./arrayIndex.js";
import {
  and, arrayArg, bsearch, cmp, combinatorics, flatten, join, minus, or, product, replaceAll, rotate, sameElements, separator, transpose,
} from "./arrayOps.js";
import { ARRAY_SUPPORT } from "./arraySupport.js";
import { ENUMERABLE, toHash, uniqBy } from "./enumerable.js";
import { zip } from "./enumerableSlices.js";
import { decided, enumeratorOf, growTo, inspected, isArrayValue, someOf, truthy } from "./iterate.js";
import { arity, checkFrozen, rubyError, str, type Method, type Methods, type Result, type Runtime } from "./runtime.js";

type A = RValue[];

/** Before changing an array: Ruby's FrozenError for a frozen one, and the budget for what it grows to. */
function changing(rt: Runtime, a: A, grow = 0): A {
  checkFrozen(rt, a);
  if (grow === 1) growTo(rt, a.length + 1);
  else if (grow) rt.alloc(a.length + grow);
  return a;
}

/** A method that yields each element and gives an Enumerator without a block. */
const withBlock =
  (name: string, fn: (rt: Runtime, self: A, block: RProc) => Result): Method<A> =>
  (rt, self, args, block) => {
    arity(args, 0);
    return block ? fn(rt, self, block) : enumeratorOf(self, name, args);
  };

/** `select!`/`keep_if` (keep) and `reject!`/`delete_if`: nil from the `!` forms when nothing changed. */
function keepIf(rt: Runtime, self: A, block: RProc, keep: boolean, nilIfSame: boolean): Result {
  changing(rt, self);
  const kept = self.filter((v) => truthy(rt.yield(block, [v])) === keep);
  if (kept.length === self.length) return nilIfSame ? null : self;
  replaceAll(self, kept);
  return self;
}

/** A bang method's change: the array made to hold `next`, or nil when it already did. */
function changeTo(self: A, next: A): Result {
  if (sameElements(self, next)) return null;
  replaceAll(self, next);
  return self;
}

const steps = (a: A) => a.map((v) => [v]);

function first(self: A, args: RValue[], last: boolean): RValue {
  arity(args, 0, 1);
  if (!args.length) return (last ? self[self.length - 1] : self[0]) ?? null;
  const n = index(args[0]);
  if (n < 0) throw rubyError("ArgumentError", "negative array size");
  return last ? (n === 0 ? [] : self.slice(-n)) : self.slice(0, n);
}

function takeOff(rt: Runtime, self: A, args: RValue[], fromEnd: boolean): RValue {
  arity(args, 0, 1);
  changing(rt, self);
  if (!args.length) return (fromEnd ? self.pop() : self.shift()) ?? null;
  const n = index(args[0]);
  if (n < 0) throw rubyError("ArgumentError", "negative array size");
  return fromEnd ? self.splice(Math.max(0, self.length - n)) : self.splice(0, n);
}

function insert(rt: Runtime, self: A, args: RValue[]): A {
  if (args.length < 1) throw rubyError("ArgumentError", "wrong number of arguments (given 0, expected 1+)");
  changing(rt, self, args.length - 1);
  const given = index(args[0]);
  if (args.length === 1) return self;
  const at = given < 0 ? given + self.length + 1 : given;
  if (at < 0) throw rubyError("IndexError", `index ${given} too small for array; minimum: -${self.length + 1}`);
  const items = args.slice(1);
  while (self.length < at) self.push(null);
  const tail = self.splice(at);
  for (const v of items) self.push(v);
  for (const v of tail) self.push(v);
  return self;
}

function deleteAll(rt: Runtime, self: A, args: RValue[], block: RProc | null): RValue {
  arity(args, 1);
  let found: RValue | undefined;
  const kept = self.filter((v) => {
    if (!requal(v, args[0])) return true;
    found = v;
    return false;
  });
  if (found === undefined) return block ? rt.yield(block, [args[0]]) : null;
  replaceAll(changing(rt, self), kept);
  return found;
}

function count(rt: Runtime, self: A, args: RValue[], block: RProc | null): number {
  arity(args, 0, 1);
  if (args.length) return self.filter((v) => requal(v, args[0])).length;

  if (!block) return self.length;
  return self.filter((v) => truthy(rt.yield(block, [v]))).length;
}

function position(rt: Runtime, self: A, args: RValue[], block: RProc | null, name: string, last: boolean): RValue {
  arity(args, 0, 1);
  if (!args.length && !block) return enumeratorOf(self, name, args);
  const hit = (v: RValue) => (args.length ? requal(v, args[0]) : truthy(rt.yield(block!, [v])));
  if (last) {
    for (let i = self.length - 1; i >= 0; i--) if (i < self.length && hit(self[i])) return i;
  } else for (let i = 0; i < self.length; i++) if (hit(self[i])) return i;
  return null;
}

/** `dig`: the element, then `dig` on it with the rest (Ruby's TypeError where it has no `dig`). */
function dig(rt: Runtime, self: A, args: RValue[]): RValue {
  if (!args.length) throw rubyError("ArgumentError", "wrong number of arguments (given 0, expected 1+)");
  const found = element(self, [args[0]]);
  if (args.length === 1 || found === null) return found;
  return digInto(rt, found, args.slice(1));
}

/** `found.dig(*rest)`, or Ruby's TypeError for a core value that has no `dig`. */
export function digInto(rt: Runtime, found: RValue, rest: RValue[]): RValue {
  const respond = rt.send(found, "respond_to?", [str("dig")], null);
  if (respond === false) throw rubyError("TypeError", `${typeName(found)} does not have #dig method`);
  return rt.send(found, "dig", rest, null);
}

/** Values Ruby keeps in the pointer itself (nil, true, false, Integers, Floats, Symbols). */
const immediate = (v: RValue) => v === null || typeof v === "boolean" || typeof v === "number" || v instanceof RFloat || v instanceof RSymbol;

/**
 * Array#min/max without a block (array.c): each element against the best so far; where both
 * are immediates Ruby's specialised loop asks the best so far, so a failing pair is named in
 * that order.
 */
function extreme(rt: Runtime, self: A, args: RValue[], block: RProc | null, sign: number): RValue {
  if (block || args.length) return (sign > 0 ? ENUMERABLE.max : ENUMERABLE.min)(rt, self, args, block) as RValue;
  let best: RValue | undefined;
  for (const v of self) {
    if (best === undefined) {
      best = v;
      continue;
    }
    const better = immediate(v) && immediate(best) ? sign * compare(rt, best, v) < 0 : sign * compare(rt, v, best) > 0;
    if (better) best = v;
  }
  return best ?? null;
}

/** `sample`/`shuffle`: random in Ruby; Routemap knows the answer only where chance has no choice. */
function sample(self: A, args: RValue[]): Result {
  arity(args, 0, 1);
  if (!args.length) return self.length <= 1 ? self[0] ?? null : undefined;
  const n = index(args[0]);
  if (n < 0) throw rubyError("ArgumentError", "negative sample number");
  return n === 0 || self.length === 0 ? [] : self.length === 1 ? [self[0]] : undefined;
}

export const ARRAY: Methods<A> = {
  ...ARRAY_SUPPORT,
  each: withBlock("each", (rt, self, block) => {
    for (let i = 0; i < self.length; i++) rt.yield(block, [self[i]]);
    return self;
  }),
  each_index: withBlock("each_index", (rt, self, block) => {
    for (let i = 0; i < self.length; i++) rt.yield(block, [i]);
    return self;
  }),
  reverse_each: withBlock("reverse_each", (rt, self, block) => {
    for (let i = self.length - 1; i >= 0; i--) if (i < self.length) rt.yield(block, [self[i]]);
    return self;
  }),
  map: withBlock("map", (rt, self, block) => self.map((v) => rt.yield(block, [v]))),
  collect: withBlock("collect", (rt, self, block) => self.map((v) => rt.yield(block, [v]))),
  select: withBlock("select", (rt, self, block) => self.filter((v) => truthy(rt.yield(block, [v])))),
  filter: withBlock("filter", (rt, self, block) => self.filter((v) => truthy(rt.yield(block, [v])))),
  reject: withBlock("reject", (rt, self, block) => self.filter((v) => !truthy(rt.yield(block, [v])))),
  "[]": (_rt, self, args) => element(self, args),
  slice: (_rt, self, args) => element(self, args),
  at: (_rt, self, args) => (arity(args, 1), element(self, [index(args[0])])),
  values_at: (_rt, self, args) => valuesAt(self, args),
  dig: (rt, self, args) => dig(rt, self, args),
  fetch: (rt, self, args, block) => {
    arity(args, 1, 2);
    const i = index(args[0]);
    const at = i < 0 ? i + self.length : i;
    if (at >= 0 && at < self.length) return self[at];
    if (block) return rt.yield(block, [args[0]]);
    if (args.length > 1) return args[1];
    throw rubyError("IndexError", `index ${i} outside of array bounds: ${-self.length}...${self.length}`);
  },
  first: (_rt, self, args) => first(self, args, false),
  last: (_rt, self, args) => first(self, args, true),
  length: (_rt, self, args) => (arity(args, 0), self.length),
  size: (_rt, self, args) => (arity(args, 0), self.length),
  "empty?": (_rt, self, args) => (arity(args, 0), self.length === 0),
  "==": (_rt, self, args) => (arity(args, 1), requal(self, args[0])),
  "eql?": (_rt, self, args) => (arity(args, 1), reql(self, args[0])),
  "<=>": (rt, self, args) => (arity(args, 1), cmp(rt, self, args[0])),
  "+": (rt, self, args) => {
    arity(args, 1);
    const other = arrayArg(args[0]);
    rt.alloc(self.length + other.length);
    return [...self, ...other];
  },
  "-": (rt, self, args) => (arity(args, 1), minus(rt, self, [arrayArg(args[0])])),
  difference: (rt, self, args) => minus(rt, self, args.map(arrayArg)),
  "&": (rt, self, args) => (arity(args, 1), and(rt, self, [arrayArg(args[0])])),
  intersection: (rt, self, args) => and(rt, self, args.map(arrayArg)),
  "intersect?": (rt, self, args) => (arity(args, 1), and(rt, self, [arrayArg(args[0])]).length > 0),
  "|": (rt, self, args) => (arity(args, 1), or(rt, [self, arrayArg(args[0])])),
  union: (rt, self, args) => or(rt, [self, ...args.map(arrayArg)]),
  "*": (rt, self, args) => {
    arity(args, 1);
    const sep = stringValue(args[0]);
    if (sep !== undefined) return str(join(rt, self, sep));
    const n = index(args[0]);
    if (n < 0) throw rubyError("ArgumentError", "negative argument");
    rt.alloc(self.length * n);
    const out: A = [];
    for (let i = 0; i < n; i++) for (const v of self) out.push(v);
    return out;
  },
  "<<": (rt, self, args) => (arity(args, 1), changing(rt, self, 1).push(args[0]), self),
  push: (rt, self, args) => (changing(rt, self, args.length), args.forEach((v) => self.push(v)), self),
  append: (rt, self, args) => (changing(rt, self, args.length), args.forEach((v) => self.push(v)), self),
  unshift: (rt, self, args) => (replaceAll(changing(rt, self, args.length), [...args, ...self]), self),
  prepend: (rt, self, args) => (replaceAll(changing(rt, self, args.length), [...args, ...self]), self),
  insert: (rt, self, args) => insert(rt, self, args),
  concat: (rt, self, args) => {
    const others = args.map((a) => arrayArg(a).slice());
    changing(rt, self, others.reduce((n, o) => n + o.length, 0));
    for (const o of others) for (const v of o) self.push(v);
    return self;
  },
  pop: (rt, self, args) => takeOff(rt, self, args, true),
  shift: (rt, self, args) => takeOff(rt, self, args, false),
  "[]=": (rt, self, args) => assign(rt, changing(rt, self), args),
  "slice!": (rt, self, args) => sliceOut(changing(rt, self), args),
  delete: (rt, self, args, block) => deleteAll(rt, self, args, block),
  delete_at: (rt, self, args) => {
    arity(args, 1);
    let i = index(args[0]);
    if (i < 0) i += self.length;
    // Nothing to delete changes nothing, frozen or not.
    return i < 0 || i >= self.length ? null : changing(rt, self).splice(i, 1)[0];
  },
  clear: (rt, self, args) => (arity(args, 0), (changing(rt, self).length = 0), self),
  replace: (rt, self, args) => (arity(args, 1), replaceAll(changing(rt, self), arrayArg(args[0]).slice())),
  fill: (rt, self, args, block) => fill(rt, changing(rt, self), args, (i) => (block ? rt.yield(block, [i]) : args[0]), block !== null),
  "map!": withBlock("map!", (rt, self, block) => (changing(rt, self).forEach((v, i) => (self[i] = rt.yield(block, [v]))), self)),
  "collect!": withBlock("collect!", (rt, self, block) => (changing(rt, self).forEach((v, i) => (self[i] = rt.yield(block, [v]))), self)),
  "select!": withBlock("select!", (rt, self, block) => keepIf(rt, self, block, true, true)),
  "filter!": withBlock("filter!", (rt, self, block) => keepIf(rt, self, block, true, true)),
  keep_if: withBlock("keep_if", (rt, self, block) => keepIf(rt, self, block, true, false)),
  "reject!": withBlock("reject!", (rt, self, block) => keepIf(rt, self, block, false, true)),
  delete_if: withBlock("delete_if", (rt, self, block) => keepIf(rt, self, block, false, false)),
  "uniq!": (rt, self, args, block) => (arity(args, 0), changing(rt, self), changeTo(self, uniqBy(rt, steps(self), block))),
  "compact!": (rt, self, args) => (arity(args, 0), changing(rt, self), changeTo(self, self.filter((v) => decided(v) !== null))),
  "flatten!": (rt, self, args) => {
    arity(args, 0, 1);
    changing(rt, self);
    const depth = args.length && args[0] !== null ? index(args[0]) : -1;
    if (depth === 0) return null;
    const changed = { any: false };
    const flat = flatten(rt, self, depth, changed);
    return changed.any ? replaceAll(self, flat) : null;
  },
  "reverse!": (rt, self, args) => (arity(args, 0), replaceAll(changing(rt, self), self.slice().reverse())),
  "rotate!": (rt, self, args) => (arity(args, 0, 1), replaceAll(changing(rt, self), rotate(self, args))),
  "sort!": (rt, self, args, block) => replaceAll(changing(rt, self), ENUMERABLE.sort(rt, self, args, block) as A),
  "sort_by!": withBlock("sort_by!", (rt, self, block) => replaceAll(changing(rt, self), ENUMERABLE.sort_by(rt, self, [], block) as A)),
  "shuffle!": (rt, self) => (changing(rt, self), self.length <= 1 ? self : undefined),
  join: (rt, self, args) => (arity(args, 0, 1), str(join(rt, self, separator(args[0])))),
  to_s: (rt, self, args) => (args.length ? ARRAY_SUPPORT.to_formatted_s(rt, self, args, null) : str(inspected(rt, self))),
  inspect: (rt, self) => str(inspected(rt, self)),
  to_a: (_rt, self) => self,
  to_ary: (_rt, self) => self,
  deconstruct: (_rt, self) => self,
  entries: (_rt, self) => self.slice(),
  flatten: (rt, self, args) => (arity(args, 0, 1), flatten(rt, self, args.length && args[0] !== null ? index(args[0]) : -1)),
  compact: (_rt, self, args) => (arity(args, 0), self.filter((v) => decided(v) !== null)),
  uniq: (rt, self, args, block) => (arity(args, 0), uniqBy(rt, steps(self), block)),
  reverse: (_rt, self, args) => (arity(args, 0), self.slice().reverse()),
  rotate: (_rt, self, args) => (arity(args, 0, 1), rotate(self, args)),
  count: (rt, self, args, block) => count(rt, self, args, block),
  index: (rt, self, args, block) => position(rt, self, args, block, "index", false),
  find_index: (rt, self, args, block) => position(rt, self, args, block, "find_index", false),
  rindex: (rt, self, args, block) => position(rt, self, args, block, "rindex", true),
  "include?": (_rt, self, args) => (arity(args, 1), someOf(self, (v) => requal(v, args[0]))),
  zip: (rt, self, args, block) => zip(rt, self, args, block),
  product: (rt, self, args) => product(rt, self, args.map(arrayArg)),
  transpose: (_rt, self, args) => (arity(args, 0), transpose(self)),
  assoc: (_rt, self, args) => (arity(args, 1), self.find((v) => isArrayValue(v) && v.length > 0 && requal(v[0], args[0])) ?? null),
  rassoc: (_rt, self, args) => (arity(args, 1), self.find((v) => isArrayValue(v) && v.length > 1 && requal(v[1], args[0])) ?? null),
  combination: (rt, self, args, block) => (arity(args, 1), combinatorics(rt, self, "combination", args, block)),
  permutation: (rt, self, args, block) => (arity(args, 0, 1), combinatorics(rt, self, "permutation", args, block)),
  repeated_combination: (rt, self, args, block) => (arity(args, 1), combinatorics(rt, self, "repeated_combination", args, block)),
  repeated_permutation: (rt, self, args, block) => (arity(args, 1), combinatorics(rt, self, "repeated_permutation", args, block)),
  bsearch: (rt, self, args, block) => (arity(args, 0), block ? bsearch(rt, self, block, false) : enumeratorOf(self, "bsearch", args)),
  bsearch_index: (rt, self, args, block) => (arity(args, 0), block ? bsearch(rt, self, block, true) : enumeratorOf(self, "bsearch_index", args)),
  take: (_rt, self, args) => {
    arity(args, 1);
    const n = index(args[0]);
    if (n < 0) throw rubyError("ArgumentError", "attempt to take negative size");
    return self.slice(0, n);
  },
  drop: (_rt, self, args) => {
    arity(args, 1);
    const n = index(args[0]);
    if (n < 0) throw rubyError("ArgumentError", "attempt to drop negative size");
    return self.slice(n);
  },
  cycle: (rt, self, args, block) => {
    arity(args, 0, 1);
    if (!block) return enumeratorOf(self, "cycle", args);
    const n = args.length && args[0] !== null ? index(args[0]) : Infinity;
    for (let i = 0; i < n && self.length; i++) for (let j = 0; j < self.length; j++) rt.yield(block, [self[j]]);
    return null;
  },
  to_h: (rt, self, args, block) => (arity(args, 0), toHash(rt, self, block, true)),
  sample: (_rt, self, args) => sample(self, args),
  shuffle: (_rt, self, args) => (arity(args, 0), self.length <= 1 ? self.slice() : undefined),
  pack: () => undefined,
  hash: () => undefined,
  "frozen?": (_rt, self) => isFrozen(self),
  min: (rt, self, args, block) => extreme(rt, self, args, block, -1),
  max: (rt, self, args, block) => extreme(rt, self, args, block, 1),
  minmax: (rt, self, args, block) => {
    if (block) return ENUMERABLE.minmax(rt, self, args, block);
    arity(args, 0);
    return [extreme(rt, self, [], null, -1), extreme(rt, self, [], null, 1)];
  },
  to_set: (rt, self, args, block) => (args.length ? undefined : ENUMERABLE.to_set(rt, self, args, block)),
};
