/**
 * Classes and modules an app makes hold the routes' helpers as their own class methods, so that
 * other code calls them on the constant (lobsters' `Routes.story_short_id_url(story)`):
 *
 *   class Routes
 *     class << self
 *       include Rails.application.routes.url_helpers
 *       def title_path(story) … end
 *     end
 *   end
 *
 * or `extend Rails.application.routes.url_helpers` in the class or module body. Ruby then finds
 * a helper among the singleton class's ancestors, after the methods the singleton class defines
 * itself (`def self.x`, or a `def` in `class << self`): those are the class's own, whatever
 * their names, and never a route's (actionpack's RouteSet#url_helpers is a module like any other).
 */
import * as N from "@ruby/prism/src/nodes.js";
import type { LoadedFile } from "../ruby/loadedFile.js";
import { constantPathText, definedConstantPath, nestingPaths } from "../ruby/walk.js";
import { isUrlHelpersModule } from "./urlGeneration.js";

export interface UrlHelperHolder {
  /** The constant, as the file's nesting names it (`Routes`, `Admin::Links`). */
  name: string;
  /** The class methods it defines itself: calls of these are not the routes' helpers. */
  own: string[];
}

/** The file's classes and modules whose class methods include the routes' helpers. */
export function urlHelperHolders(file: LoadedFile): UrlHelperHolder[] {
  const out: UrlHelperHolder[] = [];
  const visit = (statements: N.Node[], nesting: string[]) => {
    for (const node of statements) {
      if (!(node instanceof N.ClassNode || node instanceof N.ModuleNode)) continue;
      const written = constantPathText(node.constantPath);
      if (written === undefined) continue;
      const around = nestingPaths(nesting);
      const name = definedConstantPath(written, around, (path) => around.includes(path));
      const body = node.body instanceof N.StatementsNode ? node.body.body : [];
      const holder = readBody(body);
      if (holder.holds) out.push({ name, own: [...holder.own] });
      visit(body, name.split("::"));
    }
  };
  const program = file.program.statements.body;
  visit(program, []);
  return out;
}

/**
 * Whether a class body puts the helpers among its class methods, and the class methods it
 * defines. Only a body Routemap reads whole counts: one that defines class methods some other way
 * (`delegate`, `define_singleton_method`, a `method_missing`, another module extended) could define
 * any name, so its calls are not taken for the helpers'.
 */
function readBody(body: N.Node[]): { holds: boolean; own: Set<string> } {
  let holds = false;
  let open = false;
  const own = new Set<string>();
  const call = (node: N.Node, name: string) => node instanceof N.CallNode && !node.receiver && node.name === name;
  for (const node of body) {
    if (call(node, "extend")) {
      if (extendsHelpers(node as N.CallNode)) holds = true;
      else open = true;
    } else if (node instanceof N.DefNode && node.receiver instanceof N.SelfNode) own.add(node.name);
    else if (node instanceof N.SingletonClassNode && node.expression instanceof N.SelfNode) {
      const inner = node.body instanceof N.StatementsNode ? node.body.body : [];
      for (const s of inner) {
        if (call(s, "include") && extendsHelpers(s as N.CallNode)) holds = true;
        else if (s instanceof N.DefNode && !s.receiver) own.add(s.name);
        else if (ATTRIBUTES.some((name) => call(s, name))) for (const a of (s as N.CallNode).arguments_?.arguments_ ?? []) a instanceof N.SymbolNode ? own.add(a.unescaped.value) : (open = true);
        else if (!VISIBILITY.some((name) => call(s, name)) && !(s instanceof N.ConstantWriteNode)) open = true;
      }
    } else if (node instanceof N.CallNode && !node.receiver && SINGLETON_MAKERS.has(node.name)) open = true;
  }
  if (own.has("method_missing")) open = true;
  return { holds: holds && !open, own };
}

/** Calls in `class << self` that define no method. */
const VISIBILITY = ["private", "public", "protected"];
/** Calls in `class << self` that define the methods their symbols name (a reader's name is enough: a helper has no `=`). */
const ATTRIBUTES = ["attr_reader", "attr_writer", "attr_accessor"];
/** Class-body calls that define class methods by name. */
const SINGLETON_MAKERS = new Set(["define_singleton_method", "singleton_class", "delegate", "module_function", "mattr_reader", "mattr_accessor", "cattr_reader", "cattr_accessor"]);

/** `extend`/`include` whose arguments name `Rails.application.routes.url_helpers`. */
const extendsHelpers = (call: N.CallNode) => (call.arguments_?.arguments_ ?? []).some((a) => isUrlHelpersModule(a));
