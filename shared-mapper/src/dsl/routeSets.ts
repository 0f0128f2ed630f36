/**
 * The route set's own methods as the files call them on it (`Rails.application.routes`, an
 * engine's `routes`, the application's bare `routes`), besides `draw`/`append`/`prepend`
 * (calls.ts): `default_scope=` and `resources_path_names` (route_set.rb's accessors, which every
 * draw starts from), and `eval_block`'s new Mapper for each draw of the app's set.
 */
import * as N from "@ruby/prism/src/nodes.js";
import { isApplication } from "../framework/appSettings.js";
import type { RouteSet } from "../mapper/routeSet.js";
import { rootScope } from "../mapper/scope.js";
import { withDefaultScope } from "../mapper/scoping.js";
import { forMapper, unknownValueOf, RConst, RHash, RUnknown, type RValue } from "../ruby/values.js";
import { callSpan } from "./declarations.js";
import type { Env } from "./env.js";
import type { CallHost, Node } from "./evaluator.js";

export const isRailsModule = (node: Node | null) =>
  (node instanceof N.ConstantReadNode && node.name === "Rails") || (node instanceof N.ConstantPathNode && node.parent === null && node.name === "Rails");

/** Whether `node` is a `routes` call (the receiver of `draw`, `append`, `default_scope=`…). */
export function isRoutesReceiver(node: Node): boolean {
  return node instanceof N.CallNode && node.name === "routes";
}

/** `routes.default_scope = …`, `routes.resources_path_names(=)` on a set Routemap knows; undefined for any other call. */
export function routeSetCall(it: CallHost, node: N.CallNode, env: Env): RValue | undefined {
  const name = node.name;
  if (!node.receiver || !isRoutesReceiver(node.receiver) || isRailsModule((node.receiver as N.CallNode).receiver)) return undefined;
  if (name === "default_scope=") return setDefaultScope(it, node, env);
  if (name === "clear!" || name === "disable_clear_and_finalize=") return clearNotFollowed(it, node, env);
  if (name !== "resources_path_names" && name !== "resources_path_names=") return undefined;
  const set = routesOf(it, node.receiver as N.CallNode, env);
  return set ? setPathNames(it, node, env, set) : undefined;
}

/**
 * `routes.default_scope = value` (RouteSet's accessor): the draws into that set from now on run
 * inside it (`withDefaultScope`). The app's set (`Rails.application.routes`, `App::Application.routes`)
 * or an engine's; another set's is said and left out. A value Routemap cannot compute is said
 * here too: the draws it scopes are skipped, each said where it stands.
 */
function setDefaultScope(it: CallHost, node: N.CallNode, env: Env): RValue {
  const arg = node.arguments_?.arguments_[0];
  const value = arg ? it.eval(arg, env) : null;
  const set = routesOf(it, node.receiver as N.CallNode, env);
  if (!set) {
    it.report("info", `Routemap does not know the route set \`${it.sourceText(node.receiver!)}\`: the default scope set here is left out.`, callSpan(node, it.index), "unknown-route-set");
    return value;
  }
  const unknown = unknownWithin(value);
  if (unknown) {
    const message = `Routemap cannot compute this default scope: it depends on \`${unknown.description}\` (${unknown.cause.why}). The draws into this route set after it are skipped, where Rails draws them inside it.`;
    it.report("info", message, callSpan(node, it.index), "unknown-value");
  }
  set.defaultScope = forMapper(value);
  return value;
}

/**
 * `routes.clear!` (RouteSet#clear!: the routes drawn so far removed, the kept `prepend` blocks
 * drawn again) and `routes.disable_clear_and_finalize = false` (each `draw` then clears first):
 * not followed, said where they stand, as the table Routemap prints keeps what Rails removes.
 */
function clearNotFollowed(it: CallHost, node: N.CallNode, env: Env): RValue {
  const arg = node.arguments_?.arguments_[0];
  const value = arg ? it.eval(arg, env) : null;
  if (node.name === "disable_clear_and_finalize=" && value === true) return value;
  const what = node.name === "clear!" ? "`clear!`: Rails removes the routes the set holds so far (and draws its kept `prepend` blocks again)" : "`disable_clear_and_finalize =`: Rails then clears the set at each `draw`, keeping only the last draw's routes";
  it.report("info", `Routemap does not follow ${what}; the table Routemap prints keeps them.`, callSpan(node, it.index), "unknown-method");
  return node.name === "clear!" ? null : value;
}

/** The first value Routemap cannot know in a default scope (itself, or in its Hash, a level or two down). */
function unknownWithin(v: RValue, depth = 0): RUnknown | undefined {
  const own = unknownValueOf(v);
  if (own || depth > 2) return own;
  if (v instanceof RHash) for (const [, x] of v.entries()) {
    const found = unknownWithin(x, depth + 1);
    if (found) return found;
  }
  return undefined;
}

/** The route set `owner.routes` names: the app's (`app.routes` of an initializer's block too), a known engine's, or undefined. */
function routeSetOf(it: CallHost, owner: Node | null, env: Env): RouteSet | undefined {
  if (owner instanceof N.CallNode && owner.name === "application" && isRailsModule(owner.receiver)) return it.appSet;
  if (!owner || owner instanceof N.CallNode) return undefined;
  const owned = routesOwner(it, it.eval(owner, env));
  return owned === "app" ? it.appSet : owned ? it.mapper.engines.setFor(owned.engine) : undefined;
}

/** Whose `routes` a value before `.routes` names: the app's (its Application class, `Rails.application`), a known engine's, or neither. */
export function routesOwner(it: CallHost, value: RValue): "app" | { engine: string } | undefined {
  if (!(value instanceof RConst)) return undefined;
  if (/(^|::)Application$/.test(value.path) || isApplication(value.path.replace(/^::/, ""), (p) => it.classes.ancestors(p))) return "app";
  return it.mapper.engines.isEngine(value.path) ? { engine: value.path } : undefined;
}

/** The route set a `routes` call names (`Rails.application.routes`, an engine's, the application's own bare `routes`). */
const routesOf = (it: CallHost, routes: N.CallNode, env: Env): RouteSet | undefined => routeSetOf(it, routes.receiver, env) ?? appRoutesOfSelf(it, routes, env);

/**
 * `routes.resources_path_names` (the set's own Hash, which the draws after a change start from)
 * and `routes.resources_path_names = hash`.
 */
function setPathNames(it: CallHost, node: N.CallNode, env: Env, set: RouteSet): RValue {
  if (node.name === "resources_path_names") return set.resourcesPathNames;
  const arg = node.arguments_?.arguments_[0];
  const value = arg ? it.eval(arg, env) : null;
  const names = forMapper(value);
  if (names instanceof RHash) set.resourcesPathNames = names;
  else {
    const message = "Routemap cannot use this value as the route set's path names (a Hash it does not know): the draws after it keep the ones before it, where Rails takes this one.";
    it.report("info", message, callSpan(node, it.index), "unknown-value");
    it.openRegion(callSpan(node, it.index), message);
  }
  return value;
}

/** Bare `routes` where `self` is the application (its class body, `Rails.application.configure do … end`): the app's set. */
function appRoutesOfSelf(it: CallHost, routes: N.CallNode, env: Env): RouteSet | undefined {
  const self = env.self;
  return routes.receiver === null && self.kind === "module" && isApplication(self.path, (p) => it.classes.ancestors(p)) ? it.appSet : undefined;
}

/**
 * A draw into the app's set as `RouteSet#eval_block` runs it: a new Mapper (`withNewMapper`),
 * inside the set's default scope as it stands now. The routes files' draws, the kept `append` and
 * `prepend` blocks and Rails' own routes all go through it.
 */
export function drawLikeEvalBlock(it: CallHost, body: () => void): void {
  withNewMapper(it, () => withDefaultScope(it.mapper, it.appSet.defaultScope, body));
}

/**
 * `RouteSet#eval_block`'s `Mapper.new(self)` for the app's set: each draw starts from the root
 * scope with no concerns, wherever it is called (a routes file `draw` loads that wraps its routes
 * in its own `Rails.application.routes.draw` inside a `namespace` draws them outside it).
 */
function withNewMapper(it: CallHost, body: () => void): void {
  const outer = it.mapper;
  if (outer.set !== it.appSet) return body(); // (a draw of the app's set while an engine's is drawn: not followed here)
  it.mapper = { ...outer, scope: rootScope(outer.set.resourcesPathNames), concerns: new Map() };
  try {
    body();
  } finally {
    it.mapper = outer;
  }
}
