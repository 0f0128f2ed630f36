/**
 * Definitions: `def` (top level, in a class or module, `def self.x`), `class` and `module`
 * bodies (run with `self` the module, as Ruby runs them), `class << self`, `alias`, and the
 * calls a class body makes to define things: `attr_*`, `include`, `extend`, `module_function`,
 * `define_method`, `define_singleton_method`, `alias_method`, visibility (which routes do not
 * care about), and an engine's `isolate_namespace`/`engine_name`.
 */
import * as N from "@ruby/prism/src/nodes.js";
import { RConst, RHash, RProc, RStructClass, RSymbol, RUnknown, RValue, stringValue, sym } from "../ruby/values.js";
import { definedConstantPath } from "../ruby/walk.js";
import { OBJECT, type MethodDef, type ModuleDef } from "./classes.js";
import type { Env } from "./env.js";
import type { Evaluator, Node } from "./evaluator.js";
import type { Handlers } from "./handlers.js";
import { mapperInternal, mapperUnit, sayMapperChangeNotFollowed } from "./mapperInternals.js";

const CONCERN = "ActiveSupport::Concern";

/**
 * What including `module` into `base` runs, as Ruby and ActiveSupport do: a Concern's
 * `ClassMethods` extend the base and its `included` block runs there (concern.rb
 * `append_features`); a module's own `self.included(base)` hook is called with the base.
 */
function includedHooks(it: Evaluator, module: string, base: string): void {
  const m = it.classes.get(module);
  if (!m) return;
  if (m.extends.includes(CONCERN)) {
    const classMethods = `${module}::ClassMethods`;
    const extended = it.classes.get(base)?.extends;
    if (it.classes.has(classMethods) && extended && !extended.includes(classMethods)) extended.push(classMethods);
    if (m.included) it.yield(m.included.withSelf ? m.included.withSelf({ kind: "module", path: base }) : m.included, []);
  }
  if (m.singleton.get("included")) it.send(new RConst(module), "included", [new RConst(base)], null);
}

/** The module a `def` (or `class << self`) in `env` defines into, and whether on its singleton. */
function definee(env: Env): { path: string; singleton: boolean } {
  const self = env.self;
  if (self.kind === "module") return { path: self.path, singleton: false };
  const cref = env.cref;
  return { path: cref.length ? cref[cref.length - 1] : OBJECT, singleton: false };
}

export function defineMethod(it: Evaluator, node: N.DefNode, env: Env): void {
  const target = definee(env);
  let singleton = false;
  let path = target.path;
  if (node.receiver instanceof N.SelfNode) {
    singleton = true;
    if (env.self.kind !== "module") return; // `def self.x` on main or an object: not a method routes reach
  } else if (node.receiver) {
    const recv = it.eval(node.receiver, env);
    if (!(recv instanceof RConst)) return;
    path = recv.path.replace(/^::/, "");
    singleton = true;
  }
  const m = it.classes.define(path, it.classes.get(path)?.isClass ?? false);
  const onMapper = !singleton && path === OBJECT && env.self.kind === "mapper";
  // A method Rails' mapper calls itself (`def name_for_action` in a draw block), or one of its units changed.
  if ((onMapper && mapperInternal(node.name)) || (!singleton && mapperUnit(path))) {
    sayMapperChangeNotFollowed(it, onMapper ? `\`${node.name}\`, which Rails' mapper calls as it draws` : `\`${path}\``, it.nodeSpan(node));
  }
  const visibility = !singleton && env.self.kind === "module" && m.visibility !== "public" ? m.visibility : undefined;
  const def = { kind: "def" as const, node, owner: path, cref: [...env.cref], index: it.index, ...(onMapper ? { onMapper, mapper: it.classes.currentMapper() } : {}), ...(visibility ? { visibility } : {}) };
  if (singleton) m.singleton.set(node.name, def);
  else {
    m.methods.set(node.name, def);
    if (m.moduleFunction) m.singleton.set(node.name, def);
  }
}

/** A `class`/`module` statement's full name, from the lexical scope. */
function qualified(it: Evaluator, constantPath: Node, env: Env): string {
  return definedConstantPath(it.sourceText(constantPath), env.cref, (path) => it.classes.has(path));
}

const symbolNames = (args: RValue[]) =>
  args.flatMap((a) => (Array.isArray(a) ? a : [a])).map((a) => (a instanceof RSymbol ? a.name : stringValue(a))).filter((n): n is string => n !== undefined);

/**
 * ActiveSupport's `class_attribute :name` (class/attribute.rb, 6.1 to 8.1): the class's reader and
 * writer, and unless told otherwise (`instance_reader: false`, `instance_predicate: false`,
 * `instance_accessor: false`) its instances' reader and the `name?` predicates; `default:` (6.1 on)
 * is the class's first value. Instances' writers, which give one object its own value, are not made.
 */
function classAttribute(it: Evaluator, m: ModuleDef, path: string, args: RValue[]): RValue {
  const options = args[args.length - 1] instanceof RHash ? (args[args.length - 1] as RHash) : undefined;
  const allowed = (key: string) => options?.sget(key) !== false;
  const instances = allowed("instance_reader") && allowed("instance_accessor");
  for (const attr of symbolNames(args)) {
    const reader = { kind: "reader", owner: path, ivar: `@${attr}`, classLevel: true } as const;
    const predicate = { ...reader, predicate: true } as const;
    m.singleton.set(attr, reader);
    m.singleton.set(`${attr}=`, { kind: "writer", owner: path, ivar: `@${attr}` });
    if (allowed("instance_predicate")) m.singleton.set(`${attr}?`, predicate);
    if (instances) m.methods.set(attr, reader);
    if (instances && allowed("instance_predicate")) m.methods.set(`${attr}?`, predicate);
    const dflt = options?.sget("default");
    if (dflt !== undefined) it.setIvar(`@${attr}`, dflt, { kind: "module", path });
  }
  return null;
}

/**
 * A call a class or module body makes to itself (`attr_reader :x`, `include Comparable`):
 * its effect on the definitions, or undefined when it is not one of these.
 */
export function definitionCall(it: Evaluator, name: string, args: RValue[], block: RProc | null, env: Env): RValue | undefined {
  const self = env.self;
  if (self.kind !== "module") return undefined;
  const m = it.classes.define(self.path, it.classes.get(self.path)?.isClass ?? true);
  switch (name) {
    case "attr_reader":
    case "attr_writer":
    case "attr_accessor":
    case "mattr_reader":
    case "mattr_accessor":
    case "cattr_reader":
    case "cattr_accessor": {
      const module = name.startsWith("mattr") || name.startsWith("cattr");
      for (const attr of symbolNames(args)) {
        const table = module ? m.singleton : m.methods;
        if (name !== "attr_writer") table.set(attr, { kind: "reader", owner: self.path, ivar: `@${attr}` });
        if (name.endsWith("writer") || name.endsWith("accessor")) table.set(`${attr}=`, { kind: "writer", owner: self.path, ivar: `@${attr}` });
        const options = args[args.length - 1];
        const dflt = module && options instanceof RHash ? options.sget("default") : undefined;
        if (dflt !== undefined) it.setIvar(`@${attr}`, dflt, { kind: "module", path: self.path });
      }
      return null;
    }
    case "class_attribute":
      return classAttribute(it, m, self.path, args);
    case "delegate":
      return delegate(m.methods, self.path, args);
    case "isolate_namespace":
    case "engine_name":
      // An engine class's own settings, read from its body before it runs (`recordEngine`).
      return m.superclass === "Rails::Engine" ? null : undefined;
    case "include":
    case "prepend":
      for (const a of args) {
        if (!(a instanceof RConst)) continue;
        const included = a.path.replace(/^::/, "");
        m.includes.push(included);
        if (name === "include") includedHooks(it, included, self.path);
      }
      return null;
    case "included":
      // An `ActiveSupport::Concern`'s block, run in each class that includes it (`append_features`).
      if (!block || !m.extends.includes(CONCERN)) return undefined;
      m.included = block;
      return null;
    case "class_methods": {
      // A Concern's `class_methods do … end`: its methods are the `ClassMethods` module's, which including classes extend.
      if (!block) return undefined;
      const path = `${self.path}::ClassMethods`;
      it.classes.define(path, false);
      it.yield(block.withSelf ? block.withSelf({ kind: "module", path }) : block, []);
      return null;
    }
    case "extend":
      for (const a of args) {
        if (!(a instanceof RConst)) continue;
        const extended = a.path.replace(/^::/, "");
        m.extends.push(extended);
        // Ruby calls the module's `self.extended(base)` hook: a gem's settings module sets its
        // defaults there (high_voltage's Configuration: `base.set_default_configuration`).
        const hook = it.classes.get(extended)?.singleton.get("extended");
        if (hook) it.send(new RConst(extended), "extended", [new RConst(self.path)], null);
      }
      return null;
    case "module_function":
      if (!args.length) m.moduleFunction = true;
      for (const n of symbolNames(args)) {
        const def = m.methods.get(n);
        if (def) m.singleton.set(n, def);
      }
      return null;
    case "define_method":
    case "define_singleton_method": {
      // `define_singleton_method("#{flag}?") { DEFAULTS.dig(mode, flag) }` in a loop of the class
      // body (laa-check-client-qualifies' ModeConfig): a class method, as `def self.x` makes.
      const [first] = symbolNames(args.slice(0, 1));
      const proc = block ?? (args[1] instanceof RProc ? args[1] : undefined);
      if (first === undefined || !proc) return undefined;
      (name === "define_method" ? m.methods : m.singleton).set(first, { kind: "proc", owner: self.path, proc, name: first });
      return sym(first);
    }
    case "alias_method": {
      const [to, from] = symbolNames(args);
      const def = from !== undefined ? it.classes.instanceMethod(self.path, from) : undefined;
      if (to !== undefined && def) m.methods.set(to, def);
      return to !== undefined ? sym(to) : null;
    }
    case "private":
    case "public":
    case "protected":
      // Bare: the `def`s after it in this body; with names (`private :x`, `private def x`): those.
      if (!args.length) m.visibility = name;
      for (const n of symbolNames(args)) {
        const def = m.methods.get(n);
        if (def?.kind === "def") m.methods.set(n, { ...def, visibility: name === "public" ? undefined : name });
      }
      return args.length === 1 ? args[0] : null;
    case "private_constant":
    case "public_constant":
    case "private_class_method":
    case "public_class_method":
    case "module_eval":
    case "freeze":
      return args.length === 1 ? args[0] : null;
  }
  return undefined;
}

/**
 * `delegate :a, :b, to: :target, prefix:, allow_nil:` (ActiveSupport's Module#delegate): a method
 * per name that calls it on the target; `to:` names a method, an instance variable or a constant.
 */
function delegate(table: Map<string, MethodDef>, owner: string, args: RValue[]): RValue | undefined {
  const options = args[args.length - 1];
  const to = options instanceof RHash ? options.sget("to") : undefined;
  const target = to instanceof RSymbol ? to.name : stringValue(to);
  if (target === undefined) return undefined;
  const prefix = (options as RHash).sget("prefix");
  // `prefix: true` with an instance variable raises ArgumentError in ActiveSupport: not modelled.
  if (prefix === true && !/^[a-z_]\w*$/.test(target)) return undefined;
  const given = prefix instanceof RSymbol ? prefix.name : stringValue(prefix);
  const named = prefix === true ? `${target}_` : given ? `${given}_` : "";
  const allowNil = (options as RHash).sget("allow_nil") === true;
  const names = symbolNames(args.slice(0, -1));
  for (const method of names) table.set(`${named}${method}`, { kind: "delegate", owner, to: target, method, allowNil });
  return names.map((n) => sym(`${named}${n}`));
}

/** `class Name < Super … end`: the class recorded, its body run; a Struct superclass makes Struct instances. */
function defineClass(it: Evaluator, n: N.ClassNode, env: Env): RValue {
  const path = qualified(it, n.constantPath, env);
  const superclass = n.superclass ? it.eval(n.superclass, env) : undefined;
  it.defineModule(path, n.body, env, superclass);
  const m = it.classes.get(path)!;
  m.isClass = true;
  if (superclass instanceof RStructClass) m.struct = new RStructClass(path, superclass.members, superclass.keywordInit, undefined, superclass.data);
  return null;
}

function defineModuleNode(it: Evaluator, n: N.ModuleNode, env: Env): RValue {
  const path = qualified(it, n.constantPath, env);
  it.classes.define(path, false);
  it.defineModule(path, n.body, env);
  return null;
}

/**
 * `class << self … end` in a class body: its `def`s are the class's singleton methods. A constant
 * written there is the singleton class's (`#<Class:AppAuth>::STRATEGIES`), which those methods
 * find lexically and `AppAuth::STRATEGIES` does not (trade-tariff-admin's AppAuth).
 */
function singletonClass(it: Evaluator, n: N.SingletonClassNode, env: Env): RValue {
  const self = env.self;
  if (self.kind !== "module" || !(n.expression instanceof N.SelfNode)) return new RUnknown("class << …", false, "a singleton class Routemap does not follow");
  const body = n.body instanceof N.StatementsNode ? n.body.body : [];
  const m = it.classes.define(self.path, it.classes.get(self.path)?.isClass ?? true);
  const singleton = singletonClassPath(self.path);
  const cref = [...env.cref, singleton];
  for (const stmt of body) {
    if (stmt instanceof N.DefNode) m.singleton.set(stmt.name, { kind: "def", node: stmt, owner: self.path, cref, index: it.index });
    else if (stmt instanceof N.ConstantWriteNode) it.setConstantPath(`${singleton}::${stmt.name}`, it.eval(stmt.value, env));
    // `delegate :method_missing, to: :instance` (laa-submit-crime-forms' FeatureFlags, a Singleton).
    else if (stmt instanceof N.CallNode && stmt.name === "delegate" && !stmt.receiver) delegate(m.singleton, self.path, it.callArguments(stmt, env).args);
    else if (stmt instanceof N.CallNode && (stmt.name.startsWith("attr_") || stmt.name === "private")) {
      const { args } = it.callArguments(stmt, env);
      for (const attr of symbolNames(args)) {
        if (stmt.name !== "attr_writer" && stmt.name !== "private") m.singleton.set(attr, { kind: "reader", owner: self.path, ivar: `@${attr}` });
        if (stmt.name === "attr_writer" || stmt.name === "attr_accessor") m.singleton.set(`${attr}=`, { kind: "writer", owner: self.path, ivar: `@${attr}` });
      }
    }
  }
  return null;
}

/** The name a singleton class goes by in a method's lexical scope (`cref`): Ruby's inspect of it, which no constant path can be. */
export const singletonClassPath = (path: string) => `#<Class:${path}>`;

export const DEFINITIONS: Handlers = [
  [N.DefNode, (it, n: N.DefNode, env) => {
    it.defineMethod(n, env);
    return sym(n.name);
  }],
  [N.ClassNode, (it, n: N.ClassNode, env) => defineClass(it, n, env)],
  [N.ModuleNode, (it, n: N.ModuleNode, env) => defineModuleNode(it, n, env)],
  [N.SingletonClassNode, (it, n: N.SingletonClassNode, env) => singletonClass(it, n, env)],
  [N.AliasMethodNode, (it, n: N.AliasMethodNode, env) => {
    const { path } = definee(env);
    const to = n.newName instanceof N.SymbolNode ? n.newName.unescaped.value : undefined;
    const from = n.oldName instanceof N.SymbolNode ? n.oldName.unescaped.value : undefined;
    const def = from !== undefined ? it.classes.instanceMethod(path, from) : undefined;
    if (to !== undefined && def) it.classes.define(path, true).methods.set(to, def);
    return null;
  }],
  [N.UndefNode, () => null],
  [N.LambdaNode, (it, n: N.LambdaNode, env) => it.makeProc(n, env, true)],
];
