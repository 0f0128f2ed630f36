/**
 * Document symbols (the routes file as a tree of namespaces, scopes and resources) and
 * workspace symbols (every route, by helper name, path or controller#action).
 */
import type { MapResult } from "@routemap/shared-mapper";
import { SymbolKind, type DocumentSymbol, type SymbolInformation } from "vscode-languageserver/node";
import { contains, toLocation, toRange } from "../convert.js";
import { sitesIn, siteRoutes } from "./declarations.js";

const KINDS: Record<string, SymbolKind> = {
  namespace: SymbolKind.Namespace,
  scope: SymbolKind.Namespace,
  controller: SymbolKind.Namespace,
  constraints: SymbolKind.Namespace,
  defaults: SymbolKind.Namespace,
  shallow: SymbolKind.Namespace,
  resources: SymbolKind.Class,
  resource: SymbolKind.Class,
  member: SymbolKind.Object,
  collection: SymbolKind.Object,
  new: SymbolKind.Object,
  nested: SymbolKind.Object,
  concern: SymbolKind.Interface,
  concerns: SymbolKind.Interface,
  draw: SymbolKind.File,
  mount: SymbolKind.Module,
  root: SymbolKind.Method,
  direct: SymbolKind.Function,
  resolve: SymbolKind.Function,
};

export function documentSymbols(result: MapResult, file: string): DocumentSymbol[] {
  const roots: DocumentSymbol[] = [];
  const stack: DocumentSymbol[] = [];
  const sites = sitesIn(result, file).sort((a, b) => a.first.extent.start.line - b.first.extent.start.line || a.first.extent.start.character - b.first.extent.start.character);
  for (const site of sites) {
    if (site.first.method === "redirect") continue;
    const routes = siteRoutes(result, site);
    const symbol: DocumentSymbol = {
      name: site.first.label,
      detail: `${routes.length} route${routes.length === 1 ? "" : "s"}`,
      kind: KINDS[site.first.method] ?? SymbolKind.Method,
      range: toRange(site.first.extent),
      selectionRange: toRange(site.first.span),
      children: [],
    };
    while (stack.length && !contains(stack[stack.length - 1].range as never, symbol.range.start.line, symbol.range.start.character)) stack.pop();
    const parent = stack[stack.length - 1];
    if (parent) parent.children!.push(symbol);
    else roots.push(symbol);
    stack.push(symbol);
  }
  return roots;
}

export function workspaceSymbols(results: MapResult[], query: string): SymbolInformation[] {
  const q = query.toLowerCase();
  const out: SymbolInformation[] = [];
  for (const result of results) {
    for (const route of result.routes) {
      const name = route.name ? `${route.name}_path` : `${route.verb || "ANY"} ${route.path}`;
      const haystack = `${name} ${route.path} ${route.reqs}`.toLowerCase();
      if (q && !haystack.includes(q)) continue;
      out.push({ name, kind: route.name ? SymbolKind.Function : SymbolKind.Method, location: toLocation(route.source), containerName: `${route.verb || "ANY"} ${route.path} → ${route.reqs}` });
      if (out.length >= 1000) return out;
    }
  }
  return out;
}
