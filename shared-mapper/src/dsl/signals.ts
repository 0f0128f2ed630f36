/** Ruby's non-local exits (`return`, `next`, `break`, `throw`) as the interpreter throws them. */
import type { RValue } from "../ruby/values.js";
import type { Span } from "../span.js";

/**
 * Where each was written (`at`: the node and its file's line index), where the statement is
 * known: a finding about the exit is said there. Kept as is, not as a span, which a loop's every
 * `next` would pay for (2 µs each) while almost none is ever said.
 */
export interface SignalSite {
  readonly node: { readonly location: { readonly startOffset: number; readonly length: number } };
  readonly index: { span(start: number, end: number): Span };
}

export class ReturnSignal {
  constructor(
    readonly value: RValue,
    readonly at?: SignalSite,
  ) {}
}
export class NextSignal {
  constructor(
    readonly value: RValue,
    readonly at?: SignalSite,
  ) {}
}
export class BreakSignal {
  /** The call whose block it leaves, set as it leaves the block (`Frame` of kind `call`). */
  target: object | undefined = undefined;
  constructor(
    readonly value: RValue,
    readonly at?: SignalSite,
  ) {}
}
/**
 * A Rails error a DSL call raised and the evaluator has reported: it ends the statement (as
 * Ruby's exception would) without a second report, so that `get "a", to: redirect(nil)` does
 * not go on to draw `get` with a nil `to:`.
 */
export class ReportedError {}
/** `throw tag, value`, caught by the `catch` of the same tag. */
export class ThrowSignal {
  constructor(
    readonly tag: RValue,
    readonly value: RValue,
  ) {}
}
