/**
 * A call's arguments and block: splats spread, keywords gathered in a trailing Hash,
 * `**splat`s merged, `...` forwarded, `&block`, `&:symbol`; blocks and lambdas as procs
 * that run in the frame, file and locals where they were written.
 */
import * as N from "@ruby/prism/src/nodes.js";
import { RoutingError } from "../mapper/errors.js";
import { noImplicitConversion, UNKNOWN_ADDRESS } from "../ruby/print.js";
import { isRSymbol, RConst, RHash, RMapper, RObject, RProc, RSymbol, RUnknown, RValue, UnknownValueError, sym } from "../ruby/values.js";
import type { Env, Self } from "./env.js";
import type { CallHost, Evaluator, Node } from "./evaluator.js";
import type { Frame } from "./frames.js";
import { arityOf, bindBlockParameters } from "./parameters.js";
import { KEYWORDS_LAST } from "./keywordArgs.js";
import { BreakSignal, NextSignal, ReturnSignal } from "./signals.js";

const NO_NODES: Node[] = [];
/** What `keywordsForMapper` gives for `**{}`: no argument. */
const NO_ARGUMENT = Symbol("no argument");
// Prism's node classes have no subclasses: a node's class is its constructor, one cached load,
// where `instanceof` is a generic lookup of `Symbol.hasInstance` per test in V8's baseline code
// (see `isRSymbol` in values.ts). These run for every argument of every call.
const isSpreadOrBlock = (n: Node) => {
  const c = n.constructor;
  return c === N.SplatNode || c === N.BlockArgumentNode || c === N.ForwardingArgumentsNode;
};

/**
 * A call's arguments (splats spread, keywords as a trailing Hash) and its block. For the
 * mapper (`mapper`), a string literal argument is taken as the frozen String Rails keeps.
 */
export function callArgumentsOf(it: CallHost, node: { arguments_: N.ArgumentsNode | null; block?: Node | null }, env: Env, mapper: boolean, breakTarget?: Frame): { args: RValue[]; block: RProc | null } {
  const nodes = node.arguments_?.arguments_ ?? NO_NODES;
  const block = () => blockOf(it, node.block ?? blockArgument(nodes), env, breakTarget);
  if (!nodes.some(isSpreadOrBlock)) {
    const args: RValue[] = new Array(nodes.length);
    for (let i = 0; i < nodes.length; i++) {
      const v = argument(it, nodes[i], env, mapper);
      if (v === NO_ARGUMENT) args.length--; // the keywords come last
      else args[i] = v;
    }
    markKeywords(args, nodes, undefined, args.length < nodes.length);
    return { args, block: block() };
  }
  const args: RValue[] = [];
  let forwarded: RValue[] | undefined;
  let noKeywords = false;
  for (const arg of nodes) {
    if (arg instanceof N.SplatNode) {
      const v = arg.expression ? it.eval(arg.expression, env) : env.lookup("*") ?? [];
      if (Array.isArray(v)) for (const x of v) args.push(x);
      else if (v !== null) {
        const list = v instanceof RUnknown ? v : it.send(v, "to_a", [], null);
        if (Array.isArray(list)) for (const x of list) args.push(x);
        else args.push(v);
      }
    } else if (arg instanceof N.ForwardingArgumentsNode) {
      forwarded = (env.lookup("...") as RValue[] | undefined) ?? env.method?.args ?? [];
      for (const x of forwarded) args.push(x);
    } else if (!(arg instanceof N.BlockArgumentNode)) {
      const v = argument(it, arg, env, mapper);
      if (v !== NO_ARGUMENT) args.push(v);
      else noKeywords = true;
    }
  }
  markKeywords(args, nodes, forwarded, noKeywords);
  return { args, block: block() };
}

/**
 * `KEYWORDS_LAST` for a list whose last value is a Hash: from a keywords node or not; untold after
 * `...`. `dropped`: the keywords came to nothing, so a Hash before them is positional.
 */
function markKeywords(args: RValue[], nodes: Node[], forwarded?: RValue[], dropped = false): void {
  if (!(args[args.length - 1] instanceof RHash)) return;
  if (dropped) return void KEYWORDS_LAST.set(args, false);
  // The last argument node before a `&block` (no list made: every DSL call with options comes here).
  let i = nodes.length - 1;
  while (i >= 0 && nodes[i].constructor === N.BlockArgumentNode) i--;
  const last = nodes[i];
  if (!last) return;
  // `m(...)`: as the forwarding method was called, where that call told.
  const told = last.constructor === N.ForwardingArgumentsNode ? (forwarded && KEYWORDS_LAST.get(forwarded)) : last.constructor === N.KeywordHashNode;
  if (told !== undefined) KEYWORDS_LAST.set(args, told);
}

const blockArgument = (nodes: Node[]) => nodes.find((n) => n instanceof N.BlockArgumentNode) ?? null;

function argument(it: CallHost, node: Node, env: Env, mapper: boolean): RValue | typeof NO_ARGUMENT {
  const c = node.constructor;
  if (c === N.KeywordHashNode) {
    // Keywords that come to nothing (`m(*list, **{})`) pass nothing: a Hash `list` ends with stays positional.
    const keywords = mapper ? keywordsForMapper(it, node as N.KeywordHashNode, env) : hashElementsOf(it, (node as N.KeywordHashNode).elements, env, mapper);
    return keywords instanceof RHash && keywords.size === 0 ? NO_ARGUMENT : keywords;
  }
  if (mapper && c === N.StringNode) return (node as N.StringNode).unescaped.value;
  return it.eval(node, env);
}

/**
 * A DSL call's keywords. Ruby 3.0–3.2 hand a method taking `*args` the caller's own Hash when
 * the keywords are one `**hash` and nothing else (Rails then changes it: `options[:via] =`;
 * 3.3 hands a copy, and changedOptions.ts's `optionsChange` then changes nothing), and nothing at all
 * for an empty one; any other keywords make a new Hash.
 */
function keywordsForMapper(it: CallHost, node: N.KeywordHashNode, env: Env): RValue | typeof NO_ARGUMENT {
  const only = node.elements.length === 1 ? node.elements[0] : undefined;
  if (only?.constructor !== N.AssocSplatNode || !(only as N.AssocSplatNode).value) return hashElementsOf(it, node.elements, env, true);
  const v = it.eval((only as N.AssocSplatNode).value, env);
  if (!(v instanceof RHash)) return hashElementsOf(it, node.elements, env, true, v);
  return v.size ? v : NO_ARGUMENT;
}

/** A hash literal's pairs, `**splat`s merged, `{ id: }` taking the local of that name. */
export function hashElementsOf(it: CallHost | Evaluator, elements: Node[], env: Env, mapper: boolean, evaluated?: RValue): RHash {
  const keys: RValue[] = [];
  const values: RValue[] = [];
  const hash = new RHash();
  let plain = true;
  // Indexed: a for-of runs the array's iterator, a call and a result per element, in code V8
  // does not optimise in a one-shot run.
  for (let i = 0; i < elements.length; i++) {
    const el = elements[i];
    // Node classes by their constructors (see `isSpreadOrBlock`).
    if (el.constructor === N.AssocNode) {
      const { key: keyNode, value: valueNode } = el as N.AssocNode;
      const key = keyNode?.constructor === N.SymbolNode ? sym((keyNode as N.SymbolNode).unescaped.value) : it.eval(keyNode, env);
      const valueClass = valueNode?.constructor;
      const value =
        valueClass === N.ImplicitNode ? it.eval((valueNode as N.ImplicitNode).value, env)
        : mapper && valueClass === N.StringNode ? (valueNode as N.StringNode).unescaped.value
        : it.eval(valueNode, env);
      if (plain && (key === null || typeof key === "number" || isRSymbol(key)) && !keys.includes(key)) {
        keys.push(key);
        values.push(value);
        continue;
      }
      if (plain) flush();
      hash.set(key, value);
    } else if (el instanceof N.AssocSplatNode) {
      if (plain) flush();
      const v = evaluated !== undefined ? evaluated : el.value ? it.eval(el.value, env) : env.lookup("**") ?? null;
      if (v instanceof RHash) v.forEach((k, val) => hash.set(k, val));
      else if (v instanceof RUnknown) return poisonedHash(v);
      else if (v === null && (it.ruby.nilDoubleSplat || !el.value)) continue;
      else if (!(v instanceof RObject)) throw new RoutingError(noImplicitConversion(v, "Hash"), "TypeError");
    }
  }
  if (plain) return RHash.fromArrays(keys, values);
  return hash;

  function flush(): void {
    plain = false;
    keys.forEach((k, i) => hash.set(k, values[i]));
  }
}

/** `{ **unknown }`: nothing of the hash is known. */
function poisonedHash(cause: RUnknown): RHash {
  throw new UnknownValueError(cause);
}

/** A call's block: a literal block, or the proc a `&block` argument passes (`&:sym`, `&method(:x)`). */
export function blockOf(it: CallHost, blockNode: Node | null, env: Env, breakTarget?: Frame): RProc | null {
  if (blockNode === null) return null;
  // By the constructor (see `isSpreadOrBlock`).
  if (blockNode.constructor === N.BlockNode) return makeProc(it, blockNode as N.BlockNode, env, false, breakTarget);
  if (blockNode instanceof N.BlockArgumentNode) {
    const v = blockNode.expression ? it.eval(blockNode.expression, env) : env.lookup("&") ?? env.block;
    if (v instanceof RProc) return v;
    // `&:to_s`: Symbol#to_proc, a block that sends the method to its first argument.
    if (v instanceof RSymbol) return new RProc((args) => it.send(args[0] ?? null, v.name, args.slice(1), null), true, () => `#<Proc:(&:${v.name}) (lambda)>`, -2);
    if (v instanceof RUnknown) return new RProc(() => v, false, () => `#<Proc:${v.description}>`);
  }
  return null;
}

export function makeProc(it: CallHost, block: N.BlockNode | N.LambdaNode, env: Env, lambda: boolean, breakTarget?: Frame, file = it.currentFile): RProc {
  const params = block.parameters as N.BlockParametersNode | N.NumberedParametersNode | N.ItParametersNode | null;
  // Worked out only when printed: it needs the line, and a position costs an index of the file.
  const label = () => `#<Proc:${UNKNOWN_ADDRESS} ${file.index.file}:${file.index.position(block.location.startOffset).line + 1}${lambda ? " (lambda)" : ""}>`;
  const unknown = (name: string) => new RUnknown(name, false, "a value that depends on where the block returns");
  // A block's `$~` is its home frame's, wherever it is called from.
  const slot = it.matchSlot;
  const proc = new RProc(
    (args) =>
      withSlot(it, slot, () => it.inFile(file, () =>
        it.frames.run(lambda ? "lambda" : "block", () => {
          const inner = env.child();
          try {
            bindBlockParameters(it, params, args, inner, lambda ? () => it.definitionSpan(block, params, block.openingLoc, file.index) : undefined);
            return it.eval(block.body, inner);
          } catch (e) {
            if (e instanceof NextSignal) return e.value;
            if (lambda && e instanceof ReturnSignal) return e.value;
            if (e instanceof BreakSignal && e.target === undefined) {
              if (lambda) return e.value;
              e.target = breakTarget;
            }
            throw e;
          }
        }, unknown, breakTarget),
      )),
    lambda,
    label,
    arityOf(params, lambda),
  );
  // The block's own file, not the one evaluating when it is given another self (a class of
  // another file that `instance_eval`s it): its nodes' text is read from that file.
  proc.withSelf = (self) => makeProc(it, block, env.child(self as Self), lambda, breakTarget, file);
  proc.sourceNode = block;
  proc.sourceFile = file;
  return proc;
}


function withSlot<T>(it: CallHost, slot: CallHost["matchSlot"], body: () => T): T {
  const outer = it.matchSlot;
  it.matchSlot = slot;
  try {
    return body();
  } finally {
    it.matchSlot = outer;
  }
}

export function selfValue(self: Self): RValue {
  if (self.kind === "mapper") return RMapper.instance;
  if (self.kind === "merger") return self.merger;
  if (self.kind === "object") return self.object;
  if (self.kind === "module") return new RConst(self.path);
  return null;
}

