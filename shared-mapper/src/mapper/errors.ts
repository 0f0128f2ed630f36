/**
 * How the mapper signals what Rails raises. The evaluator catches a RoutingError at the
 * DSL call that caused it, reports it with the call's range, and goes on with the next
 * statement, so one mistake never hides the rest of the table.
 */
import type { Span } from "../types.js";

export class RoutingError extends Error {
  /** The Ruby exception class Rails raises: ArgumentError, RuntimeError, NameError... */
  readonly rubyClass: string;
  /**
   * Where Ruby reports it, when not at the DSL call that raised: a lambda or method called
   * with the wrong number of arguments is reported at its own definition. Set on its way
   * out of a `begin … rescue` that may take it: the statement that raised, not the `begin`.
   */
  span?: Span;

  constructor(message: string, rubyClass = "ArgumentError", span?: Span) {
    // A Ruby exception the files raise, caught by their `rescue` or said as a diagnostic: V8's
    // stack trace of it is never read, and capturing one was the most of a fork-heavy
    // evaluation's time (a `nil[…]` raised in each of thousands of worlds).
    const limit = Error.stackTraceLimit;
    Error.stackTraceLimit = 0;
    super(message);
    Error.stackTraceLimit = limit;
    this.rubyClass = rubyClass;
    this.span = span;
  }
}

export const routingError = (message: string, rubyClass?: string): RoutingError => new RoutingError(message, rubyClass);

