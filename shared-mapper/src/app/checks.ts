/**
 * Routes checked against the app's controllers (`controllers.ts`): a route the app's own
 * routes files draw to an action its controller neither defines publicly nor renders
 * implicitly from a template. Rails finds out only when the route is requested
 * (AbstractController::ActionNotFound); here it is a warning on the declaration.
 *
 * Nothing is said of routes Rails or a gem added, of routes whose controller or action is a
 * dynamic segment, or of controllers that are not in `app/controllers` (a gem may provide them).
 * When what could define the action is not all read, the note says so instead.
 */
import * as N from "@ruby/prism/src/nodes.js";
import type { LoadedFile } from "../ruby/loadedFile.js";
import { constantPathText, walkCalls } from "../ruby/walk.js";
import type { ActionEndpoint, Diagnostic, MapResult, Route } from "../types.js";
import { contains } from "../span.js";
import { sourceFileOf } from "../mapper/route.js";
import { routeSites, type RouteSite } from "./routeSites.js";
import { API_INTERNAL as api, BASE_INTERNAL as base, controllerPath, type ControllerModel } from "./controllers.js";

/**
 * Public methods later Rails versions add to both ActionController::Base and ::API, read from
 * their sources (actionpack's metal/redirecting.rb and metal/conditional_get.rb), by the version
 * that added them: Rails 6.1's own list above is generated from Rails.
 */
const LATER_METHODS: readonly [string, string[]][] = [
  ["7.0", ["redirect_back_or_to", "url_from", "no_store"]],
  ["8.1", ["must_understand"]],
];
/** Whether a controller has the method from Rails, Ruby or ActiveSupport (`status`, `display`): `instance_methods` counts it. */
function inheritedFromRails(framework: string | undefined, name: string, railsVersion: string): boolean {
  if (framework === "ActionController::Base" ? base.has(name) : api.has(name)) return true;
  return LATER_METHODS.some(([since, names]) => atLeast(railsVersion, since) && names.includes(name));
}

const atLeast = (version: string, since: string) => {
  const [a, b] = version.split(".").map(Number);
  const [c, d] = since.split(".").map(Number);
  return a > c || (a === c && (b || 0) >= d);
};

/** A route to a controller's action, with both read once: a table's routes work them out on each read. */
interface Target {
  route: Route;
  controller: string | null;
  action: string | null;
  /** Written by the app's own files: not Rails' or a gem's. */
  own: boolean;
}
const targetsByTable = new WeakMap<MapResult, Target[]>();
/** Whether a route was drawn inside the block of a method Routemap does not know (`OpenRegion.unknownScope`): its controller is not known. */
function unknownScopes(result: MapResult): (route: Route) => boolean {
  const regions = (result.openRegions ?? []).filter((r) => r.unknownScope !== undefined);
  if (!regions.length) return () => false;
  return ({ source: s }) => regions.some(({ span }) => span.file === s.file && contains(span, s.start.line, s.start.character) && contains(span, s.end.line, s.end.character));
}

/** `XController.action(:name)` in the app's configuration and routes files: an action requests reach without a route. */
export function configActionEndpoints(files: readonly LoadedFile[]): ActionEndpoint[] {
  const found: ActionEndpoint[] = [];
  for (const file of files) {
    walkCalls(file.program, (call) => {
      const controller = call.name === "action" && call.receiver ? constantPathText(call.receiver)?.replace(/^::/, "") : undefined;
      const arg = call.arguments_?.arguments_[0];
      const action = arg instanceof N.SymbolNode || arg instanceof N.StringNode ? arg.unescaped.value : undefined;
      if (!controller?.endsWith("Controller") || action === undefined) return;
      const loc = call.location;
      found.push({ controller, action, span: file.index.span(loc.startOffset, loc.startOffset + loc.length) });
    });
  }
  return found;
}

/** The table's routes to controllers, read once per table: each keystroke checks them against a new controller model. */
function targetsOf(result: MapResult): Target[] {
  let targets = targetsByTable.get(result);
  if (!targets) {
    targets = [];
    const inUnknown = unknownScopes(result);
    for (const route of result.routes) {
      if (route.endpoint.kind !== "controller") continue;
      targets.push({ route, controller: route.controller, action: route.action, own: !route.origin && !inUnknown(route) });
    }
    targetsByTable.set(result, targets);
  }
  return targets;
}

/** The table's routes to controllers declared in one file: for an edited file, without reading the other routes. */
function targetsIn(result: MapResult, file: string | undefined): Target[] {
  if (file === undefined) return targetsOf(result);
  if (lastIn?.result === result && lastIn.file === file) return lastIn.targets;
  const targets: Target[] = [];
  const inUnknown = unknownScopes(result);
  const sites = routeSites(result);
  for (const route of result.routes) {
    if ((sites.get(route)?.span.file ?? sourceFileOf(route)) !== file || route.endpoint.kind !== "controller") continue;
    targets.push({ route, controller: route.controller, action: route.action, own: !route.origin && !inUnknown(route) });
  }
  lastIn = { result, file, targets };
  return targets;
}
/** The last file's targets: its action and controller checks both read them. */
let lastIn: { result: MapResult; file: string; targets: Target[] } | undefined;

/**
 * The checks of each route's action. `file`: only the routes declared in that file (an edited
 * routes file gets its own at once, the others after a pause).
 */
export function routeActionDiagnostics(result: MapResult, model: ControllerModel, file?: string): Diagnostic[] {
  const out: Diagnostic[] = [];
  const seen = new Set<string>();
  const sites = routeSites(result);
  for (const t of targetsIn(result, file)) {
    const route = t.route;
    const target = checked(t);
    if (!target) continue;
    const found = model.action(target.controller, target.action);
    if (!found || found.exists === true) continue;
    const site = sites.get(route);
    const span = site?.span ?? route.source;
    const key = `${span.file}:${span.start.line}:${span.start.character}|${target.controller}#${target.action}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const controller = model.atRoute(target.controller)!;
    if (found.exists === false) {
      out.push({
        severity: "warning",
        code: "missing-action",
        span,
        data: { controller: target.controller, action: target.action },
        message: `${controller.className} has no action \`${target.action}\` and no template ${controller.path}/${target.action}`,
        ...drawnIn(route, site),
      });
    } else {
      out.push({
        severity: "info",
        code: "unknown-action",
        span,
        message: `Routemap does not know whether ${controller.className} has the action \`${target.action}\`: ${found.why}.`,
        ...drawnIn(route, site),
      });
    }
  }
  return out;
}

/**
 * Routes of the app's own files to a controller no file defines: not in `app/controllers`, and
 * not among `provided` (the app's `lib/`, its engines', its installed gems') nor the table's
 * `generatedControllers`. Rails raises
 * `uninitialized constant PostsController` when the route is requested. The host passes
 * `provided` only when it could read every gem of the app. `file`: as for `routeActionDiagnostics`.
 */
export function missingControllerDiagnostics(result: MapResult, model: ControllerModel, provided: ReadonlySet<string>, file?: string): Diagnostic[] {
  const out: Diagnostic[] = [];
  // A gem's, defined as the routes load (ActiveAdmin's for each registration).
  const generated = new Set(result.generatedControllers);
  const seen = new Set<string>();
  const sites = routeSites(result);
  const open = (result.openRegions ?? []).flatMap((r) => (r.module ? [`${r.module}/`] : []));
  for (const t of targetsIn(result, file)) {
    const route = t.route;
    const target = t.own || adminRoot(t.route) ? written(t) : undefined;
    if (!target || model.atRoute(target.controller) || provided.has(target.controller) || generated.has(target.controller)) continue;
    // A registration Routemap cannot read may define any controller of its namespace.
    if (!t.own && open.some((m) => target.controller.startsWith(m))) continue;
    const site = sites.get(route);
    const span = site?.span ?? route.source;
    const key = `${span.file}:${span.start.line}:${span.start.character}|${target.controller}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const className = model.classNameAt(target.controller);
    out.push({
      severity: "warning",
      code: "missing-controller",
      span,
      message: t.own
        ? `${className} does not exist: there is no app/controllers/${target.controller}_controller.rb, and no gem or engine of the app defines it`
        : `${className} does not exist: ActiveAdmin's root routes to it (\`root_to\`), and no registration in app/admin defines it (a \`register_page\` of that name would), nor app/controllers/${target.controller}_controller.rb, nor a gem or engine`,
      data: { controller: target.controller, action: target.action, className, ...(t.own ? {} : { gem: route.origin }) },
      ...drawnIn(route, site),
    });
  }
  return out;
}

/** For a route said at its site: the DSL call in the method's body that drew it, as related information. */
function drawnIn(route: Route, site: RouteSite | undefined): Pick<Diagnostic, "related"> {
  return site ? { related: [{ message: `the route is drawn here, in \`${site.method}\``, span: route.source }] } : {};
}

/**
 * ActiveAdmin's routes name controllers the app's registrations define as they load (in
 * `generatedControllers`), but each namespace's root names one by its `root_to`
 * (`dashboard#index`), which only a registration of that name defines: Rails raises
 * `uninitialized constant Admin::DashboardController` on a request where none does.
 */
const adminRoot = (route: Route): boolean => route.origin === "ActiveAdmin" && !!route.name?.endsWith("root");

function checked(t: Target): { controller: string; action: string } | undefined {
  return t.own ? written(t) : undefined;
}

/** The controller and action as written out (not a dynamic `:controller` segment). */
function written(t: Target): { controller: string; action: string } | undefined {
  if (!t.controller || !t.action || t.controller.startsWith(":") || t.action.startsWith(":")) return undefined;
  return { controller: t.controller, action: t.action };
}

/** The controller and action a route of the app's own files names, when both are written out. */
export function checkedTarget(route: Route): { controller: string; action: string } | undefined {
  if (route.origin || route.endpoint.kind !== "controller" || !route.controller || !route.action) return undefined;
  if (route.controller.startsWith(":") || route.action.startsWith(":")) return undefined;
  return { controller: route.controller, action: route.action };
}

/** Every route that reaches `controller#action`, in table order. */
export function routesTo(result: MapResult, controller: string, action: string): Route[] {
  return result.routes.filter((r) => r.endpoint.kind === "controller" && r.controller === controller && r.action === action);
}

/** Whether some route could reach any action of any controller (`:controller/:action` segments): then no action is unreached. */
export function hasDynamicTargets(result: MapResult): boolean {
  return targetsOf(result).some(isDynamicTarget);
}

/** A target whose controller or action a request's path picks (`:controller/:action`), or that names none. */
const isDynamicTarget = (t: { controller: string | null; action: string | null }) => !t.controller || !t.action || t.controller.startsWith(":") || t.action.startsWith(":");

/** A public action no route reaches: its `def`, for a hint (Rails would serve it to no request). */
export interface UnreachedAction {
  controller: string;
  action: string;
  span: import("../types.js").Span;
  /** The call that names it as a callback in its class or a subclass (`before_action`, `helper_method`), if one does. */
  callback?: string;
  /** Its class is a superclass of other controllers of the app (ApplicationController): its public methods are their actions. */
  inherited?: boolean;
  /** Code outside the controller calls it on one (`controller.current_menu_item` in a helper), given by the host: it must stay public. */
  calledAs?: { call: string; where: string };
}

/** What Rails wants of a public method that is not an action (`action_methods` counts public methods only; actionpack 4.2 removed `hide_action`). */
const NOT_AN_ACTION = "make it private or protected (`hide_action` is gone since Rails 4.2)";

/**
 * The hint for an action no route reaches, with the fix Rails wants: every public method of a
 * controller is an action (`AbstractController::Base.action_methods`), so a method that is not
 * one is made private or protected. A method the app names as a callback or a helper method
 * (which Rails calls with `send`, private or not) is most likely not one; a public method of a
 * base controller is an action of every controller inheriting it.
 */
export function unreachedMessage(u: UnreachedAction): string {
  const head = `No route reaches ${u.controller}#${u.action}`;
  // Private or protected, the call would raise NoMethodError: nothing to change while no route reaches it.
  if (u.calledAs) return `${head}: it is public, so Rails counts it an action, and it must stay public: the app calls it as \`${u.calledAs.call}\` (${u.calledAs.where}). No request runs it while no route reaches it`;
  if (u.callback) {
    const [as, still] = u.callback === "helper_method" ? ["a helper method", "helper methods work"] : [`a callback (\`${u.callback}\`)`, "callbacks run"];
    return `${head}: it is public, so Rails counts it an action, though the app uses it as ${as}. Make it private or protected: ${still} all the same (\`hide_action\` is gone since Rails 4.2)`;
  }
  if (u.inherited) return `${head}: a public method of ${u.controller} is an action of every controller inheriting it. If it is not one, ${NOT_AN_ACTION}`;
  return `${head}: route a request to it, or, if it is not an action, ${NOT_AN_ACTION}`;
}

/** Whether a region of the table Routemap could not evaluate may have a route to `controller` (its module covers it). */
export function openFor(result: MapResult, controller: string): boolean {
  return (result.openRegions ?? []).some((r) => r.engine === undefined && !r.redirects && (r.module === undefined || controller === r.module || controller.startsWith(`${r.module}/`)));
}

/**
 * The actions of the app's controllers that no route of the table reaches, counting an
 * inherited action as reached through any subclass's route. None when a route could reach
 * any action (`:controller/:action`). Actions of concerns are not listed: their includers differ.
 * `file`: only the actions defined in that file. `endpoints`: actions the app's code runs as Rack
 * apps (`ErrorsController.action(:show)` in a middleware), reached as the configuration's are.
 * `otherRoutes`: the routes of the app's other environments' tables (a route under `if
 * Rails.env.test?`), which reach their actions there.
 */
export function unreachedActions(result: MapResult, model: ControllerModel, o: { file?: string; endpoints?: readonly ActionEndpoint[]; otherRoutes?: readonly Route[] } = {}): UnreachedAction[] {
  const { file } = o;
  const otherTargets = (o.otherRoutes ?? []).filter((route) => route.endpoint.kind === "controller").map((route) => ({ controller: route.controller, action: route.action }));
  if (hasDynamicTargets(result) || otherTargets.some(isDynamicTarget)) return [];
  const candidates: UnreachedAction[] = [];
  for (const [path, controller] of model.byPath) {
    // A controller a part of the routes Routemap could not evaluate may reach: nothing is said of it.
    if (openFor(result, path)) continue;
    for (const action of controller.actions.values()) {
      if (action.owner !== controller.className || (file !== undefined && action.span.file !== file)) continue;
      // An override of a public method of Rails' own (`default_url_options` in ApplicationController,
      // as Rails' guides write it): no action of the subclasses (`internal_methods`), and not meant to be routed.
      if ((controller.framework === "ActionController::API" ? api : base).has(action.name)) continue;
      candidates.push({ controller: controller.className, action: action.name, span: action.span });
    }
  }
  if (!candidates.length) return [];
  // By owner and name: an inherited action is a different object in each subclass.
  const names = new Set(candidates.map((c) => c.action));
  const reached = new Set<string>();
  // An engine's routes reach its controllers too (the app's own engine, evaluated with it or alone).
  const engineTargets = result.engines.flatMap((e) => e.routes).map((route) => ({ controller: route.controller, action: route.action }));
  for (const t of [...targetsOf(result), ...engineTargets, ...otherTargets]) {
    if (!t.controller || !t.action || !names.has(t.action)) continue;
    const action = model.atRoute(t.controller)?.actions.get(t.action);
    if (action) reached.add(`${action.owner}#${action.name}`);
  }
  // Reached as a Rack app by the configuration (`config.exceptions_app`): making it private would break it.
  for (const e of [...(result.actionEndpoints ?? []), ...(o.endpoints ?? [])]) {
    const action = model.atRoute(controllerPath(e.controller))?.actions.get(e.action);
    if (action) reached.add(`${action.owner}#${action.name}`);
  }
  const uses = callbackUses(model);
  const bases = new Set([...model.byPath.values()].flatMap((c) => c.superclasses));
  return candidates.filter((c) => !reached.has(`${c.controller}#${c.action}`)).map((c) => {
    const callback = uses.get(`${c.controller}#${c.action}`);
    const found: UnreachedAction = callback ? { ...c, callback } : c;
    if (bases.has(c.controller)) found.inherited = true;
    return found;
  });
}

/**
 * Each method the app names as a callback, by its class and name (`ApplicationController#set_user`),
 * with the call that names it in that class or a subclass. Once per check: a large app has
 * thousands of unreached actions and of controllers.
 */
function callbackUses(model: ControllerModel): Map<string, string> {
  const uses = new Map<string, string>();
  for (const controller of model.byPath.values()) {
    for (const [method, call] of Object.entries(controller.callbacks)) {
      for (const owner of [controller.className, ...controller.superclasses]) {
        if (!uses.has(`${owner}#${method}`)) uses.set(`${owner}#${method}`, call);
      }
    }
  }
  return uses;
}

/**
 * Whether no route of the table reaches `controller` (`admin/posts`) in this environment, for
 * certain: not when a route could reach any controller, nor when a part Routemap could not
 * evaluate may draw one to it. An engine's routes count (they reach its controllers). Then no
 * request runs the controller's code or renders its own templates (upcase's controllers whose
 * routes sit under `if ENV[…]`).
 */
export function unreachedController(result: MapResult, model: Pick<ControllerModel, "pathAt">, controller: string): boolean {
  const reached = reachedControllers(result, model);
  return reached !== undefined && !reached.has(controller) && !openFor(result, controller);
}

/**
 * The controllers some route of the table or of its engines reaches (undefined: any may be), once
 * per table and model: each by the path of the class it reaches (`model.pathAt`).
 */
function reachedControllers(result: MapResult, model: Pick<ControllerModel, "pathAt">): ReadonlySet<string> | undefined {
  const known = reachedByTable.get(result);
  if (known?.model === model) return known.reached;
  const engineRoutes = result.engines.flatMap((e) => e.routes).filter((r) => r.endpoint.kind === "controller");
  const targets = [...targetsOf(result), ...engineRoutes.map((r) => ({ controller: r.controller, action: r.action }))];
  const dynamic = targets.some((t) => !t.controller || t.controller.startsWith(":"));
  const reached = dynamic ? undefined : new Set(targets.map((t) => model.pathAt(t.controller!)));
  reachedByTable.set(result, { model, reached });
  return reached;
}
const reachedByTable = new WeakMap<MapResult, { model: Pick<ControllerModel, "pathAt">; reached: ReadonlySet<string> | undefined }>();

/**
 * `bin/rails routes --unused` (Rails 7.1+, railties' UnusedRoutesCommand): the routes whose
 * controller class is missing, or whose action is not among the controller's instance methods
 * (public or protected: the app's, and those it inherits from Rails, Ruby and ActiveSupport in
 * the selected version) and has no template `app/views/<controller>/<action>.*`. A controller
 * not in `app/controllers` is missing only when `provided` (what the app's `lib/`, engines and
 * installed gems define) is known and lacks it; otherwise, like a controller not all read or one
 * a gem provides (whose methods are not read), its routes cannot be decided statically: they are
 * `unchecked`, never listed. Routes Rails or a gem draws reach their own controllers, which exist.
 */
export function unusedRoutes(
  result: MapResult,
  model: ControllerModel,
  views: ReadonlySet<string>,
  o: { provided?: ReadonlySet<string>; railsVersion?: string } = {},
): { unused: Route[]; unchecked: Route[] } {
  const { provided, railsVersion = "8.1" } = o;
  const unused: Route[] = [];
  const unchecked: Route[] = [];
  for (const route of result.routes) {
    const target = checkedTarget(route);
    if (!target) continue;
    const controller = model.atRoute(target.controller);
    if (!controller && provided && !provided.has(target.controller)) {
      unused.push(route); // `controller_class_missing?`
      continue;
    }
    if (!controller || controller.unknown) {
      unchecked.push(route);
      continue;
    }
    if (controller.methods.has(target.action) || inheritedFromRails(controller.framework, target.action, railsVersion)) continue;
    if (!views.has(`${target.controller}/${target.action}`)) unused.push(route);
  }
  return { unused, unchecked };
}
