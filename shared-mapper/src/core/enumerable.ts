/**
 * Ruby's Enumerable (enum.c) over `iterate`: what Array, Hash, Range, Set, Struct and
 * Enumerator share; a class's own methods (Array's, Hash's) come first. Called without the
 * block Ruby would yield to, a method gives an Enumerator, as in Ruby. Each method hands a
 * step to its block as enum.c does: packed (`select`, `find`, `inject`…) or as separate
 * values (`map`, `count`, `any?`…), which differ for `each_with_index` and other steps that
 * yield two values. Ordering is `enumerableOrder.ts`, slices `enumerableSlices.ts`,
 * ActiveSupport's additions `enumerableSupport.ts`, `lazy` `lazy.ts`.
 */
import { RHash, RProc, RUnknown, RValue, UnknownValueError, requal, stringValue } from "../ruby/values.js";
import { inspect, noImplicitConversion, typeName } from "../ruby/print.js";
import { ORDER } from "./enumerableOrder.js";
import { enumerableSum, inject } from "./enumerableReduce.js";
import { SLICES } from "./enumerableSlices.js";
import { SUPPORT } from "./enumerableSupport.js";
import { decided, each, elementOf, enumeratorOf, iterate, toArray, truthy, type Yielded, yieldPacked, yieldValues } from "./iterate.js";
import { index } from "./arrayIndex.js";
import { arity, rubyError, type Method, type Methods, type Result, type Runtime } from "./runtime.js";
import { lookup, put } from "./hashBase.js";
import { ValueSet, setFrom } from "./valueSet.js";

export { enumeratorOf };
export { enumerableSum, sumValues } from "./enumerableReduce.js";

/** A method that takes no arguments and gives an Enumerator without its block. */
const withBlock =
  (name: string, fn: (rt: Runtime, self: RValue, block: RProc) => Result): Method<RValue> =>
  (rt, self, args, block) => {
    arity(args, 0);
    return block ? fn(rt, self, block) : enumeratorOf(self, name, args);
  };

function collect(rt: Runtime, self: RValue, block: RProc): RValue[] {
  const out: RValue[] = [];
  iterate(rt, self, (y) => out.push(yieldValues(rt, block, y)));
  return out;
}

function flatMap(rt: Runtime, self: RValue, block: RProc): RValue[] {
  const out: RValue[] = [];
  iterate(rt, self, (y) => {
    const v = yieldValues(rt, block, y);
    if (Array.isArray(v)) {
      rt.alloc(out.length + v.length);
      for (const x of v) out.push(x);
    } else out.push(v);
  });
  return out;
}

function filter(rt: Runtime, self: RValue, block: RProc, keep: boolean): RValue[] {
  const out: RValue[] = [];
  iterate(rt, self, (y) => {
    if (truthy(yieldPacked(rt, block, y)) === keep) out.push(elementOf(y));
  });
  return out;
}

function filterMap(rt: Runtime, self: RValue, block: RProc): RValue[] {
  const out: RValue[] = [];
  iterate(rt, self, (y) => {
    const v = yieldValues(rt, block, y);
    if (truthy(v)) out.push(v);
  });
  return out;
}

const find = (rt: Runtime, self: RValue, block: RProc): RValue =>
  each(rt, self, (y, stop) => (truthy(yieldPacked(rt, block, y)) ? stop(elementOf(y)) : undefined)) ?? null;

function findIndex(rt: Runtime, self: RValue, args: RValue[], block: RProc | null): Result {
  arity(args, 0, 1);
  if (!block && !args.length) return enumeratorOf(self, "find_index", args);
  let i = 0;
  const found = each(rt, self, (y, stop) => {
    if (args.length ? requal(elementOf(y), args[0]) : truthy(yieldValues(rt, block!, y))) stop(i);
    i++;
  });
  return found ?? null;
}

/** `first(n)`/`take(n)`: the first `n` elements, stopping there (an endless source is fine). */
export function take(rt: Runtime, self: RValue, n: number): RValue[] {
  const out: RValue[] = [];
  if (n === 0) return out;
  each(rt, self, (y, stop) => {
    out.push(elementOf(y));
    if (out.length >= n) stop();
  });
  return out;
}

/** `include?`: true where an element is equal, though others are unknown; unknown where only they could be. */
function includes(rt: Runtime, self: RValue, args: RValue[]): boolean {
  arity(args, 1);
  let open: UnknownValueError | undefined;
  const found = each(rt, self, (y, stop) => {
    if (openTest(() => requal(elementOf(y), args[0]), (e) => (open ??= e))) stop(true);
  });
  if (found === true) return true;
  if (open) throw open;
  return false;
}

/** A test that may meet an unknown: false then, and `onUnknown` is told. */
function openTest(test: () => boolean, onUnknown: (e: UnknownValueError) => void): boolean {
  try {
    return test();
  } catch (e) {
    if (!(e instanceof UnknownValueError)) throw e;
    onUnknown(e);
    return false;
  }
}

/**
 * `any?`/`all?`/`none?`/`one?`. Without a block, an element whose answer is unknown leaves the
 * question open only if the others do not settle it (`[unknown, 1].any?` is true); a block
 * is not run past an unknown answer, as Ruby might have stopped there.
 */
function quantify(rt: Runtime, self: RValue, args: RValue[], block: RProc | null, kind: "any" | "all" | "none" | "one"): boolean {
  arity(args, 0, 1);
  let hits = 0;
  let misses = 0;
  let open: UnknownValueError | undefined;
  const test = (y: Yielded): boolean =>
    args.length ? truthy(rt.send(args[0], "===", [elementOf(y)], null)) : truthy(elementOf(y));
  each(rt, self, (y, stop) => {
    // undefined: this element's answer is unknown.
    let hit: boolean | undefined;
    if (block && !args.length) hit = truthy(yieldValues(rt, block, y));
    else {
      try {
        hit = test(y);
      } catch (e) {
        if (!(e instanceof UnknownValueError)) throw e;
        open ??= e;
      }
    }
    if (hit === true) hits++;
    else if (hit === false) misses++;
    if ((kind === "any" && hits) || (kind === "all" && misses) || (kind === "none" && hits) || (kind === "one" && hits > 1)) stop();
  });
  if (kind === "any" && hits) return true;
  if (kind === "all" && misses) return false;
  if (kind === "none" && hits) return false;
  if (kind === "one" && hits > 1) return false;
  if (open) throw open;
  if (kind === "any") return false;
  if (kind === "all" || kind === "none") return true;
  return hits === 1;
}

/**
 * `to_h`: pairs (or what the block makes of each element) into a Hash; Ruby's errors for
 * anything else, which name the element's position except for Enumerable's with a block.
 */
export function toHash(rt: Runtime, self: RValue, block: RProc | null, indexed = !block): RHash {
  const out = new RHash();
  let i = 0;
  iterate(rt, self, (y) => {
    const pair = block ? yieldValues(rt, block, y) : elementOf(y);
    decided(pair);
    if (!Array.isArray(pair)) throw rubyError("TypeError", `wrong element type ${typeName(pair)} ${indexed ? `at ${i} ` : ""}(expected array)`);
    if (pair.length !== 2) {
      throw rubyError("ArgumentError", indexed ? `wrong array length at ${i} (expected 2, was ${pair.length})` : `element has wrong array length (expected 2, was ${pair.length})`);
    }
    put(out, pair[0], pair[1]);
    i++;
  });
  return out;
}

function tally(rt: Runtime, self: RValue, args: RValue[]): RHash {
  arity(args, 0, 1);
  if (args.length && !(args[0] instanceof RHash)) throw rubyError("TypeError", noImplicitConversion(args[0], "Hash"));
  const out = args.length ? (args[0] as RHash) : new RHash();
  iterate(rt, self, (y) => {
    const v = elementOf(y);
    put(out, v, ((lookup(out, v) as number | undefined) ?? 0) + 1);
  });
  return out;
}

function groupBy(rt: Runtime, self: RValue, block: RProc): RHash {
  const out = new RHash();
  iterate(rt, self, (y) => {
    const key = yieldPacked(rt, block, y);
    const list = lookup(out, key) as RValue[] | undefined;
    if (list) list.push(elementOf(y));
    else put(out, key, [elementOf(y)]);
  });
  return out;
}

/** `uniq`: the first of each run of `eql?` elements (or of equal block values). */
export function uniqBy(rt: Runtime, list: Iterable<Yielded>, block: RProc | null): RValue[] {
  const seen = new ValueSet();
  const out: RValue[] = [];
  for (const y of list) {
    rt.charge(1);
    if (seen.add(block ? yieldValues(rt, block, y) : elementOf(y))) out.push(elementOf(y));
  }
  return out;
}

function steps(rt: Runtime, self: RValue): Yielded[] {
  const out: Yielded[] = [];
  iterate(rt, self, (y) => out.push(y));
  return out;
}

function eachWithIndex(rt: Runtime, self: RValue, args: RValue[], block: RProc | null): Result {
  arity(args, 0);
  if (!block) return enumeratorOf(self, "each_with_index", args);
  let i = 0;
  iterate(rt, self, (y) => rt.yield(block, [elementOf(y), i++]));
  return self;
}

function eachWithObject(rt: Runtime, self: RValue, args: RValue[], block: RProc | null): Result {
  arity(args, 1);
  if (!block) return enumeratorOf(self, "each_with_object", args);
  iterate(rt, self, (y) => rt.yield(block, [elementOf(y), args[0]]));
  return args[0];
}

function nonNegative(args: RValue[], what: "take" | "drop"): number {
  arity(args, 1);
  const n = index(args[0]);
  if (n < 0) throw rubyError("ArgumentError", `attempt to ${what} negative size`);
  return n;
}

export const ENUMERABLE: Methods<RValue> = {
  ...ORDER,
  ...SLICES,
  ...SUPPORT,
  to_a: (rt, self, args) => (arity(args, 0), [...toArray(rt, self)]),
  entries: (rt, self, args) => (arity(args, 0), [...toArray(rt, self)]),
  map: withBlock("map", (rt, self, block) => collect(rt, self, block)),
  collect: withBlock("collect", (rt, self, block) => collect(rt, self, block)),
  flat_map: withBlock("flat_map", (rt, self, block) => flatMap(rt, self, block)),
  collect_concat: withBlock("collect_concat", (rt, self, block) => flatMap(rt, self, block)),
  select: withBlock("select", (rt, self, block) => filter(rt, self, block, true)),
  filter: withBlock("filter", (rt, self, block) => filter(rt, self, block, true)),
  find_all: withBlock("find_all", (rt, self, block) => filter(rt, self, block, true)),
  reject: withBlock("reject", (rt, self, block) => filter(rt, self, block, false)),
  filter_map: withBlock("filter_map", (rt, self, block) => filterMap(rt, self, block)),
  find: (rt, self, args, block) => (arity(args, 0, 1), block ? find(rt, self, block) : enumeratorOf(self, "find", args)),
  detect: (rt, self, args, block) => (arity(args, 0, 1), block ? find(rt, self, block) : enumeratorOf(self, "detect", args)),
  find_index: (rt, self, args, block) => findIndex(rt, self, args, block),
  each_with_index: (rt, self, args, block) => eachWithIndex(rt, self, args, block),
  each_with_object: (rt, self, args, block) => eachWithObject(rt, self, args, block),
  each_entry: (rt, self, args, block) => {
    if (!block) return enumeratorOf(self, "each_entry", args);
    iterate(rt, self, (y) => yieldPacked(rt, block, y));
    return self;
  },
  reverse_each: (rt, self, args, block) => {
    if (!block) return enumeratorOf(self, "reverse_each", args);
    const list = steps(rt, self);
    for (let i = list.length - 1; i >= 0; i--) yieldPacked(rt, block, list[i]);
    return self;
  },
  inject: (rt, self, args, block) => inject(rt, self, args, block),
  reduce: (rt, self, args, block) => inject(rt, self, args, block),
  sum: (rt, self, args, block) => enumerableSum(rt, self, args, block),
  count: (rt, self, args, block) => {
    if (args.length > 1) arity(args, 1);
    let n = 0;
    iterate(rt, self, (y) => {
      if (args.length ? requal(elementOf(y), args[0]) : !block || truthy(yieldValues(rt, block, y))) n++;
    });
    return n;
  },
  tally: (rt, self, args) => tally(rt, self, args),
  group_by: withBlock("group_by", (rt, self, block) => groupBy(rt, self, block)),
  partition: withBlock("partition", (rt, self, block) => {
    const yes: RValue[] = [];
    const no: RValue[] = [];
    iterate(rt, self, (y) => (truthy(yieldPacked(rt, block, y)) ? yes : no).push(elementOf(y)));
    return [yes, no];
  }),
  uniq: (rt, self, args, block) => (arity(args, 0), uniqBy(rt, steps(rt, self), block)),
  compact: (rt, self, args) => (arity(args, 0), toArray(rt, self).filter((v) => decided(v) !== null)),
  "include?": (rt, self, args) => includes(rt, self, args),
  "member?": (rt, self, args) => includes(rt, self, args),
  first: (rt, self, args) => {
    arity(args, 0, 1);
    if (!args.length) return each(rt, self, (y, stop) => stop(elementOf(y))) ?? null;
    const n = index(args[0]);
    if (n < 0) throw rubyError("ArgumentError", "attempt to take negative size");
    return take(rt, self, n);
  },
  take: (rt, self, args) => take(rt, self, nonNegative(args, "take")),
  take_while: withBlock("take_while", (rt, self, block) => {
    const out: RValue[] = [];
    each(rt, self, (y, stop) => {
      if (!truthy(yieldValues(rt, block, y))) stop();
      out.push(elementOf(y));
    });
    return out;
  }),
  drop: (rt, self, args) => toArray(rt, self).slice(nonNegative(args, "drop")),
  drop_while: withBlock("drop_while", (rt, self, block) => {
    const out: RValue[] = [];
    let dropping = true;
    iterate(rt, self, (y) => {
      if (dropping && truthy(yieldPacked(rt, block, y))) return;
      dropping = false;
      out.push(elementOf(y));
    });
    return out;
  }),
  "any?": (rt, self, args, block) => quantify(rt, self, args, block, "any"),
  "all?": (rt, self, args, block) => quantify(rt, self, args, block, "all"),
  "none?": (rt, self, args, block) => quantify(rt, self, args, block, "none"),
  "one?": (rt, self, args, block) => quantify(rt, self, args, block, "one"),
  to_h: (rt, self, args, block) => (arity(args, 0), toHash(rt, self, block)),
  to_set: (rt, self, args, block) => {
    // `to_set(klass, *args)` makes an instance of another class: not modelled.
    if (args.length) return undefined;
    const values: RValue[] = [];
    iterate(rt, self, (y) => values.push(block ? yieldPacked(rt, block, y) : elementOf(y)));
    return setFrom(values);
  },
  to_enum: (_rt, self, args) => enumeratorOf(self, args.length ? methodName(args[0]) : "each", args.slice(1)),
  enum_for: (_rt, self, args) => enumeratorOf(self, args.length ? methodName(args[0]) : "each", args.slice(1)),
};

function methodName(v: RValue): string {
  const name = stringValue(v) ?? (v as { name?: unknown })?.name;
  if (v instanceof RUnknown) throw new UnknownValueError(v);
  if (typeof name !== "string") throw rubyError("TypeError", `${inspect(v)} is not a symbol nor a string`);
  return name;
}
