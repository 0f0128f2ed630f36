/**
 * The workspace model: the Rails apps and engines found in the workspace folders, each with
 * its routes files (open documents' text over what is on disk), its configuration, and its
 * route table, recomputed only when one of its inputs changed.
 */
import { dirname, join, relative, resolve, sep } from "node:path";
import type { ActionEndpoint, ControllerModel, EngineRoutes, MapInput, MapResult, Route, RouteMapper, UrlHelperHolderOf } from "@routemap/shared-mapper";
import { urlHelperHolderLookup } from "./features/urlHelperHolders.js";
import { DrawMemo, UNKNOWN } from "@routemap/shared-mapper";
import { keepDrawMemo, keptDrawMemo } from "./keptDraws.js";
import { appGlob } from "./cli/appGlob.js";
import { AppFileMap, appOptions, findEngines, isAppFile, readAppConfig, readAppFiles, readControllerInputs, readEngines, selfEngine, type EngineSource } from "./cli/appConfig.js";
import { appExists, isInside, walk, walkAsync, type FileSystem } from "./fileSystem.js";
import { appGemsOf } from "./cli/appGems.js";
import { findGemEngines } from "./cli/gemEngines.js";
import { markEnginesLoaded } from "./cli/engineLoading.js";
import { DefinedNames, isCheckedFile, otherControllerPaths, otherTemplates, readInstalledGems, type GemIndex, type UnreadGems } from "./cli/helperCheck.js";
import { generationOf, inheritedGemUrlOptions, uncheckedBecause, type HelperCheckContext } from "./features/helperCalls.js";
import { engineCause, gemCauses, regionCauses, restrictedCause, testHelperCauses, urlOptionsCauses, type CheckCause } from "./features/checkStatus.js";
import { appHelperTables, engineProxies, type HelperTable, type HelperTables } from "./features/helpers.js";
import { envVariableHelpers, mapsByEnvironment, otherEnvironmentRoutes, testEnvHelpers } from "./features/testEnvironment.js";
import type { FilledParts } from "./features/snippets.js";
import { engineControllerRoutes, engineDrawnBy, engineFiles, engineToCheck, type EngineFiles } from "./features/engineContexts.js";
import { appRenders, type RenderingApp } from "./features/appProblems.js";
import { KeptFiles } from "./watchedFiles.js";

export interface Settings {
  railsVersion?: string;
  rubyVersion?: string;
  railsEnv?: string;
  apiOnly?: boolean;
  diagnostics: boolean;
  hover: boolean;
  completion: boolean;
  definition: boolean;
  references: boolean;
  symbols: boolean;
  /** Code lenses above controller actions: the routes that reach them. */
  codeLens: boolean;
  /** Hints on controller actions no route reaches. */
  unreachedActions: boolean;
  /** The helper calls of every file of the app checked, not only open documents' (`routemap.diagnostics.workspace`). */
  workspaceDiagnostics: boolean;
}

export const DEFAULT_SETTINGS: Settings = {
  diagnostics: true,
  hover: true,
  completion: true,
  definition: true,
  references: true,
  symbols: true,
  codeLens: true,
  unreachedActions: true,
  workspaceDiagnostics: true,
};

/** What an app's bundle decides: its locked Rails, Ruby and gems (or the Gemfile's choice without a lock). */
const bundleOf = (config: ReturnType<typeof readAppConfig>) => ({ railsVersion: config.railsVersion, rubyVersion: config.rubyVersion, gems: config.gems, gemfile: config.gemfile });

export class RailsApp {
  readonly routesFile: string;
  readonly drawDir: string;
  private result: MapResult | undefined;
  /**
   * What the drawn files drew in earlier maps, this session's and the last one's (`keptDraws.ts`):
   * a keystroke elsewhere, or the next start, replays them (`DrawMemo`).
   */
  private readonly drawMemo: DrawMemo;
  /** Whether a map recorded a drawn file anew since the memo was last saved. */
  private drawsRecorded = false;
  private controllersCache: Map<string, string> | undefined;
  private configCache: ReturnType<typeof readAppConfig> | undefined;
  /** config/application.rb, the environment's file and the initializers, as last read from disk. */
  private appFilesCache: Map<string, string> | undefined;
  /** Those of them that exist unread (over the size cap, a link out of the workspace), with why. */
  private appFilesUnread = new Map<string, string>();
  /** Engines whose source sits beside the app, found with its configuration. */
  private enginesCache: EngineSource[] | undefined;
  /** This folder's own engine class, when it is an engine. */
  private selfEngineCache: { engine: EngineSource | undefined } | undefined;

  constructor(
    readonly root: string,
    private readonly workspace: Workspace,
  ) {
    this.routesFile = join(root, "config", "routes.rb");
    this.drawDir = join(root, "config", "routes");
    this.drawMemo = keptDrawMemo(root);
  }

  /** Saves the drawn files' recordings for the next session, when a map recorded one anew since the last save. */
  keepDraws(): void {
    if (!this.drawsRecorded) return;
    this.drawsRecorded = false;
    keepDrawMemo(this.root, this.drawMemo);
  }

  /** Rails and Ruby versions, environment and api_only: settings first, then the app's files. */
  config() {
    // An engine that runs in the holding app's bundle (`bundleHost`) has that app's Rails, Ruby and gems.
    const host = this.bundleHost();
    const own = this.appConfig();
    const app = host ? { ...own, ...bundleOf(host.appConfig()) } : own;
    return appOptions(app, this.workspace.settings, { fs: this.workspace.fs, process: process.env });
  }

  /** What the app's own files say (Gemfile.lock, `.ruby-version`, config/application.rb), read once per change. */
  private appConfig() {
    return (this.configCache ??= readAppConfig(this.routesFile, this.workspace.fs));
  }

  /** The app's route table, recomputed if an input changed since the last call. */
  table(): MapResult {
    if (this.result) return this.result;
    this.result = this.workspace.mapper.map(this.inputs(), { memo: this.drawMemo });
    if (this.drawMemo.recorded) this.drawsRecorded = true;
    // The last table only stood in for this one (`lastFiles`) while it was being made: kept, it
    // held a second table of the app all along (on 20,004 routes, the previous keystroke's).
    this.previous = undefined;
    return this.result;
  }

  /**
   * Maps the app once more and drops the result. Run a few times while the server is idle
   * after starting, it gets the mapper's code compiled by V8's optimising tier, so the first
   * keystrokes are as quick as the later ones (without it they took three times as long).
   */
  rehearse(): void {
    this.workspace.mapper.map(this.inputs());
  }

  /**
   * Maps the app once more through its `DrawMemo` (the drawn files replayed, as a keystroke in
   * config/routes.rb maps it) and drops the result: a large table gets no warm-up maps, and the
   * first keystroke's map, the first through the memo, took 80–110 ms of CPU against 20 after.
   */
  rehearseEdit(): void {
    const text = this.workspace.text(this.routesFile);
    if (text === undefined) return;
    this.tableWith(this.routesFile, text);
    // And as most keystrokes leave it: a route more before the drawn files' (their rows then
    // move, and each replay copies its records, a path the map above does not take).
    const opening = /^[^\n#]*\.routes\.draw do[ \t]*\n/m.exec(text);
    if (opening) this.tableWith(this.routesFile, `${text.slice(0, opening.index + opening[0].length)}get "/routemap-rehearsal", to: "routemap#rehearsal", as: nil\n${text.slice(opening.index + opening[0].length)}`);
  }

  /** The table the app would have with one of its routes files' text replaced (a rename tried before it is offered). */
  tableWith(path: string, text: string): MapResult {
    const inputs = this.inputs();
    (inputs.files as Map<string, string>).set(path, text);
    const result = this.workspace.mapper.map(inputs, { memo: this.drawMemo });
    if (this.drawMemo.recorded) this.drawsRecorded = true;
    return result;
  }

  private inputs(): MapInput {
    const listing = (this.drawListing ??= this.listDrawDir());
    const files = new DrawnFileMap(this.root, (path) => this.workspace.text(path), listing.files, (path) => this.drawnText(path));
    const unread = new Map(listing.unread);
    const entry = this.workspace.text(this.routesFile);
    if (entry !== undefined) files.set(this.routesFile, entry);
    else {
      const reason = this.workspace.fs.unreadReason?.(this.routesFile);
      if (reason) unread.set(this.routesFile, reason);
    }
    const config = this.config();
    // Read once, then again only when the disk says one changed (open documents come on top).
    if (!this.appFilesCache) readAppFiles(this.root, config, (this.appFilesCache = new Map()), this.workspace.fs, (this.appFilesUnread = new Map()));
    for (const [path, text] of this.appFilesCache) files.set(path, text);
    for (const [path, reason] of this.appFilesUnread) unread.set(path, reason);
    // Any other folder of the workspace with a routes file and an engine class may be mounted here,
    // but for one inside another app: that app's engine (a path gem of its own, nhrihub's
    // vendor/gems/*), which this app does not load (one drawing into the app's routes was drawn here).
    const others = this.workspace.apps.filter((a) => a !== this && !this.workspace.apps.some((b) => b !== this && b !== a && a.root.startsWith(b.root + sep))).map((a) => a.root);
    // Installed gems live outside the workspace: not read in a restricted one.
    const gemEngines = () => (this.workspace.restricted ? [] : findGemEngines(this.appGems()));
    this.enginesCache ??= markEnginesLoaded(this.root, [...findEngines(this.root, this.workspace.fs, others), ...gemEngines()], { fs: this.workspace.fs, railsEnv: config.railsEnv });
    const own = this.ownEngine();
    const engines = readEngines(own ? [own, ...this.enginesCache] : this.enginesCache, files, (path) => this.workspace.text(path));
    for (const [path, text] of this.workspace.overlays) if (this.isInputFile(path)) files.set(path, text);
    const fs = this.workspace.fs;
    const root = this.root;
    return {
      entry: this.routesFile, files, unread, engines, options: { ...config, drawPaths: [this.drawDir] },
      glob: appGlob(root, fs), exists: appExists(fs, root, unread),
      // Installed gems live outside the workspace: not read in a restricted one.
      gemMappers: () => (this.workspace.restricted ? [] : this.appGems()?.mapperSources() ?? []),
      gemSettings: () => (this.workspace.restricted ? [] : this.appGems()?.settingsSources(this.enginesCache ?? []) ?? []),
      gemClass: (constant: string) => (this.workspace.restricted ? undefined : this.appGems()?.classSource(constant)),
      // Undefined (not known) where the workspace is restricted or has no Gemfile.lock.
      gemDependents: (gem, needle) => (this.workspace.restricted ? undefined : this.appGems()?.dependents(gem, needle)),
    };
  }

  invalidate(): void {
    this.previous = this.result ?? this.previous;
    this.result = undefined;
    // Without file events from the client, the folder is listed again each time (a file may have come).
    if (!this.workspace.watching) this.drawListing = undefined;
  }

  /**
   * The files of `config/routes/`: listed once (again when one appears or goes), each read
   * only when the table draws it, and from disk only when it changed there since (its
   * version). Re-reading them all on every keystroke cost 450 ms with sixty large undrawn ones.
   */
  private listDrawDir(): { files: Set<string>; unread: Map<string, string> } {
    const files = new Set<string>();
    const unread = new Map<string, string>();
    const fs = this.workspace.fs;
    for (const path of walk(fs, this.drawDir, (p) => p.endsWith(".rb"))) {
      const reason = fs.unreadReason?.(path);
      if (reason) unread.set(path, reason);
      else files.add(path);
    }
    return { files, unread };
  }
  private drawListing: { files: Set<string>; unread: Map<string, string> } | undefined;

  /** A drawn file's text: the open document's, else the disk's, read again only when its version changed. */
  private drawnText(path: string): string | undefined {
    const open = this.workspace.overlays.get(path);
    if (open !== undefined) return open;
    const fs = this.workspace.fs;
    const version = fs.version?.(path);
    const known = this.drawnTexts.get(path);
    if (version !== undefined && known?.version === version) return known.text;
    const text = fs.readFile(path);
    if (version !== undefined && text !== undefined) this.drawnTexts.set(path, { version, text });
    else this.drawnTexts.delete(path);
    return text;
  }
  private readonly drawnTexts = new Map<string, { version: string; text: string }>();

  /** A file of `config/routes/` appeared or went on disk: the folder is listed again. */
  drawFolderChanged(): void {
    this.drawListing = undefined;
    this.invalidate();
  }

  /** A configuration file changed on disk: it is read again. */
  invalidateAppFiles(): void {
    this.appFilesCache = undefined;
    this.invalidate();
  }

  invalidateConfig(): void {
    this.configCache = undefined;
    this.gemIndexCache = undefined;
    this.gemCausesCache = undefined;
    this.providedCache = undefined;
    this.otherTemplatesCache = undefined;
    this.enginesCache = undefined;
    this.selfEngineCache = undefined;
    this.appFilesCache = undefined;
    this.invalidate();
  }

  /**
   * A controller, concern or template changed (`path`), or controllers may have (none): the model
   * is built again, from the files as they are now. A changed file is read again alone; a view
   * that appears or goes changes the list of templates.
   */
  invalidateControllers(path?: string, kind: "changed" | "created" | "deleted" = "changed"): void {
    this.controllersCache = undefined;
    // A controller's or a template's text changed (a keystroke): the next model takes what it can
    // from this one (`ControllerInput.previous`; a template's text is none of it); any other change
    // builds it anew.
    const edited = path !== undefined && kind === "changed" && ((path.startsWith(join(this.root, "app", "controllers") + sep) && path.endsWith(".rb")) || path.startsWith(join(this.root, "app", "views") + sep));
    this.previousModel = edited ? (this.controllerModelCache ?? this.previousModel) : undefined;
    this.controllerModelCache = undefined;
    // What lib/, engines and gems provide changes only as a file outside app/ appears or goes.
    if (path === undefined || (kind !== "changed" && !path.startsWith(join(this.root, "app") + sep))) this.providedCache = undefined;
    // An engine's template that appears or goes.
    if (kind !== "changed") this.otherTemplatesCache = undefined;
    const inputs = this.controllerInputs;
    if (!inputs || path === undefined) {
      this.controllerInputs = undefined;
      return;
    }
    if (path.startsWith(join(this.root, "app", "controllers") + sep) && path.endsWith(".rb")) {
      const text = this.workspace.text(path);
      if (text === undefined) inputs.files.delete(path);
      else inputs.files.set(path, text);
    } else if (path.startsWith(join(this.root, "app", "views") + sep) && kind !== "changed") {
      this.controllerInputs = undefined;
    }
    // A module read from app/helpers or lib is read again as the model is built.
  }
  private controllerInputs: ReturnType<typeof readControllerInputs> | undefined;

  /**
   * Whether every file's URL uses were read into the store since files last appeared or went
   * (usesWarmup.ts): a request then reads the few changed files itself, no slices needed.
   */
  usesReadWhole = false;

  /**
   * Gets the controller model's inputs ready without holding the thread: the controllers and
   * templates listed by asynchronous walks, and the controllers read and parsed a batch at a
   * time, `pause` between batches (the server answers what came meanwhile). In a large app
   * (5,000 controllers) building the model at once held a first hover for seconds.
   */
  prepare(pause: () => Promise<void>, report?: PrepareReport): Promise<void> {
    // One read at a time: a request that began it first (`prepared`) is joined.
    if (this.running) return this.running;
    this.preparing = true;
    this.running = (async () => {
      try {
        if (!this.controllerInputs) await this.prepareInputs(pause, report);
        if (!this.definedNames) await this.prepareNames(pause, report);
      } finally {
        this.preparing = false;
        this.running = undefined;
      }
    })();
    return this.running;
  }
  private preparing = false;
  /** The `prepare` under way. */
  private running: Promise<void> | undefined;

  /**
   * Waits, without holding the thread, until the app's read at start is done (at once when it is,
   * or when none is due): a request that reads the whole app (references) would otherwise read at
   * once what `prepare` reads a batch at a time, holding every other request for seconds. A read
   * the server has not begun yet (`prepareLater`) is begun here.
   */
  async prepared(pause: () => Promise<void>): Promise<void> {
    if (this.running || this.preparing) await this.prepare(pause).catch(() => undefined);
  }

  /**
   * Says that `prepare` is about to begin (the server lets the client's first request go first):
   * from now until it is done, as while it runs, the model is not ready.
   */
  prepareLater(): void {
    this.preparing = true;
  }

  /**
   * Whether the controller model can be had without reading the app (`prepare` is not under
   * way): until then a keystroke's answer leaves out the checks that need it, and the whole
   * app's are published once it is ready.
   */
  modelReady(): boolean {
    return !this.preparing || this.controllerInputs !== undefined;
  }

  private async prepareInputs(pause: () => Promise<void>, report?: PrepareReport): Promise<void> {
    const fs = this.workspace.fs;
    const controllersDir = join(this.root, "app", "controllers");
    const viewsDir = join(this.root, "app", "views");
    const paths = await walkAsync(fs, controllersDir, (p) => p.endsWith(".rb"));
    const views = (await walkAsync(fs, viewsDir, () => true)).map((p) => relative(viewsDir, p).split(sep).join("/"));
    const files = new Map<string, string>();
    const { inflections } = this.table();
    const gems = this.config().gems;
    for (let i = 0; i < paths.length; i += PREPARE_BATCH) {
      report?.(`reading the app: controllers ${i} of ${paths.length}`, Math.round((50 * i) / paths.length));
      const batch = new Map<string, string>();
      for (const path of paths.slice(i, i + PREPARE_BATCH)) {
        const text = this.workspace.text(path);
        if (text !== undefined) batch.set(path, text);
      }
      // A model of the batch alone, dropped: the mapper keeps each file's reading for the whole one.
      this.workspace.mapper.controllers({ files: batch, views: [], root: this.root, gems, inflections });
      for (const [path, text] of batch) files.set(path, text);
      await pause();
      if (this.controllerInputs) return;
    }
    this.controllerInputs ??= { files, views };
  }

  /**
   * The app's controllers as Rails counts their actions (`app/controllers/**`, open documents
   * over disk) and the templates of `app/views`; recomputed when one of them changes.
   */
  controllerModel(): ControllerModel {
    // The app's inflection rules name its controllers: new rules (an edited initializer), a new model.
    const { inflections } = this.table();
    if (this.controllerModelCache && this.modelInflections !== inflections) this.controllerModelCache = undefined;
    if (!this.controllerModelCache) {
      this.modelInflections = inflections;
      this.controllerInputs ??= readControllerInputs(this.root, this.workspace.fs, (path) => this.workspace.text(path));
      const { files, views: own } = this.controllerInputs;
      // Engines' and installed gems' templates render for the app's controllers too.
      this.otherTemplatesCache ??= otherTemplates(this.workspace.fs, this.engineRoots(), this.installedGems());
      // The same list while no template appears or goes: the model indexes it once.
      if (this.viewsCache?.own !== own || this.viewsCache.other !== this.otherTemplatesCache) {
        this.viewsCache = { own, other: this.otherTemplatesCache, views: [...own, ...this.otherTemplatesCache] };
      }
      const views = this.viewsCache.views;
      // Modules included from app/helpers, lib… are read when a controller names one (or looked
      // for, and not found: one made later builds the model again). A model that takes controllers
      // from the last one does not look for theirs again: what the last one read counts too.
      const gems = this.config().gems;
      const previous = this.previousModel && this.previousModelGems === gems ? this.previousModel : undefined;
      this.readByModel = new Set(previous ? this.readByModel : []);
      const read = (path: string) => {
        this.readByModel!.add(path);
        return this.workspace.text(path);
      };
      const installed = this.installedGems();
      const gemMacros = "why" in installed ? undefined : installed.macros;
      const unreadGems = "why" in installed ? installed.brief : undefined;
      this.controllerModelCache = this.workspace.mapper.controllers({ files, views, root: this.root, read, gems, gemMacros, unreadGems, inflections, previous });
      this.previousModel = undefined;
      this.previousModelGems = gems;
    }
    return this.controllerModelCache;
  }
  private controllerModelCache: ControllerModel | undefined;
  /** The last model, while only controller files changed since it was built (`invalidateControllers`). */
  private previousModel: ControllerModel | undefined;
  /** The gems the last model was built with. */
  private previousModelGems: unknown;
  private modelInflections: MapResult["inflections"];
  private otherTemplatesCache: string[] | undefined;
  private viewsCache: { own: readonly string[]; other: readonly string[]; views: string[] } | undefined;
  private readByModel: Set<string> | undefined;

  /** Whether a file is one the controller model reads: a controller or concern, a template, a module it included. */
  isControllerFile(path: string): boolean {
    return (
      path.startsWith(join(this.root, "app", "controllers") + sep) ||
      path.startsWith(join(this.root, "app", "views") + sep) ||
      (this.readByModel?.has(path) ?? false)
    );
  }

  owns(path: string): boolean {
    return path === this.root || path.startsWith(this.root + sep);
  }

  /**
   * A file the table is computed from: a routes file, one of the app's configuration files,
   * or a file of `app/` or `lib/` the last table read (a Devise model, a constant's module).
   */
  isInputFile(path: string): boolean {
    return this.isRoutesFile(path) || isAppFile(this.root, path) || (this.lastFiles?.has(path) ?? false);
  }

  /** The files the last table read. */
  private get lastFiles(): Set<string> | undefined {
    const result = this.result ?? this.previous;
    if (!result) return undefined;
    let files = this.filesOf.get(result);
    if (!files) this.filesOf.set(result, (files = new Set(result.files)));
    return files;
  }
  private previous: MapResult | undefined;
  private readonly filesOf = new WeakMap<MapResult, Set<string>>();

  /**
   * What checking the app's helper calls needs, or why they are not checked: the table is not
   * complete, or the gems' helpers cannot be known. The names the app and its gems define are
   * read once, and again after a file changes.
   */
  helperCheck(): HelperCheckContext | { unchecked: string } {
    const asEngine = this.engineRule();
    if (asEngine) return { unchecked: asEngine.why };
    const result = this.table();
    const gems = this.installedGems();
    const why = uncheckedBecause(result, "why" in gems ? gems : gems.helpers);
    if (why || "why" in gems) return { unchecked: why ?? "" };
    const names = this.names();
    const engine = this.engineFiles();
    if (!engine) return { tables: this.helperTables(), defined: names.all(), definedIn: (path, text) => names.definedIn(path, text), testRouteModules: () => names.testRouteModules(), gems: gems.helpers, gemMentions: gems.mentioned, generation: this.generation(), testEnvHelpers: (path) => this.testEnvHelpers(path), envVariableHelpers: () => this.envVariableHelpers() };
    // An engine's code may call what the app's defines (its controllers may inherit the app's).
    const check = { tables: engine.files.tables, tablesFor: engine.files.tablesFor, defined: this.withHostNames(names.all(), engine.host), gems: gems.helpers, gemMentions: gems.mentioned, generation: this.generation(engine.host) };
    const rendering = engine.host?.renderingApp();
    return { ...check, renderedByApp: appRenders(this.root, rendering), renderedByAppKey: rendering && (() => rendering.rendersKey()) };
  }

  /** This app as an engine's checks see it (`appRenders`): its controllers' renders by name, and its context. */
  renderingApp(): RenderingApp {
    return {
      controllersRendering: (name) => this.names().controllersRendering(name),
      filesRendering: (name) => this.names().filesRendering(name),
      rendersKey: () => this.names().rendersKey(),
      context: () => {
        const context = this.helperCheck();
        return "unchecked" in context ? undefined : context;
      },
    };
  }

  /**
   * Why this folder's files are not checked, when it is an engine of an app of the workspace
   * that `routemap check` on that app would not check (`engineToCheck`: one the app does not
   * load, or whose class is not read); undefined otherwise.
   */
  private engineRule(): { why: string } | undefined {
    const plan = this.engineOfApp()?.plan;
    return plan && "why" in plan ? plan : undefined;
  }

  /**
   * The app of the workspace this folder is an engine of, with how `routemap check` on that app
   * takes it (`engineToCheck`); once per table of that app (its routes are looked through).
   */
  private engineOfApp(): { app: RailsApp; plan: EngineRoutes | { why: string } } | undefined {
    for (const app of this.workspace.apps) {
      if (app === this || !this.root.startsWith(app.root + sep)) continue;
      const source = app.engineAt(this.root);
      if (!source) continue;
      const table = app.table();
      if (this.engineOfAppCache?.app !== app || this.engineOfAppCache.table !== table || this.engineOfAppCache.source !== source) {
        this.engineOfAppCache = { app, table, source, plan: engineToCheck(source, table) };
      }
      return this.engineOfAppCache;
    }
    return undefined;
  }
  private engineOfAppCache: { app: RailsApp; table: MapResult; source: EngineSource; plan: EngineRoutes | { why: string } } | undefined;

  /** The engine at `root` as this app finds it (its path gems and engine folders, each marked when not loaded). */
  engineAt(root: string): EngineSource | undefined {
    if (!this.enginesCache) this.table();
    return this.enginesCache?.find((e) => e.root === root);
  }

  /**
   * How this engine's files are checked (engineContexts.ts), when it is an engine whose routes
   * file draws its routes and whose class is read; with the app that mounts it, if one does.
   */
  private engineFiles(): { files: EngineFiles; host: RailsApp | undefined; engine: EngineRoutes } | undefined {
    const result = this.table();
    // An engine's routes file draws into its engine's set only; the app set may still hold the
    // routes Rails adds (Active Storage, /rails/info: openfoodnetwork's engines in development).
    // (Asked on every background slice: the app's routes are looked through only for a file that draws an engine's.)
    const drawn = engineDrawnBy(result, this.routesFile);
    const own = drawn && !result.routes.some((r) => r.source.file === this.routesFile) ? drawn : undefined;
    // Else (its routes file draws into the app's routes, or nothing) the app that holds it says which engine it is.
    const held = own ? undefined : this.engineOfApp();
    const engine = own ?? (held && !("why" in held.plan) ? held.plan : undefined);
    if (!engine) return undefined;
    const host = own ? this.hostOf(own.name) : held!.app;
    const app = host?.table();
    if (this.engineFilesCache?.result === result && this.engineFilesCache.app === app && this.engineFilesCache.engine === engine) return { files: this.engineFilesCache.files, host, engine };
    const files = engineFiles({ root: this.root, engine, app, own: result });
    if (!files) return undefined;
    this.engineFilesCache = { result, app, engine, files };
    return { files, host, engine };
  }
  private engineFilesCache: { result: MapResult; app: MapResult | undefined; engine: EngineRoutes; files: EngineFiles } | undefined;

  /** The engine's names and the app's that mounts it, one set while neither changes. */
  private withHostNames(own: ReadonlySet<string>, host: RailsApp | undefined): ReadonlySet<string> {
    if (!host) return own;
    const hostNames = host.definedHelperNames();
    if (this.unionCache?.own === own && this.unionCache.host === hostNames) return this.unionCache.union;
    const union = new Set([...own, ...hostNames]);
    this.unionCache = { own, host: hostNames, union };
    return union;
  }
  private unionCache: { own: ReadonlySet<string>; host: ReadonlySet<string>; union: ReadonlySet<string> } | undefined;

  /** The app that mounts the engine `name` drawn by this folder's routes file (other engines read it too, but mount nothing of it). */
  private hostOf(name: string): RailsApp | undefined {
    return this.workspace.apps.find((a) => a !== this && a.readsFile(this.routesFile) && a.table().routes.some((r) => r.engine === name));
  }

  /** Every helper-like name the app's own code defines or names (`def x_path`, `:x_path`), whether or not its gems are known. */
  definedHelperNames(): ReadonlySet<string> {
    return this.names().all();
  }

  /** The methods the app's code calls on a controller from outside it (`controller.x`), each with its first call. */
  controllerCalls(): ReadonlyMap<string, { path: string; line: number }> {
    return this.names().controllerCalls();
  }

  /** The actions the app's code runs as Rack apps (`ErrorsController.action(:show)`): reached without a route. */
  actionEndpoints(): readonly ActionEndpoint[] {
    return this.names().actionEndpoints();
  }

  /** What the app's files define for its helper calls, read once, then per changed file. */
  private names(): DefinedNames {
    return (this.definedNames ??= this.newNames());
  }

  private newNames(o: { read?: boolean } = {}): DefinedNames {
    const names = new DefinedNames(this.root, this.engineRoots(), this.workspace.fs, (path) => this.workspace.text(path), this.workspace.mapper, o);
    // Installed gems live outside the workspace: not read in a restricted one.
    if (!this.workspace.restricted) names.gemLib = (relative) => this.appGems()?.libFile(relative);
    return names;
  }

  /**
   * The names the app's files define, read a batch at a time, `pause` between batches: on issue
   * 30's app (50,000 files) reading them at once held every request for 1.3–2.7 s after start.
   * A file that changes meanwhile is read again at the end.
   */
  private async prepareNames(pause: () => Promise<void>, report?: PrepareReport): Promise<void> {
    const names = this.newNames({ read: false });
    const changed = (this.changedWhileNamed = new Set<string>());
    try {
      const paths = names.paths();
      await pause();
      for (let i = 0; i < paths.length && !this.definedNames; i += NAMES_BATCH) {
        report?.(`reading the app: files ${i} of ${paths.length}`, 50 + Math.round((50 * i) / paths.length));
        names.readFiles(paths.slice(i, i + NAMES_BATCH));
        await pause();
      }
      for (const path of changed) names.update(path);
      this.definedNames ??= names;
    } finally {
      this.changedWhileNamed = undefined;
    }
  }
  private changedWhileNamed: Set<string> | undefined;

  /** What URL generation depends on where a file of the app runs. */
  generation(host?: RailsApp): HelperCheckContext["generation"] {
    const gems = this.installedGems();
    // An engine's mailers inherit the holding app's `ActionMailer::Base.default_url_options`.
    const hostUrlDefaults = host?.names().urlDefaults();
    return generationOf(this.names(), () => this.controllerModel(), {
      root: this.root,
      urlHelperHolders: this.urlHelperHolders(),
      rubyVersion: this.config().rubyVersion,
      read: (path) => this.workspace.text(path),
      table: () => this.table(),
      gemUrlOptions: "why" in gems ? [] : gems.urlOptions,
      gemUrlOptionsControllers: "why" in gems ? undefined : gems.urlOptionsControllers,
      gemLayouts: "why" in gems ? undefined : gems.layouts,
      hostUrlDefaults,
      hostRequestUrlOptions: host?.names().requestUrlOptions(),
      // An engine's controllers are reached by its set's routes and the holding app's.
      controllerRoutes: host ? () => this.controllerRoutes() : undefined,
    });
  }

  /** What the locked gems define (read once), or why it cannot be known. */
  installedGems(): GemIndex | UnreadGems {
    if (this.workspace.restricted) return { why: RESTRICTED, brief: "the workspace is not trusted, so Routemap reads no installed gem" };
    return (this.gemIndexCache ??= readInstalledGems(this.appGems()));
  }

  /** The app's locked gems: where each is installed, what it defines (found once per Gemfile.lock read). */
  private appGems(): ReturnType<typeof appGemsOf> {
    const host = this.bundleHost();
    if (host) return host.appGems();
    const { rubyVersion, railsEnv } = this.config();
    return appGemsOf(this.root, this.appConfig().lock, { fs: this.workspace.fs, rubyVersion, railsEnv });
  }

  /** This folder's own engine class, when it is an engine (read once per configuration). */
  private ownEngine(): EngineSource | undefined {
    return (this.selfEngineCache ??= { engine: selfEngine(this.root, this.routesFile, this.workspace.fs) }).engine;
  }

  /**
   * The app whose bundle this one runs in, when it is not its own: an engine inside the app that
   * mounts it (`engines/journal`), with no Gemfile.lock of its own, has that app's gems.
   */
  private bundleHost(): RailsApp | undefined {
    if (!this.ownEngine()) return undefined;
    const host = this.holdingApp();
    // Its own Gemfile.lock is for working on the engine alone (its dummy app), unless the app
    // loads it as a path gem (nhrihub's vendor/gems/*): then it runs in the app's bundle.
    if (!host || (this.appConfig().lock && !host.loadsPathGem(this.root))) return undefined;
    return host;
  }

  /** The app around this folder that reads its routes file (the app that loads this engine). */
  private holdingApp(): RailsApp | undefined {
    return this.workspace.apps.find((a) => a !== this && this.root.startsWith(a.root + sep) && a.readsFile(this.routesFile));
  }

  /**
   * The app that holds this folder and draws `path`, one of this folder's routes files, into its
   * own set (an engine's `Rails.application.routes.draw`, nhrihub's vendor/gems/*): that app's
   * table has the file's routes as Rails draws them (after the app's own routes file, with what
   * its initializers give the mapper), and `routemap check` on it reports them there.
   */
  hostDrawing(path: string): RailsApp | undefined {
    if (!this.isRoutesFile(path)) return undefined;
    const host = this.holdingApp();
    return host?.drawingFiles().has(path) ? host : undefined;
  }

  /**
   * The files whose routing calls drew into the app's own set, wherever they are: besides
   * config/routes.rb and its `draw`n files, an engine's routes file that draws into the app's
   * routes, or a file its code evaluates (Redmine's routes file runs each plugin's
   * config/routes.rb with `instance_eval File.read(file)`). Not an engine's own set, nor a gem's.
   * Once per table.
   */
  drawingFiles(): ReadonlySet<string> {
    const result = this.table();
    if (this.drawingCache?.result !== result) {
      const files = new Set<string>();
      for (const d of result.declarations) if (!d.engine && !d.origin) files.add(d.file);
      this.drawingCache = { result, files };
    }
    return this.drawingCache.files;
  }
  private drawingCache: { result: MapResult; files: ReadonlySet<string> } | undefined;

  /** Whether the table's diagnostics of `path` are this app's to publish (`Workspace.reporterFor`). */
  reportsFor(path: string): boolean {
    return this.workspace.reporterFor(path) === this;
  }

  /** Whether the app's Gemfile.lock has the engine at `root` as a path gem it loads. */
  loadsPathGem(root: string): boolean {
    const engine = this.engineAt(root);
    if (!engine || engine.external || engine.notLoaded) return false;
    return (this.appConfig().lock?.sources ?? []).some((s) => s.kind === "PATH" && s.remote !== undefined && resolve(this.root, s.remote) === root);
  }
  private gemIndexCache: GemIndex | UnreadGems | undefined;

  /**
   * Why checks are off or partial (checkStatus.ts): the parts of the routes Routemap could not
   * evaluate, and the gems whose definitions are unknown. `gems: false`: the gems are left out
   * while they have not been read (at start, before the app's files are).
   */
  checkCauses(o: { gems: boolean } = { gems: true }): CheckCause[] {
    const result = this.table();
    let regions = this.regionCausesCache?.result === result ? this.regionCausesCache.causes : undefined;
    if (!regions) this.regionCausesCache = { result, causes: (regions = regionCauses(result)) };
    if (!o.gems && !this.gemIndexCache && !this.workspace.restricted) return regions;
    const lock = { path: join(this.bundleHost()?.root ?? this.root, "Gemfile.lock"), text: undefined as string | undefined };
    lock.text = this.workspace.text(lock.path);
    // URL options are read with the names the app defines: at the whole app's answer (as its
    // problems are checked), not in a keystroke's, which uses them once they are read.
    const gems = this.gemIndexCache && !("why" in this.gemIndexCache) ? this.gemIndexCache : undefined;
    const names = o.gems ? this.names() : this.definedNames;
    // A gem controller's `url_options` counts where an app controller inherits it: known from the
    // controller model, made here only where the whole app's answer is asked for (as the names).
    const model = gems?.urlOptionsControllers.size ? (o.gems ? this.controllerModel() : this.controllerModelCache) : undefined;
    const gemControllers = model ? inheritedGemUrlOptions(gems!.urlOptionsControllers, model.byPath.values()) : [];
    const urlOptions = names ? [...urlOptionsCauses({ ...names.urlOptionsFiles(), gems: gems?.urlOptions ?? [], gemControllers }, (path) => this.workspace.text(path), lock), ...testHelperCauses(names.testSupportCauses(), this.root)] : [];
    if (this.workspace.restricted) return [...regions, restrictedCause(RESTRICTED), ...urlOptions];
    // An engine the app's `check` leaves out: that is the cause, whatever its gems.
    const asEngine = this.engineRule();
    if (asEngine) return [...regions, engineCause(asEngine.why, this.routesFile, "off")];
    this.gemCausesCache ??= gemCauses(this.appGems(), lock);
    return [...regions, ...this.gemCausesCache, ...urlOptions];
  }
  private regionCausesCache: { result: MapResult; causes: CheckCause[] } | undefined;
  private gemCausesCache: CheckCause[] | undefined;

  /** Whether `path` is an initializer of one of the app's own engines, which Rails runs as it boots the app. */
  isEngineInitializer(path: string): boolean {
    if (!path.endsWith(".rb")) return false;
    return (this.enginesCache ?? []).some((e) => !e.external && path.startsWith(join(e.root, "config", "initializers") + sep));
  }

  /** The app's own engines beside it (not installed gems'). */
  engineRoots(): string[] {
    if (!this.enginesCache) this.table();
    return (this.enginesCache ?? []).filter((e) => !e.external).map((e) => e.root);
  }

  /**
   * Every controller the app has outside `app/controllers`, or gives through its gems and
   * engines; undefined when its gems cannot be read (then no controller is said to be missing).
   */
  providedControllers(): ReadonlySet<string> | undefined {
    const gems = this.installedGems();
    if ("why" in gems) return undefined;
    this.providedCache ??= new Set([...gems.controllers, ...otherControllerPaths(this.root, this.workspace.fs, this.engineRoots(), this.table().autoloadPaths?.()), ...this.hostControllers()]);
    return this.providedCache;
  }

  /**
   * An engine inside an app that loads its routes resolves controllers as that app does: Rails'
   * autoloader finds the app's and every engine's (nhrihub's engines route to the app's).
   */
  private hostControllers(): Set<string> {
    const host = this.holdingApp();
    return host ? otherControllerPaths(host.root, this.workspace.fs, [host.root, ...host.engineRoots()]) : new Set();
  }

  /** A controller file came or went elsewhere in the workspace: the controllers provided are listed again. */
  controllerFilesChanged(): void {
    this.providedCache = undefined;
  }
  private providedCache: Set<string> | undefined;
  private definedNames: DefinedNames | undefined;

  /** A Ruby or template file changed, appeared or went: the names it may define are read again. */
  fileTextChanged(path: string): void {
    this.definedNames?.update(path);
    this.changedWhileNamed?.add(path);
  }

  /** Whether a file is this app's rather than a nested engine's (the innermost app owns a file). */
  ownsFile(path: string): boolean {
    return this.workspace.appFor(path) === this;
  }

  /**
   * Whether Routemap publishes the table's diagnostics for one of the app's files: its routes
   * and configuration (an engine's routes file, read for its section, is the engine's to report
   * on, and a model read for Devise is Ruby LSP's).
   */
  reportsOn(path: string): boolean {
    return this.isRoutesFile(path) || isAppFile(this.root, path);
  }

  isRoutesFile(path: string): boolean {
    return path === this.routesFile || (path.startsWith(this.drawDir + sep) && path.endsWith(".rb"));
  }

  /**
   * The helper tables of the app's files. An engine's own (its routes file draws
   * `Blog::Engine.routes`, and nothing into an app) are the engine's routes, and `main_app.`
   * is the app that mounts the engine.
   */
  helperTables(): HelperTables {
    const result = this.table();
    const drawn = result.routes.length === 0 ? result.engines.find((e) => e.routes.some((r) => r.source.file === this.routesFile)) : undefined;
    if (!drawn) return { ...appHelperTables(result), holders: this.urlHelperHolders() };
    // The app that mounts this engine (other engines read its routes file too, but mount nothing of it).
    const host = this.hostOf(drawn.name);
    const own = (this.engineTables ??= new WeakMap()).get(result) ?? { routes: drawn.routes, customHelpers: [] };
    this.engineTables.set(result, own);
    return { own, mainApp: host?.table(), proxies: engineProxies(result) };
  }
  private engineTables: WeakMap<MapResult, HelperTable> | undefined;

  /** The app's classes that hold the routes' helpers as class methods (`Routes.story_url`), each found once per table and file text. */
  urlHelperHolders(): UrlHelperHolderOf {
    return (this.holderLookup ??= urlHelperHolderLookup({ root: this.root, table: () => this.table(), read: (path) => this.workspace.text(path), holders: (path, text) => this.workspace.mapper.urlHelperHolders(path, text) }));
  }
  private holderLookup: UrlHelperHolderOf | undefined;

  /** For a test file, the helpers of the table drawn in the test environment (testEnvironment.ts), one lookup per table. */
  private testEnvHelpers(path: string): ReadonlySet<string> | undefined {
    const result = this.table();
    if (this.testEnv?.result !== result) this.testEnv = { result, helpers: testEnvHelpers(this.root, this.inputs(), this.mapInEnvironment(result)) };
    return this.testEnv.helpers(path);
  }
  private testEnv: { result: MapResult; helpers: (path: string) => ReadonlySet<string> | undefined } | undefined;

  /** The helpers the routes define under other values of the environment variables they read (testEnvironment.ts), one lookup per table. */
  private envVariableHelpers(): ReadonlySet<string> | undefined {
    const result = this.table();
    if (this.envVariables?.result !== result) this.envVariables = { result, helpers: envVariableHelpers(this.inputs(), result, this.mapInEnvironment(result)) };
    return this.envVariables.helpers();
  }
  private envVariables: { result: MapResult; helpers: () => ReadonlySet<string> | undefined } | undefined;

  /** The routes of the app's other environments' tables (testEnvironment.ts), drawn once per table, where a routes file reads its environment. */
  otherEnvironmentRoutes(): readonly Route[] {
    const result = this.table();
    if (this.otherEnvs?.result !== result) this.otherEnvs = { result, routes: otherEnvironmentRoutes(this.inputs(), result, this.mapInEnvironment(result)) };
    return this.otherEnvs.routes;
  }
  private otherEnvs: { result: MapResult; routes: readonly Route[] } | undefined;

  /** The table's other environments' tables, each drawn once for both of the above (testEnvironment.ts `mapsByEnvironment`). */
  private mapInEnvironment(result: MapResult): (input: MapInput) => MapResult {
    if (this.envMaps?.result !== result) this.envMaps = { result, map: mapsByEnvironment((input) => this.workspace.mapper.map(input)) };
    return this.envMaps.map;
  }
  private envMaps: { result: MapResult; map: (input: MapInput) => MapResult } | undefined;

  /**
   * The helper tables a file of this folder has where Rails runs it, for the editor's features
   * (hover, completion, definition, references): in an engine whose files are checked, the
   * tables its checks take (`engineFiles`: an isolated engine's own set with `main_app.` for the
   * app's, a non-isolated engine's the app's); a file whose context is not known there (a
   * concern or partial outside an isolated engine's namespace, a test) gets its controllers',
   * where most such code runs (its calls stay unchecked). Elsewhere the folder's own tables.
   */
  helperTablesAt(path: string): HelperTables {
    const engine = this.editorEngine();
    return engine ? (engine.files.tablesFor(path) ?? engine.files.tables) : this.helperTables();
  }

  /**
   * The routes that reach this folder's controllers (code lenses, hover and definition on an
   * action): an engine's, those of its engine's set and of the app that holds it (an app's route
   * may lead to an engine's controller, and an engine whose routes file draws into the app's
   * routes has its routes there); else the folder's own table's.
   */
  controllerRoutes(): readonly Route[] {
    const engine = this.editorEngine();
    if (!engine) return this.table().routes;
    const hostRoutes = engine.host?.table().routes ?? NO_ROUTES;
    const own = engine.engine.routes;
    if (this.controllerRoutesCache?.own === own && this.controllerRoutesCache.host === hostRoutes) return this.controllerRoutesCache.routes;
    const routes = engineControllerRoutes(own, hostRoutes);
    this.controllerRoutesCache = { own, host: hostRoutes, routes };
    return routes;
  }
  private controllerRoutesCache: { own: readonly Route[]; host: readonly Route[]; routes: readonly Route[] } | undefined;

  /**
   * The engine whose checks the editor's features follow, unless its checks are off (not
   * loaded by the app, its class not read): then the folder's own table, as before.
   */
  private editorEngine(): { files: EngineFiles; host: RailsApp | undefined; engine: EngineRoutes } | undefined {
    return this.engineRule() ? undefined : this.engineFiles();
  }

  /** The `default_url_options` keys a file gets where it runs without a request, as the checks take them; undefined where a request runs it, or not known. */
  urlDefaultsAt(path: string): ReadonlySet<string> | undefined {
    const generation = this.editorGeneration();
    if (!generation.runsWithoutRequest(path)) return undefined;
    return generation.defaults === UNKNOWN ? undefined : generation.defaults;
  }

  /**
   * What fills a route's parts where an app's file runs, for completion's snippets: where no
   * request runs it, the `default_url_options` keys as the checks take them; where a request
   * does, the routes whose requests run it (where what they recall is known). In an engine's
   * files where no request runs them (its mailers), the engine's own options joined with the
   * holding app's ActionMailer::Base ones; where one does, the routes of the engine's set and of
   * the holding app that reach its controllers (`controllerRoutes`), as a request through the
   * mount, or the app's routes to them, runs the file.
   */
  filledPartsAt(path: string): FilledParts | undefined {
    const generation = this.editorGeneration();
    if (generation.runsWithoutRequest(path)) {
      // The mailer's own options where they are known per mailer, else every key any file sets.
      const defaults = generation.mailerDefaults?.(path) ?? generation.defaults;
      return defaults === UNKNOWN ? undefined : { defaults };
    }
    const engine = this.editorEngine();
    // An engine's requests: not the folder's table (an engine's routes file draws its set, or
    // into the app's), whose routes the engine checks' `recall` still reads. The holding app's
    // controllers' `url_options` may be the engine's too (a non-isolated engine's controllers
    // inherit the app's ApplicationController): then what a request recalls is not known.
    if (engine && engine.host?.names().requestUrlOptions()) return undefined;
    const requests = generation.requestRoutes?.(path, engine && this.controllerRoutes());
    return requests?.length ? { requests } : undefined;
  }

  /** What URL generation depends on where this folder's files run: an engine's joins the holding app's `default_url_options` (as its checks do). */
  editorGeneration(): HelperCheckContext["generation"] {
    return this.generation(this.editorEngine()?.host);
  }

  /** Whether the app's table reads `path` (an engine's routes file, for the app mounting it). */
  readsFile(path: string): boolean {
    return this.table().files.includes(path);
  }

  /** The workspace's other apps and engines (an engine's routes are called from the apps mounting it, through their proxies). */
  otherApps(): RailsApp[] {
    return this.workspace.apps.filter((a) => a !== this);
  }

  /** The app or engine of the workspace that owns a file. */
  appOwning(path: string): RailsApp | undefined {
    return this.workspace.appFor(path);
  }

  workspaceMapper(): RouteMapper {
    return this.workspace.mapper;
  }

  /** Whether an edit may write `path`: it is, through its links, inside the workspace. */
  mayWrite(path: string): boolean {
    return this.workspace.contains(path);
  }

  workspaceFs(): FileSystem {
    return this.workspace.fs;
  }

  /** A file's text, open document first. */
  workspaceText(path: string): string | undefined {
    return this.workspace.text(path);
  }

  /**
   * The file of the class a route's controller reaches (`ControllerModel.atRoute`:
   * `v_a_c_o_l_s/veterans` is in vacols/veterans_controller.rb), else the one at its path under
   * `app/controllers`.
   */
  controllerFileOf(controller: string): string | undefined {
    return this.controllerModel().atRoute(controller)?.file ?? this.controllers().get(controller);
  }

  /** Controllers under `app/controllers`, by name (`admin/users`) → file. */
  controllers(): Map<string, string> {
    if (!this.controllersCache) {
      const dir = join(this.root, "app", "controllers");
      this.controllersCache = new Map();
      for (const path of walk(this.workspace.fs, dir, (p) => p.endsWith("_controller.rb"))) {
        const name = relative(dir, path).split(sep).join("/").replace(/_controller\.rb$/, "");
        this.controllersCache.set(name, path);
      }
    }
    return this.controllersCache;
  }
}

export class Workspace {
  readonly apps: RailsApp[] = [];
  /** Whether the client reports files created, changed and deleted on disk (`fileChanged`). */
  watching = false;

  /** The client took the server's watchers: from now on what is read where they look is kept until it reports a change there. */
  keepWatchedFiles(): void {
    this.keeping = true;
  }
  private keeping = false;
  /** An untrusted workspace (VS Code's restricted mode): nothing outside it is read, installed gems included. */
  restricted = false;
  /** Text of open documents, by path: it wins over the disk. */
  readonly overlays = new Map<string, string>();
  settings: Settings = DEFAULT_SETTINGS;

  /** The disk, its watched files' texts and folders' listings kept while the client watches (`diskChanged`). */
  readonly fs: FileSystem;
  private readonly kept = new KeptFiles(() => this.folders);

  constructor(
    fs: FileSystem,
    readonly mapper: RouteMapper,
  ) {
    this.fs = this.kept.over(fs, () => this.keeping);
  }

  /**
   * Something changed on disk where the client watches (`REGISTERED_GLOBS`): what was kept of it
   * is read again. Every reported change comes here, before `fileChanged`.
   */
  diskChanged(path: string, kind: "created" | "changed" | "deleted"): void {
    this.kept.changed(path, kind);
  }

  /** The workspace folders: nothing outside them is written (`contains`). */
  folders: readonly string[] = [];

  /** Whether a file, followed through its symbolic links, is in a workspace folder: an edit may go there. */
  contains(path: string): boolean {
    return isInside(this.fs, path, this.folders);
  }

  /** Finds the apps and engines below the folders (`appRoots`). */
  discover(folders: string[]): void {
    this.folders = [...folders];
    this.kept.clear();
    const found: string[] = [];
    for (const folder of folders) for (const routes of walk(this.fs, folder, isRoutesEntry, undefined, { fileName: "routes.rb", forApps: true })) found.push(routes);
    this.setApps(appRoots(this.fs, found));
  }

  /** `discover`, without holding the thread: a workspace folder may be anything, `/` included. */
  async discoverAsync(folders: string[]): Promise<void> {
    this.folders = [...folders];
    this.kept.clear();
    const found: string[] = [];
    for (const folder of folders) for (const routes of await walkAsync(this.fs, folder, isRoutesEntry, { fileName: "routes.rb", forApps: true })) found.push(routes);
    this.setApps(appRoots(this.fs, found));
  }

  private setApps(roots: string[]): void {
    this.apps.length = 0;
    for (const root of roots) this.addApp(root);
  }

  addApp(root: string): RailsApp {
    const existing = this.apps.find((a) => a.root === root);
    if (existing) return existing;
    const app = new RailsApp(root, this);
    // A new folder with routes may be an engine the others mount.
    for (const other of this.apps) other.invalidateConfig();
    this.apps.push(app);
    // Longest root first, so a nested engine owns its own files.
    this.apps.sort((a, b) => b.root.length - a.root.length);
    return app;
  }

  removeApp(root: string): void {
    const i = this.apps.findIndex((a) => a.root === root);
    if (i >= 0) this.apps.splice(i, 1);
  }

  /** The app a file belongs to: the innermost app root containing it. */
  appFor(path: string): RailsApp | undefined {
    return this.apps.find((a) => a.owns(path));
  }

  /**
   * The app whose table's diagnostics a file gets: the app it belongs to, but for an engine's
   * routes file that the app holding the engine draws into its own routes (`hostDrawing`).
   */
  reporterFor(path: string): RailsApp | undefined {
    const owner = this.appFor(path);
    return owner?.hostDrawing(path) ?? owner;
  }

  text(path: string): string | undefined {
    return this.overlays.get(path) ?? this.fs.readFile(path);
  }

  /**
   * An open document changed (or opened or closed): returns the apps whose tables it affects,
   * the one that owns it first (an engine's routes file is also read by the app mounting it).
   */
  documentChanged(path: string, text: string | undefined): RailsApp[] {
    const same = this.sameText(path, text);
    if (text === undefined) this.overlays.delete(path);
    else this.overlays.set(path, text);
    const owner = this.appFor(path);
    if (isCheckedFile(path)) owner?.fileTextChanged(path);
    const affected = this.apps.filter((a) => a.isInputFile(path)).sort((a, b) => (a === owner ? -1 : b === owner ? 1 : 0));
    if (!same) affected.forEach((a) => a.invalidate());
    // An edited controller changes its actions: the routes' checks and its own hints.
    if (owner?.isControllerFile(path) && path.endsWith(".rb")) {
      owner.invalidateControllers(path);
      if (!affected.includes(owner)) affected.push(owner);
    }
    return affected;
  }

  /**
   * Whether a document opened or closed with the text the tables already read: opening
   * config/routes.rb as it is on disk mapped issue 30's app again (its 20,004 routes, and every
   * index built on the table), and the first keystroke waited 140 ms behind it. Only while the
   * client watches the files: without its events, a table may predate the disk's text.
   */
  private sameText(path: string, text: string | undefined): boolean {
    if (!this.watching) return false;
    const open = this.overlays.get(path);
    if (text !== undefined && open !== undefined) return open === text;
    return (text ?? open) === this.fs.readFile(path);
  }

  /** A watched file changed on disk: says which apps need new diagnostics. */
  fileChanged(path: string, kind: "created" | "changed" | "deleted"): RailsApp[] {
    if (isRoutesEntry(path)) {
      const root = dirname(dirname(path));
      const outer = this.apps.find((a) => a.root !== root && a.owns(root));
      if (kind === "created" && (!outer || isOwnApp(this.fs, root, outer.root))) return [this.addApp(root)];
      if (kind === "deleted") this.removeApp(root);
    }
    const app = this.appFor(path);
    if (!app) return [];
    // An initializer of an app's own engine is that app's configuration too (its inflections).
    const alsoAffected = this.apps.filter((a) => a.isEngineInitializer(path));
    for (const host of alsoAffected) (kind === "changed" ? host.invalidate() : host.invalidateConfig());
    // A controller that comes or goes may be one another app resolves (an engine, its host's).
    if (kind !== "changed" && path.endsWith("_controller.rb")) {
      for (const other of this.apps) if (other !== app && !alsoAffected.includes(other)) {
        other.controllerFilesChanged();
        alsoAffected.push(other);
      }
    }
    const affected = this.fileChangedIn(app, path, kind);
    return alsoAffected.length ? [...new Set([...affected, ...alsoAffected])] : affected;
  }

  /** What a change to `path` means for `app`, the innermost app that holds it. */
  private fileChangedIn(app: RailsApp, path: string, kind: "created" | "changed" | "deleted"): RailsApp[] {
    if (isCheckedFile(path)) app.fileTextChanged(path);
    // Files that appear (a folder's too) are not in the uses' store yet; an edited one is read again as it is asked.
    if (kind !== "changed") app.usesReadWhole = false;
    if (path.startsWith(app.drawDir + sep) && kind !== "changed") app.drawFolderChanged();
    if (app.isControllerFile(path)) {
      app.invalidateControllers(path, kind);
      return [app];
    }
    // The Gemfile says which path gems' engines the app loads (engineLoading.ts).
    if (/(Gemfile\.lock|\.ruby-version|application\.rb)$|(^|[\\/])Gemfile$/.test(path)) {
      // The engines inside the app share its bundle (`bundleHost`).
      const inside = this.apps.filter((a) => a === app || a.root.startsWith(app.root + sep));
      for (const a of inside) a.invalidateConfig();
      return inside;
    }
    if (isAppFile(app.root, path)) {
      app.invalidateAppFiles();
      return [app];
    }
    // A file read by the last table, or a new one under app/ or lib/ that may define what it missed.
    const created = kind === "created" && path.endsWith(".rb") && [join(app.root, "app") + sep, join(app.root, "lib") + sep].some((r) => path.startsWith(r));
    if (app.isInputFile(path) || created) {
      app.invalidate();
      return [app];
    }
    // A file whose `def x_path` may define a helper the open files call (a test's support file).
    return isCheckedFile(path) ? [app] : [];
  }

  settingsChanged(settings: Settings): void {
    this.settings = settings;
    // The environment chosen decides which config/environments file is read.
    for (const app of this.apps) app.invalidateAppFiles();
  }
}

/** An engine with no holding app: one empty list, so `controllerRoutes` stays the same list between calls. */
const NO_ROUTES: readonly Route[] = [];

/** Controllers read and parsed between two pauses of `RailsApp.prepare`. */
const PREPARE_BATCH = 100;
/** What `prepare` says of its progress: a message, and the share done (0–100). */
export type PrepareReport = (message: string, share: number) => void;

/** Files whose names are read between two pauses at start (`prepareNames`). */
const NAMES_BATCH = 500;

/** Why gems' helpers and controllers are unknown in a restricted workspace. */
const RESTRICTED = "the workspace is not trusted, and in restricted mode Routemap reads nothing outside it, installed gems included";

const isRoutesEntry = (path: string) => path.endsWith(join("config", "routes.rb"));

/**
 * The apps among the folders that hold a `config/routes.rb` (`routesFiles`): every outermost
 * one, and inside those only what is an app of its own (`isOwnApp`). A plugin's routes file
 * (Redmine's `plugins/x/config/routes.rb`, evaluated inside the app's `draw`) is not.
 */
export function appRoots(fs: FileSystem, routesFiles: readonly string[]): string[] {
  const candidates = [...new Set(routesFiles.map((f) => dirname(dirname(f))))].sort((a, b) => a.length - b.length);
  const kept: string[] = [];
  for (const root of candidates) {
    // The innermost app already kept that holds this folder.
    const outer = kept.filter((k) => root.startsWith(k + sep)).sort((a, b) => b.length - a.length)[0];
    if (!outer || isOwnApp(fs, root, outer)) kept.push(root);
  }
  return kept;
}

const GENERATOR_TEMPLATES = /[\\/]generators[\\/](?:[^\\/]+[\\/])*templates(?:[\\/]|$)/;

/**
 * Whether a folder with a routes file inside the app at `outer` is an app or engine of its own
 * (not a generator's templates):
 * it has its own `config/application.rb`, or it is an engine the app may mount (in one of its
 * engine folders, a path gem, or with a `Rails::Engine` class), or it has its own Gemfile and a
 * routes file that draws (a plugin's routes file is a fragment for the app's `draw`).
 */
export function isOwnApp(fs: FileSystem, root: string, outer: string): boolean {
  // A generator's templates (lib/generators/engine/templates/config/routes.rb) are ERB for files
  // a generator writes, never loaded: nhrihub's gave six false syntax errors.
  if (GENERATOR_TEMPLATES.test(root.slice(outer.length))) return false;
  if (fs.exists(join(root, "config", "application.rb"))) return true;
  if (findEngines(outer, fs, [root]).some((e) => e.root === root)) return true;
  return fs.exists(join(root, "Gemfile")) && /\broutes\s*\.\s*(?:draw|prepend|append)\b/.test(fs.readFile(join(root, "config", "routes.rb")) ?? "");
}

/**
 * The mapper's files, with those of `config/routes/` listed (for `draw` and the globs of
 * `config.paths`) but read only when the mapper asks for one.
 */
class DrawnFileMap extends AppFileMap {
  constructor(
    root: string,
    read: (path: string) => string | undefined,
    private readonly listed: ReadonlySet<string>,
    private readonly readDrawn: (path: string) => string | undefined,
  ) {
    super(root, read);
  }

  override get(path: string): string | undefined {
    // A listed file first, through its version (the base class would read any app file afresh).
    if (!this.listed.has(path) || super.has(path)) return super.get(path);
    const drawn = this.readDrawn(path);
    if (drawn !== undefined) this.set(path, drawn);
    return drawn;
  }

  override has(path: string): boolean {
    return super.has(path) || this.listed.has(path);
  }

  override keys(): MapIterator<string> {
    const all = new Set(super.keys());
    for (const path of this.listed) all.add(path);
    return all.values();
  }
}
