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
  /** Which checks are off or partial, and why (absent from an older server). */
  status?: AppCheckStatus;
}

/** A cause of checks being off or partial: its place when it has one, and what it turns off. */
export interface CheckCause {
  uri?: string;
  range?: { start: { line: number; character: number }; end: { line: number; character: number } };
  reason: string;
  notChecked: string[];
  extent: "off" | "partial";
  code: string;
}

export interface AppCheckStatus {
  checks: "on" | "partial" | "off";
  /** One line: "helper checks off", "checks partial", or empty. */
  summary: string;
  causes: CheckCause[];
  /** How many causes there are (the first 200 are sent). */
  total: number;
}

export interface StatusResponse {
  apps: (AppCheckStatus & { root: string })[];
}

export const ROUTES_REQUEST = "routemap/routes";
export const RECOGNIZE_REQUEST = "routemap/recognize";
export const TABLE_REQUEST = "routemap/routesTable";
export const ROUTES_CHANGED = "routemap/didChangeRoutes";
export const STATUS_REQUEST = "routemap/status";
