/**
 * Ruby's Range (range.c) with ActiveSupport's changes (core_ext/range: `===`, `include?` and
 * `cover?` of a Range, `overlaps?`, `to_s(:db)`, `sum` by formula): bounds, `min`/`max`/
 * `size`/`count` worked out without stepping where Ruby does, membership (`cover?` compares,
 * a String range's `include?` steps), `step` (an ArithmeticSequence for numbers), and the rest
 * of Enumerable by iterating (`rangeEach.ts`).
 */
import { inspect } from "../ruby/print.js";
import { REnumerator, RFloat, RRange, RSymbol, RUnknown, RValue, UnknownValueError, numberValue, reql, requal, stringValue } from "../ruby/values.js";
import { spaceship } from "./compare.js";
import { ENUMERABLE } from "./enumerable.js";
import { enumerableSum } from "./enumerableReduce.js";
import { decided, each, enumeratorOf, toArray } from "./iterate.js";
import { floatSteps, stepRange } from "./rangeStep.js";
import { index } from "./arrayIndex.js";
import { arity, integer, rubyError, str, type Methods, type Result, type Runtime } from "./runtime.js";

const known = (r: RRange) => {
  decided(r.first);
  decided(r.last);
};
const isNumeric = (v: RValue) => numberValue(v) !== undefined;
const isInteger = (v: RValue): v is number => typeof v === "number";

/** Whether `v` lies between the bounds (Ruby's `cover?` of a value). */
export function covers(rt: Runtime, r: RRange, v: RValue): boolean {
  known(r);
  decided(v);
  if (r.first !== null) {
    const c = spaceship(rt, r.first, v);
    if (c === undefined || c > 0) return false;
  }
  if (r.last !== null) {
    const c = spaceship(rt, v, r.last);
    if (c === undefined || c > 0 || (r.exclusive && c === 0)) return false;
  }
  return true;
}

/** ActiveSupport's `cover?`/`include?`/`===` of a Range: its ends inside this one's. */
function coversRange(rt: Runtime, r: RRange, v: RRange): boolean {
  if (v.first !== null && v.last !== null) {
    const c = spaceship(rt, v.first, v.last);
    if (c !== undefined && (v.exclusive ? c >= 0 : c > 0)) return false;
  }
  const valueMax = !r.exclusive && v.exclusive ? rangeMax(rt, v, [], null) : RANGE.last(rt, v, [], null);
  if (!covers(rt, r, rangeFirst(v))) return false;
  if (r.last === null) return true;
  const c = spaceship(rt, valueMax as RValue, r.last);
  if (c === undefined) throw rubyError("ArgumentError", `comparison of ${inspect(valueMax)} with ${inspect(r.last)} failed`);
  return r.exclusive && !v.exclusive ? c < 0 : c <= 0;
}

const rangeFirst = (r: RRange): RValue => {
  if (r.first === null) throw rubyError("RangeError", "cannot get the first element of beginless range");
  return r.first;
};

/** Ruby's Range#min: the begin, unless the range is empty; Enumerable's with a block or a count. */
function rangeMin(rt: Runtime, r: RRange, args: RValue[], block: Parameters<typeof ENUMERABLE.min>[3]): Result {
  known(r);
  if (args.length > 1) arity(args, 1);
  if (r.first === null) throw rubyError("RangeError", "cannot get the minimum of beginless range");
  if (block || args.length || (r.exclusive && !isNumeric(r.last))) {
    if (r.last === null) throw rubyError("RangeError", "cannot get the minimum of endless range with custom comparison method");
    return ENUMERABLE.min(rt, r, args, block);
  }
  const c = r.last === null ? -1 : spaceship(rt, r.first, r.last);
  if (c === undefined) throw rubyError("ArgumentError", `comparison of ${inspect(r.first)} with ${inspect(r.last)} failed`);
  return c > 0 || (c === 0 && r.exclusive) ? null : r.first;
}

/** Ruby's Range#max: the end (one less for an exclusive Integer end), unless the range is empty. */
function rangeMax(rt: Runtime, r: RRange, args: RValue[], block: Parameters<typeof ENUMERABLE.max>[3]): Result {
  known(r);
  if (args.length > 1) arity(args, 1);
  if (r.last === null) throw rubyError("RangeError", "cannot get the maximum of endless range");
  if (block || args.length || (r.exclusive && !isNumeric(r.last))) {
    if (r.first === null) throw rubyError("RangeError", "cannot get the maximum of beginless range with custom comparison method");
    return ENUMERABLE.max(rt, r, args, block);
  }
  const c = r.first === null ? -1 : spaceship(rt, r.first, r.last);
  if (c === undefined) throw rubyError("ArgumentError", `comparison of ${inspect(r.first)} with ${inspect(r.last)} failed`);
  if (c > 0) return null;
  if (!r.exclusive) return r.last;
  if (!isInteger(r.last)) throw rubyError("TypeError", "cannot exclude non Integer end value");
  if (c === 0) return null;
  if (!isInteger(r.first)) throw rubyError("TypeError", "cannot exclude end value with non Integer begin value");
  return r.last - 1;
}

function size(r: RRange): RValue {
  known(r);
  if (isNumeric(r.first)) {
    if (isNumeric(r.last)) {
      if (isInteger(r.first) && isInteger(r.last)) return Math.max(0, r.last - r.first + (r.exclusive ? 0 : 1));
      return floatSteps(numberValue(r.first)!, numberValue(r.last)!, 1, r.exclusive);
    }
    if (r.last === null) return new RFloat(Infinity);
  }
  if (r.first === null && isNumeric(r.last)) return new RFloat(Infinity);
  return null;
}

/** Range#include?: Numeric bounds compare; String bounds step through (`"a".."z"` has no `"bb"`); anything else iterates. */
function includes(rt: Runtime, r: RRange, v: RValue): boolean {
  known(r);
  if (v instanceof RRange) return coversRange(rt, r, v);
  if (isNumeric(r.first) || isNumeric(r.last) || (r.first === null && r.last === null)) return covers(rt, r, v);
  if (stringValue(r.first) !== undefined || stringValue(r.last) !== undefined) {
    if (r.first === null || r.last === null) throw rubyError("TypeError", "cannot determine inclusion in beginless/endless ranges");
    const s = stringValue(v);
    if (s === undefined) return false;
    return each(rt, r, (y, stop) => (stringValue(y[0]) === s ? stop(true) : undefined)) === true;
  }
  return each(rt, r, (y, stop) => (requal(y[0], v) ? stop(true) : undefined)) === true;
}

/** A Range's `to_s`: each end's `to_s` (nil's is empty). */
const textOf = (rt: Runtime, v: RValue) => {
  if (v === null) return "";
  const s = rt.send(v, "to_s", [], null);
  if (s instanceof RUnknown) throw new UnknownValueError(s);
  return stringValue(s) ?? "";
};

/** `to_s(:db)` (ActiveSupport): `BETWEEN 'a' AND 'b'`; any other format is `to_s`. */
function formatted(rt: Runtime, r: RRange, args: RValue[]): RValue {
  arity(args, 0, 1);
  if (args[0] instanceof RSymbol && args[0].name === "db") return str(`BETWEEN '${textOf(rt, r.first)}' AND '${textOf(rt, r.last)}'`);
  return str(`${textOf(rt, r.first)}${r.exclusive ? "..." : ".."}${textOf(rt, r.last)}`);
}

function first(rt: Runtime, r: RRange, args: RValue[]): Result {
  if (args.length > 1) arity(args, 1);
  if (r.first === null) throw rubyError("RangeError", "cannot get the first element of beginless range");
  if (!args.length) return r.first;
  const n = index(args[0]);
  if (n < 0) throw rubyError("ArgumentError", "negative array size (or size too big)");
  return ENUMERABLE.first(rt, r, [n], null);
}

function last(rt: Runtime, r: RRange, args: RValue[]): RValue {
  arity(args, 0, 1);
  if (r.last === null) throw rubyError("RangeError", "cannot get the last element of endless range");
  if (!args.length) return r.last;
  const n = index(args[0]);
  if (n < 0) throw rubyError("ArgumentError", "negative array size");
  const list = toArray(rt, r);
  return n === 0 ? [] : list.slice(-n);
}

export const RANGE: Methods<RRange> = {
  first: (rt, self, args) => first(rt, self, args),
  begin: (_rt, self) => self.first,
  last: (rt, self, args) => last(rt, self, args),
  end: (_rt, self) => self.last,
  min: (rt, self, args, block) => rangeMin(rt, self, args, block),
  max: (rt, self, args, block) => rangeMax(rt, self, args, block),
  minmax: (rt, self, args, block) => {
    if (block) return ENUMERABLE.minmax(rt, self, args, block);
    arity(args, 0);
    return [rangeMin(rt, self, [], null) ?? null, rangeMax(rt, self, [], null) ?? null];
  },
  "exclude_end?": (_rt, self) => self.exclusive,
  "include?": (rt, self, args) => (arity(args, 1), includes(rt, self, args[0])),
  "member?": (rt, self, args) => (arity(args, 1), includes(rt, self, args[0])),
  "===": (rt, self, args) => (arity(args, 1), args[0] instanceof RRange ? coversRange(rt, self, args[0]) : covers(rt, self, args[0])),
  "cover?": (rt, self, args) => (arity(args, 1), args[0] instanceof RRange ? coversRange(rt, self, args[0]) : covers(rt, self, args[0])),
  "overlaps?": (rt, self, args) => {
    arity(args, 1);
    const other = args[0];
    if (!(other instanceof RRange)) return rt.send(self, "cover?", [rt.send(other, "first", [], null)], null);
    return covers(rt, self, rangeFirst(other)) || covers(rt, other, rangeFirst(self));
  },
  size: (_rt, self, args) => (arity(args, 0), size(self)),
  count: (rt, self, args, block) => {
    if (args.length || block) return ENUMERABLE.count(rt, self, args, block);
    if (isInteger(self.first) && self.last === null) return new RFloat(Infinity);
    if (self.first === null) return new RFloat(Infinity);
    if (isInteger(self.first) && isInteger(self.last)) return size(self);
    return ENUMERABLE.count(rt, self, args, block);
  },
  sum: (rt, self, args, block) => {
    arity(args, 0, 1);
    if (block || !isInteger(self.first) || !isInteger(self.last)) return enumerableSum(rt, self, args, block);
    const end = self.exclusive ? self.last - 1 : self.last;
    const init = args.length && args[0] !== null ? args[0] : 0;
    if (end < self.first) return init;
    const n = end - self.first + 1;
    const total = integer(((self.first + end) * n) / 2, () => inspect(self));
    return init === 0 ? total : rt.send(init, "+", [total], null);
  },
  each: (rt, self, args, block) => {
    arity(args, 0);
    if (!block) return enumeratorOf(self, "each", args);
    ENUMERABLE.each_entry(rt, self, [], block);
    return self;
  },
  step: (rt, self, args, block) => stepRange(rt, self, args, block, "step"),
  "%": (rt, self, args, block) => stepRange(rt, self, args, block, "%"),
  to_s: (rt, self, args) => formatted(rt, self, args),
  to_formatted_s: (rt, self, args) => formatted(rt, self, args),
  to_fs: (rt, self, args) => formatted(rt, self, args),
  inspect: (rt, self) => str(inspect(self, rt.ruby)),
  to_a: (rt, self, args) => {
    arity(args, 0);
    if (self.last === null) throw rubyError("RangeError", "cannot convert endless range to an array");
    return [...toArray(rt, self)];
  },
  entries: (rt, self, args) => RANGE.to_a(rt, self, args, null),
  "==": (_rt, self, args) => (arity(args, 1), requal(self, args[0])),
  "eql?": (_rt, self, args) => {
    arity(args, 1);
    const o = args[0];
    return o instanceof RRange && o.exclusive === self.exclusive && reql(self.first, o.first) && reql(self.last, o.last);
  },
  "frozen?": () => true,
  hash: () => undefined,
};

/** `Range.new(begin, end, exclusive)`: Ruby's ArgumentError for bounds that do not compare. */
export function rangeNew(rt: Runtime, args: RValue[]): RRange {
  arity(args, 2, 3);
  const [b, e] = args;
  if (b instanceof RUnknown) throw new UnknownValueError(b);
  if (e instanceof RUnknown) throw new UnknownValueError(e);
  if (b !== null && e !== null && !(isInteger(b) && isInteger(e)) && rt.send(b, "<=>", [e], null) === null) {
    throw rubyError("ArgumentError", "bad value for range");
  }
  return new RRange(b, e, args.length > 2 && args[2] !== null && args[2] !== false);
}

export const isArithmetic = (e: REnumerator) => e.receiver instanceof RRange && (e.method === "step" || e.method === "%");
