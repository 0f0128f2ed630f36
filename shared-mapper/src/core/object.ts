/**
 * What every Ruby object answers (Object, Kernel, BasicObject), and the small classes:
 * NilClass, TrueClass, FalseClass, Proc, Enumerator, Set, Struct instances.
 */
import { inspect, typeName } from "../ruby/print.js";
import {
  RConst, REnumerator, RFloat, RHash, RProc, RSet, RString, RStruct, RSymbol, RUnknown, RValue, UnknownValueError, freeze, isFrozen,
  reql, requal, stringValue, truthy,
} from "../ruby/values.js";
import { ENUMERABLE, enumeratorOf } from "./enumerable.js";
import { elementOf, iterate, nativeBlock, toArray } from "./iterate.js";
import { arity, rubyError, str, toInt, type Result, type Runtime, type Methods } from "./runtime.js";

/** The ancestors of the core classes, as `is_a?` and `===` on a class see them. */
const ANCESTORS: Record<string, string[]> = {
  Integer: ["Integer", "Numeric", "Comparable"],
  Float: ["Float", "Numeric", "Comparable"],
  String: ["String", "Comparable"],
  Symbol: ["Symbol", "Comparable"],
  Array: ["Array", "Enumerable"],
  Hash: ["Hash", "Enumerable"],
  Range: ["Range", "Enumerable"],
  Set: ["Set", "Enumerable"],
  Enumerator: ["Enumerator", "Enumerable"],
  NilClass: ["NilClass"],
  TrueClass: ["TrueClass"],
  FalseClass: ["FalseClass"],
  Regexp: ["Regexp"],
  MatchData: ["MatchData"],
  Proc: ["Proc"],
};

/** Whether a core value is an instance of `klass` (its class or an ancestor); undefined for a class the library does not know. */
export function coreIsA(v: RValue, klass: string): boolean | undefined {
  const name = klass.replace(/^::/, "");
  if (name === "Object" || name === "BasicObject" || name === "Kernel") return true;
  if (v instanceof RStruct) return name === "Struct" || name === "Enumerable" || name === v.cls.name;
  const ancestors = ANCESTORS[typeName(v)];
  if (!ancestors) return undefined;
  if (ancestors.includes(name)) return true;
  return name in ANCESTORS || ["Numeric", "Comparable", "Enumerable", "Struct"].includes(name) ? false : undefined;
}

function dup(v: RValue): RValue {
  if (v instanceof RString) return new RString(v.value);
  if (typeof v === "string") return new RString(v);
  if (Array.isArray(v)) return v.slice();
  if (v instanceof RHash) return v.dup();
  if (v instanceof RSet) {
    const s = new RSet();
    for (const x of v.items) s.add(x);
    return s;
  }
  if (v instanceof RStruct) return new RStruct(v.cls, v.values.slice());
  return v;
}

export const OBJECT: Methods<RValue> = {
  "nil?": (_rt, self) => self === null,
  "==": (_rt, self, args) => (arity(args, 1), requal(self, args[0])),
  "!=": (rt, self, args) => {
    arity(args, 1);
    const eq = rt.send(self, "==", args, null);
    if (eq instanceof RUnknown) throw new UnknownValueError(eq);
    return !truthy(eq);
  },
  "!": (_rt, self) => !truthy(self),
  "equal?": (_rt, self, args) => self === args[0],
  "eql?": (_rt, self, args) => (arity(args, 1), reql(self, args[0])),
  "===": (rt, self, args) => (arity(args, 1), rt.send(self, "==", args, null)),
  "=~": () => null,
  "!~": (rt, self, args) => {
    const r = rt.send(self, "=~", args, null);
    if (r instanceof RUnknown) throw new UnknownValueError(r);
    return !truthy(r);
  },
  "<=>": (_rt, self, args) => (requal(self, args[0] ?? null) ? 0 : null),
  freeze: (_rt, self) => freeze(self),
  "frozen?": (_rt, self) => isFrozen(self),
  dup: (_rt, self) => dup(self),
  clone: (_rt, self, args) => {
    const copy = dup(self);
    const keep = !(args[0] instanceof RHash && args[0].sget("freeze") === false);
    return keep && isFrozen(self) ? freeze(copy) : copy;
  },
  itself: (_rt, self) => self,
  then: (rt, self, args, block) => (block ? rt.yield(block, [self]) : enumeratorOf(self, "then", args)),
  yield_self: (rt, self, args, block) => (block ? rt.yield(block, [self]) : enumeratorOf(self, "yield_self", args)),
  tap: (rt, self, _a, block) => {
    if (!block) throw rubyError("LocalJumpError", "no block given (yield)");
    rt.yield(block, [self]);
    return self;
  },
  inspect: (rt, self) => str(inspect(self, rt.ruby)),
  to_s: (rt, self) => str(inspect(self, rt.ruby)),
  class: (_rt, self) => new RConst(self instanceof RStruct && self.cls.name ? self.cls.name : typeName(self)),
  "is_a?": (_rt, self, args) => isA(self, args),
  "kind_of?": (_rt, self, args) => isA(self, args),
  "instance_of?": (_rt, self, args) => (args[0] instanceof RConst ? typeName(self) === args[0].path.replace(/^::/, "") : undefined),
  send: (rt, self, args, block) => send(rt, self, args, block),
  public_send: (rt, self, args, block) => send(rt, self, args, block),
  __send__: (rt, self, args, block) => send(rt, self, args, block),
  instance_variable_get: () => undefined,
  object_id: () => undefined,
  hash: () => undefined,
  method: () => undefined,
  display: () => undefined,
};

function isA(self: RValue, args: RValue[]): Result {
  arity(args, 1);
  const klass = args[0];
  if (klass instanceof RConst) return coreIsA(self, klass.path);
  if (klass instanceof RUnknown) throw new UnknownValueError(klass);
  throw rubyError("TypeError", "class or module required");
}

function send(rt: Runtime, self: RValue, args: RValue[], block: RProc | null): RValue {
  if (!args.length) throw rubyError("ArgumentError", "no method name given");
  const name = args[0] instanceof RSymbol ? args[0].name : stringValue(args[0]);
  if (name === undefined) {
    if (args[0] instanceof RUnknown) throw new UnknownValueError(args[0]);
    throw rubyError("TypeError", `${inspect(args[0])} is not a symbol nor a string`);
  }
  return rt.send(self, name, args.slice(1), block);
}

export const NIL: Methods<null> = {
  to_a: () => [],
  to_s: () => "",
  to_h: () => new RHash(),
  to_i: () => 0,
  to_f: () => new RFloat(0),
  inspect: () => str("nil"),
  "&": () => false,
  "|": (_rt, _self, args) => truthy(args[0]),
  "^": (_rt, _self, args) => truthy(args[0]),
  to_param: () => null,
};

export const BOOLEAN: Methods<boolean> = {
  "&": (_rt, self, args) => self && truthy(args[0]),
  "|": (_rt, self, args) => self || truthy(args[0]),
  "^": (_rt, self, args) => self !== truthy(args[0]),
  to_s: (_rt, self) => String(self),
  inspect: (_rt, self) => str(String(self)),
  to_param: (_rt, self) => self,
};

export const PROC: Methods<RProc> = {
  call: (rt, self, args) => rt.yield(self, args),
  "()": (rt, self, args) => rt.yield(self, args),
  "[]": (rt, self, args) => rt.yield(self, args),
  yield: (rt, self, args) => rt.yield(self, args),
  "===": (rt, self, args) => rt.yield(self, args),
  to_proc: (_rt, self) => self,
  "lambda?": (_rt, self) => self.lambda,
  arity: (_rt, self) => self.arity,
};

/** Enumerator: its own `each` and `with_index`; the rest is Enumerable over what it yields. */
export const ENUMERATOR: Methods<REnumerator> = {
  each: (rt, self, _a, block) => (block ? rt.send(self.receiver, self.method, self.args, block) : self),
  with_index: (rt, self, args, block) => {
    arity(args, 0, 1);
    if (!block) return enumeratorOf(self, "with_index", args);
    let i = args.length && args[0] !== null ? toInt(args[0]) : 0;
    return rt.send(self.receiver, self.method, self.args, nativeBlock((yielded) => rt.yield(block, [elementOf(yielded), i++])));
  },
  each_with_index: (rt, self, args, block) => ENUMERATOR.with_index(rt, self, [], block),
  with_object: (rt, self, args, block) => {
    arity(args, 1);
    if (!block) return enumeratorOf(self, "with_object", args);
    rt.send(self.receiver, self.method, self.args, nativeBlock((yielded) => rt.yield(block, [elementOf(yielded), args[0]])));
    return args[0];
  },
  size: (rt, self) => {
    const base = self.receiver;
    if (self.method === "times" && typeof base === "number") return Math.max(0, base);
    if (["each", "map", "each_with_index", "select", "reject", "filter_map", "flat_map", "with_index"].includes(self.method)) {
      return rt.send(base, "size", [], null);
    }
    return null;
  },
  next: () => undefined,
  rewind: () => undefined,
  inspect: (rt, self) => str(inspect(self, rt.ruby)),
  to_s: (rt, self) => str(inspect(self, rt.ruby)),
};

export const SET: Methods<RSet> = {
  add: (_rt, self, args) => (arity(args, 1), self.add(args[0]), self),
  "<<": (_rt, self, args) => (arity(args, 1), self.add(args[0]), self),
  "add?": (_rt, self, args) => (self.add(args[0]) ? self : null),
  "include?": (_rt, self, args) => self.has(args[0] ?? null),
  "member?": (_rt, self, args) => self.has(args[0] ?? null),
  "===": (_rt, self, args) => self.has(args[0] ?? null),
  delete: (_rt, self, args) => {
    const i = self.items.findIndex((x) => reql(x, args[0] ?? null));
    if (i >= 0) self.items.splice(i, 1);
    return self;
  },
  size: (_rt, self) => self.items.length,
  length: (_rt, self) => self.items.length,
  count: (rt, self, args, block) => (args.length || block ? ENUMERABLE.count(rt, self, args, block) : self.items.length),
  "empty?": (_rt, self) => self.items.length === 0,
  to_a: (_rt, self) => [...self.items],
  to_set: (_rt, self) => self,
  each: (rt, self, args, block) => {
    if (!block) return enumeratorOf(self, "each", args);
    for (const v of [...self.items]) rt.yield(block, [v]);
    return self;
  },
  merge: (rt, self, args) => {
    for (const a of args) iterate(rt, a, (y) => self.add(elementOf(y)));
    return self;
  },
  "|": (rt, self, args) => setOf(rt, [...self.items, ...toArray(rt, args[0] ?? null)]),
  union: (rt, self, args) => setOf(rt, [...self.items, ...toArray(rt, args[0] ?? null)]),
  "+": (rt, self, args) => setOf(rt, [...self.items, ...toArray(rt, args[0] ?? null)]),
  "&": (rt, self, args) => setOf(rt, toArray(rt, args[0] ?? null).filter((v) => self.has(v))),
  intersection: (rt, self, args) => setOf(rt, toArray(rt, args[0] ?? null).filter((v) => self.has(v))),
  "-": (rt, self, args) => {
    const other = setOf(rt, toArray(rt, args[0] ?? null));
    return setOf(rt, self.items.filter((v) => !other.has(v)));
  },
  difference: (rt, self, args) => SET["-"](rt, self, args, null),
  "subset?": (rt, self, args) => self.items.every((v) => setOf(rt, toArray(rt, args[0] ?? null)).has(v)),
  "superset?": (rt, self, args) => toArray(rt, args[0] ?? null).every((v) => self.has(v)),
  "==": (_rt, self, args) => requal(self, args[0] ?? null),
  inspect: (rt, self) => str(inspect(self, rt.ruby)),
  to_s: (rt, self) => str(inspect(self, rt.ruby)),
};

export function setOf(rt: Runtime, items: RValue[]): RSet {
  const s = new RSet();
  rt.charge(items.length);
  for (const v of items) s.add(v);
  return s;
}

/** A Struct member by index or name, as `[]` and `[]=` take it. */
function memberIndex(s: RStruct, key: RValue | undefined): number {
  const name = key instanceof RSymbol ? key.name : stringValue(key);
  if (name !== undefined) {
    const i = s.cls.members.indexOf(name);
    if (i < 0) throw rubyError("NameError", `no member '${name}' in struct`);
    return i;
  }
  const n = s.values.length;
  let i = toInt(key);
  if (i < 0) i += n;
  if (i < 0 || i >= n) throw rubyError("IndexError", `offset ${toInt(key)} too ${toInt(key) < 0 ? "small" : "large"} for struct(size:${n})`);
  return i;
}

export const STRUCT: Methods<RStruct> = {
  "[]": (_rt, self, args) => self.values[memberIndex(self, args[0])],
  "[]=": (_rt, self, args) => (self.values[memberIndex(self, args[0])] = args[1] ?? null),
  members: (_rt, self) => self.cls.members.map((m) => RSymbol.for(m)),
  to_a: (_rt, self) => self.values.slice(),
  deconstruct: (_rt, self) => self.values.slice(),
  values: (_rt, self) => self.values.slice(),
  to_h: (_rt, self) => new RHash(self.cls.members.map((m, i) => [RSymbol.for(m), self.values[i]] as [RValue, RValue])),
  deconstruct_keys: (_rt, self) => new RHash(self.cls.members.map((m, i) => [RSymbol.for(m), self.values[i]] as [RValue, RValue])),
  each: (rt, self, args, block) => {
    if (!block) return enumeratorOf(self, "each", args);
    for (const v of self.values) rt.yield(block, [v]);
    return self;
  },
  "==": (_rt, self, args) => requal(self, args[0] ?? null),
  size: (_rt, self) => self.values.length,
  length: (_rt, self) => self.values.length,
  inspect: (rt, self) => str(inspect(self, rt.ruby)),
  to_s: (rt, self) => str(inspect(self, rt.ruby)),
};

/** A Struct member's reader or writer (`point.x`, `point.x = 1`), if `name` is one. */
export function structAccessor(s: RStruct, name: string, args: RValue[]): Result {
  const writer = name.endsWith("=") && name !== "==";
  const i = s.cls.members.indexOf(writer ? name.slice(0, -1) : name);
  if (i < 0) return undefined;
  if (writer) {
    arity(args, 1);
    if (isFrozen(s)) throw rubyError("FrozenError", `can't modify frozen ${s.cls.name ?? "Struct"}`);
    return (s.values[i] = args[0]);
  }
  arity(args, 0);
  return s.values[i];
}
