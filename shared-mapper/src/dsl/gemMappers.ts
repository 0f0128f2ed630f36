/**
 * Routing methods that gems add to Rails' mapper, evaluated from the gems' own source (the
 * general fallback; Devise, Doorkeeper, versionist, routing-filter and devise_token_auth are
 * modelled by hand in `gems/`, and their names are found first).
 *
 * Ruby's behaviour followed: a gem reopens `ActionDispatch::Routing::Mapper` (`class
 * ActionDispatch::Routing::Mapper`, or `module ActionDispatch; module Routing; class Mapper`)
 * and defines instance methods, or makes a module one of its ancestors
 * (`ActionDispatch::Routing::Mapper.include(Foo)`, `.send(:include, Foo)`, `.prepend(Foo)`,
 * `include(Module.new { def … })`, `.class_eval { def … }`), or adds methods to one of the
 * modules Rails' Mapper includes (`Resources.class_eval do def … end` inside the class). The
 * methods then run on the mapper: `self` is the routes, `scope`/`resources`/`mount` are the DSL.
 *
 * Which of a gem's files count is the host's business (it gives only the files the gem loads,
 * `MapInput.gemMappers`). Here, a file's class and module statements that reopen the Mapper
 * are run for their definitions, and its calls that add a module to the Mapper are taken
 * wherever they stand (in an engine's `initializer` block, a `self.install!`): a gem writes
 * such a call only to run it as the app boots. Other classes and modules of the given files
 * (a helper object `Foo::Routes.new(self)`) are defined when the methods first name them,
 * except engines and railties (the host reads a gem's engine, `gemEngines.ts`).
 *
 * Everything runs quietly, for definitions only, on first need: the first call on the routes
 * of a method the DSL does not have.
 *
 * A gem's plain class the routes name by its constant (Blacklight's `concern :searchable,
 * Blacklight::Routes::Searchable.new`, blacklight 7.x/8.x lib/blacklight/routes/searchable.rb)
 * is read the same way from the one file the host finds for it (`adopt`, `MapInput.gemClass`:
 * Zeitwerk's `Loader.for_gem` naming, lib/blacklight/routes/searchable.rb), when that file
 * defines it as a class. Rails' `concern(name, callable = nil, &block)` keeps the instance and
 * `concerns` calls `callable.call(self, options)` (action_dispatch/routing/mapper.rb, 6.1 to
 * 8.1): its `call` then runs as a gem's mapper method does (`Interpreter.callGemObject`).
 */
import * as N from "@ruby/prism/src/nodes.js";
import { RConst, type RValue } from "../ruby/values.js";
import type { LoadedFile } from "../ruby/loadedFile.js";
import { constantPathText, definedConstantPath } from "../ruby/walk.js";
import { OBJECT, type ClassRegistry, type MethodDef } from "./classes.js";
import { Env } from "./env.js";
import type { Store } from "./branches.js";
import type { GemMapperSource } from "../types.js";

export type { GemMapperSource };

export const MAPPER = "ActionDispatch::Routing::Mapper";
/** The modules Rails' Mapper includes (action_dispatch/routing/mapper.rb, 6.1 to 8.1), which gems reopen with `class_eval`. */
const MAPPER_MODULES = ["Base", "HttpHelpers", "Redirection", "Scoping", "Concerns", "Shorthand", "Resources", "CustomUrls"].map((m) => `${MAPPER}::${m}`);

export interface GemMapperHost {
  readonly classes: ClassRegistry;
  readonly store: Store;
  /** Parses a gem's file (no diagnostics kept: the user does not edit it). */
  parse(path: string, text: string): LoadedFile;
  /** Runs `body` quietly with `file` as the current file: definitions only. */
  quietlyIn<T>(file: LoadedFile, body: () => T): T;
  eval(node: N.Node, env: Env): RValue;
  /** Runs a class or module statement for its definitions, quietly, in the modules it stands in (`Interpreter.runDefinitions`). */
  runDefinitions(file: LoadedFile, node: N.Node, cref: readonly string[]): void;
  /** Runs a class's or module's body, `self` the module (`Interpreter.defineModule`). */
  defineModule(path: string, body: N.Node | null, env: Env): void;
  setConstantPath(path: string, value: RValue): void;
}

/** A class or module statement of a gem's file, with the modules it stands in. */
interface Definition {
  node: N.ClassNode | N.ModuleNode;
  cref: string[];
  file: LoadedFile;
}

/** A call that adds to the Mapper: the module given (a constant, or `Module.new { }`), or a `class_eval` block. */
interface Extension {
  call: N.CallNode;
  cref: string[];
  file: LoadedFile;
}

/** A method a gem adds to the mapper: its definition, and the gem (for the routes' origin and messages). */
export interface GemMapperMethod {
  def: MethodDef;
  gem: GemMapperSource;
}

export class GemMappers {
  private loaded = false;
  private readonly definitions = new Map<string, Definition[]>();
  private readonly defined = new Set<string>();
  private readonly gemOfFile = new Map<string, GemMapperSource>();

  /**
   * `eager`: the gems' files are read on the first constant looked for, not on the first method
   * the DSL lacks (a gem's settings module, `gemSettings`: its routes file reads `HighVoltage.routes`).
   */
  constructor(
    private readonly sources: () => readonly GemMapperSource[],
    private readonly host: GemMapperHost,
    private readonly eager = false,
  ) {}

  /** The method `name` an installed gem adds to the mapper; the gems' files are read on the first ask. */
  method(name: string): GemMapperMethod | undefined {
    this.load();
    if (!this.gemOfFile.size) return undefined;
    const def = this.host.classes.instanceMethod(MAPPER, name);
    if (!def || def.owner === OBJECT) return undefined;
    const file = def.kind === "def" ? def.index.file : undefined;
    const gem = file === undefined ? undefined : this.gemOfFile.get(file);
    return gem && { def, gem };
  }

  /** The gem a file belongs to, when it is one of the gems' files. */
  gemOf(path: string): GemMapperSource | undefined {
    return this.gemOfFile.get(path);
  }

  /** Whether the gems' files define `path` and it is not defined from them yet (reads them on the first ask when eager). */
  pending(path: string): boolean {
    if (this.eager) this.load();
    return this.definitions.has(path) && !this.defined.has(path);
  }

  /** Defines `path` from the gems' files, when one of them does (a helper class a method names). */
  loadConstant(path: string): boolean {
    if (this.eager) this.load();
    if (!this.loaded || this.defined.has(path)) return false;
    const found = this.definitions.get(path);
    if (!found) return false;
    this.defined.add(path);
    for (const d of found) this.run(d.file, d.node, d.cref);
    return true;
  }

  /**
   * Defines the class `path` from the gem file the host found for it by Zeitwerk's naming
   * (`MapInput.gemClass`: `Blacklight::Routes::Searchable` in lib/blacklight/routes/searchable.rb),
   * when that file defines it as a class: a namespace module is left a name (its file, the gem's
   * entry point, sets the gem up). The file's other classes are defined when first named.
   */
  adopt(source: GemMapperSource, path: string): boolean {
    this.load();
    const entries = source.files instanceof Map ? [...source.files] : Object.entries(source.files);
    for (const [file, text] of entries) {
      if (this.gemOfFile.has(file)) continue;
      this.gemOfFile.set(file, source);
      // A class file's reopenings of the Mapper are not taken: only `gemMappers`' files extend it.
      this.scan(this.host.parse(file, text), [], []);
    }
    if (!this.definitions.get(path)?.some((d) => d.node instanceof N.ClassNode)) return false;
    return this.loadConstant(path);
  }

  private load(): void {
    if (this.loaded) return;
    this.loaded = true;
    const sources = this.sources();
    if (!sources.length) return;
    const { classes } = this.host;
    // Rails' own Mapper and the modules it includes, as constants the gems' code can name.
    const mapper = classes.define(MAPPER, true);
    this.host.setConstantPath(MAPPER, new RConst(MAPPER));
    for (const m of MAPPER_MODULES) {
      classes.define(m, false);
      this.host.setConstantPath(m, new RConst(m));
      if (!mapper.includes.includes(m)) mapper.includes.push(m);
    }
    const reopenings: Definition[] = [];
    const extensions: Extension[] = [];
    for (const gem of sources) {
      const entries = gem.files instanceof Map ? [...gem.files] : Object.entries(gem.files);
      for (const [path, text] of entries) {
        const file = this.host.parse(path, text);
        this.gemOfFile.set(path, gem);
        this.scan(file, reopenings, extensions);
      }
    }
    for (const d of reopenings) this.run(d.file, d.node, d.cref);
    for (const e of extensions) this.extend(e);
  }

  /** Records a file's class and module statements, those that reopen the Mapper, and the calls that extend it. */
  private scan(file: LoadedFile, reopenings: Definition[], extensions: Extension[]): void {
    walkNesting(file.program, (node, cref) => {
      if (node instanceof N.ClassNode || node instanceof N.ModuleNode) {
        const path = definedPath(node, cref);
        if (path === MAPPER) {
          reopenings.push({ node, cref, file });
          return false; // its body runs whole
        }
        const base = node instanceof N.ClassNode && node.superclass ? constantPathText(node.superclass) : undefined;
        // An engine or railtie is the host's to read (gemEngines.ts); running its body would register it.
        if (path !== undefined && (!base || !/(^|::)Rails::(Engine|Railtie)$/.test(base))) {
          const list = this.definitions.get(path) ?? [];
          list.push({ node, cref, file });
          this.definitions.set(path, list);
        }
      } else if (node instanceof N.CallNode && extendsMapper(node, cref)) {
        extensions.push({ call: node, cref, file });
      }
    });
  }

  /** Runs a class or module statement in its lexical scope, for its definitions. */
  private run(file: LoadedFile, node: N.Node, cref: string[]): void {
    this.host.runDefinitions(file, node, cref);
  }

  /** `Mapper.include(X)`, `.send(:include, X)`, `.prepend(X)`, `.class_eval { }`: X (or the block's definitions) joins the Mapper's ancestors. */
  private extend(e: Extension): void {
    const { call, cref, file } = e;
    const mapper = this.host.classes.define(MAPPER, true);
    const env = () => new Env(this.host.store, cref.length ? { kind: "module", path: cref[cref.length - 1] } : { kind: "main" }, null, null, null, cref);
    if (call.name === "class_eval" || call.name === "class_exec") {
      if (call.block instanceof N.BlockNode) this.host.quietlyIn(file, () => this.host.defineModule(MAPPER, call.block instanceof N.BlockNode ? call.block.body : null, env()));
      return;
    }
    const args = call.arguments_?.arguments_ ?? [];
    for (const arg of call.name === "send" || call.name === "__send__" ? args.slice(1) : args) {
      const anonymous = anonymousModule(arg);
      if (anonymous) {
        const id = `#<Module:${file.index.file}:${arg.location.startOffset}>`;
        this.host.quietlyIn(file, () => this.host.defineModule(id, anonymous.body, env()));
        if (!mapper.includes.includes(id)) mapper.includes.push(id);
        continue;
      }
      const value = this.host.quietlyIn(file, () => this.host.eval(arg, env()));
      if (!(value instanceof RConst)) continue;
      const path = value.path.replace(/^::/, "");
      this.loadConstant(path);
      if (!mapper.includes.includes(path)) mapper.includes.push(path);
    }
  }
}

/** The path a class or module statement defines, in the modules it stands in (`cref`); undefined when not a constant path. */
export function definedPath(node: N.ClassNode | N.ModuleNode, cref: readonly string[]): string | undefined {
  const written = constantPathText(node.constantPath);
  if (written === undefined) return undefined;
  return definedConstantPath(written, cref, (path) => cref.includes(path));
}

/**
 * Visits `root`'s nodes in source order, each with the modules it stands in (the paths of the
 * class and module statements around it); `visit` returning false skips a node's children.
 */
export function walkNesting(root: N.Node, visit: (node: N.Node, cref: string[]) => boolean | void): void {
  const stack: { node: N.Node; cref: string[] }[] = [{ node: root, cref: [] }];
  while (stack.length) {
    const { node, cref } = stack.pop()!;
    if (visit(node, cref) === false) continue;
    const path = node instanceof N.ClassNode || node instanceof N.ModuleNode ? definedPath(node, cref) : undefined;
    const inner = path === undefined ? cref : [...cref, path];
    const children = node.childNodes();
    for (let i = children.length - 1; i >= 0; i--) {
      const child = children[i];
      if (child) stack.push({ node: child, cref: inner });
    }
  }
}

/** Whether a call adds to the Mapper: its receiver is `ActionDispatch::Routing::Mapper` (or `Mapper` inside `ActionDispatch::Routing`). */
export function extendsMapper(call: N.CallNode, cref: readonly string[]): boolean {
  const name = call.name;
  const send = name === "send" || name === "__send__";
  if (!(name === "include" || name === "prepend" || name === "class_eval" || name === "class_exec" || send) || !call.receiver) return false;
  if (send) {
    const first = call.arguments_?.arguments_[0];
    const method = first instanceof N.SymbolNode ? first.unescaped.value : first instanceof N.StringNode ? first.unescaped.value : undefined;
    if (method !== "include" && method !== "prepend") return false;
  }
  const written = constantPathText(call.receiver);
  if (written === undefined) return false;
  const path = written.replace(/^::/, "");
  return path === MAPPER || (cref.includes("ActionDispatch::Routing") && path === "Mapper");
}

/** `Module.new { … }` / `Module.new do … end`: its block. */
function anonymousModule(node: N.Node): N.BlockNode | undefined {
  if (!(node instanceof N.CallNode) || node.name !== "new" || !(node.block instanceof N.BlockNode)) return undefined;
  const recv = node.receiver && constantPathText(node.receiver);
  return recv === "Module" || recv === "::Module" ? node.block : undefined;
}
