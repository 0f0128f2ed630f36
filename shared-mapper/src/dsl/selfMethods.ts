/**
 * Object's public methods called on `self` that routes files use on the mapper: `send` and its
 * kin, `instance_variable_get` and its kin, `respond_to?`. Also what `with_options`' proxy does
 * with them: ActiveSupport's OptionMerger undefines its public methods, so its method_missing
 * passes them on to the mapper with the options merged (`send(:resources, :x)` draws with them;
 * `instance_variable_get(:@x)` given options raises ArgumentError, as Rails 6.1 does).
 */
import type * as N from "@ruby/prism/src/nodes.js";
import { RoutingError } from "../mapper/errors.js";
import { forMapper, RProc, RSymbol, RUnknown, RValue, stringValue, truthy } from "../ruby/values.js";
import { selfValue } from "./arguments.js";
import { OBJECT } from "./classes.js";
import { routingMethod } from "./dispatch.js";
import type { Env } from "./env.js";
import type { CallHost } from "./evaluator.js";
import { keepKeywordsMark } from "./keywordArgs.js";

/** `instance_variable_get(:@x)`, `_set` and `_defined?` on self, as `@x` reads and writes it. */
export function ivarCall(it: CallHost, node: N.CallNode, args: RValue[], env: Env): RValue | undefined {
  const name = node.name;
  const ivar = args[0] instanceof RSymbol ? args[0].name : stringValue(args[0]);
  if (ivar === undefined || args.length !== (name === "instance_variable_set" ? 2 : 1)) return undefined;
  if (!/^@[A-Za-z_\u0080-\uffff][\w\u0080-\uffff]*$/.test(ivar)) throw new RoutingError(`\`${ivar}' is not allowed as an instance variable name`, "NameError");
  if (name === "instance_variable_get") return it.ivar(ivar, env.self);
  if (name === "instance_variable_defined?") return it.ivarDefined(ivar, env.self);
  it.setIvar(ivar, args[1], env.self, node);
  return args[1];
}

/** `send(:resources, :posts)` on `self`: the DSL on the mapper, a method of the files, else Kernel's. */
export function sendToSelf(it: CallHost, node: N.CallNode, env: Env, call: { args: RValue[]; block: RProc | null }): RValue {
  const [first, ...rest] = call.args;
  const name = first instanceof RSymbol ? first.name : stringValue(first);
  if (name === undefined) return first instanceof RUnknown ? first : null;
  const dsl = routingMethod(name, it.mapper);
  if (dsl && env.self.kind === "mapper") return it.dispatch(node, dsl, { args: keepKeywordsMark(call.args, rest.map(forMapper)), block: call.block }, name);
  const own = it.methodOf(selfValue(env.self), name)?.def ?? it.classes.instanceMethod(OBJECT, name);
  if (own) return it.callMethodDef(own, env.self, rest, call.block, name);
  return it.invoke(selfValue(env.self), name, rest, call.block, node, env);
}

/** How many arguments each method forwarded by the proxy takes (Ruby 3.1's arity): [least, most]. */
const FORWARDED_ARITY: Record<string, [number, number]> = {
  instance_variable_get: [1, 1],
  "instance_variable_defined?": [1, 1],
  instance_variable_set: [2, 2],
  "respond_to?": [1, 2],
};

/**
 * An Object method `with_options`' proxy sends on to the mapper (`args` with the options merged
 * as OptionMerger#method_missing merges them), or undefined when it is none of these.
 */
export function forwardedToMapper(it: CallHost, node: N.CallNode, env: Env, args: RValue[], block: RProc | null): RValue | undefined {
  const name = node.name;
  const onMapper = env.child({ kind: "mapper" });
  if (name === "send" || name === "public_send" || name === "__send__") return sendToSelf(it, node, onMapper, { args, block });
  const arity = FORWARDED_ARITY[name];
  if (!arity) return undefined;
  if (args.length < arity[0] || args.length > arity[1]) {
    const expected = arity[0] === arity[1] ? `${arity[0]}` : `${arity[0]}..${arity[1]}`;
    throw new RoutingError(`wrong number of arguments (given ${args.length}, expected ${expected})`);
  }
  if (name !== "respond_to?") return ivarCall(it, node, args, onMapper);
  // The options merged in are `include_all`, a Hash: true, so private methods count too.
  const method = args[0] instanceof RSymbol ? args[0].name : stringValue(args[0]);
  if (method !== undefined && mapperResponds(it, method)) return true;
  const what = `respond_to?(${args.map((a) => (a instanceof RSymbol ? `:${a.name}` : "…")).join(", ")})`;
  return new RUnknown(what, false, args.length === 2 && truthy(args[1]) ? "which methods, private ones too, Rails' mapper has beyond its routing DSL" : "which methods Rails' mapper has beyond its routing DSL");
}

/** Whether Rails' mapper answers `respond_to?(method)` true for certain: its routing DSL, and `has_named_route?`. */
export const mapperResponds = (it: CallHost, method: string): boolean => routingMethod(method, it.mapper) !== undefined || method === "has_named_route?";
