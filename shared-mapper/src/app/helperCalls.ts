/**
 * URL helper calls in the app's views, controllers, helpers, mailers and tests, and the ones
 * no route and no method defines. Rails raises NameError (`undefined local variable or method
 * 'x_path'`) only when the line runs; here it is an error where it is written.
 *
 * What counts as a call: a receiver-less `x_path`/`x_url` (the table's own helpers),
 * `main_app.x_path` and `<mount>.x_path` (an engine's proxy). Nothing else is looked at (a
 * helper called on any other receiver is someone's method). In a partial, a bare `x_path`
 * (no arguments, no parentheses) may be a local the caller passed, and is not checked.
 */
import * as N from "@ruby/prism/src/nodes.js";
import type { LoadedFile } from "../ruby/loadedFile.js";
import { childrenOf, constantPathText, programIndex, walkCalls } from "../ruby/walk.js";
import { isUrlHelpersModule, urlArguments, type UrlArguments } from "./urlGeneration.js";
import { isGuardArgument } from "./helperGuards.js";
import { featureGuardedRanges, inRanges } from "./featureGuards.js";
import { recallPoints } from "./integrationTests.js";
import type { Diagnostic, Position, Span } from "../types.js";
import type { RunCondition } from "./runConditions.js";

export interface HelperCall {
  name: string;
  /** `main_app`, an engine's mount name, or undefined for a receiver-less call. */
  receiver?: string;
  span: Span;
  /** The arguments, as URL generation reads them. */
  args: UrlArguments;
  /** Called on `Rails.application.routes.url_helpers` (the app's routes, and no request). */
  noRequest?: boolean;
  /**
   * Called on a constant (`Routes.story_url`), as written: a call of the routes' helper only
   * where that class holds them as class methods and does not define the method itself
   * (urlHelperHolders.ts); `resolveUses` keeps it only then.
   */
  through?: string;
  /**
   * The method whose body holds the call, when the file calls it nowhere else (a controller's
   * action then runs only for the requests routed to it); undefined at the top level or when
   * the file also calls it.
   */
  method?: string;
  /**
   * A bare name in a partial (`<%= link_to "Back", cancel_path %>`): the route's helper, unless a
   * `render` of the partial passes a local of that name (`partialLocalKeys`).
   */
  maybeLocal?: boolean;
  /**
   * A bare name in a template other than a partial: `render template:, locals:` may give it a
   * local of that name too (alaveteli's `info_request_url`), so it is a local where some file
   * passes one of that name, and the route's helper elsewhere.
   */
  templateLocal?: boolean;
  /**
   * In an integration test or request spec whose session Routemap can follow
   * (`integrationTests.ts`): where the helper call of the test's last request starts, or the
   * literal path it went to (its path parameters are recalled), neither before the first request
   * (nothing is); and the names of code the file does not define that ran before and since it,
   * for the host to say what they do (`UrlGenerationContext.integration`).
   */
  integration?: { lastRequest?: Position; lastPath?: { verb: string; path: string }; earlier: string[]; since: string[] };
  /** What must hold for the code to run, where decidable without a request (runConditions.ts). */
  when?: RunCondition[];
}

const HELPER = /^[a-z_][a-z0-9_]*_(?:path|url)$/;

/**
 * ERB as Ruby with every offset kept: text outside the tags becomes spaces (newlines stay),
 * each tag's code stays where it is, and a `;` takes the place of its closing `%>`'s first
 * character, so that `<% if a %>x<% end %>` reads `   if a ;    end ;`. Comments vanish.
 */
export function erbToRuby(text: string): string {
  const out: string[] = [];
  let i = 0;
  const blank = (s: string) => s.replace(/[^\n]/g, " ");
  while (i < text.length) {
    const open = text.indexOf("<%", i);
    if (open < 0) {
      out.push(blank(text.slice(i)));
      break;
    }
    out.push(blank(text.slice(i, open)));
    if (text.startsWith("<%%", open)) {
      out.push("   ");
      i = open + 3;
      continue;
    }
    const close = text.indexOf("%>", open + 2);
    const end = close < 0 ? text.length : close;
    let start = open + 2;
    while (start < end && /[=\-#]/.test(text[start]) && start < open + 4) start++;
    const comment = text[open + 2] === "#";
    out.push(blank(text.slice(open, start)));
    out.push(comment ? blank(text.slice(start, end)) : text.slice(start, end).replace(/-$/, " "));
    if (close < 0) break;
    out.push(";", " ");
    i = close + 2;
  }
  return out.join("");
}

/**
 * The bodies of factory_bot's own classes and modules a file reopens (limber's spec/support:
 * `module FactoryBot; class DefinitionProxy; def with_has_many_associations(*names) … send(name)
 * { "#{resource_url}/…" }`). Their methods run on factory_bot's objects, and the blocks they give
 * as attributes run in its Evaluator, where a bare name is an attribute of the factory
 * (`Evaluator#method_missing`, then `SyntaxRunner`): none of them has the routes' helpers, so a
 * bare `x_url` there is not a call of one.
 */
function factoryBotRanges(program: N.Node): [number, number][] {
  const out: [number, number][] = [];
  const stack: N.Node[] = [program];
  while (stack.length) {
    const node = stack.pop()!;
    if ((node instanceof N.ModuleNode || node instanceof N.ClassNode) && /^(?:::)?Factory(?:Bot|Girl)(?:::|$)/.test(constantPathText(node.constantPath) ?? "")) {
      out.push([node.location.startOffset, node.location.startOffset + node.location.length]);
      continue;
    }
    for (const child of childrenOf(node)) stack.push(child);
  }
  return out;
}

/**
 * The calls a class or module body makes itself, outside any method, block or lambda, with no
 * receiver (`repository_url "…/oai"` under `class WorkOaiProvider < OAI::Provider::Base`): their
 * receiver is the class, and a route's helpers are instance methods of views, controllers and
 * mailers, never a class's (unless it extends the routes' url_helpers, which the caller checks).
 * Such a call is a class method, the superclass's or a gem's DSL, which may well exist.
 */
function classLevelCalls(program: N.Node): Set<N.CallNode> {
  const out = new Set<N.CallNode>();
  const stack: { node: N.Node; classLevel: boolean }[] = [{ node: program, classLevel: false }];
  while (stack.length) {
    const { node, classLevel } = stack.pop()!;
    if (classLevel && node instanceof N.CallNode && !node.receiver) out.add(node);
    const opens = node instanceof N.ClassNode || node instanceof N.ModuleNode || node instanceof N.SingletonClassNode;
    const closes = node instanceof N.DefNode || node instanceof N.BlockNode || node instanceof N.LambdaNode;
    for (const child of childrenOf(node)) stack.push({ node: child, classLevel: opens || (classLevel && !closes) });
  }
  return out;
}

/**
 * Whether a line extends a class with the routes' url_helpers (their helpers are then class
 * methods). Line by line: `/\bextend\b[^\n]*url_helpers/` scanned the rest of the line from
 * every `extend`, quadratic on a long line of them.
 */
function extendsUrlHelpers(text: string): boolean {
  if (!text.includes("url_helpers")) return false;
  for (const line of text.split("\n")) if (line.includes("url_helpers") && /\bextend\b/.test(line)) return true;
  return false;
}

/**
 * The helper calls of a parsed file. `partial`: a `_x.html.erb`, whose bare names may be
 * locals; `template`: another template, whose bare names may be locals `render template:` passes; `locals`: names a Haml template's blocks bind (read as Ruby, their bindings are gone).
 */
export function helperCalls(file: LoadedFile, o: { partial: boolean; template?: boolean; locals?: ReadonlySet<string> }): HelperCall[] {
  const calls: HelperCall[] = [];
  const defs: { start: number; end: number; name: string }[] = [];
  const called = new Set<string>();
  // `render "row", cancel_path:` (Ruby 3.1's shorthand): the value is a local's or method's of that name.
  const shorthand = new Set<N.Node>();
  const stack: N.Node[] = [file.program];
  while (stack.length) {
    const node = stack.pop()!;
    if (node instanceof N.ImplicitNode) shorthand.add(node.value);
    if (node instanceof N.DefNode && !node.receiver) defs.push({ start: node.location.startOffset, end: node.location.startOffset + node.location.length, name: node.name });
    else if (node instanceof N.CallNode && (!node.receiver || node.receiver instanceof N.SelfNode)) called.add(node.name);
    else if (node instanceof N.SymbolNode) called.add(node.unescaped.value); // `send(:create)`, `before_action :create`…
    for (const child of childrenOf(node)) stack.push(child);
  }
  const methodAt = (offset: number) => {
    let inner: (typeof defs)[number] | undefined;
    for (const d of defs) if (d.start <= offset && offset < d.end && (!inner || d.start >= inner.start)) inner = d;
    return inner && !called.has(inner.name) ? inner.name : undefined;
  };
  const guarded = /defined\?|respond_to\?/.test(file.index.text) ? featureGuardedRanges(file.program) : [];
  const factoryBot = /\bFactory(?:Bot|Girl)\b/.test(file.index.text) ? factoryBotRanges(file.program) : [];
  const classLevel = /\b(?:class|module)\b/.test(file.index.text) && !extendsUrlHelpers(file.index.text) ? classLevelCalls(file.program) : undefined;
  const points = /Integration|\b(?:describe|context)\b/.test(file.index.text) ? recallPoints(file.program, { path: file.index.file }) : undefined;
  const recallAt = (offset: number): Pick<HelperCall, "integration"> => {
    const at = points?.get(offset);
    if (!at) return {};
    const { lastRequest, ...rest } = at;
    return { integration: lastRequest === undefined ? rest : { ...rest, lastRequest: file.index.position(lastRequest) } };
  };
  walkCalls(file.program, (call) => {
    if (!HELPER.test(call.name) || call.name.endsWith("=")) return;
    const loc = call.messageLoc ?? call.location;
    if (guarded.length && inRanges(guarded, loc.startOffset)) return;
    if (factoryBot.length && inRanges(factoryBot, loc.startOffset)) return;
    const span = file.index.span(loc.startOffset, loc.startOffset + loc.length);
    if (!call.receiver) {
      if (classLevel?.has(call)) return;
      const bare = call.isVariableCall() || shorthand.has(call);
      if (o.locals?.has(call.name) && bare) return;
      const recall = points?.size ? recallAt(loc.startOffset) : {};
      calls.push({ name: call.name, span, args: urlArguments(call), method: methodAt(loc.startOffset), ...(o.partial && bare ? { maybeLocal: true } : o.template && bare ? { templateLocal: true } : {}), ...recall });
      return;
    }
    const receiver = call.receiver;
    if (receiver instanceof N.CallNode && !receiver.receiver && !receiver.arguments_ && receiver.isVariableCall() && !o.locals?.has(receiver.name)) {
      calls.push({ name: call.name, receiver: receiver.name, span, args: urlArguments(call) });
    } else if (isUrlHelpersModule(receiver)) {
      calls.push({ name: call.name, receiver: "main_app", noRequest: true, span, args: urlArguments(call) });
    } else if (receiver instanceof N.ConstantReadNode || receiver instanceof N.ConstantPathNode) {
      const constant = constantPathText(receiver);
      if (constant !== undefined) calls.push({ name: call.name, receiver: "main_app", noRequest: true, through: constant.replace(/^::/, ""), span, args: urlArguments(call) });
    }
  });
  return calls;
}

/**
 * The helper-like names a file may pass to a partial as locals: every `x_path:` key it writes
 * (`render "form", cancel_path: posts_path`, `locals: { back_url: … }`; `:x_path =>` and
 * `"x_path" =>` are names `definedHelperNames` already takes). Errs towards "passed": a key
 * written anywhere counts for every partial. Returns false when the file builds such a name
 * (`"#{kind}_path"`), other than to call a method by it: then any name may be a local.
 */
export function partialLocalKeys(text: string, into: Set<string>): boolean {
  for (const at of builtNames(text)) {
    const before = text.slice(Math.max(0, at - 100), at);
    // A name built to be called (`send(:"#{provider}_sign_out_url")`, forms-admin), not passed.
    if (CALLED_BY_NAME.test(before.slice(-60))) continue;
    // A string that is no identifier before its end (openstreetmap's I18n key
    // `t(".legal_babble.#{name}_#{link_name}_url")`) names no local.
    const quote = before.lastIndexOf('"');
    if (quote >= 0 && !LOCAL_NAME_SO_FAR.test(before.slice(quote + 1).replace(/#\{[^}]*\}/g, ""))) continue;
    return false;
  }
  for (const m of text.matchAll(/(?<![:\w])([a-z_][a-z0-9_]*_(?:path|url)):(?!:)/g)) into.add(m[1]);
  return true;
}

/**
 * Where each `#{…}x_path` of a text starts, as `/#\{[^}]*\}[a-z0-9_]*_(?:path|url)\b/g` finds
 * them, in one pass: that regexp ran from every `#{` to the next `}`, quadratic in a text of
 * `#{` with none closing (400 KB: over a minute). Every `#{` before a `}` ends there, so one that
 * fails makes all of them fail, and the search goes on after that `}`.
 */
function* builtNames(text: string): Generator<number> {
  const opening = /#\{/g;
  const suffix = /[a-z0-9_]*_(?:path|url)\b/y;
  for (let m = opening.exec(text); m; m = opening.exec(text)) {
    const close = text.indexOf("}", m.index + 2);
    if (close < 0) return;
    suffix.lastIndex = close + 1;
    const built = suffix.test(text);
    if (built) yield m.index;
    opening.lastIndex = built ? suffix.lastIndex : close + 1;
  }
}

/** A string's text before a built name's last interpolation, as a local's name could begin (interpolations left out). */
const LOCAL_NAME_SO_FAR = /^[A-Za-z0-9_]*$/;

/** Before a built name: the call that calls a method by it (`send(:"`, `public_send("x_`, `respond_to?(:"`). */
const CALLED_BY_NAME = /\b(?:send|public_send|__send__|try!?|respond_to\?|method)\s*\(?\s*:?["'][a-z0-9_]*$/;

/**
 * Names of the app's own code that may define a method of that name: every `def x_path`, every
 * `:x_path` symbol (`define_method`, `alias_method`, RSpec's `let`, `helper_method`…), and every
 * name asked after with `defined?`.
 * It errs towards "defined": a name found here is never reported.
 *
 * With `mentions` (a gem's files): a symbol or string that no defining call on its line takes
 * (`define_method`, `alias_method`, `helper_method`, `delegate`…) goes there instead, a name the
 * gem only speaks of (Avo's `return :session_path if …`, a name it sends to `main_app`). A file
 * that defines methods of names it computes (`define_method(name)`, `method_missing`) may define
 * any it speaks of: its names stay in `into`.
 */
export function definedHelperNames(text: string, into: Set<string>, mentions?: Set<string>): void {
  // Names a `%w(…).each do |x|` loop defines with `def #{x}_polymorphic_url` (Rails' own
  // edit_/new_polymorphic helpers are made so): each word of the list, with the suffix.
  // Capybara's matchers: `%w[… current_path …].each { |t| define_method "have_no_#{t}" }`, a
  // prefix before the word and none after: the name is whole once the word ends it.
  for (const loop of wordListLoops(text)) {
    for (const def of loop.body.matchAll(new RegExp(`\\bdef\\s+(?:self\\.)?#\\{${loop.param}\\}(_[a-z0-9_]*?_(?:path|url))\\b`, "g"))) {
      for (const word of loop.words.split(/\s+/).filter(Boolean)) into.add(`${word}${def[1]}`);
    }
    for (const def of loop.body.matchAll(new RegExp(`\\bdefine_method[\\s(]*["':]([a-z0-9_]*)#\\{${loop.param}\\}([a-z0-9_]*)`, "g"))) {
      for (const word of loop.words.split(/\s+/).filter(Boolean)) {
        const name = `${def[1]}${word}${def[2]}`;
        if (/_(?:path|url)$/.test(name)) into.add(name);
      }
    }
  }
  // FactoryBot's `git_path { "docs/x.md" }` defines an attribute of that name, which other
  // attributes' blocks (and `transient` ones) call bare: the name is a method there, not a route's.
  // So does factory_bot 4's (and FactoryGirl's) static form, `description_url nil` (expertiza).
  if (/\bFactory(?:Bot|Girl)\.define\b/.test(text)) {
    for (const m of text.matchAll(/^[ \t]*([a-z_][a-z0-9_]*_(?:path|url))(?:[ \t]*(?:\{|do\b)|[ \t]+[^\s=]|\()/gm)) into.add(m[1]);
  }
  if (text.includes("add_module")) deviseModuleHelpers(text, into);
  if (text.includes("prefix")) delegatedWithPrefix(text, into);
  // `define_method("concretize_#{route.name}_#{suffix}")` (littlesis' helper, over the app's
  // routes): any name with that prefix may be defined; kept as `concretize_*` (`isDefinedName`).
  for (const m of text.matchAll(/\bdefine_(?:singleton_)?method[\s(]*:?["']([a-z_][a-z0-9_]{2,})#\{/g)) into.add(`${m[1]}*`);
  // Not a `respond_to?(:x_path)` or `defined?(x_path)`: the file that asks is the one that may
  // call it missing (helperGuards.ts), not the app.
  const computed = mentions && /\bdefine_(?:singleton_)?method[\s(]*(?![\s(]*[:"'])|\bdef\s+(?:self\.)?method_missing\b|\bdefine_method[\s(]*"[^"\n]*#\{/.test(text);
  const defining = mentions && !computed ? definingCallStart(text) : undefined;
  for (const m of text.matchAll(/\bdef\s+(?:self\.)?([a-z_][a-z0-9_]*_(?:path|url))\b|:([a-z_][a-z0-9_]*_(?:path|url))\b|["']([a-z_][a-z0-9_]*_(?:path|url))["']/g)) {
    if (m[1] === undefined && isGuardArgument(text, m.index)) continue;
    const name = m[1] ?? m[2] ?? m[3];
    if (m[1] !== undefined || !defining) into.add(name);
    else (defining(m.index) ? into : mentions!).add(name);
  }
}

/**
 * Whether a defining call (`DEFINING_ANYWHERE`) comes before a position on its line. Each line is searched
 * once, for its first such call: slicing the line's start for every name on it was quadratic on a
 * line of thousands of `:x_path` (a 550 KB line: 38 s). The calls' names are word characters (and
 * `!?`), so one that starts before a name's `:` or quote ends before it too.
 */
function definingCallStart(text: string): (at: number) => boolean {
  let lineStart = -1;
  let lineEnd = -1;
  let first = -1;
  return (at) => {
    if (at >= lineEnd || at < lineStart) {
      lineStart = text.lastIndexOf("\n", at) + 1;
      const end = text.indexOf("\n", at);
      lineEnd = end < 0 ? text.length : end;
      first = DEFINING_ANYWHERE.exec(text.slice(lineStart, lineEnd))?.index ?? -1;
      if (first >= 0) first += lineStart;
    }
    return first >= 0 && first < at;
  };
}

/**
 * `Devise.add_module(:x, route: { x_registration: [nil, :new, :edit] })`: Devise's URL helpers
 * (lib/devise.rb `add_module` adds the actions to `URL_HELPERS`, and
 * lib/devise/controllers/url_helpers.rb `generate_helpers!` defines a method per action and
 * suffix) gain `x_registration_path`, `new_x_registration_path`, … (`route: true` or a symbol
 * adds no action, so no helper). In a gem (devise_ichain_authenticatable) or the app's initializer.
 */
function deviseModuleHelpers(text: string, into: Set<string>): void {
  // The list is read to its `]` apart from the regexp, which would scan from each `add_module … [`
  // to the next `]` (quadratic in a text of them with none closing). With no `]` after a `[`,
  // there is none after any later one: the search ends.
  const route = /\badd_module\b[^;]{0,300}?(?:\broute:|:route\s*=>)\s*\{\s*:?([a-z_]\w*)(?::\s*|\s*=>\s*)\[/g;
  for (let m = route.exec(text); m; m = route.exec(text)) {
    const close = text.indexOf("]", route.lastIndex);
    if (close < 0) return;
    const list = text.slice(route.lastIndex, close);
    route.lastIndex = close + 1;
    for (const item of list.split(",").map((a) => a.trim())) {
      const action = item === "nil" ? "" : /^:?["']?([a-z_]\w*)["']?$/.exec(item)?.[1];
      if (action === undefined) continue;
      for (const kind of ["path", "url"]) into.add(`${action && `${action}_`}${m[1]}_${kind}`);
    }
  }
}

/**
 * `delegate :m4a_audio_url, to: :derivatives, prefix: "combined"` defines `combined_m4a_audio_url`
 * (ActiveSupport's Module#delegate; `prefix: true` takes the target's name, `derivatives_…`):
 * the names it makes that end as a helper's do, whatever the delegated ones end with
 * (`delegate :path, to: :avatar, prefix: true` makes `avatar_path`). A statement is read to the
 * line that does not end with a comma (scihist_digicoll's spans three), 400 characters a line at
 * most (a text of `delegate` on one long line is read once, not from each to the line's end).
 */
function delegatedWithPrefix(text: string, into: Set<string>): void {
  for (const m of text.matchAll(/\bdelegate\b[ \t(]+((?:[^\n]{0,400},[ \t]*\n){0,8}[^\n]{0,400})/g)) {
    const statement = m[1];
    const option = (name: string) => new RegExp(`(?:\\b${name}:|:${name}\\s*=>)\\s*(true|:[a-z_]\\w*|["'][a-z_]\\w*["'])`).exec(statement)?.[1];
    const prefix = option("prefix");
    const to = option("to");
    if (prefix === undefined) continue;
    const head = prefix === "true" ? to?.replace(/^[:"']|["']$/g, "") : prefix.replace(/^[:"']|["']$/g, "");
    if (!head) continue;
    // The delegated names: the symbols and strings before the first option.
    const names = statement.split(/\b[a-z_]+:\s|:[a-z_]+\s*=>/)[0];
    for (const name of names.matchAll(/[:"']([a-z_]\w*[?!]?)["']?/g)) {
      const made = `${head}_${name[1]}`;
      if (/_(?:path|url)$/.test(made)) into.add(made);
    }
  }
}

/** Calls whose symbol or string arguments name a method they define (or make public, or hand on): before a name on its line. */
const DEFINING_ANYWHERE = /\b(?:define_method|define_singleton_method|alias_method|alias|helper_method|delegate|module_function|private|protected|public|private_class_method|public_class_method|attr_reader|attr_writer|attr_accessor|let!?|subject|def_delegators?|def_delegator|helper|method|instance_method)\b/;

/**
 * Each `%w(…).each do |x|` of a text: its words, its parameter, and the 1,500 characters after
 * it. In one pass: a regexp scanning from each `%w(` to the next closing bracket went over the
 * rest of the text once per `%w(` (13 s for 50,000 of them with no bracket closing).
 */
function* wordListLoops(text: string): Generator<{ words: string; param: string; body: string }> {
  const opening = /%[wi][([{]/g;
  const closing = /[)\]}]/g;
  const each = /\.each\s+do\s*\|\s*(\w+)\s*\|/y;
  let close = -1;
  for (let m = opening.exec(text); m; m = opening.exec(text)) {
    const from = m.index + m[0].length;
    if (close < from) {
      closing.lastIndex = from;
      close = closing.exec(text)?.index ?? text.length;
    }
    if (close >= text.length) return;
    each.lastIndex = close + 1;
    const loop = each.exec(text);
    if (!loop) continue;
    yield { words: text.slice(from, close), param: loop[1], body: text.slice(each.lastIndex, each.lastIndex + 1500) };
    // The next loop starts after this one's `do |x|`, as a global regexp's next match would.
    opening.lastIndex = each.lastIndex;
  }
}

/**
 * Whether the app's defined names (`definedHelperNames`'s) hold `name`: as written, or by the
 * prefix of a `define_method` of a name it builds (`concretize_*`).
 */
export function isDefinedName(defined: ReadonlySet<string>, name: string): boolean {
  if (defined.has(name)) return true;
  let prefixes = definedPrefixes.get(defined);
  if (!prefixes) definedPrefixes.set(defined, (prefixes = [...defined].filter((n) => n.endsWith("*")).map((n) => n.slice(0, -1))));
  return prefixes.length > 0 && prefixes.some((prefix) => name.startsWith(prefix));
}
const definedPrefixes = new WeakMap<ReadonlySet<string>, string[]>();

/** What a table of helpers says of a name: known to it, or not. */
export type HelperLookup = (name: string, receiver: string | undefined) => "known" | "unknown" | "unchecked";

/**
 * Errors for calls of helpers no route, `direct`, method of the app or gem defines, with the
 * nearest known names as suggestions.
 */
export function unknownHelperDiagnostics(calls: readonly HelperCall[], lookup: HelperLookup, suggestions: (receiver: string | undefined) => readonly string[]): Diagnostic[] {
  const out: Diagnostic[] = [];
  for (const call of calls) {
    if (lookup(call.name, call.receiver) !== "unknown") continue;
    const near = nearest(call.name, suggestions(call.receiver));
    // The method's name between the quotes, its receiver after `for`, as Ruby's NoMethodError says it.
    const on = call.through ?? (call.noRequest ? "Rails.application.routes.url_helpers" : call.receiver);
    const message =
      `undefined method \`${call.name}'${on ? ` for ${on}` : ""}: no route, direct helper or method defines it` + (near.length ? ` (did you mean ${near.map((n) => `\`${n}\``).join(" or ")}?)` : "");
    // `suggestions`: every name the message offers, space-separated (the data holds strings only).
    out.push({ severity: "error", code: "unknown-helper", span: call.span, message, data: { name: call.name, ...(near[0] ? { suggestion: near[0], suggestions: near.join(" ") } : {}) } });
  }
  return out;
}

/** Up to two known names within a small edit distance (a third of the name, at least 2). */
function nearest(name: string, known: readonly string[]): string[] {
  const limit = Math.max(2, Math.floor(name.length / 3));
  const scored: [number, string][] = [];
  const suffix = name.endsWith("_url") ? "_url" : "_path";
  for (const candidate of known) {
    if (!candidate.endsWith(suffix) || Math.abs(candidate.length - name.length) > limit) continue;
    const d = distance(name, candidate, limit);
    if (d <= limit) scored.push([d, candidate]);
  }
  return scored.sort((a, b) => a[0] - b[0] || (a[1] < b[1] ? -1 : 1)).slice(0, 2).map(([, n]) => n);
}

/** Levenshtein distance, stopping early past `limit`. */
function distance(a: string, b: string, limit: number): number {
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
      best = Math.min(best, current[j]);
    }
    if (best > limit) return limit + 1;
    previous = current;
  }
  return previous[b.length];
}

/** A hash target's `controller:` or `action:` literal (`url_for(controller: "posts", action: "show")`). */
export interface HashTarget {
  key: "controller" | "action";
  value: string;
  /** The literal, quotes or colon included. */
  span: Span;
  /** The `controller:` literal beside an `action:` one, if written. */
  controller?: string;
}

/** Every `controller:`/`action:` literal of the file's hashes, for the editor's features on hash targets. */
export function hashTargets(file: LoadedFile): HashTarget[] {
  const out: HashTarget[] = [];
  const literal = (node: N.Node) => (node instanceof N.StringNode || node instanceof N.SymbolNode ? node.unescaped.value : undefined);
  const stack: N.Node[] = [file.program];
  while (stack.length) {
    const node = stack.pop()!;
    if (node instanceof N.HashNode || node instanceof N.KeywordHashNode) {
      const pairs = node.elements.filter((e): e is N.AssocNode => e instanceof N.AssocNode);
      const keyOf = (pair: N.AssocNode) => (pair.key instanceof N.SymbolNode ? pair.key.unescaped.value : undefined);
      const controllerPair = pairs.find((p) => keyOf(p) === "controller");
      const controller = controllerPair ? literal(controllerPair.value) : undefined;
      for (const pair of pairs) {
        const key = keyOf(pair);
        const value = literal(pair.value);
        if ((key !== "controller" && key !== "action") || value === undefined) continue;
        const loc = pair.value.location;
        out.push({ key, value, span: file.index.span(loc.startOffset, loc.startOffset + loc.length), ...(key === "action" && controller ? { controller } : {}) });
      }
    }
    for (const child of childrenOf(node)) stack.push(child);
  }
  return out;
}

const ASSERT_RAISES = new Set(["assert_raises", "assert_raise"]);
/**
 * RSpec's examples that are not expected to pass: a `pending "…" do` block runs and must fail
 * (RSpec fails it if it passes), `xit`/`xdescribe`/`skip "…" do`… do not run at all
 * (openfoodnetwork's stripe_sca_spec calls a helper the app no longer has in its pending blocks);
 * so do groups and examples given such metadata (`skippedByMetadata`).
 */
const NOT_EXPECTED_TO_PASS = new Set(["pending", "skip", "xit", "xspecify", "xexample", "xscenario", "xdescribe", "xcontext", "xfeature"]);
const RAISE_MATCHERS = new Set(["raise_error", "raise_exception"]);
/** RSpec's methods that define an example group or an example, whose arguments after the description are metadata. */
const RSPEC_DEFINITIONS = new Set([
  "describe", "context", "feature", "example_group", "fdescribe", "fcontext", "ffeature",
  "it", "specify", "example", "scenario", "its", "focus", "fit", "fspecify", "fexample", "fscenario",
]);
const SKIPPING_METADATA = new Set(["skip", "pending"]);

/**
 * Whether an RSpec group or example is given `skip`/`pending` metadata that says so whatever runs:
 * `describe "…", skip: true do`, `it "…", pending: "reason"`, `feature "…", :skip do`. rspec-core
 * runs no hook and no body of a skipped example (`Example#run`: `if skipped?` marks it pending and
 * runs nothing), and a pending one must fail. A value it cannot read (`skip: ENV["CI"]`) leaves
 * the block checked; `false` and `nil` skip nothing.
 */
function skippedByMetadata(call: N.CallNode): boolean {
  if (!RSPEC_DEFINITIONS.has(call.name)) return false;
  if (call.receiver && !(call.receiver instanceof N.ConstantReadNode && call.receiver.name === "RSpec")) return false;
  const metadata = call.arguments_?.arguments_.slice(1) ?? [];
  return metadata.some((arg) => {
    if (arg instanceof N.SymbolNode) return SKIPPING_METADATA.has(arg.unescaped.value);
    if (!(arg instanceof N.KeywordHashNode || arg instanceof N.HashNode)) return false;
    return arg.elements.some((pair) =>
      pair instanceof N.AssocNode && pair.key instanceof N.SymbolNode && SKIPPING_METADATA.has(pair.key.unescaped.value) &&
      (pair.value instanceof N.TrueNode || pair.value instanceof N.StringNode || pair.value instanceof N.SymbolNode || pair.value instanceof N.InterpolatedStringNode));
  });
}

/**
 * The bodies of a test's examples, hooks and test methods, where a bare `skip` raises (rspec-core's
 * `Pending#skip`, Minitest's `Assertions#skip`) and ends the body there. In an example group's own
 * body `skip "…"` defines a skipped example instead, and what follows runs: not listed.
 */
const SKIPPABLE_BODIES = new Set([
  "it", "specify", "example", "scenario", "its", "focus", "fit", "fspecify", "fexample", "fscenario",
  "before", "after", "around", "prepend_before", "append_before", "test", "setup", "teardown",
]);

/**
 * Where a body's statements stop running at an unconditional bare `skip` (a test parked with
 * `skip "TODO"` above code that calls a route since removed): from the statement after it to the
 * body's end; undefined when no such `skip` comes before another statement. `skip … if cond` is
 * not unconditional, and stays checked.
 */
function afterSkip(body: N.Node | null | undefined): { start: number; end: number } | undefined {
  if (!(body instanceof N.StatementsNode)) return undefined;
  const statements = body.body;
  const at = statements.findIndex((s) => s instanceof N.CallNode && s.name === "skip" && !s.receiver && !s.block);
  if (at < 0 || at === statements.length - 1) return undefined;
  return { start: statements[at + 1]!.location.startOffset, end: body.location.startOffset + body.location.length };
}

/**
 * The blocks of a test where an exception is the expected outcome (`assert_raises(…) { … }`,
 * `expect { … }.to raise_error(…)`): a call there that Rails would raise on is what the test
 * asserts, not a mistake; with them, the parts of a test that do not run or must fail (skipped
 * and pending examples, what follows a bare `skip`). Returns whether a span lies in one of them.
 */
export function insideExpectedRaise(file: LoadedFile): (span: Span) => boolean {
  const blocks: { start: number; end: number }[] = [];
  walkCalls(file.program, (call) => {
    let block: N.Node | undefined;
    if (ASSERT_RAISES.has(call.name) || ((NOT_EXPECTED_TO_PASS.has(call.name) || skippedByMetadata(call)) && call.block instanceof N.BlockNode)) block = call.block ?? undefined;
    // `.not_to raise_error` says the block must not raise: a report there is the test's own point.
    else if (call.name === "to" && call.receiver instanceof N.CallNode && call.receiver.name === "expect") {
      const matcher = call.arguments_?.arguments_[0];
      if (matcher instanceof N.CallNode && RAISE_MATCHERS.has(matcher.name)) block = call.receiver.block ?? undefined;
    }
    if (block) blocks.push({ start: block.location.startOffset, end: block.location.startOffset + block.location.length });
    else if (SKIPPABLE_BODIES.has(call.name) && !call.receiver && call.block instanceof N.BlockNode) {
      const rest = afterSkip(call.block.body);
      if (rest) blocks.push(rest);
    }
  });
  // Minitest's test methods and their `setup`.
  for (const def of programIndex(file.program).defs) {
    if (def.receiver || !(def.name.startsWith("test_") || def.name === "setup")) continue;
    const rest = afterSkip(def.body);
    if (rest) blocks.push(rest);
  }
  if (!blocks.length) return () => false;
  const ranges = blocks.map((b) => file.index.span(b.start, b.end));
  const before = (a: Span["start"], b: Span["start"]) => a.line < b.line || (a.line === b.line && a.character <= b.character);
  return (span) => ranges.some((r) => before(r.start, span.start) && before(span.end, r.end));
}
