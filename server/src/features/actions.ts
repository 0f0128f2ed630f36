/**
 * Controller actions and the routes that reach them: a code lens above each action (one per
 * route, `GET /posts/:id · post_path`, opening its declaration), hover on its `def` (the
 * routes' table), and definition from it to the declarations. Only a controller's own actions
 * (not a concern's, whose includers differ) are shown.
 */
import type { Action, Controller, Route } from "@routemap/shared-mapper";
import type { CodeLens, Hover, Location, Position } from "vscode-languageserver/node";
import { MarkupKind } from "vscode-languageserver/node";
import { toLocation, toRange } from "../convert.js";
import type { RailsApp } from "../workspace.js";
import { routesTable } from "./hover.js";

/** The server command a lens runs: shows a location (`window/showDocument`). */
export const SHOW_LOCATION_COMMAND = "routemap.server.showLocation";
/** Lenses per action: the routes after these are counted in one more lens. */
const LENSES_PER_ACTION = 3;

/** The actions a controller file defines, each with the routes reaching it. */
function actionsIn(app: RailsApp, file: string): { controller: Controller; action: Action; routes: Route[] }[] {
  const out: { controller: Controller; action: Action; routes: Route[] }[] = [];
  // An engine's controllers: the routes of its engine's set and of the app holding it (RailsApp.controllerRoutes).
  const routes = app.controllerRoutes();
  const model = app.controllerModel();
  // The class a route reaches: at its controller's path, or the one that path camelizes to (`model.atRoute`: caseflow's `v_a_c_o_l_s/veterans`).
  const reaches = (r: Route, controller: Controller) => r.controller !== null && model.atRoute(r.controller) === controller;
  for (const controller of model.byPath.values()) {
    if (controller.file !== file) continue;
    for (const action of controller.actions.values()) {
      if (action.owner !== controller.className || action.span.file !== file) continue;
      out.push({ controller, action, routes: routes.filter((r) => r.endpoint.kind === "controller" && r.action === action.name && reaches(r, controller)) });
    }
  }
  return out;
}

export function actionCodeLenses(app: RailsApp, file: string): CodeLens[] {
  const lenses: CodeLens[] = [];
  for (const { action, routes } of actionsIn(app, file)) {
    const range = toRange(action.span);
    for (const route of routes.slice(0, LENSES_PER_ACTION)) {
      const title = `${route.verb || "ANY"} ${route.path}${route.name ? ` · ${route.name}_path` : ""}`;
      lenses.push({ range, command: { title, command: SHOW_LOCATION_COMMAND, arguments: [toLocation(route.source)] } });
    }
    if (routes.length > LENSES_PER_ACTION) {
      const rest = routes.length - LENSES_PER_ACTION;
      lenses.push({ range, command: { title: `${rest} more route${rest > 1 ? "s" : ""}`, command: SHOW_LOCATION_COMMAND, arguments: [toLocation(routes[LENSES_PER_ACTION].source)] } });
    }
  }
  return lenses;
}

/** The action whose name is under the cursor, with its routes. */
function actionAt(app: RailsApp, file: string, position: Position) {
  return actionsIn(app, file).find(({ action }) => {
    const { start, end } = action.span;
    return position.line === start.line && position.character >= start.character && position.character <= end.character;
  });
}

export function hoverOnAction(app: RailsApp, file: string, position: Position): Hover | null {
  const found = actionAt(app, file, position);
  if (!found) return null;
  const { controller, action, routes } = found;
  const heading = `**${controller.className}#${action.name}**: ${routes.length ? `reached by ${routes.length} route${routes.length > 1 ? "s" : ""}` : "no route reaches it"}`;
  return { contents: { kind: MarkupKind.Markdown, value: `${heading}\n\n${routesTable(routes)}` }, range: toRange(action.span) };
}

export function definitionOfAction(app: RailsApp, file: string, position: Position): Location[] | null {
  const found = actionAt(app, file, position);
  if (!found || !found.routes.length) return null;
  const seen = new Set<string>();
  return found.routes
    .map((r) => toLocation(r.source))
    .filter((l) => {
      const key = `${l.uri}:${l.range.start.line}:${l.range.start.character}`;
      return !seen.has(key) && seen.add(key) !== undefined;
    });
}
