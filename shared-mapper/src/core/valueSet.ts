/**
 * Ruby's `hash` + `eql?`, as Array#uniq, `-`, `&`, `|` and Set use them (array.c builds a Hash
 * of the elements): values compared by value alone (nil, true, false, Integers, Strings,
 * Symbols) are looked up in a Map; the rest (Floats, Arrays, Hashes…) one by one with `eql?`.
 */
import { RFloat, RSet, RString, RSymbol, RUnknown, RValue, UnknownValueError, reql, unknownValueOf } from "../ruby/values.js";

/** The Map key of a value compared by value alone; undefined for the rest. */
function plainKey(v: RValue): RValue | undefined {
  if (v === null || typeof v === "boolean" || typeof v === "number" || typeof v === "string" || v instanceof RSymbol) return v;
  if (v instanceof RString) return v.value;
  return undefined;
}

/**
 * A text that two Arrays of such values share exactly when they are `eql?` (`[1, "a"]`, not
 * `[1.0, "a"]`); undefined for anything else. Floats are told from Integers; NaN, never
 * `eql?` to itself, has none.
 */
function compositeKey(v: RValue, depth = 0): string | undefined {
  if (!Array.isArray(v) || depth > 8) return undefined;
  let out = "[";
  for (const x of v) {
    const k = plainKey(x);
    if (k === null) out += "n,";
    else if (typeof k === "boolean") out += k ? "t," : "f,";
    else if (typeof k === "number") out += `i${k},`;
    else if (typeof k === "string") out += `s${JSON.stringify(k)},`;
    else if (k instanceof RSymbol) out += `y${JSON.stringify(k.name)},`;
    else if (x instanceof RFloat && !Number.isNaN(x.value)) out += `d${x.value === 0 ? 0 : x.value},`;
    else {
      const inner = compositeKey(x, depth + 1);
      if (inner === undefined) return undefined;
      out += inner + ",";
    }
  }
  return out + "]";
}

export class ValueSet {
  private readonly plain = new Set<RValue>();
  /** Arrays of plain values, by `compositeKey`. */
  private readonly composite = new Set<string>();
  private readonly others: RValue[] = [];
  /** A member that is unknown: a value not found might be it. */
  private unknown: RUnknown | undefined;

  constructor(values: Iterable<RValue> = []) {
    for (const v of values) this.add(v);
  }

  /** Whether `v` is a member; unknown (thrown) where an unknown member, or `v` itself, leaves it open. */
  has(v: RValue): boolean {
    const k = plainKey(v);
    const c = k === undefined ? compositeKey(v) : undefined;
    const found = k !== undefined ? this.plain.has(k) : c !== undefined ? this.composite.has(c) : this.others.some((x) => reql(x, v));
    if (!found) {
      const u = this.unknown ?? (this.plain.size || this.composite.size || this.others.length ? unknownValueOf(v) : undefined);
      if (u) throw new UnknownValueError(u);
    }
    return found;
  }

  /** Adds `v`; false if it was there. */
  add(v: RValue): boolean {
    if (this.has(v)) return false;
    const k = plainKey(v);
    const c = k === undefined ? compositeKey(v) : undefined;
    if (k !== undefined) this.plain.add(k);
    else if (c !== undefined) this.composite.add(c);
    else {
      this.unknown ??= unknownValueOf(v);
      this.others.push(v);
    }
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
