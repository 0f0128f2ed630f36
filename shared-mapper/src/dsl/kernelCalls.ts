/**
 * Kernel's methods that need the evaluator (blocks, files, control): `lambda`, `proc`,
 * `method`, `require`, `load`, `raise`, `loop`, `catch`/`throw`, `block_given?`,
 * `with_options`, `send`, `extend`, `__method__`, `__dir__`, `instance_variable_get` and its
 * kin, and the ones that would run code Routemap never runs (`system`, backticks) or text it did
 * not read (`eval` of a string).
 * Kernel's pure functions (`format`, `Integer()`) are the core library's.
 */
import * as N from "@ruby/prism/src/nodes.js";
import { isExceptionClass, str } from "../core/index.js";
import { RoutingError } from "../mapper/errors.js";
import { toS } from "../ruby/print.js";
import { RConst, RMapper, RObject, RProc, RSymbol, RUnknown, RValue, requal, stringValue, sym } from "../ruby/values.js";
import { callArgumentsOf, makeProc, selfValue } from "./arguments.js";
import type { CallHost } from "./evaluator.js";
import { withOptions } from "./withOptions.js";
import { ivarCall, sendToSelf } from "./selfMethods.js";
import { OBJECT } from "./classes.js";
import { stopUndecidableLoop } from "./control.js";
import type { Env } from "./env.js";
import { evalFileValue, loadFile } from "./environment.js";
import type { Frame } from "./frames.js";
import { BreakSignal, ThrowSignal } from "./signals.js";

/** The steps a `raise` is charged (`Budget`): about what it costs against a plain step, measured. */
const RAISE_STEPS = 100;

/** The Kernel method `name` called on `self`, or undefined when it is not one of these. */
export function kernelCall(it: CallHost, node: N.CallNode, env: Env, name: string, frame: Frame | undefined): RValue | undefined {
  const args = () => callArgumentsOf(it, node, env, false, frame);
  switch (name) {
    case "lambda":
    case "proc":
      return node.block instanceof N.BlockNode ? makeProc(it, node.block, env, name === "lambda") : undefined;
    case "method":
      return methodObject(it, args().args[0], env);
    case "require":
    case "require_dependency":
      return loadFile(it, args().args[0], node, true);
    case "require_relative":
      return loadFile(it, args().args[0], node, true, it.index.file.slice(0, it.index.file.lastIndexOf("/")));
    case "load":
      return loadFile(it, args().args[0], node, false);
    case "puts":
    case "p":
    case "pp":
    case "print":
    case "printf":
    case "warn":
      args();
      return null;
    case "block_given?":
      return env.block !== null;
    case "with_options":
      return withOptions(it, node, env, env.self.kind === "merger" ? env.self.merger : null);
    case "raise":
    case "fail":
      // An exception costs the evaluator what a hundred plain steps do (made, thrown, unwound
      // through every frame, rescued): charged so, a `retry` loop ends within the budget's time.
      it.charge(RAISE_STEPS);
      throw raised(it, args().args);
    case "loop":
      return node.block ? loop(it, args().block!, node) : undefined;
    case "catch":
      return catchTag(it, args());
    case "throw": {
      const { args: a } = args();
      throw new ThrowSignal(a[0] ?? null, a[1] ?? null);
    }
    case "eval":
    case "instance_eval":
    case "class_eval":
      // `instance_eval do … end` on the mapper: the block, the mapper its `self` and its argument.
      if (name === "instance_eval" && node.block instanceof N.BlockNode && env.self.kind === "mapper") return onMapper(it, node.block, env, [RMapper.instance]);
      if (name === "instance_eval" && node.block instanceof N.BlockArgumentNode && env.self.kind === "mapper") return givenOnMapper(it, args(), [RMapper.instance]);
      return node.block ? undefined : evalFileValue(it, args().args[0] ?? null, node, name === "eval" ? env.self : { kind: "mapper" });
    case "instance_exec":
      // `router.instance_exec do … end` on the mapper (a module's `extended(router)` hook): the block draws.
      if (node.block instanceof N.BlockArgumentNode && env.self.kind === "mapper") {
        const call = args();
        return givenOnMapper(it, call, call.args);
      }
      return node.block instanceof N.BlockNode && env.self.kind === "mapper" ? onMapper(it, node.block, env, args().args) : undefined;
    case "binding":
    case "system":
    case "exec":
    case "spawn":
    case "fork":
    case "exit":
    case "exit!":
    case "abort":
    case "at_exit":
    case "sleep":
    case "gets":
    case "rand":
    case "srand":
    case "caller":
    case "caller_locations":
      // Code or state Routemap never runs or reads.
      it.unknownMethod(node, name);
      return new RUnknown(name, false, "something only the running process knows");
    case "__method__":
      return env.method ? sym(env.method.name) : null;
    case "__dir__":
      return str(it.index.file.slice(0, Math.max(0, it.index.file.lastIndexOf("/"))) || "/");
    case "extend":
      return extend(it, node, args().args, env);
    case "include":
      if (env.self.kind === "main" || env.self.kind === "mapper") {
        for (const a of args().args) if (a instanceof RConst) it.classes.define(OBJECT, true).includes.push(a.path.replace(/^::/, ""));
        return null;
      }
      return undefined;
    case "instance_variable_get":
    case "instance_variable_set":
    case "instance_variable_defined?":
      return ivarCall(it, node, args().args, env);
    case "send":
    case "public_send":
    case "__send__":
      return sendToSelf(it, node, env, args());
    case "freeze":
    case "itself":
      return selfValue(env.self);
  }
  return undefined;
}

/** `method(:name)`: a method of the files as a proc (`each(&method(:draw_pages))`). */
function methodObject(it: CallHost, nameValue: RValue | undefined, env: Env): RValue | undefined {
  const name = nameValue instanceof RSymbol ? nameValue.name : stringValue(nameValue);
  if (name === undefined) return undefined;
  const self = env.self;
  const def = it.methodOf(selfValue(self), name)?.def ?? it.classes.instanceMethod(OBJECT, name);
  if (!def) return undefined;
  return new RProc((callArgs) => it.callMethodDef(def, self, callArgs, null, name), true, () => `#<Method: Object#${name}>`);
}

/** `raise`: a Ruby exception (rescuable), of the class given, with its message. */
function raised(it: CallHost, args: RValue[]): RoutingError {
  const [first, second] = args;
  if (first instanceof RConst) {
    const cls = first.path.replace(/^::/, "");
    return new RoutingError(second !== undefined ? toS(second) : cls, isExceptionClass(cls) || it.classes.has(cls) ? cls : cls);
  }
  if (first instanceof RObject && first.ivars.has("@message")) return new RoutingError(toS(first.ivars.get("@message")!), first.className);
  if (first instanceof RUnknown) return new RoutingError(`(${first.description})`, "RuntimeError");
  return new RoutingError(first === undefined ? "unhandled exception" : toS(first), "RuntimeError");
}

/**
 * `loop do … end`: until `break` or StopIteration (which `loop` rescues, so its body's errors
 * reach it, as a `rescue` clause's do); the budget bounds one that never ends.
 */
function loop(it: CallHost, block: RProc, node: N.CallNode): RValue {
  // The call's frame, where the block's `break` goes (calls.ts `withCallFrame`).
  const frame = node.block instanceof N.BlockNode ? it.frames.current() : undefined;
  try {
    for (;;) {
      it.rescuing(() => it.yield(block, []));
      // A `break` taken in one world only (`break if attempt * rand(0.75..1.25) > 3`, lago-api's
      // retry intervals): how many times the loop runs is not known, and each turn would keep one
      // more world. Stopped as `while` stops on an undecidable condition.
      if (frame?.kind === "call" && frame.pending?.length) return undecidedLoop(it, node);
    }
  } catch (e) {
    if (e instanceof RoutingError && e.rubyClass === "StopIteration") return null;
    if (e instanceof BreakSignal && e.target === undefined) return e.value;
    throw e;
  }
}

function undecidedLoop(it: CallHost, node: N.CallNode): RValue {
  const message = "Routemap cannot decide how many times this `loop` runs: it leaves it under a condition Routemap cannot decide. Routemap stops here; what the loop would draw is missing.";
  stopUndecidableLoop(it, message, { at: node, loop: node, body: node.block instanceof N.BlockNode ? node.block.body : null });
  return new RUnknown("loop", false, "a value that depends on how many times the loop ran, which Routemap cannot decide");
}

/** `catch(tag) { |tag| … throw tag, value … }`. */
function catchTag(it: CallHost, call: { args: RValue[]; block: RProc | null }): RValue {
  if (!call.block) return undefined as unknown as RValue;
  const tag = call.args.length ? call.args[0] : new RObject("Object", new Set());
  try {
    return it.rescuing(() => it.yield(call.block!, [tag]));
  } catch (e) {
    if (e instanceof ThrowSignal && (e.tag === tag || (!(tag instanceof RObject) && requal(e.tag, tag)))) return e.value;
    throw e;
  }
}

/** A block run with the mapper as `self` (`instance_exec`'s arguments are its parameters). */
function onMapper(it: CallHost, block: N.BlockNode, env: Env, args: RValue[]): RValue {
  return it.yield(makeProc(it, block, env.child({ kind: "mapper" }), false), args);
}

/**
 * `instance_exec(name, &block)` in a method run on the mapper (a module of routing helpers
 * wraps the caller's block in a scope): the block given, with the mapper as `self`.
 */
function givenOnMapper(it: CallHost, call: { block: RProc | null }, args: RValue[]): RValue | undefined {
  const block = call.block;
  if (!block) return undefined;
  return it.yield(block.withSelf ? block.withSelf({ kind: "mapper" }) : block, args);
}

/** `extend SomeModule` in the routes: its methods come before the DSL's, and `super` reaches the DSL. */
function extend(it: CallHost, node: N.CallNode, args: RValue[], env: Env): RValue | undefined {
  const self = env.self;
  if (self.kind === "mapper" || self.kind === "main") {
    for (const a of args) {
      if (!(a instanceof RConst)) continue;
      const module = a.path.replace(/^::/, "");
      // Under a condition Routemap cannot decide, the module's methods are there only where it holds (calls.ts, `mapperWorlds`).
      const under = it.conditions.current();
      if (!under.length) it.mapperConditions.delete(module);
      else if (!it.mapperModules.includes(module)) it.mapperConditions.set(module, under);
      it.mapperModules.push(module);
      if (self.kind !== "mapper") continue;
      // Ruby calls the module's `self.extended(base)` hook, with the mapper as base: apps draw
      // routes there (`def self.extended(router) router.instance_exec do … end end`).
      if (it.classes.get(module)?.singleton.get("extended")) it.send(a, "extended", [selfValue(self)], null);
      else if (!it.classes.has(module)) {
        const message = `Routemap does not have the source of \`${module}\` (no file it reads defines it): any routes its \`extended\` hook draws are missing.`;
        it.report("info", message, it.nodeSpan(node), "unknown-method");
        it.openRegion(it.nodeSpan(node), message);
      }
    }
    return null;
  }
  return undefined;
}
