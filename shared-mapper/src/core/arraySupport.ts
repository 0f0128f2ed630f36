/**
 * ActiveSupport's Array (active_support/core_ext/array/*.rb, 6.1): `to_sentence`,
 * `in_groups_of`, `in_groups`, `split`, `from`, `to`, `second`…, `excluding`/`including`,
 * `extract!`, `extract_options!`, `to_param`/`to_query`, `to_formatted_s`, and the `sum`
 * ActiveSupport leaves Arrays (enumerable.rb).
 */
import { inspect, typeName } from "../ruby/print.js";
import { RHash, RProc, RValue, isSym, numberValue, requal, stringValue } from "../ruby/values.js";
import { minus, join, textOf } from "./arrayOps.js";
import { enumerableSum, sumValues } from "./enumerableReduce.js";
import { decided, enumeratorOf, inspected, truthy } from "./iterate.js";
import { arrayToParam, arrayToQuery } from "./query.js";
import { arity, checkFrozen, rubyError, str, toInt, type Method, type Runtime } from "./runtime.js";

type A = RValue[];

const CONNECTORS = ["words_connector", "two_words_connector", "last_word_connector", "locale"];

function toSentence(rt: Runtime, a: A, args: RValue[]): string | undefined {
  arity(args, 0, 1);
  // Options that are no Hash fail on `assert_valid_keys`, a method Routemap does not know them to lack.
  if (args.length && !(decided(args[0]) instanceof RHash)) return undefined;
  const options = args[0] instanceof RHash ? args[0] : new RHash();
  for (const k of options.keys()) {
    if (!CONNECTORS.some((c) => isSym(k, c))) {
      throw rubyError("ArgumentError", `Unknown key: ${inspect(k, rt.ruby)}. Valid keys are: ${CONNECTORS.map((c) => `:${c}`).join(", ")}`);
    }
  }
  const opt = (key: string, fallback: string) => {
    const v = options.sget(key);
    return v === undefined ? fallback : v === null ? "" : textOf(rt, v);
  };
  const items = a.map((v) => (v === null ? "" : textOf(rt, v)));
  if (items.length === 0) return "";
  if (items.length === 1) return items[0];
  if (items.length === 2) return items[0] + opt("two_words_connector", " and ") + items[1];
  return items.slice(0, -1).join(opt("words_connector", ", ")) + opt("last_word_connector", ", and ") + items[items.length - 1];
}

function eachGroup(rt: Runtime, groups: A[], block: RProc | null): RValue {
  if (!block) return groups;
  for (const g of groups) rt.yield(block, [g]);
  return groups;
}

/** `number.to_i` as in_groups_of reads its group size: undefined for an argument it does not model. */
function groupSize(v: RValue): number | undefined {
  if (typeof v === "number") return v;
  if (v === null) return 0;
  const s = stringValue(v);
  if (s !== undefined) return parseInt(/^\s*[-+]?\d+/.exec(s.replace(/_/g, ""))?.[0] ?? "0", 10);
  return undefined;
}

function inGroupsOf(rt: Runtime, a: A, args: RValue[], block: RProc | null): RValue | undefined {
  arity(args, 1, 2);
  const n = groupSize(decided(args[0]));
  if (n === undefined) return undefined;
  if (n <= 0) throw rubyError("ArgumentError", `Group size must be a positive integer, was ${inspect(args[0], rt.ruby)}`);
  if (typeof args[0] !== "number") {
    if (args.length > 1 && args[1] === false) throw rubyError("TypeError", `no implicit conversion of ${typeName(args[0])} into Integer`);
    throw rubyError("TypeError", `${typeName(args[0])} can't be coerced into Integer`);
  }
  const fill = args.length > 1 ? args[1] : null;
  const list = a.slice();
  if (fill !== false) while (list.length % n) list.push(fill);
  rt.alloc(list.length);
  const groups: A[] = [];
  for (let i = 0; i < list.length; i += n) groups.push(list.slice(i, i + n));
  if (!block) return groups;
  for (const g of groups) rt.yield(block, [g]);
  // With a block, Ruby returns what `each_slice` returns: the padded copy.
  return list;
}

function inGroups(rt: Runtime, a: A, args: RValue[], block: RProc | null): RValue {
  arity(args, 1, 2);
  const number = toInt(args[0]);
  if (number === 0) throw rubyError("ZeroDivisionError", "divided by 0");
  const fill = args.length > 1 ? args[1] : null;
  const division = Math.floor(a.length / number);
  const modulo = a.length - division * number;
  rt.alloc(number);
  const groups: A[] = [];
  let start = 0;
  for (let i = 0; i < number; i++) {
    const length = division + (modulo > 0 && modulo > i ? 1 : 0);
    const group = a.slice(start, start + length);
    if (fill !== false && modulo > 0 && length === division) group.push(fill);
    groups.push(group);
    start += length;
  }
  return eachGroup(rt, groups, block);
}

/** `split(value)` / `split { |x| … }`: the pieces between the elements that match. */
function split(rt: Runtime, a: A, args: RValue[], block: RProc | null): A[] {
  arity(args, 0, 1);
  const out: A[] = [[]];
  for (const v of a) {
    rt.charge(1);
    const hit = block ? truthy(rt.yield(block, [v])) : requal(v, args[0] ?? null);
    if (hit) out.push([]);
    else out[out.length - 1].push(v);
  }
  return out;
}

/** `from(i)`: `self[i, length] || []`. */
function from(a: A, i: number): A {
  const start = i < 0 ? i + a.length : i;
  return start < 0 || start > a.length ? [] : a.slice(start);
}

/** `to(i)`: the first `i + 1` elements (`self[0..i]` when `i` is negative). */
function to(a: A, i: number): A {
  if (i >= 0) return a.slice(0, i + 1);
  const end = i + a.length;
  return end < 0 ? [] : a.slice(0, end + 1);
}

/** Array#sum as ActiveSupport leaves it: Ruby's own when the start or the first element is a number, else Enumerable's. */
function arraySum(rt: Runtime, a: A, args: RValue[], block: RProc | null): RValue {
  arity(args, 0, 1);
  const init = args.length ? args[0] : null;
  if (numberValue(init) !== undefined || numberValue(a[0]) !== undefined) {
    const values = block ? a.map((v) => rt.yield(block, [v])) : a;
    return sumValues(rt, init ?? 0, values);
  }
  return enumerableSum(rt, a, args, block);
}

export const ARRAY_SUPPORT: Record<string, Method<A>> = {
  to_sentence: (rt, self, args) => {
    const sentence = toSentence(rt, self, args);
    return sentence === undefined ? undefined : str(sentence);
  },
  in_groups_of: (rt, self, args, block) => inGroupsOf(rt, self, args, block),
  in_groups: (rt, self, args, block) => inGroups(rt, self, args, block),
  split: (rt, self, args, block) => split(rt, self, args, block),
  from: (_rt, self, args) => (arity(args, 1), from(self, toInt(args[0]))),
  to: (_rt, self, args) => (arity(args, 1), to(self, toInt(args[0]))),
  second: (_rt, self) => self[1] ?? null,
  third: (_rt, self) => self[2] ?? null,
  fourth: (_rt, self) => self[3] ?? null,
  fifth: (_rt, self) => self[4] ?? null,
  forty_two: (_rt, self) => self[41] ?? null,
  second_to_last: (_rt, self) => self[self.length - 2] ?? null,
  third_to_last: (_rt, self) => self[self.length - 3] ?? null,
  excluding: (rt, self, args) => minus(rt, self, [args.flatMap((x) => (Array.isArray(x) ? x : [x]))]),
  without: (rt, self, args) => minus(rt, self, [args.flatMap((x) => (Array.isArray(x) ? x : [x]))]),
  including: (rt, self, args) => {
    const more = args.flatMap((x) => (Array.isArray(x) ? x : [x]));
    rt.alloc(self.length + more.length);
    return [...self, ...more];
  },
  "extract!": (rt, self, args, block) => {
    arity(args, 0);
    if (!block) return enumeratorOf(self, "extract!", args);
    checkFrozen(rt, self);
    const taken: A = [];
    const kept: A = [];
    for (const v of self) (truthy(rt.yield(block, [v])) ? taken : kept).push(v);
    self.length = 0;
    for (const v of kept) self.push(v);
    return taken;
  },
  "extract_options!": (rt, self) => {
    const last = self.length ? decided(self[self.length - 1]) : null;
    // `extractable_options?`: a plain Hash (a HashWithIndifferentAccess is one too in Routemap's values).
    if (last instanceof RHash) {
      checkFrozen(rt, self);
      self.pop();
      return last;
    }
    return new RHash();
  },
  "compact_blank!": (rt, self) => {
    checkFrozen(rt, self);
    const kept = self.filter((v) => !truthy(rt.send(v, "blank?", [], null)));
    self.length = 0;
    for (const v of kept) self.push(v);
    return self;
  },
  sum: (rt, self, args, block) => arraySum(rt, self, args, block),
  to_param: (rt, self) => str(arrayToParam(rt, self)),
  to_query: (rt, self, args) => (arity(args, 1), str(arrayToQuery(rt, self, args[0]))),
  to_formatted_s: (rt, self, args) => formatted(rt, self, args),
  to_fs: (rt, self, args) => formatted(rt, self, args),
  deep_dup: (rt, self) => self.map((v) => rt.send(v, "deep_dup", [], null)),
};

/** `to_s(:db)`: the elements' `id`s joined, "null" for none; any other format is `inspect`. */
function formatted(rt: Runtime, a: A, args: RValue[]): RValue {
  arity(args, 0, 1);
  const format = args[0];
  if (format !== undefined && (format as { name?: string }).name === "db") {
    if (!a.length) return str("null");
    return str(join(rt, a.map((v) => rt.send(v, "id", [], null)), ","));
  }
  return str(inspected(rt, a));
}
