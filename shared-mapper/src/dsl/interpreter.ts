/**
 * The evaluator of the Ruby in routes files. It walks Prism's tree with the handlers of
 * `literals.ts`, `variables.ts`, `control.ts`, `patterns.ts`, `definitions.ts` and
 * `calls.ts`, runs Ruby's core library (`core/`) on the values, and hands every routing DSL
 * call to the mapper. It never runs anything outside the files given.
 *
 * What it cannot know is an `RUnknown` that spreads; a condition it cannot decide runs both
 * ways (`branches.ts`); what one evaluation may spend is bounded (`budget.ts`).
 */
import * as N from "@ruby/prism/src/nodes.js";
import { callMethod, changesItsReceiver, coreIsA, CORE_CONSTANTS, knownClass, structInstance } from "../core/index.js";
import { dataKeywords } from "../core/dataClass.js";
import { erbResult, isErb } from "./erb.js";
import { rackConstant } from "../core/rack.js";
import { classFile, type AppFilesReader } from "../app/constants.js";
import { RoutingError } from "../mapper/errors.js";
import type { EngineClass } from "../mapper/engines.js";
import { hashArgumentWarnings } from "../mapper/keywords81.js";
import { ConditionalNameError, type RouteSet } from "../mapper/routeSet.js";
import { drawLikeEvalBlock } from "./routeSets.js";
import type { DependentGem, MapperHost, MapperState, SourceRef } from "../mapper/state.js";
import type { LineIndex } from "../ruby/lineIndex.js";
import type { LoadedFile } from "../ruby/loadedFile.js";
import { inspect, quotedSource, typeName, type RubyVersion } from "../ruby/print.js";
import {
  FOREIGN_OBJECT, RConst, RFloat, RHash, RInquirer, RMapper, RMatch, RObject, RPathname, RProc, RRegexp, RString, RStruct, RStructClass, RSymbol, RUndecided, RUnknown, RUnknownTruth, RValue, UnknownValueError, poisonOf,
  forMapper, isSym, stringValue, sym, truthy, unknownConstant, RUBY_MODULES_IN_CAPITALS,
} from "../ruby/values.js";
import { settingsOf } from "../framework/appSettings.js";
import type { ActionEndpoint, Diagnostic, GemDependent, OpenRegion, Severity, Span } from "../types.js";
import { Conditions, describeConditions, Store, type Condition } from "./branches.js";
import { Budget, BudgetExceeded, DEFAULT_LIMITS, ValueTooLarge, type Limits } from "./budget.js";
import { callArgumentsOf, hashElementsOf, makeProc, selfValue } from "./arguments.js";
import { KEYWORDS_LAST } from "./keywordArgs.js";
import { CALLS, comparableCall, drawBody } from "./calls.js";
import { KeptRoutes, onMapper, type KeptRoutesBlock } from "./keptBlocks.js";
import { classCall, evalFileValue, pathnameCall } from "./environment.js";
import type { CallHost } from "./evaluator.js";
import { forkBranches } from "./fork.js";
import { Autoloader } from "./autoload.js";
import { GemMappers, type GemMapperMethod, type GemMapperSource } from "./gemMappers.js";
import { mapperOwnMethod } from "./appMappers.js";
import { ClassRegistry, type LoadKind, type MethodDef } from "./classes.js";
import { CONTROL } from "./control.js";
import { DeclarationRecord } from "./declarations.js";
import { DEFINITIONS, defineMethod } from "./definitions.js";
import type { DslMethod } from "./dispatch.js";
import { Env, type Self } from "./env.js";
import { Frames } from "./frames.js";
import { handlerTable } from "./handlers.js";
import { LITERALS } from "./literals.js";
import { mayDraw, onlyRedirects, verbNameWord } from "./mayDraw.js";
import { bindParameters } from "./parameters.js";
import { PATTERNS } from "./patterns.js";
import { NextSignal, ReportedError, ReturnSignal, ThrowSignal } from "./signals.js";
import { VARIABLES } from "./variables.js";
import { sayMapperChangeNotFollowed } from "./mapperInternals.js";
import { nestingAt } from "../ruby/walk.js";

type Node = N.Node;

const HANDLERS = handlerTable(LITERALS, VARIABLES, CONTROL, PATTERNS, DEFINITIONS, CALLS);

/** Said where a value only the running app knows was needed: what was skipped, and for what. */
export const unknownValueMessage = (what: string, value: RUnknown) => {
  const cause = value.cause;
  const via = cause !== value && cause.description !== value.description && (cause.key === undefined || cause.key !== value.key) ? ` (through \`${cause.description}\`)` : "";
  return `Routemap skipped this ${what}: it depends on \`${value.description}\`${via}, ${cause.why}.`;
};

/** Rails and the modules of Ruby's own library Routemap has (`Regexp`, `File`, `CGI`, `YAML`…), whose unknown methods are said. */
const rubyOwnModule = (path: string): boolean => {
  const bare = path.replace(/^::/, "");
  return bare === "Rails" || knownClass(bare) || RUBY_MODULES_IN_CAPITALS.has(bare);
};

/** The instance variables of Rails' Mapper (actionpack 6.1–8.1 `Mapper#initialize`). */
const MAPPER_IVARS = new Set(["@set", "@draw_paths", "@scope", "@concerns"]);

/**
 * The DSL methods Rails' `resources` and `resource` call on the mapper themselves: the verbs
 * (Resources#set_member_mappings_for_resource, the collection's and `new`'s), and themselves
 * again for each name, under `shallow` or `nested` (apply_common_behavior_for's `send(method, …)`).
 */
const OWN_DSL_CALLS = new Set(["get", "post", "patch", "put", "delete", "resources", "resource"]);
/** Overrides of the DSL run inside each other (`callOverride`): none in any app. */
const MAX_OVERRIDES = 10;
/** Files run inside each other (`require`, `load`, `draw`): far more than any app nests. */
const MAX_FILE_NESTING = 100;
const TOO_DEEP = "Routemap skipped this statement: it nests too deeply for Routemap's evaluator (a chain of thousands of operators or calls).";
/** The steps of one value computed aside from the routes (`computeAside`): far more than any real setting or formatter takes. */
const ASIDE_STEPS = 100_000;
/**
 * V8's stack overflow. Checked without a regexp: this runs at the stack's limit, and a
 * regexp compiled there fails with a SyntaxError of its own.
 */
const isStackOverflow = (e: unknown) => e instanceof RangeError && e.message.indexOf("call stack") >= 0;

export interface InterpreterOptions {
  load(path: string): LoadedFile | undefined;
  /** A text parsed as Ruby in the file `path` (an ERB template's expressions, at their places in it). */
  parse?(path: string, text: string): LoadedFile;
  /** The app's root when the entry is its `config/routes.rb`: where `appFile` looks. */
  appRoot?: string;
  /** The app's other files, for the constants it defines outside the routes files. */
  appFiles?: AppFilesReader;
  exists(path: string): boolean;
  /** Why a file that exists was not read by the host, if it was not. */
  unread(path: string): string | undefined;
  /** Every file the host gave, for `Dir.glob`. */
  paths(): string[];
  /** The host's `Dir.glob`, when it has one (`MapInput.glob`). */
  glob?: (pattern: string) => string[];
  railsEnv: string;
  /** The environment variables `ENV` reads, when the host knows them; else `ENV[…]` is unknown. */
  env?: ReadonlyMap<string, string>;
  diagnostics: Diagnostic[];
  limits?: Limits;
  /** A file's text, not parsed as Ruby (`YAML.load_file`). */
  text?(path: string): string | undefined;
  /**
   * Runs a file `draw` loads: `run` evaluates it; a host that recorded what the same file drew
   * in the same state before may replay that instead (`drawMemo.ts`).
   */
  drawFile?(file: LoadedFile, run: () => void): void;
  /** Replays a drawn file before it is parsed (a recording kept from another session, `drawMemo.ts`): true when it did. */
  replayDraw?(path: string): boolean;
  /** Where the app adds folders for `draw` in a way Routemap does not follow (`routes.draw_paths << …`), if it does: asked only when a drawn file is not found. */
  drawPathsChange?: (followed: boolean) => { file: string; line: number } | undefined;
  /** The installed gems' files that extend the mapper (`dsl/gemMappers.ts`), asked for on first need. */
  gemMappers?: () => readonly GemMapperSource[];
  /**
   * The files of installed gems whose own routes file reads their settings module
   * (`HighVoltage.routes`): their classes and modules are defined when the routes first name
   * them, then the app's configuration files that name them run (`HighVoltage.configure`).
   */
  gemSettings?: () => readonly GemMapperSource[];
  /** The locked gems that depend on a gem, with their files that contain a needle (`MapInput.gemDependents`). */
  gemDependents?: (gem: string, needle: string) => readonly GemDependent[] | undefined;
  /**
   * The installed gem file that defines a constant by Zeitwerk's naming (`MapInput.gemClass`):
   * asked once per nested constant nothing else defines.
   */
  gemClass?: (path: string) => GemMapperSource | undefined;
  /** Parses a gem's file for `gemMappers`, `gemSettings`, `gemClass` and `gemDependents`. */
  parseGemFile?(path: string, text: string): LoadedFile;
}

export class Interpreter implements MapperHost, CallHost {
  mapper!: MapperState;
  /** The application's route set, as opposed to an engine's. */
  appSet!: RouteSet;
  readonly classes = new ClassRegistry();
  readonly store = new Store();
  readonly conditions = new Conditions();
  readonly frames = new Frames(this.store, this.conditions);
  readonly budget: Budget;
  private readonly constants = new Map<string, RValue>();
  private readonly mainIvars = new Map<string, RValue>();
  private readonly moduleIvars = new Map<string, Map<string, RValue>>();
  private readonly objectIvars = new WeakMap<object, Map<string, RValue>>();
  /** `X.instance` of the classes that include Ruby's Singleton: made once, on first call. */
  private readonly singletons = new Map<string, RValue>();
  private readonly globals = new Map<string, RValue>();
  /** The DSL calls in flight, innermost last: it is the source of the routes being drawn. */
  private readonly sites: DeclarationRecord[] = [];
  readonly declarations: DeclarationRecord[] = [];
  /** While set, `require` runs only the files it accepts (`evaluateRequiring`). */
  requireFilter: ((path: string) => boolean) | undefined = undefined;
  /** The calls of the app's methods on the routes running now, innermost last (`declaredAppCall`). */
  private readonly appCalls: DeclarationRecord[] = [];
  private readonly concernNodes: DeclarationRecord[] = [];
  private readonly files: LoadedFile[] = [];
  /** Syntax errors of the files that have some, by file. */
  private readonly syntaxErrors = new Map<LineIndex, number[]>();
  private readonly reported = new Set<string>();
  /** Modules `extend`ed into the mapper by the routes files: their methods come before the DSL. */
  readonly mapperModules: string[] = [];
  /** The conditions, Routemap could not decide, under which a module of `mapperModules` was put there (appMappers.ts). */
  readonly mapperConditions = new Map<string, readonly Condition[]>();
  /** Modules an initializer puts into the Mapper only where a condition holds that does not here, with what it would take (appMappers.ts). */
  readonly mapperWithheld = new Map<string, string>();
  /** `Rails.application.routes.append` blocks: run after the routes files, as Rails does. */
  readonly appended: (() => void)[] = [];
  /** The routes blocks the configuration keeps, and where railties' loading of the routes stands. */
  readonly kept = new KeptRoutes();
  /** The files run for their definitions so far. */
  readonly definitionsRan = new Set<string>();
  depth = 0;
  /** Files read for what they define, whose diagnostics are not the user's concern here. */
  readonly quietFiles = new Set<string>();
  /** Files `require`d: each is evaluated once. */
  readonly required = new Set<string>();
  /** Where the table may lack routes (`MapResult.openRegions`). */
  readonly openRegions: OpenRegion[] = [];

  /**
   * Records that routes may be missing at `span` (a call skipped, a block not run): only names
   * and controllers under the current scope are open (or, for a call that can add only names
   * with a word of its own, those with `nameWord`).
   */
  openRegion(span: Span, reason: string, o: { redirects?: boolean; nameWord?: string; unknownScope?: string } = {}): void {
    if (this.quiet) return;
    ({ span, message: reason } = this.userSpan(span, reason));
    const scope = this.mapper.scope;
    const as = scope.get("as");
    const module = scope.get("module");
    const text = (v: RValue | undefined) => (typeof v === "string" ? v : v instanceof RSymbol ? v.name : undefined);
    const engine = this.mapper.set !== this.appSet ? this.engineName(this.mapper.set) : undefined;
    this.openRegions.push({
      span,
      reason,
      // A skipped `get … as: :x` can add only a name with `x` in it, whatever the scope's prefix.
      ...(o.nameWord ? { namePrefix: o.nameWord } : text(as) ? { namePrefix: text(as) } : {}),
      ...(text(module) ? { module: text(module) } : {}),
      ...(engine ? { engine } : {}),
      ...(o.redirects ? { redirects: true } : {}),
      ...(o.unknownScope ? { unknownScope: o.unknownScope } : {}),
    });
  }

  /** While above 0, files run for their definitions: nothing is drawn or reported. */
  quiet = 0;
  /** While above 0, a `rescue` or `catch` may take what is raised: statements and DSL calls pass it on. */
  private rescuers = 0;
  /** Whether a `rescue` or `catch` may take what is raised now (a drawn file's errors would not be its own). */
  get catching(): boolean {
    return this.rescuers > 0;
  }
  /** Diagnostics asked for, including those `report` left out as repeats (`drawMemo.ts` counts them). */
  reportsAsked = 0;
  /** The DSL calls in flight (`drawMemo.ts` replays only where none but `draw` is). */
  get siteDepth(): number {
    return this.sites.length;
  }
  /** The files being run, innermost last. */
  get fileDepth(): number {
    return this.files.length;
  }
  /** `concern` declarations so far. */
  get concernCount(): number {
    return this.concernNodes.length;
  }

  rescuing<T>(body: () => T): T {
    this.rescuers++;
    try {
      return body();
    } finally {
      this.rescuers--;
    }
  }
  /** Steps every regexp of this evaluation shares (the engine's own budget, `ruby/regexp/`). */
  readonly regexpBudget = { remaining: 2_000_000 };
  private readonly autoloader: Autoloader | undefined;
  /** Routing methods the installed gems add to the mapper, read from their source. */
  readonly gemMappers: GemMappers | undefined;
  /** Gems' settings modules, read from their files (`InterpreterOptions.gemSettings`). */
  private readonly gemSettings: GemMappers | undefined;
  /** Gems' classes the routes name (`Blacklight::Routes::Searchable.new` as a concern), read from their files. */
  private readonly gemClasses: GemMappers | undefined;
  /** The constants `gemClass` was asked for. */
  private readonly gemClassesAsked = new Set<string>();
  /** While a gem's mapper method runs for a call of the routes files: that call (`callGemMethod`). */
  private gemSite: { record: DeclarationRecord; node: N.CallNode; index: LineIndex; gem: GemMapperSource; name: string } | undefined;

  constructor(readonly o: InterpreterOptions) {
    this.budget = new Budget(o.limits ?? DEFAULT_LIMITS);
    this.classes.undecided = () => this.conditions.current().length > 0;
    // A mapper's concerns are its own (`Mapper.new` starts with none): their table stands for the mapper.
    this.classes.currentMapper = () => this.mapper.concerns;
    this.autoloader = o.appFiles && new Autoloader(o.appFiles, this);
    const parse = o.parseGemFile;
    const host = parse && {
      classes: this.classes,
      store: this.store,
      parse,
      // (A gem's file Routemap reads for its methods or a class: whether Rails has loaded it, `defined?` does not learn here.)
      quietlyIn: <T>(file: LoadedFile, body: () => T) => this.classes.runningAs("unsure", () => this.notComputing(() => this.quietly(() => this.inFile(file, body)))),
      eval: (node: N.Node, env: Env) => this.eval(node, env),
      defineModule: (path: string, body: N.Node | null, env: Env) => this.defineModule(path, body, env),
      runDefinitions: (file: LoadedFile, node: N.Node, cref: readonly string[]) => this.runDefinitions(file, node, cref),
      setConstantPath: (path: string, value: RValue) => this.setConstantPath(path, value),
    };
    if (o.gemMappers && host) this.gemMappers = new GemMappers(o.gemMappers, host);
    if (o.gemSettings && host) this.gemSettings = new GemMappers(o.gemSettings, host, true);
    if (o.gemClass && host) this.gemClasses = new GemMappers(() => [], host);
  }

  /** Defines `path` from the installed gem's file Zeitwerk would load it from, when it is a class there. */
  private loadGemClass(path: string): void {
    // A top-level name is a gem's namespace (its entry file sets the gem up), never read so.
    if (!this.gemClasses || !path.includes("::") || this.gemClassesAsked.has(path)) return;
    this.gemClassesAsked.add(path);
    const source = this.o.gemClass?.(path);
    if (!source) return;
    this.gemLoading++;
    try {
      this.gemClasses.adopt(source, path);
    } finally {
      this.gemLoading--;
    }
  }

  /**
   * Defines `path` from the gems' files when one defines it (a mapper gem's helper class, or a
   * gem's settings module). A settings module defined so is then configured as Rails boots it:
   * Bundler requires the gem before the app's initializers run, so the app's configuration
   * files that name it (`HighVoltage.configure do |config| … end`) run after its definitions.
   */
  private loadGemConstant(path: string): void {
    if (!this.classes.has(path)) this.gemMappers?.loadConstant(path);
    this.loadGemSettings(path);
  }

  /**
   * A settings gem's module, defined from its files the first time it is named, even where the
   * constant is known already (the gem's engine file, read for the engine, opens the module too).
   */
  private loadGemSettings(path: string): void {
    // Every constant looked up comes here: most are no gem's.
    if (!this.gemSettings?.pending(path)) return;
    // While the gem's files run (Bundler requires them before the app's initializers), a
    // constant they name is never looked for in the app: the autoloader would run the
    // initializer that names the module midway through the gem's `extended` hook.
    this.gemLoading++;
    let loaded: boolean | undefined;
    try {
      loaded = this.gemSettings?.loadConstant(path);
    } finally {
      this.gemLoading--;
    }
    if (loaded && !path.includes("::") && !this.gemLoading) this.autoloader?.configure(path);
  }
  private gemLoading = 0;

  gemFile(path: string): boolean {
    return (this.gemMappers?.gemOf(path) ?? this.gemSettings?.gemOf(path) ?? this.gemClasses?.gemOf(path)) !== undefined;
  }

  /** Runs a class or module statement of `file` for its definitions, quietly, in the modules it stands in (`cref`). */
  runDefinitions(file: LoadedFile, node: Node, cref: readonly string[]): void {
    this.notComputing(() => this.quietly(() => this.inFile(file, () => this.eval(node, this.envIn(cref)))));
  }

  /** Runs `body` as `path`'s (a `path.class_eval do … end` block), quietly, written in the modules `cref`. */
  runModuleBody(file: LoadedFile, path: string, body: Node | null, cref: readonly string[]): void {
    this.notComputing(() => this.quietly(() => this.inFile(file, () => this.defineModule(path, body, this.envIn(cref)))));
  }

  /** An environment of statements written in the modules `cref` (the innermost their `self`), or at the top level. */
  private envIn(cref: readonly string[]): Env {
    const self = cref.length ? ({ kind: "module", path: cref[cref.length - 1] } as const) : ({ kind: "main" } as const);
    return new Env(this.store, self, null, null, null, [...cref]);
  }

  /** The method an installed gem adds to the mapper under `name`, if one does. */
  gemMapperMethod(name: string): GemMapperMethod | undefined {
    return this.gemMappers?.method(name);
  }

  /**
   * A gem's mapper method called by the routes files: its body runs with the mapper as `self`,
   * as one DSL call of the user's file. The routes it draws have that call as their source (the
   * gem as their origin), and what its body reports or leaves open is said there, naming the
   * gem's line. Calls inside a gem's method are plain method calls.
   */
  callGemMethod(node: N.CallNode, found: GemMapperMethod, name: string, call: { args: RValue[]; block: RProc | null }): RValue {
    if (this.gemSite) return this.callMethodDef(found.def, { kind: "mapper" }, call.args, call.block, name);
    const index = this.index;
    return this.dispatch(node, () => {
      const record = this.sites[this.sites.length - 1];
      record.origin ??= found.gem.gem;
      this.gemSite = { record, node, index, gem: found.gem, name };
      try {
        return this.callMethodDef(found.def, { kind: "mapper" }, call.args, call.block, name);
      } catch (e) {
        // What the gem's method raises (`unknown keyword: :as` of its parameters) is said at the call.
        if (e instanceof RoutingError && e.span) ({ span: e.span, message: e.message } = this.userSpan(e.span, e.message));
        throw e;
      } finally {
        this.gemSite = undefined;
      }
    }, call);
  }

  /**
   * A gem class's `call` run by the DSL call in force (`concerns :searchable` of `concern
   * :searchable, Blacklight::Routes::Searchable.new`): as a gem's mapper method, its routes have
   * the user's call as their source and the gem as their origin, and what it reports is said there.
   */
  private callGemObject(def: MethodDef, self: Self, args: RValue[], gem: GemMapperSource): RValue {
    const record = this.sites[this.sites.length - 1];
    if (!record) return this.callMethodDef(def, self, args, null, "call");
    record.origin ??= gem.gem;
    const { node, index } = record.callSite();
    this.gemSite = { record, node, index, gem, name: `${def.owner}#call` };
    try {
      return this.callMethodDef(def, self, args, null, "call");
    } catch (e) {
      if (e instanceof RoutingError && e.span) ({ span: e.span, message: e.message } = this.userSpan(e.span, e.message));
      throw e;
    } finally {
      this.gemSite = undefined;
    }
  }

  /** The user's call that runs a gem's method, declared again under the conditions in force now. */
  private gemDeclaration(site: { record: DeclarationRecord; node: N.CallNode; index: LineIndex }): DeclarationRecord {
    const declaration = this.declare(site.node, site.index);
    declaration.origin = site.record.origin;
    return declaration;
  }

  /** A span in a gem's file, while its method runs, is said at the user's call that ran it. */
  private userSpan(span: Span, message: string): { span: Span; message: string } {
    const site = this.gemSite;
    if (!site || span.file === site.record.span.file) return { span, message };
    const gem = site.gem;
    const file = span.file.startsWith(gem.dir + "/") ? span.file.slice(gem.dir.length + 1) : span.file;
    return { span: site.record.span, message: `${message}\n(In ${gem.gem} ${gem.version}'s \`${site.name}\`, ${file}:${span.start.line + 1}.)` };
  }

  parseText(path: string, text: string): LoadedFile | undefined {
    return this.o.parse?.(path, text);
  }

  loudly<T>(body: () => T): T {
    const quiet = this.quiet;
    this.quiet = 0;
    try {
      return body();
    } finally {
      this.quiet = quiet;
    }
  }

  /** Runs `body` reporting nothing: code run for what it defines or computes, not the routes files' own. */
  private quietly<T>(body: () => T): T {
    this.quiet++;
    try {
      return body();
    } finally {
      this.quiet--;
    }
  }

  /** Runs a file of the app for what it defines (`autoload.ts`); `kind`: how it came to run, for `defined?`. */
  runForDefinitions(file: LoadedFile, kind: LoadKind = "boot"): void {
    // Once: a file run again would set again what later files changed (a `mattr_accessor`'s default).
    this.autoloader?.ranAlready(file);
    this.definitionsRan.add(file.index.file);
    this.classes.runningAs(kind, () => this.notComputing(() => this.quietly(() => this.runFile(file, { kind: "main" }))));
  }

  defined(path: string): boolean {
    return this.constants.has(path) || this.classes.has(path);
  }

  constantDefined(path: string): boolean {
    const by = this.classes.get(path)?.loadedBy;
    // The classic autoloader (before 6.0, or 6.x's `config.autoloader = :classic`) loads in
    // `const_missing`, which `defined?` does not call.
    const version = this.mapper.version;
    const classic = version.lt(6) || (version.lt(7) && isSym(settingsOf(this).assigned("autoloader") ?? null, "classic"));
    return by === "boot" || (by === "autoload" && !classic);
  }

  get ruby(): RubyVersion {
    return this.mapper.ruby;
  }

  // ---- MapperHost -------------------------------------------------------------------------

  source(): Span {
    const site = this.sites[this.sites.length - 1];
    if (site) return site.span;
    const file = this.files[this.files.length - 1];
    return file ? file.index.span(0, 0) : { file: "", start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };
  }

  sourceRef(): SourceRef {
    const site = this.sites[this.sites.length - 1];
    return site ?? { span: this.source(), conditions: this.conditions.current() };
  }

  fileExists(path: string): boolean {
    return this.o.exists(path);
  }

  /** The routes files of installed gems' engines (`MapInput.engines`' external ones). */
  readonly gemRoutesFiles = new Set<string>();

  gemDrawNotRead(name: string): boolean {
    if (!this.gemRoutesFiles.has(this.currentFile.index.file)) return false;
    // Rails reads the file from the engine's config/routes/: Routemap is not given it, so the
    // routes it draws (Avo's resources, from the app's classes) are missing from the engine's set.
    this.openRegion(this.source(), `Routemap does not read ${name}.rb, which this gem's routes draw: its routes are missing.`);
    return true;
  }

  drawFolders(): string[] | undefined {
    const root = this.o.appRoot;
    return root === undefined || this.mapper.set !== this.appSet ? undefined : settingsOf(this).drawFolders(root);
  }

  drawPathsUnfollowed(name: string): boolean {
    const change = this.o.drawPathsChange?.(this.drawFolders() !== undefined);
    if (!change) return false;
    const message = `Routemap did not find ${name}.rb where it looks for \`draw\`; the app adds folders for it (${change.file}:${change.line}) in a way Routemap does not follow, so the routes this draws are missing.`;
    this.report("info", message, this.source(), "unread-routes-file");
    this.openRegion(this.source(), message);
    return true;
  }

  evalFile(path: string, name: string): void {
    // Rails would recurse until the stack overflows; we stop at the first repeat.
    if (this.files.some((f) => f.index.file === path)) {
      throw new RoutingError(`draw cycle: ${name}.rb is already being drawn, and drawing it again would never end`, "SystemStackError");
    }
    const declaration = this.declarations[this.declarations.length - 1];
    if (this.o.replayDraw?.(path)) {
      if (declaration?.method === "draw") declaration.drawnFiles = [path];
      this.fileEvaluated(path);
      return;
    }
    const loaded = this.o.load(path);
    if (!loaded) {
      const reason = this.o.unread(path);
      if (reason === undefined) throw new RoutingError(`No such file or directory @ rb_sysopen - ${path}`, "Errno::ENOENT");
      // Not Rails' error: Rails would read it (or wait on it forever). The table lacks its routes.
      const message = `Routemap did not read the drawn file ${name}.rb: ${reason}. The routes it draws are missing.`;
      this.report("warning", message, this.source(), "file-not-read");
      this.openRegion(this.source(), message);
      return;
    }
    if (declaration?.method === "draw") declaration.drawnFiles = [path];
    this.fileEvaluated(path);
    const run = () => void this.runFile(loaded, { kind: "mapper" });
    if (this.o.drawFile) this.o.drawFile(loaded, run);
    else run();
  }

  info(message: string): void {
    this.report("info", message, this.source(), "info");
  }

  callOverride(name: string, args: RValue[], block: RProc | null = null): void {
    const def = this.classes.drawBlockMethod(name);
    if (!def) return;
    KEYWORDS_LAST.set(args, false);
    // A `def put` that calls `resources`, whose update calls `put` again: Ruby recurses until its
    // stack runs out. Stopped at a few levels, each of which draws routes inside the last.
    if (this.overridesRunning >= MAX_OVERRIDES) throw new RoutingError("stack level too deep", "SystemStackError");
    this.overridesRunning++;
    try {
      this.callMethodDef(def, { kind: "mapper" }, args, block, name);
    } finally {
      this.overridesRunning--;
    }
  }
  /** Overrides of the DSL running now, inside each other. */
  private overridesRunning = 0;

  /**
   * Ruby's SystemStackError, raised inside a method or an override of the DSL: it leaves every frame
   * (each of which would otherwise report it, skip the statement and go on into the next call that
   * recurses) and is reported once, where it was raised, by the statement outside them.
   */
  private unwinding(e: unknown): boolean {
    return e instanceof RoutingError && e.rubyClass === "SystemStackError" && (this.depth > 0 || this.overridesRunning > 0);
  }

  undecided(condition: { key: string; text: string }, body: () => void): void {
    this.conditions.under([{ ...condition, holds: true }], body);
  }

  /** Actions gems run without a route (`MapperHost.reachedAction`), where the call that set them up stands. */
  readonly reachedActions: ActionEndpoint[] = [];

  /** Controllers gems define while the routes load (`MapperHost.generatedController`). */
  readonly generatedControllers = new Set<string>();

  generatedController(controller: string): void {
    if (!this.quiet) this.generatedControllers.add(controller);
  }

  reachedAction(controller: string, action: string): void {
    if (!this.quiet) this.reachedActions.push({ controller, action, span: this.source() });
  }

  missing(message: string, covers: { namePrefix: string | undefined; modules: readonly (string | undefined)[]; engine?: string }): void {
    this.info(message);
    if (this.quiet) return;
    const span = this.source();
    const engine = covers.engine ?? (this.mapper.set !== this.appSet ? this.engineName(this.mapper.set) : undefined);
    // One region per module: a region covers the controllers under one module only.
    for (const module of covers.modules) this.openRegions.push({ span, reason: message, namePrefix: covers.namePrefix, module, ...(engine ? { engine } : {}) });
  }

  get inApp(): boolean {
    return this.o.appRoot !== undefined;
  }

  appFile(relative: string): LoadedFile | undefined {
    return this.o.appRoot === undefined ? undefined : this.o.load(`${this.o.appRoot}/${relative}`);
  }

  appFilesUnder(folder: string, mentioning?: string): LoadedFile[] | undefined {
    const root = this.o.appRoot;
    if (root === undefined) return undefined;
    const prefix = `${root}/${folder}/`;
    const paths = this.o.glob ? this.o.glob(`${prefix}**/*.rb`) : this.o.paths().filter((p) => p.startsWith(prefix) && p.endsWith(".rb"));
    const files: LoadedFile[] = [];
    // Ruby sorts by bytes; the paths' UTF-16 order is the same for the names apps give their files.
    for (const path of [...paths].sort()) {
      // Only the files that name it are parsed (a lib/ of thousands of files, for one module).
      if (mentioning !== undefined && this.o.text && !this.o.text(path)?.includes(mentioning)) continue;
      const file = this.o.load(path);
      if (!file) return undefined;
      files.push(file);
    }
    return files;
  }

  classFile(path: string): LoadedFile | undefined {
    return this.o.appFiles && classFile(path, this.o.appFiles);
  }

  configFiles(name: string): LoadedFile[] {
    return this.o.appFiles ? this.o.appFiles.configFiles(name) : [];
  }

  gemDependents(gem: string, needle: string): readonly DependentGem[] | undefined {
    const { gemDependents, parseGemFile } = this.o;
    if (!gemDependents || !parseGemFile) return undefined;
    return gemDependents(gem, needle)?.map((d) => ({
      gem: d.gem,
      version: d.version,
      why: d.why,
      files: (d.files instanceof Map ? [...d.files] : Object.entries(d.files)).map(([path, text]) => parseGemFile(path, text)),
    }));
  }

  /**
   * `Klass.name(*args)` for a class the app defines, evaluated quietly as Ruby (a gem's hook the
   * app subclasses: jsonapi-resources' route formatters). `prelude` is Ruby source defining the
   * gem's own classes it inherits from, run once first; unknown where the call's value is.
   */
  callClassMethod(path: string, name: string, args: RValue[], prelude?: { path: string; text: string }): RValue {
    if (prelude && this.o.parseGemFile && !this.preludes.has(prelude.path)) {
      this.preludes.add(prelude.path);
      this.quietly(() => this.runFile(this.o.parseGemFile!(prelude.path, prelude.text), { kind: "main" }));
    }
    return this.computeAside(`${path}.${name}`, () => {
      const klass = this.constant(path, new Env(this.store, { kind: "main" }));
      return this.invoke(klass, name, args, null, undefined, undefined);
    });
  }
  private readonly preludes = new Set<string>();

  appRelative(file: LoadedFile): string {
    return this.o.appFiles ? this.o.appFiles.relative(file) : file.index.file;
  }

  /**
   * Statements of `file`'s top level (those that require), in order, each computed aside as
   * `evaluateIn` computes one, with `require` and `load` running only the files `filter` accepts.
   * They run in one frame, as the file's top level does: a `return` there, in a block too
   * (conjur's initializer: `Rails.application.configure do … return unless … end`), ends the file,
   * and one taken in one world only leaves the statements after it to the other.
   */
  evaluateRequiring(file: LoadedFile, statements: readonly N.Node[], filter: (path: string) => boolean): void {
    const outer = this.requireFilter;
    this.requireFilter = filter;
    try {
      this.inFile(file, () => this.withMatchFrame(() => this.frames.run("method", () => {
        const env = new Env(this.store, { kind: "main" });
        try {
          for (const statement of statements) this.requiringStatement(file, statement, env);
        } catch (e) {
          if (!(e instanceof ReturnSignal)) throw e;
        }
        return null;
      }, (name) => new RUnknown(name, false, "a value the file's undecidable `return` leaves open"))));
    } finally {
      this.requireFilter = outer;
    }
  }

  evaluateIn(file: LoadedFile, node: N.Node, before: readonly N.Node[] = [], locals?: ReadonlyMap<string, RValue>): RValue {
    // The catch inside `inFile`: the node's text is read from its own file. `before` run first, in
    // the same scope: statements that set the locals it reads; `locals` are set before them (a
    // block's parameter, where the caller unrolls the block).
    // In a frame of its own: a `return` in one world only (`return unless email.include?(…)` before
    // the node, in a method body a gem's reader walks) is joined there, never left pending on the
    // frame of the draw that asked (Autolab's User model broke the draw's branch bookkeeping so);
    // a `next` too, of a block body read so (a model's `after_save do next if actor.nil? … end`:
    // identity-management-backend's routes were all marked «only unless actor.nil?»). A lambda's
    // frame is the target of both.
    const aside = (): RValue => {
      // In the modules open around the node (a model's `devise … omniauth_providers: EXTRA` reads `Author::EXTRA`).
      const env = new Env(this.store, { kind: "main" }, null, null, null, nestingAt(file.program, node.location.startOffset));
      for (const [name, value] of locals ?? []) env.declare(name, value);
      try {
        for (const statement of before) this.eval(statement, env);
        return this.eval(node, env);
      } catch (e) {
        // A `return` at the file's top level (in a block there too) ends the file: the node has no value.
        if (e instanceof ReturnSignal) return new RUnknown(this.sourceText(node), false, "code after a `return` that ends its file");
        if (e instanceof NextSignal) return new RUnknown(this.sourceText(node), false, "code after a `next` that ends its block");
        throw e;
      }
    };
    const unknown = (name: string) => new RUnknown(name, false, "a value an undecidable `return` or `next` before it leaves open");
    return this.inFile(file, () => this.computeAside(this.sourceText(node), () => this.frames.run("lambda", aside, unknown)));
  }

  /** Whether statements that fail end the value being computed (`computeAside`) instead of being skipped. */
  private computing = false;
  get computingAside(): boolean {
    return this.computing;
  }
  /** How many undecided arguments the DSL call being dispatched is run in both worlds for (`dispatch`). */
  private worlds = 0;

  /**
   * A value computed aside from the routes, for a gem (a setting an initializer writes, an app's
   * formatter class): quietly, on `ASIDE_STEPS` steps of the evaluation's, and unknown, with why,
   * wherever Ruby's run of it would raise or Routemap's stops. A statement that fails is not
   * skipped, as the routes files' are (and said there): that would compute what Ruby never does
   * (`raise "x"; "/admin"` is not `"/admin"`). A runaway loop costs its steps, not the map.
   */
  private computeAside(what: string, body: () => RValue): RValue {
    const computing = this.computing;
    this.computing = true;
    const unknown = (why: string) => new RUnknown(quotedSource(what, 60), false, why);
    try {
      return this.quietly(() => this.budget.part(ASIDE_STEPS, body));
    } catch (e) {
      if (e instanceof RoutingError) return unknown(`a call that raises ${e.message}`);
      if (e instanceof UnknownValueError) return e.value;
      if (e instanceof BudgetExceeded && e.part) return unknown(e.reason);
      if (e instanceof ValueTooLarge) return unknown(e.message);
      if (isStackOverflow(e)) return unknown("it nests too deeply for Routemap's evaluator");
      if (e instanceof ThrowSignal) return unknown(`uncaught throw ${inspect(e.tag, this.ruby)}`);
      if (e instanceof ReportedError) return unknown("code Routemap cannot follow");
      throw e;
    } finally {
      this.computing = computing;
    }
  }

  /** Runs `body` with statements skipped where they fail, as a file is run for its definitions (an autoload inside `computeAside`). */
  private notComputing<T>(body: () => T): T {
    const computing = this.computing;
    this.computing = false;
    try {
      return body();
    } finally {
      this.computing = computing;
    }
  }

  matchSlot: { m: RMatch | null | undefined } = { m: null };
  setLastMatch(match: RMatch | null): void {
    // A match in one side of an undecided condition: `$~` after it is not known.
    this.matchSlot.m = this.conditions.current().length ? undefined : match;
  }
  lastMatch(): RMatch | null | undefined {
    return this.matchSlot.m;
  }
  /** Runs a new method or file frame, with its own `$~`. */
  private withMatchFrame<T>(body: () => T): T {
    const outer = this.matchSlot;
    this.matchSlot = { m: null };
    try {
      return body();
    } finally {
      this.matchSlot = outer;
    }
  }

  isClass(path: string): boolean | undefined {
    return this.classes.get(path.replace(/^::/, ""))?.isClass;
  }

  respondsTo(value: RValue, name: string): boolean | undefined {
    if (value instanceof RProc) return name === "call";
    if (value instanceof RUnknown) return undefined;
    if (value instanceof RConst && !this.classes.has(value.path.replace(/^::/, ""))) return undefined;
    if (value instanceof RObject && !this.classes.has(value.className)) return undefined;
    if (value instanceof RObject || value instanceof RConst) {
      if (this.methodOf(value, name)) return true;
      // Not found: known only when every ancestor is a class of the files (a gem's may define it).
      const path = value instanceof RObject ? value.className : value.path.replace(/^::/, "");
      return this.classes.ancestors(path).every((c) => c === "Object" || this.classes.has(c)) ? false : undefined;
    }
    return false;
  }

  callValue(value: RValue, args: RValue[]): RValue {
    if (value instanceof RProc) return this.yield(value, args);
    if (value instanceof RUnknown) throw new UnknownValueError(value);
    if (value instanceof RConst && !this.classes.has(value.path)) throw new UnknownValueError(unknownConstant(value.path));
    const def = this.methodOf(value, "call");
    const gem = def && !this.gemSite && def.def.kind === "def" ? this.gemClasses?.gemOf(def.def.index.file) : undefined;
    if (def && gem) return this.callGemObject(def.def, def.self, args, gem);
    if (def) return this.callMethodDef(def.def, def.self, args, null, "call");
    // A class read in part (a gem's, whose superclass or included module is not read) may have `call` there.
    if (this.respondsTo(value, "call") === undefined) throw new UnknownValueError(new RUnknown(`${inspect(value, this.mapper.ruby)}.call`, true, "a method of a class Routemap reads only in part (an ancestor it does not have)"));
    throw new RoutingError(`undefined method \`call' for ${inspect(value, this.mapper.ruby)}`, "NoMethodError");
  }

  /**
   * One requiring statement of `evaluateRequiring`. The routes blocks it keeps itself (`config.after_initialize
   * do require …; app.routes.append { … } end`) are let go: the file runs again in full, as Rails
   * runs it, and keeps them then (they were drawn twice). Those the files it requires keep stay
   * kept: a required file runs once.
   */
  private requiringStatement(file: LoadedFile, statement: N.Node, env: Env): void {
    const kept = this.kept;
    const blocks = kept.blocks.length;
    const afterInitialize = kept.afterInitializeBlocks.length;
    try {
      this.computeAside(this.sourceText(statement), () => this.eval(statement, env));
    } finally {
      const others = <T extends { file: LoadedFile }>(list: T[], from: number) => list.splice(from).filter((b) => b.file !== file);
      kept.blocks.push(...others(kept.blocks, blocks));
      kept.afterInitializeBlocks.push(...others(kept.afterInitializeBlocks, afterInitialize));
    }
  }

  /** `MapperHost.callMapperMethod`: the app's methods of the mapper first (its modules, last included first), then an installed gem's. */
  callMapperMethod(name: string, args: RValue[]): RValue | undefined {
    const def = mapperOwnMethod(this, name);
    if (def) return this.callMethodDef(def, { kind: "mapper" }, args, null, name);
    const gem = this.gemMapperMethod(name);
    return gem ? this.callGemObject(gem.def, { kind: "mapper" }, args, gem.gem) : undefined;
  }

  // ---- files, reports ---------------------------------------------------------------------

  /** Evaluates a file's top level; `self` is `main` for the entry file, the mapper for drawn ones. */
  runFile(file: LoadedFile, self: Self): RValue {
    // Files loading each other without end (`load __FILE__`): Ruby's SystemStackError, before
    // the evaluator's own stack runs out and blames whatever is parsed at the bottom of it.
    if (this.files.length >= MAX_FILE_NESTING) throw new RoutingError("stack level too deep", "SystemStackError");
    if (file.syntaxErrors.length) this.syntaxErrors.set(file.index, file.syntaxErrors);
    this.files.push(file);
    try {
      return this.withMatchFrame(() => this.frames.run("method", () => {
        try {
          return this.statements(file.program.statements, new Env(this.store, self));
        } catch (e) {
          // `return` at a file's top level ends the file.
          if (e instanceof ReturnSignal) return e.value;
          throw e;
        }
      }, (name) => new RUnknown(name, false, "a value the file's undecidable `return` leaves open")));
    } finally {
      this.files.pop();
    }
  }

  /**
   * A routes block the configuration kept (dsl/keptBlocks.ts), drawn as RouteSet#eval_block draws
   * it: the block with the mapper as `self`, its closure the one Ruby kept (the initializer's
   * locals, a loop's variable), its routes under the conditions the `append` call stood under.
   */
  drawKeptBlock(kept: KeptRoutesBlock): void {
    const proc = onMapper(kept.proc);
    this.inFile(kept.file, () => {
      if (!proc) return this.keptBlockNotKnown(kept);
      try {
        this.conditions.under(kept.conditions, () => this.withMatchFrame(() => drawLikeEvalBlock(this, () => void drawBody(this, () => this.yield(proc, [])))));
      } catch (e) {
        // Under a default scope Routemap cannot compute: the block's routes are skipped, and said.
        if (!(e instanceof UnknownValueError)) throw e;
        this.drawSkipped(kept.span, e.value, `\`${kept.kind}\` block`);
      }
    });
  }

  /** Routes drawn outside the routes files' statements, skipped for a value Routemap cannot know: said, and their names left open. */
  private drawSkipped(span: Span, value: RUnknown, what: string): void {
    const message = unknownValueMessage(what, value);
    this.report("info", message, span, "unknown-value");
    this.openRegion(span, message);
  }

  private keptBlockNotKnown(kept: KeptRoutesBlock): void {
    const why = kept.proc instanceof RUnknown ? ` (${describeCause(kept.proc)})` : ` (${kept.proc.label})`;
    const message = `Routemap does not know the block this \`${kept.kind}\` keeps${why}: the routes it draws are missing.`;
    this.report("info", message, kept.span, "unknown-block");
    this.openRegion(kept.span, message);
  }

  /**
   * The configuration's `after_initialize` blocks that keep routes blocks, run as railties'
   * Finisher runs them (after every initializer, before the routes), given the application.
   */
  runAfterInitialize(): void {
    this.kept.afterInitialize = true;
    try {
      for (const block of this.kept.afterInitializeBlocks) {
        try {
          this.conditions.under(block.conditions, () => this.notComputing(() => this.quietly(() => this.yield(block.proc, [new RConst("Rails.application")]))));
        } catch (e) {
          // A block that raises keeps what it kept before (Rails would not boot): the rest is not known.
          if (!(e instanceof RoutingError || e instanceof UnknownValueError || e instanceof ReportedError)) throw e;
        }
      }
    } finally {
      this.kept.afterInitialize = false;
    }
  }

  /** The configuration file running now (the outermost): where a kept block stands among the initializers. */
  bootFile(): string {
    return this.files[0]?.index.file ?? "";
  }

  /**
   * Evaluates a program as one expression (`RouteMapper.evaluate`): its last value, or the
   * exception it raises, which no statement catches here.
   */
  evaluateProgram(file: LoadedFile): RValue {
    this.files.push(file);
    try {
      const env = new Env(this.store, { kind: "main" });
      let last: RValue = null;
      for (const stmt of file.program.statements.body) last = this.eval(stmt, env);
      return last;
    } finally {
      this.files.pop();
    }
  }

  /**
   * A condition's truth as the routes' conditions are decided (`MapResult.decide`): the
   * expression evaluated at the top level once the routes are drawn, reporting nothing, on
   * `steps` of its own; undefined when its value is unknown or it raises. Whatever it would
   * record (a declaration, an open region) is taken back: the map's result stays as it was.
   */
  decideExpression(file: LoadedFile, steps: number): boolean | undefined {
    return this.aside(steps, () => this.decide(file.program, this.evaluateProgram(file)));
  }

  /** An expression's String or Symbol value (`MapResult.nameOf`), as `decideExpression` decides. */
  nameExpression(file: LoadedFile, steps: number): string | undefined {
    return this.aside(steps, () => {
      const value = this.evaluateProgram(file);
      return value instanceof RSymbol ? value.name : stringValue(value);
    });
  }

  private aside<T>(steps: number, body: () => T | undefined): T | undefined {
    const [regions, declared] = [this.openRegions.length, this.declarations.length];
    try {
      return this.budget.within(steps, () => this.quietly(body));
    } catch {
      return undefined;
    } finally {
      this.openRegions.length = regions;
      this.declarations.length = declared;
    }
  }

  /** Runs `body` with `file` as the file being evaluated (spans, `__FILE__`, frozen literals). */
  inFile<T>(file: LoadedFile | LineIndex, body: () => T): T {
    const loaded = "program" in file ? file : { program: null as unknown as N.ProgramNode, index: file, syntaxErrors: [] };
    this.files.push(loaded);
    try {
      return body();
    } finally {
      this.files.pop();
    }
  }

  get index(): LineIndex {
    return this.files[this.files.length - 1].index;
  }

  get frozenLiterals(): boolean {
    return this.files[this.files.length - 1]?.frozenStringLiterals === true;
  }

  /**
   * Reports a diagnostic once. Under conditions Routemap could not decide, an error is Rails'
   * only where they hold, which Routemap does not know: an info that says so (hitobito's
   * `raise … if config.nil?`, `config` read from settings Routemap cannot read), once for the
   * place and message whatever other undecided conditions it is met under.
   */
  report(severity: Severity, message: string, span: Span, code: string, related?: Diagnostic["related"], deprecated = false): void {
    if (this.quiet) return;
    this.reportsAsked++;
    ({ span, message } = this.userSpan(span, message));
    const conditions = this.conditions.current();
    const key = `${conditions.length && severity === "error" ? "info" : severity}|${code}|${message}|${span.file}:${span.start.line}:${span.start.character}`;
    if (severity === "error" && conditions.length) {
      severity = "info";
      message = `${message}\n(Rails raises this only where ${describeConditions(conditions)}, which Routemap cannot decide.)`;
    }
    if (this.reported.has(key)) return;
    this.reported.add(key);
    this.o.diagnostics.push({ severity, message, span, code, ...(related ? { related } : {}), ...(deprecated ? { deprecated } : {}) });
  }

  nodeSpan(node: Node): Span {
    const loc = node.location;
    return this.index.span(loc.startOffset, loc.startOffset + loc.length);
  }

  sourceText(node: Node): string {
    return this.index.slice(node.location.startOffset, node.location.startOffset + node.location.length);
  }

  // ---- statements and expressions ---------------------------------------------------------

  statements(node: N.StatementsNode | null | undefined, env: Env): RValue {
    let last: RValue = null;
    if (!node) return last;
    for (const stmt of node.body) {
      try {
        last = this.eval(stmt, env);
      } catch (e) {
        if (!this.statementFailed(e, stmt)) throw e;
        last = null;
      }
    }
    return last;
  }

  /** What a statement that raised leaves: reported and skipped (true), or passed on (false). */
  private statementFailed(e: unknown, stmt: Node): boolean {
    if (this.computing || this.unwinding(e)) return false;
    if (e instanceof ReportedError) return true;
    if (this.rescuers > 0 && (e instanceof RoutingError || e instanceof ThrowSignal)) {
      // Ruby reports an error no `rescue` takes where it was raised, not at the `begin`.
      if (e instanceof RoutingError) e.span ??= this.nodeSpan(stmt);
      return false;
    }
    // A Ruby-level error outside any DSL call (`yield` without a block, `raise`): reported on the statement, as a DSL error is.
    if (e instanceof RoutingError) this.report("error", rubyErrorMessage(e), e.span ?? this.nodeSpan(stmt), "ruby-error");
    else if (e instanceof UnknownValueError) {
      const message = unknownValueMessage("statement", e.value);
      this.report("info", message, this.nodeSpan(stmt), "unknown-value");
      if (mayDraw(stmt)) this.openRegion(this.nodeSpan(stmt), message, { redirects: onlyRedirects(stmt), nameWord: verbNameWord(stmt) });
    }
    // An expression too deep for the evaluator's own stack (a chain of thousands of `+`).
    else if (isStackOverflow(e)) this.report("error", TOO_DEEP, this.nodeSpan(stmt), "too-deep");
    else if (e instanceof ValueTooLarge || e instanceof RangeError) {
      this.report("info", `Routemap skipped this statement: ${e instanceof ValueTooLarge ? e.message : `it builds a value larger than Routemap evaluates (${e.message})`}.`, this.nodeSpan(stmt), "too-large");
    } else if (e instanceof ThrowSignal) {
      this.report("error", `uncaught throw ${inspect(e.tag, this.ruby)}`, this.nodeSpan(stmt), "ruby-error");
    } else if (e instanceof BudgetExceeded) {
      e.span ??= this.nodeSpan(stmt);
      return false;
    } else return false;
    return true;
  }

  eval(node: Node | null | undefined, env: Env): RValue {
    if (!node) return null;
    this.budget.charge(1);
    const handler = HANDLERS.get(node.constructor as never);
    if (handler) return handler(this, node, env);
    const what = node.constructor.name.replace(/Node$/, "");
    this.report("info", `Routemap does not evaluate this Ruby (${what}); its value is unknown.`, this.nodeSpan(node), "unknown-construct");
    return new RUnknown(quotedSource(this.sourceText(node), 60), false, `Ruby that Routemap does not evaluate (${what})`);
  }

  // ---- conditions -------------------------------------------------------------------------

  decide(_node: Node, value: RValue): boolean | undefined {
    if (!(value instanceof RUnknown)) return truthy(value);
    if (value instanceof RUnknownTruth) return value.truth;
    if (value.object) return true;
    if (value.key === undefined) return undefined;
    const negated = value.key.startsWith("!");
    const decided = this.conditions.decided(negated ? value.key.slice(1) : value.key);
    return decided === undefined ? undefined : decided !== negated;
  }

  conditionOf(node: Node, value: RUnknown, said?: string, o: { quiet?: boolean } = {}): Condition {
    const text = quotedSource(said ?? this.sourceText(node), 80);
    if (!o.quiet) this.sayUndecided(node, value, text);
    return conditionFor(value, text, `${this.index.file}:${node.location.startOffset}`);
  }

  /** `conditionOf` for a condition in `file` (a configuration file read aside), saying nothing. */
  conditionIn(file: LoadedFile, node: Node, value: RValue): Condition {
    const text = quotedSource(file.index.slice(node.location.startOffset, node.location.startOffset + node.location.length), 80);
    return conditionFor(value instanceof RUnknown ? value : new RUnknown(text, false, "a constant Routemap does not know"), text, `${file.index.file}:${node.location.startOffset}`);
  }

  sayUndecided(node: Node, value: RUnknown, text: string): void {
    this.report("info", `Routemap cannot decide \`${text}\` (${describeCause(value)}): it follows both branches, and marks what each draws with the condition.`, this.nodeSpan(node), "undecidable-condition");
  }

  fork(condition: Condition, whenTrue: () => RValue, whenFalse: () => RValue): RValue {
    return forkBranches(this, condition, whenTrue, whenFalse);
  }

  // ---- Runtime (for the core library) -----------------------------------------------------

  yield(block: RProc, args: RValue[]): RValue {
    this.budget.charge(1);
    return block.call(args);
  }

  send(recv: RValue, name: string, args: RValue[], block: RProc | null): RValue {
    return this.invoke(recv, name, args, block, undefined, undefined);
  }

  charge(steps: number): void {
    this.budget.charge(steps);
  }

  changing(obj: object): void {
    this.store.changing(obj);
  }

  alloc(size: number): void {
    this.budget.alloc(size);
  }

  // ---- methods ----------------------------------------------------------------------------

  /** A `delegate`d method: the target (`to:` a method, an instance variable or a constant) is sent the call. */
  private delegated(def: Extract<MethodDef, { kind: "delegate" }>, self: Self, args: RValue[], block: RProc | null): RValue {
    const to = def.to;
    const target = /^@\w+$/.test(to)
      ? this.ivar(to, self)
      : /^[A-Z]\w*(?:::[A-Z]\w*)*$/.test(to)
        ? this.topConstant(to)
        : /^[a-z_]\w*$/.test(to)
          ? this.invoke(selfValue(self), to, [], null, undefined, undefined)
          : new RUnknown(`${def.owner}.delegate(to: ${to})`, false, "a delegation target Routemap does not read");
    if (target === null && def.allowNil) return null;
    return this.invoke(target, def.method, args, block, undefined, undefined);
  }

  /**
   * `recv.name(*args, &block)`: a method the files define, the core library's, or unknown.
   * With a `node`, an unknown method is said at it, and an unknown result is shown as written there.
   */
  invoke(recv: RValue, name: string, args: RValue[], block: RProc | null, node: Node | undefined, env: Env | undefined): RValue {
    this.budget.charge(1);
    // (Its worlds' values are not followed through a change: `list << :x` on a ternary's list.)
    if (recv instanceof RUndecided && changesItsReceiver(name)) recv.changed = true;
    const own = this.methodOf(recv, name);
    if (own) return this.callMethodDef(own.def, own.self, args, block, name);
    const special = this.objectCall(recv, name, args, block, env, node);
    if (special !== undefined) return this.placed(special, node);
    const poisoned = poisonOf(recv);
    if (poisoned) {
      if (block && node) this.blockNotRun(node, poisoned);
      return this.placed(poisoned, node);
    }
    const result = callMethod(this, recv, name, args, block);
    if (result instanceof RUnknown && block && node) this.blockNotRun(node, result);
    if (result !== undefined) return this.placed(result, node, recv, name, args);
    // No method of that name: Ruby calls the receiver's `method_missing`, where the files define one
    // (laa-submit-crime-forms' `FeatureFlags.beta`).
    const missing = name === "method_missing" ? undefined : this.methodOf(recv, "method_missing");
    if (missing) return this.placed(this.callMethodDef(missing.def, missing.self, [sym(name), ...args], block, "method_missing"), node);
    if (recv instanceof RUnknown) return this.placed(recv, node);
    // A class no file defines (a gem's) is unknown as a whole; a method Ruby's own modules lack is said.
    if (node && !(recv instanceof RConst && !this.classes.has(recv.path) && !rubyOwnModule(recv.path))) {
      // An object is named as the code names it (`Devise.mappings[:user].modules`), not by its address;
      // a value of Ruby's own by its class, as Ruby's documentation does (`URI::HTTP#merge`).
      const named = recv instanceof RObject && node instanceof N.CallNode && node.receiver
        ? `${quotedSource(this.sourceText(node.receiver), 60)}.${name}`
        : recv instanceof RConst ? `${describe(recv)}.${name}` : `${typeName(recv)}#${name}`;
      this.unknownMethod(node, named);
    }
    const foreign = recv instanceof RConst && name === "new";
    const unknown = new RUnknown(`${describe(recv)}.${name}`, foreign, foreign ? FOREIGN_OBJECT : `a method Routemap does not model`, undefined, keyOfCall(recv, name, args));
    // `Tenants.each_route { get … }`: the block is not run, and that is said (it was dropped silently).
    if (block && node) this.blockNotRun(node, unknown, unknown.description);
    return node ? this.placed(unknown, node) : unknown;
  }

  /**
   * An unknown result gets the expression's text (what the sheet shows) and, where its
   * receiver and arguments stand for the same values wherever met, a key that makes the
   * same condition met twice the same condition.
   */
  private placed(v: RValue, node: Node | undefined, recv?: RValue, name?: string, args?: RValue[]): RValue {
    if (!(v instanceof RUnknown) || !node) return v;
    const span = this.nodeSpan(node);
    if (v.span && v.span.start.line === span.start.line && v.span.start.character === span.start.character && v.span.end.character === span.end.character) return v;
    const key = recv !== undefined && name !== undefined ? keyOfCall(recv, name, args ?? []) : v.key;
    return new RUnknown(quotedSource(this.sourceText(node), 80), v.object, v.why, v, key, span);
  }

  /** A block Routemap did not run (`UNKNOWN_LIST.each { … }`): whatever it would draw is missing, and said so. */
  private blockNotRun(node: Node, cause: RUnknown, what?: string): void {
    const recv = what ?? (node instanceof N.CallNode && node.receiver ? quotedSource(this.sourceText(node.receiver), 60) : cause.description);
    const message = `Routemap did not run this block: \`${recv}\` is ${cause.cause.why}. Any routes it draws are missing.`;
    this.report("info", message, this.nodeSpan(node), "unknown-value");
    if (node instanceof N.CallNode && node.block && mayDraw(node.block)) this.openRegion(this.nodeSpan(node), message);
  }

  unknownAt(node: Node, cause: RUnknown): RUnknown {
    // (An undecided value is another value where code makes one of it: `"mode/#{mode}"`, never the same.)
    if (cause.span && !(cause instanceof RUndecided)) return cause;
    return new RUnknown(quotedSource(this.sourceText(node), 80), cause.object, cause.why, cause, cause.key, this.nodeSpan(node));
  }

  unknownMethod(node: Node, name: string): void {
    const span = node instanceof N.CallNode && node.messageLoc
      ? this.index.span(node.messageLoc.startOffset, node.messageLoc.startOffset + node.messageLoc.length)
      : this.nodeSpan(node);
    // A draw block's `def` of that name is another mapper's (each draw has its own): Rails raises
    // NoMethodError here unless something Routemap does not see gives this mapper the method.
    const other = this.classes.otherMapperMethod(name);
    const elsewhere = other ? ` A draw block defines \`${name}\`, but as its own mapper's method, and this draw runs on a mapper of its own.` : "";
    const related = other && [{ message: `\`${name}\`, a method of another draw's mapper`, span: other.index.span(other.node.location.startOffset, other.node.location.startOffset + other.node.location.length) }];
    this.report("info", `Unknown method \`${name}\`: Routemap does not know what it returns (or which routes it adds); its value is unknown.${elsewhere}`, span, "unknown-method", related);
  }

  /** Methods whose answer is the interpreter's, not the core library's: objects of the files' classes, `new`, exceptions. */
  private objectCall(recv: RValue, name: string, args: RValue[], block: RProc | null, env: Env | undefined, node: Node | undefined): RValue | undefined {
    // `Locale.new("en")` for `Locale = Struct.new(:code) do … end`: the block's methods, `initialize` among them.
    if (recv instanceof RStructClass && name === "new" && recv.methodsOf && this.classes.has(recv.methodsOf)) {
      return this.instantiate(recv.methodsOf, args, block, recv);
    }
    if (recv instanceof RConst) {
      const path = recv.path.replace(/^::/, "");
      if (name === "new" && this.classes.has(path)) return this.instantiate(path, args, block);
      // Ruby's Singleton (singleton.rb): `instance` makes the one instance on first call.
      if (name === "instance" && !args.length && this.classes.has(path) && this.classes.includes(path, "Singleton")) {
        let one = this.singletons.get(path);
        if (one === undefined) this.singletons.set(path, (one = this.instantiate(path, [], null)));
        return one;
      }
      if (name === "new" && path === "Proc" && block) return block;
      const core = CORE_CONSTANTS[`${path}::${name}`];
      if (core && !args.length) return core();
      return classCall(this, path, name, args, block, node);
    }
    if (recv instanceof RPathname) return pathnameCall(this, recv, name, args);
    if (isErb(recv) && name === "result" && args.length <= 1) return erbResult(this, recv);
    // A value of Ruby's own is never an instance of a class only the files define.
    if ((name === "is_a?" || name === "kind_of?" || name === "instance_of?") && args[0] instanceof RConst && !(recv instanceof RObject)) {
      const path = args[0].path.replace(/^::/, "");
      if (this.classes.get(path)?.isClass && coreIsA(recv, path) === undefined) return false;
    }
    if (recv instanceof RObject) {
      if (name === "is_a?" || name === "kind_of?" || name === "instance_of?") {
        return args[0] instanceof RConst ? this.classes.ancestors(recv.className).includes(args[0].path.replace(/^::/, "")) || coreIsA(recv, args[0].path) === true : undefined;
      }
      if ((name === "message" || name === "to_s") && recv.ivars.has("@message")) return recv.ivars.get("@message")!;
      // A reader of an object of Rails' or a gem's own (`parent_resource`, `Devise.mappings[:user]`).
      const answer = !args.length && !block ? recv.native?.get(name)?.() : undefined;
      if (answer !== undefined) return answer;
      if (name === "instance_variable_get") return recv.ivars.get(String((args[0] as RSymbol)?.name ?? args[0])) ?? null;
      if (this.classes.includes(recv.className, "Comparable") && ["<", ">", "<=", ">=", "==", "between?", "clamp"].includes(name)) {
        return comparableCall(this, recv, name, args);
      }
    }
    return undefined;
  }

  /** A method the files define for this receiver: an object's, a class's or module's singleton one, the mapper's extensions. */
  methodOf(recv: RValue, name: string): { def: MethodDef; self: Self } | undefined {
    if (recv instanceof RMapper) {
      const gem = this.gemMappers?.method(name);
      return gem && { def: gem.def, self: { kind: "mapper" } };
    }
    if (recv instanceof RObject) {
      const def = this.classes.instanceMethod(recv.className, name);
      return def && { def, self: { kind: "object", object: recv } };
    }
    const structMethods = recv instanceof RStruct ? recv.cls.methodsOf ?? recv.cls.name : undefined;
    if (structMethods && this.classes.has(structMethods)) {
      const def = this.classes.instanceMethod(structMethods, name);
      return def && { def, self: { kind: "object", object: recv as unknown as RObject } };
    }
    if (recv instanceof RConst) {
      const path = recv.path.replace(/^::/, "");
      const def = this.classes.singletonMethod(path, name);
      return def && { def, self: { kind: "module", path } };
    }
    // `Struct.new(:code) do def self.non_english … end end`: the block's `def self.`s are the class's.
    const structClass = recv instanceof RStructClass ? recv.methodsOf ?? recv.name : undefined;
    if (structClass && this.classes.has(structClass)) {
      const def = this.classes.singletonMethod(structClass, name);
      return def && { def, self: { kind: "module", path: structClass } };
    }
    return undefined;
  }

  /** A `class_attribute`'s value: the class's own, else its nearest superclass's that set one (an instance reads its class's). */
  private classAttribute(def: Extract<MethodDef, { kind: "reader" }>, self: Self): RValue {
    const seen = new Set<string>();
    for (let path = self.kind === "object" ? self.object.className : self.kind === "module" ? self.path : undefined; path && !seen.has(path); path = this.classes.get(path)?.superclass) {
      seen.add(path);
      const owner: Self = { kind: "module", path };
      const set = this.ivarDefined(def.ivar, owner);
      if (set instanceof RUnknown) return set;
      if (!set) continue;
      const value = this.ivar(def.ivar, owner);
      return def.predicate ? (value instanceof RUnknown ? value : truthy(value)) : value;
    }
    return def.predicate ? false : null;
  }

  /** Runs a method the files define, with `self`. */
  callMethodDef(def: MethodDef, self: Self, args: RValue[], block: RProc | null, name: string): RValue {
    if (def.kind === "reader" && def.classLevel) return this.classAttribute(def, self);
    if (def.kind === "reader") {
      // A module's attribute (`mattr_accessor :s3`, `class << self; attr_accessor …`) the
      // initializers may set (`AssetManager.s3 = …`): they run before the routes in Rails.
      if (self.kind === "module" && !this.quiet) this.autoloader?.configure(self.path.split("::")[0]);
      return this.ivar(def.ivar, self);
    }
    if (def.kind === "writer") {
      this.setIvar(def.ivar, args[0] ?? null, self);
      return args[0] ?? null;
    }
    // A method made of a block runs it with the receiver as `self`, as Ruby's `define_method` does
    // (vm_method.c: the block becomes the body, `instance_exec`-like): a subclass's own overrides count.
    if (def.kind === "proc") return this.yield(def.proc.withSelf ? def.proc.withSelf(self) : def.proc, args);
    if (def.kind === "delegate") return this.delegated(def, self, args, block);
    const recursion = this.undecidedRecursion(def, name);
    if (recursion) return recursion;
    if (++this.depth > 200) {
      this.depth--;
      throw new RoutingError("stack level too deep", "SystemStackError");
    }
    const node = def.node;
    const env = new Env(this.store, self, null, block, { name, owner: def.owner, args, block }, def.cref);
    const entered = this.entered.get(def);
    this.entered.set(def, this.conditions.depth);
    try {
      return this.inFile(def.index, () =>
        this.withMatchFrame(() => this.frames.run("method", () => {
          try {
            this.bind(node.parameters, args, env, () => this.definitionSpan(node, node.parameters, node.rparenLoc ?? node.nameLoc));
            return this.eval(node.body, env);
          } catch (e) {
            if (e instanceof ReturnSignal) return e.value;
            throw e;
          }
        }, (n) => new RUnknown(n, false, `a value that depends on where \`${name}\` returns`))),
      );
    } finally {
      this.depth--;
      if (entered === undefined) this.entered.delete(def);
      else this.entered.set(def, entered);
    }
  }

  /**
   * The methods running now, each with the number of undecided conditions in force when it was
   * last entered (`Conditions.depth`).
   */
  private readonly entered = new Map<MethodDef, number>();

  /**
   * A method called again from inside itself under a condition decided neither way since it was
   * entered (cartodb's `return @config if @config`, with `@config` read from a YAML file Routemap
   * cannot read, and a `get_config` that calls `config` again): unknown. Run, each call would run
   * both branches again, twice as much work at every level until the budget ran out (a minute,
   * and the rest of the table lost). Recursion under decided conditions runs as Ruby runs it.
   */
  private undecidedRecursion(def: MethodDef, name: string): RUnknown | undefined {
    const at = this.entered.get(def);
    if (at === undefined || this.conditions.depth <= at) return undefined;
    const condition = this.conditions.current()[this.conditions.depth - 1];
    return new RUnknown(name, false, `\`${name}\` called again inside itself where \`${condition.text}\` is undecided, which Routemap does not follow`);
  }

  /**
   * `X.new(...)` for a class the files define: an object (a Struct for a Struct class, `struct`
   * the class as its constant names it), its `initialize` run. A Struct's own `initialize` gets
   * an instance whose members are nil until it calls `super`, as Ruby allocates one.
   */
  instantiate(path: string, args: RValue[], block: RProc | null, struct = this.classes.structOf(path)): RValue {
    const init = this.classes.instanceMethod(path, "initialize");
    // A Data class's `new` gives `initialize` keywords, positional values named by their members.
    if (struct?.data && init) args = [dataKeywords(struct, args)];
    const object = !struct ? new RObject(path, this.classes.instanceMethodNames(path))
      : init ? new RStruct(struct, struct.members.map(() => null))
      : structInstance(struct, args, this.ruby);
    if (object instanceof RObject) object.openAncestor = this.classes.openAncestor(path, knownClass);
    const self: Self = { kind: "object", object: object as RObject };
    if (init) this.callMethodDef(init, self, args, block, "initialize");
    return object;
  }

  bind(params: N.ParametersNode | null, args: RValue[], env: Env, strict?: () => Span): void {
    bindParameters(this, params, args, env, strict);
  }

  /**
   * Where Ruby reports a lambda or method called with the wrong number of arguments: its
   * own first line. The span runs from the definition to its parameters.
   */
  definitionSpan(node: Node, params: Node | null, fallback: N.Location | null, index = this.index): Span {
    const start = node.location.startOffset;
    const end = params ? params.location.startOffset + params.location.length : fallback ? fallback.startOffset + fallback.length : start;
    return index.span(start, Math.max(end, start));
  }

  // ---- definitions ------------------------------------------------------------------------

  lexicalScope(env: Env): string[] {
    return [...env.cref];
  }

  defineMethod(node: N.DefNode, env: Env): void {
    defineMethod(this, node, env);
    // `def put(*) end` in a draw block: `resources`' own `put :update` reaches it too (RedHatInsights' apps draw no PUT rows so).
    if (env.self.kind === "mapper" && !node.receiver && !env.cref.length && OWN_DSL_CALLS.has(node.name)) (this.mapper.overriddenCalls ??= new Set()).add(node.name);
  }

  /** Runs a class's or module's body, `self` the module, in its lexical scope; records an engine's name and namespace. */
  defineModule(path: string, body: Node | null, env: Env, superclass?: RValue): void {
    const m = this.classes.define(path, superclass !== undefined);
    if (superclass instanceof RConst) m.superclass = superclass.path.replace(/^::/, "");
    this.constants.set(path, new RConst(path));
    const inner = new Env(this.store, { kind: "module", path }, null, null, null, [...env.cref, path]);
    m.visibility = undefined; // each body starts public
    if (superclass instanceof RConst && /^(::)?Rails::Engine$/.test(superclass.path)) this.recordEngine(path, body);
    this.statements(body instanceof N.StatementsNode ? body : null, inner);
  }

  /** `class Engine < ::Rails::Engine; isolate_namespace Blog; end`: the engine's name and namespace. */
  private recordEngine(path: string, body: Node | null): void {
    const engine: EngineClass = { file: this.currentFile.index.file };
    for (const stmt of body instanceof N.StatementsNode ? body.body : []) {
      if (!(stmt instanceof N.CallNode) || stmt.receiver) continue;
      const arg = stmt.arguments_?.arguments_[0];
      if (stmt.name === "isolate_namespace" && arg) engine.isolatedNamespace = this.qualifiedConstant(this.sourceText(arg), path);
      if (stmt.name === "engine_name" && arg instanceof N.StringNode) engine.engineName = arg.unescaped.value;
    }
    this.mapper.engines.classes.set(path, engine);
  }

  /** A constant named inside `path`'s modules: `Blog` inside `Blog::Engine` is `Blog`. */
  private qualifiedConstant(name: string, path: string): string {
    if (name.startsWith("::")) return name.slice(2);
    const parts = path.split("::");
    for (let i = parts.length; i > 0; i--) if (parts[i - 1] === name) return parts.slice(0, i).join("::");
    return name;
  }

  // ---- constants and variables ------------------------------------------------------------

  constant(name: string, env: Env, node?: Node): RValue {
    if (name.startsWith("::")) return this.topConstant(name.slice(2));
    const cref = env.cref;
    for (let i = cref.length - 1; i >= 0; i--) {
      const path = `${cref[i]}::${name}`;
      // A singleton class's (`class << self`): only what its body wrote, nothing to load.
      if (cref[i].startsWith("#<")) {
        const own = this.constants.get(path);
        if (own !== undefined) return own;
        continue;
      }
      if (this.gemSettings) this.loadGemSettings(path);
      let found = this.constants.get(path);
      // Inside `module Redmine`, `PluginLoader` may be `Redmine::PluginLoader`, autoloaded.
      if (found === undefined && this.autoloader && !this.gemLoading && !this.classes.has(path) && !rubyConstant(name)) {
        this.autoloader.load(path);
        found = this.constants.get(path);
      }
      if (found === undefined && !this.classes.has(path)) {
        this.loadGemConstant(path);
        found = this.constants.get(path);
      }
      if (found !== undefined) return found;
    }
    return this.topConstant(name, node);
  }

  scopedConstant(parent: RValue, name: string, node: Node): RValue {
    if (parent instanceof RConst) return this.topConstant(`${parent.path.replace(/^::/, "")}::${name}`, node);
    if (parent instanceof RStructClass) return this.topConstant(`${parent.name}::${name}`, node);
    if (parent instanceof RUnknown) return this.unknownAt(node, parent);
    return new RUnknown(this.sourceText(node), false, "a constant of a value that is not a class");
  }

  /** A constant by its full path: the files', the app's, Ruby's own, or one known only by name. */
  private topConstant(path: string, node?: Node): RValue {
    if (this.gemSettings) this.loadGemSettings(path);
    const own = this.constants.get(path);
    if (own !== undefined) return own;
    if (!this.classes.has(path)) {
      this.loadGemConstant(path);
      const loaded = this.constants.get(path);
      if (loaded !== undefined) return loaded;
    }
    if (this.autoloader && !this.gemLoading && !this.classes.has(path) && !rubyConstant(path)) {
      this.autoloader.load(path);
      const loaded = this.constants.get(path);
      if (loaded !== undefined) return loaded;
    }
    const core = CORE_CONSTANTS[path];
    if (core) return core();
    const rack = path.startsWith("Rack::") ? rackConstant(path, this.mapper.gems?.rack) : undefined;
    if (rack !== undefined) return rack;
    if (this.gemClasses && !this.classes.has(path)) this.loadGemClass(path);
    void node;
    return new RConst(path);
  }

  setConstant(name: string, value: RValue, env: Env): void {
    const cref = env.cref;
    this.setConstantPath(cref.length ? `${cref[cref.length - 1]}::${name}` : name, value);
  }

  setConstantPath(path: string, value: RValue): void {
    // A constant an app file sets to what Routemap cannot compute: the message says which file.
    if (this.quiet && value instanceof RUnknown && this.autoloader) {
      const where = this.autoloader.relative(this.currentFile);
      value = new RUnknown(path, value.object, `a constant that ${where} sets to \`${value.description}\`, which Routemap cannot evaluate (${value.cause.why})`, undefined, path);
    }
    if (value instanceof RStructClass && value.name === undefined) value = new RStructClass(path, value.members, value.keywordInit, value.methodsOf, value.data);
    this.store.set(this.constants, path, value);
  }

  /**
   * Instance variables: an object's own inside its methods, a module's in its body, the mapper's
   * inside a draw, an option merger's inside a `with_options` block without parameters, else the
   * top level's. Each draw is a Mapper of its own (`RouteSet#eval_block`'s `Mapper.new`) and
   * `with_options` `instance_eval`s its block on a new OptionMerger: `@x` set above a draw, in
   * another draw or around a `with_options` block is nil there.
   */
  private ivarsOf(self: Self): Map<string, RValue> {
    if (self.kind === "object") return self.object.ivars;
    if (self.kind === "module") {
      let map = this.moduleIvars.get(self.path);
      if (!map) this.moduleIvars.set(self.path, (map = new Map()));
      return map;
    }
    if (self.kind === "main") return this.mainIvars;
    const owner = self.kind === "mapper" ? this.mapper : self.merger;
    let map = this.objectIvars.get(owner);
    if (!map) this.objectIvars.set(owner, (map = new Map()));
    return map;
  }
  ivar(name: string, self: Self): RValue {
    const value = this.ivarsOf(self).get(name);
    if (value !== undefined) return value;
    // Rails' Mapper sets these in `initialize` (`@set`, `@draw_paths`, `@scope`, `@concerns`): a
    // method run on the mapper (a gem's) reads its state, which Routemap keeps in TypeScript.
    if (self.kind === "mapper" && MAPPER_IVARS.has(name)) return new RUnknown(name, true, "the mapper's own state, which Routemap does not expose to Ruby");
    // An object of a class that inherits a gem's (`< Rack::Files`): the gem's methods, its `initialize` first, may have set it.
    const open = self.kind === "object" && self.object instanceof RObject ? self.object.openAncestor : undefined;
    if (open !== undefined) return new RUnknown(name, false, `an instance variable that ${open}'s methods, which the app's files do not define, may set`);
    return null;
  }
  ivarDefined(name: string, self: Self): boolean | RUnknown {
    if (this.ivarsOf(self).has(name) || (self.kind === "mapper" && MAPPER_IVARS.has(name))) return true;
    const value = this.ivar(name, self);
    return value instanceof RUnknown ? value : false;
  }
  setIvar(name: string, value: RValue, self: Self, at?: Node): void {
    // `@scope = …` in a draw replaces the state Rails' mapper draws with; Routemap keeps its own.
    if (self.kind === "mapper" && MAPPER_IVARS.has(name) && at) sayMapperChangeNotFollowed(this, `the mapper's \`${name}\``, this.nodeSpan(at));
    this.store.set(this.ivarsOf(self), name, value);
  }
  global(name: string, unset?: RValue): RValue {
    const v = this.globals.get(name);
    if (v !== undefined) return v;
    if (unset !== undefined) return unset;
    return new RUnknown(name, false, "a global variable only the running app knows");
  }
  setGlobal(name: string, value: RValue): void {
    this.store.set(this.globals, name, value);
  }

  inquirer(): RInquirer {
    // Rails 7.1's EnvironmentInquirer answers `local?` (development or test).
    return new RInquirer(this.o.railsEnv, this.mapper.version.gte(7, 1));
  }

  // ---- the DSL ----------------------------------------------------------------------------

  /**
   * Rails 8.1's deprecation warnings for a Hash passed as a value (`hashArgumentWarnings`), at
   * the argument; Rails logs them, and 8.2 will not take such a Hash.
   */
  private warnHashArgument(node: N.CallNode, name: string, given: RHash): void {
    const warnings = hashArgumentWarnings(name, given);
    if (!warnings.length) return;
    const args = node.arguments_?.arguments_.filter((a) => a.constructor !== N.BlockArgumentNode);
    const at = args?.length ? args[args.length - 1] : node;
    const message = warnings.map((w) => `DEPRECATION WARNING: ${w}`).join("\n");
    this.report("warning", message, this.nodeSpan(at), "deprecated-hash-argument", undefined, true);
  }

  /** Runs a DSL call with its node as the current source; Rails' errors become diagnostics here. */
  dispatch(node: N.CallNode, method: DslMethod, call: { args: RValue[]; block: RProc | null; positionalHash?: boolean }, name?: string): RValue {
    if (this.quiet) return null;
    // An argument whose value depends on a condition Routemap cannot decide (`only: flag? ?
    // %i[index edit] : %i[index]`, `RUndecided`): the call runs once in each world, with that
    // world's value, as if it were written in both branches (declared, and its routes marked,
    // under each); past MAX_WORLDS such arguments the value is unknown, and the call skipped where it needs it.
    const split = this.worlds < MAX_WORLDS ? undecidedArgument(call.args) : undefined;
    if (split) {
      this.worlds++;
      try {
        return this.fork(split.condition, () => this.dispatch(node, method, withValue(call, split, split.whenHolds), name), () => this.dispatch(node, method, withValue(call, split, split.otherwise), name));
      } finally {
        this.worlds--;
      }
    }
    // Rails 8.1 reads a Hash passed as a value apart from keywords (mapper/keywords81.ts).
    if (this.mapper.version.gte(8, 1) && KEYWORDS_LAST.get(call.args) === false && call.args[call.args.length - 1] instanceof RHash) call = { ...call, positionalHash: true };
    const set = this.mapper.set;
    const first = set.size;
    // Inside a gem's method, the DSL calls are the gem's: the user's call is their declaration,
    // once more for a call under a condition the gem's body could not decide (its routes carry it).
    // (A block the user gave it runs in the user's file: its calls are declared as the user's.)
    const site = this.gemSite;
    const inGem = site !== undefined && this.index.file !== site.record.file;
    const reuse = inGem && this.conditions.current().length === site.record.conditions.length;
    const declaration = reuse ? site.record : inGem ? this.gemDeclaration(site) : this.declare(node, this.index);
    if (!reuse) this.sites.push(declaration);
    if (call.positionalHash && name !== undefined && !inGem) this.warnHashArgument(node, name, call.args[call.args.length - 1] as RHash);
    const partial = this.mapper.partial;
    const broken = this.spansSyntaxError(node);
    this.mapper.partial = partial || broken;
    try {
      return method(this.mapper, call) ?? null;
    } catch (e) {
      if (e instanceof RoutingError && (this.rescuers > 0 || this.unwinding(e))) {
        e.span ??= declaration.span;
        throw e;
      }
      if (e instanceof RoutingError) {
        // A call that spans a syntax error is being typed: what Rails would say of the
        // arguments the parser guessed for it is noise beside the syntax error.
        if (e instanceof ConditionalNameError) this.report("warning", e.message, e.span ?? declaration.span, "conditional-error");
        else if (!broken) {
          this.report("error", e.message, e.span ?? declaration.span, e.rubyClass === "ArgumentError" ? "argument-error" : "ruby-error");
          // Rails stops the statement here; under a condition Routemap cannot decide, the other side goes on.
          if (!this.conditions.current().length) throw new ReportedError();
        }
        return null;
      }
      if (e instanceof UnknownValueError) {
        const what = `\`${node.name}\`${call.block ? " and its block" : ""}`;
        const message = unknownValueMessage(what, e.value);
        // A gem's call skipped is said at the user's call that ran it, naming the gem's line.
        this.report("info", inGem ? this.userSpan(this.nodeSpan(node), message).message : message, declaration.span, "unknown-value");
        this.openRegion(declaration.span, message, { redirects: onlyRedirects(node), nameWord: verbNameWord(node) });
        return null;
      }
      throw e;
    } finally {
      this.mapper.partial = partial;
      if (!reuse) {
        this.sites.pop();
        declaration.routesEnd(first, set.size);
      }
      if (set !== this.appSet) declaration.engine = this.engineName(set);
      this.budget.routes(set.size);
    }
  }

  /**
   * Draws routes that Rails or a gem adds, outside the routes files' evaluation, with `node`
   * (a call in `file`: the `require` that loads a framework) as their source; `origin` names
   * who draws them.
   */
  drawAt(node: N.CallNode, file: LoadedFile, origin: string, body: () => void): void {
    const set = this.mapper.set;
    const first = set.size;
    const declaration = this.declare(node, file.index);
    declaration.origin = origin;
    this.sites.push(declaration);
    try {
      body();
    } catch (e) {
      // Under a default scope Routemap cannot compute (`routes.default_scope = …`): skipped, and said.
      if (e instanceof UnknownValueError) return this.drawSkipped(declaration.span, e.value, "draw of routes Rails or a gem adds");
      if (!(e instanceof RoutingError)) throw e;
      // A name in use only in some worlds (a framework's routes drawn under a setting's condition):
      // said as a clash in the routes files is (`dispatch`), its conditions in its message once.
      if (e instanceof ConditionalNameError) this.report("warning", e.message, declaration.span, "conditional-error");
      else this.report("error", e.message, declaration.span, "ruby-error");
    } finally {
      this.sites.pop();
      declaration.routesEnd(first, set.size);
    }
  }

  private spansSyntaxError(node: Node): boolean {
    const errors = this.syntaxErrors.get(this.index);
    if (!errors) return false;
    const start = node.location.startOffset;
    const end = start + node.location.length;
    // The first error at or after `start`, by bisection: Prism gives them in the file's order,
    // and a hostile file has a million of them (a scan per statement was quadratic).
    let lo = 0;
    let hi = errors.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (errors[mid] < start) lo = mid + 1;
      else hi = mid;
    }
    return lo < errors.length && errors[lo] <= end;
  }

  /**
   * Runs a method of the app's files called on the routes (`draw :admin` of the app's own
   * `draw`, `api_routes`), recorded as a call the editor shows: the routes it drew, the files it
   * evaluated (`fileEvaluated`) and its `def`. Not inside a gem's method (the user's call is
   * recorded already) nor in code run for its definitions; and dropped when it drew nothing and
   * read nothing (`api_constraint(1)` in `constraints …`: the call around it is what it serves).
   */
  declaredAppCall(node: N.CallNode, def: Extract<MethodDef, { kind: "def" }>, run: () => RValue): RValue {
    const gem = this.gemSite;
    if (this.quiet || (gem !== undefined && this.index.file !== gem.record.file)) return run();
    const set = this.mapper.set;
    const first = set.size;
    const at = this.declarations.length;
    const declaration = this.declare(node, this.index);
    const name = def.node.nameLoc;
    declaration.definedAt = def.index.span(name.startOffset, name.startOffset + name.length);
    this.appCalls.push(declaration);
    try {
      return run();
    } finally {
      this.appCalls.pop();
      declaration.routesEnd(first, set.size);
      if (set !== this.appSet) declaration.engine = this.engineName(set);
      if (first === set.size && !declaration.drawnFiles && this.declarations[at] === declaration) this.declarations.splice(at, 1);
    }
  }

  /** A file `draw` loaded or `instance_eval(File.read(path))` (or `eval`) ran: one the app's method running now evaluated. */
  fileEvaluated(path: string): void {
    const call = this.appCalls[this.appCalls.length - 1];
    if (call) (call.drawnFiles ??= []).push(path);
  }

  /** Records a DSL call for the editor features. */
  private declare(node: N.CallNode, index: LineIndex): DeclarationRecord {
    const declaration = new DeclarationRecord(node, index, this.conditions.current());
    const scope = this.mapper.set.unknownScope;
    if (scope !== undefined) declaration.unknownScope = scope;
    this.declarations.push(declaration);
    if (node.name === "concern") this.concernNodes.push(declaration);
    return declaration;
  }

  /** `concern :name` definitions, by name. */
  concernDefinitions(): { name: string; span: Span }[] {
    return this.concernNodes.filter((d) => d.literals[0] && d.literals[0].key === undefined).map((d) => ({ name: d.literals[0].value, span: d.span }));
  }

  private engineName(set: RouteSet): string | undefined {
    for (const [name, engineSet] of this.mapper.engines.sets) if (engineSet === set) return name;
    return undefined;
  }

  // ---- for calls.ts -----------------------------------------------------------------------

  callArguments(node: { arguments_: N.ArgumentsNode | null; block?: Node | null }, env: Env): { args: RValue[]; block: RProc | null } {
    return callArgumentsOf(this, node, env, false);
  }

  makeProc(block: N.BlockNode | N.LambdaNode, env: Env, lambda: boolean): RProc {
    return makeProc(this, block, env, lambda);
  }

  hashElements(elements: Node[], env: Env): RValue {
    return hashElementsOf(this, elements, env, false);
  }

  /** The file a value read with `File.read` came from, for `instance_eval(File.read(path))`. */
  evalFileValue(value: RValue, node: Node, self: Self): RValue | undefined {
    return evalFileValue(this, value, node, self);
  }

  get currentFile(): LoadedFile {
    return this.files[this.files.length - 1];
  }
  get fileStackDepth(): number {
    return this.files.length;
  }
  get host(): InterpreterOptions {
    return this.o;
  }
  pushFile(file: LoadedFile): void {
    this.files.push(file);
  }
  popFile(): void {
    this.files.pop();
  }
}


/** A Ruby exception as the user reads it: Rails' and Ruby's messages as they are; `raise "x"` as x. */
function rubyErrorMessage(e: RoutingError): string {
  return e.message;
}

/**
 * The condition an undecided `value` stands for, written `text`: the same key wherever the same
 * unknown is met again (`ENV["M"] == "true"`), its negation's as not holding; an unknown met only
 * `at` (a value that may differ between evaluations) is a condition of its own.
 */
function conditionFor(value: RUnknown, text: string, at: string): Condition {
  if (value.key !== undefined && value.key.startsWith("!")) return { key: value.key.slice(1), text, holds: false };
  return { key: value.key ?? `${at}:${value.description}`, text, holds: true };
}

/** Arguments of undecided value one DSL call is run in both worlds for, at most (2^n runs). */
const MAX_WORLDS = 3;

/** How deep in the arguments (Arrays and Hashes) an undecided value is looked for and replaced. */
const UNDECIDED_DEPTH = 2;

/** The first argument (or keyword's value, or element, to UNDECIDED_DEPTH) whose value is undecided (`RUndecided`). */
function undecidedArgument(args: readonly RValue[]): RUndecided | undefined {
  // Asked of every DSL call: indexed loops and no closure, no arrays made (as `entries()`
  // would), since nearly every call has none (3 ms of 10,000 routes' evaluation otherwise).
  for (let i = 0; i < args.length; i++) {
    const found = undecidedWithin(args[i], 0);
    if (found) return found;
  }
  return undefined;
}

function undecidedWithin(v: RValue, depth: number): RUndecided | undefined {
  if (v instanceof RUndecided) return v.changed ? undefined : v;
  if (depth >= UNDECIDED_DEPTH) return undefined;
  if (Array.isArray(v)) {
    for (let i = 0; i < v.length; i++) {
      const found = undecidedWithin(v[i], depth + 1);
      if (found) return found;
    }
  } else if (v instanceof RHash) {
    for (let i = 0; i < v.size; i++) {
      const found = undecidedWithin(v.valueAt(i), depth + 1);
      if (found) return found;
    }
  }
  return undefined;
}

/**
 * The call's arguments with `undecided` replaced by one world's value wherever `undecidedArgument`
 * looks (new Arrays and Hashes around it), as the mapper takes values (`forMapper`: a String as a
 * JS string); a value that holds an unknown stays that unknown.
 */
function withValue(call: { args: RValue[]; block: RProc | null }, undecided: RUndecided, world: RValue): { args: RValue[]; block: RProc | null } {
  let value: RValue;
  try {
    value = forMapper(world);
  } catch (e) {
    if (!(e instanceof UnknownValueError)) throw e;
    value = e.value;
  }
  const put = (v: RValue, depth: number): RValue => {
    if (v === undecided) return value;
    if (depth >= UNDECIDED_DEPTH) return v;
    if (Array.isArray(v)) {
      const out = v.map((x) => put(x, depth + 1));
      return out.some((x, i) => x !== v[i]) ? out : v;
    }
    if (v instanceof RHash) {
      const entries = v.entries().map(([k, x]) => [k, put(x, depth + 1)] as const);
      if (entries.every(([, x], i) => x === v.entries()[i][1])) return v;
      const copy = v.dup();
      for (const [k, x] of entries) copy.set(k, x);
      return copy;
    }
    return v;
  };
  return { args: call.args.map((a) => put(a, 0)), block: call.block };
}

/** What an unknown value depends on, for a message: itself, or its first cause too. */
function describeCause(v: RUnknown): string {
  const cause = v.cause;
  return cause !== v && cause.key !== v.key ? `it depends on \`${cause.description}\`, ${cause.why}` : v.why;
}

function describe(v: RValue): string {
  if (v instanceof RUnknown) return v.description;
  if (v instanceof RConst) return v.path;
  return inspect(v);
}

/** A key for a call's result: the same receiver (by key or value), method and arguments stand for the same value. */
function keyOfCall(recv: RValue, name: string, args: RValue[]): string | undefined {
  const part = (v: RValue): string | undefined => {
    if (v instanceof RUnknown) return v.key;
    if (v instanceof RConst) return v.path;
    if (v === null || typeof v !== "object" || v instanceof RSymbol || v instanceof RString || v instanceof RFloat || v instanceof RRegexp) return inspect(v);
    if (Array.isArray(v) || v instanceof RHash) {
      try {
        return inspect(v);
      } catch {
        return undefined;
      }
    }
    return undefined;
  };
  const r = part(recv);
  if (r === undefined) return undefined;
  if (name === "!" && !args.length) return r.startsWith("!") ? r.slice(1) : `!${r}`;
  const a = args.map(part);
  if (a.some((x) => x === undefined)) return undefined;
  return `${r}.${name}(${a.join(", ")})`;
}

/**
 * Constants Ruby and Rails define before any app file runs (`ENV`, `File`, `String`): never
 * autoloaded from the app. Looked for there, config/boot.rb's `ENV["BUNDLE_GEMFILE"] ||= …` ran
 * every initializer that mentions `ENV` while config/application.rb ran, before what they set.
 */
function rubyConstant(path: string): boolean {
  return RUBY_CONSTANTS.has(path) || knownClass(path);
}
const RUBY_CONSTANTS = new Set(["ENV", "ARGV", "STDIN", "STDOUT", "STDERR", "RUBY_VERSION", "RUBY_PLATFORM", "File", "Dir", "Pathname", "YAML", "Psych", "Kernel", "Object", "Process", "Rails"]);
