/**
 * Enumerator::Lazy (enumerator.c): `lazy` wraps a collection, and each step (`map`, `select`,
 * `take`…) makes a Lazy whose `each` runs the one before it, passing each element through as
 * soon as it comes, so `(1..).lazy.map { … }.first(3)` computes three elements. A `take` or
 * `take_while` stops the source once it has what it needs. Blocks get what enumerator.c
 * gives them: `map`, `filter_map`, `flat_map`, `take_while`, `drop_while` the values a step
 * yields; `select`, `reject`, `uniq` the step packed.
 */
import { REnumerator, RProc, RValue, UnknownValueError, RUnknown } from "../ruby/values.js";
import { ENUMERABLE } from "./enumerable.js";
import { asSize, receiverSize, sizedBy, sizeNumber } from "./enumeratorSize.js";
import {
  customEnumerator, elementOf, enumeratorOf, iterate, runEnumerator, toArray, yieldPacked, yieldValues, type Yielded, truthy,
} from "./iterate.js";
import { index } from "./arrayIndex.js";
import { arity, rubyError, type Method, type Runtime } from "./runtime.js";
import { ValueSet } from "./valueSet.js";

export const LAZY_KIND = "Enumerator::Lazy";
export const isLazy = (v: RValue): v is REnumerator => v instanceof REnumerator && v.kind === LAZY_KIND;

/** Ends a source early: each `take`/`take_while` step throws its own and catches it. */
class Enough {}

type Pass = (rt: Runtime, y: Yielded, emit: (values: RValue[]) => void, enough: () => never) => void;

/**
 * A Lazy step over `source`: `start()` makes, for each run, what decides of each step what
 * goes on (`emit(values)`, as often as it likes); `size` is what Ruby says its size is.
 */
function step(source: RValue, method: string, args: RValue[], start: () => Pass, size: (rt: Runtime) => RValue = () => null): REnumerator {
  const e = new REnumerator(source, method, args, LAZY_KIND);
  customEnumerator(e, (rt, block) => {
    const pass = start();
    const token = new Enough();
    const emit = (values: RValue[]) => void rt.yield(block, values);
    const enough = (): never => {
      throw token;
    };
    try {
      iterate(rt, source, (y) => pass(rt, y, emit, enough));
    } catch (err) {
      if (err !== token) throw err;
    }
    return null;
  });
  return sizedBy(e, size);
}

/** `enum.lazy`: a Lazy that yields what the collection yields. */
export function lazyOf(self: RValue): REnumerator {
  const e = new REnumerator(self, "lazy", [], LAZY_KIND);
  customEnumerator(e, (rt, block) => {
    iterate(rt, self, (y) => rt.yield(block, y));
    return self;
  });
  return sizedBy(e, (rt) => receiverSize(rt, self));
}

const sameSize = (source: RValue) => (rt: Runtime) => receiverSize(rt, source);

function needBlock(name: string, block: RProc | null): RProc {
  if (!block) throw rubyError("ArgumentError", `tried to call lazy ${name} without a block`);
  return block;
}

function take(self: REnumerator, args: RValue[]): REnumerator {
  arity(args, 1);
  const n = index(args[0]);
  if (n < 0) throw rubyError("ArgumentError", "attempt to take negative size");
  return step(
    self,
    "take",
    args,
    () => {
      let taken = 0;
      return (_rt, y, emit, enough) => {
        if (n === 0) enough();
        emit(y);
        if (++taken >= n) enough();
      };
    },
    (rt) => {
      const base = sizeNumber(receiverSize(rt, self));
      return base === undefined ? null : asSize(Math.min(base, n));
    },
  );
}

/** Each Lazy step by name; anything else is Enumerable's, run over the Lazy's `each`. */
export const LAZY: Record<string, Method<REnumerator>> = {
  map: (_rt, self, args, block) => {
    const b = needBlock("map", block);
    return step(self, "map", args, () => (rt, y, emit) => emit([yieldValues(rt, b, y)]), sameSize(self));
  },
  select: (_rt, self, args, block) => {
    const b = needBlock("select", block);
    return step(self, "select", args, () => (rt, y, emit) => (truthy(yieldPacked(rt, b, y)) ? emit(y) : undefined));
  },
  reject: (_rt, self, args, block) => {
    const b = needBlock("reject", block);
    return step(self, "reject", args, () => (rt, y, emit) => (truthy(yieldPacked(rt, b, y)) ? undefined : emit(y)));
  },
  filter_map: (_rt, self, args, block) => {
    const b = needBlock("filter_map", block);
    return step(self, "filter_map", args, () => (rt, y, emit) => {
      const v = yieldValues(rt, b, y);
      if (truthy(v)) emit([v]);
    });
  },
  flat_map: (_rt, self, args, block) => {
    const b = needBlock("flat_map", block);
    return step(self, "flat_map", args, () => (rt, y, emit) => {
      const v = yieldValues(rt, b, y);
      if (Array.isArray(v)) for (const x of v) emit([x]);
      else emit([v]);
    });
  },
  take_while: (_rt, self, args, block) => {
    const b = needBlock("take_while", block);
    return step(self, "take_while", args, () => (rt, y, emit, enough) => (truthy(yieldValues(rt, b, y)) ? emit(y) : enough()));
  },
  drop_while: (_rt, self, args, block) => {
    const b = needBlock("drop_while", block);
    return step(self, "drop_while", args, () => {
      let dropping = true;
      return (rt, y, emit) => {
        if (dropping && truthy(yieldValues(rt, b, y))) return;
        dropping = false;
        emit(y);
      };
    });
  },
  take: (_rt, self, args) => take(self, args),
  drop: (_rt, self, args) => {
    arity(args, 1);
    const n = index(args[0]);
    if (n < 0) throw rubyError("ArgumentError", "attempt to drop negative size");
    return step(self, "drop", args, () => {
      let seen = 0;
      return (_rt, y, emit) => (seen++ >= n ? emit(y) : undefined);
    });
  },
  uniq: (_rt, self, args, block) => {
    return step(self, "uniq", args, () => {
      const seen = new ValueSet();
      return (rt, y, emit) => (seen.add(block ? yieldPacked(rt, block, y) : elementOf(y)) ? emit(y) : undefined);
    });
  },
  compact: (_rt, self, args) => step(self, "compact", args, () => (_rt, y, emit) => (elementOf(y) === null ? undefined : emit(y))),
  with_index: (_rt, self, args, block) => {
    arity(args, 0, 1);
    const offset = args.length && args[0] !== null ? index(args[0]) : 0;
    return step(self, "with_index", [offset], () => {
      let i = offset;
      return (rt, y, emit) => {
        const pair = [elementOf(y), i++];
        if (block) {
          rt.yield(block, pair);
          emit(y);
        } else emit(pair);
      };
    }, sameSize(self));
  },
  each_with_index: (rt, self, args, block) => (arity(args, 0), LAZY.with_index(rt, self, [], block)),
  zip: (_rt, self, args) => {
    return step(self, "zip", args, () => {
      let i = 0;
      let others: RValue[][] | undefined;
      return (rt, y, emit) => {
        others ??= args.map((a) => toArray(rt, a));
        emit([[elementOf(y), ...others.map((o) => o[i] ?? null)]]);
        i++;
      };
    }, sameSize(self));
  },
  grep: (_rt, self, args, block) => grep(self, args, block, true),
  grep_v: (_rt, self, args, block) => grep(self, args, block, false),
  each_slice: (_rt, self, args) => eagerStep(self, "each_slice", args),
  each_cons: (_rt, self, args) => eagerStep(self, "each_cons", args),
  slice_when: (_rt, self, args, block) => eagerStep(self, "slice_when", args, block),
  chunk_while: (_rt, self, args, block) => eagerStep(self, "chunk_while", args, block),
  lazy: (_rt, self) => self,
  force: (rt, self, args) => ENUMERABLE.to_a(rt, self, args, null),
  to_a: (rt, self, args) => ENUMERABLE.to_a(rt, self, args, null),
  eager: (_rt, self) => enumeratorOf(self, "each", []),
  each: (rt, self, _args, block) => (block ? runEnumerator(rt, self, block) : self),
};
LAZY.collect = LAZY.map;
LAZY.filter = LAZY.select;
LAZY.find_all = LAZY.select;
LAZY.collect_concat = LAZY.flat_map;

function grep(self: REnumerator, args: RValue[], block: RProc | null, keep: boolean): REnumerator {
  arity(args, 1);
  return step(self, keep ? "grep" : "grep_v", args, () => (rt, y, emit) => {
    const v = elementOf(y);
    const hit = rt.send(args[0], "===", [v], null);
    if (hit instanceof RUnknown) throw new UnknownValueError(hit);
    if (truthy(hit) === keep) emit([block ? yieldPacked(rt, block, y) : v]);
  });
}

/**
 * A Lazy step that cuts the sequence (`each_slice`): Enumerable's method over the source,
 * each piece passed on as it is complete.
 */
function eagerStep(self: REnumerator, method: string, args: RValue[], block: RProc | null = null): REnumerator {
  const e = new REnumerator(self, method, args, LAZY_KIND);
  customEnumerator(e, (rt, out) => {
    if (method === "each_slice" || method === "each_cons") {
      ENUMERABLE[method](rt, self, args, out);
      return null;
    }
    return runEnumerator(rt, ENUMERABLE[method](rt, self, args, block) as REnumerator, out);
  });
  return e;
}
