/**
 * What one evaluation may spend: steps (every node evaluated, every block call, every core
 * method, and allocations by their size), routes drawn, and the size of any one value.
 * Deterministic, so the same files give the same table on any machine: generous for the
 * largest real apps (their routes take well under a tenth of it), small enough that an
 * editor's keystroke on a runaway loop stays under a second or two. Measured (routes, cold):
 * sequencescape 7,956 steps, whitehall 6,399, diaspora 4,466, openstreetmap 2,015, issue 30's
 * app of 20,037 routes 50,030; a runaway `1.step { }` spends the million in about 1.4 s of
 * `check` and 4 s of `routes` (whose V8 runs without its optimising compiler), and spent three
 * million in 3.3 and 10.6 s.
 */
import type { Span } from "../types.js";

export interface Limits {
  /** Steps of one evaluation. */
  steps: number;
  /** Routes of one evaluation, all route sets together. */
  routes: number;
  /** Elements of an Array or Hash, characters of a String. */
  valueSize: number;
}

export const DEFAULT_LIMITS: Limits = { steps: 1_000_000, routes: 60_000, valueSize: 1_000_000 };

const STEPS_OUT = ["it took more than ", " steps (an endless or very long loop?)"] as const;
/** The reason given when `steps` steps ran out. */
const stepsOut = (steps: number): string => `${STEPS_OUT[0]}${steps.toLocaleString("en-US")}${STEPS_OUT[1]}`;
/** Whether `why` is a `BudgetExceeded` reason for steps (a value's cause, `computeAside`). */
export const isStepsOut = (why: string): boolean => why.startsWith(STEPS_OUT[0]) && why.endsWith(STEPS_OUT[1]);

/** The evaluation ran out of its budget: it stops, the table so far stands, and `span` says where. */
export class BudgetExceeded {
  span: Span | undefined = undefined;
  constructor(
    readonly reason: string,
    /** Only a part's own steps ran out (`Budget.part`), not the evaluation's. */
    readonly part = false,
  ) {}
}

/** A value larger than any evaluation makes (`"a" * 10**9`): the statement that makes it is skipped. */
export class ValueTooLarge {
  constructor(
    readonly size: number,
    readonly limit: number,
  ) {}
  get message(): string {
    return `it builds a value of ${this.size.toLocaleString("en-US")} elements or characters, more than the ${this.limit.toLocaleString("en-US")} Routemap evaluates`;
  }
}

export class Budget {
  private steps = 0;
  constructor(public limits: Limits) {}

  /**
   * Runs `body` on `steps` of its own, the evaluation's count as it was afterwards: a
   * condition of a view decided after the map (`MapResult.decide`) has its own small budget.
   */
  within<T>(steps: number, body: () => T): T {
    const [spent, limits] = [this.steps, this.limits];
    this.steps = 0;
    this.limits = { ...limits, steps };
    try {
      return body();
    } finally {
      this.steps = spent;
      this.limits = limits;
    }
  }

  /**
   * Runs `body` on at most `steps` more steps, counted in the evaluation's as any others: a
   * value computed aside from the routes (an app's formatter, a setting) that runs away costs
   * `steps`, and `BudgetExceeded` with `part` set, not the whole evaluation.
   */
  part<T>(steps: number, body: () => T): T {
    const limits = this.limits;
    if (this.steps + steps >= limits.steps) return body();
    this.limits = { ...limits, steps: this.steps + steps };
    try {
      return body();
    } catch (e) {
      if (e instanceof BudgetExceeded && !e.part) throw new BudgetExceeded(stepsOut(steps), true);
      throw e;
    } finally {
      this.limits = limits;
    }
  }

  get spent(): number {
    return this.steps;
  }

  charge(n: number): void {
    this.steps += n;
    if (this.steps > this.limits.steps) {
      throw new BudgetExceeded(stepsOut(this.limits.steps));
    }
  }

  /** A value of `size` elements or characters about to be made: charged by its size, refused past the limit. */
  alloc(size: number): void {
    if (size > this.limits.valueSize) throw new ValueTooLarge(size, this.limits.valueSize);
    this.charge(size >> 4);
  }

  routes(count: number): void {
    if (count > this.limits.routes) {
      throw new BudgetExceeded(`it draws more than ${this.limits.routes.toLocaleString("en-US")} routes`);
    }
  }
}
