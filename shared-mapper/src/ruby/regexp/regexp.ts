/**
 * A compiled Ruby regexp and its matches (Ruby's Regexp and MatchData over JavaScript string
 * indices); the module header of index.ts describes the API.
 */
import { compile, type Program } from "./compiler.js";
import { DEFAULT_STEPS, Machine, type RegexpBudget } from "./matcher.js";
import { parse, RegexpSyntaxError, RegexpUnsupported, type Flags } from "./parser.js";


export interface RubyRegexpOptions {
  ignoreCase?: boolean;
  multiline?: boolean;
  extended?: boolean;
}

export type CompileResult =
  | { ok: true; regexp: RubyRegexp }
  | { ok: false; kind: "syntax"; message: string }
  | { ok: false; kind: "unsupported"; reason: string };

const cache = new Map<string, CompileResult>();
const CACHE_SIZE = 512;

/** A Ruby regexp from its source and options (`"imx"` or an object). */
export function compileRubyRegexp(source: string, flags: string | RubyRegexpOptions = ""): CompileResult {
  const options: RubyRegexpOptions = typeof flags === "string" ? { ignoreCase: flags.includes("i"), multiline: flags.includes("m"), extended: flags.includes("x") } : flags;
  const key = `${options.ignoreCase ? "i" : ""}${options.multiline ? "m" : ""}${options.extended ? "x" : ""}/${source}`;
  let result = cache.get(key);
  if (result) return result;
  result = build(source, options);
  if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value!);
  cache.set(key, result);
  return result;
}

function build(source: string, options: RubyRegexpOptions): CompileResult {
  const flags: Flags = { ignoreCase: !!options.ignoreCase, multiline: !!options.multiline, extended: !!options.extended, charset: "d" };
  try {
    const parsed = parse(source, flags);
    return { ok: true, regexp: new RubyRegexp(source, options, compile(parsed), parsed.names) };
  } catch (e) {
    if (e instanceof RegexpSyntaxError) return { ok: false, kind: "syntax", message: `${e.message}: /${source}/` };
    if (e instanceof RegexpUnsupported) return { ok: false, kind: "unsupported", reason: e.message };
    throw e;
  }
}

export class RubyRegexp {
  private machine: Machine | undefined;
  /** `Regexp#names`: each name once, in order. */
  readonly names: readonly string[];

  constructor(
    readonly source: string,
    readonly options: RubyRegexpOptions,
    private readonly program: Program,
    /** Each name's groups, in the order they are defined. */
    readonly groupsByName: ReadonlyMap<string, readonly number[]>,
  ) {
    this.names = [...groupsByName.keys()];
  }

  /** Capturing groups, numbered from 1. */
  get groupCount(): number {
    return this.program.groupCount;
  }

  /** The first match at or after `start` (a JavaScript index), or null. */
  exec(input: string, start = 0, budget: RegexpBudget = { remaining: DEFAULT_STEPS }): RubyMatch | null {
    return this.run(input, start, budget, false);
  }

  /** A match that starts exactly at `pos`, or null. */
  matchAt(input: string, pos: number, budget: RegexpBudget = { remaining: DEFAULT_STEPS }): RubyMatch | null {
    return this.run(input, pos, budget, true);
  }

  /** `match?`. */
  test(input: string, start = 0, budget: RegexpBudget = { remaining: DEFAULT_STEPS }): boolean {
    return this.run(input, start, budget, false) !== null;
  }

  private run(input: string, start: number, budget: RegexpBudget, anchored: boolean): RubyMatch | null {
    // A callback (gsub's block) may match with the same regexp while a match is running: a machine of its own.
    const machine = this.machine ?? new Machine(this.program);
    this.machine = undefined;
    try {
      const positions = machine.exec(input, start, budget, anchored);
      return positions && new RubyMatch(this, input, positions);
    } finally {
      this.machine = machine;
    }
  }

  /** The group a name reads in a match: the last of its groups that took part (Onigmo's `name_to_backref_number`). */
  groupOf(name: string, positions?: Int32Array): number | undefined {
    const groups = this.groupsByName.get(name);
    if (!groups) return undefined;
    if (positions) for (let i = groups.length - 1; i >= 0; i--) if (positions[groups[i] * 2] >= 0) return groups[i];
    return groups[groups.length - 1];
  }
}

/** A match: Ruby's MatchData over JavaScript indices. */
export class RubyMatch {
  constructor(
    readonly regexp: RubyRegexp,
    readonly input: string,
    /** `[begin0, end0, begin1, end1…]`, -1 where a group did not take part. */
    readonly positions: Int32Array,
  ) {}

  get size(): number {
    return this.positions.length / 2;
  }

  begin(n = 0): number {
    return this.positions[n * 2] ?? -1;
  }

  end(n = 0): number {
    return this.positions[n * 2 + 1] ?? -1;
  }

  /** Group `n`'s text, undefined for nil (or a group that does not exist). */
  group(n = 0): string | undefined {
    const b = this.begin(n);
    const e = this.end(n);
    return b < 0 || e < 0 ? undefined : this.input.slice(b, e);
  }

  /** `m[:name]`; undefined for nil. Throws for a name the regexp lacks (Ruby's IndexError). */
  named(name: string): string | undefined {
    const g = this.regexp.groupOf(name, this.positions);
    if (g === undefined) throw new IndexError(`undefined group name reference: ${name}`);
    return this.group(g);
  }

  get preMatch(): string {
    return this.input.slice(0, this.begin(0));
  }

  get postMatch(): string {
    return this.input.slice(this.end(0));
  }

  captures(): (string | undefined)[] {
    const out: (string | undefined)[] = [];
    for (let i = 1; i < this.size; i++) out.push(this.group(i));
    return out;
  }

  toArray(): (string | undefined)[] {
    return [this.group(0), ...this.captures()];
  }

  namedCaptures(): Record<string, string | undefined> {
    const out: Record<string, string | undefined> = {};
    for (const name of this.regexp.names) out[name] = this.named(name);
    return out;
  }
}

/** Ruby's IndexError, for `m[:nope]`. */
export class IndexError extends Error {
  override name = "IndexError";
}
