/** Instances of Struct classes (`Struct.new(:x, :y)`): members by name or index, readers and writers, `to_h`. */
import { inspect } from "../ruby/print.js";
import { RHash, RStruct, RSymbol, RValue, isFrozen, requal, stringValue } from "../ruby/values.js";
import { enumeratorOf } from "./iterate.js";
import { arity, rubyError, str, toInt, type Methods, type Result } from "./runtime.js";

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
