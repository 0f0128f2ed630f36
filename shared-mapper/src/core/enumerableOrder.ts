/**
 * Enumerable's ordering methods (enum.c): `sort`, `sort_by`, `min`, `max`, `minmax` and their
 * `_by` forms, with and without a count. Comparisons go through `<=>` as Ruby's do, in the
 * order Ruby makes them (the value met against the best so far), so a pair that does not
 * compare fails with Ruby's message.
 */
import { RProc, RUnknown, RValue, UnknownValueError, numberValue } from "../ruby/values.js";
import { compare, comparisonFailed, mergeSort, sortValues } from "./compare.js";
import { elementOf, enumeratorOf, iterate, toArray, yieldPacked } from "./iterate.js";
import { index } from "./arrayIndex.js";
import { arity, rubyError, type Method, type Result, type Runtime } from "./runtime.js";

/** A block's answer to `<=>` (`sort { |a, b| … }`): Ruby's `rb_cmpint`, which fails for nil. */
export function blockOrder(rt: Runtime, block: RProc, a: RValue, b: RValue): number {
  const r = rt.yield(block, [a, b]);
  if (r instanceof RUnknown) throw new UnknownValueError(r);
  const n = numberValue(r);
  if (n !== undefined) return Math.sign(n);
  // nil fails naming the pair; anything else is asked `> 0`, which fails naming it.
  if (r === null) throw comparisonFailed(rt, a, b);
  return compare(rt, r, 0);
}

/** `n` of `min(n)`, `max_by(n)`: a non-negative Integer. */
function count(args: RValue[]): number | undefined {
  if (!args.length || args[0] === null) return undefined;
  const n = index(args[0]);
  if (n < 0) throw rubyError("ArgumentError", `negative size (${n})`);
  return n;
}

const order = (rt: Runtime, block: RProc | null) => (a: RValue, b: RValue) => (block ? blockOrder(rt, block, a, b) : compare(rt, a, b));

/** `min`/`max` (sign -1 / 1): the best element, or the best `n` in order. */
export function extreme(rt: Runtime, self: RValue, args: RValue[], block: RProc | null, sign: number): RValue {
  arity(args, 0, 1);
  const cmp = order(rt, block);
  const n = count(args);
  if (n !== undefined) return sortValues(rt, toArray(rt, self), (a, b) => sign * cmp(b, a)).slice(0, n);
  let best: RValue | undefined;
  iterate(rt, self, (y) => {
    const v = elementOf(y);
    if (best === undefined) best = v;
    else if (sign * cmp(v, best) > 0) best = v;
  });
  return best ?? null;
}

/** `min_by`/`max_by`: the element whose key is best. */
export function extremeBy(rt: Runtime, self: RValue, args: RValue[], block: RProc, sign: number): RValue {
  arity(args, 0, 1);
  const keyed = keyedBy(rt, self, block);
  const n = count(args);
  if (n !== undefined) return mergeSort(keyed, (a, b) => sign * compare(rt, b[0], a[0])).slice(0, n).map((p) => p[1]);
  let best: (typeof keyed)[number] | undefined;
  for (const pair of keyed) if (best === undefined || sign * compare(rt, pair[0], best[0]) > 0) best = pair;
  return best ? best[1] : null;
}

/** Each element with its key (`sort_by`, `min_by`): the block gets the element packed. */
function keyedBy(rt: Runtime, self: RValue, block: RProc): (readonly [RValue, RValue])[] {
  const out: (readonly [RValue, RValue])[] = [];
  iterate(rt, self, (y) => out.push([yieldPacked(rt, block, y), elementOf(y)] as const));
  return out;
}

/**
 * `minmax`, as enum.c's `minmax_i` does it: elements taken two at a time, the smaller of a
 * pair compared with the smallest so far and the larger with the largest (so a pair that does
 * not compare fails as Ruby's does).
 */
function minmax(rt: Runtime, self: RValue, block: RProc | null): RValue[] {
  const cmp = order(rt, block);
  let lo: RValue | undefined;
  let hi: RValue | undefined;
  let pending: RValue | undefined;
  const update = (small: RValue, large: RValue) => {
    if (lo === undefined) [lo, hi] = [small, large];
    else {
      if (cmp(small, lo) < 0) lo = small;
      if (cmp(large, hi!) > 0) hi = large;
    }
  };
  iterate(rt, self, (y) => {
    const v = elementOf(y);
    if (pending === undefined) return void (pending = v);
    const j = pending;
    pending = undefined;
    const n = cmp(j, v);
    if (n === 0) update(j, j);
    else if (n < 0) update(j, v);
    else update(v, j);
  });
  if (pending !== undefined) update(pending, pending);
  return [lo ?? null, hi ?? null];
}

function minmaxBy(rt: Runtime, self: RValue, block: RProc): RValue[] {
  let lo: (readonly [RValue, RValue]) | undefined;
  let hi: (readonly [RValue, RValue]) | undefined;
  for (const pair of keyedBy(rt, self, block)) {
    if (lo === undefined) lo = hi = pair;
    else {
      if (compare(rt, pair[0], lo[0]) < 0) lo = pair;
      if (compare(rt, pair[0], hi![0]) > 0) hi = pair;
    }
  }
  return [lo ? lo[1] : null, hi ? hi[1] : null];
}

/** `sort_by`: stable on the keys, as glibc's merge sort leaves Ruby's. */
export function sortBy(rt: Runtime, self: RValue, block: RProc): RValue[] {
  const keyed = keyedBy(rt, self, block);
  rt.charge(keyed.length);
  return mergeSort(keyed, (a, b) => compare(rt, a[0], b[0])).map((p) => p[1]);
}

const withBlock =
  (name: string, fn: (rt: Runtime, self: RValue, args: RValue[], block: RProc) => Result): Method<RValue> =>
  (rt, self, args, block) =>
    block ? fn(rt, self, args, block) : enumeratorOf(self, name, args);

export const ORDER: Record<string, Method<RValue>> = {
  min: (rt, self, args, block) => extreme(rt, self, args, block, -1),
  max: (rt, self, args, block) => extreme(rt, self, args, block, 1),
  minmax: (rt, self, args, block) => (arity(args, 0), minmax(rt, self, block)),
  min_by: withBlock("min_by", (rt, self, args, block) => extremeBy(rt, self, args, block, -1)),
  max_by: withBlock("max_by", (rt, self, args, block) => extremeBy(rt, self, args, block, 1)),
  minmax_by: withBlock("minmax_by", (rt, self, args, block) => (arity(args, 0), minmaxBy(rt, self, block))),
  sort: (rt, self, args, block) => {
    arity(args, 0);
    return sortValues(rt, [...toArray(rt, self)], block ? (a, b) => blockOrder(rt, block, a, b) : undefined);
  },
  sort_by: withBlock("sort_by", (rt, self, args, block) => (arity(args, 0), sortBy(rt, self, block))),
};
