/**
 * The app's own changes to Rails' mapper, made as it boots, before any routes are drawn: an
 * initializer's `ActionDispatch::Routing::Mapper.prepend(Mod)` (gitlab's
 * config/initializers/routing_draw.rb, whose `Gitlab::Patch::DrawRoute` replaces `draw` to read
 * ee/config/routes/ too) or `.include(Mod)` (a module of routing helpers the routes then call),
 * also as `.send(:include, Mod)`, wherever the initializer makes the call.
 *
 * Ruby's method lookup followed: Rails' DSL is defined in modules Mapper includes as it is
 * defined (action_dispatch/routing/mapper.rb, 6.1 to 8.1: `include Base, HttpHelpers, …,
 * Resources, CustomUrls`; Mapper itself defines none of it), so a module the app includes later
 * comes before them in Mapper's ancestors, as a prepended one does: both replace a DSL method
 * of the same name, and `super` goes on along Ruby's lookup to Rails'. So do methods defined in
 * the Mapper itself (a reopening, `class ActionDispatch::Routing::Mapper; def draw(name) … end;
 * end`, as apps wrote before Rails 6.1 had `draw`, in an initializer or at the top of
 * config/routes.rb). The lookup is that of a module the routes `extend` the mapper with
 * (`Interpreter.mapperModules`, searched from its end): prepended modules, the last first, then
 * the Mapper's own methods, then included modules, the last first. The module is the app's
 * constant, defined as Rails' autoloader would (`autoload.ts`, the app's load paths). Installed
 * gems' changes to the mapper are read from their source (`gemMappers.ts`).
 */
import * as N from "@ruby/prism/src/nodes.js";
import type { LoadedFile } from "../ruby/loadedFile.js";
import { someCall } from "../ruby/walk.js";
import type { Span } from "../types.js";
import { RConst, RSymbol, RUnknown, stringValue, type RValue } from "../ruby/values.js";
import { quotedSource } from "../ruby/print.js";
import { definedPath, extendsMapper, MAPPER, walkNesting } from "./gemMappers.js";
import { OBJECT, type ClassRegistry, type MethodDef } from "./classes.js";
import type { Interpreter } from "./interpreter.js";
import type { Condition } from "./branches.js";
import { guardsAround } from "./guards.js";
import { mapperUnit, sayMapperChangeNotFollowed } from "./mapperInternals.js";

/** What the app's changes are read with (the interpreter). */
export interface AppMapperHost {
  /** A node's value, computed aside in its file (quietly). */
  evaluateIn(file: LoadedFile, node: N.Node): RValue;
  /** Whether a module or class of that name is defined (after its autoload). */
  defined(path: string): boolean;
  readonly mapperModules: string[];
  /** The conditions, Routemap could not decide, under which a module of `mapperModules` was put there. */
  readonly mapperConditions: Map<string, readonly Condition[]>;
  /** Modules an initializer puts into the Mapper only where a condition holds that does not: what it would take. */
  readonly mapperWithheld: Map<string, string>;
  sourceIn(file: LoadedFile, node: N.Node): string;
  /** Whether `predicate` is truthy as the file boots, or the condition Routemap cannot decide (said at it). */
  decideIn(file: LoadedFile, predicate: N.Node): boolean | Condition;
  /** A `case` branch as a condition Routemap does not decide (said at it), written as `text`. */
  undecidedIn(file: LoadedFile, branch: N.Node, text: string): Condition;
  /** Runs a class statement for its definitions, quietly, in the modules it stands in. */
  runDefinitions(file: LoadedFile, node: N.Node, cref: readonly string[]): void;
  /** Runs a `class_eval` block's body as the module `path`'s, quietly, written in the modules `cref`. */
  runModuleBody(file: LoadedFile, path: string, body: N.Node | null, cref: readonly string[]): void;
  /** Says, at `node` in `file`, a change Routemap does not follow. */
  notFollowed(file: LoadedFile, node: N.Node, message: string): void;
}

/** The interpreter as `extendMapperFromApp` asks it: its notes are infos at the initializer's statement. */
export function appMapperHost(it: Interpreter): AppMapperHost {
  return {
    evaluateIn: (file, node) => it.evaluateIn(file, node),
    defined: (path) => it.defined(path),
    mapperModules: it.mapperModules,
    mapperConditions: it.mapperConditions,
    mapperWithheld: it.mapperWithheld,
    sourceIn: (file, node) => it.inFile(file, () => it.sourceText(node)),
    decideIn: (file, predicate) => {
      const value = it.evaluateIn(file, predicate);
      return it.decide(predicate, value) ?? it.inFile(file, () => it.conditionOf(predicate, value as RUnknown));
    },
    undecidedIn: (file, branch, text) => it.inFile(file, () => it.conditionOf(branch, new RUnknown(quotedSource(text, 60), false, "a `case` Routemap does not decide here"), text)),
    runDefinitions: (file, node, cref) => it.runDefinitions(file, node, cref),
    runModuleBody: (file, path, body, cref) => it.runModuleBody(file, path, body, cref),
    notFollowed: (file, node, message) => it.inFile(file, () => it.report("info", message, it.nodeSpan(node), "unknown-method")),
  };
}

const MAY_DIFFER = "the routes that call the methods it adds or changes may draw differently in Rails";

/** Applies each `Mapper.prepend`/`.include` of `files` (the app's initializers that name the Mapper), in their order. */
export function extendMapperFromApp(host: AppMapperHost, files: readonly LoadedFile[]): void {
  const prepended: Placed[] = [];
  const included: Placed[] = [];
  for (const file of files) {
    for (const call of mapperExtensions(file)) {
      const send = call.name === "send" || call.name === "__send__";
      const args = call.arguments_?.arguments_ ?? [];
      const into = (send ? literalName(args[0]) : call.name) === "prepend" ? prepended : included;
      const conditions = conditionsAround(host, file, call);
      for (const arg of send ? args.slice(1) : args) {
        const value = host.evaluateIn(file, arg);
        const path = value instanceof RConst ? value.path.replace(/^::/, "") : undefined;
        if (typeof conditions === "string") {
          // Not made as the app boots: a call of its methods is Rails' NameError (calls.ts, `unknownSelfCall`).
          if (path !== undefined && !host.mapperWithheld.has(path)) host.mapperWithheld.set(path, conditions);
        } else if (path !== undefined && host.defined(path)) {
          if (!into.some((p) => p.path === path)) into.push({ path, conditions });
        } else {
          const what = path === undefined ? "a module Routemap cannot name" : `\`${path}\`, which no file Routemap reads defines`;
          host.notFollowed(file, call, `Routemap does not follow this change to Rails' mapper (${what}): ${MAY_DIFFER}.`);
        }
      }
    }
    // Methods defined in the Mapper itself: a reopening is run for them, and a `class_eval` block
    // as the Mapper's body (`def` defines there; constants are looked up where the block is written,
    // and then in the Mapper, as `defineModule` runs any body).
    for (const { node, cref } of mapperReopenings(file)) {
      if (!(node instanceof N.CallNode)) host.runDefinitions(file, node, cref);
      else if (node.block instanceof N.BlockNode && !node.arguments_) host.runModuleBody(file, MAPPER, node.block.body, cref);
      else host.notFollowed(file, node, `Routemap does not read methods defined in Rails' mapper here: ${MAY_DIFFER}.`);
    }
  }
  // The Mapper's own methods (the app's reopenings) are in the lookup whether or not a module is.
  if (!host.mapperModules.includes(MAPPER)) host.mapperModules.push(MAPPER);
  for (const { path, conditions } of included) placeInMapper(host, path, "include", conditions);
  for (const { path, conditions } of prepended) placeInMapper(host, path, "prepend", conditions);
}

/** A `case` branch as its condition reads: `case x when :a, :b`, or `case x else`. */
function caseBranchText(host: AppMapperHost, file: LoadedFile, node: N.CaseNode, branch: N.Node): string {
  const subject = node.predicate ? `case ${host.sourceIn(file, node.predicate)}` : "case";
  if (!(branch instanceof N.WhenNode)) return `${subject} else`;
  return `${subject} when ${branch.conditions.map((c) => host.sourceIn(file, c)).join(", ")}`;
}

/** A module an initializer puts into the Mapper, and the undecided conditions it does so under. */
type Placed = { path: string; conditions: readonly Condition[] };

/**
 * The conditions around an initializer's change as it boots: where one decides against it (`if
 * ENV["ADMIN"] == "1"` with the variable unset: Rails does not make it, and a routes file calling
 * its methods fails), what it would take ("`…` holds"); else those Routemap cannot decide, each said
 * at its condition.
 */
function conditionsAround(host: AppMapperHost, file: LoadedFile, call: N.Node): readonly Condition[] | string {
  const conditions: Condition[] = [];
  for (const guard of guardsAround(file.program, call) ?? []) {
    if ("caseNode" in guard) {
      conditions.push(host.undecidedIn(file, guard.branch, caseBranchText(host, file, guard.caseNode, guard.branch)));
      continue;
    }
    const decided = host.decideIn(file, guard.predicate);
    if (typeof decided === "boolean") {
      if (decided !== guard.holds) return `\`${quotedSource(host.sourceIn(file, guard.predicate), 60)}\` ${guard.holds ? "holds" : "does not hold"}`;
    } else conditions.push(guard.holds ? decided : { ...decided, holds: !decided.holds });
  }
  return conditions;
}

/**
 * Puts a module the app includes into (or prepends to) Rails' mapper in the lookup, once. Searched
 * from the end: the last prepended first, then Mapper's own methods (the app's reopenings, in
 * initializers or the routes files themselves: `mapperModuleMethod`), then the last included.
 */
function placeInMapper(host: { readonly mapperModules: string[]; readonly mapperConditions: Map<string, readonly Condition[]> }, path: string, how: "include" | "prepend", conditions: readonly Condition[]): void {
  const modules = host.mapperModules;
  if (!modules.includes(MAPPER)) modules.push(MAPPER);
  // Placed under no condition, or again under none: there whatever the conditions.
  if (!conditions.length) host.mapperConditions.delete(path);
  else if (!modules.includes(path)) host.mapperConditions.set(path, conditions);
  if (modules.includes(path)) return;
  if (how === "prepend") modules.push(path);
  else modules.splice(modules.indexOf(MAPPER), 0, path);
}

/**
 * Files of the app that change Rails' mapper as they load (early-careers-framework's
 * lib/extensions/wizard.rb ends its module with `::ActionDispatch::Routing::Mapper.include(self)`),
 * required by config/environment.rb or an initializer (`Dir.glob(Rails.root.join("lib/extensions/…")).each
 * { |f| require f }`), which Rails runs as it boots: those statements of `files` that require
 * run, for the required files that `changes` (their text names the Mapper) accepts; the change is
 * made as the file runs (`mapperChangeCall`). Other files are left to what else requires them.
 */
export function requireMapperChanges(it: { evaluateRequiring(file: LoadedFile, statements: readonly N.Node[], filter: (path: string) => boolean): void }, files: readonly LoadedFile[], changes: (path: string) => boolean): void {
  // A top-level `return` (`return unless …`) runs too: after it, the file's statements do not. (One
  // in a requiring statement's block ends the file as well; other statements are not run for theirs:
  // run twice, what they keep would be kept twice.)
  for (const file of files) it.evaluateRequiring(file, file.program.statements.body.filter((s) => requires(s) || isReturn(s)), changes);
}

/** `return`, or `return … if …`/`unless …` (a modifier, or an `if` holding only the `return`). */
function isReturn(node: N.Node): boolean {
  if (node instanceof N.ReturnNode) return true;
  if (!(node instanceof N.IfNode || node instanceof N.UnlessNode) || (node instanceof N.IfNode ? node.subsequent : node.elseClause)) return false;
  const body = node.statements?.body ?? [];
  return body.length === 1 && body[0] instanceof N.ReturnNode;
}

/** Whether a statement calls `require`, `require_relative` or `load` (in a loop's block too). */
function requires(node: N.Node): boolean {
  return someCall(node, (call) => !call.receiver && (call.name === "require" || call.name === "require_relative" || call.name === "load"));
}

/** What `mapperChangeCall` asks of the interpreter. */
export interface MapperChangeHost {
  readonly mapperModules: string[];
  readonly mapperConditions: Map<string, readonly Condition[]>;
  /** The undecided conditions the call runs under (a branch of an `if` in the routes file). */
  readonly conditions: { current(): readonly Condition[] };
  defined(path: string): boolean;
  report(severity: "info", message: string, span: Span, code: string): void;
  openRegion(span: Span, reason: string): void;
  nodeSpan(node: N.Node): Span;
}

/**
 * `ActionDispatch::Routing::Mapper.include(Mod)` (or `.prepend`, `.send(:include, Mod)`) as the
 * routes files run it (panoptes' config/routes.rb, above its `draw`): the module takes its place in
 * the lookup from then on, as `extendMapperFromApp` places an initializer's. Undefined for any
 * other call; a module that is not the app's constant is said, and not followed.
 */
export function mapperChangeCall(it: MapperChangeHost, node: N.Node, recv: RValue, name: string, args: RValue[]): RValue | undefined {
  const send = name === "send" || name === "__send__" || name === "public_send";
  if (!(send || name === "include" || name === "prepend") || !(recv instanceof RConst)) return undefined;
  const unit = mapperUnit(recv.path);
  if (!unit && recv.path.replace(/^::/, "") !== MAPPER) return undefined;
  const method = send ? (args[0] instanceof RSymbol ? args[0].name : stringValue(args[0])) : name;
  if (method !== "include" && method !== "prepend") return undefined;
  // Into one of the Mapper's units (`Mapper::Resources.prepend(Mod)`): where it lands among them is not followed.
  if (unit) return sayMapperChangeNotFollowed(it, `\`${recv.path.replace(/^::/, "")}\``, it.nodeSpan(node)), recv;
  for (const arg of send ? args.slice(1) : args) {
    const path = arg instanceof RConst ? arg.path.replace(/^::/, "") : undefined;
    if (path === undefined || !it.defined(path)) {
      const what = path === undefined ? "a module Routemap cannot name" : `\`${path}\`, which no file Routemap reads defines`;
      it.report("info", `Routemap does not follow this change to Rails' mapper (${what}): ${MAY_DIFFER}.`, it.nodeSpan(node), "unknown-method");
      continue;
    }
    placeInMapper(it, path, method, it.conditions.current());
  }
  return recv;
}

/**
 * The method `name` of one of the modules before the DSL (`mapperModules`), as a call on the
 * mapper finds it there: a module's own or inherited method (not Object's, the top level's), and
 * for the Mapper itself only what the app's files define in it (`class ActionDispatch::Routing::Mapper;
 * def draw(name) … end; end`, written before Rails 6.1 had `draw`, often at the top of
 * config/routes.rb), not its ancestors nor what an installed gem's reopening defines there
 * (`gemMappers.ts` runs those, for names the DSL lacks).
 */
/**
 * The method `name` a call on the mapper finds in the modules before the DSL, the last included
 * first; from `below` down only (`super` from the module at `below`).
 */
export function mapperOwnMethod(it: MapperLookup, name: string, below = it.mapperModules.length): MethodDef | undefined {
  return mapperMethodAt(it, name, below)?.def;
}

type MapperLookup = { readonly classes: ClassRegistry; readonly mapperModules: readonly string[]; gemFile(path: string): boolean };

/** `mapperOwnMethod`, with the place in `mapperModules` of the module it was found in. */
export function mapperMethodAt(it: MapperLookup, name: string, below = it.mapperModules.length): { def: MethodDef; at: number } | undefined {
  for (let i = below - 1; i >= 0; i--) {
    const def = mapperModuleMethod(it, it.mapperModules[i], name);
    if (def) return { def, at: i };
  }
  return undefined;
}

export function mapperModuleMethod(it: { readonly classes: ClassRegistry; gemFile(path: string): boolean }, module: string, name: string): MethodDef | undefined {
  if (module === MAPPER) {
    const def = it.classes.get(MAPPER)?.methods.get(name);
    return def?.kind === "def" && !it.gemFile(def.index.file) ? def : undefined;
  }
  const def = it.classes.instanceMethod(module, name);
  return def && def.owner !== OBJECT ? def : undefined;
}

/** A file's calls that prepend or include a module into the Mapper (not `class_eval`: see `mapperReopenings`). */
function mapperExtensions(file: LoadedFile): N.CallNode[] {
  return walkMapper(file).calls;
}

/** A file's reopenings of the Mapper that define methods, and its `Mapper.class_eval` blocks that do, each with the modules it stands in. */
function mapperReopenings(file: LoadedFile): Reopening[] {
  return walkMapper(file).reopenings;
}

type Reopening = { node: N.Node; cref: string[] };

function walkMapper(file: LoadedFile): { calls: N.CallNode[]; reopenings: Reopening[] } {
  const known = walks.get(file);
  if (known) return known;
  const walked = { calls: [] as N.CallNode[], reopenings: [] as Reopening[] };
  walkNesting(file.program, (node, cref) => {
    if ((node instanceof N.ClassNode || node instanceof N.ModuleNode) && definedPath(node, cref) === MAPPER) {
      if (changesMapper(node)) walked.reopenings.push({ node, cref });
      return false;
    }
    if (node instanceof N.CallNode && extendsMapper(node, cref)) {
      if (node.name !== "class_eval" && node.name !== "class_exec") walked.calls.push(node);
      // A string evaluated (`class_eval(<<~RUBY)`) is not read, and said.
      else if (changesMapper(node) || node.arguments_) walked.reopenings.push({ node, cref });
    }
  });
  walks.set(file, walked);
  return walked;
}
const walks = new WeakMap<LoadedFile, { calls: N.CallNode[]; reopenings: Reopening[] }>();

/** Whether a node holds a `def`, or an `include`/`prepend` of a module (an empty reopening changes nothing). */
function changesMapper(node: N.Node): boolean {
  const stack: N.Node[] = [node];
  while (stack.length) {
    const n = stack.pop()!;
    if (n instanceof N.DefNode) return true;
    if (n instanceof N.CallNode && !n.receiver && (n.name === "include" || n.name === "prepend")) return true;
    for (const child of n.childNodes()) if (child) stack.push(child);
  }
  return false;
}

function literalName(node: N.Node | undefined): string | undefined {
  return node instanceof N.SymbolNode ? node.unescaped.value : node instanceof N.StringNode ? node.unescaped.value : undefined;
}
