/**
 * Ruby's `each`, for every value the core library can iterate: Array, Hash, Range, Set,
 * Struct and Enumerator. `fn` receives what each step yields (one value, or several:
 * `each_with_index` yields two); `elementOf` packs them as Enumerable's methods see them.
 */
import { inspect, typeName } from "../ruby/print.js";
import {
  REnumerator, RFloat, RHash, RProc, RRange, RSet, RStruct, RUnknown, RValue, UnknownValueError, stringValue,
} from "../ruby/values.js";
import { rubyError, str, type Runtime } from "./runtime.js";

export type Yielded = RValue[];

/** What Enumerable's methods see of one step: the value, or the values packed in an array. */
export const elementOf = (yielded: Yielded): RValue => (yielded.length === 1 ? yielded[0] : yielded.length === 0 ? null : yielded);

/** Whether `v` can be iterated here. */
export function isIterable(v: RValue): boolean {
  return Array.isArray(v) || v instanceof RHash || v instanceof RRange || v instanceof RSet || v instanceof REnumerator || v instanceof RStruct;
}

/**
 * Calls `fn` with what `recv.each` yields at each step, in order. Each step is charged to
 * the budget by the caller's block call, or here where no block runs.
 */
export function iterate(rt: Runtime, recv: RValue, fn: (yielded: Yielded) => void): void {
  if (Array.isArray(recv)) {
    // The live length: Ruby's `each` sees elements the block appends.
    for (let i = 0; i < recv.length; i++) {
      rt.charge(1);
      fn([recv[i]]);
    }
  } else if (recv instanceof RHash) {
    for (const pair of recv.entries()) {
      rt.charge(1);
      fn([pair]);
    }
  } else if (recv instanceof RSet) {
    for (const item of [...recv.items]) {
      rt.charge(1);
      fn([item]);
    }
  } else if (recv instanceof RStruct) {
    for (const v of recv.values) {
      rt.charge(1);
      fn([v]);
    }
  } else if (recv instanceof RRange) {
    iterateRange(rt, recv, (v) => fn([v]));
  } else if (recv instanceof REnumerator) {
    iterateEnumerator(rt, recv, fn);
  } else if (recv instanceof RUnknown) {
    throw new UnknownValueError(recv);
  } else {
    throw rubyError("NoMethodError", `undefined method \`each' for ${inspect(recv, rt.ruby)}:${typeName(recv)}`);
  }
}

/** Every step's element, in an array: `to_a`. */
export function toArray(rt: Runtime, recv: RValue): RValue[] {
  if (Array.isArray(recv)) return recv;
  const out: RValue[] = [];
  iterate(rt, recv, (y) => out.push(elementOf(y)));
  rt.alloc(out.length);
  return out;
}

/** A block whose body is the library's own: what an enumerator's method yields goes to `fn`. */
export const nativeBlock = (fn: (args: RValue[]) => RValue, arity = -1): RProc => new RProc(fn, false, () => "#<Proc:(native)>", arity);

function iterateEnumerator(rt: Runtime, e: REnumerator, fn: (yielded: Yielded) => void): void {
  rt.send(e.receiver, e.method, e.args, nativeBlock((args) => (fn(args), null)));
}

/** Steps through a Range: Integers (and Floats from an Integer), Strings by `succ`; endless ones until stopped. */
function iterateRange(rt: Runtime, r: RRange, fn: (v: RValue) => void): void {
  const first = r.first;
  if (first instanceof RUnknown) throw new UnknownValueError(first);
  if (r.last instanceof RUnknown) throw new UnknownValueError(r.last);
  if (typeof first === "number") {
    const last = r.last === null ? Infinity : r.last instanceof RFloat ? r.last.value : r.last;
    if (typeof last !== "number") throw rubyError("TypeError", `can't iterate from ${typeName(first)}`);
    for (let i = first; r.exclusive ? i < last : i <= last; i++) {
      rt.charge(1);
      fn(i);
    }
    return;
  }
  const start = stringValue(first);
  if (start !== undefined) {
    const end = stringValue(r.last);
    if (end === undefined) throw rubyError("TypeError", `can't iterate from ${typeName(first)}`);
    stringUpto(rt, start, end, r.exclusive, (s) => fn(str(s)));
    return;
  }
  throw rubyError("TypeError", `can't iterate from ${typeName(first)}`);
}

/**
 * String#upto: `succ` from `start` while the result is no longer than `end`. Single
 * characters step by code point, as Ruby does.
 */
export function stringUpto(rt: Runtime, start: string, end: string, exclusive: boolean, fn: (s: string) => void): void {
  if (start.length === 1 && end.length === 1) {
    const to = end.charCodeAt(0);
    for (let c = start.charCodeAt(0); exclusive ? c < to : c <= to; c++) {
      rt.charge(1);
      fn(String.fromCharCode(c));
    }
    return;
  }
  // Ruby compares by length first when both are "numeric-like" in length; the common case is `succ` until equal.
  if (start.length > end.length || (start.length === end.length && start > end)) return;
  for (let s = start; ; s = succ(s)) {
    rt.charge(1);
    if (s === end) {
      if (!exclusive) fn(s);
      return;
    }
    if (s.length > end.length) return;
    fn(s);
  }
}

/** String#succ: the rightmost alphanumeric is incremented, carrying leftwards (`"az"` → `"ba"`, `"zz"` → `"aaa"`). */
export function succ(s: string): string {
  if (s === "") return "";
  const chars = [...s];
  const alnum = (c: string) => /[A-Za-z0-9]/.test(c);
  let i = chars.length - 1;
  if (!chars.some(alnum)) {
    // No alphanumerics: the last character's code point goes up by one.
    const last = chars[i].codePointAt(0)!;
    chars[i] = String.fromCodePoint(last + 1);
    return chars.join("");
  }
  while (i >= 0 && !alnum(chars[i])) i--;
  for (;;) {
    const c = chars[i];
    if (c === "z") chars[i] = "a";
    else if (c === "Z") chars[i] = "A";
    else if (c === "9") chars[i] = "0";
    else {
      chars[i] = String.fromCharCode(c.charCodeAt(0) + 1);
      return chars.join("");
    }
    const carry = c === "z" ? "a" : c === "Z" ? "A" : "1";
    let j = i - 1;
    while (j >= 0 && !alnum(chars[j])) j--;
    if (j < 0) {
      chars.splice(i, 0, carry);
      return chars.join("");
    }
    i = j;
  }
}

/** An Enumerator of `self.name(*args)`: what a method called without its block gives. */
export const enumeratorOf = (self: RValue, name: string, args: RValue[]) => new REnumerator(self, name, args);

/** The size of what `iterate` would go through, when it is known without iterating. */
export function knownSize(v: RValue): number | undefined {
  if (Array.isArray(v)) return v.length;
  if (v instanceof RHash) return v.size;
  if (v instanceof RSet) return v.items.length;
  if (v instanceof RStruct) return v.values.length;
  return undefined;
}

