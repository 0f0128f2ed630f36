/**
 * Ruby's Enumerator (enumerator.c), as methods called without their block make one
 * (`each_slice(2)`, `map`, `each.with_index(1)`), `Enumerator.new { |y| … }` and `chain`/`+`
 * make one: its own `each`, `with_index`, `with_object`, `size`, external `next`/`peek`/
 * `rewind`; the rest is Enumerable over what it yields (`iterate.ts`); a Lazy's steps are
 * `lazy.ts`.
 *
 * External iteration runs the enumerator again from its start up to the element asked for,
 * keeping what it saw: sound where running it has no effect but its yields, which holds for
 * the core library's own methods over its own values. An enumerator whose elements come
 * from a block of the files (`Enumerator.new { |y| … }`, a Lazy's `map { … }`) or from an
 * object of the files is not run that way: its `next` is unknown.
 */
import { RConst, REnumerator, RFloat, RObject, RProc, RRange, RValue } from "../ruby/values.js";
import { ENUMERABLE } from "./enumerable.js";
import { enumeratorSize, sizedBy } from "./enumeratorSize.js";
import {
  customEnumerator, each, elementOf, enumeratorOf, generatorEnumerator, isCustom, isIterable, nativeBlock, runEnumerator, runsNoCode,
  type Yielded,
} from "./iterate.js";
import { LAZY, isLazy, lazyOf } from "./lazy.js";
import { arity, rubyError, toInt, type Method, type Methods, type Runtime } from "./runtime.js";

/** Where an enumerator's external iteration stands: the next position, and the elements seen so far. */
interface Cursor {
  position: number;
  seen: RValue[];
  /** The iteration ran to its end: `seen` is all of it, and `result` what it returned. */
  ended: boolean;
  result: RValue;
}
const cursors = new WeakMap<REnumerator, Cursor>();

/** Whether running `e` again only repeats its yields: the core library's methods over its own values. */
function replayable(e: REnumerator): boolean {
  if (isCustom(e)) return runsNoCode(e);
  const recv = e.receiver;
  if (recv instanceof REnumerator) return replayable(recv);
  return isIterable(recv) || typeof recv === "number" || typeof recv === "string";
}

/** The element at `position`, running the enumerator far enough (twice as far as last time, so a loop costs linear time). */
function elementAt(rt: Runtime, e: REnumerator, cursor: Cursor, position: number): RValue | undefined {
  // An Array's `each` reads the live array by index, as Ruby's does between two `next`s.
  if (Array.isArray(e.receiver) && e.method === "each" && !e.args.length) {
    if (position < e.receiver.length) return e.receiver[position];
    cursor.result = e.receiver;
    return undefined;
  }
  if (position < cursor.seen.length) return cursor.seen[position];
  if (cursor.ended) return undefined;
  const want = Math.max(position + 1, cursor.seen.length * 2, 8);
  const seen: RValue[] = [];
  let result: RValue = null;
  const stopped = each(rt, e, (y, stop) => {
    seen.push(elementOf(y));
    if (seen.length >= want) stop(true);
  });
  if (stopped === undefined) {
    cursor.ended = true;
    result = runEnumerator(rt, e, nativeBlock(() => null));
  }
  cursor.seen = seen;
  cursor.result = result;
  return position < seen.length ? seen[position] : undefined;
}

function external(rt: Runtime, self: REnumerator, advance: boolean): RValue | undefined {
  if (!replayable(self)) return undefined;
  let cursor = cursors.get(self);
  if (!cursor) cursors.set(self, (cursor = { position: 0, seen: [], ended: false, result: null }));
  const v = elementAt(rt, self, cursor, cursor.position);
  if (v === undefined) {
    // `result`: what the method returned, which `loop` gives back when StopIteration ends it.
    throw Object.assign(rubyError("StopIteration", "iteration reached an end"), { result: cursor.result });
  }
  if (advance) cursor.position++;
  return v;
}

/** `with_index(offset)`: each element with its index from `offset`, given to the block as two values. */
function withIndex(rt: Runtime, self: REnumerator, args: RValue[], block: RProc | null, name: string): RValue {
  arity(args, 0, 1);
  // The offset is read when the enumerator runs: `with_index("1")` makes one, its `each` fails.
  if (!block) return enumeratorOf(self, name, args);
  let i = args.length && args[0] !== null ? toInt(args[0]) : 0;
  return runEnumerator(rt, self, nativeBlock((y) => rt.yield(block, [elementOf(y), i++])));
}

function withObject(rt: Runtime, self: REnumerator, args: RValue[], block: RProc | null, name: string): RValue {
  arity(args, 1);
  if (!block) return enumeratorOf(self, name, args);
  runEnumerator(rt, self, nativeBlock((y) => rt.yield(block, [elementOf(y), args[0]])));
  return args[0];
}

/** `e + other`, `e.chain(*others)`: one enumerator over each in turn. */
export function chainOf(parts: RValue[]): REnumerator {
  const e = customEnumerator(new REnumerator(null, "each", parts, "Enumerator::Chain"), (rt, block) => {
    for (const part of parts) {
      if (part instanceof REnumerator) runEnumerator(rt, part, block);
      else rt.send(part, "each", [], block);
    }
    return e;
  });
  return sizedBy(e, (rt) => {
    let total = 0;
    for (const part of parts) {
      const n = rt.send(part, "size", [], null);
      if (typeof n === "number") total += n;
      else if (n instanceof RFloat) total += n.value;
      else return null;
    }
    return Number.isFinite(total) ? total : new RFloat(total);
  });
}

/** `Enumerator.new(size) { |y| … }`: the block runs each time the enumerator is iterated, `y << v` yielding. */
export function generatorNew(args: RValue[], block: RProc | null): REnumerator {
  arity(args, 0, 1);
  if (!block) throw rubyError("ArgumentError", "no block given");
  const size = args.length ? args[0] : null;
  const e = generatorEnumerator((rt, out) => rt.yield(block, [yielderOf(out)]));
  return sizedBy(e, (rt) => (size instanceof RProc ? rt.yield(size, []) : size));
}

/** The `y` of `Enumerator.new { |y| … }`: `<<`, `yield` and `call` pass values on to `out`. */
const yielders = new WeakMap<REnumerator, RProc>();
function yielderOf(out: RProc): REnumerator {
  const y = new REnumerator(new RObject("Enumerator::Yielder", new Set()), "yielder", [], "Enumerator::Yielder");
  yielders.set(y, out);
  return y;
}

/** A method of Yielder objects; other enumerators have no such method. */
const yielder =
  (fn: (rt: Runtime, self: REnumerator, out: RProc, args: RValue[]) => RValue): Method<REnumerator> =>
  (rt, self, args) => {
    const out = yielders.get(self);
    return out ? fn(rt, self, out, args) : undefined;
  };

const OWN: Methods<REnumerator> = {
  each: (rt, self, args, block) => (block ? runEnumerator(rt, self, block) : (arity(args, 0), self)),
  with_index: (rt, self, args, block) => withIndex(rt, self, args, block, "with_index"),
  each_with_index: (rt, self, args, block) => (arity(args, 0), withIndex(rt, self, [], block, "each_with_index")),
  with_object: (rt, self, args, block) => withObject(rt, self, args, block, "with_object"),
  each_with_object: (rt, self, args, block) => withObject(rt, self, args, block, "each_with_object"),
  size: (rt, self, args) => (arity(args, 0), enumeratorSize(rt, self)),
  next: (rt, self, args) => (arity(args, 0), external(rt, self, true)),
  peek: (rt, self, args) => (arity(args, 0), external(rt, self, false)),
  rewind: (_rt, self, args) => (arity(args, 0), cursors.delete(self), self),
  "+": (_rt, self, args) => (arity(args, 1), chainOf([self, args[0]])),
  chain: (_rt, self, args) => chainOf([self, ...args]),
  lazy: (_rt, self, args) => (arity(args, 0), isLazy(self) ? self : lazyOf(self)),
  class: (_rt, self) => new RConst(self.method === "step" && self.receiver instanceof RRange ? "Enumerator::ArithmeticSequence" : self.kind),
  "<<": yielder((rt, self, out, args) => (arity(args, 1), rt.yield(out, args), self)),
  yield: yielder((rt, _self, out, args) => rt.yield(out, args)),
  call: yielder((rt, _self, out, args) => rt.yield(out, args)),
};

/** A Lazy's own step where it has one, else the Enumerator's or Enumerable's method. */
function lazyAware(name: string): Method<REnumerator> {
  const plain: Method<REnumerator> | undefined = OWN[name] ?? ENUMERABLE[name];
  return (rt, self, args, block) => (isLazy(self) ? LAZY[name](rt, self, args, block) : plain ? plain(rt, self, args, block) : undefined);
}

export const ENUMERATOR: Methods<REnumerator> = { ...OWN };
for (const name of Object.keys(LAZY)) ENUMERATOR[name] = lazyAware(name);

// Enumerable's `lazy` and `chain` make enumerators of this module's kinds; enumerable.ts
// cannot import them (lazy.ts runs Enumerable's methods), so they join its table here.
ENUMERABLE.lazy = (_rt, self, args) => (arity(args, 0), lazyOf(self));
ENUMERABLE.chain = (_rt, self, args) => chainOf([self, ...args]);

export type { Yielded };
