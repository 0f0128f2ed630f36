/**
 * ActiveSupport::OrderedOptions (active_support/ordered_options.rb, 6.1): a Hash whose keys are
 * Symbols (`[]` and `[]=` take `key.to_sym`), and whose other methods are its keys' readers
 * and writers (`method_missing`: `x` reads `:x`, `x=` sets it, `x!` raises KeyError when it is
 * blank). What `config_for` returns (framework/appSettings.ts). A method Hash or Object has
 * (`orderedOptionsMethods.ts`) stays Hash's; an RHash marked here is an OrderedOptions.
 */
import { RConst, RHash, RString, RSymbol, blank, orderedOptionsHashes, stringValue, sym, type RValue } from "../ruby/values.js";
import { inspect } from "../ruby/print.js";
import { hashGet, store } from "./hashBase.js";
import { ORDERED_OPTIONS_METHODS } from "./orderedOptionsMethods.js";
import { arity, rubyError, type Result, type Runtime } from "./runtime.js";

export const ORDERED_OPTIONS = "ActiveSupport::OrderedOptions";

const marked = orderedOptionsHashes;
export const isOrderedOptions = (v: RValue): v is RHash => v instanceof RHash && marked.has(v);

/** `ActiveSupport::OrderedOptions.new.update(hash)`: the pairs as they are (`update` is Hash's). */
export function orderedOptions(pairs: RHash): RHash {
  const out = new RHash(pairs.entries());
  marked.add(out);
  return out;
}

/** Hash's methods that copy the receiver with its class (`rb_hash_dup`, ActiveSupport's `dup.deep_merge!`); the others give a plain Hash. */
const SAME_CLASS = new Set(["merge", "dup", "clone", "deep_merge", "deep_dup"]);

/** Hash's answer for a method of OrderedOptions that Hash has: marked again where Ruby keeps the class. */
export function asOrderedOptions(name: string, result: Result): Result {
  if (SAME_CLASS.has(name) && result instanceof RHash) marked.add(result);
  return result;
}

/** `key.to_sym`: a String or Symbol; anything else has no `to_sym` in Ruby. */
function toSym(key: RValue): RSymbol {
  if (key instanceof RSymbol) return key;
  const text = typeof key === "string" || key instanceof RString ? stringValue(key) : undefined;
  if (text !== undefined) return sym(text);
  throw rubyError("NoMethodError", `undefined method \`to_sym' for ${inspect(key)}`);
}

/** OrderedOptions' own methods, and `method_missing` for names Hash does not have; undefined for Hash's. */
export function orderedOptionsCall(rt: Runtime, self: RHash, name: string, args: RValue[]): Result | undefined {
  switch (name) {
    case "[]":
      arity(args, 1);
      return hashGet(rt, self, toSym(args[0]));
    case "[]=":
      arity(args, 2);
      return store(rt, self, toSym(args[0]), args[1]);
    case "class":
      return new RConst(ORDERED_OPTIONS);
    case "instance_of?":
      return args[0] instanceof RConst && args[0].path.replace(/^::/, "") === ORDERED_OPTIONS;
    case "to_s":
      // Hash#to_s is an alias of Hash's own inspect (hash.c): OrderedOptions' `inspect` is not it.
      return new RString(inspect(new RHash(self.entries()), rt.ruby), false);
    case "extractable_options?":
    case "respond_to?":
    case "respond_to_missing?":
      return true;
  }
  if (ORDERED_OPTIONS_METHODS.has(name) || !/^[a-z_][a-z0-9_]*[!=]?$/i.test(name)) return undefined;
  if (name.endsWith("=")) return store(rt, self, sym(name.slice(0, -1)), args[0] ?? null);
  if (name.endsWith("!")) {
    const value = hashGet(rt, self, sym(name.slice(0, -1)));
    if (blank(value)) throw rubyError("KeyError", `:${name.slice(0, -1)} is blank`);
    return value;
  }
  return hashGet(rt, self, sym(name));
}
