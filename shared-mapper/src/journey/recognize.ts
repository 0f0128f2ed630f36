/**
 * Path recognition after `ActionDispatch::Journey::Router#find_routes`: the first route, in
 * table order, whose verb and path pattern match. The pattern is the Ruby regexp Journey builds
 * (path/pattern.rb, `AnchoredRegexp`/`UnanchoredRegexp`): `\A…\Z`, a dynamic segment
 * `([^/.?]+)` unless a requirement replaces it (so `/files/a.b` needs `id: /[^\/]+/`), each
 * requirement embedded as its `to_s` (`(?i-mx:…)`: its options hold for that segment only), a
 * glob `(.+)` or its requirement, optional groups `(?:…)?`, and for a mount (`anchor: false`)
 * `\A…(?:\b|\Z|/)`. Parameters are read at Journey's offsets (a requirement's own groups come
 * before the next segment's). The regexp runs on the Ruby regexp engine (ruby/regexp), under
 * one step budget per request: a requirement it cannot run, or one that runs out of budget,
 * makes the answer undecided (`RecognitionUndecided`), never a guess.
 */
import { compileRubyRegexp, regexpEscape, RegexpBudgetExceeded, RegexpUndecided, type RegexpBudget, type RubyRegexp } from "../ruby/regexp/index.js";
import type { Route } from "../types.js";
import { analyzePath, PathNode } from "./pattern.js";

export interface Recognition {
  route: Route;
  /** Index of the route in the table. */
  index: number;
  /** What Rails puts in `params`: the route's defaults (controller, action...) and the decoded path parameters. */
  params: Record<string, string>;
}

/** A request Routemap cannot decide: a route before any match has a requirement it cannot run. */
export interface Undecided {
  undecided: string;
  route: Route;
  index: number;
}

/** `recognize` could not decide (`Undecided` as an error, for callers of the plain API). */
export class RecognitionUndecided extends Error {
  constructor(readonly detail: Undecided) {
    super(detail.undecided);
  }
}

interface Compiled {
  regexp: RubyRegexp;
  /** Each parameter's name and the group that holds it. */
  names: [string, number][];
  /**
   * Why the route cannot be decided: a requirement Routemap cannot run, which `regexp` then
   * replaces by `(.*)`; a path that fails even that does not match the route.
   */
  undecided?: string;
}

const compiledCache = new WeakMap<Route, Compiled | null>();

/** Steps one request may spend in requirements' regexps (a few tens of milliseconds at most). */
const RECOGNITION_STEPS = 2_000_000;

/**
 * The route Rails would dispatch `verb path` to, undefined when none, or `Undecided` when a
 * route tried before the answer has a requirement Routemap cannot run. HEAD falls back to GET.
 */
export function recognizeRoute(routes: readonly Route[], verb: string, url: string): Recognition | Undecided | undefined {
  const path = normalizeRequestPath(url);
  const method = verb.toUpperCase();
  const budget: RegexpBudget = { remaining: RECOGNITION_STEPS };
  const attempt = (wanted: string) => {
    for (let i = 0; i < routes.length; i++) {
      const route = routes[i];
      if (!verbMatches(route, wanted)) continue;
      const params = matchPath(route, path, budget);
      if (typeof params === "string") return { undecided: params, route, index: i };
      if (params) return { route, index: i, params: withEndpoint(route, params) };
    }
    return undefined;
  };
  return attempt(method) ?? (method === "HEAD" ? attempt("GET") : undefined);
}

/** `recognizeRoute`, throwing `RecognitionUndecided` where it cannot decide. */
export function recognize(routes: readonly Route[], verb: string, url: string): Recognition | undefined {
  const found = recognizeRoute(routes, verb, url);
  if (found && "undecided" in found) throw new RecognitionUndecided(found);
  return found;
}

/**
 * `route.path.match(path)` (Journey's Pattern#match: the route's requirements, anchored or, for a
 * mount, any longer path under it): true, false, or undefined where Routemap cannot run a requirement.
 * `rails routes -g` keeps the routes it matches from 7.1 (inspector.rb's `exact_path_match`).
 */
export function pathPatternMatches(route: Route, path: string): boolean | undefined {
  const found = matchPath(route, path, { remaining: RECOGNITION_STEPS });
  return typeof found === "string" ? undefined : found !== undefined;
}

function verbMatches(route: Route, verb: string): boolean {
  return route.verbs.length === 0 || route.verbs.includes("") || route.verbs.includes(verb);
}

/** `Journey::Router::Utils.normalize_path` on the request path, query and fragment removed. */
export function normalizeRequestPath(url: string): string {
  let path = url.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/]*/i, "").replace(/[?#].*$/s, "");
  path = ("/" + path).replace(/\/+/g, "/");
  if (path.length > 1 && path.endsWith("/")) path = path.slice(0, -1);
  return path;
}

/** Rails' params: the route's defaults (controller, action, and any others), then the path's. */
function withEndpoint(route: Route, params: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, inspected] of Object.entries(route.defaults)) {
    const value = plainValue(inspected);
    if (value !== undefined) out[key] = value;
  }
  return { ...out, ...params };
}

/** A default's value from its Ruby `inspect` form, for strings, symbols and numbers. */
function plainValue(inspected: string): string | undefined {
  if (/^"(?:[^"\\]|\\.)*"$/.test(inspected)) {
    try {
      return JSON.parse(inspected) as string;
    } catch {
      return inspected.slice(1, -1);
    }
  }
  if (/^:\w+$/.test(inspected)) return inspected.slice(1);
  if (/^-?\d+(\.\d+)?$/.test(inspected)) return inspected;
  return undefined;
}

/** The path's parameters, undefined if the route does not match, or why it cannot be decided. */
function matchPath(route: Route, path: string, budget: RegexpBudget): Record<string, string> | undefined | string {
  // The path's text before its first segment, group or escape: a request that does not start
  // with it cannot match, and most routes of a table are ruled out so, without their regexp.
  const literal = /^[^:*(|\\]*/.exec(route.path)![0];
  if (!path.startsWith(literal)) return undefined;
  let compiled = compiledCache.get(route);
  if (compiled === undefined) {
    compiled = compile(route) ?? null;
    compiledCache.set(route, compiled);
  }
  if (!compiled) return undefined;
  let m;
  try {
    m = compiled.regexp.exec(path, 0, budget);
  } catch (e) {
    if (e instanceof RegexpBudgetExceeded) return `the route's requirements (${route.path}) ran out of their regexp budget on this path`;
    if (e instanceof RegexpUndecided) return `Routemap cannot match the route's requirements (${route.path}) on this path as Ruby would: ${e.message}`;
    throw e;
  }
  if (!m) return undefined;
  if (compiled.undecided) return compiled.undecided;
  const params: Record<string, string> = {};
  for (const [name, group] of compiled.names) {
    const value = m.group(group);
    if (value !== undefined) params[name] = safeDecode(value);
  }
  return params;
}

function safeDecode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

/** Journey's regexp for the route, or undefined for a path that does not parse. */
function compile(route: Route): Compiled | undefined {
  let ast: PathNode;
  try {
    ast = analyzePath(route.path).ast;
  } catch {
    return undefined;
  }
  const sources = new Map(route.parameters.map((p) => [p.name, p.requirement]));
  const names: [string, number][] = [];
  // Journey's offsets: a parameter's group comes after every group of the requirements before it.
  let groups = 0;
  // Constraints Routemap could not compute (`{**«X»}`, `{«K»=>…}`): any segment may have a requirement.
  const unknownConstraints = Object.keys(route.requirements).some((k) => k.startsWith("«"));
  let problem: string | undefined = unknownConstraints ? `Routemap cannot compute the route's constraints (${route.reqs})` : undefined;
  const segment = (name: string, fallback: string): string => {
    const requirement = unknownConstraints ? problem! : (unknownOption(route, name) ?? requirementOf(route.requirements[name], sources.get(name)));
    if (typeof requirement === "string") {
      problem ??= requirement;
      names.push([name, ++groups]);
      return "(.*)";
    }
    names.push([name, ++groups]);
    if (!requirement) return fallback;
    groups += requirement.regexp.groupCount;
    return `(${requirement.embedded})`;
  };
  const visit = (n: PathNode): string => {
    switch (n.type) {
      case "CAT":
        return visit(n.left) + visit(n.right);
      case "GROUP":
        return `(?:${visit(n.left)})?`;
      case "OR":
        return `(?:${n.children.map(visit).join("|")})`;
      case "STAR":
        return segment(n.left.name, "(.+)");
      case "SYMBOL":
        return segment(n.name, "([^/.?]+)");
      case "SLASH":
        return n.text;
      default:
        return regexpEscape(n.text);
    }
  };
  const body = visit(ast);
  const source = route.anchored ? `\\A${body}\\Z` : body === "/" ? "\\A/" : `\\A${body}(?:\\b|\\Z|/)`;
  const compiled = compileRubyRegexp(source);
  if (!compiled.ok) return undefined;
  return { regexp: compiled.regexp, names, undecided: problem };
}

/**
 * A segment's option whose value Routemap could not compute (`get "p/:id", id: Patterns::ID`):
 * Rails takes it as the segment's requirement where it is a Regexp, else as a default, and
 * which it is cannot be told.
 */
function unknownOption(route: Route, name: string): string | undefined {
  const value = route.defaults[name];
  return value?.startsWith("«") ? `Routemap cannot compute the option ${name}: ${value}, a requirement if it is a Regexp` : undefined;
}

/**
 * A requirement as printed (`/\d+/i`) with its source: the regexp and its `to_s`
 * (`(?i-mx:\d+)`), undefined for none (or not a regexp), or why it cannot be run.
 */
function requirementOf(written: string | undefined, source: string | undefined): { regexp: RubyRegexp; embedded: string } | string | undefined {
  // A requirement Routemap could not compute (`«Patterns::SLUG»`) is one it cannot run, not none.
  if (written?.startsWith("«")) return `Routemap cannot compute the requirement ${written}`;
  const literal = written === undefined ? null : /^\/.*\/([mixn]*)$/s.exec(written);
  if (!literal || source === undefined) return undefined;
  const flags = literal[1].replace("n", "");
  const compiled = compileRubyRegexp(source, flags);
  if (!compiled.ok) return compiled.kind === "unsupported" ? `Routemap cannot run the requirement ${written}: ${compiled.reason}` : undefined;
  const off = [..."mix"].filter((f) => !flags.includes(f)).join("");
  return { regexp: compiled.regexp, embedded: `(?${flags}${off ? "-" + off : ""}:${source})` };
}
