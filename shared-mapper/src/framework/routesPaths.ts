/**
 * The routes files an app loads: `config.paths["config/routes.rb"]`, which railties'
 * RoutesReloader walks in order, loading each file that exists into the one route set
 * (railties/lib/rails/application/routes_reloader.rb, `paths`/`load_paths`). By default it
 * holds `config/routes.rb` alone; an app may set it to a list, or add to it, in
 * config/application.rb (`= %w(config/routes/api.rb config/routes.rb)`, `<< "…"`,
 * `.unshift(…)`, `.concat(…)`, `Rails.root.join("config", "routes", "admin.rb")`, `Dir[…]`).
 * What is computed some other way (a method's result) is not read. `Rails::Paths::Path` has no
 * `+`, `push`, `append` or `prepend` (railties/lib/rails/paths.rb, 6.1 to 8.1): `+= […]` and those
 * raise NoMethodError as the app boots.
 */
import * as N from "@ruby/prism/src/nodes.js";
import type { LoadedFile } from "../ruby/loadedFile.js";
import type { Span } from "../types.js";
import { walkNodes } from "../ruby/walk.js";
import { compareBytes } from "../core/compare.js";

export type RoutesPaths =
  /** Relative to the app's root, in the order Rails loads them; `site`: the setting's last write. */
  | { paths: string[]; site: Span }
  | { unknown: { text: string; span: Span } }
  /** A method the list does not have (`+=`, `push`): Rails raises NoMethodError there. */
  | { missing: { method: string; span: Span } };

const KEY = "config/routes.rb";

/**
 * The app's routes files, or undefined when config/application.rb leaves the default. `glob`
 * lists the app's files matching a pattern relative to its root (`config/routes/*.rb`), sorted
 * as Ruby's `Dir[]` returns them; undefined where the host did not read that folder.
 */
export function readRoutesPaths(application: LoadedFile, glob: (pattern: string) => string[] | undefined): RoutesPaths | undefined {
  const values = (node: N.Node | undefined) => valuesOf(node, glob);
  let paths: string[] | undefined;
  let site: Span | undefined;
  let unknown: { text: string; span: Span } | undefined;
  let missing: { method: string; span: Span } | undefined;
  const spanOf = (node: N.Node) => application.index.span(node.location.startOffset, node.location.startOffset + node.location.length);
  const unread = (node: N.Node) => {
    unknown ??= { text: application.index.slice(node.location.startOffset, node.location.startOffset + node.location.length).split("\n")[0], span: spanOf(node) };
  };
  /** The list after a write: replaced, added to at either end, or unknown. */
  const write = (node: N.Node, given: (string[] | undefined)[], how: "replace" | "append" | "prepend") => {
    if (given.some((g) => g === undefined)) return unread(node);
    const flat = given.flat() as string[];
    const before = paths ?? [KEY];
    paths = how === "replace" ? flat : how === "prepend" ? [...flat, ...before] : [...before, ...flat];
    site = spanOf(node);
  };
  // In source order: a later write works on what the earlier ones left.
  walkNodes(application.program, (node) => {
    if (node instanceof N.IndexOperatorWriteNode && isRoutesPaths(node.receiver, node.arguments_)) {
      missing ??= { method: node.binaryOperator, span: spanOf(node) };
    } else if (node instanceof N.CallNode && node.name === "[]=" && isRoutesPaths(node.receiver, node.arguments_)) {
      write(node, [values(node.arguments_!.arguments_[1])], "replace");
    } else if (node instanceof N.CallNode && NOT_PATH_METHODS.has(node.name) && node.receiver instanceof N.CallNode && node.receiver.name === "[]" && isRoutesPaths(node.receiver.receiver, node.receiver.arguments_)) {
      missing ??= { method: node.name, span: spanOf(node) };
    } else if (node instanceof N.CallNode && APPENDING.has(node.name) && node.receiver instanceof N.CallNode && node.receiver.name === "[]" && isRoutesPaths(node.receiver.receiver, node.receiver.arguments_)) {
      write(node, (node.arguments_?.arguments_ ?? []).map(values), node.name === "unshift" ? "prepend" : "append");
    }
  });
  if (missing) return { missing };
  if (unknown) return { unknown };
  return paths && site && { paths, site };
}

const APPENDING = new Set(["<<", "unshift", "concat"]);
/** Array's, which `Rails::Paths::Path` does not have. */
const NOT_PATH_METHODS = new Set(["push", "append", "prepend"]);

/** `config.paths["config/routes.rb"]` (or `paths[…]` of any receiver named config). */
function isRoutesPaths(receiver: N.Node | null, args: N.ArgumentsNode | null): boolean {
  const key = args?.arguments_[0];
  return (
    receiver instanceof N.CallNode &&
    receiver.name === "paths" &&
    receiver.receiver instanceof N.CallNode &&
    receiver.receiver.name === "config" &&
    key instanceof N.StringNode &&
    key.unescaped.value === KEY
  );
}

/**
 * Paths written out: a string, `%w(…)`, an array of them, `Rails.root.join("a", "b.rb")`, and
 * `Dir[Rails.root.join("config/routes/*.rb")]` (or `Dir.glob`), any of them `.sort`ed, and lists
 * joined with `+`.
 */
function valuesOf(node: N.Node | undefined, glob: (pattern: string) => string[] | undefined): string[] | undefined {
  const values = (n: N.Node | undefined) => valuesOf(n, glob);
  if (!node) return undefined;
  if (node instanceof N.CallNode && (node.name === "[]" || node.name === "glob") && node.receiver instanceof N.ConstantReadNode && node.receiver.name === "Dir") {
    const pattern = values(node.arguments_?.arguments_[0]);
    return pattern?.length === 1 ? glob(pattern[0]) : undefined;
  }
  // `Dir[…].sort` (puzzle/cryptopus): Ruby compares the strings byte by byte.
  if (node instanceof N.CallNode && node.name === "sort" && !node.arguments_ && !node.block && node.receiver) {
    return values(node.receiver)?.sort(compareBytes);
  }
  // `unshift(*Dir[…].sort)`: the list's paths.
  if (node instanceof N.SplatNode) return values(node.expression ?? undefined);
  // `Dir[…] + Dir[…]` (noosfero): the lists one after the other.
  if (node instanceof N.CallNode && node.name === "+" && node.receiver && node.arguments_?.arguments_.length === 1) {
    const [left, right] = [values(node.receiver), values(node.arguments_.arguments_[0])];
    return left && right ? [...left, ...right] : undefined;
  }
  if (node instanceof N.StringNode) return [relativePath(node.unescaped.value)];
  if (node instanceof N.ArrayNode) {
    const all = node.elements.map(values);
    return all.some((v) => v === undefined) ? undefined : (all.flat() as string[]);
  }
  // `%w(…).map { |path| Rails.root.join(path) }`: the same paths, made absolute.
  if (node instanceof N.CallNode && node.name === "map" && node.block instanceof N.BlockNode && isRootJoinOfItem(node.block)) return values(node.receiver ?? undefined);
  if (node instanceof N.CallNode && node.name === "join" && isRailsRoot(node.receiver)) {
    const parts = node.arguments_?.arguments_ ?? [];
    if (!parts.length || !parts.every((p) => p instanceof N.StringNode)) return undefined;
    return [parts.map((p) => (p as N.StringNode).unescaped.value).join("/")];
  }
  return undefined;
}

/** A block `{ |path| Rails.root.join(path) }` (or `.to_s` of it, or `_1`/`it`). */
function isRootJoinOfItem(block: N.BlockNode): boolean {
  const body = block.body instanceof N.StatementsNode ? block.body.body : [];
  let call = body.length === 1 ? body[0] : undefined;
  if (call instanceof N.CallNode && call.name === "to_s" && !call.arguments_) call = call.receiver ?? undefined;
  if (!(call instanceof N.CallNode) || call.name !== "join" || !isRailsRoot(call.receiver)) return false;
  const args = call.arguments_?.arguments_ ?? [];
  return args.length === 1 && (args[0] instanceof N.LocalVariableReadNode || args[0] instanceof N.ItLocalVariableReadNode || (args[0] instanceof N.CallNode && args[0].name === "it"));
}

const isRailsRoot = (node: N.Node | null) =>
  node instanceof N.CallNode && node.name === "root" && node.receiver instanceof N.ConstantReadNode && node.receiver.name === "Rails";

const relativePath = (path: string) => path.replace(/^\.\//, "");
