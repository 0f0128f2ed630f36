/**
 * The Routemap extension: starts the bundled language server (prism.wasm beside it), and adds
 * the Routes explorer, the status bar item, the commands and the walkthrough. It runs nothing
 * from the workspace, so it is enabled in untrusted workspaces too, where the server reads
 * nothing outside the workspace (`untrustedWorkspaces: limited`, README "Restricted mode").
 */
import * as vscode from "vscode";
import type { Route } from "@routemap/shared-mapper";
import { LanguageClient, TransportKind, type LanguageClientOptions, type ServerOptions } from "vscode-languageclient/node";
import { findRoute, openController, openDeclaration, RoutesTableProvider, showRoutesTable, TABLE_SCHEME } from "./commands.js";
import { ROUTES_CHANGED, ROUTES_REQUEST, STATUS_REQUEST, type RoutesChanged, type RoutesResponse, type StatusResponse } from "./protocol.js";
import { SHOW_UNCHECKED_COMMAND, showUncheckedCauses, statusSuffix, statusTooltip } from "./checkStatus.js";
import { RoutesView } from "./routesView.js";
import { Walkthrough } from "./walkthrough.js";

let client: LanguageClient | undefined;

/** What tests in a real VS Code reach through `vscode.extensions.getExtension(...).exports`. */
export interface RoutemapApi {
  client(): LanguageClient | undefined;
  view: RoutesView;
  ready: Promise<void>;
  walkthrough: Walkthrough;
  /** The status bar item: its text and tooltip say when checks are off. */
  status(): vscode.StatusBarItem;
}

export function activate(context: vscode.ExtensionContext): RoutemapApi {
  const walkthrough = new Walkthrough();
  const serverModule = context.asAbsolutePath("dist/server.js");
  // A small young generation keeps the server's resident size down: each keystroke
  // re-evaluates the routes and leaves only short-lived garbage (see `npm run bench`).
  const execArgv = ["--max-semi-space-size=4"];
  const serverOptions: ServerOptions = {
    run: { module: serverModule, transport: TransportKind.stdio, options: { execArgv } },
    debug: { module: serverModule, transport: TransportKind.stdio, options: { execArgv: [...execArgv, "--nolazy", "--inspect=6010"] } },
  };
  const clientOptions: LanguageClientOptions = {
    documentSelector: [
      { scheme: "file", language: "ruby" },
      { scheme: "file", language: "erb" },
      { scheme: "file", pattern: "**/*.erb" },
      { scheme: "file", pattern: "**/*.haml" },
      { scheme: "file", pattern: "**/*.slim" },
    ],
    synchronize: { configurationSection: "routemap" },
    // Restricted mode (an untrusted workspace): the server reads nothing outside the workspace.
    initializationOptions: () => ({ restricted: !vscode.workspace.isTrusted }),
    middleware: walkthrough.middleware(),
  };
  const view = new RoutesView(async () => (client ? (await client.sendRequest<RoutesResponse>(ROUTES_REQUEST, {})).apps : []));
  const treeView = vscode.window.createTreeView("routemap.routes", { treeDataProvider: view, showCollapseAll: true });
  const status = vscode.window.createStatusBarItem(vscode.StatusBarAlignment.Left, 10);
  status.command = "routemap.routes.focus";
  status.name = "Routemap";

  const updateStatus = (counts: RoutesChanged[]) => {
    const enabled = vscode.workspace.getConfiguration("routemap").get<boolean>("statusBar.enable", true);
    if (!enabled || counts.length === 0) return status.hide();
    const routes = counts.reduce((n, c) => n + c.routes, 0);
    const errors = counts.reduce((n, c) => n + c.errors, 0);
    // Checks off or partial: said after the count, the causes in the tooltip, and a click shows them.
    const unchecked = statusSuffix(counts);
    status.text = `$(list-tree) ${routes} routes${errors ? ` $(error) ${errors}` : ""}${unchecked ? ` · ${unchecked}` : ""}`;
    const errorLine = errors ? `Routemap: ${errors} routing error${errors === 1 ? "" : "s"}.` : "";
    status.tooltip = unchecked ? [errorLine, `Routemap: ${statusTooltip(counts)}`].filter(Boolean).join("\n") : errors ? `${errorLine} Click to show the routes.` : "Routemap: show the routes";
    status.command = unchecked ? SHOW_UNCHECKED_COMMAND : "routemap.routes.focus";
    status.backgroundColor = errors ? new vscode.ThemeColor("statusBarItem.errorBackground") : undefined;
    status.show();
  };
  const counts = new Map<string, RoutesChanged>();
  let refreshQueued = false;

  const start = async () => {
    client = new LanguageClient("routemap", "Routemap", serverOptions, clientOptions);
    client.onNotification(ROUTES_CHANGED, (changed: RoutesChanged) => {
      counts.set(changed.root, changed);
      updateStatus([...counts.values()]);
      void vscode.commands.executeCommand("setContext", "routemap.active", true);
      void vscode.commands.executeCommand("setContext", "routemap.noRoutes", false);
      // Coalesce bursts of changes (one per keystroke) into one refresh of the tree.
      if (!refreshQueued) {
        refreshQueued = true;
        setTimeout(() => {
          refreshQueued = false;
          void view.refresh();
        }, 150);
      }
    });
    await client.start();
    await view.refresh();
    // No app in the workspace: the Routes view says so, and how Routemap finds apps.
    void vscode.commands.executeCommand("setContext", "routemap.noRoutes", !view.hasApps() && counts.size === 0);
  };
  const api: RoutemapApi = { client: () => client, view, ready: start(), walkthrough, status: () => status };

  context.subscriptions.push(
    treeView,
    status,
    walkthrough.watchEditors(),
    ...walkthrough.commands(),
    vscode.workspace.registerTextDocumentContentProvider(TABLE_SCHEME, new RoutesTableProvider(() => client)),
    vscode.commands.registerCommand("routemap.findRoute", (input?: string) => (client ? findRoute(client, input) : null)),
    vscode.commands.registerCommand("routemap.showRoutesTable", () => showRoutesTable()),
    vscode.commands.registerCommand(SHOW_UNCHECKED_COMMAND, async () => (client ? showUncheckedCauses((await client.sendRequest<StatusResponse>(STATUS_REQUEST, {})).apps) : undefined)),
    vscode.commands.registerCommand("routemap.restartServer", async () => {
      await client?.stop();
      counts.clear();
      api.ready = start();
      await api.ready;
    }),
    vscode.commands.registerCommand("routemap.filterRoutes", async (text?: string) => {
      const filter = text ?? (await vscode.window.showInputBox({ title: "Filter routes", prompt: "Helper, path, controller#action or verb", value: view.filter }));
      if (filter === undefined) return;
      view.setFilter(filter);
      treeView.message = filter ? `Filter: ${filter}` : undefined;
    }),
    vscode.commands.registerCommand("routemap.clearFilter", () => {
      view.setFilter("");
      treeView.message = undefined;
    }),
    vscode.commands.registerCommand("routemap.refreshRoutes", () => view.refresh()),
    vscode.commands.registerCommand("routemap.openDeclaration", (route: Route) => openDeclaration(route)),
    vscode.commands.registerCommand("routemap.copyHelper", (node: { route?: Route } | Route) => copy(routeOf(node).name ? `${routeOf(node).name}_path` : "")),
    vscode.commands.registerCommand("routemap.copyPath", (node: { route?: Route } | Route) => copy(routeOf(node).path)),
    vscode.commands.registerCommand("routemap.openController", (node: { route?: Route } | Route) => openController(routeOf(node))),
    // Trust granted: the server starts again, now reading installed gems too.
    vscode.workspace.onDidGrantWorkspaceTrust(() => vscode.commands.executeCommand("routemap.restartServer")),
    vscode.workspace.onDidChangeConfiguration((e) => {
      if (e.affectsConfiguration("routemap.statusBar")) updateStatus([...counts.values()]);
    }),
  );
  return api;
}

export async function deactivate(): Promise<void> {
  await client?.stop();
}

function routeOf(node: { route?: Route } | Route): Route {
  return "route" in node && node.route ? node.route : (node as Route);
}

async function copy(text: string): Promise<void> {
  if (!text) return;
  await vscode.env.clipboard.writeText(text);
  void vscode.window.setStatusBarMessage(`Copied ${text}`, 3000);
}
