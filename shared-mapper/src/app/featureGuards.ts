/**
 * Code that runs only where a feature the file tests for is there: the branch of
 * `if defined?(Dradis::Pro)`, of `if current_user.respond_to?(:role?) && current_user.role?(:admin)`,
 * of `unless Object.const_defined?(:Pro)`'s else, of `defined?(X) && link_to(…)`. An app that
 * ships with optional parts (dradis-ce and its Pro edition) calls their route helpers there, and
 * Rails never runs those calls where the feature is missing: the helper calls of such a branch
 * are not checked. The other branch, the one that runs without the feature, is.
 */
import * as N from "@ruby/prism/src/nodes.js";
import { childrenOf } from "../ruby/walk.js";

const TESTS = new Set(["respond_to?", "const_defined?", "method_defined?", "instance_variable_defined?"]);

/** 1: `node` is true only where the feature is; -1: only where it is not; 0: neither. */
function polarity(node: N.Node | null): number {
  if (!node) return 0;
  if (node instanceof N.DefinedNode) return 1;
  if (node instanceof N.ParenthesesNode && node.body instanceof N.StatementsNode && node.body.body.length === 1) return polarity(node.body.body[0]);
  if (node instanceof N.CallNode) {
    if (TESTS.has(node.name)) return 1;
    if (node.name === "!" && node.receiver) return -polarity(node.receiver);
    return 0;
  }
  // `a.respond_to?(:x) && a.x?`: true only where the feature is. (`||` says nothing.)
  if (node instanceof N.AndNode) return polarity(node.left) === 1 || polarity(node.right) === 1 ? 1 : 0;
  return 0;
}

/** The byte ranges `[start, end)` of a program's code that runs only where a tested feature is. */
export function featureGuardedRanges(program: N.Node): [number, number][] {
  const out: [number, number][] = [];
  const range = (n: N.Node | null | undefined) => n && out.push([n.location.startOffset, n.location.startOffset + n.location.length]);
  const stack: N.Node[] = [program];
  while (stack.length) {
    const node = stack.pop()!;
    if (node instanceof N.IfNode) {
      const p = polarity(node.predicate);
      range(p === 1 ? node.statements : p === -1 ? node.subsequent : null);
    } else if (node instanceof N.UnlessNode) {
      const p = polarity(node.predicate);
      range(p === 1 ? node.elseClause : p === -1 ? node.statements : null);
    } else if (node instanceof N.AndNode && polarity(node.left) === 1) {
      range(node.right);
    }
    for (const child of childrenOf(node)) stack.push(child);
  }
  return out;
}

export const inRanges = (ranges: [number, number][], offset: number) => ranges.some(([s, e]) => s <= offset && offset < e);
