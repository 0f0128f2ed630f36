/**
 * `ERB.new(text).result` (Ruby's erb.rb, no trim mode, as Rails' `config_for` and apps' own YAML
 * readers call it: laa-submit-crime-forms' `YAML.load(ERB.new(config_file).result)`): where the
 * text is an app file's own (`File.read`, `Pathname#read`) and its tags only print expressions
 * (`<%= … %>`) or comment (`<%# … %>`), each expression is evaluated as Ruby in that file, at its
 * place, and printed with `to_s`. Any other template (statements `<% … %>`, a trim mode, a text
 * built in the code) is unknown: Routemap runs no Ruby built in a string.
 */
import * as N from "@ruby/prism/src/nodes.js";
import { toS } from "../ruby/print.js";
import { RHash, RObject, RString, RUnknown, UnknownValueError, stringValue, type RValue } from "../ruby/values.js";
import { Env } from "./env.js";
import type { CallHost } from "./evaluator.js";

/** Where a template's source is kept on its `ERB` object. */
const SOURCE = "@src";

/** `ERB.new(text)`: an object holding the text; a trim mode or other option Routemap does not follow. */
export function erbNew(args: RValue[]): RValue {
  const [text, ...rest] = args;
  if (stringValue(text) === undefined) return text instanceof RUnknown ? text : new RUnknown("ERB.new(…)", false, "a template Routemap cannot read");
  const options = rest.length === 1 && rest[0] instanceof RHash ? rest[0] : undefined;
  if (rest.length && !(options && options.sget("trim_mode") == null && options.size === 1)) return new RUnknown("ERB.new(…)", false, "an ERB template with a trim mode, which Routemap does not run");
  const erb = new RObject("ERB", new Set(["result"]));
  erb.ivars.set(SOURCE, text);
  return erb;
}

export const isErb = (v: RValue): v is RObject => v instanceof RObject && v.className === "ERB" && v.ivars.has(SOURCE);

/** One tag of a template, with its text's offsets: an expression printed, or a comment (printing nothing). */
type Tag = { kind: "print" | "comment"; start: number; end: number };

/** Above this many tags a template is not run: real configuration files have a few; each is a parse and an evaluation on every map. */
const MAX_TAGS = 1000;

/**
 * The tags in order, or why the template is not run. Found with `indexOf` (linear: a lazy regexp
 * rescanned the rest of a hostile file from every `<%`).
 */
function tagsOf(text: string): { tags: Tag[] } | { why: string } {
  const tags: Tag[] = [];
  for (let at = text.indexOf("<%"); at >= 0; ) {
    const close = text.indexOf("%>", at + 2);
    const kind = text[at + 2];
    // `<%%` (a literal), an unclosed tag, a statement, a trim: not followed.
    if (close < 0 || (kind !== "=" && kind !== "#") || text[close - 1] === "-") return { why: "an ERB template with Ruby statements (`<% … %>`), which Routemap does not run" };
    tags.push({ kind: kind === "=" ? "print" : "comment", start: at, end: close + 2 });
    if (tags.length > MAX_TAGS) return { why: `an ERB template of more than ${MAX_TAGS} tags, which Routemap does not run` };
    at = text.indexOf("<%", close + 2);
  }
  return { tags };
}

/** `erb.result` (or `result(binding)`): the printed text, or unknown with why. */
export function erbResult(it: CallHost, erb: RObject): RValue {
  const source = erb.ivars.get(SOURCE)!;
  const file = source instanceof RString ? source.file : undefined;
  return renderTemplate(it, stringValue(source)!, file, "ERB.new(…).result");
}

/**
 * A template's printed text (an app file's own, `file`; `config_for`'s YAML files too), or
 * unknown with why.
 */
export function renderTemplate(it: CallHost, text: string, file: string | undefined, description: string): RValue {
  const unknown = (why: string) => new RUnknown(description, false, why);
  if (file === undefined || it.host.text?.(file) !== text) return unknown("an ERB template built in the code, which Routemap does not run");
  const found = tagsOf(text);
  if ("why" in found) return unknown(found.why);
  const { tags } = found;
  const prints = tags.filter((t) => t.kind === "print");
  // The template as Ruby, each UTF-16 unit where it stands (the offsets `tags` has): text blanked,
  // `<%=` and `%>` around each expression made parentheses.
  const ruby = text.replace(/[^\n\r]/g, " ").split("");
  for (const { start, end } of prints) {
    ruby.splice(start, 3, ";", "(", " ");
    for (let i = start + 3; i < end - 2; i++) ruby[i] = text[i];
    ruby.splice(end - 2, 2, ")", " ");
  }
  const loaded = it.parseText(file, ruby.join(""));
  const statements = loaded?.program.statements.body ?? [];
  if (!loaded || loaded.syntaxErrors.length || statements.length !== prints.length || !statements.every((s) => s instanceof N.ParenthesesNode)) {
    return unknown("an ERB template whose tags Routemap cannot read as Ruby");
  }
  const env = new Env(it.store, { kind: "main" });
  let out = "";
  let at = 0;
  let printed = 0;
  for (const tag of tags) {
    out += text.slice(at, tag.start);
    at = tag.end;
    if (tag.kind === "comment") continue;
    const value = it.inFile(loaded, () => it.eval(statements[printed++], env));
    try {
      out += toS(value, it.ruby);
    } catch (e) {
      if (e instanceof UnknownValueError) return unknown(`a template that prints \`${e.value.description}\`, ${e.value.cause.why}`);
      throw e;
    }
  }
  return new RString(out + text.slice(at));
}
