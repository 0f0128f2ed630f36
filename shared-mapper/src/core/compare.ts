/**
 * `<=>` as the core library's sorting, `min`, `max` and Comparable use it: Integers and
 * Floats, Strings (by bytes, as Ruby compares them), Symbols, Arrays element by element;
 * anything else through its own `<=>` (a class of the files that includes Comparable).
 */
import { inspect, typeName } from "../ruby/print.js";
import { RSymbol, RUnknown, RValue, UnknownValueError, numberValue, stringValue, unknownValueOf } from "../ruby/values.js";
import { rubyError, type Runtime } from "./runtime.js";

/** `a <=> b`, or undefined where Ruby's answer is nil (the two do not compare). */
export function spaceship(rt: Runtime, a: RValue, b: RValue): number | undefined {
  const u = unknownValueOf(a) ?? unknownValueOf(b);
  if (u) throw new UnknownValueError(u);
  const na = numberValue(a);
  if (na !== undefined) {
    const nb = numberValue(b);
    if (nb === undefined || Number.isNaN(na) || Number.isNaN(nb)) return undefined;
    return na < nb ? -1 : na > nb ? 1 : 0;
  }
  const sa = stringValue(a);
  if (sa !== undefined) {
    const sb = stringValue(b);
    return sb === undefined ? undefined : compareBytes(sa, sb);
  }
  if (a instanceof RSymbol) return b instanceof RSymbol ? compareBytes(a.name, b.name) : undefined;
  if (Array.isArray(a)) {
    if (!Array.isArray(b)) return undefined;
    for (let i = 0; i < Math.min(a.length, b.length); i++) {
      const c = spaceship(rt, a[i], b[i]);
      if (c !== 0) return c;
    }
    return a.length - b.length < 0 ? -1 : a.length > b.length ? 1 : 0;
  }
  if (a === b) return 0;
  const r = rt.send(a, "<=>", [b], null);
  if (r instanceof RUnknown) throw new UnknownValueError(r);
  return typeof r === "number" ? Math.sign(r) : undefined;
}

/** `a <=> b` where a comparison must succeed (`sort`, `min`): Ruby's ArgumentError where it does not. */
export function compare(rt: Runtime, a: RValue, b: RValue): number {
  const c = spaceship(rt, a, b);
  if (c === undefined) throw comparisonFailed(rt, a, b);
  return c;
}

/** Ruby's `rb_cmperr`: the ArgumentError for two values that do not compare. */
export const comparisonFailed = (rt: Runtime, a: RValue, b: RValue) =>
  rubyError("ArgumentError", `comparison of ${className(a)} with ${describeOther(rt, b)} failed`);

const className = (v: RValue) => typeName(v);
/** Ruby names the right side by its inspect for immediates (nil, true, false, numbers, Symbols), else by its class. */
function describeOther(rt: Runtime, v: RValue): string {
  if (v === null || typeof v === "boolean" || numberValue(v) !== undefined || v instanceof RSymbol) return inspect(v, rt.ruby);
  return typeName(v);
}

/** Strings compare by their UTF-8 bytes: code point order, which UTF-16 order is not past U+FFFF. */
export function compareBytes(a: string, b: string): number {
  if (a === b) return 0;
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a.codePointAt(i)!;
    const y = b.codePointAt(i)!;
    if (x !== y) return x < y ? -1 : 1;
    if (x > 0xffff) i++;
  }
  return a.length < b.length ? -1 : a.length > b.length ? 1 : 0;
}

/**
 * A stable sort by `<=>`. Ruby sorts with the C library's `qsort_r` where it has one, and
 * glibc's (before 2.37) is a merge sort: equal elements keep their order, as they do here
 * (checked against Debian's Ruby on thousands of random arrays with ties).
 */
export function sortValues(rt: Runtime, list: RValue[], cmp: (a: RValue, b: RValue) => number = (a, b) => compare(rt, a, b)): RValue[] {
  rt.charge(list.length);
  return mergeSort(list, cmp);
}

/**
 * A top-down merge sort that compares in glibc's order (left half, right half, then each
 * left element against the right one): the same pairs reach `<=>` as in Ruby, so a comparison
 * that fails fails on the same two values, with Ruby's message.
 */
export function mergeSort<T>(list: readonly T[], cmp: (a: T, b: T) => number): T[] {
  if (list.length <= 1) return [...list];
  const half = list.length >> 1;
  const left = mergeSort(list.slice(0, half), cmp);
  const right = mergeSort(list.slice(half), cmp);
  const out: T[] = [];
  let i = 0;
  let j = 0;
  while (i < left.length && j < right.length) out.push(cmp(left[i], right[j]) <= 0 ? left[i++] : right[j++]);
  while (i < left.length) out.push(left[i++]);
  while (j < right.length) out.push(right[j++]);
  return out;
}
