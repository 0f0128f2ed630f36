// Where a generated statement stands: the routing scope it is in (which DSL calls are valid
// there), the locals it sees (with their values), the lines to write before it (locals an
// expression assigned), and the rules that keep routes distinct (no explicit names in a loop
// body, one root per naming scope).
import { equal, int, str } from "./values.mjs";

let nextCtxId = 0;

export class Ctx {
  /**
   * @param gen the file's generator
   * @param parent the enclosing context (undefined for the file's top level)
   * @param o what changes: kind ("prelude" | "top" | "scope" | "res" | "res1" | "mc"), fresh
   *   (a `def` body: no outer locals), inLoop, dead (a branch that never runs), nameScope
   *   (a namespace or `as:` starts a new one), controller (a scope names the controller)
   */
  constructor(gen, parent, o = {}) {
    this.gen = gen;
    this.parent = parent;
    this.kind = o.kind ?? parent?.kind ?? "top";
    this.locals = o.fresh || !parent ? [...(o.locals ?? [])] : [...parent.locals, ...(o.locals ?? [])];
    this.depth = (parent?.depth ?? 0) + (o.deeper === false ? 0 : 1);
    this.inLoop = o.inLoop ?? parent?.inLoop ?? false;
    this.inDef = o.inDef ?? parent?.inDef ?? false;
    this.dead = o.dead ?? parent?.dead ?? false;
    this.controller = o.controller ?? (o.kind ? false : parent?.controller ?? false);
    this.nameScope = o.nameScope ? ++nextCtxId : parent?.nameScope ?? 0;
    /** The block variables a loop body should use: `{ value, role }`, role "noun" | "word" | "action" | "int". */
    this.vars = o.vars ?? (o.fresh ? [] : parent?.vars ?? []);
    /** Lines (assignments) to write before the statement being generated. */
    this.pending = o.pending ?? [];
    this.canHoist = o.canHoist ?? true;
  }

  /** The file's top level, where constants' expressions are written. */
  get top() {
    return this.gen.prelude;
  }

  child(o) {
    return new Ctx(this.gen, this, o);
  }

  /** A local holding `x` (a known value), if one is in sight. */
  localHolding(x) {
    const found = [...this.locals, ...this.gen.constants].filter((l) => l.value && equal(l.value, x));
    return found.length ? this.gen.rng.pick(found).name : undefined;
  }

  /** Assigns `code` to a new local before the statement; returns the local's name. */
  hoist(code, o = {}) {
    const name = this.gen.freshLocal(o.lambda ? "fn" : "v");
    this.pending.push(`${name} = ${code}`);
    this.locals.push({ name, value: o.value });
    return name;
  }

  /**
   * Writes `line` (an assignment of some other shape: multiple assignment, a pattern) before
   * the statement; `bound` are the locals it assigns, `{ name, value }`.
   */
  hoistLine(line, bound) {
    this.pending.push(line);
    this.locals.push(...bound);
  }

  /** The names a route may be given explicitly here without colliding with another's. */
  get explicitNames() {
    return !this.inLoop;
  }

  /** A condition whose value is `b` (true or false), in code. */
  truth(b, d = 1) {
    const gen = this.gen;
    const rng = gen.rng;
    const ex = gen.exprs;
    const env = gen.railsEnv;
    const other = rng.pick(["production", "development", "test", "staging"].filter((e) => e !== env));
    const n = rng.between(1, 9);
    const forms = [
      [3, () => `Rails.env.${b ? env : other}?`],
      [1, () => `Rails.env == ${JSON.stringify(b ? env : other)}`],
      [1, () => `!Rails.env.${b ? other : env}?`],
      [1, () => `%w[${b ? `${other} ${env}` : other}].include?(Rails.env)`],
      [1, () => `${ex.recvCode(int(b ? 2 * n : 2 * n + 1), this, d)}.even?`],
      [1, () => `${ex.recvCode(int(n), this, d)} ${b ? ">" : "<"} ${n - 1}`],
      [1, () => `${ex.recvCode(str(b ? "admin" : "public"), this, d)}.start_with?("ad")`],
      [1, () => `[${b ? ":a, :b" : ""}].any?`],
      [1, () => `${b ? "nil" : ex.recvCode(str("x"), this, d)}.nil?`],
      [0.5, () => { const rank = gen.comparableClass(); return rng.chance(0.5) ? `${rank}.new(${n}) ${b ? ">" : "<"} ${rank}.new(${n - 1})` : `${rank}.new(${b ? n : n + 9}).between?(${rank}.new(${n - 1}), ${rank}.new(${n + 1}))`; }],
      [d > 0 ? 1 : 0, () => (b ? `(${this.truth(true, d - 1)} && ${this.truth(true, d - 1)})` : `(${this.truth(rng.chance(0.5), d - 1)} && ${this.truth(false, d - 1)})`)],
      [d > 0 ? 1 : 0, () => (b ? `(${this.truth(false, d - 1)} || ${this.truth(true, d - 1)})` : `(${this.truth(false, d - 1)} || ${this.truth(false, d - 1)})`)],
      [d > 0 ? 1 : 0, () => `!(${this.truth(!b, d - 1)})`],
      [d > 0 && this.canHoist ? 1 : 0, () => this.hoist(this.truth(b, d - 1), { value: { t: "bool", v: b } })],
      [gen.flags.length ? 1 : 0, () => gen.flagTruth(b)],
      [Object.keys(gen.vars).length ? 1.5 : 0, () => gen.envTruth(b)],
    ];
    return rng.weighted(forms)();
  }
}
