/**
 * `Mapper::Resources` (mapper.rb): `resources`/`resource`, the `collection`/`member`/`new`/
 * `nested`/`shallow` blocks, `match` and `root`, `draw`; its naming and path rules
 * (`name_for_action`, `path_for_action`) are `naming.ts`. Routes are created in Rails' order: the block
 * first, then concerns, then the standard actions.
 */
import { blank, isSym, RConst, RHash, RRegexp, RSymbol, RUnknown, RValue, sym, truthy, mustBeKnown, UnknownValueError, unknownConstant, unknownOf } from "../ruby/values.js";
import { inspect, noImplicitConversion, toS } from "../ruby/print.js";
import { extractOptions, checkArity, yieldTo } from "./block.js";
import { concerns as callConcerns } from "./concerns.js";
import { routingError } from "./errors.js";
import { matchKeywords, withoutNilKeywords } from "./keywords81.js";
import { buildRoute, normalizeFormattedPath, uriEscape } from "./mapping.js";
import {
  actionPath, actionScope, couldBeAction, nameForAction, parentResource, pathForAction, } from "./naming.js";
import { plainActions, plainResource, plainRoute } from "./plain.js";
import { Resource, SingletonResource, toArray } from "./resource.js";
import { type Scope, type ScopeLevel } from "./scope.js";
import { mergeScope, namespaceScope, pathScope, scope, defaults as defaultsScope } from "./scoping.js";
import { Call, MapperState, withScope } from "./state.js";
import { knownConstraints } from "./unknownConstraints.js";

const VALID_ON_OPTIONS = ["new", "collection", "member"];
const RESOURCE_OPTIONS = ["as", "controller", "path", "only", "except", "param", "concerns"];

type Body = () => void;


function withScopeLevel(m: MapperState, level: ScopeLevel, body: Body): void {
  withScope(m, m.scope.pushLevel(level), body);
}

function resourceScope(m: MapperState, resource: Resource, body: Body): void {
  withScope(m, m.scope.push({ scope_level_resource: resource }), () =>
    withScope(m, m.scope.push({ controller: resource.resourceScope }), body),
  );
}

export function resourcesPathNames(m: MapperState, call: Call): void {
  checkArity(call.args, 1, 1);
  const names = m.scope.get("path_names");
  const given = call.args[0];
  if (names && given instanceof RHash) for (const [k, v] of given.entries()) names.set(k, v);
}

export function resources(m: MapperState, call: Call): void {
  declareResource(m, call, false);
}

export function resource(m: MapperState, call: Call): void {
  declareResource(m, call, true);
}

function declareResource(m: MapperState, call: Call, singleton: boolean): void {
  const args = [...call.args];
  let options = extractOptions(args).dup();
  args.forEach(mustBeKnown);
  if (applyCommonBehaviorFor(m, singleton, args, options, call)) return;
  // Rails does these inside the new scope level; a new level shares its parent's frame, so
  // what they read from the scope is the same on either side of it.
  options = applyActionOptions(m, options, singleton);
  const shallow = truthy(m.scope.get("shallow") ?? null);
  const init = { entities: args.pop() ?? null, apiOnly: m.apiOnly, shallow, options, version: m.version, ruby: m.ruby, partial: m.partial, nestedParam: m.nestedParam };
  const res = singleton ? new SingletonResource(init) : new Resource(init);
  if (m.fastPaths && !m.overriddenCalls?.size && !call.block && !truthy(options.sget("concerns")) && plainResource(m, res)) return;
  withScopeLevel(m, singleton ? "resource" : "resources", () => {
    resourceScope(m, res, () => {
      if (call.block) yieldTo(call.block);
      const concernNames = options.sget("concerns");
      if (truthy(concernNames)) callConcerns(m, { args: [concernNames!], block: null });
      if (singleton) singletonActions(m, res);
      else pluralActions(m, res);
    });
  });
}

function pluralActions(m: MapperState, res: Resource): void {
  if (m.fastPaths && !m.overriddenCalls?.size && plainActions(m, res)) return;
  const actions = res.actions();
  collection(m, () => {
    if (actions.includes("index")) route(m, "get", "index");
    if (actions.includes("create")) route(m, "post", "create");
  });
  if (actions.includes("new")) newScope(m, () => route(m, "get", "new"));
  setMemberMappingsForResource(m, res);
}

function singletonActions(m: MapperState, res: Resource): void {
  if (m.fastPaths && !m.overriddenCalls?.size && plainActions(m, res)) return;
  const actions = res.actions();
  const create = () => {
    if (actions.includes("create")) collection(m, () => route(m, "post", "create"));
  };
  // Rails 3.2 drew a singular resource's `create` before `new`.
  if (m.version.lt(4, 0)) create();
  if (actions.includes("new")) newScope(m, () => route(m, "get", "new"));
  setMemberMappingsForResource(m, res);
  if (m.version.gte(4, 0)) create();
}

function setMemberMappingsForResource(m: MapperState, res: Resource): void {
  const actions = res.actions();
  member(m, () => {
    if (actions.includes("edit")) route(m, "get", "edit");
    if (actions.includes("show")) route(m, "get", "show");
    if (actions.includes("update")) {
      if (m.version.gte(4, 0)) route(m, "patch", "update");
      route(m, "put", "update");
    }
    if (actions.includes("destroy")) route(m, "delete", "destroy");
  });
}

/**
 * `get :index` and friends, as the standard actions call them, and `post :publish` written
 * so. This is `match(action, via: verb)` with what `map_match` would work out from that fixed
 * input computed directly, since it runs for nearly every route: same parts, same order, no
 * options hash to build and take apart.
 */
export function route(m: MapperState, verb: string, action: string, own = true): void {
  // Rails' own `put :update` reaches the draw block's `def put`; a call of the verb itself (`own`
  // false: the DSL's `put`, which that `def` may have called with `super`) does not again.
  if (own && m.overriddenCalls?.has(verb) && m.host.callOverride) return m.host.callOverride(verb, [sym(action)]);
  if (m.fastPaths && plainRoute(m, verb, action)) return;
  const parts: MatchParts = {
    controller: m.scope.get("controller"),
    optionPath: undefined,
    to: scopeTarget(m, undefined),
    via: [sym(verb)],
    formatted: m.scope.get("format"),
    anchor: true,
    optionsConstraints: new RHash(),
  };
  decomposedMatch(m, { path: sym(action), options: new RHash(), explicitPath: undefined, parts });
}

/** `map_match`'s `to` from the scope: `scope to:`, else `controller` + `action` scopes. */
function scopeTarget(m: MapperState, given: RValue | undefined): RValue | undefined {
  // `to: Healthcheck.rack_response(…)`: whatever it is, the route's path and name are the same
  // (a nil or a bad String would make Rails raise, not draw another route); only its endpoint is unknown.
  if (given instanceof RUnknown) return given;
  if (truthy(given ?? null)) return given;
  const scopeTo = m.scope.get("to");
  if (truthy(scopeTo ?? null)) return scopeTo;
  const scopeController = m.scope.get("controller");
  const scopeAction = m.scope.get("action");
  if (truthy(scopeController ?? null) && truthy(scopeAction ?? null)) return `${toS(scopeController!)}#${toS(scopeAction!)}`;
  return undefined;
}

function applyCommonBehaviorFor(m: MapperState, singleton: boolean, args: RValue[], options: RHash, call: Call): boolean {
  // No closure is made unless a branch is taken: most declarations take none.
  if (args.length > 1) {
    for (const r of args) declareAgain(m, singleton, call, r, options);
    return true;
  }
  if (truthy(options.sget("shallow"))) {
    options.sdelete("shallow");
    shallow(m, () => declareAgain(m, singleton, call, args.pop() ?? null, options));
    return true;
  }
  if (m.scope.isResourceScope) {
    nested(m, () => declareAgain(m, singleton, call, args.pop() ?? null, options));
    return true;
  }
  if (options.size) moveRegexpsToConstraints(m, options);
  // Most declarations have resource options only: the split allocates nothing then.
  if (hasScopeOption(options)) {
    const scopeOptions = new RHash(options.entries().filter(([k]) => isScopeOption(k)));
    for (const k of scopeOptions.keys()) options.delete(k);
    scope(m, { args: [scopeOptions], block: null }, () => declareAgain(m, singleton, call, args.pop() ?? null, options));
    return true;
  }
  return false;
}

/** Rails' `send(method, name, options, &block)`: the draw block's own `def resources` first, if it has one. */
function declareAgain(m: MapperState, singleton: boolean, call: Call, name: RValue, options: RHash): void {
  const method = singleton ? "resource" : "resources";
  if (m.overriddenCalls?.has(method) && m.host.callOverride) return m.host.callOverride(method, [name, options], call.block);
  declareResource(m, { args: [name, options], block: call.block }, singleton);
}

/** Segment constraints given as bare options (`id: /[^\/]+/`) join `constraints:`. */
function moveRegexpsToConstraints(m: MapperState, options: RHash): void {
  if (!options.someValue(isRegexp)) return;
  for (const k of options.keys()) {
    if (options.get(k) instanceof RRegexp) {
      let c = options.sget("constraints");
      // `constraints: Settings.x, id: /\d+/`: were it a Hash, the Regexp joins it; kept marked, as a scope keeps it.
      if (c instanceof RUnknown && !c.object) {
        c = knownConstraints(m, c) as RHash;
        options.sset("constraints", c);
      } else if (c instanceof RUnknown) {
        // An object Routemap does not have: `obj[:id] = /\d+/` works only if its class defines `[]=`.
        throw new UnknownValueError(c);
      } else if (!truthy(c)) {
        c = new RHash();
        options.sset("constraints", c);
      }
      (c as RHash).set(k, options.get(k)!);
      options.delete(k);
    }
  }
}

const isRegexp = (v: RValue) => v instanceof RRegexp;
const isScopeOption = (k: RValue) => !(isSym(k) && RESOURCE_OPTIONS.includes(k.name));

function hasScopeOption(options: RHash): boolean {
  return options.someKey(isScopeOption);
}

function applyActionOptions(m: MapperState, options: RHash, singleton: boolean): RHash {
  if (truthy(options.sget("only")) || truthy(options.sget("except"))) return options;
  const inherited = m.scope.get("action_options");
  if (!inherited) return options;
  let { only, except } = inherited;
  if (m.version.gte(8, 0)) {
    // Rails 8.0 keeps only the inherited actions this kind of resource has (`Array#&`: symbols only).
    const applicable = new Set(singleton ? singletonDefaults(m.apiOnly) : pluralDefaults(m.apiOnly));
    const keep = (v: RValue) => (truthy(v) ? toArray(v).filter((a) => isSym(a) && applicable.has(a.name)) : v);
    only = keep(only);
    except = keep(except);
  }
  return options.merge(new RHash([[sym("only"), only], [sym("except"), except]]));
}

const pluralDefaults = (apiOnly: boolean) =>
  apiOnly ? ["index", "create", "show", "update", "destroy"] : ["index", "create", "new", "show", "update", "destroy", "edit"];
const singletonDefaults = (apiOnly: boolean) =>
  apiOnly ? ["show", "create", "update", "destroy"] : ["show", "create", "update", "destroy", "new", "edit"];

function requireResourceScope(m: MapperState, name: string): Resource {
  if (!m.scope.isResourceScope) {
    // Inside the block of a method Routemap does not know, that method may have opened a resource scope.
    const scope = m.set.unknownScope;
    if (scope !== undefined) throw new UnknownValueError(new RUnknown(scope, false, "a method Routemap does not know, which may open a resource scope"));
    throw routingError(`can't use ${name} outside resource(s) scope`);
  }
  return parentResource(m)!;
}

export function collection(m: MapperState, body: Body): void {
  const res = requireResourceScope(m, "collection");
  withScopeLevel(m, "collection", () => pathScope(m, res.collectionScope, body));
}

export function member(m: MapperState, body: Body): void {
  const res = requireResourceScope(m, "member");
  withScopeLevel(m, "member", () => {
    if (isShallow(m)) shallowScope(m, () => pathScope(m, res.memberScope, body));
    else pathScope(m, res.memberScope, body);
  });
}

export function newScope(m: MapperState, body: Body): void {
  const res = requireResourceScope(m, "new");
  withScopeLevel(m, "new", () => pathScope(m, res.newScope(actionPath(actionScope(m), "new")), body));
}

export function nested(m: MapperState, body: Body): void {
  const res = requireResourceScope(m, "nested");
  withScopeLevel(m, "nested", () => {
    const inner = () => (m.fastPaths ? nestedFrame(m, res, body) : nestedScopes(m, res, body));
    if (isShallow(m) && shallowNestingDepth(m) >= 1) shallowScope(m, inner);
    else inner();
  });
}

/** `nested`'s scopes as Rails opens them: `path_scope`, then `scope(nested_options)`. */
function nestedScopes(m: MapperState, res: Resource, body: Body): void {
  pathScope(m, res.nestedScope, () => scope(m, { args: [nestedOptions(m, res)], block: null }, body));
}

/**
 * `nestedScopes` as one frame, when the parent's `:id` has no constraint to carry over (the
 * usual case). Then `scope(as: member_name)` sets only the name: the constraints, defaults
 * and options it also stores are its parent's merged with nothing, which read the same as
 * the parent's themselves (none of them is changed in place once in a frame), and its
 * blocks are the parent's. Every nested resource and `get :foo` in a resources block opens
 * this scope.
 */
function nestedFrame(m: MapperState, res: Resource, body: Body): void {
  if (m.scope.get("constraints")?.sget(res.param) instanceof RRegexp) return nestedScopes(m, res, body);
  const s = m.scope;
  const path = mergeScope("path", s.get("path"), res.nestedScope) as RValue;
  const as = mergeScope("as", s.get("as"), res.memberName) as RValue;
  withScope(m, s.push({ path, as }), body);
}

export function namespace(m: MapperState, call: Call): void {
  if (m.scope.isResourceScope) nested(m, () => namespaceScope(m, call));
  else namespaceScope(m, call);
}

export function shallow(m: MapperState, body: Body): void {
  withScope(m, m.scope.push({ shallow: true }), body);
}

function isShallow(m: MapperState): boolean {
  const res = parentResource(m);
  if (!res) return false;
  // Rails 3.2 asked `instance_of?(Resource)`: only plural resources could be shallow.
  return !res.singleton && truthy(m.scope.get("shallow") ?? null);
}

function shallowNestingDepth(m: MapperState): number {
  let count = 0;
  // Up the parents, not over `nodes()`: a generator resumed once per scope, with a result
  // object per step, in a function every nested resource calls (V8 never optimises it in a run).
  for (let node: Scope | null = m.scope; node; node = node.parent) {
    const res = node.frame.scope_level_resource;
    if (res && res.shallow) count++;
  }
  return count;
}

function shallowScope(m: MapperState, body: Body): void {
  const frame = { as: m.scope.get("shallow_prefix") ?? null, path: m.scope.get("shallow_path") ?? null };
  withScope(m, m.scope.push(frame), body);
}

function nestedOptions(m: MapperState, res: Resource): RHash {
  const options = new RHash([[sym("as"), res.memberName]]);
  const constraints = m.scope.get("constraints");
  const param = constraints?.sget(res.param);
  if (param instanceof RRegexp) options.sset("constraints", new RHash([[sym(res.nestedParam), param]]));
  return options;
}

/** `Resources#match`: the hash form (`"path" => "c#a"`) and the list form. */
export function match(m: MapperState, call: Call): void {
  const args = [...call.args];
  const v81 = m.version.gte(8, 1);
  // 8.1 reads a Hash passed as a value key by key (keywords81.ts).
  if (v81 && call.positionalHash) args[args.length - 1] = matchKeywords(args[args.length - 1] as RHash);
  let options: RHash;
  let paths: RValue[] = [];
  if (args.length === 1 && args[0] instanceof RHash) {
    options = args[0];
    const found = options.entries().find(([k]) => typeof k === "string");
    if (!found) options.forEach((k) => mustBeKnown(k));
    // 8.1 takes the options as keywords: with nothing but known keywords there is no path
    // and nothing to draw, silently; any other key is a mapping with no path in it.
    if (!found && m.version.gte(8, 1) && options.keys().every((k) => isSym(k) && MATCH_KEYWORDS.has(k.name))) return;
    if (!found && m.version.lt(5, 0)) {
      // Rails 3.2 to 4.2 did not check (the raise came with 5.0): the route lands on the scope's
      // own path (4.2's `path_for_action(nil, nil)`, "#{@scope[:path]}/", normalized; OCN's `get action:, as:`).
      paths = [""];
    } else if (!found) throw routingError("Route path not specified");
    const [path, to] = found ?? [null, null];
    // 8.1 gives `to:`, `action:`, `controller:` written beside the path's Hash the last word
    // (`to ||= hash_to`, mapper.rb v8.1.3 l.1866–1877); before, the Hash's value replaced them.
    const set = (key: string, value: RValue) => (v81 && truthy(options.sget(key) ?? null) ? undefined : options.sset(key, value));
    if (m.version.lt(4, 0)) set("to", to);
    else if (to instanceof RSymbol) set("action", to);
    else if (typeof to === "string") {
      if (to.includes("#")) set("to", to);
      else set("controller", to);
    } else set("to", to);
    if (found) {
      options.delete(path);
      paths = [path];
    }
  } else {
    if (args.length === 0) throw routingError("wrong number of arguments (given 0, expected 1+)");
    const last = args.length > 1 ? args.pop() : undefined;
    options = last instanceof RHash ? last : new RHash();
    if (last !== undefined && !(last instanceof RHash)) args.push(last);
    paths = args;
  }
  if (v81 && paths.length > 1) {
    throw routingError(`Wrong number of arguments (expect 1, got ${paths.length})`);
  }
  if (v81) withoutNilKeywords(options);
  if (options.shas("defaults")) {
    const d = options.sdelete("defaults")!;
    defaultsScope(m, { args: [d], block: null }, () => mapMatch(m, paths, options));
  } else mapMatch(m, paths, options);
}

interface MatchParts {
  controller: RValue | undefined;
  optionPath: RValue | undefined;
  to: RValue | undefined;
  via: RValue[];
  formatted: RValue | undefined;
  anchor: RValue;
  optionsConstraints: RValue;
}

function mapMatch(m: MapperState, paths: RValue[], options: RHash): void {
  const on = options.sget("on");
  mustBeKnown(on);
  if (truthy(on) && !(isSym(on) && VALID_ON_OPTIONS.includes(on.name))) {
    throw routingError(`Unknown scope ${inspectOn(m, on!)} given to :on${onNameError(m)}`);
  }
  // `options[:to] ||= @scope[:to]`, then `||= "controller#action"` from the scope.
  const target = scopeTarget(m, options.sget("to"));
  if (target !== undefined) options.sset("to", target);
  const controllerOpt = options.sdelete("controller");
  const parts: MatchParts = {
    controller: truthy(controllerOpt) ? controllerOpt : m.scope.get("controller"),
    optionPath: options.sdelete("path"),
    to: options.sdelete("to"),
    via: [],
    formatted: undefined,
    anchor: true,
    optionsConstraints: new RHash(),
  };
  const via = options.shas("via") ? options.sdelete("via")! : m.scope.get("via") ?? null;
  // Rails 3.2 had no `via` check: a route without one answers every verb.
  parts.via = m.version.lt(4, 0) && (via === null || (Array.isArray(via) && via.length === 0)) ? [sym("all")] : checkVia(via);
  parts.formatted = options.shas("format") ? options.sdelete("format") : m.scope.get("format");
  parts.anchor = options.shas("anchor") ? options.sdelete("anchor")! : true;
  // (What Routemap cannot compute of it is kept marked: unknownConstraints.ts.)
  const c = options.shas("constraints") ? knownConstraints(m, options.sdelete("constraints")!, true) : undefined;
  parts.optionsConstraints = truthy(c) ? c! : new RHash();

  paths.forEach(mustBeKnown);
  // Rails' `path_types[String]`, then `path_types[Symbol]`. Indexed loops over `paths`, not
  // `for…of` over `filter`'s lists: an empty list (no string path, as `post :publish, on:
  // :member` has) and a list of strings have different maps, and each such pair deoptimised
  // TurboFan's code for this function in a server's first map (docs/benchmarks.md, coldmap).
  for (let i = 0; i < paths.length; i++) {
    const path = paths[i];
    if (typeof path !== "string") continue;
    const routeOptions = options.dup();
    mustBeKnown(parts.optionPath);
    if (truthy(parts.optionPath)) {
      throw routingError("Ambiguous route definition. Both :path and the route path were specified as strings.");
    }
    // Rails reassigns `to` here, so a path's shorthand carries over to the paths after it.
    parts.to = toFromPath(m, path, parts.to, routeOptions.sget("action"));
    decomposedMatch(m, { path, options: routeOptions, explicitPath: path, parts });
  }
  for (let i = 0; i < paths.length; i++) {
    const action = paths[i];
    if (action instanceof RSymbol) decomposedMatch(m, { path: action, options: options.dup(), explicitPath: parts.optionPath, parts });
  }
}

/** The keywords of Rails 8.1's `match` (and of the verb methods, which pass `via:`). */
const MATCH_KEYWORDS = new Set(["as", "via", "to", "controller", "action", "on", "defaults", "constraints", "anchor", "format", "path", "internal"]);

/**
 * 4.0 to 6.1 meant to raise the message above but name a local variable they never set, so the
 * boot stops on NameError instead (fixed in 7.0 by rails/rails 4af50dfd): the clearer message is
 * kept, with the one the developer's console shows.
 */
function onNameError(m: MapperState): string {
  return m.version.gte(4) && m.version.lt(7) ? ` (Rails ${m.version} raises NameError here: undefined local variable or method \`on')` : "";
}

function inspectOn(m: MapperState, on: RValue): string {
  return inspect(on, m.ruby);
}

/** `Mapping.check_via`. */
function checkVia(via: RValue): RValue[] {
  const list = via === null ? [] : Array.isArray(via) ? via : [via];
  // A constant no file defines (a gem's list of verbs) or a value only the app knows: never printed as a verb of its name.
  for (const verb of list) {
    if (verb instanceof RConst) throw new UnknownValueError(unknownConstant(verb.path));
    const unknown = unknownOf(verb);
    if (unknown) throw new UnknownValueError(unknown);
  }
  if (list.length === 0) {
    throw routingError(
      "You should not use the `match` method in your router without specifying an HTTP method.\n" +
        "If you want to expose your action to both GET and POST, add `via: [:get, :post]` option.\n" +
        "If you want to expose your action to GET, use `get` in the router:\n" +
        '  Instead of: match "controller#action"\n' +
        '  Do: get "controller#action"',
    );
  }
  return list;
}

/** `get_to_from_path`: `get "photos/search"` means `photos#search`. */
function toFromPath(m: MapperState, path: string, to: RValue | undefined, action: RValue | undefined): RValue | undefined {
  // An unknown `to:` stays unknown: were it nil, the path would name the endpoint, which is no more known.
  if (to instanceof RUnknown || truthy(to) || truthy(action)) return to;
  const withoutFormat = path.replace(/\(\.:format\)$/, "");
  if (m.version.lt(4, 0)) {
    return /\/[\w\/]+$/.test(withoutFormat) ? withoutFormat.replace(/^\//, "").replace(/\/([^\/]*)$/, "#$1") : undefined;
  }
  if (/^\/?[-\w]+\/[-\w\/]+$/.test(withoutFormat)) {
    return withoutFormat.replace(/^\//, "").replace(/\/([^\/]*)$/, "#$1").replace(/-/g, "_");
  }
  return undefined;
}

interface Decomposed {
  path: RValue;
  options: RHash;
  explicitPath: RValue | undefined;
  parts: MatchParts;
}

function decomposedMatch(m: MapperState, d: Decomposed): void {
  const on = d.options.sdelete("on");
  if (truthy(on)) {
    const name = toS(on!);
    const again = () => decomposedMatch(m, d);
    if (name === "collection") collection(m, again);
    else if (name === "member") member(m, again);
    else newScope(m, again);
    return;
  }
  switch (m.scope.level) {
    case "resources":
      nested(m, () => decomposedMatch(m, d));
      break;
    case "resource":
      member(m, () => decomposedMatch(m, d));
      break;
    default:
      addRoute(m, d);
  }
}

function addRoute(m: MapperState, d: Decomposed): void {
  const { options, parts } = d;
  let path = pathForAction(actionScope(m), d.path, d.explicitPath);
  if (blank(path)) throw routingError("path is required");
  let action: string | null = toS(d.path);
  const optionAction = options.sdelete("action");
  let defaultAction: RValue | undefined = truthy(optionAction) ? optionAction : m.scope.get("action");
  if (couldBeAction(m, action)) {
    if (!truthy(defaultAction ?? null) && !action.includes("/")) defaultAction = action.replace(/-/g, "_");
  } else action = null;
  let as: RValue | undefined;
  if (options.shas("as") && !truthy(options.sget("as"))) as = options.sdelete("as");
  else as = nameForAction(m, options.sdelete("as"), action);
  path = normalizeFormattedPath(uriEscape(path), parts.formatted);
  const built = buildRoute(m, {
    path,
    controller: parts.controller,
    defaultAction,
    to: parts.to,
    via: parts.via,
    formatted: parts.formatted,
    optionsConstraints: parts.optionsConstraints,
    anchor: parts.anchor,
    options,
  });
  const route = m.set.add(built, as, m.host);
  if (as === false && m.version.gte(4)) route.shownName = "false";
}

/** `root "c#a"`, `root to: "c#a"`: a GET `/` named `root` (or `<resource>_root` in a resource). */
export function root(m: MapperState, call: Call): void {
  if (m.version.lt(4, 0)) return rootRails32(m, call);
  checkArity(call.args, 1, 2);
  const [path, second] = call.args;
  // A copy: what Rails stores in the caller's Hash, dsl/changedOptions.ts stores there.
  let options = second instanceof RHash ? second.dup() : new RHash();
  if (typeof path === "string") options.sset("to", path);
  else if (path instanceof RHash && options.size === 0) options = path;
  else {
    mustBeKnown(path);
    throw routingError("must be called with a path and/or options");
  }
  const matchRoot = () => {
    // 5.0–5.2's match_root_route draws a root whose name is taken unnamed (clientcomm-rails' two
    // roots in two constraints); 4.2's `root` and 6.0's match_root_route name it, and the set raises.
    const name = m.version.gte(5, 0) && m.version.lt(6, 0) ? nameForAction(m, sym("root"), null) : undefined;
    const taken = name !== undefined && m.set.hasNamedRoute(name);
    const args = new RHash([[sym("as"), taken ? null : sym("root")], [sym("via"), sym("get")]]).merge(options);
    match(m, { args: ["/", args], block: null });
  };
  if (m.scope.isResources) {
    const res = parentResource(m)!;
    withScopeLevel(m, "root", () => pathScope(m, res.path, matchRoot));
  } else matchRoot();
}

/** Rails 3.2's `root(options = {})`: a hash only, and no `via`, so any verb matches. */
function rootRails32(m: MapperState, call: Call): void {
  checkArity(call.args, 0, 1);
  const options = call.args[0] ?? new RHash();
  mustBeKnown(options);
  if (!(options instanceof RHash)) {
    throw routingError(noImplicitConversion(options, "Hash"), "TypeError");
  }
  const matchRoot = () => match(m, { args: ["/", new RHash([[sym("as"), sym("root")]]).merge(options)], block: null });
  if (m.scope.isResources) {
    const res = parentResource(m)!;
    withScopeLevel(m, "root", () => scope(m, { args: [res.path], block: null }, matchRoot));
  } else matchRoot();
}

/** `draw :name`: evaluates `<draw path>/<name>.rb` in the mapper's context. */
export function draw(m: MapperState, call: Call): void {
  checkArity(call.args, 1, 1);
  const name = toS(call.args[0]);
  const folders = m.host.drawFolders?.() ?? m.drawPaths;
  const dir = folders.find((p) => m.host.fileExists(`${p}/${name}.rb`));
  if (dir === undefined) {
    if (m.host.gemDrawNotRead?.(name) || m.host.drawPathsUnfollowed?.(name)) return;
    const msg =
      `Your router tried to #draw the external file ${name}.rb,\n` +
      "but the file was not found in:\n\n" +
      folders.map((p) => ` * ${p}`).join("\n");
    throw routingError(msg);
  }
  m.host.evalFile(`${dir}/${name}.rb`, name);
}

