/**
 * The app's controllers, read from `app/controllers/**` without running them: each one's
 * actions as Rails counts them (AbstractController::Base#action_methods: the public instance
 * methods of the class and its ancestors up to the abstract base, ActionController::Base or
 * ::API), and the templates that make an action exist without a method (implicit render,
 * looked up in the controller's view prefixes, as ActionView's `_prefixes` lists them).
 *
 * A controller is "known" only when everything that could add an action is read: its
 * superclasses down to Rails' base and every module it includes are in the app, and none of
 * them defines methods dynamically (`define_method` of a computed name, `method_missing`,
 * `action_missing`). Only of a known controller may an action be said to be missing.
 */
import * as N from "@ruby/prism/src/nodes.js";
import type { LoadedFile } from "../ruby/loadedFile.js";
import { camelize, underscore, withInflections, type Inflections } from "../inflector.js";
import { branchStatements, constantPathText, definedConstantPath, nestingPaths, someCall, walkCalls } from "../ruby/walk.js";
import type { Span } from "../types.js";
import { API_METHODS, BASE_METHODS } from "./railsControllerMethods.js";

/** The public methods of ActionController::Base and ::API (Rails' `internal_methods`), as sets. */
export const BASE_INTERNAL: ReadonlySet<string> = new Set(BASE_METHODS);
export const API_INTERNAL: ReadonlySet<string> = new Set(API_METHODS);
/** Methods Ruby makes private whatever their `def`'s visibility. */
const ALWAYS_PRIVATE = new Set(["initialize", "initialize_copy", "initialize_clone", "initialize_dup", "respond_to_missing?"]);

export type Visibility = "public" | "protected" | "private";

export interface Action {
  name: string;
  /** The `def` (or `alias`, `attr_reader`…) that defines it. */
  span: Span;
  /** The class or module that defines it. */
  owner: string;
}

export interface Controller {
  /** `admin/users` */
  path: string;
  /** `Admin::UsersController` */
  className: string;
  file: string;
  /** The class's name in its `class` line. */
  span: Span;
  /**
   * Where a new public action goes: the line of the class body's first `private` or
   * `protected` section, else its `end`; and the indentation of the `class` keyword.
   */
  insertAt: Span;
  indent: number;
  /** Public instance methods Rails counts as actions, own and inherited, by name. */
  actions: Map<string, Action>;
  /** Public and protected instance methods defined in the app (Ruby's `instance_methods`, less Rails' and Ruby's own). */
  methods: Set<string>;
  /** Every instance method the app defines for it, private ones included. */
  defined: Set<string>;
  /** Action names a template (`app/views/<prefix>/<name>.*`, not a partial) renders implicitly. */
  templates: Map<string, string>;
  /** Undefined when every ancestor is read; else why an action may exist that Routemap cannot see. */
  unknown?: string;
  /** Methods its class bodies call that neither they nor this reader define (a gem's macro, `list :parts`). */
  foreignCalls?: string[];
  /** The app's classes it inherits from, nearest first. */
  superclasses: string[];
  /** The Rails class its ancestry reaches (`ActionController::Base`), when it reaches one. */
  framework?: string;
  /** The first class of its ancestry that is not the app's nor Rails' (a gem's `Avo::BaseController`), resolved. */
  external?: string;
  /** The modules its app classes include, as written (`Avo::CommonController`). */
  modules: string[];
  /** The methods it and its app ancestors name as callbacks (`Body.callbacks`). */
  callbacks: Record<string, string>;
}

/**
 * What a parsed file of the app says for the model: its class and module bodies, without the
 * file's syntax tree (`controllerFile`). A large app's 5,000 controllers kept their trees: 120
 * MB of heap, which every full collection of a keystroke then walked.
 */
export interface ControllerFile {
  readonly bodies: ReadonlyArray<readonly [string, Body[]]>;
}

/** The bodies of a parsed file: the tree may go once this is made. */
export function controllerFile(file: LoadedFile): ControllerFile {
  const own = new Map<string, Body[]>();
  collect(file, file.program.statements, [], own);
  return { bodies: [...own] };
}

export interface ControllerInput {
  /** Files of `app/controllers/**` (concerns included), as `controllerFile` reads them. */
  files: readonly ControllerFile[];
  /** Paths of the app's templates relative to `app/views` (`posts/index.html.erb`). */
  views: readonly string[];
  /** Another file of the app, by path relative to its root, read (`controllerFile`); for modules included from elsewhere. */
  appFile?: (relative: string) => ControllerFile | undefined;
  /** A gem's module Routemap models: the public methods it adds (none: `[]`); undefined when not modelled. */
  gemModule?: (name: string) => string[] | undefined;
  /** The gem a class macro is of, where the gem gives a controller actions Routemap does not model (`inherit_resources`). */
  gemMacro?: (name: string) => string | undefined;
  /**
   * Where the app's gems cannot be read: for a call in a class body that is not Rails' own, why a
   * gem's macro may define actions there (`classMacros.ts`).
   */
  unreadGemMacro?: (name: string) => string | undefined;
  /** The app's own inflection rules: class names become paths with them. */
  inflections?: Inflections;
  /**
   * The model last built for the same app, whose controller files may have changed since (its
   * templates, inflections, gems and other files have not): a controller whose ancestry reads
   * the same bodies as there is taken from it as it was (`ControllerModel`'s `lookups`).
   */
  previous?: ControllerModel;
}

/** Where a module included in a controller may be defined, as Rails' autoloader would find it. */
const MODULE_ROOTS = ["app/controllers/concerns", "app/helpers", "app/models/concerns", "app/lib", "app/models", "lib"];

/** Rails' abstract bases: their public methods are not actions. */
const BASES = new Set(["ActionController::Base", "ActionController::API", "ActionController::Metal", "AbstractController::Base"]);

/** What one class or module body defines. */
export interface Body {
  name: string;
  kind: "class" | "module";
  /** The file's path. */
  file: string;
  /** The constant in its `class`/`module` line. */
  nameSpan: Span;
  /** A class's: where a new public action goes (its first `private`/`protected`, else its `end`), and the `class` keyword's column. */
  insertAt?: Span;
  indent?: number;
  /** The body's own namespace (`["Admin", "UsersController"]`): where its includes resolve. */
  nesting: string[];
  /** The superclass as written, and the namespace it resolves in (the one around the class). */
  superclass?: { written: string; nesting: string[] };
  /** In source order: a method defined with its visibility, or a visibility change of a name. */
  steps: Step[];
  includes: string[];
  /**
   * The methods it names as callbacks, by name, with the call that names them
   * (`before_action :set_user`, `helper_method :current_user`, `rescue_from X, with: :not_found`).
   * A plain object: bodies are kept as JSON (the facts pack).
   */
  callbacks?: Record<string, string>;
  dynamic?: string;
  /**
   * Class methods it defines that include modules or define methods (`def self.showable; include
   * Showable; end`, a `ClassMethods` module's `def resource_actions(*a) … include …`, one that
   * `class_eval`s or `define_method`s): a class that calls one
   * gets methods Routemap does not follow. Names of the module's instance methods for a
   * `ClassMethods` body.
   */
  macros?: string[];
  /** The methods its body calls on the class that this reader does not know (`showable`, `resource_actions :show`). */
  calls?: string[];
  /** The class methods it defines (`def self.x`, a `ClassMethods`' or `class_methods do`'s `def`s). */
  classMethods?: string[];
  /** Its last `layout` call, if it makes one. */
  layout?: LayoutDeclaration;
}

/**
 * A `layout` call of a controller class (actionview `ActionView::Layouts::ClassMethods#layout`):
 * a name (`layout "admin"`), `false` (none), `nil` (Rails' lookup by name, as if there were no
 * call), or what Routemap cannot read (a method's name, a proc: chosen per request). With
 * `only:`/`except:` it holds for some actions; the others take the lookup by name.
 */
export interface LayoutDeclaration {
  kind: "name" | "none" | "default" | "unknown";
  name?: string;
  conditional?: boolean;
}

type Step = { def: string; visibility: Visibility; span: Span } | { set: string; visibility: Visibility } | { alias: string; of: string; span: Span };

export class ControllerModel {
  readonly byPath = new Map<string, Controller>();
  private readonly bodies = new Map<string, Body[]>();
  private readonly appFile: ControllerInput["appFile"];
  private readonly gemModule: ControllerInput["gemModule"];
  private readonly gemMacro: ControllerInput["gemMacro"];
  private readonly unreadGemMacro: ControllerInput["unreadGemMacro"];
  private readonly loaded = new Set<string>();

  constructor(input: ControllerInput) {
    this.appFile = input.appFile;
    this.gemModule = input.gemModule;
    this.gemMacro = input.gemMacro;
    this.unreadGemMacro = input.unreadGemMacro;
    for (const file of input.files) collectFile(file, this.bodies);
    const views = viewIndex(input.views);
    this.views = views;
    this.inflections = input.inflections;
    const previous = input.previous?.views === views && input.previous.inflections === input.inflections ? input.previous : undefined;
    withInflections(input.inflections, () => {
      for (const [name, bodies] of this.bodies) {
        if (!name.endsWith("Controller") || bodies[0].kind !== "class") continue;
        const controller = this.reused(previous, name) ?? this.buildNoted(name, bodies, views);
        if (controller) this.byPath.set(controller.path, controller);
      }
    });
  }

  /**
   * What each controller's build looked up, by class name: every class or module name asked of
   * the bodies (found or not) with the bodies found, and the controller built. A keystroke in one
   * controller of issue 30's large app built all 5,000 again (their ancestries, 40 ms and the
   * collector's share); now those whose lookups find the same bodies are the previous model's.
   */
  private readonly lookups = new Map<string, { seen: Map<string, Body[] | undefined>; controller: Controller | undefined }>();
  /** The lookups of the build under way. */
  private seen: Map<string, Body[] | undefined> | undefined;

  /** `build`, with what it looked up kept in `lookups`. */
  private buildNoted(name: string, bodies: Body[], views: Map<string, Map<string, string>>): Controller | undefined {
    const seen = (this.seen = new Map());
    const controller = this.build(name, bodies, views);
    this.seen = undefined;
    // As the build left them: a module read on the way (`load`) is found now.
    for (const looked of seen.keys()) seen.set(looked, this.bodies.get(looked));
    this.lookups.set(name, { seen, controller });
    return controller;
  }

  /** The previous model's controller of that name, when every lookup of its build finds the same bodies here. */
  private reused(previous: ControllerModel | undefined, name: string): Controller | undefined {
    const last = previous?.lookups.get(name);
    if (!last?.controller) return undefined;
    for (const [looked, bodies] of last.seen) {
      const now = this.bodies.get(looked);
      if (now !== bodies && !(now && bodies && sameList(now, bodies))) return undefined;
    }
    this.lookups.set(name, last);
    return last.controller;
  }

  /** `this.bodies.get`, noted for the build under way. */
  private bodiesOf(name: string): Body[] | undefined {
    this.seen?.set(name, undefined);
    return this.bodies.get(name);
  }
  private readonly inflections: Inflections | undefined;
  private readonly views: Map<string, Map<string, string>>;
  private byClassName: Map<string, Controller> | undefined;
  private readonly byRouteController = new Map<string, Controller | undefined>();

  /**
   * The controller a route's `controller` reaches: the one at that path, else the class Rails
   * constantizes from `path.camelize` where no file's class gives that path back
   * (`v_a_c_o_l_s/veterans` → `VACOLS::VeteransController`, caseflow's, in
   * `vacols/veterans_controller.rb`, whose `"VACOLS".underscore` is `vacols`). Its actions and
   * templates are that class's, under its own path.
   */
  atRoute(path: string): Controller | undefined {
    const own = this.byPath.get(path);
    if (own) return own;
    if (!this.byRouteController.has(path)) {
      this.byClassName ??= new Map([...this.byPath.values()].map((c) => [c.className.replace(/^::/, ""), c]));
      this.byRouteController.set(path, this.byClassName.get(this.constantized(path)));
    }
    return this.byRouteController.get(path);
  }

  /** The path of the class a route's `controller` reaches (`atRoute`), else the controller as written: what the checks index routes by. */
  pathAt(path: string): string {
    return this.atRoute(path)?.path ?? path;
  }

  /**
   * The name of the class a route's `controller` reaches (`atRoute`), or, where no file defines
   * it, of the class Rails would look for: `"#{path.camelize}Controller"` with the app's
   * inflections (`api/reports` → `API::ReportsController` under `inflect.acronym "API"`).
   */
  classNameAt(path: string): string {
    return this.atRoute(path)?.className.replace(/^::/, "") ?? this.constantized(path);
  }

  private constantized(path: string): string {
    return `${withInflections(this.inflections, () => camelize(path))}Controller`;
  }

  /**
   * The layouts (`layouts/admin`) the requests of the controller at `path` may render, as
   * actionview's `ActionView::Layouts` picks them: the `layout` of the nearest class of its
   * ancestry that calls it (a class attribute: a subclass's own layouts/<path> does not count
   * then), else layouts/<controller_path> of the class, then of each superclass, the first that
   * exists. Unknown where the call is not a name (chosen as it runs); `open` where a class or
   * module of its ancestry is not read (a gem's): what that code names may be taken too.
   */
  layoutsOf(path: string): { layouts: string[]; open?: string } | { unknown: string } | undefined {
    const controller = this.byPath.get(path);
    if (!controller) return undefined;
    const chain = withInflections(this.inflections, () => this.ancestors(controller.className));
    const layouts: string[] = [];
    const open = chain.unread ?? (chain.external ? `${controller.className} inherits from ${chain.external}, which Routemap does not read` : undefined);
    const result = () => (open ? { layouts, open } : { layouts });
    // Nearest first: the class's own bodies come last in `bodies`, each after the modules it includes.
    const declared = [...chain.bodies].reverse().find((b) => b.layout)?.layout;
    if (declared?.kind === "unknown") return { unknown: `${controller.className}'s \`layout\` is chosen as it runs` };
    if (declared?.kind === "name") layouts.push(/\blayouts/.test(declared.name!) ? declared.name! : `layouts/${declared.name}`);
    if (declared && declared.kind !== "default" && !declared.conditional) return result();
    for (const prefix of chain.prefixes) {
      const slash = `layouts/${prefix}`.lastIndexOf("/");
      const folder = `layouts/${prefix}`.slice(0, slash);
      if (this.views.get(folder)?.has(`layouts/${prefix}`.slice(slash + 1))) {
        layouts.push(`layouts/${prefix}`);
        return result();
      }
    }
    // Past the app's classes: the gem's class's own name, then whatever it takes.
    if (chain.external) layouts.push(`layouts/${controllerPath(chain.external)}`);
    return result();
  }

  /** Whether `action` exists on the controller at `path`: yes, no, or unknown (and why). */
  action(path: string, action: string): { exists: true; action?: Action; template?: string } | { exists: false } | { exists: "unknown"; why: string } | undefined {
    const controller = this.atRoute(path);
    if (!controller) return undefined;
    const found = controller.actions.get(action);
    const template = controller.templates.get(action);
    if (found || template) return { exists: true, action: found, template };
    if (controller.unknown) return { exists: "unknown", why: controller.unknown };
    // ekylibre's `list :parts` (the active_list gem's macro defines `list_parts`): an action named
    // after a class method the class calls, which no file Routemap reads defines, may be its.
    const macro = controller.foreignCalls?.find((call) => action === call || action.startsWith(`${call}_`));
    if (macro) return { exists: "unknown", why: `${controller.className} calls \`${macro}\` in its class body, a class method no file Routemap reads defines (a gem's), which may define it` };
    // dpc-app's `auto_session_timeout_actions` defines `active` and `timeout`: where the gems
    // cannot be read, any such call may be the macro that defines the action.
    const unread = this.unreadGemMacro;
    const call = unread && controller.foreignCalls?.find((c) => unread(c) !== undefined);
    if (call) return { exists: "unknown", why: `${controller.className} calls \`${call}\` in its class body, a class method neither Rails nor the app's files define (a gem's, which may define it), and ${unread(call)}` };
    return { exists: false };
  }

  private build(name: string, bodies: Body[], views: Map<string, Map<string, string>>): Controller | undefined {
    const chain = this.ancestors(name);
    // A keystroke in one controller builds the model again: the others are what they were.
    const inputs = { bodies: chain.bodies, views: chain.prefixes.map((p) => views.get(p)), classes: chain.classes, unknown: chain.unknown, framework: chain.framework, inflections: this.inflections };
    const last = built.get(bodies[0]);
    if (last && sameInputs(last.inputs, inputs)) return last.controller;
    const actions = new Map<string, Action>();
    const visibility = new Map<string, { visibility: Visibility; action?: Action }>();
    // From the farthest ancestor to the class itself: later definitions and visibility changes win.
    for (const body of chain.bodies) {
      for (const step of body.steps) {
        if ("def" in step) visibility.set(step.def, { visibility: step.visibility, action: { name: step.def, span: step.span, owner: body.name } });
        else if ("set" in step) {
          const current = visibility.get(step.set);
          if (current) visibility.set(step.set, { ...current, visibility: step.visibility });
        } else {
          const original = visibility.get(step.of);
          if (original) visibility.set(step.alias, { visibility: original.visibility, action: { name: step.alias, span: step.span, owner: body.name } });
        }
      }
    }
    const methods = new Set<string>();
    // AbstractController::Base#action_methods: the public methods, less those of the abstract
    // ActionController::Base or ::API (`internal_methods`: a `default_url_options` an ancestor
    // overrides is no action), but with the class's own; Ruby keeps `initialize` and its kin private.
    const internal = chain.framework === "ActionController::Base" ? BASE_INTERNAL : chain.framework === "ActionController::API" ? API_INTERNAL : undefined;
    for (const [method, entry] of visibility) {
      if (ALWAYS_PRIVATE.has(method)) continue;
      const own = entry.action?.owner === name;
      if (entry.visibility === "public" && entry.action && (own || !internal?.has(method))) actions.set(method, entry.action);
      if (entry.visibility !== "private") methods.add(method);
    }
    const first = bodies[0];
    const path = controllerPath(name);
    const templates = new Map<string, string>();
    for (const prefix of chain.prefixes) for (const [action, file] of views.get(prefix) ?? []) if (!templates.has(action)) templates.set(action, file);
    const defined = new Set(visibility.keys());
    const classMethods = new Set(chain.bodies.flatMap((b) => b.classMethods ?? []));
    const foreignCalls = [...new Set(chain.bodies.flatMap((b) => b.calls ?? []))].filter((c) => !classMethods.has(c));
    const controller = { path, className: name, ...(foreignCalls.length ? { foreignCalls } : {}), file: first.file, span: first.nameSpan, insertAt: first.insertAt!, indent: first.indent!, actions, methods, defined, templates, unknown: chain.unknown, superclasses: chain.classes.slice(1), framework: chain.framework, external: chain.external, modules: chain.bodies.flatMap((b) => b.includes), callbacks: Object.assign({}, ...chain.bodies.map((b) => b.callbacks ?? {})) };
    built.set(first, { inputs, controller });
    return controller;
  }

  /**
   * The controller whose requests run a file's code, when only one can: the file is the only one
   * defining that controller class, and no controller of the app inherits from it (an inherited
   * method runs for the subclass's requests).
   */
  requestController(file: string): string | undefined {
    const { byFile, inherited } = (this.requestIndex ??= this.indexRequests());
    const here = byFile.get(file) ?? [];
    if (here.length !== 1 || (this.bodies.get(here[0].className)?.length ?? 0) > 1) return undefined;
    return inherited.has(here[0].className) ? undefined : here[0].path;
  }

  /** Controllers by file, and the classes some controller inherits from: made once (asked per file, they cost controllers² in an app of 5,000). */
  private indexRequests(): { byFile: Map<string, Controller[]>; inherited: Set<string> } {
    const byFile = new Map<string, Controller[]>();
    const inherited = new Set<string>();
    for (const c of this.byPath.values()) {
      const list = byFile.get(c.file);
      if (list) list.push(c);
      else byFile.set(c.file, [c]);
      for (const s of c.superclasses) inherited.add(s);
    }
    return { byFile, inherited };
  }
  private requestIndex: { byFile: Map<string, Controller[]>; inherited: Set<string> } | undefined;

  /**
   * A call in the chain's bodies of a class method the chain defines that includes modules or
   * defines methods (panoptes' `resource_actions :index, :show`, from JsonApiController's
   * `ClassMethods`; ekylibre's `manage_restfully`): the modules it includes, or the methods it
   * defines, and so the actions, are not followed; said, never taken as none.
   */
  private macroCall(bodies: Body[]): string | undefined {
    const macros = new Set<string>();
    for (const body of bodies) {
      for (const macro of body.macros ?? []) macros.add(macro);
      if (body.kind === "module") for (const m of this.bodiesOf(`${body.name}::ClassMethods`) ?? []) for (const macro of m.macros ?? []) macros.add(macro);
    }
    if (!macros.size) return undefined;
    for (const body of bodies) {
      const call = body.calls?.find((c) => macros.has(c));
      if (call) return `${body.name} calls \`${call}\`, a class method that includes modules or defines methods Routemap does not follow`;
    }
    return undefined;
  }

  /** A call in the chain's bodies of a gem's class macro that gives the class actions (`gems/controllerMacros.ts`): they are not listed. */
  private gemMacroCall(bodies: Body[]): string | undefined {
    if (!this.gemMacro) return undefined;
    for (const body of bodies) {
      for (const call of body.calls ?? []) {
        const gem = this.gemMacro(call);
        if (gem) return `${body.name} calls \`${call}\`, the ${gem} gem's class macro, which defines methods Routemap does not list`;
      }
    }
    return undefined;
  }

  /** The bodies of a class's ancestry in method-resolution order reversed (farthest first), its view prefixes, and what is not read. */
  private ancestors(name: string): { bodies: Body[]; prefixes: string[]; classes: string[]; framework?: string; external?: string; unknown?: string; unread?: string } {
    const classes: string[] = [];
    let unknown: string | undefined;
    let unread: string | undefined;
    let external: string | undefined;
    let current: string | undefined = name;
    for (; current && !BASES.has(current); ) {
      if (classes.includes(current)) {
        // A cycle (`A < B`, `B < A` across files): Ruby raises as it loads the second.
        unknown ??= `${current} inherits from itself`;
        break;
      }
      const bodies = this.bodiesOf(current);
      if (!bodies) {
        unknown ??= `it inherits from ${current}, which is not in app/controllers`;
        external = current;
        break;
      }
      classes.push(current);
      const written = bodies.find((b) => b.superclass)?.superclass;
      if (!written) {
        unknown ??= `${current} has no superclass Routemap can see`;
        unread ??= unknown;
        break;
      }
      // The superclass is looked up before the class it names is made: in `module Reviewers; class
      // CommentsController < CommentsController`, the app's ::CommentsController, not the class itself.
      current = this.resolve(written.written, written.nesting, current) ?? written.written.replace(/^::/, "");
    }
    const bodies: Body[] = [];
    // The modules a body includes, and those they include in turn (a concern that includes
    // another), each before the body that includes it: farthest first, as Ruby's lookup runs the
    // other way. A module already in the chain is not added again (Ruby skips it too).
    // A module a module includes that Routemap cannot read (a helper's gem module) is passed over,
    // as before these were followed: Debian's Redmine, whose helpers include such modules, is exact so.
    const included = new Set<Body>();
    const addIncluded = (body: Body, nested: boolean) => {
      for (const module of body.includes) {
        const resolved = this.resolve(module, body.nesting) ?? this.load(module, body.nesting);
        const moduleBodies = resolved && this.bodiesOf(resolved);
        const fromGem = moduleBodies ? undefined : this.gemModule?.(module);
        if (moduleBodies) {
          for (const m of moduleBodies) {
            if (included.has(m)) continue;
            included.add(m);
            addIncluded(m, true);
            bodies.push(m);
          }
        } else if (fromGem) bodies.push(gemBody(module, fromGem, body));
        else if (!nested) {
          unknown ??= `${body.name} includes ${module}, which Routemap does not read`;
          unread ??= `${body.name} includes ${module}, which Routemap does not read`;
        }
      }
    };
    for (const cls of [...classes].reverse()) {
      for (const body of this.bodies.get(cls)!) {
        addIncluded(body, false);
        bodies.push(body);
      }
    }
    for (const body of bodies) if (body.dynamic) unknown ??= `${body.name} ${body.dynamic}`;
    unknown ??= this.macroCall(bodies) ?? this.gemMacroCall(bodies);
    return { bodies, prefixes: classes.map(controllerPath), classes, framework: current && BASES.has(current) ? current : undefined, external, unknown, unread };
  }

  /** A module defined outside app/controllers: its file read where the autoloader would find it, then resolved. */
  private load(name: string, nesting: string[]): string | undefined {
    if (!this.appFile) return undefined;
    const bare = name.replace(/^::/, "");
    const candidates = name.startsWith("::") ? [bare] : [...nesting.map((_, i) => [...nesting.slice(0, nesting.length - i), bare].join("::")), bare];
    for (const candidate of candidates) {
      // `A::B::C` in `a/b/c.rb`, else in the file of a namespace around it (`a/b.rb`, `a.rb`).
      const segments = candidate.split("::");
      for (let n = segments.length; n > 0 && !this.bodiesOf(candidate); n--) {
        for (const root of MODULE_ROOTS) {
          const relative = `${root}/${underscore(segments.slice(0, n).join("::"))}.rb`;
          if (this.loaded.has(relative)) continue;
          this.loaded.add(relative);
          const file = this.appFile(relative);
          if (file) collectFile(file, this.bodies);
        }
      }
      if (this.bodiesOf(candidate)) return candidate;
    }
    return undefined;
  }

  /** A constant as Ruby resolves it lexically: from the innermost namespace out, then the top. */
  /** The class or module `name` written in `nesting` names, of those the app defines; never `except` (a class being defined). */
  private resolve(name: string, nesting: string[], except?: string): string | undefined {
    if (name.startsWith("::")) return this.bodiesOf(name.slice(2)) ? name.slice(2) : undefined;
    for (let i = nesting.length; i >= 0; i--) {
      const candidate = [...nesting.slice(0, i), name].join("::");
      if (candidate !== except && this.bodiesOf(candidate)) return candidate;
    }
    return undefined;
  }
}

/** What a controller was built from: the same bodies, templates and ancestry build the same controller. */
interface BuildInputs {
  bodies: Body[];
  views: (Map<string, string> | undefined)[];
  classes: string[];
  unknown?: string;
  framework?: string;
  inflections?: Inflections;
}
/** The controller last built from a class's first body (a file's bodies are the same objects until it changes). */
const built = new WeakMap<Body, { inputs: BuildInputs; controller: Controller }>();
const sameList = <T>(a: readonly T[], b: readonly T[]) => a.length === b.length && a.every((x, i) => x === b[i]);
const sameInputs = (a: BuildInputs, b: BuildInputs) =>
  a.unknown === b.unknown && a.framework === b.framework && a.inflections === b.inflections && sameList(a.bodies, b.bodies) && sameList(a.views, b.views) && sameList(a.classes, b.classes);

/** A gem's module as a body of public methods, pointed at the `include` that brings it; one per include, so controllers built from it are reused. */
const gemBodies = new WeakMap<Body, Map<string, Body>>();
function gemBody(name: string, methods: string[], includer: Body): Body {
  let byName = gemBodies.get(includer);
  if (!byName) gemBodies.set(includer, (byName = new Map()));
  const known = byName.get(name);
  if (known && sameList(known.steps.map((s) => ("def" in s ? s.def : "")), methods)) return known;
  const span = includer.nameSpan;
  const body: Body = { name, kind: "module", file: includer.file, nameSpan: span, nesting: [name], includes: [], steps: methods.map((def) => ({ def, visibility: "public", span })) };
  byName.set(name, body);
  return body;
}

/** `Admin::UsersController` → `admin/users` (`controller_path`). */
export const controllerPath = (className: string) => underscore(className.replace(/Controller$/, ""));

/** Templates by prefix (`posts`) → action → file; partials (`_form`) excluded. Once per list: the host keeps it while no template appears or goes. */
const viewIndexes = new WeakMap<readonly string[], Map<string, Map<string, string>>>();
function viewIndex(views: readonly string[]): Map<string, Map<string, string>> {
  const known = viewIndexes.get(views);
  if (known) return known;
  const index = new Map<string, Map<string, string>>();
  viewIndexes.set(views, index);
  for (const view of views) {
    const slash = view.lastIndexOf("/");
    if (slash < 0) continue;
    const base = view.slice(slash + 1);
    const action = base.split(".")[0];
    if (!action || action.startsWith("_") || !base.includes(".")) continue;
    const prefix = view.slice(0, slash);
    let actions = index.get(prefix);
    if (!actions) index.set(prefix, (actions = new Map()));
    if (!actions.has(action)) actions.set(action, view);
  }
  return index;
}

/**
 * A file's classes and modules (read once per version of its text, `controllerFile`): a
 * keystroke in one controller builds the model again from every controller's, and the others'
 * bodies are the same objects.
 */
function collectFile(file: ControllerFile, into: Map<string, Body[]>): void {
  for (const [name, bodies] of file.bodies) {
    let list = into.get(name);
    if (!list) into.set(name, (list = []));
    // One at a time: a file may reopen one module thousands of times (a spread's argument limit).
    for (const body of bodies) list.push(body);
  }
}

function collect(file: LoadedFile, statements: N.StatementsNode | null, nesting: string[], into: Map<string, Body[]>): void {
  // A class defined in a branch (`if Rails.env.development?` around publish-teacher-training's
  // PersonasController) may be defined: read as any other, never said not to exist.
  const nodes = (statements?.body ?? []).flatMap((node) => (node instanceof N.IfNode || node instanceof N.UnlessNode ? branchStatements(node) : [node]));
  for (const node of nodes) {
    if (!(node instanceof N.ClassNode) && !(node instanceof N.ModuleNode)) continue;
    const written = constantPathText(node.constantPath);
    if (!written) continue;
    const around = nestingPaths(nesting);
    const name = definedConstantPath(written, around, (path) => around.includes(path) || into.has(path));
    const inner = name.split("::");
    const superclass = node instanceof N.ClassNode && node.superclass ? constantPathText(node.superclass) : undefined;
    const index = file.index;
    const loc = node.constantPath.location;
    const body: Body = { name, kind: node instanceof N.ClassNode ? "class" : "module", file: index.file, nameSpan: index.span(loc.startOffset, loc.startOffset + loc.length), nesting: inner, steps: [], includes: [] };
    if (superclass) body.superclass = { written: superclass, nesting };
    const statementsOf = node.body instanceof N.StatementsNode ? node.body : null;
    const firstSection = readBody(body, statementsOf, file);
    if (node instanceof N.ClassNode) {
      const before = firstSection?.location ?? node.endKeywordLoc;
      body.insertAt = index.span(before.startOffset, before.startOffset);
      body.indent = index.span(node.classKeywordLoc.startOffset, node.classKeywordLoc.startOffset).start.character;
    }
    // A method defined anywhere else in the body (in a block, a loop, `class_eval`) has a name Routemap cannot know.
    for (const statement of statementsOf?.body ?? []) {
      if (statement instanceof N.CallNode && statement.name === "define_method" && !statement.receiver) continue;
      if (statement instanceof N.ClassNode || statement instanceof N.ModuleNode) continue;
      walkCalls(statement, (call) => {
        if (call.name === "define_method" || call.name === "class_eval" || call.name === "module_eval") body.dynamic ??= `defines methods with ${call.name}`;
      });
    }
    let list = into.get(name);
    if (!list) into.set(name, (list = []));
    list.push(body);
    collect(file, statementsOf, inner, into);
  }
}

/** Calls that name methods of the class as callbacks, not actions (actionpack's AbstractController::Callbacks, Helpers, ActiveSupport::Rescuable). */
const CALLBACK = /^(?:(?:prepend_|append_|skip_)?(?:before|after|around)_action|(?:before|after|around)_filter|helper_method|rescue_from)$/;

/** `with: :handler` of a `rescue_from`'s (or a callback's) options. */
function withOption(hash: N.KeywordHashNode): string | undefined {
  for (const e of hash.elements) {
    if (e instanceof N.AssocNode && e.key instanceof N.SymbolNode && e.key.unescaped.value === "with") return symbolName(e.value);
  }
  return undefined;
}

/** The methods, visibility changes and includes of a class or module body, in order; returns its first bare `private` or `protected`. */
function readBody(body: Body, statements: N.StatementsNode | null, file: LoadedFile): N.Node | undefined {
  let visibility: Visibility = "public";
  let firstSection: N.Node | undefined;
  const span = (node: N.Node) => file.index.span(node.location.startOffset, node.location.startOffset + node.location.length);
  // A `def` is pointed at by its name; anything else by the whole call.
  const at = (node: N.Node) => (node instanceof N.DefNode ? file.index.span(node.nameLoc.startOffset, node.nameLoc.startOffset + node.nameLoc.length) : span(node));
  const define = (name: string, node: N.Node, as: Visibility = visibility) => body.steps.push({ def: name, visibility: as, span: at(node) });
  const classMethods = body.name.endsWith("::ClassMethods");
  // The class methods it defines, each with the class methods it calls: one that calls a macro is one.
  const classDefs: N.DefNode[] = [];
  for (const node of statements?.body ?? []) {
    if (node instanceof N.DefNode) {
      if (node.receiver instanceof N.SelfNode || classMethods) classDefs.push(node);
      if (node.receiver) continue;
      if (node.name === "method_missing" || node.name === "action_missing") body.dynamic ??= `defines ${node.name}`;
      define(node.name, node);
    } else if (node instanceof N.AliasMethodNode) {
      const [alias, of] = [symbolName(node.newName), symbolName(node.oldName)];
      if (alias && of) body.steps.push({ alias, of, span: span(node) });
    } else if (node instanceof N.CallNode && !node.receiver) {
      const args = node.arguments_?.arguments_ ?? [];
      const name = node.name;
      if (name === "private" || name === "protected" || name === "public") {
        if (!args.length) visibility = name;
        if (!args.length && name !== "public") firstSection ??= node;
        for (const arg of args) {
          if (arg instanceof N.DefNode) define(arg.name, arg, name);
          else {
            const method = symbolName(arg);
            if (method) body.steps.push({ set: method, visibility: name });
          }
        }
      } else if (name === "include") {
        readIncludes(body, args);
      } else if (name === "alias_method" && args.length === 2) {
        const [alias, of] = [symbolName(args[0]), symbolName(args[1])];
        if (alias && of) body.steps.push({ alias, of, span: span(node) });
      } else if (name === "define_method") {
        const method = args[0] && symbolName(args[0]);
        if (method) define(method, node);
        else body.dynamic ??= "defines methods with define_method";
      } else if (name === "attr_reader" || name === "attr_accessor") {
        for (const arg of args) {
          const method = symbolName(arg);
          if (method) define(method, node);
        }
      } else if (CALLBACK.test(name)) {
        for (const arg of args) {
          // `helper_method def current_org … end`: the `def` is the class's method too.
          if (arg instanceof N.DefNode && !arg.receiver) define(arg.name, arg);
          const method = arg instanceof N.KeywordHashNode ? withOption(arg) : arg instanceof N.DefNode ? arg.name : symbolName(arg);
          if (method) (body.callbacks ??= {})[method] = name;
        }
      } else if (name === "layout" && args.length) {
        body.layout = layoutDeclaration(args);
      } else if (name === "included" && node.block instanceof N.BlockNode) {
        // ActiveSupport::Concern: `def`s in `included do … end` are the includer's methods.
        firstSection ??= readBody(body, node.block.body instanceof N.StatementsNode ? node.block.body : null, file);
      } else if (name === "class_methods" && node.block instanceof N.BlockNode) {
        for (const def of node.block.body instanceof N.StatementsNode ? node.block.body.body : []) {
          if (def instanceof N.DefNode) classDefs.push(def);
        }
      } else (body.calls ??= []).push(name);
    } else if (node instanceof N.IfNode || node instanceof N.UnlessNode) {
      // `if defined?(Planning) … unroll … else … unroll … end`: a class method called in a branch may run.
      for (const name of branchCalls(node)) (body.calls ??= []).push(name);
      // `include StaticPage unless Rails.env.production?`, a `def` in a branch: the class may have
      // their methods, so they count as its own (an action one branch gives is not missing).
      for (const stmt of branchStatements(node)) {
        if (stmt instanceof N.DefNode && !stmt.receiver) define(stmt.name, stmt);
        else if (stmt instanceof N.CallNode && !stmt.receiver && stmt.name === "include") readIncludes(body, stmt.arguments_?.arguments_ ?? []);
      }
    }
  }
  addMacros(body, classDefs);
  if (classDefs.length) body.classMethods = [...(body.classMethods ?? []), ...classDefs.map((d) => d.name)];
  return firstSection;
}

/** The modules an `include` names, as the body's; one Routemap cannot name makes the body dynamic. */
function readIncludes(body: Body, args: readonly N.Node[]): void {
  for (const arg of args) {
    const module = constantPathText(arg);
    if (module) body.includes.push(module);
    else body.dynamic ??= "includes a module Routemap cannot name";
  }
}

/** The bare calls of the statements of each branch of a class body's `if`/`unless`, nested ones too. */
function branchCalls(node: N.Node | null | undefined): string[] {
  if (node instanceof N.IfNode) return [...statementCalls(node.statements), ...branchCalls(node.subsequent)];
  if (node instanceof N.UnlessNode) return [...statementCalls(node.statements), ...branchCalls(node.elseClause)];
  if (node instanceof N.ElseNode) return statementCalls(node.statements);
  return [];
}
function statementCalls(statements: N.StatementsNode | null | undefined): string[] {
  return (statements?.body ?? []).flatMap((s) => (s instanceof N.CallNode && !s.receiver ? [s.name] : branchCalls(s)));
}

/**
 * The class methods of `defs` that give the class methods Routemap does not follow: those that do
 * it themselves (`includesModules`), and those that call one of them, however far down
 * (ekylibre's `manage_restfully` hands its built code to a private `insert_module`, which
 * `class_eval`s it into a new module and includes that).
 */
function addMacros(body: Body, defs: N.DefNode[]): void {
  if (!defs.length) return;
  const macros = new Set(body.macros ?? []);
  // Who calls each name: a macro found makes its callers macros, each name met once (a chain of
  // thousands of class methods is walked once, not once per link).
  const callers = new Map<string, string[]>();
  for (const def of defs) {
    if (includesModules(def)) macros.add(def.name);
    if (def.body) walkCalls(def.body, (call) => {
      if (call.receiver && !(call.receiver instanceof N.SelfNode)) return;
      const list = callers.get(call.name);
      if (list) list.push(def.name);
      else callers.set(call.name, [def.name]);
    });
  }
  const found = [...macros];
  for (let i = 0; i < found.length; i++) {
    for (const caller of callers.get(found[i]) ?? []) if (!macros.has(caller)) (macros.add(caller), found.push(caller));
  }
  if (macros.size) body.macros = [...macros];
}

/**
 * Whether a method's body gives its class methods Routemap does not follow: includes modules
 * (`include Showable`, in a loop or a `case` too), or defines them (ekylibre's `manage_restfully`
 * builds `def create … end` and `class_eval`s it; `define_method :incorporate`).
 */
function includesModules(def: N.DefNode): boolean {
  return def.body !== null && someCall(def.body, (call) => (!call.receiver || call.receiver instanceof N.SelfNode) && DEFINES_METHODS.has(call.name));
}
const DEFINES_METHODS = new Set(["include", "prepend", "class_eval", "module_eval", "class_exec", "module_exec", "define_method", "attr_reader", "attr_accessor", "alias_method"]);

/** `layout "admin"`, `layout false`, `layout nil`, `layout :choose, only: :show`: what it declares. */
function layoutDeclaration(args: N.Node[]): LayoutDeclaration {
  const [value, options] = args;
  const conditional = options !== undefined ? { conditional: true } : {};
  if (value instanceof N.StringNode) return { kind: "name", name: value.unescaped.value, ...conditional };
  if (value instanceof N.FalseNode) return { kind: "none", ...conditional };
  if (value instanceof N.NilNode) return { kind: "default", ...conditional };
  return { kind: "unknown", ...conditional };
}

function symbolName(node: N.Node): string | undefined {
  if (node instanceof N.SymbolNode || node instanceof N.StringNode) return node.unescaped.value;
  return undefined;
}
