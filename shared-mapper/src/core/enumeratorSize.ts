/**
 * Enumerator#size (enumerator.c and each method's size function in array.c, enum.c, hash.c,
 * range.c, numeric.c): worked out from the receiver without iterating, nil where Ruby cannot
 * tell (`find`, `each_line`, a String range's `each`), Infinity for `cycle` and endless ranges.
 */
import { REnumerator, RFloat, RRange, RUnknown, RValue, UnknownValueError, numberValue, stringValue } from "../ruby/values.js";
import { knownSize } from "./iterate.js";
import { index } from "./arrayIndex.js";
import { integer, type Runtime } from "./runtime.js";

/** Methods whose enumerator has the receiver's size. */
const SAME_SIZE = new Set([
  "each", "each_entry", "map", "collect", "flat_map", "collect_concat", "select", "filter", "find_all", "reject", "filter_map",
  "each_with_index", "with_index", "each_with_object", "with_object", "group_by", "partition", "min_by", "max_by", "minmax_by",
  "sort_by", "reverse_each", "each_pair", "each_key", "each_value", "transform_values", "transform_keys", "transform_values!",
  "transform_keys!", "map!", "collect!", "select!", "filter!", "reject!", "keep_if", "delete_if", "sort_by!", "each_index",
  "index_by", "index_with", "uniq!", "extract!", "each_char", "chars", "times",
]);

/** Sizes past other enumerators' own (generators, lazy steps, chains): set by their modules. */
const own = new WeakMap<REnumerator, (rt: Runtime) => RValue>();
export function sizedBy(e: REnumerator, size: (rt: Runtime) => RValue): REnumerator {
  own.set(e, size);
  return e;
}

const INFINITY = () => new RFloat(Infinity);

/** The number of a size (Infinity for an endless one), or undefined for nil. */
export function sizeNumber(v: RValue): number | undefined {
  if (v instanceof RUnknown) throw new UnknownValueError(v);
  return numberValue(v);
}

/** A number as Ruby gives a size: an Integer, or Infinity as a Float. */
export const asSize = (n: number): RValue => (Number.isFinite(n) ? integer(n, () => "an Enumerator's size") : new RFloat(n));

/** The size of what iterating `recv` goes through. */
export function receiverSize(rt: Runtime, recv: RValue): RValue {
  if (recv instanceof REnumerator) return enumeratorSize(rt, recv);
  const known = knownSize(recv);
  if (known !== undefined) return known;
  if (recv instanceof RRange || recv instanceof RUnknown) return rt.send(recv, "size", [], null);
  const s = stringValue(recv);
  if (s !== undefined) return [...s].length;
  if (typeof recv === "number") return Math.max(0, recv);
  return null;
}

export function enumeratorSize(rt: Runtime, e: REnumerator): RValue {
  const ownSize = own.get(e);
  if (ownSize) return ownSize(rt);
  const method = e.method;
  if (SAME_SIZE.has(method)) return receiverSize(rt, e.receiver);
  if (method === "each_slice" || method === "each_cons" || method === "cycle") return derived(rt, e, method);
  if (Array.isArray(e.receiver)) return arrayCombinatorics(e.receiver.length, method, e.args);
  if (method === "step" || method === "%") return stepSize(e.receiver, e.args);
  if (typeof e.receiver === "number" && (method === "upto" || method === "downto")) {
    const to = numberValue(e.args[0]);
    if (to === undefined) return null;
    return Math.max(0, Math.floor(method === "upto" ? to - e.receiver : e.receiver - to) + 1);
  }
  return null;
}

function derived(rt: Runtime, e: REnumerator, method: string): RValue {
  const base = sizeNumber(receiverSize(rt, e.receiver));
  if (method === "cycle") {
    if (base === undefined) return null;
    if (base === 0) return 0;
    if (!e.args.length || e.args[0] === null) return INFINITY();
    const n = index(e.args[0]);
    return n <= 0 ? 0 : asSize(base * n);
  }
  if (base === undefined) return null;
  const n = index(e.args[0]);
  if (!Number.isFinite(base)) return INFINITY();
  return method === "each_slice" ? Math.ceil(base / n) : Math.max(0, base - n + 1);
}

function binomial(n: number, k: number): number {
  if (k < 0 || k > n) return 0;
  let out = 1;
  for (let i = 0; i < Math.min(k, n - k); i++) out = (out * (n - i)) / (i + 1);
  return Math.round(out);
}

function arrayCombinatorics(n: number, method: string, args: RValue[]): RValue {
  const k = args.length && args[0] !== null ? index(args[0]) : n;
  if (method === "combination") return asSize(binomial(n, k));
  if (method === "permutation") {
    if (k < 0 || k > n) return 0;
    let out = 1;
    for (let i = 0; i < k; i++) out *= n - i;
    return asSize(out);
  }
  if (method === "repeated_combination") return k === 0 ? 1 : n === 0 || k < 0 ? 0 : asSize(binomial(n + k - 1, k));
  if (method === "repeated_permutation") return k < 0 ? 0 : asSize(n ** k);
  return null;
}

/** An arithmetic sequence's length (`(1..10).step(3)`, `1.step(10, 3)`). */
function stepSize(recv: RValue, args: RValue[]): RValue {
  let from: number | undefined;
  let to: number | undefined;
  let by: number | undefined;
  let exclusive = false;
  if (recv instanceof RRange) {
    from = numberValue(recv.first);
    to = recv.last === null ? Infinity : numberValue(recv.last);
    by = args.length ? numberValue(args[0]) : 1;
    exclusive = recv.exclusive;
  } else {
    from = numberValue(recv);
    to = args.length && args[0] !== null ? numberValue(args[0]) : Infinity;
    by = args.length > 1 ? numberValue(args[1]) : 1;
  }
  if (from === undefined || to === undefined || by === undefined || by === 0) return null;
  if (!Number.isFinite(to)) return INFINITY();
  const span = (to - from) / by;
  if (span < 0) return 0;
  let n = Math.floor(span + 1e-9) + 1;
  if (exclusive && Number.isInteger(span)) n--;
  return n;
}
