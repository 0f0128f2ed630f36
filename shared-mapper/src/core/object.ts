/**
 * What every Ruby object answers (Object, Kernel, BasicObject), and the small classes:
 * NilClass, TrueClass, FalseClass, Proc, Enumerator, Set, Struct instances.
 */
import { inspect, typeName } from "../ruby/print.js";
import {
  RConst, RFloat, RHash, RProc, RSet, RString, RStruct, RSymbol, RUnknown, RValue, UnknownValueError, freeze, isFrozen,
  reql, requal, stringValue, truthy,
} from "../ruby/values.js";
import { enumeratorOf } from "./enumerable.js";
import { arity, rubyError, str, type Result, type Runtime, type Methods } from "./runtime.js";

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

