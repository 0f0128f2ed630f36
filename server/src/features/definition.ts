/**
 * Go to definition: from a URL helper to the DSL call that declared its route; from `to:
 * "c#a"`, a resource, or a route's action to the controller and its `def`; from `draw :name`
 * to the file (an app's own `draw`: the files it evaluates), from a call of the app's own
 * routing method to its `def`; from `concerns :x` (or `concerns: :x`) to the concern.
 */
import type { MapResult, Route } from "@routemap/shared-mapper";
import type { Location, Position } from "vscode-languageserver/node";
import { toLocation, toUri } from "../convert.js";
import type { RailsApp } from "../workspace.js";
import { literalAt, siteAt, siteRoutes } from "./declarations.js";
import { helperAt, helperIndex, tableFor, type HelperTables } from "./helpers.js";

export function definitionOfHelper(tables: HelperTables, text: string, position: Position): Location | null {
  const at = helperAt(text, position);
  const table = at && tableFor(tables, at.receiver, at.name);
  const helper = table && helperIndex(table).get(at.name);
  if (!helper) return null;
  return toLocation(helper.route ? helper.route.source : helper.custom!.source);
}

export function definitionInRoutesFile(app: RailsApp, file: string, position: Position): Location[] | null {
  const result = app.table();
  const site = siteAt(result, file, position);
  if (!site) return null;
  const literal = literalAt(site, position);
  const d = site.first;
  // `draw :admin`, Rails' or the app's own: the files it loads; any other method of the app's: its `def`.
  if (d.method === "draw" && d.drawnFiles?.length) return d.drawnFiles.map((f) => ({ uri: toUri(f), range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } } }));
  if (d.definedAt) return [toLocation(d.definedAt)];
  if (literal && (d.method === "concerns" || literal.key === "concerns")) {
    const concern = result.concerns.find((c) => c.name === literal.value);
    return concern ? [toLocation(concern.span)] : null;
  }
  const routes = siteRoutes(result, site).filter((r) => r.endpoint.kind === "controller" && r.controller && r.action);
  if (routes.length === 0) return null;
  // On `to: "c#a"` or an action symbol, the action; on the declaration itself, its controller.
  if (literal && (literal.key === "to" || (literal.key === undefined && literal.kind === "symbol" && d.method !== "resources" && d.method !== "resource"))) {
    const route = routes.find((r) => literal.key === "to" || r.action === literal.value.replace(/-/g, "_")) ?? routes[0];
    const inFile = actionLocation(app, route);
    return inFile.length ? inFile : generatedAt(result, route.controller!, route.action!);
  }
  const controllers = [...new Set(routes.map((r) => r.controller!))];
  return controllers.flatMap((c) => {
    const inFile = controllerLocation(app, c);
    return inFile.length ? inFile : generatedAt(result, c);
  });
}

/**
 * A controller a gem defines as the app loads (ActiveAdmin's `Admin::PostsController`) has no
 * file: the call that drew its routes stands for it (the action's `member_action`, else the
 * registration). Found among the routes a gem drew (`origin`), never the app's own.
 */
function generatedAt(result: MapResult, controller: string, action?: string): Location[] {
  if (!result.generatedControllers?.includes(controller)) return [];
  const drawn = result.routes.filter((r) => r.origin && r.controller === controller);
  const route = drawn.find((r) => r.action === action) ?? drawn.find((r) => r.action === "index") ?? drawn[0];
  return route ? [toLocation(route.source)] : [];
}

/** The controller file of a route, at the `def` of its action when there is one. */
export function actionLocation(app: RailsApp, route: Route): Location[] {
  const file = app.controllerFileOf(route.controller!);
  if (!file) return [];
  const text = app.workspaceText(file) ?? "";
  const lines = text.split("\n");
  const line = lines.findIndex((l) => definesMethod(l, route.action!));
  const character = line >= 0 ? lines[line].indexOf("def") : 0;
  const at = { line: Math.max(0, line), character: Math.max(0, character) };
  return [{ uri: toUri(file), range: { start: at, end: at } }];
}

function controllerLocation(app: RailsApp, controller: string): Location[] {
  const file = app.controllerFileOf(controller);
  if (!file) return [];
  const lines = (app.workspaceText(file) ?? "").split("\n");
  const line = Math.max(0, lines.findIndex((l) => /^\s*class\s/.test(l)));
  const at = { line, character: 0 };
  return [{ uri: toUri(file), range: { start: at, end: at } }];
}

/**
 * Whether a line is `def <name>` (then a space, `(`, `;`, or its end). Compared as text: the
 * action comes from the routes file (`to: "posts#(a|a)*b"`), and as a regexp it could be
 * anything, a pattern that backtracks for minutes included.
 */
function definesMethod(line: string, name: string): boolean {
  const def = line.trimStart();
  if (!def.startsWith("def")) return false;
  const rest = def.slice(3);
  const spaces = rest.length - rest.trimStart().length;
  if (spaces === 0 || !rest.startsWith(name, spaces)) return false;
  const after = rest.charCodeAt(spaces + name.length);
  return Number.isNaN(after) || !/[A-Za-z0-9_?!=]/.test(String.fromCharCode(after));
}
