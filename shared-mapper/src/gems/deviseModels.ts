/**
 * What Devise's routes depend on outside the routes files, read without running anything
 * (heartcombo/devise 4.8.1 and 5.0: lib/devise/models.rb `devise`, lib/devise/modules.rb,
 * lib/devise.rb): the modules and options of a model's `devise :…` call, and the settings of
 * `Devise.setup` in config/initializers/devise.rb.
 */
import * as N from "@ruby/prism/src/nodes.js";
import type { LoadedFile } from "../ruby/loadedFile.js";
import { camelize, underscore } from "../inflector.js";
import { RHash, RString, RSymbol, RUnknown, RValue, poisonOf, sym } from "../ruby/values.js";
import { branchesToRun, decide } from "./branchesToRun.js";
import { childrenOf, constantPathText, lexicalCandidates, nestingAt, walkCalls } from "../ruby/walk.js";
import { versionBefore } from "../mapper/state.js";

/** `Devise::ALL`, in the order lib/devise/modules.rb adds them: `devise` sorts a model's modules so. */
const ALL = [
  "database_authenticatable", "rememberable", "omniauthable", "recoverable", "registerable",
  "validatable", "confirmable", "lockable", "timeoutable", "trackable",
];

/** `Devise::ROUTES`: the modules that draw routes, and the route each draws. */
export const ROUTES: Record<string, string> = {
  database_authenticatable: "session",
  omniauthable: "omniauth_callback",
  recoverable: "password",
  registerable: "registration",
  confirmable: "confirmation",
  lockable: "unlock",
};

/**
 * Modules other gems add with `Devise.add_module`, appended to `Devise::ALL` as each gem loads
 * (after Devise's own), and the route each draws: devise-two-factor (lib/devise-two-factor.rb),
 * devise_invitable 2.0 (lib/devise_invitable.rb; its route as its lib/devise_invitable/routes.rb
 * draws it, in `devise.ts`), devise_lastseenable (no route), devise-passwordless (1.0.0 to 1.0.3,
 * lib/devise/passwordless/rails.rb, and the same call in the Railtie of later sources: its module
 * with two route keys, its magic link's then the sessions', which its lib/devise/monkeypatch.rb
 * lets `Devise::Mapping#routes` flatten; 0.7 only the sessions').
 */
export const EXTENSIONS: Record<string, { gem: string; route?: string | readonly string[]; before?: { version: readonly number[]; route: string } }> = {
  two_factor_authenticatable: { gem: "devise-two-factor", route: "session" },
  two_factor_backupable: { gem: "devise-two-factor", route: "session" },
  invitable: { gem: "devise_invitable", route: "invitation" },
  lastseenable: { gem: "devise_lastseenable" },
  // `Devise.add_module :pwned_password, model: …` and `add_module(:encryptable, model: …)`: no route.
  pwned_password: { gem: "devise-pwned_password" },
  encryptable: { gem: "devise-encryptable" },
  magic_link_authenticatable: { gem: "devise-passwordless", route: ["magic_link", "session"], before: { version: [1], route: "session" } },
};

/** A module's place in `Devise::ALL`: Devise's own, then the gems', then the app's own; -1 for others. */
function allIndex(module: string, app: AppDeviseModules): number {
  const own = ALL.indexOf(module);
  if (own >= 0) return own;
  const extension = Object.keys(EXTENSIONS).indexOf(module);
  if (extension >= 0) return ALL.length + extension;
  const added = app.order.indexOf(module);
  return added >= 0 ? ALL.length + Object.keys(EXTENSIONS).length + added : -1;
}

/**
 * Modules the app adds itself, `Devise.add_module(:token_login, route: :session)` in an
 * initializer (lib/devise.rb `add_module`, 4.x and 5.x): appended to `Devise::ALL` after the
 * gems' (Bundler requires them first), each with the route key it draws (`route: true`: the
 * module's name; a Symbol; a Hash: its first key), none without `route:`. A call Routemap cannot
 * read (a name or a `route:` that is not a literal, `insert_at:`) is in `unread`, as written.
 */
export interface AppDeviseModules {
  order: string[];
  routes: Map<string, string | undefined>;
  unread: string[];
}

export const NO_APP_MODULES: AppDeviseModules = { order: [], routes: new Map(), unread: [] };

export function readAppDeviseModules(files: readonly LoadedFile[]): AppDeviseModules {
  const found: AppDeviseModules = { order: [], routes: new Map(), unread: [] };
  for (const file of files) {
    walkCalls(file.program, (call) => {
      if (call.name !== "add_module" || !call.receiver || constantPathText(call.receiver)?.replace(/^::/, "") !== "Devise") return;
      const [name, options] = call.arguments_?.arguments_ ?? [];
      const module = name instanceof N.SymbolNode ? name.unescaped.value : undefined;
      const route = options === undefined ? { key: undefined } : routeOption(options, module);
      if (module === undefined || route === undefined) return void found.unread.push(text(file, call).split("\n")[0]);
      if (!found.routes.has(module)) found.order.push(module);
      found.routes.set(module, route.key);
    });
  }
  return found;
}

/** The route key of `add_module`'s options; undefined when they cannot be read. */
function routeOption(options: N.Node, module: string | undefined): { key: string | undefined } | undefined {
  if (!(options instanceof N.KeywordHashNode || options instanceof N.HashNode)) return undefined;
  let key: string | undefined;
  for (const element of options.elements) {
    if (!(element instanceof N.AssocNode) || !(element.key instanceof N.SymbolNode)) return undefined;
    const option = element.key.unescaped.value;
    if (option === "insert_at") return undefined;
    if (option !== "route") continue;
    const value = element.value;
    if (value instanceof N.TrueNode) key = module;
    else if (value instanceof N.SymbolNode) key = value.unescaped.value;
    else if (value instanceof N.HashNode && value.elements[0] instanceof N.AssocNode && value.elements[0].key instanceof N.SymbolNode) key = value.elements[0].key.unescaped.value;
    else return undefined;
  }
  return { key };
}

/** The routes a module draws, if any: Devise's `ROUTES`, then the gems' (of the release `version` says the app locks). */
export function routesOf(module: string, version: (gem: string) => string | undefined): readonly string[] | undefined {
  if (ROUTES[module]) return [ROUTES[module]];
  const extension = EXTENSIONS[module];
  if (!extension?.route) return undefined;
  const locked = version(extension.gem);
  const route = extension.before && locked !== undefined && versionBefore(locked, extension.before.version) ? extension.before.route : extension.route;
  return typeof route === "string" ? [route] : route;
}

export interface DeviseModel {
  /** The model's modules: each `devise` call's in `Devise::ALL` order (modules of other gems first, as `devise` sorts them), after the earlier calls'. */
  modules: string[];
  /** The class options given to `devise` (`unlock_strategy:`, `omniauth_providers:`). */
  options: RHash;
  /**
   * Modules a `devise` call adds only under a condition Routemap cannot decide
   * (`devise :omniauthable if SiteSettings.oidc_enabled?`), each with the condition ("only if `…`"): not
   * in `modules`, and their routes are not drawn (nor said to be absent).
   */
  undecided: { module: string; condition: string }[];
}

/** Where a model and its concerns are, and how to evaluate what a literal read cannot. */
export interface ModelReader {
  /** The file that defines a class or module (`User`, `Authentication`), where the autoloader finds it. */
  find(path: string): LoadedFile | undefined;
  /**
   * An argument evaluated as Ruby (`*(:confirmable if ENV["X"] == "true")`), quietly; after
   * `before`, statements of the class body that set the locals it reads, run in the same scope.
   */
  evaluate?(file: LoadedFile, node: N.Node, before?: readonly N.Node[]): RValue;
  /** A file's path relative to the app, for messages. */
  relative(file: LoadedFile): string;
}

/**
 * A model's Devise modules, or why Routemap cannot know them: its `devise` calls, and those of
 * the modules it includes that the app defines (a concern's `included do devise … end`),
 * in the order Ruby runs them (each `devise` call adds to the model's modules).
 */
export function readDeviseModel(className: string, reader: ModelReader, app: AppDeviseModules = NO_APP_MODULES): DeviseModel | { why: string } {
  const file = reader.find(className.replace(/^::/, ""));
  if (!file) return { why: `${modelPath(className)} is not in the workspace` };
  const modules: string[] = [];
  const options = new RHash();
  const state: ReadState = { why: undefined, seen: new Set<string>(), undecided: [], order: (a, b) => allIndex(a, app) - allIndex(b, app) };
  // A subclass has its parent's modules (`devise_modules` is a class attribute; its own `devise`
  // calls add to them): the app's parent classes read first, farthest first.
  for (const ancestor of appAncestry(className, file, reader)) readDeviseCalls(ancestor, reader, modules, options, state);
  if (state.why) return { why: state.why };
  const undecided = state.undecided.filter((u) => !modules.includes(u.module));
  if (!modules.length && !undecided.length) return { why: `${reader.relative(file)} has no \`devise\` call that Routemap can see, in it, its parent classes the app defines, or the modules they include` };
  // `self.devise_modules |= selected_modules`: each call's after the earlier calls'.
  return { modules: [...new Set(modules)], options, undecided: [...new Map(undecided.map((u) => [u.module, u])).values()] };
}

/** The model's file and those of its parent classes the app defines (not ApplicationRecord's framework ancestors), farthest first. */
function appAncestry(className: string, file: LoadedFile, reader: ModelReader): LoadedFile[] {
  const chain = [file];
  let name = className.replace(/^::/, "");
  for (let current = file; chain.length < MAX_ANCESTORS; ) {
    const parent = superclassIn(current, name);
    const found = parent && reader.find(parent.replace(/^::/, ""));
    if (!found || chain.includes(found)) break;
    chain.unshift(found);
    name = parent!.replace(/^::/, "");
    current = found;
  }
  return chain;
}
const MAX_ANCESTORS = 8;

/** The superclass written for the class `name` (its last name matched) in a file, if any. */
function superclassIn(file: LoadedFile, name: string): string | undefined {
  const last = name.slice(name.lastIndexOf(":") + 1);
  let found: string | undefined;
  const stack: N.Node[] = [file.program];
  while (stack.length && found === undefined) {
    const node = stack.pop()!;
    if (node instanceof N.ClassNode && constantPathText(node.constantPath)?.replace(/^.*::/, "") === last) {
      found = node.superclass ? constantPathText(node.superclass) : undefined;
      break;
    }
    if (node instanceof N.ProgramNode || node instanceof N.StatementsNode || node instanceof N.ModuleNode || node instanceof N.ClassNode) stack.push(...childrenOf(node));
  }
  return found;
}

type ReadState = { why: string | undefined; seen: Set<string>; undecided: { module: string; condition: string }[]; order: (a: string, b: string) => number };

/**
 * The `devise` calls of a file, and of the modules it includes (`include Authentication`), where
 * they are read. A call under `if`/`unless` (a modifier or a ternary too) counts where the
 * condition holds, is left out where it does not, and where Routemap cannot decide it, its
 * modules are noted as undecided (`DeviseModel.undecided`), with the condition.
 */
function readDeviseCalls(file: LoadedFile, reader: ModelReader, modules: string[], options: RHash, state: ReadState, condition?: string): void {
  if (state.seen.has(file.index.file)) return;
  state.seen.add(file.index.file);
  const path = reader.relative(file);
  // The statements before the one visited, in the body that holds it (a `devise(*mods)` reads locals they set).
  let preceding: readonly N.Node[] = [];
  const visit = (node: N.Node, under: string | undefined): void => {
    if (state.why) return;
    if (node instanceof N.StatementsNode) {
      const outer = preceding;
      node.body.forEach((statement, i) => {
        preceding = node.body.slice(0, i);
        visit(statement, under);
      });
      preceding = outer;
      return;
    }
    if (node instanceof N.IfNode || node instanceof N.UnlessNode) {
      // Decided after the statements before it in its body (frab: `allow_db = true unless ENV[…]`, then `if allow_db`).
      const { undecided, branches } = branchesToRun(file, node, reader.evaluate, preceding);
      // Phrased as the branch runs: "only if `X`" for the `if`'s own statements, "unless `X`" for its `else`.
      const phrase = (own: boolean) => under ?? (undecided ? `${own === node instanceof N.IfNode ? "only if" : "unless"} \`${text(file, node.predicate)}\`` : undefined);
      for (const branch of branches) visit(branch.body, phrase(branch.own));
      return;
    }
    if (node instanceof N.CallNode && !node.receiver && node.name === "include") {
      // Looked up as Ruby does, from the modules open there: `include WithAuthentication` in
      // `class User` is `User::WithAuthentication` where the app has it (osunyorg's).
      const nesting = nestingAt(file.program, node.location.startOffset);
      for (const arg of node.arguments_?.arguments_ ?? []) {
        const name = constantPathText(arg);
        const concern = name === undefined ? undefined : lexicalCandidates(name, nesting).map((c) => reader.find(c)).find((f) => f !== undefined);
        if (concern) readDeviseCalls(concern, reader, modules, options, state, under);
      }
      return;
    }
    if (node instanceof N.CallNode && !node.receiver && node.name === "devise") return deviseCall(node, under, preceding);
    // `require_dependency "user/devise_dependency"` in the class body (bluedoc's models): the file
    // runs there, and its reopening's `devise` call is the model's. Found as the autoloader would.
    if (node instanceof N.CallNode && !node.receiver && node.name === "require_dependency") {
      const arg = node.arguments_?.arguments_[0];
      const required = arg instanceof N.StringNode ? reader.find(camelize(arg.unescaped.value.replace(/\.rb$/, ""))) : undefined;
      if (required) readDeviseCalls(required, reader, modules, options, state, under);
      return;
    }
    // A method's body runs when the method is called, not as the class loads.
    if (node instanceof N.DefNode) return;
    for (const child of childrenOf(node)) visit(child, under);
  };
  const deviseCall = (call: N.CallNode, under: string | undefined, before: readonly N.Node[]): void => {
    const selected: string[] = [];
    for (const arg of call.arguments_?.arguments_ ?? []) {
      if (arg instanceof N.KeywordHashNode) {
        keywordOptions(arg, options, (value) => evaluated(file, value, reader, before));
        continue;
      }
      const value = literal(arg) ?? evaluated(file, arg, reader, before);
      const worlds = value instanceof RUnknown ? worldsOf(file, arg, reader, before) : undefined;
      const names = worlds ? modulesInEvery(worlds) : moduleNames(splatOptions(arg, value, options));
      if (names && under !== undefined) state.undecided.push(...names.map((module) => ({ module, condition: under })));
      else if (names) selected.push(...names);
      else state.why = `its \`devise\` call in ${path} passes \`${text(file, arg)}\`${value instanceof RUnknown ? `, which depends on ${value.description}: ${value.cause.why}` : ", which Routemap cannot read without running it"}`;
      if (names && worlds) for (const world of worlds) splatOptions(arg, world.value, options);
      if (names && worlds) state.undecided.push(...modulesInSome(worlds, under));
    }
    // Devise's `devise`: `modules.map(&:to_sym).uniq.sort_by { |s| Devise::ALL.index(s) || -1 }`, per call.
    modules.push(...[...new Set(selected)].sort(state.order));
  };
  visit(file.program, condition);
}

/** `devise(*mods)` with the options last in the list (Portus): `modules.extract_options!` takes them. */
function splatOptions(arg: N.Node, value: RValue | undefined, options: RHash): RValue | undefined {
  if (!(arg instanceof N.SplatNode) || !Array.isArray(value) || !(value[value.length - 1] instanceof RHash)) return value;
  for (const [key, option] of (value[value.length - 1] as RHash).entries()) options.set(key, option);
  return value.slice(0, -1);
}

/** The list a `devise(*mods)` passes in one way the undecided conditions of the class body may go. */
interface World {
  value: RValue;
  /** Its modules, without the options last in the list; undefined when it is not a list of them. */
  modules: string[] | undefined;
  /** Each condition, as written, and whether it holds in this world. */
  holds: { condition: string; holds: boolean }[];
}

/** The most undecided statements a list's worlds are worked out for: 2^3 evaluations. */
const MAX_SPLITS = 3;

/**
 * A list changed under conditions Routemap cannot decide (Portus: `mods.delete(:validatable) if
 * APP_CONFIG.enabled?("ldap")`), evaluated once for each way they may go: each such statement of
 * the class body (not one inside a block or a method) run as its branch that holds, the other
 * left out. Undefined when a world's list is still unknown, or there are too many such statements.
 */
function worldsOf(file: LoadedFile, arg: N.Node, reader: ModelReader, before: readonly N.Node[]): World[] | undefined {
  if (!reader.evaluate) return undefined;
  const expression = arg instanceof N.SplatNode ? arg.expression : arg;
  const setting = settingLocals(localsRead(arg), before);
  const splits = setting.filter((s): s is N.IfNode | N.UnlessNode => (s instanceof N.IfNode || s instanceof N.UnlessNode) && decide(file, s.predicate, reader.evaluate) === undefined);
  if (!expression || !splits.length || splits.length > MAX_SPLITS) return undefined;
  const worlds: World[] = [];
  for (let way = 0; way < 1 << splits.length; way++) {
    const holds = splits.map((node, i) => ({ node, holds: ((way >> i) & 1) === 1 }));
    const statements = setting.flatMap((statement) => {
      const split = holds.find((h) => h.node === statement);
      if (!split) return [statement];
      const node = split.node;
      const taken = (node instanceof N.IfNode) === split.holds ? node.statements : node instanceof N.IfNode ? node.subsequent : node.elseClause;
      return taken ? [taken] : [];
    });
    const value = reader.evaluate(file, expression, statements);
    if (value instanceof RUnknown || poisonOf(value)) return undefined;
    const list = value === null && arg instanceof N.SplatNode ? [] : value;
    const modules = moduleNames(Array.isArray(list) && list[list.length - 1] instanceof RHash ? list.slice(0, -1) : list);
    worlds.push({ value: list, modules, holds: holds.map((h) => ({ condition: text(file, h.node.predicate), holds: h.holds })) });
  }
  return worlds;
}

/** The modules every world's list holds (none when a list is not one of modules: the call is then unread). */
function modulesInEvery(worlds: World[]): string[] | undefined {
  if (worlds.some((w) => w.modules === undefined)) return undefined;
  return worlds[0].modules!.filter((m) => worlds.every((w) => w.modules!.includes(m)));
}

/**
 * The modules only some worlds' lists hold, each with the conditions it needs: "only if `X`" or
 * "unless `X`" where one condition decides it, every condition it takes where more do.
 */
function modulesInSome(worlds: World[], under: string | undefined): { module: string; condition: string }[] {
  const found: { module: string; condition: string }[] = [];
  for (const module of new Set(worlds.flatMap((w) => w.modules!))) {
    const present = worlds.map((w) => w.modules!.includes(module));
    if (present.every(Boolean)) continue;
    // The one condition whose every world with it holding (or not) is a world with the module.
    const conditions = worlds[0].holds.map((h) => h.condition);
    const decidedBy = conditions.findIndex((_, c) => worlds.every((w, i) => present[i] === w.holds[c].holds) || worlds.every((w, i) => present[i] === !w.holds[c].holds));
    const phrase =
      decidedBy < 0
        ? `depending on ${conditions.map((c) => `\`${c}\``).join(", ")}`
        : `${worlds.every((w, i) => present[i] === w.holds[decidedBy].holds) ? "only if" : "unless"} \`${conditions[decidedBy]}\``;
    found.push({ module, condition: under ?? phrase });
  }
  return found;
}

/**
 * A non-literal argument, evaluated (a splat's array, or nil: `*nil` passes nothing). One that
 * reads a local variable of the class body (avalon's `devise(*devise_list)`, the list built by the
 * lines before) is evaluated after the statements that set it; with none, it is not: evaluated
 * alone, the local would be nil and the call would pass nothing.
 */
function evaluated(file: LoadedFile, arg: N.Node, reader: ModelReader, before: readonly N.Node[] = []): RValue | undefined {
  if (!reader.evaluate) return undefined;
  // Locals it reads (`devise(*devise_modules)`, travel-support's and Portus' list built in the class
  // body): the statements before it that set them run first; none, and it is not read.
  const reads = localsRead(arg);
  const setting = reads.length ? settingLocals(reads, before) : [];
  if (reads.length && !setting.length) return undefined;
  if (arg instanceof N.SplatNode) {
    if (!arg.expression) return undefined;
    const value = reader.evaluate(file, arg.expression, setting);
    return value === null ? [] : (poisonOf(value) ?? value);
  }
  const value = reader.evaluate(file, arg, setting);
  // A list changed under a condition Routemap cannot decide (`mods << :x if Settings.x`) holds what it cannot know.
  return poisonOf(value) ?? value;
}

/**
 * Of `before`, the statements that set or change the locals `read`, and those that the
 * locals they read depend on, in their order (`mods = [...]`, `mods << :x unless …`, `mods.push(…)`).
 */
function settingLocals(read: readonly string[], before: readonly N.Node[]): N.Node[] {
  const names = new Set(read);
  const kept: N.Node[] = [];
  for (let i = before.length - 1; i >= 0; i--) {
    const statement = before[i];
    if (!localsTouched(statement).some((name) => names.has(name))) continue;
    kept.unshift(statement);
    for (const name of localsRead(statement)) names.add(name);
  }
  return kept;
}

/** The locals an expression reads from outside its blocks. */
function localsRead(node: N.Node, blocks = 0, out: string[] = []): string[] {
  if (node instanceof N.LocalVariableReadNode && node.depth >= blocks) out.push(node.name);
  const inner = node instanceof N.BlockNode || node instanceof N.LambdaNode ? blocks + 1 : blocks;
  for (const child of childrenOf(node)) localsRead(child, inner, out);
  return out;
}

/** The locals a statement writes (`x = …`, `x += …`, `a, b = …`) or calls a method on (`x << …`, `x.push(…)`). */
function localsTouched(node: N.Node, out: string[] = []): string[] {
  if (node instanceof N.LocalVariableWriteNode || node instanceof N.LocalVariableOperatorWriteNode || node instanceof N.LocalVariableOrWriteNode || node instanceof N.LocalVariableAndWriteNode || node instanceof N.LocalVariableTargetNode) out.push(node.name);
  if (node instanceof N.CallNode && node.receiver instanceof N.LocalVariableReadNode) out.push(node.receiver.name);
  for (const child of childrenOf(node)) localsTouched(child, out);
  return out;
}

/** Module names from a symbol, a string or an array of them; undefined for anything else. */
function moduleNames(value: RValue | undefined): string[] | undefined {
  if (value instanceof RSymbol) return [value.name];
  if (typeof value === "string") return [value];
  if (value instanceof RString) return [value.value];
  if (Array.isArray(value)) {
    const out: string[] = [];
    for (const item of value) {
      const names = moduleNames(item);
      if (!names || Array.isArray(item)) return undefined;
      out.push(...names);
    }
    return out;
  }
  return undefined;
}

/** Where Rails' autoloader finds a model: `Admin::User` → `app/models/admin/user.rb`. */
export const modelPath = (className: string) => `app/models/${underscore(className.replace(/^::/, ""))}.rb`;

/** `Devise.setup do |config| … end`: the settings routes read, as written (literals only). */
export interface DeviseSettings {
  values: Map<string, RValue>;
  /** `config.omniauth :github, …`: the providers, in order. */
  omniauthProviders: string[];
  /** Providers configured under a condition Routemap cannot decide, each with the condition as written. */
  undecidedProviders: { provider: string; condition: string }[];
  /** `config.omniauth p.name, …`: providers named by what Routemap cannot read (catarse's, from its database), each call as written. */
  unreadProviders: string[];
  /** Settings assigned under a condition Routemap cannot decide: Rails' value may be either. */
  undecidedSettings: { setting: string; condition: string }[];
  /** Settings assigned a value that is not a literal (`config.sign_out_via = ENV["VIA"]`), each with the value as written. */
  unreadSettings: { setting: string; value: string }[];
}

/** What `omniauthProviders` reads the app's files with (the interpreter, `MapperHost`). */
export interface DeviseSettingsHost {
  readonly inApp: boolean;
  appFile(relative: string): LoadedFile | undefined;
  evaluateIn?(file: LoadedFile, node: N.Node): RValue;
}

/**
 * `Devise.omniauth_providers`: the names of the providers config/initializers/devise.rb
 * configures, as Symbols in their order (devise.rb `omniauth_configs.keys`, 4.x and 5.x); unknown
 * where one of them cannot be read or is configured under a condition Routemap cannot decide.
 */
export function omniauthProviders(host: DeviseSettingsHost): RValue {
  const unknown = (why: string) => new RUnknown("Devise.omniauth_providers", false, `the OmniAuth providers config/initializers/devise.rb configures, ${why}`);
  if (!host.inApp) return unknown("and this routes file is read without its app");
  const settings = initializerSettings(host);
  const unread = settings.unreadProviders[0];
  if (unread !== undefined) return unknown(`one of which Routemap cannot read (\`${unread}\`)`);
  const undecided = settings.undecidedProviders[0];
  if (undecided) return unknown(`\`${undecided.provider}\` among them only if \`${undecided.condition}\`, which Routemap cannot decide`);
  return settings.omniauthProviders.map((name) => sym(name));
}

/**
 * Devise's defaults of the settings an app's routes read through `Devise` (lib/devise.rb, 4.8
 * and 5.0: `@@sign_out_via = :delete`, `@@unlock_strategy = :both`, `@@omniauth_path_prefix = nil`).
 */
const SETTING_DEFAULTS = new Map<string, () => RValue>([
  ["sign_out_via", () => sym("delete")],
  ["unlock_strategy", () => sym("both")],
  ["omniauth_path_prefix", () => null],
]);

/**
 * `Devise.sign_out_via` (armchair-dj-rails' `match "log_out", …, via: Devise.sign_out_via`) and
 * the other settings of `SETTING_DEFAULTS`: as config/initializers/devise.rb sets them, else
 * Devise's default; unknown, and why, where the file sets it to what Routemap cannot read or
 * under a condition it cannot decide. Undefined for another name.
 */
export function deviseSetting(host: DeviseSettingsHost, name: string): RValue | undefined {
  const fallback = SETTING_DEFAULTS.get(name);
  if (!fallback) return undefined;
  const unknown = (why: string) => new RUnknown(`Devise.${name}`, false, `Devise's \`${name}\`, ${why}`);
  if (!host.inApp) return unknown("which config/initializers/devise.rb sets, and this routes file is read without its app");
  const settings = initializerSettings(host);
  const unread = settings.unreadSettings.find((u) => u.setting === name);
  if (unread) return unknown(`set in config/initializers/devise.rb to \`${unread.value}\`, which Routemap cannot read`);
  const undecided = settings.undecidedSettings.find((u) => u.setting === name);
  if (undecided) return unknown(`set in config/initializers/devise.rb only if \`${undecided.condition}\`, which Routemap cannot decide`);
  return settings.values.get(name) ?? fallback();
}

/** The settings of the app's config/initializers/devise.rb (`readDeviseSettings`), its conditions decided by the host where it can. */
export function initializerSettings(host: DeviseSettingsHost): DeviseSettings {
  return readDeviseSettings(host.appFile("config/initializers/devise.rb"), host.evaluateIn && ((file, node) => host.evaluateIn!(file, node)));
}

/**
 * The settings, with the branches of an `if`/`unless` (a statement modifier too) that Ruby
 * would take: `evaluate` decides the condition (`Rails.env.test?`); a condition it cannot
 * decide makes the settings under it unknown and the providers undecided, never one branch.
 */
export function readDeviseSettings(file: LoadedFile | undefined, evaluate?: (file: LoadedFile, node: N.Node) => RValue): DeviseSettings {
  const settings: DeviseSettings = { values: new Map(), omniauthProviders: [], undecidedProviders: [], unreadProviders: [], undecidedSettings: [], unreadSettings: [] };
  if (!file) return settings;
  const configs = setupParameters(file);
  const visit = (node: N.Node, undecided: string | undefined): void => {
    if (node instanceof N.IfNode || node instanceof N.UnlessNode) {
      const run = branchesToRun(file, node, evaluate);
      const condition = undecided ?? (run.undecided ? text(file, node.predicate) : undefined);
      for (const branch of run.branches) visit(branch.body, condition);
      return;
    }
    if (node instanceof N.CallNode && isConfig(node.receiver, configs)) settingCall(file, node, settings, undecided);
    if (node instanceof N.DefNode) return;
    for (const child of childrenOf(node)) visit(child, undecided);
  };
  visit(file.program, undefined);
  return settings;
}

/** The names `Devise.setup do |config|` gives its configuration (usually one: `config`). */
function setupParameters(file: LoadedFile): Set<string> {
  const names = new Set<string>();
  walkCalls(file.program, (call) => {
    if (call.name !== "setup" || !(call.receiver instanceof N.ConstantReadNode && call.receiver.name === "Devise")) return;
    const params = call.block instanceof N.BlockNode && call.block.parameters instanceof N.BlockParametersNode ? call.block.parameters.parameters : null;
    const first = params?.requireds[0];
    if (first instanceof N.RequiredParameterNode) names.add(first.name);
  });
  return names;
}

/** Devise's configuration: the setup block's parameter, or `Devise` itself (`Devise.sign_out_via = :get`); never another local (`options[:x] = …`, a Hash). */
const isConfig = (receiver: N.Node | null, configs: Set<string>) =>
  (receiver instanceof N.LocalVariableReadNode && configs.has(receiver.name)) || (receiver instanceof N.ConstantReadNode && receiver.name === "Devise");

function settingCall(file: LoadedFile, call: N.CallNode, settings: DeviseSettings, undecided: string | undefined): void {
  const first = call.arguments_?.arguments_[0];
  if (call.name === "omniauth") {
    const name = strategyName(call);
    if (name === undefined) {
      if (first) settings.unreadProviders.push(text(file, call).split("\n")[0]);
      return;
    }
    // A Hash key: configured again, the provider keeps its place (devise.rb `@@omniauth_configs[…] = config`).
    if (undecided === undefined) {
      if (!settings.omniauthProviders.includes(name)) settings.omniauthProviders.push(name);
    } else settings.undecidedProviders.push({ provider: name, condition: undecided });
  } else if (call.name.endsWith("=") && first) {
    const value = literal(first);
    // Not a literal: Rails' value is not known, and the default is not it either (said, never taken silently).
    if (value === undefined) return void settings.unreadSettings.push({ setting: call.name.slice(0, -1), value: text(file, first).split("\n")[0] });
    if (undecided === undefined) settings.values.set(call.name.slice(0, -1), value);
    else settings.undecidedSettings.push({ setting: call.name.slice(0, -1), condition: undecided });
  }
}

/**
 * What Devise keys `config.omniauth provider, *args` by: its strategy's name, the last Hash
 * argument's `name:` when given, else the provider (devise 4.x and 5.x, `Devise.omniauth` and
 * lib/devise/omniauth/config.rb's `strategy_name`); undefined when either is not a literal.
 */
function strategyName(call: N.CallNode): string | undefined {
  const args = call.arguments_?.arguments_ ?? [];
  // `*rest`: whether its last item is a Hash naming the strategy is not known.
  if (args.some((a) => a instanceof N.SplatNode)) return undefined;
  const last = args.length > 1 ? args[args.length - 1] : undefined;
  const options = last instanceof N.KeywordHashNode || last instanceof N.HashNode ? last : undefined;
  if (options && !options.elements.every((e) => e instanceof N.AssocNode)) return undefined;
  const named = options?.elements.find((e) => {
    const key = literal((e as N.AssocNode).key);
    return key instanceof RSymbol && key.name === "name";
  }) as N.AssocNode | undefined;
  const value = named ? literal(named.value) : args[0] && literal(args[0]);
  if (named && (value === null || value === false)) return args[0] && nameOf(literal(args[0]));
  return nameOf(value);
}

const nameOf = (value: RValue | undefined) => (value instanceof RSymbol ? value.name : typeof value === "string" ? value : undefined);

/**
 * The options of a `devise` call, each a literal, else evaluated as the positional arguments are
 * (`omniauth_providers: %i[github] + [(:developer unless Rails.env.production?)].compact`, mise's),
 * else unknown (`RUnknown`); only a few are read.
 */
function keywordOptions(node: N.KeywordHashNode, into: RHash, evaluate: (value: N.Node) => RValue | undefined): void {
  for (const element of node.elements) {
    if (!(element instanceof N.AssocNode)) continue;
    const key = literal(element.key);
    if (key === undefined) continue;
    into.set(key, literal(element.value) ?? evaluate(element.value) ?? new RUnknown("a value Routemap cannot read"));
  }
}

/** A literal's value: symbols, strings, booleans, nil, and arrays and hashes of them; undefined for anything else. */
function literal(node: N.Node): RValue | undefined {
  if (node instanceof N.SymbolNode) return sym(node.unescaped.value);
  if (node instanceof N.StringNode) return node.unescaped.value;
  if (node instanceof N.TrueNode) return true;
  if (node instanceof N.FalseNode) return false;
  if (node instanceof N.NilNode) return null;
  if (node instanceof N.IntegerNode) return Number(node.value);
  // `%i[github gitlab].freeze` (zealot's): `freeze` returns its receiver.
  if (node instanceof N.CallNode && node.name === "freeze" && node.receiver && !node.arguments_ && !node.block) return literal(node.receiver);
  if (node instanceof N.ArrayNode) {
    const items = node.elements.map(literal);
    return items.every((v) => v !== undefined) ? (items as RValue[]) : undefined;
  }
  if (node instanceof N.HashNode || node instanceof N.KeywordHashNode) {
    const hash = new RHash();
    for (const element of node.elements) {
      if (!(element instanceof N.AssocNode)) return undefined;
      const key = literal(element.key);
      const value = literal(element.value);
      if (key === undefined || value === undefined) return undefined;
      hash.set(key, value);
    }
    return hash;
  }
  return undefined;
}

function text(file: LoadedFile, node: N.Node): string {
  const loc = node.location;
  return file.index.slice(loc.startOffset, loc.startOffset + loc.length);
}

/**
 * The URL helpers Devise generates for controllers and views (lib/devise/controllers/url_helpers.rb
 * `generate_helpers!`, from `Devise::URL_HELPERS`, the routes' actions of lib/devise/modules.rb):
 * `new_session_path(resource_or_scope)`, `edit_password_url(…)`… Defined with `define_method`
 * on interpolated names, they are not found by reading the gem. devise_invitable adds its own.
 */
export function deviseUrlHelperNames(gems: Readonly<Record<string, string>> | undefined): string[] {
  if (gems && gems.devise === undefined) return [];
  const helpers: Record<string, (string | null)[]> = {
    session: [null, "new", "destroy"],
    password: [null, "new", "edit"],
    registration: [null, "new", "edit", "cancel"],
    confirmation: [null, "new"],
    unlock: [null, "new"],
  };
  if (!gems || gems.devise_invitable !== undefined) helpers.invitation = [null, "new", "accept", "remove"];
  return Object.entries(helpers).flatMap(([route, actions]) =>
    actions.flatMap((action) => ["path", "url"].map((kind) => `${action ? `${action}_` : ""}${route}_${kind}`)),
  );
}
