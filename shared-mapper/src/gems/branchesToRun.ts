/**
 * Which branches of an `if`/`unless` a gem's reader follows, in files it reads without running
 * (a Devise model, its initializer, ActiveAdmin's app/admin): the one a condition Routemap decides
 * takes, or both where it cannot, never one chosen silently.
 */
import * as N from "@ruby/prism/src/nodes.js";
import type { LoadedFile } from "../ruby/loadedFile.js";
import { RConst, RUnknown, truthy, type RValue } from "../ruby/values.js";

/**
 * The branches of an `if`/`unless` Ruby may run: the one a decided condition takes, both where
 * Routemap cannot decide it (`undecided`, with the condition's `value` when it was evaluated),
 * each with whether it is the node's own statements.
 */
export function branchesToRun(file: LoadedFile, node: N.IfNode | N.UnlessNode, evaluate?: Evaluate, before?: readonly N.Node[]): { undecided: boolean; value?: RValue; branches: { body: N.Node; own: boolean }[] } {
  const value = evaluate?.(file, node.predicate, before);
  const holds = value === undefined ? undefined : truthOf(value);
  const taken = holds === undefined ? undefined : (node instanceof N.IfNode) === holds;
  const other = node instanceof N.IfNode ? node.subsequent : node.elseClause;
  const branches: { body: N.Node; own: boolean }[] = [];
  if (taken !== false && node.statements) branches.push({ body: node.statements, own: true });
  if (taken !== true && other) branches.push({ body: other, own: false });
  return { undecided: holds === undefined, value: holds === undefined ? value : undefined, branches };
}

/** How a condition is evaluated: after `before`, the statements ahead of it in its body, when given. */
export type Evaluate = (file: LoadedFile, node: N.Node, before?: readonly N.Node[]) => RValue;

/** A condition's truth, or undefined when it cannot be known (or no evaluator was given). */
export function decide(file: LoadedFile, predicate: N.Node, evaluate?: Evaluate, before?: readonly N.Node[]): boolean | undefined {
  return evaluate ? truthOf(evaluate(file, predicate, before)) : undefined;
}

/** A condition's value's truth, undefined when unknown (an unknown constant's too: it may hold nil or false). */
const truthOf = (value: RValue): boolean | undefined => (value instanceof RUnknown || value instanceof RConst ? undefined : truthy(value));
