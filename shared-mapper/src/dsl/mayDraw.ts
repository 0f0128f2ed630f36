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


const VERBS = new Set(["get", "post", "put", "patch", "delete", "match", "options"]);

/**
 * Whether `node` is one verb call on the routes whose endpoint is `to: redirect(…)` (high_voltage's
 * `get "/#{HighVoltage.home_page}", to: redirect('/')`): skipped, it may add a name, but no
 * route to a controller.
 */
export function onlyRedirects(node: Node): boolean {
  const to = verbOption(node, "to");
  return to instanceof N.CallNode && to.name === "redirect" && to.receiver === null;
}

/**
 * The word every name a skipped verb call could add contains: its literal `as:` (`get
 * "/#{x}", to: redirect("/"), as: :legacy` adds `legacy`, `admin_legacy` in a namespace,
 * `legacy_post` on a member; Rails' `name_for_action` keeps `as` whole, `-` made `_`).
 * Undefined without one: the name then comes from the unknown path.
 */
export function verbNameWord(node: Node): string | undefined {
  const as = verbOption(node, "as");
  const word = as instanceof N.SymbolNode ? as.unescaped.value : as instanceof N.StringNode ? as.unescaped.value : undefined;
  return word ? word.replaceAll("-", "_") : undefined;
}

/** The value of option `key` of one verb call on the routes without a block (`get "x", key: …`). */
function verbOption(node: Node, key: string): Node | undefined {
  if (!(node instanceof N.CallNode) || node.receiver !== null || node.block !== null || !VERBS.has(node.name)) return undefined;
  const last = node.arguments_?.arguments_.at(-1);
  if (!(last instanceof N.KeywordHashNode)) return undefined;
  const pair = last.elements.find((e) => e instanceof N.AssocNode && e.key instanceof N.SymbolNode && e.key.unescaped.value === key);
  return pair instanceof N.AssocNode ? pair.value : undefined;
}
