/**
 * Where an app's gems are installed, the way Bundler and RubyGems decide it (never by running
 * Ruby): Bundler's install path from its settings (bundler/lib/bundler/settings.rb, `#path` and
 * `Path`: the app's `.bundle/config`, then `BUNDLE_*` in the environment, then the user's
 * `~/.bundle/config`), then RubyGems' `Gem.path` (GEM_HOME, GEM_PATH, the user's gem directory,
 * the system's, Debian's rubygems-integration directories), then the Rubies of version managers
 * (rbenv, rvm, asdf, chruby, mise, frum).
 *
 * A gem home holds `specifications/<name>-<version>.gemspec`, the gem's code in
 * `gems/<name>-<version>/`, and git checkouts in `bundler/gems/`. Every Ruby version's home is
 * searched, the app's own first: a gem of the locked version is the same code under any of them.
 */
import { homedir } from "node:os";
import { basename, delimiter, isAbsolute, join, resolve } from "node:path";
import type { GemDisk } from "./gemDisk.js";

export interface GemHome {
  dir: string;
  /** What put it on the path: `BUNDLE_PATH (.bundle/config)`, `GEM_HOME`, `rbenv`… (said when a gem is not found). */
  origin: string;
  /**
   * Where the files a gemspec lists live when its gem's directory lacks them: Debian installs
   * pure-Ruby gems' code in `/usr/lib/ruby/vendor_ruby` with only the gemspec in this home; a
   * default gem's is in Ruby's own library.
   */
  libDirs: string[];
}

/** Bundler's install path setting, as `Bundler.settings.path` resolves it; undefined: system gems. */
export interface BundlePath {
  /** The directory whose `<engine>/<api version>/` is the gem home. */
  dir: string;
  origin: string;
}

type Env = NodeJS.ProcessEnv;

/** `KEY: value` lines of a Bundler config file (its YAML is always this flat form). */
export function readBundleConfig(text: string | undefined): Map<string, string> {
  const out = new Map<string, string>();
  for (const line of (text ?? "").split("\n")) {
    const m = /^(BUNDLE_[A-Z0-9_]+):[ \t]*(.*)$/.exec(line.trimEnd());
    if (m) out.set(m[1], m[2].replace(/^(["'])(.*)\1$/, "$2"));
  }
  return out;
}

const home = (env: Env) => env.HOME || homedir();
const expandHome = (path: string, env: Env) => (path === "~" || path.startsWith("~/") ? join(home(env), path.slice(1)) : path);

/** The user's Bundler config file: BUNDLE_CONFIG, BUNDLE_USER_CONFIG, BUNDLE_USER_HOME/config, ~/.bundle/config. */
function globalConfigFile(env: Env): string {
  return env.BUNDLE_CONFIG || env.BUNDLE_USER_CONFIG || (env.BUNDLE_USER_HOME ? join(env.BUNDLE_USER_HOME, "config") : join(home(env), ".bundle", "config"));
}

/**
 * Bundler's `path` setting: the first level (the app's config, the environment, the user's
 * config) that says anything of `path`, `path.system`, `deployment` or `disable_shared_gems`
 * decides. `deployment` alone means `vendor/bundle`; a relative path is the app root's.
 */
export function bundlePath(root: string, disk: GemDisk, env: Env = process.env): BundlePath | undefined {
  const appConfigDir = env.BUNDLE_APP_CONFIG ? resolve(root, env.BUNDLE_APP_CONFIG) : join(root, ".bundle");
  const envConfig = new Map(Object.entries(env).filter((e): e is [string, string] => e[0].startsWith("BUNDLE_") && e[1] !== undefined));
  const levels: [string, Map<string, string>][] = [
    [`${join(appConfigDir, "config")}`, readBundleConfig(disk.readFile(join(appConfigDir, "config")))],
    ["the environment", envConfig],
    [globalConfigFile(env), readBundleConfig(disk.readFile(globalConfigFile(env)))],
  ];
  for (const [where, config] of levels) {
    const deployment = isTrue(config.get("BUNDLE_DEPLOYMENT"));
    const path = config.get("BUNDLE_PATH") || (deployment ? "vendor/bundle" : undefined);
    const system = config.get("BUNDLE_PATH__SYSTEM");
    const sharedOff = config.get("BUNDLE_DISABLE_SHARED_GEMS");
    if (path === undefined && system === undefined && sharedOff === undefined) continue;
    if (isTrue(system) || sharedOff === "false") return undefined;
    if (!path) return undefined;
    return { dir: resolve(root, expandHome(path, env)), origin: `BUNDLE_PATH${deployment && !config.get("BUNDLE_PATH") ? " (deployment)" : ""} from ${where}` };
  }
  return undefined;
}

const isTrue = (value: string | undefined) => value !== undefined && value !== "false" && value !== "";

/** API version directories (`3.1.0`) under a directory, the app's Ruby's first. */
function apiDirs(disk: GemDisk, base: string, preferred: string | undefined): string[] {
  const versions = disk.list(base).filter((e) => e.dir && /^\d+\.\d+\.\d+$/.test(e.name)).map((e) => e.name);
  versions.sort((a, b) => (a === preferred ? -1 : b === preferred ? 1 : compareVersions(b, a)));
  return versions.map((v) => join(base, v));
}

function compareVersions(a: string, b: string): number {
  const pa = a.split(".").map(Number);
  const pb = b.split(".").map(Number);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) if ((pa[i] ?? 0) !== (pb[i] ?? 0)) return (pa[i] ?? 0) - (pb[i] ?? 0);
  return 0;
}

/** `3.1.2` → RubyGems' API version directory `3.1.0`. */
export function rubyApiVersion(version: string | undefined): string | undefined {
  const m = version && /^(\d+)\.(\d+)/.exec(version);
  return m ? `${m[1]}.${m[2]}.0` : undefined;
}

/** Debian's multiarch directories (`/usr/lib/x86_64-linux-gnu`). */
function archDirs(disk: GemDisk, sys: System): string[] {
  return disk.list(sys("/usr/lib")).filter((e) => e.dir && /^[a-z0-9_]+-[a-z0-9_]+-[a-z0-9_]+$/.test(e.name) && e.name.includes("linux")).map((e) => join(sys("/usr/lib"), e.name));
}

export interface GemPathOptions {
  root: string;
  disk: GemDisk;
  env?: Env;
  /** The app's Ruby (`.ruby-version`, Gemfile.lock): its homes are searched first. */
  rubyVersion?: string;
  /** Where the system's folders are (`/`; a test's own tree). */
  sysroot?: string;
}

/** A system folder's path under the sysroot. */
type System = (path: string) => string;

/** Every gem home, in the order Routemap searches them: Bundler's path, `Gem.path`, then version managers'. */
export function gemHomes(o: GemPathOptions): GemHome[] {
  const env = o.env ?? process.env;
  const { disk } = o;
  const api = rubyApiVersion(o.rubyVersion);
  const homes: GemHome[] = [];
  const seen = new Set<string>();
  const add = (dir: string, origin: string, libDirs: string[] = []) => {
    if (seen.has(dir) || !disk.isDir(dir)) return;
    seen.add(dir);
    homes.push({ dir, origin, libDirs });
  };
  // `<path>/<engine>/<api>`: Bundler.ruby_scope.
  const scoped = (base: string, origin: string) => {
    for (const engine of disk.list(base)) if (engine.dir) for (const dir of apiDirs(disk, join(base, engine.name), api)) add(dir, origin);
  };
  const bundle = bundlePath(o.root, disk, env);
  if (bundle) scoped(bundle.dir, bundle.origin);
  // Where Bundler installs when told to (`--deployment`, Bundler 4's default): read even when the config that said so is gone.
  scoped(join(o.root, "vendor", "bundle"), "vendor/bundle");
  scoped(join(o.root, ".bundle"), ".bundle");
  for (const dir of [env.GEM_HOME, ...(env.GEM_PATH ?? "").split(delimiter)]) if (dir) add(resolve(dir), dir === env.GEM_HOME ? "GEM_HOME" : "GEM_PATH");
  // Gem.user_dir, and RubyGems 3.4's XDG one; chruby's GEM_HOME is ~/.gem/ruby/<full version>.
  const user = home(env);
  for (const base of [join(user, ".gem"), join(env.XDG_DATA_HOME || join(user, ".local", "share"), "gem")]) scoped(base, "the user's gems");
  const sys: System = (path) => (o.sysroot ? join(o.sysroot, path) : path);
  systemHomes(disk, sys, api, add);
  managerHomes(disk, sys, env, o.rubyVersion, api, add);
  return homes;
}

/** `Gem.default_path` of the usual packagings: Debian/Ubuntu, Fedora, Homebrew, macOS, a Ruby built into /usr/local. */
function systemHomes(disk: GemDisk, sys: System, api: string | undefined, add: (dir: string, origin: string, libDirs?: string[]) => void): void {
  const arches = archDirs(disk, sys);
  // Debian's Gem.default_dir.
  for (const dir of apiDirs(disk, sys("/var/lib/gems"), api)) add(dir, "Ruby's gem path");
  // `<lib>/ruby/gems/<api>`; a default gem's code is in Ruby's own library, `<lib>/ruby/<api>`.
  for (const lib of [sys("/usr/local/lib"), sys("/usr/lib"), ...arches, sys("/opt/homebrew/lib")]) {
    for (const dir of apiDirs(disk, join(lib, "ruby", "gems"), api)) add(dir, "Ruby's gem path", [join(lib, "ruby", basename(dir))]);
  }
  // Debian's rubygems-integration: gemspecs whose code is in vendor_ruby.
  const vendor = [sys("/usr/lib/ruby/vendor_ruby")];
  for (const dir of apiDirs(disk, sys("/usr/share/rubygems-integration"), api)) add(dir, "Ruby's gem path (Debian)", vendor);
  add(sys("/usr/share/rubygems-integration/all"), "Ruby's gem path (Debian)", vendor);
  for (const arch of arches) {
    for (const dir of apiDirs(disk, join(arch, "rubygems-integration"), api)) add(dir, "Ruby's gem path (Debian)", [...vendor, join(arch, "ruby", "vendor_ruby", basename(dir))]);
  }
  for (const dir of [sys("/usr/share/gems"), sys("/usr/local/share/gems")]) add(dir, "Ruby's gem path (Fedora)");
  for (const dir of apiDirs(disk, sys("/Library/Ruby/Gems"), api)) add(dir, "Ruby's gem path (macOS)");
}

/** The Rubies that version managers install, each with its own gem homes. */
function managerHomes(disk: GemDisk, sys: System, env: Env, version: string | undefined, api: string | undefined, add: (dir: string, origin: string, libDirs?: string[]) => void): void {
  const user = home(env);
  // The app's Ruby first (`3.2.2`, `ruby-3.2.2`), then the others.
  const mine = (name: string) => (version !== undefined && (name === version || name.endsWith(`-${version}`)) ? 0 : 1);
  const rubies = (base: string, origin: string) => {
    for (const ruby of disk.list(base).sort((a, b) => mine(a.name) - mine(b.name))) {
      if (!ruby.dir) continue;
      const gems = join(base, ruby.name, "lib", "ruby", "gems");
      for (const dir of apiDirs(disk, gems, api)) add(dir, origin, [join(base, ruby.name, "lib", "ruby", basename(dir))]);
    }
  };
  rubies(join(env.RBENV_ROOT || join(user, ".rbenv"), "versions"), "rbenv");
  rubies(join(env.ASDF_DATA_DIR || join(user, ".asdf"), "installs", "ruby"), "asdf");
  rubies(join(env.MISE_DATA_DIR || join(env.XDG_DATA_HOME || join(user, ".local", "share"), "mise"), "installs", "ruby"), "mise");
  rubies(join(user, ".rubies"), "chruby");
  rubies(sys("/opt/rubies"), "chruby");
  rubies(join(user, ".frum", "versions"), "frum");
  // rvm: each `gems/<ruby>[@gemset]` is a GEM_HOME; its Rubies' own default gems too.
  for (const rvm of [env.rvm_path, join(user, ".rvm"), sys("/usr/local/rvm")]) {
    if (!rvm || !isAbsolute(rvm)) continue;
    for (const gemset of disk.list(join(rvm, "gems"))) if (gemset.dir && gemset.name !== "cache") add(join(rvm, "gems", gemset.name), "rvm");
    rubies(join(rvm, "rubies"), "rvm");
  }
}
