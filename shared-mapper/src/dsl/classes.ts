/**
 * Classes and modules the files define, as far as routes need them: instance and singleton
 * methods (from `def`, `attr_*`, `define_method`, `module_function`, `extend self`), included
 * and extended modules, superclasses, and Ruby's lookup order over them (`ancestors`), which
 * `super` follows. The top level's `def`s are Object's.
 */
import type * as N from "@ruby/prism/src/nodes.js";
import type { LineIndex } from "../ruby/lineIndex.js";
import type { RProc, RStructClass } from "../ruby/values.js";

export type MethodDef =
  | {
      kind: "def"; node: N.DefNode; owner: string; cref: string[]; index: LineIndex;
      /** Under `private` or `protected` (`method_defined?` and `public_method_defined?` leave it out, or count it). */
      visibility?: "private" | "protected";
      /** Written in a block run on the mapper (`draw do … def redirect(…) … end`): the mapper's singleton method, before the DSL's. */
      onMapper?: boolean;
      /** That mapper (`RouteSet#eval_block` makes one per draw): another draw's (an `append` block's) does not have the method. */
      mapper?: object;
    }
  /**
   * `classLevel`: ActiveSupport's `class_attribute`, the class's value (inherited from its
   * superclasses until one sets it), read by the class and by its instances; `predicate`: `name?`.
   */
  | { kind: "reader"; owner: string; ivar: string; classLevel?: true; predicate?: true }
  | { kind: "writer"; owner: string; ivar: string }
  | { kind: "proc"; owner: string; proc: RProc; name: string }
  /** ActiveSupport's `delegate :name, to: :target` (`allow_nil:` gives nil where the target is nil). */
  | { kind: "delegate"; owner: string; to: string; method: string; allowNil: boolean };

export interface ModuleDef {
  readonly path: string;
  isClass: boolean;
  superclass?: string;
  readonly methods: Map<string, MethodDef>;
  readonly singleton: Map<string, MethodDef>;
  /** Modules included, in the order of the `include`s. */
  readonly includes: string[];
  /** Modules whose methods the module's singleton has (`extend`). */
  readonly extends: string[];
  /** `module_function` with no arguments: later `def`s are singleton methods too. */
  moduleFunction: boolean;
  /** The visibility a bare `private`/`protected`/`public` set for the `def`s after it in the body running now. */
  visibility?: "private" | "protected" | "public";
  /** An `ActiveSupport::Concern`'s `included do … end`: run in each class that includes it. */
  included?: RProc;
  /** A class whose superclass is `Struct.new(…)`: its instances are Structs of these members. */
  struct?: RStructClass;
  /** How the surest of the files that define it came to run (`LoadKind`). */
  loadedBy?: LoadKind;
}

/**
 * How a file came to run, for `defined?`: `boot` as Rails boots (config/application.rb, the
 * environment's file, initializers, the routes, what they require), `autoload` where Rails'
 * autoloader would find it, `unsure` where Routemap ran it for its own reasons (an engine's
 * class for its name, lib/ where the app may not autoload it).
 */
export type LoadKind = "boot" | "autoload" | "unsure";
const SURENESS: Record<LoadKind, number> = { unsure: 0, autoload: 1, boot: 2 };

/** The module Ruby puts top-level `def`s in. */
export const OBJECT = "Object";

/** Ruby's own classes and modules an app's class may inherit or include, none of which gives its objects `call` or `inspect` of its own. */
const CORE_ANCESTORS = new Set(["BasicObject", "Kernel", "Comparable", "Enumerable", "Singleton", "Exception", "StandardError", "RuntimeError", "ArgumentError"]);

export class ClassRegistry {
  private readonly modules = new Map<string, ModuleDef>();
  /** How the file running now came to run (the interpreter sets it). */
  loadKind: LoadKind = "boot";
  /** Whether the code running now runs only under a condition Routemap cannot decide (the interpreter sets it). */
  undecided: () => boolean = () => false;
  /** The mapper the code running now draws with, as a token (the interpreter sets it): whose draw-block methods there are. */
  currentMapper: () => object | undefined = () => undefined;

  has(path: string): boolean {
    return this.modules.has(path);
  }

  get(path: string): ModuleDef | undefined {
    return this.modules.get(path);
  }

  /** A `def` of a draw block: the mapper's singleton method (kept among the top level's, marked `onMapper`). */
  drawBlockMethod(name: string): Extract<MethodDef, { kind: "def" }> | undefined {
    const def = this.modules.get(OBJECT)?.methods.get(name);
    return def?.kind === "def" && def.onMapper && def.mapper === this.currentMapper() ? def : undefined;
  }

  /** A `def` of a draw block run on another mapper than the current one (see `drawBlockMethod`). */
  otherMapperMethod(name: string): Extract<MethodDef, { kind: "def" }> | undefined {
    const def = this.modules.get(OBJECT)?.methods.get(name);
    return def?.kind === "def" && def.onMapper && def.mapper !== this.currentMapper() ? def : undefined;
  }

  /** The module at `path`, made on first use (reopening a class adds to it). */
  define(path: string, isClass: boolean): ModuleDef {
    let m = this.modules.get(path);
    if (!m) {
      m = { path, isClass, methods: new Map(), singleton: new Map(), includes: [], extends: [], moduleFunction: false };
      this.modules.set(path, m);
    }
    // (A class defined in one world only, `require … if ENV["X"]`, may not be there at all.)
    const kind = this.undecided() ? "unsure" : this.loadKind;
    if (m.loadedBy === undefined || SURENESS[kind] > SURENESS[m.loadedBy]) m.loadedBy = kind;
    return m;
  }

  /** Runs `body` with the files it runs counted as `kind`, or as the running one if that is less sure (a file it loads is loaded only if it is). */
  runningAs<T>(kind: LoadKind, body: () => T): T {
    const outer = this.loadKind;
    this.loadKind = SURENESS[kind] < SURENESS[outer] ? kind : outer;
    try {
      return body();
    } finally {
      this.loadKind = outer;
    }
  }

  /** Ruby's ancestors of a class or module the files define: itself, its includes (last first), then its superclass's. */
  ancestors(path: string): string[] {
    const out: string[] = [];
    const seen = new Set<string>();
    const visit = (p: string | undefined) => {
      for (let c = p; c && !seen.has(c); ) {
        seen.add(c);
        out.push(c);
        const m = this.modules.get(c);
        if (!m) break;
        for (const inc of [...m.includes].reverse()) this.includeInto(inc, out, seen);
        c = m.superclass;
      }
    };
    visit(path);
    if (!seen.has(OBJECT)) out.push(OBJECT);
    return out;
  }

  private includeInto(path: string, out: string[], seen: Set<string>): void {
    if (seen.has(path)) return;
    seen.add(path);
    out.push(path);
    const m = this.modules.get(path);
    if (m) for (const inc of [...m.includes].reverse()) this.includeInto(inc, out, seen);
  }

  /** An instance method of `path` (or after `after` in its ancestors, for `super`). */
  instanceMethod(path: string, name: string, after?: string): MethodDef | undefined {
    const chain = this.ancestors(path);
    const start = after === undefined ? 0 : chain.indexOf(after) + 1;
    for (let i = start; i < chain.length && i >= 0; i++) {
      const def = this.modules.get(chain[i])?.methods.get(name);
      // (Another mapper's singleton method is no method here: kept among the top level's, it is skipped.)
      if (def && !(def.kind === "def" && def.onMapper && def.mapper !== this.currentMapper())) return def;
    }
    return undefined;
  }

  /** A singleton method of a class or module: its own, its extended modules', its superclass's. */
  singletonMethod(path: string, name: string, after?: string): MethodDef | undefined {
    const chain = this.singletonChain(path);
    // A `def self.x`'s owner is its class's path, which the chain names as its singleton class.
    const start = after === undefined ? 0 : chain.findIndex((c) => c.owner === after || c.owner === `#<Class:${after}>`) + 1;
    for (let i = start; i < chain.length && i >= 0; i++) {
      const def = chain[i].table.get(name);
      if (def) return def;
    }
    return undefined;
  }

  private singletonChain(path: string): { owner: string; table: Map<string, MethodDef> }[] {
    const out: { owner: string; table: Map<string, MethodDef> }[] = [];
    const seen = new Set<string>();
    for (let c: string | undefined = path; c && !seen.has(c); c = this.modules.get(c)?.superclass) {
      seen.add(c);
      const m = this.modules.get(c);
      if (!m) break;
      out.push({ owner: `#<Class:${c}>`, table: m.singleton });
      for (const ext of [...m.extends].reverse()) for (const a of this.ancestors(ext)) {
        const em = this.modules.get(a);
        if (em && a !== OBJECT) out.push({ owner: a, table: em.methods });
      }
    }
    return out;
  }

  /** Every instance method name of a class: what its objects `respond_to?`. */
  instanceMethodNames(path: string): Set<string> {
    const names = new Set<string>();
    for (const c of this.ancestors(path)) if (c !== OBJECT) for (const name of this.modules.get(c)?.methods.keys() ?? []) names.add(name);
    return names;
  }

  /**
   * The first of a class's ancestors the files do not define and Ruby's core does not have (a
   * gem's superclass, `class Proxy < Rack::Proxy`, or an included module of a gem): its methods,
   * and so what the objects answer, are not known. Undefined when every ancestor is known.
   */
  openAncestor(path: string, isCore: (path: string) => boolean): string | undefined {
    return this.ancestors(path).find((c) => c !== OBJECT && !this.modules.has(c) && !isCore(c) && !CORE_ANCESTORS.has(c));
  }

  /** Whether a class's ancestors include `module` (`include Comparable`). */
  includes(path: string, module: string): boolean {
    return this.ancestors(path).includes(module);
  }

  /** The Struct a class's instances are (`class Point < Struct.new(:x, :y)`), if any. */
  structOf(path: string): RStructClass | undefined {
    for (const c of this.ancestors(path)) {
      const s = this.modules.get(c)?.struct;
      if (s) return s;
    }
    return undefined;
  }
}
