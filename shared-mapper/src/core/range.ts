/**
 * Ruby's Range: bounds, membership (`include?`, `cover?`, `===`, which `case`/`when` uses),
 * `step`, `sum` and `size` worked out without stepping through Integer ranges, and the rest
 * of Enumerable by iterating.
 */
import { inspect, typeName } from "../ruby/print.js";
import { RFloat, RRange, RUnknown, RValue, UnknownValueError, numberValue, stringValue } from "../ruby/values.js";
import { spaceship } from "./compare.js";
import { ENUMERABLE, enumeratorOf } from "./enumerable.js";
import { toArray } from "./iterate.js";
import { arity, integer, rubyError, str, toInt, type Result, type Runtime, type Methods } from "./runtime.js";

const known = (r: RRange) => {
  if (r.first instanceof RUnknown) throw new UnknownValueError(r.first);
  if (r.last instanceof RUnknown) throw new UnknownValueError(r.last);
};

/** Whether `v` lies between the bounds (Ruby's `cover?`). */
function covers(rt: Runtime, r: RRange, v: RValue): boolean {
  known(r);
  if (v instanceof RUnknown) throw new UnknownValueError(v);
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

/** An Integer range's last element, or undefined for any other range. */
function intEnd(r: RRange): number | undefined {
  if (typeof r.first !== "number") return undefined;
  if (typeof r.last === "number") return r.exclusive ? r.last - 1 : r.last;
  if (r.last instanceof RFloat) return r.exclusive && Number.isInteger(r.last.value) ? r.last.value - 1 : Math.floor(r.last.value);
  return undefined;
}

function minMax(rt: Runtime, r: RRange, args: RValue[], sign: 1 | -1, block: RValue | null): Result {
  known(r);
  if (args.length || block !== null) return (sign < 0 ? ENUMERABLE.min : ENUMERABLE.max)(rt, r, args, null);
  const end = intEnd(r);
  if (sign < 0) {
    const c = r.last === null ? -1 : spaceship(rt, r.first, r.last);
    return c === undefined || c > 0 || (r.exclusive && c === 0) ? null : r.first;
  }
  if (r.last === null) throw rubyError("RangeError", "cannot get the maximum of endless range");
  if (r.exclusive && typeof r.first === "number" && r.last instanceof RFloat) throw rubyError("TypeError", "cannot exclude non Integer end value");
  if (r.exclusive && numberValue(r.last) !== undefined && !(typeof r.last === "number")) throw rubyError("TypeError", "cannot exclude non Integer end value");
  if (end !== undefined) return end < (r.first as number) ? null : end;
  if (r.exclusive) return ENUMERABLE.max(rt, r, [], null);
  const c = spaceship(rt, r.first, r.last);
  return c === undefined || c > 0 ? null : r.last;
}

export const RANGE: Methods<RRange> = {
  first: (rt, self, args) => {
    if (!args.length) {
      if (self.first === null) throw rubyError("RangeError", "cannot get the first element of beginless range");
      return self.first;
    }
    return ENUMERABLE.first(rt, self, args, null);
  },
  begin: (_rt, self) => self.first,
  last: (rt, self, args) => {
    if (!args.length) {
      if (self.last === null) throw rubyError("RangeError", "cannot get the last element of endless range");
      return self.last;
    }
    const list = toArray(rt, self);
    return list.slice(Math.max(0, list.length - toInt(args[0])));
  },
  end: (_rt, self) => self.last,
  min: (rt, self, args, block) => minMax(rt, self, args, -1, block),
  max: (rt, self, args, block) => minMax(rt, self, args, 1, block),
  minmax: (rt, self) => [minMax(rt, self, [], -1, null) ?? null, minMax(rt, self, [], 1, null) ?? null],
  "exclude_end?": (_rt, self) => self.exclusive,
  "include?": (rt, self, args) => (arity(args, 1), includes(rt, self, args[0])),
  "member?": (rt, self, args) => (arity(args, 1), includes(rt, self, args[0])),
  "===": (rt, self, args) => (arity(args, 1), covers(rt, self, args[0])),
  "cover?": (rt, self, args) => {
    arity(args, 1);
    const v = args[0];
    if (v instanceof RRange) return covers(rt, self, v.first) && (v.last === null ? self.last === null : covers(rt, self, v.last) || (v.exclusive && !self.exclusive && spaceship(rt, v.last, self.last) === 0));
    return covers(rt, self, v);
  },
  size: (_rt, self) => {
    known(self);
    if (typeof self.first !== "number") {
      if (numberValue(self.first) === undefined) return null;
    }
    if (self.last === null) return new RFloat(Infinity);
    const end = intEnd(self);
    return end === undefined ? null : Math.max(0, end - (self.first as number) + 1);
  },
  count: (rt, self, args, block) => {
    if (!args.length && !block && self.last === null) return new RFloat(Infinity);
    const end = intEnd(self);
    if (!args.length && !block && end !== undefined) return Math.max(0, end - (self.first as number) + 1);
    return ENUMERABLE.count(rt, self, args, block);
  },
  sum: (rt, self, args, block) => {
    const end = intEnd(self);
    if (!block && !args.length && end !== undefined && typeof self.first === "number") {
      const n = end - self.first + 1;
      return n <= 0 ? 0 : integer(((self.first + end) * n) / 2, () => inspect(self));
    }
    return ENUMERABLE.sum(rt, self, args, block);
  },
  each: (rt, self, args, block) => {
    if (!block) return enumeratorOf(self, "each", args);
    ENUMERABLE.each_entry(rt, self, [], block);
    return self;
  },
  step: (rt, self, args, block) => {
    arity(args, 1);
    const by = numberValue(args[0]);
    if (by === undefined) throw rubyError("TypeError", `no implicit conversion of ${typeName(args[0])} into Integer`);
    if (by < 0) throw rubyError("ArgumentError", "step can't be negative");
    if (by === 0) throw rubyError("ArgumentError", "step can't be 0");
    if (!block) return enumeratorOf(self, "step", args);
    const start = numberValue(self.first);
    if (start === undefined) {
      const list = toArray(rt, self);
      for (let i = 0; i < list.length; i += by) rt.yield(block, [list[i]]);
      return self;
    }
    const end = self.last === null ? Infinity : numberValue(self.last)!;
    const float = self.first instanceof RFloat || self.last instanceof RFloat || args[0] instanceof RFloat;
    for (let i = 0; ; i++) {
      const v = start + i * by;
      if (self.exclusive ? v >= end : v > end) break;
      rt.yield(block, [float ? new RFloat(v) : v]);
    }
    return self;
  },
  "%": (rt, self, args, block) => (block ? RANGE.step(rt, self, args, block) : (arity(args, 1), enumeratorOf(self, "%", args))),
  to_s: (rt, self) => str(`${textOf(rt, self.first)}${self.exclusive ? "..." : ".."}${textOf(rt, self.last)}`),
  inspect: (rt, self) => str(inspect(self, rt.ruby)),
  to_a: (rt, self) => {
    if (self.last === null) throw rubyError("RangeError", "cannot convert endless range to an array");
    return [...toArray(rt, self)];
  },
  "==": (_rt, self, args) => args[0] instanceof RRange && args[0].exclusive === self.exclusive && args[0].first === self.first && args[0].last === self.last,
  hash: () => undefined,
};

function includes(rt: Runtime, r: RRange, v: RValue): boolean {
  // For Strings, Ruby's include? iterates (so "b".."d" does not include "bb"); cover? compares.
  if (stringValue(r.first) !== undefined && stringValue(r.last) !== undefined) {
    const s = stringValue(v);
    if (s === undefined) return false;
    return toArray(rt, r).some((x) => stringValue(x) === s);
  }
  return covers(rt, r, v);
}

const textOf = (rt: Runtime, v: RValue) => {
  if (v === null) return "";
  const s = rt.send(v, "to_s", [], null);
  return stringValue(s) ?? "";
};
