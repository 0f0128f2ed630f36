/**
 * ActiveAdmin (activeadmin/activeadmin, lib/active_admin/router.rb and application.rb at v3.2.5;
 * 2.0–3.5 and 4.0.0.beta draw the same routes): `ActiveAdmin.routes(self)` and
 * `ActiveAdmin::Devise.config`, from what activeAdminRegistrations.ts reads of the app's
 * initializer and app/admin. Checked against the real gem on Debian's Rails 6.1
 * (test-fixtures/apps/activeadmin, with 3.2.5; 2.9.0 and 2.12.0 draw the same sheets).
 *
 * Not followed: before 2.8.0 the files load in the order the file system lists them (said where
 * it matters); before 2.5.0 `:admin` and `"admin"` are two namespaces.
 *
 * Where ActiveAdmin's settings cannot be read, its routes are left out and only the namespaces
 * its files name are open (`activeAdminNamespaces`, from their text): while every namespace is a
 * named one, the Router draws each inside `namespace name`, so only names with its word and
 * controllers under its module may be missing.
 */
import { camelize, pluralize, underscore } from "../inflector.js";
import { httpVerb, type Verb } from "../mapper/base.js";
import { routingError } from "../mapper/errors.js";
import { collection, member, namespace, resources, root } from "../mapper/resources.js";
import { gemLocked, gemVersion, versionBefore, type MapperHost, type MapperState } from "../mapper/state.js";
import type { LoadedFile } from "../ruby/loadedFile.js";
import { noMethodMessage, toS } from "../ruby/print.js";
import { forMapper, RHash, RUnknown, stringValue, sym, truthy, type RValue } from "../ruby/values.js";
import { invoke, kw } from "../framework/draw.js";
import * as N from "@ruby/prism/src/nodes.js";
import { constantPathText, definitionsOf, statementsOf, walkNodes } from "../ruby/walk.js";
import type { Locked } from "./activeAdminPlugins.js";
import { versioningRegister } from "./activeAdminVersioning.js";
import type { PaperTrailSource } from "./paperTrail.js";
import { CRUD, readRegistrations, registrationKey, readSetup, ROOT, type AdminAction, type AdminReader, type AdminSettings, type AdminSetup, type NamespaceName, type Registration, type Registrations, type Unread } from "./activeAdminRegistrations.js";

/** A namespace's name as written (`:admin`, `"admin"`), "root" for `false`/`nil`, else undefined. */
function namespaceName(value: string): string | "root" | undefined {
  // What follows the value on its line: a block (`:staff do |ns|`, `{`). Cut at the first blank
  // before one (a search with no quantifier: a line of blanks is no slower than one of letters).
  const block = value.search(/[ \t](?:do\b|\{)/);
  const v = (block >= 0 ? value.slice(0, block) : value).trim();
  if (v === "false" || v === "nil") return "root";
  return /^(?::|:?["'])?([a-z_][a-z0-9_]*)["']?$/.exec(v)?.[1];
}

/**
 * The named namespaces ActiveAdmin draws in, from the texts of the initializers that mention it
 * and of the files under app/admin; undefined where one is the root namespace or is not a literal.
 */
export function activeAdminNamespaces(initializers: readonly string[], adminFiles: readonly string[]): string[] | undefined {
  const names = new Set<string>();
  let fallback: string | "root" | undefined = "admin";
  for (const text of initializers) {
    // Not a commented line: the setting starts its line.
    for (const m of text.matchAll(/^[ \t]*config\.default_namespace[ \t]*=[ \t]*([^#\n;]+)/gm)) fallback = namespaceName(m[1]);
    for (const m of text.matchAll(/^[ \t]*config\.namespace[ \t(]+([^,)\n]+)/gm)) {
      const name = namespaceName(m[1]);
      if (name === undefined || name === "root") return undefined;
      names.add(name);
    }
  }
  if (fallback === undefined || fallback === "root") return undefined;
  names.add(fallback);
  for (const text of adminFiles) {
    for (const m of text.matchAll(/(?:\bnamespace:|:namespace[ \t]*=>)[ \t]*([^,)\n]+)/g)) {
      const name = namespaceName(m[1]);
      if (name === undefined || name === "root") return undefined;
      names.add(name);
    }
  }
  return [...names].sort();
}

/**
 * `ActiveAdmin.routes(self)` (lib/active_admin/router.rb `apply`, the same in 2.0–3.5 and
 * 4.0.0.beta; application.rb `load!`): the app's files loaded, the default namespace created
 * last if no file registered in it, the comments resource registered in every namespace
 * (orm/active_record/comments.rb, `after_load`, whatever `config.comments` says: it only hides
 * the menu), then each namespace's root route, then each namespace's resources and pages in the
 * order they were registered, each in `namespace name, route_options` of its own.
 *
 * A registration Routemap cannot read is left out, its names open (`missing`); a setting it
 * cannot read leaves every ActiveAdmin route out, as before they were modelled.
 */
export function activeAdminRoutes(m: MapperState, version: string | undefined): void {
  const host = m.host;
  if (!host.inApp || !host.evaluateIn) return missingAll(m, "this routes file is read without its app, whose app/admin and initializer Routemap reads");
  // Without config/application.rb the app's initializers are not read: its settings would be guesses.
  if (!host.appFile("config/application.rb")) return missingAll(m, "the app has no config/application.rb, so Routemap does not read its initializers");
  const locked: Locked = (gem) => (gemLocked(m, gem) ? { version: gemVersion(m, gem) } : undefined);
  const reader: AdminReader = { ...adminReader(host), moduleFile: (name) => host.classFile?.(name), dslMethod: appDslMethods(host), includedHook: includedHooks(host), locked, ruby: m.ruby, registering: registering(host, (gem) => (gemVersion(m, gem) !== undefined ? { version: gemVersion(m, gem) } : undefined)) };
  const initializers = host.configFiles?.("ActiveAdmin") ?? [];
  // Before 1.0.0.pre1 the router, the comments and the dashboards were 0.x's (lib/active_admin/router.rb,
  // comments.rb at v0.6.6: `batch_action` drawn whatever the setting, comments only where allowed).
  if (version !== undefined && before1(version)) return missingAll(m, `the app locks activeadmin ${version}, whose routes follow 0.x's rules (Routemap follows 1.0 to 4.0)`, initializers, host.appFilesUnder?.("app/admin") ?? []);
  const setup = readSetup(initializers, reader);
  if ("why" in setup) return missingAll(m, setup.why, initializers, host.appFilesUnder?.("app/admin") ?? []);
  const release = version ?? FOLLOWED;
  const files = loadedFiles(host, setup.loadPaths, release);
  if (!files) return missingAll(m, `a file under ${setup.loadPaths.join(", ")} cannot be read`, initializers);
  // application.rb sorts the paths from 2.8.0 (`Dir[…].sort`); before, they load in `Dir[]`'s order:
  // from Ruby 3.0 each folder's entries by name (`reports/x.rb` before `reports.rb`), before it the file system's.
  if (version !== undefined && versionBefore(version, [2, 8]) && files.length > 1) {
    if (m.ruby.unsortedGlob) host.info(`ActiveAdmin ${version} loads app/admin's files in the order the file system lists them on Ruby before 3.0 (sorted from ActiveAdmin 2.8.0): Routemap draws their routes in sorted order, which may not be the order of Rails' rows.`);
    else files.sort((a, b) => byFolderEntries(a.index.file, b.index.file));
  }
  const read: Registrations = { list: new Map(), namespaces: setup.namespaces.map((n) => n.name), unread: new Set() };
  const unread = files.flatMap((file) => readRegistrations(file, setup, read, reader, release));
  if (!read.namespaces.includes(setup.defaultNamespace)) read.namespaces.push(setup.defaultNamespace);
  new Router(m, setup, read, unread, gemLocked(m, "activerecord") || gemLocked(m, "rails")).apply();
}

/**
 * `ActiveAdmin::Devise.config` (lib/active_admin/devise.rb), which apps pass to `devise_for`:
 * the default namespace as the path, ActiveAdmin's Devise controllers, `login`/`logout`, and
 * before 4.0 `sign_out_via: [*::Devise.sign_out_via, logout_link_method].uniq`.
 */
export function activeAdminDeviseConfig(host: MapperHost, version: string | undefined, deviseSignOutVia: RValue | undefined): RValue {
  if (!host.inApp || !host.evaluateIn) return new RUnknown("ActiveAdmin::Devise.config", false, "ActiveAdmin's settings, which its initializer sets, and this routes file is read without its app");
  const setup = readSetup(host.configFiles?.("ActiveAdmin") ?? [], adminReader(host));
  if ("why" in setup) return new RUnknown("ActiveAdmin::Devise.config", false, `ActiveAdmin's settings: ${setup.why}`);
  const controllers = new RHash();
  for (const name of ["sessions", "passwords", "unlocks", "registrations", "confirmations"]) controllers.sset(name, `active_admin/devise/${name}`);
  const config = kw({ path: truthy(setup.defaultNamespaceValue) ? setup.defaultNamespaceValue : "/", controllers, path_names: kw({ sign_in: "login", sign_out: "logout" }) });
  if (versionBefore(version ?? FOLLOWED, [4])) {
    if (deviseSignOutVia instanceof RUnknown) return deviseSignOutVia;
    if (setup.logoutLinkMethod instanceof RUnknown) return setup.logoutLinkMethod;
    const via = [...(Array.isArray(deviseSignOutVia) ? deviseSignOutVia : deviseSignOutVia === undefined || deviseSignOutVia === null ? [] : [deviseSignOutVia]), setup.logoutLinkMethod];
    config.sset("sign_out_via", via.filter((v, i) => via.findIndex((w) => rubyEql(v, w)) === i));
  }
  return config;
}

/** `==` of the values `sign_out_via` holds (symbols, strings). */
const rubyEql = (a: RValue, b: RValue): boolean => a === b || (stringValue(a) !== undefined && stringValue(a) === stringValue(b) && typeof a === typeof b);

/** The release followed where no lockfile says which the app has. */
const FOLLOWED = "3.2.5";

/** Before 1.0.0.pre1: 0.x, and 1.0.0.pre, which was cut from 0.6's code (2013). */
const before1 = (version: string): boolean => versionBefore(version, [1]) || version === "1.0.0.pre";

/** What every reading of the app's ActiveAdmin files evaluates and names places with. */
function adminReader(host: MapperHost): AdminReader {
  return { evaluate: (file, node, before, locals) => host.evaluateIn!(file, node, before, locals), relative: (file) => host.appRelative?.(file) ?? file.index.file };
}

/**
 * application.rb `files`: each load path's `**\/*.rb`, without repeats; from 2.13.1 each path's
 * sorted in the paths' order, from 2.8.0 all of them sorted together (before, see the caller).
 */
function loadedFiles(host: MapperHost, loadPaths: readonly string[], version: string): LoadedFile[] | undefined {
  const lists = [...new Set(loadPaths)].map((path) => host.appFilesUnder?.(path));
  if (lists.some((l) => l === undefined)) return undefined;
  const seen = new Set<string>();
  const files = (lists as LoadedFile[][]).flat().filter((f) => !seen.has(f.index.file) && seen.add(f.index.file));
  if (versionBefore(version, [2, 13, 1]) && lists.length > 1) files.sort((a, b) => (a.index.file < b.index.file ? -1 : a.index.file > b.index.file ? 1 : 0));
  return files;
}

/**
 * The app's DSL methods (`AdminReader.dslMethod`): the modules its configuration and lib/ files
 * include into `ActiveAdmin::ResourceDSL` or `ActiveAdmin::DSL` (`include`, `prepend`, `send :include`), found where
 * the autoloader would or among lib/'s files that define them, read once it is first asked.
 */
function appDslMethods(host: MapperHost): (name: string) => { file: LoadedFile; def: N.DefNode } | "ambiguous" | undefined {
  let modules: { file: LoadedFile; node: N.ModuleNode }[] | undefined;
  return (name) => {
    modules ??= dslModules(host);
    const found = modules.flatMap((m) => statementsOf(m.node.body).filter((n): n is N.DefNode => n instanceof N.DefNode && !n.receiver && n.name === name).map((def) => ({ file: m.file, def })));
    return found.length > 1 ? "ambiguous" : found[0];
  };
}

/**
 * `def self.included(base)` of the module `name`, which ActiveAdmin's DSL `include` calls (dsl.rb
 * `mod.included(self)`): defined in the app (where its autoloader finds it, or in lib/) or in a
 * gem that depends on activeadmin (climate-watch's data_uploader: `DataUploader::SharedAdmin`).
 * "ambiguous" where several files define one; undefined where none is found.
 */
function includedHooks(host: MapperHost): (name: string) => { file: LoadedFile; def: N.DefNode } | "ambiguous" | undefined {
  return (name) => {
    const gems = (host.gemDependents?.("activeadmin", lastName(name)) ?? []).flatMap((g) => g.files);
    const hooks = [...moduleFiles(host, name), ...gems].flatMap((file) =>
      moduleDefinitions(file, name).flatMap(({ node }) =>
        statementsOf(node.body).filter((n): n is N.DefNode => n instanceof N.DefNode && n.receiver instanceof N.SelfNode && n.name === "included").map((def) => ({ file, def })),
      ),
    );
    return hooks.length > 1 ? "ambiguous" : hooks[0];
  };
}

/**
 * active_admin_versioning's `register`, where the app's lockfile (or, without one, its Gemfile's
 * constraints) names it: it changes every registration without a call in app/admin saying so.
 */
function registering(host: MapperHost, locked: Locked): AdminReader["registering"] {
  // Read once, when a registration first asks.
  let config: LoadedFile[] | undefined;
  let gemsCallIt: boolean | undefined;
  const source: PaperTrailSource = {
    find: (name) => host.classFile?.(name),
    relative: (file) => host.appRelative?.(file) ?? file.index.file,
    get config() {
      return (config ??= host.configFiles?.("PaperTrail") ?? []);
    },
    get gemsCallIt() {
      const gems = gemsCallIt === undefined ? host.gemDependents?.("paper_trail", "has_paper_trail") : undefined;
      return (gemsCallIt ??= !gems || gems.some((g) => g.why !== undefined || g.files.length > 0));
    },
  };
  return versioningRegister(locked, source);
}

/** ResourceDSL's own, and DSL's, which ResourceDSL and PageDSL inherit. */
const DSL_RECEIVERS = new Set(["ActiveAdmin::ResourceDSL", "::ActiveAdmin::ResourceDSL", "ActiveAdmin::DSL", "::ActiveAdmin::DSL"]);

function dslModules(host: MapperHost): { file: LoadedFile; node: N.ModuleNode }[] {
  const files = [...(host.configFiles?.("DSL") ?? []), ...(host.appFilesUnder?.("lib", "DSL") ?? [])];
  const names = new Set<string>();
  for (const file of files) {
    walkNodes(file.program, (n) => {
      if (!(n instanceof N.CallNode) || !n.receiver || !DSL_RECEIVERS.has(constantPathText(n.receiver) ?? "")) return;
      const args = n.arguments_?.arguments_ ?? [];
      const mixed = n.name === "include" || n.name === "prepend" ? args : n.name === "send" && args[0] instanceof N.SymbolNode && ["include", "prepend"].includes(args[0].unescaped.value) ? args.slice(1) : [];
      for (const arg of mixed) {
        const written = constantPathText(arg);
        if (written) names.add(written.replace(/^::/, ""));
      }
    });
  }
  return [...names].flatMap((name) => moduleFiles(host, name).flatMap((file) => moduleDefinitions(file, name)));
}

const lastName = (name: string): string => name.split("::").at(-1)!;

/**
 * The app's files that may define the module `name`: where its autoloader finds it, and lib/'s
 * that name it (`module CsvDownload`, `module Admin::CsvDownload`), each once.
 */
function moduleFiles(host: MapperHost, name: string): LoadedFile[] {
  const found = [host.classFile?.(name), ...(host.appFilesUnder?.("lib", lastName(name)) ?? [])];
  return [...new Set(found.filter((f): f is LoadedFile => f !== undefined))];
}

/** The `module` nodes of `file` whose full name (by their nesting) is `name`. */
function moduleDefinitions(file: LoadedFile, name: string): { file: LoadedFile; node: N.ModuleNode }[] {
  return definitionsOf(file.program, name, N.ModuleNode).map(({ node }) => ({ file, node }));
}

/** Ruby 3's `Dir[]` order: folder by folder, each one's entries by name, a folder's files where its name sorts. */
function byFolderEntries(a: string, b: string): number {
  const x = a.split("/");
  const y = b.split("/");
  for (let i = 0; i < Math.min(x.length, y.length); i++) if (x[i] !== y[i]) return x[i] < y[i] ? -1 : 1;
  return x.length - y.length;
}

/** Every route of ActiveAdmin left out, with why: names under the namespaces the files name, or any. */
function missingAll(m: MapperState, why: string, initializers: readonly LoadedFile[] = [], files: readonly LoadedFile[] = []): void {
  const namespaces = files.length || initializers.length ? activeAdminNamespaces(initializers.map((f) => f.index.text), files.map((f) => f.index.text)) : undefined;
  const message = `Routemap cannot draw ActiveAdmin's routes: ${why}.`;
  if (!namespaces) return m.host.missing(message, { namePrefix: undefined, modules: [undefined] });
  for (const ns of namespaces) m.host.missing(message, { namePrefix: ns, modules: [ns] });
}

/** A `belongs_to` target that a registration Routemap cannot read may be. */
class TargetUnread {
  constructor(readonly name: string) {}
}

const ROUTE_DEFAULTS = { rootTo: "dashboard#index", commentsRegistrationName: "Comment" };

/** lib/active_admin/router.rb, call for call. */
class Router {
  constructor(
    private readonly m: MapperState,
    private readonly setup: AdminSetup,
    private readonly read: Registrations,
    /** The registrations left out: said, and a `belongs_to` that may name one of them depends on it. */
    private readonly unread: readonly Unread[],
    private readonly activeRecord: boolean,
  ) {}

  /** A namespace's setting: its own, else the app's (settings inherit live), else ActiveAdmin's default. */
  private setting(ns: NamespaceName, key: keyof AdminSettings): RValue | undefined {
    const own = this.setup.namespaces.find((n) => n.name === ns)?.settings[key];
    const value = own !== undefined ? own : this.setup.app[key];
    // As the DSL's arguments are handed over: a mutable String as its text.
    return value === undefined ? undefined : forMapper(value);
  }

  private hash(ns: NamespaceName, key: "rootToOptions" | "routeOptions"): RHash {
    const value = this.setting(ns, key);
    if (value === undefined || value === null) return new RHash();
    if (!(value instanceof RHash)) throw routingError(noMethodMessage(this.m.ruby, key === "routeOptions" ? "dup" : "merge", value), "NoMethodError");
    return value.dup();
  }

  private notDrawn(u: Unread): void {
    const ns = u.namespace === ROOT ? undefined : u.namespace;
    if (u.controller) this.m.host.generatedController?.(ns ? `${ns}/${u.controller}` : u.controller);
    // Said at the registration, where the app would change it.
    this.at({ file: u.file, node: u.node }, () => this.m.host.missing(`Routemap cannot draw this ActiveAdmin registration's routes: ${u.why}.`, { namePrefix: ns, modules: [ns] }));
  }

  apply(): void {
    for (const u of this.unread) this.notDrawn(u);
    const { namespaces } = this.read;
    const byNamespace = new Map<NamespaceName, Registration[]>(namespaces.map((ns) => [ns, []]));
    for (const config of this.read.list.values()) byNamespace.get(config.namespace)?.push(config);
    // The comments resource, registered after the files in every namespace (it is then each one's last).
    if (this.activeRecord) for (const ns of namespaces) byNamespace.get(ns)!.push(this.comments(ns));
    // resource/controllers.rb, page.rb: `#{namespace.module_name}::#{name.camelize}Controller`, defined as each registers.
    for (const [ns, configs] of byNamespace) for (const config of configs) this.m.host.generatedController?.(ns === ROOT ? config.routeKey : `${ns}/${config.routeKey}`);
    for (const ns of namespaces) this.rootRoute(ns);
    for (const ns of namespaces) for (const config of byNamespace.get(ns)!) this.resourceRoutes(config);
  }

  private comments(ns: NamespaceName): Registration {
    const name = this.setting(ns, "commentsRegistrationName") ?? ROUTE_DEFAULTS.commentsRegistrationName;
    const key = (stringValue(name) ?? toS(name, this.m.ruby)).replace(/\s/g, "");
    const clash = this.read.list.get(registrationKey(ns, key));
    if (clash) throw routingError(`You're trying to register ActiveAdmin::Comment as ${key}, but the existing ActiveAdmin::Resource config was built for ${clash.className ?? key}! (${clash.where})`, "ActiveAdmin::ResourceCollection::ConfigMismatch");
    // `actions :index, :show, :create, :destroy` and `config.batch_actions = false`.
    const removed = new Set(["new", "edit", "update"]);
    const routeKey = pluralize(underscore(key).replace(/\//g, "_"));
    return { kind: "resource", key, className: "ActiveAdmin::Comment", namespace: ns, routeKey, removed, memberActions: [], collectionActions: [], pageActions: [], batchActions: false, where: "orm/active_record/comments.rb" };
  }

  private inNamespace(ns: NamespaceName, body: () => void): void {
    if (ns === ROOT) body();
    else invoke(this.m, namespace, [sym(ns), this.hash(ns, "routeOptions")], body);
  }

  private rootRoute(ns: NamespaceName): void {
    const options = this.hash(ns, "rootToOptions");
    options.sset("to", this.setting(ns, "rootTo") ?? ROUTE_DEFAULTS.rootTo);
    if (ns === ROOT) return invoke(this.m, root, [options]);
    options.sset("as", sym("root"));
    this.inNamespace(ns, () => invoke(this.m, root, [options]));
  }

  /** Draws with the registration's (or the action's) call as the routes' source, where the host can. */
  private at(where: Registration["at"], body: () => void): void {
    if (where && this.m.host.drawAt) this.m.host.drawAt(where.node, where.file, "ActiveAdmin", body);
    else body();
  }

  private resourceRoutes(config: Registration): void {
    const raises = config.raises;
    if (raises) this.at(raises.at, () => { throw routingError(raises.message, raises.error); });
    this.at(config.at, () => {
      let target: Registration | undefined;
      try {
        target = config.belongsTo && this.target(config);
      } catch (e) {
        if (!(e instanceof TargetUnread)) throw e;
        const ns = config.namespace === ROOT ? undefined : config.namespace;
        return this.m.host.missing(`Routemap cannot draw this ActiveAdmin registration's routes: its \`belongs_to\` target ${e.name} may be a registration Routemap cannot read.`, { namePrefix: ns, modules: [ns] });
      }
      this.inNamespace(config.namespace, () => this.belongingRoutes(config, target));
    });
  }

  /** router.rb `define_routes`: the resource's own routes, and with `belongs_to` nested in the target's (`only: []`). */
  private belongingRoutes(config: Registration, target: Registration | undefined): void {
    if (!config.belongsTo || !target) return this.pageOrResource(config);
    if (config.belongsTo.optional) this.pageOrResource(config);
    invoke(this.m, resources, [target.routeKey, kw({ only: [] })], () => this.pageOrResource(config));
  }

  /** By namespace and class name (resource_collection.rb's `[]` looks a name up as a key, then as a class). */
  private byClass?: Map<string, Registration>;

  /** `belongs_to`'s target: the resource of its namespace `class_name:` names, else the target camelized. */
  private target(config: Registration): Registration {
    const { target, className } = config.belongsTo!;
    if (!this.byClass) {
      this.byClass = new Map();
      for (const r of this.read.list.values()) if (r.className !== undefined && !this.byClass.has(registrationKey(r.namespace, r.className))) this.byClass.set(registrationKey(r.namespace, r.className), r);
    }
    const ns = config.namespace;
    const lookup = (name: string): Registration | undefined => {
      const byKey = this.read.list.get(registrationKey(ns, name));
      if (byKey?.kind === "resource") return byKey;
      // A registration left out may have that key or class (or any, where its own are not known).
      if (this.unread.some((u) => (u.namespace === undefined || u.namespace === ns) && (u.key === undefined || u.key === name || u.className === undefined || u.className === name))) throw new TargetUnread(name);
      const byClass = this.byClass!.get(registrationKey(ns, name));
      return byClass?.kind === "resource" ? byClass : undefined;
    };
    const found = (className !== undefined ? lookup(className) : undefined) ?? lookup(camelize(target));
    if (!found) throw routingError(`Could not find ${className ?? camelize(target)} in ${config.namespace} (ActiveAdmin's \`belongs_to\` finds a resource registered in the same namespace: ${config.where})`, "ActiveAdmin::Resource::BelongsTo::TargetNotFound");
    return found;
  }

  private pageOrResource(config: Registration): void {
    if (config.kind === "page") return this.pageRoutes(config);
    const only = CRUD.filter((a) => !config.removed.has(a)).map(sym);
    invoke(this.m, resources, [config.routeKey, kw({ only })], () => {
      member(this.m, () => config.memberActions.forEach((a) => this.action(a)));
      collection(this.m, () => {
        config.collectionActions.forEach((a) => this.action(a));
        const batch = config.batchActions ?? truthy(this.setting(config.namespace, "batchActions") ?? false);
        if (batch) httpVerb(this.m, "post", { args: [sym("batch_action")], block: null });
      });
    });
  }

  private pageRoutes(config: Registration): void {
    const page = config.routeKey;
    httpVerb(this.m, "get", { args: [`/${page}`, kw({ to: `${page}#index` })], block: null });
    for (const action of config.pageActions) {
      this.at(action.at, () => {
        for (const verb of action.verbs) httpVerb(this.m, verb as Verb, { args: [`/${page}/${action.name}`, kw({ to: `${page}#${action.name}` })], block: null });
      });
    }
  }

  /** `build_route(action.http_verb, action.name)`: one route per verb; marked with the condition a gem added it under. */
  private action(action: AdminAction): void {
    const draw = () =>
      this.at(action.at, () => {
        if (action.condition) this.m.host.info(action.condition.why);
        for (const verb of action.verbs) httpVerb(this.m, verb as Verb, { args: [forMapper(action.arg)], block: null });
      });
    if (action.condition) this.m.host.undecided({ key: action.condition.key, text: action.condition.text }, draw);
    else draw();
  }
}
