/**
 * The class methods of the collections (array.c, hash.c, range.c, enumerator.c, ActiveSupport's
 * HashWithIndifferentAccess) that kernel.ts's table of class methods lacks or answers
 * differently: `Hash[]`, `try_convert`, `Range.new`, `Enumerator.new`,
 * `HashWithIndifferentAccess.new`. The facade asks these first.
 */
import { typeName } from "../ruby/print.js";
import { RHash, RUnknown, RValue, UnknownValueError } from "../ruby/values.js";
import { generatorNew } from "./enumerator.js";
import { indifferent } from "./indifferent.js";
import { decided } from "./iterate.js";
import { rangeNew } from "./range.js";
import { arity, rubyError, type Methods } from "./runtime.js";

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
  // `Array.new`, `Array.wrap`, `Hash.new`, `Set.new`, `Set[]` are kernel.ts's; these are the ones it lacks or answers differently.
  Array: {
    try_convert: (_rt, _c, args) => (arity(args, 1), Array.isArray(args[0]) ? args[0] : null),
  },
  Hash: {
    // A Hash given alone is copied without its default (kernel.ts's keeps it).
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
  Range: {
    new: (rt, _c, args) => rangeNew(rt, args),
  },
  Enumerator: {
    new: (_rt, _c, args, block) => generatorNew(args, block),
  },
};
