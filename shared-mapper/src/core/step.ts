/**
 * Numeric#step (numeric.c: `num_step`, `num_step_scan_args`, `ruby_float_step`): by an Integer
 * step while everything is an Integer, else by Float steps counted as Ruby counts them (the
 * i-th value is `from + i * step`, the last one clamped to the limit), so that the values and
 * their number are Ruby's. Without a block it is an ArithmeticSequence (an enumerator).
 */
import { RFloat, RHash, RProc, RSymbol, RUnknown, RValue, UnknownValueError, truthy } from "../ruby/values.js";
import { inspect } from "../ruby/print.js";
import * as I from "./intMath.js";
import { isInt } from "./intMath.js";
import { enumeratorOf } from "./iterate.js";
import { arity, rubyError, type Result, type Runtime } from "./runtime.js";

const isNumeric = (v: RValue | undefined) => isInt(v) || v instanceof RFloat;
const toF = (v: RValue): number => (v instanceof RFloat ? v.value : I.toFloat(v as I.Int));

/** The limit and step of `step(limit, step)` or `step(to:, by:)`. */
function scan(args: RValue[]): { to: RValue; by: RValue } {
  const options = args[args.length - 1] instanceof RHash ? (args[args.length - 1] as RHash) : undefined;
  const positional = options ? args.slice(0, -1) : args;
  arity(positional, 0, 2);
  let [to, by] = [positional[0], positional[1]];
  if (options) {
    for (const k of options.keys()) {
      if (!(k instanceof RSymbol) || (k.name !== "to" && k.name !== "by")) throw rubyError("ArgumentError", `unknown keyword: ${inspect(k)}`);
    }
    if (options.shas("to")) {
      if (positional.length >= 1) throw rubyError("ArgumentError", "to is given twice");
      to = options.sget("to")!;
    }
    if (options.shas("by")) {
      if (positional.length >= 2) throw rubyError("ArgumentError", "step is given twice");
      by = options.sget("by")!;
    }
  }
  return { to: to ?? null, by: by ?? 1 };
}

/** Whether the step is negative, asked as Ruby asks it (`step < 0`). */
function negative(rt: Runtime, by: RValue): boolean {
  if (isInt(by)) return I.sign(by) < 0;
  if (by instanceof RFloat) return by.value < 0;
  const r = rt.send(by, "<", [0], null);
  if (r instanceof RUnknown) throw new UnknownValueError(r);
  return truthy(r);
}

export function step(rt: Runtime, self: RValue, args: RValue[], block: RProc | null): Result {
  const { to, by } = scan(args);
  if (!block) return enumeratorOf(self, "step", args);
  if (by === 0 || (by instanceof RFloat && by.value === 0)) throw rubyError("ArgumentError", "step can't be 0");
  const down = negative(rt, by);
  if (self instanceof RFloat || to instanceof RFloat || by instanceof RFloat) {
    if ((to !== null && !isNumeric(to)) || !isNumeric(by)) return undefined;
    floatStep(rt, toF(self), to === null ? (down ? -Infinity : Infinity) : toF(to), toF(by), block);
    return self;
  }
  if (isInt(self) && isInt(by) && (to === null || isInt(to))) {
    for (let i: I.Int = self; to === null || (down ? I.cmp(i, to) >= 0 : I.cmp(i, to) <= 0); i = I.add(i, by)) rt.yield(block, [i]);
    return self;
  }
  const past = (i: RValue): boolean => {
    if (to === null) return false;
    const r = rt.send(i, down ? "<" : ">", [to], null);
    if (r instanceof RUnknown) throw new UnknownValueError(r);
    return truthy(r);
  };
  for (let i: RValue = self; !past(i); i = rt.send(i, "+", [by], null)) {
    if (i instanceof RUnknown) throw new UnknownValueError(i);
    rt.yield(block, [i]);
  }
  return self;
}

/** `ruby_float_step`: n steps counted with Ruby's allowance for rounding, each value from + i * unit. */
function floatStep(rt: Runtime, beg: number, end: number, unit: number, block: RProc): void {
  if (!Number.isFinite(unit)) {
    if (unit > 0 ? beg <= end : beg >= end) rt.yield(block, [new RFloat(beg)]);
    return;
  }
  const n = (end - beg) / unit;
  const err = Math.min(0.5, ((Math.abs(beg) + Math.abs(end) + Math.abs(end - beg)) / Math.abs(unit)) * Number.EPSILON);
  const last = Math.floor(n + err);
  for (let i = 0; i <= last; i++) {
    let d = i * unit + beg;
    if (unit >= 0 ? end < d : d < end) d = end;
    rt.yield(block, [new RFloat(d)]);
  }
}
