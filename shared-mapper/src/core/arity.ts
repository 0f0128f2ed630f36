/**
 * Ruby's check of how many arguments a method takes, made before anything else the method
 * does (the VM checks a C method's fixed arity, `rb_scan_args` comes first in the others):
 * `"a".length(1)` is an ArgumentError whatever the argument. The arities are Ruby's
 * (`wrong number of arguments (given 7, expected …)` for each method, asked of Ruby 3.1 and
 * ActiveSupport 6.1). Keyword arguments (`clone(freeze: false)`) arrive as a last Hash and are
 * not counted for the methods that take them.
 */
import type { RProc, RValue } from "../ruby/values.js";
import { RHash } from "../ruby/values.js";
import { arity, type Methods, type Runtime } from "./runtime.js";

/** `{ "0..1": "to_i sum chomp", … }`: method names by arity. */
export type AritySpec = Record<string, string>;

function bounds(text: string): [number, number] {
  const [min, max] = text.split("..").map(Number);
  return [min, max ?? min];
}

/** The table with each method named in `spec` checking its arguments' count first. */
export function checked<T>(table: Methods<T>, spec: AritySpec, keywords: readonly string[] = []): Methods<T> {
  const out: Methods<T> = { ...table };
  for (const [range, names] of Object.entries(spec)) {
    const [min, max] = bounds(range);
    for (const name of names.split(/\s+/).filter(Boolean)) {
      const method = table[name];
      if (!method) throw new Error(`internal: no method ${name} to check`);
      const takesKeywords = keywords.includes(name);
      out[name] = (rt: Runtime, self: T, args: RValue[], block: RProc | null) => {
        const counted = takesKeywords && args[args.length - 1] instanceof RHash ? args.slice(0, -1) : args;
        arity(counted, min, max);
        return method(rt, self, args, block);
      };
    }
  }
  return out;
}
