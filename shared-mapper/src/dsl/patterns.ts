/**
 * Pattern matching (Ruby 3): `case … in`, `value => pattern`, `value in pattern`. A match is
 * true, false, or unknown where a value it tests is unknown; `case … in` then runs both
 * ways, as `if` does. Bindings are made as the match goes, as in Ruby.
 */
import * as N from "@ruby/prism/src/nodes.js";
import { RoutingError } from "../mapper/errors.js";
import { inspect } from "../ruby/print.js";
import { RConst, RHash, RStruct, RSymbol, RUnknown, RValue } from "../ruby/values.js";
import type { Env } from "./env.js";
import type { Evaluator, Node } from "./evaluator.js";
import type { Handlers } from "./handlers.js";

type Match = boolean | RUnknown;

const and = (a: Match, b: () => Match): Match => (a === false ? false : a === true ? b() : b() === false ? false : a);

/** Whether `value` matches `pattern`, binding its variables in `env`. */
export function match(it: Evaluator, pattern: Node, value: RValue, env: Env): Match {
  if (pattern instanceof N.LocalVariableTargetNode) {
    env.assign(pattern.name, value);
    return true;
  }
  if (pattern instanceof N.CapturePatternNode) {
    const m = match(it, pattern.value, value, env);
    if (m !== false) env.assign(pattern.target.name, value);
    return m;
  }
  if (pattern instanceof N.AlternationPatternNode) {
    const left = match(it, pattern.left, value, env);
    if (left === true) return true;
    const right = match(it, pattern.right, value, env);
    return right === true ? true : left === false ? right : left;
  }
  if (pattern instanceof N.ArrayPatternNode) return arrayPattern(it, pattern, value, env);
  if (pattern instanceof N.FindPatternNode) return findPattern(it, pattern, value, env);
  if (pattern instanceof N.HashPatternNode) return hashPattern(it, pattern, value, env);
  if (pattern instanceof N.PinnedVariableNode) return caseEqual(it, pattern, it.eval(pattern.variable, env), value, env);
  if (pattern instanceof N.PinnedExpressionNode) return caseEqual(it, pattern, it.eval(pattern.expression, env), value, env);
  if (pattern instanceof N.SplatNode) {
    if (pattern.expression) return match(it, pattern.expression, value, env);
    return true;
  }
  return caseEqual(it, pattern, it.eval(pattern, env), value, env);
}

/** `pattern === value`. */
function caseEqual(it: Evaluator, node: Node, pattern: RValue, value: RValue, env: Env): Match {
  const r = it.invoke(pattern, "===", [value], null, node, env);
  if (r instanceof RUnknown) return r;
  return r !== null && r !== false;
}

/** The constant of `Const[…]`/`Const(…)` must take the value first. */
function constantTakes(it: Evaluator, constant: Node | null, value: RValue, env: Env): Match {
  return constant ? caseEqual(it, constant, it.eval(constant, env), value, env) : true;
}

/** What an array pattern takes apart: an Array, or what `deconstruct` gives. */
function deconstruct(it: Evaluator, value: RValue, node: Node, env: Env): RValue[] | RUnknown | undefined {
  if (Array.isArray(value)) return value;
  if (value instanceof RUnknown) return value;
  if (value instanceof RStruct) return value.values;
  const responds = it.invoke(value, "respond_to?", [RSymbol.for("deconstruct")], null, node, env);
  if (responds !== true) return responds instanceof RUnknown ? responds : undefined;
  const list = it.invoke(value, "deconstruct", [], null, node, env);
  return Array.isArray(list) ? list : list instanceof RUnknown ? list : undefined;
}

function arrayPattern(it: Evaluator, p: N.ArrayPatternNode, value: RValue, env: Env): Match {
  return and(constantTakes(it, p.constant, value, env), () => {
    const list = deconstruct(it, value, p, env);
    if (list === undefined) return false;
    if (list instanceof RUnknown) return list;
    const fixed = p.requireds.length + p.posts.length;
    if (p.rest ? list.length < fixed : list.length !== fixed) return false;
    let m = true as Match;
    p.requireds.forEach((q, i) => (m = and(m, () => match(it, q, list[i], env))));
    if (p.rest instanceof N.SplatNode && p.rest.expression) m = and(m, () => match(it, p.rest!, list.slice(p.requireds.length, list.length - p.posts.length), env));
    p.posts.forEach((q, i) => (m = and(m, () => match(it, q, list[list.length - p.posts.length + i], env))));
    return m;
  });
}

function findPattern(it: Evaluator, p: N.FindPatternNode, value: RValue, env: Env): Match {
  return and(constantTakes(it, p.constant, value, env), () => {
    const list = deconstruct(it, value, p, env);
    if (list === undefined) return false;
    if (list instanceof RUnknown) return list;
    const n = p.requireds.length;
    for (let start = 0; start + n <= list.length; start++) {
      let m = true as Match;
      p.requireds.forEach((q, i) => (m = and(m, () => match(it, q, list[start + i], env))));
      if (m instanceof RUnknown) return m;
      if (m) {
        if (p.left.expression) match(it, p.left.expression, list.slice(0, start), env);
        if (p.right instanceof N.SplatNode && p.right.expression) match(it, p.right.expression, list.slice(start + n), env);
        return true;
      }
    }
    return false;
  });
}

function hashPattern(it: Evaluator, p: N.HashPatternNode, value: RValue, env: Env): Match {
  return and(constantTakes(it, p.constant, value, env), () => {
    let hash: RValue = value;
    if (value instanceof RStruct) hash = new RHash(value.cls.members.map((m, i) => [RSymbol.for(m), value.values[i]] as [RValue, RValue]));
    else if (!(value instanceof RHash) && !(value instanceof RUnknown)) {
      const responds = it.invoke(value, "respond_to?", [RSymbol.for("deconstruct_keys")], null, p, env);
      if (responds !== true) return responds instanceof RUnknown ? responds : false;
      hash = it.invoke(value, "deconstruct_keys", [null], null, p, env);
    }
    if (hash instanceof RUnknown) return hash;
    if (!(hash instanceof RHash)) return false;
    let m = true as Match;
    const seen: RValue[] = [];
    for (const el of p.elements) {
      if (!(el instanceof N.AssocNode) || !(el.key instanceof N.SymbolNode)) return new RUnknown(it.sourceText(p), false, "a pattern Routemap does not follow");
      const key = RSymbol.for(el.key.unescaped.value);
      seen.push(key);
      const v = hash.get(key);
      if (v === undefined) return false;
      const sub = el.value instanceof N.ImplicitNode ? el.value.value : el.value;
      m = and(m, () => (sub ? match(it, sub, v, env) : true));
      if (m === false) return false;
    }
    if (p.rest instanceof N.NoKeywordsParameterNode) return and(m, () => hash.size === seen.length);
    const restPattern = p.rest instanceof N.AssocSplatNode ? p.rest.value : null;
    if (restPattern) {
      const rest = hash.dup();
      for (const k of seen) rest.delete(k);
      m = and(m, () => match(it, restPattern, rest, env));
    }
    return m;
  });
}

/** The condition an unknown match stands for: `value in pattern`, keyed by both when the value is. */
function matchCondition(it: Evaluator, node: Node, value: RValue, pattern: Node, m: RUnknown): RUnknown {
  const key = value instanceof RUnknown && value.key !== undefined ? `${value.key} in ${it.sourceText(pattern)}` : undefined;
  return new RUnknown(`${it.sourceText(node)}`, false, m.why, m, key, it.nodeSpan(node));
}

function caseIn(it: Evaluator, n: N.CaseMatchNode, env: Env): RValue {
  const subject = it.eval(n.predicate, env);
  const from = (i: number): RValue => {
    if (i >= n.conditions.length) {
      if (n.elseClause) return it.eval(n.elseClause, env);
      throw new RoutingError(`${inspect(subject, it.ruby)}`, "NoMatchingPatternError");
    }
    const clause = n.conditions[i] as N.InNode;
    let pattern = clause.pattern;
    let guard: { node: Node; unless: boolean } | undefined;
    if (pattern instanceof N.IfNode || pattern instanceof N.UnlessNode) {
      guard = { node: pattern.predicate, unless: pattern instanceof N.UnlessNode };
      pattern = pattern.statements!.body[0];
    }
    let m = match(it, pattern, subject, env);
    if (m === true && guard) {
      const g = it.eval(guard.node, env);
      const t = it.decide(guard.node, g);
      m = t === undefined ? (g as RUnknown) : t !== guard.unless;
    }
    if (m === true) return it.statements(clause.statements, env);
    if (m === false) return from(i + 1);
    const condition = it.conditionOf(clause, matchCondition(it, clause, subject, pattern, m));
    return it.fork(condition, () => it.statements(clause.statements, env), () => from(i + 1));
  };
  return from(0);
}

export const PATTERNS: Handlers = [
  [N.CaseMatchNode, (it, n: N.CaseMatchNode, env) => caseIn(it, n, env)],
  [N.MatchRequiredNode, (it, n: N.MatchRequiredNode, env) => {
    const value = it.eval(n.value, env);
    const m = match(it, n.pattern, value, env);
    if (m === false) throw new RoutingError(`${inspect(value, it.ruby)}`, "NoMatchingPatternError");
    if (m instanceof RUnknown) {
      it.report("info", `Routemap cannot tell whether ${it.sourceText(n.value)} matches this pattern (it depends on \`${m.description}\`); where it does not, Ruby raises NoMatchingPatternError.`, it.nodeSpan(n), "unknown-value");
    }
    return null;
  }],
  [N.MatchPredicateNode, (it, n: N.MatchPredicateNode, env) => {
    const value = it.eval(n.value, env);
    const m = match(it, n.pattern, value, env);
    return m instanceof RUnknown ? matchCondition(it, n, value, n.pattern, m) : m;
  }],
];

export { RConst };
