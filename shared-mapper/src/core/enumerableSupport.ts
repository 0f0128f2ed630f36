/**
 * ActiveSupport's Enumerable (active_support/core_ext/enumerable.rb, 6.1; `sole`, `in_order_of`,
 * `maximum`, `minimum` are 7.0's): written in Ruby over `each`, `map`, `reject` and `any?`,
 * so a step that yields several values gives their block the first one, as a Ruby block
 * `{ |elem| … }` takes it; they call the receiver's own `map`/`reject` (a Hash's keeps a Hash).
 */
import { RHash, RProc, RValue, requal } from "../ruby/values.js";
import { put } from "./hashBase.js";
import { each, enumeratorOf, iterate, nativeBlock, toArray, truthy } from "./iterate.js";
import { arity, rubyError, type Method, type Runtime } from "./runtime.js";

/** What a Ruby block `{ |elem| … }` of `each` gets of one step. */
const firstOf = (y: RValue[]): RValue => y[0] ?? null;

/** `list.flatten(1)`, as ActiveSupport flattens the arguments of `excluding` and `including`. */
const flatOnce = (args: RValue[]): RValue[] => args.flatMap((a) => (Array.isArray(a) ? a : [a]));

/** `recv.name { |x| fn(x) }` through the receiver's own method. */
const through = (rt: Runtime, recv: RValue, name: string, args: RValue[], fn: (x: RValue) => RValue) =>
  rt.send(recv, name, args, nativeBlock((y) => fn(firstOf(y))));

/** `element[key]`: a Hash's value (or its default), else the element's `[]`. */
const fieldOf = (rt: Runtime, element: RValue, key: RValue) => rt.send(element, "[]", [key], null);

function pluck(rt: Runtime, self: RValue, keys: RValue[]): RValue {
  if (keys.length > 1) return through(rt, self, "map", [], (e) => keys.map((k) => fieldOf(rt, e, k)));
  return through(rt, self, "map", [], (e) => fieldOf(rt, e, keys[0] ?? null));
}

function pick(rt: Runtime, self: RValue, keys: RValue[]): RValue {
  const found = each(rt, self, (y, stop) => (truthy(firstOf(y)) ? stop(firstOf(y)) : undefined));
  if (found === undefined) return null;
  const first = rt.send(self, "first", [], null);
  if (keys.length > 1) return keys.map((k) => fieldOf(rt, first, k));
  return fieldOf(rt, first, keys[0] ?? null);
}

function indexBy(rt: Runtime, self: RValue, block: RProc): RHash {
  const out = new RHash();
  iterate(rt, self, (y) => put(out, rt.yield(block, [firstOf(y)]), firstOf(y)));
  return out;
}

function indexWith(rt: Runtime, self: RValue, args: RValue[], block: RProc | null): RValue {
  arity(args, 0, 1);
  if (!block && !args.length) return enumeratorOf(self, "index_with", args);
  const out = new RHash();
  iterate(rt, self, (y) => put(out, firstOf(y), block ? rt.yield(block, [firstOf(y)]) : args[0]));
  return out;
}

function many(rt: Runtime, self: RValue, block: RProc | null): boolean {
  let n = 0;
  const hit = each(rt, self, (y, stop) => {
    if (!block || truthy(rt.yield(block, [firstOf(y)]))) n++;
    if (n > 1) stop(true);
  });
  return hit === true;
}

/** `sole` (ActiveSupport 7.0): the one element, or Ruby's error for none or several. */
function sole(rt: Runtime, self: RValue): RValue {
  const list = toArray(rt, self);
  if (list.length === 1) return list[0];
  throw rubyError("Enumerable::SoleItemExpectedError", list.length ? "multiple items found" : "no item found");
}

export const SUPPORT: Record<string, Method<RValue>> = {
  index_by: (rt, self, args, block) => (arity(args, 0), block ? indexBy(rt, self, block) : enumeratorOf(self, "index_by", args)),
  index_with: (rt, self, args, block) => indexWith(rt, self, args, block),
  "many?": (rt, self, args, block) => (arity(args, 0), many(rt, self, block)),
  "exclude?": (rt, self, args) => (arity(args, 1), !truthy(rt.send(self, "include?", args, null))),
  excluding: (rt, self, args) => {
    const drop = flatOnce(args);
    return rt.send(self, "reject", [], nativeBlock((y) => drop.some((d) => requal(d, elementOfStep(y)))));
  },
  without: (rt, self, args) => rt.send(self, "excluding", args, null),
  including: (rt, self, args) => [...toArray(rt, self), ...flatOnce(args)],
  pluck: (rt, self, args) => pluck(rt, self, args),
  pick: (rt, self, args) => pick(rt, self, args),
  compact_blank: (rt, self) => rt.send(self, "reject", [], nativeBlock((y) => rt.send(elementOfStep(y), "blank?", [], null))),
  sole: (rt, self, args) => (arity(args, 0), sole(rt, self)),
  in_order_of: (rt, self, args) => {
    arity(args, 2);
    const groups = rt.send(self, "group_by", [], nativeBlock((y) => rt.send(firstOf(y), symbolName(args[0]), [], null)));
    const found = rt.send(groups, "values_at", toArray(rt, args[1]), null);
    return rt.send(rt.send(found, "flatten", [1], null), "compact", [], null);
  },
  maximum: (rt, self, args) => rt.send(through(rt, self, "map", [], (e) => rt.send(e, symbolName(args[0] ?? null), [], null)), "max", [], null),
  minimum: (rt, self, args) => rt.send(through(rt, self, "map", [], (e) => rt.send(e, symbolName(args[0] ?? null), [], null)), "min", [], null),
};

/** A `reject` block's one value (`reject` packs what a step yields). */
const elementOfStep = (y: RValue[]): RValue => (y.length === 1 ? y[0] : y);

function symbolName(v: RValue): string {
  const name = (v as { name?: unknown })?.name;
  if (typeof name === "string") return name;
  if (typeof v === "string") return v;
  throw rubyError("TypeError", "wrong argument type (expected Symbol)");
}
