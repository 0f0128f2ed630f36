/**
 * Ruby's Hash (hash.c); ActiveSupport's additions are `hashSupport.ts`. Blocks get what Ruby
 * gives them: `each`, `map` and the rest of Enumerable a `[key, value]` pair; `select`,
 * `reject`, `filter_map`'s Hash cousins, `to_h`, `any?` with two parameters the key and the
 * value. Keys are `eql?` (1 and 1.0 are two keys), kept in insertion order, a String key
 * copied and frozen; a key cannot be added while the hash is being iterated.
 */
import { inspect } from "../ruby/print.js";
import { RConst, RHash, RProc, RValue, freeze, isFrozen, reql, requal } from "../ruby/values.js";
import { digInto } from "./array.js";
import { flatten } from "./arrayOps.js";
import { toHash } from "./enumerable.js";
import { HASH_SUPPORT } from "./hashSupport.js";
import { SAME_ON_INDIFFERENT, indifferent, indifferentMethods, isIndifferent } from "./indifferent.js";
import { change, hashArg, hashGet, hasKey, lookup, mergeInto, refill, store } from "./hashBase.js";

export { hashGet } from "./hashBase.js";
import { decided, enumeratorOf, inspected, iterateHash, nativeBlock, truthy } from "./iterate.js";
import { index } from "./arrayIndex.js";
import { arity, rubyError, str, type Method, type Methods, type Result, type Runtime } from "./runtime.js";

type H = RHash;

const pairs = (h: H) => h.entries();

/** Two values yielded (`select`, `reject`, `to_h`…): a block with one parameter gets the key, as in Ruby. */
const two = (rt: Runtime, block: RProc, k: RValue, v: RValue) => rt.yield(block, [k, v]);

function filtered(rt: Runtime, h: H, block: RProc, keep: boolean): H {
  const out = new RHash();
  iterateHash(rt, h, (k, v) => {
    if (truthy(two(rt, block, k, v)) === keep) out.set(k, v);
  });
  return out;
}

/** `select!`/`keep_if`/`reject!`/`delete_if`: nil from the `!` forms when nothing changed. */
function keepIf(rt: Runtime, h: H, block: RProc, keep: boolean, nilIfSame: boolean): Result {
  change(rt, h);
  const kept: [RValue, RValue][] = [];
  iterateHash(rt, h, (k, v) => {
    if (truthy(two(rt, block, k, v)) === keep) kept.push([k, v]);
  });
  if (kept.length === h.size) return nilIfSame ? null : h;
  refill(h, kept);
  return h;
}

function fetch(rt: Runtime, h: H, args: RValue[], block: RProc | null): RValue {
  arity(args, 1, 2);
  const v = lookup(h, args[0]);
  if (v !== undefined) return v;
  if (block) return rt.yield(block, [args[0]]);
  if (args.length > 1) return args[1];
  throw rubyError("KeyError", `key not found: ${inspect(args[0], rt.ruby)}`);
}

/** `transform_keys(mapping) { |k| … }`: a key the mapping names, else the block's, else itself. */
function newKey(rt: Runtime, k: RValue, mapping: H | undefined, block: RProc | null): RValue {
  const mapped = mapping?.get(k);
  if (mapped !== undefined) return mapped;
  return block ? rt.yield(block, [k]) : k;
}

function transformKeysBang(rt: Runtime, h: H, mapping: H | undefined, block: RProc | null): H {
  change(rt, h);
  const seen = new RHash();
  for (const [k, v] of pairs(h)) {
    const to = newKey(rt, k, mapping, block);
    if (!seen.has(k)) h.delete(k);
    h.set(to, v);
    seen.set(to, null);
  }
  return h;
}

/** Whether every pair of `a` is in `b` (`a <= b`). */
const within = (a: H, b: H) => pairs(a).every(([k, v]) => hasKey(b, k) && requal(b.get(k), v));

/** Hash#eql?: the same keys, each value `eql?`. */
const eql = (a: H, b: RValue) => b instanceof RHash && a.size === b.size && pairs(a).every(([k, v]) => hasKey(b, k) && reql(b.get(k)!, v));

const withBlock =
  (name: string, fn: (rt: Runtime, self: H, block: RProc) => Result): Method<H> =>
  (rt, self, args, block) => {
    arity(args, 0);
    return block ? fn(rt, self, block) : enumeratorOf(self, name, args);
  };

function eachPair(rt: Runtime, h: H, block: RProc): H {
  iterateHash(rt, h, (k, v) => rt.yield(block, [[k, v]]));
  return h;
}

const PLAIN: Methods<H> = {
  ...HASH_SUPPORT,
  "[]": (rt, self, args) => (arity(args, 1), hashGet(rt, self, args[0])),
  "[]=": (rt, self, args) => (arity(args, 2), store(rt, self, args[0], args[1])),
  store: (rt, self, args) => (arity(args, 2), store(rt, self, args[0], args[1])),
  fetch: (rt, self, args, block) => fetch(rt, self, args, block),
  dig: (rt, self, args) => {
    if (!args.length) throw rubyError("ArgumentError", "wrong number of arguments (given 0, expected 1+)");
    const found = hashGet(rt, self, args[0]);
    return args.length === 1 || found === null ? found : digInto(rt, found, args.slice(1));
  },
  values_at: (rt, self, args) => args.map((k) => hashGet(rt, self, k)),
  fetch_values: (rt, self, args, block) => args.map((k) => fetch(rt, self, [k], block)),
  "key?": (_rt, self, args) => (arity(args, 1), hasKey(self, args[0])),
  "has_key?": (_rt, self, args) => (arity(args, 1), hasKey(self, args[0])),
  "include?": (_rt, self, args) => (arity(args, 1), hasKey(self, args[0])),
  "member?": (_rt, self, args) => (arity(args, 1), hasKey(self, args[0])),
  "value?": (_rt, self, args) => (arity(args, 1), self.someValue((v) => requal(v, args[0]))),
  "has_value?": (_rt, self, args) => (arity(args, 1), self.someValue((v) => requal(v, args[0]))),
  key: (_rt, self, args) => (arity(args, 1), pairs(self).find(([, v]) => requal(v, args[0]))?.[0] ?? null),
  assoc: (_rt, self, args) => (arity(args, 1), hasKey(self, args[0]) ? [self.keys().find((k) => reql(k, args[0])) ?? args[0], self.get(args[0])!] : null),
  rassoc: (_rt, self, args) => (arity(args, 1), pairs(self).find(([, v]) => requal(v, args[0])) ?? null),
  keys: (_rt, self, args) => (arity(args, 0), self.keys()),
  values: (_rt, self, args) => (arity(args, 0), self.values()),
  length: (_rt, self, args) => (arity(args, 0), self.size),
  size: (_rt, self, args) => (arity(args, 0), self.size),
  "empty?": (_rt, self, args) => (arity(args, 0), self.size === 0),
  each: withBlock("each", eachPair),
  each_pair: withBlock("each_pair", eachPair),
  each_key: withBlock("each_key", (rt, self, block) => (iterateHash(rt, self, (k) => rt.yield(block, [k])), self)),
  each_value: withBlock("each_value", (rt, self, block) => (iterateHash(rt, self, (_k, v) => rt.yield(block, [v])), self)),
  select: withBlock("select", (rt, self, block) => filtered(rt, self, block, true)),
  filter: withBlock("filter", (rt, self, block) => filtered(rt, self, block, true)),
  reject: withBlock("reject", (rt, self, block) => filtered(rt, self, block, false)),
  "select!": withBlock("select!", (rt, self, block) => keepIf(rt, self, block, true, true)),
  "filter!": withBlock("filter!", (rt, self, block) => keepIf(rt, self, block, true, true)),
  keep_if: withBlock("keep_if", (rt, self, block) => keepIf(rt, self, block, true, false)),
  "reject!": withBlock("reject!", (rt, self, block) => keepIf(rt, self, block, false, true)),
  delete_if: withBlock("delete_if", (rt, self, block) => keepIf(rt, self, block, false, false)),
  "any?": (rt, self, args, block) => {
    arity(args, 0, 1);
    if (args.length) return pairs(self).some(([k, v]) => truthy(rt.send(args[0], "===", [[k, v]], null)));
    if (!block) return self.size > 0;
    const asTwo = block.arity > 1 || block.arity < -1;
    return pairs(self).some(([k, v]) => truthy(asTwo ? two(rt, block, k, v) : rt.yield(block, [[k, v]])));
  },
  to_h: (rt, self, args, block) => {
    arity(args, 0);
    if (!block) return self;
    return toHash(rt, self, nativeBlock((y) => {
      const [k, v] = y[0] as RValue[];
      return two(rt, block, k, v);
    }));
  },
  to_hash: (_rt, self) => self,
  to_a: (_rt, self, args) => (arity(args, 0), pairs(self)),
  to_s: (rt, self) => str(inspected(rt, self)),
  inspect: (rt, self) => str(inspected(rt, self)),
  deconstruct_keys: (_rt, self) => self,
  merge: (rt, self, args, block) => mergeInto(rt, self.dup(), args, block),
  "merge!": (rt, self, args, block) => mergeInto(rt, change(rt, self), args, block),
  update: (rt, self, args, block) => mergeInto(rt, change(rt, self), args, block),
  replace: (rt, self, args) => {
    arity(args, 1);
    const other = hashArg(args[0]);
    refill(change(rt, self), pairs(other));
    self.defaultValue = other.defaultValue;
    self.defaultProc = other.defaultProc;
    return self;
  },
  delete: (rt, self, args, block) => {
    arity(args, 1);
    lookup(change(rt, self), args[0]);
    const v = self.delete(args[0]);
    return v !== undefined ? v : block ? rt.yield(block, [args[0]]) : null;
  },
  clear: (rt, self, args) => (arity(args, 0), change(rt, self).clear(), self),
  shift: (rt, self, args) => {
    arity(args, 0);
    if (!change(rt, self).size) return null;
    const k = self.keyAt(0);
    return [k, self.delete(k)!];
  },
  slice: (_rt, self, args) => new RHash(args.filter((k) => hasKey(self, k)).map((k) => [k, self.get(k)!] as [RValue, RValue])),
  except: (_rt, self, args) => {
    const out = new RHash(pairs(self));
    for (const k of args) if (hasKey(out, k)) out.delete(k);
    return out;
  },
  invert: (_rt, self, args) => (arity(args, 0), new RHash(pairs(self).map(([k, v]) => [v, k] as [RValue, RValue]))),
  transform_values: withBlock("transform_values", (rt, self, block) => {
    const out = new RHash();
    iterateHash(rt, self, (k, v) => out.set(k, rt.yield(block, [v])));
    return out;
  }),
  "transform_values!": withBlock("transform_values!", (rt, self, block) => {
    change(rt, self);
    iterateHash(rt, self, (k, v) => self.set(k, rt.yield(block, [v])));
    return self;
  }),
  transform_keys: (rt, self, args, block) => {
    arity(args, 0, 1);
    const mapping = args.length ? hashArg(args[0]) : undefined;
    if (!block && !mapping) return enumeratorOf(self, "transform_keys", args);
    const out = new RHash();
    for (const [k, v] of pairs(self)) out.set(newKey(rt, k, mapping, block), v);
    return out;
  },
  "transform_keys!": (rt, self, args, block) => {
    arity(args, 0, 1);
    const mapping = args.length ? hashArg(args[0]) : undefined;
    if (!block && !mapping) return enumeratorOf(self, "transform_keys!", args);
    return transformKeysBang(rt, self, mapping, block);
  },
  compact: (_rt, self, args) => (arity(args, 0), new RHash(pairs(self).filter(([, v]) => decided(v) !== null))),
  "compact!": (rt, self, args) => {
    arity(args, 0);
    const kept = pairs(change(rt, self)).filter(([, v]) => decided(v) !== null);
    return kept.length === self.size ? null : refill(self, kept);
  },
  flatten: (rt, self, args) => {
    arity(args, 0, 1);
    const depth = args.length ? index(args[0]) : 1;
    if (depth <= 0) return depth === 0 ? pairs(self) : flatten(rt, pairs(self), -1);
    return flatten(rt, pairs(self), depth);
  },
  default: (rt, self, args) => {
    arity(args, 0, 1);
    if (args.length && self.defaultProc) return rt.yield(self.defaultProc, [self, args[0]]);
    return self.defaultValue;
  },
  "default=": (rt, self, args) => {
    change(rt, self);
    self.defaultProc = null;
    return (self.defaultValue = args[0] ?? null);
  },
  default_proc: (_rt, self) => self.defaultProc,
  "==": (_rt, self, args) => (arity(args, 1), requal(self, args[0])),
  "eql?": (_rt, self, args) => (arity(args, 1), eql(self, args[0])),
  "<=": (_rt, self, args) => (arity(args, 1), within(self, hashArg(args[0]))),
  "<": (_rt, self, args) => (arity(args, 1), self.size < hashArg(args[0]).size && within(self, hashArg(args[0]))),
  ">=": (_rt, self, args) => (arity(args, 1), within(hashArg(args[0]), self)),
  ">": (_rt, self, args) => (arity(args, 1), hashArg(args[0]).size < self.size && within(hashArg(args[0]), self)),
  to_proc: (rt, self) => new RProc((args) => (arity(args, 1), hashGet(rt, self, args[0])), true, () => "#<Proc:(Hash#to_proc) (lambda)>", 1),
  hash: () => undefined,
  compare_by_identity: () => undefined,
};

/**
 * Hash's table, each method checking for a HashWithIndifferentAccess first (`indifferent.ts`):
 * its own method where it has one, Hash's where they agree, and no answer where they might not.
 */
export const HASH: Methods<H> = {};
const INDIFFERENT = indifferentMethods(PLAIN);
/** Where a plain Hash has no method of that name in this table, what Object's gives it. */
const OBJECT_LIKE: Methods<H> = {
  class: () => new RConst("Hash"),
  dup: (_rt, self) => self.dup(),
  clone: (_rt, self, args) => {
    const copy = self.dup();
    return isFrozen(self) && !(args[0] instanceof RHash && args[0].sget("freeze") === false) ? freeze(copy) : copy;
  },
  "instance_of?": (_rt, _self, args) => args[0] instanceof RConst && args[0].path.replace(/^::/, "") === "Hash",
  nested_under_indifferent_access: (_rt, self) => indifferent(self),
  with_indifferent_access: (_rt, self) => indifferent(self),
};
for (const name of new Set([...Object.keys(PLAIN), ...Object.keys(INDIFFERENT), ...Object.keys(OBJECT_LIKE)])) {
  const plain = PLAIN[name] ?? OBJECT_LIKE[name];
  const own = INDIFFERENT[name] ?? (SAME_ON_INDIFFERENT.has(name) ? plain : undefined);
  HASH[name] = (rt, self, args, block) => (isIndifferent(self) ? (own ? own(rt, self, args, block) : undefined) : plain(rt, self, args, block));
}
