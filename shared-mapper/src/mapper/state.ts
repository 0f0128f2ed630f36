/**
 * The state Rails keeps in a `Mapper` instance (`@scope`, `@set`, `@concerns`,
 * `@draw_paths`), plus what the static evaluator provides in place of Ruby itself:
 * running a block, reading a drawn file, and the source span of the current DSL call.
 */
import type { RProc, RValue } from "../ruby/values.js";
import type { RubyVersion } from "../ruby/print.js";
import type { LoadedFile } from "../ruby/loadedFile.js";
import type { Span } from "../types.js";
import type { EngineRegistry } from "./engines.js";
import type { DisplayContext } from "./route.js";
import type { RouteSet } from "./routeSet.js";
import type { Scope } from "./scope.js";
import type { Concern, NestedParam, SourceRef } from "./types.js";
import type { Version } from "./version.js";

export type { SourceRef };

export interface MapperHost {
  /** The span of the innermost DSL call being evaluated (a route's source). */
  source(): Span;
  /** The same, as a reference whose span is worked out when first read. */
  sourceRef(): SourceRef;
  /** Whether a file exists among the mapper's inputs. */
  fileExists(path: string): boolean;
  /** Evaluates a drawn file in the mapper's context (`instance_eval(File.read(path))`). */
  evalFile(path: string, name: string): void;
  /**
   * `draw :name` in an installed gem's routes file, whose drawn files the host does not give
   * (Avo's `draw(:dynamic_routes)`): said as routes missing there (true), not as Rails' error.
   */
  gemDrawNotRead?(name: string): boolean;
  /**
   * `draw :name` whose file is in none of the folders Routemap knows, in an app that adds folders
   * for `draw` in a way Routemap does not follow (`routes.draw_paths << …`, `config.paths["config/routes"]`):
   * said as routes missing (true), not as Rails' error, which Rails may not raise.
   */
  drawPathsUnfollowed?(name: string): boolean;
  /** The folders the app's configuration gives `draw` (`config.paths["config/routes"] << …`); undefined where it gives none. */
  drawFolders?(): string[] | undefined;
  /** An information diagnostic at the current call. */
  info(message: string): void;
  /**
   * Runs the draw block's own `def` of a DSL method (`def put(*) end`, `def resources(*names)`)
   * for a call Rails' own methods make (`resources`' `put :update`, its `send(:resources, name,
   * options, &block)` for each name), as Ruby's lookup reaches the mapper's singleton method
   * first (`MapperState.overriddenCalls`). `args` are positional: a trailing Hash is not keywords.
   */
  callOverride?(name: string, args: RValue[], block?: RProc | null): void;
  /**
   * Routes a gem draws only where a condition holds that Routemap cannot decide (`key` stands
   * for it wherever it is met): drawn by `body` under it, marked as a routes file's `if` marks them.
   */
  undecided(condition: { key: string; text: string }, body: () => void): void;
  /**
   * The same, for routes a gem would draw there that Routemap cannot (Devise's for modules it
   * cannot read): names with `namePrefix` as a word, to the controllers under `modules`, may be
   * missing from the table, so the checks do not call them undefined; `engine`: of that engine's
   * table (routes a gem draws into an engine's set), not the current one.
   */
  missing(message: string, covers: { namePrefix: string | undefined; modules: readonly (string | undefined)[]; engine?: string }): void;
  /**
   * An action a gem runs as a Rack app, with no route (Devise's OmniAuth `failure`, which
   * `OmniAuth.config.on_failure` calls): reached, whatever the routes say. `controller` as a
   * route names it (`users/omniauth_callbacks`).
   */
  reachedAction?(controller: string, action: string): void;
  /**
   * Routes a gem draws from a call in an app file that is not a routes file (an ActiveAdmin
   * registration in app/admin): drawn by `body` with that call as their source, `origin` their gem.
   */
  drawAt?(node: import("@ruby/prism/src/nodes.js").CallNode, file: LoadedFile, origin: string, body: () => void): void;
  /** A controller a gem defines as the routes load (ActiveAdmin's `Admin::PostsController`), as routes name it (`admin/posts`). */
  generatedController?(controller: string): void;
  /**
   * A file of the app other than its routes (`app/models/user.rb`), parsed but not evaluated,
   * when the routes file is the app's `config/routes.rb` and the host gave the file.
   */
  appFile(relative: string): LoadedFile | undefined;
  /** Whether the routes file is an app's `config/routes.rb`, so that `appFile` can find the app's files. */
  readonly inApp: boolean;
  /**
   * The app's Ruby files under `folder` (relative to its root, all depths), parsed, in the order
   * Ruby's `Dir[…].sort` gives (only those whose text has `mentioning`, when given); undefined
   * when one of them cannot be read or there is no app.
   */
  appFilesUnder?(folder: string, mentioning?: string): LoadedFile[] | undefined;
  /** The file where Rails' autoloader would find the class or module `path` itself (under any autoload root), if the host has it. */
  classFile?(path: string): LoadedFile | undefined;
  /** A file's path relative to the app's root, for messages. */
  appRelative?(file: LoadedFile): string;
  /** The files of config/application.rb and config/initializers/**.rb that mention `name`, in Rails' order (a gem's configuration). */
  configFiles?(name: string): LoadedFile[];
  /**
   * The locked gems that depend on `gem` (its plugins), each with its files that contain
   * `needle`, parsed, or why they are not read; undefined when the host does not know the gems.
   */
  gemDependents?(gem: string, needle: string): readonly DependentGem[] | undefined;
  /**
   * An expression of an app file that is read, not run (a model's `devise` arguments, a
   * condition in `Devise.setup`), evaluated quietly as Ruby: unknown where it depends on
   * what Routemap cannot know.
   */
  evaluateIn?(file: LoadedFile, node: import("@ruby/prism/src/nodes.js").Node, before?: readonly import("@ruby/prism/src/nodes.js").Node[], locals?: ReadonlyMap<string, RValue>): RValue;
  /**
   * `Klass.name(*args)` for a class the app defines, evaluated as Ruby, `prelude` (Ruby source of
   * the gem's classes it inherits from) defined first; unknown where Routemap cannot compute it.
   */
  callClassMethod?(path: string, name: string, args: RValue[], prelude?: { path: string; text: string }): RValue;
  /** `value.call(*args)`, for a value Rails calls (a concern's callable): a proc, or an object with `call`. */
  callValue(value: RValue, args: RValue[]): RValue;
  /**
   * `send(name, *args)` on the mapper, for a method of it the app's files or an installed gem
   * define (Devise's `devise_#{route}(mapping, controllers)` of a module the app adds); undefined
   * when none does.
   */
  callMapperMethod?(name: string, args: RValue[]): RValue | undefined;
  /** `value.respond_to?(name)` for a value the files may define methods of; undefined when not known (a gem's class). */
  respondsTo(value: RValue, name: string): boolean | undefined;
  /** Whether the constant `path` is a Class (false: a module); undefined when no file Routemap reads defines it. */
  isClass?(path: string): boolean | undefined;
}

/** A gem that depends on another, with its files that name what was asked for (`MapperHost.gemDependents`). */
export interface DependentGem {
  gem: string;
  version: string;
  why?: string;
  files: LoadedFile[];
}

export interface MapperState {
  scope: Scope;
  readonly set: RouteSet;
  readonly concerns: Map<string, Concern>;
  /** The DSL methods (`get`, `put`, `resources`…) the draw block defines itself: Rails' own calls of them reach those (`callOverride`). */
  overriddenCalls?: Set<string>;
  /** Told each concern `concerns` looks up by its key, and what it found: a drawn file's recording depends on them (drawMemo.ts). */
  concernProbe?: (key: string, found: Concern | undefined) => void;
  readonly version: Version;
  readonly ruby: RubyVersion;
  readonly apiOnly: boolean;
  readonly drawPaths: string[];
  readonly host: MapperHost;
  /** Engines known from the files, shared by the app's and the engines' route sets. */
  readonly engines: EngineRegistry;
  /** The gems the app's Gemfile.lock locks, by name → version; undefined when no lockfile was read. */
  readonly gems: Readonly<Record<string, string>> | undefined;
  /** Without a lockfile, the versions the Gemfile's constraints choose (MapOptions.gemfileVersions). */
  readonly gemfileVersions?: Readonly<Record<string, string>>;
  /** `Resource#nested_param` as a loaded gem reopens it (jsonapi-resources'); undefined: Rails' own. */
  nestedParam?: NestedParam;
  /** Whether routes with nothing but scope and action take `buildPlainRoute` (tests compare both ways). */
  readonly fastPaths: boolean;
  /**
   * Whether the DSL call being evaluated spans a syntax error: the parser guessed part of
   * its arguments (a list being typed swallows the lines after it), and values that are no
   * action name in an action list are left out instead of raising.
   */
  partial: boolean;
  /** What the drawn routes need to print themselves later. */
  readonly display: DisplayContext;
  /**
   * Methods a gem's block is evaluated with, while it runs (`use_doorkeeper do controllers … end`
   * is `instance_eval`ed on Doorkeeper's own mapper): they come before the routing DSL.
   */
  blockDsl: Readonly<Record<string, (m: MapperState, call: Call) => unknown>> | undefined;
}

/** A routing DSL method: Rails' own (`dispatch.ts`) or a gem's (`gems/`). */
export type DslMethod = (m: MapperState, call: Call) => RValue | void;

/** Arguments of a DSL call: positional values (keywords arrive as a trailing Hash) and the block. */
export interface Call {
  args: RValue[];
  block: RProc | null;
  /**
   * The trailing Hash was passed as a value (`get "a", OPTS`), not as keywords: Rails 8.1's
   * mapper takes keywords, and reads such a Hash its own way (`assign_deprecated_option`).
   */
  positionalHash?: boolean;
}

/** Runs `body` with `scope` pushed, restoring the previous scope however it exits (Rails' `ensure`). */
export function withScope<T>(m: MapperState, scope: Scope, body: () => T): T {
  const saved = m.scope;
  m.scope = scope;
  try {
    return body();
  } finally {
    m.scope = saved;
  }
}

/** A gem's version: Gemfile.lock's, else (no lockfile) the one the Gemfile's constraints choose; undefined: its latest. */
export const gemVersion = (m: Pick<MapperState, "gems" | "gemfileVersions">, gem: string): string | undefined => (m.gems ? m.gems[gem] : m.gemfileVersions?.[gem]);

/** Whether the app has `gem`: its Gemfile.lock locks it, or no lockfile was read (then every modelled gem is taken to be there). */
export const gemLocked = (m: Pick<MapperState, "gems" | "gemfileVersions">, gem: string): boolean => !m.gems || gemVersion(m, gem) !== undefined;

/** Whether a version (`3.17.2`, `3.20.0.beta1`) comes before `than` (`[major, minor, patch]`, or fewer parts). */
export function versionBefore(version: string, than: readonly number[]): boolean {
  const parts = version.split(".").slice(0, than.length).map((p) => parseInt(p, 10) || 0);
  for (let i = 0; i < than.length; i++) if ((parts[i] ?? 0) !== than[i]) return (parts[i] ?? 0) < than[i];
  return false;
}
