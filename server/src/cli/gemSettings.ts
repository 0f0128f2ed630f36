/**
 * Gems whose own `config/routes.rb` reads their settings module (`MapInput.gemSettings`):
 * high_voltage's routes draw into the app `if HighVoltage.home_page` and `if
 * HighVoltage.routes`, with `HighVoltage.route_drawer.match_attributes`; those values are the
 * gem's module's settings (lib/high_voltage/configuration.rb: accessors of a module the gem
 * `extend`s, defaults set by its `extended` hook), then what the app's initializers assign.
 * The mapper evaluates them from the files given here; this only picks the files, as Ruby
 * loads them: those the gem's entry file (`lib/<gem>.rb`, as Bundler.require) reaches by
 * literal `require`/`require_relative`.
 *
 * Cheap on purpose: asked for on the routes' first unknown constant, it reads one routes file
 * per installed gem, and lib files only of a gem whose routes read a setting; nothing is listed.
 */
import { join } from "node:path";
import type { GemDisk } from "./gemDisk.js";
import { requiredFiles } from "./gemFacts.js";
import type { InstalledGem } from "./gemLocator.js";

/** A call on a constant other than Rails' own (`HighVoltage.routes`, `Clearance.configuration`): the constant's first name. */
const SETTING_READ = /(?<![\w:.])(?:::)?([A-Z]\w*)(?:::[A-Z]\w*)*\s*\.\s*(?!routes\b|application\b|new\b)[a-z_]\w*/g;
/** The most files followed from one gem's entry: beyond, its settings are not read. */
const MAX_FILES = 500;

/**
 * The files (absolute paths, sorted) that the gem's entry file loads, when its own routes file
 * calls a method on a module those files define; undefined otherwise.
 */
export function settingsFiles(gem: InstalledGem, disk: GemDisk): string[] | undefined {
  const routes = disk.readFile(join(gem.dir, "config", "routes.rb"));
  if (!routes) return undefined;
  const names = new Set([...routes.matchAll(SETTING_READ)].map((m) => m[1]).filter((n) => n !== "Rails"));
  if (!names.size) return undefined;
  const texts = reachable(gem, disk);
  if (!texts) return undefined;
  const defines = [...names].map((n) => new RegExp(`^\\s*(?:module|class)\\s+(?:::)?${n}\\b`, "m"));
  if (![...texts.values()].some((text) => defines.some((d) => d.test(text)))) return undefined;
  return [...texts.keys()].sort().map((rel) => join(gem.dir, rel));
}

/** The gem's files reachable by literal require from its entry files, by path relative to the gem; undefined past MAX_FILES. */
function reachable(gem: InstalledGem, disk: GemDisk): Map<string, string> | undefined {
  const texts = new Map<string, string>();
  const stack = [`lib/${gem.name}.rb`, `lib/${gem.name.replace(/-/g, "/")}.rb`];
  const seen = new Set<string>();
  while (stack.length) {
    const rel = stack.pop()!;
    if (seen.has(rel)) continue;
    seen.add(rel);
    const text = disk.readFile(join(gem.dir, rel));
    if (text === undefined) continue;
    if (texts.size >= MAX_FILES) return undefined;
    texts.set(rel, text);
    stack.push(...requiredFiles(rel, text));
  }
  return texts;
}
