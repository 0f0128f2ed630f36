/**
 * Literals: numbers, strings (frozen under `# frozen_string_literal: true`, else Strings
 * the code may change), interpolation, symbols, regexps, arrays, hashes, ranges, and
 * `__FILE__`, `__LINE__`, `__dir__`'s file.
 */
import * as N from "@ruby/prism/src/nodes.js";
import { regexpToS, toS } from "../ruby/print.js";
import { RFloat, RRange, RRegexp, RString, RUndecided, RUnknown, RValue, UnknownValueError, sym } from "../ruby/values.js";
import { norm } from "../core/intMath.js";
import type { Env } from "./env.js";
import type { Evaluator, Node } from "./evaluator.js";
import type { Handlers } from "./handlers.js";

/**
 * The text interpolation makes of the parts, or the first unknown part; where one part is
 * undecided (`"mode/#{mode}"`, `mode` a ternary's: `RUndecided`) and the others known, the text
 * in each world, undecided as the part is.
 */
function interpolate(it: Evaluator, parts: Node[], env: Env): string | RUnknown {
  const texts: (string | RUndecided)[] = [];
  let undecided: RUndecided | undefined;
  let length = 0;
  for (const part of parts) {
    const v = part instanceof N.EmbeddedStatementsNode ? it.statements(part.statements, env) : it.eval(part, env);
    if (v instanceof RUndecided && !undecided) {
      texts.push((undecided = v));
      continue;
    }
    if (v instanceof RUnknown) return v;
    const text = it.send(v, "to_s", [], null);
    if (text instanceof RUnknown) return text;
    const piece = toS(text, it.ruby);
    texts.push(piece);
    // The text made so far, charged as one String (a loop of `"#{s}#{s}"` doubling it).
    it.alloc((length += piece.length));
  }
  if (!undecided) return texts.join("");
  const world = (value: RValue) => {
    const text = texts.map((t) => (t === undecided ? textOf(it, value) : (t as string))).join("");
    it.alloc(text.length);
    return text;
  };
  try {
    // A value of its own (not the part's: no span yet), placed by the caller.
    return new RUndecided(new RUnknown(undecided.description, false, undecided.why, undecided), undecided.condition, world(undecided.whenHolds), world(undecided.otherwise));
  } catch (e) {
    if (e instanceof UnknownValueError) return undecided;
    throw e;
  }
}

/** A part's `to_s`; throws UnknownValueError where it is not known. */
function textOf(it: Evaluator, v: RValue): string {
  const text = it.send(v, "to_s", [], null);
  if (text instanceof RUnknown) throw new UnknownValueError(text);
  return toS(text, it.ruby);
}

/** A literal string: frozen (a plain JS string) where the file says so, else a String of its own. */
export function stringLiteral(it: Evaluator, value: string): RValue {
  return it.frozenLiterals ? value : new RString(value);
}

/** An Integer literal's value from its text (`1_000`, `0x1F`, `0b101`, `0o17`, `017`), exact at any size. */
function integerLiteral(text: string): RValue {
  const t = text.replace(/_/g, "").toLowerCase();
  const negative = t.startsWith("-");
  const body = t.replace(/^[-+]/, "");
  const digits = body.startsWith("0d") ? body.slice(2) : /^0\d/.test(body) ? `0o${body.slice(1)}` : body;
  const value = BigInt(digits);
  return norm(negative ? -value : value);
}

function regexpFlags(text: string): string {
  return ["m", "i", "x"].filter((f) => text.includes(f)).join("");
}

/** Elements of an array literal, splats spread (`[*list, *1..3]`). */
function arrayElements(it: Evaluator, elements: Node[], env: Env): RValue[] {
  const out: RValue[] = [];
  // Indexed: a for-of runs the array's iterator (a call and a result per element) in baseline code.
  for (let i = 0; i < elements.length; i++) {
    const el = elements[i];
    // Node classes by their constructors (see `isSpreadOrBlock` in arguments.ts): most
    // elements are neither.
    const c = el.constructor;
    // An element a syntax error left out (`[:index,` being typed) is not there yet.
    if (c === N.MissingNode) continue;
    if (c === N.SplatNode) {
      const v = it.eval((el as N.SplatNode).expression, env);
      if (v instanceof RUnknown) return [v];
      if (Array.isArray(v)) for (const x of v) out.push(x);
      else if (v === null) continue;
      else {
        // `[*x]` calls `to_a`; a value without one is taken as it is.
        const arr = it.send(v, "to_a", [], null);
        if (Array.isArray(arr)) for (const x of arr) out.push(x);
        else if (arr instanceof RUnknown && !(v instanceof RRange)) out.push(v);
        else return [it.unknownAt(el, arr as RUnknown)];
      }
    } else if (c === N.KeywordHashNode) out.push(it.hashElements((el as N.KeywordHashNode).elements, env));
    else out.push(it.eval(el, env));
    it.alloc(out.length);
  }
  return out;
}

export const LITERALS: Handlers = [
  [N.NilNode, () => null],
  [N.TrueNode, () => true],
  [N.FalseNode, () => false],
  [N.IntegerNode, (it, n: N.IntegerNode) => integerLiteral(it.sourceText(n))],
  [N.FloatNode, (_it, n: N.FloatNode) => new RFloat(n.value)],
  [N.RationalNode, (it, n: N.Node) => new RUnknown(it.sourceText(n), false, "a Rational, which Routemap does not compute")],
  [N.ImaginaryNode, (it, n: N.Node) => new RUnknown(it.sourceText(n), false, "a Complex, which Routemap does not compute")],
  [N.StringNode, (it, n: N.StringNode) => stringLiteral(it, n.unescaped.value)],
  [N.XStringNode, () => new RUnknown("`backticks`", false, "the output of a shell command, which Routemap never runs")],
  [N.InterpolatedXStringNode, () => new RUnknown("`backticks`", false, "the output of a shell command, which Routemap never runs")],
  [N.InterpolatedStringNode, (it, n: N.InterpolatedStringNode, env) => {
    const s = interpolate(it, n.parts, env);
    if (typeof s === "string") return new RString(s);
    // The string's own value in each world, shown as its text.
    return s instanceof RUndecided && s.span === undefined ? s.at(it.unknownAt(n, s)) : it.unknownAt(n, s);
  }],
  [N.SymbolNode, (_it, n: N.SymbolNode) => sym(n.unescaped.value)],
  [N.InterpolatedSymbolNode, (it, n: N.InterpolatedSymbolNode, env) => {
    const s = interpolate(it, n.parts, env);
    return typeof s === "string" ? sym(s) : it.unknownAt(n, s);
  }],
  [N.RegularExpressionNode, (it, n: N.RegularExpressionNode) => {
    const source = it.index.slice(n.contentLoc.startOffset, n.contentLoc.startOffset + n.contentLoc.length);
    return new RRegexp(source, regexpFlags(it.index.slice(n.closingLoc.startOffset + 1, n.closingLoc.startOffset + n.closingLoc.length)));
  }],
  [N.InterpolatedRegularExpressionNode, (it, n: N.InterpolatedRegularExpressionNode, env) => {
    let source = "";
    for (const part of n.parts) {
      if (part instanceof N.StringNode) source += it.index.slice(part.location.startOffset, part.location.startOffset + part.location.length);
      else {
        const v = it.eval(part, env);
        if (v instanceof RUnknown) return it.unknownAt(n, v);
        if (v instanceof RRegexp) source += regexpToS(v);
        else {
          const text = it.send(v, "to_s", [], null);
          if (text instanceof RUnknown) return it.unknownAt(n, text);
          source += toS(text, it.ruby);
        }
      }
    }
    return new RRegexp(source, regexpFlags(it.index.slice(n.closingLoc.startOffset + 1, n.closingLoc.startOffset + n.closingLoc.length)));
  }],
  [N.ArrayNode, (it, n: N.ArrayNode, env) => arrayElements(it, n.elements, env)],
  [N.HashNode, (it, n: N.HashNode, env) => it.hashElements(n.elements, env)],
  [N.KeywordHashNode, (it, n: N.KeywordHashNode, env) => it.hashElements(n.elements, env)],
  [N.RangeNode, (it, n: N.RangeNode, env) => new RRange(it.eval(n.left, env), it.eval(n.right, env), n.isExcludeEnd())],
  [N.ParenthesesNode, (it, n: N.ParenthesesNode, env) => it.eval(n.body, env)],
  [N.EmbeddedStatementsNode, (it, n: N.EmbeddedStatementsNode, env) => it.statements(n.statements, env)],
  // What a syntax error left out: the parser reported it; the call around it goes on without it.
  [N.MissingNode, () => null],
  [N.SourceFileNode, (it) => stringLiteral(it, it.index.file)],
  [N.SourceLineNode, (it, n: N.Node) => it.index.position(n.location.startOffset).line + 1],
  [N.SourceEncodingNode, () => new RUnknown("__ENCODING__", false, "an Encoding, which Routemap does not model")],
];

