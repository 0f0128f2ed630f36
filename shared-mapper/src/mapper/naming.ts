/**
 * The naming and path rules of `Mapper::Resources` (mapper.rb): `name_for_action`,
 * `prefix_name_for_action`, `path_for_action`, `canonical_action?`, and `add_route`'s test
 * of whether a path could name an action. `resources.ts` and the shortcuts of `plain.ts`
 * both name routes with them.
 */
import { RConst, RHash, RInquirer, RSymbol, RUnknown, RValue, truthy, UnknownValueError, unknownConstant } from "../ruby/values.js";
import { noMethodMessage, toS, type RubyVersion } from "../ruby/print.js";
import { routingError } from "./errors.js";
import { normalizeName } from "./mapping.js";
import type { Resource } from "./resource.js";
import { actionName, isResourceMethodLevel, type ScopeLevel } from "./scope.js";
import type { MapperState } from "./state.js";

export const CANONICAL_ACTIONS = ["index", "create", "new", "show", "update", "destroy"];
/** A plain word: an action or name that needs no rewriting. */
export const WORD = /^\w+$/;

export function parentResource(m: MapperState): Resource | undefined {
  return m.scope.get("scope_level_resource");
}

/** What `path_for_action` and `name_for_action` read from the scope. */
export interface ActionScope {
  level: ScopeLevel;
  path: RValue | undefined;
  as: RValue | undefined;
  pathNames: RHash | undefined;
  resource: Resource | undefined;
}

export function actionScope(m: MapperState): ActionScope {
  const s = m.scope;
  return { level: s.level, path: s.get("path"), as: s.get("as"), pathNames: s.get("path_names"), resource: parentResource(m) };
}

/** The path segment of an action (`new`, `edit`), as renamed by `path_names`. */
export function actionPath(s: ActionScope, name: string): string {
  const given = s.pathNames?.sget(name);
  return truthy(given) ? toS(given!) : name;
}

export function canonicalAction(s: ActionScope, action: RValue | undefined): boolean {
  return isResourceMethodLevel(s.level) && CANONICAL_ACTIONS.includes(toS(action ?? null));
}

export function pathForAction(s: ActionScope, action: RValue | undefined, path: RValue | undefined): string {
  const scopePath = toS(s.path ?? null);
  if (truthy(path)) return `${scopePath}/${toS(path!)}`;
  if (canonicalAction(s, action)) return scopePath;
  return `${scopePath}/${actionPath(s, toS(action ?? null))}`;
}

function prefixNameForAction(s: ActionScope, as: RValue | undefined, action: RValue | undefined): string | undefined {
  let prefix: RValue | undefined;
  if (truthy(as)) prefix = as;
  else if (!canonicalAction(s, action)) prefix = action;
  if (truthy(prefix) && toS(prefix!) !== "/" && toS(prefix!) !== "") {
    const text = toS(prefix!);
    // A plain word (`edit`, `publish`) is its own name.
    return WORD.test(text) ? text : normalizeName(text.replace(/-/g, "_"));
  }
  return undefined;
}

/** `prefix.empty?`, which Strings, Symbols, Arrays and Hashes answer; on anything else Ruby raises. */
function checkEmptiable(prefix: RValue, ruby: RubyVersion): void {
  if (typeof prefix === "string" || prefix instanceof RSymbol || Array.isArray(prefix) || prefix instanceof RHash) return;
  if (prefix instanceof RInquirer || prefix instanceof RUnknown) return;
  if (prefix instanceof RConst) throw new UnknownValueError(unknownConstant(prefix.path));
  throw routingError(noMethodMessage(ruby, "empty?", prefix), "NoMethodError");
}

/** `name_for_action`: the route name Rails derives, or undefined. */
export function nameForAction(m: MapperState, as: RValue | undefined, action: RValue | undefined): string | undefined {
  if (truthy(as)) checkEmptiable(as!, m.ruby);
  const candidate = nameCandidate(actionScope(m), as, action);
  // (The call's conditions are asked only of a name in use: most are not.)
  if (candidate === undefined || (as === undefined || as === null) && m.set.hasNamedRoute(candidate) && m.set.hasNamedRouteUnder(candidate, m.host.sourceRef().conditions)) return undefined;
  return candidate;
}

/** `name_for_action` up to its check that an automatic name is not taken yet. */
export function nameCandidate(s: ActionScope, as: RValue | undefined, action: RValue | undefined): string | undefined {
  const prefix = prefixNameForAction(s, as, action);
  if (s.resource && !truthy(as) && !truthy(action)) return undefined;
  return joinedName(s, prefix, as === undefined || as === null);
}

/**
 * `name_for_action` from its prefix on: the scope's name parts joined, and for a name
 * derived without `as:` (`automatic`), the check that it starts like one.
 */
export function joinedName(s: ActionScope, prefix: string | undefined, automatic: boolean): string | undefined {
  return levelName(s.level, s.as, s.resource, prefix, automatic);
}

/** `joinedName` from the parts of the scope it reads. */
export function levelName(level: ScopeLevel, as: RValue | undefined, res: Resource | undefined, prefix: string | undefined, automatic: boolean): string | undefined {
  const candidate = actionName(level, as, prefix, res?.collectionName, res?.memberName);
  if (candidate === "") return undefined;
  if (automatic && !startsLikeName(candidate)) return undefined;
  return candidate;
}

/** `/\A[_a-z]/i`: what an automatic name must start with. */
function startsLikeName(name: string): boolean {
  const c = name.charCodeAt(0);
  return c === 95 || ((c | 32) >= 97 && (c | 32) <= 122); // `| 32` lower-cases ASCII letters
}

/** `add_route`'s test of whether a path could name an action; Rails 3.2 did not allow dashes. */
export function couldBeAction(m: MapperState, path: string): boolean {
  return (m.version.lt(4, 0) ? /^[\w\/]+$/m : /^[\w\-\/]+$/m).test(path);
}

