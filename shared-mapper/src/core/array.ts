/**
 * Ruby's Array (and ActiveSupport's `second`, `to_sentence`, `in_groups_of`, `extract_options!`).
 * What Enumerable gives every collection is `enumerable.ts`; these are Array's own, which
 * come first (Array's `select` returns an Array, as Enumerable's does; its `each` returns self).
 */
import { inspect, typeName } from "../ruby/print.js";
import { RHash, RProc, RRange, RUnknown, RValue, UnknownValueError, isFrozen, requal, reql, stringValue, truthy } from "../ruby/values.js";
import { compare } from "./compare.js";
import { ENUMERABLE, enumeratorOf } from "./enumerable.js";
import { arity, checkFrozen, rubyError, str, toInt, toStr, type Result, type Runtime, type Methods } from "./runtime.js";
import { rangeBounds } from "./string.js";

type A = RValue[];

/** Before changing an array: Ruby's FrozenError for a frozen one. */
function changing(rt: Runtime, a: A, grow = 0): A {
  checkFrozen(rt, a);
  if (grow) rt.alloc(a.length + grow);
  return a;
}

/** `a[i]`, `a[start, len]`, `a[range]`. */
function element(a: A, args: RValue[]): RValue {
  arity(args, 1, 2);
  const [x, y] = args;
  if (x instanceof RRange) {
    const b = rangeBounds(x, a.length);
    return b ? a.slice(b[0], b[0] + b[1]) : null;
  }
  let i = toInt(x);
  if (i < 0) i += a.length;
  if (args.length === 1) return i < 0 ? null : a[i] ?? null;
  const len = toInt(y);
  if (i < 0 || i > a.length || len < 0) return null;
  return a.slice(i, i + len);
}

function flatten(rt: Runtime, a: A, depth: number, seen: A[] = []): A {
  if (seen.includes(a)) throw rubyError("ArgumentError", "tried to flatten recursive array");
  const out: A = [];
  for (const v of a) {
    if (Array.isArray(v) && depth !== 0) for (const x of flatten(rt, v, depth - 1, [...seen, a])) out.push(x);
    else out.push(v);
  }
  rt.alloc(out.length);
  return out;
}

function uniq(rt: Runtime, a: A, block: RProc | null): A {
  return ENUMERABLE.uniq(rt, a, [], block) as A;
}

/** `join`: nested arrays joined with the same separator; Ruby's errors for a recursive one. */
function join(rt: Runtime, a: A, sep: string, seen: A[] = []): string {
  if (seen.includes(a)) throw rubyError("ArgumentError", "recursive array join");
  let out = "";
  a.forEach((v, i) => {
    if (i) out += sep;
    if (Array.isArray(v)) out += join(rt, v, sep, [...seen, a]);
    else {
      const s = stringValue(v);
      out += s !== undefined ? s : v === null ? "" : textOf(rt, v);
    }
    rt.alloc(out.length);
  });
  return out;
}

function textOf(rt: Runtime, v: RValue): string {
  if (v instanceof RUnknown) throw new UnknownValueError(v);
  const s = rt.send(v, "to_s", [], null);
  if (s instanceof RUnknown) throw new UnknownValueError(s);
  return stringValue(s) ?? inspect(v, rt.ruby);
}

function toSentence(rt: Runtime, a: A, options: RValue | undefined): string {
  const opt = (key: string, fallback: string) => {
    const v = options instanceof RHash ? options.sget(key) : undefined;
    return v === undefined ? fallback : toStr(v);
  };
  const words = opt("words_connector", ", ");
  const two = opt("two_words_connector", " and ");
  const last = opt("last_word_connector", ", and ");
  const items = a.map((v) => textOf(rt, v));
  if (items.length === 0) return "";
  if (items.length === 1) return items[0];
  if (items.length === 2) return items.join(two);
  return items.slice(0, -1).join(words) + last + items[items.length - 1];
}

function inGroupsOf(rt: Runtime, a: A, args: RValue[], block: RProc | null): Result {
  arity(args, 1, 2);
  const n = toInt(args[0]);
  if (n <= 0) throw rubyError("ArgumentError", `Group size must be a positive integer, was ${n}`);
  const fill = args.length > 1 ? args[1] : null;
  const groups: A[] = [];
  for (let i = 0; i < a.length; i += n) groups.push(a.slice(i, i + n));
  const lastGroup = groups[groups.length - 1];
  if (fill !== false && lastGroup) while (lastGroup.length < n) lastGroup.push(fill);
  if (block) for (const g of groups) rt.yield(block, [g]);
  return block ? null : groups;
}

function product(rt: Runtime, a: A, others: A[]): A {
  let out: A[] = a.map((x) => [x]);
  for (const other of others) {
    rt.alloc(out.length * other.length);
    out = out.flatMap((p) => other.map((y) => [...p, y]));
  }
  return out;
}

const lists = (args: RValue[]): A[] =>
  args.map((v) => {
    if (Array.isArray(v)) return v;
    if (v instanceof RUnknown) throw new UnknownValueError(v);
    throw rubyError("TypeError", `no implicit conversion of ${v === null ? "nil" : typeName(v)} into Array`);
  });

export const ARRAY: Methods<A> = {
  each: (rt, self, args, block) => {
    if (!block) return enumeratorOf(self, "each", args);
    for (let i = 0; i < self.length; i++) rt.yield(block, [self[i]]);
    return self;
  },
  each_index: (rt, self, args, block) => {
    if (!block) return enumeratorOf(self, "each_index", args);
    for (let i = 0; i < self.length; i++) rt.yield(block, [i]);
    return self;
  },
  "[]": (_rt, self, args) => element(self, args),
  slice: (_rt, self, args) => element(self, args),
  at: (_rt, self, args) => element(self, [toInt(args[0])]),
  dig: (rt, self, args) => {
    const first = element(self, [args[0]]);
    return args.length > 1 && first !== null ? rt.send(first, "dig", args.slice(1), null) : first;
  },
  fetch: (rt, self, args, block) => {
    arity(args, 1, 2);
    const i = toInt(args[0]);
    const at = i < 0 ? i + self.length : i;
    if (at >= 0 && at < self.length) return self[at];
    if (block) return rt.yield(block, [args[0]]);
    if (args.length > 1) return args[1];
    throw rubyError("IndexError", `index ${i} outside of array bounds: ${-self.length}...${self.length}`);
  },
  first: (_rt, self, args) => {
    arity(args, 0, 1);
    if (!args.length) return self[0] ?? null;
    const n = toInt(args[0]);
    if (n < 0) throw rubyError("ArgumentError", "negative array size");
    return self.slice(0, n);
  },
  last: (_rt, self, args) => {
    arity(args, 0, 1);
    if (!args.length) return self[self.length - 1] ?? null;
    const n = toInt(args[0]);
    if (n < 0) throw rubyError("ArgumentError", "negative array size");
    return n === 0 ? [] : self.slice(-n);
  },
  second: (_rt, self) => self[1] ?? null,
  third: (_rt, self) => self[2] ?? null,
  fourth: (_rt, self) => self[3] ?? null,
  fifth: (_rt, self) => self[4] ?? null,
  forty_two: (_rt, self) => self[41] ?? null,
  second_to_last: (_rt, self) => self[self.length - 2] ?? null,
  third_to_last: (_rt, self) => self[self.length - 3] ?? null,
  from: (_rt, self, args) => self.slice(Math.max(0, toInt(args[0]) < 0 ? self.length + toInt(args[0]) : toInt(args[0]))),
  to: (_rt, self, args) => {
    const i = toInt(args[0]);
    return i < 0 ? self.slice(0, Math.max(0, self.length + i + 1)) : self.slice(0, i + 1);
  },
  length: (_rt, self) => self.length,
  size: (_rt, self) => self.length,
  "empty?": (_rt, self) => self.length === 0,
  "==": (_rt, self, args) => requal(self, args[0] ?? null),
  "eql?": (_rt, self, args) => reql(self, args[0] ?? null),
  "<=>": (rt, self, args) => (Array.isArray(args[0]) ? compare(rt, self, args[0]) : null),
  "+": (rt, self, args) => {
    arity(args, 1);
    const [other] = lists(args);
    rt.alloc(self.length + other.length);
    return [...self, ...other];
  },
  "-": (rt, self, args) => {
    const [other] = lists(args);
    rt.charge((self.length * other.length) >> 6);
    return self.filter((v) => !other.some((x) => reql(x, v)));
  },
  difference: (rt, self, args) => lists(args).reduce((acc, other) => ARRAY["-"](rt, acc, [other], null) as A, self),
  "&": (rt, self, args) => uniq(rt, self.filter((v) => lists(args)[0].some((x) => reql(x, v))), null),
  intersection: (rt, self, args) => lists(args).reduce((acc, o) => ARRAY["&"](rt, acc, [o], null) as A, self),
  "intersect?": (rt, self, args) => (ARRAY["&"](rt, self, args, null) as A).length > 0,
  "|": (rt, self, args) => uniq(rt, [...self, ...lists(args)[0]], null),
  union: (rt, self, args) => uniq(rt, [...self, ...lists(args).flat()], null),
  "*": (rt, self, args) => {
    arity(args, 1);
    const sep = stringValue(args[0]);
    if (sep !== undefined) return str(join(rt, self, sep));
    const n = toInt(args[0]);
    if (n < 0) throw rubyError("ArgumentError", "negative argument");
    rt.alloc(self.length * n);
    return Array.from({ length: n }, () => self).flat();
  },
  "<<": (rt, self, args) => (arity(args, 1), changing(rt, self, 1).push(args[0]), self),
  push: (rt, self, args) => (changing(rt, self, args.length).push(...args), self),
  append: (rt, self, args) => (changing(rt, self, args.length).push(...args), self),
  unshift: (rt, self, args) => (changing(rt, self, args.length).unshift(...args), self),
  prepend: (rt, self, args) => (changing(rt, self, args.length).unshift(...args), self),
  insert: (rt, self, args) => {
    if (args.length < 1) throw rubyError("ArgumentError", "wrong number of arguments (given 0, expected 1+)");
    changing(rt, self, args.length - 1);
    let at = toInt(args[0]);
    if (at < 0) at += self.length + 1;
    if (at < 0) throw rubyError("IndexError", `index ${toInt(args[0]) - self.length - 1} too small for array; minimum: -${self.length + 1}`);
    while (self.length < at) self.push(null);
    self.splice(at, 0, ...args.slice(1));
    return self;
  },
  concat: (rt, self, args) => {
    const others = lists(args);
    changing(rt, self, others.reduce((n, o) => n + o.length, 0));
    for (const o of others) for (const v of [...o]) self.push(v);
    return self;
  },
  pop: (rt, self, args) => {
    changing(rt, self);
    if (!args.length) return self.pop() ?? null;
    return self.splice(Math.max(0, self.length - toInt(args[0])));
  },
  shift: (rt, self, args) => {
    changing(rt, self);
    if (!args.length) return self.shift() ?? null;
    return self.splice(0, toInt(args[0]));
  },
  "[]=": (rt, self, args) => {
    arity(args, 2, 3);
    changing(rt, self, 1);
    const value = args[args.length - 1];
    if (args.length === 2 && !(args[0] instanceof RRange)) {
      let i = toInt(args[0]);
      if (i < 0) i += self.length;
      if (i < 0) throw rubyError("IndexError", `index ${toInt(args[0])} too small for array; minimum: -${self.length}`);
      while (self.length < i) self.push(null);
      self[i] = value;
      return value;
    }
    const [start, len] = args[0] instanceof RRange ? rangeBounds(args[0], self.length) ?? [self.length, 0] : [toInt(args[0]), toInt(args[1])];
    self.splice(start, len, ...(Array.isArray(value) ? value : [value]));
    return value;
  },
  delete: (rt, self, args, block) => {
    arity(args, 1);
    changing(rt, self);
    let found: RValue | undefined;
    for (let i = self.length - 1; i >= 0; i--) if (requal(self[i], args[0])) found = self.splice(i, 1)[0];
    return found === undefined ? (block ? rt.yield(block, [args[0]]) : null) : found;
  },
  delete_at: (rt, self, args) => {
    changing(rt, self);
    let i = toInt(args[0]);
    if (i < 0) i += self.length;
    return i < 0 || i >= self.length ? null : self.splice(i, 1)[0];
  },
  delete_if: (rt, self, args, block) => {
    if (!block) return enumeratorOf(self, "delete_if", args);
    changing(rt, self);
    const kept = self.filter((v) => !truthy(rt.yield(block, [v])));
    replaceAll(self, kept);
    return self;
  },
  clear: (rt, self) => (changing(rt, self).length = 0, self),
  replace: (rt, self, args) => {
    const [other] = lists(args);
    replaceAll(changing(rt, self, other.length), [...other]);
    return self;
  },
  fill: (rt, self, args, block) => {
    changing(rt, self);
    if (block) self.forEach((_v, i) => (self[i] = rt.yield(block, [i])));
    else self.fill(args[0] ?? null);
    return self;
  },
  "map!": (rt, self, args, block) => {
    if (!block) return enumeratorOf(self, "map!", args);
    changing(rt, self).forEach((v, i) => (self[i] = rt.yield(block, [v])));
    return self;
  },
  "collect!": (rt, self, args, block) => ARRAY["map!"](rt, self, args, block),
  "select!": (rt, self, args, block) => keepIf(rt, self, args, block, true, "select!"),
  "filter!": (rt, self, args, block) => keepIf(rt, self, args, block, true, "filter!"),
  "keep_if": (rt, self, args, block) => (keepIf(rt, self, args, block, true, "keep_if"), self),
  "reject!": (rt, self, args, block) => keepIf(rt, self, args, block, false, "reject!"),
  "uniq!": (rt, self, _a, block) => replaceIfChanged(rt, self, uniq(rt, self, block)),
  "compact!": (rt, self) => replaceIfChanged(rt, self, self.filter((v) => v !== null)),
  "flatten!": (rt, self, args) => replaceIfChanged(rt, self, flatten(rt, self, args.length ? toInt(args[0]) : -1)),
  "reverse!": (rt, self) => (changing(rt, self).reverse(), self),
  "sort!": (rt, self, args, block) => (replaceAll(changing(rt, self), ENUMERABLE.sort(rt, self, args, block) as A), self),
  "sort_by!": (rt, self, args, block) => {
    if (!block) return enumeratorOf(self, "sort_by!", args);
    replaceAll(changing(rt, self), ENUMERABLE.sort_by(rt, self, args, block) as A);
    return self;
  },
  "shuffle!": () => undefined,
  select: (rt, self, args, block) => ENUMERABLE.select(rt, self, args, block),
  filter: (rt, self, args, block) => ENUMERABLE.select(rt, self, args, block),
  join: (rt, self, args) => {
    arity(args, 0, 1);
    return str(join(rt, self, args.length && args[0] !== null ? toStr(args[0]) : ""));
  },
  to_s: (rt, self) => str(inspect(self, rt.ruby)),
  inspect: (rt, self) => str(inspect(self, rt.ruby)),
  to_a: (_rt, self) => self,
  to_ary: (_rt, self) => self,
  entries: (_rt, self) => [...self],
  flatten: (rt, self, args) => flatten(rt, self, args.length && args[0] !== null ? toInt(args[0]) : -1),
  compact: (_rt, self) => self.filter((v) => v !== null),
  uniq: (rt, self, _a, block) => uniq(rt, self, block),
  reverse: (_rt, self) => [...self].reverse(),
  rotate: (_rt, self, args) => {
    if (!self.length) return [];
    const n = ((args.length ? toInt(args[0]) : 1) % self.length + self.length) % self.length;
    return [...self.slice(n), ...self.slice(0, n)];
  },
  count: (rt, self, args, block) => (args.length || block ? ENUMERABLE.count(rt, self, args, block) : self.length),
  index: (rt, self, args, block) => ENUMERABLE.find_index(rt, self, args, block),
  find_index: (rt, self, args, block) => ENUMERABLE.find_index(rt, self, args, block),
  rindex: (rt, self, args, block) => {
    for (let i = self.length - 1; i >= 0; i--) {
      if (args.length ? requal(self[i], args[0]) : block ? truthy(rt.yield(block, [self[i]])) : false) return i;
    }
    return null;
  },
  zip: (rt, self, args, block) => {
    const others = lists(args);
    const out = self.map((v, i) => [v, ...others.map((o) => o[i] ?? null)]);
    if (!block) return out;
    for (const t of out) rt.yield(block, [t]);
    return null;
  },
  product: (rt, self, args) => product(rt, self, lists(args)),
  transpose: (_rt, self) => {
    const rows = lists(self);
    if (!rows.length) return [];
    const width = rows[0].length;
    for (const r of rows) if (r.length !== width) throw rubyError("IndexError", `element size differs (${r.length} should be ${width})`);
    return Array.from({ length: width }, (_v, i) => rows.map((r) => r[i]));
  },
  assoc: (_rt, self, args) => self.find((v) => Array.isArray(v) && requal(v[0], args[0])) ?? null,
  rassoc: (_rt, self, args) => self.find((v) => Array.isArray(v) && requal(v[1], args[0])) ?? null,
  take: (rt, self, args) => ENUMERABLE.take(rt, self, args, null),
  drop: (rt, self, args) => ENUMERABLE.drop(rt, self, args, null),
  sample: () => undefined,
  shuffle: () => undefined,
  pack: () => undefined,
  "frozen?": (_rt, self) => isFrozen(self),
  hash: () => undefined,
  to_h: (rt, self, args, block) => ENUMERABLE.to_h(rt, self, args, block),
  each_slice: (rt, self, args, block) => ENUMERABLE.each_slice(rt, self, args, block),
  sum: (rt, self, args, block) => ENUMERABLE.sum(rt, self, args, block),
  // ActiveSupport.
  to_sentence: (rt, self, args) => str(toSentence(rt, self, args[0])),
  in_groups_of: (rt, self, args, block) => inGroupsOf(rt, self, args, block),
  "extract_options!": (rt, self) => {
    const last = self[self.length - 1];
    if (last instanceof RHash) {
      changing(rt, self).pop();
      return last;
    }
    return new RHash();
  },
  to_param: (rt, self) => str(self.map((v) => textOf(rt, rt.send(v, "to_param", [], null))).join("/")),
  deep_dup: (rt, self) => self.map((v) => rt.send(v, "deep_dup", [], null)),
};

function keepIf(rt: Runtime, self: A, args: RValue[], block: RProc | null, keep: boolean, name: string): Result {
  if (!block) return enumeratorOf(self, name, args);
  changing(rt, self);
  const kept = self.filter((v) => truthy(rt.yield(block, [v])) === keep);
  if (kept.length === self.length) return null;
  replaceAll(self, kept);
  return self;
}

function replaceIfChanged(rt: Runtime, self: A, next: A): Result {
  changing(rt, self);
  if (next.length === self.length && next.every((v, i) => v === self[i])) return null;
  replaceAll(self, next);
  return self;
}

/** Makes `a` hold `items` (no spread: an array of a million would overflow the call stack). */
function replaceAll(a: A, items: A): void {
  a.length = 0;
  for (const v of items) a.push(v);
}
