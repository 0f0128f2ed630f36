/**
 * Where a check says something of a route drawn in the body of a method the app's files define
 * (`def edit_step(name) resource name, controller: name end`, then `edit_step :x` in the draw):
 * at the call written in the draw, whose arguments made the route, not at the `resource` inside
 * the method, where the warnings of forty calls would stack on one line. The DSL call in the
 * method's body is given as related information.
 *
 * The draw's own code is the outermost call of an app's method and its block: a route whose DSL
 * call is written there keeps its source (`api_scope do resources :posts end`); otherwise its site
 * is the innermost call of an app's method written there (`crud_step :x do edit_step :y end`
 * gives `edit_step :y`; a call inside a method's body, `crud_step`'s own `edit_step`, is not one).
 */
import { contains, type Span } from "../span.js";
import type { Declaration, MapResult, Route } from "../types.js";

/** A route's site away from its source: the call in the draw, and the method whose body drew it. */
export interface RouteSite {
  span: Span;
  /** The app's method whose body holds the route's DSL call (`edit_step`). */
  method: string;
}

const sitesByTable = new WeakMap<MapResult, Map<Route, RouteSite>>();

/** The routes of the app's table drawn in an app's method's body, with their sites; worked out once per table. */
export function routeSites(result: MapResult): ReadonlyMap<Route, RouteSite> {
  let sites = sitesByTable.get(result);
  if (!sites) sitesByTable.set(result, (sites = workOutSites(result)));
  return sites;
}

/** Whether `inner` lies inside `outer` (same file, both ends). */
export const spanWithin = (outer: Span, inner: Span): boolean =>
  outer.file === inner.file && contains(outer, inner.start.line, inner.start.character) && contains(outer, inner.end.line, inner.end.character);

/**
 * One pass over the routes with the app's method calls that cover them, outermost first: their
 * route ranges nest (a call's routes hold those of the calls it made), so a stack holds the chain
 * covering the route at hand, and each level keeps the innermost call written in the draw so far.
 */
function workOutSites(result: MapResult): Map<Route, RouteSite> {
  const sites = new Map<Route, RouteSite>();
  const calls = result.declarations.filter((d) => d.definedAt !== undefined && d.engine === undefined && d.routeRange[0] < d.routeRange[1]);
  if (!calls.length) return sites;
  calls.sort((a, b) => a.routeRange[0] - b.routeRange[0] || b.routeRange[1] - a.routeRange[1]);
  const stack: { call: Declaration; site: Declaration }[] = [];
  let next = 0;
  const routes = result.routes;
  for (let i = 0; i < routes.length; i++) {
    while (stack.length && stack[stack.length - 1].call.routeRange[1] <= i) stack.pop();
    if (!stack.length) {
      if (next === calls.length) break;
      i = Math.max(i, calls[next].routeRange[0]);
    }
    while (next < calls.length && calls[next].routeRange[0] <= i) {
      const call = calls[next++];
      if (call.routeRange[1] <= i) continue;
      while (stack.length && stack[stack.length - 1].call.routeRange[1] < call.routeRange[1]) stack.pop();
      const outer = stack[0]?.call;
      const inDraw = !outer || spanWithin(outer.extent, call.span);
      stack.push({ call, site: inDraw ? call : stack[stack.length - 1].site });
    }
    if (!stack.length) continue;
    const route = routes[i];
    if (route.origin !== undefined || spanWithin(stack[0].call.extent, route.source)) continue;
    sites.set(route, { span: stack[stack.length - 1].site.span, method: holder(stack, route.source) });
  }
  return sites;
}

/**
 * The method whose body holds a DSL call: the innermost call of the chain that was not given
 * the DSL call in its block (`crud_step`'s `edit_step name do get :extra end` holds `get` in
 * `crud_step`'s body). Looked for among the innermost levels only: a chain deeper than that is
 * a recursion, whose innermost method is the one.
 */
function holder(stack: readonly { call: Declaration }[], source: Span): string {
  const deepest = Math.max(0, stack.length - 16);
  for (let level = stack.length - 1; level > deepest; level--) if (!spanWithin(stack[level].call.extent, source)) return stack[level].call.method;
  return stack[deepest].call.method;
}
