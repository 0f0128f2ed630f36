/**
 * Enumerable's methods that cut a sequence into pieces or walk it again (enum.c): `each_slice`,
 * `each_cons`, `chunk`, `chunk_while`, `slice_when`, `slice_before`, `slice_after`, `cycle`,
 * `grep`, `grep_v`, `zip`. They stream: a slice is yielded as soon as it is complete, so they
 * work on endless ranges and enumerators where a later step stops them.
 */
import { typeName } from "../ruby/print.js";
import { RProc, RSymbol, RUnknown, RValue, UnknownValueError, requal } from "../ruby/values.js";
import { decided, each, elementOf, enumeratorOf, generatorEnumerator, isIterable, iterate, toArray, truthy, type Yielded, yieldPacked } from "./iterate.js";
import { index } from "./arrayIndex.js";
import { arity, rubyError, type Method, type Runtime } from "./runtime.js";

/** `each_slice(n)` and `each_cons(n)`: Ruby 3.1 returns the receiver from both (3.0 returned nil). */
function slices(rt: Runtime, self: RValue, args: RValue[], block: RProc | null, name: "each_slice" | "each_cons"): RValue {
  arity(args, 1);
  const n = index(args[0]);
  if (n <= 0) throw rubyError("ArgumentError", name === "each_slice" ? "invalid slice size" : "invalid size");
  if (!block) return enumeratorOf(self, name, args);
  let window: RValue[] = [];
  iterate(rt, self, (y) => {
    window.push(elementOf(y));
    if (name === "each_slice") {
      if (window.length === n) {
        const slice = window;
        window = [];
        rt.yield(block, [slice]);
      }
    } else {
      if (window.length > n) window.shift();
      if (window.length === n) rt.yield(block, [window.slice()]);
    }
  });
  if (name === "each_slice" && window.length) rt.yield(block, [window]);
  return self;
}

/** `chunk { |x| key }`: runs of equal keys; nil and `:_separator` drop the element, `:_alone` keeps it alone. */
function chunk(self: RValue, block: RProc): RValue {
  return generatorEnumerator((rt, out) => {
    let key: RValue | undefined;
    let run: RValue[] = [];
    const flush = () => {
      if (run.length) rt.yield(out, [[key!, run]]);
      run = [];
      key = undefined;
    };
    iterate(rt, self, (y) => {
      const v = elementOf(y);
      const k = yieldPacked(rt, block, y);
      if (k instanceof RUnknown) throw new UnknownValueError(k);
      if (k === null || (k instanceof RSymbol && k.name === "_separator")) return flush();
      if (k instanceof RSymbol && k.name === "_alone") {
        flush();
        rt.yield(out, [[k, [v]]]);
        return;
      }
      if (k instanceof RSymbol && k.name.startsWith("_")) throw rubyError("RuntimeError", "symbols beginning with an underscore are reserved");
      if (key !== undefined && !requal(key, k)) flush();
      key = k;
      run.push(v);
    });
    flush();
    return null;
  });
}

/** `chunk_while`/`slice_when { |a, b| … }`: a new piece starts between two neighbours where the block says so. */
function splitBetween(self: RValue, block: RProc, splitWhen: boolean): RValue {
  return generatorEnumerator((rt, out) => {
    let piece: RValue[] = [];
    let previous: RValue | undefined;
    iterate(rt, self, (y) => {
      const v = elementOf(y);
      if (previous !== undefined && truthy(rt.yield(block, [previous, v])) === splitWhen) {
        rt.yield(out, [piece]);
        piece = [];
      }
      piece.push(v);
      previous = v;
    });
    if (piece.length) rt.yield(out, [piece]);
    return null;
  });
}

/** `slice_before`/`slice_after` (a pattern matched with `===`, or a block): a piece ends before or after a match. */
function sliceAt(rt0: Runtime, self: RValue, args: RValue[], block: RProc | null, after: boolean): RValue {
  if (block) arity(args, 0);
  else if (args.length !== 1) throw rubyError("ArgumentError", `wrong number of arguments (given ${args.length}, expected 1)`);
  void rt0;
  return generatorEnumerator((rt, out) => {
    let piece: RValue[] = [];
    iterate(rt, self, (y) => {
      const v = elementOf(y);
      const hit = truthy(block ? yieldPacked(rt, block, y) : rt.send(args[0], "===", [v], null));
      if (!after && hit && piece.length) {
        rt.yield(out, [piece]);
        piece = [];
      }
      piece.push(v);
      if (after && hit) {
        rt.yield(out, [piece]);
        piece = [];
      }
    });
    if (piece.length) rt.yield(out, [piece]);
    return null;
  });
}

/** `cycle(n)`: the elements `n` times (for ever without `n`); the first pass is kept for the next ones. */
function cycle(rt: Runtime, self: RValue, args: RValue[], block: RProc | null): RValue {
  arity(args, 0, 1);
  if (!block) return enumeratorOf(self, "cycle", args);
  const n = args.length && args[0] !== null ? index(args[0]) : Infinity;
  if (n <= 0) return null;
  const seen: Yielded[] = [];
  iterate(rt, self, (y) => {
    seen.push(y);
    yieldPacked(rt, block, y);
  });
  for (let i = 1; i < n && seen.length; i++) {
    for (const y of seen) {
      rt.charge(1);
      yieldPacked(rt, block, y);
    }
  }
  return null;
}

/** `grep`/`grep_v`: the elements a pattern matches (`pattern === x`) or not, through the block if one is given. */
function grep(rt: Runtime, self: RValue, args: RValue[], block: RProc | null, keep: boolean): RValue[] {
  arity(args, 1);
  const out: RValue[] = [];
  iterate(rt, self, (y) => {
    const v = elementOf(y);
    if (truthy(rt.send(args[0], "===", [v], null)) === keep) out.push(block ? yieldPacked(rt, block, y) : v);
  });
  return out;
}

/**
 * What `zip` reads of an argument: an Array as it is; of anything else iterable by `each`, as
 * many elements as the receiver has (array.c's `take_items` stops its `each` there, so
 * `[:a, :b].zip([nil].cycle)` ends); else Ruby's TypeError.
 */
function zipSource(rt: Runtime, v: RValue, count: number): RValue[] {
  if (Array.isArray(v)) return v;
  const items: RValue[] = [];
  if (count > 0) each(rt, v, (y, stop) => (items.push(elementOf(y)), items.length >= count ? stop() : undefined));
  return items;
}

/**
 * `zip`: each element with the elements at the same position of the others (nil past their end).
 * An Array's reads the others up to its length (`take_items`); Enumerable's reads them one `next`
 * at a time, which is the same elements: the receiver is read first there, when an argument is
 * not an Array (an endless receiver with a block that breaks is the one case this does not follow).
 */
export function zip(rt: Runtime, self: RValue, args: RValue[], block: RProc | null): RValue {
  for (const a of args) {
    if (!Array.isArray(a) && !isIterable(decided(a))) throw rubyError("TypeError", `wrong argument type ${typeName(a)} (must respond to :each)`);
  }
  const all = args.every((a) => Array.isArray(a));
  const recv = all || Array.isArray(self) ? self : toArray(rt, self);
  const count = all ? 0 : (recv as RValue[]).length;
  const others = args.map((a) => zipSource(rt, a, count));
  const out: RValue[][] = [];
  let i = 0;
  iterate(rt, recv, (y) => {
    const row = [elementOf(y), ...others.map((o) => o[i] ?? null)];
    i++;
    if (block) rt.yield(block, [row]);
    else out.push(row);
  });
  return block ? null : out;
}

export const SLICES: Record<string, Method<RValue>> = {
  each_slice: (rt, self, args, block) => slices(rt, self, args, block, "each_slice"),
  each_cons: (rt, self, args, block) => slices(rt, self, args, block, "each_cons"),
  chunk: (_rt, self, args, block) => (arity(args, 0), block ? chunk(self, block) : enumeratorOf(self, "chunk", args)),
  chunk_while: (_rt, self, args, block) => {
    arity(args, 0);
    if (!block) throw rubyError("ArgumentError", "tried to create Proc object without a block");
    return splitBetween(self, block, false);
  },
  slice_when: (_rt, self, args, block) => {
    arity(args, 0);
    if (!block) throw rubyError("ArgumentError", "tried to create Proc object without a block");
    return splitBetween(self, block, true);
  },
  slice_before: (rt, self, args, block) => sliceAt(rt, self, args, block, false),
  slice_after: (rt, self, args, block) => sliceAt(rt, self, args, block, true),
  cycle: (rt, self, args, block) => cycle(rt, self, args, block),
  grep: (rt, self, args, block) => grep(rt, self, args, block, true),
  grep_v: (rt, self, args, block) => grep(rt, self, args, block, false),
  zip: (rt, self, args, block) => zip(rt, self, args, block),
};
