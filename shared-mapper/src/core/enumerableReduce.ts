/**
 * Enumerable's reductions (enum.c `inject`, `sum`): `inject`/`reduce` with an initial value,
 * an operator's name or a block, and `sum` as ActiveSupport 6.1 leaves it over Ruby's own.
 */
import { inspect } from "../ruby/print.js";
import { RFloat, RProc, RUnknown, RValue, UnknownValueError, numberValue, stringValue } from "../ruby/values.js";
import { elementOf, iterate, yieldPacked, yieldValues } from "./iterate.js";
import { addValues } from "./numeric.js";
import { arity, rubyError, type Result, type Runtime } from "./runtime.js";

/** `inject`/`reduce`: with an initial value or not, a block or an operator's name. */
export function inject(rt: Runtime, self: RValue, args: RValue[], block: RProc | null): Result {
  arity(args, 0, 2);
  let op: string | undefined;
  let acc: RValue | undefined;
  if (args.length === 2) [acc, op] = [args[0], operatorName(rt, args[1])];
  else if (args.length === 1 && !block) op = operatorName(rt, args[0]);
  else if (args.length === 1) acc = args[0];
  else if (!block) throw rubyError("LocalJumpError", "no block given");
  iterate(rt, self, (y) => {
    const v = elementOf(y);
    if (acc === undefined) acc = v;
    else acc = op ? rt.send(acc, op, [v], null) : rt.yield(block!, [acc, v]);
  });
  return acc ?? null;
}

function operatorName(rt: Runtime, v: RValue): string {
  const name = stringValue(v) ?? (v as { name?: unknown })?.name;
  if (v instanceof RUnknown) throw new UnknownValueError(v);
  if (typeof name !== "string") throw rubyError("TypeError", `${inspect(v, rt.ruby)} is not a symbol nor a string`);
  return name;
}

/**
 * `Enumerable#sum` as ActiveSupport 6.1 leaves it: with an initial value, Ruby's own sum;
 * with a block, the block's values summed; else `inject(:+) || 0` (so Strings and Arrays
 * add up, and nothing sums to 0).
 */
export function enumerableSum(rt: Runtime, self: RValue, args: RValue[], block: RProc | null): RValue {
  arity(args, 0, 1);
  if (args.length && args[0] !== null) {
    const values: RValue[] = [];
    iterate(rt, self, (y) => values.push(block ? yieldPacked(rt, block, y) : elementOf(y)));
    return sumValues(rt, args[0], values);
  }
  if (block) {
    const mapped: RValue[] = [];
    iterate(rt, self, (y) => mapped.push(yieldValues(rt, block, y)));
    return rt.send(mapped, "sum", [], null);
  }
  return inject(rt, self, [operatorSym], null) ?? 0;
}
const operatorSym = "+";

/**
 * Ruby's own `sum`: Integers add exactly; once a Float is met, Ruby sums the rest with
 * Kahan-Babuska compensation (`[0.1, 0.2, 0.3].sum` is 0.6); anything else adds with `+`.
 */
export function sumValues(rt: Runtime, init: RValue, values: RValue[]): RValue {
  let total: RValue = init;
  let i = 0;
  for (; i < values.length && typeof total === "number" && typeof values[i] === "number"; i++) total = addValues(rt, total, values[i]);
  if (i < values.length && numberValue(total) !== undefined && values[i] instanceof RFloat) {
    let f = numberValue(total)!;
    let c = 0;
    for (; i < values.length; i++) {
      const x = numberValue(values[i]);
      if (x === undefined) break;
      const t = f + x;
      if (Number.isFinite(t)) c += Math.abs(f) >= Math.abs(x) ? f - t + x : x - t + f;
      f = t;
    }
    total = new RFloat(f + c);
  }
  for (; i < values.length; i++) total = addValues(rt, total, values[i]);
  return total;
}

