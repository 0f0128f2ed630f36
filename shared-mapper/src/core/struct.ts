/**
 * Instances of Struct classes (struct.c, Ruby 3.1): members by name or index, readers and
 * writers, `to_h`, `==`/`eql?`, `dig`, and pattern matching's `deconstruct`/`deconstruct_keys`.
 */
import { inspect } from "../ruby/print.js";
import { RHash, RStruct, RSymbol, RValue, isFrozen, reql, requal, stringValue } from "../ruby/values.js";
import { enumeratorOf } from "./iterate.js";
import { arity, rubyError, str, toInt, type Methods, type Result, type Runtime } from "./runtime.js";

/** A Struct member by index or name, as `[]` and `[]=` take it. */
function memberIndex(s: RStruct, key: RValue | undefined): number {
  const name = key instanceof RSymbol ? key.name : stringValue(key);
  if (name !== undefined) {
    const i = s.cls.members.indexOf(name);
    if (i < 0) throw rubyError("NameError", `no member '${name}' in struct`);
    return i;
  }
  const n = s.values.length;
  const given = toInt(key);
  const i = given < 0 ? given + n : given;
  if (i < 0 || i >= n) throw rubyError("IndexError", `offset ${given} too ${given < 0 ? "small" : "large"} for struct(size:${n})`);
  return i;
}

function checkFrozen(rt: Runtime, s: RStruct): void {
  if (isFrozen(s)) throw rubyError("FrozenError", `can't modify frozen ${s.cls.name ?? "Struct"}: ${inspect(s, rt.ruby)}`);
}

const pairs = (s: RStruct): [RValue, RValue][] => s.cls.members.map((m, i) => [RSymbol.for(m), s.values[i]]);

/** `deconstruct_keys(keys)`: the members asked for, up to the first that is not one. */
function deconstructKeys(s: RStruct, keys: RValue | undefined): RHash {
  if (keys === null || keys === undefined) return new RHash(pairs(s));
  if (!Array.isArray(keys)) throw rubyError("TypeError", `wrong argument type ${keys === null ? "nil" : inspect(keys)} (expected Array or nil)`);
  const h = new RHash();
  if (keys.length > s.values.length) return h;
  for (const k of keys) {
    const name = k instanceof RSymbol ? k.name : stringValue(k);
    const i = name === undefined ? -1 : s.cls.members.indexOf(name);
    if (i < 0) return h;
    h.set(k, s.values[i]);
  }
  return h;
}

export const STRUCT: Methods<RStruct> = {
  "[]": (_rt, self, args) => (arity(args, 1), self.values[memberIndex(self, args[0])]),
  "[]=": (rt, self, args) => {
    arity(args, 2);
    const i = memberIndex(self, args[0]);
    checkFrozen(rt, self);
    return (self.values[i] = args[1]);
  },
  members: (_rt, self) => self.cls.members.map((m) => RSymbol.for(m)),
  to_a: (_rt, self) => self.values.slice(),
  deconstruct: (_rt, self) => self.values.slice(),
  values: (_rt, self) => self.values.slice(),
  to_h: (rt, self, args, block): Result => {
    arity(args, 0);
    if (!block) return new RHash(pairs(self));
    const h = new RHash();
    for (const [k, v] of pairs(self)) {
      const pair = rt.yield(block, [k, v]);
      if (!Array.isArray(pair)) throw rubyError("TypeError", `wrong element type ${inspect(pair, rt.ruby)} (expected array)`);
      if (pair.length !== 2) throw rubyError("ArgumentError", `element has wrong array length (expected 2, was ${pair.length})`);
      h.set(pair[0], pair[1]);
    }
    return h;
  },
  deconstruct_keys: (_rt, self, args) => (arity(args, 1), deconstructKeys(self, args[0])),
  each: (rt, self, args, block) => {
    if (!block) return enumeratorOf(self, "each", args);
    for (const v of self.values) rt.yield(block, [v]);
    return self;
  },
  each_pair: (rt, self, args, block) => {
    if (!block) return enumeratorOf(self, "each_pair", args);
    for (const [k, v] of pairs(self)) rt.yield(block, [k, v]);
    return self;
  },
  values_at: (_rt, self, args) => args.map((a) => self.values[memberIndex(self, a)]),
  dig: (rt, self, args) => {
    if (!args.length) throw rubyError("ArgumentError", "wrong number of arguments (given 0, expected 1+)");
    const key = args[0];
    const name = key instanceof RSymbol ? key.name : stringValue(key);
    const first = name !== undefined ? (self.cls.members.includes(name) ? self.values[self.cls.members.indexOf(name)] : null) : self.values[memberIndex(self, key)] ?? null;
    return args.length === 1 || first === null ? first : rt.send(first, "dig", args.slice(1), null);
  },
  "==": (_rt, self, args) => (arity(args, 1), requal(self, args[0])),
  "eql?": (_rt, self, args) => {
    arity(args, 1);
    const o = args[0];
    return o instanceof RStruct && o.cls === self.cls && self.values.every((v, i) => reql(v, o.values[i]));
  },
  size: (_rt, self) => self.values.length,
  length: (_rt, self) => self.values.length,
  inspect: (rt, self) => str(inspect(self, rt.ruby)),
  to_s: (rt, self) => str(inspect(self, rt.ruby)),
};

/** A Struct member's reader or writer (`point.x`, `point.x = 1`), if `name` is one. */
export function structAccessor(rt: Runtime, s: RStruct, name: string, args: RValue[]): Result {
  const writer = name.endsWith("=") && name !== "==";
  // A Data class's instances have readers only.
  if (writer && s.cls.data) return undefined;
  const i = s.cls.members.indexOf(writer ? name.slice(0, -1) : name);
  if (i < 0) return undefined;
  if (writer) {
    arity(args, 1);
    checkFrozen(rt, s);
    return (s.values[i] = args[0]);
  }
  arity(args, 0);
  return s.values[i];
}
