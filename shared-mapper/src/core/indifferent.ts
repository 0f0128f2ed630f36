/**
 * ActiveSupport::HashWithIndifferentAccess (active_support/hash_with_indifferent_access.rb,
 * 6.1): a Hash whose Symbol keys are stored as Strings, read back with either; a Hash value
 * stored in one becomes one too (`nested_under_indifferent_access`), and so do the Hashes in
 * an Array value. An RHash marked here is one. Its own methods convert keys and keep the
 * class; Hash's methods that neither take a key nor build a Hash behave as on any Hash; any
 * other Hash method is left unknown rather than answered as a plain Hash would.
 */
import { RConst, RHash, RProc, RSymbol, RValue, isFrozen } from "../ruby/values.js";
import { digInto } from "./array.js";
import { change, hashArg, hashGet, hasKey, lookup, store } from "./hashBase.js";
import { enumeratorOf } from "./iterate.js";
import { arity, type Method, type Runtime } from "./runtime.js";

type H = RHash;
export const HWIA = "ActiveSupport::HashWithIndifferentAccess";

const marked = new WeakSet<RHash>();
export const isIndifferent = (v: RValue): boolean => v instanceof RHash && marked.has(v);

/** `convert_key`: a Symbol key is its name. */
const key = (k: RValue): RValue => (k instanceof RSymbol ? k.name : k);

/** `convert_value`: Hashes become indifferent (or plain again for `to_hash`), Arrays are mapped. */
function value(v: RValue, conversion: "assignment" | "to_hash" | "merge"): RValue {
  if (v instanceof RHash) return conversion === "to_hash" ? plain(v) : isIndifferent(v) ? v : indifferent(v);
  if (Array.isArray(v)) {
    const list = conversion !== "assignment" || isFrozen(v) ? v.slice() : v;
    for (let i = 0; i < list.length; i++) list[i] = value(list[i], conversion);
    return list;
  }
  return v;
}

/** `HashWithIndifferentAccess.new(hash)`: its pairs converted, its default kept. */
export function indifferent(source: H): H {
  const out = new RHash();
  marked.add(out);
  for (const [k, v] of source.entries()) out.set(key(k), isIndifferent(source) ? v : value(v, "merge"));
  out.defaultValue = source.defaultValue;
  out.defaultProc = source.defaultProc;
  return out;
}

/** `to_hash`: a plain Hash, nested indifferent ones made plain too. */
function plain(h: H): H {
  const out = new RHash();
  for (const [k, v] of h.entries()) out.set(k, isIndifferent(h) ? value(v, "to_hash") : v);
  out.defaultValue = h.defaultValue;
  out.defaultProc = h.defaultProc;
  return out;
}

/** `update`: each other hash's pairs, keys converted, a block deciding keys found in both. */
function update(rt: Runtime, self: H, others: RValue[], block: RProc | null): H {
  for (const other of others.map(hashArg)) {
    for (const [k0, v0] of other.entries()) {
      const k = key(k0);
      let v = v0;
      if (block && hasKey(self, k)) v = rt.yield(block, [k, hashGet(rt, self, k), v0]);
      store(rt, self, k, isIndifferent(other) ? v : value(v, "merge"));
    }
  }
  return self;
}

/** HashWithIndifferentAccess#transform_keys!: each key taken out and stored again under the block's key. */
function transformKeys(rt: Runtime, h: H, block: RProc): H {
  for (const k of h.keys()) {
    const v = h.delete(k)!;
    store(rt, h, key(rt.yield(block, [k])), value(v, "assignment"));
  }
  return h;
}

/** A method of the plain Hash run on a copy that stays indifferent (`select`, `compact`…). */
const onCopy =
  (name: string, bang: string, plainHash: Record<string, Method<H>>): Method<H> =>
  (rt, self, args, block) => {
    if (!block && name !== "compact") return enumeratorOf(self, name, args);
    const copy = indifferent(self);
    plainHash[bang](rt, copy, args, block);
    return copy;
  };

/** Hash's methods as HashWithIndifferentAccess has them; `plainHash` is Hash's own table. */
export function indifferentMethods(plainHash: Record<string, Method<H>>): Record<string, Method<H>> {
  const keyed = (name: string): Method<H> => (rt, self, args, block) => plainHash[name](rt, self, args.map(key), block);
  return {
    "[]": keyed("[]"),
    fetch: (rt, self, args, block) => plainHash.fetch(rt, self, args.length ? [key(args[0]), ...args.slice(1)] : args, block),
    "key?": keyed("key?"),
    "has_key?": keyed("has_key?"),
    "include?": keyed("include?"),
    "member?": keyed("member?"),
    assoc: keyed("assoc"),
    values_at: keyed("values_at"),
    fetch_values: keyed("fetch_values"),
    delete: keyed("delete"),
    default: keyed("default"),
    "slice!": keyed("slice!"),
    "except!": keyed("except!"),
    dig: (rt, self, args) => {
      arity(args, 1, Infinity);
      const found = hashGet(rt, self, key(args[0]));
      return args.length === 1 || found === null ? found : digInto(rt, found, args.slice(1));
    },
    "[]=": (rt, self, args) => (arity(args, 2), store(rt, self, key(args[0]), value(args[1], "assignment"))),
    store: (rt, self, args) => (arity(args, 2), store(rt, self, key(args[0]), value(args[1], "assignment"))),
    update: (rt, self, args, block) => update(rt, change(rt, self), args, block),
    "merge!": (rt, self, args, block) => update(rt, change(rt, self), args, block),
    merge: (rt, self, args, block) => update(rt, indifferent(self), args, block),
    deep_merge: (rt, self, args, block) => plainHash["deep_merge!"](rt, indifferent(self), [indifferent(hashArg(args[0]))], block),
    "deep_merge!": (rt, self, args, block) => plainHash["deep_merge!"](rt, self, [indifferent(hashArg(args[0]))], block),
    reverse_merge: (rt, self, args) => update(rt, indifferent(hashArg(args[0])), [self], null),
    with_defaults: (rt, self, args) => update(rt, indifferent(hashArg(args[0])), [self], null),
    replace: (rt, self, args) => plainHash.replace(rt, self, [indifferent(hashArg(args[0]))], null),
    dup: (_rt, self) => indifferent(self),
    with_indifferent_access: (_rt, self) => indifferent(self),
    nested_under_indifferent_access: (_rt, self) => self,
    except: (_rt, self, args) => {
      const drop = args.map(key);
      const out = indifferent(self);
      for (const k of drop) if (lookup(out, k) !== undefined) out.delete(k);
      return out;
    },
    slice: (rt, self, args) => indifferent(plainHash.slice(rt, self, args.map(key), null) as H),
    "stringify_keys!": (_rt, self) => self,
    "deep_stringify_keys!": (_rt, self) => self,
    stringify_keys: (_rt, self) => indifferent(self),
    deep_stringify_keys: (_rt, self) => indifferent(self),
    symbolize_keys: (rt, self) => plainHash.symbolize_keys(rt, plain(self), [], null),
    to_options: (rt, self) => plainHash.symbolize_keys(rt, plain(self), [], null),
    deep_symbolize_keys: (rt, self) => plainHash.deep_symbolize_keys(rt, plain(self), [], null),
    "to_options!": (_rt, self) => self,
    select: onCopy("select", "select!", plainHash),
    filter: onCopy("filter", "select!", plainHash),
    reject: onCopy("reject", "reject!", plainHash),
    transform_values: onCopy("transform_values", "transform_values!", plainHash),
    compact: onCopy("compact", "compact!", plainHash),
    transform_keys: (rt, self, args, block) => (block ? transformKeys(rt, indifferent(self), block) : enumeratorOf(self, "transform_keys", args)),
    "transform_keys!": (rt, self, args, block) => (block ? transformKeys(rt, change(rt, self), block) : enumeratorOf(self, "transform_keys!", args)),
    compact_blank: (rt, self) => plainHash["compact_blank!"](rt, indifferent(self), [], null),
    to_hash: (_rt, self) => plain(self),
    to_h: (rt, self, args, block) => (block ? plainHash.to_h(rt, self, args, block) : shallowPlain(self)),
    class: () => new RConst(HWIA),
    "instance_of?": (_rt, _self, args) => args[0] instanceof RConst && args[0].path.replace(/^::/, "") === HWIA,
    "extractable_options?": () => true,
  };
}

/** `to_h` of a subclass of Hash: a plain Hash of the same pairs (nested ones stay as they are). */
function shallowPlain(h: H): H {
  const out = new RHash(h.entries());
  out.defaultValue = h.defaultValue;
  out.defaultProc = h.defaultProc;
  return out;
}

/** Hash's methods that take no key and build no Hash: the same on an indifferent one. */
export const SAME_ON_INDIFFERENT = new Set([
  "keys", "values", "length", "size", "empty?", "each", "each_pair", "each_key", "each_value", "to_a", "to_s", "inspect", "value?",
  "has_value?", "key", "rassoc", "any?", "select!", "filter!", "keep_if", "reject!", "delete_if", "clear", "shift", "invert",
  "transform_values!", "compact!", "flatten", "default=", "default_proc", "eql?", "<=", "<", ">=", ">", "to_proc", "hash",
  "assert_valid_keys", "to_query", "to_param", "deep_transform_keys", "compact_blank!", "deconstruct_keys", "==", "frozen?",
]);
