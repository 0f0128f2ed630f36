/**
 * `with_options` (ActiveSupport's OptionMerger) as routes use it: calls through the proxy,
 * or in a block without parameters, get the options deep-merged into their last Hash
 * (Rails' DSL, a `def` of the draw block, an installed gem's mapper method alike).
 */
import * as N from "@ruby/prism/src/nodes.js";
import { forMapper, RHash, RMerger, RProc, RUnknown, RValue } from "../ruby/values.js";
import { callArgumentsOf, makeProc } from "./arguments.js";
import { routingMethod } from "./dispatch.js";
import type { Env } from "./env.js";
import type { CallHost } from "./evaluator.js";
import { KEYWORDS_LAST } from "./keywordArgs.js";
import { forwardedToMapper } from "./selfMethods.js";

/** `with_options(...) do |r| r.resources ... end`: the options merged into the last Hash argument. */
export function mergerCall(it: CallHost, node: N.CallNode, env: Env, merger: RMerger): RValue {
  // `r.with_options(as: "x") do |s| ... end`: a proxy of the merged options.
  if (node.name === "with_options") return withOptions(it, node, env, merger);
  const { args, block } = callArgumentsOf(it, node, env, true);
  for (let i = 0; i < args.length; i++) args[i] = forMapper(args[i]);
  // Each proxy of a chain merges its options under what the call (or the proxy inside it) gave,
  // and passes them on as keywords (`@context.__send__(method, *arguments, **options, &block)`):
  // a `def` of the draw block taking `**options` gets them there, even from a Hash passed as a value.
  for (let m: RMerger | null = merger; m; m = m.target) {
    if (procFirst(it, args, m.options)) continue;
    const last = args[args.length - 1];
    if (last instanceof RHash) args[args.length - 1] = deepMerge(m.options, last);
    else if (m.options.size) args.push(m.options.dup()); // `**{}` passes nothing
    if (args[args.length - 1] instanceof RHash) KEYWORDS_LAST.set(args, true);
  }
  // A method the draw block defined is the mapper's own (a singleton method): the OptionMerger's
  // method_missing sends it the merged options, and its body runs on the mapper, not the proxy.
  const own = it.classes.drawBlockMethod(node.name);
  if (own) return it.callMethodDef(own, { kind: "mapper" }, args, block, node.name);
  const dsl = routingMethod(node.name, it.mapper);
  // A method an installed gem adds to the mapper is reached by method_missing too, with the merged options.
  const gem = dsl ? undefined : it.gemMapperMethod(node.name);
  if (gem) return it.callGemMethod(node, gem, node.name, { args, block });
  const forwarded = dsl || gem ? undefined : forwardedToMapper(it, node, env, args, block);
  if (forwarded !== undefined) return forwarded;
  if (!dsl) {
    it.unknownMethod(node, node.name);
    return new RUnknown(node.name);
  }
  return it.dispatch(node, dsl, { args, block }, node.name);
}

/**
 * OptionMerger#method_missing's first case: a call whose first argument is a Proc
 * (`constraints(->(req) { … })`) gets no options; its Proc is replaced by a lambda that merges
 * them into what the Proc returns. ActiveSupport 6.1 and 7.0 take the *last* argument as that
 * Proc (`arguments.pop`); from 7.1 (rails/rails#45198, merged May 2022; 7.2 and 8.1 read so, 7.0.x
 * was not checked and is taken as 6.1) only a Proc given alone is (`arguments.shift`), and a Proc
 * followed by options gets them merged as any other call. Changes `args` in place.
 */
function procFirst(it: CallHost, args: RValue[], options: RHash): boolean {
  if (!(args[0] instanceof RProc)) return false;
  if (it.mapper.version.gte(7, 1) && args.length !== 1) return false;
  const proc = it.mapper.version.gte(7, 1) ? args.shift()! : args.pop()!;
  args.push(
    new RProc(
      (a) => {
        const result = proc instanceof RProc ? proc.call(a) : new RUnknown("proc.call");
        // `@options.deep_merge(result)`: a result that is not a Hash raises in Ruby; Routemap does not say which way.
        return result instanceof RHash ? deepMerge(options, result) : new RUnknown("@options.deep_merge(proc.call(*args))", false, "what ActiveSupport's OptionMerger makes of a Proc's value that is not a Hash");
      },
      true,
      () => "#<Proc:(active_support/option_merger.rb) (lambda)>",
    ),
  );
  return true;
}

/** `with_options(options) { |proxy| ... }`, the proxy passing calls on to `outer` (a proxy) or the mapper. */
export function withOptions(it: CallHost, node: N.CallNode, env: Env, outer: RMerger | null): RValue {
  const { args } = callArgumentsOf(it, node, env, true);
  const options = args[0] instanceof RHash ? (forMapper(args[0]) as RHash) : new RHash();
  const merger = new RMerger(options, outer);
  if (node.block instanceof N.BlockNode) {
    // A block that takes no parameter is instance_eval'd on the proxy.
    if (node.block.parameters) it.yield(makeProc(it, node.block, env, false), [merger]);
    else it.statements(node.block.body instanceof N.StatementsNode ? node.block.body : null, env.child({ kind: "merger", merger }));
  }
  return merger;
}

export function deepMerge(a: RHash, b: RHash): RHash {
  const out = a.dup();
  for (const [k, v] of b.entries()) {
    const existing = out.get(k);
    out.set(k, existing instanceof RHash && v instanceof RHash ? deepMerge(existing, v) : v);
  }
  return out;
}

