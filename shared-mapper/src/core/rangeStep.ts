/**
 * Range#step and Range#% (range.c `range_step`): without a block, an ArithmeticSequence for
 * numeric bounds (`((1..10).step(3))`) or an Enumerator; with one, Integers by addition,
 * Floats as `ruby_float_step` computes them (each `begin + i * step`, so no error builds up),
 * Strings every n-th `succ`.
 */
import { typeName } from "../ruby/print.js";
import { REnumerator, RFloat, RProc, RRange, RValue, UnknownValueError, numberValue, stringValue, unknownValueOf } from "../ruby/values.js";
import { customEnumerator, iterate } from "./iterate.js";
import { arity, rubyError, toInt, type Runtime } from "./runtime.js";

const isNumeric = (v: RValue) => numberValue(v) !== undefined;

/** Ruby's `ruby_float_step_size`: how many steps of `unit` from `beg` reach `end`. */
export function floatSteps(beg: number, end: number, unit: number, exclusive: boolean): number {
  const n = (end - beg) / unit;
  const err = Math.min(0.5, ((Math.abs(beg) + Math.abs(end) + Math.abs(end - beg)) / Math.abs(unit)) * Number.EPSILON);
  if (unit > 0 ? beg > end : beg < end) return 0;
  if (exclusive) {
    if (n <= 0) return 0;
    let m = n < 1 ? 0 : Math.floor(n - err);
    const d = (m + 1) * unit + beg;
    if (beg < end ? d < end : d > end) m++;
    return m + 1;
  }
  if (n < 0) return 0;
  return Math.floor(n + err) + 1;
}

/** ArithmeticSequence#each (enumerator.c `arith_seq_each`): from the begin by the step, up or down, to the end. */
function arithmetic(rt: Runtime, r: RRange, step: RValue, block: RProc): RValue {
  const beg = numberValue(r.first)!;
  const by = numberValue(step)!;
  const float = r.first instanceof RFloat || r.last instanceof RFloat || step instanceof RFloat;
  if (!float) {
    const end = r.last === null ? (by > 0 ? Infinity : -Infinity) : numberValue(r.last)!;
    for (let v = beg; by > 0 ? (r.exclusive ? v < end : v <= end) : r.exclusive ? v > end : v >= end; v += by) {
      rt.charge(1);
      rt.yield(block, [v]);
    }
    return r;
  }
  const end = r.last === null ? Infinity : numberValue(r.last)!;
  const n = Number.isFinite(end) ? floatSteps(beg, end, by, r.exclusive) : Infinity;
  for (let i = 0; i < n; i++) {
    rt.charge(1);
    let d = i * by + beg;
    if (by >= 0 ? end < d : d < end) d = end;
    rt.yield(block, [new RFloat(d)]);
  }
  return r;
}

export function stepRange(rt: Runtime, r: RRange, args: RValue[], block: RProc | null, name: string): RValue {
  arity(args, 0, 1);
  const unknown = unknownValueOf(r.first) ?? unknownValueOf(r.last);
  if (unknown) throw new UnknownValueError(unknown);
  let step: RValue = args.length ? args[0] : 1;
  if (!isNumeric(step)) step = toInt(step);
  const by = numberValue(step)!;
  if (by === 0) throw rubyError("ArgumentError", "step can't be 0");
  // Numeric bounds make an ArithmeticSequence, printed `((1..10).step(3))` (print.ts) and sized by
  // `enumeratorSize.ts`, which steps down as well as up; anything else an Enumerator of `step`.
  if (!block) {
    const e = new REnumerator(r, name, [step]);
    const numeric = (isNumeric(r.first) && (r.last === null || isNumeric(r.last))) || (r.first === null && isNumeric(r.last));
    return numeric && r.first !== null ? customEnumerator(e, (rt, each) => arithmetic(rt, r, step, each), true) : e;
  }
  if (by < 0) throw rubyError("ArgumentError", "step can't be negative");
  if (typeof r.first === "number" && (r.last === null || typeof r.last === "number") && typeof step === "number") {
    const end = r.last === null ? Infinity : r.last;
    for (let v = r.first; r.exclusive ? v < end : v <= end; v += by) {
      rt.charge(1);
      rt.yield(block, [v]);
    }
    return r;
  }
  if (isNumeric(r.first) && (r.last === null || isNumeric(r.last))) {
    const beg = numberValue(r.first)!;
    const end = r.last === null ? Infinity : numberValue(r.last)!;
    const n = Number.isFinite(end) ? floatSteps(beg, end, by, r.exclusive) : Infinity;
    for (let i = 0; i < n; i++) {
      rt.charge(1);
      let d = i * by + beg;
      if (end < d) d = end;
      rt.yield(block, [new RFloat(d)]);
    }
    return r;
  }
  if (stringValue(r.first) !== undefined) {
    if (!Number.isInteger(by)) throw rubyError("TypeError", `no implicit conversion of Float into Integer`);
    let i = 0;
    iterate(rt, r, (y) => {
      if (i++ % by === 0) rt.yield(block, y);
    });
    return r;
  }
  throw rubyError("TypeError", `can't iterate from ${typeName(r.first)}`);
}
