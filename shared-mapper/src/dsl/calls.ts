/**
 * Calls: a receiver's method, or one of `self` (the files' own methods, the routing DSL, a
 * class body's definitions, Kernel's), `super`, and `Rails.application.routes.draw`. The
 * routing DSL's calls are handed to the mapper (`dispatch`).
 */
import { callSpan as declarationSpan } from "./declarations.js";
import { CONFIG, isApplication } from "../framework/appSettings.js";
import * as N from "@ruby/prism/src/nodes.js";
import { kernelFunction, kernelFunctionName } from "../core/index.js";
import { COMPARABLE } from "../core/comparable.js";
import { structInstance } from "../core/structClass.js";
import { RoutingError } from "../mapper/errors.js";
import { rootScope } from "../mapper/scope.js";
import { scope, withDefaultScope } from "../mapper/scoping.js";
import { drawLikeEvalBlock, isRailsModule, isRoutesReceiver, routeSetCall, routesOwner } from "./routeSets.js";
import { parentResourceObject } from "../mapper/resourceObject.js";
import { inspect, objectReceiver, quotedSource } from "../ruby/print.js";
import { underscore } from "../inflector.js";
import { forMapper, RConst, RHash, RMapper, RMerger, RObject, RPathname, RProc, RStruct, RStructClass, RSymbol, RUnknown, RValue, stringValue, sym, truthy } from "../ruby/values.js";
import { callArgumentsOf, makeProc, selfValue, blockOf } from "./arguments.js";
import { optionsChange, withChangedOptions } from "./changedOptions.js";
import { OBJECT, type MethodDef } from "./classes.js";
import { definitionCall } from "./definitions.js";
import { routingMethod, type DslMethod } from "./dispatch.js";
import { keepKeywordsMark } from "./keywordArgs.js";
import { mapperResponds } from "./selfMethods.js";
import { gemLocked, gemVersion } from "../mapper/state.js";
import { Env, type Self } from "./env.js";
import type { CallHost, Evaluator, Node } from "./evaluator.js";
import type { Frame } from "./frames.js";
import type { Handlers } from "./handlers.js";
import { configForCall, deferConfigBlock, evalFileValue } from "./environment.js";
import { kernelCall } from "./kernelCalls.js";
import { BreakSignal, NextSignal } from "./signals.js";
import { mergerCall } from "./withOptions.js";
import { mapperChangeCall, mapperMethodAt, mapperModuleMethod, mapperOwnMethod } from "./appMappers.js";
import { describeConditions, type Condition } from "./branches.js";
import { MAPPER } from "./gemMappers.js";
import { keepsRoutesBlocks, onMapper } from "./keptBlocks.js";
import { activeAdminRoutes } from "../gems/activeAdmin.js";

// ---- calls ----------------------------------------------------------------------------------

/** `config.to_prepare do … end` and the like: blocks Rails runs after the initializers, before the routes load. */
const DEFERRED_CONFIG_BLOCKS = new Set(["to_prepare", "before_initialize"]);

/** A block of the app's own configuration (not a gem's: gems' are modelled) as railties boots it. */
const deferredBlock = (it: CallHost, node: N.CallNode) => it.kept.phase === "boot" && node.block instanceof N.BlockNode && !it.gemFile(it.index.file);

function evalCall(it: CallHost, node: N.CallNode, env: Env): RValue {
  const name = node.name;
  if (name === "initializer" && !node.receiver && env.self.kind === "module" && deferredBlock(it, node)) return deferConfigBlock(it, node, "initializer");
  if (node.receiver === null || node.receiver instanceof N.SelfNode) return withCallFrame(it, node, (frame) => selfCall(it, node, env, name, frame));
  if ((name === "draw" || name === "prepend" || name === "append") && (node.block instanceof N.BlockNode || node.block instanceof N.BlockArgumentNode) && isRoutesReceiver(node.receiver)) {
    if (isRailsModule((node.receiver as N.CallNode).receiver)) return railsRoutes(it, node.receiver as N.CallNode);
    return drawBlock(it, node, node.block, env);
  }
  if (name === "eval_block" && isRoutesReceiver(node.receiver) && !isRailsModule((node.receiver as N.CallNode).receiver)) return evalBlock(it, node, env);
  const routeSet = routeSetCall(it, node, env);
  if (routeSet !== undefined) return routeSet;
  const recv = it.eval(node.receiver, env);
  // `config.after_initialize do … app.routes.append … end`: run when railties runs it (keptBlocks.ts).
  if (name === "after_initialize" && it.kept.phase === "boot" && recv instanceof RConst && recv.path === CONFIG && keepsRoutesBlocks(node.block, (n) => it.sourceText(n))) {
    it.kept.afterInitializeBlocks.push({ proc: makeProc(it, node.block as N.BlockNode, env, false), conditions: it.conditions.current(), bootFile: it.bootFile(), file: it.currentFile });
    return null;
  }
  if (DEFERRED_CONFIG_BLOCKS.has(name) && recv instanceof RConst && recv.path === CONFIG && deferredBlock(it, node)) return deferConfigBlock(it, node, `config.${name}`);
  if (node.isSafeNavigation() && recv === null) return null;
  if (recv instanceof RMerger) return mergerCall(it, node, env, recv);
  // From a method of an object or a module (`RouteHelpers.process_resources(self, …)`), the block of
  // `routes.resources … do` keeps that `self`: Rails yields to it (myplaceonline's nested resources).
  if (recv instanceof RMapper) return withCallFrame(it, node, (frame) => (env.self.kind === "object" || env.self.kind === "module" ? heldMapperCall(it, node, env, name, frame) : selfCall(it, node, env.child({ kind: "mapper" }), name, frame)));
  return withCallFrame(it, node, (frame) => {
    const { args, block } = callArgumentsOf(it, node, env, false, frame);
    const known = recv instanceof RObject || it.methodOf(recv, name) || (name === "new" && recv instanceof RConst && it.classes.get(recv.path.replace(/^::/, ""))?.isClass);
    if (args.some((a) => a instanceof RMapper) && !known) {
      const text = quotedSource(it.sourceText(node), 60);
      const activeAdmin = recv instanceof RConst && recv.path.replace(/^::/, "") === "ActiveAdmin" && name === "routes";
      if (activeAdmin && args.length === 1 && !block && gemLocked(it.mapper, "activeadmin")) return it.dispatch(node, drawActiveAdmin, { args, block: null }) ?? null;
      // `Foo.routes(self)`: code outside the routes files given the mapper may draw anything.
      const message = `\`${text}\` passes the routes to code outside the routes files: Routemap does not know the routes it draws.`;
      it.report("info", message, it.nodeSpan(node), "unknown-method");
      it.openRegion(it.nodeSpan(node), message);
      return new RUnknown(text, false, "what code outside the routes files returns");
    }
    // (Each undefined when it is not its call: nil is a value.)
    let value = blockSelfCall(it, recv, name, args, block, node, env);
    if (value === undefined) value = mapperChangeCall(it, node, recv, name, args);
    if (value === undefined) value = moduleCall(it, recv, name, args, block, env, node);
    return value !== undefined ? value : it.invoke(recv, name, args, block, node, env);
  });
}

/**
 * `routes.scope … do … end` in a method of an object that holds the mapper (a gem's routes
 * helper): the DSL runs on the mapper, and its block, which Rails' Mapper yields to, keeps
 * the object as `self`.
 */
function heldMapperCall(it: CallHost, node: N.CallNode, env: Env, name: string, frame: Frame | undefined): RValue {
  const dsl = routingMethod(name, it.mapper);
  if (!dsl) return selfCall(it, node, env.child({ kind: "mapper" }), name, frame);
  const call = callArgumentsOf(it, node, env, true, frame);
  for (let i = 0; i < call.args.length; i++) call.args[i] = forMapper(call.args[i]);
  return it.dispatch(node, dsl, call, name);
}

/** A call with a literal block is a frame: `break` in the block leaves it. */
function withCallFrame(it: CallHost, node: N.CallNode, body: (frame: Frame | undefined) => RValue): RValue {
  // By the constructor, not `instanceof` (see `isSpreadOrBlock` in arguments.ts): every call asks.
  if (node.block?.constructor !== N.BlockNode) return body(undefined);
  return it.frames.run("call", (frame) => {
    try {
      return body(frame);
    } catch (e) {
      if (e instanceof BreakSignal && e.target === frame) return e.value;
      throw e;
    }
  }, (name) => new RUnknown(name, false, "a value that depends on where the block breaks"));
}

/** `recv.instance_eval { }` and `recv.instance_exec(*args) { }`: the block with `self` the receiver; `Struct.new(…) do … end`. */
function blockSelfCall(it: CallHost, recv: RValue, name: string, args: RValue[], block: RProc | null, node: N.CallNode, env: Env): RValue | undefined {
  if (name === "new" && recv instanceof RConst && recv.path.replace(/^::/, "") === "Struct" && node.block instanceof N.BlockNode) return structClass(it, args, node.block, env);
  if (name === "define" && recv instanceof RConst && recv.path.replace(/^::/, "") === "Data" && node.block instanceof N.BlockNode && it.ruby.ruby32) return structClass(it, args, node.block, env, true);
  if ((name === "instance_eval" || name === "class_eval" || name === "module_eval") && !block && args.length) {
    const self: Self = recv instanceof RMapper ? { kind: "mapper" } : recv instanceof RConst ? { kind: "module", path: recv.path } : { kind: "main" };
    return evalFileValue(it, args[0], node, self);
  }
  // `Rails.application.configure do … end` (config/environments/*.rb): the block is evaluated on the application.
  const configure = name === "configure" && recv instanceof RConst && isApplication(recv.path.replace(/^::/, ""), (p) => it.classes.ancestors(p));
  const evals = name === "instance_eval" || name === "instance_exec" || name === "class_eval" || name === "class_exec";
  // `@mapping.instance_eval(&block)`: a block of the files, given on, run with the receiver as `self`.
  if (evals && node.block instanceof N.BlockArgumentNode && block?.withSelf) {
    const self = selfOf(it, recv);
    return self ? it.yield(block.withSelf(self), name.endsWith("exec") ? args : [recv]) : undefined;
  }
  if (!(configure || evals) || !(node.block instanceof N.BlockNode)) return undefined;
  if (configure) return it.yield(makeProc(it, node.block, env.child({ kind: "module", path: (recv as RConst).path.replace(/^::/, "") }), false), []);
  const self = selfOf(it, recv);
  if (!self) return undefined;
  const proc = makeProc(it, node.block, env.child(self), false);
  return it.yield(proc, name.endsWith("exec") ? args : [recv]);
}

/**
 * Calls on a module the files define that change or read it from outside its body:
 * `base.extend(ClassMethods)` in a `self.included(base)` hook (`include`, `prepend` too), and
 * `const_get("FLOW")` (a constant of the module, its ancestors or the top level, as `Mod::FLOW`).
 */
function moduleCall(it: CallHost, recv: RValue, name: string, args: RValue[], block: RProc | null, env: Env, node: N.CallNode): RValue | undefined {
  if (!(recv instanceof RConst)) return undefined;
  const path = recv.path.replace(/^::/, "");
  if ((name === "extend" || name === "include" || name === "prepend") && it.classes.has(path)) {
    definitionCall(it, name, args, block, env.child({ kind: "module", path }));
    return recv;
  }
  const controller = controllerClassCall(it, path, name, args);
  if (controller !== undefined) return controller;
  if (it.classes.has(path)) {
    const reflected = reflectionCall(it, path, name, args);
    if (reflected !== undefined) return reflected;
  }
  if (name === "const_get" && args.length === 1) {
    const constant = args[0] instanceof RSymbol ? args[0].name : stringValue(args[0]);
    if (constant !== undefined && /^[A-Z]\w*(::[A-Z]\w*)*$/.test(constant)) return constant.split("::").reduce<RValue>((parent, part) => it.scopedConstant(parent, part, node), recv);
  }
  return undefined;
}

/** The bases whose subclasses are controllers (actionpack's AbstractController::Base, ActionController::Metal). */
const CONTROLLER_BASES = new Set(["ActionController::Base", "ActionController::API", "ActionController::Metal"]);

/**
 * Class methods of the app's controllers (a class whose superclass chain, as the files define it,
 * reaches ActionController): `controller_path` (AbstractController::Base: `name.delete_suffix("Controller").underscore`),
 * `controller_name` (ActionController::Metal: the same of `name.demodulize`), and
 * `method_defined?(:edit)` / `public_method_defined?` as `reflectionCall` answers them (where the
 * class does not define the method, Rails' own controller classes may, so unknown). `action(:name)`,
 * the action as a Rack app, is unknown too, said as such.
 */
function controllerClassCall(it: CallHost, path: string, name: string, args: RValue[]): RValue | undefined {
  if (name !== "controller_path" && name !== "controller_name" && name !== "method_defined?" && name !== "public_method_defined?" && name !== "action") return undefined;
  let c: string | undefined = path;
  for (const seen = new Set<string>(); c && !CONTROLLER_BASES.has(c) && !seen.has(c); c = it.classes.get(c)?.superclass) seen.add(c);
  if (!c || !CONTROLLER_BASES.has(c) || !path.endsWith("Controller")) return undefined;
  if (name === "controller_path") return underscore(path.slice(0, -"Controller".length));
  if (name === "controller_name") return underscore(path.slice(path.lastIndexOf(":") + 1, -"Controller".length));
  const method = args[0] instanceof RSymbol ? args[0].name : stringValue(args[0]);
  if (method === undefined || args.length !== 1) return undefined;
  // `action(:download)` (ActionController::Metal): a lambda, or the controller's middleware stack around it, that Rails prints with its address.
  if (name === "action") return new RUnknown(`${path}.action(${inspect(args[0], it.ruby)})`, false, "a controller's action as a Rack app, which Rails prints as the lambda ActionController::Metal.action makes, with its address");
  return reflectionCall(it, path, name, args, "whether Rails' own controller classes define the method, which Routemap does not read");
}

/** The visibilities each of Module's `*_method_defined?` takes. */
const METHOD_DEFINED: Record<string, readonly string[]> = {
  "method_defined?": ["public", "protected"],
  "public_method_defined?": ["public"],
  "private_method_defined?": ["private"],
  "protected_method_defined?": ["protected"],
};

/**
 * Ruby's reflection on a class or module the files define, where the files decide it:
 * `respond_to?(:x)` is true where it, its superclasses or the modules they extend define a public
 * `self.x`; `private_method_defined?(:x)` and its kin (`inherit` false: its own methods only) are
 * true or false where it or its ancestors in the files define `x`, by its visibility. Where the
 * files do not define it, Ruby's, Rails' or a gem's classes may: unknown (work-requirements'
 * `c.respond_to?(:extra_name)` over its controllers).
 */
function reflectionCall(it: CallHost, path: string, name: string, args: RValue[], why = "whether Ruby's, Rails' or a gem's classes define the method, which Routemap does not list"): RValue | undefined {
  if (name !== "respond_to?" && !(name in METHOD_DEFINED)) return undefined;
  const method = args[0] instanceof RSymbol ? args[0].name : stringValue(args[0]);
  if (method === undefined || args.length > 2 || args[1] instanceof RUnknown) return undefined;
  const unknown = () => new RUnknown(`${path}.${name}(${args.map((a) => inspect(a, it.ruby)).join(", ")})`, false, why);
  if (name === "respond_to?") {
    const def = it.classes.singletonMethod(path, method);
    const hidden = def?.kind === "def" && def.visibility !== undefined;
    return def && (!hidden || truthy(args[1])) ? true : unknown();
  }
  const inherit = args.length < 2 || truthy(args[1]);
  const def = inherit ? it.classes.instanceMethod(path, method) : it.classes.get(path)?.methods.get(method);
  if (!def || def.owner === OBJECT) return unknown();
  return METHOD_DEFINED[name].includes(def.kind === "def" ? (def.visibility ?? "public") : "public");
}

/** The `self` a block run on `recv` has, when Routemap can run it there. */
function selfOf(it: CallHost, recv: RValue): Self | undefined {
  if (recv instanceof RMapper) return { kind: "mapper" };
  if (recv instanceof RObject) return { kind: "object", object: recv };
  // `ActionDispatch::Routing::Mapper.class_eval do def … end end` above the draw: the Mapper's own
  // methods, as a reopening's (appMappers.ts `mapperModuleMethod`).
  if (recv instanceof RConst && recv.path.replace(/^::/, "") === MAPPER) {
    it.classes.define(MAPPER, true);
    return { kind: "module", path: MAPPER };
  }
  if (recv instanceof RConst && it.classes.has(recv.path)) return { kind: "module", path: recv.path };
  return undefined;
}

/** `Struct.new(:a) do … end` (or `Data.define(:a) do … end`): a class whose block's `def`s are its instances' methods. */
function structClass(it: CallHost, args: RValue[], block: N.BlockNode, env: Env, data = false): RValue {
  const options = args[args.length - 1] instanceof RHash ? (args[args.length - 1] as RHash) : undefined;
  const members = args.filter((a): a is RSymbol => a instanceof RSymbol).map((a) => a.name);
  const id = `#<${data ? "Data" : "Struct"}:${it.index.file}:${block.location.startOffset}>`;
  const cls = new RStructClass(undefined, members, !data && options?.sget("keyword_init") === true, id, data);
  // The block's module is the class itself: `new` in its `def self.`s makes this Struct's instances.
  it.classes.define(id, true).struct = cls;
  it.defineModule(id, block.body, env);
  return cls;
}

/** `Rails.application.routes.draw do … end` (or an engine's, or `append(&block)`): the block is the routes. */
function drawBlock(it: CallHost, node: N.CallNode, block: N.BlockNode | N.BlockArgumentNode, env: Env): RValue {
  const owner = (node.receiver as N.CallNode).receiver;
  // While the configuration runs, `append` and `prepend` only keep the block (RouteSet#append).
  if (it.kept.phase === "boot" && node.name !== "draw") return keepBlock(it, node, block, env, engineOf(it, owner, env));
  if (it.quiet) {
    // A file run for what it defines (autoloaded, an initializer) that draws an engine's own set:
    // Rails draws it as it runs the file (trade-tariff-backend's app/engines/admin_api.rb, with
    // `AdminApi.routes.draw` beside the class, loaded by Zeitwerk at `mount AdminApi`).
    const engine = node.name === "draw" ? engineOf(it, owner, env) : undefined;
    return engine ? it.loudly(() => drawBlock(it, node, block, env)) : null;
  }
  const engine = engineOf(it, owner, env);
  // `finalize!` has drawn the `prepend`s already: Rails keeps this one for a reload, never drawn at boot.
  // (A routes file's too: railties' RoutesReloader runs `clear!` before it loads them.)
  if (node.name === "prepend" && !engine && (it.kept.phase === "append" || it.kept.phase === "files")) {
    it.report("info", "Rails draws this `prepend` block only when the routes are drawn again (a reload): the kept `prepend` blocks are drawn (RouteSet#clear!) before the routes files run, so its routes are not in the table at boot.", callSpan(it, node), "prepend-not-drawn");
    return null;
  }
  const proc = block instanceof N.BlockNode ? undefined : blockOf(it, block, env);
  const onSelf = proc ? onMapper(proc) : undefined;
  if (block instanceof N.BlockArgumentNode && !onSelf) return blockNotKnown(it, node, proc ?? null);
  // A block's frame: `next` in it ends the draw there (gds-sso's `next if GDS::SSO::Config.api_only`).
  const run = () => drawBody(it, () => (onSelf ? it.yield(onSelf, []) : it.statements((block as N.BlockNode).body instanceof N.StatementsNode ? ((block as N.BlockNode).body as N.StatementsNode) : null, new Env(it.store, { kind: "mapper" }, env, null, env.method, env.cref))));
  const draw = () => (engine ? drawEngine(it, engine, run) : drawLikeEvalBlock(it, run));
  // Rails runs `append` blocks after the routes files have drawn, wherever they stand: in their
  // own file still (openfoodnetwork's engines append to the app's routes).
  const file = it.currentFile;
  if (node.name === "append" && !engine) it.appended.push(() => it.inFile(file, draw));
  // `clear!`'s `@prepend.each` reaches a `prepend` made while it runs, after the others.
  else if (node.name === "prepend" && !engine && it.kept.phase === "prepend") keepBlock(it, node, block, env, undefined, it.kept.latePrepends);
  else draw();
  return null;
}

/** `append`/`prepend` while the configuration runs: the block kept with its closure, drawn when railties draws it. */
function keepBlock(it: CallHost, node: N.CallNode, block: N.BlockNode | N.BlockArgumentNode, env: Env, engine: string | undefined, into = it.kept.blocks): RValue {
  const given = blockOf(it, block, env) ?? new RUnknown(quotedSource(it.sourceText(block), 60), false, "a block argument that is no block");
  // An engine's route set draws its kept blocks with its own routes, which Routemap does not model here.
  const proc = engine ? new RUnknown(`${engine}.routes.${node.name}`, false, `a block kept for ${engine}'s routes, which Routemap does not draw`) : given;
  const kept = { kind: node.name as "append" | "prepend", proc, file: it.currentFile, span: callSpan(it, node), conditions: it.conditions.current(), afterInitialize: it.kept.afterInitialize, bootFile: it.bootFile() };
  into.push(kept);
  return null;
}

/** A block argument Routemap cannot draw (`append(&blk)` of an unknown): said, its routes missing. */
function blockNotKnown(it: CallHost, node: N.CallNode, proc: RProc | null): RValue {
  const message = `Routemap does not know the block this \`${node.name}\` is given${proc ? ` (${proc.label})` : ""}: the routes it draws are missing.`;
  it.report("info", message, callSpan(it, node), "unknown-block");
  it.openRegion(callSpan(it, node), message);
  return null;
}

/**
 * `routes.eval_block(…)`: RouteSet makes it private (`private :eval_block`, actionpack 6.1 to 8.0),
 * so a call with a receiver raises NoMethodError. While the configuration runs nothing is
 * said: Routemap skips what the initializers raise.
 */
function evalBlock(it: CallHost, node: N.CallNode, env: Env): RValue {
  callArgumentsOf(it, node, env, false, undefined);
  if (it.kept.phase === "boot" || it.quiet) return null;
  const ruby = it.ruby;
  const name = ruby.modernHashInspect ? "'eval_block'" : "`eval_block'";
  throw new RoutingError(`private method ${name} called for ${objectReceiver(ruby, "ActionDispatch::Routing::RouteSet")}`, "NoMethodError");
}

/** A draw block's statements, run as Ruby runs a block: `next` leaves it, in the worlds where it is taken. */
export function drawBody(it: CallHost, body: () => RValue): RValue {
  return it.frames.run("block", () => {
    try {
      return body();
    } catch (e) {
      if (e instanceof NextSignal) return e.value;
      throw e;
    }
  }, (name) => new RUnknown(name, false, "a value the block's undecidable `next` leaves open"));
}

/** `Rails.routes.draw`: the Rails module has no `routes` (Rails.application has): NoMethodError, nothing drawn. */
function railsRoutes(it: CallHost, routes: N.CallNode): RValue {
  if (it.quiet) return null;
  const ruby = it.ruby;
  const message = !ruby.receiverByClass
    ? "undefined method `routes' for Rails:Module"
    : `undefined method ${ruby.modernHashInspect ? "'routes'" : "`routes'"} for module Rails`;
  it.report("error", message, callSpan(it, routes), "no-method-error");
  return null;
}


/** The engine whose `routes` these are, or undefined for the application's own. */
function engineOf(it: CallHost, owner: Node | null, env: Env): string | undefined {
  if (!owner || owner instanceof N.CallNode) return undefined; // `Rails.application.routes`
  const owned = routesOwner(it, it.eval(owner, env));
  return owned && owned !== "app" ? owned.engine : undefined;
}

/** Draws into an engine's own route set, as `RouteSet#eval_block` with its default scope. */
function drawEngine(it: CallHost, path: string, body: () => void): void {
  const app = it.mapper;
  const set = app.engines.setFor(path);
  it.mapper = { ...app, scope: rootScope(set.resourcesPathNames), set, concerns: new Map() };
  try {
    // The scope `isolate_namespace` set (`{module:}`), unless the files set another since.
    const given = it.mapper.set.defaultScope;
    const module = given === undefined ? app.engines.defaultModule(path) : undefined;
    if (module) scope(it.mapper, { args: [new RHash([[sym("module"), module]])], block: null }, body);
    else withDefaultScope(it.mapper, given, body);
  } finally {
    it.mapper = app;
  }
}

/** A call's lookup in the world where a module the app puts into the mapper under conditions is not there: below it (`mapperWorlds`). */
type Absent = { at: number; module: string; where: string };

function selfCall(it: CallHost, node: N.CallNode, env: Env, name: string, frame: Frame | undefined, absent?: Absent): RValue {
  const self = env.self;
  if (self.kind === "merger") return mergerSelfCall(it, node, env, name, frame, self.merger);
  // `self.class` in a draw block: the mapper's class, whose constants the app may have set (`self.class::ID_FORMAT`).
  if (self.kind === "mapper" && name === "class" && !node.arguments_ && !node.block) return new RConst(MAPPER);
  const own = ownMethod(it, self, name, absent?.at);
  if (own) {
    const conditions = own.at === undefined ? undefined : it.mapperConditions.get(it.mapperModules[own.at]);
    const call = () => {
      const { args, block } = callArgumentsOf(it, node, env, false, frame);
      return appMethodCall(it, node, own.def, own.self, args, block, name);
    };
    if (!conditions) return call();
    // Found in a module the app puts into Rails' mapper only under a condition Routemap cannot decide: where it
    // holds, the module's method; elsewhere the lookup goes on below it (the DSL, or no method at all).
    const at = own.at!;
    return mapperWorlds(it, conditions, call, () => selfCall(it, node, env, name, frame, { at, module: it.mapperModules[at], where: describeConditions(conditions) }));
  }
  // The routing DSL before the top level's methods: Mapper's own come first in Ruby's lookup,
  // after the mapper's singleton methods (a `def` in the draw block, which `super` leaves for the DSL).
  const dsl = routingMethod(name, it.mapper);
  if (dsl && self.kind === "mapper") {
    const single = it.classes.drawBlockMethod(name); // (not its ancestors: a DSL call is the hot path)
    if (single) {
      const { args, block } = callArgumentsOf(it, node, env, false, frame);
      return appMethodCall(it, node, single, self, args, block, name);
    }
  }
  if (dsl && self.kind === "mapper") {
    const call = callArgumentsOf(it, node, env, true, frame);
    // Asked before the mapper's copies are made: the caller's own Hash and values.
    const change = call.args[call.args.length - 1] instanceof RHash ? optionsChange(it, name, node, call.args) : undefined;
    for (let i = 0; i < call.args.length; i++) call.args[i] = forMapper(call.args[i]);
    if (name === "mount") inspectMounted(it, call.args);
    if (change) return withChangedOptions(it, node, dsl, call, change, name);
    return it.dispatch(node, dsl, call, name);
  }
  // A method an installed gem adds to the mapper (`mount_avo`), after Rails' and the modelled gems' DSL.
  const gem = !dsl && self.kind === "mapper" ? it.gemMapperMethod(name) : undefined;
  if (gem) return it.callGemMethod(node, gem, name, callArgumentsOf(it, node, env, false, frame));
  const top = it.classes.instanceMethod(OBJECT, name);
  if (top) {
    const { args, block } = callArgumentsOf(it, node, env, false, frame);
    return appMethodCall(it, node, top, self, args, block, name);
  }
  if (self.kind === "module") {
    const { args, block } = callArgumentsOf(it, node, env, false, frame);
    // `include Mod` in a reopening of Rails' mapper (`class ActionDispatch::Routing::Mapper`).
    const changed = self.path === MAPPER ? mapperChangeCall(it, node, new RConst(MAPPER), name, args) : undefined;
    if (changed !== undefined) return changed;
    let defined = definitionCall(it, name, args, block, env);
    if (defined === undefined) defined = moduleCall(it, new RConst(self.path), name, args, block, env, node);
    if (defined !== undefined) return defined;
    // `config` in `class Application < Rails::Application`: the app's settings (framework/appSettings.ts).
    if (name === "config" && !args.length && isApplication(self.path, (p) => it.classes.ancestors(p))) return new RConst(CONFIG);
    // `root` there (railties' Rails::Engine: `delegate :middleware, :root, :paths, to: :config`): the
    // app's root, a Pathname (lobsters' `config.autoload_paths.push("#{root}/extras")`).
    if (name === "root" && !args.length && it.host.appRoot !== undefined && isApplication(self.path, (p) => it.classes.ancestors(p))) return new RPathname(it.host.appRoot);
    // `config_for(:name)` there too (an instance method Rails::Application's class forwards).
    if (name === "config_for" && isApplication(self.path, (p) => it.classes.ancestors(p))) {
      const value = configForCall(it, args);
      if (value !== undefined) return value instanceof RUnknown ? it.unknownAt(node, value) : value;
    }
    // `new` and the other methods every class has, called on the class being defined.
    if (name === "new" || name === "name" || name === "to_s") return it.invoke(new RConst(self.path), name, args, block, node, env);
  }
  // A Struct's own readers and writers, called on `self` in its methods.
  const struct = self.kind === "object" ? (self.object as RValue) : undefined;
  if (struct instanceof RStruct && struct.cls.members.includes(name.replace(/=$/, ""))) {
    const { args, block } = callArgumentsOf(it, node, env, false, frame);
    return it.invoke(struct, name, args, block, node, env);
  }
  if (dsl) {
    const receiver = self.kind === "object" ? `an instance of ${self.object.className}` : self.kind === "module" ? self.path : "main:Object";
    it.report("error", `undefined method \`${name}' for ${receiver}`, callSpan(it, node), "no-method-error");
    return null;
  }
  // Rails' `Resources#parent_resource`, which routes files call in a resource's block.
  if (name === "parent_resource" && self.kind === "mapper" && !node.arguments_ && !node.block) return parentResourceObject(it.mapper);
  if (self.kind === "mapper" && (name === "has_named_route?" || name === "respond_to?")) return mapperQuery(it, node, env, name, frame);
  const kernel = kernelCall(it, node, env, name, frame);
  if (kernel !== undefined) return kernel;
  if (!node.isVariableCall()) {
    const { args, block } = callArgumentsOf(it, node, env, false, frame);
    const core = kernelFunction(it, name, args, block);
    if (core !== undefined) return core instanceof RUnknown ? it.unknownAt(node, core) : core;
  }
  return unknownSelfCall(it, node, env, name, frame, absent);
}

/**
 * A call without a receiver in `with_options … do` (no block parameter), `self` the
 * OptionMerger (ActiveSupport's option_merger.rb): it undefines its public methods only, so
 * the file's own methods (private on Object) and Kernel's private ones run on it, with the
 * merger as `self`; everything else reaches `method_missing` and the mapper, options merged.
 */
function mergerSelfCall(it: CallHost, node: N.CallNode, env: Env, name: string, frame: Frame | undefined, merger: RMerger): RValue {
  const top = it.classes.instanceMethod(OBJECT, name);
  // A `def` of the draw block is the mapper's: not the proxy's, so method_missing passes it on (mergerCall).
  if (top && !(top.kind === "def" && top.onMapper)) {
    const { args, block } = callArgumentsOf(it, node, env, false, frame);
    return it.callMethodDef(top, env.self, args, block, name);
  }
  if (PRIVATE_KERNEL.has(name)) {
    const kernel = kernelCall(it, node, env, name, frame);
    if (kernel !== undefined) return kernel;
  }
  if (kernelFunctionName(name) && !node.isVariableCall()) {
    const { args, block } = callArgumentsOf(it, node, env, false, frame);
    const core = kernelFunction(it, name, args, block);
    if (core !== undefined) return core instanceof RUnknown ? it.unknownAt(node, core) : core;
  }
  return mergerCall(it, node, env, merger);
}


/** Kernel's private methods the evaluator models (`kernelCalls.ts`): OptionMerger keeps them. */
const PRIVATE_KERNEL = new Set([
  "lambda", "proc", "require", "require_dependency", "require_relative", "load", "puts", "p", "pp", "print", "printf", "warn",
  "block_given?", "raise", "fail", "loop", "catch", "throw", "eval", "binding", "system", "exec", "spawn", "fork", "exit",
  "exit!", "abort", "at_exit", "sleep", "gets", "rand", "srand", "caller", "caller_locations", "__method__", "__dir__",
]);

/** A method of the files called on `self`; on the routes, recorded as a call the editor shows (`declaredAppCall`). */
function appMethodCall(it: CallHost, node: N.CallNode, def: MethodDef, self: Self, args: RValue[], block: RProc | null, name: string): RValue {
  if (self.kind !== "mapper" || def.kind !== "def") return it.callMethodDef(def, self, args, block, name);
  return it.declaredAppCall(node, def, () => it.callMethodDef(def, self, args, block, name));
}

/** A method of `self` the files define: its class's (an object, a module body), or the mapper's extensions. */
function ownMethod(it: CallHost, self: Self, name: string, below?: number): { def: MethodDef; self: Self; at?: number } | undefined {
  if (self.kind === "object") {
    const def = it.classes.instanceMethod(self.object.className, name);
    return def && def.owner !== OBJECT ? { def, self } : undefined;
  }
  if (self.kind === "module") {
    const def = it.classes.singletonMethod(self.path, name);
    return def && { def, self };
  }
  if (self.kind === "mapper") {
    const found = mapperMethodAt(it, name, below);
    if (found) return { def: found.def, self, at: found.at };
  }
  return undefined;
}

/**
 * `present` where each of `conditions` goes its way (a module put into the mapper under them),
 * `absent` in every other world: each condition forked on unless one in force decides it.
 */
function mapperWorlds(it: CallHost, conditions: readonly Condition[], present: () => RValue, absent: () => RValue): RValue {
  if (!conditions.length) return present();
  const [first, ...rest] = conditions;
  const decided = it.conditions.decided(first.key);
  if (decided !== undefined) return decided === first.holds ? mapperWorlds(it, rest, present, absent) : absent();
  return it.fork(first, () => mapperWorlds(it, rest, present, absent), absent);
}

/**
 * Mapper::Base's `has_named_route?(name)` (actionpack 6.1 mapper.rb: `@set.named_routes.key?(name)`)
 * and `respond_to?` of its methods, which gems' routes files ask (mailkick's `unless
 * respond_to?(:has_named_route?) && has_named_route?("mailkick")`). Unknown where a route of the
 * name is drawn only under conditions, or a part of the routes not evaluated may have drawn it.
 */
function mapperQuery(it: CallHost, node: N.CallNode, env: Env, name: string, frame: Frame | undefined): RValue {
  const { args } = callArgumentsOf(it, node, env, false, frame);
  const arg = args.length === 1 ? (args[0] instanceof RSymbol ? args[0].name : stringValue(args[0])) : undefined;
  const unknown = () => new RUnknown(quotedSource(it.sourceText(node), 60), false, name === "respond_to?" ? "which methods Rails' mapper has beyond its routing DSL" : "whether a part of the routes Routemap could not evaluate, or drawn under a condition it cannot decide, named the route");
  if (arg === undefined) return unknown();
  if (name === "respond_to?") return mapperResponds(it, arg) ? true : unknown();
  const here = it.mapper.set.namedRouteHere(arg);
  return here === true || (here === false && !it.openRegions.length) ? here : unknown();
}

/** A method Routemap does not know, called on `self`: said so; its block is still evaluated, as the DSL call it may be. */
function unknownSelfCall(it: CallHost, node: N.CallNode, env: Env, name: string, frame: Frame | undefined, absent?: Absent): RValue {
  const missing = env.self.kind === "mapper" ? missingFromMapper(it, name, absent) : undefined;
  if (missing) {
    // The app's method, but not in Rails' mapper here: Rails raises (under conditions Routemap cannot decide, said as an info with them, `report`).
    it.report("error", `undefined method \`${name}\` for Rails' mapper (NameError): \`${missing.module}\`, which defines it, is put into the mapper only where ${missing.where}.`, it.nodeSpan(node), "undefined-method");
    return new RUnknown(quotedSource(it.sourceText(node), 60), false, "a method Rails' mapper does not have here");
  }
  it.unknownMethod(node, name);
  // A method Routemap does not know, called on the routes, may draw any route (a gem's DSL).
  if (env.self.kind === "mapper") it.openRegion(it.nodeSpan(node), `Unknown method \`${name}\`: Routemap does not know the routes it adds.`, node.block ? { unknownScope: name } : {});
  if (node.isVariableCall()) return new RUnknown(name, false, "a method Routemap does not model", undefined, undefined, it.nodeSpan(node));
  const { block } = callArgumentsOf(it, node, env, false, frame);
  if (block && env.self.kind === "mapper") {
    const set = it.mapper.set;
    const outer = set.unknownScope;
    set.unknownScope = name;
    try {
      it.dispatch(node, callBlock, { args: [], block });
    } finally {
      set.unknownScope = outer;
    }
  }
  return new RUnknown(quotedSource(it.sourceText(node), 60), false, "a method Routemap does not model", undefined, undefined, it.nodeSpan(node));
}

/** The module of the app that defines `name` for the mapper but is not in it here, and where it would be. */
function missingFromMapper(it: CallHost, name: string, absent: Absent | undefined): { module: string; where: string } | undefined {
  if (absent) return absent;
  for (const [module, where] of it.mapperWithheld) if (mapperModuleMethod(it, module, name)) return { module, where: `${where}, which it does not as the app boots` };
  return undefined;
}

/** An unknown method's block, run as the DSL call it may be (`devise_for ... do`). */
const callBlock: DslMethod = (_m, call) => {
  call.block!.call([]);
};

/** The span of a call without its block: `get "x", to: "y#z"`. */
export function callSpan(it: Evaluator, node: N.CallNode) {
  return declarationSpan(node, it.index);
}

// ---- super ----------------------------------------------------------------------------------

/** `super`: the next method in Ruby's lookup after the running one's owner; the DSL's, for the mapper's extensions. */
function superCall(it: CallHost, node: N.SuperNode | N.ForwardingSuperNode, env: Env): RValue {
  const method = env.method;
  if (!method) return new RUnknown("super", false, "`super` outside a method");
  const call = node instanceof N.SuperNode && (node.arguments_ || node.lparenLoc) ? callArgumentsOf(it, node, env, false) : { args: method.args, block: method.block };
  const block = node.block ? blockOf(it, node.block, env) : call.block;
  const self = env.self;
  const owner = method.owner ?? OBJECT;
  let next: MethodDef | undefined;
  if (self.kind === "object") next = it.classes.instanceMethod(self.object.className, method.name, owner);
  else if (self.kind === "module") next = it.classes.singletonMethod(self.path, method.name, owner);
  // On the mapper, the next of the modules before the DSL (`mapperModules`, searched from its end) that has the method.
  if (!next && self.kind === "mapper") next = nextMapperMethod(it, owner, method.name);
  if (next) return it.callMethodDef(next, self, call.args, block, method.name);
  if (self.kind === "mapper" || (self.kind === "main" && it.mapperModules.includes(owner))) {
    const dsl = routingMethod(method.name, it.mapper);
    if (dsl) return it.dispatch(node as unknown as N.CallNode, dsl, { args: keepKeywordsMark(call.args, call.args.map(forMapper)), block }, method.name);
  }
  if (self.kind === "object" && method.name === "initialize") {
    // A Struct's own `initialize` calling `super`: Struct#initialize sets the members.
    const struct = self.object as unknown as RValue;
    if (struct instanceof RStruct) structInstance(struct.cls, call.args, it.ruby).values.forEach((v, i) => (struct.values[i] = v));
    return null;
  }
  it.unknownMethod(node, `super (${method.name})`);
  return new RUnknown(it.sourceText(node), false, "a superclass's method Routemap does not know");
}

/** The method `name` of the modules that come after `owner` in the mapper's lookup, before the DSL (Ruby's `super` through prepended, own and included modules). */
function nextMapperMethod(it: CallHost, owner: string, name: string): MethodDef | undefined {
  return mapperOwnMethod(it, name, it.mapperModules.lastIndexOf(owner));
}

/**
 * A mounted object whose class defines `inspect`: Rails' sheet prints what it returns, so it is
 * run here (the files' own method, as Ruby would); a result that is not a known String stays unset.
 * A Struct's class is looked up for `call`, which `mount` requires.
 */
function inspectMounted(it: CallHost, args: RValue[]): void {
  const objects = args.flatMap((a) => (a instanceof RHash ? a.keys() : [a]));
  for (const object of objects) {
    if (object instanceof RStruct) object.callable = it.methodOf(object, "call") !== undefined;
    if (!(object instanceof RObject) || !object.methods.has("inspect") || object.inspectText !== undefined) continue;
    const own = it.methodOf(object, "inspect");
    const text = own && stringValue(it.callMethodDef(own.def, own.self, [], null, "inspect"));
    if (text !== undefined) object.inspectText = text;
  }
}

export const CALLS: Handlers = [
  [N.CallNode, (it, n: N.CallNode, env) => evalCall(it as CallHost, n, env)],
  [N.SuperNode, (it, n: N.SuperNode, env) => superCall(it as CallHost, n, env)],
  [N.ForwardingSuperNode, (it, n: N.ForwardingSuperNode, env) => superCall(it as CallHost, n, env)],
  [N.SelfNode, (_it, _n, env) => selfValue(env.self)],
];

/** `a < b` on an object of a class that includes Comparable: Comparable's own methods, through its `<=>`. */
export function comparableCall(it: CallHost, recv: RObject, name: string, args: RValue[]): RValue | undefined {
  return Object.prototype.hasOwnProperty.call(COMPARABLE, name) ? COMPARABLE[name](it, recv, args, null) ?? undefined : undefined;
}

/** `ActiveAdmin.routes(self)` as a DSL call: its routes are the gem's, declared at the call. */
const drawActiveAdmin: DslMethod = (m) => {
  (m.host.sourceRef() as { origin?: string }).origin ??= "ActiveAdmin";
  activeAdminRoutes(m, gemVersion(m, "activeadmin"));
};

