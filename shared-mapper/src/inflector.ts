/**
 * ActiveSupport's default English inflections (activesupport/lib/active_support/inflections.rb)
 * and the Inflector methods the mapper calls: pluralize, singularize, underscore, camelize; an
 * app's own rules (`Inflections`, read by app/inflectionRules.ts) apply while its routes are mapped.
 *
 * Rules are tried newest first, the first that matches wins, exactly as
 * `ActiveSupport::Inflector#apply_inflections` does; `\1` becomes `$1`.
 */

import { ENGLISH_ENDINGS } from "./englishEndings.js";
import { literalEndings } from "./regexpEndings.js";
import { RegexpBudgetExceeded, RegexpUndecided, sub, type RubyRegexp } from "./ruby/regexp/index.js";
import { RUnknown, UnknownValueError } from "./ruby/values.js";
import { escapeRegExp } from "./regexpEscape.js";

/**
 * A rule an app's initializer writes as a regexp: JavaScript's reading of it for the endings
 * every match has (`literalEndings`), and Ruby's engine (ruby/regexp) with a step budget to run
 * it, as ActiveSupport runs it in Ruby. V8's backtracking took 54 s for `/^(a|aa)*c$/i` on a
 * name of 42 letters.
 */
export interface RubyRule {
  /** Absent where JavaScript cannot read the pattern (named groups, …): the rule then has no known endings and always runs. */
  js?: RegExp;
  ruby: RubyRegexp;
}

/** The stand-in JavaScript regexp of a Ruby rule JavaScript cannot read: never run (the Ruby rule is), no endings. */
const RUBY_ONLY = /(?:)/;
/** Steps one rule may take on one word: far above what a real rule takes on a name. */
const RULE_STEPS = 200_000;

/**
 * A rule, its replacement, the endings every match has (`literalEndings`) if known, and for
 * a rule that is one literal ending and a replacement without groups (`/s$/i` → ""), the
 * ending's length: the word's end is then replaced without running the regexp. Last, the
 * endings in lower case, which `candidates` compares with words' lower-cased ends.
 */
type Rule = [RegExp, string, string[] | undefined, number | undefined, string[] | undefined, { ruby: RubyRegexp; replacement: string } | undefined];

function makeRule(rule: RegExp | RubyRule, replacement: string): Rule {
  const regexp = rule instanceof RegExp ? rule : rule.js ?? RUBY_ONLY;
  const literal = /^[a-z]+\$$/i.test(regexp.source) && !/[\\$]/.test(replacement) ? regexp.source.length - 1 : undefined;
  const endings = regexp === RUBY_ONLY ? undefined : endingsOf(regexp);
  const ruby = rule instanceof RegExp ? undefined : { ruby: rule.ruby, replacement };
  return [regexp, replacement.replace(/\\(\d)/g, "$$$1"), endings, literal, endings?.map((e) => e.toLowerCase()), ruby];
}

/** `literalEndings`, written out for English's rules (`ENGLISH_ENDINGS`), read from the source for others. */
function endingsOf(regexp: RegExp): string[] | undefined {
  const known = ENGLISH_ENDINGS.get(`/${regexp.source}/${regexp.flags}`);
  if (known === undefined) return literalEndings(regexp);
  return known === null ? undefined : (known as string[]);
}

/** An app's rule run on a word as Ruby runs it: its `sub`, or undefined when it does not match; unknown when it does not finish. */
function rubySub(rule: { ruby: RubyRegexp; replacement: string }, word: string): string | undefined {
  try {
    const budget = { remaining: RULE_STEPS };
    if (!rule.ruby.test(word, 0, budget)) return undefined;
    return sub(rule.ruby, word, rule.replacement, budget);
  } catch (e) {
    if (!(e instanceof RegexpBudgetExceeded || e instanceof RegexpUndecided)) throw e;
    const why = `the app's inflection rule /${rule.ruby.source}/ did not finish on "${word.length > 40 ? word.slice(0, 40) + "…" : word}" within Routemap's budget`;
    throw new UnknownValueError(new RUnknown(`the inflection of "${word.slice(0, 40)}"`, false, why));
  }
}

/** What a word's last three letters leave to try: the uncountable words and the rules, in order. */
interface Candidates {
  uncountables: string[];
  rules: Rule[];
}

/** Rules, newest first, and for each three-letter ending the ones that could match a word ending so. */
class RuleBook {
  private readonly byEnding = new Map<number | string, Candidates>();

  constructor(
    private readonly uncountables: ReadonlySet<string>,
    private readonly rules: Rule[] = [],
  ) {}

  /** The same rules, over another set's uncountable words, for rules of an app's own to be added to. */
  copy(uncountables: ReadonlySet<string>): RuleBook {
    return new RuleBook(uncountables, [...this.rules]);
  }

  add(rule: Rule): void {
    this.rules.unshift(rule);
    this.clear();
  }

  /** The rules' regexps, newest first (for the test of `ENGLISH_ENDINGS`). */
  regexps(): RegExp[] {
    return this.rules.map((r) => r[0]);
  }

  clear(): void {
    this.byEnding.clear();
  }

  /**
   * What could match a word ending as `lower` does in its last three letters: the rules
   * without known endings, and those with an ending that agrees with the letters (compared
   * without case; `endsWithOne` then compares exactly). Names end in `s` as nearly every
   * singular rule does, and in `es` as a dozen do, so fewer letters rule out too little.
   */
  candidates(lower: string): Candidates {
    const key = endingKey(lower);
    let found = this.byEnding.get(key);
    if (found === undefined) {
      const last = lower.slice(-3);
      found = {
        uncountables: [...this.uncountables].filter((w) => agrees(w, last)),
        rules: this.rules.filter((rule) => rule[4] === undefined || rule[4].some((e) => agrees(e, last))),
      };
      // Three letters make a few thousand keys in practice; past that, lists are made each time.
      if (this.byEnding.size < 10000) this.byEnding.set(key, found);
    }
    return found;
  }
}

/**
 * A word's last three letters (fewer in a shorter word) as a number: hashing a small
 * integer is cheaper than slicing and hashing a string, and it is asked for every name.
 * Letters outside 1–255 fall back to the string.
 */
function endingKey(lower: string): number | string {
  const n = lower.length;
  let key = 0;
  for (let i = Math.max(0, n - 3); i < n; i++) {
    const c = lower.charCodeAt(i);
    if (c === 0 || c > 255) return lower.slice(-3);
    key = (key << 8) | c;
  }
  return key;
}

/** Whether a word ending in `key` may end with `ending`. */
const agrees = (ending: string, key: string) => (ending.length >= key.length ? ending.endsWith(key) : key.endsWith(ending));

/**
 * A set of inflections (`ActiveSupport::Inflector::Inflections`): English's, and an app's own
 * rules added to a copy of them (`inflections.rb`). Each method mirrors its Rails namesake.
 */
export class Inflections {
  readonly uncountables: Set<string>;
  readonly plurals: RuleBook;
  readonly singulars: RuleBook;
  /** `acronym`: by lower case, as written (`api` → `API`). */
  readonly acronyms = new Map<string, string>();
  /**
   * `human` rules, newest first, which only `humanize` reads: a Ruby regexp's source and options
   * (a String rule escaped), tried as `sub!` tries them; undefined once one could not be read.
   */
  humans: { source: string; flags: string; replacement: string }[] | undefined = [];

  constructor(from?: Inflections) {
    this.uncountables = new Set(from?.uncountables);
    this.plurals = from ? from.plurals.copy(this.uncountables) : new RuleBook(this.uncountables);
    this.singulars = from ? from.singulars.copy(this.uncountables) : new RuleBook(this.uncountables);
    for (const [lower, word] of from?.acronyms ?? []) this.acronyms.set(lower, word);
    this.humans = from ? from.humans && [...from.humans] : [];
  }

  /** A string rule is replaced wherever it first occurs, as `String#sub!` does with a string. */
  plural(rule: RegExp | RubyRule | string, replacement: string): void {
    if (typeof rule === "string") this.uncountables.delete(rule);
    this.uncountables.delete(replacement);
    this.plurals.add(makeRule(asRegExp(rule), replacement));
    this.singulars.clear();
  }

  singular(rule: RegExp | RubyRule | string, replacement: string): void {
    if (typeof rule === "string") this.uncountables.delete(rule);
    this.uncountables.delete(replacement);
    this.singulars.add(makeRule(asRegExp(rule), replacement));
    this.plurals.clear();
  }

  /** Mirrors `Inflections#irregular`, including its unanchored regexps (`salesperson` → `salespeople`). */
  irregular(one: string, many: string): void {
    this.uncountables.delete(one);
    this.uncountables.delete(many);
    // Rails interpolates the words unescaped; they are taken as text here (app/inflectionRules.ts
    // does not hand over a word that a regexp would read as a pattern, and says so).
    const [s0, srest, p0, prest] = [one[0], one.slice(1), many[0], many.slice(1)];
    const [es0, esrest, ep0, eprest] = [s0, srest, p0, prest].map(escapeRegExp);
    if (s0.toUpperCase() === p0.toUpperCase()) {
      this.plural(new RegExp(`(${es0})${esrest}$`, "i"), "\\1" + prest);
      this.plural(new RegExp(`(${ep0})${eprest}$`, "i"), "\\1" + prest);
      this.singular(new RegExp(`(${es0})${esrest}$`, "i"), "\\1" + srest);
      this.singular(new RegExp(`(${ep0})${eprest}$`, "i"), "\\1" + srest);
    } else {
      // `(?i)` after the first letter: the first letter's case is kept, the rest is case-insensitive.
      const ci = (s: string) => [...s].map((c) => (c.toLowerCase() === c.toUpperCase() ? escapeRegExp(c) : `[${c.toLowerCase()}${c.toUpperCase()}]`)).join("");
      const [S0, s0l, P0, p0l] = [s0.toUpperCase(), s0.toLowerCase(), p0.toUpperCase(), p0.toLowerCase()];
      this.plural(new RegExp(`${escapeRegExp(S0)}${ci(srest)}$`), P0 + prest);
      this.plural(new RegExp(`${escapeRegExp(s0l)}${ci(srest)}$`), p0l + prest);
      this.plural(new RegExp(`${escapeRegExp(P0)}${ci(prest)}$`), P0 + prest);
      this.plural(new RegExp(`${escapeRegExp(p0l)}${ci(prest)}$`), p0l + prest);
      this.singular(new RegExp(`${escapeRegExp(S0)}${ci(srest)}$`), S0 + srest);
      this.singular(new RegExp(`${escapeRegExp(s0l)}${ci(srest)}$`), s0l + srest);
      this.singular(new RegExp(`${escapeRegExp(P0)}${ci(prest)}$`), S0 + srest);
      this.singular(new RegExp(`${escapeRegExp(p0l)}${ci(prest)}$`), s0l + srest);
    }
  }

  uncountable(...words: string[]): void {
    for (const word of words) this.uncountables.add(word.toLowerCase());
    this.plurals.clear();
    this.singulars.clear();
  }

  acronym(word: string): void {
    this.acronyms.set(word.toLowerCase(), word);
    this.underscoreRegExp = undefined;
  }

  /** Rails' `acronyms_underscore_regex`, or undefined without acronyms. */
  acronymUnderscore(): RegExp | undefined {
    if (!this.acronyms.size) return undefined;
    // The words as text (see `irregular`).
    return (this.underscoreRegExp ??= new RegExp(`(?:(?<=([A-Za-z\\d]))|\\b)(${[...this.acronyms.values()].map(escapeRegExp).join("|")})(?=\\b|[^a-z])`, "g"));
  }
  private underscoreRegExp: RegExp | undefined;
}

const asRegExp = (rule: RegExp | RubyRule | string) => (typeof rule === "string" ? new RegExp(escapeRegExp(rule)) : rule);

/** English, as ActiveSupport defines it. */
const english = new Inflections();
/** The set `pluralize` and the others use: English, or an app's while its routes are mapped (`withInflections`). */
let active = english;

/** Runs `work` with an app's inflections (none: English's). */
export function withInflections<T>(inflections: Inflections | undefined, work: () => T): T {
  const before = active;
  active = inflections ?? english;
  try {
    return work();
  } finally {
    active = before;
  }
}

/** English's rules' regexps, plurals then singulars: every one must be a key of `ENGLISH_ENDINGS` (inflector.test.mjs). */
export const englishRegexps = (): RegExp[] => [...english.plurals.regexps(), ...english.singulars.regexps()];

/** The set in use: English's, or the app's while its routes are mapped. */
export const activeInflections = (): Inflections => active;

/** A copy of English's inflections, for an app's own rules. */
export const englishInflections = (): Inflections => new Inflections(english);

const plural = (rule: RegExp, replacement: string) => english.plural(rule, replacement);
const singular = (rule: RegExp, replacement: string) => english.singular(rule, replacement);
const irregular = (one: string, many: string) => english.irregular(one, many);

plural(/$/, "s");
plural(/s$/i, "s");
plural(/^(ax|test)is$/i, "\\1es");
plural(/(octop|vir)us$/i, "\\1i");
plural(/(octop|vir)i$/i, "\\1i");
plural(/(alias|status)$/i, "\\1es");
plural(/(bu)s$/i, "\\1ses");
plural(/(buffal|tomat)o$/i, "\\1oes");
plural(/([ti])um$/i, "\\1a");
plural(/([ti])a$/i, "\\1a");
plural(/sis$/i, "ses");
plural(/(?:([^f])fe|([lr])f)$/i, "\\1\\2ves");
plural(/(hive)$/i, "\\1s");
plural(/([^aeiouy]|qu)y$/i, "\\1ies");
plural(/(x|ch|ss|sh)$/i, "\\1es");
plural(/(matr|vert|ind)(?:ix|ex)$/i, "\\1ices");
plural(/^(m|l)ouse$/i, "\\1ice");
plural(/^(m|l)ice$/i, "\\1ice");
plural(/^(ox)$/i, "\\1en");
plural(/^(oxen)$/i, "\\1");
plural(/(quiz)$/i, "\\1zes");

singular(/s$/i, "");
singular(/(ss)$/i, "\\1");
singular(/(n)ews$/i, "\\1ews");
singular(/([ti])a$/i, "\\1um");
singular(/((a)naly|(b)a|(d)iagno|(p)arenthe|(p)rogno|(s)ynop|(t)he)(sis|ses)$/i, "\\1sis");
singular(/(^analy)(sis|ses)$/i, "\\1sis");
singular(/([^f])ves$/i, "\\1fe");
singular(/(hive)s$/i, "\\1");
singular(/(tive)s$/i, "\\1");
singular(/([lr])ves$/i, "\\1f");
singular(/([^aeiouy]|qu)ies$/i, "\\1y");
singular(/(s)eries$/i, "\\1eries");
singular(/(m)ovies$/i, "\\1ovie");
singular(/(x|ch|ss|sh)es$/i, "\\1");
singular(/^(m|l)ice$/i, "\\1ouse");
singular(/(bus)(es)?$/i, "\\1");
singular(/(o)es$/i, "\\1");
singular(/(shoe)s$/i, "\\1");
singular(/(cris|test)(is|es)$/i, "\\1is");
singular(/^(a)x[ie]s$/i, "\\1xis");
singular(/(octop|vir)(us|i)$/i, "\\1us");
singular(/(alias|status)(es)?$/i, "\\1");
singular(/^(ox)en/i, "\\1");
singular(/(vert|ind)ices$/i, "\\1ex");
singular(/(matr)ices$/i, "\\1ix");
singular(/(quiz)zes$/i, "\\1");
singular(/(database)s$/i, "\\1");

irregular("person", "people");
irregular("man", "men");
irregular("child", "children");
irregular("sex", "sexes");
irregular("move", "moves");
irregular("zombie", "zombies");

english.uncountable("equipment", "information", "rice", "money", "species", "series", "fish", "sheep", "jeans", "police");
/**
 * `uncountable?`: the word ends with an uncountable one that starts a word (Rails' `/\b#{w}\Z/i`),
 * compared without regexps, among the words its ending leaves (`Candidates`).
 */
function isUncountable(lower: string, words: string[]): boolean {
  for (const w of words) {
    if (!lower.endsWith(w)) continue;
    const before = lower.charCodeAt(lower.length - w.length - 1);
    if (Number.isNaN(before) || !isWordChar(before, lower, lower.length - w.length)) return true;
  }
  return false;
}
/** Whether a word character precedes `end`: Ruby's `\b` counts Unicode's letters, marks, digits and connectors. */
const isWordChar = (c: number, text: string, end: number) =>
  (c >= 48 && c <= 57) || (c >= 97 && c <= 122) || c === 95 || (c >= 65 && c <= 90) || (c >= 128 && UNICODE_WORD.test([...text.slice(0, end)].pop()!));
const UNICODE_WORD = /^[\p{Alphabetic}\p{M}\p{Nd}\p{Pc}]$/u;

/**
 * No memo: with the rules filtered by ending, an answer costs about what a lookup in a
 * table of every name seen would, and a routes file's names are mostly new ones.
 */
function apply(word: string, book: RuleBook): string {
  if (word === "") return word;
  const lower = word.toLowerCase();
  const { uncountables: words, rules } = book.candidates(lower);
  if (words.length > 0 && isUncountable(lower, words)) return word;
  // Indexes, not `for (const [rule, …] of rules)`: before V8 optimises it (never, in a one-shot
  // run), destructuring an array runs its iterator, element by element.
  for (let i = 0; i < rules.length; i++) {
    const r = rules[i];
    const rule = r[0];
    const endings = r[2];
    // Checked first: V8 tries an end-anchored regexp at every position of the word.
    if (endings !== undefined && !endsWithOne(rule.ignoreCase ? lower : word, endings)) continue;
    if (r[3] !== undefined && endings !== undefined) return word.slice(0, word.length - r[3]) + r[1];
    const ruby = r[5];
    if (ruby) {
      const replaced = rubySub(ruby, word);
      if (replaced !== undefined) return replaced;
      continue;
    }
    if (rule.test(word)) return word.replace(rule, r[1]);
  }
  return word;
}

function endsWithOne(word: string, endings: string[]): boolean {
  for (const ending of endings) if (word.endsWith(ending)) return true;
  return false;
}

export const pluralize = (word: string): string => apply(word, active.plurals);
export const singularize = (word: string): string => apply(word, active.singulars);
/** `ActiveSupport::Inflector.underscore`, with the active set's acronyms (`APIKey` → `api_key`). */
export function underscore(word: string): string {
  if (!/[A-Z-]|::/.test(word)) return word;
  let out = word.replace(/::/g, "/");
  const acronyms = active.acronymUnderscore();
  if (acronyms) out = out.replace(acronyms, (_m, before: string | undefined, acronym: string) => (before ? "_" : "") + acronym.toLowerCase());
  return out
    .replace(/([A-Z])(?=[A-Z][a-z])|([a-z\d])(?=[A-Z])/g, (_m, a, b) => (a || b) + "_")
    .replace(/-/g, "_")
    .toLowerCase();
}

/** `camelize`, with the active set's acronyms: `admin/user_account` → `Admin::UserAccount`, `api/key` → `API::Key` with acronym "API". */
export function camelize(word: string): string {
  const { acronyms } = active;
  // Ruby's `capitalize!`: the first letter up, the rest down.
  const capitalize = (w: string) => acronyms.get(w) ?? w.charAt(0).toUpperCase() + w.slice(1).toLowerCase();
  return word.replace(/^[a-z\d]*/, capitalize).replace(/(?:_|(\/))([a-z\d]*)/gi, (_m, slash: string | undefined, w: string) => (slash ? "::" : "") + capitalize(w));
}

/** `classify`: the class name of a table name (`users` → `User`). */
export const classify = (word: string): string => camelize(singularize(word.replace(/.*\./, "")));

/** `String#dasherize`. */
export const dasherize = (word: string): string => word.replace(/_/g, "-");
