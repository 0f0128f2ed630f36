/** Whether a piece of code Routemap skips could have drawn routes (`MapResult.openRegions`). */
import * as N from "@ruby/prism/src/nodes.js";

type Node = N.Node;

/**
 * Whether evaluating `node` could draw routes: it calls a method on `self` (the DSL, or a
 * method of the files that may call it) or passes a proc it did not write (`&block`, which may
 * draw). A literal block is judged by what it calls: `builder.use X do |u, p| … end` calls
 * nothing on `self`, so neither it nor the method it is given can draw through it. Bounded: a
 * huge subtree is taken to.
 */
export function mayDraw(node: Node): boolean {
  let seen = 0;
  const visit = (n: Node): boolean => {
    if (++seen > 2000) return true;
    if (n instanceof N.CallNode && (n.receiver === null || n.receiver instanceof N.SelfNode || n.block instanceof N.BlockArgumentNode)) return true;
    // `yield` and `super` run code of the method's caller or superclass, which may draw.
    if (n instanceof N.YieldNode || n instanceof N.SuperNode || n instanceof N.ForwardingSuperNode) return true;
    for (const child of n.childNodes()) if (child && visit(child)) return true;
    return false;
  };
  return visit(node);
}

