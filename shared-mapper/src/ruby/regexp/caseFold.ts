/**
 * Case-insensitive comparison as Onigmo's /i does it for single characters: two characters are
 * equal when their case foldings are (Ruby's `downcase(:fold)`, data in caseFoldData.ts). A
 * character whose folding has several characters (`ß` → `ss`, `ﬁ` → `fi`) can match a sequence
 * under /i in Onigmo (`/ss/i =~ "ß"`, `/\A[ß]\z/i =~ "ss"`); this engine does not model that:
 * the compiler refuses such characters in /i patterns and the matcher refuses such inputs
 * (`MULTI_FOLD_*`), so the answer is "unknown", never a different match.
 */
import { MULTI, SIMPLE } from "./caseFoldData.js";

let folds: Map<number, number> | undefined;
let variants: Map<number, number[]> | undefined;
let multi: Set<number> | undefined;
let multiParts: Set<number> | undefined;

function load(): void {
  folds = new Map();
  variants = new Map();
  for (const run of SIMPLE.split(" ")) {
    const [first, last, delta, step] = run.split(",");
    const a = parseInt(first, 16);
    const b = parseInt(last, 16);
    const d = Number(delta);
    const s = Number(step);
    for (let cp = a; cp <= b; cp += s) folds.set(cp, cp + d);
  }
  // Every character of a folding class, keyed by the class's folding.
  for (const [cp, f] of folds) {
    let list = variants.get(f);
    if (!list) variants.set(f, (list = [f]));
    list.push(cp);
  }
  multi = new Set();
  multiParts = new Set();
  for (const entry of MULTI.split(" ")) {
    const [cp, ...seq] = entry.split(",").map((h) => parseInt(h, 16));
    multi.add(cp);
    for (const part of seq) multiParts.add(part);
  }
  // A character that folds to a multi-character folding's first character is one too (`ẞ`
  // folds to `ß` simply, to `ss` fully: Ruby's table gives the full folding).
  for (const [cp, f] of folds) if (multi.has(f)) multi.add(cp);
}

/** The simple case folding of a code point. */
export function fold(cp: number): number {
  if (cp < 0x80) return cp >= 0x41 && cp <= 0x5a ? cp + 32 : cp;
  if (!folds) load();
  return folds!.get(cp) ?? cp;
}

/** The other characters that fold as `cp` does (`k` → `K`, `K`; `s` → `S`, `ſ`). */
export function caseVariants(cp: number): readonly number[] {
  if (!variants) load();
  const list = variants!.get(fold(cp));
  if (!list) return cp < 0x80 && fold(cp) !== cp ? [fold(cp)] : NONE;
  return list.filter((x) => x !== cp);
}
const NONE: readonly number[] = [];

/** Whether a character's full case folding has several characters (`ß`, `ﬁ`, `İ`). */
export function hasMultiFold(cp: number): boolean {
  if (cp < 0x80) return false;
  if (!multi) load();
  return multi!.has(cp);
}

/** Whether a character (folded) appears in some multi-character folding (`s`, `f`, `i`…). */
export function inMultiFold(cp: number): boolean {
  if (!multiParts) load();
  return multiParts!.has(fold(cp));
}

/** Every character with a multi-character folding. */
export function multiFoldChars(): Iterable<number> {
  if (!multi) load();
  return multi!;
}
