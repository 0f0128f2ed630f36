/**
 * ActiveSupport's core extensions a booted Rails app has (activesupport 6.1): String's
 * (`core_ext/string/filters.rb`, `access.rb`, `indent.rb`, `strip.rb`, `inquiry.rb`,
 * `exclude.rb`, `starts_ends_with.rb`, `behavior.rb`; the inflections are `inflections.ts`)
 * and every object's (`core_ext/object/blank.rb`, `inclusion.rb`, `try.rb`, `to_query.rb`,
 * `acts_like.rb`, `deep_dup.rb`, `duplicable.rb`).
 */
import { inspect } from "../ruby/print.js";
import { compileRubyRegexp, gsub as engineGsub } from "../ruby/regexp/index.js";
import {
  RFloat, RHash, RInquirer, RRegexp, RString, RSymbol, RUnknown, RValue, UnknownValueError, blank, stringValue,
} from "../ruby/values.js";
import { cgiEscape } from "./cgi.js";
import { compareBytes } from "./compare.js";
import { checked } from "./arity.js";
import { INFLECTIONS } from "./inflections.js";
import { matchFailure } from "./regexpEngine.js";
import { substitute } from "./regexpString.js";
import { arity, checkFrozen, rubyError, str, toInt, toStr, type Methods, type Result, type Runtime } from "./runtime.js";
import { index, slice } from "./stringSlice.js";
import { mutate } from "./stringMutation.js";
import { length, strip, text } from "./stringText.js";

const option = (v: RValue | undefined, key: string): RValue | undefined => (v instanceof RHash ? v.sget(key) : undefined);

/** `gsub(/source/m?, replacement)` on the Ruby engine, for ActiveSupport's own patterns. */
function gsubRuby(rt: Runtime, source: string, s: string, replacement: string, flags = ""): { text: string; matched: boolean } {
  const compiled = compileRubyRegexp(source, flags);
  if (!compiled.ok) throw new Error(`internal: ${source}`);
  let matched = false;
  try {
    const out = engineGsub(compiled.regexp, s, () => ((matched = true), replacement), rt.regexpBudget);
    return { text: out, matched };
  } catch (e) {
    throw matchFailure(new RRegexp(source, flags), e);
  }
}

/** `squish`: runs of Unicode whitespace become one space, then Ruby's `strip`. */
const squish = (rt: Runtime, s: string) => strip(gsubRuby(rt, "[[:space:]]+", s, " ").text);

/** `truncate(at, omission: "...", separator: nil)`. */
function truncate(rt: Runtime, s: string, args: RValue[]): string {
  arity(args, 1, 2);
  const at = toInt(args[0]);
  if (length(s) <= at) return s;
  const omission = stringValue(option(args[1], "omission") ?? null) ?? "...";
  const room = at - length(omission);
  const separator = option(args[1], "separator");
  let stop = room;
  if (separator !== undefined && separator !== null && separator !== false) {
    const found = index(rt, s, [separator, room], true);
    if (typeof found === "number") stop = found;
  }
  const head = slice(rt, s, [0, stop]);
  return (head === null ? "" : text(head)) + omission;
}

/** `truncate_words(count, omission: "...", separator: /\s+/)`, by ActiveSupport's own pattern. */
function truncateWords(rt: Runtime, s: string, args: RValue[]): string {
  arity(args, 1, 2);
  const count = toInt(args[0]);
  const given = option(args[1], "separator");
  const sep = given instanceof RRegexp ? `(?${given.flags}-${"mix".replace(new RegExp(`[${given.flags || " "}]`, "g"), "")}:${given.source})` : given === undefined || given === null || given === false ? "(?-mix:\\s+)" : escapeText(rt, given);
  const re = new RRegexp(`\\A((?>.+?${sep}){${count - 1}}.+?)${sep}.*`, "m");
  const compiled = compileRubyRegexp(re.source, re.flags);
  if (!compiled.ok) {
    if (compiled.kind === "syntax") throw rubyError("RegexpError", compiled.message);
    throw new UnknownValueError(new RUnknown(inspect(re), false, `a regexp Routemap cannot run exactly (${compiled.reason})`));
  }
  let m;
  try {
    m = compiled.regexp.exec(s, 0, rt.regexpBudget);
  } catch (e) {
    throw matchFailure(re, e);
  }
  if (!m) return s;
  const omission = option(args[1], "omission");
  return m.group(1)! + (omission === undefined || omission === null || omission === false ? "..." : toStr(omission));
}

/** `Regexp.escape(sep.to_s)`. */
function escapeText(rt: Runtime, v: RValue): string {
  const s = rt.send(v, "to_s", [], null);
  if (s instanceof RUnknown) throw new UnknownValueError(s);
  return compileEscape(stringValue(s) ?? "");
}
const compileEscape = (s: string) => s.replace(/[\t\n\v\f\r .*?+^$|\\()[\]{}#-]/g, (c) => ({ "\t": "\\t", "\n": "\\n", "\v": "\\v", "\f": "\\f", "\r": "\\r", " ": "\\ " })[c] ?? "\\" + c);

/** `indent(amount, indent_string = nil, indent_empty_lines = false)`: the new text, and whether any line was indented. */
function indent(rt: Runtime, s: string, args: RValue[]): { text: string; matched: boolean } {
  arity(args, 1, 3);
  const amount = toInt(args[0]);
  const given = args.length > 1 && args[1] !== null && args[1] !== false ? toStr(args[1]) : undefined;
  const with_ = given ?? (/^[ \t]/m.exec(s)?.[0] ?? " ");
  if (amount < 0) throw rubyError("ArgumentError", "negative argument");
  const emptyToo = args.length > 2 && args[2] !== null && args[2] !== false;
  return gsubRuby(rt, emptyToo ? "^" : "^(?!$)", s, with_.repeat(amount));
}

/** `strip_heredoc`: the least indentation (by byte order, as `min` compares) taken off every line. */
function stripHeredoc(rt: Runtime, s: string): string {
  const margins = s.match(/^[ \t]*(?=\S)/gm) ?? [];
  const least = margins.reduce<string | undefined>((m, x) => (m === undefined || compareBytes(x, m) < 0 ? x : m), undefined) ?? "";
  return gsubRuby(rt, `^${least}`, s, "").text;
}

/** `truncate_bytes(at, omission: "…")`: whole grapheme clusters that fit. */
function truncateBytes(s: string, args: RValue[]): string {
  arity(args, 1, 2);
  const at = toInt(args[0]);
  const given = option(args[1], "omission");
  const omission = given === undefined ? "…" : given === null ? "" : toStr(given);
  const bytes = (t: string) => new TextEncoder().encode(t).length;
  if (bytes(s) <= at) return s;
  if (bytes(omission) > at) throw rubyError("ArgumentError", `Omission ${inspect(omission)} is ${bytes(omission)}, larger than the truncation length of ${at} bytes`);
  if (bytes(omission) === at) return omission;
  let cut = "";
  for (const { segment } of new Intl.Segmenter(undefined, { granularity: "grapheme" }).segment(s)) {
    if (bytes(cut) + bytes(segment) > at - bytes(omission)) break;
    cut += segment;
  }
  return cut + omission;
}

const made = (v: RValue | string): RValue => (typeof v === "string" ? str(v) : v);

/** ActiveSupport's String methods. */
const STRING_TABLE: Methods<RValue> = {
  ...INFLECTIONS,
  squish: (rt, self, args) => (arity(args, 0), str(squish(rt, text(self)))),
  "squish!": (rt, self, args) => {
    arity(args, 0);
    checkFrozen(rt, self);
    return mutate(rt, self, squish(rt, text(self)));
  },
  truncate: (rt, self, args) => str(truncate(rt, text(self), args)),
  truncate_words: (rt, self, args) => str(truncateWords(rt, text(self), args)),
  truncate_bytes: (_rt, self, args) => str(truncateBytes(text(self), args)),
  remove: (rt, self, args) => str(args.reduce<string>((s, p) => substitute(rt, s, [p, ""], null, true).text, text(self))),
  "remove!": (rt, self, args) => {
    checkFrozen(rt, self);
    return mutate(rt, self, args.reduce<string>((s, p) => substitute(rt, s, [p, ""], null, true).text, text(self)));
  },
  at: (rt, self, args) => (arity(args, 1), slice(rt, text(self), args)),
  from: (rt, self, args) => (arity(args, 1), slice(rt, text(self), [args[0], length(text(self))])),
  to: (rt, self, args) => {
    arity(args, 1);
    let at = toInt(args[0]);
    if (at < 0) at += length(text(self));
    return slice(rt, text(self), [0, at + 1]) ?? str("");
  },
  first: (rt, self, args) => {
    arity(args, 0, 1);
    const piece = slice(rt, text(self), [0, args.length ? args[0] : 1]);
    if (piece === null) throw rubyError("ArgumentError", "negative limit");
    return piece;
  },
  last: (rt, self, args) => {
    arity(args, 0, 1);
    const limit = args.length ? toInt(args[0]) : 1;
    const piece = slice(rt, text(self), [Math.max(length(text(self)) - limit, 0), limit]);
    if (piece === null) throw rubyError("ArgumentError", "negative limit");
    return piece;
  },
  "starts_with?": (rt, self, args) => rt.send(self, "start_with?", args, null),
  "ends_with?": (rt, self, args) => rt.send(self, "end_with?", args, null),
  "exclude?": (_rt, self, args) => (arity(args, 1), !text(self).includes(toStr(args[0]))),
  inquiry: (_rt, self, args) => (arity(args, 0), new RInquirer(text(self))),
  indent: (rt, self, args) => str(indent(rt, text(self), args).text),
  "indent!": (rt, self, args) => {
    checkFrozen(rt, self);
    const { text: out, matched } = indent(rt, text(self), args);
    return matched ? mutate(rt, self, out) : null;
  },
  strip_heredoc: (rt, self) => {
    const out = stripHeredoc(rt, text(self));
    return self instanceof RString && !self.frozen ? str(out) : out;
  },
  "acts_like_string?": () => true,
  "is_utf8?": () => true,
  to_param: (_rt, self) => self,
  html_safe: () => undefined,
  mb_chars: () => undefined,
  to_time: () => undefined,
  to_date: () => undefined,
  to_datetime: () => undefined,
};

const scalar = (v: RValue) => v === null || typeof v === "boolean" || typeof v === "number" || v instanceof RFloat || v instanceof RSymbol || stringValue(v) !== undefined;

/** ActiveSupport's methods on every object (`core_ext/object`). */
const OBJECT_TABLE: Methods<RValue> = {
  "blank?": (_rt, self) => blank(self),
  "present?": (_rt, self) => !blank(self),
  presence: (_rt, self) => (blank(self) ? null : self),
  "in?": (rt, self, args) => {
    arity(args, 1);
    if (args[0] instanceof RUnknown) throw new UnknownValueError(args[0]);
    const responds = rt.send(args[0], "respond_to?", [RSymbol.for("include?")], null);
    if (responds === false) throw rubyError("ArgumentError", "The parameter passed to #in? must respond to #include?");
    return rt.send(args[0], "include?", [self], null);
  },
  presence_in: (rt, self, args) => {
    const hit = rt.send(args[0] ?? null, "include?", [self], null);
    if (hit instanceof RUnknown) throw new UnknownValueError(hit);
    return hit === true ? self : null;
  },
  try: (rt, self, args, block) => {
    if (self === null) return null;
    if (!args.length) return block ? rt.yield(block, [self]) : self;
    const name = stringValue(args[0]) ?? (args[0] as { name?: string })?.name;
    if (typeof name !== "string") return undefined;
    const responds = rt.send(self, "respond_to?", [args[0]], null);
    if (responds instanceof RUnknown) throw new UnknownValueError(responds);
    return responds === true ? rt.send(self, name, args.slice(1), block) : null;
  },
  to_param: (rt, self) => (self === null || self === true || self === false ? self : rt.send(self, "to_s", [], null)),
  to_query: (rt, self, args): Result => {
    arity(args, 1);
    if (!scalar(self)) return undefined;
    const key = rt.send(rt.send(args[0], "to_param", [], null), "to_s", [], null);
    const value = rt.send(rt.send(self, "to_param", [], null), "to_s", [], null);
    if (key instanceof RUnknown) throw new UnknownValueError(key);
    if (value instanceof RUnknown) throw new UnknownValueError(value);
    return made(`${cgiEscape(stringValue(key) ?? "")}=${cgiEscape(stringValue(value) ?? "")}`);
  },
  deep_dup: (rt, self) => rt.send(self, "dup", [], null),
  "duplicable?": () => true,
  "acts_like?": (rt, self, args) => {
    arity(args, 1);
    const duck = args[0] instanceof RSymbol ? args[0].name : stringValue(args[0]);
    return duck !== undefined && rt.send(self, "respond_to?", [RSymbol.for(`acts_like_${duck}?`)], null);
  },
  "html_safe?": () => false,
};

export const STRING_AS: Methods<RValue> = checked(
  STRING_TABLE,
  {
    "0":
      "underscore dasherize humanize titleize titlecase tableize classify demodulize deconstantize parameterize upcase_first constantize " +
      "safe_constantize squish squish! inquiry strip_heredoc acts_like_string? is_utf8? to_param html_safe mb_chars to_date to_datetime",
    "0..1": "singularize camelize camelcase foreign_key first last to_time",
    "1": "truncate_bytes at from to exclude?",
    "1..2": "truncate truncate_words",
    "0..2": "pluralize",
    "1..3": "indent indent!",
  },
  ["humanize", "titleize", "titlecase", "parameterize", "truncate_bytes"],
);

/** `to_param` and `to_query` are left out: a Hash's and an Array's take a namespace. */
export const OBJECT_AS: Methods<RValue> = checked(OBJECT_TABLE, {
  "0": "blank? present? presence deep_dup duplicable? html_safe?",
  "1": "in? presence_in acts_like?",
});
