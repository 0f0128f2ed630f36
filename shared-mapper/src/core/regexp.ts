/**
 * Ruby's Regexp and MatchData (`re.c`): the class's own methods (`Regexp.new`, `escape`,
 * `union`, `last_match`), a regexp's, and a match's. Every match runs on Routemap's engine
 * (`regexpEngine.ts`); where it cannot run a pattern exactly the value is unknown, never a
 * guess. String's methods that take a regexp are `regexpString.ts`.
 */
import { inspect, noImplicitConversion, regexpToS } from "../ruby/print.js";
import { regexpEscape } from "../ruby/regexp/index.js";
import { RConst, RHash, RMatch, RRange, RRegexp, RString, RSymbol, RUnknown, RValue, UnknownValueError, stringValue } from "../ruby/values.js";
import { checked } from "./arity.js";
import { compiledOf, namesOf } from "./regexpEngine.js";
import { groupAt, groupText, matchData, matches, namedGroup, toMatch } from "./regexpString.js";
import { arity, rubyError, str, toInt, toStr, type Result, type Runtime, type Methods } from "./runtime.js";
import { rangeBounds } from "./stringSlice.js";
import { charIndex } from "./stringText.js";

/** What a regexp is matched against: a String or a Symbol's name; nil for nil; else Ruby's TypeError. */
function subject(v: RValue | undefined): string | undefined {
  if (v instanceof RSymbol) return v.name;
  if (v === null || v === undefined) return undefined;
  if (v instanceof RUnknown) throw new UnknownValueError(v);
  return toStr(v);
}

const OPTION_BITS: Record<string, number> = { i: 1, x: 2, m: 4 };

const REGEXP_TABLE: Methods<RRegexp> = {
  source: (_rt, self) => str(self.source),
  to_s: (_rt, self) => str(regexpToS(self)),
  inspect: (_rt, self) => str(inspect(self)),
  options: (_rt, self) => [...self.flags].reduce((n, f) => n | (OPTION_BITS[f] ?? 0), 0),
  "casefold?": (_rt, self) => self.flags.includes("i"),
  // ActiveSupport (core_ext/regexp.rb).
  "multiline?": (_rt, self) => self.flags.includes("m"),
  "==": (_rt, self, args) => args[0] instanceof RRegexp && args[0].source === self.source && sameFlags(args[0], self),
  "eql?": (_rt, self, args) => args[0] instanceof RRegexp && args[0].source === self.source && sameFlags(args[0], self),
  "=~": (rt, self, args) => {
    arity(args, 1);
    const s = subject(args[0]);
    if (s === undefined) {
      rt.setLastMatch?.(null);
      return null;
    }
    const m = matchData(rt, self, s);
    return m ? charIndex(s, m.offsets[0]) : null;
  },
  match: (rt, self, args, block) => {
    arity(args, 1, 2);
    const s = subject(args[0]);
    if (s === undefined) {
      rt.setLastMatch?.(null);
      return null;
    }
    const m = matchData(rt, self, s, args[1]);
    return m && block ? rt.yield(block, [m]) : m;
  },
  "match?": (rt, self, args) => {
    arity(args, 1, 2);
    const s = subject(args[0]);
    return s !== undefined && matches(rt, self, s, args[1]);
  },
  "===": (rt, self, args) => {
    arity(args, 1);
    const v = args[0];
    if (v instanceof RUnknown) throw new UnknownValueError(v);
    const s = v instanceof RSymbol ? v.name : stringValue(v);
    if (s === undefined) return false;
    return matchData(rt, self, s) !== null;
  },
  names: (_rt, self) => namesOf(self).map(str),
  named_captures: (_rt, self) => {
    const regexp = compiledOf(self);
    return new RHash(regexp.names.map((n) => [str(n), [...(regexp.groupsByName.get(n) ?? [])]] as [RValue, RValue]));
  },
  "fixed_encoding?": (_rt, self) => /[^\x00-\x7f]/.test(self.source),
  freeze: (_rt, self) => self,
  hash: () => undefined,
  encoding: () => undefined,
};

const sameFlags = (a: RRegexp, b: RRegexp) => [...a.flags].sort().join("") === [...b.flags].sort().join("");

/** `Regexp.new(source, options)`: options an Integer (1 i, 2 x, 4 m) or, in Ruby 3.1, any truthy value for `i`. */
function regexpNew(rt: Runtime, args: RValue[]): RRegexp {
  arity(args, 1, 3);
  const [source, options] = args;
  if (source instanceof RRegexp) return new RRegexp(source.source, source.flags);
  if (source instanceof RUnknown) throw new UnknownValueError(source);
  const text = stringValue(source);
  if (text === undefined) throw rubyError("TypeError", noImplicitConversion(source, "String"));
  if (args.length > 2) throw new UnknownValueError(new RUnknown(`Regexp.new(${inspect(text)}, …)`, false, "a regexp's encoding option, which Routemap does not model"));
  let flags = "";
  if (typeof options === "number") flags = (options & 4 ? "m" : "") + (options & 1 ? "i" : "") + (options & 2 ? "x" : "");
  else if (stringValue(options) !== undefined && rt.ruby.ruby32) flags = stringOptions(stringValue(options)!);
  else if (options !== undefined && options !== null && options !== false) flags = "i";
  const re = new RRegexp(text, flags);
  compiledOf(re); // Ruby's RegexpError now, not at the first match
  return re;
}

/** Ruby 3.2's `Regexp.new("a", "mi")`. */
function stringOptions(s: string): string {
  for (const c of s) if (!"mix".includes(c)) throw rubyError("ArgumentError", `unknown regexp option: ${s}`);
  return ["m", "i", "x"].filter((f) => s.includes(f)).join("");
}

/** `Regexp.union(…)`: Strings escaped, Regexps embedded as `to_s` writes them; one Regexp alone is itself. */
function regexpUnion(rt: Runtime, args: RValue[]): RRegexp {
  const parts = args.length === 1 && Array.isArray(args[0]) ? args[0] : args;
  if (parts.length === 0) return new RRegexp("(?!)");
  if (parts.length === 1 && parts[0] instanceof RRegexp) return parts[0];
  const sources = parts.map((p) => {
    if (p instanceof RRegexp) return parts.length === 1 ? p.source : regexpToS(p);
    if (p instanceof RUnknown) throw new UnknownValueError(p);
    const s = stringValue(p);
    if (s === undefined) throw rubyError("TypeError", noImplicitConversion(p, "String"));
    return regexpEscape(s);
  });
  rt.charge(parts.length);
  return new RRegexp(sources.join("|"));
}

function escape(args: RValue[]): RString {
  arity(args, 1);
  const v = args[0];
  if (v instanceof RSymbol) return str(regexpEscape(v.name));
  if (v instanceof RUnknown) throw new UnknownValueError(v);
  return str(regexpEscape(toStr(v)));
}

/** The frame's `$~` where the evaluator keeps it; unknown where it does not. */
function lastMatch(rt: Runtime): RMatch | null {
  const m = rt.lastMatch?.();
  if (m === undefined) throw new UnknownValueError(new RUnknown("Regexp.last_match", false, "the last match ($~), which this evaluator does not keep"));
  return m;
}

/** Class methods of Regexp. */
const CLASS_TABLE: Methods<RConst> = {
  new: (rt, _c, args) => regexpNew(rt, args),
  compile: (rt, _c, args) => regexpNew(rt, args),
  escape: (_rt, _c, args) => escape(args),
  quote: (_rt, _c, args) => escape(args),
  union: (rt, _c, args) => regexpUnion(rt, args),
  try_convert: (_rt, _c, args) => (arity(args, 1), args[0] instanceof RRegexp ? args[0] : null),
  last_match: (rt, _c, args) => {
    arity(args, 0, 1);
    const m = lastMatch(rt);
    if (!args.length || m === null) return m;
    return groupText(m, args[0]);
  },
};

// ---- MatchData ------------------------------------------------------------------------------

const groups = (m: RMatch) => m.offsets.length / 2;
const all = (m: RMatch) => Array.from({ length: groups(m) }, (_v, i) => groupAt(m, i));

/** The group a `begin`/`end`/`offset` argument names: a number in range, or a name. */
function groupIndex(m: RMatch, key: RValue | undefined): number {
  const name = key instanceof RSymbol ? key.name : stringValue(key);
  if (name !== undefined) return namedGroup(m, name);
  const i = toInt(key);
  if (i < 0 || i >= groups(m)) throw rubyError("IndexError", `index ${i} out of matches`);
  return i;
}

function position(m: RMatch, args: RValue[], end: 0 | 1): Result {
  arity(args, 1);
  const at = m.offsets[2 * groupIndex(m, args[0]) + end];
  return at < 0 ? null : charIndex(m.input, at);
}

const MATCH_TABLE: Methods<RMatch> = {
  "[]": (rt, self, args) => {
    arity(args, 1, 2);
    if (args.length === 2 || args[0] instanceof RRange) return rt.send(all(self), "[]", args, null);
    return groupText(self, args[0]);
  },
  to_a: (_rt, self) => all(self),
  captures: (_rt, self) => all(self).slice(1),
  named_captures: (_rt, self, args) => {
    arity(args, 0);
    const names = [...new Set(self.names.filter(Boolean))];
    return new RHash(names.map((n) => [str(n), groupAt(self, namedGroup(self, n))] as [RValue, RValue]));
  },
  names: (_rt, self) => [...new Set(self.names.filter(Boolean))].map(str),
  pre_match: (_rt, self) => str(self.input.slice(0, self.offsets[0])),
  post_match: (_rt, self) => str(self.input.slice(self.offsets[1])),
  to_s: (_rt, self) => groupAt(self, 0),
  inspect: (_rt, self) => str(inspect(self)),
  begin: (_rt, self, args) => position(self, args, 0),
  end: (_rt, self, args) => position(self, args, 1),
  offset: (_rt, self, args) => [position(self, args, 0) ?? null, position(self, args, 1) ?? null],
  size: (_rt, self) => groups(self),
  length: (_rt, self) => groups(self),
  string: (_rt, self) => self.input,
  regexp: (_rt, self) => self.regexp,
  values_at: (_rt, self, args) => {
    const groups = all(self);
    return args.flatMap((a) => {
      if (a instanceof RRange) {
        const r = rangeBounds(a, groups.length);
        return r ? Array.from({ length: Math.max(r[1], 0) }, (_v, i) => groups[r[0] + i] ?? null) : [];
      }
      const i = toInt(a);
      return [groups[i < 0 ? i + groups.length : i] ?? null];
    });
  },
  "frozen?": () => false,
  "==": (_rt, self, args) => {
    const o = args[0];
    return o instanceof RMatch && o.input === self.input && o.regexp.source === self.regexp.source && o.offsets.join() === self.offsets.join();
  },
};

export const REGEXP: Methods<RRegexp> = checked(REGEXP_TABLE, {
  "0": "source to_s inspect options casefold? multiline? names named_captures fixed_encoding? freeze hash encoding",
  "1": "== eql? =~ ===",
  "1..2": "match match?",
});

export const REGEXP_CLASS: Methods<RConst> = checked(CLASS_TABLE, {
  "1..3": "new compile",
  "1": "escape quote try_convert",
  "0..1": "last_match",
});

export const MATCH_DATA: Methods<RMatch> = checked(MATCH_TABLE, {
  "1..2": "[]",
  "0": "to_a captures named_captures names pre_match post_match to_s inspect size length string regexp frozen?",
  "1": "begin end offset ==",
});

export { toMatch };
