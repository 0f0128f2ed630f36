/**
 * The app's YAML files as Ruby reads them with `YAML.load_file` / `YAML.safe_load_file` (Psych
 * 4, Ruby 3.1+: a safe load; no object is ever built from a tag, and nothing runs). The text is
 * parsed as data with js-yaml; where Psych's YAML 1.1 would give another value than js-yaml's
 * YAML 1.2 reading, or where the file needs what Routemap does not do, the value is unknown,
 * never guessed:
 * - ERB (`<%= … %>`): Rails' `config_for` runs it; Routemap runs it before (dsl/erb.ts) where the
 *   tags only print expressions, and a text still holding ERB here is unknown;
 * - anchors and aliases (`&a`, `*a`): Psych's safe load refuses them (`config_for`'s unsafe load
 *   takes them: `aliases: true`);
 * - merge keys (`<<:`) are merged as Psych 4 merges them (Psych::Visitors::ToRuby#revive_hash),
 *   not as the YAML spec says: a merged mapping overrides the keys written before it, and of a
 *   list of mappings the first wins, the keys in the order of the last;
 * - plain scalars Psych types otherwise (`yes`/`no`/`on`/`off` are booleans, `:name` a Symbol,
 *   dates and times, floats written as YAML 1.1 allows): js-yaml cannot tell a quoted string
 *   from a plain one, so such a string is unknown unless every occurrence of it in the text
 *   is quoted (`'no':`, Norwegian's code).
 */
import yaml from "js-yaml";
import { RHash, RString, RSymbol, RUnknown, stringValue, type RValue } from "../ruby/values.js";
import { escapeRegExp } from "../regexpEscape.js";

/** Strings whose meaning differs between Psych (YAML 1.1) and js-yaml (YAML 1.2) when written plain. */
const AMBIGUOUS = /^(?:yes|no|on|off|y|n|~|:.*|\d{4}-\d\d?-\d\d?(?:[Tt ].*)?|[-+]?(?:\d[\d_]*)?\.\d[\d_]*(?:e[-+]?\d+)?|[-+]?\.(?:inf|nan)|0[0-7_]+|0x[\d_a-f]+|0b[01_]+|[-+]?\d[\d_]*(?::[0-5]?\d)+(?:\.\d*)?)$/i;

/** How a text is loaded: `aliases` for Psych's unsafe load (ActiveSupport::ConfigurationFile). */
export interface YamlLoad {
  aliases?: boolean;
  /** `symbolize_names: true`: the mappings' keys as Symbols. */
  symbolizeNames?: boolean;
}

/**
 * The keywords of `YAML.load`/`safe_load`/`load_file` (Psych 4) as a `YamlLoad`; undefined for one
 * Routemap does not read. `permitted_classes:` and `permitted_symbols:` change only values
 * `loadYaml` leaves unknown anyway (Symbols, dates); `filename:` only a message.
 */
export function yamlOptions(options: RHash | undefined): YamlLoad | undefined {
  const load: YamlLoad = {};
  for (const [key, value] of options?.entries() ?? []) {
    const name = key instanceof RSymbol ? key.name : undefined;
    if (name === "aliases" && typeof value === "boolean") load.aliases = value;
    else if (name === "symbolize_names" && typeof value === "boolean") load.symbolizeNames = value;
    else if (name === "freeze" && value === false) continue;
    else if (name !== "permitted_classes" && name !== "permitted_symbols" && name !== "filename") return undefined;
  }
  return load;
}

/** `symbolize_names: true`: every mapping's String keys as Symbols, nested ones too. */
function symbolized(value: RValue): RValue {
  if (Array.isArray(value)) return value.map(symbolized);
  if (!(value instanceof RHash)) return value;
  return new RHash(value.entries().map(([k, v]) => {
    const text = stringValue(k);
    return [text === undefined ? k : RSymbol.for(text), symbolized(v)] as [RValue, RValue];
  }));
}

/** Above this many nodes (aliases repeat theirs), a file's value is not worked out. */
const MAX_NODES = 100_000;

/** A YAML text's value as Ruby's `YAML.load_file` gives it, or unknown (with why). */
export function loadYaml(text: string, description: string, load: YamlLoad = {}): RValue {
  const unknown = (why: string) => new RUnknown(description, false, why, undefined, description);
  if (text.includes("<%")) return unknown("a YAML file with ERB Routemap does not run (Ruby statements, a text built in the code)");
  let data: unknown;
  const keyOrder = new Map<object, string[]>();
  try {
    data = yaml.load(text, { schema: yaml.CORE_SCHEMA, json: false, listener: keyOrderListener(keyOrder) });
  } catch (e) {
    return unknown(`a YAML file Routemap cannot parse (${e instanceof Error ? e.message.split("\n")[0] : String(e)})`);
  }
  if (!load.aliases && /(^|[\s[{,:-])[&*][^\s]/m.test(text)) return unknown("a YAML file with anchors or aliases, which Ruby's safe load refuses");
  const budget = { nodes: 0 };
  const value = rubyValue(data, { plain: (token) => plainIn(text, token), integerKeys: integerKeys(text), bigIntegers: bigIntegers(text), keyOrder }, budget);
  if (budget.nodes > MAX_NODES) return unknown(`a YAML file of more than ${MAX_NODES} values once its aliases are expanded`);
  if (value === undefined) return unknown("a YAML file with values Ruby types differently from the YAML 1.2 reading Routemap has (yes/no, :symbols, dates, YAML 1.1 numbers)");
  return load.symbolizeNames ? symbolized(value) : value;
}

/**
 * Whether `token` may stand plain (unquoted) in the text: js-yaml gives a quoted `'no'` and a
 * plain `no` alike, and only the plain one is Psych's false. Any occurrence not between quotes
 * counts (comments included), so the answer errs toward unknown.
 */
function plainIn(text: string, token: string): boolean {
  return new RegExp(`(?<![\\w'"])${escapeRegExp(token)}(?![\\w'"])`, "m").test(text);
}

/**
 * The mapping keys written as plain decimal integers (`5:`, `16151223618768896983354213:`,
 * `1_000:`), which Psych reads as Integers, by the key js-yaml gives for them (it turns the
 * number it read back into a string: `1.6151223618768896e+25` for the long one; `1_000` it
 * leaves as written). A key also written quoted somewhere, or with a leading zero (octal in
 * YAML 1.1), is not among them: such a key stays unknown.
 */
function integerKeys(text: string): Map<string, number | bigint> {
  const found = new Map<string, number | bigint>();
  const ambiguous = new Set<string>();
  for (const m of text.matchAll(/^[ \t]*(?:-[ \t]+)?(["']?)([-+]?\d[\d_]*)\1[ \t]*:(?=[ \t]|$)/gm)) {
    const [, quote, token] = m;
    const digits = token.replace(/_/g, "");
    const jsKey = String(Number(digits));
    if (quote || !/^[-+]?(?:0|[1-9][\d_]*)$/.test(token)) ambiguous.add(jsKey);
    else {
      const value = BigInt(digits);
      found.set(jsKey, value >= BigInt(Number.MIN_SAFE_INTEGER) && value <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(value) : value);
    }
  }
  for (const key of ambiguous) found.delete(key);
  return found;
}

/**
 * The Integers past 2^53 written plain in the text, by the rounded number js-yaml reads for each;
 * none where two of them round to the same number.
 */
function bigIntegers(text: string): Map<number, bigint> {
  const found = new Map<number, bigint>();
  const clash = new Set<number>();
  for (const m of text.matchAll(/(?<![\w.'"])[-+]?[1-9]\d{15,}(?![\w.'"])/g)) {
    const n = Number(m[0]);
    if (Number.isSafeInteger(n)) continue;
    const exact = BigInt(m[0]);
    if (found.has(n) && found.get(n) !== exact) clash.add(n);
    found.set(n, exact);
  }
  for (const n of clash) found.delete(n);
  return found;
}

interface Reading {
  plain: (token: string) => boolean;
  integerKeys: ReadonlyMap<string, number | bigint>;
  bigIntegers: ReadonlyMap<number, bigint>;
  /** Each mapping's keys in the document's order: a JavaScript object puts its integer-like keys first. */
  keyOrder: ReadonlyMap<object, string[]>;
}

/**
 * js-yaml's node events, read for each mapping's keys in the order they are written: a
 * mapping's children close in turn, key, value, key, value (an alias too).
 */
function keyOrderListener(into: Map<object, string[]>): (event: "open" | "close", state: { result: unknown; kind: string | null }) => void {
  const stack: unknown[][] = [];
  return (event, state) => {
    if (event === "open") return void stack.push([]);
    const children = stack.pop() ?? [];
    if (state.kind === "mapping" && state.result && typeof state.result === "object" && !into.has(state.result)) {
      into.set(state.result, children.filter((_, i) => i % 2 === 0).map(String));
    }
    stack[stack.length - 1]?.push(state.result);
  };
}

/** js-yaml's value as Ruby's; undefined where Psych may differ. */
function rubyValue(data: unknown, reading: Reading, budget: { nodes: number }): RValue | undefined {
  const { plain } = reading;
  if (++budget.nodes > MAX_NODES) return undefined;
  if (data === null || data === undefined) return null;
  if (typeof data === "boolean") return data;
  if (typeof data === "number") return Number.isSafeInteger(data) ? data : reading.bigIntegers.get(data);
  if (typeof data === "string") return AMBIGUOUS.test(data.trim()) && plain(data) ? undefined : new RString(data, false);
  if (Array.isArray(data)) {
    const out: RValue[] = [];
    for (const item of data) {
      const v = rubyValue(item, reading, budget);
      if (v === undefined) return undefined;
      out.push(v);
    }
    return out;
  }
  if (typeof data === "object") {
    const hash = new RHash();
    const record = data as Record<string, unknown>;
    const written = reading.keyOrder.get(record);
    const keys = written && written.length === Object.keys(record).length && written.every((k) => Object.hasOwn(record, k)) ? written : Object.keys(record);
    for (const key of keys) {
      const item = record[key];
      // Keys come back as strings: a plain key Psych reads as an Integer is one (`integerKeys`); one
      // it reads as another number, a boolean or a symbol, or a number js-yaml rounded, is not known.
      const integer = reading.integerKeys.get(key);
      const rounded = /^[-+]?\d[\d.]*e[-+]?\d+$/i.test(key);
      if (integer === undefined && (rounded || ((AMBIGUOUS.test(key) || /^[-+]?\d+$/.test(key) || /^(true|false|null|~)$/i.test(key)) && plain(key)))) return undefined;
      const v = rubyValue(item, reading, budget);
      if (v === undefined) return undefined;
      if (key === "<<") merge(hash, v);
      else hash.set(integer ?? new RString(key, false), v);
    }
    return hash;
  }
  return undefined;
}

/**
 * A merge key's value into the mapping (Psych 4, ToRuby#revive_hash): a mapping is merged over
 * what is there (`merge!`); a list of mappings is merged last to first into a new hash first;
 * anything else stays under the key `"<<"`, as Psych leaves it.
 */
function merge(hash: RHash, value: RValue): void {
  if (value instanceof RHash) {
    value.forEach((k, v) => hash.set(k, v));
    return;
  }
  if (Array.isArray(value) && value.every((item) => item instanceof RHash)) {
    const merged = new RHash();
    for (let i = value.length - 1; i >= 0; i--) (value[i] as RHash).forEach((k, v) => merged.set(k, v));
    merged.forEach((k, v) => hash.set(k, v));
    return;
  }
  hash.set(new RString("<<", false), value);
}
