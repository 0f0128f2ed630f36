/**
 * Shortcuts for the routes nearly every app is made of: the standard actions of
 * `resources`/`resource` in a "plain" scope, one that sets nothing such a route could pick
 * up (no `to:`, `action:` or options; no format, or `format: false`; constraints and defaults
 * only of plain values, `scopedValues`), and `get "path", to: "controller#action"` outside
 * resources in such a scope.
 *
 * For those, Rails' general path (`collection`/`new`/`member` scopes, `match`, `add_route`,
 * `Mapping`) only works out a path, a name and `{controller:, action:}`, plus the scope's
 * defaults and its constraints on the path's parameters. The functions here compute exactly
 * that with the same rules (`pathForAction`, `nameCandidate`, and `buildPlainRoute` in
 * mapping.ts), without building the scopes and option hashes in between; a shallow resource's
 * members take the scope's `shallow_path` and `shallow_prefix`, as `member` → `shallow_scope` gives them.
 * Whenever the general path could do more (a `:controller` segment, a glob,
 * a bad name, a path syntax error), they return false having drawn nothing, and the general
 * path runs and decides, errors included. `fastpaths.test.mjs` draws every fixture and its
 * mutations both ways, in every supported version, and compares the tables.
 */
import { extendedPath, extendPlainPath, isPlainSuffix, isWordChar, type PathInfo } from "../journey/pattern.js";
import { blank, isSym, RHash, RValue, sym, truthy, unknownOf } from "../ruby/values.js";
import { toS } from "../ruby/print.js";
import {
  buildPlainRoute, normalizeFormattedPath, normalizePath, plainBaseInfo, plainController, plainPathInfo, scopedValues, takesNothingElse, uriEscape,
} from "./mapping.js";
import { actionBit, type Resource } from "./resource.js";
import { PlainGroup, PlainRoute, type PlainStep } from "./route.js";
import {
  ActionScope, actionPath, actionScope, CANONICAL_ACTIONS, canonicalAction, couldBeAction, joinedName, levelName, nameForAction, pathForAction, WORD,
} from "./naming.js";
import { isResourceMethodLevel, type ScopeLevel } from "./scope.js";
import type { Call, MapperState } from "./state.js";
import type { PlainScope, PlainTarget } from "./types.js";


// Made as the module loads, so that these symbols are permanent ones (`RSymbol.evaluation`).
const VIA: Record<string, RValue[]> = Object.fromEntries(["get", "post", "patch", "put", "delete"].map((verb) => [verb, [sym(verb)]]));
const via = (verb: string) => VIA[verb] ?? [sym(verb)];

/** `route(verb, action)` inside a `collection`/`new`/`member` scope. */
export function plainRoute(m: MapperState, verb: string, action: string): boolean {
  // Elsewhere `match` first opens a `nested` or `member` scope (`decomposed_match`).
  if (!isResourceMethodLevel(m.scope.level)) return false;
  const plain = (m.scope.plain ??= plainScope(m));
  if (plain === null || plain.controller === undefined) return false;
  const s = actionScope(m);
  const target = canonicalAction(s, action) ? (plain.canonical ??= plainTarget(m, s, action)) : plainTarget(m, s, action);
  if (!isPlainTarget(m, target)) return false;
  addPlain(m, plain, target, plain.controller, verb, action);
  return true;
}

/** A standard route: its level, verb and action, and whether the action is canonical at that level. */
interface Step extends PlainStep {
  level: ScopeLevel;
  verb: string;
  /** `canonical_action?`: every level here is a method level, so this depends on the action alone. */
  canonical: boolean;
  /** Which of the four targets (`Slot`) the route has: a level's canonical routes share one. */
  slot: Slot;
  /** The action's `actionBit`. */
  bit: number;
}

/** The targets of the standard routes: the collection, `new`, `edit`, and the member. */
const enum Slot {
  Collection,
  New,
  Edit,
  Member,
}

const slotOf = (level: ScopeLevel, canonical: boolean): Slot =>
  level === "collection" ? Slot.Collection : level === "new" ? Slot.New : canonical ? Slot.Member : Slot.Edit;

/** The standard routes, in the order Rails 4.0+ draws them, level by level. */
const plan = (levels: [ScopeLevel, [verb: string, action: string][]][]): Step[] =>
  levels.flatMap(([level, steps]) =>
    steps.map(([verb, action]) => {
      const canonical = CANONICAL_ACTIONS.includes(action);
      return { level, verb, via: via(verb), action, canonical, slot: slotOf(level, canonical), bit: actionBit(action) };
    }),
  );
const COLLECTION: [ScopeLevel, [string, string][]] = ["collection", [["get", "index"], ["post", "create"]]];
const NEW: [ScopeLevel, [string, string][]] = ["new", [["get", "new"]]];
const MEMBER: [ScopeLevel, [string, string][]] = ["member", [["get", "edit"], ["get", "show"], ["patch", "update"], ["put", "update"], ["delete", "destroy"]]];
const PLURAL_PLAN = plan([COLLECTION, NEW, MEMBER]);
const SINGULAR_PLAN = plan([NEW, MEMBER, ["collection", [["post", "create"]]]]);

/** All of a resource's standard actions (`pluralActions`/`singletonActions`), from the resource's scope. */
export function plainActions(m: MapperState, res: Resource): boolean {
  const plain = (m.scope.plain ??= plainScope(m));
  if (plain === null || plain.controller === undefined) return false;
  return drawPlainActions(m, plain, res, plain.controller, actionScope(m));
}

/**
 * A whole `resources`/`resource` call without a block or concerns, from the scope around it:
 * `resource_scope` would only set the controller and the resource, so plainness is decided
 * once for every declaration in that scope, and no scope is built for this one.
 */
export function plainResource(m: MapperState, res: Resource): boolean {
  const plain = (m.scope.plain ??= plainScope(m));
  if (plain === null) return false;
  const controller = plainController(m, res.resourceScope);
  if (controller === undefined) return false;
  const s = m.scope;
  return drawPlainActions(m, plain, res, controller, { level: null, path: s.get("path"), as: s.get("as"), pathNames: s.get("path_names"), resource: res });
}

function drawPlainActions(m: MapperState, plain: PlainScope, res: Resource, controller: string, outer: ActionScope): boolean {
  // A path name Routemap cannot know: the general path draws the routes before the one it reaches.
  if (outer.pathNames?.values().some((v) => unknownOf(v) !== undefined)) return false;
  const scopePath = toS(outer.path ?? null);
  // The scope path's analysis, when the general path would take nothing from it.
  if (plain.base === undefined) plain.base = analysedBase(scopePath);
  const base = plain.base ?? undefined;
  // A shallow member gets its own path and name prefix (`member` → `shallowScope`): the
  // scope's `shallow_path` and `shallow_prefix`. Only `drawOnBase` draws those.
  if (!res.singleton && truthy(m.scope.get("shallow") ?? null)) {
    if (plain.shallowBase === undefined) plain.shallowBase = analysedBase(toS(m.scope.get("shallow_path") ?? null));
    if (!base || !plain.shallowBase) return false;
    const { pathNames, resource } = outer;
    const member: ActionScope = { level: null, path: m.scope.get("shallow_path") ?? null, as: m.scope.get("shallow_prefix") ?? null, pathNames, resource };
    return drawOnBases(m, plain, res, controller, bases(outer, base, member, plain.shallowBase));
  }
  if (base && drawOnBases(m, plain, res, controller, bases(outer, base, outer, base))) return true;
  const steps = res.singleton ? SINGULAR_PLAN : PLURAL_PLAN;
  const actions = res.standardActions();
  // Every route's target first, and nothing drawn unless all of them are plain. Sized
  // once: a list grown from empty gets room for seventeen.
  const targets: (PlainTarget | undefined)[] = new Array(steps.length);
  let s: ActionScope | undefined;
  let level: PlainLevel | undefined;
  let canonical: PlainTarget | undefined;
  for (let i = 0; i < steps.length; i++) {
    const step = steps[i];
    if ((actions & step.bit) === 0) continue;
    // `pathScope` of `collection`, `new` and `member`, spelled out: an object spread here
    // cost more than the rest of the loop.
    if (s?.level !== step.level) {
      level = plainLevel(scopePath, base, levelPath(res, step.level, outer));
      s = { level: step.level, path: level.path, as: outer.as, pathNames: outer.pathNames, resource: outer.resource };
      canonical = undefined;
    }
    let target = step.canonical ? canonical : undefined;
    if (!target) {
      target = plainTarget(m, s, step.action, level);
      if (!isPlainTarget(m, target)) return false;
      if (step.canonical) canonical = target;
    }
    targets[i] = target;
  }
  let previous: PlainTarget | undefined;
  for (let i = 0; i < steps.length; i++) {
    const target = targets[i];
    if (!target) continue;
    // A canonical target is shared by the level's canonical routes, which follow each other:
    // after the first of them, its name is taken (by that route, or by an earlier one).
    addPlain(m, plain, target, controller, steps[i].verb, steps[i].action, target === previous);
    previous = target;
  }
  return true;
}

/**
 * `drawPlainActions` when every route extends the scope's analysed path with plain segments
 * (the resource's path, its `:id`, the `new` and `edit` segments), as in nearly every app:
 * each of the four targets (`Slot`) is worked out once, when first needed, and checked
 * before anything is drawn. False, having drawn nothing, when one of them is not so plain;
 * the level-by-level loop then decides.
 */
/** The scopes and analysed paths `drawOnBase` extends: a member's differ from the others' in a shallow resource. */
interface Bases {
  outer: ActionScope;
  base: PathInfo;
  member: ActionScope;
  memberBase: PathInfo;
}

/**
 * `drawOnBase`'s scopes and paths, in one object made once (as `SLOTS`): one per declaration
 * was a noticeable part of what drawing plain resources allocated. Nothing `drawOnBase`
 * calls draws, so one serves; `drawOnBases` empties it when drawing is done, so that it
 * keeps no evaluation's values alive.
 */
const BASES: Bases = { outer: undefined!, base: undefined!, member: undefined!, memberBase: undefined! };
function bases(outer: ActionScope, base: PathInfo, member: ActionScope, memberBase: PathInfo): Bases {
  BASES.outer = outer;
  BASES.base = base;
  BASES.member = member;
  BASES.memberBase = memberBase;
  return BASES;
}

function drawOnBases(m: MapperState, plain: PlainScope, res: Resource, controller: string, b: Bases): boolean {
  try {
    return drawOnBase(m, plain, res, controller, b);
  } finally {
    b.outer = b.member = undefined!;
    b.base = b.memberBase = undefined!;
  }
}

/** A scope path's analysis, when the general path would take nothing from it; else null. */
function analysedBase(scopePath: string): PathInfo | null {
  const analysed = plainBaseInfo(scopePath);
  return analysed && takesNothingElse(analysed) ? analysed : null;
}

function drawOnBase(m: MapperState, plain: PlainScope, res: Resource, controller: string, bases: Bases): boolean {
  const steps = res.singleton ? SINGULAR_PLAN : PLURAL_PLAN;
  const actions = res.standardActions();
  if (!isPlainPart(res.path)) return false;
  const format = m.scope.get("format") !== false;
  const { infos, names, hashes } = SLOTS;
  clearInfos(infos);
  let drawn = 0;
  for (let i = 0; i < steps.length; i++) {
    const step = steps[i];
    if ((actions & step.bit) === 0) continue;
    drawn |= 1 << i;
    const slot = step.slot;
    if (infos[slot] !== undefined) continue;
    const isMember = slot === Slot.Member || slot === Slot.Edit;
    const outer = isMember ? bases.member : bases.outer;
    const base = isMember ? bases.memberBase : bases.base;
    const info = slotIsPlain(res, slot, outer) ? extendPlainPath(base, slotSuffix(res, slot, outer), format) : undefined;
    if (info === undefined) return false;
    // `name_for_action`: a non-canonical action (`edit`) is its own prefix.
    const name = levelName(step.level, outer.as, outer.resource, step.canonical ? undefined : step.action, true);
    const hash = name === undefined ? 0 : m.set.checkName(name);
    if (name !== undefined && hash === 0) return false;
    infos[slot] = info;
    names[slot] = name;
    hashes[slot] = hash;
  }
  const group = new PlainGroup(m.host.sourceRef(), controller, m.display);
  let previous: Slot | undefined;
  for (let i = 0; i < steps.length; i++) {
    if ((drawn & (1 << i)) === 0) continue;
    const step = steps[i];
    const slot = step.slot;
    // After a level's first canonical route, its name is taken (by that route or an earlier one).
    const name = slot === previous ? undefined : names[slot];
    const route = plain.scoped ? buildPlainRoute(m, infos[slot]!, controller, step.action, step.via, plain.scoped) : new PlainRoute(infos[slot]!, group, step);
    m.set.addWithDerivedName(route, name, hashes[slot]);
    previous = slot;
  }
  clearInfos(infos);
  return true;
}

/**
 * `drawOnBase`'s work lists, one per slot, made once: three lists per declaration were a
 * tenth of what drawing the standard routes allocated. Nothing `drawOnBase` calls draws,
 * so one set serves. Emptied when drawing starts and when it is done, so that they keep
 * no drawn route's path alive.
 */
const SLOTS = {
  infos: [undefined, undefined, undefined, undefined] as (PathInfo | undefined)[],
  names: [undefined, undefined, undefined, undefined] as (string | undefined)[],
  hashes: [0, 0, 0, 0],
};

/** Empties the four slots by hand: `fill` is a call into the runtime, a seventh of `drawOnBase`'s own time in a profile. */
function clearInfos(infos: (PathInfo | undefined)[]): void {
  infos[0] = infos[1] = infos[2] = infos[3] = undefined;
}

/** What a target's suffix must be: plain segments, none that `Mapping` takes for itself. */
const isPlainPart = (part: string) => isPlainSuffix(part) && !namesRoutingKey(part);

/**
 * Whether `slotSuffix` is plain (`isPlainPart`), checked on its parts. They are flat strings;
 * the suffix is a concatenation, and scanning it would flatten (copy) it first. A suffix is
 * plain exactly when each `/`-separated part is, and no routing key spans a `/`.
 */
function slotIsPlain(res: Resource, slot: Slot, outer: ActionScope): boolean {
  // Every slot's suffix starts with the resource's path, checked first (`drawOnBase`).
  if (slot === Slot.Collection) return true;
  if (slot === Slot.New) return isPlainPart(actionPath(outer, "new"));
  // A singular resource's member path is its collection path.
  if (!res.singleton && !isPlainParam(res.param)) return false;
  return slot === Slot.Member || isPlainPart(actionPath(outer, "edit"));
}

/** `isPlainPart(":" + param)`, without making the string: word characters, no routing key. */
function isPlainParam(param: string): boolean {
  for (let i = 0; i < param.length; i++) if (!isWordChar(param.charCodeAt(i))) return false;
  return param.length > 0 && !param.startsWith("controller") && !param.startsWith("action");
}

/** What a target's path adds to the scope's (`pathScope` of its level, then the action's segment). */
function slotSuffix(res: Resource, slot: Slot, outer: ActionScope): string {
  if (slot === Slot.Collection) return res.collectionScope;
  if (slot === Slot.New) return res.newScope(actionPath(outer, "new"));
  if (slot === Slot.Member) return res.memberScope;
  return `${res.memberScope}/${actionPath(outer, "edit")}`;
}

/**
 * A level's path; with `base` when it is the scope's plain path and `suffix` plain segments
 * after it (checked here, once for all the level's routes).
 */
interface PlainLevel {
  path: string;
  base: PathInfo | undefined;
  suffix: string;
}

function plainLevel(scopePath: string, base: PathInfo | undefined, suffix: string): PlainLevel {
  if (base && isPlainPart(suffix)) {
    return { path: base.text === "" ? `/${suffix}` : `${base.text}/${suffix}`, base, suffix };
  }
  return { path: normalizePath(`${scopePath}/${suffix}`), base: undefined, suffix };
}

/**
 * `Mapping` takes a `:controller` or an `:action` segment for itself, so such a path is left
 * to it (a `:controllers` segment is sent there too, where it is drawn all the same).
 */
function namesRoutingKey(suffix: string): boolean {
  return suffix.includes(":controller") || suffix.includes(":action");
}

/** What `collection`, `new` and `member` append to the resource's scope (`pathScope`). */
function levelPath(res: Resource, level: ScopeLevel, s: ActionScope): string {
  if (level === "collection") return res.collectionScope;
  if (level === "new") return res.newScope(actionPath(s, "new"));
  return res.memberScope;
}

/** A path `Mapping` takes nothing else from, and a name `add_route` accepts (it raises for others). */
function isPlainTarget(m: MapperState, target: PlainTarget): boolean {
  return target.info !== undefined && (target.name === undefined || m.set.isValidName(target.name));
}

function addPlain(m: MapperState, plain: PlainScope, target: PlainTarget, controller: string, verb: string, action: string, taken = false): void {
  // Names were checked with the targets (`isValidName`), before anything was drawn.
  m.set.addWithDerivedName(buildPlainRoute(m, target.info!, controller, action, via(verb), plain.scoped), taken ? undefined : target.name);
}

function plainScope(m: MapperState): PlainScope | null {
  const s = m.scope;
  const format = s.get("format");
  if (m.version.lt(4, 0) || (format !== undefined && format !== null && format !== false)) return null;
  if (truthy(s.get("to") ?? null) || truthy(s.get("action") ?? null)) return null;
  if (s.get("options")?.size) return null;
  // Constraints and defaults of known, plain values are copied into each route as `Mapping` would.
  const constraints = s.get("constraints");
  const defaults = s.get("defaults");
  const scoped = constraints?.size || defaults?.size ? scopedValues(constraints, defaults) : undefined;
  if ((constraints?.size || defaults?.size) && scoped === undefined) return null;
  const controller = s.get("controller");
  return { controller: typeof controller === "string" ? plainController(m, controller) : undefined, scoped };
}

/**
 * The path's analysis and the name of a standard route: with a plain level, an extension
 * of the scope's analysis; otherwise the full path, built and analysed.
 */
function plainTarget(m: MapperState, s: ActionScope, action: string, level?: PlainLevel): PlainTarget {
  const canonical = canonicalAction(s, action);
  // `nameCandidate(s, nil, action)`: the actions here are plain words, so a non-canonical one
  // is its own prefix (`prefix_name_for_action`), and a canonical one has none.
  const name = joinedName(s, canonical ? undefined : action, true);
  const format = m.scope.get("format");
  if (level?.base) {
    // The level's suffix is checked already; an action's own segment (`edit`) is not.
    const own = canonical ? undefined : actionPath(s, action);
    const suffix = own === undefined ? level.suffix : isPlainPart(own) ? `${level.suffix}/${own}` : undefined;
    const info = suffix === undefined ? undefined : extendPlainPath(level.base, suffix, format !== false);
    if (info) return { info, name };
  } else if (!level && !canonical) {
    // Outside a planned level (`post :publish` in a `member` block), the scope's path is the level's.
    // The scope's analysed path, kept with the scope's plainness (`drawPlainActions` keeps it
    // there too): a `member` or `collection` block draws several such routes on one path.
    const plain = m.scope.plain;
    let base = plain?.base;
    if (base === undefined) base = analysedBase(toS(s.path ?? null));
    if (plain) plain.base = base;
    const suffix = actionPath(s, action);
    const info = base ? extendedPath(base, suffix, format !== false) : undefined;
    if (info && !namesRoutingKey(suffix)) return { info, name };
  }
  const path = pathForAction(s, action, undefined);
  // `add_route` raises "path is required" for a blank path: the general path reports it.
  if (blank(path)) return { info: undefined, name: undefined };
  return { info: plainPathInfo(normalizeFormattedPath(uriEscape(path), format)), name };
}

/**
 * `get "pages/about", to: "pages#about"` (with or without `as:`) outside resources, in a
 * plain scope: what `match` → `add_route` → `Mapping` work out from that input, computed
 * directly. Anything else in the call (another option, a symbol path, a `to:` that is not
 * `controller#action`) is left to the general path.
 */
export function plainMatch(m: MapperState, verb: string, call: Call): boolean {
  if (call.block !== null || call.args.length !== 2 || m.scope.level !== null) return false;
  const [path, options] = call.args;
  if (typeof path !== "string" || path.includes("\n") || !(options instanceof RHash) || !onlyToAndAs(options)) return false;
  const to = options.sget("to");
  const as = options.sget("as");
  // `as: nil` drops the name: rare, and the general path's.
  if (typeof to !== "string" || as === null || as === false) return false;
  const plain = (m.scope.plain ??= plainScope(m));
  if (plain === null) return false;
  const hash = to.indexOf("#");
  if (hash <= 0 || hash !== to.lastIndexOf("#") || !WORD.test(to.slice(hash + 1))) return false;
  const controller = plainController(m, to.slice(0, hash));
  const info = controller && plainPathInfo(normalizeFormattedPath(uriEscape(`${toS(m.scope.get("path") ?? null)}/${path}`), m.scope.get("format")));
  if (!info) return false;
  // `add_route` names a route after its path when the path could be an action (no `as:`).
  const action = couldBeAction(m, path) ? path : null;
  // `add` raises for a bad or taken name, as it would at the end of the general path.
  m.set.add(buildPlainRoute(m, info, controller!, to.slice(hash + 1), via(verb), plain.scoped), nameForAction(m, as, action), m.host);
  return true;
}


function onlyToAndAs(options: RHash): boolean {
  return !options.someKey((k) => !isSym(k) || (k.name !== "to" && k.name !== "as"));
}
