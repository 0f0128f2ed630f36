/**
 * `routemap routes`: prints what `bin/rails routes` prints for the selected Rails version,
 * diagnostics on stderr as `FILE:LINE:COL: severity: message`.
 */
import { basename, dirname, join, relative, resolve } from "node:path";
import {
  formatExpanded, formatSheet, formatUnused, routeSections, unusedRoutes, type Diagnostic, type InspectOptions, type MapInput, type MapOptions, type MapResult,
  type Route, type RouteMapper, type Span,
} from "@routemap/shared-mapper";
import { createNodeMapper } from "@routemap/shared-mapper/node";
import { nodeFileSystem } from "../fileSystem.js";
import { commandAppGems } from "./appGems.js";
import { findGemEngines } from "./gemEngines.js";
import { otherControllerPaths, otherTemplates, readInstalledGems } from "./helperCheck.js";
import { appGlob } from "./appGlob.js";
import { AppFileMap, appOptions, appRoot, findEngines, readAppConfig, readAppFiles, readControllerInputs, readEngines, readRubyFiles, templateNames } from "./appConfig.js";
import { argsOrExit, type RoutesArgs } from "./args.js";
import { envNameProblem } from "../envName.js";

export interface Io {
  out(s: string): void;
  err(s: string): void;
}

export const ROUTES_USAGE = `Usage: routemap routes [FILE] [--expanded] [--json] [-c CONTROLLER] [-g PATTERN]
                      [--rails VERSION] [--ruby VERSION] [--env NAME] [--api-only]

Prints the app's routes as \`bin/rails routes\` prints them, without running Ruby.

  FILE               the routes file (default config/routes.rb); files drawn with \`draw\`
                     are read from the routes/ directory beside it
  -E, --expanded     one block per route
  --json             one JSON object per route, with its source position
  -c, --controller   only the routes of a controller (PostsController, admin/posts)
  -g, --grep         only the routes whose name, verb, path or controller#action match
  --rails VERSION    whose routing rules to follow: 3.2, 6.1, 7.0, 7.1, 7.2, 8.0 or 8.1
                     (default: actionpack in Gemfile.lock, else 8.1)
  --ruby VERSION     how requirement hashes print (default: .ruby-version or Gemfile.lock, else 3.4)
  -e, --env NAME     the Rails.env the routes are evaluated in (default development)
  --api-only         as with config.api_only (default: read from config/application.rb)

Diagnostics go to stderr; the exit status is 1 when one is an error, 2 on a usage error.
`;

export async function routesCommand(argv: string[], io: Io): Promise<number> {
  const args = argsOrExit(argv, ROUTES_USAGE, "routes", io);
  if (typeof args === "number") return args;
  const clock = new PhaseClock();
  const input = readInput(args);
  if (typeof input === "string") {
    io.err(`routemap: ${input}\n`);
    return 2;
  }
  const mapper = await createNodeMapper();
  clock.lap("prism");
  const result = mapper.map(input);
  clock.lap("map", result.timings);
  const display = (file: string) => relative(process.cwd(), file) || file;
  if (args.unused) return unusedCommand(mapper, result, args, input, io, display);
  io.out(render(result, args, input.options!, display));
  clock.lap("printing");
  for (const d of result.diagnostics) io.err(formatDiagnostic(d, display));
  if (process.env.ROUTEMAP_TIMINGS === "1") io.err(clock.report());
  return result.diagnostics.some((d) => d.severity === "error") ? 1 : 0;
}

/** The mapper's input for the command's file: it and its drawn files, the app's settings; or why it cannot be read. */
export function readInput(args: RoutesArgs): MapInput | string {
  const badEnv = args.env === undefined ? undefined : envNameProblem(args.env);
  if (badEnv) return `--env: ${badEnv}`;
  const entry = resolve(args.file);
  // Nothing outside the app is read through a symbolic link (fileSystem.ts).
  nodeFileSystem.confine?.([appRoot(entry)]);
  const text = nodeFileSystem.readFile(entry);
  if (text === undefined) return `cannot read ${args.file}: ${nodeFileSystem.unreadReason?.(entry) ?? "no such file"}`;
  const config = readAppConfig(entry);
  const files = new AppFileMap(config.root, (path) => nodeFileSystem.readFile(path));
  files.set(entry, text);
  const unread = new Map<string, string>();
  const drawDir = join(dirname(entry), "routes");
  readRubyFiles(drawDir, files, nodeFileSystem, unread);
  const options = appOptions(config, { railsVersion: args.rails, rubyVersion: args.ruby, railsEnv: args.env, apiOnly: args.apiOnly }, { fs: nodeFileSystem, process: process.env });
  if (basename(dirname(entry)) !== "config") return { entry, files, unread, options: { ...options, drawPaths: [drawDir] } };
  readAppFiles(config.root, options, files);
  const sources = [...findEngines(config.root), ...findGemEngines(commandAppGems(config.root, { rubyVersion: options.rubyVersion }))];
  const engines = readEngines(sources, files, (path) => nodeFileSystem.readFile(path));
  return { entry, files, unread, engines, glob: appGlob(config.root, nodeFileSystem), exists: (path) => path.startsWith(config.root + "/") && nodeFileSystem.exists(path), options: { ...options, drawPaths: [drawDir] } };
}

/**
 * `--unused`: Rails 7.1's list of routes that no action or template serves, or whose controller
 * is missing (when the app's gems can be read to say so). Routes whose controller Routemap
 * cannot see whole (a gem's, or one including code it does not read) are left out, and counted
 * on stderr, since only the running app could tell.
 */
function unusedCommand(mapper: RouteMapper, result: MapResult, args: RoutesArgs, input: MapInput, io: Io, display: (f: string) => string): number {
  const root = appRoot(input.entry);
  const { files, views: own } = readControllerInputs(root, nodeFileSystem);
  // Which controllers and templates exist beyond app/, when the app's gems can all be read.
  const gems = readInstalledGems(commandAppGems(root, { rubyVersion: input.options?.rubyVersion }));
  const engineRoots = findEngines(root).map((e) => e.root);
  const views = [...own, ...otherTemplates(nodeFileSystem, engineRoots, gems)];
  const model = mapper.controllers({ files, views, root, read: (path) => nodeFileSystem.readFile(path), gems: input.options?.gems, inflections: result.inflections });
  const provided = "why" in gems ? undefined : new Set([...gems.controllers, ...otherControllerPaths(root, nodeFileSystem, engineRoots)]);
  const { unused, unchecked } = unusedRoutes(result, model, templateNames(views), { provided, railsVersion: input.options?.railsVersion });
  for (const d of result.diagnostics) if (d.severity === "error") io.err(formatDiagnostic(d, display));
  // What could not be checked is said first: "No unused routes found" is only as true as the table.
  for (const region of result.openRegions) io.err(`routemap: ${display(region.span.file)}:${region.span.start.line + 1}: routes Routemap could not evaluate may be missing from what is checked (${region.reason.split("\n")[0]})\n`);
  if (unchecked.length) {
    const controllers = [...new Set(unchecked.map((r) => r.controller))].sort();
    io.err(
      `routemap: ${unchecked.length} route${unchecked.length > 1 ? "s" : ""} not checked: Routemap cannot see all of ${controllers.length > 5 ? `${controllers.slice(0, 5).join(", ")} and ${controllers.length - 5} more` : controllers.join(", ")} ` +
        "(not in app/controllers, or including code it does not read)\n",
    );
  }
  io.out(formatUnused(unused, { railsVersion: input.options?.railsVersion, controller: args.controller, grep: args.grep }));
  return unused.length ? 1 : 0;
}

/** The sheet, the expanded form or the JSON, as asked. */
function render(result: MapResult, args: RoutesArgs, options: MapOptions, display: (f: string) => string): string {
  const inspect: InspectOptions = {
    railsVersion: options.railsVersion,
    controller: args.controller,
    grep: args.grep,
    width: columns(),
    sourceLocations: options.railsEnv === "development",
    engines: result.engines,
  };
  if (args.json) return JSON.stringify(routesJson(result.routes, inspect, display), null, 2) + "\n";
  return args.expanded ? formatExpanded(result.routes, inspect) : formatSheet(result.routes, inspect);
}

/**
 * Where a run's time goes, for `ROUTEMAP_TIMINGS=1` (`npm run bench` reads it): from the
 * process's start to the command, Prism's loading, the map (its parse and evaluation, as the
 * mapper measures them) and the printing.
 */
class PhaseClock {
  private readonly laps: [string, number][] = [["start", performance.now()]];
  private last = this.laps[0][1];

  lap(name: string, map?: MapResult["timings"]): void {
    const now = performance.now();
    if (map) this.laps.push(["parse", map.parse], ["evaluation", now - this.last - map.parse]);
    else this.laps.push([name, now - this.last]);
    this.last = now;
  }

  report(): string {
    return `routemap: timings (ms): ${this.laps.map(([name, ms]) => `${name} ${ms.toFixed(1)}`).join(", ")}\n`;
  }
}

function columns(): number {
  const n = parseInt(process.env.COLUMNS ?? "", 10);
  return n > 0 ? n : 80;
}

/**
 * `FILE:LINE:COL: severity: message`. Rails writes some messages over several lines; those
 * lines are indented under the first, so one diagnostic never reads as several.
 */
export function formatDiagnostic(d: Diagnostic, display: (f: string) => string): string {
  const { line, character } = d.span.start;
  const message = d.message.replace(/\n+$/, "").replace(/\n/g, "\n    ");
  return `${display(d.span.file)}:${line + 1}:${character + 1}: ${d.severity}: ${message}\n`;
}

/** Where something is, for JSON output: the file as displayed, 1-based lines and columns. */
export function positionJson(span: Span, display: (f: string) => string) {
  const { start, end } = span;
  return { file: display(span.file), line: start.line + 1, column: start.character + 1, endLine: end.line + 1, endColumn: end.character + 1 };
}

/** The routes the sheet shows, in its order: the app's, then each engine's with its name. */
function routesJson(routes: Route[], inspect: InspectOptions, display: (f: string) => string) {
  return routeSections(routes, inspect).flatMap(({ engine, routes: shown }) =>
    shown.map((r) => {
      const json = routeJson(r, display);
      const origin = r.origin ? { origin: r.origin } : {};
      return engine ? { engine, ...origin, ...json } : { ...origin, ...json };
    }),
  );
}

function routeJson(r: Route, display: (f: string) => string) {
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
    defaults: r.defaults,
    requirements: r.requirements,
  };
}
