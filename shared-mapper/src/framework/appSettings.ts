/**
 * The app's configuration as the routes read it (`Rails.application.config.force_ssl`,
 * `Rails.configuration.i18n.available_locales`), computed as Rails computes it at boot: the
 * assignments of `config/application.rb`'s class body, then of `config/environments/<env>.rb`'s
 * `Rails.application.configure` block, then of the initializers that name the setting, each
 * evaluated by the interpreter in that order (railties 6.1: Rails::Application::Configuration,
 * Bootstrap's `load_environment_config`, then `load_config_initializers`). The last assignment
 * wins, as it does in Ruby.
 *
 * A setting no file sets has Rails' default where this module knows it (`force_ssl` is false),
 * and is unknown otherwise: Routemap never guesses a default. A setting assigned under a
 * condition Routemap cannot decide is unknown too.
 */
import { RConst, RPathname, RString, RSymbol, RUnknown, stringValue, type RValue } from "../ruby/values.js";

/** What `Rails.application.config` and `Rails.configuration` stand for. */
export const CONFIG = "Rails.application.config";

/**
 * Settings whose default in Rails 6.1 (railties/lib/rails/application/configuration.rb,
 * Rails::Engine::Configuration) a routes file may read, as the value Ruby gives.
 */
const DEFAULTS: Record<string, RValue> = {
  force_ssl: false,
  api_only: false,
  relative_url_root: null,
  "x": new RConst(`${CONFIG}.x`),
};

/** The option groups of Rails' frameworks: `config.i18n`, `config.action_controller`, … (OrderedOptions). */
const GROUPS = new Set([
  "i18n", "x", "action_controller", "action_dispatch", "action_mailer", "action_view", "active_record", "active_storage",
  "active_job", "active_support", "action_cable", "action_mailbox", "action_text", "active_model", "assets", "generators",
]);

export interface SettingsHost {
  /** The conditions the evaluator is under now (an undecidable `if`, …), as text; empty when none. */
  conditions(): readonly { text: string }[];
  /** Runs the app's files that may set `name` after config/application.rb (initializers), each once. */
  loadSettingFiles(name: string): void;
  /** The app's root, and the folders of its app/ (for `config.root` and the load paths' defaults). */
  appRoot?: string;
  appFolders(): string[];
}

/** A path the configuration lists: a String, or a Pathname (`Rails.root.join(…)`); undefined for anything else. */
const pathOf = (item: RValue): string | undefined => (item instanceof RPathname ? item.path : stringValue(item));

/** Where `config.paths["config/routes"]`'s list is kept among the settings (no setting's name). */
const DRAW_FOLDERS = "paths[config/routes]";

/** The load paths: arrays the app appends to (`config.autoload_paths += %W(#{config.root}/lib)`). */
const PATH_LISTS = new Set(["autoload_paths", "autoload_once_paths", "eager_load_paths"]);

/** The settings of one evaluation, by dotted key under `config` (`i18n.available_locales`). */
export class AppSettings {
  private readonly values = new Map<string, RValue>();
  /** `config.x` groups the app changed by a method Routemap does not follow (`merge!`): their unset keys are unknown. */
  private readonly opaque = new Set<string>();

  /** Blocks of the configuration Rails runs before the routes load and Routemap does not (`initializer`, `config.to_prepare`), by text. */
  private readonly deferred: { text: string; what: string }[] = [];

  /** A block Routemap does not run: a setting it may assign is unknown, whatever the files before it set. */
  deferBlock(text: string, what: string): void {
    this.deferred.push({ text, what });
  }

  /** The first deferred block that may assign `name` (`config.x.prefix = …`, `… << …`, `… ||= …`). */
  private deferredAssigning(name: string): { what: string } | undefined {
    const assigns = new RegExp(`\\.\\s*${name.replace(/[^\w]/g, "")}\\s*(?:=(?![=~>])|<<|\\+=|\\|\\|=|\\.(?:push|concat|merge!|replace)\\b)`);
    return this.deferred.find((d) => assigns.test(d.text));
  }

  /** A group that a call Routemap does not model may have changed. */
  markOpaque(group: string): void {
    this.opaque.add(group);
  }

  /** `config.<key> = value`; under a condition Routemap cannot decide, the setting becomes unknown. */
  set(host: SettingsHost, key: string, value: RValue): void {
    const conditions = host.conditions();
    this.values.set(key, conditions.length
      ? new RUnknown(`config.${key}`, false, `a setting the app assigns only if \`${conditions.map((c) => c.text).join("` and `")}\`, which Routemap cannot decide`)
      : value);
  }

  /** The value assigned to `key` (`i18n.available_locales`, `I18n.default_locale`), if any file did. */
  assigned(key: string): RValue | undefined {
    return this.values.get(key);
  }

  /** `config.<key>`: the value set, a group, Rails' default, or unknown. */
  get(host: SettingsHost, key: string): RValue {
    const name = key.slice(key.lastIndexOf(".") + 1);
    host.loadSettingFiles(name);
    // Rails runs these blocks before the routes load (most after the initializers): theirs may be the last word.
    const deferred = this.deferred.length ? this.deferredAssigning(name) : undefined;
    if (deferred) return new RUnknown(`Rails.application.config.${key}`, false, `a setting ${deferred.what} may assign, which Routemap does not run`, undefined, `Rails.application.config.${key}`);
    if (this.values.has(key)) return this.values.get(key)!;
    if (key === "root" && host.appRoot !== undefined) return new RPathname(host.appRoot);
    if (key === "paths" && host.appRoot !== undefined) return new RConst(`${CONFIG}.paths`);
    if (PATH_LISTS.has(key) && host.appRoot !== undefined) {
      // A fresh array the app's `<<` and `+=` change, as Rails' own (Engine::Configuration).
      const list: RValue[] = key === "eager_load_paths" ? eagerLoadDefault(host.appRoot, host.appFolders()) : [];
      this.values.set(key, list);
      return list;
    }
    const isGroup = GROUPS.has(key) || [...this.values.keys()].some((k) => k.startsWith(`${key}.`));
    if (isGroup) return new RConst(`${CONFIG}.${key}`);
    if (key in DEFAULTS) return DEFAULTS[key];
    const custom = this.customDefault(key);
    if (custom !== undefined) return custom;
    const text = `Rails.application.config.${key}`;
    return new RUnknown(text, false, "a setting the app's config/application.rb, environment file and initializers do not set, whose default Routemap does not know", undefined, text);
  }

  /**
   * `config.paths["config/routes"]`: the folders `draw` looks in (railties' Engine#add_routing_paths
   * gives the app's route set `paths["config/routes"].paths`), as a list the app's `<<`, `concat`
   * and `unshift` change, starting with Rails' own. Another key is not read here (undefined).
   */
  drawFolderList(host: SettingsHost, key: string | undefined): RValue[] | undefined {
    if (key !== "config/routes" || host.appRoot === undefined) return undefined;
    let list = this.values.get(DRAW_FOLDERS);
    if (!Array.isArray(list)) this.values.set(DRAW_FOLDERS, (list = [new RString(`${host.appRoot}/config/routes`, false)]));
    return list;
  }

  /**
   * The folders `draw` looks in, in order, where the app's configuration changed them (each
   * expanded from the app's root, as `Rails::Paths::Path#paths` does); undefined where it did not,
   * or put there something other than a path.
   */
  drawFolders(appRoot: string): string[] | undefined {
    const list = this.values.get(DRAW_FOLDERS);
    if (!Array.isArray(list)) return undefined;
    const out: string[] = [];
    for (const item of list) {
      const path = pathOf(item);
      if (path === undefined) return undefined;
      out.push(path.startsWith("/") ? path : `${appRoot}/${path.replace(/^\.\//, "")}`);
    }
    return out;
  }

  /**
   * `config.x.<a>` and `config.x.<a>.<b>` that no file sets (railties 6.1,
   * Rails::Application::Configuration::Custom#method_missing): a reader of `x` gives a new
   * ActiveSupport::OrderedOptions, whose reader of a key never set gives nil. Rails and its
   * frameworks set nothing under `x`; undefined where this rule does not apply.
   */
  private customDefault(key: string): RValue | undefined {
    const parts = key.split(".");
    if (parts[0] !== "x") return undefined;
    if (parts.length === 2) return new RConst(`${CONFIG}.${key}`);
    if (parts.length === 3 && !this.opaque.has(parts.slice(0, 2).join("."))) return null;
    return undefined;
  }

  /**
   * The folders the app's configuration adds to the load paths, relative to its root; those
   * outside it, or not plain paths, are left out (their constants stay unknown).
   */
  loadPaths(appRoot: string): string[] {
    const out: string[] = [];
    for (const key of PATH_LISTS) {
      const list = this.values.get(key);
      if (!Array.isArray(list)) continue;
      for (const item of list) {
        const path = pathOf(item);
        if (path !== undefined && path.startsWith(`${appRoot}/`)) out.push(path.slice(appRoot.length + 1));
      }
    }
    return out;
  }
}

/** `config.eager_load_paths` before the app changes it (railties 6.1: `paths.add "app", eager_load: true`, globbing each folder of app/ and its concerns, assets and javascript excluded). */
function eagerLoadDefault(root: string, folders: string[]): RValue[] {
  const out: RValue[] = [];
  for (const folder of [...folders].sort()) {
    if (folder === "assets" || folder === "javascript") continue;
    out.push(new RString(`${root}/app/${folder}`, false));
  }
  return out;
}

/**
 * Object's methods without arguments that `config.x` (Rails::Application::Configuration::Custom,
 * whose `method_missing` makes a key of any other name) and its groups answer themselves: Routemap
 * does not model them on a group, so they are unknown, said, never read as a key never set (nil).
 */
const OBJECT_METHODS = new Set(["class", "inspect", "to_s", "dup", "clone", "freeze", "hash", "object_id", "itself", "singleton_class", "methods", "public_methods", "instance_variables", "display", "to_json", "as_json", "to_param", "to_query", "presence", "to_yaml", "blank", "present"]);
/** Hash's, which `config.x.<a>` (an ActiveSupport::OrderedOptions, a Hash) answers as one. */
const HASH_METHODS = new Set([
  "keys", "values", "size", "length", "count", "to_h", "to_a", "to_hash", "to_proc", "to_set", "entries", "compact", "invert", "first", "min", "max", "minmax", "sort", "sum", "uniq", "flatten",
  "each", "each_pair", "each_key", "each_value", "each_with_index", "map", "collect", "flat_map", "select", "filter", "reject", "filter_map", "find", "detect", "group_by", "partition", "sort_by", "min_by", "max_by", "tally", "lazy", "cycle", "zip",
  "transform_values", "transform_keys", "symbolize_keys", "stringify_keys", "deep_symbolize_keys", "deep_stringify_keys", "deep_dup", "with_indifferent_access", "default", "default_proc", "compare_by_identity", "rehash", "clear", "shift", "extractable_options",
]);

/**
 * A call on `Rails.application.config` or one of its groups (`path` the receiver's): a read,
 * an assignment, or undefined for a method Routemap does not model here.
 */
export function settingCall(settings: AppSettings, host: SettingsHost, path: string, name: string, args: RValue[]): RValue | undefined {
  if (path !== CONFIG && !path.startsWith(`${CONFIG}.`)) return undefined;
  if (path === `${CONFIG}.paths`) return name === "[]" && args.length === 1 ? settings.drawFolderList(host, stringValue(args[0])) : undefined;
  const prefix = path === CONFIG ? "" : `${path.slice(CONFIG.length + 1)}.`;
  if (name.endsWith("=") && /^[a-z_][a-z0-9_]*=$/.test(name) && args.length === 1) {
    settings.set(host, `${prefix}${name.slice(0, -1)}`, args[0]);
    return args[0];
  }
  if (/^[a-z_][a-z0-9_]*$/.test(name) && !args.length) {
    // A method the group's class has is no key: `config.x.a.class` is OrderedOptions, not nil.
    if (prefix.startsWith("x.") && (OBJECT_METHODS.has(name) || (prefix !== "x." && HASH_METHODS.has(name)))) {
      const text = `${path}.${name}`;
      return new RUnknown(text, false, `a method of ${prefix === "x." ? "Rails::Application::Configuration::Custom" : "ActiveSupport::OrderedOptions"} Routemap does not model on the app's settings`);
    }
    return settings.get(host, `${prefix}${name}`);
  }
  // OrderedOptions' `[]` and `[]=` take the key as `to_sym` (active_support/ordered_options.rb).
  const key = args[0] instanceof RSymbol ? args[0].name : args[0] instanceof RString ? stringValue(args[0]) : undefined;
  if (prefix && key !== undefined && /^[a-z_][a-z0-9_]*$/.test(key)) {
    if (name === "[]" && args.length === 1) return settings.get(host, `${prefix}${key}`);
    if (name === "[]=" && args.length === 2) {
      settings.set(host, `${prefix}${key}`, args[1]);
      return args[1];
    }
  }
  // Another method (`merge!`, `update`) may set keys Routemap does not see.
  if (prefix.startsWith("x.")) settings.markOpaque(prefix.slice(0, -1));
  return undefined;
}

const perEvaluation = new WeakMap<object, AppSettings>();

/** The settings of an evaluation (one per interpreter). */
export function settingsOf(owner: object): AppSettings {
  let settings = perEvaluation.get(owner);
  if (!settings) perEvaluation.set(owner, (settings = new AppSettings()));
  return settings;
}

/** Whether `path` (a module being defined, or `Rails.application`) is the app's Rails::Application. */
export const isApplication = (path: string, ancestors: (path: string) => string[]): boolean =>
  path === "Rails.application" || ancestors(path).some((a) => a.replace(/^::/, "") === "Rails::Application");

/** The folders of the app's app/: from the host's glob, else from the paths of the files it gave. */
export function appFolders(host: { appRoot?: string; glob?: (pattern: string) => string[]; paths(): string[] }): string[] {
  if (host.appRoot === undefined) return [];
  const prefix = `${host.appRoot}/app/`;
  const found = new Set<string>();
  if (host.glob) {
    for (const path of host.glob(`${prefix}*`)) {
      const name = path.slice(prefix.length);
      if (name && !name.includes("/") && !name.includes(".")) found.add(name);
    }
  } else {
    for (const path of host.paths()) {
      if (!path.startsWith(prefix)) continue;
      const slash = path.indexOf("/", prefix.length);
      if (slash > prefix.length) found.add(path.slice(prefix.length, slash));
    }
  }
  return [...found].sort();
}
