/**
 * Gemfile.lock, read as Bundler's `LockfileParser` reads it (bundler/lib/bundler/lockfile_parser.rb):
 * sections that start at column 0 (`GEM`, `GIT`, `PATH`, `PLUGIN SOURCE`, `PLATFORMS`,
 * `DEPENDENCIES`, `RUBY VERSION`, `BUNDLED WITH`, `CHECKSUMS`); in a source section, its options
 * two spaces in (`remote:`, `revision:`, `glob:`) and after `specs:` its gems four spaces in,
 * `name (version)` or `name (version-platform)`, their dependencies six spaces in.
 *
 * Every app's lockfile is read, including a stranger's: the reader goes over each line once with
 * string operations, never a pattern that can backtrack, so its time is linear in the file.
 */

/** A gem the lockfile locks: `nokogiri (1.15.4-x86_64-linux)` is version 1.15.4 for platform x86_64-linux. */
export interface LockedSpec {
  name: string;
  version: string;
  /** The platform after the version's first `-`; undefined for a pure-Ruby gem (`ruby`). */
  platform?: string;
  source: LockSource;
  /** The names of the gems it depends on (the lines under it); absent when it lists none. */
  dependencies?: string[];
}

/** A source section: where Bundler installs its gems from (and so where it puts them). */
export interface LockSource {
  kind: "GEM" | "GIT" | "PATH" | "PLUGIN SOURCE";
  /** `remote:`: the gem server, the git repository, or the path (relative to the app's root). */
  remote?: string;
  /** A git source's commit. */
  revision?: string;
  /** Where a git or path source's gemspecs are, a glob (Bundler's default: the directory and two levels below). */
  glob?: string;
  specs: LockedSpec[];
}

export interface Lockfile {
  sources: LockSource[];
  /** Every locked gem; a gem locked for several platforms comes once per platform. */
  specs: LockedSpec[];
  platforms: string[];
  /** `RUBY VERSION`: `ruby 3.1.2p20` → 3.1.2. */
  rubyVersion?: string;
}

const SOURCES = new Set(["GEM", "GIT", "PATH", "PLUGIN SOURCE"]);

export function parseLockfile(text: string): Lockfile {
  const lock: Lockfile = { sources: [], specs: [], platforms: [], rubyVersion: undefined };
  let section = "";
  let source: LockSource | undefined;
  let inSpecs = false;
  // The spec the dependency lines (six spaces) below it belong to; none after a line that is no spec.
  let lastSpec: LockedSpec | undefined;
  let start = 0;
  while (start <= text.length) {
    let end = text.indexOf("\n", start);
    if (end < 0) end = text.length;
    const line = text.charCodeAt(end - 1) === 13 ? text.slice(start, end - 1) : text.slice(start, end);
    start = end + 1;
    const indent = indentOf(line);
    if (indent === line.length) continue;
    if (indent === 0) {
      section = line.trimEnd();
      source = SOURCES.has(section) ? { kind: section as LockSource["kind"], specs: [] } : undefined;
      if (source) lock.sources.push(source);
      inSpecs = false;
      lastSpec = undefined;
      continue;
    }
    if (source) {
      if (indent === 2) {
        lastSpec = undefined;
        inSpecs = line.trimEnd() === "  specs:";
        const option = /^ {2}(remote|revision|glob): (.*)$/.exec(line);
        // Old lockfiles list several `remote:`s in one GEM section; the first is a path's or repository's own.
        if (option && !(option[1] === "remote" && source.remote !== undefined)) source[option[1] as "remote" | "revision" | "glob"] = option[2].trim();
      } else if (indent === 4 && inSpecs) {
        const spec = (lastSpec = specLine(line.slice(4), source));
        if (spec) (source.specs.push(spec), lock.specs.push(spec));
      } else if (indent === 6 && inSpecs && lastSpec) {
        const name = /^ {6}([^\s(]+)/.exec(line)?.[1];
        if (name) (lastSpec.dependencies ??= []).push(name);
      }
    } else if (section === "PLATFORMS" && indent === 2) lock.platforms.push(line.trim());
    else if (section === "RUBY VERSION" && lock.rubyVersion === undefined) {
      const m = /^ruby (\d+\.\d+(?:\.\d+)?)/.exec(line.trim());
      if (m) lock.rubyVersion = m[1];
    }
  }
  return lock;
}

/** The number of spaces a line starts with. */
function indentOf(line: string): number {
  let i = 0;
  while (i < line.length && line.charCodeAt(i) === 32) i++;
  return i;
}

/**
 * `name (version[-platform])`, as Bundler's NAME_VERSION reads it: the name up to the first ` (`,
 * the version up to its first `-`, the platform after it. Anything else is not a locked gem.
 */
function specLine(text: string, source: LockSource): LockedSpec | undefined {
  const body = text.endsWith("!") ? text.slice(0, -1) : text;
  const open = body.indexOf(" (");
  if (open <= 0 || !body.endsWith(")")) return undefined;
  const name = body.slice(0, open);
  const inner = body.slice(open + 2, -1);
  const dash = inner.indexOf("-");
  const version = dash < 0 ? inner : inner.slice(0, dash);
  const platform = dash < 0 ? undefined : inner.slice(dash + 1);
  // Each becomes part of a folder's name.
  if (!isGemName(name) || !/^\d[0-9A-Za-z.]*$/.test(version) || (platform !== undefined && !/^[A-Za-z0-9_.-]+$/.test(platform))) return undefined;
  return { name, version, platform: platform && platform !== "ruby" ? platform : undefined, source };
}

/** A name RubyGems accepts (`Gem::Specification::VALID_NAME_PATTERN`): it becomes part of a directory's name. */
/** The longest gem name read. */
const MAX_GEM_NAME = 200;

export function isGemName(name: string): boolean {
  // Longer than any gem's name (the longest on rubygems.org are some 60 characters): a hostile line, not a gem, never echoed in messages.
  return name.length <= MAX_GEM_NAME && /^[A-Za-z0-9._-]+$/.test(name) && /[A-Za-z0-9]/.test(name) && name !== "." && name !== "..";
}

/** The gems of every source section, name → version (a gem locked for several platforms: its first). */
export function lockedGems(lock: Lockfile): Record<string, string> {
  const gems: Record<string, string> = {};
  for (const spec of lock.specs) gems[spec.name] ??= spec.version;
  return gems;
}
