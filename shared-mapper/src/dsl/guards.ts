/**
 * The conditions a statement of a file stands under, read from the file's syntax: the `if`,
 * `unless`, ternary, modifier, `&&`/`||` and `case` around it, from the top level down. Used for
 * what Routemap reads from a file without running it whole (an initializer's
 * `ActionDispatch::Routing::Mapper.include(Mod)`, appMappers.ts): Ruby makes such a change only
 * where each of these conditions goes its way, so each is decided as Ruby would at boot, or kept
 * as a condition Routemap cannot decide (branches.ts), never taken as holding.
 */
import * as N from "@ruby/prism/src/nodes.js";

/** A condition around the statement: `predicate` must be truthy (`holds`) or falsy for it to run; or the branch of a `case` it is in. */
export type Guard = { predicate: N.Node; holds: boolean } | { caseNode: N.CaseNode; branch: N.Node };

/** The guards around `target` in `root`, outermost first; undefined when `target` is not in `root`. */
export function guardsAround(root: N.Node, target: N.Node): Guard[] | undefined {
  const path = pathTo(root, target);
  if (!path) return undefined;
  const guards: Guard[] = [];
  for (let i = 0; i + 1 < path.length; i++) {
    const guard = guardOf(path[i], path[i + 1]);
    if (guard) guards.push(guard);
  }
  return guards;
}

/** The guard `parent` puts on its `child` (the next node on the way down), if any. */
function guardOf(parent: N.Node, child: N.Node): Guard | undefined {
  if (parent instanceof N.IfNode) {
    if (child === parent.statements) return { predicate: parent.predicate, holds: true };
    if (child === parent.subsequent) return { predicate: parent.predicate, holds: false };
  } else if (parent instanceof N.UnlessNode) {
    if (child === parent.statements) return { predicate: parent.predicate, holds: false };
    if (child === parent.elseClause) return { predicate: parent.predicate, holds: true };
  } else if (parent instanceof N.AndNode || parent instanceof N.OrNode) {
    if (child === parent.right) return { predicate: parent.left, holds: parent instanceof N.AndNode };
  } else if (parent instanceof N.CaseNode) {
    if (child !== parent.predicate) return { caseNode: parent, branch: child };
  }
  return undefined;
}

/** The nodes from `root` down to `target`, both included. */
function pathTo(root: N.Node, target: N.Node): N.Node[] | undefined {
  const start = target.location.startOffset;
  const end = start + target.location.length;
  const path: N.Node[] = [root];
  let node = root;
  while (node !== target) {
    let next: N.Node | undefined;
    for (const child of node.childNodes()) {
      if (!child) continue;
      if (child === target) {
        next = child;
        break;
      }
      const from = child.location.startOffset;
      if (from <= start && end <= from + child.location.length) next ??= child;
    }
    if (!next) return undefined;
    path.push(next);
    node = next;
  }
  return path;
}
