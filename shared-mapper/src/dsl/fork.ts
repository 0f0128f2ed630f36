/**
 * `Evaluator.fork`: both branches of a condition Routemap cannot decide, each under its side
 * of the condition, then joined (`branches.ts`). Where one branch leaves its frame (`return`,
 * `next`, `break`) and the other goes on, the rest of the frame runs under the other's side
 * and the frame joins the two when it ends (`frames.ts`).
 */
import { RUnknown, RValue } from "../ruby/values.js";
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

export function forkBranches(it: Evaluator, condition: Condition, whenTrue: () => RValue, whenFalse: () => RValue): RValue {
  const a = runBranch(it, condition, whenTrue);
  const b = runBranch(it, { ...condition, holds: !condition.holds }, whenFalse);
  const unknown = (name: string) => new RUnknown(name, false, `a value that depends on \`${condition.text}\`, which Routemap cannot decide`);
  if (!a.signal && !b.signal) {
    it.store.join(a.outcome, b.outcome, unknown);
    return joinValues(a.value, b.value, () => unknown(condition.text));
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
  it.frames.exitInOneWorld(frame, exit.signal!.value, exit.outcome);
  it.store.apply(went.outcome);
  // Until the frame ends, only the world that went on is left: what it draws depends on its side.
  it.conditions.push(went.condition);
  return went.value;
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
