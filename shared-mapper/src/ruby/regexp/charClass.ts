/**
 * Character classes as Onigmo builds them (doc/RE: "Character class"): a union of ranges,
 * properties and nested classes, intersected with `&&`, negated with `^`. Under /i a class
 * matches a character when it, or a character of the same case folding, is in the class
 * (`/[^k]/i` does not match `K` nor the Kelvin sign), the negation applied last.
 */
import { caseVariants } from "./caseFold.js";

export type Pred = (cp: number) => boolean;

/** A union: code point ranges (pairs, inclusive), predicates, nested classes. */
export interface ClassItems {
  ranges: number[];
  preds: Pred[];
  subs: ClassSpec[];
}

/** The intersection of the operands (`a-z&&[^aeiou]`), negated or not. */
export interface ClassSpec {
  negated: boolean;
  operands: ClassItems[];
}

export const items = (ranges: number[] = [], preds: Pred[] = [], subs: ClassSpec[] = []): ClassItems => ({ ranges, preds, subs });
export const spec = (negated: boolean, ...operands: ClassItems[]): ClassSpec => ({ negated, operands });

function itemsHave(it: ClassItems, cp: number): boolean {
  const r = it.ranges;
  for (let i = 0; i < r.length; i += 2) if (cp >= r[i] && cp <= r[i + 1]) return true;
  for (const p of it.preds) if (p(cp)) return true;
  for (const s of it.subs) if (specHas(s, cp)) return true;
  return false;
}

/** Whether `cp` is in the class, case-sensitively. */
export function specHas(s: ClassSpec, cp: number): boolean {
  return positive(s, cp) !== s.negated;
}

function positive(s: ClassSpec, cp: number): boolean {
  if (s.operands.length === 0) return false;
  for (const op of s.operands) if (!itemsHave(op, cp)) return false;
  return true;
}

const CACHE_LIMIT = 4096;

/** A class ready to test characters: each computed once (ASCII in a table, filled as met). */
export class CharClass {
  /** 0: not yet computed, 1: in, 2: out. */
  private readonly ascii = new Uint8Array(128);
  private cache: Map<number, boolean> | undefined;

  constructor(
    readonly spec: ClassSpec,
    readonly ignoreCase: boolean,
  ) {}

  test(cp: number): boolean {
    if (cp < 128) {
      const known = this.ascii[cp];
      if (known !== 0) return known === 1;
      const v = this.compute(cp);
      this.ascii[cp] = v ? 1 : 2;
      return v;
    }
    let v = this.cache?.get(cp);
    if (v === undefined) {
      v = this.compute(cp);
      if (!this.cache || this.cache.size >= CACHE_LIMIT) this.cache = new Map();
      this.cache.set(cp, v);
    }
    return v;
  }

  private compute(cp: number): boolean {
    const s = this.spec;
    let found = positive(s, cp);
    if (!found && this.ignoreCase) for (const v of caseVariants(cp)) if (positive(s, v)) found = true;
    return found !== s.negated;
  }
}
