/**
 * `Evaluator.fork`: both branches of a condition Routemap cannot decide, each under its side
 * of the condition, then joined (`branches.ts`). Where one branch leaves its frame (`return`,
 * `next`, `break`) and the other goes on, the rest of the frame runs under the other's side
 * and the frame joins the two when it ends (`frames.ts`).
 */
import { RUndecided, RUnknown, RValue } from "../ruby/values.js";
import { joinValues, type Condition, type Outcome } from "./branches.js";
import type { Evaluator } from "./evaluator.js";
import { isSignal, type Signal } from "./frames.js";
import { BreakSignal, NextSignal, ReturnSignal } from "./signals.js";

interface Branch {
  condition: Condition;
  value: RValue;
  signal?: Signal;
  outcome: Outcome;
}

function runBranch(it: Evaluator, condition: Condition, body: () => RValue): Branch {
  const segment = it.store.begin();
  const depth = it.conditions.depth;
  it.conditions.push(condition);
  let value: RValue = null;
  let signal: Signal | undefined;
  try {
    value = body();
  } catch (e) {
    if (!isSignal(e)) {
      it.conditions.truncate(depth);
      it.store.rollback(segment);
      throw e;
    }
    signal = e;
  }
  it.conditions.truncate(depth);
  return { condition, value, signal, outcome: it.store.rollback(segment) };
}

/** The exits taken in one world only that a frame follows; past them, the rest of its worlds are said, not followed. */
const MAX_EXITS = 32;

export function forkBranches(it: Evaluator, condition: Condition, whenTrue: () => RValue, whenFalse: () => RValue): RValue {
  const a = runBranch(it, condition, whenTrue);
  const b = runBranch(it, { ...condition, holds: !condition.holds }, whenFalse);
  const unknown = (name: string) => new RUnknown(name, false, `a value that depends on \`${condition.text}\`, which Routemap cannot decide`);
  if (!a.signal && !b.signal) {
    it.store.join(a.outcome, b.outcome, unknown);
    // Each side's value kept: a DSL call given it runs in both worlds (`Interpreter.dispatch`).
    return joinValues(a.value, b.value, () => new RUndecided(unknown(condition.text), condition, a.value, b.value));
  }
  if (a.signal && b.signal) {
    it.store.join(a.outcome, b.outcome, unknown);
    throw bothExit(a.signal, b.signal, () => unknown(condition.text));
  }
  const [exit, went] = a.signal ? [a, b] : [b, a];
  const frame = it.frames.target(exit.signal!);
  if (!frame) {
    it.store.join(a.outcome, b.outcome, unknown);
    throw exit.signal;
  }
  if (it.frames.insideBranch(frame)) throw notFollowed(it, condition, exit.signal!, a.outcome, b.outcome, "inside another condition it cannot decide");
  // Each such exit logs the other world's changes until the frame ends, the logs nested: past
  // MAX_EXITS (a loop whose every turn may `return`: sharetribe's `reduce`), 15 s of a map went to merging them.
  if ((frame.pending?.length ?? 0) >= MAX_EXITS) throw notFollowed(it, condition, exit.signal!, a.outcome, b.outcome, `after ${MAX_EXITS} such exits from the same ${frame.kind === "method" || frame.kind === "lambda" ? "method" : "block"}`);
  it.frames.exitInOneWorld(frame, exit.signal!.value, exit.outcome);
  it.store.apply(went.outcome);
  // Until the frame ends, only the world that went on is left: what it draws depends on its side.
  it.conditions.push(went.condition);
  return went.value;
}

/**
 * An exit taken in one world of a branch that is itself one world of another undecided
 * condition (`if a?` … `return x if b?` … `end`), which the store cannot log past that branch:
 * the branch's world leaves here with an unknown value, and what it would have run where the
 * exit is not taken is said not to be evaluated (routes it draws may be missing), never joined wrongly.
 */
function notFollowed(it: Evaluator, condition: Condition, signal: Signal, a: Outcome, b: Outcome, where: string): Signal {
  const word = signal instanceof ReturnSignal ? "return" : signal instanceof NextSignal ? "next" : "break";
  const unknown = (name: string) => new RUnknown(name, false, `a value that depends on a \`${word}\` taken only where \`${condition.text}\` decides, which Routemap does not follow ${where}`);
  it.store.join(a, b, unknown);
  const reason = `Routemap does not follow the code after a \`${word}\` taken only where \`${condition.text}\` decides, ${where}: what runs where it is not taken is not evaluated (routes it draws may be missing), and the value it leaves is unknown.`;
  const at = signal.at;
  const span = at ? at.index.span(at.node.location.startOffset, at.node.location.startOffset + at.node.location.length) : it.source();
  it.report("info", reason, span, "unknown-value");
  it.openRegion(span, reason);
  const value = unknown(condition.text);
  if (signal instanceof ReturnSignal) return new ReturnSignal(value);
  if (signal instanceof NextSignal) return new NextSignal(value);
  const left = new BreakSignal(value);
  left.target = signal.target;
  return left;
}

/** Both branches leave: the same way, with the value joined; different ways cannot be followed. */
function bothExit(a: Signal, b: Signal, unknown: () => RUnknown): Signal {
  const value = joinValues(a.value, b.value, unknown);
  if (a instanceof ReturnSignal && b instanceof ReturnSignal) return new ReturnSignal(value);
  if (a instanceof NextSignal && b instanceof NextSignal) return new NextSignal(value);
  if (a instanceof BreakSignal && b instanceof BreakSignal && a.target === b.target) {
    const s = new BreakSignal(value);
    s.target = a.target;
    return s;
  }
  // `if x then return else break end`: which way the code leaves is undecidable; the first is taken, its value unknown.
  return a instanceof ReturnSignal ? new ReturnSignal(unknown()) : a instanceof NextSignal ? new NextSignal(unknown()) : new BreakSignal(unknown());
}
