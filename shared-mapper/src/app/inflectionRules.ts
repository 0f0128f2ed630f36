/**
 * An app's own inflection rules, read from its configuration files without running them: the
 * `ActiveSupport::Inflector.inflections(:en) do |inflect| … end` blocks of config/initializers
 * (Rails loads them before the routes, and every name the mapper makes with `pluralize` or
 * `singularize` follows them: `resources :drives` names `drive`, not English's "drife").
 *
 * Follows activesupport/lib/active_support/inflector/inflections.rb (`plural`, `singular`,
 * `irregular`, `uncountable`, `acronym`, `human`): each call is applied to a copy of English's
 * rules in file order. A statement of such a block that Routemap cannot read (a value not
 * written out, a method it does not model, a regexp its Ruby regexp engine does not take)
 * is an info diagnostic: the names the routes make may then differ from Rails'. A loop over
 * values Routemap computes (`1.upto(5) { |n| inflect.acronym "KS#{n}" }`, teaching-vacancies';
 * `%w[…].each`, `(a..b).each`, `n.times`) is run as Ruby runs it, its words computed by the
 * interpreter with the loop's variable set (`Evaluate`), each rule applied only once all are read.
 */
import * as N from "@ruby/prism/src/nodes.js";
import type { LoadedFile } from "../ruby/loadedFile.js";
import { englishInflections, type Inflections, type RubyRule } from "../inflector.js";
import { jsRegExp } from "../ruby/jsRegExp.js";
import { compileRubyRegexp, regexpEscape } from "../ruby/regexp/index.js";
import { constantPathText, walkCalls } from "../ruby/walk.js";
import type { Diagnostic } from "../types.js";
import { RRange, RSymbol, stringValue, type RValue } from "../ruby/values.js";

/** A value computed as the interpreter computes it, in `file`, with `locals` set (a loop's variable). */
export type Evaluate = (file: LoadedFile, node: N.Node, locals: ReadonlyMap<string, RValue>) => RValue;

type Read = { inflections?: Inflections; diagnostics: Diagnostic[] };
/**
 * The last answer: the same parsed files (unchanged texts) give the same object, so what was named
 * with it stays valid (a loop's values are computed once for them: a loop over `ENV` values is not
 * read again when only the environment changes).
 */
let last: { files: readonly LoadedFile[]; read: Read } | undefined;

/** The inflections the files define (undefined when they define none) and what could not be read. */
export function readInflections(files: readonly LoadedFile[], evaluate?: Evaluate): Read {
  if (last && last.files.length === files.length && last.files.every((f, i) => f === files[i])) return last.read;
  const read = readFiles(files, evaluate);
  last = { files, read };
  return read;
}

function readFiles(files: readonly LoadedFile[], evaluate?: Evaluate): Read {
  let inflections: Inflections | undefined;
  const diagnostics: Diagnostic[] = [];
  const rules = () => (inflections ??= englishInflections());
  for (const file of files) {
    const read = new Set<N.CallNode>();
    for (const node of file.program.statements.body) {
      if (!(node instanceof N.CallNode)) continue;
      if (isEnglishRules(node)) {
        read.add(node);
        const block = node.block instanceof N.BlockNode ? node.block : undefined;
        const param = block && blockParameter(block);
        if (!block || !param) {
          diagnostics.push(unread(file, node, "an `inflections` call without a block parameter"));
          continue;
        }
        const onParam = (r: N.Node | null) => r instanceof N.LocalVariableReadNode && r.name === param;
        for (const statement of block.body instanceof N.StatementsNode ? block.body.body : []) {
          const loop = evaluate && statement instanceof N.CallNode ? loopRules(statement, onParam, file, evaluate) : undefined;
          applyRule(loop ?? ruleOf(statement, onParam, file, stringOf), rules, file, statement, diagnostics);
        }
      } else if (node.receiver instanceof N.CallNode && isEnglishRules(node.receiver) && !node.receiver.block) {
        // `ActiveSupport::Inflector.inflections(:en).acronym "API"`: one rule, on the rules themselves.
        read.add(node.receiver);
        applyRule(ruleOf(node, (r) => r === node.receiver, file, stringOf), rules, file, node, diagnostics);
      }
    }
    // Rules inside other code (a method, a condition, a class body) may or may not run: said, not guessed.
    walkCalls(file.program, (call) => {
      if (!read.has(call) && isEnglishRules(call)) diagnostics.push(unread(file, call, "an `inflections` call inside other code, which Routemap does not run"));
    });
  }
  return { inflections, diagnostics };
}

/** `ActiveSupport::Inflector.inflections` for English (another locale's rules: the routes pluralize in English). */
function isEnglishRules(node: N.CallNode): boolean {
  if (node.name !== "inflections" || !isInflector(node.receiver)) return false;
  const locale = node.arguments_?.arguments_ ?? [];
  return !locale.length || (locale.length === 1 && (locale[0] instanceof N.SymbolNode || locale[0] instanceof N.StringNode) && locale[0].unescaped.value === "en");
}

const isInflector = (receiver: N.Node | null) => {
  const name = receiver && constantPathText(receiver);
  return name === "ActiveSupport::Inflector" || name === "::ActiveSupport::Inflector";
};

function blockParameter(block: N.BlockNode): string | undefined {
  const params = block.parameters instanceof N.BlockParametersNode ? block.parameters.parameters : undefined;
  const first = params?.requireds[0];
  return first instanceof N.RequiredParameterNode ? first.name : undefined;
}

/**
 * What one statement does to the rules (applied when called), or why it cannot be read; a rule
 * may also say why it is only partly read (`why`: a `human` rule, after which humanize is unknown).
 */
type Rule = (((inflections: Inflections) => void) & { why?: string }) | string;

/** One statement's rule; `words` reads an argument's word (written out, or computed in a loop). */
function ruleOf(statement: N.Node, onRules: (receiver: N.Node | null) => boolean, file: LoadedFile, words: (node: N.Node) => string | undefined): Rule {
  if (!(statement instanceof N.CallNode) || !onRules(statement.receiver)) return "a statement that is not a call on the block's parameter";
  const args = statement.arguments_?.arguments_ ?? [];
  const strings = args.map(words);
  switch (statement.name) {
    case "plural":
    case "singular": {
      const name = statement.name;
      const rule = args[0] instanceof N.RegularExpressionNode ? regexpOf(args[0], file) : strings[0];
      const replacement = strings[1];
      if (args.length !== 2 || rule === undefined || replacement === undefined) return `\`${name}\` with a rule or replacement not written out, or a regexp Routemap's Ruby regexp engine does not take`;
      return (inflections) => inflections[name](rule, replacement);
    }
    case "irregular": {
      if (args.length !== 2 || strings.some((s) => s === undefined || s === "")) return "`irregular` with words not written out";
      if (strings.some((s) => !plainWord(s!))) return REGEXP_WORD;
      const [singular, plural] = strings as string[];
      return (inflections) => inflections.irregular(singular, plural);
    }
    case "uncountable": {
      const list = args.flatMap((a) => (a instanceof N.ArrayNode ? a.elements.map(words) : [words(a)]));
      if (list.some((w) => w === undefined)) return "`uncountable` with words not written out";
      return (inflections) => inflections.uncountable(...(list as string[]));
    }
    case "acronym": {
      const word = strings[0];
      if (args.length !== 1 || word === undefined) return "`acronym` with a word not written out";
      if (!plainWord(word)) return REGEXP_WORD;
      return (inflections) => inflections.acronym(word);
    }
    case "human": {
      // Only String#humanize reads these (no route name does); it is unknown after one not read.
      const rule = args[0] instanceof N.RegularExpressionNode ? rubyRegexpOf(args[0], file) : strings[0] !== undefined ? { source: regexpEscape(strings[0]), flags: "" } : undefined;
      const replacement = strings[1];
      // One not read leaves String#humanize unknown from there on (and is said).
      if (args.length !== 2 || !rule || replacement === undefined) return Object.assign((inflections: Inflections) => void (inflections.humans = undefined), { why: "`human` with a rule or replacement not written out" });
      return (inflections) => void inflections.humans?.unshift({ ...rule, replacement });
    }
    default:
      return `\`${statement.name}\`, which Routemap does not model`;
  }
}

/** Applies a statement's rule to the rules, or says why it cannot. */
function applyRule(rule: Rule, rules: () => Inflections, file: LoadedFile, statement: N.Node, diagnostics: Diagnostic[]): void {
  if (typeof rule !== "string") rule(rules());
  const why = typeof rule === "string" ? rule : rule.why;
  if (why) diagnostics.push(unread(file, statement, why));
}

/** How many times a loop of rules is run, at most: past that, it is not read. */
const MAX_LOOP = 1_000;

/**
 * A loop of rules (`1.upto(5) { |n| inflect.acronym "KS#{n}" }`): each statement of its block read
 * for each value, its words computed with the loop's variable set; the rules applied in order
 * once every one is read, else none and why. Undefined when the statement is no loop Routemap runs.
 */
function loopRules(statement: N.CallNode, onRules: (receiver: N.Node | null) => boolean, file: LoadedFile, evaluate: Evaluate): Rule | undefined {
  const block = statement.block instanceof N.BlockNode ? statement.block : undefined;
  const variable = block && blockParameter(block);
  const values = block && variable ? loopValues(statement, file, evaluate) : undefined;
  if (!values || !variable) return undefined;
  if (typeof values === "string") return values;
  const rules: ((inflections: Inflections) => void)[] = [];
  for (const value of values) {
    const locals = new Map([[variable, value]]);
    const words = (node: N.Node) => stringOf(node) ?? wordOf(evaluate(file, node, locals));
    for (const inner of block!.body instanceof N.StatementsNode ? block!.body.body : []) {
      const rule = ruleOf(inner, onRules, file, words);
      if (typeof rule === "string" || rule.why) return `in a loop, ${typeof rule === "string" ? rule : rule.why}`;
      rules.push(rule);
    }
  }
  return (inflections) => rules.forEach((rule) => rule(inflections));
}

/** The values a loop runs its block for (`each` over an Array or a Range of Integers, `upto`, `downto`, `times`), or why not. */
function loopValues(statement: N.CallNode, file: LoadedFile, evaluate: Evaluate): RValue[] | string | undefined {
  const { receiver, name } = statement;
  const args = statement.arguments_?.arguments_ ?? [];
  if (!receiver || !["each", "upto", "downto", "times"].includes(name) || args.length !== (name === "upto" || name === "downto" ? 1 : 0)) return undefined;
  const at = (node: N.Node) => evaluate(file, node, new Map());
  const from = at(receiver);
  const ints = (a: RValue, b: RValue, step: number): RValue[] | string => {
    if (typeof a !== "number" || typeof b !== "number" || !Number.isInteger(a) || !Number.isInteger(b)) return "a loop over values Routemap cannot compute";
    if (Math.abs(b - a) >= MAX_LOOP) return `a loop of more than ${MAX_LOOP} rules`;
    const out: number[] = [];
    for (let i = a; step > 0 ? i <= b : i >= b; i += step) out.push(i);
    return out;
  };
  if (name === "times") return typeof from === "number" ? ints(0, from - 1, 1) : "a loop over values Routemap cannot compute";
  if (name === "upto" || name === "downto") return ints(from, at(args[0]), name === "upto" ? 1 : -1);
  if (Array.isArray(from)) return from.length > MAX_LOOP ? `a loop of more than ${MAX_LOOP} rules` : [...from];
  if (from instanceof RRange && typeof from.last === "number") return ints(from.first, from.exclusive ? from.last - 1 : from.last, 1);
  return "a loop over values Routemap cannot compute";
}

/** A computed word: a String's or a Symbol's text; undefined for any other value. */
function wordOf(value: RValue): string | undefined {
  return value instanceof RSymbol ? value.name : stringValue(value);
}

/**
 * ActiveSupport builds regexps from `irregular` and `acronym` words without escaping them
 * (`/(#{s0})#{srest}$/i`), so a word with regexp syntax is a pattern there; Routemap's
 * inflector builds JavaScript regexps from them, so it takes only words without it: none of the
 * characters special to Ruby's regexps or JavaScript's (a comma, a colon or an apostrophe is
 * itself in both: beis-opss-cosmetics' "essential oil, camphor, menthol, or eucalyptol").
 */
const plainWord = (word: string) => !/[.*+?()[\]{}|^$\\/]/.test(word);
const REGEXP_WORD = "a word with regexp syntax, which ActiveSupport reads as a pattern";

const stringOf = (node: N.Node): string | undefined => (node instanceof N.StringNode || node instanceof N.SymbolNode ? node.unescaped.value : undefined);

/** A regexp literal's source and options, for the Ruby regexp engine. */
function rubyRegexpOf(node: N.RegularExpressionNode, file: LoadedFile): { source: string; flags: string } {
  const flags = [node.isIgnoreCase() ? "i" : "", node.isMultiLine() ? "m" : "", node.isExtended() ? "x" : ""].join("");
  return { source: file.index.slice(node.contentLoc.startOffset, node.contentLoc.startOffset + node.contentLoc.length), flags };
}

/**
 * A regexp rule: read by JavaScript for the endings its matches have (where it can read it: not
 * named groups, say), and run by Ruby's engine (ruby/regexp), with a budget, as ActiveSupport
 * runs it, replacement and its `\0`…`\9`, `\k<name>` included; undefined when Ruby's engine cannot take it.
 */
function regexpOf(node: N.RegularExpressionNode, file: LoadedFile): RubyRule | undefined {
  const options = [node.isIgnoreCase() ? "i" : "", node.isMultiLine() ? "m" : "", node.isExtended() ? "x" : ""].join("");
  const source = file.index.slice(node.contentLoc.startOffset, node.contentLoc.startOffset + node.contentLoc.length);
  const js = jsRegExp(source, options);
  const ruby = compileRubyRegexp(source, options);
  return ruby.ok ? { js, ruby: ruby.regexp } : undefined;
}

function unread(file: LoadedFile, node: N.Node, why: string): Diagnostic {
  const loc = node.location;
  return {
    severity: "info",
    code: "unread-inflection",
    span: file.index.span(loc.startOffset, loc.startOffset + loc.length),
    message: `Routemap does not read this inflection rule (${why}): the names the routes make with it may differ from Rails'.`,
  };
}
