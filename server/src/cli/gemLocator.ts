/**
 * Where each gem Gemfile.lock locks is installed, found as Bundler finds it for `bundle exec`:
 * a GEM source's gem by its specification `<name>-<version>[-<platform>].gemspec` in a gem
 * home (bundler/lib/bundler/source/rubygems.rb, RubyGems' `Gem::Specification.dirs`, default
 * gems under `specifications/default`); a GIT source's in its checkout
 * `bundler/gems/<repository>-<first 12 of the revision>` (source/git.rb `install_path`); a PATH
 * source's where its path says (source/path.rb), each found by the gemspecs its glob matches
 * (by default those in the directory and one or two levels below it).
 */
import { basename, dirname, join, relative, resolve } from "node:path";
import { expandBraces } from "@routemap/shared-mapper";
import type { GemDisk } from "./gemDisk.js";
import { gemHomes, rubyApiVersion, type GemHome } from "./gemPaths.js";
import type { LockedSpec, Lockfile, LockSource } from "./lockfile.js";

export interface InstalledGem {
  name: string;
  version: string;
  /** The gem's directory (RubyGems' `full_gem_path`): its `lib/`, `app/`, `config/`. */
  dir: string;
  /** The specification RubyGems loads it by; for a git or path gem, its gemspec in the source when found. */
  spec?: string;
  /** Where a gemspec's listed files are when `dir` lacks them (Debian's vendor_ruby, Ruby's own library for a default gem). */
  libDirs: string[];
  source: "rubygems" | "git" | "path";
}

export interface MissingGem {
  name: string;
  version: string;
  source: LockSource["kind"];
  /** Where it was looked for: gem homes, a git checkout's directories, a path. */
  looked: string[];
}

export interface GemLocations {
  installed: InstalledGem[];
  missing: MissingGem[];
  /** The gem homes searched, in order (said when a gem is missing). */
  homes: GemHome[];
}

export interface LocateOptions {
  root: string;
  disk: GemDisk;
  env?: NodeJS.ProcessEnv;
  rubyVersion?: string;
  sysroot?: string;
}

/** Bundler installs itself; the lockfile's `bundler` is never a gem to find. */
const SELF = new Set(["bundler"]);

export function locateGems(lock: Lockfile, o: LocateOptions): GemLocations {
  const homes = gemHomes({ root: o.root, disk: o.disk, env: o.env, rubyVersion: o.rubyVersion ?? lock.rubyVersion, sysroot: o.sysroot });
  const listings = new Listings(o.disk);
  const installed: InstalledGem[] = [];
  const missing: MissingGem[] = [];
  // A gem locked for several platforms is installed once, for the machine's.
  const byName = new Map<string, LockedSpec[]>();
  for (const spec of lock.specs) if (!SELF.has(spec.name)) byName.set(spec.name, [...(byName.get(spec.name) ?? []), spec]);
  for (const [name, variants] of byName) {
    let found: InstalledGem | undefined;
    const looked: string[] = [];
    for (const spec of variants) {
      found = locate(spec, homes, listings, o, looked);
      if (found) break;
    }
    if (found) installed.push(found);
    else missing.push({ name, version: variants[0].version, source: variants[0].source.kind, looked: [...new Set(looked)] });
  }
  return { installed, missing, homes };
}

function locate(spec: LockedSpec, homes: GemHome[], listings: Listings, o: LocateOptions, looked: string[]): InstalledGem | undefined {
  const { source } = spec;
  if (source.kind === "PATH") return inPath(spec, resolve(o.root, source.remote ?? "."), o.disk, looked);
  if (source.kind === "GIT") return inCheckout(spec, homes, o, looked);
  for (const home of homes) {
    looked.push(home.dir);
    const found = inHome(spec, home, listings);
    if (found) return found;
  }
  return undefined;
}

/** Names in a gem home's directories, read once per directory. */
class Listings {
  private readonly cache = new Map<string, Set<string>>();
  constructor(private readonly disk: GemDisk) {}
  names(dir: string): Set<string> {
    let names = this.cache.get(dir);
    if (!names) this.cache.set(dir, (names = new Set(this.disk.list(dir).map((e) => e.name))));
    return names;
  }
}

/**
 * The locked gem in one home: its specification (`nokogiri-1.15.4-x86_64-linux.gemspec` for a
 * platform's build), a default gem's, or, without one, the gem's own directory of that version.
 */
function inHome(spec: LockedSpec, home: GemHome, listings: Listings): InstalledGem | undefined {
  const specs = listings.names(join(home.dir, "specifications"));
  const defaults = listings.names(join(home.dir, "specifications", "default"));
  const dirs = listings.names(join(home.dir, "gems"));
  const has = (full: string) => specs.has(`${full}.gemspec`) || defaults.has(`${full}.gemspec`) || dirs.has(full);
  const plain = `${spec.name}-${spec.version}`;
  const full =
    [spec.platform ? `${plain}-${spec.platform}` : plain, plain].find(has) ??
    // Locked as pure Ruby, installed as a platform's build.
    platformBuild(spec, specs, ".gemspec") ??
    platformBuild(spec, defaults, ".gemspec") ??
    platformBuild(spec, dirs, "");
  if (!full) return undefined;
  const specFile = specs.has(`${full}.gemspec`) ? join(home.dir, "specifications", `${full}.gemspec`) : defaults.has(`${full}.gemspec`) ? join(home.dir, "specifications", "default", `${full}.gemspec`) : undefined;
  return { name: spec.name, version: spec.version, dir: join(home.dir, "gems", full), spec: specFile, libDirs: home.libDirs, source: "rubygems" };
}

/** `<name>-<version>-<platform><suffix>` among `names`: the build for a platform. */
function platformBuild(spec: LockedSpec, names: Set<string>, suffix: string): string | undefined {
  const prefix = `${spec.name}-${spec.version}-`;
  for (const name of names) {
    if (!name.startsWith(prefix) || !name.endsWith(suffix)) continue;
    const platform = name.slice(prefix.length, name.length - suffix.length);
    if (/^[a-z][a-z0-9_]*(?:-[a-z0-9_.]+)*$/.test(platform)) return name.slice(0, name.length - suffix.length);
  }
  return undefined;
}

/** Bundler's directory name for a git source's repository (Source::Git#base_name). */
export function gitBaseName(uri: string): string {
  const rest = uri.replace(/^(\w+:\/\/)?([^/:]+:)?(\/\/\w*\/)?(\w*\/)*/, "");
  return basename(rest.replace(/\/+$/, ""), ".git");
}

/** A git source's gem in its checkout, under every home's `bundler/gems` and the user's `~/.bundle/<engine>/<api>`. */
function inCheckout(spec: LockedSpec, homes: GemHome[], o: LocateOptions, looked: string[]): InstalledGem | undefined {
  const { remote, revision } = spec.source;
  // A commit's hash: the folder's name is made of it, and must stay one name.
  if (!remote || !revision || !/^[0-9a-fA-F]{7,64}$/.test(revision)) return undefined;
  const scope = `${gitBaseName(remote)}-${revision.slice(0, 12)}`;
  const env = o.env ?? process.env;
  const api = rubyApiVersion(o.rubyVersion);
  const userBundle = join(env.BUNDLE_USER_HOME || join(env.HOME || "", ".bundle"), "ruby", api ?? "");
  for (const dir of [...homes.map((h) => join(h.dir, "bundler", "gems", scope)), ...(api && env.HOME ? [join(userBundle, scope)] : [])]) {
    looked.push(dir);
    if (!o.disk.isDir(dir)) continue;
    const found = inSourceDir(spec, dir, o.disk);
    if (found) return { ...found, source: "git" };
  }
  return undefined;
}

function inPath(spec: LockedSpec, dir: string, disk: GemDisk, looked: string[]): InstalledGem | undefined {
  looked.push(dir);
  return disk.isDir(dir) ? inSourceDir(spec, dir, disk) : undefined;
}

/**
 * A gem in a git checkout or a path: the directory of its gemspec among those the source's glob
 * matches (named `<name>.gemspec`, else one that sets that name); a source whose directory has no
 * gemspec at all holds the one gem it locks (Bundler makes a specification for it).
 */
function inSourceDir(spec: LockedSpec, dir: string, disk: GemDisk): InstalledGem | undefined {
  const gemspecs = globGemspecs(dir, spec.source.glob, disk);
  const named = gemspecs.find((p) => basename(p) === `${spec.name}.gemspec`) ?? gemspecs.find((p) => setsName(disk.readFile(p), spec.name));
  const only = gemspecs.length === 0 && spec.source.specs.length === 1 ? dir : undefined;
  const gemDir = named ? dirname(named) : only;
  if (!gemDir) return undefined;
  return { name: spec.name, version: spec.version, dir: gemDir, spec: named, libDirs: [], source: "path" };
}

/**
 * Whether a gemspec's text gives the gem that name (`s.name = "blog"`, `spec.name    = 'blog'`,
 * `Gem::Specification.new "blog", "0.1"`): Bundler names a path's gems by what their gemspecs
 * say, whatever the files are called (zendesk/samson's plugins/gcloud/gcloud.gemspec is
 * gcloud_image_tagger).
 */
function setsName(text: string | undefined, name: string): boolean {
  if (!text) return false;
  for (const quote of ['"', "'"]) {
    let at = text.indexOf(`${quote}${name}${quote}`);
    while (at >= 0) {
      const before = text.slice(Math.max(0, at - 40), at);
      if (/\.name\s*=\s*$|Specification\.new\s*\(?\s*$/.test(before)) return true;
      at = text.indexOf(`${quote}${name}${quote}`, at + 1);
    }
  }
  return false;
}

/** At most this many patterns from a glob's braces (the glob is the lockfile's text). */
const MAX_PATTERNS = 64;

/** The gemspecs under `dir` that the source's glob matches (Bundler's default: up to two levels down), at most four levels down. */
export function globGemspecs(dir: string, glob: string | undefined, disk: GemDisk): string[] {
  const pattern = glob ?? "{,*,*/*}.gemspec";
  // Only as deep as the glob reaches (`remote: /` must not walk the disk), and 2,000 folders at most.
  const patterns = expandBraces(pattern, { left: MAX_PATTERNS });
  const deepest = patterns.some((p) => p.includes("**")) ? 4 : Math.max(...patterns.map((p) => p.split("/").length - 1));
  const out: string[] = [];
  let budget = 2000;
  const visit = (sub: string, depth: number) => {
    if (--budget < 0) return;
    for (const entry of disk.list(sub)) {
      const path = join(sub, entry.name);
      if (entry.dir) {
        if (depth < deepest && !entry.name.startsWith(".") && entry.name !== "node_modules") visit(path, depth + 1);
      } else if (entry.name.endsWith(".gemspec") && globMatches(pattern, relative(dir, path))) out.push(path);
    }
  };
  visit(dir, 0);
  return out.sort();
}

/**
 * Whether a relative path matches a file glob (`*`, `?`, `**`, `{a,b}`), as `Dir.glob` reads
 * one. The glob comes from the lockfile: it is matched without backtracking (its braces expanded
 * up to a limit, each component by the two-pointer wildcard match).
 */
export function globMatches(glob: string, path: string): boolean {
  const parts = path.split("/");
  return expandBraces(glob, { left: MAX_PATTERNS }).some((pattern) => matchParts(pattern.split("/"), parts));
}

/** Path components against pattern components, `**` standing for any number of them. */
function matchParts(pattern: string[], parts: string[]): boolean {
  const memo = new Map<number, boolean>();
  const go = (i: number, j: number): boolean => {
    const key = i * (parts.length + 1) + j;
    const known = memo.get(key);
    if (known !== undefined) return known;
    let result: boolean;
    if (i === pattern.length) result = j === parts.length;
    else if (pattern[i] === "**") result = go(i + 1, j) || (j < parts.length && go(i, j + 1));
    else result = j < parts.length && wildcard(pattern[i], parts[j]) && go(i + 1, j + 1);
    memo.set(key, result);
    return result;
  };
  return go(0, 0);
}

/** One component against `*` and `?`: the greedy two-pointer match, linear in practice, never exponential. */
function wildcard(pattern: string, text: string): boolean {
  if (text.startsWith(".") && !pattern.startsWith(".")) return false;
  let p = 0;
  let t = 0;
  let star = -1;
  let mark = 0;
  while (t < text.length) {
    if (p < pattern.length && (pattern[p] === "?" || pattern[p] === text[t])) (p++, t++);
    else if (p < pattern.length && pattern[p] === "*") ((star = p++), (mark = t));
    else if (star >= 0) ((p = star + 1), (t = ++mark));
    else return false;
  }
  while (pattern[p] === "*") p++;
  return p === pattern.length;
}
