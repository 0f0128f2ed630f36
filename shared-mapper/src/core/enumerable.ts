/**
 * Ruby's Enumerable (and ActiveSupport's additions to it), over `iterate`: what Array,
 * Hash, Range, Set, Struct and Enumerator share. A class's own methods (Array's, Hash's)
 * come first; these are what is left. Called without the block Ruby would yield to, a method
 * gives an Enumerator, as in Ruby.
 */
import {
  RFloat, RHash, RProc, RSet, RString, RUnknown, RValue, UnknownValueError, numberValue, reql, requal, truthy,
} from "../ruby/values.js";
import { inspect, typeName } from "../ruby/print.js";
import { compare, mergeSort, sortValues } from "./compare.js";
import { elementOf, enumeratorOf, iterate, toArray, type Yielded } from "./iterate.js";
import { addValues } from "./numeric.js";
import { arity, rubyError, toInt, type Method, type Methods, type Result, type Runtime } from "./runtime.js";


/** The element a block is given for one step, and its result. */
const call = (rt: Runtime, block: RProc, y: Yielded) => rt.yield(block, [elementOf(y)]);

/** Stops an iteration early: `find`, `first(n)`, `take_while`. */
class Stop {}
const STOP = new Stop();
function each(rt: Runtime, recv: RValue, fn: (y: Yielded) => void): void {
  try {
    iterate(rt, recv, fn);
  } catch (e) {
    if (e !== STOP) throw e;
  }
}

export { enumeratorOf };

/** The methods below, each given `self` and the block Ruby would yield to (an Enumerator without it). */
const withBlock =
  (name: string, fn: (rt: Runtime, self: RValue, args: RValue[], block: RProc) => Result): Method<RValue> =>
  (rt, self, args, block) =>
    block ? fn(rt, self, args, block) : enumeratorOf(self, name, args);

export const ENUMERABLE: Methods<RValue> = {
  to_a: (rt, self) => [...toArray(rt, self)],
  entries: (rt, self) => [...toArray(rt, self)],
  map: withBlock("map", (rt, self, _a, block) => collect(rt, self, (y) => call(rt, block, y))),
  collect: withBlock("collect", (rt, self, _a, block) => collect(rt, self, (y) => call(rt, block, y))),
  flat_map: withBlock("flat_map", (rt, self, _a, block) => flatMap(rt, self, block)),
  collect_concat: withBlock("collect_concat", (rt, self, _a, block) => flatMap(rt, self, block)),
  select: withBlock("select", (rt, self, _a, block) => filter(rt, self, block, true)),
  filter: withBlock("filter", (rt, self, _a, block) => filter(rt, self, block, true)),
  find_all: withBlock("find_all", (rt, self, _a, block) => filter(rt, self, block, true)),
  reject: withBlock("reject", (rt, self, _a, block) => filter(rt, self, block, false)),
  filter_map: withBlock("filter_map", (rt, self, _a, block) => {
    const out: RValue[] = [];
    iterate(rt, self, (y) => {
      const v = call(rt, block, y);
      if (truthy(v)) out.push(v);
    });
    return out;
  }),
  find: withBlock("find", (rt, self, _a, block) => find(rt, self, block)),
  detect: withBlock("detect", (rt, self, _a, block) => find(rt, self, block)),
  find_index: (rt, self, args, block) => findIndex(rt, self, args, block),
  each_with_index: withBlock("each_with_index", (rt, self, _a, block) => {
    let i = 0;
    iterate(rt, self, (y) => rt.yield(block, [elementOf(y), i++]));
    return self;
  }),
  each_with_object: withBlock("each_with_object", (rt, self, args, block) => {
    arity(args, 1);
    iterate(rt, self, (y) => rt.yield(block, [elementOf(y), args[0]]));
    return args[0];
  }),
  each_entry: withBlock("each_entry", (rt, self, _a, block) => {
    iterate(rt, self, (y) => call(rt, block, y));
    return self;
  }),
  reverse_each: withBlock("reverse_each", (rt, self, _a, block) => {
    const list = toArray(rt, self);
    for (let i = list.length - 1; i >= 0; i--) rt.yield(block, [list[i]]);
    return self;
  }),
  each_slice: (rt, self, args, block) => slices(rt, self, args, block, "each_slice"),
  each_cons: (rt, self, args, block) => slices(rt, self, args, block, "each_cons"),
  inject: (rt, self, args, block) => inject(rt, self, args, block),
  reduce: (rt, self, args, block) => inject(rt, self, args, block),
  sum: (rt, self, args, block) => {
    arity(args, 0, 1);
    const values: RValue[] = [];
    iterate(rt, self, (y) => values.push(block ? call(rt, block, y) : elementOf(y)));
    return sumValues(rt, args.length ? args[0] : 0, values);
  },
  count: (rt, self, args, block) => {
    let n = 0;
    iterate(rt, self, (y) => {
      if (args.length ? requal(elementOf(y), args[0]) : !block || truthy(call(rt, block, y))) n++;
    });
    return n;
  },
  tally: (rt, self) => {
    const out = new RHash();
    iterate(rt, self, (y) => {
      const v = elementOf(y);
      out.set(v, ((out.get(v) as number | undefined) ?? 0) + 1);
    });
    return out;
  },
  group_by: withBlock("group_by", (rt, self, _a, block) => {
    const out = new RHash();
    iterate(rt, self, (y) => {
      const key = call(rt, block, y);
      const list = out.get(key) as RValue[] | undefined;
      if (list) list.push(elementOf(y));
      else out.set(key, [elementOf(y)]);
    });
    return out;
  }),
  partition: withBlock("partition", (rt, self, _a, block) => {
    const yes: RValue[] = [];
    const no: RValue[] = [];
    iterate(rt, self, (y) => (truthy(call(rt, block, y)) ? yes : no).push(elementOf(y)));
    return [yes, no];
  }),
  chunk_while: (rt, self, _a, block) => (block ? chunkWhile(rt, self, block, false) : undefined),
  slice_when: (rt, self, _a, block) => (block ? chunkWhile(rt, self, block, true) : undefined),
  min: (rt, self, args, block) => extreme(rt, self, args, block, -1),
  max: (rt, self, args, block) => extreme(rt, self, args, block, 1),
  min_by: withBlock("min_by", (rt, self, args, block) => extremeBy(rt, self, args, block, -1)),
  max_by: withBlock("max_by", (rt, self, args, block) => extremeBy(rt, self, args, block, 1)),
  minmax: (rt, self, _a, block) => [extreme(rt, self, [], block, -1), extreme(rt, self, [], block, 1)],
  sort: (rt, self, _a, block) => sortValues(rt, toArray(rt, self), block ? (a, b) => blockOrder(rt, block, a, b) : undefined),
  sort_by: withBlock("sort_by", (rt, self, _a, block) => {
    const keyed = toArray(rt, self).map((v) => [rt.yield(block, [v]), v] as const);
    rt.charge(keyed.length);
    return mergeSort(keyed, (a, b) => compare(rt, a[0], b[0])).map((p) => p[1]);
  }),
  uniq: (rt, self, _a, block) => uniqBy(rt, toArray(rt, self), block),
  "include?": (rt, self, args) => includes(rt, self, args),
  "member?": (rt, self, args) => includes(rt, self, args),
  first: (rt, self, args) => {
    arity(args, 0, 1);
    const n = args.length ? toInt(args[0]) : 1;
    if (n < 0) throw rubyError("ArgumentError", "attempt to take negative size");
    const out = take(rt, self, n);
    return args.length ? out : out[0] ?? null;
  },
  take: (rt, self, args) => {
    arity(args, 1);
    const n = toInt(args[0]);
    if (n < 0) throw rubyError("ArgumentError", "attempt to take negative size");
    return take(rt, self, n);
  },
  take_while: withBlock("take_while", (rt, self, _a, block) => {
    const out: RValue[] = [];
    each(rt, self, (y) => {
      if (!truthy(call(rt, block, y))) throw STOP;
      out.push(elementOf(y));
    });
    return out;
  }),
  drop: (rt, self, args) => {
    arity(args, 1);
    const n = toInt(args[0]);
    if (n < 0) throw rubyError("ArgumentError", "attempt to drop negative size");
    return toArray(rt, self).slice(n);
  },
  drop_while: withBlock("drop_while", (rt, self, _a, block) => {
    const list = toArray(rt, self);
    let i = 0;
    while (i < list.length && truthy(rt.yield(block, [list[i]]))) i++;
    return list.slice(i);
  }),
  "any?": (rt, self, args, block) => quantify(rt, self, args, block, "any"),
  "all?": (rt, self, args, block) => quantify(rt, self, args, block, "all"),
  "none?": (rt, self, args, block) => quantify(rt, self, args, block, "none"),
  "one?": (rt, self, args, block) => quantify(rt, self, args, block, "one"),
  to_h: (rt, self, _a, block) => toHash(rt, self, block),
  to_set: (rt, self) => {
    const set = new RSet();
    iterate(rt, self, (y) => set.add(elementOf(y)));
    return set;
  },
  zip: (rt, self, args) => toArray(rt, self).map((v, i) => [v, ...args.map((o) => toArray(rt, o)[i] ?? null)]),
  cycle: (rt, self, args, block) => {
    if (!block) return enumeratorOf(self, "cycle", args);
    const list = toArray(rt, self);
    const n = args.length && args[0] !== null ? toInt(args[0]) : Infinity;
    for (let i = 0; i < n && list.length; i++) for (const v of list) rt.yield(block, [v]);
    return null;
  },
  lazy: () => undefined,
  // ActiveSupport.
  index_by: withBlock("index_by", (rt, self, _a, block) => {
    const out = new RHash();
    iterate(rt, self, (y) => out.set(call(rt, block, y), elementOf(y)));
    return out;
  }),
  index_with: (rt, self, args, block) => {
    if (!block && !args.length) return enumeratorOf(self, "index_with", args);
    const out = new RHash();
    iterate(rt, self, (y) => out.set(elementOf(y), block ? call(rt, block, y) : args[0]));
    return out;
  },
  "many?": (rt, self, _a, block) => {
    let n = 0;
    each(rt, self, (y) => {
      if (!block || truthy(call(rt, block, y))) n++;
      if (n > 1) throw STOP;
    });
    return n > 1;
  },
  "exclude?": (rt, self, args) => !includes(rt, self, args),
  excluding: (rt, self, args) => {
    const out = toArray(rt, self);
    const drop = args.flatMap((a) => (Array.isArray(a) ? a : [a]));
    return out.filter((v) => !drop.some((d) => requal(d, v)));
  },
  without: (rt, self, args) => ENUMERABLE.excluding(rt, self, args, null),
  including: (rt, self, args) => [...toArray(rt, self), ...args.flatMap((a) => (Array.isArray(a) ? a : [a]))],
  pluck: (rt, self, args) =>
    toArray(rt, self).map((v) => {
      const values = args.map((k) => (v instanceof RHash ? v.get(k) ?? null : rt.send(v, "[]", [k], null)));
      return args.length === 1 ? values[0] : values;
    }),
  compact_blank: (rt, self) => toArray(rt, self).filter((v) => !blankValue(rt, v)),
  sole: (rt, self) => {
    const list = toArray(rt, self);
    if (list.length === 1) return list[0];
    throw rubyError("Enumerable::SoleItemExpectedError", list.length ? "multiple items found" : "no item found");
  },
};

const blankValue = (rt: Runtime, v: RValue) => {
  const r = rt.send(v, "blank?", [], null);
  return truthy(r);
};

function collect(rt: Runtime, self: RValue, fn: (y: Yielded) => RValue): RValue[] {
  const out: RValue[] = [];
  iterate(rt, self, (y) => out.push(fn(y)));
  return out;
}

function flatMap(rt: Runtime, self: RValue, block: RProc): RValue[] {
  const out: RValue[] = [];
  iterate(rt, self, (y) => {
    const v = call(rt, block, y);
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
    if (truthy(call(rt, block, y)) === keep) out.push(elementOf(y));
  });
  return out;
}

function find(rt: Runtime, self: RValue, block: RProc): RValue {
  let found: RValue = null;
  each(rt, self, (y) => {
    if (truthy(call(rt, block, y))) {
      found = elementOf(y);
      throw STOP;
    }
  });
  return found;
}

function findIndex(rt: Runtime, self: RValue, args: RValue[], block: RProc | null): Result {
  if (!block && !args.length) return enumeratorOf(self, "find_index", args);
  let i = 0;
  let found: number | null = null;
  each(rt, self, (y) => {
    if (args.length ? requal(elementOf(y), args[0]) : truthy(call(rt, block!, y))) {
      found = i;
      throw STOP;
    }
    i++;
  });
  return found;
}

function take(rt: Runtime, self: RValue, n: number): RValue[] {
  const out: RValue[] = [];
  if (n === 0) return out;
  each(rt, self, (y) => {
    out.push(elementOf(y));
    if (out.length >= n) throw STOP;
  });
  return out;
}

function includes(rt: Runtime, self: RValue, args: RValue[]): boolean {
  arity(args, 1);
  let found = false;
  each(rt, self, (y) => {
    if (requal(elementOf(y), args[0])) {
      found = true;
      throw STOP;
    }
  });
  return found;
}

function slices(rt: Runtime, self: RValue, args: RValue[], block: RProc | null, name: "each_slice" | "each_cons"): Result {
  arity(args, 1);
  const n = toInt(args[0]);
  if (n <= 0) throw rubyError("ArgumentError", name === "each_slice" ? "invalid slice size" : "invalid size");
  if (!block) return enumeratorOf(self, name, args);
  const list = toArray(rt, self);
  if (name === "each_slice") for (let i = 0; i < list.length; i += n) rt.yield(block, [list.slice(i, i + n)]);
  else for (let i = 0; i + n <= list.length; i++) rt.yield(block, [list.slice(i, i + n)]);
  // Ruby 3.1 returns the receiver from both (3.0 and earlier returned nil).
  return self;
}

function inject(rt: Runtime, self: RValue, args: RValue[], block: RProc | null): Result {
  arity(args, 0, 2);
  let op: string | undefined;
  let acc: RValue | undefined;
  if (args.length === 2) [acc, op] = [args[0], symbolName(args[1])];
  else if (args.length === 1 && !block) op = symbolName(args[0]);
  else if (args.length === 1) acc = args[0];
  iterate(rt, self, (y) => {
    const v = elementOf(y);
    if (acc === undefined) acc = v;
    else acc = op ? rt.send(acc, op, [v], null) : rt.yield(block!, [acc, v]);
  });
  return acc ?? null;
}

function symbolName(v: RValue): string {
  const name = typeof v === "string" ? v : v instanceof RString ? v.value : (v as { name?: string })?.name;
  if (typeof name !== "string") throw rubyError("TypeError", `${inspect(v)} is not a symbol nor a string`);
  return name;
}

function blockOrder(rt: Runtime, block: RProc, a: RValue, b: RValue): number {
  const r = rt.yield(block, [a, b]);
  if (r instanceof RUnknown) throw new UnknownValueError(r);
  const n = numberValue(r);
  if (n === undefined) throw rubyError("ArgumentError", `comparison of ${inspect(a)} with ${inspect(b)} failed`);
  return Math.sign(n);
}

function extreme(rt: Runtime, self: RValue, args: RValue[], block: RProc | null, sign: number): RValue {
  arity(args, 0, 1);
  const order = (a: RValue, b: RValue) => (block ? blockOrder(rt, block, a, b) : compare(rt, a, b));
  if (args.length) {
    const n = toInt(args[0]);
    return sortValues(rt, toArray(rt, self), (a, b) => sign * order(b, a)).slice(0, n);
  }
  let best: RValue | undefined;
  iterate(rt, self, (y) => {
    const v = elementOf(y);
    if (best === undefined || sign * order(v, best) > 0) best = v;
  });
  return best ?? null;
}

function extremeBy(rt: Runtime, self: RValue, args: RValue[], block: RProc, sign: number): RValue {
  arity(args, 0, 1);
  const keyed = toArray(rt, self).map((v) => [rt.yield(block, [v]), v] as const);
  if (args.length) {
    const n = toInt(args[0]);
    return mergeSort(keyed, (a, b) => sign * compare(rt, b[0], a[0])).slice(0, n).map((p) => p[1]);
  }
  let best: (typeof keyed)[number] | undefined;
  for (const pair of keyed) if (best === undefined || sign * compare(rt, pair[0], best[0]) > 0) best = pair;
  return best ? best[1] : null;
}

function uniqBy(rt: Runtime, list: RValue[], block: RProc | null): RValue[] {
  const keys: RValue[] = [];
  const out: RValue[] = [];
  for (const v of list) {
    const key = block ? rt.yield(block, [v]) : v;
    rt.charge(keys.length >> 4);
    if (keys.some((k) => reql(k, key))) continue;
    keys.push(key);
    out.push(v);
  }
  return out;
}

function quantify(rt: Runtime, self: RValue, args: RValue[], block: RProc | null, kind: "any" | "all" | "none" | "one"): boolean {
  arity(args, 0, 1);
  let hits = 0;
  let misses = 0;
  each(rt, self, (y) => {
    const v = elementOf(y);
    const hit = args.length ? truthy(rt.send(args[0], "===", [v], null)) : block ? truthy(call(rt, block, y)) : truthy(v);
    if (hit) hits++;
    else misses++;
    if ((kind === "any" && hits) || (kind === "all" && misses) || (kind === "none" && hits) || (kind === "one" && hits > 1)) throw STOP;
  });
  if (kind === "any") return hits > 0;
  if (kind === "all") return misses === 0;
  if (kind === "none") return hits === 0;
  return hits === 1;
}

function chunkWhile(rt: Runtime, self: RValue, block: RProc, split: boolean): RValue[] {
  const list = toArray(rt, self);
  const out: RValue[][] = [];
  for (let i = 0; i < list.length; i++) {
    if (i === 0 || truthy(rt.yield(block, [list[i - 1], list[i]])) === split) out.push([list[i]]);
    else out[out.length - 1].push(list[i]);
  }
  return out;
}

/** `to_h`: pairs (or what the block makes of each element) into a Hash; Ruby's TypeError for anything else. */
export function toHash(rt: Runtime, self: RValue, block: RProc | null): RHash {
  const out = new RHash();
  let i = 0;
  iterate(rt, self, (y) => {
    const pair = block ? call(rt, block, y) : elementOf(y);
    if (pair instanceof RUnknown) throw new UnknownValueError(pair);
    if (!Array.isArray(pair)) throw rubyError("TypeError", `wrong element type ${typeName(pair)} at ${i} (expected array)`);
    if (pair.length !== 2) throw rubyError("ArgumentError", `wrong array length at ${i} (expected 2, was ${pair.length})`);
    out.set(pair[0], pair[1]);
    i++;
  });
  return out;
}


/**
 * `Enumerable#sum`: Integers add exactly; once a Float is met, Ruby sums the rest with
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
