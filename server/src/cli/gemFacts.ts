/**
 * What an installed gem defines for the checks, read from its files (never run): helper-like
 * method names (`def x_path`, `:x_url`…, as `definedHelperNames` reads the app's own), its
 * controllers, its templates (Rails puts every engine's `app/views` on the view paths), whether
 * it defines `url_options`, and its own routes file and `Rails::Engine` class.
 *
 * A gem's files are those RubyGems would load from it: `lib/` and `app/` under its directory,
 * and, where its directory lacks a require path, the files its gemspec lists there, found in the
 * home's library folders (Debian keeps pure-Ruby gems' code in /usr/lib/ruby/vendor_ruby with
 * only the gemspec in rubygems-integration; a default gem's is in Ruby's own library).
 */
import { createHash } from "./lazyCrypto.js";
import { join, sep } from "node:path";
import { definedHelperNames, layoutFacts } from "@routemap/shared-mapper";
import type { GemDisk } from "./gemDisk.js";
import type { InstalledGem } from "./gemLocator.js";
import { readInstalledSpec } from "./gemspec.js";
import type { GemCache } from "./gemCache.js";

export interface GemFacts {
  /** Helper-like names its Ruby may define. */
  helpers: string[];
  /** Controller paths (`devise/sessions`, `rails/info`) of its `app/controllers` and `lib`. */
  controllers: string[];
  /** Its templates, relative to its `app/views`. */
  views: string[];
  /**
   * Whether it defines `url_options` or `default_url_options` outside its controllers (a
   * module its railtie includes, ActionController::Base reopened): any request's URLs may get
   * keys from it.
   */
  urlOptions: boolean;
  /**
   * Its controllers (paths, `avo/base`) that define them: only the requests of those
   * controllers and of the app's controllers that inherit one (`< Avo::BaseController`) may.
   */
  urlOptionsControllers?: string[];
  /**
   * The layouts its code names (`layout "devise"`, `layout: "admin"`: `layouts/devise`), and
   * whether it names one Routemap cannot read; absent when it names none. An app's controller
   * that includes its module or inherits its class may take them.
   */
  layouts?: { names: string[]; dynamic?: boolean; expressions?: string[] };
  /** Its own `config/routes.rb`, when it has one. */
  routes?: string;
  /**
   * Helper-like names its code only speaks of, as a symbol or string no defining call takes
   * (Avo's `:session_path`, which it sends to `main_app`): not in `helpers`; absent when none.
   */
  mentioned?: string[];
  /**
   * Methods it defines whose bodies call `define_method` (auto-session-timeout's
   * `auto_session_timeout_actions`): a class macro that gives the class that calls it methods,
   * actions of a controller among them; absent when none.
   */
  macros?: string[];
  /** The `lib/…/engine.rb` that defines its `Rails::Engine` class. */
  engineFile?: string;
  /**
   * The files the gem loads that add routing methods to Rails' mapper (`mount_avo`), and the
   * gem's files they require (`mapperFiles`); absent when none does.
   */
  mapperFiles?: string[];
}

/** A file of the gem: where it is, and where it stands in the gem (`lib/devise.rb`, whatever folder holds it). */
interface GemFile {
  path: string;
  rel: string;
  /** The gem's name, on its first file (where its entry file is looked for). */
  gem?: string;
}

/** The most files read from one gem, folders walked, and how deep: beyond them, what the gem defines is not known. */
const MAX_FILES = 20_000;
const MAX_DIRS = 20_000;
const MAX_DEPTH = 16;

/** A gem's files, or why they cannot all be listed. */
export function gemFiles(gem: InstalledGem, disk: GemDisk): GemFile[] | { why: string } {
  const files: GemFile[] = [];
  let overflow = false;
  let dirs = 0;
  const visit = (dir: string, rel: string, depth: number, accept: (rel: string) => boolean) => {
    if (overflow || depth > MAX_DEPTH) return;
    if (++dirs > MAX_DIRS) return void (overflow = true);
    for (const entry of disk.list(dir).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
      const path = join(dir, entry.name);
      const sub = `${rel}/${entry.name}`;
      if (entry.dir) {
        if (entry.name.startsWith(".") || entry.name === "node_modules" || (entry.link && !followOnce(path, dir))) continue;
        visit(path, sub, depth + 1, accept);
      } else if (accept(sub)) {
        if (files.length >= MAX_FILES) return void (overflow = true);
        files.push({ path, rel: sub });
      }
    }
  };
  // A linked folder is walked once, and never when it leads back up the tree (plain folders cannot).
  const followed = new Set<string>();
  const followOnce = (link: string, from: string) => {
    const target = disk.realpath(link);
    const here = disk.realpath(from);
    if (followed.has(target) || here === target || here.startsWith(target + sep)) return false;
    followed.add(target);
    return true;
  };
  visit(join(gem.dir, "app"), "app", 0, (rel) => rel.startsWith("app/views/") || rel.endsWith(".rb"));
  visit(join(gem.dir, "lib"), "lib", 0, (rel) => rel.endsWith(".rb"));
  if (disk.list(join(gem.dir, "config")).some((e) => e.name === "routes.rb" && !e.dir)) files.push({ path: join(gem.dir, "config", "routes.rb"), rel: "config/routes.rb" });
  const listed = listedFiles(gem, disk);
  if ("why" in listed) return listed;
  files.push(...listed);
  if (overflow || files.length > MAX_FILES) return { why: `the gem ${gem.name} (${gem.version}) has more than ${MAX_FILES.toLocaleString("en")} files or folders in ${gem.dir}` };
  if (files.length) files[0] = { ...files[0], gem: gem.name };
  return files;
}

/**
 * The Ruby files a gemspec lists under a require path its directory lacks, where Ruby's load
 * path has them (the home's library folders). A gem with neither its folder nor such a list is
 * not known: what it defines cannot be read (taking it as nothing would report its helpers).
 */
function listedFiles(gem: InstalledGem, disk: GemDisk): GemFile[] | { why: string } {
  const hasDir = disk.isDir(gem.dir);
  const unknown = { why: `the gem ${gem.name} (${gem.version}) is installed${gem.spec ? ` (${gem.spec})` : ""}, but its folder ${gem.dir} is not there and its gemspec lists no files Ruby would load` };
  const text = gem.spec && gem.libDirs.length ? disk.readFile(gem.spec) : undefined;
  if (text === undefined) return hasDir ? [] : unknown;
  const spec = readInstalledSpec(text);
  const absent = spec.requirePaths.filter((p) => !disk.isDir(join(gem.dir, p)));
  if (absent.length === 0) return [];
  // A gem with no code of its own (a meta-gem like `rails`) has its folder and nothing to list.
  if (!spec.files) return hasDir ? [] : unknown;
  const out: GemFile[] = [];
  for (const file of spec.files) {
    const requirePath = absent.find((p) => file.startsWith(`${p}/`));
    if (!requirePath || !file.endsWith(".rb") || file.split("/").includes("..")) continue;
    const inLib = file.slice(requirePath.length + 1);
    const path = gem.libDirs.map((dir) => join(dir, inLib)).find((p) => (disk.version ? disk.version(p) !== undefined : disk.readFile(p) !== undefined));
    if (path) out.push({ path, rel: `lib/${inLib}` });
  }
  return out;
}

/** A hash of the gem's files and their versions; undefined where the disk cannot say (nothing is cached). */
export function fingerprint(gem: InstalledGem, files: GemFile[], disk: GemDisk): string | undefined {
  if (!disk.version) return undefined;
  const hash = createHash("sha256");
  for (const path of gem.spec ? [gem.spec] : []) hash.update(`${path}\0${disk.version(path) ?? "-"}\n`);
  for (const file of files) {
    const version = disk.version(file.path);
    if (version === undefined) return undefined;
    hash.update(`${file.rel}\0${file.path}\0${version}\n`);
  }
  return hash.digest("hex");
}

/** A file that speaks of controllers or mailers, where `layout` is ActionView's (AbstractController::Layouts). */
const VIEW_LAYER = /Controller\b|Mailer\b|AbstractController|action_controller|action_mailer/;
/** A line that is only a Ruby comment. */
const COMMENT_LINE = /^[ \t]*#.*$/gm;

/** What the gem defines, read from its files. */
export function readGemFacts(files: GemFile[], disk: GemDisk): GemFacts {
  const helpers = new Set<string>();
  const mentioned = new Set<string>();
  const controllers = new Set<string>();
  const facts: GemFacts = { helpers: [], controllers: [], views: [], urlOptions: false };
  for (const { path, rel } of files) {
    if (rel.startsWith("app/views/")) facts.views.push(rel.slice("app/views/".length));
    if (rel === "config/routes.rb") facts.routes = path;
    // A gem's own tests define nothing the app calls.
    if (!rel.endsWith(".rb") || rel.includes("/test/") || rel === "config/routes.rb") continue;
    const text = disk.readFile(path);
    if (text === undefined) continue;
    definedHelperNames(text, helpers, mentioned);
    // An instance method (in a module a railtie includes into controllers, or reopening
    // ActionController::Base); not `def self.default_url_options`, which sets only the gem's own
    // class's (Devise's FailureApp, a Rack app of its own).
    const controller = /^(?:app|lib)\/(?:controllers\/)?(.+)_controller\.rb$/.exec(rel);
    if (controller) controllers.add(controller[1]);
    if (/\bdef\s+(?:default_)?url_options\b/.test(text)) {
      // A concern (`app/controllers/concerns/avo/common_controller.rb`) by its module's path, `avo/common`.
      if (controller && rel.startsWith("app/controllers/")) (facts.urlOptionsControllers ??= []).push(controller[1].replace(/^concerns\//, ""));
      else facts.urlOptions = true;
    }
    if (text.includes("define_method")) for (const name of methodMacros(text)) if (!(facts.macros ??= []).includes(name)) facts.macros.push(name);
    if (!facts.engineFile && /^lib\/(?:[^/]+\/){0,4}engine\.rb$/.test(rel) && /Rails::Engine\b/.test(text)) facts.engineFile = path;
    // Its spec support (Capybara's Sinatra test app, `layout: !has_layout`) is no controller's. A
    // `layout` call counts only in a file about controllers or mailers: ffi's `sc.layout :gvar, type`
    // and every `layout :field, :int` of an FFI::Struct are FFI::Struct.layout (Ruby: its owner is
    // FFI::Struct's singleton class, ActionController::Base's is ActionView::Layouts::ClassMethods),
    // and took every layout of an app that bundles ffi for one chosen as it runs.
    // Comment lines are prose (ffi's struct_generator.rb: "# Generates an FFI Struct layout:").
    const code = /(?:^|\/)spec\//.test(rel) || !text.includes("layout") ? undefined : text.replace(COMMENT_LINE, "");
    const layouts = code === undefined ? undefined : layoutFacts(code, { appController: false, layoutCalls: VIEW_LAYER.test(code) });
    if (layouts && (layouts.names.length || layouts.dynamic || layouts.expressions)) {
      facts.layouts ??= { names: [] };
      for (const name of layouts.names) if (!facts.layouts.names.includes(name)) facts.layouts.names.push(name);
      if (layouts.dynamic) facts.layouts.dynamic = true;
      // `layout ->(_) { HighVoltage.layout }`: computed with the routes (app/layouts.ts).
      for (const expression of layouts.expressions ?? []) if (!(facts.layouts.expressions ??= []).includes(expression)) facts.layouts.expressions.push(expression);
    }
  }
  facts.helpers = [...helpers].sort();
  const only = [...mentioned].filter((name) => !helpers.has(name)).sort();
  if (only.length) facts.mentioned = only;
  facts.controllers = [...controllers].sort();
  const mapper = mapperFiles(files, disk);
  if (mapper.length) facts.mapperFiles = mapper;
  return facts;
}

/** A file that may reopen Rails' mapper or add a module to it (`dsl/gemMappers.ts` decides, from its tree). */
const EXTENDS_MAPPER = /\bclass\s+(?:::)?(?:ActionDispatch::Routing::)?Mapper\b|Routing::Mapper\s*\.\s*(?:include|prepend|send|__send__|class_eval|class_exec)\b/;
const REQUIRES = /^\s*(require|require_relative|load)\s*\(?\s*["']([^"'#]+)["']/gm;

/**
 * The gem's files that extend the mapper, with the gem files they require. Only files the gem
 * loads count: those reachable by literal `require`/`require_relative`/`load` from its entry
 * file (`lib/<name>.rb`, or `lib/a/b.rb` for `a-b`, as Bundler.require tries), a file at most
 * once. A file loaded otherwise (Zeitwerk on a constant's first use, a computed path) is not
 * followed: a method it adds stays an unknown method, as before.
 */
export function mapperFiles(files: GemFile[], disk: GemDisk): string[] {
  const lib = new Map(files.filter((f) => f.rel.startsWith("lib/") && f.rel.endsWith(".rb")).map((f) => [f.rel, f.path]));
  const texts = new Map<string, string>();
  const text = (rel: string) => {
    if (!texts.has(rel)) texts.set(rel, disk.readFile(lib.get(rel)!) ?? "");
    return texts.get(rel)!;
  };
  const requires = (rel: string): string[] => {
    const out: string[] = [];
    for (const target of requiredFiles(rel, text(rel))) if (lib.has(target)) out.push(target);
    return out;
  };
  const reachable = (from: string[]): string[] => {
    const seen = new Set<string>();
    const stack = [...from];
    while (stack.length) {
      const rel = stack.pop()!;
      if (seen.has(rel) || !lib.has(rel)) continue;
      seen.add(rel);
      stack.push(...requires(rel));
    }
    return [...seen];
  };
  const loaded = reachable(entryFiles(files, lib));
  const extending = loaded.filter((rel) => EXTENDS_MAPPER.test(text(rel)));
  if (!extending.length) return [];
  return reachable(extending).sort().map((rel) => lib.get(rel)!);
}

/** The gem's entry files: `lib/<gem>.rb`, and `lib/a/b.rb` for a gem `a-b` (Bundler.require's two tries). */
function entryFiles(files: GemFile[], lib: Map<string, string>): string[] {
  const gem = files.find((f) => f.gem)?.gem;
  if (!gem) return [];
  return [`lib/${gem}.rb`, `lib/${gem.replace(/-/g, "/")}.rb`].filter((rel) => lib.has(rel));
}

/** The files a gem's file at `rel` loads by literal `require`/`require_relative`, relative to the gem (`lib/a/b.rb`). */
export function requiredFiles(rel: string, text: string): string[] {
  return [...text.matchAll(REQUIRES)].map((m) => {
    const target = m[1] === "require_relative" ? normalize(`${rel.slice(0, rel.lastIndexOf("/"))}/${m[2]}`) : `lib/${m[2]}`;
    return target.endsWith(".rb") ? target : `${target}.rb`;
  });
}

/** `lib/a/./b/../c` → `lib/a/c`. */
function normalize(path: string): string {
  const out: string[] = [];
  for (const part of path.split("/")) {
    if (part === "..") out.pop();
    else if (part !== "." && part !== "") out.push(part);
  }
  return out.join("/");
}

/** A `def` line, its indentation and name (`def self.x` too); an `end` line, its indentation. */
const DEF_LINE = /^([ \t]*)def[ \t]+(?:self\.)?([a-z_]\w*[!?]?)/;
const END_LINE = /^([ \t]*)end\b/;
/** After a `def`'s name: an endless `(args) = expr`, or a body closed on the line (`; end`). */
const ONE_LINE = /^(?:\([^)]*\))?[ \t]*=(?!=)|\bend[ \t]*(?:#.*)?$/;

/**
 * The methods of a file whose bodies (to the `end` at the `def`'s indentation) call
 * `define_method`, read from the text as a gem's conventional layout writes them, in one pass
 * (the `def`s open at each line on a stack).
 */
function methodMacros(text: string): string[] {
  const out: string[] = [];
  const open: { indent: string; name: string; defines: boolean }[] = [];
  for (const line of text.split("\n")) {
    const def = DEF_LINE.exec(line);
    // A one-line `def x = …` or `def x; …; end` has no body below it.
    if (def && !ONE_LINE.test(line.slice(def[0].length))) open.push({ indent: def[1], name: def[2], defines: false });
    else if (open.length && /\bdefine_method\b/.test(line)) for (const d of open) d.defines = true;
    const end = END_LINE.exec(line);
    if (end && open.length && end[1] === open[open.length - 1].indent) {
      const closed = open.pop()!;
      if (closed.defines && !out.includes(closed.name)) out.push(closed.name);
    }
  }
  return out;
}

/** Whether a cached value has the shape of GemFacts (an entry is the user's file: it is checked, not trusted). */
export function isGemFacts(value: unknown): value is GemFacts {
  if (!value || typeof value !== "object") return false;
  const v = value as Record<string, unknown>;
  const strings = (x: unknown) => Array.isArray(x) && x.every((s) => typeof s === "string");
  return (
    strings(v.helpers) &&
    strings(v.controllers) &&
    strings(v.views) &&
    typeof v.urlOptions === "boolean" &&
    (v.layouts === undefined || (typeof v.layouts === "object" && v.layouts !== null && strings((v.layouts as Record<string, unknown>).names) && ((v.layouts as Record<string, unknown>).expressions === undefined || strings((v.layouts as Record<string, unknown>).expressions)))) &&
    (v.routes === undefined || typeof v.routes === "string") &&
    (v.engineFile === undefined || typeof v.engineFile === "string") &&
    (v.mapperFiles === undefined || strings(v.mapperFiles)) &&
    (v.urlOptionsControllers === undefined || strings(v.urlOptionsControllers)) &&
    (v.mentioned === undefined || strings(v.mentioned)) &&
    (v.macros === undefined || strings(v.macros))
  );
}

/** The code the cache's entries are made by: another version of these readers makes other facts. */
let code: string | undefined;
export function factsCode(): string {
  return (code ??= createHash("sha256")
    .update([gemFiles, listedFiles, readGemFacts, methodMacros, DEF_LINE, END_LINE, ONE_LINE, definedHelperNames, layoutFacts, mapperFiles, entryFiles, requiredFiles, normalize, VIEW_LAYER, COMMENT_LINE].map((f) => f.toString()).join("\n"))
    .digest("hex")
    .slice(0, 16));
}

/** What an installed gem defines: from the cache when its files are those it was made from, else read (and cached). */
export function gemFacts(gem: InstalledGem, disk: GemDisk, cache?: GemCache<GemFacts>): GemFacts | { why: string } {
  const files = gemFiles(gem, disk);
  if ("why" in files) return files;
  const print = cache && fingerprint(gem, files, disk);
  const key = print ? { name: gem.name, version: gem.version, dir: gem.dir, fingerprint: print } : undefined;
  const cached = key && cache?.get(key);
  if (cached) return cached;
  const facts = readGemFacts(files, disk);
  if (key) cache?.set(key, facts);
  return facts;
}
