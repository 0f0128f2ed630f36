/**
 * Ruby's `hash` + `eql?`, as Array#uniq, `-`, `&`, `|` and Set use them (array.c builds a Hash
 * of the elements): values compared by value alone (nil, true, false, Integers, Strings,
 * Symbols) are looked up in a Map; the rest (Floats, Arrays, Hashes…) one by one with `eql?`.
 */
import { RSet, RString, RSymbol, RValue, reql } from "../ruby/values.js";

/** The Map key of a value compared by value alone; undefined for the rest. */
function plainKey(v: RValue): RValue | undefined {
  if (v === null || typeof v === "boolean" || typeof v === "number" || typeof v === "string" || v instanceof RSymbol) return v;
  if (v instanceof RString) return v.value;
  return undefined;
}

export class ValueSet {
  private readonly plain = new Set<RValue>();
  private readonly others: RValue[] = [];

  constructor(values: Iterable<RValue> = []) {
    for (const v of values) this.add(v);
  }

  has(v: RValue): boolean {
    const k = plainKey(v);
    return k !== undefined ? this.plain.has(k) : this.others.some((x) => reql(x, v));
  }

  /** Adds `v`; false if it was there. */
  add(v: RValue): boolean {
    const k = plainKey(v);
    if (k !== undefined) {
      if (this.plain.has(k)) return false;
      this.plain.add(k);
      return true;
    }
    if (this.others.some((x) => reql(x, v))) return false;
    this.others.push(v);
    return true;
  }
}

/** A Set of `values` (Strings stored frozen, as Ruby's Hash keys are), each `eql?` one once, in order. */
export function setFrom(values: Iterable<RValue>): RSet {
  const set = new RSet();
  const seen = new ValueSet();
  for (let v of values) {
    if (v instanceof RString) v = v.value;
    if (seen.add(v)) set.items.push(v);
  }
  return set;
}
