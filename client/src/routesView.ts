/**
 * The "Routes" view in the Explorer: apps, then namespaces and controllers, then routes
 * (verb, path, helper, controller#action), and each mounted engine's routes under its name. A
 * filter narrows it by helper, path, controller or verb; clicking a route opens its declaration.
 * It refreshes when the server says a table changed. An engine kept inside an app's folder
 * (`engines/blog`) is shown in that app, where it is mounted, not as an app of its own.
 */
import * as path from "node:path";
import * as vscode from "vscode";
import type { Route } from "@routemap/shared-mapper";
import type { AppRoutes } from "./protocol.js";

type Node =
  | { kind: "app"; app: AppRoutes; routes: Route[] }
  | { kind: "group"; label: string; routes: Route[]; depth: number; origin: boolean }
  | { kind: "engine"; name: string; routes: Route[] }
  | { kind: "route"; route: Route };

export class RoutesView implements vscode.TreeDataProvider<Node> {
  private readonly changed = new vscode.EventEmitter<Node | undefined>();
  readonly onDidChangeTreeData = this.changed.event;
  private apps: AppRoutes[] = [];
  private filterText = "";

  constructor(private readonly load: () => Promise<AppRoutes[]>) {}

  get filter(): string {
    return this.filterText;
  }

  setFilter(text: string): void {
    this.filterText = text.trim();
    void vscode.commands.executeCommand("setContext", "routemap.filtered", this.filterText !== "");
    this.changed.fire(undefined);
  }

  async refresh(): Promise<void> {
    this.apps = await this.load();
    this.changed.fire(undefined);
  }

  /** Whether the server found any Rails app in the workspace. */
  hasApps(): boolean {
    return this.apps.length > 0;
  }

  /** Every route shown, for tests and the status bar. */
  visibleRoutes(): Route[] {
    return this.topApps().flatMap((a) => [...this.matching(a.routes), ...(a.engines ?? []).flatMap((e) => this.matching(e.routes))]);
  }

  getChildren(node?: Node): Node[] {
    if (!node) {
      const apps = this.topApps().map((app) => ({ kind: "app" as const, app, routes: this.matching(app.routes) }));
      return apps.length === 1 ? this.appChildren(apps[0]) : apps;
    }
    if (node.kind === "app") return this.appChildren(node);
    if (node.kind === "engine") return this.groups(node.routes, 0);
    if (node.kind === "group") return this.groups(node.routes, node.depth + 1);
    return [];
  }

  /** The apps that are not inside another one's folder. */
  private topApps(): AppRoutes[] {
    const inside = (a: AppRoutes, b: AppRoutes) => a !== b && a.root.startsWith(b.root.endsWith(path.sep) ? b.root : b.root + path.sep);
    return this.apps.filter((a) => !this.apps.some((b) => inside(a, b)));
  }

  /** An app's routes by controller, then each mounted engine's. */
  private appChildren(app: { app: AppRoutes; routes: Route[] }): Node[] {
    const engines = (app.app.engines ?? []).map((e) => ({ kind: "engine" as const, name: e.name, routes: this.matching(e.routes) })).filter((e) => e.routes.length);
    return [...this.groups(app.routes, 0), ...engines];
  }

  getTreeItem(node: Node): vscode.TreeItem {
    if (node.kind === "app") {
      const item = new vscode.TreeItem(path.basename(node.app.root), vscode.TreeItemCollapsibleState.Expanded);
      item.description = `${node.routes.length} routes · Rails ${node.app.railsVersion}`;
      item.iconPath = new vscode.ThemeIcon("folder-library");
      return item;
    }
    if (node.kind === "engine") {
      const item = new vscode.TreeItem(node.name, this.filterText ? vscode.TreeItemCollapsibleState.Expanded : vscode.TreeItemCollapsibleState.Collapsed);
      item.description = `${node.routes.length} · engine`;
      item.iconPath = new vscode.ThemeIcon("extensions");
      item.tooltip = `The routes of ${node.name}, which the app mounts`;
      return item;
    }
    if (node.kind === "group") {
      const item = new vscode.TreeItem(node.label, this.filterText ? vscode.TreeItemCollapsibleState.Expanded : vscode.TreeItemCollapsibleState.Collapsed);
      item.description = `${node.routes.length}`;
      const icon = node.origin ? "package" : node.routes.every((r) => r.endpoint.kind === "controller") ? "symbol-class" : "symbol-namespace";
      item.iconPath = new vscode.ThemeIcon(icon);
      if (node.origin) item.tooltip = `Routes ${node.label} adds to the app`;
      return item;
    }
    const r = node.route;
    const item = new vscode.TreeItem(`${r.verb || "ANY"} ${r.path}`, vscode.TreeItemCollapsibleState.None);
    item.description = `${r.name ? `${r.name}_path · ` : ""}${r.reqs}`;
    item.tooltip = new vscode.MarkdownString(`**${r.verb || "ANY"}** \`${r.path}\`\n\n${r.name ? `\`${r.name}_path\` · ` : ""}\`${r.reqs}\``);
    item.contextValue = r.name ? "route.named" : "route";
    item.iconPath = new vscode.ThemeIcon(r.endpoint.kind === "redirect" ? "arrow-right" : r.endpoint.kind === "controller" ? "symbol-method" : "plug");
    item.command = { command: "routemap.openDeclaration", title: "Open Declaration", arguments: [r] };
    return item;
  }

  private matching(routes: Route[]): Route[] {
    const q = this.filterText.toLowerCase();
    if (!q) return routes.filter((r) => !r.internal);
    return routes.filter((r) => !r.internal && `${r.name}_path ${r.verb} ${r.path} ${r.reqs}`.toLowerCase().includes(q));
  }

  /**
   * Groups by the segment at `depth` of the route's place (the framework or gem that drew it,
   * then its controller's path); a route whose place ends there is a leaf.
   */
  private groups(routes: Route[], depth: number): Node[] {
    const groups = new Map<string, Route[]>();
    const leaves: Node[] = [];
    for (const route of routes) {
      const segments = groupPath(route);
      if (segments.length <= depth) leaves.push({ kind: "route", route });
      else {
        const label = segments[depth];
        if (!groups.has(label)) groups.set(label, []);
        groups.get(label)!.push(route);
      }
    }
    const nodes: Node[] = [...groups].map(([label, rs]) => ({ kind: "group", label, routes: rs, depth, origin: depth === 0 && rs[0].origin === label }));
    // The app's own routes first, then each framework's and gem's.
    return [...nodes.filter((n) => n.kind === "group" && !n.origin), ...leaves, ...nodes.filter((n) => n.kind === "group" && n.origin)];
  }
}

/** Where a route sits in the tree: under its framework or gem, if one drew it, then its controller. */
function groupPath(route: Route): string[] {
  const place = groupKey(route).split("/");
  return route.origin ? [route.origin, ...place] : place;
}

/** A route's controller (`admin/users`), or its kind of endpoint. */
function groupKey(route: Route): string {
  if (route.endpoint.kind === "controller") return route.controller && !route.controller.startsWith(":") ? route.controller : "(dynamic)";
  if (route.endpoint.kind === "redirect") return "(redirects)";
  return "(mounted apps)";
}
