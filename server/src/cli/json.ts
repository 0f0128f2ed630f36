/**
 * What `routemap routes --json` and `routemap check --format json` print: one JSON document
 * each, versioned, described by the JSON Schemas the package ships (`schema/routes-v1.schema.json`,
 * `schema/check-v1.schema.json`). A change that would break a reader of version 1 makes a
 * version 2, with a schema of its own; fields may be added within a version.
 */
import { checkStatus, type CheckCause } from "../features/checkStatus.js";
import { routeSections, routeValues, type Diagnostic, type InspectOptions, type MapOptions, type MapResult, type Route, type Span } from "@routemap/shared-mapper";

export const JSON_VERSION = 1;

/** Where something is, for JSON output: the file as displayed, 1-based lines and columns. */
export function positionJson(span: Span, display: (f: string) => string) {
  const { start, end } = span;
  return { file: display(span.file), line: start.line + 1, column: start.character + 1, endLine: end.line + 1, endColumn: end.character + 1 };
}

/** An engine the sheet gives a section to, and whether Routemap read its routes. */
export interface EngineSection {
  name: string;
  /** False when no routes file was found for it: its section is empty for that reason, not because it has no routes. */
  routesKnown: boolean;
  /** The route that mounts it, if one is shown. */
  mount?: Route;
}

/** The engines of the sheet's sections, in its order. */
export function engineSections(result: MapResult, inspect: InspectOptions): EngineSection[] {
  const drawn = new Set(result.engines.map((e) => e.name));
  const names = [...new Set(routeSections(result.routes, inspect).flatMap((s) => (s.engine ? [s.engine] : [])))];
  return names.map((name) => ({ name, routesKnown: drawn.has(name), mount: result.routes.find((r) => r.engine === name) }));
}

/** `routes --json`: the settings followed, the routes the sheet shows (in its order), the engines' sections. */
export function routesDocument(result: MapResult, inspect: InspectOptions, options: MapOptions, display: (f: string) => string) {
  const routes = routeSections(result.routes, inspect).flatMap(({ engine, routes: shown }) =>
    shown.map((r) => {
      const json = routeJson(r, options.rubyVersion, display);
      // What the sheet marks after a row («only if …», «in the block of …»): never to be taken for Rails' row.
      const origin = { ...(r.origin ? { origin: r.origin } : {}), ...(r.conditions ? { conditions: r.conditions } : {}), ...(r.unknownScope !== undefined ? { unknownScope: r.unknownScope } : {}) };
      return engine ? { engine, ...origin, ...json } : { ...origin, ...json };
    }),
  );
  const engines = engineSections(result, inspect).map(({ name, routesKnown, mount }) => ({
    name,
    routesKnown,
    ...(mount ? { mountedAt: positionJson(mount.source, display) } : {}),
  }));
  return { version: JSON_VERSION, railsVersion: options.railsVersion, rubyVersion: options.rubyVersion, railsEnv: options.railsEnv, routes, engines };
}

function routeJson(r: Route, ruby: string | undefined, display: (f: string) => string) {
  const values = routeValues(r, ruby);
  return {
    name: r.name,
    verb: r.verb,
    path: r.path,
    reqs: r.reqs,
    controller: r.controller,
    action: r.action,
    ...positionJson(r.source, display),
    verbs: r.verbs,
    endpoint: r.endpoint,
    helpers: r.helpers,
    requiredParts: r.requiredParts,
    optionalParts: r.optionalParts,
    parameters: r.parameters,
    // A copy of a route (not the mapper's own) has only the Ruby text: its values are then that text.
    defaults: values?.defaults ?? rubyOnly(r.defaults),
    requirements: values?.requirements ?? rubyOnly(r.requirements),
    defaultsRuby: r.defaults,
    requirementsRuby: r.requirements,
  };
}

const rubyOnly = (h: Record<string, string>) => Object.fromEntries(Object.entries(h).map(([k, ruby]) => [k, { ruby }]));

/** A finding of `routemap check`: a diagnostic, or a hint (an action no route reaches). */
export type Finding = Diagnostic | (Omit<Diagnostic, "severity"> & { severity: "hint" });

/**
 * `check --format json`: every finding; why URL helper calls were not checked, if they were not;
 * and which checks are off or partial (`checks`), with each cause, its place and what it turns off.
 */
export function checkDocument(findings: Finding[], notChecked: string | undefined, display: (f: string) => string, causes: readonly CheckCause[] = []) {
  const diagnostics = findings.map((d) => ({
    ...positionJson(d.span, display),
    severity: d.severity,
    code: d.code,
    message: d.message,
    ...(d.related ? { related: d.related.map((r) => ({ ...positionJson(r.span, display), message: r.message })) } : {}),
  }));
  const uncheckedBecause = causes.map((c) => ({ ...(c.span ? positionJson(c.span, display) : {}), code: c.code, extent: c.extent, reason: c.reason, notChecked: c.notChecked }));
  return { version: JSON_VERSION, diagnostics, notChecked: notChecked ?? null, checks: checkStatus([...causes]).checks, uncheckedBecause };
}
