/**
 * A drawn route: what `Journey::Route` (journey/route.rb) holds, and what `RouteWrapper`
 * (inspector.rb) derives from it for printing.
 *
 * Rails works out the printed columns only when `rails routes` asks; so do we. Drawing
 * stores the route's parts, and the display fields (the Controller#Action column, the
 * inspected defaults and requirements, the parameters) are computed on first read and
 * kept. Most routes of an app are never printed while the user types, and building those
 * strings for all of them was most of the cost of a redraw.
 */
import type { PathInfo } from "../journey/pattern.js";
import { dasherize } from "../inflector.js";
import { isSym, RConst, RHash, RObject, RProc, RRedirect, RRegexp, RStruct, RSymbol, RUnknown, RValue, sym } from "../ruby/values.js";
import { displayText, inspect } from "../ruby/print.js";
import type { RubyVersion } from "../ruby/print.js";
import type { Endpoint, PathParameter, Route, RouteCondition, Span } from "../types.js";
import type { SourceRef } from "./types.js";

/** What printing depends on besides the route itself; one per mapper run. */
export interface DisplayContext {
  readonly ruby: RubyVersion;
  /** The glob default `rails routes` hides (`/.+?/`, multiline since Rails 7.0). */
  readonly hiddenGlob: RRegexp;
  /** Rails 7.1+ prints procs as "Inline handler (Proc/Lambda)". */
  readonly inlineHandlerText: boolean;
  /** Rails 8.1 matches any verb when one of several is `:all` (VerbMatchers.for): no verb printed. */
  readonly allOfSeveral?: boolean;
}

/**
 * A route as plain data (`dsl/drawMemoStore.ts`, which keeps a drawn file's recording between
 * sessions): its call by number among its file's calls, its Ruby values as `encode` gave them.
 */
export type RouteData =
  | [kind: 0, call: number, name: string, path: string, controller: string, action: string, via: unknown[]]
  | [kind: 1, call: number, name: string, path: string, via: unknown[], defaults: unknown, requirements: unknown, to: unknown, flags: number];

/** What `routeFromData` needs besides the data: the calls' records, the map's display context, a decoder. */
export interface RouteRestore {
  calls: readonly SourceRef[];
  context: DisplayContext;
  decode(v: unknown): RValue;
  /** The plain group made last for each call (a declaration's routes share one). */
  groups: Map<number, PlainGroup>;
  /** A plain route's verbs and action, one object for each (as drawing shares the standard ones). */
  step(via: unknown[], action: string): PlainStep;
  /** A path's analysis, one for each path (a resource's routes share theirs: `/posts/:id` is four). */
  info(path: string): PathInfo;
}

/** The parts of a route as `Mapping` leaves them. */
export interface RouteParts {
  info: PathInfo;
  /** `Route#defaults`, in Rails' merge order. */
  defaults: RHash;
  /** `Route#requirements` (path constraints), in Rails' merge order. */
  requirements: RHash;
  via: RValue[];
  to: RValue | undefined;
  source: SourceRef;
  internal: boolean;
  anchored: boolean;
  /** For a mounted constant, whether it is an engine (known when drawn). */
  engine: boolean;
}

const NO_HELPERS: string[] = [];
const NO_ENDPOINT = ["u"];
const NO_NAMES: readonly string[] = [];
const NO_REQUIREMENTS = new RHash();
const CONTROLLER = sym("controller");
const ACTION = sym("action");
const INTERNAL = 1;
const UNANCHORED = 2;
const ENGINE = 4;

/**
 * Fields are few and hold no object of their own: a redraw keeps ten thousand routes alive
 * while it allocates, and the young-generation collector copies every byte of them (twice).
 */
export abstract class DrawnRoute implements Route {
  // The fields of the routes' classes are the constructors' assignments, all of them, in one
  // order (`declare`): as ES2022 class fields each was first a [[Define]] (an IC call in
  // baseline code, in a field initialiser called before the constructor), then the
  // constructor's store, for each of ten thousand routes (docs/benchmarks.md, coldmap).
  protected declare readonly info: PathInfo;
  /** Set by `RouteSet#add_route` once the name is checked. */
  declare name: string;
  declare shownName?: string;
  private declare described: Described | undefined;

  constructor(info: PathInfo) {
    this.info = info;
    this.name = "";
    this.described = undefined;
  }

  protected abstract get sourceRef(): SourceRef;
  protected abstract get context(): DisplayContext;

  /** The innermost DSL call in the user's files that drew this route. */
  get source(): Span {
    return this.sourceRef.span;
  }

  /** The file of `source`, read without working out the span (a declaration knows its file). */
  get sourceFile(): string {
    return (this.sourceRef as { file?: string }).file ?? this.sourceRef.span.file;
  }

  /** Who drew it, when a framework or gem did (the declaration records it). */
  get origin(): string | undefined {
    return (this.sourceRef as { origin?: string }).origin;
  }

  /** The undecidable conditions it was drawn under (its declaration's), if any. */
  get conditions(): RouteCondition[] | undefined {
    const conditions = this.sourceRef.conditions;
    return conditions && conditions.length ? conditions.map(({ text, holds }) => ({ text, holds })) : undefined;
  }

  /** The method Routemap does not know whose block drew it (its declaration's), if any. */
  get unknownScope(): string | undefined {
    return this.sourceRef.unknownScope;
  }

  /** The keys of `conditions`, for the name checks: two routes whose conditions exclude each other never collide. */
  get conditionKeys(): readonly { readonly key: string; readonly text: string; readonly holds: boolean }[] | undefined {
    const conditions = this.sourceRef.conditions;
    return conditions && conditions.length ? conditions : undefined;
  }

  /** The route's parts as `Mapping` leaves them. */
  protected abstract parts(): RouteParts;

  /** The route as plain data, its call numbered by `call`; `encode` throws for a value that is not plain data. */
  abstract data(call: number, encode: (v: RValue | undefined) => unknown): RouteData;

  /** The call that drew it (`drawMemo.ts` checks that a drawn file's routes are its own calls'). */
  get drawnBy(): SourceRef {
    return this.sourceRef;
  }

  abstract get internal(): boolean;
  abstract get anchored(): boolean;

  get path(): string {
    return this.info.text;
  }
  get requiredParts(): string[] {
    return this.info.required;
  }
  get optionalParts(): string[] {
    return this.info.optional;
  }
  get helpers(): string[] {
    return this.name === "" ? NO_HELPERS : [`${this.name}_path`, `${this.name}_url`];
  }
  get verbs(): string[] {
    return this.display.verbs;
  }
  get verb(): string {
    return this.display.verb;
  }
  get reqs(): string {
    return this.display.reqs;
  }
  get controller(): string | null {
    return this.display.controller;
  }
  get action(): string | null {
    return this.display.action;
  }
  get endpoint(): Endpoint {
    return this.display.endpoint;
  }
  /**
   * The engine it mounts, read from its parts without working out its printed columns: the
   * sheet asks it of every route (`mountedEngines`), before it asks any route its columns.
   * The endpoint is an engine's exactly when `to` is a constant drawn as an engine (`endpointFor`).
   */
  abstract get engine(): string | undefined;
  get defaults(): Record<string, string> {
    return (this.display.defaults ??= inspectEach(this.parts().defaults, this.context.ruby));
  }
  get requirements(): Record<string, string> {
    return (this.display.requirements ??= inspectEach(this.parts().requirements, this.context.ruby));
  }
  get parameters(): PathParameter[] {
    return (this.display.parameters ??= parameters(this.info, this.parts().requirements));
  }

  /** The defaults and requirements as Ruby values, for output that gives values, not their `inspect` (`--json`). */
  values(): { defaults: RHash; requirements: RHash } {
    const { defaults, requirements } = this.parts();
    return { defaults, requirements };
  }

  private get display(): Described {
    return (this.described ??= this.describe());
  }

  /** The printed columns; routes that know they are plain work them out without their parts. */
  protected describe(): Described {
    return describe(this.parts(), this.context);
  }

  /** Plain data for JSON (the CLI's `--json`, the server's custom requests). */
  toJSON(): Route {
    const { name, verbs, verb, path, reqs, controller, action, endpoint, defaults, requirements } = this;
    const { requiredParts, optionalParts, parameters, helpers, source, internal, anchored, engine, origin, conditions, unknownScope } = this;
    return {
      name, verbs, verb, path, reqs, controller, action, endpoint, defaults, requirements,
      requiredParts, optionalParts, parameters, helpers, source, internal, anchored, engine,
      ...(origin ? { origin } : {}),
      ...(this.shownName !== undefined ? { shownName: this.shownName } : {}),
      ...(conditions ? { conditions } : {}),
      ...(unknownScope !== undefined ? { unknownScope } : {}),
    };
  }
}

/** A route from the general `Mapping` path: any defaults, requirements and endpoint. */
export class MappedRoute extends DrawnRoute {
  protected declare readonly sourceRef: SourceRef;
  protected declare readonly context: DisplayContext;
  private declare readonly via: RValue[];
  private declare readonly defaultsHash: RHash;
  private declare readonly requirementsHash: RHash;
  private declare readonly to: RValue | undefined;
  private declare readonly flags: number;

  constructor(p: RouteParts, context: DisplayContext) {
    super(p.info);
    this.sourceRef = p.source;
    this.context = context;
    this.via = p.via;
    this.defaultsHash = p.defaults;
    this.requirementsHash = p.requirements;
    this.to = p.to;
    this.flags = (p.internal ? INTERNAL : 0) | (p.anchored ? 0 : UNANCHORED) | (p.engine ? ENGINE : 0);
  }

  get internal(): boolean {
    return (this.flags & INTERNAL) !== 0;
  }
  get anchored(): boolean {
    return (this.flags & UNANCHORED) === 0;
  }
  get engine(): string | undefined {
    return (this.flags & ENGINE) !== 0 && this.to instanceof RConst ? this.to.path : undefined;
  }
  data(call: number, encode: (v: RValue | undefined) => unknown): RouteData {
    const { name, path, flags } = this;
    // No endpoint (undefined, which JSON has not in arrays) is ["u"]: nil is null.
    const to = this.to === undefined ? NO_ENDPOINT : encode(this.to);
    return [1, call, name, path, this.via.map(encode), encode(this.defaultsHash), encode(this.requirementsHash), to, flags];
  }
  protected parts(): RouteParts {
    const { info, via, to, internal, anchored } = this;
    const engine = (this.flags & ENGINE) !== 0;
    const source = this.sourceRef;
    return { info, defaults: this.defaultsHash, requirements: this.requirementsHash, via, to, source, internal, anchored, engine };
  }
}

/** What the standard routes of one declaration share: its call, its controller, the display context. */
export class PlainGroup {
  declare readonly source: SourceRef;
  declare readonly controller: string;
  declare readonly context: DisplayContext;
  constructor(source: SourceRef, controller: string, context: DisplayContext) {
    this.source = source;
    this.controller = controller;
    this.context = context;
  }
}

/** A plain route's verbs and action; the standard ones are shared by every resource. */
export interface PlainStep {
  readonly via: RValue[];
  readonly action: string;
}

/**
 * A standard action drawn in a plain scope: its defaults are `{controller:, action:}`, it
 * has no requirements, and it is anchored, internal never, its endpoint the controller.
 * Five fields: the rest is shared, with the declaration's other routes (`PlainGroup`) and
 * with every route of the same verb and action (`PlainStep`).
 */
export class PlainRoute extends DrawnRoute {
  private declare readonly group: PlainGroup;
  private declare readonly step: PlainStep;
  constructor(info: PathInfo, group: PlainGroup, step: PlainStep) {
    super(info);
    this.group = group;
    this.step = step;
  }

  protected get sourceRef(): SourceRef {
    return this.group.source;
  }
  data(call: number, encode: (v: RValue | undefined) => unknown): RouteData {
    return [0, call, this.name, this.path, this.group.controller, this.step.action, this.step.via.map(encode)];
  }
  protected get context(): DisplayContext {
    return this.group.context;
  }
  get internal(): boolean {
    return false;
  }
  get anchored(): boolean {
    return true;
  }
  /** Its endpoint is its controller's action. */
  get engine(): undefined {
    return undefined;
  }
  /**
   * The two columns the sheet reads of a route besides its name and path, straight from the
   * step and the group: making the `Described` of each of ten thousand routes (an object and
   * its endpoint's) was about a fifth of a cold run's printing. Not kept: each read is a join.
   */
  override get verb(): string {
    return this.describedAsPlain ? plainVerbs(this.step).verb : super.verb;
  }
  override get reqs(): string {
    return this.describedAsPlain ? `${this.group.controller}#${this.step.action}` : super.reqs;
  }
  /** Whether `describe` below takes its plain branch (no `:controller`/`:action` segment). */
  private get describedAsPlain(): boolean {
    const text = this.info.text;
    return !(text.includes(":controller") || text.includes(":action"));
  }
  /**
   * `describe` for defaults of `{controller:, action:}` alone, no requirements and the
   * controller's endpoint: what the general path prints, without a Hash per route.
   */
  protected override describe(): Described {
    // A `:controller` or `:action` segment prints as such: the general path handles it (and a
    // name that only starts so, `:action_id`, is handled there too, rightly if slowly).
    if (!this.describedAsPlain) return super.describe();
    const { controller } = this.group;
    const { action } = this.step;
    const { verbs, verb } = plainVerbs(this.step);
    const reqs = `${controller}#${action}`;
    return { verbs, verb, reqs, controller, action, endpoint: { kind: "controller", text: reqs } };
  }

  protected parts(): RouteParts {
    const defaults = RHash.fromArrays([CONTROLLER, ACTION], [this.group.controller, this.step.action]);
    const { info } = this;
    return { info, defaults, requirements: NO_REQUIREMENTS, via: this.step.via, to: undefined, source: this.group.source, internal: false, anchored: true, engine: false };
  }
}

/** A step's verbs as printed, worked out once per step (the standard steps are shared by every resource). */
const stepVerbs = new WeakMap<PlainStep, { verbs: string[]; verb: string }>();
function plainVerbs(step: PlainStep): { verbs: string[]; verb: string } {
  let found = stepVerbs.get(step);
  if (!found) {
    const verbs = step.via.map(verbName);
    stepVerbs.set(step, (found = { verbs, verb: verbs.join("|") }));
  }
  return found;
}

interface Described {
  verbs: string[];
  verb: string;
  reqs: string;
  controller: string | null;
  action: string | null;
  endpoint: Endpoint;
  defaults?: Record<string, string>;
  requirements?: Record<string, string>;
  parameters?: PathParameter[];
}

/** `RouteWrapper#controller`, `#action`, `#reqs` and `Route#verb`. */
function describe(p: RouteParts, c: DisplayContext): Described {
  // The list of names scans an extended path: its text says first whether either can be among them.
  const text = p.info.text;
  const names = text.includes("controller") || text.includes("action") ? p.info.names : NO_NAMES;
  const controller = names.includes("controller") ? ":controller" : optionalText(shownValue(p, "controller", c.hiddenGlob));
  const action = names.includes("action") ? ":action" : optionalText(shownValue(p, "action", c.hiddenGlob));
  const endpoint = endpointFor(p, c, controller, action);
  const constraints = displayedConstraints(p, c.hiddenGlob);
  const reqs = constraints ? `${endpoint.text} ${inspect(constraints, c.ruby)}` : endpoint.text;
  const verbs = p.via.length === 1 || (c.allOfSeveral && p.via.some((v) => isSym(v, "all"))) ? [verbName(p.via.length === 1 ? p.via[0] : sym("all"))] : p.via.map(verbName);
  const isController = endpoint.kind === "controller";
  return {
    verbs,
    verb: verbs.join("|"),
    reqs,
    controller: isController ? controller : null,
    action: isController ? action : null,
    endpoint,
  };
}

const isHidden = (v: RValue, hidden: RRegexp) => v instanceof RRegexp && v.source === hidden.source && v.flags === hidden.flags;
const isControllerOrAction = (k: RValue) => k instanceof RSymbol && (k.name === "controller" || k.name === "action");

/** A key of `defaults.merge(requirements)` (`Route#requirements`), unless it is the hidden glob default. */
function shownValue(p: RouteParts, name: string, hidden: RRegexp): RValue | undefined {
  const r = p.requirements.sget(name);
  const v = r !== undefined ? r : p.defaults.sget(name);
  return v === undefined || isHidden(v, hidden) ? undefined : v;
}

/** `RouteWrapper#constraints`: the merged requirements except controller and action, or undefined if none. */
function displayedConstraints(p: RouteParts, hidden: RRegexp): RHash | undefined {
  let out: RHash | undefined;
  p.defaults.forEach((k, v) => {
    if (isControllerOrAction(k)) return;
    const r = p.requirements.get(k);
    const value = r !== undefined ? r : v;
    if (!isHidden(value, hidden)) (out ??= new RHash()).set(k, value);
  });
  p.requirements.forEach((k, v) => {
    if (isControllerOrAction(k) || p.defaults.has(k) || isHidden(v, hidden)) return;
    (out ??= new RHash()).set(k, v);
  });
  return out;
}

function optionalText(v: RValue | undefined): string | null {
  return v === undefined || v === null ? null : displayText(v);
}

function endpointFor(p: RouteParts, c: DisplayContext, controller: string | null, action: string | null): Endpoint {
  const to = p.to;
  if (to instanceof RRedirect) return { kind: "redirect", text: to.inspectText };
  if (to instanceof RConst) return { kind: p.engine ? "engine" : "app", text: to.path };
  // Rails 7.1 prints procs and lambdas by kind, not by their (unknowable) address.
  if (to instanceof RProc && c.inlineHandlerText) return { kind: "app", text: "Inline handler (Proc/Lambda)" };
  // An object whose class defines its own `inspect`: Rails prints what that returns (marked where Routemap could not compute it);
  // one whose class inherits a gem's, whatever that `inspect` gives: marked.
  if (to instanceof RObject && (to.methods.has("inspect") || to.openAncestor !== undefined)) return { kind: "app", text: to.inspectText ?? `«${to.className}#inspect»` };
  if (to instanceof RProc || to instanceof RUnknown || to instanceof RObject || to instanceof RStruct) return { kind: "app", text: inspect(to, c.ruby) };
  return { kind: "controller", text: `${controller ?? ""}#${action ?? ""}` };
}

/** `Journey::Route.verb_matcher(...).verb`. */
const verbNames = new Map<string, string>();

function verbName(v: RValue): string {
  // Known verbs and unknown ones (`:purge`) alike print upcased; only the symbol `:all` prints as "".
  if (isSym(v, "all")) return "";
  const text = displayText(v);
  let name = verbNames.get(text);
  if (name === undefined) verbNames.set(text, (name = dasherize(text).toUpperCase()));
  return name;
}

function inspectEach(h: RHash, ruby: RubyVersion): Record<string, string> {
  const out: Record<string, string> = {};
  h.forEach((k, v) => {
    out[displayText(k)] = inspect(v, ruby);
  });
  return out;
}

function parameters(info: PathInfo, requirements: RHash): PathParameter[] {
  const open = requirements.size ? unknownKeys(requirements) : undefined;
  return info.segments.map(({ name, glob }) => {
    const r = requirements.size ? requirements.sget(name) : undefined;
    if (r instanceof RRegexp) return { name, glob, requirement: r.source };
    // A requirement Routemap could not compute is printed marked, never as the default pattern:
    // its own (`id: Patterns::SLUG`), or constraints whose keys are unknown (`**X`), any of which may be this segment's.
    const marked = r === undefined ? open : markedText(r);
    if (marked) return { name, glob, requirement: marked, unknown: true };
    return { name, glob, requirement: glob ? ".+" : "[^\\.\\/\\?]+" };
  });
}

/** The marked text (`«X»`) of a value Routemap could not compute, undefined for a known one. */
function markedText(v: RValue): string | undefined {
  const text = inspect(v);
  return text.startsWith("«") ? text : undefined;
}

/** The unknown keys of a requirements hash (`{**«X»}`), as the sheet marks them, if any. */
function unknownKeys(requirements: RHash): string | undefined {
  const keys: string[] = [];
  requirements.forEach((k) => {
    const marked = markedText(k);
    if (marked) keys.push(marked);
  });
  return keys.length ? keys.join(", ") : undefined;
}

/** The file of a route's source: without working out its span, for a route the mapper drew. */
export const sourceFileOf = (route: Route): string => (route instanceof DrawnRoute ? route.sourceFile : route.source.file);

/** A route made again from `DrawnRoute#data` (throws for data of another shape: the caller evaluates instead). */
export function routeFromData(d: RouteData, r: RouteRestore): DrawnRoute {
  // Indexes, not destructuring: the latter is the iterator protocol in code V8 has not
  // optimised, and a start restores 20,000 routes before it has.
  const kind = d[0], call = d[1], name = d[2], path = d[3];
  const source = r.calls[call];
  if (!source || typeof path !== "string" || typeof name !== "string") throw new TypeError("not a route's data");
  const info = r.info(path);
  let route: DrawnRoute;
  if (kind === 0 && Array.isArray(d[6])) {
    const controller = d[4], action = d[5], via = d[6];
    let group = r.groups.get(call);
    if (!group || group.controller !== controller) r.groups.set(call, (group = new PlainGroup(source, String(controller), r.context)));
    route = new PlainRoute(info, group, r.step(via, String(action)));
  } else if (kind === 1 && Array.isArray(d[4]) && typeof d[8] === "number") {
    const via = d[4], toData = d[7], flags = d[8];
    const defaults = r.decode(d[5]), requirements = r.decode(d[6]);
    if (!(defaults instanceof RHash) || !(requirements instanceof RHash)) throw new TypeError("not a route's data");
    const to = Array.isArray(toData) && toData[0] === NO_ENDPOINT[0] ? undefined : r.decode(toData);
    const parts = { info, defaults, requirements, via: via.map(r.decode), to, source };
    route = new MappedRoute({ ...parts, internal: (flags & INTERNAL) !== 0, anchored: (flags & UNANCHORED) === 0, engine: (flags & ENGINE) !== 0 }, r.context);
  } else throw new TypeError("not a route's data");
  route.name = name;
  return route;
}
