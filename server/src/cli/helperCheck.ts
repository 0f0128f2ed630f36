/**
 * What checking an app's URL helper calls needs from the disk, for the CLI and the language
 * server alike: the files whose calls are checked, every name the app's own code may define
 * (`def x_path`, `:x_path`), and the names its gems may define (each locked gem's installed
 * copy, read). When a gem is not installed where Routemap looks, nothing is checked: a helper
 * it defines would be reported as unknown.
 */
import { join, relative, sep } from "node:path";
import { definedHelperNames, deviseUrlHelperNames } from "@routemap/shared-mapper";
import { walk, type FileSystem } from "../fileSystem.js";
import { gemRoots } from "./gemEngines.js";

/** The folders whose helper calls are checked: where URL helpers are in scope. */
const CHECKED = ["app/views", "app/controllers", "app/helpers", "app/mailers", "test", "spec"];
/** Where the app's own code may define a helper-like method. */
const DEFINING = ["app", "lib", "config", "test", "spec"];

export const isCheckedFile = (path: string) => /\.(rb|erb|jbuilder)$/.test(path);

/** Whether the helper calls of a file of the app at `root` are checked. */
export function isHelperCheckedFile(root: string, path: string): boolean {
  return isCheckedFile(path) && CHECKED.some((dir) => path.startsWith(join(root, ...dir.split("/")) + sep));
}

export function checkedFiles(root: string, fs: FileSystem): string[] {
  return CHECKED.flatMap((dir) => walk(fs, join(root, ...dir.split("/")), isCheckedFile));
}

/** The folders whose files may define a helper-like method: the app's, and its engines' beside it. */
function definingDirs(root: string, engineRoots: readonly string[]): string[] {
  return [...DEFINING.map((d) => join(root, d)), ...engineRoots.flatMap((r) => [join(r, "app"), join(r, "lib")])];
}

/** Every helper-like name the app's own files, and its engines' beside it, may define. */
export function appDefinedNames(root: string, fs: FileSystem, text: (path: string) => string | undefined, engineRoots: readonly string[] = []): Set<string> {
  return new DefinedNames(root, engineRoots, fs, text).all();
}

/**
 * The names the app's files may define, kept per file: an edit reads that file again, not the
 * whole app (the language server asks on every keystroke in an open view).
 */
export class DefinedNames {
  private readonly byFile = new Map<string, string[]>();
  private readonly dirs: string[];
  private union: Set<string> | undefined;

  constructor(
    root: string,
    engineRoots: readonly string[],
    fs: FileSystem,
    private readonly text: (path: string) => string | undefined,
  ) {
    this.dirs = definingDirs(root, engineRoots);
    for (const dir of this.dirs) for (const path of walk(fs, dir, isCheckedFile)) this.read(path);
  }

  /** A file changed, appeared or went: its names are read again. */
  update(path: string): void {
    if (!isCheckedFile(path) || !this.dirs.some((dir) => path.startsWith(dir + sep))) return;
    this.byFile.delete(path);
    this.read(path);
    this.union = undefined;
  }

  all(): Set<string> {
    if (!this.union) {
      this.union = new Set();
      for (const names of this.byFile.values()) for (const name of names) this.union.add(name);
    }
    return this.union;
  }

  private read(path: string): void {
    const found = this.text(path);
    if (found === undefined) return;
    const names = new Set<string>();
    definedHelperNames(found, names);
    if (names.size) this.byFile.set(path, [...names]);
  }
}

/** What the locked gems define, read from their installed copies: helper-like names and controllers. */
export interface GemIndex {
  helpers: Set<string>;
  /** Controller paths (`devise/sessions`, `rails/info`) of their `app/controllers` and `lib`. */
  controllers: Set<string>;
}

/**
 * What the locked gems define, read once from their installed copies; or why it cannot be known
 * (a gem not installed where Routemap looks, or no lockfile).
 */
export function readInstalledGems(root: string, gems: Record<string, string> | undefined, fs: FileSystem, env: NodeJS.ProcessEnv = process.env): GemIndex | { why: string } {
  if (!gems) return { why: "there is no Gemfile.lock to say which gems the app has" };
  const dirs = new Map<string, string>();
  const wanted = Object.entries(gems);
  for (const gemRoot of gemRoots(root, fs, env)) {
    const entries = fs.readDir(gemRoot);
    for (const [name, version] of wanted) {
      if (dirs.has(name)) continue;
      // `nokogiri-1.15.4/` or a platform's `nokogiri-1.15.4-x86_64-linux/`.
      const entry = entries.find((e) => e === `${name}-${version}/` || e.startsWith(`${name}-${version}-`));
      if (entry) dirs.set(name, join(gemRoot, entry.replace(/\/$/, "")));
    }
  }
  const missing = wanted.filter(([name]) => !dirs.has(name) && name !== "bundler");
  if (missing.length) {
    const [name, version] = missing[0];
    return { why: `the gem ${name} (${version})${missing.length > 1 ? ` and ${missing.length - 1} more are` : " is"} not installed where Routemap looks, so what gems define is unknown` };
  }
  // Helpers gems generate from interpolated names, which reading them cannot find.
  const index: GemIndex = { helpers: new Set(deviseUrlHelperNames(gems)), controllers: new Set() };
  for (const dir of dirs.values()) {
    for (const sub of ["lib", "app"]) {
      const base = join(dir, sub);
      for (const path of walk(fs, base, (p) => p.endsWith(".rb") && !p.includes(`${sep}test${sep}`))) {
        const found = fs.readFile(path);
        if (found !== undefined) definedHelperNames(found, index.helpers);
        const controller = controllerPathOf(base, path);
        if (controller) index.controllers.add(controller);
      }
    }
  }
  return index;
}

/** `…/app/controllers/devise/sessions_controller.rb` → `devise/sessions`; `…/lib/rails/info_controller.rb` → `rails/info`. */
export function controllerPathOf(base: string, path: string): string | undefined {
  const rel = relative(base, path).split(sep).join("/");
  const m = /^(?:controllers\/)?(.+)_controller\.rb$/.exec(rel);
  return m ? m[1] : undefined;
}

/** Controllers of the app outside app/controllers: `lib/` (autoloaded) and its engines' own. */
export function otherControllerPaths(root: string, fs: FileSystem, engineRoots: readonly string[]): Set<string> {
  const out = new Set<string>();
  for (const base of [join(root, "lib"), ...engineRoots.map((r) => join(r, "app")), ...engineRoots.map((r) => join(r, "lib"))]) {
    for (const path of walk(fs, base, (p) => p.endsWith("_controller.rb"))) {
      const controller = controllerPathOf(base, path);
      if (controller) out.add(controller);
    }
  }
  return out;
}
