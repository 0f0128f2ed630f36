/**
 * Lexical environments: locals of a file, a `def` or a block. A block sees and assigns
 * its enclosing locals; a `def` body starts afresh, as in Ruby.
 */
import type { RProc, RValue, RMerger, RObject } from "../ruby/values.js";

/** What `self` is: top-level `main`, the routes mapper, a `with_options` proxy, or an object of a class the files define. */
export type Self = { kind: "main" } | { kind: "mapper" } | { kind: "merger"; merger: RMerger } | { kind: "object"; object: RObject };

export class Env {
  /** Made on the first local: most blocks of a routes file (`do ... end` of a DSL call) declare none. */
  private locals: Map<string, RValue> | undefined = undefined;

  constructor(
    readonly self: Self,
    readonly parent: Env | null = null,
    /** The block passed to the running `def`, for `yield` and `block_given?`. */
    readonly block: RProc | null = null,
  ) {}

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
    (env.locals ??= new Map()).set(name, value);
  }

  declare(name: string, value: RValue): void {
    (this.locals ??= new Map()).set(name, value);
  }

  private owner(name: string): Env | null {
    for (let e: Env | null = this; e; e = e.parent) if (e.locals?.has(name)) return e;
    return null;
  }

  /** A block's environment: same self, sees these locals. */
  child(self: Self = this.self): Env {
    return new Env(self, this, this.block);
  }
}
