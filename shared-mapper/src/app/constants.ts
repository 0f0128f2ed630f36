/**
 * Where the app defines a constant its routes files use (`Patterns::ROUTE_PATTERN`,
 * `Whitehall.router_prefix`, `Spree::Core::Engine`): the files Rails would have loaded by
 * the time the routes are drawn. The evaluator runs them (`dsl/autoload.ts`); this module
 * only finds them.
 *
 * A constant `A::B::C` is looked for where Rails' autoloader would find it or the module
 * that holds it (`a/b/c.rb`, then `a/b.rb`, then `a.rb`, under lib/ and the app/ roots), then
 * in config/application.rb and config/initializers, which Rails runs before the routes.
 */
import { underscore } from "../inflector.js";
import type { LoadedFile } from "../ruby/loadedFile.js";

/**
 * Where the autoloader looks when the host cannot list the app's folders: lib/ (which apps
 * add to `autoload_paths`), and the app/* roots apps put constants in most.
 */
export const DEFAULT_ROOTS = ["lib", "app/models", "app/lib", "app/constraints", "app/services", "app/validators", "app/models/concerns", "app/controllers/concerns", "app/helpers"];

/** Folders of app/ that are not autoload roots (railties 6.1 Engine::Configuration: `exclude: ["assets", javascript_path]`; views hold no constants). */
const NOT_ROOTS = new Set(["assets", "javascript", "javascripts", "views"]);

/**
 * The autoload roots, as Rails 6.1 sets them up (Rails::Engine::Configuration#paths:
 * `paths.add "app", eager_load: true`, globbing each folder of app/ and its concerns): every folder of app/ and its
 * `concerns`, then `config.autoload_paths` and `config.eager_load_paths` as the app's
 * configuration sets them (relative to the app's root; those outside it are not read). lib/
 * first, as before: apps that use constants of lib/ in their routes add it.
 */
export function autoloadRoots(appFolders: string[], configured: string[]): string[] {
  const roots = ["lib"];
  const add = (root: string) => {
    const clean = root.replace(/\/+$/, "").replace(/^\.\//, "");
    if (clean && !roots.includes(clean)) roots.push(clean);
  };
  for (const folder of [...appFolders].sort()) {
    if (NOT_ROOTS.has(folder)) continue;
    add(`app/${folder}`);
    add(`app/${folder}/concerns`);
  }
  for (const path of configured) add(path);
  return roots;
}

export interface AppFilesReader {
  /** A file of the app, by path relative to its root, if the host has it. */
  file(relative: string): LoadedFile | undefined;
  /** Those of config/application.rb and config/initializers/**.rb that mention `name`, in Rails' order. */
  configFiles(name: string): LoadedFile[];
  /** A file's path relative to the app's root, for messages. */
  relative(file: LoadedFile): string;
  /** The autoload roots, relative to the app's root (`autoloadRoots`); DEFAULT_ROOTS when absent. */
  roots?(): string[];
}

/** The files that may define `path`, innermost module first, then the configuration that mentions its last name. */
export function* definingFiles(path: string, files: AppFilesReader): Generator<LoadedFile> {
  const segments = path.split("::");
  const roots = files.roots?.() ?? DEFAULT_ROOTS;
  for (let n = segments.length; n > 0; n--) {
    const relative = underscore(segments.slice(0, n).join("::"));
    for (const root of roots) {
      const file = files.file(`${root}/${relative}.rb`);
      if (file) yield file;
    }
  }
  yield* files.configFiles(segments[segments.length - 1]);
}

/** The file that defines `path` itself where the autoloader looks for it (`Users::User` → `<root>/users/user.rb`), if the host has it. */
export function classFile(path: string, files: AppFilesReader): LoadedFile | undefined {
  const relative = underscore(path.replace(/^::/, ""));
  for (const root of files.roots?.() ?? DEFAULT_ROOTS) {
    const file = files.file(`${root}/${relative}.rb`);
    if (file) return file;
  }
  return undefined;
}
