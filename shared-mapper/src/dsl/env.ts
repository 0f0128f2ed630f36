/**
 * Lexical environments: locals of a file, a `def` or a block. A block sees and assigns
 * its enclosing locals; a `def` body starts afresh, as in Ruby. Every assignment goes
 * through the evaluation's `Store`, so that a branch Routemap cannot decide can be undone.
 */
import type { RProc, RValue, RMerger, RObject } from "../ruby/values.js";
import type { Store } from "./branches.js";

/** What `self` is: top-level `main`, the routes mapper, a `with_options` proxy, an object of a class the files define, or a class or module being defined. */
export type Self =
  | { kind: "main" }
  | { kind: "mapper" }
  | { kind: "merger"; merger: RMerger }
  | { kind: "object"; object: RObject }
  | { kind: "module"; path: string };

/** The method a `def` body runs for: `__method__`, and `super`'s starting point. */
export interface MethodContext {
  name: string;
  /** The class or module that defines it, when not the top level. */
  owner?: string;
  args: RValue[];
  block: RProc | null;
}

export class Env {
  // One per block call: the fields are the constructor's assignments, all of them (`declare`;
  // see RHash in values.ts).
  declare readonly store: Store;
  declare readonly self: Self;
  declare readonly parent: Env | null;
  /** The block passed to the running `def`, for `yield` and `block_given?`. */
  declare readonly block: RProc | null;
  /** The running `def`, if any. */
  declare readonly method: MethodContext | null;
  /** The modules the code is lexically inside (`module Admin; class Tools`: `["Admin", "Admin::Tools"]`), for constants. */
  declare readonly cref: readonly string[];
  /** Made on the first local: most blocks of a routes file (`do ... end` of a DSL call) declare none. */
  private declare locals: Map<string, RValue> | undefined;

  constructor(store: Store, self: Self, parent: Env | null = null, block: RProc | null = null, method: MethodContext | null = null, cref: readonly string[] = []) {
    this.store = store;
    this.self = self;
    this.parent = parent;
    this.block = block;
    this.method = method;
    this.cref = cref;
    this.locals = undefined;
  }

  lookup(name: string): RValue | undefined {
    for (let e: Env | null = this; e; e = e.parent) {
      const value = e.locals?.get(name);
      if (value !== undefined) return value;
    }
    return undefined;
  }

  /** Assigns where the local already lives, else declares it here. */
  assign(name: string, value: RValue): void {
    const env = this.owner(name) ?? this;
    this.store.set((env.locals ??= new Map()), name, value);
  }

  declare(name: string, value: RValue): void {
    this.store.set((this.locals ??= new Map()), name, value);
  }

  private owner(name: string): Env | null {
    for (let e: Env | null = this; e; e = e.parent) if (e.locals?.has(name)) return e;
    return null;
  }

  /** A block's environment: same self, sees these locals. */
  child(self: Self = this.self): Env {
    return new Env(this.store, self, this, this.block, this.method, this.cref);
  }
}
