/**
 * ActiveSupport's inflections as String methods (activesupport 6.1,
 * `core_ext/string/inflections.rb` over `inflector/methods.rb` and `transliterate.rb`), with
 * the app's own rules (`inflector.ts`'s active set). The rules of `camelize`, `underscore`,
 * `humanize` and `titleize` run on the Ruby regexp engine, as ActiveSupport's regexps read
 * (`^` at every line, `\b` between Unicode word characters); `pluralize` and `singularize`
 * are the mapper's own (`inflector.ts`). What depends on I18n's tables and locale (non-ASCII
 * `parameterize`, other locales' rules) is unknown, never guessed.
 */
import { activeInflections, pluralize as pluralizeWord, singularize as singularizeWord } from "../inflector.js";
import { inspect } from "../ruby/print.js";
import { compileRubyRegexp, expandReplacement, gsub, sub, regexpEscape, type RubyMatch } from "../ruby/regexp/index.js";
import { RConst, RHash, RRegexp, RSymbol, RUnknown, RValue, UnknownValueError, isValueConstant, numberValue } from "../ruby/values.js";
import { hasMultiFold } from "../ruby/regexp/caseFold.js";
import { matchFailure } from "./regexpEngine.js";
import { arity, rubyError, str, toStr, type Methods, type Runtime } from "./runtime.js";
import { capitalize as rubyCapitalize, downcase, text } from "./stringText.js";

const NO_CASE = { ascii: false, turkic: false, fold: false };
const down = (s: string) => downcase(s, NO_CASE);

/** `input.sub(/source/)` or `gsub`, with a block, on the Ruby engine. */
function replace(rt: Runtime, source: string, input: string, fn: (m: RubyMatch) => string, global = true): string {
  const compiled = compileRubyRegexp(source);
  if (!compiled.ok) throw new Error(`internal: ${source}`);
  try {
    return global ? gsub(compiled.regexp, input, fn, rt.regexpBudget) : sub(compiled.regexp, input, fn, rt.regexpBudget);
  } catch (e) {
    throw matchFailure(new RRegexp(source), e);
  }
}

/**
 * ActiveSupport's `[a-z\d]` under /i, written out: Onigmo's case folding adds `ſ` and the Kelvin
 * sign, and nothing else (asked of Ruby), so text with `ß` needs no /i the engine declines.
 */
const LETTERS_I = "[a-zA-Z\\d\\u017F\\u212A]";

/** `@acronym_regex`'s source, as interpolated into the other patterns. */
function acronymRegex(): string {
  const acronyms = [...activeInflections().acronyms.values()];
  return `(?-mix:${acronyms.length ? acronyms.join("|") : "(?=a)b"})`;
}
const acronym = (word: string) => activeInflections().acronyms.get(word);

/** `ActiveSupport::Inflector.camelize`. */
export function camelize(rt: Runtime, term: string, upper: boolean): string {
  let s = upper
    ? replace(rt, "^[a-z\\d]*", term, (m) => acronym(m.group(0)!) ?? rubyCapitalize(m.group(0)!, NO_CASE), false)
    : replace(rt, `^(?:${acronymRegex()}(?=\\b|[A-Z_])|\\w)`, term, (m) => down(m.group(0)!), false);
  s = replace(rt, `(?:_|(\\/))(${LETTERS_I}*)`, s, (m) => (m.group(1) ?? "") + (acronym(m.group(2)!) ?? rubyCapitalize(m.group(2)!, NO_CASE)));
  return s.split("/").join("::");
}

/** `ActiveSupport::Inflector.underscore`. */
export function underscore(rt: Runtime, word: string): string {
  if (!/[A-Z-]|::/.test(word)) return word;
  let s = word.split("::").join("/");
  s = replace(rt, `(?:(?<=([A-Za-z\\d]))|\\b)(${acronymRegex()})(?=\\b|[^a-z])`, s, (m) => (m.group(1) !== undefined ? "_" : "") + down(m.group(2)!));
  s = replace(rt, "([A-Z])(?=[A-Z][a-z])|([a-z\\d])(?=[A-Z])", s, (m) => (m.group(1) ?? m.group(2)!) + "_");
  return down(s.replace(/-/g, "_"));
}

/** `ActiveSupport::Inflector.humanize`, after the app's own `human` rules; unknown after one Routemap could not read. */
export function humanize(rt: Runtime, word: string, capitalize = true, keepIdSuffix = false): string {
  let s = humanRules(rt, word).replace(/^_+/, "");
  if (!keepIdSuffix && s.endsWith("_id")) s = s.slice(0, -3);
  s = s.replace(/_/g, " ");
  s = replace(rt, `${LETTERS_I}*`, s, (m) => acronym(down(m.group(0)!)) ?? down(m.group(0)!));
  return capitalize ? replace(rt, "\\A\\w", s, (m) => m.group(0)!.toUpperCase(), false) : s;
}

/** The app's `human` rules: the first that matches replaces its match (`sub!`). */
function humanRules(rt: Runtime, word: string): string {
  const rules = activeInflections().humans;
  if (rules === undefined) throw new UnknownValueError(new RUnknown(`${inspect(word)}.humanize`, false, "the app's `human` inflection rules, one of which Routemap could not read"));
  for (const rule of rules) {
    const compiled = compileRubyRegexp(rule.source, rule.flags);
    if (!compiled.ok) throw new UnknownValueError(new RUnknown(`/${rule.source}/${rule.flags}`, false, "an app's `human` rule the regexp engine cannot run"));
    let matched = false;
    let out: string;
    try {
      out = sub(compiled.regexp, word, (m) => ((matched = true), expandReplacement(rule.replacement, m)), rt.regexpBudget);
    } catch (e) {
      throw matchFailure(new RRegexp(rule.source, rule.flags), e);
    }
    if (matched) return out;
  }
  return word;
}

/** `ActiveSupport::Inflector.titleize`. */
export function titleize(rt: Runtime, word: string, keepIdSuffix = false): string {
  const human = humanize(rt, underscore(rt, word), true, keepIdSuffix);
  return replace(rt, "\\b(?<!\\w['’`()])[a-z]", human, (m) => m.group(0)!.toUpperCase());
}

export const demodulize = (path: string): string => {
  const i = path.lastIndexOf("::");
  return i < 0 ? path : path.slice(i + 2);
};
export const deconstantize = (path: string): string => path.slice(0, Math.max(0, path.lastIndexOf("::")));

/**
 * `pluralize`/`singularize` by the mapper's inflector (JavaScript regexps); unknown for text
 * over lines, where Ruby's `$` ends each line, and for characters Onigmo's /i folds otherwise.
 */
function inflect(word: string, fn: (w: string) => string): string {
  if (word.includes("\n")) throw new UnknownValueError(new RUnknown(inspect(word), false, "text over several lines, where the inflection rules' `$` ends each line"));
  if (/[^\x00-\x7f]/.test(word) && [...word].some((c) => FOLDS_TO_ASCII.test(c) || hasMultiFold(c.codePointAt(0)!))) {
    throw new UnknownValueError(new RUnknown(inspect(word), false, "a character the rules' /i folds as Onigmo does (`ß` as `ss`, `ſ` as `s`), which Routemap's rules do not"));
  }
  return fn(word);
}
/** Characters Onigmo's /i folds to ASCII letters (`ſ` to `s`, the Kelvin sign to `k`). */
const FOLDS_TO_ASCII = /^[\u017F\u212A]$/;

/** `parameterize`: undefined for non-ASCII text, which I18n transliterates by the app's locale and tables. */
export function parameterize(rt: Runtime, word: string, separator: string, preserveCase: boolean): string {
  if (/[^\x00-\x7f]/.test(word)) {
    throw new UnknownValueError(new RUnknown(inspect(word), false, "text whose non-ASCII letters I18n transliterates by the app's locale"));
  }
  let s = word.replace(/[^a-z0-9\-_]+/gi, () => separator);
  if (separator) {
    const sep = separator === "-" ? "-" : regexpEscape(separator);
    s = replace(rt, `${sep}{2,}`, s, () => separator);
    s = replace(rt, `(?i:^${sep}|${sep}$)`, s, () => "");
  }
  return preserveCase ? s : s.toLowerCase();
}

const option = (args: RValue[], key: string): RValue | undefined => {
  const last = args[args.length - 1];
  return last instanceof RHash ? last.sget(key) : undefined;
};

/** Keyword options only (`humanize(capitalize: false)`): Ruby's errors for others. */
function keywords(args: RValue[], allowed: string[]): void {
  const positional = args.filter((a) => !(a instanceof RHash));
  if (positional.length) throw rubyError("ArgumentError", `wrong number of arguments (given ${positional.length}, expected 0)`);
  const h = args.find((a) => a instanceof RHash) as RHash | undefined;
  const unknown = h?.keys().filter((k) => !(k instanceof RSymbol && allowed.includes(k.name))) ?? [];
  if (unknown.length) throw rubyError("ArgumentError", `unknown keyword${unknown.length > 1 ? "s" : ""}: ${unknown.map((k) => inspect(k)).join(", ")}`);
}

/** The locale argument: English, or unknown (another locale's rules are the app's I18n). */
function english(locale: RValue | undefined): void {
  if (locale === undefined || (locale instanceof RSymbol && locale.name === "en")) return;
  throw new UnknownValueError(new RUnknown(`inflections(${inspect(locale)})`, false, "another locale's inflection rules, which Routemap does not read"));
}


export const INFLECTIONS: Methods<RValue> = {
  pluralize: (_rt, self, args) => {
    arity(args, 0, 2);
    const [count, locale] = args;
    english(count instanceof RSymbol ? count : locale);
    if (numberValue(count) === 1) return str(text(self));
    return str(inflect(text(self), pluralizeWord));
  },
  singularize: (_rt, self, args) => {
    arity(args, 0, 1);
    english(args[0]);
    return str(inflect(text(self), singularizeWord));
  },
  camelize: (rt, self, args) => {
    arity(args, 0, 1);
    const first = args.length ? args[0] : RSymbol.for("upper");
    if (!(first instanceof RSymbol) || (first.name !== "upper" && first.name !== "lower")) {
      throw rubyError("ArgumentError", "Invalid option, use either :upper or :lower.");
    }
    return str(camelize(rt, text(self), first.name === "upper"));
  },
  camelcase: (rt, self, args) => INFLECTIONS.camelize(rt, self, args, null),
  underscore: (rt, self, args) => (arity(args, 0), str(underscore(rt, text(self)))),
  dasherize: (_rt, self, args) => (arity(args, 0), str(text(self).replace(/_/g, "-"))),
  humanize: (rt, self, args) => {
    keywords(args, ["capitalize", "keep_id_suffix"]);
    const capitalize = option(args, "capitalize");
    return str(humanize(rt, text(self), capitalize === undefined || (capitalize !== null && capitalize !== false), truthyOption(args, "keep_id_suffix")));
  },
  titleize: (rt, self, args) => (keywords(args, ["keep_id_suffix"]), str(titleize(rt, text(self), truthyOption(args, "keep_id_suffix")))),
  titlecase: (rt, self, args) => INFLECTIONS.titleize(rt, self, args, null),
  tableize: (rt, self, args) => (arity(args, 0), str(inflect(underscore(rt, text(self)), pluralizeWord))),
  classify: (rt, self, args) => {
    arity(args, 0);
    return str(camelize(rt, inflect(text(self).replace(/.*\./, ""), singularizeWord), true));
  },
  demodulize: (_rt, self, args) => (arity(args, 0), str(demodulize(text(self)))),
  deconstantize: (_rt, self, args) => (arity(args, 0), str(deconstantize(text(self)))),
  foreign_key: (rt, self, args) => {
    arity(args, 0, 1);
    const separate = args.length === 0 || (args[0] !== null && args[0] !== false);
    return str(underscore(rt, demodulize(text(self))) + (separate ? "_id" : "id"));
  },
  parameterize: (rt, self, args) => {
    keywords(args, ["separator", "preserve_case", "locale"]);
    const sep = option(args, "separator");
    const locale = option(args, "locale");
    if (locale !== undefined && locale !== null) english(locale);
    return str(parameterize(rt, text(self), sep === undefined ? "-" : toStr(sep), truthyOption(args, "preserve_case")));
  },
  upcase_first: (_rt, self, args) => {
    arity(args, 0);
    const [first, ...rest] = [...text(self)];
    return str(first === undefined ? "" : first.toUpperCase() + rest.join(""));
  },
  // The constant the name spells, as if written (`"Gear::Engine".constantize` is `Gear::Engine`):
  // what it holds is then known as the written constant's is. A name that is no constant path is
  // not modelled (Ruby's NameError message depends on the name); `safe_constantize`'s nil for a
  // missing constant cannot be told apart here.
  constantize: (_rt, self, args) => {
    arity(args, 0);
    const name = text(self);
    // A constant in capitals is a value (`"Math::PI"`), which only its definition gives.
    return /^(::)?[A-Z]\w*(::[A-Z]\w*)*$/.test(name) && !isValueConstant(name) ? new RConst(name.replace(/^::/, "")) : undefined;
  },
  safe_constantize: () => undefined,
};

const truthyOption = (args: RValue[], key: string) => {
  const v = option(args, key);
  return v !== undefined && v !== null && v !== false;
};
