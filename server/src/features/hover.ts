/**
 * Hover: in routes files, the routes a declaration generates (as `rails routes` prints them),
 * what `to: "c#a"` points at, and what `draw :name` loads; in Ruby and ERB files, the route
 * behind a URL helper.
 */
import { routeMarks, type Route } from "@routemap/shared-mapper";
import { MarkupKind, type Hover, type Position } from "vscode-languageserver/node";
import { toRange } from "../convert.js";
import type { RailsApp } from "../workspace.js";
import { literalAt, siteAt, siteRoutes } from "./declarations.js";
import { helperAt, helperIndex, mountedPath, requiredParameters, tableFor, type HelperTable, type HelperTables } from "./helpers.js";

const MAX_ROWS = 40;

/** A compact markdown table of routes. */
export function routesTable(routes: Route[]): string {
  if (routes.length === 0) return "_No routes._";
  const cell = (s: string) => s.replace(/\|/g, "\\|");
  const rows = routes.slice(0, MAX_ROWS).map((r) => {
    const helper = r.name ? `\`${r.name}_path\`` : "";
    // A row Rails draws only under a condition, or in a scope Routemap cannot see, says so as the sheet does.
    return `| ${helper} | ${cell(r.verb || "ANY")} | \`${cell(r.path)}\` | ${cell(r.reqs + routeMarks(r))} |`;
  });
  const more = routes.length > MAX_ROWS ? `\n\n_… and ${routes.length - MAX_ROWS} more._` : "";
  return ["| Helper | Verb | Path | Controller#Action |", "| --- | --- | --- | --- |", ...rows].join("\n") + more;
}

export function hoverInRoutesFile(app: RailsApp, file: string, position: Position): Hover | null {
  const result = app.table();
  const site = siteAt(result, file, position);
  if (!site) return null;
  const literal = literalAt(site, position);
  const routes = siteRoutes(result, site);
  const parts: string[] = [];
  if (literal?.key === "to" && literal.value.includes("#")) {
    const route = routes.find((r) => r.endpoint.kind === "controller");
    const controller = route?.controller ?? literal.value.split("#")[0];
    const action = route?.action ?? literal.value.split("#")[1];
    // The class the route reaches (`v_a_c_o_l_s/veterans` reaches VACOLS::VeteransController in vacols/veterans_controller.rb).
    const found = !!controller && app.controllerFileOf(controller) !== undefined;
    // Else one a gem, an engine or lib/ may define (their controllers' paths, when every gem could be read).
    const elsewhere = !found && !!controller && !!app.providedControllers()?.has(controller);
    const generated = !found && !!controller && !!result.generatedControllers?.includes(controller);
    const where = found
      ? `\n\n${actionStatus(app, controller ?? "", action ?? "")}`
      : generated
        ? ` _(no file: ${generatorOf(result.routes, controller!) ?? "a gem"} defines it as the app loads)_`
        : elsewhere
          ? " _(outside app/controllers: a gem's, an engine's or lib/'s)_"
          : " _(no controller file found)_";
    parts.push(`**Controller** \`${controllerClass(app, controller ?? "")}\` · **action** \`${action}\`` + where);
  }
  const { drawnFiles, definedAt } = site.first;
  if (definedAt) parts.push(`The app's own \`${site.first.method}\`, defined at ${relativeToApp(app, definedAt.file)}:${definedAt.start.line + 1}`);
  if (drawnFiles?.length) {
    const files = drawnFiles.map((f) => `\`${relativeToApp(app, f)}\``).join(", ");
    parts.push(`${definedAt ? "Evaluates" : "Loads"} ${files}: ${routes.length} route${routes.length === 1 ? "" : "s"}`);
  }
  parts.push(`**${site.first.label}** — ${routes.length} route${routes.length === 1 ? "" : "s"}\n\n${routesTable(routes)}`);
  return { contents: { kind: MarkupKind.Markdown, value: parts.join("\n\n---\n\n") }, range: toRange(literal?.span ?? site.first.span) };
}

/** The gem that drew a generated controller's routes (`ActiveAdmin`), where it drew any. */
function generatorOf(routes: readonly Route[], controller: string): string | undefined {
  return routes.find((r) => r.controller === controller && r.origin)?.origin;
}

/** Where the action is defined, or the template that renders it, or why it is missing or unknown. */
export function actionStatus(app: RailsApp, controller: string, action: string): string {
  const found = app.controllerModel().action(controller, action);
  if (!found) return "";
  if (found.exists === "unknown") return `Routemap cannot tell whether the action exists: ${found.why}.`;
  if (found.exists === false) return `⚠ No public method \`${action}\` and no template ${controller}/${action}.`;
  const where = found.action
    ? `\`def ${action}\` in ${relativeToApp(app, found.action.span.file)}:${found.action.span.start.line + 1}${found.action.owner !== controllerClass(app, controller) ? ` (from ${found.action.owner})` : ""}`
    : `rendered from the template ${ownTemplate(app, found.template!) ? `app/views/${found.template}` : `${found.template} of a gem or an engine`} (no method)`;
  return where;
}

/**
 * `urlDefaults`: the `default_url_options` keys where the file runs without a request (a mailer
 * and its templates; an engine's joined with the app's, `joinUrlDefaults`), as the checks take
 * them; undefined where a request runs it or they are not known. Asked only for a route with
 * required parts.
 */
export function hoverOnHelper(tables: HelperTables, text: string, position: Position, urlDefaults?: () => ReadonlySet<string> | undefined): Hover | null {
  const at = helperAt(text, position);
  const table = at && tableFor(tables, at.receiver, at.name);
  if (!at || !table) return null;
  const helper = helperIndex(table).get(at.name);
  if (!helper) return null;
  let value: string;
  if (helper.route) {
    const route = helper.route;
    const routes = routeGroup(table.routes, route);
    const params = requiredParameters(route);
    const defaulted = params.length ? params.filter((p) => urlDefaults?.()?.has(p)) : [];
    value =
      `**${helper.name}**${params.length ? `(${params.join(", ")})` : ""}\n\n` +
      (defaulted.length ? `Here (no request) ${defaulted.map((p) => `\`${p}\``).join(", ")} ${defaulted.length > 1 ? "come" : "comes"} from \`default_url_options\` when not given.\n\n` : "") +
      routesTable(routes) +
      mountLine(table, route) +
      (route.optionalParts.length ? `\n\nOptional: ${route.optionalParts.map((p) => `\`${p}\``).join(", ")}` : "") +
      (route.origin ? `\n\nAdded by ${route.origin}${route.internal ? " (internal: `bin/rails routes` does not list it)" : ""}` : "");
  } else {
    const custom = helper.custom!;
    value = `**${helper.name}** — \`direct :${custom.name}\` (a custom URL helper${custom.origin ? ` of ${custom.origin}` : ""})`;
  }
  return { contents: { kind: MarkupKind.Markdown, value }, range: at.range };
}

/**
 * Where an engine's helper is called from the app (`blog.posts_path`) or from the engine mounted
 * once, its path starts with the mount's: what it returns there. Mounted more than once, the
 * engine's own helpers take the mount of the request (or, with none, the last mount drawn).
 */
function mountLine(table: HelperTable, route: Route): string {
  const mounts = table.mountedAt;
  if (!mounts?.length || !table.engine) return "";
  if (mounts.length === 1) return `\n\nReturns \`${mountedPath(mounts[0], route.path)}\` here: ${table.engine} is mounted at \`${mounts[0]}\`.`;
  return `\n\n${table.engine} is mounted at ${mounts.map((m) => `\`${m}\``).join(", ")}: the path it returns starts with the mount the request came through.`;
}

/** A named route and the unnamed ones right after it on the same path: they share its helper. */
export function routeGroup(routes: Route[], named: Route): Route[] {
  const group = [named];
  for (let j = routes.indexOf(named) + 1; j < routes.length && !routes[j].name && routes[j].path === named.path; j++) group.push(routes[j]);
  return group;
}

/** Whether a template (`posts/terms.html.erb`, as the controller model names it) is the app's own, in app/views; else a gem's or an engine's, on the view paths too. */
function ownTemplate(app: RailsApp, template: string): boolean {
  return app.workspaceFs().exists(`${app.root}/app/views/${template}`);
}

/** The class a route's controller names, as Rails constantizes it with the app's inflections (`ControllerModel.classNameAt`). */
export function controllerClass(app: RailsApp, controller: string): string {
  return app.controllerModel().classNameAt(controller);
}

export function relativeToApp(app: RailsApp, file: string): string {
  return file.startsWith(app.root + "/") ? file.slice(app.root.length + 1) : file;
}
