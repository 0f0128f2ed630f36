/**
 * Ruby values as the evaluator sees them. How they print (`to_s`, `inspect`) is `print.ts`.
 *
 * Representation: a frozen String (a literal under `# frozen_string_literal: true`, a Hash
 * key, what the mapper and Rails hand over) is a JS string; a String Ruby code may still
 * change is an `RString`, and the mapper never sees one (`forMapper`). Integer is a JS
 * number where it is a safe integer (below 2**53) and a `bigint` beyond, never a bigint
 * that a number could hold (`core/intMath.ts` keeps that so), Float an `RFloat`, nil is `null`, true/false are JS booleans, Array a JS array, Hash an `RHash`.
 */
import type * as N from "@ruby/prism/src/nodes.js";
import type { Span } from "../span.js";
import type { LoadedFile } from "./loadedFile.js";

export class RSymbol {
  /** Symbols made outside any evaluation: the mapper's own constants, made as its modules load. */
  private static readonly permanent = new Map<string, RSymbol>();
  /** The symbols of the evaluation under way (the permanent ones among them); dropped when it ends. */
  private static transient: Map<string, RSymbol> | null = null;
  private constructor(readonly name: string) {}

  /**
   * Symbols are interned, so `===` is Ruby's `equal?` for any two symbols of one evaluation
   * (and for either of them and a permanent one). A table of every name ever evaluated
   * would grow with each name typed in an editor session and slow every lookup as it grew.
   */
  static for(name: string): RSymbol {
    // An evaluation's table starts as a copy of the permanent one: one lookup per symbol.
    const table = RSymbol.transient ?? RSymbol.permanent;
    let s = table.get(name);
    if (!s) {
      s = new RSymbol(name);
      table.set(name, s);
    }
    return s;
  }

  /**
   * Runs one evaluation with a table of its own. Invariant: a symbol made during it is never
   * compared by identity with one made during another evaluation (nothing module-level keeps
   * one; results hold them only inside their own routes).
   */
  static evaluation<T>(run: () => T): T {
    const outer = RSymbol.transient;
    RSymbol.transient = new Map(RSymbol.permanent);
    try {
      return run();
    } finally {
      RSymbol.transient = outer;
    }
  }

  /**
   * Runs `run` as part of the evaluation under way when `resumable` was called: a map's result
   * decides a view's condition later with the symbols its settings and constants hold (`MapResult.decide`).
   */
  static resumable(): <T>(run: () => T) => T {
    const table = RSymbol.transient;
    return (run) => {
      const outer = RSymbol.transient;
      RSymbol.transient = table;
      try {
        return run();
      } finally {
        RSymbol.transient = outer;
      }
    };
  }
}
export const sym = RSymbol.for;

/** A String that Ruby code may change (`<<`, `gsub!`); `frozen` once `freeze`d. */
export class RString {
  constructor(
    public value: string,
    public frozen = false,
    /** The file it was read from (`File.read`), for `instance_eval` of it: the text is that file's as long as it is unchanged. */
    readonly file?: string,
  ) {}
}

/** A Pathname (`Rails.root`, `Rails.root.join("config")`). */
export class RPathname {
  constructor(readonly path: string) {}
}

/**
 * A URI (`URI.parse("http://localhost:3018")`, core/uri.ts): its class (`URI::HTTP`) and parts
 * as uri/generic.rb keeps them; `null` where Ruby's reader answers nil.
 */
export class RUri {
  constructor(
    readonly className: string,
    readonly parts: {
      readonly scheme: string | null;
      readonly userinfo: string | null;
      readonly host: string | null;
      readonly port: number | null;
      readonly path: string;
      readonly query: string | null;
      readonly fragment: string | null;
    },
  ) {}
}

/** A Float: JavaScript's numbers cannot tell `1.0` from `1`. */
export class RFloat {
  constructor(readonly value: number) {}
}

export class RRegexp {
  constructor(
    /** The regexp source as Ruby keeps it (escapes untouched). */
    readonly source: string,
    readonly flags: string = "",
  ) {}
}

export class RRange {
  constructor(
    readonly first: RValue,
    readonly last: RValue,
    readonly exclusive: boolean,
  ) {}
}

/** A constant we know only by name (`Sidekiq::Web`, `Blog::Engine`): treated as a Rack app class. */
export class RConst {
  constructor(readonly path: string) {}
}

/** A block, proc or lambda: evaluated later by the evaluator that made it. */
export class RProc {
  // Fields as the constructor's assignments, all of them (`declare`): one per block call of
  // the files (see RHash).
  declare readonly call: (args: RValue[]) => RValue;
  declare readonly lambda: boolean;
  /** Makes the label; called on first read (most blocks are never printed). */
  private declare readonly describe: () => string;
  /** How many parameters it declares (Proc#arity); -1 for any. */
  declare readonly arity: number;
  private declare text: string | undefined;
  /** The same block with another `self` (`instance_eval(&block)`), for blocks of the files. */
  declare withSelf: ((self: unknown) => RProc) | undefined;
  /** A block of the files: its node, and the parse it is in (a replay checks a concern's block is the one recorded, drawMemo.ts). */
  declare sourceNode: N.BlockNode | N.LambdaNode | undefined;
  declare sourceFile: LoadedFile | undefined;
  constructor(call: (args: RValue[]) => RValue, lambda: boolean, describe: () => string, arity = -1) {
    this.call = call;
    this.lambda = lambda;
    this.describe = describe;
    this.arity = arity;
    this.text = undefined;
    this.withSelf = undefined;
    this.sourceNode = undefined;
    this.sourceFile = undefined;
  }
  /** Text Ruby's `inspect` would start with; the address part is not knowable statically. */
  get label(): string {
    return (this.text ??= this.describe());
  }
}

/** The value of `redirect(...)`: an endpoint printed as `redirect(301, /path)`. */
export class RRedirect {
  constructor(readonly inspectText: string) {}
}

/**
 * Why `X.new` is unknown where the files do not define the class `X` (a constraint object of a
 * gem's or of a folder Routemap does not read): an object, kept as such (`RUnknown.object`).
 */
export const FOREIGN_OBJECT = "an object of a class Routemap does not have";

/**
 * A value the evaluator cannot know statically (a method it does not model, `ENV[...]`
 * where the environment is not given). It spreads: what is made of it is unknown too, and
 * keeps its `cause`, the first unknown, for the message that says why.
 */
export class RUnknown {
  constructor(
    /** The expression as written, as the sheet shows it between « ». */
    readonly description: string,
    /**
     * Made by the app's own classes (`HealthCheck.new`, `ActionCable.server`): where Rails
     * keeps an object to call later (`to:`, a constraint), it stands for that object; it is
     * truthy.
     */
    readonly object = false,
    /** Why it cannot be known, as the diagnostics say it. */
    readonly why = "a value only the running app knows",
    /** The unknown this one was made from, if any: the cause a message names. */
    readonly from?: RUnknown,
    /**
     * A name that stands for the same value wherever it is met again (`ENV["M"] == "true"`):
     * two conditions with the same key are the same condition. Absent for values that may
     * differ from one evaluation to the next.
     */
    readonly key?: string,
    /** Where the expression is, once the evaluator has placed it. */
    readonly span?: Span,
  ) {}

  /** The first unknown of the chain this one was made from. */
  get cause(): RUnknown {
    let u: RUnknown = this;
    while (u.from) u = u.from;
    return u;
  }

  /** The unknown value of an expression made from this one. */
  derive(description: string, key?: string, span?: Span): RUnknown {
    return new RUnknown(description, false, this.why, this, key, span);
  }
}

/**
 * An unknown value whose truth is known all the same: `defined?(X) && Rails.env.test?` outside
 * the tests is nil or false, falsy either way; `defined?(X) || true` is truthy either way.
 */
/**
 * The value of a construct whose condition Routemap could not decide, where both branches gave a
 * value (`only: flag? ? %i[index edit] : %i[index]`): unknown as it stands, but a DSL call given it
 * runs once in each world, with that world's value (`Interpreter.dispatch`). Kept as it is where
 * the code only names it again (a local, the text it is shown as); anything computed from it is a
 * plain unknown.
 */
export class RUndecided extends RUnknown {
  constructor(
    of: RUnknown,
    /** The condition (its `key` and `text`), and each side's value: `whenHolds` where it holds as `holds` says. */
    readonly condition: { readonly key: string; readonly text: string; readonly holds: boolean },
    readonly whenHolds: RValue,
    readonly otherwise: RValue,
  ) {
    super(of.description, of.object, of.why, of.from, of.key, of.span);
  }

  /**
   * Set where a method that changes its receiver was called on it (`list << :x`): each world's
   * value is then no longer known from here, and the value is a plain unknown to a DSL call.
   */
  changed = false;

  /** The same value shown as other code's text (`Interpreter.placed`). */
  at(of: RUnknown): RUndecided {
    return new RUndecided(of, this.condition, this.whenHolds, this.otherwise);
  }
}

export class RUnknownTruth extends RUnknown {
  constructor(
    of: RUnknown,
    readonly truth: boolean,
  ) {
    super(of.description, of.object, of.why, of.from, of.key, of.span);
  }
}

/** A constant named in capitals (`Patterns::SLUG`) holds a value; a CamelCase one names a class or module. */
export const isValueConstant = (path: string): boolean => /(^|::)[A-Z][A-Z0-9_]*$/.test(path) && !RUBY_MODULES_IN_CAPITALS.has(path.replace(/^::/, ""));

/** Modules of Ruby's standard library named in capitals, which a booted Rails app has loaded: modules, not values. */
export const RUBY_MODULES_IN_CAPITALS: ReadonlySet<string> = new Set(["YAML", "JSON", "CGI", "ERB", "URI", "IO", "GC", "URI::HTTP", "URI::HTTPS", "URI::FTP", "URI::LDAP", "URI::LDAPS", "URI::WS", "URI::WSS"]);

/**
 * The unknown a value stands for where its content is read (compared, tested for nil): an
 * unknown, or a constant in capitals Routemap could not read (`Foo::BAR`); a class known by
 * name (`Sidekiq::Web`) is itself.
 */
export function unknownValueOf(v: RValue | undefined): RUnknown | undefined {
  if (v instanceof RUnknown) return v;
  if (v instanceof RConst && isValueConstant(v.path)) return unknownConstant(v.path);
  return undefined;
}

/** A constant not defined in the routes files, where its value is needed. */
export const unknownConstant = (path: string) =>
  new RUnknown(path, false, "a constant defined in none of the files Routemap has (a gem's, or set at boot)", undefined, path);

/**
 * Thrown where the text or truth of a value the evaluator cannot know is needed (a path, a
 * name, a controller, a condition): the statement or DSL call is skipped with an information
 * diagnostic, instead of drawing routes from the value's description.
 */
export class UnknownValueError extends Error {
  constructor(readonly value: RUnknown) {
    super(`unknown value ${value.description}`);
  }
}

/** A value only the running app knows, or a constant Routemap could not read, as unknown; else undefined. */
export const unknownOf = (value: RValue | undefined): RUnknown | undefined =>
  // Strings, symbols and immediates first, without a class test: most values asked are.
  typeof value !== "object" || value === null || value.constructor === RSymbol ? undefined
  : value instanceof RUnknown ? value : value instanceof RConst ? unknownConstant(value.path) : undefined;

/**
 * Before Rails checks a value's type or content (a path, a resource name, an option): a value
 * Routemap cannot know stands for one of the right kind, so the call is skipped and said so,
 * never reported as Rails' error nor drawn from the constant's name.
 */
export function mustBeKnown(value: RValue | undefined): void {
  const unknown = unknownOf(value);
  if (unknown) throw new UnknownValueError(unknown);
}

/**
 * `Rails.env`: a String that also answers `production?` and friends. `localQuery`: Rails 7.1's
 * EnvironmentInquirer, whose `local?` is development or test (activesupport 7.1
 * environment_inquirer.rb); a plain StringInquirer's `local?` asks whether the value is "local".
 */
export class RInquirer {
  constructor(
    readonly value: string,
    readonly localQuery = false,
  ) {}
}

/** The proxy `with_options` yields: calls through it get the options merged in. */
export class RMerger {
  constructor(
    readonly options: RHash,
    /** What the calls go to: the mapper (`null`) or another merger. */
    readonly target: RMerger | null,
  ) {}
}

/** An instance of a class defined in the files (`Commentable.new`), with its instance variables. */
export class RObject {
  readonly ivars = new Map<string, RValue>();
  /** What its class's own `inspect` returned, where Rails prints it (a mounted app); worked out by the evaluator. */
  inspectText?: string;
  /** An ancestor of its class the files do not define (a gem's, `Rack::Proxy`): what it answers beyond `methods` is not known. */
  openAncestor?: string;
  /**
   * Readers of an object of Rails' or a gem's own the evaluator answers itself (the mapper's
   * `parent_resource`, a `Devise::Mapping`); one that returns undefined does not know its answer.
   */
  native?: ReadonlyMap<string, () => RValue | undefined>;
  constructor(
    readonly className: string,
    /** The instance methods its class (and the superclasses the files define) has: what it `respond_to?`. */
    readonly methods: ReadonlySet<string>,
  ) {}
}

/** The mapper itself, as a value (`self` inside the draw block, `mapper` in a concern callable). */
export class RMapper {
  static readonly instance = new RMapper();
  readonly kind = "mapper";
  private constructor() {}
}

/**
 * Objects whose contents an undecidable condition made unknown (`list << :x if ENV["X"]`):
 * the object stays one object, but what it holds is known no more.
 */
const poisoned = new WeakMap<object, RUnknown>();
export function poison(v: object, why: RUnknown): void {
  poisoned.set(v, why);
}
/** The unknown that stands for a poisoned object's contents, if it is one. */
export function poisonOf(v: RValue | undefined): RUnknown | undefined {
  return typeof v === "object" && v !== null && v.constructor !== RSymbol ? poisoned.get(v) : undefined;
}

/** Objects (arrays, hashes, objects) `freeze`d by the files. */
const frozenObjects = new WeakSet<object>();
export function freeze<T extends RValue>(v: T): T {
  if (v instanceof RString) v.frozen = true;
  else if (typeof v === "object" && v !== null) frozenObjects.add(v);
  return v;
}
/** Ruby's `frozen?`: immediates, symbols and plain strings always are. */
export function isFrozen(v: RValue): boolean {
  if (v instanceof RString) return v.frozen;
  if (
    Array.isArray(v) || v instanceof RHash || v instanceof RObject || v instanceof RStruct || v instanceof RSet || v instanceof RPathname ||
    v instanceof RUri || v instanceof RProc || v instanceof REnumerator
  ) {
    return frozenObjects.has(v);
  }
  return true;
}

/** The text of a String value (a JS string, an `RString`, `Rails.env`); undefined for anything else. */
export function stringValue(v: RValue | undefined): string | undefined {
  if (typeof v === "string") return v;
  if (v instanceof RString) return v.value;
  if (v instanceof RInquirer) return v.value;
  return undefined;
}
export const isString = (v: RValue | undefined): boolean => stringValue(v) !== undefined;

/** Keys compared by identity or value alone: `===` is Ruby's `eql?` for them. */
const isPlainKey = (k: RValue) => k === null || typeof k !== "object" || k.constructor === RSymbol;

/**
 * Whether two keys are one key: `eql?`, except that an unknown key is only itself (or the same
 * constant): the hash keeps it apart, and the core library, which knows it is there
 * (`RHash.unknownKey`), answers unknown where it could have matched.
 */
function sameKey(a: RValue, b: RValue): boolean {
  if (a === b) return true;
  if (unknownValueOf(a) || unknownValueOf(b)) return a instanceof RConst && b instanceof RConst && a.path === b.path;
  return reql(a, b);
}

/**
 * Hashes that are ActiveSupport::OrderedOptions (what `config_for` returns), with the Rails
 * series that made each: its methods differ between series (core/orderedOptions.ts), and
 * `inspect` names its class.
 */
export const ORDERED_OPTIONS = new WeakMap<RHash, string>();

/** Above this many keys, a hash looks plain keys up in a Map instead of scanning. */
const INDEXED_FROM = 16;

/**
 * An ordered Ruby Hash. Route option hashes hold a handful of keys, so two parallel arrays
 * and a linear scan beat a Map; a hash that grows past `INDEXED_FROM` keys also keeps a Map
 * from its plain keys to their positions (a table built by `tally`, `index_by`, `to_h` over a
 * long list stays linear). A String key is stored frozen, as Ruby stores a copy.
 */
export class RHash {
  // The fields are the constructor's assignments, all of them, in one order (`declare`): as
  // ES2022 class fields, each was a [[Define]] (an IC call in baseline code) in a field
  // initialiser called before the constructor, for the hash the evaluator makes most of
  // (docs/benchmarks.md, coldmap). Every hash still has every field from the start.
  // Allocated on the first insert: many option hashes here are made and stay empty.
  private declare ks: RValue[] | null;
  private declare vs: RValue[] | null;
  /** Plain key → position, once the hash is large; dropped on delete, built again when next needed. */
  private declare index: Map<RValue, number> | null;
  /** How many keys are unknown values: a key looked up and not found might be one of them. */
  private declare unknownKeys: number;
  /** `Hash.new(default)` and `Hash.new { |h, k| … }`. */
  declare defaultValue: RValue;
  declare defaultProc: RProc | null;

  constructor(entries?: Iterable<[RValue, RValue]>) {
    this.ks = null;
    this.vs = null;
    this.index = null;
    this.unknownKeys = 0;
    this.defaultValue = null;
    this.defaultProc = null;
    if (entries) for (const [k, v] of entries) this.set(k, v);
  }

  /** A hash of distinct plain keys, taking ownership of the two arrays (sized exactly, unlike grown ones). */
  static fromArrays(keys: RValue[], values: RValue[]): RHash {
    const h = new RHash();
    if (keys.length) {
      h.ks = keys;
      h.vs = values;
    }
    return h;
  }

  private indexOf(k: RValue): number {
    const ks = this.ks;
    if (ks === null) return -1;
    // A String key is stored as its (frozen) text: looked up the same way.
    if (k instanceof RString) k = k.value;
    // Symbols are interned, strings and integers compare by value: `===` is Ruby's `eql?` here.
    if (isPlainKey(k)) {
      if (ks.length > INDEXED_FROM) return this.indexed(ks).get(k) ?? -1;
      for (let i = 0; i < ks.length; i++) if (ks[i] === k) return i;
      return -1;
    }
    for (let i = 0; i < ks.length; i++) if (sameKey(ks[i], k)) return i;
    return -1;
  }

  private indexed(ks: RValue[]): Map<RValue, number> {
    if (this.index === null) {
      this.index = new Map();
      for (let i = 0; i < ks.length; i++) if (isPlainKey(ks[i])) this.index.set(ks[i], i);
    }
    return this.index;
  }

  get size(): number {
    return this.ks === null ? 0 : this.ks.length;
  }
  has(k: RValue): boolean {
    return this.indexOf(k) >= 0;
  }
  get(k: RValue): RValue | undefined {
    const i = this.indexOf(k);
    return i >= 0 ? this.vs![i] : undefined;
  }
  set(k: RValue, v: RValue): this {
    if (k instanceof RString) k = k.value;
    const i = this.indexOf(k);
    if (i >= 0) this.vs![i] = v;
    else if (this.ks === null) {
      this.ks = [k];
      this.vs = [v];
    } else {
      if (this.index !== null && isPlainKey(k)) this.index.set(k, this.ks.length);
      this.ks.push(k);
      this.vs!.push(v);
    }
    if (i < 0 && !isPlainKey(k) && unknownValueOf(k)) this.unknownKeys++;
    return this;
  }
  /** An unknown key of the hash, if it has one: what a key not found may be. */
  get unknownKey(): RUnknown | undefined {
    if (this.unknownKeys === 0) return undefined;
    for (const k of this.ks!) {
      const u = unknownValueOf(k);
      if (u) return u;
    }
    return undefined;
  }
  delete(k: RValue): RValue | undefined {
    return this.removeAt(this.indexOf(k));
  }
  private removeAt(i: number): RValue | undefined {
    if (i < 0) return undefined;
    this.index = null;
    const ks = this.ks!;
    if (!isPlainKey(ks[i]) && unknownValueOf(ks[i])) this.unknownKeys--;
    const vs = this.vs!;
    const v = vs[i];
    // `splice` would allocate an array for the removed element on every delete.
    for (let j = i + 1; j < ks.length; j++) {
      ks[j - 1] = ks[j];
      vs[j - 1] = vs[j];
    }
    // `pop`, not `length--`: the length setter is a slow generic path in V8.
    ks.pop();
    vs.pop();
    return v;
  }
  clear(): void {
    this.ks = null;
    this.vs = null;
    this.index = null;
    this.unknownKeys = 0;
  }
  keyAt(i: number): RValue {
    return this.ks![i];
  }
  valueAt(i: number): RValue {
    return this.vs![i];
  }
  entries(): [RValue, RValue][] {
    const n = this.size;
    const out: [RValue, RValue][] = new Array(n);
    for (let i = 0; i < n; i++) out[i] = [this.ks![i], this.vs![i]];
    return out;
  }
  forEach(fn: (k: RValue, v: RValue) => void): void {
    const n = this.size;
    for (let i = 0; i < n; i++) fn(this.ks![i], this.vs![i]);
  }
  someKey(test: (k: RValue) => boolean): boolean {
    const ks = this.ks;
    if (ks !== null) for (let i = 0; i < ks.length; i++) if (test(ks[i])) return true;
    return false;
  }
  someValue(test: (v: RValue) => boolean): boolean {
    const vs = this.vs;
    if (vs !== null) for (let i = 0; i < vs.length; i++) if (test(vs[i])) return true;
    return false;
  }
  keys(): RValue[] {
    return this.ks === null ? [] : this.ks.slice();
  }
  values(): RValue[] {
    return this.vs === null ? [] : this.vs.slice();
  }
  /** A copy of the pairs (Ruby's `dup` keeps the default too). */
  dup(): RHash {
    const out = new RHash();
    if (this.ks !== null && this.ks.length) {
      out.ks = this.ks.slice();
      out.vs = this.vs!.slice();
    }
    out.defaultValue = this.defaultValue;
    out.defaultProc = this.defaultProc;
    out.unknownKeys = this.unknownKeys;
    // `dup` keeps the class (rb_hash_dup): an OrderedOptions' copy is one too (a route's defaults are copies).
    const series = ORDERED_OPTIONS.get(this);
    if (series !== undefined) ORDERED_OPTIONS.set(out, series);
    return out;
  }
  /** Ruby's `merge`: a new hash, keys of `other` win but keep this hash's order. */
  merge(other: RHash): RHash {
    const out = this.dup();
    const n = other.size;
    for (let i = 0; i < n; i++) out.set(other.ks![i], other.vs![i]);
    return out;
  }
  // Symbol-keyed access, the common case in the mapper: compares names, no interning lookup.
  private sindex(name: string): number {
    const ks = this.ks;
    if (ks === null) return -1;
    for (let i = 0; i < ks.length; i++) {
      const k = ks[i];
      // `constructor`, not `instanceof` (see `isRSymbol`): this runs for every option read.
      if (k !== null && k.constructor === RSymbol && (k as RSymbol).name === name) return i;
    }
    return -1;
  }
  sget(name: string): RValue | undefined {
    const i = this.sindex(name);
    return i >= 0 ? this.vs![i] : undefined;
  }
  shas(name: string): boolean {
    return this.sindex(name) >= 0;
  }
  sset(name: string, v: RValue): this {
    return this.set(sym(name), v);
  }
  sdelete(name: string): RValue | undefined {
    return this.removeAt(this.sindex(name));
  }
}

/** A Struct class made by `Struct.new(:a, :b)`: its members, and whether `new` takes keywords. */
export class RStructClass {
  constructor(
    readonly name: string | undefined,
    readonly members: string[],
    readonly keywordInit: boolean,
    /** Where the methods of its `Struct.new(…) do … end` block are recorded (`ClassRegistry`). */
    readonly methodsOf?: string,
    /** Made by `Data.define` (Ruby 3.2): keyword or positional `new`, every member required, frozen instances. */
    readonly data = false,
  ) {}
}
/** An instance of a Struct class. */
export class RStruct {
  /** Instance variables its methods set (`@x ||= …` in a `Struct.new` block's `def`). */
  readonly ivars = new Map<string, RValue>();
  /** Whether its class defines `call` (a mounted Rack app), where the evaluator has looked. */
  callable?: boolean;
  constructor(
    readonly cls: RStructClass,
    readonly values: RValue[],
  ) {}
  /** Where its methods are looked up: the class the `Struct.new` block defined, else its name. */
  get className(): string {
    return this.cls.methodsOf ?? this.cls.name ?? "Struct";
  }
}

/** A Set: insertion-ordered, Ruby's `eql?` for its members. */
export class RSet {
  readonly items: RValue[] = [];
  has(v: RValue): boolean {
    return this.items.some((x) => reql(x, v));
  }
  add(v: RValue): boolean {
    if (v instanceof RString) v = v.value;
    if (this.has(v)) return false;
    this.items.push(v);
    return true;
  }
}

/**
 * An Enumerator made by a method called without its block (`each_slice(2)`, `map`,
 * `each_with_index`): iterating it calls that method with a block.
 */
export class REnumerator {
  constructor(
    readonly receiver: RValue,
    readonly method: string,
    readonly args: RValue[],
    /** Its class, where it is not a plain Enumerator: `Enumerator::Lazy`, `Enumerator::Chain`, `Enumerator::Yielder`. */
    readonly kind: string = "Enumerator",
  ) {}
}

/** A MatchData: the string matched, and each group's [start, end) in it (-1 where it did not take part). */
export class RMatch {
  constructor(
    readonly input: string,
    readonly offsets: number[],
    readonly names: string[],
    readonly regexp: RRegexp,
  ) {}
}

export type RValue =
  | null
  | boolean
  | number
  | bigint
  | string
  | RString
  | RFloat
  | RSymbol
  | RValue[]
  | RHash
  | RRegexp
  | RRange
  | RConst
  | RProc
  | RRedirect
  | RInquirer
  | RMerger
  | RMapper
  | RObject
  | RStructClass
  | RStruct
  | RSet
  | REnumerator
  | RMatch
  | RPathname
  | RUri
  | RUnknown;

/**
 * Ruby truthiness: everything but nil and false. An unknown value's truth is unknown, unless
 * it is an object (objects are true): the caller must decide what that means.
 */
export function truthy(v: RValue | undefined): boolean {
  // nil, false and immediates first: most values asked are, and they need no class test.
  if (v === null || v === undefined || v === false) return false;
  if (typeof v !== "object") return true;
  // By the constructor, not `instanceof` (RUnknown has no subclass; see `isRSymbol`).
  if (v.constructor === RUnknown && !(v as RUnknown).object) throw new UnknownValueError(v as RUnknown);
  return true;
}

/** Rails' `blank?` for the values routes use. */
export function blank(v: RValue | undefined): boolean {
  if (v === null || v === undefined || v === false) return true;
  // A plain string (most values asked) needs no class test.
  if (typeof v !== "string" && v instanceof RUnknown) {
    if (v.object) return false;
    throw new UnknownValueError(v);
  }
  const s = stringValue(v);
  if (s !== undefined) {
    // Most strings start with a non-space character and so cannot be blank: skip the regexp.
    if (s.length === 0) return true;
    const c = s.charCodeAt(0);
    if (c > 32 && c !== 0x85 && c !== 160 && c < 0x1680) return false;
    // `[[:space:]]`: Unicode's White_Space (JavaScript's `\s` adds U+FEFF and lacks U+0085).
    return /^[\t\n\v\f\r \u0085\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]*$/.test(s);
  }
  // A Symbol answers `empty?`, so ActiveSupport asks it.
  if (v instanceof RSymbol) return v.name === "";
  if (Array.isArray(v)) return v.length === 0;
  if (v instanceof RHash) return v.size === 0;
  if (v instanceof RSet) return v.items.length === 0;
  return false;
}
export const present = (v: RValue | undefined): boolean => !blank(v);

/** The number of an Integer or a Float (a big Integer's nearest double, as Ruby's Float arithmetic takes it); undefined for anything else. */
export function numberValue(v: RValue | undefined): number | undefined {
  return typeof v === "number" ? v : v instanceof RFloat ? v.value : typeof v === "bigint" ? Number(v) : undefined;
}

/** Ruby's `==` of a big Integer and another value: exact, also against a Float. */
function bigEqual(a: bigint, b: RValue): boolean {
  if (typeof b === "bigint") return a === b;
  if (b instanceof RFloat) return Number.isInteger(b.value) && BigInt(b.value) === a;
  return false;
}

/**
 * Ruby's `==` for the values routes use. Throws `UnknownValueError` where an unknown value
 * decides the answer.
 */
export function requal(a: RValue | undefined, b: RValue | undefined, depth = 0): boolean {
  if (a === b) return true;
  if (a === undefined || b === undefined) return false;
  // An unknown might be nil too: checked before nil is compared.
  const u = unknownValueOf(a) ?? unknownValueOf(b);
  if (u) throw new UnknownValueError(u);
  if (a === null || b === null) return false;
  const p = poisonOf(a) ?? poisonOf(b);
  if (p) throw new UnknownValueError(p);
  if (depth > 64) return true; // a structure that holds itself: Ruby's recursion guard says equal
  if (typeof a === "bigint") return bigEqual(a, b);
  if (typeof b === "bigint") return bigEqual(b, a);
  const sa = stringValue(a);
  if (sa !== undefined) return sa === stringValue(b);
  const na = numberValue(a);
  if (na !== undefined) return na === numberValue(b);
  if (Array.isArray(a)) return Array.isArray(b) && a.length === b.length && a.every((x, i) => requal(x, b[i], depth + 1));
  if (a instanceof RHash) {
    if (!(b instanceof RHash) || a.size !== b.size) return false;
    for (let i = 0; i < a.size; i++) {
      const other = b.get(a.keyAt(i));
      if (other === undefined || !requal(a.valueAt(i), other, depth + 1)) return false;
    }
    return true;
  }
  if (a instanceof RRegexp) return b instanceof RRegexp && a.source === b.source && a.flags === b.flags;
  if (a instanceof RConst) return b instanceof RConst && a.path === b.path;
  if (a instanceof RRange) return b instanceof RRange && a.exclusive === b.exclusive && requal(a.first, b.first, depth + 1) && requal(a.last, b.last, depth + 1);
  if (a instanceof RStruct) return b instanceof RStruct && a.cls === b.cls && requal(a.values, b.values, depth + 1);
  if (a instanceof RSet) return b instanceof RSet && a.items.length === b.items.length && a.items.every((x) => b.has(x));
  return false;
}

/** Ruby's `eql?`: `==` without Integer/Float crossing. The equality of Hash keys. */
export function reql(a: RValue | undefined, b: RValue | undefined): boolean {
  if (a === b) return true;
  if (typeof a === "number" || typeof b === "number" || typeof a === "bigint" || typeof b === "bigint") return false;
  if (a instanceof RFloat || b instanceof RFloat) return a instanceof RFloat && b instanceof RFloat && a.value === b.value;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((x, i) => reql(x, b[i]));
  if (a instanceof RHash && b instanceof RHash) {
    if (a.size !== b.size) return false;
    for (let i = 0; i < a.size; i++) {
      const other = b.get(a.keyAt(i));
      if (other === undefined || !reql(a.valueAt(i), other)) return false;
    }
    return true;
  }
  return requal(a, b);
}

export function isSym(v: RValue | undefined, name?: string): v is RSymbol {
  return isRSymbol(v) && (name === undefined || v.name === name);
}

/**
 * `v instanceof RSymbol`, by the constructor (RSymbol has no subclass, nothing is made from its
 * prototype otherwise): in V8's interpreter and baseline code, as `routes` runs, `instanceof`
 * looks `Symbol.hasInstance` up the class's chain with a generic lookup on every test (about
 * 4% of the map's instructions went to `instanceof`), where `constructor` is one cached load.
 */
export function isRSymbol(v: RValue | undefined): v is RSymbol {
  return v !== null && v !== undefined && v.constructor === RSymbol;
}

/**
 * A value as the mapper takes it: Strings frozen (plain JS strings), `Rails.env` a String,
 * arrays and hashes copied only where they hold such a value. Ruby code handed the value
 * again (a block the mapper calls) sees the copy, which is what the mapper keeps anyway.
 */
export function forMapper(v: RValue, depth = 0): RValue {
  // Most of the DSL's arguments are symbols, frozen strings and immediates: nothing to copy and
  // nothing poisoned (`poisonOf` is undefined for them), without the class tests below.
  if (typeof v !== "object" || v === null || v.constructor === RSymbol) return v;
  const poisonedBy = poisonOf(v);
  if (poisonedBy) throw new UnknownValueError(poisonedBy);
  if (v instanceof RString) return v.value;
  if (v instanceof RInquirer) return v.value;
  // A structure that holds itself is handed over as it is below this depth (it prints as Ruby's).
  if (depth > 32) return v;
  if (Array.isArray(v)) {
    let out: RValue[] | undefined;
    for (let i = 0; i < v.length; i++) {
      const x = forMapper(v[i], depth + 1);
      if (x !== v[i]) (out ??= v.slice())[i] = x;
    }
    return out ?? v;
  }
  if (v instanceof RHash) {
    let out: RHash | undefined;
    for (let i = 0; i < v.size; i++) {
      const x = forMapper(v.valueAt(i), depth + 1);
      if (x !== v.valueAt(i)) (out ??= v.dup()).set(v.keyAt(i), x);
    }
    return out ?? v;
  }
  return v;
}
