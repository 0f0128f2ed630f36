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
 * is an info diagnostic: the names the routes make may then differ from Rails'.
 */
import * as N from "@ruby/prism/src/nodes.js";
import type { LoadedFile } from "../ruby/loadedFile.js";
import { englishInflections, type Inflections, type RubyRule } from "../inflector.js";
import { jsRegExp } from "../ruby/jsRegExp.js";
import { compileRubyRegexp, regexpEscape } from "../ruby/regexp/index.js";
import { constantPathText, walkCalls } from "../ruby/walk.js";
import type { Diagnostic } from "../types.js";

type Read = { inflections?: Inflections; diagnostics: Diagnostic[] };
/** The last answer: the same parsed files (unchanged texts) give the same object, so what was named with it stays valid. */
let last: { files: readonly LoadedFile[]; read: Read } | undefined;

/** The inflections the files define (undefined when they define none) and what could not be read. */
export function readInflections(files: readonly LoadedFile[]): Read {
  if (last && last.files.length === files.length && last.files.every((f, i) => f === files[i])) return last.read;
  const read = readFiles(files);
  last = { files, read };
  return read;
}

function readFiles(files: readonly LoadedFile[]): Read {
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
        for (const statement of block.body instanceof N.StatementsNode ? block.body.body : []) {
          const why = apply(rules(), statement, (r) => r instanceof N.LocalVariableReadNode && r.name === param, file);
          if (why) diagnostics.push(unread(file, statement, why));
        }
      } else if (node.receiver instanceof N.CallNode && isEnglishRules(node.receiver) && !node.receiver.block) {
        // `ActiveSupport::Inflector.inflections(:en).acronym "API"`: one rule, on the rules themselves.
        read.add(node.receiver);
        const why = apply(rules(), node, (r) => r === node.receiver, file);
        if (why) diagnostics.push(unread(file, node, why));
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

/** Applies one statement; says why when it cannot. */
function apply(inflections: Inflections, statement: N.Node, onRules: (receiver: N.Node | null) => boolean, file: LoadedFile): string | undefined {
  if (!(statement instanceof N.CallNode) || !onRules(statement.receiver)) return "a statement that is not a call on the block's parameter";
  const args = statement.arguments_?.arguments_ ?? [];
  const strings = args.map(stringOf);
  switch (statement.name) {
    case "plural":
    case "singular": {
      const rule = args[0] instanceof N.RegularExpressionNode ? regexpOf(args[0], file) : strings[0];
      if (args.length !== 2 || rule === undefined || strings[1] === undefined) return `\`${statement.name}\` with a rule or replacement not written out, or a regexp Routemap's Ruby regexp engine does not take`;
      inflections[statement.name](rule, strings[1]);
      return undefined;
    }
    case "irregular":
      if (args.length !== 2 || strings.some((s) => s === undefined || s === "")) return "`irregular` with words not written out";
      if (strings.some((s) => !plainWord(s!))) return REGEXP_WORD;
      inflections.irregular(strings[0]!, strings[1]!);
      return undefined;
    case "uncountable": {
      const words = args.flatMap((a) => (a instanceof N.ArrayNode ? a.elements.map(stringOf) : [stringOf(a)]));
      if (words.some((w) => w === undefined)) return "`uncountable` with words not written out";
      inflections.uncountable(...(words as string[]));
      return undefined;
    }
    case "acronym":
      if (args.length !== 1 || strings[0] === undefined) return "`acronym` with a word not written out";
      if (!plainWord(strings[0])) return REGEXP_WORD;
      inflections.acronym(strings[0]);
      return undefined;
    case "human": {
      // Only String#humanize reads these (no route name does); it is unknown after one not read.
      const rule = args[0] instanceof N.RegularExpressionNode ? rubyRegexpOf(args[0], file) : strings[0] !== undefined ? { source: regexpEscape(strings[0]), flags: "" } : undefined;
      if (args.length !== 2 || !rule || strings[1] === undefined) {
        inflections.humans = undefined;
        return "`human` with a rule or replacement not written out";
      }
      inflections.humans?.unshift({ ...rule, replacement: strings[1] });
      return undefined;
    }
    default:
      return `\`${statement.name}\`, which Routemap does not model`;
  }
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
