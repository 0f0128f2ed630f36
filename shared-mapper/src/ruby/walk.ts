/** Walks Prism trees of app files that are read, not evaluated (configuration, models, controllers). */
import * as N from "@ruby/prism/src/nodes.js";

/**
 * A node's children in source order. Not `compactChildNodes()`: in @ruby/prism 1.9 it leaves
 * out the list fields of eleven node types (`case`'s `when`s and their conditions, `rescue`'s
 * classes, parameters, multiple assignment), so what is inside a `when` went unseen.
 */
export function childrenOf(node: N.Node): N.Node[] {
  const out: N.Node[] = [];
  for (const child of node.childNodes()) if (child) out.push(child);
  return out;
}

/** Every node of a tree, depth first, in source order; a stack instead of recursion keeps deep files safe. */
export function walkNodes(root: N.Node, visit: (node: N.Node) => void): void {
  const stack: N.Node[] = [root];
  while (stack.length) {
    const node = stack.pop()!;
    visit(node);
    const children = childrenOf(node);
    for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]);
  }
}

/** Every call of a tree, in source order. */
export function walkCalls(root: N.Node, visit: (node: N.CallNode) => void): void {
  walkNodes(root, (node) => {
    if (node instanceof N.CallNode) visit(node);
  });
}

/** A constant as written (`Admin::Users`, `::Top`); undefined for anything that is not a constant path. */
export function constantPathText(node: N.Node): string | undefined {
  if (node instanceof N.ConstantReadNode) return node.name;
  if (node instanceof N.ConstantPathNode) {
    if (!node.parent) return `::${node.name}`;
    const parent = constantPathText(node.parent);
    return parent === undefined ? undefined : `${parent}::${node.name}`;
  }
  return undefined;
}
