/**
 * What a routes file reads of the app and its process, as Rails would find it: `Rails.env`,
 * `Rails.root`, `ENV` (the environment the host gives; unknown without one), `File.read`,
 * `File.exist?`, `Dir.glob` over the files the host has, Pathnames, and the files evaluated
 * from them (`instance_eval(File.read(path))`, `load path`) — Redmine's plugin routes, for one.
 * Reading never runs anything: a file is evaluated only as Ruby Routemap interprets.
 */
import * as N from "@ruby/prism/src/nodes.js";
import { expandPath, pathPlus, pathText, str } from "../core/index.js";
import { loadYaml, yamlOptions } from "../framework/appYaml.js";
import { erbNew, renderTemplate } from "./erb.js";
import { configFor } from "../framework/configFor.js";
import { appFolders, CONFIG, isApplication, settingCall, settingsOf, type SettingsHost } from "../framework/appSettings.js";
import { deviseMappings } from "../gems/deviseMappings.js";
import { activeAdminDeviseConfig } from "../gems/activeAdmin.js";
import { deviseSetting, omniauthProviders } from "../gems/deviseModels.js";
import { RoutingError } from "../mapper/errors.js";
import { gemLocked, gemVersion } from "../mapper/state.js";
import { inspect } from "../ruby/print.js";
import {
  RConst, RHash, RInquirer, RPathname, RProc, RString, RSymbol, RUnknown, RValue, stringValue, truthy, UnknownValueError,
} from "../ruby/values.js";
import type { CallHost } from "./evaluator.js";
import type { Self } from "./env.js";
import type { Node } from "./evaluator.js";
import { globMatcher } from "../ruby/glob.js";
import { RegexpBudgetExceeded } from "../ruby/regexp/index.js";
import { KEEPS_ROUTES_BLOCK, SETS_ROUTE_SET } from "./keptBlocks.js";

const ENV_WHY = "an environment variable of the process that runs Rails, which Routemap was not given";

/** A class or module of Ruby or Rails as a receiver; undefined for one this module does not answer for. */
export function classCall(it: CallHost, path: string, name: string, args: RValue[], block: RProc | null, node?: Node): RValue | undefined {
  // `Application.config_for :rubygems` (rubygems.org), `MushroomObserver::Application.config`
  // (its settings, as `Rails.application.config`: the class forwards them to its instance), `.root`.
  if (path !== "Rails.application" && (name === "config_for" || ((name === "config" || name === "root") && !args.length)) && isApplication(path, (p) => it.classes.ancestors(p))) {
    if (name === "config_for") return configForCall(it, args);
    if (name === "config") return new RConst(CONFIG);
    if (it.host.appRoot !== undefined) return new RPathname(it.host.appRoot);
  }
  switch (path) {
    case "Rails":
      return railsCall(it, name);
    case "ENV":
      return envCall(it, name, args, block);
    case "File":
      return fileCall(it, name, args);
    case "Dir":
      if (name === "glob" || name === "[]") {
        const found = glob(it, args.filter((a) => !(a instanceof RHash) && typeof a !== "number"));
        if (!block) return found;
        for (const path of found) it.yield(block, [path]);
        return null;
      }
      if (name === "exist?") return it.host.paths().some((p) => p.startsWith(absolute(it, pathText(args[0])).replace(/\/?$/, "/")));
      return dirListing(it, name, args, block, node);
    case "Pathname":
      return name === "new" ? new RPathname(pathText(args[0])) : undefined;
    case "ActiveSupport::StringInquirer":
      return name === "new" ? new RInquirer(stringValue(args[0]) ?? "") : undefined;
    case "Rails.application":
      if (name === "config_for") return configForCall(it, args);
      if ((name === "credentials" || name === "secrets") && !args.length) return appSecret(it, name);
      return name === "config" ? new RConst(CONFIG) : undefined;
    case "ERB":
      return name === "new" ? erbNew(args) : undefined;
    case "YAML":
    case "Psych":
      return yamlCall(it, name, args);
    case "I18n":
      return i18nCall(it, name, args);
    case "ActiveStorage":
      return name === "routes_prefix" && !args.length ? activeStorageRoutesPrefix(it) : undefined;
    case "ActiveAdmin::Devise":
      if (name !== "config" || args.length || !gemLocked(it.mapper, "activeadmin")) return undefined;
      return activeAdminDeviseConfig(it.mapper.host, gemVersion(it.mapper, "activeadmin"), deviseSetting(it.mapper.host, "sign_out_via"));
    case "Devise":
      // Where the app locks Devise (or no lockfile says): the mappings its `devise_for`s made so far.
      if (args.length || !gemLocked(it.mapper, "devise")) return undefined;
      // The providers config/initializers/devise.rb configures (gitlab's config/routes/import.rb loops over them).
      if (name === "omniauth_providers") return omniauthProviders(it.mapper.host);
      // `Devise.omniauth_configs`: by provider, each a `Devise::OmniAuth::Config` (hyacinth's model reads its `keys`).
      if (name === "omniauth_configs") return omniauthConfigs(omniauthProviders(it.mapper.host));
      if (name === "mappings") return deviseMappings(it.mapper.set);
      return deviseSetting(it.mapper.host, name);
  }
  if (path.startsWith(CONFIG)) return settingCall(settingsOf(it), settingsHost(it), path, name, args);
  return undefined;
}

/**
 * `ActiveStorage.routes_prefix` (6.0+), which apps scope copies of Active Storage's routes under
 * (houdini): the engine's `active_storage.configs` initializer sets it to
 * `config.active_storage.routes_prefix || "/rails/active_storage"` before the routes load.
 * (An app that does not load Active Storage has no such constant: Rails raises there.)
 */
function activeStorageRoutesPrefix(it: CallHost): RValue | undefined {
  if (it.mapper.version.lt(6, 0)) return undefined;
  const host = settingsHost(it);
  host.loadSettingFiles("routes_prefix");
  const set = settingsOf(it).assigned("active_storage.routes_prefix");
  if (set instanceof RUnknown) return set;
  return set !== undefined && truthy(set) ? set : str("/rails/active_storage");
}

/**
 * `Rails.application.credentials` and `.secrets`: values Routemap never reads, and says why
 * (railties application.rb: `credentials` decrypts config/credentials.yml.enc, or
 * config/credentials/<env>.yml.enc, with the master key; `secrets`, deprecated in 7.1 and gone in
 * 7.2, merges config/secrets.yml's ERB and its encrypted secrets).
 */
function appSecret(it: CallHost, name: "credentials" | "secrets"): RUnknown {
  const text = `Rails.application.${name}`;
  const why = name === "credentials"
    ? "the app's encrypted credentials, which only its master key opens: Routemap never reads the key, nor decrypts config/credentials.yml.enc"
    : it.mapper.version.gte(7, 2)
      ? "the app's secrets, which Rails 7.2 removed: `Rails.application.secrets` raises NoMethodError there"
      : "the app's secrets, config/secrets.yml run through ERB and merged with its encrypted secrets, which Routemap does not compute";
  return new RUnknown(text, false, why, undefined, text);
}

/** `Rails.application.config_for(name, env: …)` (framework/configFor.ts); undefined for arguments it does not take. */
export function configForCall(it: CallHost, args: RValue[]): RValue | undefined {
  const options = args.length === 2 && args[1] instanceof RHash ? args[1] : undefined;
  if (args.length !== 1 && !options) return undefined;
  if (options && options.keys().some((k) => !(k instanceof RSymbol && k.name === "env"))) return undefined;
  const given = options?.get(RSymbol.for("env"));
  if (given instanceof RUnknown) return given;
  if (args[0] instanceof RUnknown) return args[0];
  const env = given === undefined ? it.inquirer().value : given instanceof RInquirer ? given.value : stringValue(given);
  if (env === undefined) return undefined;
  const description = `Rails.application.config_for(${inspect(args[0])})`;
  if (it.host.appRoot === undefined) return new RUnknown(description, false, "the app's configuration, which a routes file given alone has none of", undefined, description);
  const host = it.host;
  let notRendered: RUnknown | undefined;
  const value = configFor({
    name: args[0], env, series: it.mapper.version.toString(), ruby: it.mapper.ruby, appRoot: host.appRoot!,
    // Rails runs the file through ERB first (ActiveSupport::ConfigurationFile): where Routemap can, so does it.
    text: (path) => {
      const text = host.text?.(path);
      if (text === undefined || !text.includes("<%")) return text;
      const rendered = renderTemplate(it, text, path, description);
      if (rendered instanceof RString) return rendered.value;
      notRendered = rendered as RUnknown;
      return text;
    },
    exists: (path) => host.exists(path),
  });
  // Unknown for its ERB: said with what the template needs.
  return value instanceof RUnknown && notRendered ? new RUnknown(description, false, `a YAML file run through ERB: ${notRendered.cause.why}`, undefined, description) : value;
}

/**
 * `YAML.load_file(path)`, `YAML.safe_load_file(path)`, and `YAML.load(text)`, `YAML.safe_load(text)`
 * of a text Routemap knows (`File.read` of an app's file): the data (framework/appYaml.ts), never
 * anything run. Keywords as `yamlOptions` reads them.
 */
function yamlCall(it: CallHost, name: string, args: RValue[]): RValue | undefined {
  const fromFile = name === "load_file" || name === "safe_load_file";
  if (!fromFile && name !== "load" && name !== "safe_load") return undefined;
  const options = args.length === 2 && args[1] instanceof RHash ? args[1] : undefined;
  const load = (args.length === 1 || options) && yamlOptions(options);
  if (!load) return undefined;
  if (!fromFile) {
    const text = stringValue(args[0]);
    if (text === undefined) return args[0] instanceof RUnknown ? args[0] : undefined;
    return loadYaml(text, `YAML.${name}(…)`, load);
  }
  const path = absolute(it, pathText(args[0]));
  const description = `YAML.${name}(${inspect(path)})`;
  const text = it.host.text?.(path);
  if (text === undefined) {
    if (it.host.exists(path)) return new RUnknown(description, false, "a file Routemap did not read", undefined, description);
    throw new RoutingError(`No such file or directory @ rb_sysopen - ${path}`, "Errno::ENOENT");
  }
  return loadYaml(text, description, load);
}

/**
 * `I18n.available_locales` and `I18n.default_locale` as the routes read them. Rails applies
 * `config.i18n.*` to I18n after the initializers (i18n_railtie.rb's `initialize_i18n`, run by
 * `after_initialize`, which Finisher runs before `set_routes_reloader_hook` loads the routes),
 * so the app's config wins over an initializer's `I18n.available_locales = …`. Without either,
 * the locales are those of every translation file the app and its gems load: unknown. The
 * default locale is I18n's own `:en` then. Both setters take symbols (`to_sym`), as I18n's do.
 */
function i18nCall(it: CallHost, name: string, args: RValue[]): RValue | undefined {
  const setting = name.endsWith("=") ? name.slice(0, -1) : name;
  if (setting !== "available_locales" && setting !== "default_locale") return undefined;
  const settings = settingsOf(it);
  const host = settingsHost(it);
  if (name.endsWith("=")) {
    if (args.length !== 1) return undefined;
    settings.set(host, `I18n.${setting}`, args[0]);
    return args[0];
  }
  if (args.length) return undefined;
  host.loadSettingFiles(setting);
  const value = settings.assigned(`i18n.${setting}`) ?? settings.assigned(`I18n.${setting}`);
  if (value === undefined) {
    if (setting === "default_locale") return RSymbol.for("en");
    return new RUnknown("I18n.available_locales", false, "the locales of every translation file the app and its gems load (`config.i18n.available_locales` does not set them)", undefined, "I18n.available_locales");
  }
  if (value instanceof RUnknown || setting === "default_locale") return localeSymbol(value);
  // `Array(locales).map(&:to_sym)`
  return Array.isArray(value) ? value.map(localeSymbol) : value === null ? [] : [localeSymbol(value)];
}

/** `locale.to_sym` of a locale I18n is given: a Symbol, or a String made one; anything else unknown. */
function localeSymbol(value: RValue): RValue {
  if (value instanceof RSymbol || value instanceof RUnknown) return value;
  const text = value instanceof RString ? stringValue(value) : undefined;
  return text !== undefined ? RSymbol.for(text) : new RUnknown(inspect(value), false, "a locale I18n takes as `to_sym` of a value Routemap does not convert");
}

/** What the app's settings need of the evaluator: its conditions, and the initializers it runs for a setting. */
function settingsHost(it: CallHost): SettingsHost {
  return {
    appRoot: it.host.appRoot,
    appFolders: () => appFolders(it.host),
    conditions: () => it.conditions.current(),
    loadSettingFiles: (name) => {
      // Only when the routes read a setting, or a gem's reader does as they load (a Devise model's
      // `if Rails.configuration.x`): initializers run after config/application.rb and the
      // environment file, not while a configuration file runs for its definitions.
      if ((it.quiet && !it.computingAside) || !it.host.appFiles) return;
      const ran = ranSettingFiles(it);
      for (const file of it.host.appFiles.configFiles(name)) {
        // config/application.rb ran first of all, at boot.
        if (ran.has(file.index.file) || file.index.file.endsWith("/config/application.rb")) continue;
        ran.add(file.index.file);
        it.runForDefinitions(file);
      }
    },
  };
}

const settingFilesRan = new WeakMap<object, Set<string>>();
function ranSettingFiles(it: CallHost): Set<string> {
  let ran = settingFilesRan.get(it);
  if (!ran) settingFilesRan.set(it, (ran = new Set()));
  return ran;
}


function railsCall(it: CallHost, name: string): RValue | undefined {
  switch (name) {
    case "env":
      return it.inquirer();
    case "root":
      return it.host.appRoot !== undefined ? new RPathname(it.host.appRoot) : new RUnknown("Rails.root", false, "the app's root, which a routes file given alone has none of", undefined, "Rails.root");
    case "application":
    case "configuration":
      return new RConst(name === "application" ? "Rails.application" : "Rails.application.config");
  }
  return undefined;
}

function envCall(it: CallHost, name: string, args: RValue[], block: RProc | null): RValue | undefined {
  const vars = it.host.env;
  const key = stringValue(args[0]);
  // Keyed as the evaluator keys `ENV["X"]` (`ENV.[]("X")`): the same variable met twice is the same condition.
  const unknown = () => new RUnknown(`ENV[${inspect(key ?? null)}]`, false, ENV_WHY, undefined, `ENV.[](${inspect(key ?? null)})`);
  switch (name) {
    case "[]":
      if (key === undefined) return undefined;
      return vars ? vars.get(key) ?? null : unknown();
    case "fetch": {
      if (key === undefined) return undefined;
      if (!vars) return unknown();
      const v = vars.get(key);
      if (v !== undefined) return v;
      if (block) return it.yield(block, [key]);
      if (args.length > 1) return args[1];
      throw new RoutingError(`key not found: ${inspect(key)}`, "KeyError");
    }
    case "key?":
    case "has_key?":
    case "include?":
    case "member?":
      if (key === undefined) return undefined;
      return vars ? vars.has(key) : new RUnknown(`ENV.key?(${inspect(key)})`, false, ENV_WHY, undefined, `ENV.key?(${inspect(key)})`);
  }
  return undefined;
}

/** A path as Ruby resolves it: relative ones from the working directory, the app's root for `bin/rails`. */
function absolute(it: CallHost, path: string): string {
  if (path.startsWith("/") || it.host.appRoot === undefined) return path;
  return pathPlus(it.host.appRoot, path);
}

/**
 * `File.directory?`: a folder above a file Routemap was given; else, where the host can glob the
 * app's folders (the command's, the editor's), one it finds with something in it (ruby_au's
 * `Dir[root.join("sites/*")].select { |p| File.directory?(p) }`). An empty one, or a name the
 * host finds alone, is unknown.
 */
function isDirectory(it: CallHost, path: string): RValue {
  const dir = path.replace(/\/?$/, "/");
  if (it.host.paths().some((p) => p.startsWith(dir))) return true;
  if (!it.host.glob) return false;
  const literal = path.replace(/[*?[\]{}\\]/g, "\\$&");
  if (!it.host.glob(literal).length) return false;
  if (it.host.glob(`${literal}/*`).length) return true;
  return it.host.exists(path) ? false : new RUnknown(`File.directory?(${inspect(path)})`, false, "a path the app has, which Routemap cannot tell a folder from a file");
}

function fileCall(it: CallHost, name: string, args: RValue[]): RValue | undefined {
  switch (name) {
    case "read": {
      const path = absolute(it, pathText(args[0]));
      // Text, not Ruby: a YAML or ERB file is never parsed here (`instance_eval` of the string loads it as Ruby).
      const text = it.host.text ? it.host.text(path) : it.host.load(path)?.index.text;
      if (text !== undefined) return new RString(text, false, path);
      // A file the host did not give may still be on disk: what it holds is unknown, not missing.
      return new RUnknown(`File.read(${inspect(path)})`, false, "a file Routemap did not read", undefined, `File.read(${inspect(path)})`);
    }
    case "exist?":
    case "file?":
    case "readable?":
      return it.host.exists(absolute(it, pathText(args[0])));
    case "directory?":
      return isDirectory(it, absolute(it, pathText(args[0])));
    // Whether a file is there and holds nothing (puzzle/cryptopus's `File.exist?(path) && !File.zero?(path)`).
    case "zero?":
    case "empty?": {
      const path = absolute(it, pathText(args[0]));
      if (!it.host.exists(path)) return fileCall(it, "directory?", args) === false ? false : undefined;
      const text = it.host.text ? it.host.text(path) : it.host.load(path)?.index.text;
      if (text !== undefined) return text.length === 0;
      return new RUnknown(`File.${name}(${inspect(path)})`, false, "a file Routemap did not read", undefined, `File.${name}(${inspect(path)})`);
    }
    case "expand_path": {
      const base = args.length > 1 ? absolute(it, pathText(args[1])) : it.host.appRoot;
      if (base === undefined) return undefined;
      return str(pathPlus(base, pathText(args[0])));
    }
  }
  return undefined;
}

/**
 * `Dir.children`, `Dir.each_child`, `Dir.entries`, and `Dir.new`/`Dir.open` (myplaceonline's
 * `Dir.new(Rails.root.join("app", "models").to_s).each`, which drew 11,753 routes): the folder's
 * entries, from the host's files as `Dir.glob` finds them. A `Dir` is its entries as an array
 * (`each`, `map`, `select`… as Dir's Enumerable gives them; `.` and `..` first). Ruby lists a
 * folder in the file system's order, which Routemap cannot know: the entries come sorted, and
 * that is said at the call.
 */
function dirListing(it: CallHost, name: string, args: RValue[], block: RProc | null, node: Node | undefined): RValue | undefined {
  const withDots = name === "entries" || ((name === "new" || name === "open") && !block);
  if (!["children", "each_child", "entries", "new", "open"].includes(name) || args.length === 0 || (name === "each_child" && !block) || (name === "open" && block)) return undefined;
  const folder = absolute(it, pathText(args[0])).replace(/\/+$/, "");
  const names = [...new Set([...glob(it, [str(`${folder}/*`)]), ...glob(it, [str(`${folder}/.*`)])].map((p) => (p as RString).value.slice(folder.length + 1)))].filter((n) => n !== "." && n !== "..").sort();
  if (node) it.report("info", `Ruby lists a folder in the order the file system keeps it, which Routemap cannot know: \`Dir.${name}\` is taken in sorted order here, and what is drawn from it may come in another order in Rails.`, it.nodeSpan(node), "unknown-order");
  const listed = (withDots ? [".", "..", ...names] : names).map((n) => str(n));
  if (name !== "each_child") return listed;
  for (const entry of listed) it.yield(block!, [entry]);
  return null;
}

/** What a Pathname answers with the host's files: `exist?`, `read`, `glob`, `children`. */
export function pathnameCall(it: CallHost, p: RPathname, name: string, args: RValue[]): RValue | undefined {
  switch (name) {
    case "exist?":
    case "file?":
      return fileCall(it, "exist?", [p.path]);
    case "directory?":
      return fileCall(it, "directory?", [p.path]);
    case "read":
      return fileCall(it, "read", [p.path]);
    case "glob":
      return glob(it, [str(pathPlus(p.path, pathText(args[0])))]).map((s) => new RPathname((s as RString).value));
  }
  return undefined;
}

/**
 * `Dir.glob`: what the host's glob finds (files and folders), or else the files the host gave
 * and their folders; sorted, as Ruby 3 sorts.
 */
function glob(it: CallHost, args: RValue[]): RValue[] {
  const patterns = (Array.isArray(args[0]) ? args[0] : [args[0]]).map((p) => absolute(it, pathText(p)));
  const out = new Set<string>();
  for (const pattern of patterns) {
    if (it.host.glob) {
      for (const path of it.host.glob(pattern)) out.add(path);
      continue;
    }
    const matcher = globMatcher(pattern);
    // Only paths under the pattern's literal folders are matched, each glob with steps of its own.
    const folder = pattern.slice(0, pattern.search(/[*?[{\\]|$/)).replace(/[^/]*$/, "");
    const budget = { remaining: GLOB_STEPS };
    try {
      for (const path of withFolders(it.host.paths())) if (path.startsWith(folder) && matcher(path, budget)) out.add(path);
    } catch (e) {
      if (!(e instanceof RegexpBudgetExceeded)) throw e;
      throw new UnknownValueError(new RUnknown(`Dir.glob(${inspect(pattern)})`, false, "a glob whose match ran past the steps Routemap gives a regexp"));
    }
  }
  it.charge(out.size);
  return [...out].sort().map((p) => str(p));
}

/** The steps one `Dir.glob` over the given files may take (a pattern is the app's text). */
const GLOB_STEPS = 2_000_000;

/** Paths and every folder above them. */
function withFolders(paths: string[]): Set<string> {
  const out = new Set<string>();
  for (const p of paths) {
    out.add(p);
    for (let i = p.lastIndexOf("/"); i > 0; i = p.lastIndexOf("/", i - 1)) {
      const dir = p.slice(0, i);
      if (out.has(dir)) break;
      out.add(dir);
    }
  }
  return out;
}


/**
 * `instance_eval(File.read(path))`, `eval(…)`, `load(path)`: a file the host has is evaluated
 * in its own right (its lines, its diagnostics), with `self`; code built in a string is not.
 */
export function evalFileValue(it: CallHost, value: RValue, node: Node, self: Self): RValue | undefined {
  if (value instanceof RUnknown) {
    const message = `Routemap cannot evaluate this: the code depends on \`${value.description}\`, ${value.cause.why}. Any routes it draws are missing.`;
    it.report("info", message, it.nodeSpan(node), "unknown-value");
    it.openRegion(it.nodeSpan(node), message);
    return value;
  }
  const path = value instanceof RString ? value.file : undefined;
  const file = path !== undefined ? it.host.load(path) : undefined;
  if (!file || file.index.text !== stringValue(value)) {
    const message = "Routemap does not evaluate Ruby built in a string (only a file's own text, read with `File.read`). Any routes it draws are missing.";
    it.report("info", message, it.nodeSpan(node), "unknown-method");
    it.openRegion(it.nodeSpan(node), message);
    return new RUnknown(it.sourceText(node), false, "Ruby built in a string, which Routemap does not evaluate");
  }
  it.fileEvaluated(file.index.file);
  return it.runFile(file, self);
}

/** `load path` and `require path`: the file, if the host has it; `require` runs each once. */
export function loadFile(it: CallHost, pathValue: RValue, node: Node, once: boolean, relativeTo?: string): RValue {
  const written = pathText(pathValue);
  let path = written;
  if (relativeTo !== undefined && !path.startsWith("/")) path = pathPlus(relativeTo, path);
  else path = absolute(it, path);
  // Ruby expands the path before it looks among the files it has loaded: `lib/x/../x` is `lib/x`,
  // required once (a circular `require File.dirname(__FILE__) + "/../x"` is a no-op, not a loop).
  path = expandPath(path) ?? path;
  const candidates = path.endsWith(".rb") ? [path] : [`${path}.rb`, path];
  // `require "publishable/routing"`: Ruby's load path, where Rails puts the app's lib/.
  if (relativeTo === undefined && !written.startsWith("/") && !written.startsWith(".") && it.host.appRoot !== undefined) {
    candidates.push(`${it.host.appRoot}/lib/${written.endsWith(".rb") ? written : `${written}.rb`}`);
  }
  for (const candidate of candidates) {
    // Requires run only for the files that change Rails' mapper (`requireMapperChanges`): the others later, if ever.
    if (it.requireFilter && it.host.exists(candidate) && !it.requireFilter(candidate)) return true;
    const file = it.host.load(candidate);
    if (!file) continue;
    if (once) {
      if (it.required.has(candidate)) return false;
      it.required.add(candidate);
    }
    it.runFile(file, { kind: "main" });
    return true;
  }
  // A gem or Ruby's library (`require "sidekiq/web"`): what it defines is unknown, and says so where used.
  void node;
  return once ? true : new RUnknown(inspect(pathValue), false, "a file Routemap does not have");
}

/**
 * A block of the app's configuration that Rails runs before the routes load and Routemap does
 * not run: an `initializer` of an application's or engine's class body (after config/initializers),
 * `config.to_prepare`, `config.before_initialize` (railties 6.1: Engine's initializers, then
 * Finisher's `run_prepare_callbacks`). A setting it may assign is unknown (appSettings.ts); routes
 * blocks it keeps or a route set's settings it changes are said at it, their routes left open.
 */
export function deferConfigBlock(it: CallHost, node: N.CallNode, what: string): null {
  const text = it.sourceText(node.block!);
  const file = it.mapper.host.appRelative?.(it.currentFile) ?? it.index.file;
  settingsOf(it).deferBlock(text, `the \`${what}\` block in ${file}:${it.nodeSpan(node).start.line + 1}`);
  if (KEEPS_ROUTES_BLOCK.test(text) || SETS_ROUTE_SET.test(text)) {
    const message = `Routemap does not run \`${what}\` blocks: the routes blocks this one keeps (or the route set's settings it changes) are not followed, and Rails' table may differ.`;
    // Said though the configuration runs quietly (for its definitions): the routes it may keep are the table's.
    it.loudly(() => {
      it.report("info", message, it.nodeSpan(node), "unknown-method");
      it.openRegion(it.nodeSpan(node), message);
    });
  }
  return null;
}

/** `Devise.omniauth_configs` from its keys, the providers: the configurations are objects of the gem's Routemap does not build. */
function omniauthConfigs(providers: RValue): RValue {
  if (!Array.isArray(providers)) return providers instanceof RUnknown ? new RUnknown("Devise.omniauth_configs", false, providers.cause.why) : providers;
  return new RHash(providers.map((p) => [p, new RUnknown(`Devise.omniauth_configs[${inspect(p)}]`, true, "a Devise::OmniAuth::Config, an object of Devise's that Routemap does not build")] as [RValue, RValue]));
}
