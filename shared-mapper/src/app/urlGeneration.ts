/**
 * What Rails' URL generation raises on, decided where the call is written:
 * - a named helper given no value for a required part where no request's parameters can fill
 *   it in (`edit_post_url` in a mailer: "missing required keys: [:id]");
 * - a hash target no route leads to (`url_for(controller: "posts", action: "archive")`).
 *
 * Follows actionpack's routing/route_set.rb (`UrlHelper#call`, `handle_positional_args`,
 * `Generator`, `RESERVED_OPTIONS`) and journey/formatter.rb (`Formatter#generate`,
 * `MissingRoute#message`), which read the same from 6.1 to 8.1 for what is checked here.
 *
 * Rails fills what a call leaves out from the call's arguments, the route's defaults,
 * `default_url_options`, and, in a controller, its views and helpers (and tests after a
 * request), the current request's path parameters (the "recall"). A part is missing for sure
 * only where there is no recall and every `default_url_options` of the app is read; anything
 * else is silence. Where every value is a literal the message is Rails' own; otherwise it says
 * the same in words, as Ruby's inspect of an unknown value cannot be written.
 */
import * as N from "@ruby/prism/src/nodes.js";
import type { LoadedFile } from "../ruby/loadedFile.js";
import { childrenOf, constantPathText, walkCalls } from "../ruby/walk.js";
import { inspectString, inspectSymbol, type RubyVersion } from "../ruby/print.js";
import type { Diagnostic, Route, Span } from "../types.js";
import type { RunCondition } from "./runConditions.js";
import { recognizeRoute } from "../journey/recognize.js";
import type { IntegrationEffect, LastRequest } from "./integrationTests.js";

/** A value written in the call: its Ruby `inspect`, and the string of a string or symbol. */
export interface Literal {
  inspect: string;
  text?: string;
}
/** A value Routemap cannot know (a variable, a method call…). */
export const UNKNOWN = "unknown" as const;
export type ArgValue = Literal | typeof UNKNOWN;

/** A call's arguments as URL generation sees them. */
export interface UrlArguments {
  positional: ArgValue[];
  /** The trailing hash's symbol keys (`edit_post_url(host: "x")`). */
  keywords: Map<string, ArgValue>;
  /** A splat, a double splat, a non-symbol key, or a last argument that may be a Hash: what the call gives is not known. */
  opaque: boolean;
}

/** A hash given to `url_for`, `link_to`, `redirect_to`… (`controller: "posts", action: "show"`). */
export interface UrlHash {
  keys: Map<string, ArgValue>;
  opaque: boolean;
  span: Span;
  /** Called on `Rails.application.routes.url_helpers`: no request is there. */
  noRequest: boolean;
  /** What must hold for the code to run, where decidable without a request (runConditions.ts). */
  when?: RunCondition[];
}

/** Where a call runs: with a request's parameters to fill in (controllers, views), or none (mailers). */
export interface UrlGenerationContext {
  /** The routes the file's receiver-less helpers and hashes reach. */
  routes: readonly Route[];
  /** The routes `main_app` and `Rails.application.routes.url_helpers` reach. */
  mainRoutes: readonly Route[] | undefined;
  /**
   * The routes a mounted engine's proxy reaches (`reporting.summary_path`), undefined for a
   * receiver that is none. A proxy generates in the engine's set with the calling scope's
   * `url_options`, the request's `_recall` among them (actionpack 6.1 routes_proxy.rb), so what
   * a request fills in is the same as for the file's own helpers.
   */
  proxyRoutes?: (receiver: string) => readonly Route[] | undefined;
  /** False in mailers and their views: nothing is recalled from a request. */
  request: boolean;
  /** The controller whose requests run this file's code, when only one can (a controller no other inherits from). */
  controller?: string;
  /** The keys `default_url_options` may give where no request is, or "unknown" when code Routemap cannot read sets them. */
  defaults: ReadonlySet<string> | typeof UNKNOWN;
  /**
   * Where a request runs the code: the keys its path parameters may hold for code in a method
   * (`method` undefined: anywhere in the file), and what the one controller's requests are
   * called in messages; undefined when they cannot be known.
   */
  recall?: (method: string | undefined) => { keys: ReadonlySet<string>; requests: string } | undefined;
  /**
   * What the app's test helpers do to an integration session (testSupport.ts): what each name an
   * integration test calls but does not define does (its hooks' pseudo-names included), and
   * whether a request's controller may add URL options of its own (`url_options` or
   * `default_url_options` in a controller of the app or of a gem). Absent: integration tests'
   * calls are not checked for what the session recalls.
   */
  integration?: {
    resolve(name: string): IntegrationEffect;
    /**
     * Whether a request's controller may add URL options the session then takes (its
     * `url_options`): for every request, or per controller path (a gem's controller that sets
     * them reaches only the requests of the controllers that inherit it); undefined: not known.
     */
    requestUrlOptions: boolean | ((controller: string | undefined) => boolean);
    lastRequestOf?(name: string): LastRequest | undefined;
  };
  ruby: RubyVersion;
}

/** Options URL generation takes for itself, never path parameters (`RouteSet::RESERVED_OPTIONS`). */
export const RESERVED = new Set([
  "host", "protocol", "port", "subdomain", "domain", "tld_length", "trailing_slash", "anchor", "params", "only_path", "script_name", "original_script_name", "relative_url_root",
]);

/** The value of a literal node, or UNKNOWN. */
export function literalOf(node: N.Node): ArgValue {
  if (node instanceof N.StringNode) return { inspect: inspectString(node.unescaped.value), text: node.unescaped.value };
  if (node instanceof N.SymbolNode) return { inspect: inspectSymbol(node.unescaped.value), text: node.unescaped.value };
  if (node instanceof N.IntegerNode) return { inspect: String(node.value) };
  if (node instanceof N.NilNode) return { inspect: "nil" };
  if (node instanceof N.TrueNode) return { inspect: "true" };
  if (node instanceof N.FalseNode) return { inspect: "false" };
  return UNKNOWN;
}

/** Whether a node may be a Hash at run time: Rails takes a trailing Hash as options. */
function mayBeHash(node: N.Node): boolean {
  return !(literalOf(node) !== UNKNOWN || node instanceof N.InterpolatedStringNode || node instanceof N.ArrayNode || node instanceof N.InterpolatedSymbolNode);
}

/** The symbol-keyed pairs of a hash literal; opaque when a key is not a symbol or a `**splat` is there. */
export function hashPairs(node: N.HashNode | N.KeywordHashNode): { keys: Map<string, ArgValue>; opaque: boolean } {
  const keys = new Map<string, ArgValue>();
  let opaque = false;
  for (const element of node.elements) {
    if (element instanceof N.AssocNode && element.key instanceof N.SymbolNode) keys.set(element.key.unescaped.value, literalOf(element.value));
    else opaque = true;
  }
  return { keys, opaque };
}

/** A helper call's arguments: positional ones, then a trailing hash (Rails pops a last Hash as options). */
export function urlArguments(call: N.CallNode): UrlArguments {
  const args = call.arguments_?.arguments_ ?? [];
  const out: UrlArguments = { positional: [], keywords: new Map(), opaque: call.block instanceof N.BlockArgumentNode };
  args.forEach((arg, i) => {
    const last = i === args.length - 1;
    if (last && (arg instanceof N.KeywordHashNode || arg instanceof N.HashNode)) {
      const pairs = hashPairs(arg);
      out.keywords = pairs.keys;
      out.opaque ||= pairs.opaque;
    } else if (arg instanceof N.SplatNode || (last && mayBeHash(arg))) out.opaque = true;
    else out.positional.push(literalOf(arg));
  });
  return out;
}

/** Where each URL-taking helper takes its hash: the argument's index, or `url:` of the last hash. */
const HASH_AT: Record<string, number | "url"> = {
  url_for: 0,
  redirect_to: 0,
  form_tag: 0,
  link_to: 1,
  button_to: 1,
  link_to_unless_current: 1,
  link_to_if: 2,
  link_to_unless: 2,
  form_with: "url",
  form_for: "url",
};

/** `Rails.application.routes.url_helpers`, written out: helpers called on it run without a request. */
export function isUrlHelpersModule(node: N.Node | null): boolean {
  return node instanceof N.CallNode && node.name === "url_helpers" && !node.arguments_ && chainText(node.receiver) === "Rails.application.routes";
}

function chainText(node: N.Node | null): string | undefined {
  if (node instanceof N.CallNode && !node.arguments_) {
    const before = node.receiver ? chainText(node.receiver) : "";
    return before === undefined ? undefined : before ? `${before}.${node.name}` : node.name;
  }
  return node ? constantPathText(node) : undefined;
}

/** The hashes given to URL-taking helpers in a file (`link_to "x", controller: "posts"`), literal ones only. */
export function urlHashes(file: LoadedFile): UrlHash[] {
  const out: UrlHash[] = [];
  walkCalls(file.program, (call) => {
    const at = HASH_AT[call.name];
    if (at === undefined) return;
    const noRequest = isUrlHelpersModule(call.receiver);
    if (call.receiver && !noRequest) return;
    const args = call.arguments_?.arguments_ ?? [];
    let node: N.Node | undefined;
    if (at === "url") {
      const last = args[args.length - 1];
      const pair = last instanceof N.KeywordHashNode || last instanceof N.HashNode ? last.elements.find((e) => e instanceof N.AssocNode && e.key instanceof N.SymbolNode && e.key.unescaped.value === "url") : undefined;
      node = pair instanceof N.AssocNode ? pair.value : undefined;
    } else {
      // `link_to(url_hash, html) { body }`: with a block, the name is the block's.
      node = args[typeof at === "number" && at > 0 && call.block instanceof N.BlockNode && call.name !== "link_to_if" && call.name !== "link_to_unless" ? at - 1 : at];
    }
    if (!(node instanceof N.HashNode || node instanceof N.KeywordHashNode)) return;
    const { keys, opaque } = hashPairs(node);
    if (!keys.has("controller") && !keys.has("action")) return;
    const loc = node.location;
    out.push({ keys, opaque, noRequest, span: file.index.span(loc.startOffset, loc.startOffset + loc.length) });
  });
  return out;
}

/** Ruby's inspect of the hash Rails names in "No route matches {…}", keys sorted as Rails sorts them. */
export function inspectConstraints(pairs: Map<string, string>, ruby: RubyVersion): string {
  const keys = [...pairs.keys()].sort();
  if (!keys.length) return "{}";
  const key = (k: string) => (/^[A-Za-z_][A-Za-z_0-9]*[?!]?$/.test(k) ? k : inspectString(k));
  return "{" + keys.map((k) => (ruby.modernHashInspect ? `${key(k)}: ${pairs.get(k)}` : `:${key(k)}=>${pairs.get(k)}`)).join(", ") + "}";
}

export const symbols = (keys: readonly string[]) => `[${[...keys].sort().map((k) => `:${k}`).join(", ")}]`;

/**
 * Errors for named helper calls that leave a required part with no value where nothing can fill
 * it in: no request (mailers, `Rails.application.routes.url_helpers`), and no key of
 * `default_url_options` that could be it.
 */
export function missingPartDiagnostics(calls: readonly UrlHelperCall[], context: UrlGenerationContext): Diagnostic[] {
  if (context.defaults === UNKNOWN) return [];
  const defaults = context.defaults;
  const out: Diagnostic[] = [];
  const testRecall = integrationRecall(calls, context);
  for (const call of calls) {
    // Where a request runs the code, its path parameters fill in what they hold (`_recall`); in
    // an integration test, those of its last request, none before the first (integrationTests.ts).
    const inTest = testRecall(call);
    const recalled = inTest || !context.request || call.noRequest ? undefined : context.recall?.(call.method);
    const keys = (inTest ?? recalled)?.keys;
    if (!call.args || call.args.opaque || (context.request && !call.noRequest && !keys)) continue;
    if (call.args.positional.some((v) => v === UNKNOWN) || call.args.keywords.has("path_params")) continue;
    const route = routeOfCall(call, context);
    if (!route) continue;
    const given = partsGiven(route, call.args, defaults);
    const fills = fillsPart(route, call.args, defaults);
    const unfilled = route.requiredParts.filter((part) => !fills(given.get(part)) && !defaults.has(part) && route.defaults[part] === undefined && !(keys?.has(part) && !given.has(part)));
    if (!unfilled.length) continue;
    const message = inTest
      ? integrationMessage(call.name, given, unfilled, inTest.lastRequest)
      : recalled
        ? recalledMessage(call.name, given, unfilled, recalled.requests)
        : missingMessage(route, call.name, given, unfilled, defaults, context.ruby);
    out.push({ severity: "error", code: "missing-url-part", span: call.span, message, data: { missing: unfilled.join(",") } });
  }
  return out;
}

/** A helper call as URL generation checks read it. */
export interface UrlHelperCall {
  name: string;
  span: Span;
  args?: UrlArguments;
  noRequest?: boolean;
  receiver?: string;
  method?: string;
  integration?: { lastRequest?: { line: number; character: number }; lastPath?: { verb: string; path: string }; earlier: string[]; since: string[]; unordered?: true };
}

/** The named route a helper call generates from: the file's own table, `main_app`'s, or a mounted engine's through its proxy. */
export function routeOfCall(call: UrlHelperCall, context: UrlGenerationContext): Route | undefined {
  const routes = routesOfCall(call, context);
  return routes && namedRoutes(routes).get(call.name.replace(/_(?:path|url)$/, ""));
}

function routesOfCall(call: UrlHelperCall, context: UrlGenerationContext): readonly Route[] | undefined {
  if (call.receiver === undefined && !call.noRequest) return context.routes;
  if (call.receiver === "main_app" || call.noRequest) return context.mainRoutes;
  return call.receiver === undefined ? undefined : context.proxyRoutes?.(call.receiver);
}

/**
 * Whether a value fills a path part: not nil (Rails' `compact!` drops it). An empty string fills
 * one (`missing_keys` asks `parts[key]`, and "" is true in Ruby: `/objects//content_diff`), its
 * route's requirement aside (urlRequirements.ts), except on Rails' optimized path: a helper given
 * exactly its required parts, each positional, with no `default_url_options`, of a route with
 * no glob and no requirement on its path (actionpack 6.1 route_set.rb, `UrlHelper#call`,
 * `optimize_helper?` and `parameterize_args`, which raises on an empty one).
 */
function fillsPart(route: Route, args: UrlArguments, defaults: ReadonlySet<string>): (value: ArgValue | undefined) => boolean {
  const pathRequirement = route.parameters.some((p) => p.glob || Object.hasOwn(route.requirements, p.name)) || Object.hasOwn(route.requirements, "controller");
  const optimized = args.keywords.size === 0 && args.positional.length === route.requiredParts.length && defaults.size === 0 && !pathRequirement;
  return (value) => value !== undefined && (value === UNKNOWN || (value.inspect !== "nil" && (!optimized || value.inspect !== '""')));
}

/** The options a call gives (`handle_positional_args`: positional values go to the path parameters not otherwise given, in order). */
export function partsGiven(route: Route, args: UrlArguments, defaults: ReadonlySet<string>): Map<string, ArgValue> {
  const given = new Map<string, ArgValue>();
  let params = route.parameters.map((p) => p.name);
  const size = params.includes("format") ? params.length - 1 : params.length;
  if (args.positional.length > 0) {
    if (args.positional.length < size) params = params.filter((p) => !defaults.has(p) && route.defaults[p] === undefined && p !== "controller" && p !== "action");
    params = params.filter((p) => !args.keywords.has(p));
    args.positional.forEach((value, i) => {
      if (params[i]) given.set(params[i], value);
    });
  }
  for (const [key, value] of args.keywords) given.set(key, value);
  return given;
}

/**
 * Rails' message (`No route matches {…}, missing required keys: […]`): the route's defaults and
 * every option given but the reserved ones. When a value is not written in the call (or
 * `default_url_options` adds keys of its own), the message says the same in words.
 */
function missingMessage(route: Route, name: string, given: Map<string, ArgValue>, unfilled: string[], defaults: ReadonlySet<string>, ruby: RubyVersion): string {
  // Rails calls a key it was given (as nil) an unmatched constraint, one it was not given missing.
  const missing = unfilled.filter((part) => !given.has(part));
  const unmatched = unfilled.filter((part) => given.has(part));
  const pairs = new Map<string, string>(Object.entries(route.defaults));
  for (const [key, value] of given) if (!RESERVED.has(key)) pairs.set(key, value === UNKNOWN ? "" : value.inspect);
  // A helper given every part goes through Rails' optimized path, which words a nil differently.
  const exact = !unmatched.length && [...pairs.values()].every((v) => v !== "") && [...defaults].every((k) => RESERVED.has(k));
  if (exact) return `No route matches ${inspectConstraints(pairs, ruby)}, missing required keys: ${symbols(missing)}`;
  const parts: string[] = [];
  if (missing.length) parts.push(`is given no ${missing.map((m) => `:${m}`).join(", ")} here, and no request fills ${missing.length > 1 ? "them" : "it"} in`);
  if (unmatched.length) parts.push(`is given no value for ${unmatched.map((m) => `:${m}`).join(", ")}`);
  return `\`${name}\` ${parts.join(", and ")}: Rails raises ActionController::UrlGenerationError (No route matches …)`;
}

/**
 * What an integration test's session recalls at a call: nothing before the first request, else
 * the path parameters of the last request, to a helper call's route (`lastRequest`, what that
 * call gave) or to a literal path (`lastPath`, as the routes recognize it); undefined where that
 * is not known (code the test helpers run or the test calls may make a request or set URL
 * options, a controller may add URL options, the request's route or arguments are not known),
 * and then the call is not checked for what a request recalls.
 */
function integrationRecall(calls: readonly UrlHelperCall[], context: UrlGenerationContext): (call: UrlHelperCall) => { keys: ReadonlySet<string>; lastRequest?: string } | undefined {
  const support = context.integration;
  if (!support || !calls.some((c) => c.integration)) return () => undefined;
  const at = (p: { line: number; character: number }) => `${p.line}:${p.character}`;
  const byStart = new Map(calls.map((c) => [at(c.span.start), c]));
  const options = support.requestUrlOptions;
  const optionsAfter = (controller: string | null | undefined) => (typeof options === "function" ? options(controller ?? undefined) : options);
  return (call) => {
    const known = call.integration;
    // Before the last request, names may have made requests (it replaced what they recalled), but none may have set URL options.
    if (!known || known.earlier.some((n) => support.resolve(n) === "unknown")) return undefined;
    const effects = known.since.map((n) => support.resolve(n));
    if (effects.includes("unknown")) return undefined;
    // Since it, a method of the test helpers that makes requests: its own last request is what is recalled, where the host follows it.
    const by = effects.lastIndexOf("requests");
    if (by >= 0) return known.unordered || optionsAfter(undefined) ? undefined : methodRecall(known.since[by], support.lastRequestOf?.(known.since[by]), context);
    if (!known.lastRequest && !known.lastPath) return { keys: new Set() };
    if (known.lastPath) {
      const found = recognizedRecall(known.lastPath, context);
      return found && !optionsAfter(found.controller) ? found : undefined;
    }
    const request = byStart.get(at(known.lastRequest!));
    const route = request?.args ? routeOfCall(request, context) : undefined;
    // The session takes the options of the controller the request reached.
    if (!request?.args || !route || optionsAfter(route.controller)) return undefined;
    // The request's path parameters hold its route's defaults (`defaults: { locale: "en" }`) too,
    // and every required part: had one been missing (given nil, or recalled from the request
    // before), the request would have raised and the test stopped there.
    const keys = new Set(["controller", "action", ...Object.keys(route.defaults), ...route.requiredParts]);
    const parts = new Set(route.parameters.map((p) => p.name));
    if (request.args.opaque) {
      // Arguments that may be a Hash (`post_path(post)`): the request went through, so it had
      // every required part; which optional ones it had is not known, so all may be recalled.
      for (const part of parts) keys.add(part);
    } else {
      const defaults = context.defaults === UNKNOWN ? new Set<string>() : context.defaults;
      const given = partsGiven(route, request.args, defaults);
      const fills = fillsPart(route, request.args, defaults);
      // A value Routemap does not know (`post_path(@post)`) is still one the request had.
      for (const [k, v] of given) if (parts.has(k) && fills(v)) keys.add(k);
    }
    return { keys, lastRequest: `to \`${request.name}\`` };
  };
}

/**
 * After a method of the test helpers whose last request Routemap follows: a literal path's route,
 * or a helper's route (its arguments not known: any of its parts may be recalled).
 */
function methodRecall(method: string, last: LastRequest | undefined, context: UrlGenerationContext): { keys: ReadonlySet<string>; lastRequest: string } | undefined {
  if (!last) return undefined;
  if ("path" in last) {
    const found = recognizedRecall(last, context);
    return found && { keys: found.keys, lastRequest: `\`${method}\`'s, ${found.lastRequest}` };
  }
  const route = namedRoutes(context.routes).get(last.helper.replace(/_(?:path|url)$/, ""));
  if (!route) return undefined;
  const keys = new Set(["controller", "action", ...Object.keys(route.defaults), ...route.parameters.map((p) => p.name)]);
  return { keys, lastRequest: `\`${method}\`'s, to \`${last.helper}\`` };
}

/** After a request to a literal path (`get "/login"`): the path parameters of the route Rails dispatches it to, when a controller serves it. */
function recognizedRecall(last: { verb: string; path: string }, context: UrlGenerationContext): { keys: ReadonlySet<string>; lastRequest: string; controller: string } | undefined {
  const found = recognizeRoute(context.routes, last.verb, last.path);
  // A redirect or a mounted app has no controller whose options the session takes; an engine's would be its own.
  if (!found || "undecided" in found || !found.route.controller || found.route.endpoint.kind !== "controller") return undefined;
  return { keys: new Set(["controller", "action", ...Object.keys(found.params)]), lastRequest: `to ${last.verb} ${JSON.stringify(last.path)}`, controller: found.route.controller };
}

/** In an integration test: before its first request nothing is recalled, after one its path parameters do not hold the part. */
function integrationMessage(name: string, given: Map<string, ArgValue>, unfilled: string[], lastRequest: string | undefined): string {
  const when = lastRequest === undefined ? "before the test's first request, when nothing is recalled" : `here, and the test's last request (${lastRequest}) has none to recall`;
  return `\`${name}\` ${notGiven(given, unfilled)} ${when}: Rails raises ActionController::UrlGenerationError (No route matches …, missing required keys: ${symbols(unfilled)})`;
}

const notGiven = (given: Map<string, ArgValue>, unfilled: string[]) => {
  const missing = unfilled.filter((part) => !given.has(part));
  return missing.length ? `is given no ${missing.map((m) => `:${m}`).join(", ")}` : `is given no value for ${unfilled.map((m) => `:${m}`).join(", ")}`;
};

/** Where a request's parameters were there to fill in and hold none of the parts: Rails' message would name them too. */
function recalledMessage(name: string, given: Map<string, ArgValue>, unfilled: string[], requests: string): string {
  const missing = unfilled.filter((part) => !given.has(part));
  const nil = unfilled.filter((part) => given.has(part));
  const parts: string[] = [];
  if (missing.length) parts.push(`is given no ${missing.map((m) => `:${m}`).join(", ")} here, and no request to ${requests} has ${missing.length > 1 ? "them" : "it"}`);
  if (nil.length) parts.push(`is given no value for ${nil.map((m) => `:${m}`).join(", ")}`);
  const rails = nil.length ? "No route matches …" : `No route matches …, missing required keys: ${symbols(unfilled)}`;
  return `\`${name}\` ${parts.join(", and ")}: Rails raises ActionController::UrlGenerationError (${rails})`;
}

/**
 * Errors for hashes no route leads to: the controller and action they name (the action
 * `index` when only a controller is named, the current controller's when only an action is)
 * are no route's. A controller named without a leading `/` may be relative to the current
 * one's namespace (`Generator#use_relative_controller!`): every namespace is tried. Where there
 * is no request, a route that exists but whose required parts the hash does not give is no
 * route either: Rails matches a hash only to routes whose required parts it supplies (a route's
 * defaults do not count, `Journey::Route#score`).
 */
export function unroutedHashDiagnostics(hashes: readonly UrlHash[], context: UrlGenerationContext): Diagnostic[] {
  const out: Diagnostic[] = [];
  for (const hash of hashes) {
    const found = hashRoutes(hash, context);
    if (!found) continue;
    const { controller, action, request, candidates, reachable } = found;
    if (reachable.length || (!request && context.defaults === UNKNOWN && candidates.length)) continue;
    out.push({ severity: "error", code: "unrouted-url", span: hash.span, message: unroutedMessage(hash, controller.replace(/^\//, ""), action, request, context), data: { controller, action } });
  }
  return out;
}

/** The routes a hash may generate from: those to its controller and action, and of them the ones whose required parts it may fill. */
export interface HashRoutes {
  controller: string;
  action: string;
  request: boolean;
  candidates: Route[];
  reachable: Route[];
}

/** What a hash names and the routes it may reach; undefined where that cannot be known (a value not written, a dynamic route). */
/**
 * A table's routes to an action of controllers named `…/<last>` or `<last>`, by action and the
 * controller's last segment (every match of `controllerMatches` shares it): each hash looked at
 * every route before, 15,000 hashes × 20,000 routes in a large app.
 */
const byTarget = new WeakMap<readonly Route[], Map<string, Route[]>>();
function toTarget(routes: readonly Route[], controller: string, action: string): Route[] {
  let index = byTarget.get(routes);
  if (!index) {
    index = new Map();
    for (const r of routes) {
      if (r.endpoint.kind !== "controller" || !r.controller || r.action === null) continue;
      const key = `${r.action}#${lastSegment(r.controller)}`;
      const list = index.get(key);
      if (list) list.push(r);
      else index.set(key, [r]);
    }
    byTarget.set(routes, index);
  }
  return index.get(`${action}#${lastSegment(controller)}`) ?? [];
}
const lastSegment = (controller: string) => controller.slice(controller.lastIndexOf("/") + 1);

export function hashRoutes(hash: UrlHash, context: UrlGenerationContext): HashRoutes | undefined {
  if (hash.opaque || hash.keys.has("use_route") || hash.keys.has("path_params") || isDynamic(context.routes)) return undefined;
  const request = context.request && !hash.noRequest;
  const routes = hash.noRequest ? context.mainRoutes : context.routes;
  const controllerValue = hash.keys.get("controller");
  const actionValue = hash.keys.get("action");
  if (controllerValue === UNKNOWN || actionValue === UNKNOWN) return undefined;
  const written = controllerValue?.text;
  const controller = written ?? (request ? context.controller : undefined);
  if (controller === undefined || !routes) return undefined;
  const action = actionValue?.text ?? (written !== undefined || !request ? "index" : undefined);
  if (action === undefined) return undefined;
  // The request's own controller is known: a relative name is read against its namespace, as Rails does.
  if (written !== undefined && request && context.controller !== undefined && !written.startsWith("/")) {
    const resolved = relativeController(context.controller, written);
    const candidates = toTarget(routes, resolved, action).filter((r) => r.controller === resolved);
    return { controller: resolved, action, request, candidates, reachable: candidates };
  }
  const candidates = toTarget(routes, controller, action).filter((r) => controllerMatches(r.controller!, controller, written !== undefined && request));
  const reachable = request ? candidates : candidates.filter((r) => r.requiredParts.every((p) => givenPart(hash, p) || (context.defaults !== UNKNOWN && context.defaults.has(p))));
  return { controller, action, request, candidates, reachable };
}

/** Each table's named routes by name, and whether a route takes any controller or action: read once per table, checked per keystroke. */
const named = new WeakMap<readonly Route[], Map<string, Route>>();
const dynamicTables = new WeakMap<readonly Route[], boolean>();

function namedRoutes(routes: readonly Route[]): Map<string, Route> {
  let index = named.get(routes);
  if (!index) {
    index = new Map();
    for (const route of routes) if (route.name && !index.has(route.name)) index.set(route.name, route);
    named.set(routes, index);
  }
  return index;
}

function isDynamic(routes: readonly Route[]): boolean {
  let dynamic = dynamicTables.get(routes);
  if (dynamic === undefined) {
    dynamic = routes.some((r) => r.endpoint.kind === "controller" && (!r.controller || !r.action || r.controller.startsWith(":") || r.action.startsWith(":") || r.requiredParts.includes("controller") || r.requiredParts.includes("action")));
    dynamicTables.set(routes, dynamic);
  }
  return dynamic;
}

function givenPart(hash: UrlHash, part: string): boolean {
  const value = hash.keys.get(part);
  return value !== undefined && (value === UNKNOWN || value.inspect !== "nil");
}

/**
 * The controller a hash's `controller:` names in a request to `current` (`Generator#use_relative_controller!`):
 * a name other than the current one's takes the current one's namespace, less one level per `/` it has
 * (`posts` in `admin/reports` is `admin/posts`; `shop/posts` there is `shop/posts`).
 */
export function relativeController(current: string, written: string): string {
  if (written === current) return written;
  const parts = current.split("/");
  const size = written.split("/").length;
  return [...parts.slice(0, Math.max(0, parts.length - size)), written].join("/");
}

/** Whether a route's controller is the one a hash names, read relative to any namespace when it may be. */
function controllerMatches(routeController: string, written: string, relative: boolean): boolean {
  const name = written.replace(/^\//, "");
  if (routeController === name) return true;
  return relative && !written.startsWith("/") && routeController.endsWith(`/${name}`);
}

function unroutedMessage(hash: UrlHash, controller: string, action: string, request: boolean, context: UrlGenerationContext): string {
  const pairs = new Map<string, string>();
  for (const [key, value] of hash.keys) if (!RESERVED.has(key)) pairs.set(key, value === UNKNOWN ? "" : value.inspect);
  pairs.set("controller", inspectString(controller));
  pairs.set("action", inspectString(action));
  const exact = !request && [...pairs.values()].every((v) => v !== "") && context.defaults !== UNKNOWN && [...context.defaults].every((k) => RESERVED.has(k));
  if (exact) return `No route matches ${inspectConstraints(pairs, context.ruby)}`;
  return `No route leads to ${controller}#${action}: Rails raises ActionController::UrlGenerationError (No route matches …)`;
}

/** What a file does to `default_url_options`: the keys it sets, or that it sets what cannot be read. */
export interface UrlOptionsFacts {
  keys: string[];
  unknown: boolean;
  /** Where the first setting Routemap cannot read is (a `def default_url_options`, a hash not written out), when `unknown` comes from one. */
  unknownAt?: Span;
  /**
   * When every setting Routemap cannot read is a `def default_url_options` (or `url_options`) in
   * a class body: those classes, as written. Such a method gives its own class's URLs their
   * options (and its subclasses'), no one else's; in a module or at the top level it may be
   * anyone's, and this is absent.
   */
  unknownOnlyIn?: string[];
  /**
   * The same, by whose options they are (actionmailer 6.1: `default_url_options` is a class
   * attribute of ActionMailer::Base): `own`, its class's (`self.default_url_options = {…}` or a
   * `def default_url_options`: "unknown"), which replaces what it inherits for it and its
   * subclasses; `inPlace`, keys written into the inherited Hash (`default_url_options[:k] =` in a
   * class body: the nearest class that assigned its own, else ActionMailer::Base's, every mailer's);
   * `mailer`, ActionMailer::Base's (`config.action_mailer.…`, `ActionMailer::Base.…`); `general`,
   * any other receiver's (the routes': every URL's). `generalUnknown`: one of these cannot be read.
   */
  by?: { own?: string[] | "unknown"; inPlace: string[]; mailer: string[]; general: string[]; generalUnknown: boolean };
}

/** Whose options a `x.default_url_options` call's receiver is: the class's own (none, `self`), ActionMailer::Base's, or any other's. */
function optionsOwner(receiver: N.Node | null): "own" | "mailer" | "general" {
  if (!receiver || receiver instanceof N.SelfNode) return "own";
  const text = receiver instanceof N.CallNode ? `${constantPathText(receiver.receiver ?? receiver) ?? ""}.${receiver.name}` : (constantPathText(receiver) ?? "");
  return /ActionMailer::Base$|\.action_mailer$/.test(text) ? "mailer" : "general";
}

/** The keys of a write's Hash when it is written out (the values need not be known), else "unknown". */
function keysOf(write: N.CallNode): string[] | "unknown" {
  const value = write.arguments_?.arguments_[0];
  const pairs = value instanceof N.HashNode || value instanceof N.KeywordHashNode ? hashPairs(value) : undefined;
  return !pairs || pairs.opaque || write.arguments_!.arguments_.length > 1 ? "unknown" : [...pairs.keys.keys()];
}

/**
 * Whose options a receiver of `default_url_options` names, as text the same in every file of
 * the app (the app's configuration by any of its names: `config.action_mailer`,
 * `Rails.application.config.action_mailer`, `Morph::Application.config.action_mailer`);
 * undefined for a receiver that is not constants and calls without arguments.
 */
function optionsHolder(node: N.Node): string | undefined {
  const text = chainText(node);
  return text?.replace(/^(?:Rails\.application|(?:::)?(?:[A-Z]\w*::)*Application)\.(?=config\.)/, "");
}

/** A receiver that is `config.<x>` for an `x` other than Rails' frameworks whose URL options it sets (action_controller, action_mailer). */
function isOtherConfig(receiver: N.Node | null): boolean {
  const holder = receiver ? optionsHolder(receiver) : undefined;
  return holder !== undefined && /^config\.\w+$/.test(holder) && !/^config\.action_(?:controller|mailer)$/.test(holder);
}

/** The holder whose options a value reads whole (`config.action_controller.default_url_options`), if it is such a read. */
function copiedFrom(value: N.Node): string | undefined {
  if (!(value instanceof N.CallNode) || value.name !== "default_url_options" || value.arguments_ || !value.receiver) return undefined;
  return optionsHolder(value.receiver);
}

const MUTATORS = new Set(["merge!", "update", "store", "replace", "reverse_merge!", "deep_merge!", "default=", "compare_by_identity"]);

/**
 * Reads how a file sets `default_url_options`: `x.default_url_options = { host: … }`, a routes
 * file's `default_url_options host: …` and `x.default_url_options[:locale] = …` give their keys; a `def default_url_options` or
 * `def url_options`, a hash not written out, or a mutation in place make the keys unknown.
 * Reading the options (`default_url_options[:host]`) sets nothing.
 */
export function urlOptionsFacts(file: LoadedFile): UrlOptionsFacts {
  const by = { inPlace: [] as string[], mailer: [] as string[], general: [] as string[], generalUnknown: false, own: undefined as string[] | "unknown" | undefined };
  const facts: UrlOptionsFacts = { keys: [], unknown: false };
  const options = (node: N.Node | null) => node instanceof N.CallNode && (node.name === "default_url_options" || node.name === "url_options");
  // The classes whose own method is all that is unknown (`unknownOnlyIn`); null once another unknown is seen.
  let onlyIn: string[] | null = [];
  /** Keys (or "unknown") set on the options of `owner`; `inPlace`: written into the Hash the receiver-less reader returns. */
  const set = (owner: "own" | "mailer" | "general", keys: string[] | "unknown", inPlace = false) => {
    if (keys === "unknown") {
      facts.unknown = true;
      facts.unknownAt ??= spanOf(at);
      // Any setting Routemap cannot read but a class's own method is anyone's.
      if (!(at instanceof N.DefNode)) onlyIn = null;
    } else facts.keys.push(...keys);
    if (owner === "own" && !inPlace) by.own = keys === "unknown" || by.own === "unknown" ? "unknown" : [...(by.own ?? []), ...keys];
    else if (keys === "unknown") {
      if (owner === "own") by.own = "unknown";
      else by.generalUnknown = true;
    } else (owner === "own" ? by.inPlace : owner === "mailer" ? by.mailer : by.general).push(...keys);
  };
  const spanOf = (node: N.Node) => {
    // A method's name, a setter's or a call's with arguments; a write into the Hash (`[:k] =`, `merge!`) whole.
    const named = node instanceof N.CallNode && node.messageLoc && /^(?:default_)?url_options=?$/.test(node.name);
    const loc = node instanceof N.DefNode ? node.nameLoc : named ? (node as N.CallNode).messageLoc! : node.location;
    return file.index.span(loc.startOffset, loc.startOffset + loc.length);
  };
  // Each receiver's options as this file has written them so far, for a copy of them
  // (`config.action_mailer.default_url_options = config.action_controller.default_url_options`).
  const written = new Map<string, string[] | "unknown">();
  const write = (node: N.CallNode) => {
    const copy = node.arguments_?.arguments_.length === 1 ? copiedFrom(node.arguments_.arguments_[0]) : undefined;
    const keys = (copy !== undefined && written.get(copy)) || keysOf(node);
    const receiver = node.receiver ? optionsHolder(node.receiver) : undefined;
    if (receiver !== undefined) written.set(receiver, keys);
    return keys;
  };
  // In source order (the stack takes a node's children last first), so that `unknownAt` is the first such setting.
  // Each node with the class whose body holds it (null: a module's, a block's or the top level's).
  const stack: { node: N.Node; inClass: string | null }[] = [{ node: file.program, inClass: null }];
  let at: N.Node = file.program;
  while (stack.length) {
    const { node, inClass } = stack.pop()!;
    at = node;
    if (node instanceof N.DefNode && (node.name === "default_url_options" || node.name === "url_options")) {
      set("own", "unknown");
      if (onlyIn && inClass && !node.receiver) onlyIn.push(inClass);
      else onlyIn = null;
    }
    if (node instanceof N.CallNode) {
      if (node.name === "default_url_options=" || node.name === "url_options=") {
        const keys = write(node);
        // A gem's or the app's own settings (`config.roadie.url_options = …`, `config.x.…`) are
        // not Rails' URL options: only a later copy into Rails' would make them so, judged there.
        if (!isOtherConfig(node.receiver)) set(optionsOwner(node.receiver), keys);
      }
      // The mapper's `default_url_options(host: …)` in a routes file (Mapper::Base aliases it to
      // its writer): the route set's options, every URL's.
      else if ((node.name === "default_url_options" || node.name === "url_options") && node.arguments_) set(node.receiver ? optionsOwner(node.receiver) : "general", keysOf(node));
      else if (options(node.receiver)) {
        const key = node.arguments_?.arguments_[0];
        const owner = optionsOwner((node.receiver as N.CallNode).receiver);
        const holder = (node.receiver as N.CallNode).receiver;
        const was = holder ? optionsHolder(holder) : undefined;
        const keys: string[] | "unknown" = node.name === "[]=" ? (key instanceof N.SymbolNode || key instanceof N.StringNode ? [key.unescaped.value] : "unknown") : MUTATORS.has(node.name) ? "unknown" : [];
        if (was !== undefined && written.has(was)) {
          const before = written.get(was)!;
          written.set(was, before === "unknown" || keys === "unknown" ? "unknown" : [...before, ...keys]);
        }
        if (keys === "unknown" || keys.length) set(owner, keys, true);
      }
    }
    const children = childrenOf(node);
    const name = node instanceof N.ClassNode ? constantPathText(node.constantPath)?.replace(/^::/, "") : undefined;
    // A class body's own statements are the class's; a module's, a block's or a method's are not known to be.
    const within = node instanceof N.ClassNode ? (name ?? null) : node instanceof N.ModuleNode || node instanceof N.BlockNode || node instanceof N.SingletonClassNode || node instanceof N.DefNode ? null : inClass;
    for (let i = children.length - 1; i >= 0; i--) stack.push({ node: children[i], inClass: within });
  }
  if (facts.keys.includes("path_params")) {
    facts.unknown = by.generalUnknown = true;
    onlyIn = null;
  }
  if (facts.unknown && onlyIn?.length) facts.unknownOnlyIn = onlyIn;
  if (facts.keys.length || facts.unknown) {
    const { own, ...rest } = by;
    facts.by = own === undefined ? rest : { own, ...rest };
  }
  return facts;
}
