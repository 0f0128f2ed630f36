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

/** Whether a node of the tree passes `test` (in `walkNodes`' order, stopping at the first that does). */
export function someNode(root: N.Node, test: (node: N.Node) => boolean): boolean {
  const stack: N.Node[] = [root];
  while (stack.length) {
    const node = stack.pop()!;
    if (test(node)) return true;
    const children = node.childNodes();
    for (let i = children.length - 1; i >= 0; i--) if (children[i]) stack.push(children[i]!);
  }
  return false;
}

/** Whether a call of the tree passes `test` (a whole program's from its kept list of calls, `walkCalls`), stopping at the first that does. */
export function someCall(root: N.Node, test: (node: N.CallNode) => boolean): boolean {
  if (root instanceof N.ProgramNode) return programIndex(root).calls.some(test);
  return someNode(root, (node) => node instanceof N.CallNode && test(node));
}

/**
 * Every call of a tree, in source order. A whole file's calls are listed once per tree and kept
 * with it: a file's facts walk its calls three times and more (URL helper calls, hashes, the
 * blocks that expect a raise), which was a large part of a first `check` on a large app.
 */
export function walkCalls(root: N.Node, visit: (node: N.CallNode) => void): void {
  const calls = root instanceof N.ProgramNode ? programIndex(root).calls : listCalls(root).calls;
  for (const call of calls) visit(call);
}

/**
 * A program's calls in source order (`walkCalls`), each with the innermost `def` it is in
 * (`scopes`, undefined at the top level and in class bodies), and every `def` in source order,
 * nested ones included: the scopes the polymorphic targets look up variables in
 * (polymorphic.ts), listed in the one walk that lists the calls, once per tree.
 */
export interface ProgramIndex {
  calls: N.CallNode[];
  scopes: (N.DefNode | undefined)[];
  defs: N.DefNode[];
  /**
   * Where the reader listed them (serialized.ts): the variables' writes and the parameter lists
   * (`WRITE_TYPES`), in the order they were made, children before their parent (the reverse of
   * a walk that pushes each node's children in order and pops them, as polymorphic.ts's
   * `assignments` does), each with its innermost `def`.
   */
  writes?: { nodes: N.Node[]; scopes: (N.DefNode | undefined)[] };
}

/** The node types `ProgramIndex.writes` lists: what polymorphic.ts's `assignments` notes. */
export const WRITE_TYPES = [
  "InstanceVariableWriteNode", "InstanceVariableOrWriteNode", "LocalVariableWriteNode", "LocalVariableOrWriteNode",
  "InstanceVariableOperatorWriteNode", "InstanceVariableAndWriteNode", "LocalVariableOperatorWriteNode", "LocalVariableAndWriteNode",
  "MultiWriteNode", "ParametersNode", "BlockParametersNode",
] as const;

/** The writes the reader listed for `program`, if it did (`ProgramIndex.writes`). */
export function indexedWrites(program: N.ProgramNode): ProgramIndex["writes"] {
  return (program as Indexed)[INDEX]?.writes;
}

export function programIndex(program: N.ProgramNode): ProgramIndex {
  return ((program as Indexed)[INDEX] ??= listCalls(program));
}

/**
 * A program's index is kept on the program node itself, not in a WeakMap keyed by it: a tree
 * whose index was a WeakMap's value outlived the young generation (V8 promoted it, and with it
 * every node the index lists, to the old one until a full collection). On the large app's
 * facts, in one thread, the old generation grew to 268 MB before a full collection, against
 * 68 MB (docs/benchmarks.md).
 */
const INDEX = Symbol("routemap.programIndex");
type Indexed = N.ProgramNode & { [INDEX]?: ProgramIndex };

/** Keeps the index the reader of Prism's output listed as it read `program` (serialized.ts `deserialize`'s `index`), in the same order as `listCalls`. */
export function keepProgramIndex(program: N.ProgramNode, index: ProgramIndex): void {
  (program as Indexed)[INDEX] = index;
}

/** `walkNodes`' order, each node pushed with its innermost `def` (two stacks: no pair per node). */
function listCalls(root: N.Node): ProgramIndex {
  const out: ProgramIndex = { calls: [], scopes: [], defs: [] };
  const stack: N.Node[] = [root];
  const scopeStack: (N.DefNode | undefined)[] = [undefined];
  while (stack.length) {
    const node = stack.pop()!;
    let scope = scopeStack.pop();
    if (node instanceof N.CallNode) {
      out.calls.push(node);
      out.scopes.push(scope);
    } else if (node instanceof N.DefNode) {
      out.defs.push(node);
      scope = node;
    }
    const children = node.childNodes();
    for (let i = children.length - 1; i >= 0; i--) {
      if (!children[i]) continue;
      stack.push(children[i]!);
      scopeStack.push(scope);
    }
  }
  return out;
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

/** The statements of each branch of an `if`/`unless` (`elsif`, `else`), nested ones' too; none for another node. */
export function branchStatements(node: N.Node | null | undefined): N.Node[] {
  const of = (statements: N.StatementsNode | null | undefined): N.Node[] => (statements?.body ?? []).flatMap((s) => (s instanceof N.IfNode || s instanceof N.UnlessNode ? branchStatements(s) : [s]));
  if (node instanceof N.IfNode) return [...of(node.statements), ...branchStatements(node.subsequent)];
  if (node instanceof N.UnlessNode) return [...of(node.statements), ...branchStatements(node.elseClause)];
  if (node instanceof N.ElseNode) return of(node.statements);
  return [];
}

/** A `class` or `module` node and the modules around it (full names, outermost first), as Ruby's lexical scope looks constants up. */
export interface Definition<T extends N.ClassNode | N.ModuleNode> {
  node: T;
  nesting: string[];
}

/**
 * The `class` (or `module`) nodes of a tree that define `name`, in source order: at the top
 * (`class Admin::Post`) or inside the modules that make its name (`module Admin; class Post`).
 * Nesting deeper than 100 modules is not followed (no app writes it; a hostile file may).
 */
export function definitionsOf<T extends typeof N.ClassNode | typeof N.ModuleNode>(root: N.Node, name: string, kind: T): Definition<InstanceType<T>>[] {
  const out: Definition<InstanceType<T>>[] = [];
  const visit = (node: N.Node, nesting: string[]): void => {
    for (const child of node.childNodes()) {
      if (child instanceof N.StatementsNode) visit(child, nesting);
      if (!(child instanceof N.ModuleNode || child instanceof N.ClassNode)) continue;
      const written = constantPathText(child.constantPath);
      if (written === undefined) continue;
      const full = nestedName(written, nesting);
      if (child instanceof kind && full === name) out.push({ node: child as InstanceType<T>, nesting });
      if (child.body && nesting.length < 100) visit(child.body, [...nesting, full]);
    }
  };
  visit(root, []);
  return out;
}

/** The full name a `class`/`module` statement written `written` gives inside `nesting` (`::X` is top-level). */
const nestedName = (written: string, nesting: readonly string[]): string =>
  written.startsWith("::") ? written.slice(2) : [...nesting.slice(-1), written].join("::");

/**
 * The modules open at `offset` of a tree (full names, outermost first), as Ruby's lexical scope is
 * there: `[Author]` inside `class Author`'s body. Nesting deeper than 100 modules is not followed.
 */
export function nestingAt(root: N.Node, offset: number): string[] {
  const nesting: string[] = [];
  const inside = (n: N.Node) => n.location.startOffset <= offset && offset < n.location.startOffset + n.location.length;
  for (let node: N.Node | undefined = root; node && nesting.length < 100; ) {
    let next: N.Node | undefined;
    for (const child of node.childNodes()) {
      if (!child || !inside(child)) continue;
      if ((child instanceof N.ModuleNode || child instanceof N.ClassNode) && child.body && inside(child.body)) {
        const written = constantPathText(child.constantPath);
        if (written === undefined) return nesting;
        nesting.push(nestedName(written, nesting));
      }
      next = child;
      break;
    }
    node = next;
  }
  return nesting;
}

/**
 * A body's statements in order: a `StatementsNode`'s list; another node (a `do … rescue … end`
 * body is a `BeginNode`) as the one statement it is, so that a reader meets what it does not
 * follow instead of passing over it; none for an empty body.
 */
export function statementsOf(body: N.Node | null | undefined): N.Node[] {
  return body instanceof N.StatementsNode ? body.body : body ? [body] : [];
}

/**
 * The constants a name written in a body may mean, in the order Ruby looks: in each module open
 * around it (`nesting`, full names, outermost first), innermost first, then at the top; only the
 * top for a name written `::X`.
 */
export function lexicalCandidates(written: string, nesting: readonly string[]): string[] {
  const bare = written.replace(/^::/, "");
  return written.startsWith("::") ? [bare] : [...nesting.slice().reverse().map((m) => `${m}::${bare}`), bare];
}

/**
 * The constant a `class`/`module` statement written `written` defines, inside the modules open
 * around it (`nesting`, full names, outermost first). A bare name is the innermost module's; a
 * path's scope (`Editorial` of `class Editorial::SubmissionsController`) is looked up as Ruby
 * looks it up, lexically, among the constants `exists` knows (inside `module Editorial`, the
 * top-level `Editorial`, not `Editorial::Editorial`); where it knows none, the innermost's.
 */
export function definedConstantPath(written: string, nesting: readonly string[], exists: (path: string) => boolean): string {
  if (written.startsWith("::")) return written.slice(2);
  const inner = nesting.length ? `${nesting[nesting.length - 1]}::` : "";
  const at = written.lastIndexOf("::");
  if (at < 0) return inner + written;
  const scope = lexicalCandidates(written.slice(0, at), nesting).find(exists) ?? inner + written.slice(0, at);
  return scope + written.slice(at);
}

/** A body's nesting as full names (`["Admin", "Admin::Users"]`) from its name's segments. */
export const nestingPaths = (segments: readonly string[]): string[] => segments.map((_, i) => segments.slice(0, i + 1).join("::"));

/** The name of a method's or block's one required parameter (`|railtie|`, `def included(base)`), or undefined when it has not exactly one. */
export function requiredParameter(params: N.ParametersNode | null | undefined): string | undefined {
  const only = params?.requireds.length === 1 ? params.requireds[0] : undefined;
  return only instanceof N.RequiredParameterNode ? only.name : undefined;
}
