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
    // `childrenOf` written out: its second array per node was a tenth of a walk.
    const children = node.childNodes();
    for (let i = children.length - 1; i >= 0; i--) if (children[i]) stack.push(children[i]!);
  }
}

/**
 * Every call of a tree, in source order. A whole file's calls are listed once per tree and kept
 * with it: a file's facts walk its calls three times and more (URL helper calls, hashes, the
 * blocks that expect a raise), which was a large part of a first `check` on a large app.
 */
export function walkCalls(root: N.Node, visit: (node: N.CallNode) => void): void {
  let calls = root instanceof N.ProgramNode ? callsOfProgram.get(root) : undefined;
  if (!calls) {
    const found: N.CallNode[] = (calls = []);
    walkNodes(root, (node) => {
      if (node instanceof N.CallNode) found.push(node);
    });
    if (root instanceof N.ProgramNode) callsOfProgram.set(root, found);
  }
  for (const call of calls) visit(call);
}
const callsOfProgram = new WeakMap<N.ProgramNode, N.CallNode[]>();

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
