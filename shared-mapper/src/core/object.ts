/**
 * What every Ruby object answers (object.c: Object, Kernel, BasicObject), and the small
 * classes: NilClass, TrueClass, FalseClass (object.c), Proc (proc.c: `call`, `curry`, `>>`,
 * `<<`). ActiveSupport's extensions of every object are `objectExtensions.ts`.
 */
import { inspect, typeName } from "../ruby/print.js";
import {
  RConst, RFloat, RHash, RProc, RSet, RString, RStruct, RStructClass, RSymbol, RUnknown, RValue, UnknownValueError, freeze, isFrozen,
  reql, requal, stringValue, truthy,
} from "../ruby/values.js";
import { enumeratorOf } from "./enumerable.js";
import { arity, rubyError, str, toInt, type Result, type Runtime, type Methods } from "./runtime.js";

/** The ancestors of the core classes, as `is_a?` and `===` on a class see them. */
const ANCESTORS: Record<string, string[]> = {
  Integer: ["Integer", "Numeric", "Comparable"],
  Float: ["Float", "Numeric", "Comparable"],
  String: ["String", "Comparable"],
  Symbol: ["Symbol", "Comparable"],
  Array: ["Array", "Enumerable"],
  Hash: ["Hash", "Enumerable"],
  "ActiveSupport::OrderedOptions": ["ActiveSupport::OrderedOptions", "Hash", "Enumerable"],
  Range: ["Range", "Enumerable"],
  Set: ["Set", "Enumerable"],
  Enumerator: ["Enumerator", "Enumerable"],
  NilClass: ["NilClass"],
  TrueClass: ["TrueClass"],
  FalseClass: ["FalseClass"],
  Regexp: ["Regexp"],
  MatchData: ["MatchData"],
  Proc: ["Proc"],
  Pathname: ["Pathname"],
};

/** Whether a core value is an instance of `klass` (its class or an ancestor); undefined for a class the library does not know. */
export function coreIsA(v: RValue, klass: string): boolean | undefined {
  const name = klass.replace(/^::/, "");
  if (name === "Object" || name === "BasicObject" || name === "Kernel") return true;
  if (v instanceof RStruct) return name === "Struct" || name === "Enumerable" || name === v.cls.name || (name in ANCESTORS ? false : undefined);
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
    arity(args, 0, 1);
    const option = args[0] instanceof RHash ? args[0].sget("freeze") : undefined;
    if (option !== undefined && option !== null && typeof option !== "boolean") throw rubyError("ArgumentError", `unexpected value for freeze: ${typeName(option)}`);
    const copy = dup(self);
    if (option === true || ((option === undefined || option === null) && isFrozen(self))) return freeze(copy);
    return copy;
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
  class: (_rt, self) => (self instanceof RStruct ? self.cls : new RConst(typeName(self))),
  "is_a?": (_rt, self, args) => isA(self, args),
  "kind_of?": (_rt, self, args) => isA(self, args),
  "instance_of?": (_rt, self, args) => {
    arity(args, 1);
    if (args[0] instanceof RStructClass) return self instanceof RStruct && self.cls === args[0];
    return args[0] instanceof RConst ? typeName(self) === args[0].path.replace(/^::/, "") : undefined;
  },
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
  if (klass instanceof RStructClass) return self instanceof RStruct && (self.cls === klass || (klass.name !== undefined && self.cls.name === klass.name));
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
};

export const BOOLEAN: Methods<boolean> = {
  "&": (_rt, self, args) => self && truthy(args[0]),
  "|": (_rt, self, args) => self || truthy(args[0]),
  "^": (_rt, self, args) => self !== truthy(args[0]),
  to_s: (_rt, self) => String(self),
  inspect: (_rt, self) => str(String(self)),
};

/** `proc.curry`: a lambda of n required parameters takes them one call at a time. */
function curry(rt: Runtime, p: RProc, args: RValue[]): RValue {
  arity(args, 0, 1);
  const n = args.length ? toInt(args[0]) : p.arity < 0 ? -p.arity - 1 : p.arity;
  if (p.lambda && args.length && p.arity >= 0 && n !== p.arity) throw rubyError("ArgumentError", `wrong number of arguments (given ${n}, expected ${p.arity})`);
  if (p.arity < 0 && !args.length) return p.lambda ? curried(rt, p, n, []) : p;
  return curried(rt, p, n, []);
}

function curried(rt: Runtime, p: RProc, n: number, taken: RValue[]): RValue {
  if (taken.length >= n) return rt.yield(p, taken);
  return new RProc((more) => curried(rt, p, n, [...taken, ...more]), true, () => "#<Proc:(curried) (lambda)>", -1);
}

/** `f >> g` is g(f(x)); `f << g` is f(g(x)). */
function compose(rt: Runtime, first: RValue, then: RValue): RProc {
  const call = (f: RValue, args: RValue[]) => (f instanceof RProc ? rt.yield(f, args) : rt.send(f, "call", args, null));
  return new RProc((args) => call(then, [call(first, args)]), true, () => "#<Proc:(composed) (lambda)>", -1);
}

export const PROC: Methods<RProc> = {
  call: (rt, self, args) => rt.yield(self, args),
  "()": (rt, self, args) => rt.yield(self, args),
  "[]": (rt, self, args) => rt.yield(self, args),
  yield: (rt, self, args) => rt.yield(self, args),
  "===": (rt, self, args) => rt.yield(self, args),
  to_proc: (_rt, self) => self,
  "lambda?": (_rt, self) => self.lambda,
  arity: (_rt, self) => self.arity,
  curry: (rt, self, args) => curry(rt, self, args),
  ">>": (rt, self, args) => (arity(args, 1), compose(rt, self, args[0])),
  "<<": (rt, self, args) => (arity(args, 1), compose(rt, args[0], self)),
};
