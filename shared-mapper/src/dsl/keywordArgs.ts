/** What a call site says of its arguments that the values themselves do not: shared by `arguments.ts`, which sets it, and `parameters.ts`, which reads it. */
import type { RValue } from "../ruby/values.js";

/**
 * Whether a call's trailing Hash came from its keywords (`m(a: 1)`, `m(**h)`) or is a positional
 * argument (`m({ a: 1 })`, `m(h)`, `m(*list)`), by the argument list a call site made; absent
 * where the call site does not tell (`...` forwarded, a list made elsewhere). Ruby 3 binds only
 * keywords to a method's keyword parameters (`bindParameters`).
 */
export const KEYWORDS_LAST = new WeakMap<RValue[], boolean>();

/** `to`, marked as `from` was (a list made from another: the mapper's copies, a `send`'s rest). */
export function keepKeywordsMark(from: RValue[], to: RValue[]): RValue[] {
  const told = KEYWORDS_LAST.get(from);
  if (told !== undefined) KEYWORDS_LAST.set(to, told);
  return to;
}
