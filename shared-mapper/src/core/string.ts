/**
 * Ruby's String (`string.c`), as routes files use it. Positions are characters (code points),
 * as Ruby's are. A method that changes its receiver needs an `RString` that is not frozen
 * (`stringMutation.ts`); a plain JS string is a frozen one (a literal under
 * `# frozen_string_literal: true`, a Hash key). Text work is `stringText.ts`, positions
 * `stringSlice.ts`, patterns `regexpString.ts`; ActiveSupport's extensions are
 * `activeSupport.ts` and `inflections.ts`.
 */
import { inspectString, noImplicitConversion, typeName } from "../ruby/print.js";
import { RConst, RFloat, RHash, RRegexp, RString, RValue, stringValue, sym } from "../ruby/values.js";
import { compareBytes, spaceship } from "./compare.js";
import { format } from "./format.js";
import { enumeratorOf, stringUpto } from "./iterate.js";
import { firstMatch, matchData, matches, matchIndex, partition, regexpOf, scan, split, substitute } from "./regexpString.js";
import { checked } from "./arity.js";
import { arity, checkFrozen, rubyError, str, toInt, toStr, type Result, type Runtime, type Methods } from "./runtime.js";
import { byteAt, byteslice, index, slice } from "./stringSlice.js";
import { STRING_MUTATION, lines } from "./stringMutation.js";
import {
  caseFold, caseOptions, capitalize, chars, chomp, chop, deleteChars, downcase, dump, inAllSets, justify, leadingFloat, leadingInteger,
  length, lstrip, normalize, rstrip, squeeze, strip, succOf, swapcase, text, tr, upcase,
} from "./stringText.js";

/** A method that makes a new String from the receiver's text; undefined from `fn` is "not modelled". */
const plain =
  (fn: (s: string, args: RValue[], rt: Runtime) => string | undefined) =>
  (rt: Runtime, self: RValue, args: RValue[]): Result => {
    const out = fn(text(self), args, rt);
    if (out === undefined) return undefined;
    rt.alloc(out.length);
    return str(out);
  };

/** A method that takes no arguments. */
const none =
  (fn: (s: string, rt: Runtime) => string | undefined) =>
  (s: string, args: RValue[], rt: Runtime): string | undefined => (arity(args, 0), fn(s, rt));

const encoder = new TextEncoder();
const bytesOf = (s: string) => encoder.encode(s);


/** `oct`: base 8 unless the text has a prefix (`0x`, `0b`, `0o`, `0d`). */
const oct = (s: string) => (/^[\t\n\v\f\r ]*[-+]?0[xXbBoOdD]/.test(s) ? leadingInteger(s, 0) : leadingInteger(s, 8));

/** Grapheme clusters, as Intl.Segmenter finds them (Unicode's rules, as Ruby's `\X`). */
function graphemes(s: string): string[] {
  const segmenter = new Intl.Segmenter(undefined, { granularity: "grapheme" });
  return [...segmenter.segment(s)].map((g) => g.segment);
}

/** Yields each of `items` to the block and returns the receiver, or an Enumerator without a block. */
function each(rt: Runtime, self: RValue, name: string, args: RValue[], block: Parameters<Runtime["yield"]>[0] | null, items: () => RValue[]): RValue {
  if (!block) return enumeratorOf(self, name, args);
  for (const item of items()) rt.yield(block, [item]);
  return self;
}

const TABLE: Methods<RValue> = {
  // Conversions.
  to_s: (_rt, self) => (self instanceof RString || typeof self === "string" ? self : str(text(self))),
  to_str: (_rt, self) => (self instanceof RString || typeof self === "string" ? self : str(text(self))),
  inspect: (_rt, self) => str(inspectString(text(self))),
  dump: (_rt, self) => str(dump(text(self))),
  to_sym: (_rt, self) => sym(text(self)),
  intern: (_rt, self) => sym(text(self)),
  to_i: (_rt, self, args) => {
    arity(args, 0, 1);
    return leadingInteger(text(self), args.length ? toInt(args[0]) : 10);
  },
  to_f: (_rt, self, args) => (arity(args, 0), new RFloat(leadingFloat(text(self)))),
  hex: (_rt, self, args) => (arity(args, 0), leadingInteger(text(self), 16)),
  oct: (_rt, self, args) => (arity(args, 0), oct(text(self))),
  ord: (_rt, self) => {
    const s = text(self);
    if (!s) throw rubyError("ArgumentError", "empty string");
    return s.codePointAt(0)!;
  },
  sum: (_rt, self, args) => {
    arity(args, 0, 1);
    const bits = args.length ? toInt(args[0]) : 16;
    const total = bytesOf(text(self)).reduce((n, b) => n + b, 0);
    return bits > 0 && bits < 53 ? total % 2 ** bits : total;
  },
  // Operators.
  "+": (rt, self, args) => {
    arity(args, 1);
    const other = stringValue(args[0]);
    if (other === undefined) throw rubyError("TypeError", noImplicitConversion(args[0], "String"));
    rt.alloc(text(self).length + other.length);
    return str(text(self) + other);
  },
  "*": (rt, self, args) => {
    arity(args, 1);
    const n = toInt(args[0]);
    if (n < 0) throw rubyError("ArgumentError", "negative argument");
    rt.alloc(text(self).length * n);
    return str(text(self).repeat(n));
  },
  "%": (rt, self, args) => (arity(args, 1), str(format(rt, text(self), Array.isArray(args[0]) ? args[0] : args))),
  "+@": (_rt, self) => (self instanceof RString && !self.frozen ? self : str(text(self))),
  "-@": (_rt, self) => text(self),
  dedup: (rt, self) => (rt.ruby.ruby32 ? text(self) : undefined), // Ruby 3.2
  // Comparison.
  "==": (_rt, self, args) => (arity(args, 1), stringValue(args[0]) === text(self)),
  "===": (_rt, self, args) => (arity(args, 1), stringValue(args[0]) === text(self)),
  "eql?": (_rt, self, args) => (arity(args, 1), stringValue(args[0]) === text(self)),
  "<=>": (rt, self, args) => (arity(args, 1), spaceship(rt, self, args[0] ?? null) ?? null),
  casecmp: (_rt, self, args) => {
    arity(args, 1);
    const other = stringValue(args[0]);
    const down = (s: string) => s.replace(/[A-Z]+/g, (m) => m.toLowerCase());
    return other === undefined ? null : compareBytes(down(text(self)), down(other));
  },
  "casecmp?": (_rt, self, args) => {
    arity(args, 1);
    const other = stringValue(args[0]);
    return other === undefined ? null : caseFold(text(self)) === caseFold(other);
  },
  // Size.
  length: (_rt, self) => length(text(self)),
  size: (_rt, self) => length(text(self)),
  bytesize: (_rt, self) => bytesOf(text(self)).length,
  "empty?": (_rt, self) => text(self).length === 0,
  // New Strings from the text.
  upcase: plain((s, args) => upcase(s, caseOptions(args, false))),
  downcase: plain((s, args) => downcase(s, caseOptions(args, true))),
  capitalize: plain((s, args) => capitalize(s, caseOptions(args, false))),
  swapcase: plain((s, args) => swapcase(s, caseOptions(args, false))),
  strip: plain(none(strip)),
  lstrip: plain(none(lstrip)),
  rstrip: plain(none(rstrip)),
  chomp: plain(chomp),
  chop: plain(none(chop)),
  chr: plain(none((s) => chars(s)[0] ?? "")),
  reverse: plain(none((s) => chars(s).reverse().join(""))),
  squeeze: plain(squeeze),
  delete: plain(deleteChars),
  tr: plain((s, args) => tr(s, args)),
  tr_s: plain((s, args) => tr(s, args, true)),
  delete_prefix: plain((s, args) => {
    arity(args, 1);
    const p = toStr(args[0]);
    return s.startsWith(p) ? s.slice(p.length) : s;
  }),
  delete_suffix: plain((s, args) => {
    arity(args, 1);
    const p = toStr(args[0]);
    return p && s.endsWith(p) ? s.slice(0, s.length - p.length) : s;
  }),
  center: plain((s, args) => justify(s, args, "center")),
  ljust: plain((s, args) => justify(s, args, "left")),
  rjust: plain((s, args) => justify(s, args, "right")),
  succ: plain(none(succOf)),
  next: plain(none(succOf)),
  unicode_normalize: plain(normalize),
  "unicode_normalized?": (_rt, self, args) => text(self) === normalize(text(self), args),
  scrub: plain((s) => s),
  count: (_rt, self, args) => chars(text(self)).filter(inAllSets(args)).length,
  // Searching.
  "start_with?": (rt, self, args) =>
    args.some((a) => {
      if (a instanceof RRegexp) {
        const m = firstMatch(rt, a, text(self), 0, true);
        if (m) matchData(rt, a, text(self));
        return m !== null;
      }
      return text(self).startsWith(toStr(a));
    }),
  "end_with?": (_rt, self, args) => args.some((a) => text(self).endsWith(toStr(a))),
  "include?": (_rt, self, args) => (arity(args, 1), text(self).includes(toStr(args[0]))),
  index: (rt, self, args) => index(rt, text(self), args, false),
  rindex: (rt, self, args) => index(rt, text(self), args, true),
  "[]": (rt, self, args) => slice(rt, text(self), args),
  slice: (rt, self, args) => slice(rt, text(self), args),
  byteslice: (_rt, self, args) => byteslice(text(self), args),
  getbyte: (_rt, self, args) => (arity(args, 1), byteAt(text(self), toInt(args[0]))),
  // Pieces.
  chars: (rt, self, args) => {
    arity(args, 0);
    const cs = chars(text(self));
    rt.alloc(cs.length);
    return cs.map(str);
  },
  bytes: (_rt, self) => [...bytesOf(text(self))],
  codepoints: (_rt, self) => chars(text(self)).map((c) => c.codePointAt(0)!),
  grapheme_clusters: (_rt, self) => graphemes(text(self)).map(str),
  lines: (_rt, self, args) => lines(text(self), args)?.map(str),
  each_char: (rt, self, args, block) => each(rt, self, "each_char", args, block, () => chars(text(self)).map(str)),
  each_byte: (rt, self, args, block) => each(rt, self, "each_byte", args, block, () => [...bytesOf(text(self))]),
  each_codepoint: (rt, self, args, block) => each(rt, self, "each_codepoint", args, block, () => chars(text(self)).map((c) => c.codePointAt(0)!)),
  each_grapheme_cluster: (rt, self, args, block) => each(rt, self, "each_grapheme_cluster", args, block, () => graphemes(text(self)).map(str)),
  each_line: (rt, self, args, block) => {
    if (!block) return enumeratorOf(self, "each_line", args);
    const found = lines(text(self), args);
    return found === undefined ? undefined : each(rt, self, "each_line", args, block, () => found.map(str));
  },
  upto: (rt, self, args, block) => {
    arity(args, 1, 2);
    if (!block) return enumeratorOf(self, "upto", args);
    stringUpto(rt, text(self), toStr(args[0]), args[1] !== undefined && args[1] !== null && args[1] !== false, (s) => rt.yield(block, [str(s)]));
    return self;
  },
  split: (rt, self, args, block) => {
    const parts = split(rt, text(self), args).map(str);
    if (!block) return parts;
    for (const p of parts) rt.yield(block, [p]);
    return self;
  },
  partition: (rt, self, args) => (arity(args, 1), partition(rt, text(self), args[0], false)),
  rpartition: (rt, self, args) => (arity(args, 1), partition(rt, text(self), args[0], true)),
  // Patterns.
  "=~": (rt, self, args) => {
    arity(args, 1);
    const other = args[0];
    if (other instanceof RRegexp) return matchIndex(rt, other, text(self));
    if (stringValue(other) !== undefined) throw rubyError("TypeError", "type mismatch: String given");
    return rt.send(other, "=~", [self], null);
  },
  match: (rt, self, args, block) => {
    if (!args.length) arity(args, 1, 2);
    const re = regexpOf(args[0]);
    arity(args, 1, 2);
    const m = matchData(rt, re, text(self), args[1]);
    return m && block ? rt.yield(block, [m]) : m;
  },
  "match?": (rt, self, args) => (arity(args, 1, 2), matches(rt, regexpOf(args[0]), text(self), args[1])),
  scan: (rt, self, args, block) => scan(rt, self, args, block),
  sub: (rt, self, args, block) => str(substitute(rt, text(self), args, block, false).text),
  gsub: (rt, self, args, block) => {
    if (args.length === 1 && !block) return enumeratorOf(self, "gsub", args);
    return str(substitute(rt, text(self), args, block, true).text);
  },
  // Identity and encoding.
  freeze: (rt, self) => {
    if (self instanceof RString && !self.frozen) {
      rt.changing(self);
      self.frozen = true;
    }
    return self;
  },
  "frozen?": (_rt, self) => !(self instanceof RString) || self.frozen,
  dup: (_rt, self) => str(text(self)),
  clone: (_rt, self, args) => {
    arity(args, 0, 1);
    const freeze = args[0] instanceof RHash ? args[0].sget("freeze") : undefined;
    if (freeze !== undefined && freeze !== null && typeof freeze !== "boolean") throw rubyError("ArgumentError", `unexpected value for freeze: ${typeName(freeze)}`);
    const frozen = freeze === undefined || freeze === null ? !(self instanceof RString) || self.frozen : freeze;
    return new RString(text(self), frozen);
  },
  "valid_encoding?": () => true,
  "ascii_only?": (_rt, self) => /^[\x00-\x7f]*$/.test(text(self)),
  encoding: () => undefined,
  // Every String here is UTF-8: encoding to UTF-8 copies it; to another encoding is not modelled.
  encode: (_rt, self, args) => {
    const target = args.filter((a) => !(a instanceof RHash));
    if (target.length > 2) throw rubyError("ArgumentError", `wrong number of arguments (given ${target.length}, expected 0..2)`);
    const name = target.length ? stringValue(target[0]) ?? (target[0] instanceof RConst ? target[0].path.replace(/^(::)?Encoding::/, "") : undefined) : "UTF-8";
    return name !== undefined && /^utf[-_]8$/i.test(name) && target.length < 2 ? str(text(self)) : undefined;
  },
  force_encoding: (rt, self, args) => {
    arity(args, 1);
    checkFrozen(rt, self);
    const name = stringValue(args[0]) ?? (args[0] instanceof RConst ? args[0].path.replace(/^(::)?Encoding::/, "") : undefined);
    return name !== undefined && /^utf[-_]8$/i.test(name) ? self : undefined;
  },
  b: () => undefined,
  unpack: () => undefined,
  unpack1: () => undefined,
  hash: () => undefined,
  ...STRING_MUTATION,
};

export const STRING: Methods<RValue> = checked(
  TABLE,
  {
    "0":
      "to_s to_str inspect dump to_sym intern to_f hex oct ord +@ -@ length size bytesize empty? strip lstrip rstrip chop chr reverse succ next " +
      "chars bytes codepoints grapheme_clusters each_char each_byte each_codepoint each_grapheme_cluster freeze frozen? dup clone " +
      "valid_encoding? ascii_only? encoding b hash clear strip! lstrip! rstrip! chop! reverse! succ! next!",
    "0..1": "to_i sum chomp unicode_normalize unicode_normalized? scrub lines chomp! unicode_normalize!",
    "1":
      "+ * % == === eql? <=> casecmp casecmp? delete_prefix delete_suffix include? getbyte partition rpartition =~ scan force_encoding unpack " +
      "unpack1 << replace delete_prefix! delete_suffix!",
    "2": "tr tr_s insert tr! tr_s!",
    "1..2": "center ljust rjust index rindex [] slice byteslice upto match? gsub slice! gsub!",
    "0..2": "split encode",
    "2..3": "[]=",
  },
  ["clone", "lines"],
);

/** `Regexp.escape` (kernel.ts's `Regexp` table) and the bounds of a Range over a sequence (array.ts). */
export { regexpEscape as escapeRegexp } from "../ruby/regexp/index.js";
export { rangeBounds } from "./stringSlice.js";
