/**
 * What Routemap reads around a routes file, the way Rails would find it: the app root,
 * `Gemfile.lock` (actionpack and Ruby versions), `.ruby-version`, `config.api_only`, and
 * every file under `config/routes/` for `draw`. Shared by the CLI and the language server.
 */
import { dirname, join, resolve, sep } from "node:path";
import { nodeFileSystem, walk, type FileSystem } from "../fileSystem.js";
import { appEnvironment } from "./environment.js";
import { readGemfile } from "./gemfile.js";
import { gemfileVersions, type GemfileVersions } from "./gemfileVersions.js";
import { lockedGems, parseLockfile, type Lockfile } from "./lockfile.js";

export interface AppConfig {
  root: string;
  railsVersion?: string;
  rubyVersion?: string;
  apiOnly: boolean;
  /** The gems Gemfile.lock locks, name → version; undefined without a lockfile. */
  gems?: Record<string, string>;
  /** Gemfile.lock as read (its sources: where each gem is installed from). */
  lock?: Lockfile;
  /** Without a Gemfile.lock: the versions the Gemfile's constraints choose, and what is said of the choice. */
  gemfile?: GemfileVersions;
}

/** The app root: the directory above `config/`, else the routes file's directory. */
export function appRoot(routesFile: string): string {
  const dir = dirname(resolve(routesFile));
  return dir.endsWith("/config") || dir.endsWith("\\config") ? dirname(dir) : dir;
}

export function readAppConfig(routesFile: string, fs: FileSystem = nodeFileSystem): AppConfig {
  const root = appRoot(routesFile);
  const lockText = fs.readFile(join(root, "Gemfile.lock"));
  const lock = lockText === undefined ? undefined : parseLockfile(lockText);
  const actionpack = lock?.specs.find((s) => s.name === "actionpack")?.version;
  const railsVersion = actionpack && /^\d+\.\d+/.test(actionpack) ? actionpack : undefined;
  const rubyFile = fs.readFile(join(root, ".ruby-version"))?.trim().replace(/^ruby-/, "");
  const application = fs.readFile(join(root, "config", "application.rb"));
  return {
    root,
    railsVersion,
    rubyVersion: rubyFile || lock?.rubyVersion || undefined,
    // Spaces and tabs, not `\s`: a run of blank lines would be rescanned from each line's start.
    apiOnly: !!application && /^[ \t]*config\.api_only[ \t]*=[ \t]*true\b/m.test(application),
    gems: lock ? lockedGems(lock) : undefined,
    lock,
    ...(lock ? {} : gemfileChoice(root, fs)),
  };
}

/** The Gemfile's choice of versions, when there is no Gemfile.lock; nothing when there is no Gemfile or its blocks cannot be followed. */
function gemfileChoice(root: string, fs: FileSystem): { gemfile?: GemfileVersions } {
  const path = join(root, "Gemfile");
  const text = fs.readFile(path);
  const gemfile = text === undefined ? undefined : readGemfile(text);
  return gemfile ? { gemfile: gemfileVersions(gemfile.gems, path, text!) } : {};
}

/** The gems whose constraints choose the Rails version. */
const RAILS_GEMS = new Set(["rails", "railties", "actionpack"]);

/** What the user chose (CLI flags or editor settings); unset or empty means "ask the app". */
export interface ChosenOptions {
  railsVersion?: string;
  rubyVersion?: string;
  railsEnv?: string;
  apiOnly?: boolean;
}

/**
 * The mapper options for an app: the user's choice, else the app's own files, else the
 * defaults. With `environment`, `ENV` reads the process's variables and the app's `.env` files.
 */
export function appOptions(app: AppConfig, chosen: ChosenOptions, environment?: { fs: FileSystem; process: NodeJS.ProcessEnv }) {
  const railsEnv = chosen.railsEnv || "development";
  return {
    // The user's choice first; then Gemfile.lock's; then, without one, what the Gemfile's constraints allow.
    railsVersion: chosen.railsVersion || app.railsVersion || app.gemfile?.railsVersion || "8.1",
    rubyVersion: chosen.rubyVersion || app.rubyVersion || "3.4",
    railsEnv,
    apiOnly: chosen.apiOnly ?? app.apiOnly,
    gems: app.gems,
    ...(app.gemfile ? { gemfileVersions: app.gemfile.gems, notes: app.gemfile.notes.filter((n) => !(chosen.railsVersion && RAILS_GEMS.has(n.gem))) } : {}),
    ...(environment ? { env: appEnvironment({ root: app.root, railsEnv, gems: app.gems, ...environment }).vars } : {}),
  };
}

/**
 * The app's files that say which routes Rails and the app's gems add (config/application.rb,
 * the environment's file, the initializers), read into `into` beside the routes files. The
 * mapper reads them statically; it finds them under the app's root by their Rails paths.
 */
export function readAppFiles(root: string, o: { railsEnv: string }, into: Map<string, string>, fs: FileSystem = nodeFileSystem, unread?: Map<string, string>): void {
  for (const path of [join(root, "config", "application.rb"), join(root, "config", "environments", `${o.railsEnv}.rb`)]) {
    const text = fs.readFile(path);
    if (text !== undefined) into.set(path, text);
    else {
      // One that exists unread (over the size cap, a link out of the app) is said by the mapper.
      const reason = fs.unreadReason?.(path);
      if (reason && unread) unread.set(path, reason);
    }
  }
  readRubyFiles(join(root, "config", "initializers"), into, fs, unread);
}

/**
 * The mapper's files: those read up front, and the app's Ruby files under `app/` and `lib/`,
 * read only when the mapper asks for one (a Devise model, the module of a constant).
 */
export class AppFileMap extends Map<string, string> {
  private readonly missing = new Set<string>();
  private readonly lazyRoots: string[];

  constructor(
    private readonly root: string,
    private readonly read: (path: string) => string | undefined,
  ) {
    super();
    // Any Ruby file of the app the mapper asks for (a model, a lib/ module, a plugin's routes
    // read with `File.read`), but nothing outside it, nor in folders Rails never loads from.
    this.lazyRoots = [root + sep];
  }

  override get(path: string): string | undefined {
    const text = super.get(path);
    if (text !== undefined || this.missing.has(path) || !lazyFile(path) || !this.lazyRoots.some((r) => path.startsWith(r))) return text;
    if (/^(node_modules|\.git|tmp|log)[\\/]|[\\/](node_modules|\.git)[\\/]/.test(path.slice(this.root.length + 1))) return text;
    const found = this.read(path);
    if (found === undefined) this.missing.add(path);
    else this.set(path, found);
    return found;
  }
}

/** Files read when the mapper asks: Ruby files, and YAML files the app's code loads (`YAML.load_file`). */
const lazyFile = (path: string) => path.endsWith(".rb") || path.endsWith(".yml") || path.endsWith(".yaml");

/** Folders where apps keep engines of their own (`rails plugin new --mountable` inside the app). */
const ENGINE_FOLDERS = ["engines", "components", "gems", "vendor/engines"];

/** Top folders of an app that hold no engine of its own, or too much to look through (`vendor/bundle`). */
const NOT_ENGINE_FOLDERS = new Set(["app", "bin", "config", "db", "log", "tmp", "public", "node_modules", "storage", "coverage", "vendor", "spec", "test", "doc", "docs"]);

export interface EngineSource {
  root: string;
  /** The file defining `class Engine < ::Rails::Engine` (`lib/blog/engine.rb`). */
  engineFile?: string;
  /** Its `config/routes.rb`; undefined for an engine that draws none of its own (Solidus' core). */
  routes?: string;
  /** An installed gem's engine, not the app's code: read for its routes, never reported on. */
  external?: boolean;
  /**
   * Its `config/initializers/**.rb`, sorted: Rails runs each engine's before the app's own
   * (Rails::Engine's `load_config_initializers`), so an engine's inflection rules name the app's
   * routes too. Listed for the app's own engines only, not an installed gem's.
   */
  initializers?: string[];
  /** Why the app does not load it (engineLoading.ts), as the mapper's info says it: nothing of it is read. */
  notLoaded?: string;
  /** With `notLoaded`: the gem the app does not load, and why in a clause (what `engineToCheck` says). */
  notLoadedGem?: NotLoadedGem;
}

/** A path gem the app does not load (engineLoading.ts): its name, and why (`the Gemfile gives it \`require: false\``). */
export interface NotLoadedGem {
  name: string;
  because: string;
}

/**
 * The engines whose source sits beside the app: Gemfile.lock's path gems (`PATH remote:
 * engines/blog`) and the folders of ENGINE_FOLDERS, each one that has a `config/routes.rb` or
 * an engine class (a class without routes still names the engine whose routes other gems draw:
 * Solidus' `Spree::Core::Engine`, `isolate_namespace Spree`); and of `others` (folders the
 * editor found with a routes file) and of any other folder two levels down with one, those with
 * an engine class.
 */
export function findEngines(root: string, fs: FileSystem = nodeFileSystem, others: string[] = []): EngineSource[] {
  const dirs = new Set<string>();
  const lock = fs.readFile(join(root, "Gemfile.lock"));
  for (const source of lock === undefined ? [] : parseLockfile(lock).sources) if (source.kind === "PATH" && source.remote) dirs.add(resolve(root, source.remote));
  for (const folder of ENGINE_FOLDERS) {
    for (const entry of fs.readDir(join(root, folder))) if (entry.endsWith("/")) dirs.add(join(root, folder, entry.slice(0, -1)));
  }
  const engines: EngineSource[] = [];
  const add = (dir: string, needsClass: boolean) => {
    const routesFile = join(dir, "config", "routes.rb");
    if (dir === root || engines.some((e) => e.root === dir)) return;
    const routes = fs.readFile(routesFile) === undefined ? undefined : routesFile;
    if (!routes && needsClass) return;
    const engineFile = engineClassFile(dir, fs);
    if (!engineFile && (!routes || needsClass)) return;
    const initializers = walk(fs, join(dir, "config", "initializers"), (p) => p.endsWith(".rb")).sort();
    engines.push({ root: dir, engineFile, ...(routes ? { routes } : {}), ...(initializers.length ? { initializers } : {}) });
  };
  for (const dir of dirs) add(dir, false);
  for (const dir of others) add(dir, true);
  // Any other folder two levels down with a routes file and an engine class (cartodb's
  // `gears/carto_gears_api`, required by config/application.rb): Rails takes an engine's root from
  // its class's file, whatever the folder's name (Rails::Engine.find_root: the first folder up
  // with a `lib`), and draws its routes file from there.
  for (const top of fs.readDir(root)) {
    if (!top.endsWith("/") || top.startsWith(".") || NOT_ENGINE_FOLDERS.has(top.slice(0, -1)) || ENGINE_FOLDERS.includes(top.slice(0, -1))) continue;
    for (const entry of fs.readDir(join(root, top))) if (entry.endsWith("/")) add(join(root, top, entry.slice(0, -1)), true);
  }
  return engines;
}

/** The file under `dir/lib` defining a `Rails::Engine` (`lib/blog/engine.rb`), if there is one. */
export function engineClassFile(dir: string, fs: FileSystem = nodeFileSystem): string | undefined {
  return walk(fs, join(dir, "lib"), (p) => p.endsWith(`${sep}engine.rb`)).find((p) => /Rails::Engine\b/.test(fs.readFile(p) ?? ""));
}

/**
 * An engine evaluated as an app of its own (its folder opened, or found in the app that mounts
 * it): its class is loaded before its routes file, which draws `Blog::Engine.routes`, as Rails
 * loads it at boot. Undefined for a folder with no engine class.
 */
export function selfEngine(root: string, routes: string, fs: FileSystem = nodeFileSystem): EngineSource | undefined {
  const engineFile = engineClassFile(root, fs);
  return engineFile ? { root, engineFile, routes } : undefined;
}

/**
 * Reads each engine's class file and routes file into `into`; the mapper's `engines` input. With
 * them, the files of the engine's folder they `require_relative` by a literal path (a gem's
 * routes file that first loads its reopening of Rails' mapper: parliament-routes), which the
 * mapper runs where they are required.
 */
export function readEngines(engines: EngineSource[], into: Map<string, string>, read: (path: string) => string | undefined): Omit<EngineSource, "root">[] {
  for (const engine of engines) {
    if (engine.notLoaded) continue;
    const pending = [engine.engineFile, engine.routes, ...(engine.initializers ?? [])].filter((p): p is string => p !== undefined);
    for (let i = 0; i < pending.length && i < MAX_ENGINE_FILES; i++) {
      const path = pending[i];
      const text = into.get(path) ?? read(path);
      if (text === undefined) continue;
      into.set(path, text);
      for (const required of relativeRequires(text, path)) if (required.startsWith(`${engine.root}${sep}`) && !pending.includes(required)) pending.push(required);
    }
  }
  return engines.map(({ engineFile, routes, external, initializers, notLoaded, notLoadedGem }) => ({
    engineFile, routes, external, ...(initializers ? { initializers } : {}), ...(notLoaded ? { notLoaded, notLoadedGem } : {}),
  }));
}

/** The most files read for one engine: its own, and those they require. */
const MAX_ENGINE_FILES = 64;

/** The files a Ruby file `require_relative`s by a literal path, each as an absolute path ending in `.rb`. */
function relativeRequires(text: string, from: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(/^[ \t]*require_relative[ \t(]+(["'])([^"'#\\]+)\1/gm)) {
    const path = resolve(dirname(from), m[2]);
    out.push(path.endsWith(".rb") ? path : `${path}.rb`);
  }
  return out;
}

/** Whether a change to `path` can change the routes Rails and gems add to the app at `root`. */
export function isAppFile(root: string, path: string): boolean {
  const config = join(root, "config");
  // Without a Gemfile.lock, the Gemfile's constraints choose the Rails version and the gems' (gemfileVersions.ts).
  return path === join(root, "Gemfile") || path === join(config, "application.rb") || path.startsWith(join(config, "environments") + sep) || path.startsWith(join(config, "initializers") + sep);
}

/**
 * Every `.rb` file below `dir`, recursively, with its text; those that exist but are not
 * read (a named pipe, a file over the size cap) go to `unread` with the reason.
 */
export function readRubyFiles(dir: string, into: Map<string, string>, fs: FileSystem = nodeFileSystem, unread?: Map<string, string>): void {
  for (const path of walk(fs, dir, (p) => p.endsWith(".rb"))) {
    const text = fs.readFile(path);
    if (text !== undefined) into.set(path, text);
    else {
      const reason = fs.unreadReason?.(path);
      if (reason && unread) unread.set(path, reason);
    }
  }
}

/**
 * What the controller model reads: `app/controllers/**` (by path → text, `text` giving open
 * documents over disk) and the templates' paths under `app/views`.
 */
export function readControllerInputs(root: string, fs: FileSystem, text: (path: string) => string | undefined = (p) => fs.readFile(p)) {
  const files = new Map<string, string>();
  for (const path of walk(fs, join(root, "app", "controllers"), (p) => p.endsWith(".rb"))) {
    const found = text(path);
    if (found !== undefined) files.set(path, found);
  }
  const viewsDir = join(root, "app", "views");
  // Each path is the folder's and more (`walk`): cut, not `relative`, which resolved both again (60 ms of a large app's 15,000 views).
  const views = walk(fs, viewsDir, () => true).map((p) => p.slice(viewsDir.length + 1).split(sep).join("/"));
  return { files, views };
}

/** `posts/index.html.erb` → `posts/index`: what `Dir["app/views/posts/index.*"]` finds. */
export function templateNames(views: readonly string[]): Set<string> {
  return new Set(views.map((v) => v.replace(/^((?:.*\/)?[^/.]*)\..*$/, "$1")));
}
