/**
 * What checking an app's URL helper calls needs from the disk, for the CLI and the language
 * server alike: the files whose calls are checked, every name the app's own code may define
 * (`def x_path`, `:x_path`), and the names its gems may define (each locked gem's installed
 * copy, read through appGems.ts). When a gem is not installed where Routemap looks, nothing is
 * checked: a helper it defines would be reported as unknown.
 */
import { join, relative, sep } from "node:path";
import { autoloadRoots, definedHelperNames, deviseUrlHelperNames, layoutFacts, partialLocalKeys, UNKNOWN, type ActionEndpoint, type AppLayouts, type LayoutFacts, type RouteMapper, type Span, type TestSupport, type TestSupportCause, type UrlOptionsFacts } from "@routemap/shared-mapper";
import { camelize } from "@routemap/shared-mapper/inflector";
import { walk, type FileSystem } from "../fileSystem.js";
import { followedOnLine, setsUrlOptions } from "./textScans.js";
import { fileOfConstant, type AppGems } from "./appGems.js";
import type { HelperScope } from "../features/helperCalls.js";

/**
 * The folders whose helper calls are checked: where URL helpers are in scope. `app/components`:
 * view_component's components, whose classes include the app's `Rails.application.routes.url_helpers`
 * (2.x–3.x `Base.inherited`, base.rb 411–420 in 2.50.0, 572–576 in 3.26.0; 4.x in Base's body,
 * base.rb 49–50 in 4.13.0) and whose sidecar templates compile into their methods; their URL
 * options are the rendering controller's, as a helper's are (ActionView's RoutingUrlFor). In an
 * isolated engine they still have the app's helpers: engineContexts.ts leaves them unchecked there.
 */
const CHECKED = ["app/views", "app/controllers", "app/helpers", "app/mailers", "app/components", "test", "spec"];
/** Where the app's own code may define a helper-like method. */
const DEFINING = ["app", "lib", "config", "test", "spec"];

export const isCheckedFile = (path: string) => /\.(rb|erb|haml|slim|jbuilder|builder)$/.test(path);

/**
 * Where the rest of `app/` and `lib/` call URL helpers, they do it through
 * `Rails.application.routes.url_helpers` (helpers are not in scope there): only those calls are
 * checked, as a receiver-less `image_url` may be a model's own attribute.
 */
const EXPLICIT = ["app", "lib"];

/**
 * How the helper calls of a file of the app at `root` are checked: all of them, only those on
 * `Rails.application.routes.url_helpers`, or none.
 */
export function helperScope(root: string, path: string): HelperScope | undefined {
  if (!isCheckedFile(path)) return undefined;
  const { checked, explicit } = scopeFolders(root);
  if (checked.some((dir) => path.startsWith(dir))) return "all";
  return path.endsWith(".rb") && explicit.some((dir) => path.startsWith(dir)) ? "explicit" : undefined;
}

/**
 * The folders of `helperScope`, each with its separator, for the last root asked: `check` asks
 * for every file of a large app three times, and joining the paths each time was 0.2 s of its
 * main thread's 5 s on issue 30's app.
 */
let lastScopeFolders: { root: string; checked: string[]; explicit: string[] } | undefined;
function scopeFolders(root: string): { checked: string[]; explicit: string[] } {
  if (lastScopeFolders?.root !== root) {
    lastScopeFolders = { root, checked: CHECKED.map((dir) => join(root, ...dir.split("/")) + sep), explicit: EXPLICIT.map((dir) => join(root, dir) + sep) };
  }
  return lastScopeFolders;
}

/** Whether the helper calls of a file of the app at `root` are checked. */
export function isHelperCheckedFile(root: string, path: string): boolean {
  return helperScope(root, path) !== undefined;
}

/**
 * `path` relative to `root`, `/` between its parts. A path under `root` with no `.` or `..`
 * part is sliced: `path.relative` resolves both paths first, and the checks ask for every call of
 * every file (a large app's `check` spent 0.4 s in it).
 */
export function relativePosix(root: string, path: string): string {
  const plain = path.startsWith(root + sep) && !path.includes(`${sep}.`);
  const rel = plain ? path.slice(root.length + 1) : relative(root, path);
  return sep === "/" ? rel : rel.split(sep).join("/");
}

export function checkedFiles(root: string, fs: FileSystem): string[] {
  const all = CHECKED.flatMap((dir) => walk(fs, join(root, ...dir.split("/")), isCheckedFile));
  const taken = new Set(all);
  const explicit = EXPLICIT.flatMap((dir) => walk(fs, join(root, dir), (p) => p.endsWith(".rb") && !taken.has(p)));
  return [...all, ...explicit];
}

/** The folders whose files may define a helper-like method: the app's, and its engines' beside it. */
function definingDirs(root: string, engineRoots: readonly string[]): string[] {
  return [...DEFINING.map((d) => join(root, d)), ...engineRoots.flatMap((r) => [join(r, "app"), join(r, "lib")])];
}

/**
 * What the app's files define for its URL helper calls, kept per file: the helper-like names
 * they may define, how they set `default_url_options`, and which are mailers. An edit reads that
 * file again, not the whole app (the language server asks on every keystroke in an open view).
 */
export class DefinedNames {
  private readonly byFile = new Map<string, string[]>();
  private readonly urlOptionsByFile = new Map<string, UrlOptionsFacts>();
  /** The superclasses each Ruby file's classes name (`class A < B`: "B", its last name), for whether a class has subclasses in the app. */
  private readonly superclassesByFile = new Map<string, string[]>();
  private readonly dirs: string[];
  private union: Set<string> | undefined;
  /** `namesOutsideHelpers()`, while no file is read again. */
  private testScope: { names: Set<string>; hidden: string[] } | undefined;
  private defaults: ReadonlySet<string> | typeof UNKNOWN | undefined;
  /** Controllers (and their concerns) that set `url_options`/`default_url_options`: what a request's URLs get is not known. */
  private readonly controllerUrlOptions = new Set<string>();
  /** Methods the app's code calls on a controller from outside it (`controller.current_menu_item` in a helper or lib/), by file: each name and its 0-based line. */
  private readonly controllerCallsByFile = new Map<string, { name: string; line: number }[]>();
  private controllerCallsCache: Map<string, { path: string; line: number }> | undefined;
  /** `XController.action(:y)` in the app's code (a middleware, a Rack app in lib/), by file: actions requests reach without a route. */
  private readonly endpointsByFile = new Map<string, ActionEndpoint[]>();
  private endpointsCache: ActionEndpoint[] | undefined;
  /** Mailer files and their templates' folder (`app/mailers/user_mailer.rb` → `user_mailer`). */
  private readonly mailers = new Map<string, string>();
  /** The class each file of app/mailers opens first and its superclass, as written (`DigestMailer` → `ApplicationMailer`). */
  private readonly mailerClasses = new Map<string, { name: string; superclass: string | undefined }>();
  /** Files of app/mailers, app/helpers or lib that include the routes' helpers themselves (`include …url_helpers`, `helper …url_helpers`): a mailer may then have path helpers. */
  private readonly pathHelperIncludes = new Set<string>();
  /** Templates a file renders by a name with a folder (`render "admin/reports/index"`), by file: another controller may render them. */
  private readonly renderedByName = new Map<string, string[]>();
  private rendered: Set<string> | undefined;
  private rendersKeyText: string | undefined;
  /** The `x_path:` keys each file writes (locals it may pass to partials), or null where it builds such names. */
  private readonly localKeys = new Map<string, string[] | null>();
  private locals: ReadonlySet<string> | null | undefined;
  /** What each file says of layouts (`layoutFacts`), and the files under app/views/layouts. */
  private readonly layoutFactsByFile = new Map<string, LayoutFacts>();
  private readonly layoutPaths = new Set<string>();
  private layoutsCache: AppLayouts | undefined;
  private layoutsKeyCache: string | undefined;
  /** `templateFolder` and `runsWithoutRequest` per path, while no file is read again (they depend on every file's renders and mailers). */
  private readonly folders = new Map<string, string | undefined>();
  private readonly withoutRequest = new Map<string, boolean>();
  /** test/ and spec/ files that are not tests (test_helper.rb, rails_helper.rb, support files), by path relative to the root. */
  private readonly testHelpers = new Map<string, string>();
  private support: TestSupport | undefined;
  private fixtures: string[] | undefined;
  /** The last names of the modules each file of app/ and lib/ defines (a test may include one). */
  private readonly modulesByFile = new Map<string, string[]>();
  /** The app's integration tests and request specs (relative paths): the helpers' hooks are said only for a kind of test the app has. */
  private readonly integrationTests = new Set<string>();

  /**
   * `mapper`: what reads files' `default_url_options` and the test helpers (without it, neither
   * is read). `o.read: false`: the files are read by the caller (`paths`, `readFiles`), a batch at a time.
   */
  constructor(
    private readonly root: string,
    engineRoots: readonly string[],
    private readonly fs: FileSystem,
    private readonly text: (path: string) => string | undefined,
    private readonly mapper?: Pick<RouteMapper, "urlOptions" | "testSupport">,
    o: { read?: boolean } = {},
  ) {
    this.dirs = definingDirs(root, engineRoots);
    if (o.read !== false) this.readFiles(this.paths());
  }

  /** The files whose names it reads: the checked files of its folders, in the order it reads them. */
  paths(): string[] {
    return this.dirs.flatMap((dir) => walk(this.fs, dir, isCheckedFile));
  }

  /** Reads the names of files not read before (`paths`' order kept, as the constructor reads them). */
  readFiles(paths: readonly string[]): void {
    for (const path of paths) this.read(path);
  }

  /**
   * What the app's test helpers do to an integration session (`TestSupport`), read once while
   * none of them changes; the fixtures' names (accessors like `posts(:one)`) as the folders list them then.
   */
  testSupport(): TestSupport | undefined {
    if (!this.mapper) return undefined;
    this.fixtures ??= ["test/fixtures", "spec/fixtures"].flatMap((dir) =>
      walk(this.fs, join(this.root, ...dir.split("/")), (p) => p.endsWith(".yml")).map((p) => relativePosix(join(this.root, ...dir.split("/")), p).replace(/\.yml$/, "").replace(/\//g, "_")),
    );
    if (this.support) return this.support;
    // Asked for each test file checked: the gems' files are looked up once, with the helpers.
    const gemModules = this.gemLib ? gemModuleFiles(this.testHelpers.values(), this.gemLib) : undefined;
    return (this.support = this.mapper.testSupport(this.testHelpers, { fixtures: this.fixtures, appModules: new Set([...this.modulesByFile.values()].flat()), gemModules }));
  }

  /**
   * Where a `require` of a path finds it among the installed gems (`AppGems.libFile`): set by the
   * host where the gems can be read, for the gems' modules the test helpers include.
   */
  gemLib: ((relative: string) => { path: string; text: string } | undefined) | undefined;

  /** The test helpers' hooks Routemap cannot follow, for the kinds of integration tests the app has (paths relative to the root). */
  testSupportCauses(): TestSupportCause[] {
    const kinds = new Set([...this.integrationTests].map((p) => (p.startsWith("test/") ? "integration" : "request")));
    return kinds.size ? (this.testSupport()?.causes() ?? []).filter((c) => kinds.has(c.tests)) : [];
  }

  /** A file changed, appeared or went: its names are read again. */
  update(path: string): void {
    if (!isCheckedFile(path) || !this.dirs.some((dir) => path.startsWith(dir + sep))) return;
    this.byFile.delete(path);
    this.urlOptionsByFile.delete(path);
    this.superclassesByFile.delete(path);
    this.mailers.delete(path);
    this.mailerClasses.delete(path);
    this.pathHelperIncludes.delete(path);
    this.renderedByName.delete(path);
    this.rendered = undefined;
    this.rendersKeyText = undefined;
    this.localKeys.delete(path);
    this.locals = undefined;
    this.layoutFactsByFile.delete(path);
    this.layoutPaths.delete(path);
    this.layoutsCache = undefined;
    this.layoutsKeyCache = undefined;
    this.controllerUrlOptions.delete(path);
    if (this.controllerCallsByFile.delete(path)) this.controllerCallsCache = undefined;
    if (this.endpointsByFile.delete(path)) this.endpointsCache = undefined;
    this.folders.clear();
    this.withoutRequest.clear();
    if (this.testHelpers.delete(relativePosix(this.root, path))) (this.support = undefined), (this.routeModulesCache = undefined);
    this.integrationTests.delete(relativePosix(this.root, path));
    if (this.modulesByFile.delete(path)) this.support = undefined;
    this.read(path);
    this.union = undefined;
    this.testScope = undefined;
    this.defaults = undefined;
  }

  /**
   * The keys `default_url_options` may give where no request is: every key the app's files set
   * (a controller's own do not reach mailers), or "unknown" when one sets what cannot be read.
   */
  urlDefaults(): ReadonlySet<string> | typeof UNKNOWN {
    if (this.defaults === undefined) {
      const keys = new Set<string>();
      let unknown = false;
      const subclassed = this.subclassed();
      for (const [path, facts] of this.urlOptionsByFile) {
        unknown ||= facts.unknown && !this.ownClassesOnly(path, facts, subclassed);
        for (const key of facts.keys) keys.add(key);
      }
      this.defaults = unknown ? UNKNOWN : keys;
    }
    return this.defaults;
  }

  /**
   * `urlDefaults` for one file's code: "unknown" in a file whose class defines its own
   * `default_url_options` that Routemap cannot read (`ownClassesOnly`), which gives that class's
   * URLs, and no one else's, their options.
   */
  urlDefaultsAt(path: string): ReadonlySet<string> | typeof UNKNOWN {
    const own = this.urlOptionsByFile.get(path);
    return own?.unknown ? UNKNOWN : this.urlDefaults();
  }

  /** The last names of the superclasses the app's classes name (`class A < B`), over all its files. */
  private subclassed(): Set<string> {
    return new Set([...this.superclassesByFile.values()].flat());
  }

  /**
   * Whether all a file's unreadable URL options are its classes' own methods (a serializer's
   * `def default_url_options`), whose classes no other class of the app inherits from: outside
   * that file they give no URL its options. Not a mailer's or a component's (their templates run
   * with the class's options), nor a class the app subclasses anywhere.
   */
  private ownClassesOnly(path: string, facts: UrlOptionsFacts, subclassed: ReadonlySet<string>): boolean {
    if (!facts.unknownOnlyIn || /^app\/(?:mailers|components|views)\//.test(relativePosix(this.root, path))) return false;
    return facts.unknownOnlyIn.every((name) => !subclassed.has(name.slice(name.lastIndexOf(":") + 1)));
  }

  /**
   * The keys `default_url_options` gives one mailer and its templates (actionmailer 6.1: a class
   * attribute): the options of the nearest class of its chain that assigns its own (with what is
   * written into that Hash in place), else ActionMailer::Base's (the configuration's, and what
   * mailers that assign none write into it in place), with the routes' own in both. Undefined
   * when the file is not a mailer's or its mailer is not known; "unknown" when a class of its
   * chain defines the method, assigns what cannot be read, or is not the app's (a gem's base).
   */
  mailerUrlDefaults(path: string): ReadonlySet<string> | typeof UNKNOWN | undefined {
    const rel = relativePosix(this.root, path);
    const view = /^app\/views\/(.+)\/[^/]+$/.exec(rel);
    const file = rel.startsWith("app/mailers/") ? path : view ? [...this.mailers].find(([, folder]) => folder === view[1])?.[0] : undefined;
    if (file === undefined || !this.mailerClasses.has(file)) return undefined;
    const byClass = new Map([...this.mailerClasses].map(([p, c]) => [c.name, p]));
    const general = new Set<string>();
    for (const facts of this.urlOptionsByFile.values()) {
      if (facts.by?.generalUnknown) return UNKNOWN;
      for (const key of facts.by?.general ?? []) general.add(key);
    }
    // The chain, nearest first, up to ActionMailer::Base.
    const chain: string[] = [];
    for (let at: string | undefined = file; at !== undefined; ) {
      if (chain.includes(at)) return UNKNOWN;
      chain.push(at);
      const superclass: string | undefined = this.mailerClasses.get(at)?.superclass;
      if (superclass === "ActionMailer::Base") break;
      at = superclass === undefined ? undefined : byClass.get(superclass);
      if (at === undefined) return UNKNOWN;
    }
    const facts = (p: string) => this.urlOptionsByFile.get(p)?.by;
    const owner = chain.find((p) => facts(p)?.own !== undefined);
    const own = owner === undefined ? undefined : facts(owner)!.own!;
    if (own === "unknown") return UNKNOWN;
    // Written in place into the owner's Hash: by it and by the mailers under it that assign none of their own.
    const sharesHash = (p: string): boolean => {
      for (let at: string | undefined = p; at !== undefined; at = byClass.get(this.mailerClasses.get(at)?.superclass ?? "")) {
        if (at === owner) return true;
        if (facts(at)?.own !== undefined) return false;
      }
      return owner === undefined;
    };
    const keys = new Set([...general, ...(own ?? [])]);
    for (const [p] of this.mailerClasses) if (sharesHash(p)) for (const key of facts(p)?.inPlace ?? []) keys.add(key);
    if (owner === undefined) for (const f of this.urlOptionsByFile.values()) for (const key of f.by?.mailer ?? []) keys.add(key);
    return keys;
  }

  /**
   * Why URL options are not known (checkStatus.ts): the files whose `default_url_options` cannot
   * be read, and the controllers that set their requests' `url_options`.
   */
  urlOptionsFiles(): { unknown: { path: string; at?: Span; classes?: string[] }[]; controllers: string[] } {
    const subclassed = this.subclassed();
    const unknown = [...this.urlOptionsByFile]
      .filter(([, facts]) => facts.unknown)
      .map(([path, facts]) => ({ path, at: facts.unknownAt, ...(this.ownClassesOnly(path, facts, subclassed) ? { classes: facts.unknownOnlyIn } : {}) }));
    return { unknown, controllers: [...this.controllerUrlOptions] };
  }

  /** Whether a controller or concern of the app sets the options of its requests' URLs. */
  requestUrlOptions(): boolean {
    return this.controllerUrlOptions.size > 0;
  }

  /** Whether a file's code runs with no request: a mailer, or a mailer's template (not a partial, which a controller's view may render too). */
  runsWithoutRequest(path: string): boolean {
    let runs = this.withoutRequest.get(path);
    if (runs === undefined) this.withoutRequest.set(path, (runs = this.workOutRunsWithoutRequest(path)));
    return runs;
  }

  private workOutRunsWithoutRequest(path: string): boolean {
    const rel = relativePosix(this.root, path);
    if (rel.startsWith("app/mailers/")) return true;
    const view = /^app\/views\/(.+)\/([^/]+)$/.exec(rel);
    return !!view && !view[2].startsWith("_") && [...this.mailers.values()].includes(view[1]);
  }

  /**
   * Whether a file's receiver-less path helpers are sure to be missing: a mailer of app/mailers
   * (not a concern) or a mailer's template (not a partial, not a layout), where no mailer or
   * helper module of the app includes the routes' helpers in full.
   */
  mailerWithoutPathHelpers(path: string): boolean {
    if (this.pathHelperIncludes.size) return false;
    const rel = relativePosix(this.root, path);
    if (/^app\/mailers\/(?!concerns\/).*\.rb$/.test(rel)) return true;
    const view = /^app\/views\/(.+)\/([^/]+)$/.exec(rel);
    return !!view && !view[2].startsWith("_") && [...this.mailers.values()].includes(view[1]);
  }

  /**
   * The folder of a template only its own controller's requests render: not a partial, a layout,
   * a mailer's, or one a file of the app renders by its full name (`render "admin/reports/index"`,
   * from another controller perhaps). Undefined for any other file.
   */
  templateFolder(path: string): string | undefined {
    // Asked several times per call of each template (its request, its recall, its targets).
    if (!this.folders.has(path)) this.folders.set(path, this.workOutTemplateFolder(path));
    return this.folders.get(path);
  }

  private workOutTemplateFolder(path: string): string | undefined {
    const rel = relativePosix(this.root, path);
    const view = /^app\/views\/(.+)\/([^/.]+)[^/]*$/.exec(rel);
    if (!view || view[2].startsWith("_") || view[1] === "layouts" || view[1].startsWith("layouts/") || this.runsWithoutRequest(path)) return undefined;
    this.rendered ??= new Set([...this.renderedByName.values()].flat());
    return this.rendered.has(`${view[1]}/${view[2]}`) ? undefined : view[1];
  }

  /** The app's controllers that render the template `name` (`blog/posts/index`) by its full name. */
  controllersRendering(name: string): string[] {
    const controllers = join(this.root, "app", "controllers") + sep;
    return this.filesRendering(name).filter((path) => path.startsWith(controllers));
  }

  /** The app's files (its views, controllers…) that render `name` by its full name (`render "blog/posts/teaser"`, a partial). */
  filesRendering(name: string): string[] {
    const out: string[] = [];
    for (const [path, names] of this.renderedByName) if (names.includes(name)) out.push(path);
    return out;
  }

  /**
   * What `controllersRendering` and `filesRendering` answer from, as text: the same while no
   * file's render of a template by its full name changes (an engine's checks that read it are
   * made again when it does).
   */
  rendersKey(): string {
    if (this.rendersKeyText === undefined) {
      const lines: string[] = [];
      for (const [path, names] of this.renderedByName) lines.push(`${path}\0${names.join("\0")}`);
      this.rendersKeyText = lines.sort().join("\n");
    }
    return this.rendersKeyText;
  }

  /**
   * The names a `render` may pass to a partial as locals, over every file of the app; null when a
   * file builds such a name at run time (then any bare name in a partial may be a local).
   */
  partialLocals(): ReadonlySet<string> | null {
    if (this.locals === undefined) {
      const names = new Set<string>();
      let known = true;
      for (const keys of this.localKeys.values()) {
        if (keys === null) known = false;
        else for (const key of keys) names.add(key);
      }
      this.locals = known ? names : null;
    }
    return this.locals;
  }

  /** What the app's files say of layouts: a new object after a file changes (`unreachedLayoutFiles`' input). */
  layouts(): AppLayouts {
    this.layoutsCache ??= {
      byFile: this.layoutFactsByFile,
      layoutFiles: [...this.layoutPaths].map((path) => [path, relativePosix(this.root, path).replace(/^app\/views\//, "").replace(/\.[^/]*$/, "")] as const),
      // A mailer's layout by its name (layouts/user_mailer), where no controller is.
      mailerLayouts: [...this.mailers.values()].map((m) => `layouts/${m}`),
    };
    return this.layoutsCache;
  }

  /** What `layouts` answers from, as text: the same while no file's layout facts, layout file or mailer changes. */
  layoutsKey(): string {
    if (this.layoutsKeyCache === undefined) {
      const { byFile, layoutFiles, mailerLayouts } = this.layouts();
      const facts = [...byFile].map(([path, f]) => `${path}\0${JSON.stringify(f)}`).sort();
      this.layoutsKeyCache = [...facts, ...layoutFiles.map(([path]) => path).sort(), ...mailerLayouts.sort()].join("\n");
    }
    return this.layoutsKeyCache;
  }

  /**
   * The engines whose route helpers the test support includes (`config.include
   * V2Api.routes.url_helpers, v2: true`, trade-tariff-backend's): in the tests of that tag the
   * engine's helpers are receiver-less (the tags are not told apart: in every test).
   */
  testRouteModules(): ReadonlySet<string> {
    if (!this.routeModulesCache) {
      this.routeModulesCache = new Set();
      for (const text of this.testHelpers.values()) {
        for (const m of text.matchAll(/\binclude[ \t(]+(?:::)?([A-Z][\w:]*)\.routes\.url_helpers\b/g)) this.routeModulesCache.add(m[1]);
      }
    }
    return this.routeModulesCache;
  }
  private routeModulesCache: Set<string> | undefined;

  /**
   * The names a call in `path` (its text `text`) may reach as the app's own methods. A test
   * outside test/helpers, spec/helpers and spec/views runs where Rails includes no view helper
   * (an integration session has the routes' helpers, ActionDispatch::Integration::Runner
   * delegating to it; controller, mailer and system tests none of app/helpers): there a name
   * defined only in app/helpers is the route's helper, unless a test helper or the test itself
   * names the module (`include PostsHelper`). Everywhere else, `all()`.
   */
  definedIn(path: string, text: string): ReadonlySet<string> {
    const rel = relativePosix(this.root, path);
    if (!/^(?:test|spec)\/.*_(?:test|spec)\.rb$/.test(rel) || /^(?:test|spec)\/(?:.*\/)?(?:helpers|views)\//.test(rel)) return this.all();
    const scope = (this.testScope ??= this.namesOutsideHelpers());
    const named = scope.hidden.filter((file) => this.namesModule(file, text));
    if (!named.length) return scope.names;
    const names = new Set(scope.names);
    for (const file of named) for (const name of this.byFile.get(file)!) names.add(name);
    return names;
  }

  /** The names of every file but app/helpers' files whose modules no test helper names (`hidden`, looked at again per test). */
  private namesOutsideHelpers(): { names: Set<string>; hidden: string[] } {
    const helpersDir = join(this.root, "app", "helpers") + sep;
    const testHelperTexts = [...this.testHelpers.values()];
    const names = new Set<string>();
    const hidden: string[] = [];
    for (const [file, defined] of this.byFile) {
      if (file.startsWith(helpersDir) && !testHelperTexts.some((text) => this.namesModule(file, text))) hidden.push(file);
      else for (const name of defined) names.add(name);
    }
    return { names, hidden };
  }

  /** Whether `text` names a module `file` defines (or `file` defines none Routemap can name). */
  private namesModule(file: string, text: string): boolean {
    const modules = this.modulesByFile.get(file);
    return !modules || modules.some((name) => new RegExp(`\\b${name}\\b`).test(text));
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
    if (found.includes("_path") || found.includes("_url")) {
      const keys = new Set<string>();
      this.localKeys.set(path, partialLocalKeys(found, keys) ? [...keys] : null);
    }
    const rel = relativePosix(this.root, path);
    if (rel.startsWith("app/views/layouts/")) this.layoutPaths.add(path);
    const layouts = layoutFacts(found, { appController: rel.startsWith("app/controllers/") });
    if (layouts) this.layoutFactsByFile.set(path, layouts);
    const mailer = /^app\/mailers\/(.+)\.rb$/.exec(rel);
    if (mailer) this.mailers.set(path, mailer[1]);
    // A line's own indentation, not `\s*`: that ran from every line start over all the blank lines after it.
    const opened = mailer && /^[^\S\n\r\u2028\u2029]*class\s+((?:::)?[A-Z][\w:]*)(?:\s*<\s*((?:::)?[A-Z][\w:]*))?/m.exec(found);
    if (opened) this.mailerClasses.set(path, { name: opened[1].replace(/^::/, ""), superclass: opened[2]?.replace(/^::/, "") });
    if (rel.startsWith("app/") && found.includes("render")) {
      const names = [...followedOnLine(found, /render/g, /["']\/?([a-z0-9_]+(?:\/[a-z0-9_]+)+)/g)].map((m) => m[1]);
      if (names.length) this.renderedByName.set(path, names);
    }
    if (/^(?:app\/mailers|app\/helpers|lib)\//.test(rel) && !followedOnLine(found, /\b(?:include|extend|helper)\b/g, /url_helpers/g).next().done) this.pathHelperIncludes.add(path);
    // A controller's own `default_url_options` runs with its requests, never where none is.
    if (this.mapper && found.includes("url_options") && path.endsWith(".rb") && !/^app\/controllers\/.*_controller\.rb$/.test(rel)) {
      this.urlOptionsByFile.set(path, this.mapper.urlOptions(path, found));
    }
    if (path.endsWith(".rb") && found.includes("<")) {
      // A line's own indentation only, as for a mailer's class.
      const supers = [...found.matchAll(/^[^\S\n\r\u2028\u2029]*class[ \t]+[\w:]+[ \t]*<[ \t]*((?:::)?[A-Z][\w:]*)/gm)].map((m) => m[1].slice(m[1].lastIndexOf(":") + 1));
      if (supers.length) this.superclassesByFile.set(path, supers);
    }
    if (/^(?:test|spec)\/.*\.rb$/.test(rel) && !/_(?:test|spec)\.rb$/.test(rel)) {
      this.testHelpers.set(rel, found);
      this.support = undefined;
      this.routeModulesCache = undefined;
    }
    if (/^(?:test\/integration\/.*_test|spec\/requests\/.*_spec)\.rb$/.test(rel)) this.integrationTests.add(rel);
    if (/^(?:app|lib)\/.*\.rb$/.test(rel) && found.includes("module ")) {
      // Indentation of the line only, as for a mailer's class.
      const modules = [...found.matchAll(/^[^\S\n\r\u2028\u2029]*module\s+(?:[A-Z]\w*::)*([A-Z]\w*)/gm)].map((m) => m[1]);
      if (modules.length) {
        this.modulesByFile.set(path, modules);
        this.support = undefined;
      }
    }
    if (rel.startsWith("app/controllers/") && found.includes("url_options") && setsUrlOptions(found)) this.controllerUrlOptions.add(path);
    if (found.includes("controller.")) {
      // `controller.x`, `@controller.x`, and a view's as another receiver's (`v.controller.x` in the
      // breadcrumb procs laa-court-data-ui's controllers give breadcrumbs_on_rails, run on the view).
      // Not `x.controller.new`: a class made (ekylibre's `equipment.controller.new`), no action called.
      const calls = [...found.matchAll(/(?<!\w)@?controller\.(?!new\b)([a-z_]\w*[?!]?)/g)].map((m) => ({ name: m[1], line: lineAt(found, m.index) }));
      if (calls.length) {
        this.controllerCallsByFile.set(path, calls);
        this.controllerCallsCache = undefined;
      }
    }
    if (/^(?:app|lib|config)\//.test(rel) && found.includes("action") && (found.includes(".action") || rel.startsWith("app/controllers/"))) {
      const endpoints = actionEndpointsIn(path, rel, found);
      if (endpoints.length) {
        this.endpointsByFile.set(path, endpoints);
        this.endpointsCache = undefined;
      }
    }
  }

  /**
   * The actions the app's code runs as Rack apps (`ErrorsController.action(:show)` in a
   * middleware of app/ or lib/, or in the configuration), in path order: requests reach them
   * without a route, so no unreached-action hint is given for them (`unreachedActions`).
   */
  actionEndpoints(): readonly ActionEndpoint[] {
    this.endpointsCache ??= [...this.endpointsByFile].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).flatMap(([, found]) => found);
    return this.endpointsCache;
  }

  /**
   * The methods the app's code calls on a controller from outside it (`controller.x`, as a
   * helper or a view does): each name, with its first call in path order. Such a method must stay
   * public, so the unreached-action hint says so (features/diagnostics.ts `withOutsideCalls`).
   */
  controllerCalls(): ReadonlyMap<string, { path: string; line: number }> {
    if (!this.controllerCallsCache) {
      this.controllerCallsCache = new Map();
      for (const [path, calls] of [...this.controllerCallsByFile].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
        for (const call of calls) if (!this.controllerCallsCache.has(call.name)) this.controllerCallsCache.set(call.name, { path, line: call.line });
      }
    }
    return this.controllerCallsCache;
  }
}

/**
 * `XController.action(:y)` (or `("y")`) in a file's text, and a controller's own `action(:y)`. Read from the text, not a parse: what it
 * finds only takes unreached-action hints away, so a match in a comment or a string costs at most
 * a hint, never a false report.
 */
function actionEndpointsIn(path: string, rel: string, text: string): ActionEndpoint[] {
  const span = (at: number, length: number) => {
    const line = lineAt(text, at);
    const character = at - (text.lastIndexOf("\n", at - 1) + 1);
    return { file: path, start: { line, character }, end: { line, character: character + length } };
  };
  const found = [...text.matchAll(/(?<![\w:])(?:::)?((?:[A-Z]\w*::)*[A-Z]\w*Controller)\s*\.\s*action\s*\(?\s*(?::|["'])([A-Za-z_]\w*[?!]?)/g)].map((m) => ({ controller: m[1], action: m[2], span: span(m.index, m[0].length) }));
  // In a controller's own class methods, `action(:y)` or `self.action(:y)` (forms-admin's
  // `def self.call(env) action(:redirect_to_sign_in).call(env) end`, its class Warden's failure app):
  // controllers have no instance method `action`.
  const own = /^app\/controllers\/(.+)_controller\.rb$/.exec(rel);
  if (own) {
    const controller = `${camelize(own[1])}Controller`;
    for (const m of text.matchAll(/(?<![\w:.])(?:self\s*\.\s*)?action\s*\(\s*(?::|["'])([A-Za-z_]\w*[?!]?)/g)) found.push({ controller, action: m[1], span: span(m.index, m[0].length) });
  }
  return found;
}

/** The 0-based line of a UTF-16 offset. */
function lineAt(text: string, offset: number): number {
  let line = 0;
  for (let i = text.indexOf("\n"); i >= 0 && i < offset; i = text.indexOf("\n", i + 1)) line++;
  return line;
}

/**
 * The names an app's files define and what its test helpers do, as `routemap check` reads them:
 * the app's and its engines' files through `fs`, and the installed gems' files for the gems'
 * modules the test helpers include (`gemLib`). scripts/integration-coverage.mjs reads an app's
 * tests through this same function.
 */
export function checkDefinedNames(o: { root: string; engineRoots: readonly string[]; fs: FileSystem; mapper: Pick<RouteMapper, "urlOptions" | "testSupport">; appGems: AppGems | undefined }): DefinedNames {
  const names = new DefinedNames(o.root, o.engineRoots, o.fs, (p) => o.fs.readFile(p), o.mapper);
  const gems = o.appGems;
  names.gemLib = gems && ((relative) => gems.libFile(relative));
  return names;
}

/**
 * The files of the installed gems that define the modules the test helpers include
 * (`include GdsApi::TestHelpers::PublishingApi`), and the modules those include in turn (a
 * name looked up from the module's namespace outwards, as Ruby's constants are), by the file
 * their name gives. A module whose file is not found stays a name Routemap does not read.
 */
function gemModuleFiles(helpers: Iterable<string>, lib: (relative: string) => { path: string; text: string } | undefined): Map<string, string> {
  const out = new Map<string, string>();
  const seen = new Set<string>();
  const INCLUDE = /^\s*(?:config\.)?(?:include|prepend)\s*\(?\s*(?:::)?((?:[A-Z]\w*::)*[A-Z]\w*)/gm;
  const queue: { name: string; namespace: string[]; depth: number }[] = [];
  for (const text of helpers) for (const m of text.matchAll(INCLUDE)) queue.push({ name: m[1], namespace: [], depth: 0 });
  while (queue.length && out.size < 64) {
    const { name, namespace, depth } = queue.shift()!;
    // Ruby looks a relative name up in each enclosing namespace, innermost first.
    for (let i = namespace.length; i >= 0; i--) {
      const full = [...namespace.slice(0, i), name].join("::");
      if (seen.has(full)) break;
      const found = lib(fileOfConstant(full));
      if (!found) continue;
      seen.add(full);
      out.set(found.path, found.text);
      if (depth < 3) for (const m of found.text.matchAll(INCLUDE)) queue.push({ name: m[1], namespace: full.split("::"), depth: depth + 1 });
      break;
    }
  }
  return out;
}

/** Rails' own gems: their `url_options` are what URL generation is modelled on. */
const RAILS_GEMS = new Set(["actionpack", "actionview", "actionmailer", "actionmailbox", "actiontext", "actioncable", "activestorage", "railties", "activejob", "activesupport", "activemodel", "activerecord"]);

/** What the locked gems define, read from their installed copies: helper-like names and controllers. */
export interface GemIndex {
  helpers: Set<string>;
  /** Controller paths (`devise/sessions`, `rails/info`) of their `app/controllers` and `lib`. */
  controllers: Set<string>;
  /** Their templates, relative to their `app/views` (Rails adds every engine's to the view paths). */
  views: string[];
  /** Gems other than Rails' own that define `url_options` or `default_url_options` (`route_translator`'s locale): a request's URLs may get keys from them. */
  urlOptions: string[];
  /**
   * The controllers of the gems whose controllers define them (`avo/base` → the gem): they reach
   * only the requests of the app's controllers that inherit one.
   */
  urlOptionsControllers: Map<string, string>;
  /** The layouts the gems' code names (Rails' own gems, whose layouts the model follows, left out). */
  layouts: { names: string[]; dynamic?: boolean; expressions?: string[] };
  /** Names the gems only speak of (`GemFacts.mentioned`), which no gem defines: in `helpers` too (never said to be undefined), but a call of one is a route's. */
  mentioned: Set<string>;
  /** Class macros that define methods (`GemFacts.macros`), Rails' own gems' left out, each with its gem. */
  macros: Map<string, string>;
}

/** Why the app's gems were not read: in full (said once, at Gemfile.lock), and in a few words (for a finding that depends on it). */
export interface UnreadGems {
  why: string;
  brief: string;
}
const UNREAD_BRIEF = "Routemap could not read every gem of the app (Gemfile.lock's information says which)";

/**
 * What the locked gems define, read once from their installed copies (appGems.ts); or why it
 * cannot be known: no lockfile, a gem not installed where Routemap looks (the message says
 * where it looked), or an installed gem whose files cannot all be read.
 */
export function readInstalledGems(gems: AppGems | undefined): GemIndex | UnreadGems {
  if (!gems) return { why: "there is no Gemfile.lock to say which gems the app has", brief: "there is no Gemfile.lock to say which gems the app has" };
  const missing = gems.missingBecause();
  if (missing) return { why: `${missing}, so what gems define is unknown`, brief: UNREAD_BRIEF };
  // Helpers gems generate from interpolated names, which reading them cannot find.
  const index: GemIndex = { helpers: new Set(deviseUrlHelperNames(gems.versions)), controllers: new Set(), views: [], urlOptions: [], urlOptionsControllers: new Map(), layouts: { names: [] }, mentioned: new Set(), macros: new Map() };
  for (const name of gems.installed.keys()) {
    const facts = gems.facts(name);
    if (!facts) continue;
    if ("why" in facts) return { why: `${facts.why}, so what gems define is unknown`, brief: UNREAD_BRIEF };
    for (const helper of facts.helpers) index.helpers.add(helper);
    for (const name of facts.mentioned ?? []) index.mentioned.add(name);
    if (!RAILS_GEMS.has(name)) for (const macro of facts.macros ?? []) if (!index.macros.has(macro)) index.macros.set(macro, name);
    for (const controller of facts.controllers) index.controllers.add(controller);
    index.views.push(...facts.views);
    if (facts.urlOptions && !RAILS_GEMS.has(name)) index.urlOptions.push(name);
    if (facts.layouts && !RAILS_GEMS.has(name)) {
      index.layouts.names.push(...facts.layouts.names);
      if (facts.layouts.dynamic) index.layouts.dynamic = true;
      if (facts.layouts.expressions) (index.layouts.expressions ??= []).push(...facts.layouts.expressions);
    }
    // Any of the gem's controllers may inherit the one that sets them: the gem's other classes are not read.
    if (facts.urlOptionsControllers?.length && !RAILS_GEMS.has(name)) {
      for (const controller of [...facts.controllers, ...facts.urlOptionsControllers]) index.urlOptionsControllers.set(controller.replace(/^concerns\//, ""), name);
    }
  }
  // A name one gem defines and another only speaks of is defined; the others are known all the same.
  for (const name of index.mentioned) if (index.helpers.has(name)) index.mentioned.delete(name);
  for (const name of index.mentioned) index.helpers.add(name);
  return index;
}

/** `…/app/controllers/devise/sessions_controller.rb` → `devise/sessions`; `…/lib/rails/info_controller.rb` → `rails/info`. */
export function controllerPathOf(base: string, path: string): string | undefined {
  const rel = relative(base, path).split(sep).join("/");
  const m = /^(?:controllers\/)?(.+)_controller\.rb$/.exec(rel);
  return m ? m[1] : undefined;
}

/** Folders of an app's root that are not components of it (their own files are read otherwise, or hold none the app loads). */
const NOT_COMPONENTS = new Set(["app", "bin", "config", "coverage", "db", "lib", "log", "node_modules", "public", "spec", "storage", "test", "tmp", "vendor"]);

/**
 * The `app` folders of the app's components, one or two folders down (`plugins/x/app`,
 * `components/x/app`) where they hold an `app/controllers`. The app's own code may put their
 * folders on the autoload paths in a way Routemap does not follow: Redmine's
 * `Redmine::PluginLoader.add_autoload_paths` pushes each plugin's `app/*` folders onto
 * `Rails.autoloaders.main` (lib/redmine/plugin_loader.rb, Redmine 5.0), so a plugin's routes reach
 * `ExampleController` in plugins/sample_plugin/app/controllers. Their controllers may exist.
 */
function componentAppFolders(root: string, fs: FileSystem): string[] {
  const out: string[] = [];
  const folders = (dir: string) => fs.readDir(dir).filter((e) => e.endsWith("/") && !e.startsWith(".")).map((e) => join(dir, e.slice(0, -1)));
  for (const top of folders(root)) {
    if (NOT_COMPONENTS.has(relative(root, top))) continue;
    for (const dir of [top, ...folders(top)]) if (fs.readDir(join(dir, "app", "controllers")).length) out.push(join(dir, "app"));
  }
  return out;
}

/**
 * Controllers of the app outside app/controllers: `lib/` and the other folders of app/ (each an
 * autoload root: cho's `app/cho/work/submissions_controller.rb` is `Work::SubmissionsController`),
 * its engines' own, and its components' (`componentAppFolders`): where one may exist, none is
 * said to be missing.
 */
export function otherControllerPaths(root: string, fs: FileSystem, engineRoots: readonly string[], configured: readonly string[] = []): Set<string> {
  const out = new Set<string>();
  const appFolders = fs.readDir(join(root, "app")).filter((e) => e.endsWith("/") && !e.startsWith(".")).map((e) => e.slice(0, -1));
  // (`configured`: the autoload paths the app's configuration adds, `plugins/*/controllers`.)
  const appRoots = autoloadRoots(appFolders, [...configured]).filter((r) => r !== "app/controllers" && !r.endsWith("/concerns")).map((r) => join(root, r));
  const bases = [...appRoots, ...engineRoots.map((r) => join(r, "app")), ...engineRoots.map((r) => join(r, "lib")), ...componentAppFolders(root, fs)];
  for (const base of new Set(bases)) {
    for (const path of walk(fs, base, (p) => p.endsWith("_controller.rb"))) {
      const controller = controllerPathOf(base, path);
      if (controller) out.add(controller);
    }
  }
  return out;
}

function templatesUnder(fs: FileSystem, viewsDir: string): string[] {
  return walk(fs, viewsDir, () => true).map((p) => relative(viewsDir, p).split(sep).join("/"));
}

/**
 * Templates beyond the app's `app/views`: its engines' and its installed gems' (Rails puts every
 * engine's `app/views` on the view paths, so `devise/sessions/new` may render for the app's own
 * controller too). The gems' only when they can all be read.
 */
export function otherTemplates(fs: FileSystem, engineRoots: readonly string[], gems: GemIndex | { why: string }): string[] {
  return [...engineRoots.flatMap((r) => templatesUnder(fs, join(r, "app", "views"))), ...("why" in gems ? [] : gems.views)];
}
