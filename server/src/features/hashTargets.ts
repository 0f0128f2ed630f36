/**
 * Hash targets in views and controllers (`url_for(controller: "posts", action: "show")`,
 * `redirect_to action: :index`): hover shows the routes that reach them, definition goes to the
 * action (or the controller), and completion offers the controller's actions, or controllers.
 * Without `controller:`, the target's controller is the file's own: its controller class, or
 * the view's folder.
 */
import type { HashTarget } from "@routemap/shared-mapper";
import { relative, sep } from "node:path";
import { CompletionItemKind, MarkupKind, type CompletionItem, type Hover, type Location, type Position } from "vscode-languageserver/node";
import { toLocation, toRange } from "../convert.js";
import type { RailsApp } from "../workspace.js";
import { actionStatus, controllerClass, routesTable } from "./hover.js";

/** The last file's targets: hover, definition and completion ask about one text many times. */
let last: { path: string; text: string; targets: HashTarget[] } | undefined;

function targetsOf(app: RailsApp, path: string, text: string): HashTarget[] {
  if (last?.path !== path || last.text !== text) last = { path, text, targets: app.workspaceMapper().hashTargets(path, text) };
  return last.targets;
}

/** The target under the cursor, with its controller worked out; undefined elsewhere. */
function targetAt(app: RailsApp, path: string, text: string, position: Position): (HashTarget & { controllerPath: string }) | undefined {
  const target = targetsOf(app, path, text).find((t) => contains(t.span, position));
  if (!target) return undefined;
  const controllerPath = target.key === "controller" ? target.value : (target.controller ?? ownController(app, path));
  return controllerPath ? { ...target, controllerPath: controllerPath.replace(/^\//, "") } : undefined;
}

const contains = (span: HashTarget["span"], p: Position) =>
  (p.line > span.start.line || (p.line === span.start.line && p.character >= span.start.character)) &&
  (p.line < span.end.line || (p.line === span.end.line && p.character <= span.end.character));

/** The controller a file belongs to: `app/controllers/admin/users_controller.rb` → `admin/users`; a view's folder. */
function ownController(app: RailsApp, path: string): string | undefined {
  const rel = relative(app.root, path).split(sep).join("/");
  return /^app\/controllers\/(.+)_controller\.rb$/.exec(rel)?.[1] ?? /^app\/views\/(.+)\/[^/]+$/.exec(rel)?.[1];
}

export function hoverOnHashTarget(app: RailsApp, path: string, text: string, position: Position): Hover | null {
  const target = targetAt(app, path, text, position);
  if (!target) return null;
  // The routes `url_for` generates from where the file runs: an engine's, its checks' table (`helperTablesAt`).
  const own = app.helperTablesAt(path).own.routes;
  const routes = own.filter((r) => r.endpoint.kind === "controller" && r.controller === target.controllerPath && (target.key !== "action" || r.action === target.value));
  const heading =
    target.key === "action"
      ? `**${controllerClass(app, target.controllerPath)}#${target.value}**\n\n${actionStatus(app, target.controllerPath, target.value)}`
      : `**${controllerClass(app, target.controllerPath)}**`;
  return { contents: { kind: MarkupKind.Markdown, value: `${heading}\n\n${routesTable(routes)}` }, range: toRange(target.span) };
}

export function definitionOfHashTarget(app: RailsApp, path: string, text: string, position: Position): Location | null {
  const target = targetAt(app, path, text, position);
  if (!target) return null;
  const controller = app.controllerModel().byPath.get(target.controllerPath);
  if (!controller) return null;
  if (target.key === "controller") return toLocation(controller.span);
  const action = controller.actions.get(target.value);
  if (action) return toLocation(action.span);
  const template = controller.templates.get(target.value);
  if (template) return toLocation({ file: `${app.root}/app/views/${template}`, start: { line: 0, character: 0 }, end: { line: 0, character: 0 } });
  return null;
}

/** Inside a target's literal: the controller's actions (its methods and templates), or the controllers. */
export function hashTargetCompletions(app: RailsApp, path: string, text: string, position: Position): CompletionItem[] | undefined {
  const target = targetAt(app, path, text, position);
  if (!target) return undefined;
  const model = app.controllerModel();
  if (target.key === "controller") {
    return [...model.byPath.values()].map((c) => ({ label: c.path, kind: CompletionItemKind.Class, detail: c.className }));
  }
  const controller = model.byPath.get(target.controllerPath);
  if (!controller) return [];
  const names = new Set([...controller.actions.keys(), ...controller.templates.keys()]);
  // A public method the controller names as a callback (`before_action :set_locale`, `helper_method`,
  // `rescue_from … with:`) is an action to Rails too, but rarely the one meant: listed after the rest, and said.
  const callback = (name: string) => controller.callbacks[name];
  return [...names].sort().map((name) => ({
    label: name,
    kind: CompletionItemKind.Method,
    detail: controller.actions.has(name) ? `${controller.className}#${name}${callback(name) ? ` (named by ${callback(name)})` : ""}` : `template ${controller.templates.get(name)}`,
    sortText: `${callback(name) ? 1 : 0}${name}`,
  }));
}
