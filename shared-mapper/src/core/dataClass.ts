/**
 * `Data.define` (Ruby 3.2, struct.c `rb_data_s_def`, `rb_data_s_new`, `rb_data_initialize_m`,
 * `rb_data_with`, `rb_data_inspect`): value classes of required members, made with keywords or
 * positionally (`new` turns positional values into keywords), instances frozen, no writers. Not in
 * Ruby 3.1 (whose `Data` was removed in 3.0): there `Data` is an unknown constant.
 */
import { inspect } from "../ruby/print.js";
import { RHash, RProc, RStruct, RStructClass, RSymbol, RUnknown, RValue, UnknownValueError, freeze, stringValue } from "../ruby/values.js";
import { rubyError, type Methods, type Result, type Runtime } from "./runtime.js";
import { STRUCT } from "./struct.js";

/** `Data.define(:a, "b")`: the members (Symbols or Strings, no duplicates, no writers' names). */
export function dataDefine(rt: Runtime, args: readonly RValue[], block: RProc | null): Result {
  const members: string[] = [];
  for (const a of args) {
    const name = a instanceof RSymbol ? a.name : stringValue(a);
    if (name === undefined) {
      if (a instanceof RUnknown) throw new UnknownValueError(a);
      throw rubyError("TypeError", `${inspect(a, rt.ruby)} is not a symbol nor a string`);
    }
    if (name.endsWith("=")) throw rubyError("ArgumentError", `invalid data member: ${name}`);
    if (members.includes(name)) throw rubyError("ArgumentError", `duplicate member: ${name}`);
    members.push(name);
  }
  if (block) return undefined; // methods defined in the block are the evaluator's (`structClass`)
  return new RStructClass(undefined, members, false, undefined, true);
}

/** What `initialize` is given: the keywords, positional values named by their members (`rb_data_s_new`). */
export function dataKeywords(cls: RStructClass, args: readonly RValue[]): RHash {
  const last = args[args.length - 1];
  if (args.length === 1 && last instanceof RHash && last.keys().every((k) => k instanceof RSymbol)) return last;
  if (args.length > cls.members.length) throw rubyError("ArgumentError", `wrong number of arguments (given ${args.length}, expected 0..${cls.members.length})`);
  return new RHash(args.map((v, i) => [RSymbol.for(cls.members[i]), v]));
}

const keywordError = (kind: string, names: string[]) => rubyError("ArgumentError", `${kind} keyword${names.length > 1 ? "s" : ""}: ${names.map((n) => `:${n}`).join(", ")}`);

/** `Data#initialize(**kw)`: every member given, no other key; the instance frozen. */
export function dataInstance(cls: RStructClass, keywords: RHash): RStruct {
  const name = (k: RValue) => (k instanceof RSymbol ? k.name : stringValue(k) ?? "");
  const given = new Map(keywords.entries().map(([k, v]) => [name(k), v]));
  const missing = cls.members.filter((m) => !given.has(m));
  if (missing.length) throw keywordError("missing", missing);
  const unknown = [...given.keys()].filter((k) => !cls.members.includes(k));
  if (unknown.length) throw keywordError("unknown", unknown);
  return freeze(new RStruct(cls, cls.members.map((m) => given.get(m)!)));
}

const pairs = (s: RStruct): [RValue, RValue][] => s.cls.members.map((m, i) => [RSymbol.for(m), s.values[i]]);

/** An instance's methods (its members' readers are `structAccessor`'s): none of Struct's writers, indexes or Enumerable; the rest Struct's own (struct.c shares them). */
export const DATA: Methods<RStruct> = {
  ...pick(STRUCT, ["members", "to_h", "deconstruct", "deconstruct_keys", "==", "eql?", "inspect", "to_s"]),
  with: (_rt, self, args) => {
    if (!args.length) return self;
    const changes = args[0];
    if (args.length > 1 || !(changes instanceof RHash)) throw rubyError("ArgumentError", `wrong number of arguments (given ${args.length}, expected 0)`);
    const merged = new RHash(pairs(self));
    for (const [k, v] of changes.entries()) merged.set(k, v);
    return dataInstance(self.cls, merged);
  },
};

function pick(methods: Methods<RStruct>, names: string[]): Methods<RStruct> {
  return Object.fromEntries(names.map((n) => [n, methods[n]]));
}
