/**
 * What Hash's methods and ActiveSupport's share (hash.c): reading with defaults, changing
 * with Ruby's FrozenError and its refusal to add a key during iteration, merging.
 */
import { typeName } from "../ruby/print.js";
import { RHash, RProc, RValue, UnknownValueError, unknownValueOf } from "../ruby/values.js";
import { decided, growTo, isIterating } from "./iterate.js";
import { checkFrozen, rubyError, type Runtime } from "./runtime.js";

type H = RHash;

/** A Hash argument (`to_hash`), else Ruby's TypeError. */
export function hashArg(v: RValue | undefined): H {
  if (v instanceof RHash) return v;
  if (v !== undefined) decided(v);
  throw rubyError("TypeError", `no implicit conversion of ${v === null || v === undefined ? "nil" : typeName(v)} into Hash`);
}

/**
 * `h[k]` where the key is found; undefined where it is not. Unknown (thrown) where the key or
 * one of the hash's keys is unknown and could have been it.
 */
export function lookup(h: H, k: RValue): RValue | undefined {
  const v = h.get(k);
  if (v !== undefined || h.size === 0) return v;
  const u = unknownValueOf(k) ?? h.unknownKey;
  if (u) throw new UnknownValueError(u);
  return undefined;
}

/** Whether `h` has the key `k` (`key?`), unknown where an unknown key could be it. */
export const hasKey = (h: H, k: RValue): boolean => lookup(h, k) !== undefined;

/** `h[k]`: the value, else the default (a default proc is called, as Ruby does). */
export function hashGet(rt: Runtime, h: H, k: RValue): RValue {
  const v = lookup(h, k);
  if (v !== undefined) return v;
  if (h.defaultProc) return rt.yield(h.defaultProc, [h, k]);
  return h.defaultValue;
}

/** Before changing a hash: Ruby's FrozenError. */
export function change(rt: Runtime, h: H): H {
  checkFrozen(rt, h);
  return h;
}

/** `h[k] = v`, with Ruby's refusal to add a key while the hash is iterated. */
export function store(rt: Runtime, h: H, k: RValue, v: RValue): RValue {
  change(rt, h);
  const isNew = lookup(h, k) === undefined;
  if (isNew && isIterating(h)) throw rubyError("RuntimeError", "can't add a new key into hash during iteration");
  if (isNew) growTo(rt, h.size + 1);
  h.set(k, v);
  return v;
}

/** `h[k] = v` in a hash the library is building (`group_by`, `tally`): unknown where `k` might be a key already there. */
export function put(h: H, k: RValue, v: RValue): void {
  lookup(h, k);
  h.set(k, v);
}

/** Makes `h` hold `entries`, in order. */
export function refill(h: H, entries: [RValue, RValue][]): H {
  h.clear();
  for (const [k, v] of entries) h.set(k, v);
  return h;
}

/** `merge`/`merge!`: each other hash's pairs, a block deciding where a key is in both. */
export function mergeInto(rt: Runtime, into: H, others: RValue[], block: RProc | null): H {
  for (const o of others.map(hashArg)) {
    for (const [k, v] of o.entries()) {
      const existing = block ? lookup(into, k) : undefined;
      store(rt, into, k, existing !== undefined && block ? rt.yield(block, [k, existing, v]) : v);
    }
  }
  return into;
}

