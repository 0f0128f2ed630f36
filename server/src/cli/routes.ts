/**
 * `routemap routes`: prints what `bin/rails routes` prints for the selected Rails version,
 * diagnostics on stderr as `FILE:LINE:COL: severity: message`.
 */
import { basename, dirname, join, relative, sep } from "node:path";
import {
  formatExpanded, formatSheet, formatUnused, unusedRoutes, type Diagnostic, type InspectOptions, type MapInput, type MapOptions, type MapResult, type RouteMapper,
} from "@routemap/shared-mapper";
import { keepingMapper, parseStoreReport, type DiskParseStore } from "./parseStore.js";
import { mapWithKeptDraws } from "../keptDraws.js";
import { appExists, nodeFileSystem } from "../fileSystem.js";
import { commandAppGems } from "./appGems.js";
import { findGemEngines } from "./gemEngines.js";
import { markEnginesLoaded } from "./engineLoading.js";
import { otherControllerPaths, otherTemplates, readInstalledGems } from "./helperCheck.js";
import { appGlob } from "./appGlob.js";
import { AppFileMap, appOptions, appRoot, findEngines, readAppConfig, readAppFiles, readControllerInputs, readEngines, readRubyFiles, templateNames } from "./appConfig.js";
import { argsOrExit, type RoutesArgs } from "./args.js";
import { envNameProblem } from "../envName.js";
import { engineSections, routesDocument, type EngineSection } from "./json.js";
import { locateRoutes } from "./locate.js";

export interface Io {
  out(s: string): void;
  err(s: string): void;
}

export const ROUTES_USAGE = `Usage: routemap routes [APP | FILE] [options]

Prints the app's routes as \`bin/rails routes\` prints them, without running Ruby.

  APP                the app's folder, or any folder in it (default: the current folder);
                     the app is the nearest folder upward with a config/routes.rb
  FILE               a routes file: an app's config/routes.rb gives the whole app's table,
                     any other file only its own routes; \`draw\` reads the routes/ folder
                     beside it
  -E, --expanded     one block per route
  --json             a JSON document: each route with its values and where it was declared
                     (schema/routes-v1.schema.json in the package describes it)
  -u, --unused       only the routes no controller action or template serves, as Rails
                     7.1's --unused lists them
  -c, --controller   only the routes of a controller (PostsController, admin/posts)
  -g, --grep         only the routes whose name, verb, path or controller#action match
  --rails VERSION    whose routing rules to follow: 3.2, 6.1, 7.0, 7.1, 7.2, 8.0 or 8.1
                     (default: actionpack in Gemfile.lock, else 8.1)
  --ruby VERSION     how requirement hashes print (default: .ruby-version or Gemfile.lock, else 3.4)
  -e, --env NAME     the Rails.env the routes are evaluated in (default development)
  --api-only         as with config.api_only (default: read from config/application.rb)
  -q, --quiet        no information diagnostics on stderr; warnings and errors stay
  -h, --help         this help

Diagnostics go to stderr, as FILE:LINE:COL: severity: message, FILE as seen from the
current folder.

Exit status: 0; 1 when a diagnostic is an error, or with --unused when a route is unused;
2 on a usage error, or when no app or routes file is found.
`;

/** `mapper`: one already made (tests run many commands in one process); else Prism is loaded for this run. */
export async function routesCommand(argv: string[], io: Io, mapper?: RouteMapper): Promise<number> {
  const args = argsOrExit(argv, ROUTES_USAGE, "routes", io);
  if (typeof args === "number") return args;
  const clock = new PhaseClock();
  const located = locateRoutes(args.target);
  const input = "error" in located ? located.error : readInput(located.entry, args);
  if (typeof input === "string") {
    io.err(`routemap: ${input}\n`);
    return 2;
  }
  let kept: (() => DiskParseStore | undefined) | undefined;
  if (!mapper) ({ mapper, store: kept } = await keepingMapper());
  clock.lap("prism");
  // The files `draw` loads, replayed from the last run's recordings where their text is the same (keptDraws.ts, as `check` does).
  const replayed = drawsFiles(input) ? mapWithKeptDraws(mapper, input, appRoot(input.entry)) : undefined;
  const result = replayed?.result ?? mapper.map(input);
  const memo = replayed?.memo;
  clock.lap("map", result.timings);
  if (args.unused) return unusedCommand(mapper, result, args, input, io);
  const inspect = inspectOptions(result, args, input.options!, appRoot(input.entry));
  io.out(args.json ? JSON.stringify(routesDocument(result, inspect, input.options!, displayPath), null, 2) + "\n" : render(result, args, inspect));
  clock.lap("printing");
  for (const d of shown(result.diagnostics, args)) io.err(formatDiagnostic(d, displayPath));
  for (const engine of engineSections(result, inspect)) if (!engine.routesKnown) io.err(unknownEngineNote(engine));
  if (process.env.ROUTEMAP_TIMINGS === "1") io.err(clock.report() + (kept ? parseStoreReport(kept()) : "") + (memo ? `routemap: drawn files: ${memo.replayed} replayed, ${memo.evaluated} evaluated\n` : ""));
  return result.diagnostics.some((d) => d.severity === "error") ? 1 : 0;
}

/**
 * Whether the app has files for `draw` (config/routes/*.rb, read with the routes file): only then
 * is the last run's record of them read (naming it hashes the bundle, a few milliseconds a run).
 */
function drawsFiles(input: MapInput): boolean {
  const dirs = input.options?.drawPaths ?? [];
  const paths = input.files instanceof Map ? [...input.files.keys()] : Object.keys(input.files);
  return paths.some((path) => dirs.some((dir) => path.startsWith(dir + sep)));
}

/** A file as the user can open it from where they stand: relative to the working directory. */
export const displayPath = (file: string): string => relative(process.cwd(), file) || file;

/** The diagnostics to print: `--quiet` leaves out information. */
export function shown<T extends { severity: string }>(diagnostics: T[], args: Pick<RoutesArgs, "quiet">): T[] {
  return args.quiet ? diagnostics.filter((d) => d.severity === "error" || d.severity === "warning") : diagnostics;
}

/** An engine section printed empty because Routemap found no routes file for the engine: said, since Rails would print its routes. */
function unknownEngineNote({ name, mount }: EngineSection): string {
  const where = mount ? ` (mounted at ${displayPath(mount.source.file)}:${mount.source.start.line + 1})` : "";
  return `routemap: the routes of ${name}${where} are unknown, so its section is empty: Routemap found no routes file for it in the app or its installed gems (is its gem installed?)\n`;
}

/** The mapper's input for a routes file: it and its drawn files, the app's settings; or why it cannot be read. */
export function readInput(entry: string, args: RoutesArgs): MapInput | string {
  const badEnv = args.env === undefined ? undefined : envNameProblem(args.env);
  if (badEnv) return `--env: ${badEnv}`;
  // Nothing outside the app is read through a symbolic link (fileSystem.ts).
  nodeFileSystem.confine?.([appRoot(entry)]);
  const text = nodeFileSystem.readFile(entry);
  if (text === undefined) return `cannot read ${displayPath(entry)}: ${nodeFileSystem.unreadReason?.(entry) ?? "no such file"}`;
  const config = readAppConfig(entry);
  const files = new AppFileMap(config.root, (path) => nodeFileSystem.readFile(path));
  files.set(entry, text);
  const unread = new Map<string, string>();
  const drawDir = join(dirname(entry), "routes");
  readRubyFiles(drawDir, files, nodeFileSystem, unread);
  const options = appOptions(config, { railsVersion: args.rails, rubyVersion: args.ruby, railsEnv: args.env, apiOnly: args.apiOnly }, { fs: nodeFileSystem, process: process.env });
  if (basename(dirname(entry)) !== "config") return { entry, files, unread, options: { ...options, drawPaths: [drawDir] } };
  readAppFiles(config.root, options, files, nodeFileSystem, unread);
  const found = [...findEngines(config.root), ...findGemEngines(commandAppGems(config.root, { rubyVersion: options.rubyVersion, railsEnv: options.railsEnv }))];
  const sources = markEnginesLoaded(config.root, found, { fs: nodeFileSystem, railsEnv: options.railsEnv });
  const engines = readEngines(sources, files, (path) => nodeFileSystem.readFile(path));
  const appGems = commandAppGems(config.root, { rubyVersion: options.rubyVersion, railsEnv: options.railsEnv });
  return {
    entry, files, unread, engines, glob: appGlob(config.root, nodeFileSystem), exists: appExists(nodeFileSystem, config.root, unread), options: { ...options, drawPaths: [drawDir] },
    gemMappers: () => appGems?.mapperSources() ?? [],
    gemSettings: () => appGems?.settingsSources(sources) ?? [],
    gemClass: (constant) => appGems?.classSource(constant),
    ...(appGems ? { gemDependents: (gem: string, needle: string) => appGems.dependents(gem, needle) } : {}),
  };
}

/**
 * `--unused`: Rails 7.1's list of routes that no action or template serves, or whose controller
 * is missing (when the app's gems can be read to say so). Routes whose controller Routemap
 * cannot see whole (a gem's, or one including code it does not read) are left out, and counted
 * on stderr, since only the running app could tell.
 */
function unusedCommand(mapper: RouteMapper, result: MapResult, args: RoutesArgs, input: MapInput, io: Io): number {
  const root = appRoot(input.entry);
  const { files, views: own } = readControllerInputs(root, nodeFileSystem);
  // Which controllers and templates exist beyond app/, when the app's gems can all be read.
  const gems = readInstalledGems(commandAppGems(root, { rubyVersion: input.options?.rubyVersion, railsEnv: input.options?.railsEnv }));
  const engineRoots = findEngines(root).map((e) => e.root);
  const views = [...own, ...otherTemplates(nodeFileSystem, engineRoots, gems)];
  const model = mapper.controllers({ files, views, root, read: (path) => nodeFileSystem.readFile(path), gems: input.options?.gems, gemMacros: "why" in gems ? undefined : gems.macros, unreadGems: "why" in gems ? gems.brief : undefined, inflections: result.inflections });
  const provided = "why" in gems ? undefined : new Set([...gems.controllers, ...otherControllerPaths(root, nodeFileSystem, engineRoots, result.autoloadPaths?.())]);
  const { unused, unchecked } = unusedRoutes(result, model, templateNames(views), { provided, railsVersion: input.options?.railsVersion });
  for (const d of result.diagnostics) if (d.severity === "error") io.err(formatDiagnostic(d, displayPath));
  // What could not be checked is said first: "No unused routes found" is only as true as the table.
  for (const region of result.openRegions) io.err(`routemap: ${displayPath(region.span.file)}:${region.span.start.line + 1}: routes Routemap could not evaluate may be missing from what is checked (${region.reason.split("\n")[0]})\n`);
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

/** What the sheet is printed with: the version's rules, the filters, the terminal's width. */
function inspectOptions(result: MapResult, args: RoutesArgs, options: MapOptions, root: string): InspectOptions {
  return {
    railsVersion: options.railsVersion,
    controller: args.controller,
    grep: args.grep,
    width: columns(),
    sourceLocations: options.railsEnv === "development",
    appRoot: root,
    engines: result.engines,
  };
}

/** The sheet or the expanded form, as asked. */
function render(result: MapResult, args: RoutesArgs, inspect: InspectOptions): string {
  return args.expanded ? formatExpanded(result.routes, inspect) : formatSheet(result.routes, inspect);
}

/**
 * Where a run's time goes, for `ROUTEMAP_TIMINGS=1` (`npm run bench` reads it): from the
 * process's start to the command, Prism's loading, the map (its parse and evaluation, as the
 * mapper measures them) and the printing.
 */
class PhaseClock {
  // `process.uptime()`, not `performance.now()`: the `performance` global loads Node's
  // perf_hooks on first use (about 1 ms), and the mapper does not read it either (clock.ts).
  private readonly laps: [string, number][] = [["start", process.uptime() * 1000]];
  private last = this.laps[0][1];
  /**
   * Processor time per phase (the map's parse and evaluation together), asked only under
   * `ROUTEMAP_TIMINGS=1`: at load, one run's phases by the wall clock move by tens of
   * milliseconds, their processor time by a few.
   */
  private readonly cpu = process.env.ROUTEMAP_TIMINGS === "1" ? [["start", cpuMs()] as [string, number]] : undefined;
  private lastCpu = this.cpu?.[0][1] ?? 0;

  lap(name: string, map?: MapResult["timings"]): void {
    const now = process.uptime() * 1000;
    if (map) this.laps.push(["parse", map.parse], ["evaluation", now - this.last - map.parse]);
    else this.laps.push([name, now - this.last]);
    this.last = now;
    if (this.cpu) {
      const cpu = cpuMs();
      this.cpu.push([name, cpu - this.lastCpu]);
      this.lastCpu = cpu;
    }
  }

  /**
   * The phases, then the processor time so far (user and system, every thread: the collector's
   * and the WebAssembly compiler's too): on a machine other work shares, the wall clock of one
   * run says little, its processor time much more (`npm run bench` compares them with Rails').
   */
  report(): string {
    const { user, system } = process.cpuUsage();
    const phases = (laps: [string, number][]) => laps.map(([name, ms]) => `${name} ${ms.toFixed(1)}`).join(", ");
    const byPhase = this.cpu ? `routemap: processor time by phase (ms): ${phases(this.cpu)}\n` : "";
    return `routemap: timings (ms): ${phases(this.laps)}\nroutemap: processor time (ms): ${((user + system) / 1000).toFixed(1)}\n${byPhase}`;
  }
}

/** User and system time of the process so far (every thread), in milliseconds. */
function cpuMs(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

function columns(): number {
  const n = parseInt(process.env.COLUMNS ?? "", 10);
  return n > 0 ? n : 80;
}

/**
 * `FILE:LINE:COL: severity: message`. Rails writes some messages over several lines; those
 * lines are indented under the first, so one diagnostic never reads as several. Its related
 * places follow, indented, as compilers print theirs: `  FILE:LINE:COL: note: message`.
 */
export function formatDiagnostic(d: Diagnostic, display: (f: string) => string): string {
  const message = d.message.replace(/\n+$/, "").replace(/\n/g, "\n    ");
  let text = `${place(d.span, display)}: ${d.severity}: ${message}\n`;
  for (const r of d.related ?? []) text += `  ${place(r.span, display)}: note: ${r.message}\n`;
  return text;
}

const place = (span: Diagnostic["span"], display: (f: string) => string) => `${display(span.file)}:${span.start.line + 1}:${span.start.character + 1}`;
