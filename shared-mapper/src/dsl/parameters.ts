/**
 * Binding arguments to parameters, as Ruby does for methods, lambdas and blocks: required,
 * optional, splat and post parameters, keywords (required, optional, `**rest`), `&block`,
 * destructuring (`|(a, b), c|`), numbered parameters and `it`. Methods and lambdas check
 * the count and say where Ruby does: at the definition.
 */
import * as N from "@ruby/prism/src/nodes.js";
import { RoutingError } from "../mapper/errors.js";
import { RHash, RSymbol, RValue } from "../ruby/values.js";
import type { Span } from "../types.js";
import { KEYWORDS_LAST, keepKeywordsMark } from "./keywordArgs.js";
import type { Env } from "./env.js";
import type { Evaluator, Node } from "./evaluator.js";

const wrong = (given: number, expected: string, span: Span) =>
  new RoutingError(`wrong number of arguments (given ${given}, expected ${expected})`, "ArgumentError", span);

/** Binds arguments to a method's (or lambda's, `strict`) parameters. */
export function bindParameters(it: Evaluator, params: N.ParametersNode | null, given: RValue[], env: Env, strict?: () => Span): void {
  const args = [...given];
  if (!params) {
    if (strict && args.length) throw wrong(given.length, "0", strict());
    return;
  }
  const takesKeywords = params.keywords.length > 0 || params.keywordRest instanceof N.KeywordRestParameterNode;
  // Ruby 3: a trailing Hash the call passed positionally (`m({ "a" => 1 })`) stays positional.
  const lastKeywords = args[args.length - 1] instanceof RHash && (!it.ruby.keywordsSeparated || KEYWORDS_LAST.get(given) !== false);
  const keywords = takesKeywords && lastKeywords ? (args.pop() as RHash) : takesKeywords ? new RHash() : null;
  const required = params.requireds.length + params.posts.length;
  const optional = params.optionals.length;
  // `def m(...)` takes any arguments, as a `*rest` does.
  const rest = params.rest !== null || params.keywordRest instanceof N.ForwardingParameterNode;
  if (strict && (args.length < required || (!rest && args.length > required + optional))) {
    const max = rest ? "+" : optional ? `..${required + optional}` : "";
    throw wrong(given.length, `${required}${max}`, strict());
  }
  const bind = (p: Node, v: RValue) => bindTarget(it, p, v, env);
  params.requireds.forEach((p) => bind(p, args.shift() ?? null));
  const posts = params.posts.map(() => args.pop() ?? null).reverse();
  for (const p of params.optionals as N.OptionalParameterNode[]) env.declare(p.name, args.length ? args.shift()! : it.eval(p.value, env));
  if (params.rest instanceof N.RestParameterNode) env.declare(params.rest.name ?? "*", args.splice(0));
  params.posts.forEach((p, i) => bind(p, posts[i]));
  if (keywords) bindKeywords(it, params, keywords, env, strict);
  if (params.keywordRest instanceof N.ForwardingParameterNode) {
    env.declare("...", keepKeywordsMark(given, [...args]));
  }
  if (params.block) env.declare(params.block.name ?? "&", env.block);
}

function bindKeywords(it: Evaluator, params: N.ParametersNode, keywords: RHash, env: Env, strict?: () => Span): void {
  const missing: string[] = [];
  for (const k of params.keywords) {
    if (k instanceof N.RequiredKeywordParameterNode) {
      const v = keywords.sget(k.name);
      if (v === undefined) missing.push(k.name);
      env.declare(k.name, v ?? null);
    } else if (k instanceof N.OptionalKeywordParameterNode) {
      env.declare(k.name, keywords.shas(k.name) ? keywords.sget(k.name)! : it.eval(k.value, env));
    }
  }
  if (strict && missing.length) {
    throw new RoutingError(`missing keyword${missing.length > 1 ? "s" : ""}: ${missing.map((m) => `:${m}`).join(", ")}`, "ArgumentError", strict());
  }
  const named = new Set(params.keywords.map((k) => (k as N.RequiredKeywordParameterNode).name));
  if (params.keywordRest instanceof N.KeywordRestParameterNode) {
    const rest = keywords.dup();
    for (const name of named) rest.sdelete(name);
    env.declare(params.keywordRest.name ?? "**", rest);
  } else if (strict) {
    const unknown = keywords.keys().filter((k) => !(k instanceof RSymbol && named.has(k.name)));
    if (unknown.length) {
      const names = unknown.map((k) => (k instanceof RSymbol ? `:${k.name}` : String(k)));
      throw new RoutingError(`unknown keyword${names.length > 1 ? "s" : ""}: ${names.join(", ")}`, "ArgumentError", strict());
    }
  }
}

/** A parameter that takes its argument apart (`|(a, b)|`), or a plain one. */
function bindTarget(it: Evaluator, p: Node, v: RValue, env: Env): void {
  if (p instanceof N.RequiredParameterNode) env.declare(p.name, v);
  else if (p instanceof N.MultiTargetNode) {
    const list = Array.isArray(v) ? v : [v];
    p.lefts.forEach((t, i) => bindTarget(it, t, list[i] ?? null, env));
    const restEnd = Math.max(p.lefts.length, list.length - p.rights.length);
    if (p.rest instanceof N.SplatNode && p.rest.expression) bindTarget(it, p.rest.expression, list.slice(p.lefts.length, restEnd), env);
    p.rights.forEach((t, i) => bindTarget(it, t, list[restEnd + i] ?? null, env));
  }
}

/** A block's parameters; a lambda's (`strict`) are checked as a method's are. */
export function bindBlockParameters(
  it: Evaluator,
  node: N.BlockParametersNode | N.NumberedParametersNode | N.ItParametersNode | null,
  args: RValue[],
  env: Env,
  strict?: () => Span,
): void {
  if (node instanceof N.NumberedParametersNode) {
    const list = node.maximum > 1 && args.length === 1 && Array.isArray(args[0]) ? (args[0] as RValue[]) : args;
    for (let i = 1; i <= node.maximum; i++) env.declare(`_${i}`, list[i - 1] ?? null);
    return;
  }
  if (node instanceof N.ItParametersNode) {
    // Before Ruby 3.4, `it` is no parameter: a call of a method `it` (`variables.ts`).
    if (it.ruby.itParameter) env.declare("it", args[0] ?? null);
    return;
  }
  const params = node?.parameters ?? null;
  if (node) for (const local of node.locals) env.declare((local as N.BlockLocalVariableNode).name, null);
  if (!params) return bindParameters(it, null, strict ? args : [], env, strict);
  let list = args;
  // A proc spreads a single Array across several parameters (`each { |k, v| }`).
  const arity = params.requireds.length + params.optionals.length + params.posts.length;
  if (!strict && list.length === 1 && Array.isArray(list[0]) && (arity > 1 || (params.rest && !(params.rest instanceof N.ImplicitRestNode) && arity > 0) || params.rest instanceof N.ImplicitRestNode)) {
    list = list[0] as RValue[];
  }
  bindParameters(it, params, list, env, strict);
}

/**
 * `Proc#arity`: the required parameters (a required keyword counts as one more); for a
 * lambda, negative and one further from zero when any is optional (optional or rest
 * parameters, optional keywords, `**rest`), for a proc only when it takes a rest. `Hash#each`
 * consults it.
 */
export function arityOf(node: N.BlockParametersNode | N.NumberedParametersNode | N.ItParametersNode | null, lambda = true): number {
  if (node instanceof N.NumberedParametersNode) return node.maximum;
  if (node instanceof N.ItParametersNode) return 1;
  const p = node?.parameters;
  if (!p) return 0;
  const requiredKeywords = p.keywords.some((k) => k instanceof N.RequiredKeywordParameterNode);
  const optionalKeywords = p.keywords.some((k) => k instanceof N.OptionalKeywordParameterNode) || p.keywordRest instanceof N.KeywordRestParameterNode;
  const required = p.requireds.length + p.posts.length + (requiredKeywords ? 1 : 0);
  const rest = p.rest !== null && !(p.rest instanceof N.ImplicitRestNode);
  const optional = lambda ? p.optionals.length > 0 || rest || optionalKeywords : rest;
  return optional ? -(required + 1) : required;
}
