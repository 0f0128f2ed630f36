/**
 * Ruby's Hash (and ActiveSupport's `deep_merge`, `reverse_merge`, `symbolize_keys`, `except`…).
 * Blocks get what Ruby gives them: `each`, `map` and most of Enumerable a `[key, value]`
 * pair; `select`, `reject`, `filter_map`'s Hash cousins and `to_h` the key and the value.
 */
import { inspect } from "../ruby/print.js";
import { RHash, RProc, RString, RSymbol, RUnknown, RValue, UnknownValueError, requal, stringValue, sym, truthy } from "../ruby/values.js";
import { ENUMERABLE, enumeratorOf } from "./enumerable.js";
import { arity, checkFrozen, rubyError, str, type Result, type Runtime, type Methods } from "./runtime.js";

type H = RHash;

const pairs = (h: H) => h.entries();
/** A Hash argument, else Ruby's TypeError. */
function hashArg(v: RValue | undefined): H {
  if (v instanceof RHash) return v;
  if (v instanceof RUnknown) throw new UnknownValueError(v);
  throw rubyError("TypeError", `no implicit conversion of ${v === null || v === undefined ? "nil" : inspectType(v)} into Hash`);
}
const inspectType = (v: RValue) => (Array.isArray(v) ? "Array" : typeof v === "number" ? "Integer" : stringValue(v) !== undefined ? "String" : "Object");

/** `h[k]`: the value, else the default (a default proc is called, as Ruby does). */
export function hashGet(rt: Runtime, h: H, k: RValue): RValue {
  const v = h.get(k);
  if (v !== undefined) return v;
  if (h.defaultProc) return rt.yield(h.defaultProc, [h, k]);
  return h.defaultValue;
}

function change(rt: Runtime, h: H): H {
  checkFrozen(rt, h);
  return h;
}

/** Two values yielded (`select`, `reject`, `to_h`…): a block with one parameter gets the key, as in Ruby. */
const two = (rt: Runtime, block: RProc, k: RValue, v: RValue) => rt.yield(block, [k, v]);

function filtered(rt: Runtime, h: H, block: RProc, keep: boolean): H {
  const out = new RHash();
  for (const [k, v] of pairs(h)) if (truthy(two(rt, block, k, v)) === keep) out.set(k, v);
  return out;
}

function merge(rt: Runtime, h: H, others: RValue[], block: RProc | null, into: H): H {
  for (const o of others) {
    for (const [k, v] of pairs(hashArg(o))) {
      const existing = into.get(k);
      into.set(k, existing !== undefined && block ? rt.yield(block, [k, existing, v]) : v);
    }
  }
  return into;
}

function deepMerge(rt: Runtime, a: H, b: H, block: RProc | null): H {
  const out = a.dup();
  for (const [k, v] of pairs(b)) {
    const existing = out.get(k);
    if (existing instanceof RHash && v instanceof RHash) out.set(k, deepMerge(rt, existing, v, block));
    else out.set(k, existing !== undefined && block ? rt.yield(block, [k, existing, v]) : v);
  }
  return out;
}

const keyAs = (to: "symbol" | "string") => (k: RValue) => {
  if (to === "symbol") {
    const s = stringValue(k);
    return s !== undefined ? sym(s) : k;
  }
  return k instanceof RSymbol ? k.name : k;
};
const transformKeys = (h: H, fn: (k: RValue) => RValue, deep: boolean): H => {
  const out = new RHash();
  for (const [k, v] of pairs(h)) out.set(fn(k), deep && v instanceof RHash ? transformKeys(v, fn, true) : deep && Array.isArray(v) ? v.map((x) => (x instanceof RHash ? transformKeys(x, fn, true) : x)) : v);
  return out;
};

function fetch(rt: Runtime, h: H, args: RValue[], block: RProc | null): RValue {
  arity(args, 1, 2);
  const v = h.get(args[0]);
  if (v !== undefined) return v;
  if (block) return rt.yield(block, [args[0]]);
  if (args.length > 1) return args[1];
  throw rubyError("KeyError", `key not found: ${inspect(args[0], rt.ruby)}`);
}

export const HASH: Methods<H> = {
  "[]": (rt, self, args) => (arity(args, 1), hashGet(rt, self, args[0])),
  "[]=": (rt, self, args) => (arity(args, 2), change(rt, self).set(args[0], args[1]), args[1]),
  store: (rt, self, args) => (arity(args, 2), change(rt, self).set(args[0], args[1]), args[1]),
  fetch: (rt, self, args, block) => fetch(rt, self, args, block),
  dig: (rt, self, args) => {
    const first = hashGet(rt, self, args[0] ?? null);
    return args.length > 1 && first !== null ? rt.send(first, "dig", args.slice(1), null) : first;
  },
  values_at: (rt, self, args) => args.map((k) => hashGet(rt, self, k)),
  fetch_values: (rt, self, args, block) => args.map((k) => fetch(rt, self, [k], block)),
  "key?": (_rt, self, args) => (arity(args, 1), self.has(args[0])),
  "has_key?": (_rt, self, args) => (arity(args, 1), self.has(args[0])),
  "include?": (_rt, self, args) => (arity(args, 1), self.has(args[0])),
  "member?": (_rt, self, args) => (arity(args, 1), self.has(args[0])),
  "value?": (_rt, self, args) => self.someValue((v) => requal(v, args[0])),
  "has_value?": (_rt, self, args) => self.someValue((v) => requal(v, args[0])),
  key: (_rt, self, args) => pairs(self).find(([, v]) => requal(v, args[0]))?.[0] ?? null,
  keys: (_rt, self) => self.keys(),
  values: (_rt, self) => self.values(),
  length: (_rt, self) => self.size,
  size: (_rt, self) => self.size,
  count: (rt, self, args, block) => (args.length || block ? ENUMERABLE.count(rt, self, args, block) : self.size),
  "empty?": (_rt, self) => self.size === 0,
  "any?": (rt, self, args, block) => {
    if (args.length) return ENUMERABLE["any?"](rt, self, args, block);
    if (!block) return self.size > 0;
    return pairs(self).some(([k, v]) => truthy(block.arity > 1 ? two(rt, block, k, v) : rt.yield(block, [[k, v]])));
  },
  each: (rt, self, args, block) => eachPair(rt, self, args, block, "each"),
  each_pair: (rt, self, args, block) => eachPair(rt, self, args, block, "each_pair"),
  each_key: (rt, self, args, block) => {
    if (!block) return enumeratorOf(self, "each_key", args);
    for (const k of self.keys()) rt.yield(block, [k]);
    return self;
  },
  each_value: (rt, self, args, block) => {
    if (!block) return enumeratorOf(self, "each_value", args);
    for (const v of self.values()) rt.yield(block, [v]);
    return self;
  },
  select: (rt, self, args, block) => (block ? filtered(rt, self, block, true) : enumeratorOf(self, "select", args)),
  filter: (rt, self, args, block) => (block ? filtered(rt, self, block, true) : enumeratorOf(self, "filter", args)),
  reject: (rt, self, args, block) => (block ? filtered(rt, self, block, false) : enumeratorOf(self, "reject", args)),
  "select!": (rt, self, args, block) => keepIf(rt, self, args, block, true, true),
  "keep_if": (rt, self, args, block) => (keepIf(rt, self, args, block, true, false), self),
  "reject!": (rt, self, args, block) => keepIf(rt, self, args, block, false, true),
  "delete_if": (rt, self, args, block) => (keepIf(rt, self, args, block, false, false), self),
  filter_map: (rt, self, args, block) => ENUMERABLE.filter_map(rt, self, args, block),
  min_by: (rt, self, args, block) => ENUMERABLE.min_by(rt, self, args, block),
  find: (rt, self, args, block) => ENUMERABLE.find(rt, self, args, block),
  map: (rt, self, args, block) => ENUMERABLE.map(rt, self, args, block),
  flat_map: (rt, self, args, block) => ENUMERABLE.flat_map(rt, self, args, block),
  to_h: (rt, self, _a, block) => {
    if (!block) return self;
    const out = new RHash();
    for (const [k, v] of pairs(self)) {
      const pair = two(rt, block, k, v);
      if (!Array.isArray(pair) || pair.length !== 2) throw rubyError("TypeError", `wrong element type ${inspectType(pair)} (expected array)`);
      out.set(pair[0], pair[1]);
    }
    return out;
  },
  to_hash: (_rt, self) => self,
  to_a: (_rt, self) => pairs(self),
  to_s: (rt, self) => str(inspect(self, rt.ruby)),
  inspect: (rt, self) => str(inspect(self, rt.ruby)),
  merge: (rt, self, args, block) => merge(rt, self, args, block, self.dup()),
  "merge!": (rt, self, args, block) => merge(rt, self, args, block, change(rt, self)),
  update: (rt, self, args, block) => merge(rt, self, args, block, change(rt, self)),
  replace: (rt, self, args) => {
    const other = hashArg(args[0]);
    change(rt, self).clear();
    for (const [k, v] of pairs(other)) self.set(k, v);
    return self;
  },
  delete: (rt, self, args, block) => {
    arity(args, 1);
    const v = change(rt, self).delete(args[0]);
    return v !== undefined ? v : block ? rt.yield(block, [args[0]]) : null;
  },
  clear: (rt, self) => (change(rt, self).clear(), self),
  shift: (rt, self) => {
    if (!change(rt, self).size) return null;
    const k = self.keyAt(0);
    return [k, self.delete(k)!];
  },
  slice: (_rt, self, args) => new RHash(args.filter((k) => self.has(k)).map((k) => [k, self.get(k)!] as [RValue, RValue])),
  except: (_rt, self, args) => {
    const out = self.dup();
    out.defaultValue = null;
    out.defaultProc = null;
    for (const k of args) out.delete(k);
    return out;
  },
  "except!": (rt, self, args) => {
    for (const k of args) change(rt, self).delete(k);
    return self;
  },
  "slice!": () => undefined,
  invert: (_rt, self) => new RHash(pairs(self).map(([k, v]) => [v, k] as [RValue, RValue])),
  transform_values: (rt, self, args, block) => {
    if (!block) return enumeratorOf(self, "transform_values", args);
    return new RHash(pairs(self).map(([k, v]) => [k, rt.yield(block, [v])] as [RValue, RValue]));
  },
  transform_keys: (rt, self, args, block) => {
    const mapping = args[0] instanceof RHash ? args[0] : undefined;
    if (!block && !mapping) return enumeratorOf(self, "transform_keys", args);
    return new RHash(pairs(self).map(([k, v]) => [mapping?.get(k) ?? (block ? rt.yield(block, [k]) : k), v] as [RValue, RValue]));
  },
  "transform_values!": (rt, self, args, block) => {
    if (!block) return enumeratorOf(self, "transform_values!", args);
    for (const [k, v] of pairs(change(rt, self))) self.set(k, rt.yield(block, [v]));
    return self;
  },
  group_by: (rt, self, args, block) => ENUMERABLE.group_by(rt, self, args, block),
  partition: (rt, self, args, block) => ENUMERABLE.partition(rt, self, args, block),
  sort_by: (rt, self, args, block) => ENUMERABLE.sort_by(rt, self, args, block),
  sum: (rt, self, args, block) => ENUMERABLE.sum(rt, self, args, block),
  compact: (_rt, self) => new RHash(pairs(self).filter(([, v]) => v !== null)),
  "compact!": (rt, self) => {
    const before = self.size;
    for (const [k, v] of pairs(change(rt, self))) if (v === null) self.delete(k);
    return self.size === before ? null : self;
  },
  default: (_rt, self) => self.defaultValue,
  "default=": (rt, self, args) => (change(rt, self).defaultValue = args[0] ?? null),
  "==": (_rt, self, args) => requal(self, args[0] ?? null),
  hash: () => undefined,
  compare_by_identity: () => undefined,
  // ActiveSupport.
  deep_merge: (rt, self, args, block) => deepMerge(rt, self, hashArg(args[0]), block),
  "deep_merge!": (rt, self, args, block) => {
    const merged = deepMerge(rt, self, hashArg(args[0]), block);
    change(rt, self).clear();
    for (const [k, v] of pairs(merged)) self.set(k, v);
    return self;
  },
  reverse_merge: (rt, self, args) => merge(rt, hashArg(args[0]), [self], null, hashArg(args[0]).dup()),
  with_defaults: (rt, self, args) => merge(rt, hashArg(args[0]), [self], null, hashArg(args[0]).dup()),
  "reverse_merge!": (rt, self, args) => {
    for (const [k, v] of pairs(hashArg(args[0]))) if (!self.has(k)) change(rt, self).set(k, v);
    return self;
  },
  symbolize_keys: (_rt, self) => transformKeys(self, keyAs("symbol"), false),
  to_options: (_rt, self) => transformKeys(self, keyAs("symbol"), false),
  stringify_keys: (_rt, self) => transformKeys(self, keyAs("string"), false),
  deep_symbolize_keys: (_rt, self) => transformKeys(self, keyAs("symbol"), true),
  deep_stringify_keys: (_rt, self) => transformKeys(self, keyAs("string"), true),
  deep_transform_values: (rt, self, _a, block) => (block ? deepValues(rt, self, block) : undefined),
  compact_blank: (rt, self) => new RHash(pairs(self).filter(([, v]) => !truthy(rt.send(v, "blank?", [], null)))),
  assert_valid_keys: (rt, self, args) => {
    const valid = args.flatMap((a) => (Array.isArray(a) ? a : [a]));
    for (const k of self.keys()) {
      if (!valid.some((v) => requal(v, k))) {
        throw rubyError("ArgumentError", `Unknown key: ${inspect(k, rt.ruby)}. Valid keys are: ${valid.map((v) => inspect(v, rt.ruby)).join(", ")}`);
      }
    }
    return self;
  },
  with_indifferent_access: () => undefined,
  deep_dup: (rt, self) => new RHash(pairs(self).map(([k, v]) => [k, rt.send(v, "deep_dup", [], null)] as [RValue, RValue])),
  to_param: () => undefined,
  to_query: () => undefined,
};

function eachPair(rt: Runtime, h: H, args: RValue[], block: RProc | null, name: string): Result {
  if (!block) return enumeratorOf(h, name, args);
  // A lambda of two parameters gets the key and the value; everything else the pair.
  for (const [k, v] of pairs(h)) rt.yield(block, block.lambda && block.arity === 2 ? [k, v] : [[k, v]]);
  return h;
}

function keepIf(rt: Runtime, h: H, args: RValue[], block: RProc | null, keep: boolean, nilIfSame: boolean): Result {
  if (!block) return enumeratorOf(h, keep ? "select!" : "reject!", args);
  const before = change(rt, h).size;
  for (const [k, v] of pairs(h)) if (truthy(two(rt, block, k, v)) !== keep) h.delete(k);
  return nilIfSame && h.size === before ? null : h;
}

function deepValues(rt: Runtime, h: H, block: RProc): H {
  return new RHash(pairs(h).map(([k, v]) => [k, v instanceof RHash ? deepValues(rt, v, block) : rt.yield(block, [v])] as [RValue, RValue]));
}

export { RString };
