/**
 * ActiveSupport's Hash (active_support/core_ext/hash/*.rb, 6.1): `deep_merge`,
 * `reverse_merge`/`with_defaults`, the key conversions (`symbolize_keys`, `stringify_keys`,
 * their `deep_` forms, `deep_transform_keys`/`_values`), `except!`, `slice!`, `extract!`,
 * `compact_blank`, `assert_valid_keys`, `to_query`/`to_param`, `deep_dup`.
 */
import { inspect } from "../ruby/print.js";
import { RHash, RProc, RSymbol, RValue, requal, stringValue, sym } from "../ruby/values.js";
import { truthy } from "./iterate.js";
import { textOf } from "./arrayOps.js";
import { change, hashArg, hasKey, lookup, mergeInto, refill } from "./hashBase.js";
import { decided } from "./iterate.js";
import { indifferent, isIndifferent } from "./indifferent.js";
import { hashToQuery } from "./query.js";
import { arity, rubyError, str, type Method, type Runtime } from "./runtime.js";

type H = RHash;
type Pair = [RValue, RValue];

const pairs = (h: H) => h.entries();

/** `deep_merge`: nested Hashes merged in turn, the block deciding other keys found in both. */
function deepMerge(rt: Runtime, into: H, other: H, block: RProc | null): H {
  for (const [k, v] of pairs(other)) {
    const existing = lookup(into, k);
    if (existing !== undefined) decided(existing);
    const next = decided(v);
    if (existing instanceof RHash && next instanceof RHash) into.set(k, deepMerge(rt, isIndifferent(existing) ? indifferent(existing) : existing.dup(), next, block));
    else into.set(k, existing !== undefined && block ? rt.yield(block, [k, existing, v]) : v);
  }
  return into;
}

/** `key.to_sym rescue key`: Strings become Symbols, other keys stay. */
const toSymbol = (_rt: Runtime, k: RValue): RValue => {
  const s = stringValue(k);
  return s !== undefined ? sym(s) : k;
};
/** `key.to_s`. */
const toText = (rt: Runtime, k: RValue): RValue => (k instanceof RSymbol ? k.name : stringValue(k) ?? (k === null ? "" : textOf(rt, k)));

/** `deep_transform_keys`: keys of nested Hashes too, and of Hashes in Arrays. */
function deepKeys(rt: Runtime, v: RValue, fn: (k: RValue) => RValue): RValue {
  if (v instanceof RHash) {
    const out = new RHash();
    for (const [k, x] of pairs(v)) out.set(fn(k), deepKeys(rt, x, fn));
    return out;
  }
  if (Array.isArray(v)) return v.map((x) => deepKeys(rt, x, fn));
  return v;
}

/** `deep_transform_values`: the block on every value that is neither a Hash nor an Array. */
function deepValues(rt: Runtime, v: RValue, block: RProc): RValue {
  if (v instanceof RHash) return new RHash(pairs(v).map(([k, x]) => [k, deepValues(rt, x, block)] as Pair));
  if (Array.isArray(v)) return v.map((x) => deepValues(rt, x, block));
  return rt.yield(block, [v]);
}

/** `h.transform_keys { … }` then the result made `h`'s own contents (the `!` forms). */
function inPlace(rt: Runtime, h: H, next: RValue): H {
  return refill(change(rt, h), pairs(next as H));
}

const shallow = (rt: Runtime, h: H, fn: (rt: Runtime, k: RValue) => RValue): H => {
  const out = new RHash();
  for (const [k, v] of pairs(h)) out.set(fn(rt, k), v);
  return out;
};

function reverseMerge(rt: Runtime, self: H, args: RValue[]): H {
  arity(args, 1);
  if (args[0] === null) throw rubyError("NoMethodError", "undefined method `merge' for nil:NilClass");
  return mergeInto(rt, hashArg(args[0]).dup(), [self], null);
}

function assertValidKeys(rt: Runtime, self: H, args: RValue[]): H {
  const valid = args.flatMap((a) => (Array.isArray(a) ? a : [a]));
  for (const k of self.keys()) {
    if (!valid.some((v) => requal(v, k))) {
      throw rubyError("ArgumentError", `Unknown key: ${inspect(k, rt.ruby)}. Valid keys are: ${valid.map((v) => inspect(v, rt.ruby)).join(", ")}`);
    }
  }
  return self;
}

const isBlank = (rt: Runtime, v: RValue) => truthy(rt.send(v, "blank?", [], null));

export const HASH_SUPPORT: Record<string, Method<H>> = {
  deep_merge: (rt, self, args, block) => (arity(args, 1), deepMerge(rt, self.dup(), hashArg(args[0]), block)),
  "deep_merge!": (rt, self, args, block) => (arity(args, 1), deepMerge(rt, change(rt, self), hashArg(args[0]), block)),
  reverse_merge: (rt, self, args) => reverseMerge(rt, self, args),
  with_defaults: (rt, self, args) => reverseMerge(rt, self, args),
  "reverse_merge!": (rt, self, args) => inPlace(rt, self, reverseMerge(rt, self, args)),
  "with_defaults!": (rt, self, args) => inPlace(rt, self, reverseMerge(rt, self, args)),
  reverse_update: (rt, self, args) => inPlace(rt, self, reverseMerge(rt, self, args)),
  symbolize_keys: (rt, self) => shallow(rt, self, toSymbol),
  to_options: (rt, self) => shallow(rt, self, toSymbol),
  stringify_keys: (rt, self) => shallow(rt, self, toText),
  "symbolize_keys!": (rt, self) => inPlace(rt, self, shallow(rt, self, toSymbol)),
  "to_options!": (rt, self) => inPlace(rt, self, shallow(rt, self, toSymbol)),
  "stringify_keys!": (rt, self) => inPlace(rt, self, shallow(rt, self, toText)),
  deep_symbolize_keys: (rt, self) => deepKeys(rt, self, (k) => toSymbol(rt, k)),
  deep_stringify_keys: (rt, self) => deepKeys(rt, self, (k) => toText(rt, k)),
  "deep_symbolize_keys!": (rt, self) => inPlace(rt, self, deepKeys(rt, self, (k) => toSymbol(rt, k))),
  "deep_stringify_keys!": (rt, self) => inPlace(rt, self, deepKeys(rt, self, (k) => toText(rt, k))),
  deep_transform_keys: (rt, self, _a, block) => (block ? deepKeys(rt, self, (k) => rt.yield(block, [k])) : undefined),
  "deep_transform_keys!": (rt, self, _a, block) => (block ? inPlace(rt, self, deepKeys(rt, self, (k) => rt.yield(block, [k]))) : undefined),
  deep_transform_values: (rt, self, _a, block) => (block ? deepValues(rt, self, block) : undefined),
  "deep_transform_values!": (rt, self, _a, block) => (block ? inPlace(rt, self, deepValues(rt, self, block)) : undefined),
  "except!": (rt, self, args) => {
    for (const k of args) if (hasKey(change(rt, self), k)) self.delete(k);
    return self;
  },
  "slice!": (rt, self, args) => {
    const omitted = pairs(self).filter(([k]) => !args.some((a) => requal(a, k)));
    refill(change(rt, self), pairs(self).filter(([k]) => args.some((a) => requal(a, k))));
    return new RHash(omitted);
  },
  "extract!": (rt, self, args) => {
    const out = new RHash();
    for (const k of args) if (hasKey(self, k)) out.set(k, change(rt, self).delete(k)!);
    return out;
  },
  compact_blank: (rt, self) => new RHash(pairs(self).filter(([, v]) => !isBlank(rt, v))),
  "compact_blank!": (rt, self) => refill(change(rt, self), pairs(self).filter(([, v]) => !isBlank(rt, v))),
  assert_valid_keys: (rt, self, args) => assertValidKeys(rt, self, args),
  to_query: (rt, self, args) => (arity(args, 0, 1), str(hashToQuery(rt, self, args[0] ?? null))),
  to_param: (rt, self, args) => (arity(args, 0, 1), str(hashToQuery(rt, self, args[0] ?? null))),
  deep_dup: (rt, self) => {
    // `dup` first: the default and the default proc come along.
    const out = self.dup();
    for (const [k, v] of pairs(self)) out.set(k, rt.send(v, "deep_dup", [], null));
    return out;
  },
  "extractable_options?": () => true,
};
