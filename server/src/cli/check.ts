/**
 * `routemap check`: every diagnostic Routemap has for an app, for CI. The routes files' (Rails'
 * errors, unknown values), the routes checked against the controllers (missing actions), and
 * the actions no route reaches (hints), and the URL helper calls no route or method defines.
 * Printed as `FILE:LINE:COL: severity: message`, as JSON,
 * or as GitHub Actions annotations; the exit status is 1 when one is an error.
 */
import { urlHelperHolderLookup } from "../features/urlHelperHolders.js";
import { join, sep } from "node:path";
import { missingControllerDiagnostics, routeActionDiagnostics, unreachedActions, unreachedMessage, type Diagnostic, type MapInput, type MapResult, type RouteMapper, type Span } from "@routemap/shared-mapper";
import { keepingMapper, parseStoreReport, type DiskParseStore } from "./parseStore.js";
import { nodeFileSystem } from "../fileSystem.js";
import { mapWithKeptDraws } from "../keptDraws.js";
import { appRoot, findEngines, readControllerInputs } from "./appConfig.js";
import { commandAppGems } from "./appGems.js";
import { argsOrExit } from "./args.js";
import { displayPath, formatDiagnostic, readInput, shown, type Io } from "./routes.js";
import { checkDocument, type Finding } from "./json.js";
import { locateRoutes } from "./locate.js";
import { withOutsideCalls } from "../features/outsideCalls.js";
import { checkDefinedNames, type DefinedNames, helperScope, otherControllerPaths, relativePosix, otherTemplates, readInstalledGems } from "./helperCheck.js";
import { generationOf, inheritedGemUrlOptions, mayUseUrls, usesAsked, type HelperCheckContext } from "../features/helperCalls.js";
import { envVariableHelpers, mapsByEnvironment, otherEnvironmentRoutes, testEnvHelpers } from "../features/testEnvironment.js";
import { fileProblems, problemFiles, unreadFileProblems } from "../features/appProblems.js";
import { factsKindOf, FileUsesStore, type FactsJob } from "../features/fileUses.js";
import { FactsWorkers } from "./factsWorkers.js";
import type { FileSystem } from "../fileSystem.js";
import { fileFactsCache } from "./fileFactsCache.js";
import { runFileSystem } from "./runFileSystem.js";
import { TextReader } from "./textReader.js";
import { appHelperTables } from "../features/helpers.js";
import { engineProblems } from "./engineCheck.js";
import { causeDiagnostic, gemCauses, regionCauses, testHelperCauses, urlOptionsCauses, withCauses, type CheckCause } from "../features/checkStatus.js";

export const CHECK_USAGE = `Usage: routemap check [APP | FILE] [options]

Checks a Rails app without running it: its routes files as Rails would draw them, each
route against the app's controllers (an action neither defined nor rendered from a
template), the URL helper calls of its views, controllers, helpers, mailers and tests, and
lists the controller actions no route reaches.

  APP                the app's folder, or any folder in it (default: the current folder);
                     the app is the nearest folder upward with a config/routes.rb
  FILE               a routes file: an app's config/routes.rb checks the whole app
  --format FORMAT    text (FILE:LINE:COL: severity: message, the default), json (a JSON
                     document: schema/check-v1.schema.json in the package), or github
                     (GitHub Actions annotations)
  -q, --quiet        only warnings and errors: no information diagnostics or hints
  --rails, --ruby, -e/--env, --api-only   as for \`routemap routes\`
  -h, --help         this help

FILE in the findings is as seen from the current folder.

Exit status: 0; 1 when a finding is an error; 2 on a usage error, or when no app or routes
file is found.
`;

/** `mapper`: one already made (tests run many commands in one process); else Prism is loaded for this run. */
export async function checkCommand(argv: string[], io: Io, mapper?: RouteMapper): Promise<number> {
  const format = takeFormat(argv);
  if (format === undefined) {
    io.err("routemap: --format takes text, json or github\nRun `routemap check --help` for the options.\n");
    return 2;
  }
  const args = argsOrExit(argv, CHECK_USAGE, "check", io);
  if (typeof args === "number") return args;
  const located = locateRoutes(args.target);
  const input = "error" in located ? located.error : readInput(located.entry, args);
  if (typeof input === "string") {
    io.err(`routemap: ${input}\n`);
    return 2;
  }
  let kept: (() => DiskParseStore | undefined) | undefined;
  if (!mapper) ({ mapper, store: kept } = await keepingMapper());
  // Every phase below reads the app's files; each is read once (runFileSystem.ts).
  let reader: TextReader | undefined;
  const fs = runFileSystem(nodeFileSystem, () => reader);
  const root = appRoot(input.entry);
  // Whether the files' URL helper calls are checked at all (what the gems define is known): when
  // not, no file's uses are asked, and none is read ahead (only the controllers' bodies are).
  const appGems = commandAppGems(root, { rubyVersion: input.options?.rubyVersion, railsEnv: input.options?.railsEnv });
  const gems = readInstalledGems(appGems);
  const checksFiles = !("why" in gems);
  // Each file's facts (its controllers' bodies, its URL uses) from the cache folder where its text is the one they were read from (fileFactsCache.ts).
  const uses = new FileUsesStore(fileFactsCache(root), { oneRun: true, digestOf: fs.digestOf });
  // Those it lacks, read by worker threads on a large app (factsWorkers.ts), the controllers' bodies first, while the routes are mapped.
  const checked = problemFiles(root, fs);
  // Not on a second run, whose pack has most of them: hashing each file to know which it lacks before the map cost more than it saved.
  const workers = uses.packed() < checked.length / 2 ? await FactsWorkers.start(mapper) : undefined;
  // Started while the controllers are read, which most of their first jobs are.
  if (checksFiles) workers?.prepare(checked.length);
  // Without them (or with nothing but the controllers' bodies for them), the second core reads
  // the files ahead of the checks (textReader.ts), the controllers first: the main thread reads them next.
  if (!workers || !checksFiles) reader = TextReader.start(root, controllersFirst(root, checked));
  // With no facts worker to feed first, the routes are mapped while the second core reads the
  // controllers ahead, which the main thread reads next (on issue 30's app, 5,000 files it read
  // itself when it asked for them at once).
  const mapped = workers ? undefined : mapApp(mapper, input, root);
  const { files, views: own } = readControllerInputs(root, fs);
  try {
    return await checkApp({ argv: args, format, io, mapper, input, fs, root, files, own, uses, checked, workers, appGems, gems, mapped });
  } finally {
    workers?.close();
    reader?.close();
    if (process.env.ROUTEMAP_TIMINGS === "1" && reader) io.err(`routemap: files read ahead by a second thread: ${reader.used}, waited for ${Math.round(reader.waited)} ms\n`);
    if (process.env.ROUTEMAP_TIMINGS === "1" && kept) io.err(parseStoreReport(kept()));
  }
}

/** `check` of the app at `root`, its files read through `fs`, their facts through `uses` (read ahead by `workers`, if any). */
async function checkApp(o: {
  argv: Exclude<ReturnType<typeof argsOrExit>, number>;
  format: "text" | "json" | "github";
  io: Io;
  mapper: RouteMapper;
  input: Exclude<ReturnType<typeof readInput>, string>;
  fs: FileSystem;
  root: string;
  files: Map<string, string>;
  own: string[];
  uses: FileUsesStore;
  checked: string[];
  workers: FactsWorkers | undefined;
  appGems: ReturnType<typeof commandAppGems>;
  gems: ReturnType<typeof readInstalledGems>;
  /** The app's table, when mapped before (`checkCommand`). */
  mapped?: MapResult;
}): Promise<number> {
  const { argv: args, format, io, mapper, input, fs, root, files, own, uses, checked, workers, appGems, gems } = o;
  const checksFiles = !("why" in gems);
  // The controllers' bodies first (the model waits for them), each with the controller's uses
  // (one parse for both), then the other files whose facts do not depend on the model, each as
  // its check will ask for it (a template's, on its action: below).
  const bodiesRead = workers?.read([...files].flatMap(([path, text]) => [uses.wanted("k", path, text), checksFiles ? modelFreeUses(uses, root, path, text) : undefined].filter((j) => j !== undefined)), uses);
  // The models' naming facts first: every file's polymorphic targets wait for them.
  if (workers && checksFiles) workers.read([...modelJobs(uses, root, checked, fs), ...checked.flatMap((file) => modelFreeUses(uses, root, file, fs.readFile(file)) ?? [])], uses);
  const result = o.mapped ?? mapApp(mapper, input, root);
  const cached = appGems?.cacheStats();
  if (process.env.ROUTEMAP_TIMINGS === "1") io.err(`routemap: gems: ${appGems?.installed.size ?? 0} installed, ${appGems?.missing.length ?? 0} missing; cache ${cached ? `${cached.used} used, ${cached.made} made${cached.failed ? `, ${cached.failed} not written` : ""}` : "off"}\n`);
  const engineRoots = findEngines(root).map((e) => e.root);
  const views = [...own, ...otherTemplates(fs, engineRoots, gems)];
  if (bodiesRead) await bodiesRead.wait();
  const model = mapper.controllers({ files, views, root, read: (p) => fs.readFile(p), gems: input.options?.gems, gemMacros: "why" in gems ? undefined : gems.macros, unreadGems: "why" in gems ? gems.brief : undefined, inflections: result.inflections, bodies: uses.bodies });
  const provided = "why" in gems ? undefined : new Set([...gems.controllers, ...otherControllerPaths(root, fs, engineRoots, result.autoloadPaths?.())]);
  // Why checks are off or partial, said where each cause is (an info, or the table's diagnostic there).
  const lockPath = join(root, "Gemfile.lock");
  const causes = [...regionCauses(result), ...gemCauses(appGems, { path: lockPath, text: fs.readFile(lockPath) })];
  // The names the app's files define and call, read once for the hints and the helper checks.
  let names: DefinedNames | undefined;
  const namesOf = () => (names ??= checkDefinedNames({ root, engineRoots, fs, mapper, appGems }));
  // URL helper calls in views, controllers, helpers, mailers and tests; where a part of the
  // routes could not be evaluated, not the names it may draw (helperCalls.ts `mayBeMissing`).
  const why = notCheckedBecause(gems);
  // The other environments' tables, each drawn once for the test files' helpers and the unreached-action hints.
  const mapInEnvironment = mapsByEnvironment((i) => mapper.map(i));
  const context = "why" in gems ? undefined : checkContext({ names: namesOf(), gems, model, root, input, fs, result, uses, mapper, mapInEnvironment });
  // The files and the check the language server uses for the Problems panel (appProblems.ts),
  // their facts (the templates', on their actions, known from the model now) read ahead by the
  // workers, asked before the routes' own findings below: the worker waits for these.
  if (workers && context) workers.read(checked.flatMap((file) => wantedUses(uses, context, root, file, fs.readFile(file)) ?? []), uses);
  const findings: Finding[] = [
    ...withCauses(result.diagnostics, causes),
    ...routeActionDiagnostics(result, model),
    ...(provided ? missingControllerDiagnostics(result, model, provided) : []),
    ...withOutsideCalls(unreachedActions(result, model, { endpoints: namesOf().actionEndpoints(), otherRoutes: otherEnvironmentRoutes(input, result, mapInEnvironment) }), namesOf().controllerCalls(), root).map((u) => ({ severity: "hint" as const, code: "unreached-action", span: u.span, message: unreachedMessage(u) })),
  ];
  if (context) {
    const names = namesOf();
    for (const file of checked) {
      const wait = workers?.waitFor(file);
      if (wait) await wait;
      const text = fs.readFile(file);
      // One at a time: a spread passes one argument per diagnostic, past V8's limit in a hostile view.
      if (text !== undefined) for (const d of fileProblems(mapper, context, root, file, text)) findings.push(d);
      else for (const d of unreadFileProblems(fs, root, file)) findings.push(d);
    }
    // Their heaps go before the pack is written, the run's peak of memory.
    workers?.close();
    // The app's engines' own files, each in the context Rails runs it in (engineContexts.ts).
    // Those it leaves out (not loaded, or drawing into the app's routes) are said at their routes files, as the editor says them.
    const skipped = (cause: CheckCause & { span: Span }) => {
      causes.push(cause);
      findings.push(causeDiagnostic(cause));
    };
    const app = { context: () => context, controllersRendering: (name: string) => names.controllersRendering(name), filesRendering: (name: string) => names.filesRendering(name), rendersKey: () => names.rendersKey() };
    if (!("why" in gems)) engineProblems({ mapper, input, result, fs, gems, appDefined: context.defined, appUrlDefaults: context.generation.defaults, appRequestUrlOptions: names.requestUrlOptions(), app }, (d) => findings.push(d), skipped);
    // URL options Routemap cannot read: the missing parts they may fill in are not checked.
    const lock = { path: lockPath, text: fs.readFile(lockPath) };
    const gemControllers = "why" in gems ? [] : inheritedGemUrlOptions(gems.urlOptionsControllers, model.byPath.values());
    const helperHooks = testHelperCauses(names.testSupportCauses(), root);
    for (const cause of [...urlOptionsCauses({ ...names.urlOptionsFiles(), gems: "why" in gems ? [] : gems.urlOptions, gemControllers }, (p) => fs.readFile(p), lock), ...helperHooks]) {
      causes.push(cause);
      findings.push(causeDiagnostic({ ...cause, span: cause.span! }));
    }
  }
  uses.save();
  const made = uses.cacheStats;
  if (process.env.ROUTEMAP_TIMINGS === "1") io.err(`routemap: files' facts: ${uses.parsed} read; cache ${made ? `${made.used} used, ${made.made} made${made.failed ? `, not written` : ""}` : "off"}${workers?.size ? `; ${uses.readAhead} read by ${workers.size} worker${workers.size === 1 ? "" : "s"}` : ""}\n`);
  if (process.env.ROUTEMAP_TIMINGS === "1" && workers?.size) io.err(`routemap: facts asked of the workers: ${workers.asked}; read by the main thread while it waited for them: ${workers.readHereCount}; waited with none to read: ${Math.round(workers.idle)} ms\n`);
  // Nothing is said in an installed gem's routes file, which is not the user's to edit and which
  // the editor does not show: what Routemap could not evaluate there is said at the app's routes file.
  const gemRoutes = new Set((input.engines ?? []).filter((e) => e.external && e.routes).map((e) => e.routes!));
  const printed = shown(findings.filter((d) => !gemRoutes.has(d.span.file)), args);
  if (format === "json") io.out(JSON.stringify(checkDocument(printed, why, displayPath, causes), null, 2) + "\n");
  else io.out(render(printed, format));
  if (why) io.err(`routemap: ${why}\n`);
  const regions = causes.filter((c) => c.code === "open-region").length;
  if (regions) io.err(`routemap: ${regions} part${regions === 1 ? "" : "s"} of the routes Routemap could not evaluate: the helper names and controllers ${regions === 1 ? "it covers are" : "they cover are"} not checked (the info at each says which)\n`);
  return findings.some((d) => d.severity === "error") ? 1 : 0;
}

/**
 * What `fileProblems` will ask `uses` of a file that is not a template its controller's action
 * renders, when the store lacks it, before the check's context is known: a controller's uses are
 * asked with `controller`, another file's under app/ and spec/ without, and a model's or lib/
 * file's with no targets (helperCalls.ts `generationOf`'s `polymorphic`). A guess: a file asked
 * otherwise is read again in the main thread (the facts' key holds what they were read for).
 */
/** The app's table, the drawn files' recordings a run before kept replayed where their text is the same (keptDraws.ts). */
function mapApp(mapper: RouteMapper, input: MapInput, root: string): MapResult {
  return mapWithKeptDraws(mapper, input, root).result;
}

function modelFreeUses(uses: FileUsesStore, root: string, file: string, text: string | undefined): FactsJob | undefined {
  const scope = text === undefined ? undefined : helperScope(root, file);
  if (!scope || !mayUseUrls(text!, scope)) return undefined;
  if (scope === "explicit") return uses.wanted("e", file, text!);
  // A template not a partial nor a layout: its uses are asked on its action (viewAssigns), known from the model.
  const rel = relativePosix(root, file);
  if (/^app\/views\/.+\/[^/_.][^/]*$/.test(rel) && !rel.startsWith("app/views/layouts/")) return undefined;
  const controller = file.startsWith(`${root}/app/controllers/`) && file.endsWith("_controller.rb");
  return uses.wanted(controller ? "c" : "a", file, text!, { controller, root });
}

/** What a model file says of its models' naming (`RouteMapper.modelFacts`), for each of the app's model files the store lacks. */
function modelJobs(uses: FileUsesStore, root: string, checked: readonly string[], fs: FileSystem): FactsJob[] {
  const models = `${root}/app/models/`;
  return checked.flatMap((file) => {
    const text = file.startsWith(models) && file.endsWith(".rb") ? fs.readFile(file) : undefined;
    return (text !== undefined && uses.wanted("m", file, text)) || [];
  });
}

/** The checked files, those of app/controllers first. */
function controllersFirst(root: string, files: readonly string[]): string[] {
  const controllers = join(root, "app", "controllers") + sep;
  return [...files.filter((f) => f.startsWith(controllers)), ...files.filter((f) => !f.startsWith(controllers))];
}

/** The context of the URL helper calls' checks (helperCalls.ts), the gems' definitions known. */
function checkContext(o: { names: DefinedNames; gems: Exclude<ReturnType<typeof readInstalledGems>, { why: string }>; model: ReturnType<RouteMapper["controllers"]>; root: string; input: Exclude<ReturnType<typeof readInput>, string>; fs: FileSystem; result: ReturnType<RouteMapper["map"]>; uses: FileUsesStore; mapper: RouteMapper; mapInEnvironment: (input: MapInput) => MapResult }): HelperCheckContext & { defined: ReadonlySet<string> } {
  const { names, gems, model, root, input, fs, result, uses, mapper } = o;
  const modelFacts = (path: string, text: string) => uses.modelFacts(mapper, path, text);
  const generation = generationOf(names, () => model, { root, rubyVersion: input.options?.rubyVersion, read: (p) => fs.readFile(p), table: () => result, gemUrlOptions: gems.urlOptions, gemUrlOptionsControllers: gems.urlOptionsControllers, gemLayouts: gems.layouts, modelFacts, urlHelperHolders: urlHelperHolderLookup({ root, table: () => result, read: (p) => fs.readFile(p), holders: (path, text) => mapper.urlHelperHolders(path, text) }) });
  return { tables: appHelperTables(result), defined: names.all(), definedIn: (path: string, text: string) => names.definedIn(path, text), testRouteModules: () => names.testRouteModules(), gems: gems.helpers, gemMentions: gems.mentioned, generation, uses, testEnvHelpers: testEnvHelpers(root, input, o.mapInEnvironment), envVariableHelpers: envVariableHelpers(input, result, o.mapInEnvironment) };
}

/** What `fileProblems` will ask `uses` of a file, when the store lacks it. */
function wantedUses(uses: FileUsesStore, context: HelperCheckContext, root: string, file: string, text: string | undefined): FactsJob | undefined {
  const scope = text === undefined ? undefined : helperScope(root, file);
  const asked = scope && usesAsked(context, file, text!, scope);
  return asked ? uses.wanted(factsKindOf(asked.naming), file, text!, asked.naming) : undefined;
}

/**
 * Why the URL helper calls are not checked at all, if they are not: what the gems define is not
 * known (a helper one defines would be reported). A part of the routes Routemap could not
 * evaluate leaves only the names it may draw unchecked, said at its place (checkStatus.ts).
 */
function notCheckedBecause(gems: ReturnType<typeof readInstalledGems>): string | undefined {
  return "why" in gems ? `URL helper calls and controllers outside the app not checked: ${gems.why}` : undefined;
}

/** Removes `--format X` from the arguments; undefined when its value is not one of the formats. */
function takeFormat(argv: string[]): "text" | "json" | "github" | undefined {
  const at = argv.findIndex((a) => a === "--format" || a.startsWith("--format="));
  if (at < 0) return "text";
  const value = argv[at].includes("=") ? argv[at].split("=")[1] : argv[at + 1];
  argv.splice(at, argv[at].includes("=") ? 1 : 2);
  return value === "text" || value === "json" || value === "github" ? value : undefined;
}

function render(findings: Finding[], format: "text" | "github"): string {
  if (format === "github") return findings.map((d) => annotation(d, displayPath)).join("");
  return findings.map((d) => formatDiagnostic(d as Diagnostic, displayPath)).join("");
}

/** A GitHub Actions workflow command: `::warning file=…,line=…,col=…,title=…::message`. */
function annotation(d: Finding, display: (f: string) => string): string {
  const kind = d.severity === "error" ? "error" : d.severity === "warning" ? "warning" : "notice";
  const escape = (s: string) => s.replace(/%/g, "%25").replace(/\r/g, "%0D").replace(/\n/g, "%0A");
  const property = (s: string) => escape(s).replace(/:/g, "%3A").replace(/,/g, "%2C");
  const { start, end } = d.span;
  // Its related places go in the message: an annotation has one place.
  const notes = (d.related ?? []).map((r) => `\n${display(r.span.file)}:${r.span.start.line + 1}:${r.span.start.character + 1}: ${r.message}`).join("");
  return `::${kind} file=${property(display(d.span.file))},line=${start.line + 1},col=${start.character + 1},endLine=${end.line + 1},endColumn=${end.character + 1},title=${property(`routemap ${d.code}`)}::${escape(d.message.replace(/\n+$/, "") + notes)}\n`;
}
