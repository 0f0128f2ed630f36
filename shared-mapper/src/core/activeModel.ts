/**
 * ActiveModel's boolean type as routes files use it to read a flag
 * (`ActiveModel::Type::Boolean.new.serialize(ENV["X"])`, thoughtbot/upcase): activemodel 6.1
 * lib/active_model/type/boolean.rb and value.rb. `cast` and `serialize` give nil for nil, nil for
 * "", false for a value of FALSE_VALUES, true for anything else. A value Routemap does not know
 * gives an unknown, never a guess.
 */
import { RObject, RString, RSymbol, RUnknown, type RValue } from "../ruby/values.js";
import { arity, type Methods } from "./runtime.js";
import type { RConst } from "../ruby/values.js";

export const BOOLEAN_TYPE = "ActiveModel::Type::Boolean";

/** FALSE_VALUES: `false, 0`, and these as Strings and as Symbols. */
const FALSE_TEXTS = new Set(["0", "f", "F", "false", "FALSE", "off", "OFF"]);

function isFalseValue(v: RValue): boolean {
  if (v === false || v === 0) return true;
  if (typeof v === "string" || v instanceof RString) return FALSE_TEXTS.has(String(v instanceof RString ? v.value : v));
  return v instanceof RSymbol && FALSE_TEXTS.has(v.name);
}

/** `cast(value)`: `cast_value(value) unless value.nil?`. */
export function booleanCast(value: RValue): RValue {
  if (value instanceof RUnknown) return value;
  if (value === null) return null;
  const text = typeof value === "string" ? value : value instanceof RString ? value.value : undefined;
  if (text === "") return null;
  return !isFalseValue(value);
}

/** `ActiveModel::Type::Boolean.new`: an instance answering `cast` and `serialize`. */
export const BOOLEAN_TYPE_CLASS: Methods<RConst> = {
  new: (_rt, _c, args) => (arity(args, 0, 1), new RObject(BOOLEAN_TYPE, new Set(["cast", "serialize", "type"]))),
};

/** An instance's methods; undefined for the others (unknown). */
export function booleanTypeCall(name: string, args: RValue[]): RValue | undefined {
  switch (name) {
    case "cast":
    case "serialize":
      arity(args, 1);
      return booleanCast(args[0]);
    case "type":
      return RSymbol.for("boolean");
  }
  return undefined;
}
