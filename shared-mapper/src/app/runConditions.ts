/**
 * The conditions under which a view's, controller's, helper's or test's code runs, where they
 * are of the kind Routemap decides for the routes (`ENV`, `Rails.env`, the app's settings,
 * constants, literals): upcase's `<% if ActiveModel::Type::Boolean.new.serialize(ENV["X"]) %>`
 * around a link to routes its config/routes.rb draws under the same `if`. Ruby runs a branch
 * of `if`/`unless`/`?:`/`case`/`&&`/`||` (and their modifier forms) only when its condition
 * holds; code in a branch that does not run in the environment Routemap maps in raises nothing
 * there, and is not checked.
 *
 * A fact of the file's text: each condition is kept as its Ruby source and decided where the
 * checks run (`MapResult.decide`), in the environment the table was mapped in. A condition
 * that reads anything of the request (instance variables, locals, `params`, the view's own
 * methods: any call without a receiver) is not kept: its code is checked as it always was.
 */
import * as N from "@ruby/prism/src/nodes.js";
import type { LoadedFile } from "../ruby/loadedFile.js";
import { childrenOf } from "../ruby/walk.js";
import type { Span } from "../types.js";
import type { TemplateBlock } from "./templateReader.js";

/** Code runs only where `test` (Ruby source) is truthy (`holds`) or falsy (`!holds`). */
export interface RunCondition {
  test: string;
  holds: boolean;
}

/** The literal nodes a decidable condition may hold as they are (their children are checked too). */
const LITERALS = [
  N.StringNode, N.SymbolNode, N.IntegerNode, N.FloatNode, N.NilNode, N.TrueNode, N.FalseNode, N.ArrayNode, N.HashNode, N.KeywordHashNode,
  N.AssocNode, N.RangeNode, N.RegularExpressionNode, N.InterpolatedStringNode, N.InterpolatedSymbolNode, N.EmbeddedStatementsNode,
  N.StatementsNode, N.ArgumentsNode, N.ConstantReadNode, N.ConstantPathNode, N.AndNode, N.OrNode, N.ParenthesesNode,
];

/** A method that may change what a later decision reads (`ENV["X"] = …`, `LIST << x`, `gsub!`): not decided. */
const MUTATES = /^(?:.*[^=!<>]=|.+!|<<)$/;

/**
 * Whether a condition reads only what Routemap decides without a request: constants (ENV,
 * Rails, the app's), literals, and methods called on them. A call without a receiver is the
 * view's own (`current_user`, `params`), a block may bind locals: neither is kept.
 */
function decidable(node: N.Node, depth = 0): boolean {
  if (depth > 40) return false;
  if (node instanceof N.CallNode) {
    if (!node.receiver || node.block || MUTATES.test(node.name)) return false;
  } else if (!LITERALS.some((kind) => node instanceof kind)) return false;
  return childrenOf(node).every((child) => decidable(child, depth + 1));
}

/**
 * What a predicate's being truthy (`holds`) or falsy says of the decidable conditions in it:
 * `a && @b` truthy means `a` is; `a || @b` falsy means `a` is not.
 */
function implied(file: LoadedFile, node: N.Node | null, holds: boolean, out: RunCondition[]): RunCondition[] {
  if (!node) return out;
  if (node instanceof N.ParenthesesNode && node.body instanceof N.StatementsNode && node.body.body.length === 1) return implied(file, node.body.body[0], holds, out);
  if (decidable(node)) {
    out.push({ test: sourceOf(file, node), holds });
    return out;
  }
  if (node instanceof N.CallNode && node.name === "!" && node.receiver && !node.arguments_) return implied(file, node.receiver, !holds, out);
  if ((node instanceof N.AndNode && holds) || (node instanceof N.OrNode && !holds)) {
    implied(file, node.left, holds, out);
    implied(file, node.right, holds, out);
  }
  return out;
}

const sourceOf = (file: LoadedFile, node: N.Node) => file.index.slice(node.location.startOffset, node.location.startOffset + node.location.length);

/** Text every file with a branch has: `if`, `unless`, `case`, `and`, `or`, `&&`, `||`, a ternary's `?`. */
const MAY_BRANCH = /\b(?:if|unless|case|and|or)\b|&&|\|\||\?/;

interface Guarded {
  start: number;
  end: number;
  when: RunCondition[];
}

/**
 * The parts of a program that run only under decidable conditions, as byte ranges, each with
 * what must hold there (a range inside another adds to its conditions).
 */
export function guardedRanges(file: LoadedFile): Guarded[] {
  const out: Guarded[] = [];
  // Nine files of ten of a large app have none of these: their trees are not walked (its first `check` took 3% more with the walk for all).
  if (!MAY_BRANCH.test(file.index.text)) return out;
  const add = (n: N.Node | null | undefined, when: RunCondition[]) => {
    if (n && when.length) out.push({ start: n.location.startOffset, end: n.location.startOffset + n.location.length, when });
  };
  const stack: N.Node[] = [file.program];
  while (stack.length) {
    const node = stack.pop()!;
    if (node instanceof N.IfNode) {
      add(node.statements, implied(file, node.predicate, true, []));
      add(node.subsequent, implied(file, node.predicate, false, []));
    } else if (node instanceof N.UnlessNode) {
      add(node.statements, implied(file, node.predicate, false, []));
      add(node.elseClause, implied(file, node.predicate, true, []));
    } else if (node instanceof N.AndNode) add(node.right, implied(file, node.left, true, []));
    else if (node instanceof N.OrNode) add(node.right, implied(file, node.left, false, []));
    else if (node instanceof N.CaseNode) caseRanges(file, node, add);
    for (const child of childrenOf(node)) stack.push(child);
  }
  return out;
}

/**
 * `case subject when a, b … else … end`: a `when`'s body runs where no earlier test matched and
 * one of its own does (`a === subject`, or `a`'s truth without a subject); `else`, where none did.
 * A test Routemap cannot decide (a splat, a local) says nothing, the earlier ones still do.
 */
function caseRanges(file: LoadedFile, node: N.CaseNode, add: (n: N.Node | null | undefined, when: RunCondition[]) => void): void {
  const subject = node.predicate;
  if (subject && !decidable(subject)) return;
  const testOf = (t: N.Node) => (subject ? `(${sourceOf(file, t)}) === (${sourceOf(file, subject)})` : sourceOf(file, t));
  const earlier: RunCondition[] = [];
  for (const clause of node.conditions) {
    if (!(clause instanceof N.WhenNode)) return;
    const tests = clause.conditions;
    const known = tests.length > 0 && tests.every((t) => !(t instanceof N.SplatNode) && decidable(t));
    const own = known ? [{ test: tests.map((t) => `(${testOf(t)})`).join(" || "), holds: true }] : [];
    add(clause.statements, [...earlier, ...own]);
    if (known) for (const t of tests) earlier.push({ test: testOf(t), holds: false });
  }
  add(node.elseClause, earlier);
}

type Range = { start: Span["start"]; end: Span["start"] };

/**
 * A Haml or Slim template's `- if a` / `- elsif b` / `- else` blocks, and `- case x` / `- when a`
 * / `- else` (templateReader.ts: their keywords are blanked in the Ruby, their tests stay there
 * as expressions): each branch's lines with what must hold there, as the Ruby's `if` and `case`
 * would give (`caseRanges`). A `when` whose tests the reader blanked says nothing of itself, and
 * the earlier ones still hold.
 */
function blockRanges(file: LoadedFile, blocks: readonly TemplateBlock[]): { span: Range; when: RunCondition[] }[] {
  if (!blocks.length) return [];
  // The expression each test starts: the outermost node starting where it does.
  const starts = new Map(blocks.flatMap((b) => [...(b.test ? [b.test] : []), ...(b.tests ?? [])]).map((t) => [`${t.line}:${t.character}`, undefined as N.Node | undefined]));
  const stack: N.Node[] = [file.program];
  while (stack.length) {
    const node = stack.pop()!;
    const at = file.index.span(node.location.startOffset, node.location.startOffset).start;
    const key = `${at.line}:${at.character}`;
    if (!(node instanceof N.ProgramNode || node instanceof N.StatementsNode) && starts.has(key) && !starts.get(key)) starts.set(key, node);
    const children = childrenOf(node);
    for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]);
  }
  const testOf = (b: TemplateBlock) => (b.test ? starts.get(`${b.test.line}:${b.test.character}`) : undefined);
  const same = (a: Span["start"], b: Span["start"]) => a.line === b.line && a.character === b.character;
  const out: { span: Range; when: RunCondition[] }[] = [];
  // Per depth, the chain under way: what its earlier branches' being skipped implies, and where its last branch ends.
  // A `case`'s chain holds its subject: a node, none (`- case` alone: each test is a condition), or null (not decidable).
  const chains = new Map<number, { earlier: RunCondition[]; end: Span["start"]; subject?: N.Node | null; isCase?: true }>();
  for (const b of blocks) {
    const test = testOf(b);
    if (b.keyword === "case") {
      // A subject Routemap cannot decide: no `when` says anything (null).
      const subject = b.test ? (test && decidable(test) ? test : null) : undefined;
      chains.set(b.indent, { earlier: [], end: b.body.end, subject, isCase: true });
      continue;
    }
    if (b.keyword === "when") {
      const chain = chains.get(b.indent);
      if (!chain?.isCase || !same(chain.end, b.at)) {
        chains.delete(b.indent);
        continue;
      }
      const tests = (b.tests ?? []).map((t) => starts.get(`${t.line}:${t.character}`));
      const known = chain.subject !== null && tests.length > 0 && tests.every((t) => t && decidable(t));
      const testText = (t: N.Node) => (chain.subject ? `(${sourceOf(file, t)}) === (${sourceOf(file, chain.subject)})` : sourceOf(file, t));
      const own = known ? [{ test: tests.map((t) => `(${testText(t!)})`).join(" || "), holds: true }] : [];
      out.push({ span: b.body, when: [...chain.earlier, ...own] });
      chain.earlier = known ? [...chain.earlier, ...tests.map((t) => ({ test: testText(t!), holds: false }))] : chain.earlier;
      chain.end = b.body.end;
      continue;
    }
    if (b.keyword === "if" || b.keyword === "unless") {
      const holds = b.keyword === "if";
      out.push({ span: b.body, when: test ? implied(file, test, holds, []) : [] });
      chains.set(b.indent, { earlier: test ? implied(file, test, !holds, []) : [], end: b.body.end });
      continue;
    }
    const chain = chains.get(b.indent);
    if (!chain || !same(chain.end, b.at)) {
      chains.delete(b.indent);
      continue;
    }
    if (b.keyword === "else") {
      out.push({ span: b.body, when: chain.earlier });
      chains.delete(b.indent);
    } else {
      out.push({ span: b.body, when: [...chain.earlier, ...(test ? implied(file, test, true, []) : [])] });
      chains.set(b.indent, { earlier: [...chain.earlier, ...(test ? implied(file, test, false, []) : [])], end: b.body.end });
    }
  }
  return out.filter((r) => r.when.length);
}

/**
 * What must hold for the code at a span to run, given the file's guarded ranges (`guardedRanges`)
 * and a Haml or Slim template's blocks, or undefined where nothing decidable does.
 */
export function runConditionsOf(file: LoadedFile, blocks: readonly TemplateBlock[] = []): (span: Span) => RunCondition[] | undefined {
  const ranges = guardedRanges(file);
  const spans = [...ranges.map((r) => ({ span: file.index.span(r.start, r.end) as Range, when: r.when })), ...blockRanges(file, blocks)];
  if (!spans.length) return () => undefined;
  const before = (a: Span["start"], b: Span["start"]) => a.line < b.line || (a.line === b.line && a.character <= b.character);
  return (span) => {
    let found: RunCondition[] | undefined;
    for (const r of spans) if (before(r.span.start, span.start) && before(span.end, r.span.end)) (found ??= []).push(...r.when);
    return found;
  };
}

/**
 * The uses that run where `decide` says their conditions hold: a use under a condition decided
 * the other way is dropped; one whose conditions are undecided (`decide` answers undefined) is kept.
 */
export function runningUses<T extends { when?: RunCondition[] }>(uses: readonly T[], decide: ((test: string) => boolean | undefined) | undefined): T[] {
  if (!decide || !uses.some((u) => u.when)) return uses as T[];
  return uses.filter((u) => !u.when || u.when.every((c) => decide(c.test) !== !c.holds));
}
