/**
 * Ruby's errors of numeric operations (numeric.c `coerce_failed`, compar.c `rb_cmperr`): the
 * other operand named by its inspect when it is an immediate (nil, true, false, a small
 * Integer, a Symbol, a Float), else by its class.
 */
import { inspect, typeName } from "../ruby/print.js";
import { RFloat, RSymbol, RValue } from "../ruby/values.js";
import { rubyError } from "./runtime.js";

export function describeOperand(v: RValue | undefined): string {
  if (v === null || v === undefined || typeof v === "boolean" || typeof v === "number" || v instanceof RFloat || v instanceof RSymbol) return inspect(v ?? null);
  return typeName(v);
}

/** `1 + "2"`: TypeError, String can't be coerced into Integer. */
export const coerceFailed = (other: RValue | undefined, self: RValue): Error =>
  rubyError("TypeError", `${describeOperand(other)} can't be coerced into ${typeName(self)}`);

/** `1 < nil`: ArgumentError, comparison of Integer with nil failed. */
export const comparisonFailed = (self: RValue, other: RValue | undefined): Error =>
  rubyError("ArgumentError", `comparison of ${typeName(self)} with ${describeOperand(other)} failed`);
