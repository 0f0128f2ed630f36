/**
 * A small interpreter for the Ruby found in routes files. It evaluates literals, locals,
 * constants, conditionals, loops over literal collections, `def`s and blocks, and hands
 * every routing DSL call to the mapper. It never runs anything outside the files given:
 * an unknown method is an information diagnostic whose block is still evaluated, and a
 * value it cannot know is an `RUnknown` that spreads quietly.
 */
import * as N from "@ruby/prism/src/nodes.js";
import type { EngineClass } from "../mapper/engines.js";
import { RoutingError } from "../mapper/errors.js";
import { underscore } from "../inflector.js";
import { rootScope } from "../mapper/scope.js";
import { scope } from "../mapper/scoping.js";
import type { Call, MapperHost, MapperState, SourceRef } from "../mapper/state.js";
import type { LineIndex } from "../ruby/lineIndex.js";
import {
  RConst, RHash, RInquirer, RMapper, RMerger, RObject, RProc, RRange, RRegexp, RSymbol, RUnknown, RValue, sym, toS, truthy, inspect, typeName,
  UnknownValueError, unknownConstant,
} from "../ruby/values.js";
import type { RouteSet } from "../mapper/routeSet.js";
import type { Declaration, Diagnostic, LiteralArgument, Severity, Span } from "../types.js";
import { callMethod } from "./builtins.js";
import { ClassRegistry } from "./classes.js";
import type { AppConstants } from "../app/constants.js";
import { routingMethod, type DslMethod } from "./dispatch.js";
import { Env, Self } from "./env.js";
import { BreakSignal, BudgetExceeded, NextSignal, ReturnSignal } from "./signals.js";

type Node = N.Node;

/** Said where a value only the running app knows was needed: what was skipped, and for what. */
const unknownValueMessage = (what: string, value: RUnknown) =>
  `Routemap skipped this ${what}: it depends on \`${value.description}\`, ${value.why}.`;

const TOO_DEEP = "Routemap skipped this statement: it nests too deeply for Routemap's evaluator (a chain of thousands of operators or calls).";
/**
 * V8's stack overflow. Checked without a regexp: this runs at the stack's limit, and a
 * regexp compiled there fails with a SyntaxError of its own. Should the check itself
 * overflow, the RangeError goes to the statement around, with more stack to spare.
 */
const isStackOverflow = (e: unknown) => e instanceof RangeError && e.message.indexOf("call stack") >= 0;

/** More iterations than any routes file needs; a loop past this is taken to be endless. */
const MAX_LOOP_ITERATIONS = 10_000;

export interface LoadedFile {
  program: N.ProgramNode;
  index: LineIndex;
  /** Byte offsets where the parser reported syntax errors. */
  syntaxErrors: number[];
}

export interface InterpreterOptions {
  load(path: string): LoadedFile | undefined;
  /** The app's root when the entry is its `config/routes.rb`: where `appFile` looks. */
  appRoot?: string;
  /** Constants the app defines outside the routes files. */
  appConstants?: AppConstants;
  exists(path: string): boolean;
  /** Why a file that exists was not read by the host, if it was not. */
  unread(path: string): string | undefined;
  railsEnv: string;
  diagnostics: Diagnostic[];
  /** Node evaluations allowed in one run: a guard against loops that never end. */
  budget: number;
}

/** An unknown method's block, run as the DSL call it may be (`devise_for ... do`). */
const callBlock: DslMethod = (_m, call) => {
  call.block!.call([]);
};
const NO_NODES: Node[] = [];
const isSpreadOrMissing = (n: Node) => n instanceof N.SplatNode || n instanceof N.MissingNode;
const isSpreadOrBlock = (n: Node) => n instanceof N.SplatNode || n instanceof N.BlockArgumentNode;

export class Interpreter implements MapperHost {
  mapper!: MapperState;
  private readonly defs = new Map<string, N.DefNode>();
  /** Classes the files define: what `X.new` and calls on their objects need. */
  private readonly classes = new ClassRegistry();
  private readonly constants = new Map<string, RValue>();
  private readonly ivars = new Map<string, RValue>();
  /** The DSL calls in flight, innermost last: it is the source of the routes being drawn. */
  private readonly sites: DeclarationRecord[] = [];
  private readonly namespaces: string[] = [];
  readonly declarations: DeclarationRecord[] = [];
  private readonly concernNodes: DeclarationRecord[] = [];
  /** The application's route set, as opposed to an engine's. */
  appSet!: RouteSet;
  private readonly files: LineIndex[] = [];
  /** Syntax errors of the files that have some, by file. */
  private readonly syntaxErrors = new Map<LineIndex, number[]>();
  private readonly reported = new Set<string>();
  private steps = 0;
  private depth = 0;
  private readonly engineFilesTried = new Set<string>();
  /** Files read for what they define, whose diagnostics are not the user's concern here. */
  readonly quietFiles = new Set<string>();

  constructor(private readonly o: InterpreterOptions) {}

  // ---- MapperHost -------------------------------------------------------------------------

  source(): Span {
    const site = this.sites[this.sites.length - 1];
    if (site) return site.span;
    const index = this.files[this.files.length - 1];
    return index ? index.span(0, 0) : { file: "", start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };
  }

  sourceRef(): SourceRef {
    const site = this.sites[this.sites.length - 1];
    return site ?? { span: this.source() };
  }

  fileExists(path: string): boolean {
    return this.o.exists(path);
  }

  evalFile(path: string, name: string): void {
    // Rails would recurse until the stack overflows; we stop at the first repeat.
    const cycle = this.files.find((f) => f.file === path);
    if (cycle) throw new RoutingError(`draw cycle: ${name}.rb is already being drawn, and drawing it again would never end`, "SystemStackError");
    const loaded = this.o.load(path);
    if (!loaded) {
      const reason = this.o.unread(path);
      if (reason === undefined) throw new RoutingError(`No such file or directory @ rb_sysopen - ${path}`, "Errno::ENOENT");
      // Not Rails' error: Rails would read it (or wait on it forever). The table lacks its routes.
      this.report("warning", `Routemap did not read the drawn file ${name}.rb: ${reason}. The routes it draws are missing.`, this.source(), "file-not-read");
      return;
    }
    const declaration = this.declarations[this.declarations.length - 1];
    if (declaration?.method === "draw") declaration.drawnFile = path;
    this.runFile(loaded, { kind: "mapper" });
  }

  info(message: string): void {
    this.report("info", message, this.source(), "info");
  }

  get inApp(): boolean {
    return this.o.appRoot !== undefined;
  }

  appFile(relative: string): LoadedFile | undefined {
    return this.o.appRoot === undefined ? undefined : this.o.load(`${this.o.appRoot}/${relative}`);
  }

  // ---- entry points -----------------------------------------------------------------------

  /** Evaluates a file's top level; `self` is `main` for the entry file, the mapper for drawn ones. */
  runFile(file: LoadedFile, self: Self): void {
    if (file.syntaxErrors.length) this.syntaxErrors.set(file.index, file.syntaxErrors);
    this.files.push(file.index);
    try {
      this.statements(file.program.statements, new Env(self));
    } catch (e) {
      if (e instanceof ReturnSignal || e instanceof NextSignal || e instanceof BreakSignal) return;
      throw e;
    } finally {
      this.files.pop();
    }
  }

  get index(): LineIndex {
    return this.files[this.files.length - 1];
  }

  report(severity: Severity, message: string, span: Span, code: string, related?: Diagnostic["related"]): void {
    const key = `${severity}|${code}|${message}|${span.file}:${span.start.line}:${span.start.character}`;
    if (this.reported.has(key)) return;
    this.reported.add(key);
    this.o.diagnostics.push({ severity, message, span, code, ...(related ? { related } : {}) });
  }

  private nodeSpan(node: Node): Span {
    const loc = node.location;
    return this.index.span(loc.startOffset, loc.startOffset + loc.length);
  }

  // ---- statements and expressions ---------------------------------------------------------

  statements(node: N.StatementsNode | null | undefined, env: Env): RValue {
    let last: RValue = null;
    if (!node) return last;
    for (const stmt of node.body) {
      try {
        last = this.eval(stmt, env);
      } catch (e) {
        // A Ruby-level error outside any DSL call (`yield` without a block, runaway recursion):
        // report it on the statement and go on, as a DSL error would.
        if (e instanceof RoutingError) this.report("error", e.message, e.span ?? this.nodeSpan(stmt), "ruby-error");
        else if (e instanceof UnknownValueError) this.report("info", unknownValueMessage("statement", e.value), this.nodeSpan(stmt), "unknown-value");
        // An expression too deep for the evaluator's own stack (a chain of thousands of `+`):
        // the innermost statement around it is skipped, the rest evaluated.
        else if (isStackOverflow(e)) this.report("error", TOO_DEEP, this.nodeSpan(stmt), "too-deep");
        // Ruby would build it (`"a" * 10**9`); JavaScript's strings and arrays stop short of that.
        else if (e instanceof RangeError) this.report("info", `Routemap skipped this statement: it builds a value larger than Routemap evaluates (${e.message}).`, this.nodeSpan(stmt), "too-large");
        else throw e;
        last = null;
      }
    }
    return last;
  }

  /** Counts one iteration of a Ruby loop; a loop that runs away is stopped with an error. */
  loopIteration(node: Node, count: number): boolean {
    if (count < MAX_LOOP_ITERATIONS) return true;
    this.report("error", `Routemap stopped this loop after ${MAX_LOOP_ITERATIONS} iterations: it does not seem to end.`, this.nodeSpan(node), "endless-loop");
    return false;
  }

  eval(node: Node | null | undefined, env: Env): RValue {
    if (!node) return null;
    if (++this.steps > this.o.budget) throw new BudgetExceeded("evaluation budget exhausted");
    const handler = HANDLERS.get(node.constructor as NodeClass);
    if (handler) return handler.call(this, node, env);
    return new RUnknown(`(${node.constructor.name})`, false, "Ruby that Routemap does not evaluate");
  }

  truthyCondition(node: Node, env: Env): boolean {
    const value = this.eval(node, env);
    if (value instanceof RUnknown) {
      this.undecidable(node, value);
      return true;
    }
    return truthy(value);
  }

  /**
   * A condition we cannot decide: the branch that draws the guarded routes is taken (the `if`
   * or `when` body, so `true`; the `unless` body, so `false`), and the user is told which.
   */
  undecidable(node: Node, value: RUnknown, assumed = true): void {
    this.report(
      "info",
      `This condition cannot be decided statically (${value.description}); Routemap takes the branch where it is ${assumed}.`,
      this.nodeSpan(node),
      "undecidable-condition",
    );
  }

  // ---- calls -----------------------------------------------------------------------------

  evalCall(node: N.CallNode, env: Env): RValue {
    const name = node.name;
    if (node.receiver === null || node.receiver instanceof N.SelfNode) return this.selfCall(node, env, name);
    // `Rails.application.routes.draw do ... end` and `X::Engine.routes.draw`: the block is the routes.
    if ((name === "draw" || name === "prepend" || name === "append") && node.block instanceof N.BlockNode && isRoutesReceiver(node.receiver)) {
      const block = node.block;
      const engine = this.engineOf((node.receiver as N.CallNode).receiver, env);
      if (engine) this.drawEngine(engine, () => this.runBlockAsMapper(block, env));
      else this.runBlockAsMapper(block, env);
      return null;
    }
    const receiver = this.eval(node.receiver, env);
    if (node.isSafeNavigation() && receiver === null) return null;
    if (receiver instanceof RMerger) return this.mergerCall(node, env, receiver);
    if (receiver instanceof RMapper) return this.selfCall(node, env.child({ kind: "mapper" }), name);
    const { args, block } = this.callArguments(node, env);
    const def = this.methodOf(receiver, name);
    if (def) return this.callDef(def.node, args, block, def.self);
    // `ActiveAdmin.routes(self)`: code outside the routes files given the mapper may draw anything.
    if (args.some((a) => a instanceof RMapper) && !(receiver instanceof RObject)) {
      const text = this.index.slice(node.location.startOffset, node.location.startOffset + node.location.length).replace(/\s+/g, " ").slice(0, 60);
      this.report("info", `\`${text}\` passes the routes to code outside the routes files: Routemap does not know the routes it draws.`, callSpan(node, this.index), "unknown-method");
      return new RUnknown(`${describe(receiver)}.${name}`);
    }
    const result = callMethod(this, receiver, name, args, block);
    if (result !== undefined) return result;
    if (!(receiver instanceof RUnknown)) this.unknownMethod(node, `${inspect(receiver, this.mapper.ruby)}.${name}`);
    return new RUnknown(`${describe(receiver)}.${name}`);
  }

  /** The engine whose `routes` these are, or undefined for the application's own. */
  private engineOf(owner: Node | null, env: Env): string | undefined {
    if (!owner || owner instanceof N.CallNode) return undefined; // `Rails.application.routes`
    const value = this.eval(owner, env);
    if (!(value instanceof RConst) || /(^|::)Application$/.test(value.path)) return undefined;
    return this.mapper.engines.isEngine(value.path) ? value.path : undefined;
  }

  /** Draws into an engine's own route set, as `RouteSet#eval_block` with its default scope. */
  private drawEngine(path: string, body: () => void): void {
    const app = this.mapper;
    this.mapper = { ...app, scope: rootScope(), set: app.engines.setFor(path), concerns: new Map() };
    try {
      const module = app.engines.defaultModule(path);
      if (module) scope(this.mapper, { args: [new RHash([[sym("module"), module]])], block: null }, body);
      else body();
    } finally {
      this.mapper = app;
    }
  }

  /**
   * A class: its methods, for `X.new` and the calls on its objects (a concern's callable),
   * and for `module A; class Engine < ::Rails::Engine; isolate_namespace A; end; end`, the
   * engine's name and namespace. Nothing else in its body is run.
   */
  defineClass(n: N.ClassNode): RValue {
    const path = this.qualify(this.sourceText(n.constantPath));
    const superclass = n.superclass ? this.sourceText(n.superclass) : "";
    this.classes.defineClass(path, superclass ? this.qualifyConstant(superclass) : undefined, asStatements(n.body)?.body ?? []);
    if (/^(::)?Rails::Engine$/.test(superclass)) {
      const engine: EngineClass = {};
      for (const stmt of asStatements(n.body)?.body ?? []) {
        if (!(stmt instanceof N.CallNode) || stmt.receiver) continue;
        const arg = stmt.arguments_?.arguments_[0];
        if (stmt.name === "isolate_namespace" && arg) engine.isolatedNamespace = this.qualifyConstant(this.sourceText(arg));
        if (stmt.name === "engine_name" && arg instanceof N.StringNode) engine.engineName = arg.unescaped.value;
      }
      this.mapper.engines.classes.set(path, engine);
    }
    return this.constant(path);
  }

  /** A module: the classes and modules inside it, and its `def self.` methods (a callable's `call`). */
  defineModule(n: N.ModuleNode, env: Env): RValue {
    const path = this.qualify(this.sourceText(n.constantPath));
    this.namespaces.push(this.sourceText(n.constantPath));
    try {
      for (const stmt of asStatements(n.body)?.body ?? []) {
        if (stmt instanceof N.ModuleNode || stmt instanceof N.ClassNode) this.eval(stmt, env);
        else if (stmt instanceof N.DefNode && stmt.receiver instanceof N.SelfNode) this.classes.defineSingleton(path, stmt);
      }
    } finally {
      this.namespaces.pop();
    }
    return null;
  }

  private sourceText(node: Node): string {
    return this.index.slice(node.location.startOffset, node.location.startOffset + node.location.length);
  }

  private qualify(name: string): string {
    if (name.startsWith("::")) return name.slice(2);
    return [...this.namespaces, name].join("::");
  }

  /** A constant named inside modules: `Blog` inside `module Blog` is `Blog`, not `Blog::Blog`. */
  private qualifyConstant(name: string): string {
    if (name.startsWith("::")) return name.slice(2);
    for (let i = this.namespaces.length; i > 0; i--) {
      const candidate = this.namespaces.slice(0, i);
      if (candidate[candidate.length - 1] === name) return candidate.join("::");
    }
    return name;
  }

  private runBlockAsMapper(block: N.BlockNode, env: Env): void {
    this.statements(asStatements(block.body), new Env({ kind: "mapper" }, env));
  }

  private selfCall(node: N.CallNode, env: Env, name: string): RValue {
    const self = env.self;
    if (self.kind === "merger") return this.mergerCall(node, env, self.merger);
    // Inside an object's method, its class's methods come first; top-level `def`s after.
    const def = (self.kind === "object" ? this.classes.instanceMethod(self.object.className, name) : undefined) ?? this.defs.get(name);
    if (def) {
      const { args, block } = this.callArguments(node, env);
      return this.callDef(def, args, block, env.self);
    }
    // The routing DSL first: nearly every call is one, and no DSL name is a Kernel method here.
    const dsl = routingMethod(name, this.mapper);
    if (dsl && self.kind === "mapper") {
      return this.dispatch(node, dsl, this.callArguments(node, env));
    }
    if (dsl) {
      const receiver = self.kind === "object" ? `an instance of ${self.object.className}` : "main:Object";
      this.report("error", `undefined method \`${name}' for ${receiver}`, callSpan(node, this.index), "no-method-error");
      return null;
    }
    const builtin = this.kernelCall(node, env, name);
    if (builtin !== undefined) return builtin;
    if (node.isVariableCall()) {
      this.unknownMethod(node, name);
      return new RUnknown(name);
    }
    this.unknownMethod(node, name);
    const { block } = this.callArguments(node, env);
    if (block) {
      const set = this.mapper.set;
      const outer = set.unknownScope;
      set.unknownScope = name;
      try {
        this.dispatch(node, callBlock, { args: [], block });
      } finally {
        set.unknownScope = outer;
      }
    }
    return new RUnknown(name);
  }

  /** `with_options(...) do |r| r.resources ... end`: merges the options into the last Hash argument. */
  private mergerCall(node: N.CallNode, env: Env, merger: RMerger): RValue {
    // `r.with_options(as: "x") do |s| ... end`: the proxy passes the call on, merged, to the
    // mapper, whose `with_options` makes a proxy of the merged options; a chain does the same.
    if (node.name === "with_options") return this.withOptions(node, env, merger);
    const { args, block } = this.callArguments(node, env);
    // Each proxy of a chain merges its options under what the call (or the proxy inside it) gave.
    for (let m: RMerger | null = merger; m; m = m.target) {
      const last = args[args.length - 1];
      if (last instanceof RHash) args[args.length - 1] = deepMerge(m.options, last);
      else args.push(m.options.dup());
    }
    const dsl = routingMethod(node.name, this.mapper);
    if (!dsl) {
      this.unknownMethod(node, node.name);
      return new RUnknown(node.name);
    }
    return this.dispatch(node, dsl, { args, block });
  }

  /** Runs a DSL call with its node as the current source; Rails' errors become diagnostics here. */
  dispatch(node: N.CallNode, method: DslMethod, call: Call): RValue {
    const set = this.mapper.set;
    const first = set.size;
    const declaration = this.declare(node, this.index);
    this.sites.push(declaration);
    const partial = this.mapper.partial;
    const broken = this.spansSyntaxError(node);
    this.mapper.partial = partial || broken;
    try {
      return method(this.mapper, call) ?? null;
    } catch (e) {
      if (e instanceof RoutingError) {
        // A call that spans a syntax error is being typed: what Rails would say of the
        // arguments the parser guessed for it is noise beside the syntax error.
        if (!broken) {
          this.report("error", e.message, e.span ?? declaration.span, e.rubyClass === "ArgumentError" ? "argument-error" : "ruby-error");
        }
        return null;
      }
      if (e instanceof UnknownValueError) {
        const what = `\`${node.name}\`${call.block ? " and its block" : ""}`;
        this.report("info", unknownValueMessage(what, e.value), declaration.span, "unknown-value");
        return null;
      }
      throw e;
    } finally {
      this.mapper.partial = partial;
      this.sites.pop();
      declaration.routesEnd(first, set.size);
      if (set !== this.appSet) declaration.engine = this.engineName(set);
    }
  }


  /**
   * Draws routes that Rails or a gem adds, outside the routes files' evaluation, with `node`
   * (a call in `file`: the `require` that loads a framework) as their source; `origin` names
   * who draws them.
   */
  drawAt(node: N.CallNode, file: LoadedFile, origin: string, body: () => void): void {
    const set = this.mapper.set;
    const first = set.size;
    const declaration = this.declare(node, file.index);
    declaration.origin = origin;
    this.sites.push(declaration);
    try {
      body();
    } catch (e) {
      if (!(e instanceof RoutingError)) throw e;
      this.report("error", e.message, declaration.span, "ruby-error");
    } finally {
      this.sites.pop();
      declaration.routesEnd(first, set.size);
    }
  }

  private spansSyntaxError(node: Node): boolean {
    const errors = this.syntaxErrors.get(this.index);
    if (!errors) return false;
    const start = node.location.startOffset;
    const end = start + node.location.length;
    return errors.some((at) => at >= start && at <= end);
  }

  /** Records a DSL call for the editor features. */
  private declare(node: N.CallNode, index: LineIndex): DeclarationRecord {
    const declaration = new DeclarationRecord(node, index);
    this.declarations.push(declaration);
    if (node.name === "concern") this.concernNodes.push(declaration);
    return declaration;
  }

  /** `concern :name` definitions, by name. */
  concernDefinitions(): { name: string; span: Span }[] {
    return this.concernNodes
      .filter((d) => d.literals[0] && d.literals[0].key === undefined)
      .map((d) => ({ name: d.literals[0].value, span: d.span }));
  }

  private engineName(set: RouteSet): string | undefined {
    for (const [name, engineSet] of this.mapper.engines.sets) if (engineSet === set) return name;
    return undefined;
  }

  unknownMethod(node: N.CallNode, name: string): void {
    const span = node.messageLoc
      ? this.index.span(node.messageLoc.startOffset, node.messageLoc.startOffset + node.messageLoc.length)
      : callSpan(node, this.index);
    this.report(
      "info",
      `Unknown method \`${name}\`: Routemap does not know the routes it adds (its block, if any, is still evaluated).`,
      span,
      "unknown-method",
    );
  }

  /** Methods every object has in a routes file: `lambda`, `require`, `puts`, `with_options`... */
  private kernelCall(node: N.CallNode, env: Env, name: string): RValue | undefined {
    switch (name) {
      case "lambda":
      case "proc":
        return node.block instanceof N.BlockNode ? this.makeProc(node.block, env, name === "lambda") : undefined;
      case "method": {
        // `method(:draw_pages)`, as a block (`each(&method(:draw_pages))`): a `def` of the files.
        const { args } = this.callArguments(node, env);
        const def = this.defs.get(toS(args[0] ?? null));
        if (!def) return undefined;
        const self = env.self;
        return new RProc((callArgs) => this.callDef(def, callArgs, null, self), true, () => `#<Method: Object#${def.name}>`);
      }
      case "require":
      case "require_relative":
      case "puts":
      case "p":
      case "pp":
      case "print":
      case "warn":
        this.callArguments(node, env);
        return null;
      case "block_given?":
        return env.block !== null;
      case "with_options":
        return this.withOptions(node, env, env.self.kind === "merger" ? env.self.merger : null);
      case "raise":
      case "fail": {
        const { args } = this.callArguments(node, env);
        const message = args.length > 1 ? toS(args[1]) : args.length ? toS(args[0]) : "unhandled exception";
        this.report("error", message, callSpan(node, this.index), "raise");
        return null;
      }
      case "loop":
        if (node.block instanceof N.BlockNode) {
          const proc = this.makeProc(node.block, env, false);
          try {
            for (let i = 0; this.loopIteration(node, i); i++) proc.call([]);
          } catch (e) {
            if (e instanceof BreakSignal) return e.value;
            throw e;
          }
        }
        return undefined;
      case "binding":
      case "eval":
      case "instance_eval":
      case "class_eval":
      case "system":
      case "exec":
      case "spawn":
      case "load":
        // Code that would run Ruby we cannot see: never evaluated.
        this.unknownMethod(node, name);
        return new RUnknown(name);
    }
    if (env.self.kind === "mapper" && (name === "send" || name === "public_send" || name === "__send__")) {
      const { args, block } = this.callArguments(node, env);
      const method = toS(args.shift() ?? null);
      const dsl = routingMethod(method, this.mapper);
      const def = this.defs.get(method);
      if (def) return this.callDef(def, args, block, env.self);
      if (dsl) return this.dispatch(node, dsl, { args, block });
      this.unknownMethod(node, method);
      return new RUnknown(method);
    }
    if (name === "self") return env.self.kind === "mapper" ? RMapper.instance : null;
    return undefined;
  }

  /** `with_options(options) { |proxy| ... }`, the proxy passing calls on to `outer` (a proxy) or the mapper. */
  private withOptions(node: N.CallNode, env: Env, outer: RMerger | null): RValue {
    const { args } = this.callArguments(node, env);
    const options = args[0] instanceof RHash ? args[0] : new RHash();
    const merger = new RMerger(options, outer);
    if (node.block instanceof N.BlockNode) {
      const params = node.block.parameters;
      // A block that takes no parameter is instance_eval'd on the proxy.
      if (params) this.makeProc(node.block, env, false).call([merger]);
      else this.statements(asStatements(node.block.body), env.child({ kind: "merger", merger }));
    }
    return merger;
  }

  /** A method the files define for this receiver: an object's instance method, or a class's `def self.` one. */
  private methodOf(receiver: RValue, name: string): { node: N.DefNode; self: Self } | undefined {
    if (receiver instanceof RObject) {
      const node = this.classes.instanceMethod(receiver.className, name);
      return node && { node, self: { kind: "object", object: receiver } };
    }
    if (receiver instanceof RConst) {
      const node = this.classes.singletonMethod(receiver.path, name);
      return node && { node, self: { kind: "main" } };
    }
    return undefined;
  }

  /** `X.new(...)` for a class the files define: an object, its `initialize` run; else undefined. */
  instantiate(className: string, args: RValue[], block: RProc | null): RObject | undefined {
    if (!this.classes.has(className)) return undefined;
    const object = new RObject(className, this.classes.instanceMethodNames(className));
    const init = this.classes.instanceMethod(className, "initialize");
    if (init) this.callDef(init, args, block, { kind: "object", object });
    return object;
  }

  callValue(value: RValue, args: RValue[]): RValue {
    if (value instanceof RProc) return value.call(args);
    const def = this.methodOf(value, "call");
    if (def) return this.callDef(def.node, args, null, def.self);
    if (value instanceof RUnknown) throw new UnknownValueError(value);
    if (value instanceof RConst && !this.classes.has(value.path)) throw new UnknownValueError(unknownConstant(value.path));
    throw new RoutingError(`undefined method \`call' for ${inspect(value, this.mapper.ruby)}:${typeName(value)}`, "NoMethodError");
  }

  callDef(def: N.DefNode, args: RValue[], block: RProc | null, self: Self): RValue {
    if (++this.depth > 200) {
      this.depth--;
      throw new RoutingError("stack level too deep", "SystemStackError");
    }
    const env = new Env(self, null, block);
    try {
      bindParameters(this, def.parameters, args, env, () => this.definitionSpan(def, def.parameters, def.rparenLoc ?? def.nameLoc));
      return this.eval(def.body, env);
    } catch (e) {
      if (e instanceof ReturnSignal) return e.value;
      throw e;
    } finally {
      this.depth--;
    }
  }

  makeProc(block: N.BlockNode | N.LambdaNode, env: Env, lambda: boolean): RProc {
    const index = this.index;
    const params = block instanceof N.LambdaNode ? (block.parameters as N.BlockParametersNode | null) : (block.parameters as N.BlockParametersNode | null);
    // Worked out only when printed: it needs the line, and a position costs an index of the file.
    const label = () => `#<Proc:0x0000000000000000 ${index.file}:${index.position(block.location.startOffset).line + 1}${lambda ? " (lambda)" : ""}>`;
    return new RProc(
      (args) => {
        const inner = env.child();
        this.files.push(index);
        try {
          bindBlockParameters(this, params, args, inner, lambda ? () => this.definitionSpan(block, params, block.openingLoc, index) : undefined);
          return this.eval(block.body, inner);
        } catch (e) {
          if (e instanceof NextSignal) return e.value;
          if (lambda && e instanceof ReturnSignal) return e.value;
          throw e;
        } finally {
          this.files.pop();
        }
      },
      lambda,
      label,
    );
  }

  /**
   * Values of `nodes` (none a splat or a block argument), keywords as a Hash, in a list made
   * at its size: a list grown from empty by `push` has room for seventeen, and a routes file
   * is mostly calls of one or two arguments.
   */
  evalEach(nodes: Node[], env: Env): RValue[] {
    const out: RValue[] = new Array(nodes.length);
    for (let i = 0; i < nodes.length; i++) {
      const node = nodes[i];
      out[i] = node instanceof N.KeywordHashNode ? this.hashElements(node.elements, env) : this.eval(node, env);
    }
    return out;
  }

  /** Evaluates positional arguments (splats spread, keywords as a trailing Hash) and the block. */
  callArguments(node: { arguments_: N.ArgumentsNode | null; block?: Node | null }, env: Env): Call {
    const nodes = node.arguments_?.arguments_ ?? NO_NODES;
    if (!nodes.some(isSpreadOrBlock)) return { args: this.evalEach(nodes, env), block: this.blockOf(node.block ?? null, env) };
    const args: RValue[] = [];
    let blockArgument: N.BlockArgumentNode | null = null;
    for (const arg of nodes) {
      if (arg instanceof N.SplatNode) {
        const v = this.eval(arg.expression, env);
        if (Array.isArray(v)) args.push(...v);
        else if (v !== null) args.push(v);
      } else if (arg instanceof N.KeywordHashNode) {
        args.push(this.hashElements(arg.elements, env));
      } else if (arg instanceof N.BlockArgumentNode) {
        blockArgument ??= arg;
      } else args.push(this.eval(arg, env));
    }
    return { args, block: this.blockOf(node.block ?? blockArgument, env) };
  }

  /** A call's block: a literal block, or the proc a `&block` argument passes. */
  private blockOf(blockNode: Node | null, env: Env): RProc | null {
    if (blockNode instanceof N.BlockNode) return this.makeProc(blockNode, env, false);
    if (blockNode instanceof N.BlockArgumentNode) {
      const v = blockNode.expression ? this.eval(blockNode.expression, env) : env.block;
      if (v instanceof RProc) return v;
      // `&:to_s`: Symbol#to_proc, a block that sends the method to its first argument.
      if (v instanceof RSymbol) return new RProc((args) => this.send(args[0] ?? null, v.name, args.slice(1), null), false, () => "#<Proc:(&:" + v.name + ") (lambda)>");
    }
    return null;
  }

  /** `recv.public_send(name, *args)`: a method the files define, else a core one; unknown otherwise. */
  send(recv: RValue, name: string, args: RValue[], block: RProc | null): RValue {
    const def = this.methodOf(recv, name);
    if (def) return this.callDef(def.node, args, block, def.self);
    return callMethod(this, recv, name, args, block) ?? new RUnknown(`${describe(recv)}.${name}`);
  }

  hashElements(elements: Node[], env: Env): RHash {
    if (elements.every((el) => el instanceof N.AssocNode)) return this.pairs(elements as N.AssocNode[], env);
    const hash = new RHash();
    for (const el of elements) {
      if (el instanceof N.AssocNode) {
        const key = this.eval(el.key, env);
        hash.set(key, this.assocValue(el, env));
      } else if (el instanceof N.AssocSplatNode) {
        const v = this.eval(el.value, env);
        if (v instanceof RHash) for (const [k, val] of v.entries()) hash.set(k, val);
      }
    }
    return hash;
  }

  /** `key => value` pairs only: keys and values gathered in lists made at their size. */
  private pairs(elements: N.AssocNode[], env: Env): RHash {
    const keys: RValue[] = new Array(elements.length);
    const values: RValue[] = new Array(elements.length);
    let size = 0;
    for (const el of elements) {
      const key = this.eval(el.key, env);
      const value = this.assocValue(el, env);
      // A repeated key keeps its first place and takes the last value, as Ruby's literal does.
      const at = keys.indexOf(key);
      if (at >= 0 && at < size) values[at] = value;
      else {
        keys[size] = key;
        values[size++] = value;
      }
    }
    if (size < elements.length) {
      keys.length = size;
      values.length = size;
    }
    return RHash.fromArrays(keys, values);
  }

  /** A pair's value; in the `{ id: }` shorthand, the local or method of the key's name. */
  private assocValue(el: N.AssocNode, env: Env): RValue {
    return el.value instanceof N.ImplicitNode ? this.eval(el.value.value, env) : this.eval(el.value, env);
  }

  defineMethod(node: N.DefNode): void {
    this.defs.set(node.name, node);
  }

  constant(name: string): RValue {
    if (this.constants.has(name)) return this.constants.get(name)!;
    if (name.endsWith("Engine")) this.readEngineClass(name);
    // A value the app defines elsewhere (lib/, an initializer): its literal, or why it is unknown.
    const app = this.o.appConstants?.lookup(name);
    if (app) return "value" in app ? app.value : app.unknown;
    return new RConst(name);
  }

  /**
   * An engine the app defines in lib/ (`lib/spree/core/engine.rb`, autoloaded as
   * `Spree::Core::Engine`): its class is read once, for its `isolate_namespace` and
   * `engine_name`, as the engines beside the app are before the routes. What its file says of
   * anything else is not checked (`quietFiles`).
   */
  private readEngineClass(name: string): void {
    if (this.o.appRoot === undefined || this.mapper.engines.classes.has(name) || this.engineFilesTried.has(name)) return;
    this.engineFilesTried.add(name);
    const file = this.o.load(`${this.o.appRoot}/lib/${underscore(name)}.rb`);
    if (!file) return;
    this.quietFiles.add(file.index.file);
    this.runFile(file, { kind: "main" });
  }

  setConstant(name: string, value: RValue): void {
    this.constants.set(name, value);
  }

  /** Instance variables: an object's own inside its methods, else the file's top level's. */
  ivar(name: string, self: Self): RValue {
    return (self.kind === "object" ? self.object.ivars : this.ivars).get(name) ?? null;
  }
  setIvar(name: string, value: RValue, self: Self): void {
    (self.kind === "object" ? self.object.ivars : this.ivars).set(name, value);
  }

  /**
   * Where Ruby reports a lambda or method called with the wrong number of arguments: its
   * own first line. The span runs from the definition to its parameters (`->(mapper)`,
   * `def call(mapper)`).
   */
  definitionSpan(node: Node, params: Node | null, fallback: N.Location | null, index = this.index): Span {
    const start = node.location.startOffset;
    const end = params ? params.location.startOffset + params.location.length : fallback ? fallback.startOffset + fallback.length : start;
    return index.span(start, Math.max(end, start));
  }

  inquirer(): RInquirer {
    return new RInquirer(this.o.railsEnv);
  }
}

// ---- helpers --------------------------------------------------------------------------------

type NodeClass = abstract new (...args: never[]) => Node;
type Handler = (this: Interpreter, node: any, env: Env) => RValue; // eslint-disable-line @typescript-eslint/no-explicit-any

/** The span of a call without its block: `get "x", to: "y#z"`. */
export function callSpan(node: N.CallNode, index: LineIndex): Span {
  const start = node.location.startOffset;
  let end = node.messageLoc ? node.messageLoc.startOffset + node.messageLoc.length : start + node.location.length;
  if (node.closingLoc) end = Math.max(end, node.closingLoc.startOffset + node.closingLoc.length);
  const args = node.arguments_?.arguments_ ?? [];
  const last = args[args.length - 1];
  if (last) end = Math.max(end, last.location.startOffset + last.location.length);
  return index.span(start, end);
}

/** A `Declaration` that works out its spans and literals from the call node when first asked. */
/**
 * A DSL call, recorded for the editor features; while it runs, it is also the source of the
 * routes it draws (`SourceRef`). Its spans and literals are worked out on first read.
 */
/** What a declaration works out when first asked (most are never asked). */
interface DeclarationCache {
  span?: Span;
  extent?: Span;
  label?: string;
  literals?: LiteralArgument[];
}

class DeclarationRecord implements Declaration, SourceRef {
  engine?: string = undefined;
  origin?: string = undefined;
  drawnFile?: string = undefined;
  private firstRoute = 0;
  private endRoute = 0;
  // One field, not four: every record lives as long as its result, and the collector copies each.
  private cache: DeclarationCache | undefined = undefined;

  constructor(
    private readonly node: N.CallNode,
    private readonly index: LineIndex,
  ) {}

  /** Indexes of the routes it drew, in the route list: `[first, end)`. */
  get routeRange(): [number, number] {
    return [this.firstRoute, this.endRoute];
  }
  routesEnd(first: number, end: number): void {
    this.firstRoute = first;
    this.endRoute = end;
  }
  get method(): string {
    return this.node.name;
  }
  get file(): string {
    return this.index.file;
  }
  get span(): Span {
    return ((this.cache ??= {}).span ??= callSpan(this.node, this.index));
  }
  get extent(): Span {
    const loc = this.node.location;
    return ((this.cache ??= {}).extent ??= this.index.span(loc.startOffset, loc.startOffset + loc.length));
  }
  get label(): string {
    const cache = (this.cache ??= {});
    if (cache.label === undefined) {
      const first = this.node.arguments_?.arguments_[0];
      const text = first ? this.index.slice(first.location.startOffset, first.location.startOffset + first.location.length) : "";
      cache.label = (text ? `${this.node.name} ${text}` : this.node.name).replace(/\s+/g, " ").slice(0, 80);
    }
    return cache.label;
  }
  get literals(): LiteralArgument[] {
    return ((this.cache ??= {}).literals ??= literalArguments(this.node.arguments_?.arguments_ ?? [], this.index));
  }
  /** Plain data for JSON: the getters are not own properties. */
  toJSON(): Declaration {
    const { method, label, file, span, extent, routeRange, engine, literals, drawnFile, origin } = this;
    return { method, label, file, span, extent, routeRange, engine, literals, drawnFile, origin };
  }
}

/** String and symbol literals among a call's arguments, with the option key they sit under. */
function literalArguments(args: Node[], index: LineIndex): LiteralArgument[] {
  const out: LiteralArgument[] = [];
  const add = (node: Node, key?: string) => {
    const span = () => index.span(node.location.startOffset, node.location.startOffset + node.location.length);
    if (node instanceof N.StringNode) out.push({ key, value: node.unescaped.value, kind: "string", span: span() });
    else if (node instanceof N.SymbolNode) out.push({ key, value: node.unescaped.value, kind: "symbol", span: span() });
    else if (node instanceof N.ArrayNode) node.elements.forEach((el) => add(el, key));
  };
  for (const arg of args) {
    if (arg instanceof N.KeywordHashNode || arg instanceof N.HashNode) {
      for (const el of arg.elements) {
        if (!(el instanceof N.AssocNode)) continue;
        if (el.key instanceof N.SymbolNode) add(el.value, el.key.unescaped.value);
        // `"photos" => "photos#index"`: the path is positional, the target is `to`.
        else if (el.key instanceof N.StringNode) {
          add(el.key);
          add(el.value, "to");
        }
      }
    } else add(arg);
  }
  return out;
}

function isRoutesReceiver(node: Node): boolean {
  return node instanceof N.CallNode && node.name === "routes";
}

function asStatements(body: Node | null): N.StatementsNode | null {
  if (body instanceof N.StatementsNode) return body;
  return null;
}

function describe(v: RValue): string {
  if (v instanceof RUnknown) return v.description;
  if (v instanceof RConst) return v.path;
  return inspect(v);
}

export function deepMerge(a: RHash, b: RHash): RHash {
  const out = a.dup();
  for (const [k, v] of b.entries()) {
    const existing = out.get(k);
    out.set(k, existing instanceof RHash && v instanceof RHash ? deepMerge(existing, v) : v);
  }
  return out;
}

/**
 * Binds arguments to parameters. `strict` (methods and lambdas) checks their number, and
 * says where Ruby reports a mismatch: the definition, not the call.
 */
function bindParameters(it: Interpreter, params: N.ParametersNode | null, given: RValue[], env: Env, strict?: () => Span): void {
  const args = [...given];
  if (!params) {
    if (strict && args.length) throw new RoutingError(`wrong number of arguments (given ${given.length}, expected 0)`, "ArgumentError", strict());
    return;
  }
  const keywords = params.keywords.length || params.keywordRest ? (args[args.length - 1] instanceof RHash ? (args.pop() as RHash) : new RHash()) : null;
  const required = params.requireds.length + params.posts.length;
  if (strict && (args.length < required || (!params.rest && args.length > required + params.optionals.length))) {
    const max = params.rest ? "+" : params.optionals.length ? `..${required + params.optionals.length}` : "";
    throw new RoutingError(`wrong number of arguments (given ${given.length}, expected ${required}${max})`, "ArgumentError", strict());
  }
  const bindTarget = (p: Node, v: RValue) => {
    if (p instanceof N.RequiredParameterNode) env.declare(p.name, v);
    else if (p instanceof N.MultiTargetNode) {
      const list = Array.isArray(v) ? v : [v];
      p.lefts.forEach((t, i) => bindTarget(t, list[i] ?? null));
    }
  };
  params.requireds.forEach((p) => bindTarget(p, args.shift() ?? null));
  const posts = params.posts.map(() => args.pop() ?? null).reverse();
  for (const p of params.optionals as N.OptionalParameterNode[]) {
    env.declare(p.name, args.length ? args.shift()! : it.eval(p.value, env));
  }
  if (params.rest instanceof N.RestParameterNode && params.rest.name) env.declare(params.rest.name, args);
  params.posts.forEach((p, i) => bindTarget(p, posts[i]));
  if (keywords) {
    for (const k of params.keywords) {
      if (k instanceof N.RequiredKeywordParameterNode) env.declare(k.name, keywords.sget(k.name) ?? null);
      else if (k instanceof N.OptionalKeywordParameterNode) {
        env.declare(k.name, keywords.shas(k.name) ? keywords.sget(k.name)! : it.eval(k.value, env));
      }
    }
    if (params.keywordRest instanceof N.KeywordRestParameterNode && params.keywordRest.name) {
      const rest = keywords.dup();
      for (const k of params.keywords) rest.sdelete((k as N.RequiredKeywordParameterNode).name);
      env.declare(params.keywordRest.name, rest);
    }
  }
  if (params.block?.name) env.declare(params.block.name, env.block);
}

/** A block's parameters; a lambda's (`strict`) are checked as a method's are. */
function bindBlockParameters(
  it: Interpreter,
  node: N.BlockParametersNode | N.NumberedParametersNode | N.ItParametersNode | null,
  args: RValue[],
  env: Env,
  strict?: () => Span,
): void {
  const lambda = strict !== undefined;
  if (node instanceof N.NumberedParametersNode) {
    const list = node.maximum > 1 && args.length === 1 && Array.isArray(args[0]) ? (args[0] as RValue[]) : args;
    for (let i = 1; i <= node.maximum; i++) env.declare(`_${i}`, list[i - 1] ?? null);
    return;
  }
  if (node instanceof N.ItParametersNode) {
    env.declare("it", args[0] ?? null);
    return;
  }
  const params = node?.parameters ?? null;
  if (!params) return bindParameters(it, null, args, env, strict);
  let list = args;
  // A proc auto-splats a single Array argument across several parameters (`each { |k, v| }`).
  const arity = params.requireds.length + params.optionals.length + params.posts.length;
  if (!lambda && list.length === 1 && Array.isArray(list[0]) && (arity > 1 || params.rest)) list = list[0] as RValue[];
  bindParameters(it, params, list, env, strict);
}

// ---- node handlers --------------------------------------------------------------------------

const HANDLERS = new Map<NodeClass, Handler>();
const on = <T extends Node>(cls: abstract new (...args: never[]) => T, fn: (this: Interpreter, node: T, env: Env) => RValue) =>
  HANDLERS.set(cls as NodeClass, fn as Handler);

on(N.ProgramNode, function (n, env) {
  return this.statements(n.statements, env);
});
on(N.StatementsNode, function (n, env) {
  return this.statements(n, env);
});
on(N.CallNode, function (n, env) {
  return this.evalCall(n, env);
});
on(N.NilNode, () => null);
on(N.TrueNode, () => true);
on(N.FalseNode, () => false);
on(N.SelfNode, (_n, env) => {
  const self = env.self;
  return self.kind === "mapper" ? RMapper.instance : self.kind === "merger" ? self.merger : self.kind === "object" ? self.object : null;
});
on(N.IntegerNode, (n) => Number(n.value));
on(N.FloatNode, (n) => n.value);
on(N.StringNode, (n) => n.unescaped.value);
on(N.SymbolNode, (n) => sym(n.unescaped.value));
// What a syntax error left out: the parser reported it; the call around it goes on without it.
on(N.MissingNode, () => null);
on(N.XStringNode, () => new RUnknown("`backticks`"));
on(N.InterpolatedXStringNode, () => new RUnknown("`backticks`"));
on(N.SourceFileNode, function () {
  return this.index.file;
});
on(N.SourceLineNode, function (n) {
  return this.index.position(n.location.startOffset).line + 1;
});

function interpolate(this: Interpreter, parts: Node[], env: Env): string | RUnknown {
  let out = "";
  for (const part of parts) {
    const v = part instanceof N.EmbeddedStatementsNode ? this.statements(part.statements, env) : this.eval(part, env);
    if (v instanceof RUnknown) return v;
    out += toS(v, this.mapper.ruby);
  }
  return out;
}
on(N.InterpolatedStringNode, function (n, env) {
  return interpolate.call(this, n.parts, env);
});
on(N.InterpolatedSymbolNode, function (n, env) {
  const s = interpolate.call(this, n.parts, env);
  return typeof s === "string" ? sym(s) : s;
});
on(N.EmbeddedStatementsNode, function (n, env) {
  return this.statements(n.statements, env);
});
on(N.RegularExpressionNode, function (n) {
  const source = this.index.slice(n.contentLoc.startOffset, n.contentLoc.startOffset + n.contentLoc.length);
  return new RRegexp(source, regexpFlags(this.index.slice(n.closingLoc.startOffset + 1, n.closingLoc.startOffset + n.closingLoc.length)));
});
on(N.InterpolatedRegularExpressionNode, function (n, env) {
  let source = "";
  for (const part of n.parts) {
    if (part instanceof N.StringNode) source += this.index.slice(part.location.startOffset, part.location.startOffset + part.location.length);
    else {
      const v = this.eval(part, env);
      if (v instanceof RUnknown) return v;
      source += v instanceof RRegexp ? `(?${v.flags}-${"mix".replace(new RegExp(`[${v.flags || " "}]`, "g"), "")}:${v.source})` : toS(v);
    }
  }
  return new RRegexp(source, regexpFlags(this.index.slice(n.closingLoc.startOffset + 1, n.closingLoc.startOffset + n.closingLoc.length)));
});
function regexpFlags(text: string): string {
  return ["m", "i", "x"].filter((f) => text.includes(f)).join("");
}
on(N.ArrayNode, function (n, env) {
  if (!n.elements.some(isSpreadOrMissing)) return this.evalEach(n.elements, env);
  const out: RValue[] = [];
  for (const el of n.elements) {
    // An element a syntax error left out (`[:index,` being typed) is not there yet.
    if (el instanceof N.MissingNode) continue;
    if (el instanceof N.SplatNode) {
      const v = this.eval(el.expression, env);
      if (Array.isArray(v)) out.push(...v);
      else if (v instanceof RRange) out.push(...(rangeToArray(v) ?? [v]));
      else if (v !== null) out.push(v);
    } else if (el instanceof N.KeywordHashNode) out.push(this.hashElements(el.elements, env));
    else out.push(this.eval(el, env));
  }
  return out;
});
on(N.HashNode, function (n, env) {
  return this.hashElements(n.elements, env);
});
on(N.KeywordHashNode, function (n, env) {
  return this.hashElements(n.elements, env);
});
on(N.RangeNode, function (n, env) {
  return new RRange(this.eval(n.left, env), this.eval(n.right, env), n.isExcludeEnd());
});
on(N.ParenthesesNode, function (n, env) {
  return this.eval(n.body, env);
});
on(N.LocalVariableReadNode, (n, env) => env.lookup(n.name) ?? null);
on(N.LocalVariableWriteNode, function (n, env) {
  const v = this.eval(n.value, env);
  env.assign(n.name, v);
  return v;
});
on(N.LocalVariableOrWriteNode, function (n, env) {
  const current = env.lookup(n.name);
  if (truthy(current ?? null)) return current!;
  const v = this.eval(n.value, env);
  env.assign(n.name, v);
  return v;
});
on(N.LocalVariableAndWriteNode, function (n, env) {
  const current = env.lookup(n.name) ?? null;
  if (!truthy(current)) return current;
  const v = this.eval(n.value, env);
  env.assign(n.name, v);
  return v;
});
on(N.LocalVariableOperatorWriteNode, function (n, env) {
  const current = env.lookup(n.name) ?? null;
  const v = callMethod(this, current, n.binaryOperator, [this.eval(n.value, env)], null) ?? new RUnknown(n.name);
  env.assign(n.name, v);
  return v;
});
on(N.LocalVariableTargetNode, () => null);
on(N.MultiWriteNode, function (n, env) {
  const value = this.eval(n.value, env);
  const list = Array.isArray(value) ? value : [value];
  n.lefts.forEach((t, i) => {
    if (t instanceof N.LocalVariableTargetNode) env.assign(t.name, list[i] ?? null);
  });
  if (n.rest instanceof N.SplatNode && n.rest.expression instanceof N.LocalVariableTargetNode) {
    env.assign(n.rest.expression.name, list.slice(n.lefts.length, list.length - n.rights.length));
  }
  n.rights.forEach((t, i) => {
    if (t instanceof N.LocalVariableTargetNode) env.assign(t.name, list[list.length - n.rights.length + i] ?? null);
  });
  return value;
});
on(N.InstanceVariableReadNode, function (n, env) {
  return this.ivar(n.name, env.self);
});
on(N.InstanceVariableWriteNode, function (n, env) {
  const v = this.eval(n.value, env);
  this.setIvar(n.name, v, env.self);
  return v;
});
on(N.InstanceVariableOrWriteNode, function (n, env) {
  const current = this.ivar(n.name, env.self);
  if (truthy(current)) return current;
  const v = this.eval(n.value, env);
  this.setIvar(n.name, v, env.self);
  return v;
});
on(N.GlobalVariableReadNode, (n) => new RUnknown(n.name));
// Ruby 3.4's `it`, the block's one parameter.
on(N.ItLocalVariableReadNode, (_n, env) => env.lookup("it") ?? null);
on(N.ConstantReadNode, function (n) {
  return this.constant(n.name);
});
on(N.ConstantPathNode, function (n, env) {
  if (!n.parent) return this.constant(n.name ?? "");
  const parent = this.eval(n.parent, env);
  const prefix = parent instanceof RConst ? parent.path : describe(parent);
  return this.constant(`${prefix}::${n.name}`);
});
on(N.ConstantWriteNode, function (n, env) {
  const v = this.eval(n.value, env);
  this.setConstant(n.name, v);
  return v;
});
on(N.ConstantOrWriteNode, function (n, env) {
  const v = this.eval(n.value, env);
  this.setConstant(n.name, v);
  return v;
});
// A class in a routes file is usually a constraint (`def self.matches?`), known by name only,
// or an engine, whose name and namespace matter to its routes.
on(N.ClassNode, function (n) {
  return this.defineClass(n);
});
on(N.ModuleNode, function (n, env) {
  return this.defineModule(n, env);
});
on(N.DefNode, function (n) {
  if (!n.receiver) this.defineMethod(n);
  return sym(n.name);
});
on(N.LambdaNode, function (n, env) {
  return this.makeProc(n, env, true);
});
on(N.AndNode, function (n, env) {
  const left = this.eval(n.left, env);
  if (left instanceof RUnknown) {
    this.eval(n.right, env);
    return left;
  }
  return truthy(left) ? this.eval(n.right, env) : left;
});
on(N.OrNode, function (n, env) {
  const left = this.eval(n.left, env);
  return truthy(left) && !(left instanceof RUnknown) ? left : this.eval(n.right, env);
});
on(N.IfNode, function (n, env) {
  if (this.truthyCondition(n.predicate, env)) return this.statements(n.statements, env);
  return this.eval(n.subsequent, env);
});
on(N.UnlessNode, function (n, env) {
  const value = this.eval(n.predicate, env);
  if (value instanceof RUnknown) {
    this.undecidable(n.predicate, value, false);
    return this.statements(n.statements, env);
  }
  if (!truthy(value)) return this.statements(n.statements, env);
  return this.eval(n.elseClause, env);
});
on(N.ElseNode, function (n, env) {
  return this.statements(n.statements, env);
});
on(N.CaseNode, function (n, env) {
  const subject = n.predicate ? this.eval(n.predicate, env) : undefined;
  for (const when of n.conditions as N.WhenNode[]) {
    for (const cond of when.conditions) {
      const test = this.eval(cond, env);
      const matched = subject === undefined ? test : callMethod(this, test, "===", [subject], null);
      if (matched instanceof RUnknown || subject instanceof RUnknown) {
        this.undecidable(cond, matched instanceof RUnknown ? matched : (subject as RUnknown));
        return this.statements(when.statements, env);
      }
      if (truthy(matched ?? null)) return this.statements(when.statements, env);
    }
  }
  return this.eval(n.elseClause, env);
});
on(N.WhileNode, function (n, env) {
  try {
    for (let i = 0; this.loopIteration(n, i) && this.truthyCondition(n.predicate, env); i++) {
      try {
        this.statements(n.statements, env);
      } catch (e) {
        if (!(e instanceof NextSignal)) throw e;
      }
    }
  } catch (e) {
    if (e instanceof BreakSignal) return e.value;
    throw e;
  }
  return null;
});
on(N.UntilNode, function (n, env) {
  try {
    for (let i = 0; this.loopIteration(n, i) && !truthy(this.eval(n.predicate, env)); i++) this.statements(n.statements, env);
  } catch (e) {
    if (e instanceof BreakSignal) return e.value;
    throw e;
  }
  return null;
});
on(N.ForNode, function (n, env) {
  const collection = this.eval(n.collection, env);
  const items = Array.isArray(collection) ? collection : collection instanceof RRange ? rangeToArray(collection) ?? [] : [];
  for (const item of items) {
    if (n.index instanceof N.LocalVariableTargetNode) env.assign(n.index.name, item);
    this.statements(n.statements, env);
  }
  return collection;
});
on(N.BeginNode, function (n, env) {
  try {
    return this.statements(n.statements, env);
  } finally {
    if (n.ensureClause) this.statements(n.ensureClause.statements, env);
  }
});
on(N.RescueModifierNode, function (n, env) {
  return this.eval(n.expression, env);
});
on(N.ReturnNode, function (n, env) {
  throw new ReturnSignal(argumentValue.call(this, n.arguments_, env));
});
on(N.NextNode, function (n, env) {
  throw new NextSignal(argumentValue.call(this, n.arguments_, env));
});
on(N.BreakNode, function (n, env) {
  throw new BreakSignal(argumentValue.call(this, n.arguments_, env));
});
on(N.YieldNode, function (n, env) {
  const { args } = this.callArguments({ arguments_: n.arguments_ }, env);
  if (!env.block) throw new RoutingError("no block given (yield)", "LocalJumpError");
  return env.block.call(args);
});
on(N.DefinedNode, () => new RUnknown("defined?"));
on(N.AliasMethodNode, () => null);

function argumentValue(this: Interpreter, args: N.ArgumentsNode | null, env: Env): RValue {
  if (!args) return null;
  const values = this.callArguments({ arguments_: args }, env).args;
  return values.length === 1 ? values[0] : values;
}

export function rangeToArray(r: RRange): RValue[] | undefined {
  if (typeof r.first === "number" && typeof r.last === "number") {
    const end = r.exclusive ? r.last - 1 : r.last;
    if (end - r.first > 100000) return undefined;
    const out: RValue[] = [];
    for (let i = r.first; i <= end; i++) out.push(i);
    return out;
  }
  if (typeof r.first === "string" && typeof r.last === "string" && r.first.length === 1 && r.last.length === 1) {
    const out: RValue[] = [];
    const end = r.last.charCodeAt(0) - (r.exclusive ? 1 : 0);
    for (let c = r.first.charCodeAt(0); c <= end; c++) out.push(String.fromCharCode(c));
    return out;
  }
  return undefined;
}
