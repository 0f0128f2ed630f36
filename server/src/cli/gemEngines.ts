/**
 * Engines that come from installed gems (GoodJob::Engine, PgHero::Engine…): when the gem of
 * the version Gemfile.lock locks is installed where Bundler or RubyGems put gems (appGems.ts),
 * its own `config/routes.rb` is read (never run), so the section of an engine the app mounts is
 * the engine's real table. Routemap reads these files; it runs nothing.
 *
 * Only the routes file and the engine class are looked for here (a directory listing or two per
 * gem): the routes are drawn before the rest of what gems define is read.
 */
import { join } from "node:path";
import type { AppGems } from "./appGems.js";
import type { EngineSource } from "./appConfig.js";
import type { GemDisk } from "./gemDisk.js";

/** Rails' own gems: their routes (Active Storage's, Action Mailbox's) are modelled per version, not read. */
const RAILS_GEMS = new Set(["actionmailbox", "actiontext", "activestorage", "actioncable", "actionpack", "railties", "rails"]);

/**
 * The engines among the installed locked gems: those with a `config/routes.rb` of their own, and
 * those that depend on Rails directly (Gemfile.lock says so) and define an engine class without
 * routes (solidus_core's `Spree::Core::Engine`, whose routes other gems draw): its
 * `isolate_namespace` and `engine_name` name the mount and the controllers.
 */
export function findGemEngines(gems: AppGems | undefined): EngineSource[] {
  if (!gems) return [];
  const engines: EngineSource[] = [];
  const onRails = new Set(gems.lock.specs.filter((s) => s.dependencies?.some((d) => d === "railties" || d === "rails")).map((s) => s.name));
  for (const gem of gems.installed.values()) {
    // A path gem is the app's own engine: findEngines reads it as the app's code.
    if (RAILS_GEMS.has(gem.name) || gem.source === "path") continue;
    const routes = join(gem.dir, "config", "routes.rb");
    if (!gems.disk.list(join(gem.dir, "config")).some((e) => e.name === "routes.rb" && !e.dir)) {
      const file = onRails.has(gem.name) ? engineFile(gems.disk, join(gem.dir, "lib")) : undefined;
      if (file) engines.push({ root: gem.dir, engineFile: file, external: true });
      continue;
    }
    engines.push({ root: gem.dir, engineFile: engineFile(gems.disk, join(gem.dir, "lib")), routes, external: true });
  }
  return engines;
}

/** The first `engine.rb` (in name order, at most four folders below `lib/`) that defines a `Rails::Engine`. */
function engineFile(disk: GemDisk, lib: string, depth = 0, seen = new Set<string>()): string | undefined {
  // A link back up the tree is searched once.
  const real = disk.realpath(lib);
  if (seen.has(real)) return undefined;
  seen.add(real);
  const entries = disk.list(lib).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const entry of entries) {
    const path = join(lib, entry.name);
    if (!entry.dir && entry.name === "engine.rb" && /Rails::Engine\b/.test(disk.readFile(path) ?? "")) return path;
  }
  if (depth >= 4) return undefined;
  for (const entry of entries) {
    const found = entry.dir && !entry.name.startsWith(".") ? engineFile(disk, join(lib, entry.name), depth + 1, seen) : undefined;
    if (found) return found;
  }
  return undefined;
}
