/**
 * Quick fixes: for a route whose action its controller lacks, "Create action `archive` in
 * PostsController" adds an empty public `def` where the class body is still public; for a
 * route to a controller nothing defines, "Create PostsController" makes its file. Offered
 * only for the routes-file warning, whose controller Routemap read whole, and not when a
 * private method of that name exists (making it public is the user's call). In views,
 * controllers, helpers, mailers and tests: "Change to `article_path`" for each name an unknown
 * helper's did-you-mean offers (`data.suggestions`).
 */
import type { CodeAction, Diagnostic } from "vscode-languageserver/node";
import { CodeActionKind } from "vscode-languageserver/node";
import { join } from "node:path";
import { toUri } from "../convert.js";
import type { RailsApp } from "../workspace.js";

export function quickFixes(app: RailsApp, diagnostics: Diagnostic[]): CodeAction[] {
  const actions: CodeAction[] = [];
  for (const diagnostic of diagnostics) {
    const created = createControllerFix(app, diagnostic);
    if (created) actions.push(created);
    if (diagnostic.code !== "missing-action" || diagnostic.source !== "routemap") continue;
    const data = diagnostic.data as { controller?: string; action?: string } | undefined;
    const controller = data?.controller && app.controllerModel().atRoute(data.controller);
    if (!controller || !data?.action || !/^[a-z_][a-zA-Z0-9_]*[?!]?$/.test(data.action)) continue;
    // A private or protected method of that name exists: a new `def` would not be the one Ruby keeps.
    if (controller.defined.has(data.action)) continue;
    // A controller file that is, through a symbolic link, outside the workspace is not written.
    if (!app.mayWrite(controller.file)) continue;
    // Where the body is still public: before its first `private`/`protected`, else before its `end`.
    const pad = " ".repeat(controller.indent + 2);
    const line = controller.insertAt.start.line;
    const edit = { range: { start: { line, character: 0 }, end: { line, character: 0 } }, newText: `${pad}def ${data.action}\n${pad}end\n\n` };
    actions.push({
      title: `Create action \`${data.action}\` in ${controller.className}`,
      kind: CodeActionKind.QuickFix,
      diagnostics: [diagnostic],
      isPreferred: true,
      edit: { changes: { [toUri(controller.file)]: [edit] } },
    });
  }
  return actions;
}

/** A Ruby constant path: `Admin::PostsController`, not `X::::YController` or `1xController`. */
const CLASS_NAME = /^[A-Z]\w*(?:::[A-Z]\w*)*$/;

/** "Create PostsController": a new `app/controllers/posts_controller.rb` with the route's action. */
function createControllerFix(app: RailsApp, diagnostic: Diagnostic): CodeAction | undefined {
  if (diagnostic.code !== "missing-controller" || diagnostic.source !== "routemap") return undefined;
  const data = diagnostic.data as { controller?: string; action?: string; className?: string; gem?: string } | undefined;
  // A controller a gem's route names (ActiveAdmin's root): the gem's own way defines it, not a file.
  if (data?.gem) return undefined;
  // A path Rails can load a class from: `x//y` (which Rails draws) camelizes to `X::::Y`, which no file defines.
  if (!data?.controller || !data.className || !/^[a-z0-9_]+(?:\/[a-z0-9_]+)*$/.test(data.controller) || !CLASS_NAME.test(data.className)) return undefined;
  const file = join(app.root, "app", "controllers", ...`${data.controller}_controller.rb`.split("/"));
  // Nor a file that would land, through a symbolic link (`app/controllers` → elsewhere), outside the workspace.
  if (!app.mayWrite(file)) return undefined;
  const uri = toUri(file);
  const action = data.action && /^[a-z_][a-zA-Z0-9_]*[?!]?$/.test(data.action) ? `  def ${data.action}\n  end\n` : "";
  const text = `class ${data.className} < ApplicationController\n${action}end\n`;
  return {
    title: `Create ${data.className}`,
    kind: CodeActionKind.QuickFix,
    diagnostics: [diagnostic],
    isPreferred: true,
    edit: {
      documentChanges: [
        { kind: "create", uri, options: { ignoreIfExists: true } },
        { textDocument: { uri, version: null }, edits: [{ range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, newText: text }] },
      ],
    },
  };
}

/** A URL helper's name, as a did-you-mean offers it (the data comes back from the client); through a route proxy (`main_app.`, a mount's name) for another table's route (engineContexts.ts). */
const HELPER_NAME = /^(?:[a-z_][a-z0-9_]*\.)?[a-z_][a-z0-9_]*_(?:path|url)$/;

/**
 * "Change to `article_path`" for each did-you-mean of an unknown helper, preferred when there is
 * only one: the range must still hold the misspelled name (a diagnostic of an older text is
 * not applied over whatever is there now).
 */
export function didYouMeanFixes(uri: string, text: string, diagnostics: Diagnostic[]): CodeAction[] {
  const actions: CodeAction[] = [];
  const lines = text.split("\n");
  for (const diagnostic of diagnostics) {
    if (diagnostic.code !== "unknown-helper" || diagnostic.source !== "routemap") continue;
    const data = diagnostic.data as { name?: unknown; suggestion?: unknown; suggestions?: unknown } | undefined;
    const offered = typeof data?.suggestions === "string" ? data.suggestions.split(" ") : [data?.suggestion];
    const names = offered.filter((n): n is string => typeof n === "string" && HELPER_NAME.test(n));
    const { start, end } = diagnostic.range;
    const written = start.line === end.line ? lines[start.line]?.slice(start.character, end.character) : undefined;
    if (!names.length || typeof data?.name !== "string" || written !== data.name) continue;
    for (const name of names) {
      actions.push({
        title: `Change to \`${name}\``,
        kind: CodeActionKind.QuickFix,
        diagnostics: [diagnostic],
        isPreferred: names.length === 1,
        edit: { changes: { [uri]: [{ range: diagnostic.range, newText: name }] } },
      });
    }
  }
  return actions;
}
