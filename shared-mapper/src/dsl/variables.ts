/**
 * Variables and assignment: locals, instance, class and global variables, constants,
 * `||=`, `&&=`, `+=` on each (and on `h[k]` and `obj.attr`), and multiple assignment
 * with nesting and splats (`a, (b, *c) = …`); the last match's globals (`$~`, `$1`…, `$&`)
 * and the locals a regexp literal's named groups write (`/(?<x>\d+)/ =~ s`).
 */
import * as N from "@ruby/prism/src/nodes.js";
import { RoutingError } from "../mapper/errors.js";
import { groupAt, groupText, namedGroup } from "../core/regexpString.js";
import { str } from "../core/runtime.js";
import { RMatch, RUnknown, RValue } from "../ruby/values.js";
import type { Env, Self } from "./env.js";
import { objectReceiver } from "../ruby/print.js";
import { MAPPER } from "./gemMappers.js";
import { OBJECT } from "./classes.js";
import type { Evaluator, Node } from "./evaluator.js";
import type { Handlers } from "./handlers.js";

/** `$~`, `$1`…`$9`, `$&`, `` $` ``, `$'`, `$+`: from the frame's last match (re.c's `rb_reg_last_match` and friends). */
function lastMatchGlobal(it: Evaluator, name: string): RValue {
  const m = it.lastMatch?.();
  if (m === undefined) return new RUnknown(name, false, "the last match ($~), which Routemap cannot follow here");
  if (name === "$~") return m;
  if (m === null) return null;
  if (/^\$\d+$/.test(name)) return groupText(m, Number(name.slice(1)));
  if (name === "$&") return groupAt(m, 0);
  if (name === "$`") return str(m.input.slice(0, m.offsets[0]));
  if (name === "$'") return str(m.input.slice(m.offsets[1]));
  return lastGroup(m);
}

/** `$+`: the highest-numbered group that took part in the match. */
function lastGroup(m: RMatch): RValue {
  for (let i = m.offsets.length / 2 - 1; i > 0; i--) if (m.offsets[2 * i] >= 0) return groupAt(m, i);
  return null;
}

/** `x ||= v` and `x &&= v`: the write happens where the current value says so (both ways where it cannot be known). */
function logicalWrite(it: Evaluator, node: Node, current: RValue, or: boolean, write: () => RValue): RValue {
  const truth = it.decide(node, current);
  if (truth === undefined) {
    const condition = it.conditionOf(node, current as RUnknown);
    return it.fork(condition, () => (or ? current : write()), () => (or ? write() : current));
  }
  return truth === or ? current : write();
}

/** `x op= v`: `x = x.op(v)`. */
function operatorWrite(it: Evaluator, node: Node, current: RValue, op: string, value: Node, env: Env): RValue {
  return it.invoke(current, op, [it.eval(value, env)], null, node, env);
}

/** Assigns `value` to one target of a multiple assignment (or a `for` loop's variable, or a rescue's `=> e`). */
export function assignTarget(it: Evaluator, target: Node, value: RValue, env: Env): void {
  if (target instanceof N.LocalVariableTargetNode) env.assign(target.name, value);
  else if (target instanceof N.InstanceVariableTargetNode) it.setIvar(target.name, value, env.self, target);
  else if (target instanceof N.GlobalVariableTargetNode) it.setGlobal(target.name, value);
  else if (target instanceof N.ClassVariableTargetNode) it.setGlobal(classVariableKey(it, env, target.name), value);
  else if (target instanceof N.ConstantTargetNode) it.setConstant(target.name, value, env);
  else if (target instanceof N.ConstantPathTargetNode) it.setConstantPath(it.sourceText(target).replace(/^::/, ""), value);
  else if (target instanceof N.MultiTargetNode) destructure(it, target, value, env);
  else if (target instanceof N.SplatNode) {
    if (target.expression) assignTarget(it, target.expression, value, env);
  } else if (target instanceof N.IndexTargetNode) {
    const recv = it.eval(target.receiver, env);
    const { args } = it.callArguments({ arguments_: target.arguments_ }, env);
    it.invoke(recv, "[]=", [...args, value], null, target, env);
  } else if (target instanceof N.CallTargetNode) {
    it.invoke(it.eval(target.receiver, env), target.name, [value], null, target, env);
  }
}

/** The list a multiple assignment takes apart: an Array as it is, anything else alone (`to_ary` aside). */
function listOf(value: RValue): RValue[] | RUnknown {
  if (Array.isArray(value)) return value;
  if (value instanceof RUnknown) return value;
  return [value];
}

/** `a, (b, *c), d = list`. */
export function destructure(it: Evaluator, t: { lefts: Node[]; rest: Node | null; rights: Node[] }, value: RValue, env: Env): void {
  const list = listOf(value);
  if (list instanceof RUnknown) {
    // Nothing of the list is known: each part is unknown, named as written.
    for (const target of [...t.lefts, ...(t.rest ? [t.rest] : []), ...t.rights]) assignTarget(it, target, it.unknownAt(target, list), env);
    return;
  }
  t.lefts.forEach((target, i) => assignTarget(it, target, list[i] ?? null, env));
  const restEnd = Math.max(t.lefts.length, list.length - t.rights.length);
  if (t.rest instanceof N.SplatNode && t.rest.expression) assignTarget(it, t.rest.expression, list.slice(t.lefts.length, restEnd), env);
  t.rights.forEach((target, i) => assignTarget(it, target, list[restEnd + i] ?? null, env));
}

const ivarOf = (it: Evaluator, env: Env, name: string) => it.ivar(name, env.self);

/**
 * `self` as NameError's message names it (error.c's name_err_mesg_to_str): `main`, an object by its
 * class from Ruby 3.3 (before, by its `inspect`: an address no one knows), a class or module by
 * its name. In the draw block, the mapper.
 */
function receiverOf(it: Evaluator, self: Self): string {
  const modern = it.ruby.receiverByClass;
  switch (self.kind) {
    case "main":
      return modern ? "main" : "main:Object";
    case "mapper":
      return objectReceiver(it.ruby, MAPPER);
    case "merger":
      return objectReceiver(it.ruby, "ActiveSupport::OptionMerger");
    case "object":
      return objectReceiver(it.ruby, self.object.className);
    case "module": {
      const isClass = it.classes.get(self.path)?.isClass !== false;
      return modern ? `${isClass ? "class" : "module"} ${self.path}` : `${self.path}:${isClass ? "Class" : "Module"}`;
    }
  }
}

export const VARIABLES: Handlers = [
  [N.LocalVariableReadNode, (_it, n: N.LocalVariableReadNode, env) => env.lookup(n.name) ?? null],
  [N.ItLocalVariableReadNode, (it, n: N.Node, env) => {
    if (it.ruby.itParameter) return env.lookup("it") ?? null;
    // Before Ruby 3.4 a bare `it` is a call of a method no one defines.
    throw new RoutingError(`undefined local variable or method \`it' for ${receiverOf(it, env.self)}`, "NameError");
  }],
  [N.LocalVariableWriteNode, (it, n: N.LocalVariableWriteNode, env) => {
    const v = it.eval(n.value, env);
    env.assign(n.name, v);
    return v;
  }],
  [N.LocalVariableOrWriteNode, (it, n: N.LocalVariableOrWriteNode, env) =>
    logicalWrite(it, n, env.lookup(n.name) ?? null, true, () => {
      const v = it.eval(n.value, env);
      env.assign(n.name, v);
      return v;
    })],
  [N.LocalVariableAndWriteNode, (it, n: N.LocalVariableAndWriteNode, env) =>
    logicalWrite(it, n, env.lookup(n.name) ?? null, false, () => {
      const v = it.eval(n.value, env);
      env.assign(n.name, v);
      return v;
    })],
  [N.LocalVariableOperatorWriteNode, (it, n: N.LocalVariableOperatorWriteNode, env) => {
    const v = operatorWrite(it, n, env.lookup(n.name) ?? null, n.binaryOperator, n.value, env);
    env.assign(n.name, v);
    return v;
  }],
  [N.LocalVariableTargetNode, () => null],
  [N.InstanceVariableReadNode, (it, n: N.InstanceVariableReadNode, env) => ivarOf(it, env, n.name)],
  [N.InstanceVariableWriteNode, (it, n: N.InstanceVariableWriteNode, env) => {
    const v = it.eval(n.value, env);
    it.setIvar(n.name, v, env.self, n);
    return v;
  }],
  [N.InstanceVariableOrWriteNode, (it, n: N.InstanceVariableOrWriteNode, env) =>
    logicalWrite(it, n, ivarOf(it, env, n.name), true, () => {
      const v = it.eval(n.value, env);
      it.setIvar(n.name, v, env.self, n);
      return v;
    })],
  [N.InstanceVariableAndWriteNode, (it, n: N.InstanceVariableAndWriteNode, env) =>
    logicalWrite(it, n, ivarOf(it, env, n.name), false, () => {
      const v = it.eval(n.value, env);
      it.setIvar(n.name, v, env.self, n);
      return v;
    })],
  [N.InstanceVariableOperatorWriteNode, (it, n: N.InstanceVariableOperatorWriteNode, env) => {
    const v = operatorWrite(it, n, ivarOf(it, env, n.name), n.binaryOperator, n.value, env);
    it.setIvar(n.name, v, env.self, n);
    return v;
  }],
  [N.ClassVariableReadNode, (it, n: N.ClassVariableReadNode, env) => it.global(classVariableKey(it, env, n.name))],
  [N.ClassVariableWriteNode, (it, n: N.ClassVariableWriteNode, env) => {
    const v = it.eval(n.value, env);
    it.setGlobal(classVariableKey(it, env, n.name), v);
    return v;
  }],
  // `@@x ||= v` in the app's code, of a class variable no code Routemap ran has set (puzzle/cryptopus's
  // `@@auth_config ||= new`): unset, as Ruby starts it, so the first run sets it. (A plain read of one
  // stays unknown, and so does a gem's: its code Routemap does not have may set it.)
  [N.ClassVariableOrWriteNode, (it, n: N.ClassVariableOrWriteNode, env) => {
    const key = classVariableKey(it, env, n.name);
    return logicalWrite(it, n, it.global(key, it.gemFile(it.index.file) ? undefined : null), true, () => {
      const v = it.eval(n.value, env);
      it.setGlobal(key, v);
      return v;
    });
  }],
  [N.GlobalVariableReadNode, (it, n: N.GlobalVariableReadNode) => (n.name === "$~" ? lastMatchGlobal(it, "$~") : it.global(n.name))],
  [N.GlobalVariableWriteNode, (it, n: N.GlobalVariableWriteNode, env) => {
    const v = it.eval(n.value, env);
    it.setGlobal(n.name, v);
    return v;
  }],
  [N.GlobalVariableOrWriteNode, (it, n: N.GlobalVariableOrWriteNode, env) =>
    logicalWrite(it, n, it.global(n.name), true, () => {
      const v = it.eval(n.value, env);
      it.setGlobal(n.name, v);
      return v;
    })],
  [N.NumberedReferenceReadNode, (it, n: N.Node) => lastMatchGlobal(it, it.sourceText(n))],
  [N.BackReferenceReadNode, (it, n: N.Node) => lastMatchGlobal(it, it.sourceText(n))],
  [N.MatchWriteNode, (it, n: N.MatchWriteNode, env) => {
    const value = it.eval(n.call, env);
    const m = value instanceof RUnknown ? undefined : it.lastMatch?.();
    for (const target of n.targets) {
      const name = (target as N.LocalVariableTargetNode).name;
      env.assign(name, m === undefined ? new RUnknown(name, false, "a named group of a match Routemap cannot follow") : m === null ? null : groupAt(m, namedGroup(m, name)));
    }
    return value;
  }],
  [N.ConstantReadNode, (it, n: N.ConstantReadNode, env) => it.constant(n.name, env, n)],
  [N.ConstantPathNode, (it, n: N.ConstantPathNode, env) => {
    if (!n.parent) return it.constant(`::${n.name ?? ""}`, env, n);
    return it.scopedConstant(it.eval(n.parent, env), n.name ?? "", n);
  }],
  [N.ConstantWriteNode, (it, n: N.ConstantWriteNode, env) => {
    const v = it.eval(n.value, env);
    it.setConstant(n.name, v, env);
    return v;
  }],
  [N.ConstantOrWriteNode, (it, n: N.ConstantOrWriteNode, env) => {
    const current = it.constant(n.name, env);
    if (!(current instanceof RUnknown) && it.decide(n, current) === true) return current;
    const v = it.eval(n.value, env);
    it.setConstant(n.name, v, env);
    return v;
  }],
  [N.ConstantOperatorWriteNode, (it, n: N.ConstantOperatorWriteNode, env) => {
    const v = operatorWrite(it, n, it.constant(n.name, env, n), n.binaryOperator, n.value, env);
    it.setConstant(n.name, v, env);
    return v;
  }],
  [N.ConstantPathWriteNode, (it, n: N.ConstantPathWriteNode, env) => {
    const v = it.eval(n.value, env);
    it.setConstantPath(it.sourceText(n.target).replace(/^::/, ""), v);
    return v;
  }],
  [N.ConstantPathOrWriteNode, (it, n: N.ConstantPathOrWriteNode, env) => {
    const v = it.eval(n.value, env);
    it.setConstantPath(it.sourceText(n.target).replace(/^::/, ""), v);
    return v;
  }],
  [N.MultiWriteNode, (it, n: N.MultiWriteNode, env) => {
    const value = it.eval(n.value, env);
    destructure(it, n, value, env);
    return value;
  }],
  [N.IndexOrWriteNode, (it, n: N.IndexOrWriteNode, env) => indexWrite(it, n, env, "||")],
  [N.IndexAndWriteNode, (it, n: N.IndexAndWriteNode, env) => indexWrite(it, n, env, "&&")],
  [N.IndexOperatorWriteNode, (it, n: N.IndexOperatorWriteNode, env) => indexWrite(it, n, env, n.binaryOperator)],
  [N.CallOrWriteNode, (it, n: N.CallOrWriteNode, env) => attributeWrite(it, n, env, "||")],
  [N.CallAndWriteNode, (it, n: N.CallAndWriteNode, env) => attributeWrite(it, n, env, "&&")],
  [N.CallOperatorWriteNode, (it, n: N.CallOperatorWriteNode, env) => attributeWrite(it, n, env, n.binaryOperator)],
];

/** `h[k] ||= v`, `h[k] &&= v`, `h[k] += v`: the receiver and index evaluated once. */
function indexWrite(it: Evaluator, n: N.IndexOrWriteNode | N.IndexAndWriteNode | N.IndexOperatorWriteNode, env: Env, op: string): RValue {
  const recv = it.eval(n.receiver, env);
  const { args } = it.callArguments({ arguments_: n.arguments_ }, env);
  const current = it.invoke(recv, "[]", args, null, n, env);
  const write = (v: RValue) => (it.invoke(recv, "[]=", [...args, v], null, n, env), v);
  if (op === "||" || op === "&&") return logicalWrite(it, n, current, op === "||", () => write(it.eval(n.value, env)));
  return write(operatorWrite(it, n, current, op, n.value, env));
}

/** `obj.x ||= v` and the like. */
function attributeWrite(it: Evaluator, n: N.CallOrWriteNode | N.CallAndWriteNode | N.CallOperatorWriteNode, env: Env, op: string): RValue {
  const recv = it.eval(n.receiver, env);
  const current = it.invoke(recv, n.readName, [], null, n, env);
  const write = (v: RValue) => (it.invoke(recv, n.writeName, [v], null, n, env), v);
  if (op === "||" || op === "&&") return logicalWrite(it, n, current, op === "||", () => write(it.eval(n.value, env)));
  return write(operatorWrite(it, n, current, op, n.value, env));
}

const UNSET = new RUnknown("", false, "unset");

/**
 * Where a class variable lives: Ruby keeps one per class, the class the code is written in (the
 * innermost of `env.cref`, not `self`'s), shared with its subclasses and includers: the first of its
 * ancestors that has it, else its own (`@@config` of two classes are two variables).
 */
function classVariableKey(it: Evaluator, env: Env, name: string): string {
  // Not a singleton class's (`class << self`): Ruby looks past those to the class they belong to.
  const owner = [...env.cref].reverse().find((c) => !c.startsWith("#<")) ?? OBJECT;
  for (const c of it.classes.ancestors(owner)) {
    const key = `@@${c}#${name}`;
    if (it.global(key, UNSET) !== UNSET) return key;
  }
  return `@@${owner}#${name}`;
}
