/** The custom requests and notifications of the Routemap server, as the extension uses them. */
import type { Route } from "@routemap/shared-mapper";

export interface AppRoutes {
  root: string;
  railsVersion: string;
  routes: Route[];
  engines: { name: string; routes: Route[] }[];
  diagnostics: { severity: string }[];
}

export interface RoutesResponse {
  apps: AppRoutes[];
}

export interface Recognition {
  app: string;
  verb: string;
  path: string;
  route: Route;
  index: number;
  params: Record<string, string>;
}

export interface RoutesChanged {
  root: string;
  routes: number;
  errors: number;
}

export const ROUTES_REQUEST = "routemap/routes";
export const RECOGNIZE_REQUEST = "routemap/recognize";
export const TABLE_REQUEST = "routemap/routesTable";
export const ROUTES_CHANGED = "routemap/didChangeRoutes";
