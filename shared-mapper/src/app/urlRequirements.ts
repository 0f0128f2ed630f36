/**
 * A named helper given a written value its route's requirement does not match
 * (`article_path("abc")` for `get "articles/:id", constraints: { id: /\d+/ }`): Rails raises
 * `No route matches {…}, possible unmatched constraints: [:id]`.
 *
 * Follows actionpack's journey/formatter.rb (`Formatter#generate`, `missing_keys`: each required
 * part's `to_param` tested against `requirements_for_missing_keys_check`, the requirement wrapped
 * as `/\A#{regex}\Z/`; `MissingRoute#message`) and route_set.rb (`UrlHelper.optimize_helper?`:
 * a route with requirements never takes the optimized path, which tests nothing). The same from
 * 6.1 to 8.1.
 *
 * Only what is certain is said: a value written in the call (a string, a symbol, an integer),
 * the part it fills known without the request's parameters, and a requirement the Ruby regexp
 * engine (ruby/regexp) can run, within its budget; anything else is silence.
 */
import { compileRubyRegexp, RegexpBudgetExceeded, RegexpUndecided, type RubyRegexp } from "../ruby/regexp/index.js";
import type { Diagnostic, Route } from "../types.js";
import {
  hashRoutes, inspectConstraints, partsGiven, RESERVED, routeOfCall, symbols, UNKNOWN, type ArgValue, type UrlGenerationContext, type UrlHash, type UrlHelperCall,
} from "./urlGeneration.js";

/** Errors for helper calls whose written values fail their route's requirements. */
export function unmatchedRequirementDiagnostics(calls: readonly UrlHelperCall[], context: UrlGenerationContext): Diagnostic[] {
  const out: Diagnostic[] = [];
  for (const call of calls) {
    const args = call.args;
    if (!args || args.opaque || args.keywords.has("path_params")) continue;
    const route = routeOfCall(call, context);
    const tests = route && requirementTests(route);
    if (!route || !tests?.size) continue;
    const request = context.request && !call.noRequest;
    const defaults = request || context.defaults === UNKNOWN ? undefined : context.defaults;
    // Fewer values than parts: which part each fills depends on what the request or default_url_options hold.
    const size = route.parameters.filter((p) => p.name !== "format").length;
    if (args.positional.length > 0 && args.positional.length < size && !defaults) continue;
    const given = partsGiven(route, args, defaults ?? new Set());
    const unmatched = [...tests].filter(([part, test]) => {
      const param = toParam(given.get(part));
      return param !== undefined && fails(test.regexp, param);
    });
    if (!unmatched.length) continue;
    const parts = unmatched.map(([part]) => part);
    out.push({ severity: "error", code: "unmatched-url-requirement", span: call.span, message: message(route, call.name, given, parts, tests, request ? undefined : defaults, context), data: { unmatched: parts.join(",") } });
  }
  return out;
}

/**
 * Errors for hashes (`url_for(controller: "articles", action: "show", id: "abc")`) whose every
 * route to their controller and action fails a requirement on a written value: Rails tries each
 * and raises. Said in words: which route Rails tried last decides its message.
 */
export function unmatchedHashRequirementDiagnostics(hashes: readonly UrlHash[], context: UrlGenerationContext): Diagnostic[] {
  const out: Diagnostic[] = [];
  for (const hash of hashes) {
    const found = hashRoutes(hash, context);
    if (!found?.reachable.length) continue;
    const failing = found.reachable.map((route) => {
      const tests = requirementTests(route);
      return [...tests].filter(([part, test]) => {
        const param = toParam(hash.keys.get(part));
        return param !== undefined && fails(test.regexp, param);
      });
    });
    if (failing.some((f) => !f.length)) continue;
    const each = [...new Map(failing.flat().map(([part, test]) => [`${part} ${test.written}`, `:${part} ${(hash.keys.get(part) as { inspect: string }).inspect} does not match ${test.written}`])).values()];
    const parts = [...new Set(failing.flat().map(([part]) => part))];
    const target = `${found.controller.replace(/^\//, "")}#${found.action}`;
    out.push({
      severity: "error",
      code: "unmatched-url-requirement",
      span: hash.span,
      message: `${each.join(", ")}, which every route to ${target} requires: Rails raises ActionController::UrlGenerationError (No route matches …)`,
      data: { unmatched: parts.join(",") },
    });
  }
  return out;
}

/**
 * Rails' own message where it can be written: no request, `default_url_options` adding only
 * reserved keys, every required part given a written value; else the same in words.
 */
function message(route: Route, name: string, given: Map<string, ArgValue>, unmatched: string[], tests: Map<string, Test>, defaults: ReadonlySet<string> | undefined, context: UrlGenerationContext): string {
  const pairs = new Map<string, string>(Object.entries(route.defaults));
  for (const [key, value] of given) if (!RESERVED.has(key)) pairs.set(key, value === UNKNOWN ? "" : value.inspect);
  const exact = defaults && [...defaults].every((k) => RESERVED.has(k)) && route.requiredParts.every((p) => toParam(given.get(p)) !== undefined) && [...pairs.values()].every((v) => v !== "");
  if (exact) return `No route matches ${inspectConstraints(pairs, context.ruby)}, possible unmatched constraints: ${symbols(unmatched)}`;
  const each = unmatched.map((part) => `:${part} ${(given.get(part) as { inspect: string }).inspect} does not match ${tests.get(part)!.written}`);
  return `\`${name}\`: ${each.join(", ")}: Rails raises ActionController::UrlGenerationError (No route matches …, possible unmatched constraints: ${symbols(unmatched)})`;
}

/** `to_param` of a written value, when it is one Routemap can test: printable ASCII, not nil or empty. */
function toParam(value: ArgValue | undefined): string | undefined {
  if (value === undefined || value === UNKNOWN || value.inspect === "nil" || value.inspect === "true" || value.inspect === "false") return undefined;
  const text = value.text ?? value.inspect;
  // "" is tested too: Rails' `missing_keys` runs the requirement on it (`/\A\d+\Z/` fails it, `/\d*/` does not).
  return /^[\x20-\x7e]*$/.test(text) ? text : undefined;
}

interface Test {
  regexp: RubyRegexp;
  /** The requirement as `rails routes` prints it (`/\d+/`). */
  written: string;
}

const testsByRoute = new WeakMap<Route, Map<string, Test>>();
/** The required parts' requirements the engine can run, read once per route. */
function requirementTests(route: Route): Map<string, Test> {
  let tests = testsByRoute.get(route);
  if (!tests) {
    tests = new Map();
    // Constraints Routemap could not compute (`{**«X»}`) may replace any requirement: none is tested.
    if (Object.keys(route.requirements).some((k) => k.startsWith("«"))) {
      testsByRoute.set(route, tests);
      return tests;
    }
    for (const part of route.requiredParts) {
      const written = route.requirements[part];
      const regexp = written === undefined ? undefined : anchoredRegexp(written);
      if (regexp) tests.set(part, { regexp, written });
    }
    testsByRoute.set(route, tests);
  }
  return tests;
}

/** Steps one test of a written value may take (a value is short; a requirement that needs more is left unsaid). */
const TEST_STEPS = 200_000;

/** Whether the value certainly fails the requirement: false where the engine cannot decide. */
function fails(regexp: RubyRegexp, value: string): boolean {
  try {
    return !regexp.test(value, 0, { remaining: TEST_STEPS });
  } catch (e) {
    if (e instanceof RegexpBudgetExceeded || e instanceof RegexpUndecided) return false;
    throw e;
  }
}

/**
 * A Ruby regexp literal as printed (`/\d+/i`) as Rails anchors it for this check
 * (`/\A#{regex}\Z/`, the requirement embedded by its `to_s`); undefined where the engine
 * cannot run it.
 */
export function anchoredRegexp(written: string): RubyRegexp | undefined {
  const literal = /^\/(.*)\/([mix]*)$/s.exec(written);
  if (!literal) return undefined;
  const flags = literal[2];
  const off = [..."mix"].filter((f) => !flags.includes(f)).join("");
  const compiled = compileRubyRegexp(`\\A(?${flags}${off ? "-" + off : ""}:${literal[1]})\\Z`);
  return compiled.ok ? compiled.regexp : undefined;
}
