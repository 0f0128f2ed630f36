/**
 * Plain data exchanged with the mapper. Nothing here knows LSP or the file system:
 * positions are 0-based lines and UTF-16 columns, the way editors count them.
 */
import type { Inflections } from "./inflector.js";
import type { Position, Span } from "./span.js";

// Positions are a leaf module of their own, so that Ruby's values can carry one without this
// file (which names the inflector's rules in the map's options) and the inflector importing each other.
export type { Position, Span };

export type Severity = "error" | "warning" | "info";

export interface RelatedInformation {
  message: string;
  span: Span;
}

export interface Diagnostic {
  severity: Severity;
  /** Rails' own message where Rails raises one, word for word. */
  message: string;
  span: Span;
  /** A stable identifier of the kind of problem, e.g. `argument-error`, `unknown-method`. */
  code: string;
  related?: RelatedInformation[];
  /** What a quick fix needs (`missing-action`: the controller and the action). */
  data?: Record<string, string>;
  /** The code it points at is deprecated (editors strike it through). */
  deprecated?: true;
}

/** What a route dispatches to when it is not a controller action. */
export interface Endpoint {
  kind: "controller" | "redirect" | "app" | "engine";
  /** The text Rails prints in the Controller#Action column for this endpoint. */
  text: string;
}

export interface PathParameter {
  name: string;
  /** Source of the regexp the segment must match (Rails' default excludes `/`, `.` and `?`). */
  requirement: string;
  /** True for `*glob` segments. */
  glob: boolean;
  /**
   * True when Routemap could not compute the segment's requirement: `requirement` is then the
   * expression as the sheet marks it (`«Patterns::SLUG»`), not a regexp.
   */
  unknown?: true;
}

/**
 * A route as drawn. The mapper returns objects whose display fields (`reqs`, `defaults`...)
 * are worked out on first read, so copy one with `toJSON()`, not with a spread.
 */
export interface Route {
  /** The route name (`edit_post`), or "" for an unnamed route. */
  name: string;
  /**
   * The Prefix column where it is not `name`: `false` for a route drawn with `as: false`, whose
   * name Rails 4.0 on keep as that value (RouteSet#add_route makes no helper for it).
   */
  shownName?: string;
  verbs: string[];
  /** The verbs as Rails prints them: joined with `|`, "" for any verb. */
  verb: string;
  /** The path pattern as Rails prints it, e.g. `/posts/:id(.:format)`. */
  path: string;
  /** The Controller#Action column, exactly as `bin/rails routes` prints it. */
  reqs: string;
  controller: string | null;
  action: string | null;
  endpoint: Endpoint;
  /** Defaults and requirements as Ruby would `inspect` each value, in Rails' order. */
  defaults: Record<string, string>;
  requirements: Record<string, string>;
  requiredParts: string[];
  optionalParts: string[];
  parameters: PathParameter[];
  /** URL helpers this route defines (`post_path`, `post_url`); empty when unnamed. */
  helpers: string[];
  /** The innermost DSL call in the user's files that produced this route. */
  source: Span;
  /** True for routes Rails marks `internal` (hidden from `rails routes`). */
  internal: boolean;
  /** False for mounts (`anchor: false`): the path is a prefix, the app handles the rest. */
  anchored: boolean;
  /** For mounted engines, the engine constant. */
  engine?: string;
  /** Who drew it when not the routes files themselves: `Active Storage`, `Devise` (see `Declaration.origin`). */
  origin?: string;
  /**
   * Conditions Routemap could not decide that the route was drawn under: Rails draws it only
   * where each holds (`holds: false`: where it does not). Absent for most routes.
   */
  conditions?: readonly RouteCondition[];
  /**
   * Drawn in the block of a method Routemap does not know (`json_api_resources :subjects do … end`):
   * its name. The method may set a scope (a path, a name, a module) Routemap cannot see: the
   * route is kept, marked, never taken for Rails' row.
   */
  unknownScope?: string;
  /**
   * Kept by `rails routes -g` (7.1 on: the grep matched as a path with the route's own pattern)
   * though Routemap cannot run the route's requirements on that path: Rails may leave it out.
   * Set only on the routes the sheet's filter returns.
   */
  grepUndecided?: true;
  /** Every field as plain data. */
  toJSON?(): Route;
}

/** An undecidable condition a route depends on, as written, and which way it must go. */
export interface RouteCondition {
  text: string;
  holds: boolean;
}

/** A helper made by `direct` or `resolve`: it defines URL helpers but no route. */
export interface CustomHelper {
  kind: "direct" | "resolve";
  name: string;
  helpers: string[];
  source: Span;
  /** The framework or gem that defines it (`Active Storage`), when not the routes files. */
  origin?: string;
}

export interface MapOptions {
  /** "3.2", "6.1", "7.0", "7.1", "7.2", "8.0", "8.1"... Default "8.1". */
  railsVersion?: string;
  /** Ruby version, used only for how values are printed (`Hash#inspect`). Default "3.4". */
  rubyVersion?: string;
  /** `config.api_only`: resources get no `new`/`edit` routes. */
  apiOnly?: boolean;
  /** Decides `Rails.env.production?` and friends. Default "development". */
  railsEnv?: string;
  /**
   * Default true. False draws every route through the general `Mapping` path; tests use it
   * to check that the shortcuts for common routes give the same table.
   */
  fastPaths?: boolean;
  /** Directories searched by `draw`, in order. Default: `<dir of entry>/routes`. */
  drawPaths?: string[];
  /**
   * The gems the app's Gemfile.lock locks, name → version: which gems' routing DSL exists
   * (versionist's `api_version`...). Unset: no lockfile was read, and every gem Routemap
   * models is taken to be there.
   */
  gems?: Record<string, string>;
  /**
   * Without a Gemfile.lock (`gems` unset), the versions the Gemfile's constraints choose for the
   * gems Routemap models, name → version: their rules follow these, not their latest.
   */
  gemfileVersions?: Readonly<Record<string, string>>;
  /**
   * What the host chose that the user should know, said as infos where they point (the
   * versions a Gemfile's constraints leave open, at the gem's line); their files are among
   * those the table depends on.
   */
  notes?: readonly { span: Span; message: string; code: string }[];
  /**
   * The environment variables `ENV` reads (`bin/rails routes` sees its shell's). Unset: every
   * `ENV[…]` is a value Routemap cannot know.
   */
  env?: Readonly<Record<string, string>>;
  /** What one evaluation may spend (steps, routes, value size); the defaults suit the largest real apps. */
  limits?: Partial<{ steps: number; routes: number; valueSize: number }>;
}

/** A locked gem that depends on another (`MapInput.gemDependents`). */
export interface GemDependent {
  gem: string;
  version: string;
  /** Why its files are not read (not installed, too many files…); absent when `files` are all it has with the needle. */
  why?: string;
  /** Absolute path → text: its Ruby files that contain the needle asked for. */
  files: ReadonlyMap<string, string> | Readonly<Record<string, string>>;
}

/** One installed gem's files that extend Rails' mapper, and the gem files they require (`MapInput.gemMappers`). */
export interface GemMapperSource {
  gem: string;
  version: string;
  /** The gem's folder (messages show its files' paths relative to it). */
  dir: string;
  /** Absolute path → text. */
  files: ReadonlyMap<string, string> | Readonly<Record<string, string>>;
}

export interface MapInput {
  /** Path of the entry file (`config/routes.rb`), a key of `files`. */
  entry: string;
  /** Every file the mapper may read, by path; `draw` looks files up here. */
  files: ReadonlyMap<string, string> | Record<string, string>;
  /**
   * Files that exist but that the host did not read (a named pipe, a file over its size cap),
   * with the reason. `draw` finds them, as Rails would, and reports why their routes are missing.
   */
  unread?: ReadonlyMap<string, string>;
  options?: MapOptions;
  /**
   * The host's answer to `Dir.glob` (files and folders whose paths match a glob under the
   * app, absolute, as the host finds them); without it, only the files given are matched.
   */
  glob?: (pattern: string) => string[];
  /** Whether a path exists (`File.exist?`), for files the host did not give; without it, only the given ones do. */
  exists?: (path: string) => boolean;
  /**
   * Engines whose source the host found beside the app (`engines/blog`): the file defining the
   * engine class (`lib/blog/engine.rb`, read for `isolate_namespace` and `engine_name`) and the
   * engine's `config/routes.rb` (absent for an engine with none), both keys of `files`. Their route sets are the sections of the
   * engines the app mounts. An `external` engine is an installed gem's: nothing is reported
   * about its files. `notLoaded`: the app does not load the engine's gem (`require: false`), why,
   * in a sentence: its files are not read, and the sentence is an info at its routes file.
   * `initializers`: the engine's `config/initializers/**.rb` (keys of `files`), which Rails runs
   * after the environment's file and before the app's initializers (its inflection rules too).
   */
  engines?: readonly { engineFile?: string; routes?: string; external?: boolean; notLoaded?: string; initializers?: readonly string[] }[];
  /**
   * The installed gems' files that add routing methods to Rails' mapper (`mount_avo`), with the
   * gem files they require: asked for only when the routes call a method the DSL does not have,
   * and evaluated from the gems' source (`dsl/gemMappers.ts`). Not files of the app: nothing is
   * reported in them, and they are not among `MapResult.files`.
   */
  gemMappers?: () => readonly GemMapperSource[];
  /**
   * The gems Gemfile.lock locks that depend on `gem` (its plugins: avo-pro on avo), each with
   * its Ruby files that contain `needle` (`mount_engine`), or why they cannot be read; asked
   * for by a modelled gem whose routes its plugins change (`gems/avo.ts`). Unset, or undefined: not known.
   */
  gemDependents?: (gem: string, needle: string) => readonly GemDependent[] | undefined;
  /**
   * The installed gems whose own routes file reads their settings module (high_voltage's
   * `if HighVoltage.routes`), with the files their entry file loads: their classes and modules
   * are defined from this source when the routes first name them, then the app's configuration
   * files that name the module run (`HighVoltage.configure { |c| c.routes = false }`), as Rails
   * boots the gem before the initializers. Not files of the app, as `gemMappers`.
   */
  gemSettings?: () => readonly GemMapperSource[];
  /**
   * The installed gem's file a constant of the routes files is autoloaded from (Zeitwerk's naming:
   * `Blacklight::Routes::Searchable`, lib/blacklight/routes/searchable.rb of a locked gem the app
   * loads), with that file's text; undefined where no installed gem has it. Asked once per nested
   * constant nothing else defines; a class it defines there is read from it (`concern :searchable,
   * Blacklight::Routes::Searchable.new`: its `call(mapper, options)` draws). Not files of the app, as `gemMappers`.
   */
  gemClass?: (path: string) => GemMapperSource | undefined;
}

/** A literal argument of a DSL call, with the option it belongs to (`to`, `only`...), if any. */
export interface LiteralArgument {
  /** The option key (`to` in `to: "posts#show"`), absent for a positional argument. */
  key?: string;
  /** The literal's value: a string's text or a symbol's name. */
  value: string;
  kind: "string" | "symbol";
  span: Span;
}

/**
 * A DSL call as evaluated: the editor features hang off these. Its spans, label and literals
 * are computed on first access, so recording every call costs evaluation nothing.
 */
export interface Declaration {
  /** The DSL method: `resources`, `get`, `namespace`, `draw`, `concern`... */
  readonly method: string;
  /** `resources :posts`: the method and its first argument as written. */
  readonly label: string;
  /** The file of the call (`span.file`, known without working out the span). */
  readonly file: string;
  /** The call without its block. */
  readonly span: Span;
  /** The call with its block. */
  readonly extent: Span;
  /**
   * The routes this call made, nested ones included: indices `[start, end)` into `routes`, or
   * into the engine's routes when `engine` is set.
   */
  readonly routeRange: readonly [number, number];
  /** The engine whose route set this call drew into; absent for the application. */
  readonly engine?: string;
  readonly literals: readonly LiteralArgument[];
  /**
   * The files the call evaluated, in order: for Rails' `draw`, the file it loaded; for a method
   * of the app's (`definedAt`), those its body read and ran on the routes
   * (`instance_eval(File.read(path))`: an app's own `draw`).
   */
  readonly drawnFiles?: readonly string[];
  /**
   * For a call of a method the app's files define, run on the routes (an app's own `draw`,
   * a `def api_routes` of the routes file): the name of its `def`. Such a call is recorded
   * only when it drew routes or evaluated a file.
   */
  readonly definedAt?: Span;
  /**
   * Who drew its routes when not the routes files: a framework (`Active Storage`) for the
   * `require` of config/application.rb that loads it, a gem (`Devise`) for its DSL call.
   */
  readonly origin?: string;
  /** Undecidable conditions the call ran under (see `Route.conditions`). */
  readonly conditions?: readonly RouteCondition[];
}

/** The routes of an engine drawn in the files (`Blog::Engine.routes.draw do ... end`). */
export interface EngineRoutes {
  /** The engine constant, as mounted (`Blog::Engine`). */
  name: string;
  routes: Route[];
  /**
   * Whether the engine isolates a namespace, when a file read defines its class: `Blog` for
   * `isolate_namespace Blog` (its controllers and views get the engine's route helpers), null
   * for a class that does not (they get the app's). Absent: the class was not read.
   */
  isolatedNamespace?: string | null;
  /** Its `direct` and `resolve` helpers, when it defines some. */
  customHelpers?: CustomHelper[];
}

/** An engine class a file read defines (`MapResult.engineClasses`). */
export interface EngineClassRead {
  /** Its constant (`Shop::Engine`). */
  name: string;
  file: string;
  isolatedNamespace: string | null;
}

/**
 * Where the table may lack routes Routemap could not evaluate (a DSL call skipped for an
 * unknown value, an unknown method given a block, a file not read): only names and
 * controllers under its scope are open; everything else of the table is certain.
 */
export interface OpenRegion {
  span: Span;
  /** Why, as the diagnostic at `span` says it. */
  reason: string;
  /**
   * A word every name that could be missing has (`edit_admin_post`): the scope's name prefix
   * (`admin` inside `namespace :admin`), or a skipped verb call's own literal `as:`; absent: any name.
   */
  namePrefix?: string;
  /** The scope's module (`admin`): controllers that could be reached are under it; absent: any controller. */
  module?: string;
  /** The engine whose table it is in, for an engine's routes file. */
  engine?: string;
  /** What it skipped only redirects (`get "/#{x}", to: redirect("/")`): it may add a name, no route to a controller. */
  redirects?: boolean;
  /**
   * The block of a method Routemap does not know, run as the DSL it may be (openstax_api's
   * `api :v1 do … end`): the routes drawn in it are the block's, but that method's scope may
   * give them another controller (`api/v1/users`), so their controllers and actions are not checked.
   */
  unknownScope?: string;
}

/** A controller's action the app's configuration reaches as a Rack app, not through a route (`ErrorsController.action(:show)`). */
export interface ActionEndpoint {
  /** The controller's class, as written (`ErrorsController`), or its path as a route names it (`users/omniauth_callbacks`). */
  controller: string;
  action: string;
  span: Span;
}

export interface MapResult {
  /**
   * Whether a condition (Ruby source) holds in the environment this table was mapped in, as a
   * condition of the routes files is decided (`ENV`, `Rails.env`, the app's settings and
   * constants, literals; only the files the map read); undefined when Routemap cannot decide it.
   * The checks of views and Ruby files skip code that runs only where a decided condition does
   * not hold (`app/runConditions.ts`). Absent from a result not made by `map`.
   */
  decide?(test: string): boolean | undefined;
  /** An expression's String or Symbol value (Ruby source), computed as `decide` decides; undefined when unknown. */
  nameOf?(expression: string): string | undefined;
  /**
   * Where Rails' autoloader looks for a constant's file (`Admin::Links` →
   * `app/models/admin/links.rb`, …), relative to the app's root, in the order of its roots: app/*
   * and the `autoload_paths` the configuration sets (app/constants.ts `autoloadRoots`), the
   * name underscored with the app's inflection rules. Absent for a routes file mapped without its app.
   */
  autoloadFiles?(constant: string): string[];
  /** The `autoload_paths` and `eager_load_paths` the configuration sets, relative to the app's root (those outside it left out). */
  autoloadPaths?(): string[];
  routes: Route[];
  /** Where the table may lack routes (see `OpenRegion`); empty when it is complete. */
  openRegions: OpenRegion[];
  engines: EngineRoutes[];
  /**
   * The engine classes the files read define (`class Engine < ::Rails::Engine`), drawn or not:
   * which file defines which engine, and the namespace it isolates (null: none). An engine whose
   * routes file draws into the app's routes has no set of its own among `engines`, and its
   * controllers still have its set's helpers (engineContexts.ts in the server).
   */
  engineClasses: EngineClassRead[];
  /** Every DSL call evaluated, in evaluation order (a call in a loop appears once per run). */
  declarations: Declaration[];
  /** `concern :name do ... end` definitions, by name as written (`:x` → "x"). */
  concerns: { name: string; span: Span }[];
  customHelpers: CustomHelper[];
  diagnostics: Diagnostic[];
  /** Files that were read while evaluating (entry and drawn files), in order. */
  files: string[];
  /** Whether the map read a variable of the `env` it was given (`ENV["MODE"]`, in a routes file or a method it called). */
  readsEnv?: boolean;
  /** Where the map's time went, in milliseconds (`npm run bench` reports these). */
  timings: MapTimings;
  /**
   * The app's own inflection rules, when its initializers define some: the same object while
   * those files are unchanged. The app's controllers are named with them too (`controllers`).
   */
  inflections?: Inflections;
  /**
   * Controllers' actions config/application.rb, the environment's file and the initializers reach
   * as Rack apps (`config.exceptions_app = ->(env) { ErrorsController.action(:show).call(env) }`):
   * requests run them without a route. Absent where there are none.
   */
  actionEndpoints?: readonly ActionEndpoint[];
  /**
   * Controllers a gem defines while the routes load, as routes name them (`admin/posts`, one for
   * each of the app's ActiveAdmin registrations): they exist, whatever app/controllers holds.
   * Absent where there are none.
   */
  generatedControllers?: readonly string[];
}

/**
 * A map's wall-clock time split by phase. Files are parsed when evaluation reaches them
 * (`draw`), so `parse` sums the parses (0 for texts parsed by an earlier map) and
 * `evaluation` is the rest; a garbage collection counts in the phase it interrupts.
 */
export interface MapTimings {
  parse: number;
  evaluation: number;
}
