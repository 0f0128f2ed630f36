/**
 * Classes and modules the routes files define, as far as the interpreter follows them: their
 * instance methods and `def self.` methods, and the superclass when the files define it too.
 * Enough for the objects Rails calls back (a concern's `call`, a constraint's `matches?`);
 * nothing else in a class body is run.
 */
import * as N from "@ruby/prism/src/nodes.js";

interface ClassDef {
  methods: Map<string, N.DefNode>;
  singletonMethods: Map<string, N.DefNode>;
  superclass?: string;
}

export class ClassRegistry {
  private readonly classes = new Map<string, ClassDef>();

  has(path: string): boolean {
    return this.classes.has(path);
  }

  /** Records a class body's `def`s (reopening a class adds to it). */
  defineClass(path: string, superclass: string | undefined, body: N.Node[]): void {
    const cls = this.get(path);
    if (superclass) cls.superclass = superclass;
    for (const stmt of body) {
      if (!(stmt instanceof N.DefNode)) continue;
      if (!stmt.receiver) cls.methods.set(stmt.name, stmt);
      else if (stmt.receiver instanceof N.SelfNode) cls.singletonMethods.set(stmt.name, stmt);
    }
  }

  /** Records a module's `def self.` method. */
  defineSingleton(path: string, def: N.DefNode): void {
    this.get(path).singletonMethods.set(def.name, def);
  }

  /** An instance method, looked up through the superclasses the files define. */
  instanceMethod(className: string, name: string): N.DefNode | undefined {
    for (const cls of this.chain(className)) {
      const def = cls.methods.get(name);
      if (def) return def;
    }
    return undefined;
  }

  singletonMethod(path: string, name: string): N.DefNode | undefined {
    return this.classes.get(path)?.singletonMethods.get(name);
  }

  /** Every instance method's name: what an object of the class `respond_to?`. */
  instanceMethodNames(className: string): Set<string> {
    const names = new Set<string>();
    for (const cls of this.chain(className)) for (const name of cls.methods.keys()) names.add(name);
    return names;
  }

  private get(path: string): ClassDef {
    let cls = this.classes.get(path);
    if (!cls) this.classes.set(path, (cls = { methods: new Map(), singletonMethods: new Map() }));
    return cls;
  }

  /** A class, then its superclasses the files define (a cycle is cut short). */
  private *chain(className: string): Generator<ClassDef> {
    const seen = new Set<ClassDef>();
    for (let cls = this.classes.get(className); cls && !seen.has(cls); cls = cls.superclass ? this.classes.get(cls.superclass) : undefined) {
      seen.add(cls);
      yield cls;
    }
  }
}
