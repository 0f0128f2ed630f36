/**
 * Devise's routing DSL (heartcombo/devise lib/devise/rails/routes.rb and lib/devise/mapping.rb,
 * 4.8.1 as Debian ships it, checked against 4.9 and 5.0): `devise_for`, `devise_scope` (and its
 * alias `as`), `authenticate`, `authenticated`, `unauthenticated`.
 *
 * `devise_for :users` draws, for each resource, the routes of the modules its model's
 * `devise :…` call names (`deviseModels.ts`), each module as its `devise_<route>` method does,
 * inside an "exclusive" scope: a frame whose path is the mapping's full path, whose `as` is the
 * mapping's singular name and whose module is nil, so the enclosing scope's path, name and
 * module reach the routes only through the options `devise_for` copies from it. The scope
 * methods are constraints with a request lambda, which print nothing.
 *
 * Between versions: 5.0 puts `format:` into the exclusive scope (4.x into its options, which
 * draws the same routes), and draws the OmniAuth authorize route with OmniAuth's
 * `allowed_request_methods` (POST only from OmniAuth 2.0) instead of GET and POST.
 */
import { camelize, singularize } from "../inflector.js";
import { extractOptions, checkArity, yieldTo } from "../mapper/block.js";
import { routingError } from "../mapper/errors.js";
import { match, resource } from "../mapper/resources.js";
import { constraints } from "../mapper/scoping.js";
import { gemLocked, gemVersion, withScope, type Call, type MapperState } from "../mapper/state.js";
import { present, RHash, RProc, RSymbol, RValue, sym, truthy } from "../ruby/values.js";
import { toS } from "../ruby/print.js";
import { httpVerb } from "../mapper/base.js";
import { invoke, kw } from "../framework/draw.js";
import { EXTENSIONS, modelPath, NO_APP_MODULES, readAppDeviseModules, initializerSettings, readDeviseModel, routesOf, type AppDeviseModules, type DeviseModel, type DeviseSettings, type ModelReader } from "./deviseModels.js";
import type { Frame } from "../mapper/scope.js";
import { addMapping, type MappingValues } from "./deviseMappings.js";

/** Gem versions known for the app: Devise's own and OmniAuth's (undefined: the latest). */
export interface DeviseGems {
  devise: string | undefined;
  omniauth: string | undefined;
}

/** Per route set: the OmniAuth path prefix the first omniauthable mapping set (`OmniAuth.config.path_prefix`). */
const omniauthPrefixes = new WeakMap<object, string>();

/** The unknown modules a message names, the rest counted (a hostile model lists thousands). */
const MAX_LISTED = 10;

/** The settings of config/initializers/devise.rb that change `devise_for`'s routes (read in `Mapping` and below). */
const ROUTE_SETTINGS = new Set(["sign_out_via", "unlock_strategy", "omniauth_path_prefix"]);

export function deviseFor(m: MapperState, call: Call, gems: DeviseGems): void {
  const resources = [...call.args];
  const options = extractOptions(resources).dup();
  inheritScope(m, options, gems);
  const settings = initializerSettings(m.host);
  // Only the settings that change the routes are said: `config.mailer_sender` under a condition changes no row.
  for (const { setting, condition } of settings.undecidedSettings) {
    if (!ROUTE_SETTINGS.has(setting)) continue;
    m.host.info(`Devise's \`config.${setting}\` is set in config/initializers/devise.rb only if \`${condition}\`, which Routemap cannot decide: the routes of \`devise_for\` follow Devise's default, which may not be Rails' answer.`);
  }
  for (const { setting, value } of settings.unreadSettings) {
    if (!ROUTE_SETTINGS.has(setting)) continue;
    m.host.info(`Devise's \`config.${setting}\` is set in config/initializers/devise.rb to \`${value}\`, which Routemap cannot read: the routes of \`devise_for\` follow Devise's default, which may not be Rails' answer.`);
  }
  // The app's own `Devise.add_module`s: read once for the call, not per resource; an installed
  // gem's, where a model names a module neither Devise nor the app has (`gemDeviseModules`).
  let app = m.host.inApp ? readAppDeviseModules(m.host.configFiles?.("add_module") ?? []) : NO_APP_MODULES;
  let gemsRead = false;
  const version = (gem: string) => gemVersion(m, gem);
  for (const given of resources) {
    const mapping = new Mapping(toS(given, m.ruby), options, settings);
    // `Devise.add_mapping` comes first: `Devise.mappings[:user]` is there even where the model cannot be read.
    const values: MappingValues = {
      singular: mapping.singular, scopedPath: mapping.scopedPath, path: mapping.path, pathPrefix: mapping.pathPrefix, className: mapping.className,
      signOutVia: mapping.signOutVia, format: options.sget("format") ?? null, routerName: options.sget("router_name") ?? null,
      controllers: mapping.controllersHash(), pathNames: mapping.pathNamesHash(),
    };
    const mappingObject = addMapping(m.set, values);
    const read = () => (m.host.inApp ? readDeviseModel(mapping.className, modelReader(m), app) : { why: `Routemap reads them from ${modelPath(mapping.className)}, and this routes file is read without its app` });
    let model = read();
    if (!("why" in model) && !gemsRead && model.modules.some((mod) => notModelled(mod, app))) {
      gemsRead = true;
      const withGems = gemDeviseModules(m, app);
      if (withGems !== app) {
        app = withGems;
        model = read();
      }
    }
    if ("why" in model) {
      m.host.missing(`Routemap does not know the Devise modules of ${mapping.className}: ${model.why}. The routes of \`devise_for :${mapping.resource}\` are missing.`, mapping.covers());
      continue;
    }
    const unknown = model.modules.filter((mod) => notModelled(mod, app));
    if (unknown.length) {
      const unread = app.unread.length ? ` (or from \`${app.unread[0]}\` in the app, which Routemap cannot read)` : "";
      const listed = unknown.length > MAX_LISTED ? `${unknown.slice(0, MAX_LISTED).map((u) => `:${u}`).join(", ")} and ${unknown.length - MAX_LISTED} more` : unknown.map((u) => `:${u}`).join(", ");
      m.host.missing(`Devise module${unknown.length > 1 ? "s" : ""} ${listed} of ${mapping.className} come${unknown.length > 1 ? "" : "s"} from a gem Routemap does not model${unread}; any routes ${unknown.length > 1 ? "they draw" : "it draws"} are missing.`, mapping.covers());
    }
    const controllers = options.sget("controllers");
    // A module added under a condition Routemap cannot decide: its routes are neither drawn nor said to be absent.
    for (const { module, condition } of model.undecided) {
      for (const route of mapping.usedRoutes({ ...model, modules: [module] }, app, version)) {
        m.host.missing(`Devise adds :${module} to ${mapping.className} ${condition}, which Routemap cannot decide: the routes of its \`${route}\` are missing.`, mapping.covers(`${route}s`));
      }
    }
    const maybeOmniauthable = model.modules.includes("omniauthable") || model.undecided.some((u) => u.module === "omniauthable");
    if (controllers instanceof RHash && present(controllers.sget("omniauth_callbacks")) && !maybeOmniauthable) {
      throw routingError(
        `Mapping omniauth_callbacks on a resource that is not omniauthable\nPlease add \`devise :omniauthable\` to the \`${mapping.className}\` model`,
        "ArgumentError",
      );
    }
    const used = mapping.usedRoutes(model, app, version);
    // The mapping's `modules`, `routes` and `used_routes` answer from now on.
    Object.assign(values, { modules: model.modules, routes: mapping.usedRoutes(model, app, version, true), usedRoutes: used });
    // A route key of a module of the app's or another gem's (`add_module(:x, route: :x)`): drawn by
    // the `devise_x(mapping, controllers)` that the app or an installed gem defines on the mapper.
    const undrawn: string[] = [];
    deviseScope(m, () => exclusiveScope(m, mapping, options, gems, () => {
      for (const route of used) {
        const draw = !(route in GEM_DRAWERS) || gemLocked(m, GEM_DRAWERS[route]) ? DRAW[route] : undefined;
        if (draw) draw(m, mapping, model, gems);
        else if (m.host.callMapperMethod?.(`devise_${route}`, [mappingObject, values.controllers!]) === undefined) undrawn.push(route);
      }
    }));
    for (const route of undrawn) {
      m.host.missing(`\`devise_for\` calls \`devise_${route}\` for the route \`${route}\` a module of ${mapping.className} adds (\`Devise.add_module\`): no file Routemap reads defines it on the mapper, and its routes are missing.`, mapping.covers());
    }
  }
}

/** Where the model and its concerns are: app/models first, then every autoload root (`config.autoload_paths`). */
function modelReader(m: MapperState): ModelReader {
  const host = m.host;
  return {
    find: (path) => host.appFile(modelPath(path)) ?? host.classFile?.(path),
    evaluate: host.evaluateIn && ((file, node, before) => host.evaluateIn!(file, node, before)),
    relative: (file) => host.appRelative?.(file) ?? file.index.file,
  };
}

/** A module neither Devise, a gem Routemap models, nor the app (`app`) adds. */
const notModelled = (module: string, app: AppDeviseModules): boolean => !KNOWN_MODULES.has(module) && !(module in EXTENSIONS) && !app.routes.has(module);

/**
 * The installed gems' own `Devise.add_module` calls (devise_ichain_authenticatable's
 * `add_module :ichain_authenticatable, route: { ichain_session: [...] }`), read from the locked
 * gems that depend on devise, before the app's (Bundler requires the gems first): each draws
 * with the `devise_<route>` method its gem defines on the mapper. `app` itself where none adds one.
 */
function gemDeviseModules(m: MapperState, app: AppDeviseModules): AppDeviseModules {
  const gems = m.host.gemDependents?.("devise", "add_module");
  if (!gems?.length) return app;
  const found = readAppDeviseModules(gems.flatMap((g) => g.files));
  const added = found.order.filter((module) => notModelled(module, app));
  if (!added.length) return app;
  return { order: [...added, ...app.order], routes: new Map([...added.map((module) => [module, found.routes.get(module)] as const), ...app.routes]), unread: app.unread };
}

/** `devise_for`'s first lines: what it takes from the enclosing scope. */
function inheritScope(m: MapperState, options: RHash, gems: DeviseGems): void {
  const fromScope = (key: string, scopeKey: "as" | "module" | "path") => {
    const value = m.scope.get(scopeKey);
    if (!truthy(options.sget(key)) && present(value ?? null)) options.sset(key, value ?? null);
  };
  fromScope("as", "as");
  fromScope("module", "module");
  fromScope("path_prefix", "path");
  const merged = (key: "path_names" | "constraints" | "defaults") => {
    const base = m.scope.get(key);
    const given = options.sget(key);
    return (base instanceof RHash ? base : new RHash()).merge(given instanceof RHash ? given : new RHash());
  };
  options.sset("path_names", merged("path_names"));
  options.sset("constraints", merged("constraints"));
  options.sset("defaults", merged("defaults"));
  const scoped = m.scope.get("options");
  const scopeOptions = scoped instanceof RHash ? scoped.dup() : new RHash();
  if (major(gems.devise) < 5 && options.sget("format") === false) scopeOptions.sset("format", false);
  options.sset("options", scopeOptions);
}

const major = (version: string | undefined) => (version === undefined ? Infinity : parseInt(version, 10));

/** `Devise::Mapping`: names, paths and controllers of one `devise_for` resource. */
class Mapping {
  readonly singular: string;
  readonly scopedPath: string;
  readonly className: string;
  readonly path: string;
  readonly pathPrefix: string | undefined;
  readonly signOutVia: RValue;
  readonly controllers: (name: string) => string;
  readonly pathNames: (name: string) => string;

  constructor(
    readonly resource: string,
    private readonly options: RHash,
    readonly settings: DeviseSettings,
  ) {
    const as = options.sget("as");
    this.scopedPath = truthy(as) ? `${toS(as)}/${resource}` : resource;
    const singular = options.sget("singular");
    this.singular = truthy(singular) ? toS(singular) : singularize(this.scopedPath.replace(/\//g, "_"));
    const className = options.sget("class_name");
    this.className = truthy(className) ? toS(className) : camelize(singularize(resource));
    const path = options.sget("path");
    this.path = truthy(path) ? toS(path) : resource;
    const prefix = options.sget("path_prefix");
    this.pathPrefix = truthy(prefix) ? toS(prefix) : undefined;
    const via = options.sget("sign_out_via");
    this.signOutVia = truthy(via) ? via! : (settings.values.get("sign_out_via") ?? sym("delete"));
    const module = options.sget("module");
    const controllers = options.sget("controllers");
    this.controllers = (name) => {
      const given = controllers instanceof RHash ? controllers.sget(name) : undefined;
      return given !== undefined ? toS(given) : `${truthy(module) ? toS(module) : "devise"}/${name}`;
    };
    const pathNames = options.sget("path_names") as RHash;
    this.pathNames = (name) => {
      const given = pathNames.sget(name);
      if (given !== undefined) return toS(given);
      return name === "registration" ? "" : name;
    };
  }

  /**
   * `@controllers`: `Hash.new { |h, k| h[k] = "#{mod}/#{k}" }` with `controllers:` merged in, each
   * value `to_s` (devise 4.8–5.0 lib/devise/mapping.rb `default_controllers`); one Hash, as Ruby's.
   */
  controllersHash(): RHash {
    if (this.controllersMade) return this.controllersMade;
    const module = this.options.sget("module");
    const made = (this.controllersMade = new RHash());
    made.defaultProc = storingDefault((k) => `${truthy(module) ? toS(module) : "devise"}/${toS(k)}`);
    const given = this.options.sget("controllers");
    if (given instanceof RHash) given.forEach((k, v) => made.set(k, toS(v)));
    return made;
  }
  private controllersMade: RHash | undefined;

  /** `@path_names`: `Hash.new { |h, k| h[k] = k.to_s }`, `registration: ""`, then `path_names:` (`default_path_names`). */
  pathNamesHash(): RHash {
    if (this.pathNamesMade) return this.pathNamesMade;
    const made = (this.pathNamesMade = new RHash());
    made.defaultProc = storingDefault((k) => toS(k));
    made.sset("registration", "");
    const given = this.options.sget("path_names");
    if (given instanceof RHash) given.forEach((k, v) => made.set(k, v));
    return made;
  }
  private pathNamesMade: RHash | undefined;

  /**
   * What its routes Routemap cannot draw may be: helpers named `…_user_…` (Devise names each
   * `#{action}_#{mapping.name}_#{route}`), to the controllers of `only` (a route's kind) or of all:
   * the module's (`devise/…`) and each `controllers:` names.
   */
  covers(only?: string): { namePrefix: string; modules: string[] } {
    if (only) return { namePrefix: this.singular, modules: [this.controllers(only)] };
    const given = this.options.sget("controllers");
    const named = given instanceof RHash ? [...given.keys()].map((k) => this.controllers(toS(k))) : [];
    const module = this.options.sget("module");
    return { namePrefix: this.singular, modules: [...new Set([truthy(module) ? toS(module) : "devise", ...named])] };
  }

  /** `"/#{@path_prefix}/#{@path}".squeeze("/")` */
  get fullpath(): string {
    return `/${this.pathPrefix ?? ""}/${this.path}`.replace(/\/+/g, "/");
  }

  /** `default_used_route`: the model's routes, less `skip:`, or those of `only:`; `version`: of a gem the app locks. */
  usedRoutes(model: DeviseModel, app: AppDeviseModules, version: (gem: string) => string | undefined, all = false): string[] {
    // `routes`: `ROUTES.values_at(*modules).compact.uniq` (`.flatten` too, with devise-passwordless' patch); `all` asks for it, before `only:`/`skip:`.
    const routes = [...new Set(model.modules.flatMap((mod) => routesOf(mod, version) ?? app.routes.get(mod) ?? []))];
    if (all) return routes;
    const names = (v: RValue | undefined) => (Array.isArray(v) ? v : v === undefined || v === null ? [] : [v]).map((x) => singularize(toS(x)));
    if (this.options.shas("only")) {
      const only = names(this.options.sget("only"));
      return routes.filter((r) => only.includes(r));
    }
    const skip = this.options.sget("skip");
    if (skip instanceof RSymbol && skip.name === "all") return [];
    const skipped = names(skip);
    return routes.filter((r) => !skipped.includes(r));
  }
}

/**
 * Devise's own modules (`Devise::ALL`), and `authenticatable`: Devise::Models::Authenticatable,
 * which `devise :authenticatable` names too (the base of the others, in no `Devise::ROUTES`: no route).
 */
const KNOWN_MODULES = new Set([
  "database_authenticatable", "rememberable", "omniauthable", "recoverable", "registerable",
  "validatable", "confirmable", "lockable", "timeoutable", "trackable", "authenticatable",
]);

/** `with_devise_exclusive_scope(mapping.fullpath, mapping.name, options)` */
function exclusiveScope(m: MapperState, mapping: Mapping, options: RHash, gems: DeviseGems, body: () => void): void {
  const frame: Frame = { as: mapping.singular, path: mapping.fullpath, module: null };
  frame.constraints = options.sget("constraints") as RHash;
  if (major(gems.devise) >= 5 && options.shas("format")) frame.format = options.sget("format")!;
  frame.defaults = options.sget("defaults") as RHash;
  frame.options = options.sget("options") as RHash;
  withScope(m, m.scope.push(frame), body);
}

/** A Hash's default proc that stores what it makes (`h[k] = …`), as Devise's mapping Hashes do. */
function storingDefault(make: (key: RValue) => string): RProc {
  return new RProc(([hash, key]) => {
    const value = make(key);
    if (hash instanceof RHash) hash.set(key, value);
    return value;
  }, false, () => "#<Proc (devise/mapping.rb)>", 2);
}

/** A request constraint Devise or Warden checks per request: it prints nothing. */
const requestConstraint = (what: string) => new RProc(() => true, true, () => `#<Proc (lambda) ${what}>`);

function deviseScope(m: MapperState, body: () => void): void {
  invoke(m, constraints, [requestConstraint("devise.mapping")], body);
}

type DrawRoute = (m: MapperState, mapping: Mapping, model: DeviseModel, gems: DeviseGems) => void;

/** Route keys whose `devise_<key>` a gem defines on the mapper: drawn here only where the app has the gem (else the app's own, if any). */
const GEM_DRAWERS: Record<string, string> = { magic_link: "devise-passwordless", invitation: "devise_invitable" };

const DRAW: Record<string, DrawRoute> = {
  session: (m, mapping) => {
    const options = kw({ only: [], controller: mapping.controllers("sessions"), path: "" });
    invoke(m, resource, [sym("session"), options], () => {
      const signIn = mapping.pathNames("sign_in");
      invoke(m, verb("get"), [sym("new"), kw({ path: signIn, as: "new" })]);
      invoke(m, verb("post"), [sym("create"), kw({ path: signIn })]);
      invoke(m, match, [sym("destroy"), kw({ path: mapping.pathNames("sign_out"), as: "destroy", via: mapping.signOutVia })]);
    });
  },
  password: (m, mapping) => {
    const options = kw({ only: ["new", "create", "edit", "update"].map(sym), path: mapping.pathNames("password"), controller: mapping.controllers("passwords") });
    invoke(m, resource, [sym("password"), options]);
  },
  confirmation: (m, mapping) => {
    const options = kw({ only: ["new", "create", "show"].map(sym), path: mapping.pathNames("confirmation"), controller: mapping.controllers("confirmations") });
    invoke(m, resource, [sym("confirmation"), options]);
  },
  unlock: (m, mapping, model) => {
    // `mapping.to.unlock_strategy_enabled?(:email)`: the model's option, else Devise's (default :both).
    const strategy = model.options.sget("unlock_strategy") ?? mapping.settings.values.get("unlock_strategy") ?? sym("both");
    if (!(strategy instanceof RSymbol) || !["both", "email"].includes(strategy.name)) return;
    const options = kw({ only: ["new", "create", "show"].map(sym), path: mapping.pathNames("unlock"), controller: mapping.controllers("unlocks") });
    invoke(m, resource, [sym("unlock"), options]);
  },
  registration: (m, mapping) => {
    const pathNames = kw({ new: mapping.pathNames("sign_up"), edit: mapping.pathNames("edit"), cancel: mapping.pathNames("cancel") });
    const options = kw({
      only: ["new", "create", "edit", "update", "destroy"].map(sym),
      path: mapping.pathNames("registration"),
      path_names: pathNames,
      controller: mapping.controllers("registrations"),
    });
    invoke(m, resource, [sym("registration"), options], () => invoke(m, verb("get"), [sym("cancel")]));
  },
  omniauth_callback: omniauthCallback,
  // devise-passwordless' `devise_magic_link` (lib/devise/passwordless/routing.rb, 1.0.0 to 1.0.3).
  magic_link: (m, mapping) => {
    invoke(m, resource, [sym("magic_link"), kw({ only: [sym("show")], path: mapping.pathNames("magic_link"), controller: mapping.controllers("magic_links") })]);
  },
  // devise_invitable's `devise_invitation` (lib/devise_invitable/routes.rb).
  invitation: (m, mapping) => {
    const options = kw({ only: ["new", "create", "update"].map(sym), path: mapping.pathNames("invitation"), controller: mapping.controllers("invitations") });
    invoke(m, resource, [sym("invitation"), options], () => {
      invoke(m, verb("get"), [sym("edit"), kw({ path: mapping.pathNames("accept"), as: sym("accept") })]);
      invoke(m, verb("get"), [sym("destroy"), kw({ path: mapping.pathNames("remove"), as: sym("remove") })]);
    });
  },
};

const verb = (name: "get" | "post") => (m: MapperState, call: Call) => httpVerb(m, name, call);

function omniauthCallback(m: MapperState, mapping: Mapping, model: DeviseModel, gems: DeviseGems): void {
  const fullpath = mapping.fullpath;
  if (/:[a-zA-Z_]/.test(fullpath)) throw routingError(dynamicOmniauthMessage(fullpath), "RuntimeError");
  const configured = mapping.settings.values.get("omniauth_path_prefix");
  const prefix = typeof configured === "string" ? configured : `/${fullpath}/auth`.replace(/\/+/g, "/");
  const earlier = omniauthPrefixes.get(m.set);
  if (earlier !== undefined && earlier !== prefix) throw routingError(WRONG_OMNIAUTH, "RuntimeError");
  omniauthPrefixes.set(m.set, prefix);
  const providers = model.options.sget("omniauth_providers");
  const names = Array.isArray(providers) ? providers.map((p) => toS(p)) : mapping.settings.omniauthProviders;
  if (providers !== undefined && !Array.isArray(providers)) {
    m.host.missing(`Routemap cannot read the OmniAuth providers of ${mapping.className}; their routes are missing.`, mapping.covers("omniauth_callbacks"));
    return;
  }
  if (!Array.isArray(providers)) {
    for (const call of mapping.settings.unreadProviders) {
      m.host.missing(`Routemap cannot read which OmniAuth provider \`${call}\` in config/initializers/devise.rb configures: its routes for ${mapping.className} are missing.`, mapping.covers("omniauth_callbacks"));
    }
    for (const { provider, condition } of mapping.settings.undecidedProviders) {
      // Its names are known up to the provider: `user_twitter_omniauth_authorize`, `…_callback`.
      const covers = { ...mapping.covers("omniauth_callbacks"), namePrefix: `${mapping.singular}_${provider}_omniauth` };
      m.host.missing(`Devise configures the OmniAuth provider ${provider} only if \`${condition}\`, which Routemap cannot decide: its routes for ${mapping.className} are missing.`, covers);
    }
  }
  // Devise 5 asks OmniAuth which methods start a login: POST only from OmniAuth 2.0.
  const authorizeVia = major(gems.devise) >= 5 && major(gems.omniauth) >= 2 ? [sym("post")] : [sym("get"), sym("post")];
  const controller = mapping.controllers("omniauth_callbacks");
  // lib/devise/omniauth.rb (4.x and 5.x): `OmniAuth.config.on_failure` runs the mapping's
  // callbacks controller's `action(:failure)`, no route needed.
  m.host.reachedAction?.(controller, "failure");
  withScope(m, m.scope.push({ path: null }), () => {
    for (const provider of names) {
      invoke(m, match, [`${prefix}/${provider}`, kw({ to: `${controller}#passthru`, as: `${provider}_omniauth_authorize`, via: authorizeVia })]);
      invoke(m, match, [`${prefix}/${provider}/callback`, kw({ to: `${controller}#${provider}`, as: `${provider}_omniauth_callback`, via: [sym("get"), sym("post")] })]);
    }
  });
}

/** `authenticate`, `authenticated`: a Warden check as a request constraint around the block. */
export function authenticate(m: MapperState, call: Call): void {
  checkArity(call.args, 0, 2);
  invoke(m, constraints, [requestConstraint("warden")], () => yieldTo(call.block));
}

/** `unauthenticated(scope = nil)` */
export function unauthenticated(m: MapperState, call: Call): void {
  checkArity(call.args, 0, 1);
  invoke(m, constraints, [requestConstraint("warden")], () => yieldTo(call.block));
}

/** `devise_scope(scope)` and its alias `as`. */
export function deviseScopeMethod(m: MapperState, call: Call): void {
  checkArity(call.args, 1, 1);
  deviseScope(m, () => yieldTo(call.block));
}

const WRONG_OMNIAUTH =
  "Wrong OmniAuth configuration. If you are getting this exception, it means that either:\n\n" +
  "1) You are manually setting OmniAuth.config.path_prefix and it doesn't match the Devise one\n" +
  "2) You are setting :omniauthable in more than one model\n" +
  "3) You changed your Devise routes/OmniAuth setting and haven't restarted your server";

function dynamicOmniauthMessage(fullpath: string): string {
  return (
    "Devise does not support scoping OmniAuth callbacks under a dynamic segment\n" +
    `and you have set ${JSON.stringify(fullpath)}. You can work around by passing\n` +
    "`skip: :omniauth_callbacks` to the `devise_for` call and extract omniauth\n" +
    "options to another `devise_for` call outside the scope. Here is an example:\n\n" +
    "    devise_for :users, only: :omniauth_callbacks, controllers: {omniauth_callbacks: 'users/omniauth_callbacks'}\n\n" +
    "    scope '/(:locale)', locale: /ru|en/ do\n" +
    "      devise_for :users, skip: :omniauth_callbacks\n" +
    "    end\n"
  );
}
