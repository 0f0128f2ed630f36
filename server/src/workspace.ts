/**
 * The workspace model: the Rails apps and engines found in the workspace folders, each with
 * its routes files (open documents' text over what is on disk), its configuration, and its
 * route table, recomputed only when one of its inputs changed.
 */
import { dirname, join, relative, sep } from "node:path";
import type { ControllerModel, MapInput, MapResult, RouteMapper } from "@routemap/shared-mapper";
import { AppFileMap, appOptions, findEngines, isAppFile, readAppConfig, readAppFiles, readControllerInputs, readEngines, readRubyFiles, type EngineSource } from "./cli/appConfig.js";
import { walk, type FileSystem } from "./fileSystem.js";
import { appGemsOf } from "./cli/appGems.js";
import { findGemEngines } from "./cli/gemEngines.js";
import { DefinedNames, isCheckedFile, otherControllerPaths, otherTemplates, readInstalledGems, type GemIndex } from "./cli/helperCheck.js";
import { generationOf, uncheckedBecause, type HelperCheckContext } from "./features/helperCalls.js";
import { appHelperTables, engineProxies, type HelperTable, type HelperTables } from "./features/helpers.js";

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
};

export class RailsApp {
  readonly routesFile: string;
  readonly drawDir: string;
  private result: MapResult | undefined;
  private controllersCache: Map<string, string> | undefined;
  private configCache: ReturnType<typeof readAppConfig> | undefined;
  /** config/application.rb, the environment's file and the initializers, as last read from disk. */
  private appFilesCache: Map<string, string> | undefined;
  /** Engines whose source sits beside the app, found with its configuration. */
  private enginesCache: EngineSource[] | undefined;

  constructor(
    readonly root: string,
    private readonly workspace: Workspace,
  ) {
    this.routesFile = join(root, "config", "routes.rb");
    this.drawDir = join(root, "config", "routes");
  }

  /** Rails and Ruby versions, environment and api_only: settings first, then the app's files. */
  config() {
    return appOptions((this.configCache ??= readAppConfig(this.routesFile, this.workspace.fs)), this.workspace.settings, { fs: this.workspace.fs, process: process.env });
  }

  /** The app's route table, recomputed if an input changed since the last call. */
  table(): MapResult {
    return (this.result ??= this.workspace.mapper.map(this.inputs()));
  }

  /**
   * Maps the app once more and drops the result. Run a few times while the server is idle
   * after starting, it gets the mapper's code compiled by V8's optimising tier, so the first
   * keystrokes are as quick as the later ones (without it they took three times as long).
   */
  rehearse(): void {
    this.workspace.mapper.map(this.inputs());
  }

  private inputs(): MapInput {
    const files = new AppFileMap(this.root, (path) => this.workspace.text(path));
    const unread = new Map<string, string>();
    const entry = this.workspace.text(this.routesFile);
    if (entry !== undefined) files.set(this.routesFile, entry);
    else {
      const reason = this.workspace.fs.unreadReason?.(this.routesFile);
      if (reason) unread.set(this.routesFile, reason);
    }
    readRubyFiles(this.drawDir, files, this.workspace.fs, unread);
    const config = this.config();
    // Read once, then again only when the disk says one changed (open documents come on top).
    if (!this.appFilesCache) readAppFiles(this.root, config, (this.appFilesCache = new Map()), this.workspace.fs);
    for (const [path, text] of this.appFilesCache) files.set(path, text);
    // Any other folder of the workspace with a routes file and an engine class may be mounted here.
    const others = this.workspace.apps.filter((a) => a !== this).map((a) => a.root);
    this.enginesCache ??= [...findEngines(this.root, this.workspace.fs, others), ...findGemEngines(this.appGems())];
    const engines = readEngines(this.enginesCache, files, (path) => this.workspace.text(path));
    for (const [path, text] of this.workspace.overlays) if (this.isInputFile(path)) files.set(path, text);
    return { entry: this.routesFile, files, unread, engines, options: { ...config, drawPaths: [this.drawDir] } };
  }

  invalidate(): void {
    this.previous = this.result ?? this.previous;
    this.result = undefined;
  }

  /** A configuration file changed on disk: it is read again. */
  invalidateAppFiles(): void {
    this.appFilesCache = undefined;
    this.invalidate();
  }

  invalidateConfig(): void {
    this.configCache = undefined;
    this.gemIndexCache = undefined;
    this.providedCache = undefined;
    this.otherTemplatesCache = undefined;
    this.enginesCache = undefined;
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
      // Modules included from app/helpers, lib… are read when a controller names one.
      this.readByModel = new Set();
      const read = (path: string) => {
        this.readByModel!.add(path);
        return this.workspace.text(path);
      };
      this.controllerModelCache = this.workspace.mapper.controllers({ files, views, root: this.root, read, gems: this.config().gems, inflections });
    }
    return this.controllerModelCache;
  }
  private controllerModelCache: ControllerModel | undefined;
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
    const result = this.table();
    const gems = this.installedGems();
    const why = uncheckedBecause(result, "why" in gems ? gems : gems.helpers);
    if (why || "why" in gems) return { unchecked: why ?? "" };
    const names = this.names();
    return { tables: this.helperTables(), defined: names.all(), gems: gems.helpers, generation: this.generation() };
  }

  /** What the app's files define for its helper calls, read once, then per changed file. */
  private names(): DefinedNames {
    const mapper = this.workspace.mapper;
    return (this.definedNames ??= new DefinedNames(this.root, this.engineRoots(), this.workspace.fs, (path) => this.workspace.text(path), (path, text) => mapper.urlOptions(path, text)));
  }

  /** What URL generation depends on where a file of the app runs. */
  generation(): HelperCheckContext["generation"] {
    const gems = this.installedGems();
    return generationOf(this.names(), () => this.controllerModel(), {
      root: this.root,
      rubyVersion: this.config().rubyVersion,
      read: (path) => this.workspace.text(path),
      table: () => this.table(),
      gemUrlOptions: "why" in gems ? [] : gems.urlOptions,
    });
  }

  /** What the locked gems define (read once), or why it cannot be known. */
  installedGems(): GemIndex | { why: string } {
    return (this.gemIndexCache ??= readInstalledGems(this.appGems()));
  }

  /** The app's locked gems: where each is installed, what it defines (found once per Gemfile.lock read). */
  private appGems() {
    const { rubyVersion } = this.config();
    return appGemsOf(this.root, this.configCache?.lock, { fs: this.workspace.fs, rubyVersion });
  }
  private gemIndexCache: GemIndex | { why: string } | undefined;

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
    this.providedCache ??= new Set([...gems.controllers, ...otherControllerPaths(this.root, this.workspace.fs, this.engineRoots())]);
    return this.providedCache;
  }
  private providedCache: Set<string> | undefined;
  private definedNames: DefinedNames | undefined;

  /** A Ruby or template file changed, appeared or went: the names it may define are read again. */
  fileTextChanged(path: string): void {
    this.definedNames?.update(path);
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
    if (!drawn) return appHelperTables(result);
    // The app that mounts this engine (other engines read its routes file too, but mount nothing of it).
    const host = this.workspace.apps.find((a) => a !== this && a.readsFile(this.routesFile) && a.table().routes.some((r) => r.engine === drawn.name));
    const own = (this.engineTables ??= new WeakMap()).get(result) ?? { routes: drawn.routes, customHelpers: [] };
    this.engineTables.set(result, own);
    return { own, mainApp: host?.table(), proxies: engineProxies(result) };
  }
  private engineTables: WeakMap<MapResult, HelperTable> | undefined;

  /** Whether the app's table reads `path` (an engine's routes file, for the app mounting it). */
  readsFile(path: string): boolean {
    return this.table().files.includes(path);
  }

  workspaceMapper(): RouteMapper {
    return this.workspace.mapper;
  }

  workspaceFs(): FileSystem {
    return this.workspace.fs;
  }

  /** A file's text, open document first. */
  workspaceText(path: string): string | undefined {
    return this.workspace.text(path);
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
  /** Text of open documents, by path: it wins over the disk. */
  readonly overlays = new Map<string, string>();
  settings: Settings = DEFAULT_SETTINGS;

  constructor(
    readonly fs: FileSystem,
    readonly mapper: RouteMapper,
  ) {}

  /** Finds every `config/routes.rb` below the folders (apps and engines alike). */
  discover(folders: string[]): void {
    this.apps.length = 0;
    for (const folder of folders) {
      for (const routes of walk(this.fs, folder, (p) => p.endsWith(join("config", "routes.rb")))) {
        this.addApp(dirname(dirname(routes)));
      }
    }
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

  text(path: string): string | undefined {
    return this.overlays.get(path) ?? this.fs.readFile(path);
  }

  /**
   * An open document changed (or opened or closed): returns the apps whose tables it affects,
   * the one that owns it first (an engine's routes file is also read by the app mounting it).
   */
  documentChanged(path: string, text: string | undefined): RailsApp[] {
    if (text === undefined) this.overlays.delete(path);
    else this.overlays.set(path, text);
    const owner = this.appFor(path);
    if (isCheckedFile(path)) owner?.fileTextChanged(path);
    const affected = this.apps.filter((a) => a.isInputFile(path)).sort((a, b) => (a === owner ? -1 : b === owner ? 1 : 0));
    affected.forEach((a) => a.invalidate());
    // An edited controller changes its actions: the routes' checks and its own hints.
    if (owner?.isControllerFile(path) && path.endsWith(".rb")) {
      owner.invalidateControllers(path);
      if (!affected.includes(owner)) affected.push(owner);
    }
    return affected;
  }

  /** A watched file changed on disk: says which apps need new diagnostics. */
  fileChanged(path: string, kind: "created" | "changed" | "deleted"): RailsApp[] {
    if (path.endsWith(join("config", "routes.rb"))) {
      const root = dirname(dirname(path));
      if (kind === "created") return [this.addApp(root)];
      if (kind === "deleted") this.removeApp(root);
    }
    const app = this.appFor(path);
    if (!app) return [];
    if (isCheckedFile(path)) app.fileTextChanged(path);
    if (app.isControllerFile(path)) {
      app.invalidateControllers(path, kind);
      return [app];
    }
    if (/(Gemfile\.lock|\.ruby-version|application\.rb)$/.test(path)) {
      app.invalidateConfig();
      return [app];
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
