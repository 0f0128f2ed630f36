/**
 * Avo's routing method (avo-hq/avo at v3.32.4): the module lib/avo/engine.rb's "avo.autoload"
 * initializer includes into the mapper,
 *
 *     def mount_avo(at: Avo.configuration.root_path, **options, &block)
 *       mount Avo::Engine, at:, **options
 *       scope at do
 *         Avo.plugin_manager.engines.each { |engine| mount engine[:klass], **engine[:options].dup }
 *         Avo::Engine.routes.draw(&block) if block_given?
 *       end
 *     end
 *
 * - `Avo.configuration.root_path` (lib/avo/configuration.rb): `"/avo"` unless the app sets it
 *   (`Avo.configure do |config| config.root_path = "/admin" end`, `Avo.configure` yielding
 *   `Avo.configuration`); `""` where it is `"/"`.
 * - `Avo::Engine` isolates the namespace `Avo`: its mount is named `avo`.
 * - `Avo.plugin_manager.engines` (lib/avo/plugin_manager.rb): `Avo.boot` resets the manager and
 *   runs the `:avo_boot` load hooks, where a plugin gem (avo-pro, avo-dashboards…, gems that
 *   depend on avo) calls `Avo.plugin_manager.mount_engine Klass, at: "…"`; boot runs before the
 *   routes are drawn (`to_prepare` and `after_initialize`). Without such a gem in Gemfile.lock
 *   the list is empty, a fact. A plugin gem whose files Routemap cannot read, or whose call it
 *   cannot follow (not in an `on_load(:avo_boot)` hook, under a condition, arguments that are not
 *   literals), leaves the names its mounts could add open inside the scope, said at the call.
 *
 * Other releases: `mount_avo` exists from 3.18.0 (gems/index.ts); before 3.20.2 it takes no
 * block (one given is ignored, as Ruby ignores it). 4.x (v4.1.15) also takes `mount_lookbook:`
 * (a setting, not a mount option), runs the `:avo_plugin_include` hooks before the `:avo_boot`
 * ones, and keeps one engine per class (a second `mount_engine` of a class replaces the first,
 * at the end).
 */
import * as N from "@ruby/prism/src/nodes.js";
import { mount } from "../mapper/base.js";
import { scope } from "../mapper/scoping.js";
import { extractOptions } from "../mapper/block.js";
import { routingError } from "../mapper/errors.js";
import { gemVersion, versionBefore, type Call, type DependentGem, type MapperState } from "../mapper/state.js";
import { toS } from "../ruby/print.js";
import type { LoadedFile } from "../ruby/loadedFile.js";
import { RConst, RHash, RUnknown, stringValue, type RValue, sym } from "../ruby/values.js";
import { childrenOf, constantPathText } from "../ruby/walk.js";
import { configureParameter, isConfiguration, isConstant } from "./configureBlocks.js";
import { invoke } from "../framework/draw.js";

/** Where a value `mount_avo` depends on cannot be read: what depends on it is not drawn. */
class Unreadable {
  constructor(readonly why: string) {}
}

/** A plugin engine as `Avo.plugin_manager.mount_engine` records it. */
interface PluginEngine {
  klass: string;
  options: RHash;
}

export function mountAvo(m: MapperState, call: Call): void {
  const args = [...call.args];
  const options = extractOptions(args).dup();
  if (args.length) throw routingError(`wrong number of arguments (given ${args.length}, expected 0)`, "ArgumentError");
  const version = gemVersion(m, "avo");
  const v4 = version === undefined || !versionBefore(version, [4, 0, 0]);
  // 4.x: `mount_lookbook:` sets `Avo.configuration.mount_lookbook`, which Avo's own routes read.
  if (v4) options.sdelete("mount_lookbook");
  let at: RValue | undefined = options.sdelete("at");
  if (at === undefined) {
    try {
      at = rootPath(m);
    } catch (e) {
      if (!(e instanceof Unreadable)) throw e;
      return missing(m, `Routemap cannot read Avo's root path: ${e.why}; mount_avo's routes are not drawn.`);
    }
  }
  options.sset("at", at);
  invoke(m, mount, [new RConst("Avo::Engine"), options]);
  invoke(m, scope, [at], () => {
    try {
      for (const engine of pluginEngines(m, v4)) invoke(m, mount, [new RConst(engine.klass), engine.options.dup()]);
    } catch (e) {
      if (!(e instanceof Unreadable)) throw e;
      missing(m, `Routemap cannot read the engines Avo's plugins mount here (\`Avo.plugin_manager.engines\`): ${e.why}; the routes they draw are missing.`);
    }
    const takesBlock = version === undefined || !versionBefore(version, [3, 20, 2]);
    if (call.block && takesBlock) {
      // Drawn into Avo's own table, where Rails puts them after the engine's routes file.
      m.host.missing("mount_avo's block is drawn into Avo::Engine's routes (`Avo::Engine.routes.draw(&block)`), which Routemap does not follow here: its routes are missing from Avo's table.", {
        namePrefix: undefined,
        modules: [m.engines.defaultModule("Avo::Engine") ?? "avo"],
        engine: "Avo::Engine",
      });
    }
  });
}

/** Says `why` at the call, and leaves the names the scope could add open. */
function missing(m: MapperState, why: string): void {
  const as = m.scope.get("as");
  const module = m.scope.get("module");
  m.host.missing(why, {
    namePrefix: as === undefined || as === null ? undefined : toS(as as RValue),
    modules: [module === undefined || module === null ? undefined : toS(module as RValue)],
  });
}

/** `Avo.configuration.root_path`: the app's last assignment in its configuration files, else `"/avo"`; `""` for `"/"`. */
function rootPath(m: MapperState): string {
  let value = "/avo";
  for (const file of m.host.configFiles?.("Avo") ?? []) {
    for (const found of assignments(file.program, "root_path=")) {
      if (found.conditional) throw new Unreadable(`\`${text(file, found.node)}\` in ${relative(m, file)} runs under a condition`);
      const arg = found.node.arguments_?.arguments_[0];
      const computed = arg && m.host.evaluateIn ? m.host.evaluateIn(file, arg) : new RUnknown(text(file, found.node));
      const v = stringValue(computed);
      if (v === undefined) throw new Unreadable(`\`${text(file, found.node)}\` in ${relative(m, file)} is not a String Routemap can compute${computed instanceof RUnknown && arg ? ` (${computed.why})` : ""}`);
      value = v;
    }
  }
  return value === "/" ? "" : value;
}

/** `config.root_path = …` in `Avo.configure do |config|`, or `Avo.configuration.root_path = …`, and whether something decides whether it runs. */
function assignments(program: N.Node, setter: string): { node: N.CallNode; conditional: boolean }[] {
  const out: { node: N.CallNode; conditional: boolean }[] = [];
  const configs = new Map<N.Node, Set<string>>();
  const isConfigure = (call: N.CallNode) => call.name === "configure" && isAvo(call.receiver);
  walk(program, isConfigure, (node, conditional, parent) => {
    const outer = (parent && configs.get(parent)) ?? new Set<string>();
    const inner = node instanceof N.CallNode && isConfigure(node) ? configureParameter(node, outer) : outer;
    if (inner.size) configs.set(node, inner);
    if (node instanceof N.CallNode && node.name === setter && isConfiguration(node.receiver, outer, "Avo")) out.push({ node, conditional });
    return true;
  });
  return out;
}

/**
 * Visits a file's tree in source order with whether something between the file's top and a node
 * decides whether it runs: statements in sequence, class and module bodies and the blocks of the
 * calls `plainCall` accepts run as the file is loaded; anything else (a condition, a loop, another
 * block) may not. `visit` returns false to leave a node's children out.
 */
function walk(root: N.Node, plainCall: (call: N.CallNode) => boolean, visit: (node: N.Node, conditional: boolean, parent: N.Node | undefined) => boolean): void {
  const go = (node: N.Node, conditional: boolean, parent: N.Node | undefined, plainBlock: boolean) => {
    if (!visit(node, conditional, parent)) return;
    const plainCallNode = node instanceof N.CallNode && plainCall(node);
    // `begin … end` without `rescue` (or parentheses) runs its statements as they stand.
    const grouping = (node instanceof N.BeginNode && !node.rescueClause) || node instanceof N.ParenthesesNode;
    const plain = plainBlock || plainCallNode || grouping || node instanceof N.ProgramNode || node instanceof N.StatementsNode || node instanceof N.ModuleNode || node instanceof N.ClassNode;
    for (const child of childrenOf(node)) go(child, conditional || !plain, node, plainCallNode && child === (node as N.CallNode).block);
  };
  go(root, false, undefined, false);
}

const isAvo = (node: N.Node | null) => isConstant(node, "Avo");

/** `Avo.plugin_manager.engines` after boot: the `mount_engine` calls of the locked gems that depend on avo, in order. */
function pluginEngines(m: MapperState, v4: boolean): PluginEngine[] {
  const gems = m.host.gemDependents?.("avo", "mount_engine");
  if (!gems) throw new Unreadable("Routemap does not know the app's installed gems");
  let engines: PluginEngine[] = [];
  // 4.x runs every plugin's `:avo_plugin_include` hooks, then the `:avo_boot` ones.
  for (const hook of v4 ? ["avo_plugin_include", "avo_boot"] : ["avo_boot"]) {
    const from = new Set<string>();
    for (const gem of gems) {
      if (gem.why) throw new Unreadable(`the plugin gem ${gem.gem} (${gem.version}) may mount engines, and ${gem.why}`);
      for (const file of gem.files) {
        for (const engine of mountEngines(m, gem, file, hook)) {
          if (v4) engines = engines.filter((e) => e.klass !== engine.klass);
          engines.push(engine);
          from.add(gem.gem);
        }
      }
    }
    if (from.size > 1) m.host.info(`The engines of Avo's plugins ${[...from].join(", ")} are mounted in the order their gems' \`on_load(:${hook})\` hooks run, which is Bundler's load order: Routemap takes Gemfile.lock's order.`);
  }
  return engines;
}

/** A plugin file's `Avo.plugin_manager.mount_engine Klass, at: "…"` calls, each in an `ActiveSupport.on_load(:avo_boot)` block. */
function mountEngines(m: MapperState, gem: DependentGem, file: LoadedFile, hook: string): PluginEngine[] {
  const out: PluginEngine[] = [];
  const where = (node: N.Node) => `\`${text(file, node)}\` (${gem.gem}, ${file.index.file.split("/").slice(-3).join("/")})`;
  // An engine's `initializer` block runs as the app boots, and the hook's block as Avo boots.
  const plainCall = (call: N.CallNode) => call.name === "initializer" || (call.name === "on_load" && hookOf(call) !== undefined);
  const inHook = new Map<N.Node, string>();
  let outside: N.CallNode | undefined;
  walk(file.program, plainCall, (node, conditional, parent) => {
    const own = node instanceof N.CallNode && node.name === "on_load" ? hookOf(node) : undefined;
    const inside = own ?? (parent !== undefined ? inHook.get(parent) : undefined);
    if (inside) inHook.set(node, inside);
    if (!(node instanceof N.CallNode) || node.name !== "mount_engine") return true;
    if (!isPluginManager(node.receiver)) throw new Unreadable(`${where(node)} is not a call on \`Avo.plugin_manager\` Routemap can follow`);
    if (!inside) outside = node;
    if (inside !== hook) return false;
    if (conditional) throw new Unreadable(`${where(node)} runs under a condition`);
    out.push(pluginEngine(m, file, node, where(node)));
    return false;
  });
  if (outside) throw new Unreadable(`${where(outside)} is not in an \`ActiveSupport.on_load(:avo_boot)\` hook`);
  return out;
}

/** `ActiveSupport.on_load(:avo_boot)` (or 4.x's `:avo_plugin_include`): the hook's name. */
function hookOf(call: N.CallNode): string | undefined {
  const first = call.arguments_?.arguments_[0];
  const name = first instanceof N.SymbolNode ? first.unescaped.value : undefined;
  return name === "avo_boot" || name === "avo_plugin_include" ? name : undefined;
}

const isPluginManager = (node: N.Node | null) => node instanceof N.CallNode && node.name === "plugin_manager" && node.receiver !== null && isAvo(node.receiver);

/** The engine class (a constant) and its options (literal keywords) of one `mount_engine` call. */
function pluginEngine(m: MapperState, file: LoadedFile, call: N.CallNode, where: string): PluginEngine {
  const [klass, ...rest] = call.arguments_?.arguments_ ?? [];
  const path = klass && constantPathText(klass)?.replace(/^::/, "");
  if (!path || rest.length > 1 || (rest[0] && !(rest[0] instanceof N.KeywordHashNode))) throw new Unreadable(`${where} has arguments Routemap cannot read`);
  const options = new RHash();
  for (const element of rest[0] instanceof N.KeywordHashNode ? rest[0].elements : []) {
    const key = element instanceof N.AssocNode && element.key instanceof N.SymbolNode ? element.key.unescaped.value : undefined;
    const value = key !== undefined && m.host.evaluateIn ? m.host.evaluateIn(file, (element as N.AssocNode).value) : undefined;
    if (key === undefined || value === undefined || value instanceof RUnknown) throw new Unreadable(`${where} has options Routemap cannot read`);
    // A String as the routes file's own literal would be.
    options.set(sym(key), stringValue(value) ?? value);
  }
  return { klass: path, options };
}

function text(file: LoadedFile, node: N.Node): string {
  const loc = node.location;
  return file.index.slice(loc.startOffset, loc.startOffset + loc.length);
}

function relative(m: MapperState, file: LoadedFile): string {
  return m.host.appRelative?.(file) ?? file.index.file;
}

