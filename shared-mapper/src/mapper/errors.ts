/**
 * How the mapper signals what Rails raises. The evaluator catches a RoutingError at the
 * DSL call that caused it, reports it with the call's range, and goes on with the next
 * statement, so one mistake never hides the rest of the table.
 */
import type { Span } from "../types.js";

export class RoutingError extends Error {
  constructor(
    message: string,
    /** The Ruby exception class Rails raises: ArgumentError, RuntimeError, NameError... */
    readonly rubyClass: string = "ArgumentError",
    /**
     * Where Ruby reports it, when not at the DSL call that raised: a lambda or method called
     * with the wrong number of arguments is reported at its own definition. Set on its way
     * out of a `begin … rescue` that may take it: the statement that raised, not the `begin`.
     */
    public span?: Span,
  ) {
    super(message);
  }
}

export const routingError = (message: string, rubyClass?: string): RoutingError => new RoutingError(message, rubyClass);

