/**
 * Constants the routes files use that the app defines elsewhere: on first use, the files
 * Rails would have loaded for them (`app/constants.ts` finds them) are evaluated, quietly
 * and once each — their classes, modules, methods and constants, not their routes. What they
 * compute from what Routemap cannot know stays unknown, and says which file sets it.
 */
import { definingFiles, type AppFilesReader } from "../app/constants.js";
import type { LoadedFile } from "../ruby/loadedFile.js";
import type { LoadKind } from "./classes.js";

export interface AutoloadHost {
  /** Runs a file for what it defines: no routes drawn, nothing reported; `kind`: how it came to run. */
  runForDefinitions(file: LoadedFile, kind?: LoadKind): void;
  /** Whether `path` is defined now (a constant, a class or a module). */
  defined(path: string): boolean;
}

export class Autoloader {
  private readonly ran = new Set<string>();
  private readonly tried = new Set<string>();
  private readonly configured = new Set<string>();

  constructor(
    private readonly files: AppFilesReader,
    private readonly host: AutoloadHost,
  ) {}

  /** A file run for its definitions by other means (config/application.rb as the app boots): never run again here. */
  ranAlready(file: LoadedFile): void {
    this.ran.add(file.index.file);
  }

  /** Evaluates the files that may define `path` until one does; each file at most once. */
  load(path: string): void {
    if (this.tried.has(path)) return;
    this.tried.add(path);
    for (const file of definingFiles(path, this.files)) {
      if (this.ran.has(file.index.file)) continue;
      this.ran.add(file.index.file);
      // lib/ is looked in whether or not the app autoloads it (apps that use its constants in
      // their routes do, or require the file); an initializer runs as Rails boots.
      const relative = this.files.relative(file);
      this.host.runForDefinitions(file, relative.startsWith("lib/") ? "unsure" : relative.startsWith("config/") ? "boot" : "autoload");
      if (this.host.defined(path)) return;
    }
  }

  /**
   * Runs the configuration files that name `name` (config/application.rb, the initializers),
   * each at most once: a gem's settings module just defined, which the app configures there.
   */
  configure(name: string): void {
    if (this.configured.has(name)) return;
    this.configured.add(name);
    for (const file of this.files.configFiles(name)) {
      if (this.ran.has(file.index.file)) continue;
      this.ran.add(file.index.file);
      this.host.runForDefinitions(file);
    }
  }

  /** The file a value was set in, relative to the app (for messages). */
  relative(file: LoadedFile): string {
    return this.files.relative(file);
  }
}
