/**
 * The class methods of the collections (array.c, hash.c, range.c, set.rb, enumerator.c, and
 * ActiveSupport's `Array.wrap`): `Array.new`/`[]`/`wrap`, `Hash.new`/`[]`, `Set.new`/`[]`,
 * `Range.new`, `Enumerator.new`. The facade asks these before the other classes' tables.
 */
import { typeName } from "../ruby/print.js";
import { RHash, RUnknown, RValue, UnknownValueError } from "../ruby/values.js";
import { index } from "./arrayIndex.js";
import { generatorNew } from "./enumerator.js";
import { indifferent } from "./indifferent.js";
import { decided } from "./iterate.js";
import { rangeNew } from "./range.js";
import { arity, rubyError, type Methods } from "./runtime.js";
import { SET_CLASS } from "./set.js";

/** `Hash[[[k, v], …]]`: each element a pair (or a key alone); Ruby's errors for anything else. */
function hashOfPairs(list: RValue[]): RHash {
  const out = new RHash();
  list.forEach((p, i) => {
    if (p instanceof RUnknown) throw new UnknownValueError(p);
    if (!Array.isArray(p)) throw rubyError("ArgumentError", `wrong element type ${typeName(p)} at ${i} (expected array)`);
    if (p.length < 1 || p.length > 2) throw rubyError("ArgumentError", `invalid number of elements (${p.length} for 1..2)`);
    out.set(p[0], p.length > 1 ? p[1] : null);
  });
  return out;
}

/** `HashWithIndifferentAccess.new(hash)`, `.[](*pairs)`. */
const HWIA_CLASS: Methods<RValue> = {
  new: (_rt, _c, args) => {
    arity(args, 0, 1);
    if (!args.length) return indifferent(new RHash());
    if (args[0] instanceof RHash) return indifferent(args[0]);
    decided(args[0]);
    const h = indifferent(new RHash());
    h.defaultValue = args[0];
    return h;
  },
};

export const COLLECTION_CLASSES: Record<string, Methods<RValue>> = {
  "ActiveSupport::HashWithIndifferentAccess": HWIA_CLASS,
  HashWithIndifferentAccess: HWIA_CLASS,
  Array: {
    new: (rt, _c, args, block) => {
      arity(args, 0, 2);
      if (args.length === 1 && Array.isArray(args[0])) return args[0].slice();
      const n = args.length ? index(args[0]) : 0;
      if (n < 0) throw rubyError("ArgumentError", "negative array size");
      rt.alloc(n);
      const out: RValue[] = [];
      for (let i = 0; i < n; i++) out.push(block ? rt.yield(block, [i]) : args[1] ?? null);
      return out;
    },
    "[]": (_rt, _c, args) => args.slice(),
    wrap: (_rt, _c, args) => {
      arity(args, 1);
      const [v] = args;
      if (v instanceof RUnknown) throw new UnknownValueError(v);
      return v === null ? [] : Array.isArray(v) ? v : [v];
    },
    try_convert: (_rt, _c, args) => (arity(args, 1), Array.isArray(args[0]) ? args[0] : null),
  },
  Hash: {
    new: (_rt, _c, args, block) => {
      if (block && args.length) throw rubyError("ArgumentError", `wrong number of arguments (given ${args.length}, expected 0)`);
      arity(args, 0, 1);
      const h = new RHash();
      if (block) h.defaultProc = block;
      else if (args.length) h.defaultValue = args[0];
      return h;
    },
    "[]": (_rt, _c, args) => {
      if (args.length === 1 && args[0] instanceof RHash) return new RHash(args[0].entries());
      if (args.length === 1 && Array.isArray(args[0])) return hashOfPairs(args[0]);
      if (args.length % 2) throw rubyError("ArgumentError", "odd number of arguments for Hash");
      const out = new RHash();
      for (let i = 0; i < args.length; i += 2) out.set(args[i], args[i + 1]);
      return out;
    },
    try_convert: (_rt, _c, args) => (arity(args, 1), args[0] instanceof RHash ? args[0] : null),
  },
  Set: SET_CLASS,
  Range: {
    new: (rt, _c, args) => rangeNew(rt, args),
  },
  Enumerator: {
    new: (_rt, _c, args, block) => generatorNew(args, block),
  },
};
