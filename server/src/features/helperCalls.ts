/**
 * Checked URL helper calls: an error on `x_path` that no route, `direct` helper, method of the
 * app or of its gems defines, with did-you-mean; and where Rails' URL generation would raise on
 * what a call gives (a required part no request fills in, a hash no route leads to). Nothing
 * is said when the route table is not complete (a DSL call or value Routemap could not evaluate
 * may have drawn the route), nor when the gems' helpers cannot be known.
 */
import { underscore } from "@routemap/shared-mapper/inflector";
import { UNKNOWN, drawsOwnRoutes, guardedHelperNames, isDefinedName, runningUses, mailerPathDiagnostics, missingPartDiagnostics, polymorphicDiagnostics, unmatchedHashRequirementDiagnostics, unmatchedRequirementDiagnostics, rubyVersion, unknownHelperDiagnostics, unreachedController, unreachedLayoutFiles, unroutedHashDiagnostics, type AppLayouts, type ControllerModel, type FileUses, type LayoutReachInput, type Diagnostic, type HelperCall, type MapResult, type OpenRegion, type PolymorphicOptions, type Route, type RouteMapper, type TestSupport, type UrlGenerationContext, type UrlHash, type UrlHelperHolderOf } from "@routemap/shared-mapper";
import { MAX_FILE_BYTES } from "../fileSystem.js";
import { withMainAppHint } from "./engineContexts.js";
import { helperIndex, tableFor, type HelperTable, type HelperTables } from "./helpers.js";
import type { FileUsesStore } from "./fileUses.js";

export interface HelperCheckContext {
  tables: HelperTables;
  /**
   * A file's own tables where they are not `tables` (an engine's files, engineContexts.ts); null
   * where what the file's code has is not known: its calls are not checked.
   */
  tablesFor?(path: string): HelperTables | null;
  /** Names the app's own code may define. */
  defined: ReadonlySet<string>;
  /** Those a file's calls may reach where it runs (`DefinedNames.definedIn`: a test has no view helper); without it, `defined`. */
  definedIn?(path: string, text: string): ReadonlySet<string>;
  /** The engines whose route helpers the test support includes (`DefinedNames.testRouteModules`): receiver-less in tests. */
  testRouteModules?(): ReadonlySet<string>;
  /** For a test file, the helpers the routes define in the test environment, where it runs (undefined for other files). */
  testEnvHelpers?(path: string): ReadonlySet<string> | undefined;
  /** The helpers the routes define under other values of the environment variables they read (testEnvironment.ts `envVariableHelpers`). */
  envVariableHelpers?(): ReadonlySet<string> | undefined;
  /** Names the gems may define, or why they cannot be known. */
  gems: ReadonlySet<string> | { why: string };
  /**
   * Those of `gems` that the gems' code only speaks of (`GemIndex.mentioned`): never said to be
   * undefined, but a call of one is the route's of that name, checked as any other.
   */
  gemMentions?: ReadonlySet<string>;
  /** What URL generation depends on where a file's code runs. */
  generation: {
    defaults: UrlGenerationContext["defaults"];
    /** `defaults` for one file's code, where it differs (a class whose own `default_url_options` Routemap cannot read). */
    defaultsAt?(path: string): UrlGenerationContext["defaults"];
    ruby: UrlGenerationContext["ruby"];
    /** Mailers and their templates: no request's parameters are recalled. */
    runsWithoutRequest(path: string): boolean;
    /**
     * The `default_url_options` keys one mailer and its templates get (its class's own, or
     * ActionMailer::Base's), where `defaults` is every key any of the app's files sets;
     * undefined where not known per mailer (the snippets then take `defaults`).
     */
    mailerDefaults?(path: string): ReadonlySet<string> | typeof UNKNOWN | undefined;
    /** Mailers and their templates, where the routes' `*_path` helpers are sure not to be defined. */
    withoutPathHelpers?(path: string): boolean;
    /** The one controller whose requests run a controller file's code, if only one can. */
    requestController(path: string): string | undefined;
    /** That controller's superclasses, as written (`Spree::Admin::BaseController`). */
    controllerAncestors?(controller: string): readonly string[];
    /** How a file's polymorphic targets are resolved. */
    polymorphic(path: string): PolymorphicOptions;
    /**
     * Whether no request of this environment runs the file's code: its one controller (or its
     * template's) is one no route reaches, for certain. Its hashes are not checked against the
     * routes (there is none to it to recall from, and what they name is what this environment lacks).
     */
    neverRequested?(path: string): boolean;
    /** What `neverRequested` reads of the app's files about layouts, as text: when it changes, layouts may be rendered or not. */
    layoutsKey?(): string;
    /** What the app's test helpers do to an integration session (`UrlGenerationContext.integration`). */
    integration?(): UrlGenerationContext["integration"];
    /** Whether a condition (Ruby source) holds where the table was mapped (`MapResult.decide`); undefined: not decided. */
    decide?(test: string): boolean | undefined;
    /** What a request may fill in for code of a file's method (`UrlGenerationContext.recall`). */
    recall(path: string, method: string | undefined): ReturnType<NonNullable<UrlGenerationContext["recall"]>>;
    /**
     * The routes whose requests run a file's code (a template's action's, else its controller's),
     * where `recall` is known; undefined elsewhere (completion's snippets, completion.ts). Taken
     * from `routes` where the requests' routes are not the table's (an engine's files: its set's
     * and the holding app's, `RailsApp.controllerRoutes`); `recall`, for the checks, keeps the table.
     */
    requestRoutes?(path: string, routes?: readonly Route[]): readonly Route[] | undefined;
    /** The names `render`s of the app may pass to partials as locals; null when any may be. */
    partialLocals?(): ReadonlySet<string> | null;
    /** The classes that hold the routes' helpers as class methods (`Routes.story_url`): calls on other constants are not the helpers'. */
    urlHelperHolders?: UrlHelperHolderOf;
  };
  /**
   * Where the app's controllers render one of this engine's templates by its full name (`render
   * template: "blog/posts/index"`): the app's context, in which the template then runs too (a
   * view's helpers are its controller's), and those controllers' files.
   */
  renderedByApp?(path: string): { context: HelperCheckContext; by: string[] } | undefined;
  /** What `renderedByApp` answers from, as text (`RenderingApp.rendersKey`): the editor checks the files again when it changes. */
  renderedByAppKey?(): string;
  /** Each file's uses kept per text (and between runs): without it, the file is parsed each time. */
  uses?: FileUsesStore;
}

/**
 * Why an app's helper calls cannot be checked, if they cannot: only when the gems' helpers
 * cannot be known. Where Routemap could not evaluate part of the routes, only the names that
 * part could have drawn are left unchecked (`mayBeMissing`), not the app.
 */
export function uncheckedBecause(_result: MapResult, gems: HelperCheckContext["gems"]): string | undefined {
  return "why" in gems ? gems.why : undefined;
}

/**
 * Whether a helper the table lacks could be one a part Routemap could not evaluate drew: a
 * region names routes under its scope's name (`admin` in `namespace :admin` gives `admin_…`,
 * `new_admin_…`), or any name where the scope has none.
 */
export function mayBeMissing(regions: readonly OpenRegion[] | undefined, helper: string, engine?: string): OpenRegion | undefined {
  if (!regions?.length) return undefined;
  const name = helper.replace(/_(path|url)$/, "");
  const words = `_${name}_`;
  return regions.find((r) => (r.engine ?? undefined) === engine && (r.namePrefix === undefined || words.includes(`_${r.namePrefix}_`)));
}

/** All of a file's helper calls, or only those on `Rails.application.routes.url_helpers` (models, lib/). */
export type HelperScope = "all" | "explicit";

/**
 * Text every file with a URL use has: a helper's name (`…_path`, `…_url`, the polymorphic ones
 * included) or a call taking a hash or a record (urlGeneration.ts `HASH_AT`, polymorphic.ts
 * `targetOf`). A method's name is written out where it is called.
 */
const MAY_USE_URLS = /_path|_url|url_for|redirect_to|form_tag|link_to|button_to|form_with|form_for/;
/**
 * What a model's or lib/ file must have for its calls to be checked: `Rails.application.routes.url_helpers`,
 * or a helper's name called on a constant (`Routes.story_url`: a class that may hold the helpers).
 */
const MAY_CALL_URL_HELPERS = /url_helpers|(?<!\w)[A-Z]\w*\s*\.\s*[a-z_]\w*_(?:path|url)\b/;

/**
 * Whether `helperCallDiagnostics` reads a file's uses, and how it asks for them (`naming`, whose
 * `UsesTargets` the facts are made with): a host may have them read ahead, elsewhere
 * (cli/factsWorkers.ts). Undefined when it does not (what it says then is `skipped`).
 */
export function usesAsked(context: HelperCheckContext, path: string, text: string, scope: HelperScope = "all"): { naming: PolymorphicOptions | undefined } | undefined {
  return skipped(context, path, text, scope) ? undefined : { naming: scope === "all" ? context.generation.polymorphic(path) : undefined };
}

/** What a file's check is without reading its uses, if it is: nothing, or that the file is too large. */
function skipped(context: HelperCheckContext, path: string, text: string, scope: HelperScope): Diagnostic[] | undefined {
  if ("why" in context.gems) return [];
  if (!(context.tablesFor ? context.tablesFor(path) : context.tables)) return [];
  // An open document has no size cap of its own: the disk's holds for its checks too.
  if (text.length > MAX_FILE_BYTES) return [tooLarge(path)];
  // A file that names none of the calls looked for has none: not parsed (a large app's
  // models and lib/ files, read for `url_helpers` only, were half of `check`'s parses).
  if (!mayUseUrls(text, scope)) return [];
  return undefined;
}

/** Whether a file's text may hold a use its check reads (not: the file is not parsed). */
export function mayUseUrls(text: string, scope: HelperScope): boolean {
  return text.length <= MAX_FILE_BYTES && (scope === "explicit" ? MAY_CALL_URL_HELPERS : MAY_USE_URLS).test(text);
}

/** A partial template (`app/views/core/tasks/_show.html.erb`). */
const PARTIAL = /[\\/]app[\\/]views[\\/](?:.*[\\/])?_[^\\/]*$/;

export function helperCallDiagnostics(mapper: RouteMapper, context: HelperCheckContext, path: string, text: string, scope: HelperScope = "all"): Diagnostic[] {
  const { gems } = context;
  const early = skipped(context, path, text, scope);
  if (early || "why" in gems) return early ?? [];
  const tables = (context.tablesFor ? context.tablesFor(path) : context.tables)!;
  // The engines whose controllers may run the file with their own helpers: not one that isolates nothing.
  const engines = [...tables.proxies.values()].filter((engine) => !engine.notIsolated);
  // A template or controller only the app's own controller runs (UsersController for users/index)
  // is in no engine's, unless an engine routes to that controller's namespace (an isolated
  // engine's controllers kept in the app's app/controllers/store/…).
  const controller = context.generation.requestController(path);
  // A controller of the app that inherits one in an isolated engine's namespace (openfoodnetwork's
  // Admin::ResourceController < Spree::Admin::BaseController) keeps the engine's helpers that
  // class included (actionpack `RoutesHelpers.with`, the module's `railtie_routes_url_helpers`).
  const ancestors = controller === undefined ? [] : ancestorNamespaces(context.generation.controllerAncestors?.(controller) ?? []);
  const inAppController = tables.isolated || (controller !== undefined && !engines.some((engine) => {
    const namespaces = engineNamespaces(engine);
    return namespaces.has(controller.split("/")[0]) || ancestors.some((a) => namespaces.has(a));
  }));
  // The mounted engines whose helpers a test's support includes (asked only for a name no table has).
  const testEngines = () => {
    const modules = /[\\/](?:test|spec)[\\/]/.test(path) ? context.testRouteModules?.() : undefined;
    return modules?.size ? [...tables.proxies.values()].filter((engine) => engine.engine !== undefined && modules.has(engine.engine)) : [];
  };
  // `respond_to?(:x_path)`, `defined?(x_path)`: this file calls the name only where it is.
  const guarded = guardedHelperNames(text);
  const defined = context.definedIn?.(path, text) ?? context.defined;
  // A test that draws its own table (`Rails.application.routes.draw do … end`) calls that table's helpers.
  const ownTable = !/\/config\/routes(?:\.rb$|\/)/.test(path) && drawsOwnRoutes(text);
  const known = (name: string, receiver: string | undefined): "known" | "unknown" | "unchecked" => {
    if (isDefinedName(defined, name) || gems.has(name) || guarded.has(name)) return "known";
    if (ownTable && receiver === undefined) return "unchecked";
    const table = tableFor(tables, receiver);
    if (!table) return "unchecked";
    if (helperIndex(table).has(name)) return "known";
    // A name a part of the routes Routemap could not evaluate may have drawn: not said to be missing.
    if (mayBeMissing(table.openRegions, name, table.engine)) return "unchecked";
    // A view or controller of the app may run in a mounted engine's controller (the app's own
    // `app/views/spree/…` over Spree's), where the engine's helpers are the receiver-less ones; so
    // are a component's `helpers.` (the view context of the controller rendering it: openfoodnetwork's
    // webhook form, rendered in a Spree view).
    if ((receiver === undefined || receiver === "helpers") && !inAppController && engines.some((engine) => helperIndex(engine).has(name))) return "known";
    // An isolated engine's partial that the app's views render (bops' `render "bops_core/tasks/show"`)
    // runs with the app's helpers there: a name the app's routes have is not said missing (had
    // the engine's views rendered it too, it would raise there; which do is not followed).
    if (receiver === undefined && tables.isolated && tables.mainApp && PARTIAL.test(path) && helperIndex(tables.mainApp).has(name) && context.renderedByApp?.(path)) return "known";
    // A test runs in the test environment, whose routes may have it (`if Rails.env.test?`).
    if (receiver === undefined && context.testEnvHelpers?.(path)?.has(name)) return "known";
    // Or with an engine's route helpers its support includes.
    if (receiver === undefined && testEngines().some((engine) => helperIndex(engine).has(name))) return "known";
    return "unknown";
  };
  // What the text yields, kept per text; the polymorphic targets' helpers from the models' naming each time.
  const naming = scope === "all" ? context.generation.polymorphic(path) : undefined;
  const read = context.uses ? context.uses.of(mapper, path, text, naming) : mapper.fileUses(path, text, naming);
  if (read.unread !== undefined) return [unreadCode(path, read.unread)];
  const uses = mapper.resolveUses(runningUsesOf(read, context.generation.decide), naming, context.generation.urlHelperHolders);
  const explicit = scope === "explicit";
  const { generation } = context;
  // A bare name in a partial is a local where a `render` passes one of that name: only the
  // undefined-helper check takes it, and only when no file may pass it (the others see it as a call
  // of unknown arguments).
  const locals = generation.partialLocals?.() ?? null;
  // A template's bare name is a local only where some file passes a local of that name, or may
  // be one where a file builds the names it passes (`locals` unknown), as a partial's is.
  const maybeLocal = (c: HelperCall) => c.maybeLocal === true || (c.templateLocal === true && (locals === null || locals.has(c.name)));
  const calls = explicit ? uses.calls.filter((c) => c.noRequest) : uses.calls.filter((c) => !maybeLocal(c));
  const bare = explicit || !locals ? [] : uses.calls.filter((c) => maybeLocal(c) && !locals.has(c.name));
  // Only the hashes that run without a request, where none runs the file (asked only of a file with hashes).
  const hashes = explicit || (uses.hashes.length > 0 && generation.neverRequested?.(path)) ? uses.hashes.filter((h) => h.noRequest) : uses.hashes;
  const found = explicit ? [] : uses.targets;
  const generationContext = generationContextOf({ tables, generation }, path);
  const said = withMainAppHint(unknownHelperDiagnostics(
    [...calls, ...bare],
    known,
    (receiver) => {
      const table = tableFor(tables, receiver);
      const names = table ? [...helperIndex(table).keys()] : [];
      // Suggestions from the engines' tables too, as they are known receiver-less (`known`).
      return receiver === undefined && !inAppController ? [...names, ...engines.flatMap((engine) => [...helperIndex(engine).keys()])] : names;
    },
  ), tables);
  const unknown = withoutOtherEnvVariables(said, [...calls, ...bare], context, generation.decide);
  // A helper the app or a gem defines as a method is theirs, whatever a route of that name takes.
  // A guarded one (`if respond_to?(:x_path)`) is called only where it is defined, as before.
  // A name a gem only speaks of (Avo's `:session_path`) is no method of its: the call is the route's.
  const gemDefines = (name: string) => gems.has(name) && !context.gemMentions?.has(name);
  // The diagnostics' spans are their calls' own: looked up in a set, as a file may have thousands.
  const unknownAt = new Set(said.map((d) => d.span));
  const named = calls.filter((call) => !isDefinedName(defined, call.name) && !gemDefines(call.name) && !guarded.has(call.name) && !unknownAt.has(call.span));
  // A mailer's `x_path` raises NoMethodError before any URL is generated: only that is said.
  const unhelped = generation.withoutPathHelpers?.(path) ? mailerPathDiagnostics(named, tables.own.routes, tables.own.customHelpers.filter((h) => h.kind === "direct").map((h) => h.name)) : [];
  const unhelpedAt = new Set(unhelped.map((d) => d.span));
  const routed = unhelped.length ? named.filter((call) => !unhelpedAt.has(call.span)) : named;
  const resolved = new Set(tables.own.customHelpers.filter((h) => h.kind === "resolve").map((h) => h.name));
  const polymorphic = polymorphicDiagnostics(found, { known: (name) => known(name, undefined) !== "unknown", resolved });
  return [
    ...unknown,
    ...missingPartDiagnostics(routed, generationContext),
    ...unmatchedRequirementDiagnostics(routed, generationContext),
    ...inNoEngine(unroutedHashDiagnostics(hashes, generationContext), hashes, engines, (some, routes) => unroutedHashDiagnostics(some, { ...generationContext, routes })).filter(
      (d) => !tables.own.openRegions?.length || !regionReaches(tables.own.openRegions, d.data?.controller),
    ),
    ...unmatchedHashRequirementDiagnostics(hashes, generationContext),
    ...polymorphic,
    ...unhelped,
  ];
}

/**
 * The undefined-helper errors less those of names the routes define where an environment variable
 * has another value than here (`envVariableHelpers`: laa-check-client-qualifies' `embedded_complete_path`,
 * called under an instance variable only that mode sets), unless the call's code runs here for
 * certain: every condition around it decided (upcase's `<% unless ENV["X"] %>` around a link to a
 * route drawn under `if ENV["X"]`: Rails raises). Code under no such condition may run only there.
 */
function withoutOtherEnvVariables(said: Diagnostic[], calls: readonly HelperCall[], context: HelperCheckContext, decide: ((test: string) => boolean | undefined) | undefined): Diagnostic[] {
  if (!said.length || !context.envVariableHelpers) return said;
  const names = context.envVariableHelpers();
  if (!names?.size) return said;
  const runsHere = (c: HelperCall) => c.when !== undefined && c.when.length > 0 && c.when.every((w) => decide?.(w.test) !== undefined);
  const mayRunElsewhere = new Set(calls.filter((c) => c.receiver === undefined && names.has(c.name) && !runsHere(c)).map((c) => c.span));
  return mayRunElsewhere.size ? said.filter((d) => !mayRunElsewhere.has(d.span)) : said;
}

/**
 * A file's uses that run in the environment the table was mapped in: one in a branch whose
 * condition the table decides the other way (`if ENV["X"]` with X unset, the routes it links to
 * drawn under the same `if`) is not checked; an undecided condition leaves it checked.
 */
function runningUsesOf(uses: FileUses, decide: ((test: string) => boolean | undefined) | undefined): FileUses {
  if (!decide) return uses;
  return { calls: runningUses(uses.calls, decide), hashes: runningUses(uses.hashes, decide), candidates: runningUses(uses.candidates, decide) };
}

/** The first segments of the controllers an engine's routes lead to (`store` for store/admin/products), once per table. */
const namespacesOf = new WeakMap<readonly Route[], Set<string>>();
function engineNamespaces(engine: HelperTable): Set<string> {
  let found = namespacesOf.get(engine.routes);
  if (!found) {
    found = new Set();
    for (const r of engine.routes) if (r.controller) found.add(r.controller.split("/")[0]);
    namespacesOf.set(engine.routes, found);
  }
  return found;
}

/** Where a file's code generates URLs: the routes its helpers and hashes reach, and what a request gives. */
export function generationContextOf({ tables, generation }: Pick<HelperCheckContext, "tables" | "generation">, path: string): UrlGenerationContext {
  return {
    routes: tables.own.routes,
    mainRoutes: tables.mainApp?.routes,
    proxyRoutes: (receiver) => tables.proxies.get(receiver)?.routes,
    request: !generation.runsWithoutRequest(path),
    controller: generation.requestController(path),
    defaults: generation.defaultsAt?.(path) ?? generation.defaults,
    recall: (method) => generation.recall(path, method),
    integration: generation.integration?.(),
    ruby: generation.ruby,
  };
}

/** Whether a region Routemap could not evaluate may draw a route to `controller` (its scope's module covers it). */
export function regionReaches(regions: readonly OpenRegion[], controller: string | undefined): boolean {
  return regions.some((r) => r.engine === undefined && !r.redirects && (r.module === undefined || controller === undefined || controller === r.module || controller.startsWith(`${r.module}/`)));
}

/**
 * A hash no route of the app's leads to may run in a mounted engine's controller (an app's
 * override of an engine's controller or view), whose routes it then reaches: it is reported
 * only where no engine's routes would take it either.
 */
function inNoEngine(found: Diagnostic[], hashes: readonly UrlHash[], engines: HelperTable[], check: (hashes: UrlHash[], routes: readonly Route[]) => Diagnostic[]): Diagnostic[] {
  if (!found.length || !engines.length) return found;
  // Each diagnostic's hashes by its span, found once rather than over every hash per diagnostic.
  const bySpan = new Map<UrlHash["span"], UrlHash[]>();
  for (const h of hashes) {
    const same = bySpan.get(h.span);
    if (same) same.push(h);
    else bySpan.set(h.span, [h]);
  }
  return found.filter((d) => {
    const hash = bySpan.get(d.span) ?? [];
    return engines.every((engine) => check(hash, engine.routes).length > 0);
  });
}

/**
 * The `default_url_options` keys an engine's files get where no request is: the engine's own and
 * those of the app that holds it. `ActionMailer::Base.default_url_options` (the app's
 * `config.action_mailer.default_url_options`, or `ActionMailer::Base.default_url_options[:k] =`
 * in its lib, as foodsoft's `setup_mailing`) is a class attribute every mailer inherits, an
 * engine's too; unknown if either is.
 */
export function joinUrlDefaults(own: UrlGenerationContext["defaults"], host: UrlGenerationContext["defaults"] | undefined): UrlGenerationContext["defaults"] {
  if (host === undefined) return own;
  if (own === UNKNOWN || host === UNKNOWN) return UNKNOWN;
  return new Set([...own, ...host]);
}

/** What URL generation depends on, from the app's files and controllers. */
export function generationOf(
  defined: {
    urlDefaults(): UrlGenerationContext["defaults"];
    urlDefaultsAt?(path: string): UrlGenerationContext["defaults"];
    runsWithoutRequest(path: string): boolean;
    mailerUrlDefaults?(path: string): ReadonlySet<string> | typeof UNKNOWN | undefined;
    mailerWithoutPathHelpers(path: string): boolean;
    templateFolder(path: string): string | undefined;
    requestUrlOptions(): boolean;
    partialLocals?(): ReadonlySet<string> | null;
    testSupport?(): Pick<TestSupport, "resolve" | "lastRequestOf"> | undefined;
    layouts?(): AppLayouts;
    layoutsKey?(): string;
  },
  model: () => Pick<ControllerModel, "requestController" | "byPath" | "layoutsOf" | "pathAt" | "classNameAt">,
  app: {
    root: string;
    rubyVersion: string | undefined;
    read: (path: string) => string | undefined;
    table: () => MapResult;
    gemUrlOptions: readonly string[];
    gemUrlOptionsControllers?: ReadonlyMap<string, string>;
    gemLayouts?: LayoutReachInput["gemLayouts"];
    /** For an engine's files: the `default_url_options` keys of the app that holds it (its mailers inherit `ActionMailer::Base`'s). */
    hostUrlDefaults?: UrlGenerationContext["defaults"];
    /**
     * For an engine's files: whether a controller of the app that holds it sets its requests' URL
     * options. An engine's controller whose ancestry leaves the engine (`< ApplicationController`,
     * the app's) may inherit them.
     */
    hostRequestUrlOptions?: boolean;
    /**
     * For an engine's files: the routes that reach its controllers (its own set's, then the
     * holding app's), where a request to one of them may come from; else the table's.
     */
    controllerRoutes?: () => readonly Route[];
    /** Model files' facts kept by the host (`PolymorphicOptions.modelFacts`: `routemap check`'s pack and workers). */
    modelFacts?: PolymorphicOptions["modelFacts"];
    /** The classes that hold the routes' helpers as class methods (urlHelperHolders.ts `urlHelperHolderLookup`). */
    urlHelperHolders?: UrlHelperHolderOf;
  },
): HelperCheckContext["generation"] {
  const controllers = `${app.root}/app/controllers/`;
  // A template's controller, when only its own requests render it: that of its folder, which no
  // controller of the app inherits from (a subclass renders its parent's templates).
  const templateController = (path: string) => {
    const folder = defined.templateFolder(path);
    const controller = folder === undefined ? undefined : model().byPath.get(folder);
    return controller && model().requestController(controller.file) === folder ? folder : undefined;
  };
  // A gem's controller that sets `url_options` reaches only the requests of the app's
  // controllers that inherit it (`< Avo::BaseController`), not the whole app's.
  const inheritsGemUrlOptions = (controller: string) =>
    !!app.gemUrlOptionsControllers?.size && inheritedGemUrlOptions(app.gemUrlOptionsControllers, [model().byPath.get(controller) ?? {}]).length > 0;
  // Within the engine, an ancestry that reaches Rails' base does not pass through the app's classes.
  const inheritsHostUrlOptions = (controller: string) => !!app.hostRequestUrlOptions && !model().byPath.get(controller)?.framework;
  const layoutsDir = `${app.root}/app/views/layouts/`;
  let layoutsKnown: { model: object; table: MapResult; facts: AppLayouts; files: ReadonlySet<string> } | undefined;
  /** Worked out once per controller model, table and layout facts. */
  const unreachedLayouts = (): ReadonlySet<string> => {
    const current = model();
    const table = app.table();
    const facts = defined.layouts?.();
    if (!facts) return new Set();
    if (layoutsKnown?.model !== current || layoutsKnown.table !== table || layoutsKnown.facts !== facts) {
      const files = unreachedLayoutFiles({ model: current, reached: (c) => !unreachedController(table, current, c), facts: facts.byFile, layoutFiles: facts.layoutFiles, alsoRendered: facts.mailerLayouts, gemLayouts: app.gemLayouts, nameOf: (expression) => table.nameOf?.(expression) });
      layoutsKnown = { model: current, table, facts, files };
    }
    return layoutsKnown.files;
  };
  /** The one controller whose requests run the file, where what they recall is known: no `url_options` of the app's or a gem's adds to them. */
  const recallingController = (path: string): { controller: string; inController: boolean } | undefined => {
    const inController = path.startsWith(controllers) && path.endsWith("_controller.rb");
    const controller = inController ? model().requestController(path) : templateController(path);
    if (!controller || defined.requestUrlOptions() || app.gemUrlOptions.length || inheritsGemUrlOptions(controller) || inheritsHostUrlOptions(controller)) return undefined;
    return { controller, inController };
  };
  const recall = (path: string, method: string | undefined) => {
    const at = recallingController(path);
    if (!at) return undefined;
    const action = at.inController ? method : templateAction(at.controller, path);
    return recalledKeys(app.controllerRoutes?.() ?? app.table().routes, model(), at.controller, action);
  };
  const requestRoutes = (path: string, routes?: readonly Route[]): readonly Route[] | undefined => {
    const at = recallingController(path);
    if (!at) return undefined;
    const method = at.inController ? undefined : templateAction(at.controller, path);
    return routesOfRequests(routes ?? app.table().routes, model(), at.controller, method);
  };
  /**
   * The action whose requests render a template: the one of its name, unless the controller or
   * a superclass of the app may render it from another (`render :new` in `create`, a `render`
   * of a name not written, `respond_with`); then undefined, every route to the controller.
   */
  const templateAction = (controller: string, path: string): string | undefined => {
    // Asked for every call of a template: worked out once per template and controller model.
    const current = model();
    let known = actionsOfTemplates.get(current);
    if (!known) actionsOfTemplates.set(current, (known = new Map()));
    if (!known.has(path)) known.set(path, workOutTemplateAction(current, controller, path));
    return known.get(path);
  };
  const workOutTemplateAction = (current: ReturnType<typeof model>, controller: string, path: string): string | undefined => {
    const name = /([^/.]+)[^/]*$/.exec(path)![1];
    const classes = current.byPath.get(controller);
    if (!classes) return undefined;
    const { byClass, renders } = rendersOf(current);
    const files = [classes.file, ...classes.superclasses.map((c) => byClass.get(c))];
    const word = new RegExp(`[:"'/]${name}\\b`);
    for (const file of files) {
      if (file === undefined) return undefined;
      // Each controller file read and searched once per model, not once per template of each
      // controller under it: 15,000 templates took 25 s of `check` in a large app (with the
      // class index below, made once per model too instead of per template: 5,000 controllers).
      if (!renders.has(file)) renders.set(file, rendersIn(app.read(file)));
      const found = renders.get(file);
      if (found === undefined) return undefined;
      for (const args of found) if (word.test(args) || !/^\(?\s*(?:action:|template:)?\s*["':]/.test(args)) return undefined;
    }
    return name;
  };
  /** A template's controller file and action, when only that action's requests render it: its instance variables are the action's. */
  const viewAssigns = (path: string): PolymorphicOptions["assigns"] => {
    const controller = templateController(path);
    const action = controller === undefined ? undefined : templateAction(controller, path);
    const file = controller === undefined ? undefined : model().byPath.get(controller)?.file;
    const text = file === undefined ? undefined : app.read(file);
    return action === undefined || text === undefined ? undefined : { path: file!, text, action };
  };
  return {
    recall,
    requestRoutes,
    ...(app.urlHelperHolders ? { urlHelperHolders: app.urlHelperHolders } : {}),
    // Models are named with the app's inflection rules (a rule Routemap cannot read leaves the table, and so every call, unchecked).
    polymorphic: (path) => {
      const inController = path.startsWith(controllers) && path.endsWith("_controller.rb");
      const options: PolymorphicOptions = { controller: inController, root: app.root, read: app.read, inflections: app.table().inflections, modelFacts: app.modelFacts };
      const assigns = inController ? undefined : viewAssigns(path);
      return assigns ? { ...options, assigns } : options;
    },
    defaults: joinUrlDefaults(defined.urlDefaults(), app.hostUrlDefaults),
    defaultsAt: (path) => joinUrlDefaults(defined.urlDefaultsAt?.(path) ?? defined.urlDefaults(), app.hostUrlDefaults),
    ruby: rubyVersion(app.rubyVersion),
    runsWithoutRequest: (path) => defined.runsWithoutRequest(path),
    // An engine's mailers also take the holding app's ActionMailer::Base options: not worked out per mailer there.
    mailerDefaults: (path) => (app.hostUrlDefaults === undefined ? defined.mailerUrlDefaults?.(path) : undefined),
    withoutPathHelpers: (path) => defined.mailerWithoutPathHelpers(path),
    partialLocals: () => defined.partialLocals?.() ?? null,
    requestController: (path) => (path.endsWith("_controller.rb") ? model().requestController(path) : templateController(path)),
    neverRequested: (path) => {
      const controller = path.startsWith(controllers) && path.endsWith("_controller.rb") ? model().requestController(path) : templateController(path);
      if (controller !== undefined) return unreachedController(app.table(), model(), controller);
      // A layout, or a partial under layouts/, that only controllers no route reaches render.
      return path.startsWith(layoutsDir) && unreachedLayouts().has(path);
    },
    layoutsKey: () => defined.layoutsKey?.() ?? "",
    decide: (test) => app.table().decide?.(test),
    controllerAncestors: (controller) => model().byPath.get(controller)?.superclasses ?? [],
    integration: () => {
      const support = defined.testSupport?.();
      // A controller's own URL options reach the session after a request to it (`controller.url_options`):
      // a gem's controller's, only after a request to it or to a controller that inherits it (as for views).
      const anywhere = defined.requestUrlOptions() || app.gemUrlOptions.length > 0;
      const gemControllers = app.gemUrlOptionsControllers;
      const requestUrlOptions = (controller: string | undefined) =>
        anywhere || (!!gemControllers?.size && (controller === undefined || gemControllers.has(controller) || inheritsGemUrlOptions(controller)));
      return support && { resolve: (name: string) => support.resolve(name), lastRequestOf: (name: string) => support.lastRequestOf(name), requestUrlOptions };
    },
  };
}

/**
 * The first namespace of each of a controller's superclasses (`Spree::Admin::BaseController` →
 * `spree`), kept per list: the model's list of a controller is one array while the model stands,
 * and each of its templates asks (on issue 30's app, 15,000 views: 0.1 s of `check`).
 */
function ancestorNamespaces(superclasses: readonly string[]): readonly string[] {
  let found = superclassNamespaces.get(superclasses);
  if (!found) superclassNamespaces.set(superclasses, (found = superclasses.map((c) => underscore(c.replace(/^::/, "").split("::")[0]))));
  return found;
}
const superclassNamespaces = new WeakMap<readonly string[], readonly string[]>();

/** `Avo::BaseController` → `avo/base`, as a controller's path. */
const controllerPathOfClass = (className: string) => underscore(className.replace(/^::/, "").replace(/Controller$/, "").replace(/::/g, "/"));

/**
 * The gems' controllers that set `url_options` (path → gem) and that a controller of the app
 * inherits, each with its gem and its class as the app writes it: the checks they turn off.
 */
export function inheritedGemUrlOptions(gemControllers: ReadonlyMap<string, string> | undefined, controllers: Iterable<{ external?: string; modules?: readonly string[] }>): { gem: string; className: string }[] {
  if (!gemControllers?.size) return [];
  const found = new Map<string, { gem: string; className: string }>();
  for (const { external, modules = [] } of controllers) {
    // The gem's class it inherits, and the gem's concerns it includes (`include Avo::CommonController`).
    for (const className of external === undefined ? modules : [external, ...modules]) {
      const gem = gemControllers.get(controllerPathOfClass(className));
      if (gem && !found.has(className)) found.set(className, { gem, className });
    }
  }
  return [...found.values()];
}

/** Per controller model: its controllers' files by class name, and what each file renders (`rendersIn`), as they are asked. */
const rendersByModel = new WeakMap<object, { byClass: Map<string, string>; renders: Map<string, string[] | undefined> }>();
function rendersOf(model: { byPath: ReadonlyMap<string, { file: string; className: string }> }) {
  let found = rendersByModel.get(model);
  if (!found) rendersByModel.set(model, (found = { byClass: new Map([...model.byPath.values()].map((c) => [c.className, c.file])), renders: new Map() }));
  return found;
}

/**
 * The arguments of a controller file's `render` calls that may render a template by another
 * name (not `render json:`/`plain:`/`partial:`…); undefined when the file is not read or calls
 * `respond_with` (which renders any).
 */
function rendersIn(text: string | undefined): string[] | undefined {
  if (text === undefined || /\brespond_with\b/.test(text)) return undefined;
  const out: string[] = [];
  for (const m of text.matchAll(/\brender(?:_to_string)?\b(.*)/g)) {
    const args = m[1].trim();
    // `render json:`/`plain:`/`partial:`… render no template of this name; any other form may.
    if (!/^\(?\s*(?:json|plain|html|body|js|xml|partial|inline|file|status|head|nothing):/.test(args)) out.push(args);
  }
  return out;
}

/** The action each template's requests run, per controller model (`templateAction`). */
const actionsOfTemplates = new WeakMap<object, Map<string, string | undefined>>();

/** What the recall functions ask of a controller model: the path and the name of the class a route reaches. */
type RequestModel = Pick<ControllerModel, "pathAt" | "classNameAt">;

/**
 * The path parameters a request to a controller may carry (`request.path_parameters`: its
 * route's segments and defaults): those of the routes to the action when the code is in one
 * that routes reach, else of every route to the controller. Undefined when no route reaches it
 * (the code may run from elsewhere) or a route takes any controller. `controller`: the class's
 * path; a route reaches it by that path or by the one its name camelizes from (`atRoute`).
 * `routes`: a table's, or an engine's controllers' (its set's and the holding app's).
 */
function recalledKeys(routes: readonly Route[], model: RequestModel, controller: string, method: string | undefined): Recalled {
  if (routesByController(routes, model).has(DYNAMIC)) return undefined;
  // Asked for every call of every controller: worked out once per list of routes, controller
  // model, controller and method.
  let byModel = recalled.get(routes);
  if (!byModel) recalled.set(routes, (byModel = new WeakMap()));
  let byKey = byModel.get(model);
  if (!byKey) byModel.set(model, (byKey = new Map()));
  const key = `${controller}#${method ?? ""}`;
  if (!byKey.has(key)) byKey.set(key, keysOfRequests(routes, model, controller, method));
  return byKey.get(key);
}
type Recalled = { keys: Set<string>; requests: string } | undefined;
const recalled = new WeakMap<readonly Route[], WeakMap<RequestModel, Map<string, Recalled>>>();

/** The routes to the action when routes reach it, else every route to the controller; undefined when none does or a route takes any controller (`recalledKeys`). */
function routesOfRequests(routes: readonly Route[], model: RequestModel, controller: string, method: string | undefined): readonly Route[] | undefined {
  const byController = routesByController(routes, model);
  if (byController.has(DYNAMIC) || !byController.get(controller)) return undefined;
  return requestsTo(routes, model, controller, method).routes;
}

/** The routes to the action when routes reach it (`toAction`), else every route to the controller (maybe none). */
function requestsTo(routes: readonly Route[], model: RequestModel, controller: string, method: string | undefined): { routes: readonly Route[]; toAction: boolean } {
  const toController = routesByController(routes, model).get(controller) ?? [];
  const toAction = method === undefined ? [] : toController.filter((r) => r.action === method);
  return toAction.length ? { routes: toAction, toAction: true } : { routes: toController, toAction: false };
}

function keysOfRequests(all: readonly Route[], model: RequestModel, controller: string, method: string | undefined): Recalled {
  const { routes, toAction } = requestsTo(all, model, controller, method);
  if (!routes.length) return undefined;
  const keys = new Set<string>(["controller", "action"]);
  for (const route of routes) {
    for (const p of route.parameters) keys.add(p.name);
    for (const key of Object.keys(route.defaults)) keys.add(key);
  }
  const className = model.classNameAt(controller);
  return { keys, requests: toAction ? `${className}#${method}` : className };
}

/**
 * A table's routes (or an engine's controllers' list, kept while neither table changes) by the
 * path of the controller class each reaches (`atRoute`: `v_a_c_o_l_s/veterans` reaches the
 * class of `vacols/veterans`), made once per list and controller model: each controller file
 * asked all 20,000 routes in a large app. A route that may reach any controller or action
 * (`:controller`, `:action`) is also under `DYNAMIC`.
 */
const byController = new WeakMap<readonly Route[], { written: Map<string, Route[]>; byModel: WeakMap<RequestModel, Map<string, Route[]>> }>();
const DYNAMIC = ":dynamic";
function routesByController(routes: readonly Route[], model: RequestModel): Map<string, Route[]> {
  let known = byController.get(routes);
  if (!known) byController.set(routes, (known = { written: routesByWrittenController(routes), byModel: new WeakMap() }));
  let index = known.byModel.get(model);
  if (!index) {
    index = new Map();
    // By the controller as written first: a model made on each keystroke in a controller maps
    // the few hundred names again, not the 20,000 routes.
    for (const [written, list] of known.written) {
      const key = written === DYNAMIC ? written : model.pathAt(written);
      const other = index.get(key);
      index.set(key, other ? [...other, ...list] : list);
    }
    known.byModel.set(model, index);
  }
  return index;
}

/** The routes by their `controller` as the table writes it (and under `DYNAMIC`). */
function routesByWrittenController(routes: readonly Route[]): Map<string, Route[]> {
  const index = new Map<string, Route[]>();
  for (const r of routes) {
    if (r.endpoint.kind !== "controller") continue;
    const dynamic = !r.controller || !r.action || r.controller.startsWith(":") || r.action.startsWith(":");
    for (const key of dynamic ? [DYNAMIC, r.controller] : [r.controller]) {
      if (!key) continue;
      const list = index.get(key);
      if (list) list.push(r);
      else index.set(key, [r]);
    }
  }
  return index;
}

/** A file whose code Prism could not read (nested thousands of levels deep): none of its calls is known, said at its start as a large file's are. */
function unreadCode(path: string, why: string): Diagnostic {
  const at = { line: 0, character: 0 };
  return {
    severity: "info",
    code: "file-not-parsed",
    span: { file: path, start: at, end: at },
    message: `Routemap does not check the helper calls of this file: its parser failed on it (${why}), as it does on code nested thousands of levels deep.`,
  };
}

function tooLarge(path: string): Diagnostic {
  const at = { line: 0, character: 0 };
  return {
    severity: "info",
    code: "file-too-large",
    span: { file: path, start: at, end: at },
    message: `Routemap does not check the helper calls of a file larger than ${MAX_FILE_BYTES >> 20} MiB, the most it reads.`,
  };
}
