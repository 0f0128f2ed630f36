/**
 * `Struct.new` and the `new` of the classes it makes (struct.c `rb_struct_s_def`,
 * `rb_struct_initialize_m`, Ruby 3.1): members from Symbols or Strings, a class name from a
 * String first, `keyword_init:`. Methods of a `Struct.new(…) do … end` block are the
 * evaluator's (`dsl/calls.ts`).
 */
import { inspect, typeName, type RubyVersion } from "../ruby/print.js";
import { RHash, RProc, RStruct, RStructClass, RSymbol, RUnknown, RValue, UnknownValueError, stringValue, truthy } from "../ruby/values.js";
import { rubyError, type Result, type Runtime } from "./runtime.js";
import { dataInstance, dataKeywords } from "./dataClass.js";

/** A member name: a Symbol or a String; else Ruby's TypeError. */
function memberName(rt: Runtime, v: RValue): string {
  if (v instanceof RSymbol) return v.name;
  const s = stringValue(v);
  if (s !== undefined) return s;
  if (v instanceof RUnknown) throw new UnknownValueError(v);
  throw rubyError("TypeError", `${inspect(v, rt.ruby)} is not a symbol`);
}

export function structNew(rt: Runtime, args: RValue[], block: RProc | null): Result {
  const options = args.length > 1 && args[args.length - 1] instanceof RHash ? (args.pop() as RHash) : undefined;
  if (!args.length) throw rubyError("ArgumentError", "wrong number of arguments (given 0, expected 1+)");
  let name: string | undefined;
  const first = args[0];
  if (!(first instanceof RSymbol)) {
    args.shift();
    if (first !== null) {
      const s = stringValue(first);
      if (s === undefined) {
        if (first instanceof RUnknown) throw new UnknownValueError(first);
        throw rubyError("TypeError", `no implicit conversion of ${first === true || first === false ? inspect(first) : typeName(first)} into String`);
      }
      if (!/^[A-Z][A-Za-z0-9_]*$/.test(s)) throw rubyError("NameError", `identifier ${s} needs to be constant`);
      name = `Struct::${s}`;
    }
  }
  const members: string[] = [];
  for (const a of args) {
    const m = memberName(rt, a);
    if (members.includes(m)) throw rubyError("ArgumentError", `duplicate member: ${m}`);
    members.push(m);
  }
  if (block) return undefined; // methods defined in the block are the evaluator's (`structClass`)
  const keywordInit = options?.sget("keyword_init");
  if (options) for (const k of options.keys()) if (!(k instanceof RSymbol && k.name === "keyword_init")) throw rubyError("ArgumentError", `unknown keyword: ${inspect(k, rt.ruby)}`);
  return new RStructClass(name, members, keywordInit === undefined || keywordInit === null ? false : truthy(keywordInit));
}

/**
 * `Point.new(1, 2)`, or with keywords for `keyword_init: true`. From Ruby 3.2 a Struct without
 * `keyword_init:` also takes keywords alone as its members (a Hash written in braces, which
 * the evaluator passes the same way, is read so too).
 */
export function structInstance(cls: RStructClass, args: RValue[], ruby?: RubyVersion): RStruct {
  if (cls.data) return dataInstance(cls, dataKeywords(cls, args));
  const keywords = ruby?.ruby32 && args.length === 1 && args[0] instanceof RHash && args[0].size > 0 && args[0].keys().every((k) => k instanceof RSymbol);
  if (cls.keywordInit || keywords) {
    if (args.length > 1 || (args.length === 1 && !(args[0] instanceof RHash))) throw rubyError("ArgumentError", `wrong number of arguments (given ${args.length}, expected 0)`);
    const given = args[0] instanceof RHash ? args[0] : new RHash();
    const key = (k: RValue) => (k instanceof RSymbol ? k.name : stringValue(k));
    const unknown = given.keys().filter((k) => !cls.members.includes(key(k) ?? "\0"));
    if (unknown.length) throw rubyError("ArgumentError", `unknown keywords: ${unknown.map((k) => key(k) ?? inspect(k)).join(", ")}`);
    const values: RValue[] = cls.members.map(() => null);
    for (const [k, v] of given.entries()) values[cls.members.indexOf(key(k)!)] = v;
    return new RStruct(cls, values);
  }
  if (args.length > cls.members.length) throw rubyError("ArgumentError", "struct size differs");
  return new RStruct(cls, cls.members.map((_m, i) => args[i] ?? null));
}

