/**
 * Where `return`, `next` and `break` go, and what happens when only one branch of an
 * undecidable condition takes one (`return unless ENV["ADMIN"]`): the rest of the frame
 * runs under the other branch's condition, and when the frame ends, the world where the
 * exit was taken is joined with the world where it was not.
 */
import { RUnknown, RValue } from "../ruby/values.js";
import { joinValues, type Conditions, type Outcome, type Segment, type Store } from "./branches.js";
import { BreakSignal, NextSignal, ReturnSignal } from "./signals.js";

/** `method` and `lambda` take `return`; `block`, `iteration` (of a while loop) and `lambda` take `next`; `loop` and `call` take `break`. */
export type FrameKind = "method" | "lambda" | "block" | "iteration" | "loop" | "call";

/** An exit taken in one world only: its value, what that world had changed, and the log of the other world's changes since. */
interface Pending {
  value: RValue;
  outcome: Outcome;
  segment: Segment;
}

export class Frame {
  // One per call with a block and per block call: the fields are the constructor's
  // assignments, all of them (`declare`; see RHash in values.ts).
  declare readonly kind: FrameKind;
  declare readonly conditionDepth: number;
  /** The store's segments when the frame began (`Store.depth`). */
  declare readonly segmentDepth: number;
  /** For a block: the call it was given to, where its `break` goes. */
  declare readonly breakTarget?: Frame;
  declare pending: Pending[] | undefined;
  constructor(kind: FrameKind, conditionDepth: number, segmentDepth: number, breakTarget?: Frame) {
    this.kind = kind;
    this.conditionDepth = conditionDepth;
    this.segmentDepth = segmentDepth;
    this.breakTarget = breakTarget;
    this.pending = undefined;
  }
}

export type Signal = ReturnSignal | NextSignal | BreakSignal;
export const isSignal = (e: unknown): e is Signal => e instanceof ReturnSignal || e instanceof NextSignal || e instanceof BreakSignal;

export class Frames {
  private readonly stack: Frame[] = [];

  constructor(
    private readonly store: Store,
    private readonly conditions: Conditions,
  ) {}

  /** Runs `body` in a new frame; `finish` joins the exits taken in one world only into its result. */
  run(kind: FrameKind, body: (frame: Frame) => RValue, unknown: (name: string) => RUnknown, breakTarget?: Frame): RValue {
    const frame = new Frame(kind, this.conditions.depth, this.store.depth, breakTarget);
    this.stack.push(frame);
    let value: RValue;
    try {
      value = body(frame);
    } catch (e) {
      if (frame.pending) this.unwind(frame);
      throw e;
    } finally {
      this.stack.pop();
    }
    return frame.pending ? this.finish(frame, value, unknown) : value;
  }

  /** The innermost frame (`Kernel#loop`'s call, while its block runs: kernelCalls.ts). */
  current(): Frame | undefined {
    return this.stack[this.stack.length - 1];
  }

  /** The frame a signal leaves to. */
  target(signal: Signal): Frame | undefined {
    for (let i = this.stack.length - 1; i >= 0; i--) {
      const f = this.stack[i];
      if (signal instanceof ReturnSignal && (f.kind === "method" || f.kind === "lambda")) return f;
      if (signal instanceof NextSignal && (f.kind === "block" || f.kind === "iteration" || f.kind === "lambda")) return f;
      if (signal instanceof BreakSignal) {
        if (f.kind === "loop") return f;
        if (f.kind === "block" || f.kind === "lambda") return f.breakTarget;
      }
    }
    return undefined;
  }

  /**
   * Whether an exit to `frame` would be taken inside a branch of another undecidable condition
   * that is still running in it (`if a?` … `return x if b?` … `end`): the log of the world that
   * goes on would have to outlive that branch's, which the store does not follow.
   */
  insideBranch(frame: Frame): boolean {
    return this.store.depth > frame.segmentDepth + (frame.pending?.length ?? 0);
  }

  /**
   * An exit taken in one world only: recorded on its frame, and from here on the other
   * world's changes are logged, to be joined with `outcome` when the frame ends.
   */
  exitInOneWorld(frame: Frame, value: RValue, outcome: Outcome): void {
    (frame.pending ??= []).push({ value, outcome, segment: this.store.begin() });
  }

  /** Joins, last exit first, each world that left early with the one that went on. */
  private finish(frame: Frame, value: RValue, unknown: (name: string) => RUnknown): RValue {
    let result = value;
    for (const p of frame.pending!.reverse()) {
      const went = this.store.rollback(p.segment);
      this.store.join(p.outcome, went, unknown);
      result = joinValues(p.value, result, () => unknown("the value"));
    }
    frame.pending = undefined;
    this.conditions.truncate(frame.conditionDepth);
    return result;
  }

  /** A frame left by an exception: its logs end with it (their changes stand, as the exception's world's). */
  private unwind(frame: Frame): void {
    for (const p of frame.pending!.reverse()) this.store.commit(p.segment);
    frame.pending = undefined;
    this.conditions.truncate(frame.conditionDepth);
  }
}
