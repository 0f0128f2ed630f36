// The fuzzer's generator: one valid routes file from a seed. Routing statements (dsl.mjs)
// are wrapped in the Ruby real routes files write around them (ruby.mjs): loops over arrays
// and hashes, conditions on known values, helper methods, `with_options`, lambdas; every
// argument goes through exprs.mjs, which writes it as a literal or as Ruby that computes it.
// Only constructs whose result Ruby defines are written: no randomness, no time, ENV only
// with the variables the run sets on both sides.
import { Ctx } from "./context.mjs";
import { Exprs } from "./exprs.mjs";
import { Rng } from "./prng.mjs";
import { Dsl } from "./dsl.mjs";
import { RubyForms } from "./ruby.mjs";
import * as W from "./words.mjs";
import { isIdent, isSymbolic, literal, str } from "./values.mjs";

/**
 * What `--avoid` can leave out, each the construct behind a known finding
 * (test-fixtures/fuzz-findings/README.md). None today: `with_options` whose block has no
 * parameter and a `**hash` that is a DSL call's only keyword argument were, until fixed.
 */
export const AVOIDABLE = [];

/**
 * A routes file from `seed`: `{ text, railsEnv, vars }` (the Rails environment and the ENV
 * variables both sides must be given). `o.avoid` lists constructs of AVOIDABLE not to write.
 */
export function generate(seed, o = {}) {
  return new Gen(new Rng(seed), o).file();
}

export class Gen {
  constructor(rng, o = {}) {
    this.rng = rng;
    this.statements = o.statements ?? rng.between(2, 8);
    this.maxDepth = 4;
    /** The chance that an argument is written as a plain literal; files vary from plain to convoluted. */
    this.plainness = rng.pick([0.25, 0.45, 0.65, 0.85]);
    this.errorRate = o.errorRate ?? 0.01;
    /** Constructs not to write (AVOIDABLE): the ones behind known findings, to look past them. */
    this.avoid = new Set(o.avoid ?? []);
    this.railsEnv = rng.weighted([[8, "development"], [1, "production"], [1, "test"]]);
    this.vars = rng.chance(0.15) ? { FUZZ_FLAG: "on", FUZZ_PREFIX: rng.pick(W.WORDS) } : {};
    this.preludeLines = [];
    this.prelude = new Ctx(this, undefined, { kind: "prelude", pending: this.preludeLines });
    this.exprs = new Exprs(this);
    this.dsl = new Dsl(this);
    this.ruby = new RubyForms(this);
    this.nouns = rng.shuffle(W.PLURALS);
    this.words = rng.shuffle(W.WORDS);
    this.mountables = rng.shuffle(W.MOUNTABLES);
    this.counts = { local: 0, constant: 0, name: 0, noun: 0, word: 0, helper: 0, ivar: 0 };
    /** Constants written at the top of the file: `{ name, value }`. */
    this.constants = [];
    /** Feature flags (a constant hash of booleans), for conditions. */
    this.flags = [];
    this.flagConst = undefined;
    /** Concerns defined so far: `{ name }` (their bodies draw in a resource's scope). */
    this.concerns = [];
    /** Naming scopes that have a root already. */
    this.roots = new Set();
    this.valueHelpers = [];
  }

  file() {
    const rng = this.rng;
    if (rng.chance(0.3)) this.defineFlags();
    const top = this.prelude.child({ kind: "top", nameScope: true, deeper: false });
    const body = this.body(top, this.statements);
    const lines = [];
    if (rng.chance(0.3)) lines.push("# frozen_string_literal: true", "");
    lines.push(...this.preludeLines);
    if (this.preludeLines.length) lines.push("");
    lines.push("Rails.application.routes.draw do", ...indent([...this.verbOverride(), ...body]), "end");
    return { text: lines.join("\n") + "\n", railsEnv: this.railsEnv, vars: this.vars };
  }

  /**
   * Now and then, a DSL method the draw block defines over Rails' own (a singleton method of the
   * mapper): Rails' `resources` reaches it through its internal calls (`put :update`), and
   * `super` reaches Rails'. Lines to put first in the draw block.
   */
  verbOverride() {
    const rng = this.rng;
    if (!rng.chance(0.08)) return [];
    return rng.pick([
      ["def put(*_args); end", ""],
      ["def patch(*args, **options, &block)", "  super(*args, **options, &block)", "end", ""],
      ["def delete(*args, **options, &block)", "  super(*args, **options, format: false, &block)", "end", ""],
      ["def get(*args, **options, &block)", "  options[:format] = false unless options.key?(:format)", "  super(*args, **options, &block)", "end", ""],
      ["def resources(*names, **options, &block)", "  super(*names, **options.merge(except: [:destroy]), &block)", "end", ""],
    ]);
  }

  /** `n` statements in `ctx`, each preceded by the locals its expressions assigned. */
  body(ctx, n) {
    const out = [];
    for (let i = 0; i < n; i++) {
      ctx.pending = [];
      const lines = this.statement(ctx);
      out.push(...ctx.pending, ...lines);
    }
    ctx.pending = [];
    return out;
  }

  /** One statement fit for `ctx`'s scope. */
  statement(ctx) {
    const k = ctx.kind;
    const open = k === "top" || k === "scope";
    const res = k === "res" || k === "res1";
    const deep = ctx.depth >= this.maxDepth;
    const d = this.dsl;
    const r = this.ruby;
    const choice = this.rng.weighted([
      [open ? 5 : res ? 2 : 0, () => d.resources(ctx)],
      [open ? 1.5 : res ? 0.8 : 0, () => d.resource(ctx)],
      [open && !deep ? 2 : 0, () => d.namespace(ctx)],
      [open && !deep ? 2 : res && !deep ? 0.3 : 0, () => d.scope(ctx)],
      [open ? 4 : res ? 1.5 : 0, () => d.route(ctx)],
      [k === "mc" ? 6 : 0, () => d.actionRoute(ctx)],
      [res && !deep ? 2 : 0, () => d.memberOrCollection(ctx)],
      [res ? 2 : 0, () => d.onRoute(ctx)],
      [open && d.rootAllowed(ctx) ? 1 : 0, () => d.root(ctx)],
      [open ? 1 : 0, () => d.redirect(ctx)],
      [open && !ctx.inLoop && this.mountables.length ? 0.6 : 0, () => d.mount(ctx)],
      [open && !ctx.inLoop && !ctx.inDef && !deep ? 0.7 : 0, () => d.concern(ctx)],
      [res && this.concerns.length ? 1 : 0, () => d.concernsCall(ctx)],
      [(open || res) && !deep ? 0.7 : 0, () => d.constraintsBlock(ctx)],
      [open && !deep ? 0.4 : 0, () => d.defaultsBlock(ctx)],
      [open && !deep ? 0.4 : 0, () => d.controllerBlock(ctx)],
      [open && !deep ? 0.3 : 0, () => d.shallowBlock(ctx)],
      [!deep ? 3 : 0.3, () => r.loop(ctx)],
      [!deep ? 2 : 0.3, () => r.conditional(ctx)],
      [1, () => r.modifier(ctx)],
      [!ctx.inDef && !deep && (open || k === "res") ? 1 : 0, () => r.defHelper(ctx)],
      [(open || res) && !deep ? 0.8 : 0, () => r.withOptions(ctx)],
      [!deep && k !== "mc" ? 0.7 : 0, () => r.lambda(ctx)],
      [this.errorRate * 10, () => d.deliberateError(ctx)],
    ]);
    return choice();
  }

  /** A one-line statement (for `if` modifiers, ternaries, `&&`). */
  lineStatement(ctx) {
    const k = ctx.kind;
    const d = this.dsl;
    if (k === "mc") return d.actionRoute(ctx);
    if (k === "res" || k === "res1") return this.rng.pick([() => d.onRoute(ctx), () => d.resources(ctx, { block: false })])();
    return this.rng.pick([() => d.route(ctx), () => d.resources(ctx, { block: false }), () => d.redirect(ctx)])();
  }

  // --- names ---------------------------------------------------------------------------

  /** A [singular, plural] pair not used yet in this file (suffixed once the list runs out). */
  noun() {
    const i = this.counts.noun++;
    const [one, many] = this.nouns[i % this.nouns.length];
    if (i < this.nouns.length) return [one, many];
    const k = Math.floor(i / this.nouns.length) + 1;
    return [`${one}_${k}`, `${many}_${k}`].map((w) => w);
  }

  /** A path word or namespace name not used yet. */
  word() {
    const i = this.counts.word++;
    const w = this.words[i % this.words.length];
    return i < this.words.length ? w : `${w}${Math.floor(i / this.words.length) + 1}`;
  }

  /** An explicit route name no other route has. */
  routeName() {
    return `${this.rng.pick(["named", "custom", "special", "promo", "landing", "alt"])}_${++this.counts.name}`;
  }

  freshLocal(prefix) {
    const base = prefix === "fn" ? this.rng.pick(["draw_one", "build", "make_path", "route_for"]) : this.rng.pick(["name", "prefix", "opts", "list", "path", "target", "flag", "value"]);
    return `${base}_${++this.counts.local}`;
  }

  // --- the top of the file ---------------------------------------------------------------

  canConstant(x) {
    return !isSymbolic(x) && ["str", "sym", "arr", "hash", "re", "int"].includes(x.t) && this.constants.length < 8;
  }

  /** A constant holding `x`, written at the top of the file as `code`. */
  constant(x, code) {
    const kind = { str: "NAME", sym: "KEY", arr: "LIST", hash: "OPTIONS", re: "PATTERN", int: "COUNT" }[x.t] ?? "VALUE";
    const name = `${kind}_${++this.counts.constant}`;
    // Frozen option hashes splatted into a DSL call are mutated by Rails (FrozenError in Ruby 3.1): rarely.
    this.preludeLines.push(`${name} = ${code}${this.rng.chance(x.t === "hash" ? 0.1 : 0.5) ? ".freeze" : ""}`);
    this.constants.push({ name, value: x });
    return name;
  }

  /** A constant hash of feature flags; conditions read it. */
  defineFlags() {
    this.flags = [["beta", true], ["legacy", false], ["api", this.rng.chance(0.5)]];
    this.flagConst = this.rng.pick(["FEATURES", "FLAGS", "SETTINGS"]);
    this.preludeLines.push(`${this.flagConst} = { ${this.flags.map(([k, v]) => `${k}: ${v}`).join(", ")} }.freeze`);
  }

  flagTruth(b) {
    const [k, v] = this.rng.pick(this.flags);
    const form = this.rng.int(3);
    const read = form === 0 ? `${this.flagConst}[:${k}]` : form === 1 ? `${this.flagConst}.fetch(:${k})` : `${this.flagConst}.dig(:${k})`;
    return v === b ? read : `!${read}`;
  }

  envTruth(b) {
    const rng = this.rng;
    const forms = [
      () => `ENV["FUZZ_FLAG"] ${b ? "==" : "!="} "on"`,
      () => `ENV.fetch("FUZZ_FLAG", "off") == ${b ? '"on"' : '"off"'}`,
      () => `${b ? "" : "!"}ENV["FUZZ_UNSET"].nil?`,
      () => `ENV.key?(${b ? '"FUZZ_FLAG"' : '"FUZZ_UNSET"'})`,
      () => `ENV.fetch("FUZZ_UNSET", ${b ? '"x"' : '"y"'}) == "x"`,
      () => `ENV.fetch("FUZZ_UNSET") { ${b ? '"x"' : '"y"'} } == "x"`,
      () => `ENV.fetch("FUZZ_FLAG") { "off" } ${b ? "==" : "!="} "on"`,
    ];
    return rng.pick(forms)();
  }

  /** A method `"#{word}#{suffix}"` at the top of the file, written one of several ways; its name. */
  valueHelper() {
    const rng = this.rng;
    if (this.valueHelpers.length && rng.chance(0.6)) return rng.pick(this.valueHelpers);
    const name = `${rng.pick(["joined", "suffixed", "build_name", "route_part"])}_${++this.counts.helper}`;
    const bodies = [
      [`def ${name}(word, suffix)`, `  "#{word}#{suffix}"`, "end"],
      [`def ${name}(word, suffix = "")`, "  [word, suffix].join", "end"],
      [`def ${name}(word, suffix) = word.to_s + suffix.to_s`],
      [`def ${name}(*parts)`, "  parts.map(&:to_s).join", "end"],
      [`def ${name}(word, suffix)`, "  return word if suffix.empty?", "", '  format("%s%s", word, suffix)', "end"],
      [`def ${name}(word, suffix)`, "  [word, suffix].each_with_object(+\"\") { |part, out| out << part.to_s }", "end"],
    ];
    this.preludeLines.push(...rng.pick(bodies));
    this.valueHelpers.push(name);
    return name;
  }

  /** A Struct class at the top of the file, `.new(name, path)`; its name. */
  struct() {
    if (this.structName) return this.structName;
    this.structName = `RouteSpec${++this.counts.helper}`;
    // A third of the files make it with keyword_init: (`.new(name:, path:)`).
    this.structKeywords = this.rng.chance(0.33);
    const options = this.structKeywords ? ", keyword_init: true" : "";
    this.preludeLines.push(this.rng.chance(0.5) ? `${this.structName} = Struct.new(:name, :path${options})` : `${this.structName} = Struct.new(:name, :path${options}) do\n  def to_s = "#{name}:#{path}"\nend`);
    return this.structName;
  }

  /** `RouteSpec.new(name, path)` (or with keywords, for a keyword_init Struct), in code. */
  structNew(nameCode, pathCode) {
    const name = this.struct();
    return this.structKeywords ? `${name}.new(${this.rng.chance(0.5) ? `name: ${nameCode}, path: ${pathCode}` : `path: ${pathCode}, name: ${nameCode}`})` : `${name}.new(${nameCode}, ${pathCode})`;
  }

  /** A Comparable class at the top of the file (`<=>` on its value), `.new(value)`; its name. */
  comparableClass() {
    if (this.rankName) return this.rankName;
    this.rankName = `Rank${++this.counts.helper}`;
    this.preludeLines.push(
      ...(this.rng.chance(0.5)
        ? [`class ${this.rankName}`, "  include Comparable", "  attr_reader :value", "", "  def initialize(value) = @value = value", "  def <=>(other) = value <=> other.value", "end"]
        : [`class ${this.rankName}`, "  include Comparable", "", "  def initialize(value)", "    @value = value", "  end", "", "  def value = @value", "", "  def <=>(other)", "    value <=> other.value", "  end", "end"]),
    );
    return this.rankName;
  }

  /** A class with an attr_reader at the top of the file, `.new(value).value`; its name. */
  valueClass() {
    if (this.className) return this.className;
    this.className = `Part${++this.counts.helper}`;
    this.preludeLines.push(
      ...(this.rng.chance(0.5)
        ? [`class ${this.className}`, "  attr_reader :value", "", "  def initialize(value)", "    @value = value", "  end", "end"]
        : [`class ${this.className}`, "  def initialize(value) = @value = value", "", "  def value", "    @value.dup", "  end", "end"]),
    );
    return this.className;
  }

  /** A value's code at `ctx`. */
  code(x, ctx, depth) {
    return this.exprs.code(x, ctx, depth);
  }

  /** A name argument (symbol or string): a loop's variable, or `value`. */
  nameArg(value, ctx) {
    if (isSymbolic(value)) return this.exprs.code(value, ctx);
    return this.code(this.rng.chance(0.7) ? { t: "sym", v: value } : str(value), ctx);
  }
}

export function indent(lines) {
  return lines.map((l) => (l === "" ? "" : `  ${l}`));
}

export { isIdent, literal };
