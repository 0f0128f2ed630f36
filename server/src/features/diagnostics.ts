/**
 * Diagnostics of an app, per file (drawn files included), with related information where it
 * helps: a duplicate route name points at the route that took the name first; and the checks
 * of its routes against its controllers.
 */
import { withOutsideCalls } from "./outsideCalls.js";
import { missingControllerDiagnostics, routeActionDiagnostics, unreachedActions, unreachedMessage, type Diagnostic as MapperDiagnostic, type MapResult, type UnreachedAction } from "@routemap/shared-mapper";
import { DiagnosticSeverity, DiagnosticTag, type Diagnostic } from "vscode-languageserver/node";
import type { RailsApp, Settings } from "../workspace.js";
import { toLocation, toRange, toSeverity } from "../convert.js";
import { causeDiagnostic, withCauses, type CheckCause } from "./checkStatus.js";

/** A core diagnostic as LSP's. */
/** The most diagnostics published for one file: past it, a file of garbage would send hundreds of megabytes. */
export const MAX_FILE_DIAGNOSTICS = 1000;

/**
 * A file's diagnostics, at most MAX_FILE_DIAGNOSTICS of them, and one that says how many there
 * are. The most severe are kept, errors and warnings before information and hints, each kind in
 * its order: a routes file with hundreds of "does not know whether" notes keeps every warning
 * `routemap check` prints (ekylibre's config/routes.rb: three missing actions drawn late in the
 * file were dropped for notes). What is kept stays in the list's order.
 */
export function limited(list: Diagnostic[]): Diagnostic[] {
  if (list.length <= MAX_FILE_DIAGNOSTICS) return list;
  // LSP's severities: 1 error … 4 hint; none given is an error to the client.
  const counts = [0, 0, 0, 0, 0];
  for (const d of list) counts[d.severity ?? 1]++;
  // The least severe kind that is kept, and how many of that kind fit.
  let kind = 1, room = MAX_FILE_DIAGNOSTICS;
  while (kind < 4 && counts[kind] < room) room -= counts[kind++];
  const shown: Diagnostic[] = [];
  for (const d of list) {
    const severity = d.severity ?? 1;
    if (severity < kind || (severity === kind && room-- > 0)) shown.push(d);
  }
  shown.push({
    severity: DiagnosticSeverity.Information,
    source: "routemap",
    code: "too-many-diagnostics",
    range: list[0].range,
    message: `Routemap shows ${MAX_FILE_DIAGNOSTICS.toLocaleString("en")} of this file's ${list.length.toLocaleString("en")} problems, the most severe first.`,
  });
  return shown;
}

export function toLspDiagnostic(d: MapperDiagnostic): Diagnostic {
  const related = d.related?.map((r) => ({ location: toLocation(r.span), message: r.message }));
  return {
    range: toRange(d.span),
    severity: toSeverity(d.severity),
    message: d.message,
    source: "routemap",
    code: d.code,
    ...(d.data ? { data: d.data } : {}),
    ...(related ? { relatedInformation: related } : {}),
    ...(d.deprecated ? { tags: [DiagnosticTag.Deprecated] } : {}),
  };
}

/** `causes`: why checks are off (checkStatus.ts), said at their places among the table's diagnostics. */
export function diagnosticsByFile(result: MapResult, files: string[], more: readonly MapperDiagnostic[] = [], causes: readonly CheckCause[] = [], shown?: (d: MapperDiagnostic) => boolean): Map<string, Diagnostic[]> {
  const out = new Map<string, Diagnostic[]>(files.map((f) => [f, []]));
  for (const d of [...withCauses(result.diagnostics, causes), ...more]) {
    if (shown && !shown(d)) continue;
    const diagnostic = toLspDiagnostic(d);
    const taken = /^Invalid route name, already in use: '([^']+)'/.exec(d.message)?.[1];
    const first = taken && result.routes.find((r) => r.name === taken);
    if (first) diagnostic.relatedInformation = [{ location: toLocation(first.source), message: `'${taken}' is first defined here` }];
    // Only the files asked for: an engine's or a gem's are reported by their own app, if at all.
    out.get(d.span.file)?.push(diagnostic);
  }
  return out;
}

const isAlert = (d: MapperDiagnostic) => d.severity === "error" || d.severity === "warning";

/**
 * The app's own files the table reports on: its routes files and configuration, and any other
 * file of the app where the table has an error or a warning (a constant of app/ whose evaluation
 * ran out of steps, which turns checks off): `routemap check` prints those, so the editor shows
 * them too. Only those go to such a file (`alertsOnly`): a model read for Devise is Ruby LSP's.
 */
function tableFiles(app: RailsApp, result: MapResult): { files: string[]; alertsOnly: Set<string> } {
  // The files drawn into the app's own set (`drawingFiles`): `routemap check` reports the checks
  // of their routes there, so the editor does too; an engine's routes file among them is this
  // app's to report on, not the engine folder's (`reporterFor`).
  const drawing = app.drawingFiles();
  const files = [...(app.reportsFor(app.routesFile) ? [app.routesFile] : []), ...result.files.filter((f) => f !== app.routesFile && app.reportsFor(f) && (app.reportsOn(f) || drawing.has(f)))];
  const taken = new Set(files);
  const alertsOnly = new Set<string>();
  for (const d of result.diagnostics) {
    const file = d.span.file;
    if (isAlert(d) && !taken.has(file) && app.reportsFor(file)) (taken.add(file), alertsOnly.add(file), files.push(file));
  }
  return { files, alertsOnly };
}

/** Which diagnostics the editor shows: all but the infos of a file only the table's errors and warnings bring in. */
const shownIn = (alertsOnly: ReadonlySet<string>) => (d: MapperDiagnostic) => isAlert(d) || !alertsOnly.has(d.span.file);

/** The files of the app where a cause of checks being off is said, beyond the table's (Gemfile.lock). */
const causeFiles = (app: RailsApp, files: string[], causes: readonly CheckCause[]) => [
  ...files,
  ...new Set(causes.flatMap((c) => (c.span && c.code !== "open-region" && !ofNames(c) && app.reportsFor(c.span.file) && !files.includes(c.span.file) ? [c.span.file] : []))),
];

/**
 * The causes said with the table's diagnostics, and the URL options the app's files set and its
 * test helpers' hooks (read with the names it defines, which change without the table or the controllers: said after the
 * cached answer, on their own lines).
 */
function splitCauses(causes: readonly CheckCause[]): { table: CheckCause[]; urlOptions: CheckCause[] } {
  return { table: causes.filter((c) => !ofNames(c)), urlOptions: causes.filter(ofNames) };
}

/** Causes read with the names the app defines (its files' URL options, its test helpers), said on their own lines. */
const ofNames = (c: CheckCause) => c.code === "url-options" || c.code === "test-helpers";

/** An info at each place where URL options are set that Routemap cannot read, added to `out`. */
function addUrlOptionInfos(app: RailsApp, out: Map<string, Diagnostic[]>, causes: readonly CheckCause[], only?: string): void {
  for (const cause of causes) {
    const file = cause.span?.file;
    if (!file || !app.ownsFile(file) || (only !== undefined && file !== only)) continue;
    if (!out.has(file)) out.set(file, []);
    out.get(file)!.push(toLspDiagnostic(causeDiagnostic({ ...cause, span: cause.span! })));
  }
}

/**
 * Everything Routemap reports for an app, by file: the table's diagnostics in its routes and
 * configuration files, the routes' actions checked against the controllers, and (a setting) a
 * faded hint on each controller action no route reaches.
 */
export function appDiagnostics(app: RailsApp, settings: Pick<Settings, "diagnostics" | "unreachedActions">, o: { tableOnly?: boolean } = {}): Map<string, Diagnostic[]> {
  const result = app.table();
  const { files, alertsOnly } = tableFiles(app, result);
  if (!settings.diagnostics) return new Map(files.map((f) => [f, []]));
  // At start, the table's own first: the controllers are read after, not before, they are shown.
  if (o.tableOnly) {
    const causes = splitCauses(app.checkCauses({ gems: false })).table;
    return diagnosticsByFile(result, causeFiles(app, files, causes), [], causes, shownIn(alertsOnly));
  }
  const model = app.controllerModel();
  const provided = app.providedControllers();
  // A keystroke in a view changes neither the table nor the controllers: the last answer stands.
  const last = lastAnswer.get(app);
  const { table: causes, urlOptions } = splitCauses(app.checkCauses());
  // What the app calls on controllers from outside them: a view's keystroke changes the answer only when it changes these names.
  const calls = app.controllerCalls();
  const endpoints = app.actionEndpoints();
  const callsKey = [...[...calls].map(([name, at]) => `${name}@${at.path}:${at.line}`), ...endpoints.map((e) => `${e.controller}.action(${e.action})`)].join(" ");
  if (last && last.result === result && last.model === model && last.provided === provided && last.unreached === settings.unreachedActions && last.callsKey === callsKey) {
    const answer = copy(last.out);
    addUrlOptionInfos(app, answer, urlOptions);
    return answer;
  }
  const checks = [...routeActionDiagnostics(result, model), ...(provided ? missingControllerDiagnostics(result, model, provided) : [])];
  // The gems are read by now (`providedControllers`): the same causes while the table and they are the same.
  const out = diagnosticsByFile(result, causeFiles(app, files, causes), checks, causes, shownIn(alertsOnly));
  lastAnswer.set(app, { result, model, provided, unreached: settings.unreachedActions, callsKey, out });
  if (settings.unreachedActions) {
    for (const unreached of withOutsideCalls(unreachedActions(result, model, { endpoints, otherRoutes: app.otherEnvironmentRoutes() }), calls, app.root)) {
      const file = unreached.span.file;
      if (!out.has(file)) out.set(file, []);
      out.get(file)!.push(unreachedHint(unreached));
    }
  }
  const answer = copy(out);
  addUrlOptionInfos(app, answer, urlOptions);
  return answer;
}

/**
 * What `appDiagnostics` gives one file, in the same order, working out only that file's: an
 * edited file gets its diagnostics at once, the rest of the app's files after a pause (a
 * keystroke in a routes file then maps the routes and checks its own routes' actions, not
 * every controller's). `undefined` for a file none of these checks report on.
 */
export function fileDiagnostics(app: RailsApp, settings: Pick<Settings, "diagnostics" | "unreachedActions">, file: string): Diagnostic[] | undefined {
  const result = app.table();
  const { files, alertsOnly } = tableFiles(app, result);
  const own = ownDiagnostics(app, settings, file, files.includes(file) && !alertsOnly.has(file));
  if (!alertsOnly.has(file) || !settings.diagnostics) return own;
  // A file the table's errors or warnings bring in: those first, as the whole app's answer has them.
  const alerts = diagnosticsByFile(result, [file], [], splitCauses(app.checkCauses({ gems: false })).table, shownIn(alertsOnly)).get(file)!;
  return [...alerts, ...(own ?? [])];
}

/** `fileDiagnostics` but the table's errors and warnings in a file only they bring in. */
function ownDiagnostics(app: RailsApp, settings: Pick<Settings, "diagnostics" | "unreachedActions">, file: string, inTable: boolean): Diagnostic[] | undefined {
  const result = app.table();
  // A controller, or a module it includes; not a template (no hint is ever on one).
  const controller = !inTable && app.isControllerFile(file) && file.endsWith(".rb");
  if (!inTable && !controller) {
    // A mailer or lib/ file that sets URL options Routemap cannot read: its info, as the whole app's answer has it.
    const urlOptions = splitCauses(app.checkCauses({ gems: false })).urlOptions.filter((c) => c.span?.file === file);
    if (!urlOptions.length) return undefined;
    const own = new Map<string, Diagnostic[]>();
    if (settings.diagnostics) addUrlOptionInfos(app, own, urlOptions, file);
    return own.get(file) ?? [];
  }
  if (!settings.diagnostics) return [];
  // The app's controllers still being read (a large app, just opened): the table's own for now.
  if (!app.modelReady()) return controller ? [] : diagnosticsByFile(result, [file], [], splitCauses(app.checkCauses({ gems: false })).table).get(file)!;
  const model = app.controllerModel();
  if (controller) {
    const own = new Map([[file, settings.unreachedActions ? withOutsideCalls(unreachedActions(result, model, { file, endpoints: app.actionEndpoints(), otherRoutes: app.otherEnvironmentRoutes() }), app.controllerCalls(), app.root).map(unreachedHint) : []]]);
    addUrlOptionInfos(app, own, splitCauses(app.checkCauses({ gems: false })).urlOptions, file);
    return own.get(file)!;
  }
  const provided = app.providedControllers();
  const checks = [...routeActionDiagnostics(result, model, file), ...(provided ? missingControllerDiagnostics(result, model, provided, file) : [])];
  return diagnosticsByFile(result, [file], checks, splitCauses(app.checkCauses({ gems: false })).table).get(file)!;
}

function unreachedHint(unreached: UnreachedAction): Diagnostic {
  return {
    range: toRange(unreached.span),
    severity: DiagnosticSeverity.Hint,
    // Faded as unused, unless the app calls it as a callback or helper method, on a controller
    // from outside it, or it is a base controller's (its subclasses call it): then it is used.
    ...(unreached.callback || unreached.inherited || unreached.calledAs ? {} : { tags: [DiagnosticTag.Unnecessary] }),
    message: unreachedMessage(unreached),
    source: "routemap",
    code: "unreached-action",
  };
}

const lastAnswer = new WeakMap<RailsApp, { result: MapResult; model: object; provided: ReadonlySet<string> | undefined; unreached: boolean; callsKey: string; out: Map<string, Diagnostic[]> }>();
/** The caller adds each open file's helper checks to the lists: they get their own. */
const copy = (out: Map<string, Diagnostic[]>) => new Map([...out].map(([file, list]) => [file, [...list]]));
