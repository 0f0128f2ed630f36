/**
 * Path recognition after `ActionDispatch::Journey::Router#find_routes`: the first route, in
 * table order, whose verb and path pattern match. A dynamic segment matches `[^/.?]+` unless a
 * requirement replaces it (so `/files/a.b` needs `id: /[^\/]+/`), a glob matches lazily, optional
 * groups may be absent, and a mount (`anchor: false`) matches any path below it.
 */
import type { Route } from "../types.js";
import { analyzePath, PathNode } from "./pattern.js";

export interface Recognition {
  route: Route;
  /** Index of the route in the table. */
  index: number;
  /** What Rails puts in `params`: the route's defaults (controller, action...) and the decoded path parameters. */
  params: Record<string, string>;
}

interface Compiled {
  regexp: RegExp;
  names: string[];
}

const compiledCache = new WeakMap<Route, Compiled | null>();

/** The route Rails would dispatch `verb path` to, or undefined. HEAD falls back to GET routes. */
export function recognize(routes: readonly Route[], verb: string, url: string): Recognition | undefined {
  const path = normalizeRequestPath(url);
  const method = verb.toUpperCase();
  const attempt = (wanted: string) => {
    for (let i = 0; i < routes.length; i++) {
      const route = routes[i];
      if (!verbMatches(route, wanted)) continue;
      const params = matchPath(route, path);
      if (params) return { route, index: i, params: withEndpoint(route, params) };
    }
    return undefined;
  };
  return attempt(method) ?? (method === "HEAD" ? attempt("GET") : undefined);
}

function verbMatches(route: Route, verb: string): boolean {
  return route.verbs.length === 0 || route.verbs.includes("") || route.verbs.includes(verb);
}

/** `Journey::Router::Utils.normalize_path` on the request path, query and fragment removed. */
export function normalizeRequestPath(url: string): string {
  let path = url.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/]*/i, "").replace(/[?#].*$/s, "");
  path = ("/" + path).replace(/\/+/g, "/");
  if (path.length > 1 && path.endsWith("/")) path = path.slice(0, -1);
  return path;
}

/** Rails' params: the route's defaults (controller, action, and any others), then the path's. */
function withEndpoint(route: Route, params: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, inspected] of Object.entries(route.defaults)) {
    const value = plainValue(inspected);
    if (value !== undefined) out[key] = value;
  }
  return { ...out, ...params };
}

/** A default's value from its Ruby `inspect` form, for strings, symbols and numbers. */
function plainValue(inspected: string): string | undefined {
  if (/^"(?:[^"\\]|\\.)*"$/.test(inspected)) {
    try {
      return JSON.parse(inspected) as string;
    } catch {
      return inspected.slice(1, -1);
    }
  }
  if (/^:\w+$/.test(inspected)) return inspected.slice(1);
  if (/^-?\d+(\.\d+)?$/.test(inspected)) return inspected;
  return undefined;
}

function matchPath(route: Route, path: string): Record<string, string> | undefined {
  let compiled = compiledCache.get(route);
  if (compiled === undefined) {
    compiled = compile(route);
    compiledCache.set(route, compiled);
  }
  if (!compiled) return undefined;
  const m = compiled.regexp.exec(path);
  if (!m) return undefined;
  const params: Record<string, string> = {};
  compiled.names.forEach((name, i) => {
    const value = m[i + 1];
    if (value !== undefined) params[name] = safeDecode(value);
  });
  return params;
}

function safeDecode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

function compile(route: Route): Compiled | null {
  let ast: PathNode;
  try {
    ast = analyzePath(route.path).ast;
  } catch {
    return null;
  }
  const requirements = new Map(route.parameters.map((p) => [p.name, p]));
  const names: string[] = [];
  let caseInsensitive = false;
  const visit = (n: PathNode): string => {
    switch (n.type) {
      case "CAT":
        return visit(n.left) + visit(n.right);
      case "GROUP":
        return `(?:${visit(n.left)})?`;
      case "OR":
        return `(?:${n.children.map(visit).join("|")})`;
      case "STAR":
      case "SYMBOL": {
        const name = n.type === "STAR" ? n.left.name : n.name;
        names.push(name);
        const given = route.requirements[name];
        if (given && /\/[a-z]*i[a-z]*$/.test(given)) caseInsensitive = true;
        const source = requirements.get(name)?.requirement ?? "[^/.?]+";
        return `(${jsRegexpSource(source)})`;
      }
      default:
        return escape(n.text);
    }
  };
  try {
    const body = visit(ast);
    const tail = route.anchored ? "$" : "(?=/|$)";
    return { regexp: new RegExp(`^${body}${tail}`, caseInsensitive ? "i" : ""), names };
  } catch {
    return null;
  }
}

/** A Ruby requirement as JS source: anchors are not allowed there, `(?<n>` is the same. */
function jsRegexpSource(source: string): string {
  return source.replace(/\\A|\\[zZ]/g, "").replace(/\\h/g, "[0-9a-fA-F]").replace(/(?<!\\)\(\?([imx]+)(-[imx]+)?\)/g, "");
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
