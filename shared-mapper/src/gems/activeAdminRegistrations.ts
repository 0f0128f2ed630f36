/**
 * What ActiveAdmin's Router reads, from the app's files, read without running them
 * (activeadmin/activeadmin v3.2.5; the same in 2.0–3.5 and 4.0.0.beta, differences noted):
 *
 * - The settings of `ActiveAdmin.setup do |config| … end` the routes depend on
 *   (lib/active_admin/namespace_settings.rb, application_settings.rb): `default_namespace`
 *   (`:admin`), `batch_actions` (false; the generated initializer sets it true), `root_to`
 *   (`"dashboard#index"`), `root_to_options` and `route_options` (`{}`),
 *   `comments_registration_name` (`"Comment"`), `load_paths` (app/admin), each also per
 *   namespace in `config.namespace :x do |x| x.batch_actions = … end`, which creates it first.
 * - The registrations in the load path's files, in the order `Application#files` loads them
 *   (application.rb: `Dir["#{path}/**\/*.rb"].sort` from 2.8.0): `ActiveAdmin.register Model`
 *   (`as:`, `namespace:`) and `ActiveAdmin.register_page "Name"`, and in their blocks the DSL
 *   calls that change routes (resource_dsl.rb, page_dsl.rb): `actions`, `member_action`,
 *   `collection_action`, `page_action`, `belongs_to`, `config.batch_actions =`,
 *   `config.clear_*_actions!`. ActiveAdmin's other DSL (`index`, `form`, `filter`, `menu`, …)
 *   draws nothing.
 *
 * What could change the routes and is not read (a method ActiveAdmin does not define, such as
 * a plugin's `active_admin_import`, an `include`, a condition around a DSL call, a value
 * Routemap cannot compute) leaves that registration unread, with the place and why.
 */
import * as N from "@ruby/prism/src/nodes.js";
import { pluralize, underscore } from "../inflector.js";
import { firstLine, quoted, type LoadedFile } from "../ruby/loadedFile.js";
import { RHash, RPathname, RSymbol, RUnknown, stringValue, sym, type RValue } from "../ruby/values.js";
import { branchesToRun } from "./branchesToRun.js";
import { branchStatements, constantPathText, requiredParameter, someCall, someNode, statementsOf, walkNodes } from "../ruby/walk.js";
import { inspect, missingMethodMessage, type RubyVersion } from "../ruby/print.js";
import { versionBefore } from "../mapper/state.js";
import { configureParameter, isConstant } from "./configureBlocks.js";
import { pageRaise, pluginFor, quietPlugin, type Locked, type PluginActions } from "./activeAdminPlugins.js";

/** The namespace settings the Router reads; undefined: not set here (inherited, or the default). */
export interface AdminSettings {
  batchActions?: RValue;
  rootTo?: RValue;
  rootToOptions?: RValue;
  routeOptions?: RValue;
  commentsRegistrationName?: RValue;
}

const SETTINGS: Record<string, keyof AdminSettings> = {
  "batch_actions=": "batchActions", "root_to=": "rootTo", "root_to_options=": "rootToOptions", "route_options=": "routeOptions",
  "comments_registration_name=": "commentsRegistrationName",
};

/** A namespace's name as `Application#namespace` keys it (`name.to_s.underscore`), `root` for `false`/`nil`. */
export type NamespaceName = string;
export const ROOT = "root";

/** The initializer's part: the app's settings, and the namespaces it creates in order with their own. */
export interface AdminSetup {
  defaultNamespace: NamespaceName;
  /** `default_namespace` as set (`:admin`, `false`): `ActiveAdmin::Devise.config` reads it raw. */
  defaultNamespaceValue: RValue;
  /** `logout_link_method` (`:get`), which `ActiveAdmin::Devise.config` adds to Devise's `sign_out_via` before 4.0. */
  logoutLinkMethod: RValue;
  app: AdminSettings;
  namespaces: { name: NamespaceName; settings: AdminSettings }[];
  /** `load_paths`: the app's folders of registrations, relative to its root (`app/admin`). */
  loadPaths: string[];
}

/** A route an action adds (`member_action :lock, method: :put`): its name and verbs. */
export interface AdminAction {
  name: string;
  /** The name as given (`:lock`, `"lock"`): the Router passes it on. */
  arg: RValue;
  /** The call that adds it, in its file: its routes' source. */
  at?: { file: LoadedFile; node: N.CallNode };
  verbs: string[];
  /** A condition Routemap cannot decide that a gem adds it under (`key` stands for it wherever it is met), and why it cannot. */
  condition?: { key: string; text: string; why: string };
}

export interface Registration {
  kind: "resource" | "page";
  /** `resource_name`: the key in its namespace's collection (`"Post"`, `"Article"` for `as: "Article"`, the page's name). */
  key: string;
  /** The class registered, as written (`Blog::Post`): `belongs_to` looks it up by it too. */
  className?: string;
  namespace: NamespaceName;
  /** `resource_name.route_key` (`blog_posts`), or the page's `underscored_resource_name`. */
  routeKey: string;
  /** CRUD actions `actions` took away. */
  removed: Set<string>;
  memberActions: AdminAction[];
  collectionActions: AdminAction[];
  pageActions: AdminAction[];
  /** The resource's own `config.batch_actions`, if set. */
  batchActions?: boolean;
  belongsTo?: { target: string; className?: string; optional: boolean };
  /** Where it is registered first, for messages (`app/admin/posts.rb:1`). */
  where: string;
  /** That call, in its file: its routes' source (none for the comments ActiveAdmin registers). */
  at?: { file: LoadedFile; node: N.CallNode };
  /** What Ruby raises as it is registered (its error class and message), at which call: said, as Rails would fail to boot. */
  raises?: { error: string; message: string; at: { file: LoadedFile; node: N.CallNode } };
}

/** The registrations in order, and the namespaces in the order they were created (the initializer's first). */
export interface Registrations {
  /** By `registrationKey`, in the order they were first registered. */
  list: Map<string, Registration>;
  namespaces: NamespaceName[];
  /** The registrations (namespace and key) whose blocks could not be read. */
  unread: Set<string>;
}

/** What could not be read, where, and which namespace it is of (undefined: any). */
export interface Unread {
  why: string;
  file: LoadedFile;
  node: N.CallNode;
  namespace: NamespaceName | undefined;
  /** The controller its registration defines all the same (`posts`, in the namespace's module), where its name is known. */
  controller?: string;
  /** Its key and class, where known: a `belongs_to` that may name it depends on it. */
  key?: string;
  className?: string;
}

/** A setting the initializer writes that Routemap cannot read, with its place. */
export interface UnreadSetup {
  why: string;
}

export interface AdminReader {
  evaluate(file: LoadedFile, node: N.Node, before?: readonly N.Node[], locals?: ReadonlyMap<string, RValue>): RValue;
  relative(file: LoadedFile): string;
  /** The app's file that defines the module `name` where Rails' autoloader finds it. */
  moduleFile?(name: string): LoadedFile | undefined;
  /**
   * The app's own DSL method `name` of a module it includes into `ActiveAdmin::ResourceDSL`
   * (`ActiveAdmin::ResourceDSL.send :include, CsvDownload`), with its file; "ambiguous" where
   * several define it; undefined where none does.
   */
  dslMethod?(name: string): { file: LoadedFile; def: N.DefNode } | "ambiguous" | undefined;
  /** `def self.included(base)` of a module the app or a gem defines, which `include` in a registration runs. */
  includedHook?(name: string): { file: LoadedFile; def: N.DefNode } | "ambiguous" | undefined;
  /** The release of a plugin gem the app locks (every gem where there is no lockfile). */
  locked?: Locked;
  /** The Ruby the app runs, for the messages of what it raises. */
  ruby?: RubyVersion;
  /**
   * What a gem's `ActiveAdmin.register` does before the block, where the app locks one that
   * changes it (active_admin_versioning): an action it adds, and what it raises without a block.
   */
  registering?(className: string, at: { file: LoadedFile; node: N.CallNode }): { action?: AdminAction; withoutBlock?: string };
}

export const CRUD = ["index", "show", "new", "create", "edit", "update", "destroy"];

/** ActiveAdmin's DSL that draws nothing (resource_dsl.rb, dsl.rb, page_dsl.rb and the modules they include). */
const QUIET = new Set([
  "menu", "navigation_menu", "breadcrumb", "sidebar", "action_item", "batch_action", "scope", "scope_to", "filter", "remove_filter",
  "preserve_default_filters!", "index", "show", "form", "csv", "permit_params", "includes", "decorate_with", "order_by", "content",
  "before_action", "after_action", "around_action", "skip_before_action", "skip_after_action", "skip_around_action", "before_filter",
  "after_filter", "around_filter", "skip_before_filter", "before_build", "after_build", "before_create", "after_create", "before_update",
  "after_update", "before_save", "after_save", "before_destroy", "after_destroy", "config", "run_registration_block", "active_admin_comments",
  "sort_order", "per_page", "title", "header_action", "comment", "attributes_table", "panel", "columns", "column", "div", "para", "h1", "h2", "h3",
]);

/** The DSL that does change routes: a statement that hides one (a condition, a loop) is not read. */
const ROUTING = new Set(["actions", "member_action", "collection_action", "page_action", "belongs_to", "batch_actions=", "clear_member_actions!", "clear_collection_actions!", "clear_page_actions!", "include"]);

const place = (file: LoadedFile, node: N.Node, reader: AdminReader) => quoted(file, node, reader.relative);

/** `name.to_s.underscore` of a namespace value; ROOT for false/nil; undefined for anything else. */
function namespaceOf(value: RValue): NamespaceName | undefined {
  if (value === false || value === null) return ROOT;
  const text = value instanceof RSymbol ? value.name : stringValue(value);
  return text === undefined ? undefined : underscore(text) || ROOT;
}

/** The initializer's settings; an Unread where one is set to what Routemap cannot read, or under a condition. */
export function readSetup(files: readonly LoadedFile[], reader: AdminReader): AdminSetup | UnreadSetup {
  const setup: AdminSetup = { defaultNamespace: "admin", defaultNamespaceValue: sym("admin"), logoutLinkMethod: sym("get"), app: {}, namespaces: [], loadPaths: ["app/admin"] };
  for (const file of files) {
    const failed = readSetupFile(file, setup, reader);
    if (failed) return failed;
  }
  return setup;
}

function readSetupFile(file: LoadedFile, setup: AdminSetup, reader: AdminReader): UnreadSetup | undefined {
  let failed: UnreadSetup | undefined;
  const unread = (node: N.Node, why: string) => (failed ??= { why: `${place(file, node, reader)} ${why}` });
  walkNodes(file.program, (node) => {
    if (failed || !(node instanceof N.CallNode) || node.name !== "setup" || !isConstant(node.receiver, "ActiveAdmin") || !(node.block instanceof N.BlockNode)) return;
    const configs = configureParameter(node, new Set());
    const body = statementsOf(node.block.body);
    for (const statement of body) {
      if (failed) return;
      const call = statement instanceof N.CallNode && statement.receiver instanceof N.LocalVariableReadNode && configs.has(statement.receiver.name) ? statement : undefined;
      const added = loadPathsAdded(statement, configs);
      if (added) {
        const paths = added.arg ? loadPathsOf(file, reader.evaluate(file, added.arg), reader) : undefined;
        if (!paths) unread(statement, "sets where ActiveAdmin finds its registrations to a value Routemap cannot read (folders of the app)");
        else setup.loadPaths = added.replace ? paths : [...setup.loadPaths, ...paths];
        continue;
      }
      if (!call) {
        if (mentionsSettings(statement)) unread(statement, "sets ActiveAdmin's routes' settings under a condition or in code Routemap does not follow");
        continue;
      }
      if (call.name === "namespace") readNamespaceCall(file, call, setup, reader, unread);
      else if (call.name === "default_namespace=") {
        const value = reader.evaluate(file, call.arguments_!.arguments_[0]);
        const name = namespaceOf(value);
        if (name === undefined) unread(call, "sets the default namespace to a value Routemap cannot read");
        else (setup.defaultNamespace = name), (setup.defaultNamespaceValue = value);
      } else if (call.name === "logout_link_method=") setup.logoutLinkMethod = settingValue(file, call, reader, unread);
      else if (SETTINGS[call.name]) setup.app[SETTINGS[call.name]] = settingValue(file, call, reader, unread);
    }
  });
  return failed;
}

/**
 * `config.load_paths = […]`, `config.load_paths << path` (`push`, `concat`): the statement's
 * argument, and whether it replaces the list; undefined for a statement that is none of these.
 */
function loadPathsAdded(statement: N.Node, configs: Set<string>): { arg: N.Node | undefined; replace: boolean } | undefined {
  if (!(statement instanceof N.CallNode)) return undefined;
  const isConfig = (n: N.Node | null) => n instanceof N.LocalVariableReadNode && configs.has(n.name);
  const arg = statement.arguments_?.arguments_.length === 1 ? statement.arguments_.arguments_[0] : undefined;
  if (statement.name === "load_paths=" && isConfig(statement.receiver)) return { arg, replace: true };
  const list = statement.receiver;
  if (list instanceof N.CallNode && list.name === "load_paths" && isConfig(list.receiver) && ["<<", "push", "concat"].includes(statement.name)) {
    return { arg, replace: false };
  }
  return undefined;
}

/** The app's folders a load path value names (`File.join(Rails.root, "app", "manage")`), relative to its root; undefined where one is not. */
function loadPathsOf(file: LoadedFile, value: RValue, reader: AdminReader): string[] | undefined {
  const relative = reader.relative(file);
  const root = file.index.file.endsWith(relative) ? file.index.file.slice(0, file.index.file.length - relative.length - 1) : undefined;
  const paths = (Array.isArray(value) ? value : [value]).map((v) => (v instanceof RPathname ? v.path : stringValue(v)));
  if (root === undefined || paths.some((p) => p === undefined || !p.startsWith(`${root}/`))) return undefined;
  return paths.map((p) => p!.slice(root.length + 1).replace(/\/+$/, ""));
}

/** `config.namespace :staff do |staff| staff.batch_actions = true end`: the namespace created, its settings. */
function readNamespaceCall(file: LoadedFile, call: N.CallNode, setup: AdminSetup, reader: AdminReader, unread: (node: N.Node, why: string) => void): void {
  const arg = call.arguments_?.arguments_[0];
  const name = arg && namespaceOf(reader.evaluate(file, arg));
  if (name === undefined) return unread(call, "names a namespace Routemap cannot read");
  let entry = setup.namespaces.find((n) => n.name === name);
  if (!entry) setup.namespaces.push((entry = { name, settings: {} }));
  if (!(call.block instanceof N.BlockNode)) return;
  const params = configureParameter(call, new Set());
  const body = statementsOf(call.block.body);
  for (const statement of body) {
    const set = statement instanceof N.CallNode && statement.receiver instanceof N.LocalVariableReadNode && params.has(statement.receiver.name) ? statement : undefined;
    if (set && SETTINGS[set.name]) entry.settings[SETTINGS[set.name]] = settingValue(file, set, reader, unread);
    else if (!set && mentionsSettings(statement)) unread(statement, "sets ActiveAdmin's routes' settings under a condition or in code Routemap does not follow");
  }
}

function settingValue(file: LoadedFile, call: N.CallNode, reader: AdminReader, unread: (node: N.Node, why: string) => void): RValue {
  const arg = call.arguments_?.arguments_[0];
  const value = arg ? reader.evaluate(file, arg) : new RUnknown("");
  if (value instanceof RUnknown) unread(call, `sets a value Routemap cannot compute (${value.why})`);
  return value;
}

/** Whether a statement writes one of the route settings somewhere inside (a condition around it). */
function mentionsSettings(statement: N.Node): boolean {
  return someCall(statement, (n) => !!SETTINGS[n.name] || n.name === "default_namespace=" || n.name === "namespace" || n.name === "load_paths=" || n.name === "load_paths");
}

/** The registrations of one file, in order, merged into `into` (a second `register` of a key reopens it); what cannot be read. */
export function readRegistrations(file: LoadedFile, setup: AdminSetup, into: Registrations, reader: AdminReader, version: string): Unread[] {
  const unread: Unread[] = [];
  const top = file.program.statements.body;
  for (const statement of decidedBranches(file, top, reader)) {
    const call = registerCall(statement);
    if (call) {
      const read = readRegistration(file, call, setup, into, reader, version);
      if (read) unread.push(read);
      continue;
    }
    const loop = literalLoop(file, statement, reader);
    if (loop) {
      // Unrolled: each element's registrations in order, with the block's parameter set to it.
      for (const element of loop.elements) {
        const bound: AdminReader = { ...reader, evaluate: (f, node, before, locals) => reader.evaluate(f, node, before, new Map([...(locals ?? []), [loop.parameter, element]])) };
        for (const call of loop.calls) {
          const read = readRegistration(file, call, setup, into, bound, version);
          if (read) unread.push({ ...read, why: `${read.why}, where \`${loop.parameter}\` is ${inspect(element)}` });
        }
      }
      continue;
    }
    // A registration Routemap does not find at the top of its file (in a condition, a loop, a module).
    const why =
      statement instanceof N.IfNode || statement instanceof N.UnlessNode
        ? `it registers under \`${firstLine(file, statement.predicate)}\`, a condition Routemap cannot decide`
        : "it registers where Routemap does not follow (not a statement of its file's top level)";
    walkNodes(statement, (n) => {
      const call = registerCall(n);
      if (call) unread.push({ why, file, node: call, namespace: undefined });
    });
  }
  return unread;
}

/**
 * The file's top-level statements, with those of the branch a decided `if`/`unless` takes in
 * place of it (get-help-to-retrain wraps each registration in `if defined?(ActiveAdmin)`, true
 * wherever ActiveAdmin loads app/admin); an undecided one stays, and is said where it registers.
 */
function decidedBranches(file: LoadedFile, statements: readonly N.Node[], reader: AdminReader): N.Node[] {
  const evaluate = (f: LoadedFile, node: N.Node) => (isDefinedActiveAdmin(node) ? true : reader.evaluate(f, node));
  return statements.flatMap((statement) => {
    if (!(statement instanceof N.IfNode || statement instanceof N.UnlessNode)) return [statement];
    const run = branchesToRun(file, statement, evaluate);
    if (run.undecided) return [statement];
    // The branch taken: its statements, an `else`'s, or an `elsif` as a statement of its own.
    const body = run.branches.flatMap(({ body }) => (body instanceof N.ElseNode ? statementsOf(body.statements) : statementsOf(body)));
    return decidedBranches(file, body, reader);
  });
}

/** `defined?(ActiveAdmin)`: true in a file ActiveAdmin loads. */
const isDefinedActiveAdmin = (node: N.Node) => node instanceof N.DefinedNode && isConstant(node.value, "ActiveAdmin");

/**
 * `%w[TPIPage CCLOWPage].each do |name| ActiveAdmin.register name.constantize do … end end`: a
 * loop over a list Routemap computes whole (strings and symbols), with one parameter, whose block
 * only registers. Undefined for any other statement.
 */
function literalLoop(file: LoadedFile, statement: N.Node, reader: AdminReader): { parameter: string; elements: RValue[]; calls: N.CallNode[] } | undefined {
  if (!(statement instanceof N.CallNode) || statement.name !== "each" || statement.arguments_ || !(statement.block instanceof N.BlockNode)) return undefined;
  if (!(statement.receiver instanceof N.ArrayNode)) return undefined;
  const parameters = statement.block.parameters instanceof N.BlockParametersNode ? statement.block.parameters.parameters : null;
  const only = parameters?.requireds.length === 1 && parameters.optionals.length === 0 && !parameters.rest && parameters.posts.length === 0 && parameters.keywords.length === 0 && !parameters.keywordRest && !parameters.block ? parameters.requireds[0] : undefined;
  if (!(only instanceof N.RequiredParameterNode)) return undefined;
  const body = statementsOf(statement.block.body);
  const calls = body.map(registerCall);
  if (calls.length === 0 || calls.some((c) => !c)) return undefined;
  const list = reader.evaluate(file, statement.receiver);
  if (!Array.isArray(list) || list.some((e) => !(e instanceof RSymbol) && stringValue(e) === undefined)) return undefined;
  return { parameter: only.name, elements: [...list], calls: calls as N.CallNode[] };
}

/** A registration's key in its namespace's collection (resource_collection.rb keys by `resource_name`). */
export const registrationKey = (namespace: NamespaceName, key: string): string => `${namespace}\0${key}`;

function registerCall(node: N.Node): N.CallNode | undefined {
  return node instanceof N.CallNode && (node.name === "register" || node.name === "register_page") && isConstant(node.receiver, "ActiveAdmin") ? node : undefined;
}

function readRegistration(file: LoadedFile, call: N.CallNode, setup: AdminSetup, into: Registrations, reader: AdminReader, version: string): Unread | undefined {
  const args = call.arguments_?.arguments_ ?? [];
  const options = args.at(-1) instanceof N.KeywordHashNode ? (args.at(-1) as N.KeywordHashNode) : undefined;
  const first = args[0] && args[0] !== options ? args[0] : undefined;
  // Said at the call itself (`MapperHost.drawAt`), where the editor shows it.
  let key: string | undefined;
  let className: string | undefined;
  const fail = (why: string, namespace?: NamespaceName): Unread => ({ why: `it ${why}`, file, node: call, namespace, key, className });
  const option = (key: string): { value: RValue } | undefined => {
    for (const element of options?.elements ?? []) {
      if (element instanceof N.AssocNode && ((element.key instanceof N.SymbolNode && element.key.unescaped.value === key))) return { value: reader.evaluate(file, element.value) };
    }
    return undefined;
  };
  if (options?.elements.some((e) => !(e instanceof N.AssocNode && e.key instanceof N.SymbolNode))) return fail("has options Routemap cannot read");
  const given = option("namespace");
  const namespace = given === undefined ? setup.defaultNamespace : namespaceOf(given.value);
  if (namespace === undefined) return fail("registers in a namespace Routemap cannot read");
  // `Application#namespace` creates it at its first registration, whatever the block holds.
  if (!into.namespaces.includes(namespace)) into.namespaces.push(namespace);
  const page = call.name === "register_page";
  if (page) key = first ? stringOf(reader.evaluate(file, first)) : undefined;
  else if (first instanceof N.ConstantReadNode || first instanceof N.ConstantPathNode) className = file.index.slice(first.location.startOffset, first.location.startOffset + first.location.length).replace(/^::/, "");
  else if (first instanceof N.StringNode && !versionBefore(version, [3, 5])) className = first.unescaped.value.replace(/^::/, "");
  else if (first instanceof N.CallNode && first.name === "constantize" && first.receiver && !first.arguments_ && !first.block) className = constantName(reader.evaluate(file, first.receiver));
  if (!page) {
    const as = option("as");
    const named = as === undefined ? undefined : stringValue(as.value);
    if (as !== undefined && named === undefined) return fail("names the resource with `as:` Routemap cannot read", namespace);
    key = named !== undefined ? named.replace(/\s/g, "") : className;
  }
  if (key === undefined || (!page && className === undefined)) return fail(`registers ${page ? "a page" : "a class"} Routemap cannot read`, namespace);
  const routeKey = page ? pageName(key) : pluralize(underscore(key).replace(/\//g, "_"));
  if (routeKey === undefined) return fail("names a page whose non-ASCII letters I18n transliterates by the app's locale", namespace);
  const id = registrationKey(namespace, key);
  if (into.unread.has(id)) return fail(`reopens ${key}, whose routes Routemap cannot read`, namespace);
  let entry = into.list.get(id);
  if (entry && entry.kind !== (page ? "page" : "resource")) return fail(`registers ${key} as a ${page ? "page" : "resource"} where it is a ${entry.kind} already (ActiveAdmin raises IncorrectClass)`, namespace);
  if (!entry) {
    const where = `${reader.relative(file)}:${file.index.position(call.location.startOffset).line + 1}`;
    entry = { kind: page ? "page" : "resource", key, className, namespace, routeKey, removed: new Set(), memberActions: [], collectionActions: [], pageActions: [], where, at: { file, node: call } };
    into.list.set(id, entry);
  }
  // A registration being typed: what the parser made of it is a guess until it parses.
  const start = call.location.startOffset;
  const broken = file.syntaxErrors.find((offset) => offset >= start && offset <= start + call.location.length);
  if (broken !== undefined) {
    into.list.delete(id);
    into.unread.add(id);
    return { why: `its file has a syntax error at line ${file.index.position(broken).line + 1}; Routemap reads the registration once it parses`, file, node: call, namespace, controller: routeKey, key, className };
  }
  if (!page && reader.registering) {
    const added = reader.registering(className!, { file, node: call });
    if (added.action) entry.memberActions.push(added.action);
    if (added.withoutBlock && !call.block) entry.raises ??= { error: "ArgumentError", message: added.withoutBlock, at: { file, node: call } };
  }
  if (!(call.block instanceof N.BlockNode) || !call.block.body) return undefined;
  const body = statementsOf(call.block.body);
  const why = readBlock(file, body, entry, reader);
  if (why === undefined) return undefined;
  // Not drawn at all, nor what a later `register` of it adds: what the block would leave is not known.
  into.list.delete(id);
  into.unread.add(id);
  return { why, file, node: call, namespace, controller: routeKey, key, className };
}

/** `name.to_s.parameterize.underscore`, for ASCII names (others are transliterated by the app's locale). */
function pageName(name: string): string | undefined {
  if (/[^\x00-\x7f]/.test(name)) return undefined;
  const dashed = name.replace(/[^a-z0-9\-_]+/gi, "-").replace(/-{2,}/g, "-").replace(/^-|-$/g, "").toLowerCase();
  return underscore(dashed);
}

/** The constant `"Blog::Post".constantize` names, where the string is one's path. */
function constantName(value: RValue): string | undefined {
  const name = stringValue(value);
  return name !== undefined && /^(::)?[A-Z]\w*(::[A-Z]\w*)*$/.test(name) ? name.replace(/^::/, "") : undefined;
}

function stringOf(value: RValue): string | undefined {
  return value instanceof RSymbol ? value.name : stringValue(value);
}


/** The block's statements, in order, applied to the registration; why, where one could change routes and is not read. */
function readBlock(file: LoadedFile, body: readonly N.Node[], entry: Registration, reader: AdminReader, depth = 0): string | undefined {
  const locals: N.Node[] = [];
  for (const statement of body) {
    if (statement instanceof N.LocalVariableWriteNode) {
      locals.push(statement);
      continue;
    }
    if (statement instanceof N.DefNode || statement instanceof N.StringNode) continue;
    const call = statement instanceof N.CallNode && (statement.receiver === null || statement.receiver instanceof N.SelfNode) ? statement : undefined;
    const configCall = statement instanceof N.CallNode && statement.receiver instanceof N.CallNode && statement.receiver.name === "config" && statement.receiver.receiver === null ? statement : undefined;
    let why: string | undefined;
    if (configCall) why = configStatement(file, configCall, entry, reader, locals);
    else if (call) why = dslStatement(file, call, entry, reader, locals, depth);
    else if (routingInside(statement)) why = `${place(file, statement, reader)} changes its routes in code Routemap does not follow`;
    else {
      const hidden = unknownInBranch(statement, (name) => quietPlugin(name, entry.kind, reader.locked ?? (() => undefined)));
      if (hidden) why = `${place(file, statement, reader)} calls \`${hidden.name}\` under a condition Routemap does not follow (ActiveAdmin's DSL does not define it; a plugin's or the app's method may add routes)`;
    }
    if (why) return why;
    // What Ruby raised there ends the block, as it ends the app's boot.
    if (entry.raises) return undefined;
  }
  return undefined;
}

function configStatement(file: LoadedFile, call: N.CallNode, entry: Registration, reader: AdminReader, locals: N.Node[]): string | undefined {
  if (call.name === "batch_actions=") {
    const value = reader.evaluate(file, call.arguments_!.arguments_[0], locals);
    if (value instanceof RUnknown) return `${place(file, call, reader)} sets a value Routemap cannot compute (${value.why})`;
    entry.batchActions = value === null ? undefined : value !== false;
  } else if (call.name === "clear_member_actions!") entry.memberActions = [];
  else if (call.name === "clear_collection_actions!") entry.collectionActions = [];
  else if (call.name === "clear_page_actions!") entry.pageActions = [];
  return undefined;
}

function dslStatement(file: LoadedFile, call: N.CallNode, entry: Registration, reader: AdminReader, locals: N.Node[], depth: number): string | undefined {
  const at = place(file, call, reader);
  const args = call.arguments_?.arguments_ ?? [];
  const evaluate = (node: N.Node) => reader.evaluate(file, node, locals);
  switch (call.name) {
    case "actions":
      return actionsCall(args.map(evaluate), entry, at);
    case "member_action":
    case "collection_action":
    case "page_action": {
      const why = dslAction(call.name, args.map(evaluate), entry, { file, node: call });
      return why && `${at} ${why}`;
    }
    case "belongs_to": {
      const values = args.map(evaluate);
      const target = values[0] === undefined ? undefined : stringOf(values[0]);
      const options = values[1] instanceof RHash ? values[1] : new RHash();
      const className = options.sget("class_name");
      if (target === undefined || values.some((v) => v instanceof RUnknown) || (className !== undefined && stringOf(className) === undefined)) return `${at} has a target Routemap cannot read`;
      const optional = options.sget("optional");
      entry.belongsTo = { target, className: className === undefined ? undefined : stringOf(className), optional: optional !== undefined && optional !== null && optional !== false };
      return undefined;
    }
    case "controller":
      return call.block instanceof N.BlockNode ? controllerBlock(file, call.block, entry, reader, locals) : undefined;
    case "include": {
      const name = args.length === 1 ? constantPathText(args[0])?.replace(/^::/, "") : undefined;
      if (name !== undefined && pluginInPage(file, call, { include: name }, entry, reader)) return undefined;
      const plugin = name === undefined ? undefined : pluginFor({ include: name }, entry.kind, reader.locked ?? (() => undefined));
      if (plugin === undefined) return includeCall(file, call, name, entry, reader, depth);
      return pluginCall(plugin, [], entry, { file, node: call }, at);
    }
    case "with_options": {
      // ActiveSupport's: the block's calls made with the options merged in. Read where they draw nothing.
      const block = call.block instanceof N.BlockNode ? call.block : undefined;
      if (!block || routingInside(block)) return `${at} merges options into calls that change its routes, which Routemap does not follow`;
      const body = statementsOf(block.body);
      return readBlock(file, body, entry, reader, depth);
    }
    default: {
      const locked = reader.locked ?? (() => undefined);
      if (QUIET.has(call.name) || quietPlugin(call.name, entry.kind, locked)) return undefined;
      if (reader.dslMethod?.(call.name) === undefined && pluginInPage(file, call, { method: call.name }, entry, reader)) return undefined;
      const plugin = pluginFor({ method: call.name }, entry.kind, locked);
      if (plugin === undefined) return appDslCall(file, call, entry, reader, depth) ?? undefined;
      return pluginCall(plugin, args.map(evaluate), entry, { file, node: call }, at);
    }
  }
}

/**
 * A resource's plugin in a page's block (`sortable` in `register_page`): Ruby raises as the app
 * boots, which the page's `raises` says (the block read no further). False where it is not one.
 */
function pluginInPage(file: LoadedFile, call: N.CallNode, by: { method: string } | { include: string }, entry: Registration, reader: AdminReader): boolean {
  const raise = entry.kind === "page" && reader.ruby ? pageRaise(by, reader.locked ?? (() => undefined)) : undefined;
  if (!raise) return false;
  const bare = raise.method === call.name && raise.receiver === "ActiveAdmin::PageDSL" && call.isVariableCall();
  entry.raises ??= { error: bare ? "NameError" : "NoMethodError", message: missingMethodMessage(reader.ruby!, raise.method, raise.receiver, bare), at: { file, node: call } };
  return true;
}

/**
 * `include Mod`: ActiveAdmin's DSL calls `Mod.included(dsl)`; its statements on the DSL
 * (`base.send(:page_action, :upload, method: :post)`, `base.instance_eval do … end`) are read
 * as the block's, their routes' source the `include`. Why, where the hook is not found or read.
 */
function includeCall(file: LoadedFile, call: N.CallNode, name: string | undefined, entry: Registration, reader: AdminReader, depth: number): string | undefined {
  const at = place(file, call, reader);
  const found = name === undefined || depth >= 3 ? undefined : reader.includedHook?.(name);
  if (found === undefined) return `${at} includes a module, whose \`included\` hook may change its routes; Routemap does not follow it`;
  if (found === "ambiguous") return `${at} includes ${name}, whose \`included\` several files define`;
  const base = requiredParameter(found.def.parameters);
  const body = statementsOf(found.def.body);
  for (const statement of base === undefined ? [found.def] : body) {
    const why = base === undefined ? "takes parameters Routemap does not follow" : hookStatement(found.file, statement, base, entry, reader, depth);
    if (why) return `${at} includes ${name}, whose \`included\` (${reader.relative(found.file)}:${found.file.index.position(statement.location.startOffset).line + 1}) ${why}`;
  }
  return undefined;
}

/**
 * One statement of an `included(base)` hook: a DSL call on `base`, or a block it evaluates as the
 * DSL. An action's routes have the call that adds it as their source, in the hook's file, as
 * those of a call in a block or in the app's DSL method have theirs.
 */
function hookStatement(file: LoadedFile, statement: N.Node, base: string, entry: Registration, reader: AdminReader, depth: number): string | undefined {
  const text = firstLine(file, statement);
  if (!(statement instanceof N.CallNode) || !(statement.receiver instanceof N.LocalVariableReadNode) || statement.receiver.name !== base) return `has \`${text}\`, which Routemap does not follow`;
  let name = statement.name;
  let args = statement.arguments_?.arguments_ ?? [];
  if (["send", "public_send", "__send__"].includes(name) && args[0] instanceof N.SymbolNode) {
    name = args[0].unescaped.value;
    args = args.slice(1);
  }
  if ((name === "instance_eval" || name === "instance_exec") && args.length === 0 && statement.block instanceof N.BlockNode) {
    const body = statementsOf(statement.block.body);
    return readBlock(file, body, entry, reader, depth + 1);
  }
  if (name === "member_action" || name === "collection_action" || name === "page_action") {
    const why = dslAction(name, args.map((a) => reader.evaluate(file, a)), entry, { file, node: statement });
    return why && `has \`${text}\`, which ${why}`;
  }
  return QUIET.has(name) ? undefined : `has \`${text}\`, which Routemap does not follow`;
}

/** A plugin's call or include: the actions it adds, as its own `member_action`s and the like would; why, where not known. */
function pluginCall(found: NonNullable<ReturnType<typeof pluginFor>>, args: RValue[], entry: Registration, at: AdminAction["at"], place: string): string | undefined {
  if (typeof found === "string") return `${place}: ${found}`;
  // Arguments that change the routes are the plugin's to read (a `state_action` name); the others are passed over.
  const actions: PluginActions | string = found.plugin.actions(args, found.version);
  if (typeof actions === "string") return `${place} ${actions}`;
  for (const action of actions.member ?? []) addAction(entry, entry.memberActions, { ...action, at });
  for (const action of actions.collection ?? []) addAction(entry, entry.collectionActions, { ...action, at });
  for (const action of actions.page ?? []) addAction(entry, entry.pageActions, { ...action, at });
  return undefined;
}

/** `member_action`, `collection_action` or `page_action` with these arguments; why, where they cannot be read. */
function dslAction(name: "member_action" | "collection_action" | "page_action", values: RValue[], entry: Registration, at: AdminAction["at"]): string | undefined {
  const action = controllerAction(values);
  if (typeof action === "string") return action;
  addAction(entry, name === "member_action" ? entry.memberActions : name === "collection_action" ? entry.collectionActions : entry.pageActions, { ...action, at });
  return undefined;
}

/** An action `member_action` and its kin add; defining its method brings back a CRUD action `actions` took away (resource_dsl.rb `define_method`). */
function addAction(entry: Registration, into: AdminAction[], action: AdminAction): void {
  into.push(action);
  entry.removed.delete(action.name);
}

/**
 * A DSL method the app adds to ActiveAdmin's (`data_export_sidebar`): its body read as the block's
 * statements (a few calls deep), its parameters unknown; why where it is not found or not read.
 */
function appDslCall(file: LoadedFile, call: N.CallNode, entry: Registration, reader: AdminReader, depth: number): string | null {
  const at = place(file, call, reader);
  const found = depth < 3 ? reader.dslMethod?.(call.name) : undefined;
  if (found === undefined) return `${at} calls \`${call.name}\`, which ActiveAdmin's DSL does not define (a plugin's or the app's method may add routes)`;
  if (found === "ambiguous") return `${at} calls \`${call.name}\`, which several of the app's modules add to ActiveAdmin's DSL`;
  if (call.block && !blockRunsLater(found.def)) return `${at} gives the app's \`${call.name}\` a block it may run as the registration's DSL, which Routemap does not follow`;
  const body = statementsOf(found.def.body);
  const why = readBlock(found.file, body, entry, reader, depth + 1);
  return why === undefined ? null : `${at} calls the app's \`${call.name}\` (${reader.relative(found.file)}:${found.file.index.position(found.def.location.startOffset).line + 1}), where ${why}`;
}

/**
 * Whether a DSL method's block runs only when a page renders: passed on to ActiveAdmin's quiet
 * DSL (`sidebar … do instance_exec(&block) end`), never yielded to or called where the method runs.
 */
function blockRunsLater(def: N.DefNode): boolean {
  const param = def.parameters?.block?.name ?? undefined;
  const body = statementsOf(def.body);
  const usesBlock = (n: N.Node) => n instanceof N.YieldNode || n instanceof N.BlockArgumentNode || (param !== undefined && n instanceof N.LocalVariableReadNode && n.name === param);
  return body.every((statement) => {
    if (statement instanceof N.CallNode && statement.receiver === null && QUIET.has(statement.name)) return true;
    // In `controller do … end`, the actions' bodies run per request: only its own statements run now.
    if (statement instanceof N.CallNode && statement.receiver === null && statement.name === "controller" && statement.block instanceof N.BlockNode) {
      const inner = statementsOf(statement.block.body);
      return inner.every((s) => s instanceof N.DefNode || (s instanceof N.CallNode && s.name === "define_method" && !(s.arguments_?.arguments_ ?? []).some(usesBlock)) || !someNode(s, usesBlock));
    }
    return !someNode(statement, usesBlock);
  });
}

/** InheritedResources' `actions`: `:all` keeps all but `except:`; a list keeps only those; taken away for good. */
function actionsCall(values: RValue[], entry: Registration, at: string): string | undefined {
  const options = values.at(-1) instanceof RHash ? (values.pop() as RHash) : new RHash();
  const names = values.flat().map(stringOf);
  const except = options.sget("except");
  const exceptNames = except === undefined ? [] : [except].flat().map((v) => stringOf(v as RValue));
  if (names.includes(undefined) || exceptNames.includes(undefined) || options.size !== (except === undefined ? 0 : 1)) return `${at} names actions Routemap cannot read`;
  const remove = new Set(exceptNames as string[]);
  if (names[0] !== "all") for (const action of CRUD) if (!names.includes(action)) remove.add(action);
  for (const action of remove) entry.removed.add(action);
  return undefined;
}

/** `ControllerAction.new(name, options)`: its verbs `Array.wrap(options[:method] || :get)`; a sentence where not read. */
function controllerAction(values: RValue[]): AdminAction | string {
  const name = values[0] === undefined ? undefined : stringOf(values[0]);
  const options = values[1] instanceof RHash ? values[1] : values[1] === undefined ? new RHash() : undefined;
  if (name === undefined || !options) return "names an action Routemap cannot read";
  const method = options.sget("method");
  const verbs = (method === undefined || method === null ? ["get"] : [method].flat().map((v) => stringOf(v as RValue))) as (string | undefined)[];
  if (verbs.some((v) => v === undefined || !VERBS.has(v))) return "has `method:` Routemap cannot read";
  return { name, arg: values[0], verbs: verbs as string[] };
}

const VERBS = new Set(["get", "post", "put", "patch", "delete", "options"]);

/**
 * A call of a method ActiveAdmin's DSL does not define, as a statement of a branch
 * (`sortable if Rails.env.production?`): like one outside a branch it may add routes, and which
 * branch runs is not known.
 */
function unknownInBranch(statement: N.Node, quiet: (name: string) => boolean): N.CallNode | undefined {
  for (const node of conditionalBranches(statement)) {
    if (node instanceof N.CallNode && node.receiver === null && !QUIET.has(node.name) && !quiet(node.name)) return node;
    const nested = unknownInBranch(node, quiet);
    if (nested) return nested;
  }
  return undefined;
}

/** The statements of a conditional's branches: `branchStatements`' for `if`/`unless`, and each `when`'s and the `else` of a `case`. */
function conditionalBranches(statement: N.Node): N.Node[] {
  if (!(statement instanceof N.CaseNode)) return branchStatements(statement);
  const whens = statement.conditions.flatMap((when) => (when instanceof N.WhenNode ? (when.statements?.body ?? []) : []));
  return [...whens, ...(statement.elseClause?.statements?.body ?? [])];
}

function routingInside(statement: N.Node): boolean {
  return someCall(statement, (n) => ROUTING.has(n.name) || registerCall(n) !== undefined);
}

/**
 * `controller do … end`, run on the controller class where it stands (resource_dsl.rb
 * `class_exec`): `defined_actions` is the controller's public instance methods among the CRUD
 * ones, so a public `def destroy` brings back what `actions` took away, and `actions` there is
 * InheritedResources' own. What could hide or take away one otherwise is not followed.
 */
function controllerBlock(file: LoadedFile, block: N.BlockNode, entry: Registration, reader: AdminReader, locals: N.Node[]): string | undefined {
  const body = statementsOf(block.body);
  // `instance_methods` lists public and protected methods: a private one hides the action (checked with activeadmin 3.2.5).
  const define = (name: string, hidden: boolean) => (hidden ? entry.removed.add(name) : entry.removed.delete(name));
  let hidden = false;
  for (const statement of body) {
    const at = place(file, statement, reader);
    if (statement instanceof N.DefNode) {
      if (!statement.receiver && CRUD.includes(statement.name)) define(statement.name, hidden);
      continue;
    }
    if (statement instanceof N.CallNode && statement.receiver === null) {
      const args = statement.arguments_?.arguments_ ?? [];
      if (statement.name === "private" || statement.name === "protected" || statement.name === "public") {
        if (!args.length) hidden = statement.name === "private";
        else if (args.length === 1 && args[0] instanceof N.DefNode) {
          if (CRUD.includes(args[0].name)) define(args[0].name, statement.name === "private");
        } else if (args.some((a) => !(a instanceof N.SymbolNode) || CRUD.includes(a.unescaped.value))) return `${at} changes the visibility of the controller's CRUD actions in a way Routemap does not follow`;
        continue;
      }
      if (statement.name === "actions") {
        const why = actionsCall(args.map((n) => reader.evaluate(file, n, locals)), entry, at);
        if (why) return why;
        continue;
      }
      if (statement.name === "undef_method" || statement.name === "remove_method") return `${at} changes the controller's CRUD actions in a way Routemap does not follow`;
      // `define_method(:create) do … end` defines the action as `def` does; a name not written out may be one.
      if (statement.name === "define_method" || statement.name === "alias_method") {
        const named = args[0] instanceof N.SymbolNode || args[0] instanceof N.StringNode ? args[0].unescaped.value : undefined;
        if (named === undefined) return `${at} defines a method Routemap cannot name, which may be a CRUD action`;
        if (CRUD.includes(named)) define(named, hidden);
        continue;
      }
      // A module can only add methods: it matters where an action was taken away, unless the app's own module defines none.
      if (statement.name === "include" && entry.removed.size && !args.every((a) => definesNoAction(a, reader))) return `${at} includes a module that may define an action \`actions\` took away`;
      continue;
    }
    if (containsCrudDef(statement)) return `${at} defines a CRUD action in code Routemap does not follow`;
  }
  return undefined;
}

/** An app's module (`include Skippable`, app/controllers/concerns/skippable.rb) that defines no CRUD action and changes none. */
function definesNoAction(arg: N.Node, reader: AdminReader): boolean {
  const name = arg instanceof N.ConstantReadNode || arg instanceof N.ConstantPathNode ? constantPathText(arg)?.replace(/^::/, "") : undefined;
  const file = name === undefined ? undefined : reader.moduleFile?.(name);
  return file !== undefined && !containsCrudDef(file.program) && !someCall(file.program, (n) => n.name === "include" || n.name === "define_method" || n.name === "alias_method");
}

function containsCrudDef(node: N.Node): boolean {
  return someNode(node, (n) => (n instanceof N.DefNode && CRUD.includes(n.name)) || (n instanceof N.CallNode && (n.name === "actions" || n.name === "undef_method" || n.name === "remove_method")));
}
