/** Ruby's non-local exits (`return`, `next`, `break`) as the interpreter throws them. */
import type { RValue } from "../ruby/values.js";

export class ReturnSignal {
  constructor(readonly value: RValue) {}
}
export class NextSignal {
  constructor(readonly value: RValue) {}
}
export class BreakSignal {
  constructor(readonly value: RValue) {}
}
/** The evaluation budget ran out: stop everything, the table so far stands. */
export class BudgetExceeded {
  constructor(readonly reason: string) {}
}
