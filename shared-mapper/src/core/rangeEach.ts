/**
 * Range#each (range.c `range_each`): Integers (to an Integer, a Float or no end), Strings and
 * Symbols by String#upto (string.c `rb_str_upto_each`: single ASCII characters by code, digit
 * strings as numbers of the same width, else `succ` until the end or a longer string), and
 * String#succ (string.c `str_succ`).
 */
import { typeName } from "../ruby/print.js";
import { RFloat, RRange, RSymbol, RValue, UnknownValueError, sym, stringValue, unknownValueOf } from "../ruby/values.js";
import { compareBytes } from "./compare.js";
import { rubyError, str, type Runtime } from "./runtime.js";

/** Steps through a Range, calling `fn` with each element; endless ones run until `fn` stops them (or the budget). */
export function iterateRange(rt: Runtime, r: RRange, fn: (v: RValue) => void): void {
  const first = r.first;
  const unknown = unknownValueOf(first) ?? unknownValueOf(r.last);
  if (unknown) throw new UnknownValueError(unknown);
  if (first === null) throw rubyError("RangeError", "cannot get the first element of beginless range");
  if (typeof first === "number") {
    const last = r.last === null ? Infinity : r.last instanceof RFloat ? r.last.value : r.last;
    if (typeof last !== "number") throw rubyError("TypeError", `can't iterate from ${typeName(first)}`);
    for (let i = first; r.exclusive ? i < last : i <= last; i++) {
      rt.charge(1);
      fn(i);
    }
    return;
  }
  if (first instanceof RSymbol) {
    if (r.last === null) return stringFrom(rt, first.name, (s) => fn(sym(s)));
    if (!(r.last instanceof RSymbol)) throw rubyError("TypeError", `can't iterate from ${typeName(first)}`);
    return stringUpto(rt, first.name, r.last.name, r.exclusive, (s) => fn(sym(s)));
  }
  const start = stringValue(first);
  if (start !== undefined) {
    if (r.last === null) return stringFrom(rt, start, (s) => fn(str(s)));
    const end = stringValue(r.last);
    if (end === undefined) throw rubyError("TypeError", `can't iterate from ${typeName(first)}`);
    stringUpto(rt, start, end, r.exclusive, (s) => fn(str(s)));
    return;
  }
  throw rubyError("TypeError", `can't iterate from ${typeName(first)}`);
}

/** An endless String range: `succ` for ever (the budget ends it, or the caller stops). */
function stringFrom(rt: Runtime, start: string, fn: (s: string) => void): void {
  for (let s = start; ; s = succ(s)) {
    rt.charge(1);
    rt.alloc(s.length);
    fn(s);
  }
}

const isDigits = (s: string) => /^[0-9]+$/.test(s);
const isAscii = (s: string) => s.charCodeAt(0) < 128;

/** String#upto from `start` to `end`, as Ruby steps it. */
export function stringUpto(rt: Runtime, start: string, end: string, exclusive: boolean, fn: (s: string) => void): void {
  if (start.length === 1 && end.length === 1 && isAscii(start) && isAscii(end)) {
    const to = end.charCodeAt(0);
    for (let c = start.charCodeAt(0); exclusive ? c < to : c <= to; c++) {
      rt.charge(1);
      fn(String.fromCharCode(c));
    }
    return;
  }
  if (isDigits(start) && isDigits(end) && start.length < 16 && end.length < 16) {
    const to = Number(end);
    for (let n = Number(start); exclusive ? n < to : n <= to; n++) {
      rt.charge(1);
      fn(String(n).padStart(start.length, "0"));
    }
    return;
  }
  const order = compareBytes(start, end);
  if (order > 0 || (exclusive && order === 0)) return;
  const afterEnd = succ(end);
  for (let current = start; current !== afterEnd; ) {
    rt.charge(1);
    const next = exclusive || current !== end ? succ(current) : undefined;
    fn(current);
    if (next === undefined) return;
    current = next;
    if (exclusive && current === end) return;
    if (current.length > end.length || current.length === 0) return;
  }
}

const isAlnum = (c: string) => /[A-Za-z0-9]/.test(c);

/** String#succ: the rightmost alphanumeric is incremented, carrying leftwards (`"az"` → `"ba"`, `"zz"` → `"aaa"`). */
export function succ(s: string): string {
  if (s === "") return "";
  const chars = [...s];
  let i = chars.length - 1;
  if (!chars.some(isAlnum)) {
    // No alphanumerics: the last character's code point goes up by one.
    chars[i] = String.fromCodePoint(chars[i].codePointAt(0)! + 1);
    return chars.join("");
  }
  while (i >= 0 && !isAlnum(chars[i])) i--;
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
    while (j >= 0 && !isAlnum(chars[j])) j--;
    if (j < 0) {
      chars.splice(i, 0, carry);
      return chars.join("");
    }
    i = j;
  }
}
