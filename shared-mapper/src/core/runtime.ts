/**
 * What Ruby's core library needs from the evaluator that runs it: calling blocks and
 * methods, the budget every evaluation has, and Ruby's exceptions. The library (one module
 * per Ruby class beside this one) is pure: it knows no syntax tree and no mapper.
 */
import { RoutingError } from "../mapper/errors.js";
import type { RegexpBudget } from "../ruby/regexp/index.js";
import { inspect, noImplicitConversion, typeName, type RubyVersion } from "../ruby/print.js";
import {
  RFloat, RMatch, RProc, RString, RUnknown, RValue, UnknownValueError, isFrozen, numberValue, stringValue,
} from "../ruby/values.js";

export interface Runtime {
  readonly ruby: RubyVersion;
  /** Calls a block with the values a method yields; every call is charged to the budget. */
  yield(block: RProc, args: RValue[]): RValue;
  /** `recv.name(*args, &block)`: methods the files define first, then the core library; unknown otherwise. */
  send(recv: RValue, name: string, args: RValue[], block: RProc | null): RValue;
  /** Charges `steps` to the evaluation's budget; throws when it is spent. */
  charge(steps: number): void;
  /** Charges a value of `size` elements (or characters) about to be made; throws when it is larger than any evaluation makes. */
  alloc(size: number): void;
  /** The steps regexps may still take in this evaluation, shared by every match. */
  readonly regexpBudget: RegexpBudget;
  /**
   * `$~` after a match, where Ruby sets it (`=~`, `match`, `sub`, `scan`…); the frame's own, as
   * Ruby keeps it. Optional: without it `$~`, `$1` and `Regexp.last_match` stay unknown.
   */
  setLastMatch?(match: RMatch | null): void;
  /** The frame's `$~`; undefined where the evaluator does not keep it. */
  lastMatch?(): RMatch | null | undefined;
  /** Before an object is changed in place: a branch Routemap could not decide records its contents (`dsl/branches.ts`). */
  changing(obj: object): void;
}

/** Signalled where the core library has no answer for these arguments: the caller makes the value unknown and says which method. */
export const NOT_MODELLED = undefined;
export type Result = RValue | undefined;

/** A core method: `self`, the arguments (keywords last, as a Hash) and the block; undefined where it has no answer. */
export type Method<T> = (rt: Runtime, self: T, args: RValue[], block: RProc | null) => Result;
export type Methods<T> = Record<string, Method<T>>;

/** A Ruby exception raised by a core method: catchable by `rescue`, reported where it is not. */
export const rubyError = (rubyClass: string, message: string): RoutingError => new RoutingError(message, rubyClass);

/** Ruby's exception classes the core library raises, each with its superclass. */
const SUPERCLASS: Record<string, string> = {
  Exception: "",
  ScriptError: "Exception",
  NotImplementedError: "ScriptError",
  StandardError: "Exception",
  ArgumentError: "StandardError",
  UncaughtThrowError: "ArgumentError",
  EncodingError: "StandardError",
  FiberError: "StandardError",
  IOError: "StandardError",
  IndexError: "StandardError",
  KeyError: "IndexError",
  StopIteration: "IndexError",
  LocalJumpError: "StandardError",
  NameError: "StandardError",
  NoMethodError: "NameError",
  RangeError: "StandardError",
  FloatDomainError: "RangeError",
  RegexpError: "StandardError",
  RuntimeError: "StandardError",
  FrozenError: "RuntimeError",
  SystemCallError: "StandardError",
  "Errno::ENOENT": "SystemCallError",
  TypeError: "StandardError",
  ZeroDivisionError: "StandardError",
  SystemStackError: "Exception",
  NoMatchingPatternError: "StandardError",
  NoMatchingPatternKeyError: "NoMatchingPatternError",
  "Racc::ParseError": "StandardError",
  "URI::Error": "StandardError",
  "URI::InvalidURIError": "URI::Error",
  "ActionController::RoutingError": "StandardError",
};

/** Whether an exception of class `cls` is a `target` (`rescue target`); unknown classes are StandardErrors. */
export function isExceptionA(cls: string, target: string): boolean {
  for (let c: string | undefined = cls; c; c = c in SUPERCLASS ? SUPERCLASS[c] : "StandardError") {
    if (c === target) return true;
    if (c === "Exception") return false;
  }
  return false;
}
export const isExceptionClass = (name: string): boolean => name in SUPERCLASS;

/** A new String Ruby code may change. */
export const str = (s: string): RString => new RString(s);

/** Before a value is changed in place: Ruby's FrozenError for a frozen one; else the change is recorded (`Runtime.changing`). */
export function checkFrozen(rt: Runtime, v: RValue): void {
  if (isFrozen(v)) throw rubyError("FrozenError", `can't modify frozen ${typeName(v)}: ${inspect(v, rt.ruby)}`);
  if (typeof v === "object" && v !== null) rt.changing(v);
}

/** An argument that must be an Integer (`to_int`): a Float is truncated, as Ruby does; else a TypeError. */
export function toInt(v: RValue | undefined): number {
  if (typeof v === "number") return v;
  if (typeof v === "bigint") throw rubyError("RangeError", `bignum too big to convert into \`long'`);
  if (v instanceof RFloat) {
    if (!Number.isFinite(v.value)) throw rubyError("FloatDomainError", String(v.value));
    return Math.trunc(v.value);
  }
  if (v instanceof RUnknown) throw new UnknownValueError(v);
  // Ruby's NUM2LONG words nil apart from the other values.
  if (v === null || v === undefined) throw rubyError("TypeError", "no implicit conversion from nil to integer");
  throw rubyError("TypeError", noImplicitConversion(v, "Integer"));
}

/** An argument that must be a String (`to_str`); else a TypeError. */
export function toStr(v: RValue | undefined): string {
  const s = stringValue(v);
  if (s !== undefined) return s;
  if (v instanceof RUnknown) throw new UnknownValueError(v);
  throw rubyError("TypeError", noImplicitConversion(v ?? null, "String"));
}

/** A number argument (Integer or Float); else a TypeError as Ruby's arithmetic raises it. */
export function toNum(v: RValue | undefined, receiver: string): number {
  const n = numberValue(v);
  if (n !== undefined) return n;
  if (v instanceof RUnknown) throw new UnknownValueError(v);
  const what = v === null || v === undefined ? "nil" : typeName(v);
  throw rubyError("TypeError", `${what} can't be coerced into ${receiver}`);
}

/** Ruby's ArgumentError for a call with the wrong number of arguments. */
export function arity(args: RValue[], min: number, max = min): void {
  if (args.length >= min && args.length <= max) return;
  const expected = max === min ? `${min}` : max === Infinity ? `${min}+` : `${min}..${max}`;
  throw rubyError("ArgumentError", `wrong number of arguments (given ${args.length}, expected ${expected})`);
}

/**
 * An Integer result computed as a double: exact while it is a safe integer; beyond, the double
 * may have lost digits, so the result is unknown, not wrong. (`intMath.ts` computes exactly.)
 */
export function integer(n: number, description: () => string): RValue {
  if (Number.isSafeInteger(n)) return n;
  return new RUnknown(description(), false, "an Integer beyond 2**53 computed by a double, which Routemap does not take as exact");
}
