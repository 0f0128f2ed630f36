// A gem home in which every gem an app's Gemfile.lock locks from a GEM source is installed, for
// trying Routemap's checks on a public app as a developer who ran `bundle install` would: the
// gem's code is, for Rails' own gems, the locked release's from the rails/rails snapshot where it
// has that tag; else Debian's copy of that gem (of whatever version apt installed, linked in under
// the locked version) where there is one; and otherwise an empty gem (a specification and an
// empty lib/), which defines nothing. A GIT source's gem is checked out where Bundler puts it.
// A finding that exists only because a gem is empty is the stand-in's, not Routemap's: the
// report says how many gems were empty.
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { basename, join } from "node:path";
import { extractFromGit, gitDirOf, resolveCommit } from "./extract.mjs";

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
    gems.push({ name: m[1], version: m[2], checkout, ...(checkout ? { remote, revision } : {}) });
  }
  return inMonorepos(gems);
}

/**
 * A git source that locks several gems is a repository holding each in its own folder (rails/rails:
 * `actionpack/actionpack.gemspec`, the `rails` gem's at the root), where Bundler's default glob finds
 * gemspecs one or two folders down; one folder each keeps their code apart.
 */
function inMonorepos(gems) {
  const count = new Map();
  for (const g of gems) if (g.checkout) count.set(g.checkout, (count.get(g.checkout) ?? 0) + 1);
  for (const g of gems) {
    if (g.checkout && count.get(g.checkout) > 1 && g.checkout.slice(0, -13) !== g.name) g.folder = join(g.checkout, g.name);
  }
  return gems;
}

/** Rails' own gems, and the rails/rails snapshot their code is taken from at the locked release. */
const RAILS_GEMS = new Set(["actioncable", "actionmailbox", "actionmailer", "actionpack", "actiontext", "actionview", "activejob", "activemodel", "activerecord", "activestorage", "activesupport", "railties"]);
const RAILS_MIRROR = "/work/.mirror/rails+rails";

/**
 * Rails' gem `name` at `rev` of the rails/rails snapshot (a release's tag `v<version>`, or the
 * revision a GIT source locks), its lib/, app/ and config/ extracted once per rev into `cache`:
 * Debian's Rails is 6.1, and an app locking 7.1 has railties' Rails::HealthController, which
 * 6.1's code lacks. Undefined without the snapshot or the rev.
 */
function railsGemAt(name, rev, cache) {
  const gitDir = cache && RAILS_GEMS.has(name) && existsSync(RAILS_MIRROR) ? gitDirOf(RAILS_MIRROR) : null;
  if (!gitDir) return undefined;
  let commit;
  try {
    commit = resolveCommit(gitDir, rev);
  } catch {
    return undefined;
  }
  const root = join(cache, rev);
  if (!existsSync(join(root, ".complete"))) {
    const part = (p) => p.split("/");
    extractFromGit(gitDir, commit, root, (p) => RAILS_GEMS.has(part(p)[0]) && ["lib", "app", "config"].includes(part(p)[1]));
    writeFileSync(join(root, ".complete"), "");
  }
  return existsSync(join(root, name)) ? join(root, name) : undefined;
}

const gemspec = (name, version) => `Gem::Specification.new do |s|\n  s.name = ${JSON.stringify(name)}\n  s.version = ${JSON.stringify(version)}\nend\n`;

/** A git gem's checkout: its gemspec, and Debian's copy of its code where there is one. */
function writeCheckout(home, gem, debianDir) {
  const dir = join(home, "bundler", "gems", gem.folder ?? gem.checkout);
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, `${gem.name}.gemspec`), gemspec(gem.name, gem.version));
  for (const part of ["lib", "app", "config"]) {
    if (debianDir && existsSync(join(debianDir, part))) symlinkSync(join(debianDir, part), join(dir, part));
    else if (part === "lib") mkdirSync(join(dir, part), { recursive: true });
  }
}

/**
 * A gem's own source from a snapshot of its repository (`--gem-source`): the tag of the locked
 * version (`v1.2.3`, `1.2.3`, or a repository of several gems' `name@1.2.3`), else HEAD, said;
 * its lib/, app/ and config/ as a gem installs them, from `folder` of the repository where the
 * gem lives in one (vite_ruby's `vite_rails/`).
 */
function writeFetched(dir, gitDir, version, { name, folder } = {}) {
  let rev = "HEAD";
  for (const tag of [`v${version}`, version, ...(name ? [`${name}@${version}`] : [])]) {
    try {
      resolveCommit(gitDir, tag);
      rev = tag;
      break;
    } catch {
      // not this tag
    }
  }
  const prefix = folder ? `${folder}/` : "";
  const staging = folder ? `${dir}.extract` : dir;
  extractFromGit(gitDir, resolveCommit(gitDir, rev), staging, (p) => p.startsWith(prefix) && /^(lib|app|config)\//.test(p.slice(prefix.length)));
  if (folder) {
    mkdirSync(dir, { recursive: true });
    for (const part of ["lib", "app", "config"]) if (existsSync(join(staging, folder, part))) renameSync(join(staging, folder, part), join(dir, part));
    rmSync(staging, { recursive: true, force: true });
  }
  mkdirSync(join(dir, "lib"), { recursive: true });
  return folder ? `${rev}, ${folder}/` : rev;
}

/**
 * Writes the gem home for the app at `root` into `home`; which gems came from Debian, which from
 * a snapshot of their own repository (`sources`: name → its git directory and the gem's folder in it, if any), which from the rails/rails
 * snapshot (`railsCache`: where its revisions are extracted), which are empty.
 */
export function writeGemHome(root, home, { sources = new Map(), railsCache } = {}) {
  const debian = debianGems();
  const result = { debian: [], fetched: [], rails: [], empty: [] };
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
      result.fetched.push(`${name} ${version} (git source; ${writeFetched(dir, sources.get(name).gitDir, version, { name, folder: sources.get(name).folder })})`);
      continue;
    }
    if (gem.checkout) {
      const fromRails = /[/:]rails\/rails(\.git)?$/.test(gem.remote ?? "") ? railsGemAt(name, gem.revision, railsCache) : undefined;
      writeCheckout(home, gem, fromRails ?? debian.get(name));
      result[fromRails ? "rails" : debian.has(name) ? "debian" : "empty"].push(name);
      continue;
    }
    const dir = join(home, "gems", `${name}-${version}`);
    const sameAsDebian = debian.has(name) && basename(debian.get(name)) === `${name}-${version}`;
    const release = sources.has(name) || sameAsDebian ? undefined : railsGemAt(name, `v${version}`, railsCache);
    if (sources.has(name)) result.fetched.push(`${name} ${version} (${writeFetched(dir, sources.get(name).gitDir, version, { name, folder: sources.get(name).folder })})`);
    else if (release) (symlinkSync(release, dir), result.rails.push(name));
    else if (debian.has(name)) (symlinkSync(debian.get(name), dir), result.debian.push(name));
    else (mkdirSync(join(dir, "lib"), { recursive: true }), result.empty.push(name));
    writeFileSync(join(home, "specifications", `${name}-${version}.gemspec`), gemspec(name, version));
  }
  return result;
}
