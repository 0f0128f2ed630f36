/**
 * An app's gems, for the checks: each gem Gemfile.lock locks is installed (and where) or not (and
 * where Routemap looked), and what each installed one defines. The one interface the CLI and
 * the language server ask:
 *
 *   const gems = readAppGems(root, { fs });      // undefined: no Gemfile.lock
 *   gems.installed.get("devise")                 // { dir, spec, source… } or undefined
 *   gems.missing                                 // [{ name, version, looked: [dirs] }]
 *   gems.facts("devise")                         // { helpers, controllers, views, urlOptions, routes, engineFile } or { why }
 *
 * Finding the gems reads directory listings only; a gem's facts are read when first asked, from
 * the user's cache when its files are those the entry was made from (gemCache.ts).
 */
import { join, relative, sep } from "node:path";
import { readGemfile } from "./gemfile.js";
import { escapeRegExp, type GemDependent, type GemMapperSource } from "@routemap/shared-mapper";
import { nodeFileSystem, type FileSystem } from "../fileSystem.js";
import { GemCache, cacheFolder } from "./gemCache.js";
import { gemDiskOf, type GemDisk } from "./gemDisk.js";
import { factsCode, gemFacts, gemFiles, isGemFacts, type GemFacts } from "./gemFacts.js";
import { locateGems, type InstalledGem, type MissingGem } from "./gemLocator.js";
import { settingsFiles } from "./gemSettings.js";
import type { EngineSource } from "./appConfig.js";
import type { GemHome } from "./gemPaths.js";
import { lockedGems, parseLockfile, type Lockfile } from "./lockfile.js";

export type { GemFacts, InstalledGem, MissingGem };

/** Rails' own gems: Routemap ports their mapper, it does not read it. */
const RAILS_GEMS = new Set(["actionpack", "actionview", "railties", "rails", "activesupport", "activestorage", "actionmailbox", "actiontext", "actioncable"]);

export interface AppGemsOptions {
  fs?: FileSystem;
  env?: NodeJS.ProcessEnv;
  /** The app's Ruby (`.ruby-version`): its gem homes are searched first. */
  rubyVersion?: string;
  /** Where the system's gem folders are (`/`; a test's own tree). */
  sysroot?: string;
  /** Whether what gems define is kept in the user's cache folder (default: yes, on the real disk). */
  cache?: boolean;
  /** The environment the checks judge the app's code in (`development` by default); test files are judged in `test`. */
  railsEnv?: string;
}

export class AppGems {
  /** The installed gems by name. */
  readonly installed: ReadonlyMap<string, InstalledGem>;
  /**
   * The locked gems not found, each with where Routemap looked; not those the environments the
   * checks judge never load (`loadedGems`).
   */
  readonly missing: readonly MissingGem[];
  readonly homes: readonly GemHome[];
  /** The locked gems, name → version (the mapper's `gems` option). */
  readonly versions: Record<string, string>;
  readonly disk: GemDisk;
  private readonly factsByName = new Map<string, GemFacts | { why: string }>();
  private readonly cache: GemCache<GemFacts> | undefined;

  constructor(
    readonly root: string,
    readonly lock: Lockfile,
    o: AppGemsOptions = {},
  ) {
    const env = o.env ?? process.env;
    this.disk = gemDiskOf(o.fs ?? nodeFileSystem);
    const found = locateGems(lock, { root, disk: this.disk, env, rubyVersion: o.rubyVersion, sysroot: o.sysroot });
    this.installed = new Map(found.installed.map((g) => [g.name, g]));
    const loaded = loadedGems(lock, this.disk.readFile(join(root, "Gemfile")), o.railsEnv ?? "development");
    this.missing = found.missing.filter((gem) => loaded(gem.name));
    this.homes = found.homes;
    this.versions = lockedGems(lock);
    this.cache = o.cache !== false && this.disk.version ? sharedCache(env) : undefined;
  }

  /**
   * The file a `require` of `relative` (`gds_api/test_helpers/publishing_api.rb`) loads from the
   * installed gems' load paths (each gem's `lib/`, or where Debian put its files), with its path;
   * undefined where none has it.
   */
  libFile(relative: string): { path: string; text: string } | undefined {
    // The load paths by the names at their top (`gds_api`, `webmock.rb`), listed once: a lookup then reads only where its first segment is.
    if (!this.libTops) {
      this.libTops = new Map();
      for (const gem of this.installed.values()) {
        for (const dir of [join(gem.dir, "lib"), ...gem.libDirs]) {
          for (const entry of this.disk.list(dir)) this.libTops.set(entry.name, [...(this.libTops.get(entry.name) ?? []), dir]);
        }
      }
    }
    const parts = relative.split("/");
    for (const dir of this.libTops.get(parts.length > 1 ? parts[0] : relative) ?? []) {
      const path = join(dir, ...parts);
      const text = this.disk.readFile(path);
      if (text !== undefined) return { path, text };
    }
    return undefined;
  }

  private libTops: Map<string, string[]> | undefined;

  /**
   * The installed gem's file a nested constant is autoloaded from (`MapInput.gemClass`): Zeitwerk's
   * naming, as `Zeitwerk::Loader.for_gem` and `autoload :X, "gem/x"` lay a gem out
   * (`Blacklight::Routes::Searchable`, lib/blacklight/routes/searchable.rb), in a gem the app
   * loads; undefined where none has it. Each constant is looked for once.
   */
  classSource(constant: string): GemMapperSource | undefined {
    if (this.classSources.has(constant)) return this.classSources.get(constant);
    let found: GemMapperSource | undefined;
    const file = this.libFile(fileOfConstant(constant));
    const gem = file && [...this.installed.values()].find((g) => file.path.startsWith(g.dir + sep));
    if (file && gem && !RAILS_GEMS.has(gem.name) && this.mayBeLoaded(gem.name)) found = { gem: gem.name, version: gem.version, dir: gem.dir, files: new Map([[file.path, file.text]]) };
    this.classSources.set(constant, found);
    return found;
  }
  private readonly classSources = new Map<string, GemMapperSource | undefined>();

  /** What an installed gem defines, or why it is not known; undefined for a gem not installed. */
  facts(name: string): GemFacts | { why: string } | undefined {
    const gem = this.installed.get(name);
    if (!gem) return undefined;
    let facts = this.factsByName.get(name);
    if (!facts) this.factsByName.set(name, (facts = gemFacts(gem, this.disk, this.cache)));
    return facts;
  }

  /**
   * The installed gems' files that add routing methods to Rails' mapper, with their texts
   * (`MapInput.gemMappers`): read once, when the routes first call a method the DSL lacks.
   * Rails' own gems are left out (their mapper is the one Routemap ports).
   */
  mapperSources(): GemMapperSource[] {
    return (this.mapperSourcesCache ??= this.sourcesOf((gem) => this.mayBeLoaded(gem.name), (gem) => {
      const facts = this.facts(gem.name);
      return facts && !("why" in facts) ? facts.mapperFiles : undefined;
    }));
  }
  private mapperSourcesCache: GemMapperSource[] | undefined;

  /**
   * The locked gems that depend on `gem` directly (Gemfile.lock's dependency lines: Avo's plugins
   * on avo), each with its Ruby files (`lib/`, `app/`) that contain `needle`, or why they are not
   * read (`MapInput.gemDependents`). A gem the app does not load (`require: false`) is left out.
   */
  dependents(gem: string, needle: string): GemDependent[] {
    const out: GemDependent[] = [];
    const seen = new Set<string>();
    for (const spec of this.lock.specs) {
      // A gem locked for several platforms is listed once per platform.
      if (seen.has(spec.name) || !spec.dependencies?.includes(gem) || !this.mayBeLoaded(spec.name)) continue;
      seen.add(spec.name);
      const installed = this.installed.get(spec.name);
      if (!installed) {
        out.push({ gem: spec.name, version: spec.version, why: "it is not installed", files: new Map() });
        continue;
      }
      const listed = gemFiles(installed, this.disk);
      if ("why" in listed) {
        out.push({ gem: spec.name, version: spec.version, why: listed.why, files: new Map() });
        continue;
      }
      const files = new Map<string, string>();
      for (const file of listed) {
        if (!file.rel.endsWith(".rb")) continue;
        const text = this.disk.readFile(file.path);
        if (text?.includes(needle)) files.set(file.path, text);
      }
      out.push({ gem: spec.name, version: spec.version, files });
    }
    return out;
  }

  /**
   * The installed gems whose own routes file reads their settings module, with the files their
   * entry file loads (`MapInput.gemSettings`), among `engines` (those the app draws): read once,
   * when the routes first name a constant.
   */
  settingsSources(engines: readonly EngineSource[]): GemMapperSource[] {
    // Only gems whose routes the app draws: the engines found with a routes file of their own
    // (gemEngines.ts) that it loads (engineLoading.ts has asked the Gemfile already).
    const drawn = new Set(engines.filter((e) => e.external && e.routes && !e.notLoaded).map((e) => e.root));
    return (this.settingsSourcesCache ??= this.sourcesOf((gem) => drawn.has(gem.dir), (gem) => settingsFiles(gem, this.disk)));
  }
  private settingsSourcesCache: GemMapperSource[] | undefined;

  private sourcesOf(loaded: (gem: InstalledGem) => boolean, filesOf: (gem: InstalledGem) => string[] | undefined): GemMapperSource[] {
    const out: GemMapperSource[] = [];
    for (const gem of [...this.installed.values()].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
      if (RAILS_GEMS.has(gem.name) || !loaded(gem)) continue;
      const paths = filesOf(gem);
      if (!paths) continue;
      const files = new Map<string, string>();
      for (const path of paths) {
        const text = this.disk.readFile(path);
        if (text !== undefined) files.set(path, text);
      }
      if (files.size) out.push({ gem: gem.name, version: gem.version, dir: gem.dir, files });
    }
    return out;
  }

  /**
   * Whether the app may load the gem's code at boot: not when the Gemfile gives it `require: false`
   * and neither config/application.rb nor an initializer requires it by a literal path (Bundler.require
   * skips it; its mapper methods would not exist, and taking them would draw routes Rails does not).
   * A gem the Gemfile does not name (a dependency), or a Gemfile Routemap cannot follow, may be.
   */
  private mayBeLoaded(name: string): boolean {
    const text = this.disk.readFile(join(this.root, "Gemfile"));
    const entry = text === undefined ? undefined : readGemfile(text)?.gems.get(name);
    if (!entry || !entry.require || entry.require.length) return true;
    const files = [join(this.root, "config", "application.rb"), ...this.disk.list(join(this.root, "config", "initializers")).filter((e) => !e.dir && e.name.endsWith(".rb")).map((e) => join(this.root, "config", "initializers", e.name))];
    const feature = new RegExp(`\\brequire\\s*\\(?\\s*["'](?:${[name, name.replace(/-/g, "/")].map(escapeRegExp).join("|")})(?:/[^"']*)?["']`);
    return files.some((path) => feature.test(this.disk.readFile(path) ?? ""));
  }

  /** How the cache served this app's gems (for ROUTEMAP_TIMINGS). */
  cacheStats() {
    return this.cache ? { folder: this.cache.folder, ...this.cache.stats } : undefined;
  }

  /**
   * Why what the gems define is not known, or undefined when every locked gem is installed:
   * the first gems not found and where Routemap looked for them.
   */
  missingBecause(): string | undefined {
    const [first, ...rest] = this.missing;
    if (!first) return undefined;
    const which = `the gem ${first.name} (${first.version})${rest.length ? ` and ${rest.length} more (${rest.slice(0, 3).map((m) => m.name).join(", ")}${rest.length > 3 ? ", …" : ""}) are` : " is"}`;
    return `${which} not installed where Routemap looks (${this.whereLooked(first)})`;
  }

  /** Where Routemap looked for a gem it did not find, in words. */
  whereLooked(gem: MissingGem): string {
    const show = (dir: string) => {
      const rel = relative(this.root, dir);
      return rel && !rel.startsWith("..") && !rel.startsWith(sep) ? rel : dir;
    };
    if (gem.source === "PATH") return gem.looked.map((dir) => `its path ${show(dir)} ${this.disk.isDir(dir) ? `has no ${gem.name}.gemspec` : "does not exist"}`).join(", ");
    if (gem.source === "GIT") return gem.looked.length ? `its git checkout is none of ${gem.looked.map(show).join(", ")}` : "Gemfile.lock gives its git source no remote or no commit hash as its revision";
    if (gem.looked.length === 0) return "no gem folder exists: not Bundler's path, GEM_HOME, GEM_PATH, the user's, Ruby's or a version manager's";
    return `${gem.name}-${gem.version} is in none of ${gem.looked.map(show).join(", ")}`;
  }
}

/**
 * Whether a locked gem may be loaded where the checks judge the app: Bundler.require loads the
 * `default` group and the environment's (config/application.rb's `Bundler.require(*Rails.groups)`),
 * and the test files run in `test`. A gem only in other groups (`group :production do gem "pg"
 * end`, on a machine that ran `bundle config set without production`) is never loaded there, so
 * its absence costs no check. A gem the Gemfile does not name is in its dependents' groups
 * (Gemfile.lock's dependency lines); where the Gemfile cannot be read, or a gem's groups cannot be
 * told (a `gemspec`'s dependency), it may be loaded.
 */
export function loadedGems(lock: Lockfile, gemfileText: string | undefined, railsEnv: string): (name: string) => boolean {
  const gemfile = gemfileText === undefined ? undefined : readGemfile(gemfileText);
  if (!gemfile) return () => true;
  const loadedGroups = new Set(["default", railsEnv, "test"]);
  const dependents = new Map<string, string[]>();
  for (const spec of lock.specs) for (const dep of spec.dependencies ?? []) dependents.set(dep, [...(dependents.get(dep) ?? []), spec.name]);
  // Asked only of the gems not installed: a walk up each one's dependents, each gem met once.
  const loaded = (name: string, seen: Set<string>): boolean => {
    const entry = gemfile.gems.get(name);
    if (entry?.groups.some((g) => loadedGroups.has(g))) return true;
    // A cycle of dependencies loads nothing the rest does not.
    if (seen.has(name)) return false;
    seen.add(name);
    // A gem the Gemfile names in other groups is still loaded where a loaded gem needs it.
    const by = dependents.get(name);
    return by ? by.some((d) => loaded(d, seen)) : !entry;
  };
  return (name) => loaded(name, new Set());
}

/**
 * `GdsApi::TestHelpers::PublishingApi` → `gds_api/test_helpers/publishing_api.rb`: the file
 * Zeitwerk's and the gems' own convention name a constant by (Zeitwerk's inflector camelizes
 * `routes_helper` to `RoutesHelper`, no acronyms for a gem's own, so `HTMLParser` is `html_parser`).
 */
export function fileOfConstant(name: string): string {
  return `${name.split("::").map((part) => part.replace(/([A-Z\d]+)([A-Z][a-z])/g, "$1_$2").replace(/([a-z\d])([A-Z])/g, "$1_$2").toLowerCase()).join("/")}.rb`;
}

/** One cache per folder for the process: its counts add up over the apps. */
const caches = new Map<string, GemCache<GemFacts>>();
function sharedCache(env: NodeJS.ProcessEnv): GemCache<GemFacts> | undefined {
  const folder = cacheFolder(env);
  if (!folder) return undefined;
  let cache = caches.get(folder);
  if (!cache) caches.set(folder, (cache = new GemCache(folder, factsCode(), isGemFacts)));
  return cache;
}

/** The app's gems from its Gemfile.lock; undefined without one. */
export function readAppGems(root: string, o: AppGemsOptions = {}): AppGems | undefined {
  const text = (o.fs ?? nodeFileSystem).readFile(`${root}${sep}Gemfile.lock`);
  return text === undefined ? undefined : new AppGems(root, parseLockfile(text), o);
}

/** The gems of each lockfile read, by the environment judged, while the app's configuration holds it (the server renews it when Gemfile.lock changes). */
const byLock = new WeakMap<Lockfile, Map<string, AppGems>>();

/** The app's gems for the lockfile its configuration read (`AppConfig.lock`), found once per lockfile read and environment; undefined without one. */
export function appGemsOf(root: string, lock: Lockfile | undefined, o: AppGemsOptions = {}): AppGems | undefined {
  if (!lock) return undefined;
  let byEnv = byLock.get(lock);
  if (!byEnv) byLock.set(lock, (byEnv = new Map()));
  const env = o.railsEnv ?? "development";
  let gems = byEnv.get(env);
  if (!gems) byEnv.set(env, (gems = new AppGems(root, lock, o)));
  return gems;
}

/** For a one-shot command (`routes`, `check`): each app's gems, found once in the process. */
const forCommand = new Map<string, AppGems | undefined>();
export function commandAppGems(root: string, o: AppGemsOptions = {}): AppGems | undefined {
  if (!forCommand.has(root)) forCommand.set(root, readAppGems(root, o));
  return forCommand.get(root);
}
