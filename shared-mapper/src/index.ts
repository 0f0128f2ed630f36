/**
 * Routemap's mapper: Rails routes files in, Rails' route table and diagnostics out.
 *
 * `createMapper` loads the parser once; `mapper.map(input)` is pure and never throws:
 * whatever goes wrong becomes a diagnostic, and everything that still evaluates is kept.
 */
import { Interpreter } from "./dsl/interpreter.js";
import { DrawMemo, memoisedDraw } from "./dsl/drawMemo.js";
import { appMapperHost, extendMapperFromApp, requireMapperChanges } from "./dsl/appMappers.js";
import type { LoadedFile } from "./ruby/loadedFile.js";
import { underscore, withInflections, type Inflections } from "./inflector.js";
import { readInflections } from "./app/inflectionRules.js";
import { BudgetExceeded, DEFAULT_LIMITS, ValueTooLarge } from "./dsl/budget.js";
import { ReportedError } from "./dsl/signals.js";
import { BreakSignal, NextSignal, ReturnSignal, ThrowSignal } from "./dsl/signals.js";
import { RoutingError } from "./mapper/errors.js";
import { inspect, missingMethodMessage } from "./ruby/print.js";
import { RUnknown, UnknownValueError } from "./ruby/values.js";
import { Drawer, frameworkRoutes, mentionsFrameworkSetting, type FrameworkDraw, type FrameworkRoutes } from "./framework/index.js";
import { readRoutesPaths } from "./framework/routesPaths.js";
import { appFolders, settingsOf } from "./framework/appSettings.js";
import { autoloadRoots } from "./app/constants.js";
import { ControllerModel, controllerFile, type ControllerFile } from "./app/controllers.js";
import { unreadGemMacros } from "./app/classMacros.js";
import { hamlToRuby } from "./app/haml.js";
import { slimToRuby } from "./app/slim.js";
import { erbToRuby, hashTargets, helperCalls, insideExpectedRaise, type HashTarget, type HelperCall } from "./app/helperCalls.js";
import { urlHelperHolders, type UrlHelperHolder } from "./app/urlHelperHolders.js";
import { urlHashes, urlOptionsFacts, type UrlHash, type UrlOptionsFacts } from "./app/urlGeneration.js";
import { polymorphicCandidates, resolveCandidate, type Assigned, type PolymorphicCandidate, type PolymorphicTarget } from "./app/polymorphic.js";
import { actionAssigns } from "./app/viewAssigns.js";
import { runConditionsOf, type RunCondition } from "./app/runConditions.js";
import type { TemplateBlock } from "./app/templateReader.js";
import { ModelNamings } from "./app/modelNamings.js";
import { modelFileFacts, type ModelFileFacts } from "./app/modelNaming.js";
import { gemControllerMacro, gemControllerModule } from "./gems/index.js";
import { jsonapiNestedParam } from "./gems/jsonapiResources.js";
import type { Concern } from "./mapper/concerns.js";
import { EngineRegistry } from "./mapper/engines.js";
import { wildcardRegexp } from "./mapper/mapping.js";
import { nameRules, RouteSet } from "./mapper/routeSet.js";
import { rootScope } from "./mapper/scope.js";
import { drawLikeEvalBlock } from "./dsl/routeSets.js";
import { gemVersion, type MapperState } from "./mapper/state.js";
import { Version } from "./mapper/version.js";
import { LineIndex } from "./ruby/lineIndex.js";
import { RegexpBudgetExceeded } from "./ruby/regexp/index.js";
import { globMatcher } from "./ruby/glob.js";
import { createParser, Parser, ParserFailure, type ParseStore } from "./ruby/prism.js";
import { RSymbol } from "./ruby/values.js";
import { rubyVersion } from "./ruby/print.js";
import type { ActionEndpoint, Diagnostic, EngineRoutes, MapInput, MapOptions, MapResult, Span } from "./types.js";
import { configActionEndpoints } from "./app/checks.js";
import { inBootOrder, KEEPS_ROUTES_BLOCK, SETS_ROUTE_SET, type KeptRoutesBlock } from "./dsl/keptBlocks.js";
import { now } from "./clock.js";
import { TestSupport } from "./app/testSupport.js";

export * from "./types.js";
export { contains } from "./span.js";
export type { ParseStore } from "./ruby/prism.js";
export { DrawMemo } from "./dsl/drawMemo.js";
export { formatSheet, formatExpanded, formatUnused, filterRoutes, routeMarks, routeSections, type InspectOptions, type RouteSection } from "./inspect/sheet.js";
export { Version, SUPPORTED_RAILS_VERSIONS, railsSeries } from "./mapper/version.js";
export { recognize, recognizeRoute, RecognitionUndecided, normalizeRequestPath, type Recognition, type Undecided } from "./journey/recognize.js";
export { ControllerModel, controllerPath, type Controller, type Action, type ControllerFile } from "./app/controllers.js";
export { hasDynamicTargets, missingControllerDiagnostics, routeActionDiagnostics, routesTo, unreachedActions, unreachedController, unreachedMessage, unusedRoutes, type UnreachedAction } from "./app/checks.js";
export { layoutFacts, unreachedLayoutFiles, type AppLayouts, type LayoutFacts, type LayoutReachInput } from "./app/layouts.js";
export { deviseUrlHelperNames } from "./gems/deviseModels.js";
export { autoloadRoots } from "./app/constants.js";
export { hamlToRuby } from "./app/haml.js";
export { slimToRuby } from "./app/slim.js";
export type { UrlHelperHolder } from "./app/urlHelperHolders.js";
export { definedHelperNames, isDefinedName, erbToRuby, partialLocalKeys, unknownHelperDiagnostics, type HashTarget, type HelperCall, type HelperLookup } from "./app/helperCalls.js";
export { HOOKS as INTEGRATION_HOOKS, type IntegrationEffect } from "./app/integrationTests.js";
export { TestSupport, type TestSupportCause } from "./app/testSupport.js";
export { hashRoutes, missingPartDiagnostics, unroutedHashDiagnostics, UNKNOWN, type UrlGenerationContext, type UrlHash, type UrlOptionsFacts } from "./app/urlGeneration.js";
export { unmatchedHashRequirementDiagnostics, unmatchedRequirementDiagnostics } from "./app/urlRequirements.js";
export { rubyVersion } from "./ruby/print.js";
export { expandBraces, globMatcher, globSegmentMatcher, type GlobMatcher } from "./ruby/glob.js";
export { RegexpBudgetExceeded } from "./ruby/regexp/index.js";
export { escapeRegExp } from "./regexpEscape.js";
export { jsonValue, routeValues, type JsonValue } from "./inspect/json.js";
export { mailerPathDiagnostics } from "./app/helperContexts.js";
export { drawsOwnRoutes, guardedHelperNames } from "./app/helperGuards.js";
export { runningUses, type RunCondition } from "./app/runConditions.js";
export { decodeModelFileFacts, type ModelFileFacts } from "./app/modelNaming.js";
export { polymorphicDiagnostics, symbolsCompleting, type PolymorphicCandidate, type PolymorphicRecord, type PolymorphicTarget } from "./app/polymorphic.js";

/**
 * What a view's or Ruby file's URL uses are as facts of its path and text (and, for a
 * template, of its action's controller file): its helper calls, hashes, and polymorphic
 * targets before their models' naming. Plain data (spans, literals, `Map`s of literals), so a
 * host may keep it per text.
 */
export interface FileUses {
  calls: HelperCall[];
  hashes: UrlHash[];
  candidates: PolymorphicCandidate[];
  /**
   * Why the file's code could not be read at all, when Prism failed on it (code nested thousands
   * of levels deep): none of its uses is known, so the host says the file is not checked.
   */
  unread?: string;
}

/**
 * The class methods a class that holds the routes' helpers defines itself (urlHelperHolders.ts),
 * by the constant's name; undefined for a constant that holds none (or that the host cannot find).
 */
export type UrlHelperHolderOf = (constant: string) => ReadonlySet<string> | undefined;

/** What a file's polymorphic targets are looked for with, before their models are read. */
export type UsesTargets = Pick<PolymorphicOptions, "controller" | "root" | "assigns">;

/** Where a file's polymorphic targets are resolved: in a controller's file, and the app's models read by `read`. */
export interface PolymorphicOptions {
  controller: boolean;
  root: string;
  read: (path: string) => string | undefined;
  /** The app's own inflection rules (`MapResult.inflections`): models' route keys follow them. */
  inflections?: Inflections;
  /** A template's controller file and the action it is the view of: the instance variables it sets (viewAssigns.ts). */
  assigns?: { path: string; text: string; action: string };
  /** The host's facts of a model file (`RouteMapper.modelFacts`, kept in its cache); undefined: read here. */
  modelFacts?: (path: string, text: string) => ModelFileFacts | undefined;
}

/** What `RouteMapper.evaluate` makes of a Ruby expression. */
export interface Evaluation {
  /** The value's `inspect`, when it is known. */
  value?: string;
  /** `Class: message` of the exception Ruby would raise. */
  error?: string;
  /** Why the value is unknown, when it is. */
  unknown?: string;
  diagnostics: Diagnostic[];
}

export interface RouteMapper {
  /**
   * `memo`: what earlier maps of the same app drew from the files `draw` loads, replayed where
   * nothing they read changed (`dsl/drawMemo.ts`); the result is the same as without it.
   */
  map(input: MapInput, o?: { memo?: DrawMemo }): MapResult;
  /**
   * Evaluates a snippet of Ruby as a routes file's top level would (no app around it), for the
   * core library's conformance with real Ruby and for tools that show a value.
   */
  evaluate(source: string, options?: Pick<MapOptions, "rubyVersion" | "railsVersion" | "railsEnv" | "env" | "limits">): Evaluation;
  /**
   * The app's controllers (`app/controllers/**`, by path → text) and templates (paths under
   * `app/views`): actions, implicit ones, and whether all that defines them was read. A module
   * they include from elsewhere (`app/helpers`, `lib`) is asked of `read`, under `root`.
   */
  controllers(input: {
    files: ReadonlyMap<string, string>;
    views: readonly string[];
    root?: string;
    read?: (path: string) => string | undefined;
    /** Gemfile.lock's gems, for the gems' controller modules Routemap models (Pundit's). */
    gems?: Readonly<Record<string, string>>;
    /** Class macros the installed gems define that define methods (`define_method`), each with its gem: a controller calling one has actions Routemap cannot list. */
    gemMacros?: ReadonlyMap<string, string>;
    /**
     * Why the app's gems cannot be read, where they cannot (`routemap check`'s "… not installed"):
     * a controller whose class body calls a method neither Rails nor the app defines may get
     * actions from it, so none is said missing there.
     */
    unreadGems?: string;
    /** The app's own inflection rules (`MapResult.inflections`): controller paths follow them (`ArtistURLsController` → `artist_urls`). */
    inflections?: Inflections;
    /**
     * What a file's class and module bodies are, a fact of its path and text: a host that keeps
     * them (between runs) gives them here, and calls `read` for those it does not have.
     */
    bodies?: (path: string, text: string, read: () => ControllerFile) => ControllerFile;
    /** The model last built for the app, before some of its controller files changed (`ControllerInput.previous`). */
    previous?: ControllerModel;
  }): ControllerModel;
  /**
   * A file's class and module bodies as `controllers` reads them (its `bodies`' `read`), for a
   * host that reads them ahead, elsewhere (`routemap check`'s workers).
   */
  controllerFile(path: string, text: string): ControllerFile;
  /** What a model file says of its models' naming (`PolymorphicOptions.modelFacts`), for a host that keeps or reads it elsewhere. */
  modelFacts(path: string, text: string): ModelFileFacts;
  /** The `controller:`/`action:` literals of a view's or Ruby file's hashes (a file being typed included). */
  hashTargets(path: string, text: string): HashTarget[];
  /**
   * A view's or Ruby file's URL helper calls, the hashes given to `url_for`, `link_to`…, and
   * (given `polymorphic`) its polymorphic targets, from one parse; none when the file does not
   * parse cleanly (a template Routemap misreads must not produce reports).
   */
  urlUses(path: string, text: string, polymorphic?: PolymorphicOptions): { calls: HelperCall[]; hashes: UrlHash[]; targets: PolymorphicTarget[] };
  /**
   * `urlUses` in two steps: what the text yields, from one parse (`targets`: whether polymorphic
   * targets are looked for, as in a controller's file or not, and a template's action), then
   * (`resolveUses`) the targets' helpers from the models' naming. `urlUses(p, t, o)` is
   * `resolveUses(fileUses(p, t, o), o)`.
   */
  fileUses(path: string, text: string, targets?: UsesTargets): FileUses;
  resolveUses(uses: FileUses, polymorphic?: PolymorphicOptions, holders?: UrlHelperHolderOf): { calls: HelperCall[]; hashes: UrlHash[]; targets: PolymorphicTarget[] };
  /** The classes and modules of a Ruby file that hold the routes' helpers as class methods (`class << self; include Rails.application.routes.url_helpers`). */
  urlHelperHolders(path: string, text: string): UrlHelperHolder[];
  /**
   * The polymorphic targets of a view or Ruby file (`redirect_to @post`) whose records' classes
   * and naming are known; `read` gives the app's model files (`app/models/post.rb`, relative to `root`).
   */
  polymorphicTargets(path: string, text: string, o: PolymorphicOptions): PolymorphicTarget[];
  /** How a Ruby file sets `default_url_options`. */
  urlOptions(path: string, text: string): UrlOptionsFacts;
  /**
   * What the app's test helpers do to an integration session (testSupport.ts): `files`, the
   * helpers' texts by path relative to the app (test/test_helper.rb, spec/rails_helper.rb, the
   * other files of test/ and spec/ that are not tests); `fixtures`, the fixtures' table names;
   * `appModules`, the last names of the modules app/ and lib/ define. A file that does not parse
   * leaves the hooks unknown.
   */
  testSupport(files: ReadonlyMap<string, string>, o: { fixtures: readonly string[]; appModules?: ReadonlySet<string>; gemModules?: ReadonlyMap<string, string> }): TestSupport;
}

/** Where an app's routes file is: other files of the app are found from its root. */
const APP_ROUTES = "/config/routes.rb";


/**
 * `compiled`: a compile of `prismWasm` already under way, if any (`createParser`). `parseStore`:
 * where the host keeps Prism's output for the routes' files (routes files, the app's settings,
 * the gems' sources the routes read) between runs; not for the app's other files, which the
 * checks' own caches cover.
 */
export async function createMapper(prismWasm: BufferSource, o: { compiled?: Promise<WebAssembly.Module>; parseStore?: ParseStore } = {}): Promise<RouteMapper> {
  const parser = await createParser(prismWasm, o.compiled, o.parseStore);
  const cache = new Map<string, Parsed & { text: string }>();
  const parse = (path: string, text: string): Parsed => {
    let hit = cache.get(path);
    if (hit && hit.text === text) return hit;
    // The old tree goes first: kept while the new one is built, a collection during the
    // parse would copy it (it is still young after one edit) for nothing. That includes
    // `hit`: V8 scans a frame's registers whether or not they are read again.
    hit = undefined;
    cache.delete(path);
    const start = now();
    const entry = parseFile(parser, path, text, { keep: true });
    cache.set(path, { text, ...entry, time: 0 });
    return { ...entry, time: now() - start };
  };
  // The last Ruby file of the app parsed outside the cache, for the next ask of the same text: a
  // controller's bodies, then its uses, and its templates' actions (`routemap check`'s workers
  // ask them in turn) from one parse. Trees are read, never changed.
  let last: { path: string; text: string; parsed: ReturnType<typeof parseFile> } | undefined;
  const parseRuby = (path: string, text: string) => {
    if (last?.path !== path || last.text !== text) last = { path, text, parsed: parseFile(parser, path, text, { index: true }) };
    return last.parsed;
  };
  // A view or another Ruby file of the app, ERB, Haml and Slim read as Ruby, parsed outside the cache: an app
  // has thousands of views, and only what is found in them is kept.
  const parseView = (path: string, text: string): ReturnType<typeof parseFile> & { locals?: Set<string>; blocks?: TemplateBlock[] } => {
    if (path.endsWith(".rb")) return parseRuby(path, text);
    // A template is the body of a method Rails compiles (`yield` gives the layout its content).
    const indented = path.endsWith(".haml") ? hamlToRuby : path.endsWith(".slim") ? slimToRuby : undefined;
    if (!indented) return parseFile(parser, path, path.endsWith(".erb") ? erbToRuby(text) : text, { template: true, index: true });
    const { ruby, locals, blocks } = indented(text);
    return { ...parseFile(parser, path, ruby, { template: true, index: true }), locals, blocks };
  };
  // A file's polymorphic targets: its models' naming and a template's controller, outside the
  // cache (modelNamings.ts).
  const namings = new ModelNamings((path, text) => parseRuby(path, text).loaded);
  const resolveTargets = (candidates: readonly PolymorphicCandidate[], o: PolymorphicOptions): PolymorphicTarget[] => {
    if (!candidates.length) return [];
    const naming = namings.namingOf(o);
    return withInflections(o.inflections, () => candidates.flatMap((c) => resolveCandidate(c, naming) ?? []));
  };
  const candidatesOf = (file: LoadedFile, path: string, o: UsesTargets) => {
    const where = o.assigns && (o.assigns.path.startsWith(`${o.root}/`) ? o.assigns.path.slice(o.root.length + 1) : o.assigns.path);
    // The action's assignments (its controller parsed again) only when a target names an instance variable the template does not set.
    let known: ReadonlyMap<string, Assigned> | undefined;
    const from = o.assigns;
    const assigns = from && { get: (name: string) => (known ??= actionAssigns(namings.tree(from.path, from.text), from.action, where!)).get(name) };
    return polymorphicCandidates(file, { view: path.includes("/app/views/"), controller: o.controller, assigns });
  };
  const fileUses = (path: string, text: string, targets?: UsesTargets): FileUses => {
    const parsed = parseView(path, text);
    if (parsed.failure !== undefined) return { calls: [], hashes: [], candidates: [], unread: parsed.failure };
    if (parsed.loaded.syntaxErrors.length || parsed.diagnostics.length) return { calls: [], hashes: [], candidates: [] };
    const base = path.slice(path.lastIndexOf("/") + 1);
    const candidates = targets ? candidatesOf(parsed.loaded, path, targets) : [];
    const partial = base.startsWith("_");
    const calls = helperCalls(parsed.loaded, { partial, template: !partial && path.includes("/app/views/"), locals: parsed.locals });
    const hashes = urlHashes(parsed.loaded);
    const expected = insideExpectedRaise(parsed.loaded);
    // What must hold for each use to run, kept with it (decided where the checks run: runConditions.ts).
    const conditions = runConditionsOf(parsed.loaded, parsed.blocks);
    const kept = <T extends { span: Span; when?: RunCondition[] }>(uses: T[]) =>
      uses.filter((u) => !expected(u.span)).map((u) => {
        const when = conditions(u.span);
        return when ? { ...u, when } : u;
      });
    return { calls: kept(calls), hashes: kept(hashes), candidates: kept(candidates) };
  };
  const resolveUses = (uses: FileUses, polymorphic?: PolymorphicOptions, holders?: UrlHelperHolderOf) => ({
    // A call on a constant is the routes' helper where that class holds them and does not define the method itself.
    calls: uses.calls.filter((c) => c.through === undefined || (holders?.(c.through) !== undefined && !holders(c.through)!.has(c.name))),
    hashes: uses.hashes,
    targets: polymorphic ? resolveTargets(uses.candidates, polymorphic) : [],
  });
  // Controllers and the modules they include, as the model reads them: parsed outside the cache,
  // and only their bodies kept (the same object while the text is the same, so the model
  // builds again only what changed).
  const controllerFiles = new Map<string, { text: string; file: ControllerFile }>();
  const controllerFileOf = (path: string, text: string, bodies?: (path: string, text: string, read: () => ControllerFile) => ControllerFile): ControllerFile => {
    const hit = controllerFiles.get(path);
    if (hit && hit.text === text) return hit.file;
    const read = () => controllerFile(parseRuby(path, text).loaded);
    const file = bodies ? bodies(path, text, read) : read();
    controllerFiles.set(path, { text, file });
    return file;
  };
  // A view's condition, decided after a map (`MapResult.decide`): one that does not parse is not decided.
  const parseCondition = (source: string): LoadedFile | undefined => {
    const parsed = parseFile(parser, "(condition)", source);
    return parsed.loaded.syntaxErrors.length || parsed.diagnostics.length ? undefined : parsed.loaded;
  };
  // Routes the last map drew: the next one, nearly always the same app, sizes its tables so.
  let expected = 0;
  return {
    map: (input, o = {}) => {
      const result = RSymbol.evaluation(() => mapRoutes(input, { parse, parseCondition, expected: expected || routesToExpect(input), drawMemo: o.memo }));
      expected = result.routes.length;
      return result;
    },
    evaluate: (source, options = {}) => RSymbol.evaluation(() => evaluateSnippet(parser, source, options)),
    controllerFile: (path, text) => controllerFile(parseRuby(path, text).loaded),
    modelFacts: (path, text) => modelFileFacts(parseRuby(path, text).loaded),
    hashTargets: (path, text) => hashTargets(parseView(path, text).loaded),
    urlUses: (path, text, polymorphic) => resolveUses(fileUses(path, text, polymorphic), polymorphic),
    fileUses,
    resolveUses,
    urlHelperHolders: (path, text) => {
      const parsed = parseRuby(path, text);
      return parsed.loaded.syntaxErrors.length || parsed.diagnostics.length ? [] : urlHelperHolders(parsed.loaded);
    },
    polymorphicTargets: (path, text, o) => {
      const parsed = parseView(path, text);
      return parsed.loaded.syntaxErrors.length || parsed.diagnostics.length ? [] : resolveTargets(candidatesOf(parsed.loaded, path, o), o);
    },
    urlOptions: (path, text) => {
      const parsed = parseView(path, text);
      return parsed.loaded.syntaxErrors.length || parsed.diagnostics.length ? { keys: [], unknown: true } : urlOptionsFacts(parsed.loaded);
    },
    testSupport: (files, o) => {
      const loaded = [...files].map(([path, text]) => ({ path, parsed: parseFile(parser, path, text) }));
      const broken = loaded.filter((f) => f.parsed.loaded.syntaxErrors.length || f.parsed.diagnostics.length).map((f) => f.path);
      // The gems' modules the helpers include: one that does not parse is left out (its methods stay unknown names).
      const gemModules = [...(o.gemModules ?? [])].map(([path, text]) => ({ path, parsed: parseFile(parser, path, text) })).filter((f) => !f.parsed.loaded.syntaxErrors.length && !f.parsed.diagnostics.length);
      return new TestSupport(
        loaded.filter((f) => !broken.includes(f.path)).map((f) => ({ path: f.path, file: f.parsed.loaded })),
        { paths: (p) => files.has(p), fixtures: o.fixtures, appModules: o.appModules, unreadable: broken, gemModules: gemModules.map((f) => ({ path: f.path, file: f.parsed.loaded })) },
      );
    },
    controllers: ({ files, views, root, read, gems, gemMacros, unreadGems, inflections, bodies, previous }) => {
      const appFile = (relative: string) => {
        const path = `${root}/${relative}`;
        const text = root === undefined ? undefined : read?.(path);
        return text === undefined ? undefined : controllerFileOf(path, text, bodies);
      };
      const gemModule = (name: string) => gemControllerModule(name, gems);
      const gemMacro = (name: string) => gemControllerMacro(name, gems) ?? gemMacros?.get(name);
      const unreadGemMacro = unreadGems === undefined ? undefined : unreadGemMacros(unreadGems, gems?.actionpack);
      return new ControllerModel({ files: [...files].map(([path, text]) => controllerFileOf(path, text, bodies)), views, appFile, gemModule, gemMacro, unreadGemMacro, inflections, previous });
    },
  };
}

/**
 * The given files that match a pattern under config/routes/ (`*` within a folder, `**` across
 * them), sorted as Ruby's `Dir[]` sorts: undefined for any other folder, which the host does
 * not read whole.
 */
function globFiles(input: MapInput, appRoot: string, pattern: string): string[] | undefined {
  const relative = pattern.startsWith(`${appRoot}/`) ? pattern.slice(appRoot.length + 1) : pattern;
  if (!relative.startsWith("config/routes/")) return undefined;
  // As Ruby's Dir.glob reads it (braces, `?`, classes), matched by the budgeted Ruby engine: the pattern is the app's text.
  const matches = globMatcher(relative);
  const paths = input.files instanceof Map ? [...input.files.keys()] : Object.keys(input.files);
  const budget = { remaining: 2_000_000 };
  try {
    return paths.filter((p) => p.startsWith(`${appRoot}/`) && matches(p.slice(appRoot.length + 1), budget)).map((p) => p.slice(appRoot.length + 1)).sort();
  } catch (e) {
    if (e instanceof RegexpBudgetExceeded) return undefined;
    throw e;
  }
}

/**
 * `template`: Prism's `partial_script` (a template's `yield`); `index`: an app file whose facts go through its calls (walk.ts `programIndex`).
 * `keep`: the parse may come from, and go to, the host's `ParseStore` (under the file's path).
 * `failure`: why Prism failed on the text, when it did (the program is then empty).
 */
function parseFile(parser: Parser, path: string, text: string, o: { template?: boolean; index?: boolean; keep?: boolean } = {}): { loaded: LoadedFile; diagnostics: Diagnostic[]; failure?: string } {
  const index = new LineIndex(path, text);
  let result;
  try {
    // An app file's facts ask for positions (the line index encodes the text then): encoded once, for both.
    result = parser(text, { template: o.template, index: o.index, bytes: o.index ? index.utf8 : undefined, keep: o.keep ? path : undefined });
  } catch (e) {
    if (!(e instanceof ParserFailure)) throw e;
    // The file stands as an empty program (the renewed parser's tree of ""), so the other
    // files are still evaluated and `draw` of this one finds it.
    const firstLine = text.split("\n", 1)[0].length;
    const diagnostic: Diagnostic = { severity: "error", message: parseFailureMessage(e.message), span: index.span(0, firstLine), code: "parser-failure" };
    return { loaded: { program: parser("").value, index, syntaxErrors: [] }, diagnostics: [diagnostic], failure: e.message };
  }
  // Each syntax error up to a few hundred; past them, one more says how many (a file of a million
  // `::` has a million, and printing them all took most of a minute and a gigabyte).
  const diagnostics: Diagnostic[] = result.errors.slice(0, MAX_SYNTAX_ERRORS).map((e) => ({
    severity: "error",
    message: e.message,
    span: index.span(e.location.startOffset, e.location.startOffset + e.location.length),
    code: "syntax-error",
  }));
  if (result.errors.length > MAX_SYNTAX_ERRORS) {
    const next = result.errors[MAX_SYNTAX_ERRORS].location;
    const more = result.errors.length - MAX_SYNTAX_ERRORS;
    diagnostics.push({ severity: "error", message: `${more.toLocaleString("en-US")} more syntax errors in this file, from here on.`, span: index.span(next.startOffset, next.startOffset + next.length), code: "syntax-error" });
  }
  const frozenStringLiterals = frozenLiterals(result, index);
  return { loaded: { program: result.value, index, syntaxErrors: result.errors.map((e) => e.location.startOffset).sort((a, b) => a - b), frozenStringLiterals }, diagnostics };
}

/** `# frozen_string_literal: true` among the file's magic comments (Prism reports only those Ruby reads). */
function frozenLiterals(result: { magicComments: { startLocation: { startOffset: number; length: number }; endLocation: { startOffset: number; length: number } }[] }, index: LineIndex): boolean {
  for (const c of result.magicComments) {
    const key = index.slice(c.startLocation.startOffset, c.startLocation.startOffset + c.startLocation.length).toLowerCase().replace(/-/g, "_");
    const value = index.slice(c.endLocation.startOffset, c.endLocation.startOffset + c.endLocation.length).toLowerCase();
    if (key === "frozen_string_literal") return value === "true";
  }
  return false;
}

/** The syntax errors of one file said one by one; the rest are counted. */
const MAX_SYNTAX_ERRORS = 200;

function parseFailureMessage(cause: string): string {
  return (
    `Routemap could not parse this file, so its routes are missing: Prism, in WebAssembly, failed on it (${cause}). ` +
    "Code nested a thousand levels deep, or a chain of thousands of operators, is more than it can take."
  );
}

/** `RouteMapper.evaluate`: the snippet as a file of its own, its last value or its exception. */
function evaluateSnippet(parser: Parser, source: string, options: MapOptions): Evaluation {
  const diagnostics: Diagnostic[] = [];
  const { loaded, diagnostics: parsed } = parseFile(parser, "(eval)", source);
  diagnostics.push(...parsed);
  const interpreter = new Interpreter({
    load: (path) => (path === "(eval)" ? loaded : undefined),
    exists: () => false,
    unread: () => undefined,
    paths: () => [],
    env: options.env === undefined ? undefined : new Map(Object.entries(options.env)),
    railsEnv: options.railsEnv ?? "development",
    diagnostics,
    limits: { ...DEFAULT_LIMITS, ...options.limits },
  });
  const version = Version.parse(options.railsVersion);
  const ruby = rubyVersion(options.rubyVersion);
  interpreter.mapper = {
    scope: rootScope(), set: new RouteSet(0, nameRules(version)), concerns: new Map(), version, ruby, apiOnly: false, drawPaths: [], host: interpreter,
    engines: new EngineRegistry(nameRules(version)), fastPaths: true, gems: undefined, partial: false, blockDsl: undefined,
    display: { ruby, hiddenGlob: wildcardRegexp(version), inlineHandlerText: version.gte(7, 1), allOfSeveral: version.gte(8, 1) },
  };
  interpreter.appSet = interpreter.mapper.set;
  try {
    const value = interpreter.evaluateProgram(loaded);
    const text = inspect(value, ruby);
    return value instanceof RUnknown || text.includes("«") ? { unknown: value instanceof RUnknown ? value.cause.why : text, diagnostics } : { value: text, diagnostics };
  } catch (e) {
    if (e instanceof RoutingError) return { error: `${e.rubyClass}: ${e.message.split("\n")[0]}`, diagnostics };
    if (e instanceof UnknownValueError) return { unknown: e.value.cause.why, diagnostics };
    if (e instanceof BudgetExceeded) return { unknown: e.reason, diagnostics };
    if (e instanceof ValueTooLarge) return { unknown: e.message, diagnostics };
    if (e instanceof ThrowSignal) return { error: `UncaughtThrowError: uncaught throw ${inspect(e.tag, ruby)}`, diagnostics };
    if (e instanceof BreakSignal || e instanceof NextSignal || e instanceof ReturnSignal) return { error: "LocalJumpError: unexpected jump", diagnostics };
    return { error: `internal: ${e instanceof Error ? e.message : String(e)}`, diagnostics };
  }
}

/**
 * A first map's guess at its table's size, so that the name table does not grow by doubling
 * a dozen times: a line of a routes file (`resources :posts`) draws up to eight routes, in
 * about six bytes each. Too large a guess costs only empty slots.
 */
function routesToExpect(input: MapInput): number {
  let bytes = 0;
  const files = input.files instanceof Map ? input.files.values() : Object.values(input.files);
  for (const text of files) bytes += text.length;
  return Math.ceil(bytes / 6);
}

/** A parsed file, and how long parsing it took in this map (0 when an earlier map did). */
type Parsed = { loaded: LoadedFile; diagnostics: Diagnostic[]; time: number };
type Parse = (path: string, text: string) => Parsed;

function mapRoutes(input: MapInput, { parse, parseCondition, expected, drawMemo }: { parse: Parse; parseCondition: (source: string) => LoadedFile | undefined; expected: number; drawMemo?: DrawMemo }): MapResult {
  const start = now();
  let parseTime = 0;
  const diagnostics: Diagnostic[] = [];
  const set = new RouteSet(expected, nameRules(Version.parse(input.options?.railsVersion)));
  const read = (path: string): string | undefined =>
    input.files instanceof Map ? input.files.get(path) : (input.files as Record<string, string>)[path];
  const files: string[] = [];
  const options = input.options ?? {};
  // Each file once: a configuration file may be read for inflections, a framework setting and a constant.
  const loaded = new Map<string, LoadedFile>();
  const listed = new Set<string>();
  const note = (path: string) => {
    if (listed.has(path)) return;
    listed.add(path);
    files.push(path);
  };
  // Once the routes are drawn, a condition decided for a view reads only the files the map read
  // (`decide`): the editor maps again when one of those changes, so no decision outlives its inputs.
  let sealed = false;
  const load = (path: string): LoadedFile | undefined => {
    const known = loaded.get(path);
    if (known) return known;
    if (sealed) return undefined;
    const text = read(path);
    if (text === undefined) return undefined;
    note(path);
    const parsed = parse(path, text);
    parseTime += parsed.time;
    // One at a time: a spread passes one argument per syntax error, past V8's limit in a hostile file.
    for (const d of parsed.diagnostics) diagnostics.push(d);
    loaded.set(path, parsed.loaded);
    return parsed.loaded;
  };
  // A file read as text (`File.read`, `YAML.load_file`, a drawn file replayed unparsed) is one the table depends on too.
  const peek = (path: string): string | undefined => {
    if (sealed && !listed.has(path)) return undefined;
    const text = read(path);
    if (text !== undefined) note(path);
    return text;
  };
  const appRoot = input.entry.endsWith(APP_ROUTES) ? input.entry.slice(0, -APP_ROUTES.length) : undefined;
  const railsEnv = options.railsEnv ?? "development";
  const configPaths = appRoot === undefined ? () => [] : memo(() => appConfigPaths(input, read, appRoot, railsEnv));
  const loadAll = (paths: string[]) => paths.map(load).filter((f): f is LoadedFile => f !== undefined);
  const folders = memo(() => appFolders({ appRoot, glob: input.glob, paths: () => (input.files instanceof Map ? [...input.files.keys()] : Object.keys(input.files)) }));
  // A drawn file kept from another session is replayed before it is parsed: its text read here, its parse asked of the mapper's cache later.
  const sources = { peek, parsed: (path: string, text: string) => parse(path, text).loaded };
  const draws = drawMemo && memoisedDraw(drawMemo, () => interpreter, () => (drawContext ??= drawMemoContext(options) + inflectionTexts() + (state.nestedParam?.context() ?? "")), sources);
  let envRead: ReadsNoted | undefined;
  const interpreter: Interpreter = new Interpreter({
    load,
    parse: (path, text) => {
      note(path);
      return parse(path, text).loaded;
    },
    exists: (path) => read(path) !== undefined || input.unread?.has(path) === true || input.exists?.(path) === true,
    unread: (path) => input.unread?.get(path),
    paths: () => (input.files instanceof Map ? [...input.files.keys()] : Object.keys(input.files)),
    glob: input.glob,
    env: options.env === undefined ? undefined : (envRead = new ReadsNoted(Object.entries(options.env))),
    railsEnv,
    appRoot,
    text: peek,
    appFiles:
      appRoot === undefined ? undefined : {
            file: (relative) => load(`${appRoot}/${relative}`),
            // Only the files that mention the constant are parsed: most initializers never do.
            configFiles: (name) => loadAll(configPaths().filter((p) => !p.startsWith(`${appRoot}/config/environments/`) && read(p)!.includes(name))),
            relative: (f) => f.index.file.slice(appRoot.length + 1),
            // app/* and the load paths config/application.rb sets, as they stand when a constant is looked for.
            roots: () => autoloadRoots(folders(), settingsOf(interpreter).loadPaths(appRoot)),
          },
    diagnostics,
    limits: { ...DEFAULT_LIMITS, ...options.limits },
    // What a drawn file's routes depend on besides itself and the scope: the options, and the
    // app's inflection rules (by the text of the files they are read from).
    gemMappers: input.gemMappers,
    gemSettings: input.gemSettings,
    gemClass: input.gemClass,
    gemDependents: input.gemDependents,
    parseGemFile: (path, text) => {
      const parsed = parse(path, text);
      parseTime += parsed.time;
      return parsed.loaded;
    },
    drawFile: draws?.drawFile,
    replayDraw: draws?.replayDraw,
    drawPathsChange: (followed) => drawPathsChange([input.entry, ...configPaths()], read, appRoot ?? input.entry.slice(0, input.entry.lastIndexOf("/")), followed),
  });
  const configNotRead = (path: string, reason: string) => {
    const message = `Routemap did not read this file: ${reason}. What it configures is unknown, and the routes it may have Rails draw (\`Rails.application.routes.append\`) are missing.`;
    const diagnostic: Diagnostic = { ...fileDiagnostic(path, message, "file-not-read"), severity: "warning" };
    diagnostics.push(diagnostic);
    interpreter.openRegions.push({ span: diagnostic.span, reason: message });
  };
  let drawContext: string | undefined;
  const inflectionTexts = () => configPaths().filter((p) => read(p)!.includes("inflections")).map((p) => `\0${p}\0${read(p)}`).join("");
  const version = Version.parse(options.railsVersion);
  const ruby = rubyVersion(options.rubyVersion);
  const state: MapperState = {
    scope: rootScope(),
    set,
    concerns: new Map<string, Concern>(),
    version,
    ruby,
    apiOnly: options.apiOnly ?? false,
    drawPaths: options.drawPaths ?? [defaultDrawPath(input.entry)],
    host: interpreter,
    engines: new EngineRegistry(nameRules(version)),
    fastPaths: options.fastPaths ?? true,
    gems: options.gems,
    gemfileVersions: options.gemfileVersions,
    partial: false,
    blockDsl: undefined,
    display: { ruby, hiddenGlob: wildcardRegexp(version), inlineHandlerText: version.gte(7, 1), allOfSeveral: version.gte(8, 1) },
  };
  state.nestedParam = jsonapiNestedParam(state);
  interpreter.mapper = state;
  interpreter.appSet = set;
  let inflections: Inflections | undefined;
  try {
    const entry = load(input.entry);
    const unread = input.unread?.get(input.entry);
    if (!entry && unread !== undefined) {
      diagnostics.push({ ...fileDiagnostic(input.entry, `Routemap did not read this file: ${unread}.`, "file-not-read"), severity: "warning" });
    } else if (!entry) {
      diagnostics.push(fileDiagnostic(input.entry, `No such file or directory @ rb_sysopen - ${input.entry}`, "file-not-found"));
    } else {
      // The app's own inflection rules: Rails loads the initializers before any routes.
      // (A loop of rules is run with the interpreter's values: `1.upto(5) { |n| inflect.acronym "KS#{n}" }`.)
      const own = readInflections(loadAll(configPaths().filter((p) => read(p)!.includes("inflections"))), (file, node, locals) => interpreter.evaluateIn(file, node, [], locals));
      diagnostics.push(...own.diagnostics);
      // A rule Routemap could not read may rename any route drawn from a resource's name.
      for (const d of own.diagnostics) interpreter.openRegions.push({ span: d.span, reason: d.message });
      inflections = own.inflections;
      withInflections(inflections, () => {
      // The application file always; the others only when they mention a setting the frameworks read.
      const [application, ...others] = loadAll(configPaths().filter((p, i) => i === 0 || mentionsFrameworkSetting(read(p)!)));
      const framework: FrameworkRoutes = application
        ? frameworkRoutes({ application, others }, { version: state.version, railsEnv, gems: { view_component: gemVersion(state, "view_component") }, evaluate: (file, node, before) => interpreter.evaluateIn(file, node, before), conditionOf: (file, node, value) => interpreter.conditionIn(file, node, value) })
        : { before: [], first: [], after: [], notes: [] };
      const drawAll = (draws: FrameworkDraw[]) => {
        // Each through `eval_block`, inside the app's default scope as it stands then.
        for (const d of draws) interpreter.conditions.under(d.conditions, () => interpreter.drawAt(d.site.node, d.site.file, d.origin, () => drawLikeEvalBlock(interpreter, () => d.draw(new Drawer(interpreter.mapper)))));
      };
      // Rails boots config/application.rb before anything else: what it defines and requires
      // (`require_relative "locales"`) is there when the routes are drawn. While the configuration
      // runs, the route set's `append` and `prepend` keep their blocks (dsl/keptBlocks.ts).
      if (application) interpreter.kept.phase = "boot";
      if (application) interpreter.runForDefinitions(application);
      // That run is config/environment.rb's `require_relative "application"`: a second require is a no-op
      // (run again, it kept its `after_initialize` routes blocks twice: teaching-vacancies' catch-all).
      if (application) interpreter.required.add(application.index.file);
      // Then the environment's file (Bootstrap's load_environment_config): its settings, its requires.
      const environmentFile = application && load(environmentPath(appRoot!, railsEnv));
      if (environmentFile) interpreter.runForDefinitions(environmentFile);
      // Engines' classes are loaded at boot, before any routes: a mount needs their names.
      const quiet = new Set<string>();
      for (const engine of input.engines ?? []) {
        if (engine.notLoaded) continue;
        if (engine.external && engine.routes) {
          quiet.add(engine.routes);
          interpreter.gemRoutesFiles.add(engine.routes);
        }
        const loaded = engine.engineFile ? load(engine.engineFile) : undefined;
        if (loaded) {
          quiet.add(engine.engineFile!);
          // An installed gem's engine file is run for the engine's name and namespace: a block it
          // leaves unrun there is the gem's own loading (Avo's `Gem.loaded_specs["avo"].dependencies.each
          // { require … }`), not routes of the app, and the user cannot act on it.
          // So is an engine of the app's own (fizzy's `ActiveSupport.on_load(…) do … end` in its
          // class body): its routes are its routes file's, and a block left unrun in its class
          // (quiet, as the file is) must not leave the app's checks off, unsaid.
          const regions = interpreter.openRegions.length;
          // (Rails loads it only where something requires it: `defined?` of its class is not decided by this run.)
          interpreter.classes.runningAs("unsure", () => interpreter.runFile(loaded, { kind: "main" }));
          interpreter.openRegions.length = regions;
        }
      }
      // The app's own changes to Rails' mapper, which its initializers make as it boots (appMappers.ts).
      extendMapperFromApp(appMapperHost(interpreter), appRoot === undefined ? [] : interpreter.configFiles("Mapper").filter((f) => MENTIONS_MAPPER.test(f.index.text)));
      if (appRoot !== undefined) {
        // Files that change the mapper as they load, which config/environment.rb or an initializer requires.
        const initializers = configPaths().filter((p) => isInitializer(p, appRoot));
        const requiring = [`${appRoot}/config/environment.rb`, ...initializers].filter((p) => REQUIRES.test(read(p) ?? ""));
        // (A file that requires others runs too: the change may be a require or two further, openstax/exercises' lib/publishable.rb.)
        requireMapperChanges(interpreter, loadAll(requiring), (path) => MENTIONS_MAPPER.test(read(path) ?? "") || REQUIRES.test(read(path) ?? ""));
      }
      // A configuration file that exists unread: what it sets and the routes blocks it keeps are not known.
      if (appRoot !== undefined) for (const [path, reason] of input.unread ?? []) if (isConfigFile(path, appRoot, railsEnv)) configNotRead(path, reason);
      // Routes blocks the configuration keeps for the route set (dsl/keptBlocks.ts): the files that
      // keep some and have not run yet run now (Rails runs every initializer before the routes),
      // then the `after_initialize` blocks that keep some.
      for (const file of loadAll(configPaths().filter((p) => KEEPS_ROUTES_BLOCK.test(read(p) ?? "") || SETS_ROUTE_SET.test(read(p) ?? "")))) {
        if (!interpreter.definitionsRan.has(file.index.file)) interpreter.runForDefinitions(file);
      }
      if (application) interpreter.runAfterInitialize();
      const kept = inBootOrder(interpreter.kept.blocks, configPaths());
      const drawKept = (which: (b: KeptRoutesBlock) => boolean) => kept.filter(which).forEach((b) => interpreter.drawKeptBlock(b));
      // railties 6.1's Finisher prepends its own routes after the initializers kept theirs, before
      // the `after_initialize` blocks run; `clear!` draws them all in that order.
      interpreter.kept.phase = "prepend";
      drawKept((b) => b.kind === "prepend" && !b.afterInitialize);
      drawAll(framework.before);
      drawKept((b) => b.kind === "prepend" && b.afterInitialize);
      for (const late of interpreter.kept.latePrepends) interpreter.drawKeptBlock(late);
      interpreter.kept.phase = "files";
      // Rails' own routes files that `config.railties_order` loads before the app's.
      drawAll(framework.first);
      // The routes files Rails loads, in order: config/routes.rb, or what config.paths lists.
      const listed = application && appRoot !== undefined ? readRoutesPaths(application, (pattern) => globFiles(input, appRoot, pattern)) : undefined;
      if (listed && "missing" in listed) {
        interpreter.report("error", `${missingMethodMessage(interpreter.ruby, listed.missing.method, "Rails::Paths::Path", false)}: config.paths["config/routes.rb"] is a Rails::Paths::Path, which has \`<<\`, \`concat\` and \`unshift\` only; the app does not boot.`, listed.missing.span, "no-method-error");
      }
      if (listed && "unknown" in listed) {
        interpreter.report("info", `Routemap cannot read \`${listed.unknown.text}\`: it takes config/routes.rb as the app's only routes file.`, listed.unknown.span, "unknown-setting");
      }
      const paths = listed && "paths" in listed ? listed : undefined;
      for (const path of paths ? paths.paths.map((p) => `${appRoot}/${p}`) : [input.entry]) {
        const file = path === input.entry ? entry : load(path);
        if (file) interpreter.runFile(file, { kind: "main" });
        // Rails skips a listed file that does not exist; one outside config/routes/ may exist unread.
        else if (paths && !path.startsWith(`${appRoot}/config/routes/`)) {
          interpreter.report("info", `Routemap does not read ${path.slice(appRoot!.length + 1)}, which config.paths["config/routes.rb"] lists: its routes are missing.`, paths.site, "unread-routes-file");
        }
      }
      // The engines' routes files are loaded with the app's, each drawing into its engine's set.
      for (const engine of input.engines ?? []) {
        // An engine evaluated as its own app: its routes file is the entry, already run.
        if (!engine.routes || engine.routes === input.entry) continue;
        // Rails never defines the class of a gem the app does not load, so never draws its routes.
        if (engine.notLoaded) {
          diagnostics.push({ ...fileDiagnostic(engine.routes, engine.notLoaded, "engine-not-loaded"), severity: "info" });
          continue;
        }
        const loaded = load(engine.routes);
        if (loaded) interpreter.runFile(loaded, { kind: "main" });
      }
      // The frameworks' engines' routes files (Active Storage's), loaded after the app's (railties'
      // `add_routing_paths` puts each engine's routes file before those already listed).
      drawAll(framework.after);
      // `Rails.application.routes.append` blocks, after everything the files drew (`finalize!`, once
      // every routes file is loaded): the configuration's first, kept before the routes files ran
      // (the initializers', then the `after_initialize` blocks').
      interpreter.kept.phase = "append";
      drawKept((b) => b.kind === "append" && !b.afterInitialize);
      drawKept((b) => b.kind === "append" && b.afterInitialize);
      for (const appended of interpreter.appended) appended();
      // An engine class file is read for its name, not checked: what it says of its other code is
      // noise; so is anything about an installed gem's routes, which the user does not edit.
      for (const file of interpreter.quietFiles) quiet.add(file);
      if (quiet.size) {
        const kept = diagnostics.filter((d) => !quiet.has(d.span.file));
        const gemRoutesUnknowns = diagnostics.filter((d) => interpreter.gemRoutesFiles.has(d.span.file) && d.severity !== "error");
        diagnostics.length = 0;
        for (const d of kept) diagnostics.push(d);
        for (const d of gemRoutesSummaries(gemRoutesUnknowns, input.entry)) diagnostics.push(d);
      }
      for (const note of framework.notes) interpreter.report("info", note.message, note.span, "unknown-setting");
      });
    }
  } catch (e) {
    if (e instanceof BudgetExceeded) {
      const message = `Routemap stopped evaluating here: ${e.reason}. The routes drawn before this point are kept; the rest are missing.`;
      const span = e.span ?? interpreter.source();
      diagnostics.push({ severity: "warning", message, span, code: "budget-exceeded" });
      // What was not evaluated could have drawn anything.
      interpreter.openRegions.push({ span, reason: message });
    } else if (e instanceof ReportedError) {
      // A Rails error outside any statement (a DSL call the mapper itself made): already reported.
    } else {
      const message = `Routemap internal error: ${e instanceof Error ? e.message : String(e)}`;
      const span = interpreter.source();
      const diagnostic = span.file ? { ...fileDiagnostic(input.entry, message, "internal-error"), span } : fileDiagnostic(input.entry, message, "internal-error");
      diagnostics.push(diagnostic);
      // The rest of the table is missing: nothing may be checked against it.
      interpreter.openRegions.push({ span: diagnostic.span, reason: message });
    }
  }
  for (const n of options.notes ?? []) {
    diagnostics.push({ severity: "info", message: n.message, span: n.span, code: n.code });
    note(n.span.file);
  }
  set.release();
  for (const engineSet of state.engines.sets.values()) engineSet.release();
  const engines = [...state.engines.sets].map(([name, engineSet]): EngineRoutes => {
    const isolatedNamespace = state.engines.isolationRead(name);
    const engine: EngineRoutes = { name, routes: engineSet.routes };
    if (isolatedNamespace !== undefined) engine.isolatedNamespace = isolatedNamespace;
    if (engineSet.customHelpers.length) engine.customHelpers = engineSet.customHelpers;
    return engine;
  });
  sealed = true;
  const resume = RSymbol.resumable();
  // An expression evaluated after the map, once per text (parsed, bounded, the map's state resumed).
  const afterMap = <T>(evaluate: (file: LoadedFile, steps: number) => T | undefined) => {
    const known = new Map<string, T | undefined>();
    return (source: string): T | undefined => {
      if (known.has(source)) return known.get(source);
      const file = source.length <= MAX_CONDITION ? parseCondition(source) : undefined;
      const value = file && resume(() => withInflections(inflections, () => evaluate(file, CONDITION_STEPS)));
      known.set(source, value);
      return value;
    };
  };
  // A file Prism could not parse stands as an empty program: what it would draw (or define) is unknown.
  for (const d of diagnostics) if (d.code === "parser-failure") interpreter.openRegions.push({ span: d.span, reason: d.message });
  const decide = afterMap((file, steps) => interpreter.decideExpression(file, steps));
  // A name computed the same way (a gem's `layout -> { Gem.layout }`: app/layouts.ts).
  const nameOf = afterMap((file, steps) => interpreter.nameExpression(file, steps));
  let roots: readonly string[] | undefined;
  const autoloadPaths = () => settingsOf(interpreter).loadPaths(appRoot!);
  const autoloadFiles = (constant: string) => {
    roots ??= autoloadRoots(folders(), autoloadPaths());
    const relative = withInflections(inflections, () => underscore(constant.replace(/^::/, "")));
    return roots.map((root) => `${root}/${relative}.rb`);
  };
  return {
    decide,
    nameOf,
    ...(appRoot === undefined ? {} : { autoloadFiles, autoloadPaths }),
    routes: set.routes,
    openRegions: interpreter.openRegions,
    customHelpers: set.customHelpers,
    engines,
    engineClasses: [...state.engines.classes].flatMap(([name, c]) => (c.file === undefined ? [] : [{ name, file: c.file, isolatedNamespace: c.isolatedNamespace ?? null }])),
    declarations: interpreter.declarations,
    concerns: interpreter.concernDefinitions(),
    diagnostics,
    files,
    ...(envRead?.read ? { readsEnv: true } : {}),
    timings: { parse: parseTime, evaluation: now() - start - parseTime },
    ...(inflections ? { inflections } : {}),
    ...(interpreter.generatedControllers.size ? { generatedControllers: [...interpreter.generatedControllers] } : {}),
    // The configuration's (`config.exceptions_app`) and the routes' own (`to: DownloadsController.action(:download)`).
    // And the gems' (Devise's OmniAuth `failure`).
    ...actionEndpointsOf(loadAll([...new Set([...configPaths(), ...files])].filter((p) => ACTION_ENDPOINT.test(read(p) ?? ""))), interpreter.reachedActions),
  };
}

/** The environment's variables, noting whether the map read any (`MapResult.readsEnv`). */
class ReadsNoted extends Map<string, string> {
  read = false;
  override get(key: string): string | undefined {
    this.read = true;
    return super.get(key);
  }
  override has(key: string): boolean {
    this.read = true;
    return super.has(key);
  }
}

/** A condition longer than this is not decided (its code is checked), nor one that takes more steps. */
const MAX_CONDITION = 2_000;
const CONDITION_STEPS = 50_000;

/** config/application.rb, the environment's file, an initializer: what Rails runs before the routes. */
function isConfigFile(path: string, root: string, railsEnv: string): boolean {
  return path === `${root}/config/application.rb` || path === environmentPath(root, railsEnv) || isInitializer(path, root);
}

/** The files of the app's configuration, as `isConfigFile` and `appConfigPaths` both name them. */
const environmentPath = (root: string, railsEnv: string) => `${root}/config/environments/${railsEnv}.rb`;
const isInitializer = (path: string, root: string) => path.startsWith(`${root}/config/initializers/`) && path.endsWith(".rb");

/**
 * The app's configuration files that the host gave (none for a routes file given on its own):
 * config/application.rb first (nothing when it is missing), the environment's file, the
 * initializers of the engines the app loads (Rails::Engine's `load_config_initializers` runs
 * for each engine before the app's own), then config/initializers/**.rb in Rails' order.
 */
function appConfigPaths(input: MapInput, read: (path: string) => string | undefined, root: string, railsEnv: string): string[] {
  const application = `${root}/config/application.rb`;
  if (read(application) === undefined) return [];
  const paths = input.files instanceof Map ? [...input.files.keys()] : Object.keys(input.files);
  const engines = (input.engines ?? []).filter((e) => !e.notLoaded && !e.external).flatMap((e) => e.initializers ?? []);
  const others = [environmentPath(root, railsEnv), ...engines, ...paths.filter((p) => isInitializer(p, root)).sort()];
  return [application, ...others.filter((p) => read(p) !== undefined)];
}

function memo<T>(make: () => T): () => T {
  let value: T | undefined;
  let made = false;
  return () => {
    if (!made) {
      value = make();
      made = true;
    }
    return value as T;
  };
}

/**
 * What Routemap could not evaluate in an installed gem's routes file (a method, a value): the
 * file is not the user's, and the editor does not show it, but the routes it draws into the app
 * are the table's. One info per file, at the start of the app's routes file.
 */
function gemRoutesSummaries(said: readonly Diagnostic[], entry: string): Diagnostic[] {
  const byFile = new Map<string, Diagnostic[]>();
  for (const d of said) byFile.set(d.span.file, [...(byFile.get(d.span.file) ?? []), d]);
  return [...byFile].map(([file, list]) => {
    const gem = /\/gems\/([^/]+?)-\d[^/]*\/config\/routes\.rb$/.exec(file)?.[1];
    const first = list[0];
    const message = `Routemap could not evaluate all of what ${gem ? `the gem \`${gem}\`'s routes file` : file} draws into this app (${list.length} place${list.length === 1 ? "" : "s"}; first, line ${first.span.start.line + 1}: ${first.message.replace(/\.$/, "")}): routes it draws may be missing, or shown with «…», and the checks that depend on them are off.`;
    return { ...fileDiagnostic(entry, message, "gem-routes-unknown"), severity: "info" as const };
  });
}

function fileDiagnostic(file: string, message: string, code: string): Diagnostic {
  return { severity: "error", message, code, span: { file, start: { line: 0, character: 0 }, end: { line: 0, character: 0 } } };
}

function defaultDrawPath(entry: string): string {
  const slash = entry.lastIndexOf("/");
  return (slash >= 0 ? entry.slice(0, slash) : ".") + "/routes";
}

/** An initializer that may change Rails' mapper (`appMappers.ts`): `Routing::Mapper`, or `class Mapper` inside `module Routing`. */
const MENTIONS_MAPPER = /Routing::Mapper\b|\bclass\s+Mapper\b/;
/** A configuration or routes file that may name a controller's action as a Rack app (`configActionEndpoints`). */
const ACTION_ENDPOINT = /Controller\s*\.\s*action\b/;

function actionEndpointsOf(files: LoadedFile[], reached: readonly ActionEndpoint[]): { actionEndpoints?: ActionEndpoint[] } {
  const found = [...configActionEndpoints(files), ...reached];
  return found.length ? { actionEndpoints: found } : {};
}

/** A file that may require others (`requireMapperChanges`). */
const REQUIRES = /\b(?:require|require_relative|load)\b/;

/**
 * The options a replayed file's routes depend on (`dsl/drawMemo.ts`): all but `env`, which only
 * `ENV` reads, a constant a file of literal DSL calls cannot name. (An editor starts each
 * session with variables of its own, `VSCODE_IPC_HOOK_EXTHOST` a new socket each time: with
 * them, no recording kept between sessions would fit the next.)
 */
/**
 * Where the app adds folders for `draw` (`Rails.application.routes.draw_paths << …`, or
 * `config.paths["config/routes"]` in its configuration), which Routemap does not follow: the
 * first such line of the routes file or a configuration file, from the app's root (or the
 * routes file's folder, for a routes file alone).
 */
function drawPathsChange(paths: string[], read: (path: string) => string | undefined, root: string, followed: boolean): { file: string; line: number } | undefined {
  // (`followed`: the configuration's `paths["config/routes"]` was read, and only `draw_paths` is left.)
  const change = followed ? /\.\s*draw_paths\b/ : /\.\s*draw_paths\b|\bpaths\s*\[\s*["']config\/routes["']\s*\]/;
  for (const path of paths) {
    const text = read(path);
    const at = text === undefined ? -1 : text.search(change);
    if (at < 0) continue;
    const file = path.startsWith(root + "/") ? path.slice(root.length + 1) : path;
    return { file, line: text!.slice(0, at).split("\n").length };
  }
  return undefined;
}

function drawMemoContext(options: MapOptions): string {
  return JSON.stringify({ ...options, env: undefined });
}
