/**
 * Ruby's `each`, for every value the core library can iterate: Array, Hash, Range, Set,
 * Struct and Enumerator (array.c, hash.c, range.c, struct.c, enumerator.c). `fn` receives what
 * each step yields (one value, or several: `each_with_index` yields two); `elementOf` packs
 * them as Enumerable's methods see them (enum.c's `rb_enum_values_pack`), and `yieldPacked` /
 * `yieldValues` are the two ways enum.c hands them to a block.
 */
import { inspect, noMethodMessage } from "../ruby/print.js";
import {
  REnumerator, RHash, RObject, RProc, RRange, RSet, RStruct, RUnknown, RValue, UnknownValueError, truthy as rubyTruthy, unknownValueOf,
} from "../ruby/values.js";
import { iterateRange } from "./rangeEach.js";
import { rubyError, type Runtime } from "./runtime.js";

export { stringUpto, succ } from "./rangeEach.js";

export type Yielded = RValue[];

/** What Enumerable's methods see of one step: the value, or the values packed in an array. */
export const elementOf = (yielded: Yielded): RValue => (yielded.length === 1 ? yielded[0] : yielded.length === 0 ? null : yielded);

/**
 * The block gets the step as one value (enum.c's `enum_yield` of a packed value: `select`,
 * `find`, `sort_by`, `group_by`, `inject`…): `|x|` sees `[value, index]` of `each_with_index`.
 */
export const yieldPacked = (rt: Runtime, block: RProc, y: Yielded): RValue => rt.yield(block, [elementOf(y)]);

/**
 * The block gets the values yielded as its arguments (`rb_yield_values2` / `rb_yield_force_blockarg`:
 * `map`, `flat_map`, `count`, `any?`…): `|x|` sees the first of them. A lambda of two or more
 * parameters given one array gets its elements, as `rb_yield_force_blockarg` spreads it.
 */
export function yieldValues(rt: Runtime, block: RProc, y: Yielded): RValue {
  if (y.length === 1 && Array.isArray(y[0]) && block.lambda && (block.arity >= 2 || block.arity <= -3)) return rt.yield(block, y[0]);
  return rt.yield(block, y);
}

/**
 * `v` where what it is decides an answer (nil or not, an Array or not): thrown as unknown
 * where it is an unknown that is not an object of the app (which is never nil), or a constant
 * Routemap could not read. (A collection an undecidable branch changed is still a collection.)
 */
export function decided<T extends RValue>(v: T): T {
  const u = unknownValueOf(v);
  if (u && !(v instanceof RUnknown && v.object)) throw new UnknownValueError(u);
  return v;
}

/** Whether `v` is an Array, unknown where `v` is an unknown that could be one. */
export const isArrayValue = (v: RValue): v is RValue[] => Array.isArray(decided(v));

/**
 * A test of each value where some values are unknown (`include?`, `any?` without a block):
 * true as soon as one value passes; unknown (thrown) if none did and some could have; else
 * false. Only for tests that run no code of the files, which Ruby might not have run.
 */
export function someOf(values: Iterable<RValue>, test: (v: RValue) => boolean): boolean {
  let open: UnknownValueError | undefined;
  for (const v of values) {
    try {
      if (test(v)) return true;
    } catch (e) {
      if (!(e instanceof UnknownValueError)) throw e;
      open ??= e;
    }
  }
  if (open) throw open;
  return false;
}

/** Ruby's truth of a value a block gave or a collection holds; unknown where the value is. */
export const truthy = (v: RValue | undefined): boolean => rubyTruthy(v === undefined ? v : decided(v));

/** Whether `v` can be iterated here. */
export function isIterable(v: RValue): boolean {
  return Array.isArray(v) || v instanceof RHash || v instanceof RRange || v instanceof RSet || v instanceof REnumerator || v instanceof RStruct;
}

/** Hashes being iterated, and how deeply: Ruby refuses to add a key to one (`can't add a new key into hash during iteration`). */
const iterating = new WeakMap<RHash, number>();
export const isIterating = (h: RHash): boolean => (iterating.get(h) ?? 0) > 0;

/** Runs `fn` while `h` is being iterated. */
export function duringIteration<T>(h: RHash, fn: () => T): T {
  iterating.set(h, (iterating.get(h) ?? 0) + 1);
  try {
    return fn();
  } finally {
    iterating.set(h, iterating.get(h)! - 1);
  }
}

/**
 * Calls `fn` with what `recv.each` yields at each step, in order. Each step is charged to
 * the budget here; a block the step calls is charged again by the evaluator.
 */
export function iterate(rt: Runtime, recv: RValue, fn: (yielded: Yielded) => void): void {
  if (Array.isArray(recv)) {
    // The live length: Ruby's `each` sees elements the block appends.
    for (let i = 0; i < recv.length; i++) {
      rt.charge(1);
      fn([recv[i]]);
    }
  } else if (recv instanceof RHash) {
    iterateHash(rt, recv, (k, v) => fn([[k, v]]));
  } else if (recv instanceof RSet) {
    // Ruby's Set is a Hash: a member deleted during the loop is not reached, one added is not either.
    const items = recv.items.slice();
    for (let i = 0; i < items.length; i++) {
      rt.charge(1);
      // Still in its place (the usual case) or still a member further on.
      if (recv.items[i] === items[i] || recv.has(items[i])) fn([items[i]]);
    }
  } else if (recv instanceof RStruct) {
    for (const v of recv.values) {
      rt.charge(1);
      fn([v]);
    }
  } else if (recv instanceof RRange) {
    iterateRange(rt, recv, (v) => fn([v]));
  } else if (recv instanceof REnumerator) {
    runEnumerator(rt, recv, nativeBlock((args) => (fn(args), null)));
  } else if (recv instanceof RUnknown) {
    throw new UnknownValueError(recv);
  } else {
    throw rubyError("NoMethodError", noMethodMessage(rt.ruby, "each", recv));
  }
}

/** A Hash's pairs in order, as `each` reaches them: a pair deleted in the loop is skipped, a value changed is seen. */
export function iterateHash(rt: Runtime, h: RHash, fn: (k: RValue, v: RValue) => void): void {
  duringIteration(h, () => {
    const keys = h.keys();
    for (const k of keys) {
      rt.charge(1);
      const v = h.get(k);
      if (v !== undefined) fn(k, v);
    }
  });
}

/**
 * Charges a collection that grows by one to `size` elements: `alloc` at each power of two, so
 * n appends cost O(n) steps, and a runaway loop still meets the limit on a value's size.
 */
export function growTo(rt: Runtime, size: number): void {
  if ((size & (size - 1)) === 0) rt.alloc(size);
}

/** Every step's element, in an array: `to_a`. The receiver itself for an Array (copy it before changing it). */
export function toArray(rt: Runtime, recv: RValue): RValue[] {
  if (Array.isArray(recv)) return recv;
  const out: RValue[] = [];
  iterate(rt, recv, (y) => out.push(elementOf(y)));
  rt.alloc(out.length);
  return out;
}

/** A block whose body is the library's own: what an enumerator's method yields goes to `fn`. */
export const nativeBlock = (fn: (args: RValue[]) => RValue, arity = -1): RProc => new RProc(fn, false, () => "#<Proc:(native)>", arity);

/**
 * Enumerators that are not `receiver.method(*args)`: a generator (`Enumerator.new { |y| … }`),
 * a lazy one's step, a chain. Their modules say here how they run with a block.
 */
const custom = new WeakMap<REnumerator, (rt: Runtime, block: RProc) => RValue>();
/** Those whose run calls no code of the files: running one again only repeats its yields. */
const pure = new WeakSet<REnumerator>();
export function customEnumerator(e: REnumerator, run: (rt: Runtime, block: RProc) => RValue, runsNoCode = false): REnumerator {
  custom.set(e, run);
  if (runsNoCode) pure.add(e);
  return e;
}
export const isCustom = (e: REnumerator): boolean => custom.has(e);
export const runsNoCode = (e: REnumerator): boolean => pure.has(e);

/**
 * An Enumerator over a generator (`Enumerator.new { |y| … }`, `chunk`, `slice_when`): `run`
 * yields to the block it is given, and returns what `each` returns.
 */
export function generatorEnumerator(run: (rt: Runtime, block: RProc) => RValue, kind = "Enumerator"): REnumerator {
  return customEnumerator(new REnumerator(new RObject("Enumerator::Generator", new Set()), "each", [], kind), run);
}

/** Runs an enumerator with a block, as its `each` does: what its method returns. */
export function runEnumerator(rt: Runtime, e: REnumerator, block: RProc): RValue {
  const own = custom.get(e);
  return own ? own(rt, block) : rt.send(e.receiver, e.method, e.args, block);
}

/** An Enumerator of `self.name(*args)`: what a method called without its block gives. */
export const enumeratorOf = (self: RValue, name: string, args: RValue[]) => new REnumerator(self, name, args);

/** The size of what `iterate` would go through, when it is known without iterating. */
export function knownSize(v: RValue): number | undefined {
  if (Array.isArray(v)) return v.length;
  if (v instanceof RHash) return v.size;
  if (v instanceof RSet) return v.items.length;
  if (v instanceof RStruct) return v.values.length;
  return undefined;
}

/** Stops an iteration early (`find`, `first(n)`, `take_while`): the token one `each` throws and catches. */
class Stop {
  value: RValue = null;
}

/**
 * `iterate` that `fn` may end with `stop(value)`: the value, or undefined when the iteration
 * ran to its end. Each call catches only its own token, so a nested one passes through.
 */
export function each(rt: Runtime, recv: RValue, fn: (y: Yielded, stop: (value?: RValue) => never) => void): RValue | undefined {
  const token = new Stop();
  const stop = (value: RValue = null): never => {
    token.value = value;
    throw token;
  };
  try {
    iterate(rt, recv, (y) => fn(y, stop));
  } catch (e) {
    if (e === token) return token.value;
    throw e;
  }
  return undefined;
}

/**
 * `inspect` of a collection, charged to the budget for each element it prints first: a
 * structure that shares itself (`h = {h => h}` thirty times over) prints in exponential
 * time, and the budget stops it instead.
 */
export function inspected(rt: Runtime, v: RValue): string {
  let nodes = 0;
  const open: object[] = [];
  const visit = (x: RValue): void => {
    rt.charge(1);
    growTo(rt, ++nodes);
    const children = Array.isArray(x) ? x : x instanceof RHash ? x.entries().flat() : x instanceof RSet ? x.items : x instanceof RStruct ? x.values : undefined;
    if (!children || open.includes(x as object)) return;
    open.push(x as object);
    for (const c of children) visit(c);
    open.pop();
  };
  visit(v);
  return inspect(v, rt.ruby);
}
