/**
 * Ruby's Set (set.rb, Ruby 3.1: a Hash of its members): insertion-ordered members compared
 * with `eql?`; adding and removing (`add?`/`delete?` nil when nothing changed, the `!` forms
 * nil when nothing changed), the set operations and comparisons, `classify`, `divide`,
 * `flatten`. Anything else is Enumerable's, over the members.
 */
import { inspect } from "../ruby/print.js";
import { RHash, RProc, RSet, RString, RValue, isFrozen, reql } from "../ruby/values.js";
import { decided, elementOf, enumeratorOf, inspected, isIterable, iterate, truthy } from "./iterate.js";
import { arity, rubyError, str, type Method, type Methods, type Result, type Runtime } from "./runtime.js";
import { ValueSet, setFrom } from "./valueSet.js";

type S = RSet;

/** The members of an argument that must be enumerable (`do_with_enum`): Ruby's ArgumentError otherwise. */
function membersOf(rt: Runtime, v: RValue | undefined): RValue[] {
  if (v instanceof RSet) return v.items.slice();
  if (v !== undefined) decided(v);
  if (v === undefined || !isIterable(v)) throw rubyError("ArgumentError", "value must be enumerable");
  const out: RValue[] = [];
  iterate(rt, v, (y) => out.push(elementOf(y)));
  return out;
}

/** An argument that must be a Set (`subset?` and the comparisons). */
function setArg(v: RValue | undefined): S {
  if (v instanceof RSet) return v;
  if (v !== undefined) decided(v);
  throw rubyError("ArgumentError", "value must be a set");
}

/** Before changing a set: Ruby 3.1 freezes a Set's Hash, and names it in the FrozenError. */
function changing(rt: Runtime, s: S): S {
  if (isFrozen(s)) {
    const table = new RHash(s.items.map((x) => [x, true] as [RValue, RValue]));
    throw rubyError("FrozenError", `can't modify frozen Hash: ${inspect(table, rt.ruby)}`);
  }
  return s;
}

/** Makes `s` hold `items` (already distinct). */
function refill(s: S, items: RValue[]): S {
  s.items.length = 0;
  for (const v of items) s.items.push(v);
  return s;
}

/** Adds `v`: false if it was a member. */
function add(rt: Runtime, s: S, v: RValue): boolean {
  changing(rt, s);
  rt.charge(s.items.length >> 5);
  return s.add(v);
}

function remove(rt: Runtime, s: S, v: RValue): boolean {
  changing(rt, s);
  const key = v instanceof RString ? v.value : v;
  const before = s.items.length;
  refill(s, s.items.filter((x) => !reql(x, key)));
  return s.items.length < before;
}

/** `select!`/`keep_if` (keep) and `reject!`/`delete_if`: nil from the `!` forms when nothing changed. */
function keepIf(rt: Runtime, s: S, block: RProc, keep: boolean, nilIfSame: boolean): Result {
  changing(rt, s);
  const kept = s.items.filter((v) => truthy(rt.yield(block, [v])) === keep);
  if (kept.length === s.items.length) return nilIfSame ? null : s;
  return refill(s, kept);
}

const withBlock =
  (name: string, fn: (rt: Runtime, self: S, block: RProc) => Result): Method<S> =>
  (rt, self, args, block) => {
    arity(args, 0);
    return block ? fn(rt, self, block) : enumeratorOf(self, name, args);
  };

function subset(a: S, b: S): boolean {
  if (a.items.length > b.items.length) return false;
  const members = new ValueSet(b.items);
  return a.items.every((v) => members.has(v));
}

function compare(a: S, b: RValue): RValue {
  if (!(b instanceof RSet)) return null;
  if (subset(a, b)) return a.items.length === b.items.length ? 0 : -1;
  if (subset(b, a)) return 1;
  return null;
}

/** `divide { |a, b| … }`: members joined where the block says two are related (connected components); `{ |x| … }` is `classify`'s sets. */
function divide(rt: Runtime, s: S, block: RProc): S {
  if (block.arity !== 2) return setFrom(classify(rt, s, block).values());
  const items = s.items;
  const group = items.map((_v, i) => i);
  const root = (i: number): number => (group[i] === i ? i : (group[i] = root(group[i])));
  for (let i = 0; i < items.length; i++) {
    for (let j = 0; j < items.length; j++) {
      rt.charge(1);
      if (i !== j && truthy(rt.yield(block, [items[i], items[j]]))) group[root(j)] = root(i);
    }
  }
  const parts = new Map<number, RValue[]>();
  items.forEach((v, i) => {
    const r = root(i);
    parts.set(r, [...(parts.get(r) ?? []), v]);
  });
  return setFrom([...parts.values()].map((p) => setFrom(p)));
}

function classify(rt: Runtime, s: S, block: RProc): RHash {
  const out = new RHash();
  for (const v of s.items) {
    const k = rt.yield(block, [v]);
    const set = out.get(k);
    if (set instanceof RSet) set.items.push(v);
    else out.set(k, setFrom([v]));
  }
  return out;
}

/** `flatten`: members that are Sets replaced by their members, recursively. */
function flatten(rt: Runtime, s: S, open: S[] = []): RValue[] {
  if (open.includes(s)) throw rubyError("ArgumentError", "tried to flatten recursive Set");
  const out: RValue[] = [];
  for (const v of s.items) {
    if (v instanceof RSet) for (const x of flatten(rt, v, [...open, s])) out.push(x);
    else out.push(v);
  }
  return out;
}

export const SET: Methods<S> = {
  add: (rt, self, args) => (arity(args, 1), add(rt, self, args[0]), self),
  "<<": (rt, self, args) => (arity(args, 1), add(rt, self, args[0]), self),
  "add?": (rt, self, args) => (arity(args, 1), !self.has(args[0]) && add(rt, self, args[0]) ? self : null),
  delete: (rt, self, args) => (arity(args, 1), remove(rt, self, args[0]), self),
  "delete?": (rt, self, args) => (arity(args, 1), remove(rt, self, args[0]) ? self : null),
  delete_if: withBlock("delete_if", (rt, self, block) => keepIf(rt, self, block, false, false)),
  "reject!": withBlock("reject!", (rt, self, block) => keepIf(rt, self, block, false, true)),
  keep_if: withBlock("keep_if", (rt, self, block) => keepIf(rt, self, block, true, false)),
  "select!": withBlock("select!", (rt, self, block) => keepIf(rt, self, block, true, true)),
  "filter!": withBlock("filter!", (rt, self, block) => keepIf(rt, self, block, true, true)),
  "map!": withBlock("map!", (rt, self, block) => refill(changing(rt, self), setFrom(self.items.map((v) => rt.yield(block, [v]))).items)),
  "collect!": withBlock("collect!", (rt, self, block) => refill(changing(rt, self), setFrom(self.items.map((v) => rt.yield(block, [v]))).items)),
  clear: (rt, self, args) => (arity(args, 0), refill(changing(rt, self), [])),
  merge: (rt, self, args) => {
    arity(args, 1);
    const more = membersOf(rt, args[0]);
    // Each member is added in turn: a frozen Set fails on the first, and only if there is one.
    if (more.length) changing(rt, self);
    return refill(self, setFrom([...self.items, ...more]).items);
  },
  subtract: (rt, self, args) => {
    arity(args, 1);
    const drop = new ValueSet(membersOf(rt, args[0]));
    return refill(changing(rt, self), self.items.filter((v) => !drop.has(v)));
  },
  replace: (rt, self, args) => (arity(args, 1), refill(changing(rt, self), setFrom(membersOf(rt, args[0])).items)),
  reset: (_rt, self) => self,
  "include?": (_rt, self, args) => (arity(args, 1), self.has(args[0])),
  "member?": (_rt, self, args) => (arity(args, 1), self.has(args[0])),
  "===": (_rt, self, args) => (arity(args, 1), self.has(args[0])),
  size: (_rt, self, args) => (arity(args, 0), self.items.length),
  length: (_rt, self, args) => (arity(args, 0), self.items.length),
  "empty?": (_rt, self, args) => (arity(args, 0), self.items.length === 0),
  to_a: (_rt, self, args) => (arity(args, 0), self.items.slice()),
  to_set: (rt, self, args, block) => (args.length || block ? setFrom(self.items.map((v) => (block ? rt.yield(block, [v]) : v))) : self),
  each: withBlock("each", (rt, self, block) => (iterate(rt, self, (y) => rt.yield(block, y)), self)),
  "|": (rt, self, args) => (arity(args, 1), setFrom([...self.items, ...membersOf(rt, args[0])])),
  union: (rt, self, args) => (arity(args, 1), setFrom([...self.items, ...membersOf(rt, args[0])])),
  "+": (rt, self, args) => (arity(args, 1), setFrom([...self.items, ...membersOf(rt, args[0])])),
  "&": (rt, self, args) => SET.intersection(rt, self, args, null),
  intersection: (rt, self, args) => {
    arity(args, 1);
    const other = new ValueSet(membersOf(rt, args[0]));
    return setFrom(self.items.filter((v) => other.has(v)));
  },
  "-": (rt, self, args) => SET.difference(rt, self, args, null),
  difference: (rt, self, args) => {
    arity(args, 1);
    const drop = new ValueSet(membersOf(rt, args[0]));
    return setFrom(self.items.filter((v) => !drop.has(v)));
  },
  "^": (rt, self, args) => {
    arity(args, 1);
    const out = setFrom(membersOf(rt, args[0]));
    for (const v of self.items) {
      const present = out.has(v);
      if (present) refill(out, out.items.filter((x) => !reql(x, v)));
      else out.items.push(v);
    }
    return out;
  },
  "subset?": (_rt, self, args) => (arity(args, 1), subset(self, setArg(args[0]))),
  "<=": (_rt, self, args) => (arity(args, 1), subset(self, setArg(args[0]))),
  "superset?": (_rt, self, args) => (arity(args, 1), subset(setArg(args[0]), self)),
  ">=": (_rt, self, args) => (arity(args, 1), subset(setArg(args[0]), self)),
  "proper_subset?": (_rt, self, args) => (arity(args, 1), subset(self, setArg(args[0])) && self.items.length < setArg(args[0]).items.length),
  "<": (_rt, self, args) => (arity(args, 1), subset(self, setArg(args[0])) && self.items.length < setArg(args[0]).items.length),
  "proper_superset?": (_rt, self, args) => (arity(args, 1), subset(setArg(args[0]), self) && setArg(args[0]).items.length < self.items.length),
  ">": (_rt, self, args) => (arity(args, 1), subset(setArg(args[0]), self) && setArg(args[0]).items.length < self.items.length),
  "disjoint?": (rt, self, args) => (arity(args, 1), !membersOf(rt, args[0]).some((v) => self.has(v))),
  "intersect?": (rt, self, args) => (arity(args, 1), membersOf(rt, args[0]).some((v) => self.has(v))),
  "<=>": (_rt, self, args) => (arity(args, 1), compare(self, args[0])),
  "==": (_rt, self, args) => (arity(args, 1), args[0] instanceof RSet && compare(self, args[0]) === 0),
  "eql?": (_rt, self, args) => (arity(args, 1), args[0] instanceof RSet && compare(self, args[0]) === 0),
  classify: withBlock("classify", (rt, self, block) => classify(rt, self, block)),
  divide: withBlock("divide", (rt, self, block) => divide(rt, self, block)),
  flatten: (rt, self, args) => (arity(args, 0), setFrom(flatten(rt, self))),
  join: (rt, self, args) => rt.send(self.items.slice(), "join", args, null),
  inspect: (rt, self) => str(inspected(rt, self)),
  to_s: (rt, self) => str(inspected(rt, self)),
  hash: () => undefined,
  compare_by_identity: () => undefined,
};

/** A Set of `items`, each once (kept for the modules that build one). */
export const setOf = (rt: Runtime, items: RValue[]): RSet => {
  rt.charge(items.length);
  return setFrom(items);
};
