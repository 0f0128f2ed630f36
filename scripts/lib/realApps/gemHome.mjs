// A gem home in which every gem an app's Gemfile.lock locks from a GEM source is installed, for
// trying Routemap's checks on a public app as a developer who ran `bundle install` would: the
// gem's code is Debian's copy of that gem (of whatever version apt installed, linked in under
// the locked version) where there is one, and otherwise an empty gem (a specification and an
// empty lib/), which defines nothing. A finding that exists only because a gem is empty is the
// stand-in's, not Routemap's: the report says how many gems were empty.
import { existsSync, mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";

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

/** The GEM section's `name (version[-platform])` lines of a lockfile. */
function lockedGems(lockText) {
  const gems = [];
  let inGem = false;
  for (const line of lockText.split("\n")) {
    if (/^\S/.test(line)) inGem = line.trim() === "GEM";
    const m = inGem ? /^ {4}([A-Za-z0-9_.-]+) \(([^)\s-]+)[^)]*\)$/.exec(line) : null;
    if (m && !gems.some((g) => g.name === m[1])) gems.push({ name: m[1], version: m[2] });
  }
  return gems;
}

/** Writes the gem home for the app at `root` into `home`; which gems came from Debian, which are empty. */
export function writeGemHome(root, home) {
  const debian = debianGems();
  const result = { debian: [], empty: [] };
  mkdirSync(join(home, "gems"), { recursive: true });
  mkdirSync(join(home, "specifications"), { recursive: true });
  for (const { name, version } of lockedGems(readFileSync(join(root, "Gemfile.lock"), "utf8"))) {
    if (name === "bundler") continue;
    const dir = join(home, "gems", `${name}-${version}`);
    if (debian.has(name)) (symlinkSync(debian.get(name), dir), result.debian.push(name));
    else (mkdirSync(join(dir, "lib"), { recursive: true }), result.empty.push(name));
    const spec = `Gem::Specification.new do |s|\n  s.name = ${JSON.stringify(name)}\n  s.version = ${JSON.stringify(version)}\nend\n`;
    writeFileSync(join(home, "specifications", `${name}-${version}.gemspec`), spec);
  }
  return result;
}
