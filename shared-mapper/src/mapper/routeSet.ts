/**
 * The parts of `ActionDispatch::Routing::RouteSet` (route_set.rb) that drawing touches:
 * the ordered route list, the named-route table and its checks, and the custom URL
 * helpers made by `direct`/`resolve`.
 */
import type { CustomHelper, Route, Span } from "../types.js";
import { blank, RHash, RValue } from "../ruby/values.js";
import { toS } from "../ruby/print.js";
import { RoutingError, routingError } from "./errors.js";
import { identifierHash, NameTable, nameHash } from "./nameTable.js";
import type { DrawnRoute } from "./route.js";
import { defaultPathNames } from "./scope.js";
import type { Version } from "./version.js";

/** `add_route`'s name check, `/^[_a-z]\w*$/i`; Ruby's `^`/`$` match at any line. */
const VALID_LINE = /^[_a-z]\w*$/im;

/** `new Array(n)` past this makes a slow (dictionary) array in V8. */
const MAX_PRESIZE = 65_536;

const GUIDES_HTTPS = "https://guides.rubyonrails.org/routing.html#restricting-the-routes-created";

/** What Rails `version`'s route sets do with names (`RouteSet.add`). */
export interface NameRules {
  /** The guide's address the name error ends with (route_set.rb: `http://` before 6.0, `https://` from it). */
  guides: string;
  /**
   * Whether a name already in use raises (from 4.0, rails/rails#9704); 3.2's `add_route` only
   * checks the name's form, and `named_routes[name] = route` leaves the helper to the last route.
   */
  unique: boolean;
}

/** The name rules of Rails `version`'s route sets. */
export function nameRules(version: Version): NameRules {
  return { guides: version.lt(6, 0) ? GUIDES_HTTPS.replace("https:", "http:") : GUIDES_HTTPS, unique: version.gte(4, 0) };
}

export class RouteSet {
  /**
   * Made at the size the caller expects (the last map's count), filled by index: a list
   * grown by `push` from empty copies itself a dozen times on the way to ten thousand.
   */
  private readonly list: Route[];
  private count = 0;
  readonly customHelpers: CustomHelper[] = [];
  private readonly named: NameTable;
  /**
   * The innermost method Routemap does not know whose block is being evaluated (`api_version`
   * of a gem it does not model): the scope it gives the block's routes is unknown, and so are
   * their names.
   */
  unknownScope: string | undefined;
  /**
   * `RouteSet#default_scope` as the files last set it (`routes.default_scope = …`): each draw into
   * the set (`eval_block`) runs inside `scope(default_scope)` while it is truthy. Undefined until
   * set: an engine's is then the module its `isolate_namespace` names.
   */
  defaultScope: RValue | undefined = undefined;
  /**
   * `RouteSet#resources_path_names`: each Mapper starts its scope with this very Hash, so that a
   * change to it (`routes.resources_path_names[:new] = "neu"`, or the DSL's `resources_path_names`
   * at a draw's top) holds for the draws after it.
   */
  resourcesPathNames: RHash = defaultPathNames();
  /** Names taken inside such a block, and the method's name. */
  private readonly namesInUnknownScope = new Map<string, string>();
  /** Rows that share a name with another route drawn under conditions that exclude theirs. */
  private readonly conditionalNames = new Map<string, number[]>();

  /** `rules`: what the app's Rails does with a name already in use (`nameRules`). */
  constructor(
    expected = 0,
    private readonly rules: NameRules = { guides: GUIDES_HTTPS, unique: true },
  ) {
    this.list = expected > 0 ? new Array(Math.min(expected, MAX_PRESIZE)) : [];
    this.named = new NameTable(this.list, expected);
  }

  /** How many routes are drawn so far. */
  get size(): number {
    return this.count;
  }

  /** Drawing is done: the name table's storage may serve the next set (`NameTable#release`). */
  release(): void {
    this.named.release();
  }

  /** The routes drawn from row `first` on, without ending the list (`routes` does). */
  rowsFrom(first: number): Route[] {
    return this.list.slice(first, this.count);
  }

  /** The routes in drawing order. */
  get routes(): Route[] {
    if (this.list.length !== this.count) this.list.length = this.count;
    return this.list;
  }

  hasNamedRoute(name: string): boolean {
    this.probe?.(name);
    return this.named.has(name);
  }

  /**
   * `has_named_route?` for a route drawn under `conditions` (its call's): a name only routes of
   * other worlds have (drawn under conditions that exclude these) is not taken there, as in
   * Rails, where only one of them is drawn.
   */
  hasNamedRouteUnder(name: string, conditions: readonly { key: string; holds: boolean }[] | undefined): boolean {
    if (!this.hasNamedRoute(name)) return false;
    if (!conditions?.length) return true;
    return this.rowsNamed(name).some((row) => compatible(conditions, (this.list[row] as DrawnRoute).conditionKeys ?? NO_CONDITIONS));
  }

  /** Whether a route has the name wherever the table is drawn (`true`), none has (`false`), or only routes drawn under conditions do. */
  namedRouteHere(name: string): boolean | "conditional" {
    if (!this.hasNamedRoute(name)) return false;
    return this.rowsNamed(name).some((row) => !(this.list[row] as DrawnRoute).conditionKeys?.length) ? true : "conditional";
  }

  /**
   * Told every name the set is asked about while a drawn file is recorded (`drawMemo.ts`): a
   * replay is exact only where each of them is as free as it was.
   */
  probe: ((name: string) => void) | undefined = undefined;

  /** Whether `name` names a route of the first `rows` rows (the set as it stood then). */
  namedBefore(name: string, rows: number): boolean {
    // One probe of the table (`rowOf` is -1 for a name it lacks): this runs for every name a drawn file asks about.
    const row = this.named.rowOf(name);
    if (row >= 0 && row < rows) return true;
    return this.conditionalNames.size > 0 && (this.conditionalNames.get(name) ?? []).some((r) => r < rows);
  }

  /** A recorded route added again (`drawMemo.ts`): its name was checked free, as in the map that drew it. */
  replay(route: DrawnRoute): void {
    if (route.name !== "") this.named.add(route.name, this.count);
    this.list[this.count++] = route;
  }

  /** The name check of `add_route` (Ruby's `^`/`$` are line anchors). */
  isValidName(name: string): boolean {
    return identifierHash(name) !== 0 || VALID_LINE.test(name);
  }

  /**
   * For a name checked before it is added (`addWithDerivedName`): its `nameHash`, or 0 when
   * `add_route` would reject it.
   */
  checkName(name: string): number {
    return identifierHash(name) || (VALID_LINE.test(name) ? nameHash(name) : 0);
  }

  /** `RouteSet#add_route`: validates the name, then records the route. */
  add(route: DrawnRoute, name: RValue | undefined, host?: { info(message: string): void }): Route {
    const text = name === undefined || name === null || name === false ? null : toS(name);
    if (text !== null) this.probe?.(text);
    if (!blank(name ?? null) && !this.isValidName(text!)) {
      throw routingError(`Invalid route name: '${text}'`);
    }
    if (text !== null && this.named.has(text) && this.takenUnder(text, route) !== "always") {
      // Taken only by routes drawn where this one is not: both keep the name.
      if (this.takenUnder(text, route) === "never") return this.addConditional(route, text);
      throw new ConditionalNameError(text, this.conditionsOf(text, route));
    }
    // Rails 3.2: both routes keep the name; the helper is the last one's (helpers index the table so).
    if (text !== null && this.named.has(text) && !this.rules.unique) return this.addConditional(route, text);
    if (text !== null && this.named.has(text)) {
      const scope = this.unknownScope ?? this.namesInUnknownScope.get(text);
      if (scope !== undefined) {
        host?.info(unknownScopeMessage(text, scope));
        return this.addUnnamed(route);
      }
      throw routingError(
        `Invalid route name, already in use: '${text}' \n` +
          "You may have defined two routes with the same name using the `:as` option, or " +
          "you may be overriding a route already defined by a resource with the same naming. " +
          "For the latter, you can restrict the routes created with `resources` as explained here: \n" +
          this.rules.guides,
      );
    }
    route.name = text ?? "";
    if (text !== null) this.named.add(text, this.count);
    if (text !== null && this.unknownScope !== undefined) this.namesInUnknownScope.set(text, this.unknownScope);
    this.list[this.count++] = route;
    return route;
  }

  /**
   * Whether the routes already named `name` exist where `route` does: `always` (both are
   * certain, or drawn under the same conditions), `never` (their conditions exclude each
   * other), or `sometimes`.
   */
  private takenUnder(name: string, route: DrawnRoute): "always" | "sometimes" | "never" {
    const mine = route.conditionKeys ?? NO_CONDITIONS;
    let answer: "always" | "sometimes" | "never" = "never";
    for (const row of this.rowsNamed(name)) {
      const theirs = (this.list[row] as DrawnRoute).conditionKeys ?? NO_CONDITIONS;
      if (!compatible(mine, theirs)) continue;
      if (sameConditions(mine, theirs)) return "always";
      answer = "sometimes";
    }
    return answer;
  }

  /** Every row named `name`: the table's, and those added under other conditions. */
  private rowsNamed(name: string): number[] {
    const extra = this.conditionalNames.get(name);
    const first = this.named.rowOf(name);
    return extra ? [first, ...extra] : [first];
  }

  /** The conditions under which the name is taken twice, for the message. */
  private conditionsOf(name: string, route: DrawnRoute): { text: string; holds: boolean }[] {
    const out = [...(route.conditionKeys ?? [])];
    for (const row of this.rowsNamed(name)) for (const c of (this.list[row] as DrawnRoute).conditionKeys ?? []) if (!out.some((o) => o.key === c.key)) out.push(c);
    return out.map(({ text, holds }) => ({ text, holds }));
  }

  private addConditional(route: DrawnRoute, name: string): Route {
    route.name = name;
    const rows = this.conditionalNames.get(name) ?? [];
    rows.push(this.count);
    this.conditionalNames.set(name, rows);
    this.list[this.count++] = route;
    return route;
  }

  private addUnnamed(route: DrawnRoute): Route {
    route.name = "";
    this.list[this.count++] = route;
    return route;
  }

  /**
   * `add` for a name `name_for_action` derived, already checked to be valid: Rails leaves an
   * automatic name off when a route already has it, so a taken name is dropped, not an error.
   */
  addWithDerivedName(route: DrawnRoute, name: string | undefined, hash?: number): void {
    if (name !== undefined) this.probe?.(name);
    if (name !== undefined && this.named.add(name, this.count, hash)) route.name = name;
    // A name taken only by routes drawn where this one is not is this one's too.
    else if (name !== undefined && route.conditionKeys && this.takenUnder(name, route) === "never") return void this.addConditional(route, name);
    this.list[this.count++] = route;
  }

  addCustomHelper(kind: CustomHelper["kind"], name: string, source: Span, origin?: string): void {
    // `resolve` maps a model class for polymorphic URLs; only `direct` defines helpers of its own.
    const helpers = kind === "direct" ? [`${name}_path`, `${name}_url`] : [];
    this.customHelpers.push({ kind, name, helpers, source, ...(origin ? { origin } : {}) });
  }
}

const NO_CONDITIONS: readonly { key: string; holds: boolean }[] = [];

const compatible = (a: readonly { key: string; holds: boolean }[], b: readonly { key: string; holds: boolean }[]) =>
  !a.some((x) => b.some((y) => x.key === y.key && x.holds !== y.holds));
const sameConditions = (a: readonly { key: string; holds: boolean }[], b: readonly { key: string; holds: boolean }[]) =>
  a.length === b.length && a.every((x) => b.some((y) => y.key === x.key && y.holds === x.holds));

/**
 * Rails' "already in use" error where it happens only under conditions Routemap could not
 * decide: a warning that says where, never an error of its own guess.
 */
export class ConditionalNameError extends RoutingError {
  constructor(
    name: string,
    readonly conditions: { text: string; holds: boolean }[],
  ) {
    super(`Invalid route name, already in use: '${name}' \n(Rails raises this only where ${conditions.map((c) => `\`${c.text}\` ${c.holds ? "holds" : "does not hold"}`).join(" and ")}, which Routemap cannot decide.)`);
  }
}

/**
 * A route name already in use where one of the two routes is drawn inside the block of a
 * method Routemap does not know: that method's scope may well give it another name, so
 * whether Rails raises is not known.
 */
const unknownScopeMessage = (name: string, method: string) =>
  `Routemap cannot tell whether the route name '${name}' is already in use: a route of that name is drawn inside \`${method}\`, whose scope Routemap does not know. This route is listed without its name.`;
