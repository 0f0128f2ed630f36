/**
 * Whether the app loads each of its path gems' engines, as Bundler and Rails decide it at boot:
 * an engine's routes file is drawn only when its class is defined, that is when some file loaded
 * before `initialize!` requires the gem's code. Following Bundler (`Bundler.require`,
 * bundler/runtime.rb: the Gemfile's dependencies of the groups asked for, each required as its
 * `require:` option says, none for `require: false`) and the literal `require`s of
 * config/application.rb and of the path gems' files they reach (Solidus' `lib/solidus.rb`
 * requires `solidus_core`, whose Gemfile entry says `require: false`).
 *
 * The Gemfile and config/application.rb are read as text, line by line: where the reading is not
 * sure (a `Bundler.require` whose groups are computed, a Gemfile block it cannot follow, a gem the
 * Gemfile does not name), the engine counts as loaded, as before. An engine found not loaded
 * comes with the reason, which the mapper reports at its routes file.
 */
import { dirname, join, resolve } from "node:path";
import type { FileSystem } from "../fileSystem.js";
import type { EngineSource, NotLoadedGem } from "./appConfig.js";
import { parseLockfile } from "./lockfile.js";
import { gemNames as names, readGemfile, type GemEntry } from "./gemfile.js";

export { readGemfile };

/**
 * The groups config/application.rb's `Bundler.require` calls require (each call counted, run
 * under a condition or not); undefined when there is none, or one whose groups are computed.
 */
export function bundlerGroups(application: string, railsEnv: string): Set<string> | undefined {
  const groups = new Set<string>();
  let calls = 0;
  const CALL = "Bundler.require";
  for (const line of application.split("\n")) {
    const code = line.replace(/(^|\s)#.*$/, "");
    for (let at = code.indexOf(CALL); at >= 0; at = code.indexOf(CALL, at + CALL.length)) {
      const args = callArguments(code.slice(at + CALL.length));
      if (args === null) continue; // `Bundler.required?` or another name
      calls++;
      if (args === undefined) return undefined;
      if (!args) {
        groups.add("default");
        continue;
      }
      for (const arg of args.split(",").map((a) => a.trim())) {
        if (/^\*\s*Rails\.groups(\(\s*\))?$/.test(arg)) {
          groups.add("default");
          groups.add(railsEnv);
        } else if (/^:\w+$|^["']\w+["']$/.test(arg)) groups.add(names(arg)[0]);
        else return undefined;
      }
    }
  }
  return calls ? groups : undefined;
}

/**
 * The arguments' text of a call, from what follows its name: `(…)` to its matching parenthesis,
 * or the rest of the line up to a modifier `if`/`unless`; "" for none; null when the name goes
 * on (`Bundler.required`); undefined when the parentheses do not close on the line.
 */
function callArguments(rest: string): string | null | undefined {
  if (/^\w|^[?!]/.test(rest)) return null;
  if (rest.startsWith("(")) {
    let depth = 0;
    for (let i = 0; i < rest.length; i++) {
      if (rest[i] === "(") depth++;
      else if (rest[i] === ")" && --depth === 0) return rest.slice(1, i).trim();
    }
    return undefined;
  }
  if (!/^[ \t]/.test(rest)) return "";
  const modifier = /\s(?:if|unless)\s/.exec(rest);
  return (modifier ? rest.slice(0, modifier.index) : rest).trim();
}

/** The literal `require "x"` and `require_relative "x"` of a file's text. */
function requiresOf(text: string): { path: string; relative: boolean }[] {
  return [...text.matchAll(/^[ \t]*(require|require_relative)[ \t(]+["']([^"'#{}]+)["']/gm)].map((m) => ({ path: m[2], relative: m[1] === "require_relative" }));
}

/** At most this many files are looked for while following the app's requires into its path gems. */
const MAX_READS = 20_000;

export interface EngineLoading {
  loaded: EngineSource[];
  /** Engines the app does not load, each with why (a sentence, for the mapper's info), and the gem and its reason apart. */
  notLoaded: { engine: EngineSource; why: string; gem: NotLoadedGem }[];
}

/** Which of `engines` the app at `root` loads (path gems' engines only; the others are kept). */
export function engineLoading(root: string, engines: EngineSource[], o: { fs: FileSystem; railsEnv: string }): EngineLoading {
  const all: EngineLoading = { loaded: engines, notLoaded: [] };
  const lockText = o.fs.readFile(join(root, "Gemfile.lock"));
  const gemfileText = o.fs.readFile(join(root, "Gemfile"));
  const application = o.fs.readFile(join(root, "config", "application.rb"));
  if (lockText === undefined || gemfileText === undefined || application === undefined) return all;
  const gemfile = readGemfile(gemfileText);
  const groups = bundlerGroups(application, o.railsEnv);
  if (!gemfile || !groups) return all;
  // Path gems: name → the folder of their gemspec (a source of one gem: its remote).
  const pathGems = new Map<string, string>();
  for (const source of parseLockfile(lockText).sources) {
    if (source.kind !== "PATH" || !source.remote) continue;
    const dir = resolve(root, source.remote);
    for (const spec of source.specs) {
      if (source.specs.length === 1 || o.fs.readFile(join(dir, `${spec.name}.gemspec`)) !== undefined) pathGems.set(spec.name, dir);
    }
  }
  const entryOf = (name: string): GemEntry | undefined => {
    const named = gemfile.gems.get(name);
    if (named) return named;
    const [first, ...rest] = gemfile.gemspecGroups;
    // A path gem the Gemfile does not name comes from a `gemspec` call: its groups, if all agree.
    if (first && rest.every((g) => g.join() === first.join())) return { groups: first, require: [name], requirements: undefined };
    return undefined;
  };
  // What Bundler.require requires, then what config/application.rb requires, followed into path gems.
  const queue: { path: string; from?: string }[] = requiresOf(application).map((r) => ({ path: r.relative ? resolve(join(root, "config"), r.path) : r.path, from: r.relative ? "." : undefined }));
  for (const name of pathGems.keys()) {
    const entry = entryOf(name);
    if (!entry || !entry.require) return all;
    if (entry.groups.some((g) => groups.has(g))) {
      // Bundler tries the name, then the name with `-` as `/` (bundler/runtime.rb).
      for (const path of entry.require.length === 1 && entry.require[0] === name ? [name, name.replace(/-/g, "/")] : entry.require) queue.push({ path });
    }
  }
  const reached = new Set<string>();
  const tried = new Set<string>();
  let next = 0;
  const asked = new Set<string>();
  for (; next < queue.length && tried.size < MAX_READS && next < 5 * MAX_READS; next++) {
    const { path, from } = queue[next];
    // A feature required again is loaded once (`$LOADED_FEATURES`).
    if (asked.has(path)) continue;
    asked.add(path);
    const candidates = from ? [path.endsWith(".rb") ? path : `${path}.rb`] : [...pathGems.values()].map((dir) => join(dir, "lib", `${path}.rb`));
    for (const file of candidates) {
      if (tried.has(file)) continue;
      tried.add(file);
      const text = o.fs.readFile(file);
      if (text === undefined) continue;
      reached.add(file);
      for (const r of requiresOf(text)) queue.push(r.relative ? { path: resolve(dirname(file), r.path), from: file } : { path: r.path });
    }
  }
  // Out of budget: what the rest would reach is not known.
  if (next < queue.length) return all;
  const result: EngineLoading = { loaded: [], notLoaded: [] };
  for (const engine of engines) {
    const name = [...pathGems].find(([, dir]) => dir === engine.root)?.[0];
    const lib = join(engine.root, "lib") + "/";
    if (!name || engine.external || [...reached].some((f) => f.startsWith(lib))) {
      result.loaded.push(engine);
      continue;
    }
    const entry = entryOf(name)!;
    const because = entry.require!.length === 0
      ? "the Gemfile gives it `require: false`"
      : !entry.groups.some((g) => groups.has(g))
        ? `it is in the Gemfile's ${entry.groups.map((g) => `\`${g}\``).join(", ")} group${entry.groups.length > 1 ? "s" : ""}, which config/application.rb's \`Bundler.require\` does not require`
        : "Bundler.require finds no file of it to require";
    result.notLoaded.push({
      engine,
      gem: { name, because },
      why:
        `Routemap does not draw this file's routes: the app does not load gem \`${name}\` (${because}, and no \`require\` of config/application.rb or of the gems it loads reaches its files). ` +
        "If the app requires it some other way (in its own lib/, or by a computed `require`), these routes are missing from the table.",
    });
  }
  return result;
}

/** `engines`, those the app does not load marked with why (`notLoaded`), in the same order. */
export function markEnginesLoaded(root: string, engines: EngineSource[], o: { fs: FileSystem; railsEnv: string }): EngineSource[] {
  const { notLoaded } = engineLoading(root, engines, o);
  if (!notLoaded.length) return engines;
  const why = new Map(notLoaded.map((n) => [n.engine, n]));
  return engines.map((e) => {
    const n = why.get(e);
    return n ? { ...e, notLoaded: n.why, notLoadedGem: n.gem } : e;
  });
}
