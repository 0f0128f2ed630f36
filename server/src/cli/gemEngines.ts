/**
 * Engines that come from installed gems (GoodJob::Engine, PgHero::Engine…): when the gem of
 * the version Gemfile.lock locks is installed where Bundler or RubyGems put gems, its own
 * `config/routes.rb` is read (never run), so the section of an engine the app mounts is the
 * engine's real table. Routemap reads these files; it runs nothing.
 */
import { homedir } from "node:os";
import { join, resolve, sep } from "node:path";
import { walk, type FileSystem } from "../fileSystem.js";
import type { EngineSource } from "./appConfig.js";

/** Rails' own gems: their routes (Active Storage's, Action Mailbox's) are modelled per version, not read. */
const RAILS_GEMS = new Set(["actionmailbox", "actiontext", "activestorage", "actioncable", "actionpack", "railties", "rails"]);

/** Where gems are installed: the app's bundle path first, then RubyGems' and version managers' usual homes. */
export function gemRoots(root: string, fs: FileSystem, env: NodeJS.ProcessEnv = process.env): string[] {
  const roots: string[] = [];
  const bundlePath = /^BUNDLE_PATH:\s*"?([^"\n]+)"?/m.exec(fs.readFile(join(root, ".bundle", "config")) ?? "")?.[1];
  const rubyDirs = (base: string) => fs.readDir(base).filter((e) => e.endsWith("/")).map((e) => join(base, e.slice(0, -1)));
  for (const bundle of [bundlePath && resolve(root, bundlePath), join(root, "vendor", "bundle")]) {
    if (bundle) for (const version of rubyDirs(join(bundle, "ruby"))) roots.push(join(version, "gems"));
  }
  for (const path of [env.GEM_HOME, ...(env.GEM_PATH ?? "").split(":")]) if (path) roots.push(join(path, "gems"));
  const home = env.HOME ?? homedir();
  const versioned = [join(home, ".gem", "ruby"), join(home, ".local", "share", "gem", "ruby"), "/usr/local/lib/ruby/gems", "/var/lib/gems", "/usr/lib/ruby/gems"];
  for (const base of versioned) for (const version of rubyDirs(base)) roots.push(join(version, "gems"));
  for (const manager of [join(home, ".rbenv", "versions"), join(home, ".asdf", "installs", "ruby"), join(home, ".rubies"), join(home, ".rvm", "rubies")]) {
    for (const ruby of rubyDirs(manager)) for (const version of rubyDirs(join(ruby, "lib", "ruby", "gems"))) roots.push(join(version, "gems"));
  }
  roots.push("/usr/share/rubygems-integration/all/gems");
  return [...new Set(roots)];
}

/** The engines among the locked gems that are installed with a `config/routes.rb` of their own. */
export function findGemEngines(root: string, gems: Record<string, string> | undefined, fs: FileSystem, env: NodeJS.ProcessEnv = process.env): EngineSource[] {
  if (!gems) return [];
  const wanted = new Map<string, string>();
  for (const [name, version] of Object.entries(gems)) if (!RAILS_GEMS.has(name)) wanted.set(`${name}-${version}/`, name);
  const engines: EngineSource[] = [];
  const found = new Set<string>();
  for (const gemRoot of gemRoots(root, fs, env)) {
    for (const entry of fs.readDir(gemRoot)) {
      const name = wanted.get(entry);
      if (!name || found.has(name)) continue;
      const dir = join(gemRoot, entry.slice(0, -1));
      const routes = join(dir, "config", "routes.rb");
      if (fs.readFile(routes) === undefined) continue;
      found.add(name);
      const engineFile = walk(fs, join(dir, "lib"), (p) => p.endsWith(`${sep}engine.rb`), 4).find((p) => /Rails::Engine\b/.test(fs.readFile(p) ?? ""));
      engines.push({ root: dir, engineFile, routes, external: true });
    }
  }
  return engines;
}
