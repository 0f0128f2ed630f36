/**
 * Ruby values as the routes evaluator sees them, and the two ways Ruby prints
 * them that `rails routes` shows: `to_s` and `inspect` (whose Hash form changed in Ruby 3.4).
 *
 * A Ruby String is a JS string, Integer/Float a JS number, nil is `null`.
 */

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
}
export const sym = RSymbol.for;

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
  private text: string | undefined;
  constructor(
    readonly call: (args: RValue[]) => RValue,
    readonly lambda: boolean,
    /** Makes the label; called on first read (most blocks are never printed). */
    private readonly describe: () => string,
  ) {}
  /** Text Ruby's `inspect` would start with; the address part is not knowable statically. */
  get label(): string {
    return (this.text ??= this.describe());
  }
}

/** The value of `redirect(...)`: an endpoint printed as `redirect(301, /path)`. */
export class RRedirect {
  constructor(readonly inspectText: string) {}
}

/** A value the evaluator cannot know statically (a method we do not model, `ENV[...]`). */
export class RUnknown {
  constructor(
    readonly description: string,
    /**
     * Made by the app's own classes (`HealthCheck.new`, `ActionCable.server`): where Rails
     * keeps an object to call later (`to:`, a constraint), it stands for that object.
     */
    readonly object = false,
    /** Why it cannot be known, as the diagnostics say it. */
    readonly why = "a value only the running app knows",
  ) {}
}

/** A constant not defined in the routes files, where its value is needed. */
export const unknownConstant = (path: string) =>
  new RUnknown(path, false, "a constant defined outside the routes files, which Routemap does not read");

/**
 * Thrown where the text of a value the evaluator cannot know is needed (a path, a name, a
 * controller): the statement or DSL call is skipped with an information diagnostic, instead
 * of drawing routes from the value's description.
 */
export class UnknownValueError extends Error {
  constructor(readonly value: RUnknown) {
    super(`unknown value ${value.description}`);
  }
}

/** A value only the running app knows, or a constant Routemap could not read, as unknown; else undefined. */
export const unknownOf = (value: RValue | undefined): RUnknown | undefined =>
  value instanceof RUnknown ? value : value instanceof RConst ? unknownConstant(value.path) : undefined;

/**
 * Before Rails checks a value's type or content (a path, a resource name, an option): a value
 * Routemap cannot know stands for one of the right kind, so the call is skipped and said so,
 * never reported as Rails' error nor drawn from the constant's name.
 */
export function mustBeKnown(value: RValue | undefined): void {
  const unknown = unknownOf(value);
  if (unknown) throw new UnknownValueError(unknown);
}

/** `Rails.env`: a String that also answers `production?` and friends. */
export class RInquirer {
  constructor(readonly value: string) {}
}

/** The proxy `with_options` yields: calls through it get the options merged in. */
export class RMerger {
  constructor(
    readonly options: RHash,
    /** What the calls go to: the mapper (`null`) or another merger. */
    readonly target: RMerger | null,
  ) {}
}

/** An instance of a class defined in the routes files (`Commentable.new`), with its instance variables. */
export class RObject {
  readonly ivars = new Map<string, RValue>();
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
 * An ordered Ruby Hash with Ruby's key equality for the keys routes use. Route option
 * hashes hold a handful of keys, so two parallel arrays and a linear scan beat a Map.
 */
export class RHash {
  // Allocated on the first insert: many option hashes here are made and stay empty.
  private ks: RValue[] | null = null;
  private vs: RValue[] | null = null;

  constructor(entries?: Iterable<[RValue, RValue]>) {
    if (entries) for (const [k, v] of entries) this.set(k, v);
  }

  /** A hash of distinct keys, taking ownership of the two arrays (sized exactly, unlike grown ones). */
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
    // Symbols are interned, strings and numbers compare by value: `===` is Ruby's key equality here.
    for (let i = 0; i < ks.length; i++) if (ks[i] === k) return i;
    return -1;
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
    const i = this.indexOf(k);
    if (i >= 0) this.vs![i] = v;
    else if (this.ks === null) {
      this.ks = [k];
      this.vs = [v];
    } else {
      this.ks.push(k);
      this.vs!.push(v);
    }
    return this;
  }
  delete(k: RValue): RValue | undefined {
    return this.removeAt(this.indexOf(k));
  }
  private removeAt(i: number): RValue | undefined {
    if (i < 0) return undefined;
    const ks = this.ks!;
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
  dup(): RHash {
    const out = new RHash();
    if (this.ks !== null && this.ks.length) {
      out.ks = this.ks.slice();
      out.vs = this.vs!.slice();
    }
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
      if (k instanceof RSymbol && k.name === name) return i;
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

export type RValue =
  | null
  | boolean
  | number
  | string
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
  | RUnknown;

/** Ruby truthiness: everything but nil and false. */
export function truthy(v: RValue | undefined): boolean {
  return v !== null && v !== undefined && v !== false;
}

/** Rails' `blank?` for the values routes use. */
export function blank(v: RValue | undefined): boolean {
  if (v === null || v === undefined || v === false) return true;
  if (typeof v === "string") {
    // Most strings start with a non-space character and so cannot be blank: skip the regexp.
    if (v.length === 0) return true;
    const c = v.charCodeAt(0);
    if (c > 32 && c !== 160 && c < 0x1680) return false;
    return /^[\s\u00a0]*$/u.test(v);
  }
  if (Array.isArray(v)) return v.length === 0;
  if (v instanceof RHash) return v.size === 0;
  return false;
}
export const present = (v: RValue | undefined): boolean => !blank(v);

/** Ruby's `eql?`-style equality used for hash keys and `include?`. */
export function requal(a: RValue | undefined, b: RValue | undefined): boolean {
  if (a === b) return true;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((x, i) => requal(x, b[i]));
  if (a instanceof RRegexp && b instanceof RRegexp) return a.source === b.source && a.flags === b.flags;
  if (a instanceof RConst && b instanceof RConst) return a.path === b.path;
  if (a instanceof RInquirer || b instanceof RInquirer) {
    const text = (x: RValue | undefined) => (x instanceof RInquirer ? x.value : x);
    return text(a) === text(b);
  }
  return false;
}

export function isSym(v: RValue | undefined, name?: string): v is RSymbol {
  return v instanceof RSymbol && (name === undefined || v.name === name);
}

/** Ruby's `to_s`. */
/**
 * `to_s` where the text is shown, not used: a value the evaluator cannot know prints as
 * written instead of throwing (a drawn route's columns, worked out when first read).
 */
export function displayText(v: RValue | undefined, ruby: RubyVersion = DEFAULT_RUBY): string {
  return v instanceof RUnknown ? v.description : toS(v, ruby);
}

/** `to_s`. Throws `UnknownValueError` for a value the evaluator cannot know: its text is not known. */
export function toS(v: RValue | undefined, ruby: RubyVersion = DEFAULT_RUBY): string {
  if (v === null || v === undefined) return "";
  if (typeof v === "string") return v;
  if (typeof v === "number") return formatNumber(v);
  if (typeof v === "boolean") return String(v);
  if (v instanceof RSymbol) return v.name;
  if (v instanceof RConst) throw new UnknownValueError(unknownConstant(v.path));
  if (v instanceof RRegexp) return regexpToS(v);
  if (v instanceof RInquirer) return v.value;
  if (v instanceof RUnknown) throw new UnknownValueError(v);
  return inspect(v, ruby);
}

function formatNumber(n: number): string {
  if (Number.isInteger(n)) return String(n);
  const s = String(n);
  return s.includes(".") || s.includes("e") ? s : s + ".0";
}

function regexpToS(r: RRegexp): string {
  const on = r.flags.replace(/[^mix]/g, "");
  const off = "mix".replace(new RegExp(`[${on || " "}]`, "g"), "");
  return `(?${on}${off ? "-" + off : ""}:${r.source})`;
}

/** Which Ruby prints the values: only `Hash#inspect` differs between the versions we support. */
export interface RubyVersion {
  /** Ruby 3.4 prints `{id: 1}` and `{"a" => 1}`, and quotes names in messages as 'x'; earlier `{:id=>1}`, `{"a"=>1}` and `x'. */
  modernHashInspect: boolean;
  /** Ruby 3.3 names a NoMethodError's receiver by its class ("for an instance of Integer"), earlier by its inspect ("for 1:Integer"). */
  receiverByClass: boolean;
}
export const DEFAULT_RUBY: RubyVersion = { modernHashInspect: true, receiverByClass: true };

export function rubyVersion(version: string | undefined): RubyVersion {
  const [major, minor] = (version ?? "3.4").split(".").map((x) => parseInt(x, 10));
  if (Number.isNaN(major)) return DEFAULT_RUBY;
  const atLeast = (n: number) => major > 3 || (major === 3 && (minor || 0) >= n);
  return { modernHashInspect: atLeast(4), receiverByClass: atLeast(3) };
}

/** Ruby's NoMethodError message for `receiver.method`, worded as the selected Ruby words it. */
export function noMethodMessage(ruby: RubyVersion, method: string, receiver: RValue): string {
  const name = ruby.modernHashInspect ? `'${method}'` : `\`${method}'`;
  if (!ruby.receiverByClass) return `undefined method ${name} for ${inspect(receiver, ruby)}:${typeName(receiver)}`;
  const special = receiver === null || receiver === true || receiver === false;
  return `undefined method ${name} for ${special ? inspect(receiver, ruby) : `an instance of ${typeName(receiver)}`}`;
}

/** Ruby's TypeError for a value used where a String (or a Hash...) is needed. */
export function noImplicitConversion(v: RValue, into: string): string {
  const what = v === null || v === true || v === false ? inspect(v) : typeName(v);
  return `no implicit conversion of ${what} into ${into}`;
}

/** Ruby's `inspect`. */
export function inspect(v: RValue | undefined, ruby: RubyVersion = DEFAULT_RUBY): string {
  if (v === null || v === undefined) return "nil";
  if (typeof v === "string") return inspectString(v);
  if (typeof v === "number") return formatNumber(v);
  if (typeof v === "boolean") return String(v);
  if (v instanceof RSymbol) return ":" + symbolBody(v.name);
  if (v instanceof RRegexp) return "/" + escapeRegexpSlashes(v.source) + "/" + v.flags;
  if (Array.isArray(v)) return recursive(v, "[...]", () => "[" + v.map((x) => inspect(x, ruby)).join(", ") + "]");
  if (v instanceof RHash) return recursive(v, "{...}", () => inspectHash(v, ruby));
  if (v instanceof RRange) return `${inspect(v.first, ruby)}${v.exclusive ? "..." : ".."}${inspect(v.last, ruby)}`;
  if (v instanceof RConst) return v.path;
  if (v instanceof RRedirect) return v.inspectText;
  if (v instanceof RProc) return v.label;
  if (v instanceof RInquirer) return inspectString(v.value);
  if (v instanceof RMerger) return "#<ActiveSupport::OptionMerger>";
  if (v instanceof RMapper) return "#<ActionDispatch::Routing::Mapper>";
  // The address is not knowable statically: zeros, as for procs.
  if (v instanceof RObject) {
    const ivars = () => [...v.ivars].map(([name, value]) => ` ${name}=${inspect(value, ruby)}`).join(",");
    return recursive(v, `#<${v.className}:0x0000000000000000 ...>`, () => `#<${v.className}:0x0000000000000000${ivars()}>`);
  }
  return v.description;
}

/** The arrays, hashes and objects being inspected, outermost first. */
const inspecting = new Set<object>();

/**
 * Ruby's guard against a value that holds itself (`rb_exec_recursive`): inside its own
 * `inspect`, an array prints as `[...]`, a hash as `{...}`, an object as `#<C:0x… ...>`.
 */
function recursive(v: object, again: string, print: () => string): string {
  if (inspecting.has(v)) return again;
  inspecting.add(v);
  try {
    return print();
  } finally {
    inspecting.delete(v);
  }
}

function inspectHash(h: RHash, ruby: RubyVersion): string {
  if (h.size === 0) return "{}";
  const parts = h.entries().map(([k, val]) => {
    if (ruby.modernHashInspect) {
      if (k instanceof RSymbol) {
        const body = symbolBody(k.name);
        return `${body.startsWith('"') ? body : k.name}: ${inspect(val, ruby)}`;
      }
      return `${inspect(k, ruby)} => ${inspect(val, ruby)}`;
    }
    return `${inspect(k, ruby)}=>${inspect(val, ruby)}`;
  });
  return "{" + parts.join(", ") + "}";
}

/** Ruby's `inspect` of a symbol of that name (`:id`, `:"a-b"`). */
export const inspectSymbol = (name: string): string => ":" + symbolBody(name);

/** A symbol's name as it follows `:` in `inspect`, quoted when it is not a plain identifier or operator. */
function symbolBody(name: string): string {
  if (/^[A-Za-z_][A-Za-z_0-9]*[?!=]?$/.test(name) && !/^[A-Za-z_0-9]*[?!]=$/.test(name)) return name;
  if (/^(\[\]=?|[+\-*\/%<>!~^&|]|\*\*|==|===|!=|=~|!~|<=>|<=|>=|<<|>>|\+@|-@)$/.test(name)) return name;
  if (/^@@?[A-Za-z_][A-Za-z_0-9]*$/.test(name) || /^\$[A-Za-z_][A-Za-z_0-9]*$/.test(name)) return name;
  return inspectString(name);
}

export function inspectString(s: string): string {
  // Most strings need no escaping at all.
  if (!/["\\#\x00-\x1f\x7f]/.test(s)) return '"' + s + '"';
  let out = '"';
  for (const ch of s) {
    const c = ch.codePointAt(0)!;
    switch (ch) {
      case '"': out += '\\"'; break;
      case "\\": out += "\\\\"; break;
      case "\n": out += "\\n"; break;
      case "\t": out += "\\t"; break;
      case "\r": out += "\\r"; break;
      case "\f": out += "\\f"; break;
      case "\v": out += "\\v"; break;
      case "\b": out += "\\b"; break;
      case "\x07": out += "\\a"; break;
      case "\x1b": out += "\\e"; break;
      case "#": out += "#"; break;
      default:
        if (c < 0x20 || c === 0x7f) out += "\\x" + c.toString(16).toUpperCase().padStart(2, "0");
        else out += ch;
    }
  }
  // Ruby escapes `#` only where it would start an interpolation: `#{`, `#$`, `#@`.
  return out.replace(/#(?=[{$@])/g, "\\#") + '"';
}

/** Regexp#inspect shows the source with unescaped `/` escaped. */
function escapeRegexpSlashes(source: string): string {
  let out = "";
  for (let i = 0; i < source.length; i++) {
    const ch = source[i];
    if (ch === "\\" && i + 1 < source.length) {
      out += ch + source[i + 1];
      i++;
    } else if (ch === "/") out += "\\/";
    else out += ch;
  }
  return out;
}

export function typeName(v: RValue | undefined): string {
  if (v === null || v === undefined) return "NilClass";
  if (typeof v === "string" || v instanceof RInquirer) return "String";
  if (typeof v === "number") return Number.isInteger(v) ? "Integer" : "Float";
  if (v === true) return "TrueClass";
  if (v === false) return "FalseClass";
  if (v instanceof RSymbol) return "Symbol";
  if (Array.isArray(v)) return "Array";
  if (v instanceof RHash) return "Hash";
  if (v instanceof RRegexp) return "Regexp";
  if (v instanceof RRange) return "Range";
  if (v instanceof RProc) return "Proc";
  if (v instanceof RObject) return v.className;
  return "Object";
}
