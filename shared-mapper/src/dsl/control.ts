/**
 * Control flow: `if`/`unless`/ternaries, `&&`/`||`, `case`/`when`, `while`/`until`/`for`,
 * `begin`/`rescue`/`else`/`ensure`/`retry`, `return`/`next`/`break`, `yield`, `defined?`.
 * A condition Routemap cannot decide runs both branches (`Evaluator.fork`), the same way
 * in every construct.
 */
import * as N from "@ruby/prism/src/nodes.js";
import { coreClass, isExceptionA, isExceptionClass, iterate, elementOf } from "../core/index.js";

/** Ruby's own classes and modules: defined in every app. */
const CORE_CLASS_NAMES = new Set(["String", "Symbol", "Integer", "Float", "Numeric", "Array", "Hash", "Range", "Regexp", "MatchData", "Proc", "NilClass", "TrueClass", "FalseClass", "Object", "BasicObject", "Kernel", "Comparable", "Enumerable", "Enumerator", "Struct", "Set", "File", "Dir", "Math", "Time", "Class", "Module", "Exception", "StandardError", "ArgumentError", "RuntimeError", "Rails", "ActiveSupport", "ActionDispatch", "ENV", "Pathname", "URI", "JSON", "Date", "Rational", "Complex"]);
import { RoutingError } from "../mapper/errors.js";
import { RConst, RObject, RUndecided, RUnknown, RUnknownTruth, RValue } from "../ruby/values.js";
import type { Env } from "./env.js";
import type { Evaluator, Node } from "./evaluator.js";
import type { Handlers } from "./handlers.js";
import { BreakSignal, NextSignal, ReturnSignal } from "./signals.js";
import { assignTarget } from "./variables.js";
import { mayDraw } from "./mayDraw.js";

/** `if cond then a else b`: one branch where the condition is known, both where it is not. */
export function branch(it: Evaluator, predicate: Node, env: Env, whenTrue: () => RValue, whenFalse: () => RValue, node?: Node): RValue {
  const value = it.eval(predicate, env);
  const truth = it.decide(predicate, value);
  if (truth === undefined) return placed(it, node, it.fork(it.conditionOf(predicate, value as RUnknown), whenTrue, whenFalse));
  return truth ? whenTrue() : whenFalse();
}

/**
 * The value of a construct both of whose branches ran, shown as the construct's text where they
 * differ; still each world's value where both gave one (`RUndecided`: a DSL call given it runs in both).
 */
const placed = (it: Evaluator, node: Node | undefined, v: RValue) => {
  if (!node || !(v instanceof RUnknown)) return v;
  const shown = it.unknownAt(node, v);
  return v instanceof RUndecided && shown !== v ? v.at(shown) : shown;
};

/** `case subject when …`: each test in order, as a chain of `if`s. */
function caseWhen(it: Evaluator, n: N.CaseNode, env: Env): RValue {
  const subject = n.predicate ? it.eval(n.predicate, env) : undefined;
  const tests: { node: Node; when: N.WhenNode }[] = [];
  for (const when of n.conditions as N.WhenNode[]) for (const cond of when.conditions) tests.push({ node: cond, when });
  const from = (i: number): RValue => {
    if (i >= tests.length) return it.eval(n.elseClause, env);
    const { node, when } = tests[i];
    const matched = whenMatches(it, node, subject, env);
    const truth = it.decide(node, matched);
    if (truth === undefined) {
      const text = n.predicate ? `${it.sourceText(node)} === ${it.sourceText(n.predicate)}` : undefined;
      return it.fork(it.conditionOf(node, matched as RUnknown, text), () => it.statements(when.statements, env), () => from(i + 1));
    }
    return truth ? it.statements(when.statements, env) : from(i + 1);
  };
  return from(0);
}

/** Whether one `when` test matches: `test === subject` (each element of a `*list`), or the test's truth without a subject. */
function whenMatches(it: Evaluator, node: Node, subject: RValue | undefined, env: Env): RValue {
  if (node instanceof N.SplatNode) {
    const list = it.eval(node.expression, env);
    if (!Array.isArray(list)) return list instanceof RUnknown ? list : false;
    let unknown: RUnknown | undefined;
    for (const test of list) {
      const m = subject === undefined ? test : it.invoke(test, "===", [subject], null, node, env);
      if (m instanceof RUnknown) unknown ??= m;
      else if (m !== null && m !== false) return true;
    }
    return unknown ?? false;
  }
  const test = it.eval(node, env);
  return subject === undefined ? test : it.invoke(test, "===", [subject], null, node, env);
}

/**
 * A loop Routemap stops because it cannot decide how many times it runs (`while`'s condition,
 * `Kernel#loop`'s `break`): said at `at`, and where its body may draw, the loop is an open region.
 */
export function stopUndecidableLoop(it: Evaluator, message: string, o: { at: Node; loop: Node; body: Node | null }): void {
  it.report("info", message, it.nodeSpan(o.at), "undecidable-loop");
  if (o.body && mayDraw(o.body)) it.openRegion(it.nodeSpan(o.loop), message);
}

/** `while`/`until`: each iteration a frame of its own (`next`), the loop one (`break`). */
function loop(it: Evaluator, n: N.WhileNode | N.UntilNode, env: Env, until: boolean): RValue {
  const body = () => it.statements(n.statements, env);
  const test = () => {
    const v = it.eval(n.predicate, env);
    const t = it.decide(n.predicate, v);
    if (t === undefined) {
      const message = `Routemap cannot decide how many times this loop runs: its condition depends on \`${describe(v)}\`. Routemap stops here; what the loop would draw is missing.`;
      stopUndecidableLoop(it, message, { at: n.predicate, loop: n, body: n.statements });
      return false;
    }
    return t !== until;
  };
  return it.frames.run("loop", () => {
    try {
      // `begin … end while x` runs the body once before the first test.
      if (n.isBeginModifier()) runIteration(it, body);
      while (test()) {
        it.charge(1);
        runIteration(it, body);
      }
    } catch (e) {
      if (e instanceof BreakSignal && e.target === undefined) return e.value;
      throw e;
    }
    return null;
  }, (name) => it.unknownAt(n, new RUnknown(name, false, "a value the loop's undecidable exits leave open")));
}

function runIteration(it: Evaluator, body: () => RValue): void {
  it.frames.run("iteration", () => {
    try {
      return body();
    } catch (e) {
      if (e instanceof NextSignal) return e.value;
      throw e;
    }
  }, (name) => new RUnknown(name));
}

const describe = (v: RValue) => (v instanceof RUnknown ? v.description : "an undecidable value");

function forLoop(it: Evaluator, n: N.ForNode, env: Env): RValue {
  const collection = it.eval(n.collection, env);
  if (collection instanceof RUnknown) {
    const message = `Routemap cannot iterate over \`${collection.description}\`: ${collection.why}. What the loop would draw is missing.`;
    it.report("info", message, it.nodeSpan(n.collection), "unknown-value");
    if (n.statements && mayDraw(n.statements)) it.openRegion(it.nodeSpan(n), message);
    return collection;
  }
  return it.frames.run("loop", () => {
    try {
      iterate(it, collection, (y) => {
        assignTarget(it, n.index, elementOf(y), env);
        runIteration(it, () => it.statements(n.statements, env));
      });
    } catch (e) {
      if (e instanceof BreakSignal && e.target === undefined) return e.value;
      throw e;
    }
    return collection;
  }, (name) => new RUnknown(name));
}

/** The exception object a `rescue => e` binds: its class, and `message`. */
function exceptionObject(e: RoutingError): RObject {
  const o = new RObject(e.rubyClass, new Set(["message", "to_s", "full_message"]));
  o.ivars.set("@message", e.message);
  return o;
}

/** Whether a `rescue` clause's classes take `e` (none listed: StandardError). */
function rescues(it: Evaluator, clause: N.RescueNode, e: RoutingError, env: Env): boolean | undefined {
  if (!clause.exceptions.length) return isExceptionA(e.rubyClass, "StandardError");
  for (const node of clause.exceptions) {
    const classes = node instanceof N.SplatNode ? it.eval(node.expression, env) : it.eval(node, env);
    for (const cls of Array.isArray(classes) ? classes : [classes]) {
      if (cls instanceof RConst && (isExceptionClass(cls.path.replace(/^::/, "")) || cls.path === e.rubyClass)) {
        if (isExceptionA(e.rubyClass, cls.path.replace(/^::/, ""))) return true;
      } else return undefined; // a class Routemap does not know: whether it takes the exception is unknown
    }
  }
  return false;
}

/**
 * `begin … rescue … else … ensure … end`. With an `ensure`, what the rest raises is held until
 * the `ensure` has run (an error it raises itself replaces it, as in Ruby), so nothing is
 * reported before it; `retry` runs the body again without it.
 */
function beginRescue(it: Evaluator, n: N.BeginNode, env: Env): RValue {
  const ensure = n.ensureClause;
  if (!ensure) return rescued(it, n, env);
  try {
    return it.rescuing(() => rescued(it, n, env));
  } finally {
    it.statements(ensure.statements, env);
  }
}

/** The body, its `rescue` clauses and its `else` (which they do not guard). */
function rescued(it: Evaluator, n: N.BeginNode, env: Env): RValue {
  for (;;) {
    let value: RValue;
    try {
      value = n.rescueClause ? it.rescuing(() => it.statements(n.statements, env)) : it.statements(n.statements, env);
    } catch (e) {
      if (!(e instanceof RoutingError) || !n.rescueClause) throw e;
      const handled = rescue(it, n.rescueClause, e, env);
      if (handled === RETRY) {
        it.charge(1);
        continue;
      }
      if (handled === UNHANDLED) throw e;
      return handled;
    }
    return n.elseClause ? it.eval(n.elseClause, env) : value;
  }
}

const RETRY = Symbol("retry");
const UNHANDLED = Symbol("unhandled");
class RetrySignal {}

function rescue(it: Evaluator, first: N.RescueNode, e: RoutingError, env: Env): RValue | typeof RETRY | typeof UNHANDLED {
  for (let clause: N.RescueNode | null = first; clause; clause = clause.subsequent) {
    const takes = rescues(it, clause, e, env);
    if (takes === undefined) {
      // Whether the app's exception class takes Ruby's is not known: the error may be rescued.
      it.report("info", `Routemap cannot tell whether this \`rescue\` takes the ${e.rubyClass} raised here (${e.message.split("\n")[0]}).`, it.nodeSpan(clause), "unknown-rescue");
      return new RUnknown("rescue", false, "a value that depends on which exceptions an app's class takes");
    }
    if (!takes) continue;
    if (clause.reference) assignTarget(it, clause.reference, exceptionObject(e), env);
    try {
      return it.statements(clause.statements, env);
    } catch (r) {
      if (r instanceof RetrySignal) return RETRY;
      throw r;
    }
  }
  return UNHANDLED;
}

function argumentValue(it: Evaluator, args: N.ArgumentsNode | null, env: Env): RValue {
  if (!args) return null;
  const values = it.callArguments({ arguments_: args }, env).args;
  return values.length === 1 ? values[0] : values;
}

/**
 * `left && right` (`and`: true) or `left || right` whose left side Routemap cannot decide: both
 * worlds followed. Where the right side, run in the world that reaches it, has the truth `left`
 * has in the other (falsy after `&&`, truthy after `||`), the whole has that truth either way:
 * `defined?(JasmineRails) && Rails.env.test?` outside the tests decides an `if` (it drew the
 * routes of both branches).
 */
function eitherWay(it: Evaluator, n: N.AndNode | N.OrNode, left: RUnknown, env: Env, and: boolean): RValue {
  let rightTruth: boolean | undefined;
  const right = () => {
    const value = it.eval(n.right, env);
    rightTruth = it.decide(n.right, value);
    return value;
  };
  // Said only when the whole stays undecided: decided either way, no branch depends on it.
  const condition = it.conditionOf(n.left, left, undefined, { quiet: true });
  const value = and ? it.fork(condition, right, () => left) : it.fork(condition, () => left, right);
  if (rightTruth === !and && value instanceof RUnknown) return new RUnknownTruth(value, !and);
  it.sayUndecided(n.left, left, condition.text);
  return value;
}

export const CONTROL: Handlers = [
  [N.ProgramNode, (it, n: N.ProgramNode, env) => it.statements(n.statements, env)],
  [N.StatementsNode, (it, n: N.StatementsNode, env) => it.statements(n, env)],
  [N.IfNode, (it, n: N.IfNode, env) => branch(it, n.predicate, env, () => it.statements(n.statements, env), () => it.eval(n.subsequent, env), n)],
  [N.UnlessNode, (it, n: N.UnlessNode, env) => branch(it, n.predicate, env, () => it.eval(n.elseClause, env), () => it.statements(n.statements, env), n)],
  [N.ElseNode, (it, n: N.ElseNode, env) => it.statements(n.statements, env)],
  [N.AndNode, (it, n: N.AndNode, env) => {
    const left = it.eval(n.left, env);
    const truth = it.decide(n.left, left);
    if (truth === undefined) return eitherWay(it, n, left as RUnknown, env, true);
    return truth ? it.eval(n.right, env) : left;
  }],
  [N.OrNode, (it, n: N.OrNode, env) => {
    const left = it.eval(n.left, env);
    const truth = it.decide(n.left, left);
    if (truth === undefined) return eitherWay(it, n, left as RUnknown, env, false);
    return truth ? left : it.eval(n.right, env);
  }],
  [N.CaseNode, (it, n: N.CaseNode, env) => caseWhen(it, n, env)],
  [N.WhileNode, (it, n: N.WhileNode, env) => loop(it, n, env, false)],
  [N.UntilNode, (it, n: N.UntilNode, env) => loop(it, n, env, true)],
  [N.ForNode, (it, n: N.ForNode, env) => forLoop(it, n, env)],
  [N.BeginNode, (it, n: N.BeginNode, env) => beginRescue(it, n, env)],
  [N.RescueModifierNode, (it, n: N.RescueModifierNode, env) => {
    try {
      return it.rescuing(() => it.eval(n.expression, env));
    } catch (e) {
      if (e instanceof RoutingError && isExceptionA(e.rubyClass, "StandardError")) return it.eval(n.rescueExpression, env);
      throw e;
    }
  }],
  [N.RetryNode, () => {
    throw new RetrySignal();
  }],
  [N.ReturnNode, (it, n: N.ReturnNode, env) => {
    throw new ReturnSignal(argumentValue(it, n.arguments_, env), { node: n, index: it.index });
  }],
  [N.NextNode, (it, n: N.NextNode, env) => {
    throw new NextSignal(argumentValue(it, n.arguments_, env), { node: n, index: it.index });
  }],
  [N.BreakNode, (it, n: N.BreakNode, env) => {
    throw new BreakSignal(argumentValue(it, n.arguments_, env), { node: n, index: it.index });
  }],
  [N.RedoNode, (it, n: N.Node) => new RUnknown(it.sourceText(n), false, "`redo`, which Routemap does not follow")],
  [N.YieldNode, (it, n: N.YieldNode, env) => {
    const { args } = it.callArguments({ arguments_: n.arguments_ }, env);
    if (!env.block) throw new RoutingError("no block given (yield)", "LocalJumpError");
    return it.yield(env.block, args);
  }],
  [N.DefinedNode, (it, n: N.DefinedNode, env) => defined(it, n, env)],
  [N.FlipFlopNode, (it, n: N.Node) => new RUnknown(it.sourceText(n), false, "a flip-flop, which Routemap does not follow")],
];

/** `defined?(x)`: locals, constants the files or the app define, and known methods; unknown otherwise. */
function defined(it: Evaluator, n: N.DefinedNode, env: Env): RValue {
  const target = n.value;
  if (target instanceof N.LocalVariableReadNode) return "local-variable";
  if (target instanceof N.InstanceVariableReadNode) {
    const set = it.ivarDefined(target.name, env.self);
    return set === true ? "instance-variable" : set === false ? null : it.unknownAt(n, set);
  }
  if (target instanceof N.ConstantReadNode || target instanceof N.ConstantPathNode) {
    const v = it.eval(target, env);
    if (v instanceof RConst && (coreClass(v.path) || CORE_CLASS_NAMES.has(v.path.replace(/^::/, "")))) return "constant";
    // A class or module a file of the app defines, run by now (required, an initializer), or that
    // the autoloader finds where Rails 6.0 on (Zeitwerk's `autoload`, which `defined?` sees) would.
    if (v instanceof RConst && it.constantDefined(v.path.replace(/^::/, ""))) return "constant";
    const why = v instanceof RConst && it.classes.has(v.path.replace(/^::/, "")) ? "whether Rails has loaded the app's file that defines it by then" : "whether a constant defined outside the files Routemap reads is loaded";
    return v instanceof RConst || v instanceof RUnknown ? it.unknownAt(n, new RUnknown(it.sourceText(n), false, why, undefined, it.sourceText(n))) : "constant";
  }
  if (target instanceof N.NilNode || target instanceof N.TrueNode || target instanceof N.FalseNode || target instanceof N.SelfNode) return "expression";
  return it.unknownAt(n, new RUnknown(it.sourceText(n), false, "whether a method is defined in the running app", undefined, it.sourceText(n)));
}
