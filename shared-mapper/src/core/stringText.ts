/**
 * The text work of Ruby's String methods (`string.c`): characters (code points, as Ruby
 * counts them), Ruby's whitespace for `strip`, case mapping with its options, the character
 * sets of `tr`/`count`/`delete`/`squeeze`, `succ`, and the lenient number readings of
 * `to_i`/`to_f`/`hex`/`oct`.
 */
import { inspect } from "../ruby/print.js";
import { RSymbol, RUnknown, RValue, UnknownValueError, stringValue } from "../ruby/values.js";
import { arity, rubyError, toInt, toStr } from "./runtime.js";

export const text = (v: RValue): string => stringValue(v)!;
const ASTRAL = /[\uD800-\uDFFF]/;
/** A String's characters (code points). */
export const chars = (s: string): string[] => (ASTRAL.test(s) ? [...s] : s.split(""));
/** A String's length in characters. */
export const length = (s: string): number => (ASTRAL.test(s) ? [...s].length : s.length);
/** The JavaScript index of character `n` (n may be the length). */
export const jsIndex = (s: string, n: number): number => (ASTRAL.test(s) ? [...s].slice(0, n).join("").length : n);
/** The character index of JavaScript index `i`. */
export const charIndex = (s: string, i: number): number => (ASTRAL.test(s) ? [...s.slice(0, i)].length : i);

/** Ruby's whitespace for `strip` and `split(" ")`: ASCII blanks and NUL, never Unicode spaces. */
export const lstrip = (s: string): string => s.replace(/^[\0\t\n\v\f\r ]+/, "");
export const rstrip = (s: string): string => s.replace(/[\0\t\n\v\f\r ]+$/, "");
export const strip = (s: string): string => rstrip(lstrip(s));

/** Ruby's `chomp`: one trailing line ending, or the given suffix; "" removes every trailing line ending. */
export function chomp(s: string, args: RValue[]): string {
  arity(args, 0, 1);
  if (!args.length) return s.replace(/(?:\r\n|\n|\r)$/, "");
  if (args[0] === null) return s;
  const suffix = toStr(args[0]);
  if (suffix === "") return s.replace(/(?:\r?\n)+$/, "");
  if (suffix === "\n") return s.replace(/(?:\r\n|\n|\r)$/, "");
  return s.endsWith(suffix) ? s.slice(0, s.length - suffix.length) : s;
}

export const chop = (s: string): string => (s.endsWith("\r\n") ? s.slice(0, -2) : chars(s).slice(0, -1).join(""));

// ---- case mapping --------------------------------------------------------------------------

type CaseOptions = { ascii: boolean; turkic: boolean; fold: boolean };

/** The options of `upcase(:ascii)` and its cousins, checked as Ruby checks them. */
export function caseOptions(args: RValue[], downcasing: boolean): CaseOptions {
  const out = { ascii: false, turkic: false, fold: false };
  if (args.length > 2) throw rubyError("ArgumentError", "too many options");
  const names = args.map((a) => (a instanceof RSymbol ? a.name : ""));
  if (names.length === 2 && !(names.includes("turkic") && names.includes("lithuanian"))) {
    throw rubyError("ArgumentError", names.every((n) => ["turkic", "lithuanian", "ascii", "fold"].includes(n)) ? "too many options" : "invalid option");
  }
  for (const n of names) {
    if (n === "ascii") out.ascii = true;
    else if (n === "turkic") out.turkic = true;
    else if (n === "fold") {
      if (!downcasing) throw rubyError("ArgumentError", "option :fold only allowed for downcasing");
      out.fold = true;
    } else if (n !== "lithuanian") throw rubyError("ArgumentError", "invalid option");
  }
  return out;
}

const asciiUp = (s: string) => s.replace(/[a-z]+/g, (m) => m.toUpperCase());
const asciiDown = (s: string) => s.replace(/[A-Z]+/g, (m) => m.toLowerCase());

/** Each character on its own: Ruby maps no Greek final sigma by context. */
function eachChar(s: string, f: (c: string) => string): string {
  if (/^[\x00-\x7f]*$/.test(s)) return f(s);
  let out = "";
  for (const c of s) out += f(c);
  return out;
}

export function upcase(s: string, o: CaseOptions): string {
  if (o.ascii) return asciiUp(s);
  return eachChar(o.turkic ? s.replace(/i/g, "İ") : s, (c) => c.toUpperCase());
}

export function downcase(s: string, o: CaseOptions): string {
  if (o.ascii) return asciiDown(s);
  // `\u0130` (İ) escaped: esbuild copies a regexp literal as written, and one non-ASCII
  // character made the command's whole bundle UTF-8 to decode (server/bin/codeCache.cjs).
  if (o.turkic) s = s.replace(/\u0130/g, "i").replace(/I/g, "ı");
  return eachChar(s, (c) => (o.fold ? fold(c) : c.toLowerCase()));
}

/** Unicode's full case folding, as far as upper-then-lower reaches it (`ß` → `ss`). */
const fold = (c: string) => c.toLowerCase().toUpperCase().toLowerCase();
export const caseFold = (s: string): string => eachChar(s, fold);

/** Titlecase where it is not the upper case: digraphs and ligatures (Unicode's SpecialCasing and UnicodeData). */
const TITLE: Record<string, string> = {
  "Ǆ": "ǅ", "ǅ": "ǅ", "ǆ": "ǅ", "Ǉ": "ǈ", "ǈ": "ǈ", "ǉ": "ǈ", "Ǌ": "ǋ", "ǋ": "ǋ", "ǌ": "ǋ", "Ǳ": "ǲ", "ǲ": "ǲ", "ǳ": "ǲ",
  "ß": "Ss", "ﬀ": "Ff", "ﬁ": "Fi", "ﬂ": "Fl", "ﬃ": "Ffi", "ﬄ": "Ffl", "ﬅ": "St", "ﬆ": "St",
  "և": "Եւ", "ﬓ": "Մն", "ﬔ": "Մե", "ﬕ": "Մի", "ﬖ": "Վն", "ﬗ": "Մխ",
};
/** Greek capitals with iota: titlecase is one character, upper case two. */
function titlecase(c: string): string | undefined {
  if (TITLE[c]) return TITLE[c];
  const cp = c.codePointAt(0)!;
  if ((cp >= 0x1f80 && cp <= 0x1faf) || [0x1fb3, 0x1fbc, 0x1fc3, 0x1fcc, 0x1ff3, 0x1ffc].includes(cp)) {
    if ((cp & 0xf) >= 8 || cp === 0x1fbc || cp === 0x1fcc || cp === 0x1ffc) return c;
    return cp >= 0x1fb0 ? String.fromCodePoint(cp + 9) : String.fromCodePoint(cp + 8);
  }
  if ([0x1fb2, 0x1fb4, 0x1fb7, 0x1fc2, 0x1fc4, 0x1fc7, 0x1ff2, 0x1ff4, 0x1ff7].includes(cp)) return undefined;
  return c.toUpperCase();
}

export function capitalize(s: string, o: CaseOptions): string {
  if (!s) return s;
  const [first, ...rest] = chars(s);
  if (o.ascii) return asciiUp(first) + asciiDown(rest.join(""));
  const head = o.turkic && first === "i" ? "İ" : titlecase(first);
  if (head === undefined) throw new UnknownValueError(new RUnknown(inspect(s), false, "a titlecase of several characters, which Routemap does not map"));
  return head + downcase(rest.join(""), o);
}

/** Titlecase digraphs swap into a capital and a small letter (`ǅ` → `dŽ`). */
const SWAP_TITLE: Record<string, string> = { "ǅ": "dŽ", "ǈ": "lJ", "ǋ": "nJ", "ǲ": "dZ" };

export function swapcase(s: string, o: CaseOptions): string {
  return chars(s).map((c) => {
    if (o.ascii) return /[a-z]/.test(c) ? c.toUpperCase() : /[A-Z]/.test(c) ? c.toLowerCase() : c;
    if (SWAP_TITLE[c]) return SWAP_TITLE[c];
    const lower = c.toLowerCase();
    return lower !== c ? lower : c.toUpperCase();
  }).join("");
}

// ---- character sets: tr, count, delete, squeeze ----------------------------------------------

/** A `tr`-style set: characters and ranges (`a-z`), `^` negating, `\` escaping. */
export interface CharSet {
  has(c: string): boolean;
  /** The characters in order (ranges expanded); empty for a negated set. */
  list: string[];
  negated: boolean;
}

export function charSet(spec: string, negatable = true): CharSet {
  const body = chars(spec);
  const negated = negatable && body.length > 1 && body[0] === "^";
  const list: string[] = [];
  for (let i = negated ? 1 : 0; i < body.length; i++) {
    let c = body[i];
    if (c === "\\" && i + 1 < body.length) c = body[++i];
    else if (body[i + 1] === "-" && i + 2 < body.length) {
      const to = body[i + 2] === "\\" && i + 3 < body.length ? body[i + 3] : body[i + 2];
      const [a, b] = [c.codePointAt(0)!, to.codePointAt(0)!];
      if (a > b) throw rubyError("ArgumentError", a < 128 && b < 128 ? `invalid range "${c}-${to}" in string transliteration` : "invalid range in string transliteration");
      for (let k = a; k <= b; k++) list.push(String.fromCodePoint(k));
      i += body[i + 2] === "\\" && i + 3 < body.length ? 3 : 2;
      continue;
    }
    list.push(c);
  }
  const set = new Set(list);
  return { has: (c) => set.has(c) !== negated, list: negated ? [] : list, negated };
}

/** The characters in every one of the sets given (`count("a-z", "^l")`). */
export function inAllSets(args: RValue[]): (c: string) => boolean {
  if (!args.length) throw rubyError("ArgumentError", "wrong number of arguments (given 0, expected 1+)");
  const sets = args.map((a) => charSet(toStr(a)));
  return (c) => sets.every((s) => s.has(c));
}

export function tr(s: string, args: RValue[], squeeze = false): string {
  arity(args, 2);
  const from = charSet(toStr(args[0]));
  const to = charSet(toStr(args[1]), false).list;
  let out = "";
  let last: string | undefined;
  for (const c of chars(s)) {
    if (!from.has(c)) {
      out += c;
      last = undefined;
      continue;
    }
    const r = to.length === 0 ? "" : from.negated ? to[to.length - 1] : to[Math.min(from.list.lastIndexOf(c), to.length - 1)];
    if (squeeze && r === last) continue;
    out += r;
    last = r;
  }
  return out;
}

export const deleteChars = (s: string, args: RValue[]): string => {
  const inSet = inAllSets(args);
  return chars(s).filter((c) => !inSet(c)).join("");
};

export const squeeze = (s: string, args: RValue[]): string => {
  const inSet = args.length ? inAllSets(args) : () => true;
  return chars(s).filter((c, i, all) => !(i > 0 && all[i - 1] === c && inSet(c))).join("");
};

/** `unicode_normalize(form)`: JavaScript's own tables (their Unicode version may be newer than Ruby's). */
export function normalize(s: string, args: RValue[]): string {
  arity(args, 0, 1);
  const form = args.length ? (args[0] as { name?: string })?.name : "nfc";
  if (form === undefined || !["nfc", "nfd", "nfkc", "nfkd"].includes(form)) {
    throw rubyError("ArgumentError", `Invalid normalization form ${args[0] === null ? "" : stringValue(args[0]) ?? (args[0] as { name?: string })?.name ?? inspect(args[0])}.`);
  }
  return s.normalize(form.toUpperCase());
}

// ---- justify, succ ---------------------------------------------------------------------------

export function justify(s: string, args: RValue[], side: "left" | "right" | "center"): string {
  arity(args, 1, 2);
  const width = toInt(args[0]);
  const padding = args.length > 1 ? toStr(args[1]) : " ";
  if (padding === "") throw rubyError("ArgumentError", "zero width padding");
  const total = width - length(s);
  if (total <= 0) return s;
  const pad = chars(padding);
  const fill = (n: number) => Array.from({ length: n }, (_v, i) => pad[i % pad.length]).join("");
  if (side === "left") return s + fill(total);
  if (side === "right") return fill(total) + s;
  const left = Math.floor(total / 2);
  return fill(left) + s + fill(total - left);
}

/**
 * String#succ (`str_succ`): the rightmost letter or digit goes up, carrying leftwards past
 * other characters (`"1.9.9"` → `"2.0.0"`), but not from a digit to a letter or back across
 * one (`"a-9"` → `"a-10"`); with no letter or digit, the last character goes up. Undefined
 * where it would step a non-ASCII character, which Ruby does by its own tables.
 */
export function succ(s: string): string | undefined {
  if (s === "") return "";
  const cs = chars(s);
  const kind = (c: string) => (/^[0-9]$/.test(c) ? "digit" : /^[a-zA-Z]$/.test(c) ? "alpha" : /^[\p{Alphabetic}\p{Nd}]$/u.test(c) ? "other-alnum" : undefined);
  let carryAt = -1;
  let carry = "";
  let lastAlnum: string | undefined;
  let previousWasOther = false;
  for (let i = cs.length - 1; i >= 0; i--) {
    const k = kind(cs[i]);
    if (k === "other-alnum") return undefined;
    if (previousWasOther && lastAlnum && k && k !== lastAlnum) break;
    if (!k) {
      previousWasOther = true;
      continue;
    }
    previousWasOther = false;
    const c = cs[i];
    if (c !== "z" && c !== "Z" && c !== "9") {
      cs[i] = String.fromCharCode(c.charCodeAt(0) + 1);
      return cs.join("");
    }
    cs[i] = c === "9" ? "0" : c === "z" ? "a" : "A";
    carry = c === "9" ? "1" : cs[i];
    carryAt = i;
    lastAlnum = k;
  }
  if (carryAt >= 0) {
    cs.splice(carryAt, 0, carry);
    return cs.join("");
  }
  // No letter or digit: the last character goes up (within ASCII).
  const last = cs.length - 1;
  if (cs[last].charCodeAt(0) >= 0x7f) return undefined;
  cs[last] = String.fromCharCode(cs[last].charCodeAt(0) + 1);
  return cs.join("");
}

/** `succ`, or an unknown value where Ruby would step a non-ASCII character. */
export function succOf(s: string): string {
  const next = succ(s);
  if (next === undefined) throw new UnknownValueError(new RUnknown(`${inspect(s)}.succ`, false, "the successor of a non-ASCII character, which Ruby steps by its own tables"));
  return next;
}

// ---- lenient number readings ---------------------------------------------------------------

const DIGITS = "0123456789abcdefghijklmnopqrstuvwxyz";

/** `to_i(base)`: leading blanks, a sign, the base's prefix, digits with single `_` between; else 0. */
export function leadingInteger(s: string, base = 10): number | bigint {
  if (base < 0 || base === 1 || base > 36) throw rubyError("ArgumentError", `invalid radix ${base}`);
  let rest = s.replace(/^[\t\n\v\f\r ]+/, "");
  let negative = false;
  if (rest[0] === "+" || rest[0] === "-") {
    negative = rest[0] === "-";
    rest = rest.slice(1);
  }
  let b = base;
  const prefix = /^0([xX]|[bB]|[oO]|[dD])?/.exec(rest);
  if (b === 0) {
    const p = prefix?.[1]?.toLowerCase();
    b = p === "x" ? 16 : p === "b" ? 2 : p === "o" ? 8 : p === "d" ? 10 : prefix ? 8 : 10;
    if (p) rest = rest.slice(2);
  } else if (prefix?.[1] && { x: 16, b: 2, o: 8, d: 10 }[prefix[1].toLowerCase() as "x"] === b) rest = rest.slice(2);
  const valid = DIGITS.slice(0, b);
  let n = 0n;
  let any = false;
  for (let i = 0; i < rest.length; i++) {
    const c = rest[i].toLowerCase();
    if (c === "_" && any && i + 1 < rest.length && valid.includes(rest[i + 1].toLowerCase())) continue;
    const d = valid.indexOf(c);
    if (d < 0 || c === "_") break;
    n = n * BigInt(b) + BigInt(d);
    any = true;
  }
  const value = negative ? -n : n;
  return value >= BigInt(Number.MIN_SAFE_INTEGER) && value <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(value) : value;
}

/** `to_f`: the longest leading decimal number (`_` between digits, an exponent with digits), else 0.0. */
export function leadingFloat(s: string): number {
  const m = /^[\t\n\v\f\r ]*([-+]?(?:\d+(?:_\d+)*)?(?:\.\d+(?:_\d+)*)?)(?:[eE][-+]?\d+(?:_\d+)*)?/.exec(s);
  if (!m || !/\d/.test(m[1])) return 0;
  const body = m[0].replace(/_/g, "").trim();
  return Number(body);
}

/** `dump`: `inspect` with every non-ASCII character escaped as `\u`. */
export function dump(s: string): string {
  return inspect(s).replace(/[^\x00-\x7f]/gu, (c) => {
    const cp = c.codePointAt(0)!;
    return cp > 0xffff ? `\\u{${cp.toString(16).toUpperCase()}}` : `\\u${cp.toString(16).toUpperCase().padStart(4, "0")}`;
  });
}
