/**
 * The core library's facade: `callMethod` finds a core value's method in its class's tables,
 * in Ruby's lookup order (the class, its modules, Object), and runs it.
 *
 * What it gives:
 * - a value, as Ruby would compute it;
 * - an `RUnknown` where the answer depends on a value nobody knows (`"/" + ENV["ROOT"]`);
 * - undefined where the library has no such method (or no answer for these arguments): the
 *   evaluator says which method, and the value is unknown.
 * Ruby's exceptions are thrown as `RoutingError`s with Ruby's class and message.
 */
import { BOOLEAN_TYPE, booleanTypeCall } from "./activeModel.js";
import { inspect, typeName } from "../ruby/print.js";
import {
  RConst, REnumerator, RFloat, RHash, RInquirer, RMatch, RObject, RPathname, RProc, RRange, RRegexp, RSet, RString, RStruct, RStructClass, RSymbol,
  RUnknown, RUri, RValue, UnknownValueError, ORDERED_OPTIONS, poison, unknownValueOf,
} from "../ruby/values.js";
import { OBJECT_AS, STRING_AS } from "./activeSupport.js";
import { OBJECT_EXTENSIONS } from "./objectExtensions.js";
import { ARRAY } from "./array.js";
import { COLLECTION_CLASSES } from "./collections.js";
import { COMPARABLE } from "./comparable.js";
import { ENUMERABLE } from "./enumerable.js";
import { HASH } from "./hash.js";
import { orderedOptionsCall } from "./orderedOptions.js";
import { CLASS_METHODS, KERNEL, structInstance } from "./kernel.js";
import { INTEGER } from "./integer.js";
import { FLOAT, NUMERIC } from "./numeric.js";
import { ENUMERATOR } from "./enumerator.js";
import { BOOLEAN, coreIsA, NIL, OBJECT, PROC } from "./object.js";
import { SET } from "./set.js";
import { STRUCT, structAccessor } from "./struct.js";
import { DATA } from "./dataClass.js";
import { PATHNAME } from "./pathname.js";
import { URI_METHODS } from "./uri.js";
import { RANGE } from "./range.js";
import { MATCH_DATA, REGEXP, REGEXP_CLASS } from "./regexp.js";
import { rubyError, type Methods, type Result, type Runtime } from "./runtime.js";
import { STRING } from "./string.js";
import { SYMBOL } from "./symbol.js";

export type { Runtime, Result } from "./runtime.js";
export { isExceptionA, isExceptionClass, rubyError, str } from "./runtime.js";
export { CORE_CONSTANTS, knownClass, structInstance } from "./kernel.js";
export { coreIsA } from "./object.js";
export { iterate, toArray, elementOf, isIterable } from "./iterate.js";
export { hashGet } from "./hash.js";
export { format } from "./format.js";
export { pathText, plus as pathPlus } from "./pathname.js";
export { expandPath } from "./filePath.js";

type Table = Methods<any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** `Rails.env`'s own: `production?` and any other `name?` compares with the environment's name. */
const INQUIRER: Table = {};

const STRING_CHAIN = [STRING, STRING_AS, COMPARABLE, OBJECT_EXTENSIONS, OBJECT_AS, OBJECT];
const CHAINS = {
  string: STRING_CHAIN,
  symbol: [SYMBOL, COMPARABLE, OBJECT_EXTENSIONS, OBJECT_AS, OBJECT],
  integer: [INTEGER, NUMERIC, COMPARABLE, OBJECT_EXTENSIONS, OBJECT_AS, OBJECT],
  float: [FLOAT, NUMERIC, COMPARABLE, OBJECT_EXTENSIONS, OBJECT_AS, OBJECT],
  array: [ARRAY, ENUMERABLE, OBJECT_EXTENSIONS, OBJECT_AS, OBJECT],
  hash: [HASH, ENUMERABLE, OBJECT_EXTENSIONS, OBJECT_AS, OBJECT],
  range: [RANGE, ENUMERABLE, OBJECT_EXTENSIONS, OBJECT_AS, OBJECT],
  set: [SET, ENUMERABLE, OBJECT_EXTENSIONS, OBJECT_AS, OBJECT],
  enumerator: [ENUMERATOR, ENUMERABLE, OBJECT_EXTENSIONS, OBJECT_AS, OBJECT],
  struct: [STRUCT, ENUMERABLE, OBJECT_EXTENSIONS, OBJECT_AS, OBJECT],
  data: [DATA, OBJECT_EXTENSIONS, OBJECT_AS, OBJECT],
  regexp: [REGEXP, OBJECT_EXTENSIONS, OBJECT_AS, OBJECT],
  match: [MATCH_DATA, OBJECT_EXTENSIONS, OBJECT_AS, OBJECT],
  nil: [NIL, OBJECT_EXTENSIONS, OBJECT_AS, OBJECT],
  boolean: [BOOLEAN, OBJECT_EXTENSIONS, OBJECT_AS, OBJECT],
  proc: [PROC, OBJECT_EXTENSIONS, OBJECT_AS, OBJECT],
  pathname: [PATHNAME, OBJECT_EXTENSIONS, OBJECT_AS, OBJECT],
  uri: [URI_METHODS, OBJECT_EXTENSIONS, OBJECT_AS, OBJECT],
  object: [OBJECT_EXTENSIONS, OBJECT_AS, OBJECT],
} satisfies Record<string, Table[]>;

function chainOf(v: RValue): Table[] {
  if (typeof v === "string" || v instanceof RString) return CHAINS.string;
  if (typeof v === "number" || typeof v === "bigint") return CHAINS.integer;
  if (v === null) return CHAINS.nil;
  if (typeof v === "boolean") return CHAINS.boolean;
  if (v instanceof RSymbol) return CHAINS.symbol;
  if (Array.isArray(v)) return CHAINS.array;
  if (v instanceof RHash) return CHAINS.hash;
  if (v instanceof RFloat) return CHAINS.float;
  if (v instanceof RRange) return CHAINS.range;
  if (v instanceof RSet) return CHAINS.set;
  if (v instanceof REnumerator) return CHAINS.enumerator;
  if (v instanceof RStruct) return v.cls.data ? CHAINS.data : CHAINS.struct;
  if (v instanceof RRegexp) return CHAINS.regexp;
  if (v instanceof RMatch) return CHAINS.match;
  if (v instanceof RProc) return CHAINS.proc;
  if (v instanceof RPathname) return CHAINS.pathname;
  if (v instanceof RUri) return CHAINS.uri;
  return CHAINS.object;
}

const own = (table: Table, name: string) => Object.prototype.hasOwnProperty.call(table, name);

/**
 * Methods that keep an argument as it is, without reading it: an unknown argument makes the
 * collection hold an unknown, not the collection unknown (`list << ENV["X"]`).
 */
const KEEPS_ARGUMENTS = new Set([
  "<<", "push", "append", "unshift", "prepend", "insert", "[]=", "store", "fetch", "tap", "then", "equal?", "nil?", "add", "add?",
  "freeze", "dup", "itself", "object_id", "presence", "instance_of?", "default=",
]);

/** Class methods that keep their arguments as they are (`Hash.new(default)`, `Array[x]`, `Set[x]`). */
const CLASS_KEEPS_ARGUMENTS: Record<string, ReadonlySet<string>> = {
  Hash: new Set(["new"]),
  Array: new Set(["[]"]),
  Set: new Set(["[]"]),
};
const keepsArguments = (recv: RValue, name: string) =>
  recv instanceof RConst ? CLASS_KEEPS_ARGUMENTS[recv.path.replace(/^::/, "")]?.has(name) === true : KEEPS_ARGUMENTS.has(name) && !(recv instanceof RString || typeof recv === "string");

/**
 * Methods that change their receiver: where one meets a value nobody knows (`list.delete(1)`
 * over `[ENV_VALUE, 1]`), what it left is not known either, and the receiver says so from then on.
 */
const CHANGES_RECEIVER = new Set([
  "<<", "push", "append", "unshift", "prepend", "insert", "concat", "pop", "shift", "[]=", "store", "delete", "delete_at", "delete_if",
  "keep_if", "clear", "replace", "fill", "add", "update", "subtract", "default=", "compare_by_identity", "rehash",
]);
/** Whether a method of that name changes its receiver (`<<`, `push`, `gsub!`…): what the receiver held is not what it holds after. */
export const changesItsReceiver = (name: string): boolean => name.endsWith("!") || CHANGES_RECEIVER.has(name);
const changesReceiver = (recv: RValue, name: string) => changesItsReceiver(name) || (recv instanceof RSet && name === "merge");

/** The method `name` of a core value; undefined if the library has none. */
export function callMethod(rt: Runtime, recv: RValue, name: string, args: RValue[], block: RProc | null): Result {
  // An object the app made (`Foo.new`) is truthy; what its methods return is not known to be.
  if (recv instanceof RUnknown) return recv.object ? recv.derive(`${recv.description}.${name}`) : recv;
  // A constant in capitals Routemap could not read is a value nobody knows, not a class.
  const unknownConstantValue = unknownValueOf(recv);
  if (unknownConstantValue) return unknownConstantValue;
  if (!keepsArguments(recv, name)) {
    for (const a of args) {
      const unknown = unknownValueOf(a);
      if (unknown && !(a instanceof RUnknown && a.object && name === "==")) return unknownResult(recv, name, unknown);
    }
  }
  try {
    return dispatch(rt, recv, name, args, block);
  } catch (e) {
    if (e instanceof UnknownValueError) return unknownResult(recv, name, e.value);
    throw e;
  }
}

/** A call's result that depends on an unknown: the receiver, if the call changes it, is not known from then on. */
function unknownResult(recv: RValue, name: string, unknown: RUnknown): RUnknown {
  if (typeof recv === "object" && recv !== null && !(recv instanceof RSymbol) && changesReceiver(recv, name)) poison(recv, unknown);
  return unknown;
}

function dispatch(rt: Runtime, recv: RValue, name: string, args: RValue[], block: RProc | null): Result {
  if (recv instanceof RInquirer) {
    const answer = inquiry(recv, name, args);
    if (answer !== undefined) return answer;
  }
  if (recv instanceof RConst) return classMethod(rt, recv, name, args, block);
  if (recv instanceof RStructClass) return structClassMethod(rt, recv, name, args);
  if (recv instanceof RStruct) {
    const accessor = structAccessor(rt, recv, name, args);
    if (accessor !== undefined) return accessor;
  }
  if (recv instanceof RHash && ORDERED_OPTIONS.has(recv)) {
    const own = orderedOptionsCall(rt, recv, name, args, block, (n, a) => tableCall(rt, recv, n, a, block));
    if (own !== undefined) return own;
  }
  if (recv instanceof RObject && recv.className === BOOLEAN_TYPE) {
    const answer = booleanTypeCall(name, args);
    if (answer !== undefined) return answer;
  }
  if (name === "respond_to?") return respondTo(recv, args);
  return tableCall(rt, recv, name, args, block);
}

/** The method of the value's chain of tables, undefined where none has it. */
function tableCall(rt: Runtime, recv: RValue, name: string, args: RValue[], block: RProc | null): Result {
  for (const table of chainOf(recv instanceof RInquirer ? recv.value : recv)) {
    if (own(table, name)) {
      const self = recv instanceof RInquirer && table !== INQUIRER ? recv : recv;
      return table[name](rt, self, args, block);
    }
  }
  return undefined;
}

/** `Rails.env.production?` and friends. */
function inquiry(env: RInquirer, name: string, args: RValue[]): Result {
  if (name === "local?" && env.localQuery && !args.length) return env.value === "development" || env.value === "test";
  if (name.endsWith("?") && /^[a-z_0-9]+\?$/.test(name) && args.length === 0 && !(name in STRING) && !(name in OBJECT_AS) && !(name in OBJECT)) {
    return env.value === name.slice(0, -1);
  }
  return undefined;
}

/** A method of a class: Ruby's own (`Regexp.union`), or what every class answers (`name`, `===`). */
function classMethod(rt: Runtime, c: RConst, name: string, args: RValue[], block: RProc | null): Result {
  const path = c.path.replace(/^::/, "");
  const collection = COLLECTION_CLASSES[path];
  if (collection && own(collection, name)) return collection[name](rt, c, args, block);
  const table = path === "Regexp" ? REGEXP_CLASS : CLASS_METHODS[path];
  if (table && own(table, name)) return table[name](rt, c, args, block);
  if (name === "name" || name === "to_s" || name === "inspect") return path;
  if (name === "===") return coreIsA(args[0] ?? null, path);
  if (name === "==" || name === "equal?" || name === "eql?") return args[0] instanceof RConst && args[0].path.replace(/^::/, "") === path;
  return undefined;
}

function structClassMethod(rt: Runtime, cls: RStructClass, name: string, args: RValue[]): Result {
  switch (name) {
    case "new":
    case "[]":
      return structInstance(cls, args, rt.ruby);
    case "members":
      return cls.members.map((m) => RSymbol.for(m));
    case "name":
      return cls.name ?? null;
    case "to_s":
    case "inspect":
      return cls.name ?? undefined;
    case "keyword_init?":
      if (cls.data) return undefined;
      return cls.keywordInit ? true : undefined; // nil and false (not given, given false) are one here
    case "==":
    case "equal?":
    case "eql?":
      return args[0] === cls;
    case "===":
      return args[0] instanceof RStruct && args[0].cls === cls;
  }
  return undefined;
}

/** `respond_to?`: the core tables, and an object's methods. */
function respondTo(recv: RValue, args: RValue[]): Result {
  const arg = args[0];
  const name = arg instanceof RSymbol ? arg.name : typeof arg === "string" ? arg : arg instanceof RString ? arg.value : undefined;
  if (name === undefined) {
    if (arg instanceof RUnknown) return arg;
    throw rubyError("TypeError", `${inspect(arg ?? null)} is not a symbol nor a string`);
  }
  if (recv instanceof RObject) {
    if (recv.methods.has(name) || own(OBJECT, name) || own(OBJECT_AS, name)) return true;
    // A gem's superclass or module may define it.
    if (recv.openAncestor !== undefined) return new RUnknown(`respond_to?(:${name})`, false, `whether the object answers \`${name}\` depends on ${recv.openAncestor}, which the app's files do not define`);
    return false;
  }
  if (recv instanceof RStruct && recv.cls.members.some((m) => m === name || `${m}=` === name)) return true;
  if (recv instanceof RConst) return undefined;
  // ActiveSupport::StringInquirer answers every `name?` (`respond_to_missing?`).
  if (recv instanceof RInquirer && name.endsWith("?")) return true;
  return chainOf(recv).some((t) => own(t, name) && t[name] !== undefined) || name === "respond_to?";
}

/** A Kernel function called without a receiver (`format`, `Integer`); undefined if it is not one. */
/** Whether `name` is one of Kernel's functions the core library models (all private in Ruby). */
export const kernelFunctionName = (name: string): boolean => own(KERNEL, name);

export function kernelFunction(rt: Runtime, name: string, args: RValue[], block: RProc | null): Result {
  if (!own(KERNEL, name)) return undefined;
  for (const a of args) if (a instanceof RUnknown) return a;
  try {
    return KERNEL[name](rt, null, args, block);
  } catch (e) {
    if (e instanceof UnknownValueError) return e.value;
    throw e;
  }
}

/** Whether the library has class methods for `path` (`Regexp`, `File`…). */
export const coreClass = (path: string): boolean => path.replace(/^::/, "") in CLASS_METHODS || path.replace(/^::/, "") in COLLECTION_CLASSES;

/** The name of a value's class, as Ruby's messages give it. */
export const className = typeName;
