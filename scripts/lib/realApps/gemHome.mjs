// A gem home in which every gem an app's Gemfile.lock locks from a GEM source is installed, for
// trying Routemap's checks on a public app as a developer who ran `bundle install` would: the
// gem's code is Debian's copy of that gem (of whatever version apt installed, linked in under
// the locked version) where there is one, and otherwise an empty gem (a specification and an
// empty lib/), which defines nothing; a GIT source's gem is checked out where Bundler puts it. A finding that exists only because a gem is empty is the
// stand-in's, not Routemap's: the report says how many gems were empty.
import { existsSync, mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { basename, join } from "node:path";
import { extractFromGit, resolveCommit } from "./extract.mjs";

const DEBIAN_HOMES = [
  "/usr/share/rubygems-integration/all/gems",
  "/usr/lib/x86_64-linux-gnu/rubygems-integration/3.1.0/gems",
  "/usr/share/rubygems-integration/3.1.0/gems",
];

/** Debian's installed gems with their code: name → directory. */
function debianGems() {
  const gems = new Map();
  for (const home of DEBIAN_HOMES) {
    if (!existsSync(home)) continue;
    for (const dir of readdirSync(home)) {
      const name = dir.replace(/-[^-]+$/, "");
      const path = join(home, dir);
      // Only a gem whose code is here (pure-Ruby ones often keep theirs in vendor_ruby).
      if (!gems.has(name) && (existsSync(join(path, "lib")) || existsSync(join(path, "app")))) gems.set(name, path);
    }
  }
  return gems;
}

/**
 * The gems a lockfile locks: a GEM section's `name (version[-platform])` lines, and a GIT
 * section's, with the folder Bundler checks its repository out to (bundler/source/git.rb:
 * `bundler/gems/<the remote's base name>-<the revision's first 12>`).
 */
function lockedGems(lockText) {
  const gems = [];
  let section = null, remote = null, revision = null;
  for (const line of lockText.split("\n")) {
    if (/^\S/.test(line)) (section = line.trim(), remote = revision = null);
    const field = /^ {2}(remote|revision): (.+)$/.exec(line);
    if (field) (field[1] === "remote" ? (remote = field[2]) : (revision = field[2]));
    const m = section === "GEM" || section === "GIT" ? /^ {4}([A-Za-z0-9_.-]+) \(([^)\s-]+)[^)]*\)$/.exec(line) : null;
    if (!m || gems.some((g) => g.name === m[1])) continue;
    const checkout = section === "GIT" && remote && revision ? `${basename(remote.replace(/^(\w+:\/\/)?([^/:]+:)?(\/\/\w*\/)?(\w*\/)*/, "").replace(/\/+$/, ""), ".git")}-${revision.slice(0, 12)}` : undefined;
    gems.push({ name: m[1], version: m[2], checkout });
  }
  return gems;
}

const gemspec = (name, version) => `Gem::Specification.new do |s|\n  s.name = ${JSON.stringify(name)}\n  s.version = ${JSON.stringify(version)}\nend\n`;

/** A git gem's checkout: its gemspec, and Debian's copy of its code where there is one. */
function writeCheckout(home, gem, debianDir) {
  const dir = join(home, "bundler", "gems", gem.checkout);
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, `${gem.name}.gemspec`), gemspec(gem.name, gem.version));
  for (const part of ["lib", "app", "config"]) {
    if (debianDir && existsSync(join(debianDir, part))) symlinkSync(join(debianDir, part), join(dir, part));
    else if (part === "lib") mkdirSync(join(dir, part), { recursive: true });
  }
}

/**
 * A gem's own source from a snapshot of its repository (`--gem-source`): the tag of the locked
 * version (`v1.2.3` or `1.2.3`), else HEAD, said; its lib/, app/ and config/ as a gem installs them.
 */
function writeFetched(dir, gitDir, version) {
  let rev = "HEAD";
  for (const tag of [`v${version}`, version]) {
    try {
      resolveCommit(gitDir, tag);
      rev = tag;
      break;
    } catch {
      // not this tag
    }
  }
  extractFromGit(gitDir, resolveCommit(gitDir, rev), dir, (p) => /^(lib|app|config)\//.test(p));
  mkdirSync(join(dir, "lib"), { recursive: true });
  return rev;
}

/**
 * Writes the gem home for the app at `root` into `home`; which gems came from Debian, which from
 * a snapshot of their own repository (`sources`: name → git directory), which are empty.
 */
export function writeGemHome(root, home, { sources = new Map() } = {}) {
  const debian = debianGems();
  const result = { debian: [], fetched: [], empty: [] };
  mkdirSync(join(home, "gems"), { recursive: true });
  mkdirSync(join(home, "specifications"), { recursive: true });
  for (const gem of lockedGems(readFileSync(join(root, "Gemfile.lock"), "utf8"))) {
    const { name, version } = gem;
    if (name === "bundler") continue;
    if (gem.checkout && sources.has(name)) {
      // A git source's gem from the snapshot given for it (the locked revision may be a fork's: the tag is said).
      const dir = join(home, "bundler", "gems", gem.checkout);
      mkdirSync(dir, { recursive: true });
      writeFileSync(join(dir, `${name}.gemspec`), gemspec(name, version));
      result.fetched.push(`${name} ${version} (git source; ${writeFetched(dir, sources.get(name), version)})`);
      continue;
    }
    if (gem.checkout) {
      writeCheckout(home, gem, debian.get(name));
      result[debian.has(name) ? "debian" : "empty"].push(name);
      continue;
    }
    const dir = join(home, "gems", `${name}-${version}`);
    if (sources.has(name)) result.fetched.push(`${name} ${version} (${writeFetched(dir, sources.get(name), version)})`);
    else if (debian.has(name)) (symlinkSync(debian.get(name), dir), result.debian.push(name));
    else (mkdirSync(join(dir, "lib"), { recursive: true }), result.empty.push(name));
    writeFileSync(join(home, "specifications", `${name}-${version}.gemspec`), gemspec(name, version));
  }
  return result;
}
