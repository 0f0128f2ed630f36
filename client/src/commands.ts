/**
 * The commands: Find Route for URL, Show Routes Table, and the explorer's actions (open the
 * declaration, copy the helper or the path, open the controller action).
 */
import * as vscode from "vscode";
import type { Route } from "@routemap/shared-mapper";
import type { LanguageClient } from "vscode-languageclient/node";
import { RECOGNIZE_REQUEST, TABLE_REQUEST, type Recognition } from "./protocol.js";

export const TABLE_SCHEME = "routemap-table";

export function spanLocation(route: Route): vscode.Location {
  const s = route.source;
  return new vscode.Location(
    vscode.Uri.file(s.file),
    new vscode.Range(s.start.line, s.start.character, s.end.line, s.end.character),
  );
}

export async function openDeclaration(route: Route): Promise<void> {
  const location = spanLocation(route);
  await vscode.window.showTextDocument(location.uri, { selection: location.range, preview: true });
}

/** `Routemap: Find Route for URL…`: asks for `VERB /path` (or a URL), shows the match, opens it. */
export async function findRoute(client: LanguageClient, input?: string): Promise<Recognition | null> {
  const request =
    input ??
    (await vscode.window.showInputBox({
      title: "Routemap: Find Route for URL",
      prompt: "A URL or path, optionally with a verb: GET /posts/42/edit",
      placeHolder: "GET /posts/42",
    }));
  if (!request) return null;
  const uri = vscode.window.activeTextEditor?.document.uri.toString();
  const found = await client.sendRequest<Recognition | null>(RECOGNIZE_REQUEST, { request, uri });
  if (!found) {
    void vscode.window.showWarningMessage(`No route matches ${request}`);
    return null;
  }
  const params = Object.entries(found.params).map(([k, v]) => `${k}: ${JSON.stringify(v)}`).join(", ");
  void vscode.window.setStatusBarMessage(`${found.verb} ${found.path} → ${found.route.reqs} {${params}}`, 10_000);
  if (input === undefined) {
    const pick = await vscode.window.showQuickPick(
      [{ label: `$(go-to-file) ${found.route.verb || "ANY"} ${found.route.path}`, description: found.route.reqs, detail: params ? `params: ${params}` : "no parameters" }],
      { title: `${found.verb} ${found.path}` },
    );
    if (pick) await openDeclaration(found.route);
  } else await openDeclaration(found.route);
  return found;
}

/** `Routemap: Show Routes Table`: the `rails routes` text of the current app, read-only. */
export async function showRoutesTable(): Promise<vscode.TextDocument> {
  const active = vscode.window.activeTextEditor?.document.uri;
  const uri = vscode.Uri.from({ scheme: TABLE_SCHEME, path: "/rails routes", query: active?.scheme === "file" ? active.toString() : "" });
  const document = await vscode.workspace.openTextDocument(uri);
  await vscode.window.showTextDocument(document, { preview: false });
  return document;
}

/** Serves `routemap-table:` documents from the server's `routemap/routesTable`. */
export class RoutesTableProvider implements vscode.TextDocumentContentProvider {
  constructor(private readonly client: () => LanguageClient | undefined) {}
  async provideTextDocumentContent(uri: vscode.Uri): Promise<string> {
    const client = this.client();
    if (!client) return "Routemap is not running.";
    const table = await client.sendRequest<{ text: string } | null>(TABLE_REQUEST, { uri: uri.query || undefined });
    return table?.text ?? "No Rails app found in this workspace.";
  }
}

export async function openController(route: Route): Promise<void> {
  if (route.endpoint.kind !== "controller" || !route.controller || !route.action) {
    void vscode.window.showInformationMessage(`${route.reqs} is not a controller action.`);
    return;
  }
  const [file] = await vscode.workspace.findFiles(`**/app/controllers/${route.controller}_controller.rb`, "**/node_modules/**", 1);
  if (!file) {
    void vscode.window.showWarningMessage(`No file for ${route.controller}_controller.rb`);
    return;
  }
  const document = await vscode.workspace.openTextDocument(file);
  const line = document.getText().split("\n").findIndex((l) => definesMethod(l, route.action!));
  const position = new vscode.Position(Math.max(0, line), 0);
  await vscode.window.showTextDocument(document, { selection: new vscode.Range(position, position) });
}

/** Whether a line is `def <name>`: compared as text, since the action comes from the routes file and as a regexp could be anything. */
function definesMethod(line: string, name: string): boolean {
  const rest = line.trimStart();
  if (!rest.startsWith("def") || !/\s/.test(rest.charAt(3))) return false;
  const after = rest.slice(3).trimStart();
  return after.startsWith(name) && !/[A-Za-z0-9_?!=]/.test(after.charAt(name.length));
}
