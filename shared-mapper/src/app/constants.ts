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

/** Where the autoloader looks (Zeitwerk's app/* roots apps put constants in most, and lib/). */
const ROOTS = ["lib", "app/models", "app/lib", "app/constraints", "app/services", "app/validators", "app/models/concerns", "app/controllers/concerns", "app/helpers"];

export interface AppFilesReader {
  /** A file of the app, by path relative to its root, if the host has it. */
  file(relative: string): LoadedFile | undefined;
  /** Those of config/application.rb and config/initializers/**.rb that mention `name`, in Rails' order. */
  configFiles(name: string): LoadedFile[];
  /** A file's path relative to the app's root, for messages. */
  relative(file: LoadedFile): string;
}

/** The files that may define `path`, innermost module first, then the configuration that mentions its last name. */
export function* definingFiles(path: string, files: AppFilesReader): Generator<LoadedFile> {
  const segments = path.split("::");
  for (let n = segments.length; n > 0; n--) {
    const relative = underscore(segments.slice(0, n).join("::"));
    for (const root of ROOTS) {
      const file = files.file(`${root}/${relative}.rb`);
      if (file) yield file;
    }
  }
  yield* files.configFiles(segments[segments.length - 1]);
}
