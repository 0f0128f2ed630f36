/**
 * Array's indexes (array.c): `a[i]`, `a[start, len]`, `a[range]`, `a[(0..).step(2)]`, and the
 * same forms assigned (`[]=`), cut out (`slice!`) and filled (`fill`), with Ruby's errors for
 * an index out of range, a negative length or an argument that is not an Integer.
 */
import { inspect } from "../ruby/print.js";
import { REnumerator, RRange, RUnknown, RValue, UnknownValueError } from "../ruby/values.js";
import { arity, rubyError, toInt, type Runtime } from "./runtime.js";

type A = RValue[];

/** `NUM2LONG`: an Integer (a Float truncated), with Ruby's words for nil. */
export function index(v: RValue | undefined): number {
  if (v === null || v === undefined) throw rubyError("TypeError", "no implicit conversion from nil to integer");
  return toInt(v);
}

/**
 * `rb_range_beg_len`: the start and length a Range selects of `size` elements, or undefined
 * where Ruby gives nil; with `strict`, Ruby's RangeError instead (`a[-5..1] = x`).
 */
export function rangeSpan(r: RRange, size: number, strict = false): [number, number] | undefined {
  if (r.first instanceof RUnknown) throw new UnknownValueError(r.first);
  if (r.last instanceof RUnknown) throw new UnknownValueError(r.last);
  const beg0 = r.first === null ? 0 : index(r.first);
  const end0 = r.last === null ? -1 : index(r.last);
  let beg = beg0;
  let end = end0;
  const exclusive = r.last !== null && r.exclusive;
  if (beg < 0) beg += size;
  if (end < 0) end += size;
  if (beg < 0 || (!strict && beg > size)) {
    if (strict) throw rubyError("RangeError", `${rangeText(r)} out of range`);
    return undefined;
  }
  if (!exclusive) end++;
  const len = Math.max(0, end - beg);
  return [beg, strict ? len : Math.max(0, Math.min(len, size - beg))];
}

const rangeText = (r: RRange) => inspect(r);

/** `(0..).step(2)` as an index: the elements its positions select. */
function stepped(a: A, e: REnumerator): A | undefined {
  if (!(e.receiver instanceof RRange) || e.method !== "step" && e.method !== "%") return undefined;
  const by = toInt(e.args[0] ?? 1);
  const span = rangeSpan(e.receiver, a.length);
  if (!span || by <= 0) return undefined;
  const out: A = [];
  for (let i = span[0]; i < span[0] + span[1]; i += by) out.push(a[i]);
  return out;
}

/** `a[i]`, `a[start, len]`, `a[range]`. */
export function element(a: A, args: RValue[]): RValue {
  arity(args, 1, 2);
  const [x, y] = args;
  if (args.length === 1) {
    if (x instanceof RRange) {
      const span = rangeSpan(x, a.length);
      return span ? a.slice(span[0], span[0] + span[1]) : null;
    }
    if (x instanceof REnumerator) {
      const out = stepped(a, x);
      if (out) return out;
    }
    let i = index(x);
    if (i < 0) i += a.length;
    return i < 0 ? null : a[i] ?? null;
  }
  let i = index(x);
  const len = index(y);
  if (i < 0) i += a.length;
  if (i < 0 || i > a.length || len < 0) return null;
  return a.slice(i, i + len);
}

/** `a.values_at(i, j..k)`: a range past the end gives nils, as Ruby pads it. */
export function valuesAt(a: A, args: RValue[]): A {
  const out: A = [];
  for (const x of args) {
    if (x instanceof RRange) {
      const span = rangeSpan(x, a.length, false);
      if (!span) continue;
      const end = x.last === null ? a.length : Math.max(span[0] + span[1], rangeEnd(x, a.length));
      for (let i = span[0]; i < end; i++) out.push(a[i] ?? null);
    } else {
      let i = index(x);
      if (i < 0) i += a.length;
      out.push(i < 0 ? null : a[i] ?? null);
    }
  }
  return out;
}

function rangeEnd(r: RRange, size: number): number {
  let end = index(r.last);
  if (end < 0) end += size;
  return r.exclusive ? end : end + 1;
}

/** Replaces `len` elements at `start` with `items`, padding with nils past the end. */
function splice(rt: Runtime, a: A, start: number, len: number, items: A): void {
  while (a.length < start) a.push(null);
  const tail = a.slice(Math.min(a.length, start + len));
  rt.alloc(start + items.length + tail.length);
  a.length = start;
  for (const v of items) a.push(v);
  for (const v of tail) a.push(v);
}

/** `a[i] = v`, `a[start, len] = v`, `a[range] = v`. */
export function assign(rt: Runtime, a: A, args: RValue[]): RValue {
  arity(args, 2, 3);
  const value = args[args.length - 1];
  const items = (v: RValue) => (Array.isArray(v) ? v.slice() : [v]);
  if (args.length === 3) {
    let start = index(args[0]);
    const len = index(args[1]);
    if (len < 0) throw rubyError("IndexError", `negative length (${len})`);
    if (start < 0) {
      if (start + a.length < 0) throw rubyError("IndexError", `index ${start} too small for array; minimum: -${a.length}`);
      start += a.length;
    }
    splice(rt, a, start, len, items(value));
    return value;
  }
  if (args[0] instanceof RRange) {
    const [start, len] = rangeSpan(args[0], a.length, true)!;
    splice(rt, a, start, len, items(value));
    return value;
  }
  let i = index(args[0]);
  if (i < 0) {
    if (i + a.length < 0) throw rubyError("IndexError", `index ${i} too small for array; minimum: -${a.length}`);
    i += a.length;
  }
  if (i >= a.length) rt.alloc(i + 1);
  while (a.length < i) a.push(null);
  a[i] = value;
  return value;
}

/** `slice!`: the elements cut out, or nil where `a[...]` is nil. */
export function sliceOut(a: A, args: RValue[]): RValue {
  arity(args, 1, 2);
  if (args.length === 2) {
    let start = index(args[0]);
    const len = index(args[1]);
    if (start < 0) start += a.length;
    if (start < 0 || start > a.length || len < 0) return null;
    return a.splice(start, len);
  }
  if (args[0] instanceof RRange) {
    const span = rangeSpan(args[0], a.length);
    return span ? a.splice(span[0], span[1]) : null;
  }
  let i = index(args[0]);
  if (i < 0) i += a.length;
  return i < 0 || i >= a.length ? null : a.splice(i, 1)[0];
}

/** `fill(v)`, `fill(v, start, len)`, `fill(v, range)`, or with a block of the index. */
export function fill(rt: Runtime, a: A, args: RValue[], value: (i: number) => RValue, hasBlock: boolean): A {
  arity(args, hasBlock ? 0 : 1, hasBlock ? 2 : 3);
  const rest = hasBlock ? args : args.slice(1);
  let start = 0;
  let end = a.length;
  if (rest[0] instanceof RRange) {
    const span = rangeSpan(rest[0], a.length, true)!;
    [start, end] = [span[0], span[0] + span[1]];
  } else {
    if (rest.length && rest[0] !== null) {
      start = index(rest[0]);
      if (start < 0) start = Math.max(0, start + a.length);
    }
    if (rest.length > 1 && rest[1] !== null) {
      const len = index(rest[1]);
      if (len < 0) return a;
      end = start + len;
    }
  }
  rt.alloc(end);
  while (a.length < end) a.push(null);
  for (let i = start; i < end; i++) a[i] = value(i);
  return a;
}
