/**
 * Array's methods that make new arrays from others (array.c): set operations by `eql?`
 * (`-`, `&`, `|`), `flatten` and `join` (with Ruby's errors for a recursive array), `product`,
 * `transpose`, the combinatorics, `bsearch`, `rotate`, and `<=>`.
 */
import { typeName } from "../ruby/print.js";
import { RProc, RUnknown, RValue, UnknownValueError, numberValue, stringValue } from "../ruby/values.js";
import { spaceship } from "./compare.js";
import { decided, enumeratorOf, isArrayValue } from "./iterate.js";
import { index } from "./arrayIndex.js";
import { rubyError, toStr, type Runtime } from "./runtime.js";
import { ValueSet } from "./valueSet.js";

type A = RValue[];

/** An argument that must be an Array (`to_ary`): Ruby's TypeError for anything else. */
export function arrayArg(v: RValue | undefined): A {
  if (Array.isArray(v)) return v;
  if (v !== undefined) decided(v);
  throw rubyError("TypeError", `no implicit conversion of ${v === null || v === undefined ? "nil" : typeName(v)} into Array`);
}

/** `a - b`, `a & b`, `a | b` and their named forms: membership by `eql?`, as Ruby's hash of the elements decides it. */
export function minus(rt: Runtime, a: A, others: A[]): A {
  const drop = new ValueSet();
  for (const o of others) for (const v of o) drop.add(v);
  rt.charge(a.length);
  return a.filter((v) => !drop.has(v));
}
export function and(rt: Runtime, a: A, others: A[]): A {
  let out = uniq(rt, a);
  for (const o of others) {
    const keep = new ValueSet(o);
    out = out.filter((v) => keep.has(v));
  }
  return out;
}
export function or(rt: Runtime, lists: A[]): A {
  const seen = new ValueSet();
  const out: A = [];
  for (const list of lists) {
    rt.charge(list.length);
    for (const v of list) if (seen.add(v)) out.push(v);
  }
  return out;
}
function uniq(rt: Runtime, a: A): A {
  return or(rt, [a]);
}

/** `flatten(depth)`: nested arrays spread `depth` levels (all of them for a negative or no depth). */
export function flatten(rt: Runtime, a: A, depth: number, changed = { any: false }, open: A[] = []): A {
  // A recursive array fails only where the flattening has no depth to stop it.
  if (depth < 0 && open.includes(a)) throw rubyError("ArgumentError", "tried to flatten recursive array");
  open.push(a);
  const out: A = [];
  for (const v of a) {
    if (isArrayValue(v) && depth !== 0) {
      changed.any = true;
      for (const x of flatten(rt, v, depth - 1, changed, open)) out.push(x);
    } else out.push(v);
  }
  open.pop();
  rt.alloc(out.length);
  return out;
}

/** `join(sep)`: nested arrays joined with the same separator, other elements by `to_s`. */
export function join(rt: Runtime, a: A, sep: string, open: A[] = []): string {
  if (open.includes(a)) throw rubyError("ArgumentError", "recursive array join");
  open.push(a);
  let out = "";
  a.forEach((v, i) => {
    if (i) out += sep;
    if (isArrayValue(v)) out += join(rt, v, sep, open);
    else {
      const s = stringValue(v);
      out += s !== undefined ? s : v === null ? "" : textOf(rt, v);
    }
    rt.alloc(out.length);
  });
  open.pop();
  return out;
}

/** A value's `to_s`, as `join` and `to_sentence` read it. */
export function textOf(rt: Runtime, v: RValue): string {
  decided(v);
  const s = rt.send(v, "to_s", [], null);
  if (s instanceof RUnknown) throw new UnknownValueError(s);
  const text = stringValue(s);
  if (text === undefined) throw rubyError("TypeError", `can't convert ${typeName(v)} to String`);
  return text;
}

/** `join`'s separator: nil is none. */
export const separator = (v: RValue | undefined): string => (v === undefined || decided(v) === null ? "" : toStr(v));

export function product(rt: Runtime, a: A, others: A[]): A {
  let out: A[] = a.map((x) => [x]);
  for (const other of others) {
    rt.alloc(out.length * other.length);
    const next: A[] = [];
    for (const p of out) for (const y of other) next.push([...p, y]);
    out = next;
  }
  return out;
}

export function transpose(a: A): A {
  const rows = a.map(arrayArg);
  if (!rows.length) return [];
  const width = rows[0].length;
  for (const r of rows) if (r.length !== width) throw rubyError("IndexError", `element size differs (${r.length} should be ${width})`);
  return Array.from({ length: width }, (_v, i) => rows.map((r) => r[i]));
}

/** `rotate(n)`: a copy that starts at `n` (counted from the end when negative). */
export function rotate(a: A, args: RValue[]): A {
  if (!a.length) return [];
  const n = (((args.length ? index(args[0]) : 1) % a.length) + a.length) % a.length;
  return [...a.slice(n), ...a.slice(0, n)];
}

/** `a <=> b`: element by element; nil where two elements do not compare, or `b` is no Array. */
export function cmp(rt: Runtime, a: A, b: RValue): RValue {
  if (!Array.isArray(b)) return null;
  const c = spaceship(rt, a, b);
  return c === undefined ? null : c;
}

/** Combinations, permutations and their repeated forms: each yielded as a new array, in Ruby's order. */
export function combinatorics(rt: Runtime, self: A, name: string, args: RValue[], block: RProc | null): RValue {
  if (!block) return enumeratorOf(self, name, args);
  const pool = self.slice();
  const n = pool.length;
  const k = args.length && args[0] !== null ? index(args[0]) : n;
  const emit = (picks: number[]) => rt.yield(block, [picks.map((i) => pool[i])]);
  const walk = (picks: number[], from: number) => {
    if (picks.length === k) return void emit(picks);
    for (let i = name.endsWith("combination") ? from : 0; i < n; i++) {
      if (!name.startsWith("repeated") && picks.includes(i)) continue;
      picks.push(i);
      walk(picks, name === "combination" ? i + 1 : i);
      picks.pop();
    }
  };
  if (k >= 0 && (name.startsWith("repeated") || k <= n)) walk([], 0);
  return self;
}

/** `bsearch`/`bsearch_index`: find-minimum (true/false/nil) or find-any (a number) mode, as Ruby's. */
export function bsearch(rt: Runtime, a: A, block: RProc, wantIndex: boolean): RValue {
  let lo = 0;
  let hi = a.length;
  let found: number | null = null;
  while (lo < hi) {
    const mid = lo + ((hi - lo) >> 1);
    const r = rt.yield(block, [a[mid]]);
    if (r instanceof RUnknown) throw new UnknownValueError(r);
    const n = numberValue(r);
    if (r === true) {
      found = mid;
      hi = mid;
    } else if (r === false || r === null) lo = mid + 1;
    else if (n !== undefined) {
      if (n === 0) return wantIndex ? mid : a[mid];
      if (n < 0) hi = mid;
      else lo = mid + 1;
    } else throw rubyError("TypeError", `wrong argument type ${typeName(r)} (must be numeric, true, false or nil)`);
  }
  if (found === null) return null;
  return wantIndex ? found : a[found];
}

/** Whether two arrays hold the same elements (identical, in order): a bang method's "nothing changed". */
export const sameElements = (a: A, b: A): boolean => a.length === b.length && a.every((v, i) => v === b[i]);

/** Makes `a` hold `items` (no spread: an array of a million would overflow the call stack). */
export function replaceAll(a: A, items: A): A {
  a.length = 0;
  for (const v of items) a.push(v);
  return a;
}
