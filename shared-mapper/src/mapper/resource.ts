/**
 * `Mapper::Resources::Resource` and `SingletonResource` (mapper.rb): the naming and
 * path rules of one `resources`/`resource` declaration.
 */
import { pluralize, singularize } from "../inflector.js";
import { RConst, RHash, RInquirer, RSymbol, RUnknown, RValue, truthy, UnknownValueError, unknownConstant } from "../ruby/values.js";
import { noMethodMessage, toS, type RubyVersion } from "../ruby/print.js";
import { routingError } from "./errors.js";
import type { Version } from "./version.js";
import type { NestedParam } from "./types.js";

export interface ResourceOptions {
  /** The resource name as given (`:posts`). */
  entities: RValue;
  apiOnly: boolean;
  shallow: boolean;
  options: RHash;
  version: Version;
  /** For the wording of what Ruby raises on a value of the wrong type. */
  ruby: RubyVersion;
  /** The declaration spans a syntax error: action lists keep only the names in them. */
  partial: boolean;
  /** A gem's own `Resource#nested_param` (jsonapi-resources'), where one is loaded. */
  nestedParam?: NestedParam;
}

// Shared, and frozen so that sharing them stays safe.
const PLURAL_DEFAULTS = Object.freeze(["index", "create", "new", "show", "update", "destroy", "edit"]) as string[];
const PLURAL_API_DEFAULTS = Object.freeze(["index", "create", "show", "update", "destroy"]) as string[];
const SINGULAR_DEFAULTS = Object.freeze(["show", "create", "update", "destroy", "new", "edit"]) as string[];
const SINGULAR_API_DEFAULTS = Object.freeze(["show", "create", "update", "destroy"]) as string[];

export class Resource {
  // One per `resources`/`resource` call. Its fields, the caches below included, are the
  // constructor's assignments (`declare`), all made there in one order: as ES2022 class fields
  // each was first a [[Define]] of undefined (an IC call in baseline code, in a field
  // initialiser called before the constructor), then the constructor's store
  // (docs/benchmarks.md, coldmap). Every instance still has every field from the start.
  declare readonly name0: string;
  declare path: string;
  declare controller: string;
  declare as: RValue | undefined;
  declare readonly param: string;
  declare readonly options: RHash;
  declare readonly shallowFlag: boolean;
  declare readonly apiOnly: boolean;
  declare readonly only: RValue | undefined;
  declare readonly except: RValue | undefined;
  protected declare readonly version: Version;
  private declare readonly ruby: RubyVersion;
  private declare readonly partial: boolean;
  private declare readonly nestedParamOf: NestedParam | undefined;

  constructor(o: ResourceOptions) {
    this.actionsCache = undefined;
    this.standardCache = undefined;
    this.nameCache = undefined;
    this.singularCache = undefined;
    this.memberScopeCache = undefined;
    const { options } = o;
    const param = options.sget("param");
    if (o.version.gte(4, 0) && toS(param ?? null).includes(":")) {
      throw routingError(":param option can't contain colons");
    }
    // A list being typed is not checked: the parser may have swallowed the lines after it.
    if (o.version.gte(8, 0) && !o.partial) checkOnlyExcept(o, this.singletonKind());
    this.version = o.version;
    this.ruby = o.ruby;
    this.partial = o.partial;
    this.nestedParamOf = o.nestedParam;
    this.name0 = toS(o.entities);
    this.path = toS(options.sget("path") ?? this.name0);
    this.controller = toS(options.sget("controller") ?? this.name0);
    this.as = options.sget("as");
    // `(options[:param] || :id).to_sym`
    this.param = truthy(param) && o.version.gte(4, 0) ? symbolName(param!, o.ruby) : "id";
    this.options = options;
    this.shallowFlag = o.shallow;
    this.apiOnly = o.apiOnly;
    this.only = options.sdelete("only");
    this.except = options.sdelete("except");
    if (!truthy(this.only)) this.only = undefined;
    if (!truthy(this.except)) this.except = undefined;
  }

  get singleton(): boolean {
    return false;
  }
  /** Known before the constructor runs, as Rails' `singleton?` is. */
  protected singletonKind(): boolean {
    return false;
  }

  defaultActions(): string[] {
    return this.apiOnly ? PLURAL_API_DEFAULTS : PLURAL_DEFAULTS;
  }

  /** The actions to draw; fixed once constructed, so worked out once. */
  actions(): string[] {
    return (this.actionsCache ??= this.computeActions());
  }
  private declare actionsCache: string[] | undefined;

  /** The standard actions among `actions()`, as a set of `actionBit`s. */
  standardActions(): number {
    // `actions()` filtered, as bits: a standard action is in it when `only` (else the
    // defaults) has it and `except` does not. No list is made: most resources need none.
    if (this.standardCache === undefined) {
      let bits = this.only !== undefined ? actionBits(this.actionList(this.only)) : defaultBits(this.defaultActions());
      if (this.except !== undefined) bits &= ~actionBits(this.actionList(this.except));
      this.standardCache = bits;
    }
    return this.standardCache;
  }
  private declare standardCache: number | undefined;

  private computeActions(): string[] {
    const available = this.availableActions();
    if (this.except === undefined) return available;
    // `except: :destroy` on the default actions is the common case: one shared list each.
    if (this.except instanceof RSymbol && this.only === undefined) return defaultsWithout(available, this.except.name);
    const except = this.actionList(this.except);
    return available.filter((a) => !except.includes(a));
  }

  availableActions(): string[] {
    return this.only !== undefined ? this.actionList(this.only) : this.defaultActions();
  }

  /** `Array(only).map(&:to_sym)`, read when the actions are drawn, as Rails reads it. */
  private actionList(given: RValue): string[] {
    const list = this.partial ? toArray(given).filter(isName) : toArray(given);
    return list.map((a) => symbolName(a, this.ruby));
  }

  /**
   * Read for every route's name (`collectionName` twice): worked out once. `as` is fixed once
   * constructed; `SingletonResource`'s constructor, which reads the name before it sets its
   * own `as`, forgets the name it read.
   */
  get name(): string {
    return (this.nameCache ??= truthy(this.as) ? toS(this.as!) : this.name0);
  }
  protected declare nameCache: string | undefined;
  get plural(): string {
    return this.name;
  }
  get singular(): string {
    // Names are fixed once constructed; the singular is asked for by every route.
    return (this.singularCache ??= singularize(this.name));
  }
  private declare singularCache: string | undefined;
  get memberName(): string {
    return this.singular;
  }
  get collectionName(): string {
    return this.singular === this.plural ? `${this.plural}_index` : this.plural;
  }
  get resourceScope(): string {
    return this.controller;
  }
  get collectionScope(): string {
    return this.path;
  }
  /** Each member route's path extends it: joined once (the path and param are fixed once constructed). */
  get memberScope(): string {
    return (this.memberScopeCache ??= `${this.path}/:${this.param}`);
  }
  private declare memberScopeCache: string | undefined;
  get shallowScope(): string {
    return this.memberScope;
  }
  newScope(newPath: string): string {
    return `${this.path}/${newPath}`;
  }
  get nestedParam(): string {
    return this.nestedParamOf ? this.nestedParamOf.of(this.singular, this.param) : `${this.singular}_${this.param}`;
  }
  get nestedScope(): string {
    return `${this.path}/:${this.nestedParam}`;
  }
  get shallow(): boolean {
    return this.shallowFlag;
  }
}

export class SingletonResource extends Resource {
  constructor(o: ResourceOptions) {
    super(o);
    this.as = undefined;
    this.controller = toS(o.options.sget("controller") ?? this.plural);
    this.as = o.options.sget("as");
    this.nameCache = undefined;
  }
  override get singleton(): boolean {
    return true;
  }
  protected override singletonKind(): boolean {
    return true;
  }
  override defaultActions(): string[] {
    // Rails 3.2 created `create` before `new`; the order of the actions list does not change the table.
    return this.apiOnly ? SINGULAR_API_DEFAULTS : SINGULAR_DEFAULTS;
  }
  override get plural(): string {
    return pluralize(this.name);
  }
  override get singular(): string {
    return this.name;
  }
  override get memberName(): string {
    return this.singular;
  }
  override get collectionName(): string {
    return this.singular;
  }
  override get memberScope(): string {
    return this.path;
  }
  override get nestedScope(): string {
    return this.path;
  }
}

/** A standard action's bit in `standardActions()`; 0 for any other action. */
export function actionBit(action: string): number {
  // A plural resource has every standard action.
  const i = PLURAL_ACTIONS.indexOf(action);
  return i < 0 ? 0 : 1 << i;
}

/** The `actionBit`s of the actions named in a list (`to_s` of each, as `actions()` compares them). */
function actionBits(list: RValue[]): number {
  let bits = 0;
  // Indexed: `for...of` over a frozen list (the shared default lists) allocates as it steps.
  for (let i = 0; i < list.length; i++) bits |= actionBit(toS(list[i]));
  return bits;
}

const DEFAULT_BITS = new Map<string[], number>();

/** `actionBits` of one of the shared default lists, worked out once per list. */
function defaultBits(defaults: string[]): number {
  let bits = DEFAULT_BITS.get(defaults);
  if (bits === undefined) {
    // Its own loop, not `actionBits`: these lists are frozen, and a frozen list's map reaching
    // `actionBits` after the user's lists had deoptimised TurboFan's code for it (coldmap).
    bits = 0;
    for (let i = 0; i < defaults.length; i++) bits |= actionBit(defaults[i]);
    DEFAULT_BITS.set(defaults, bits);
  }
  return bits;
}

const DEFAULTS_WITHOUT = new Map<string[], Map<string, string[]>>();

/** A default action list without one action, shared (frozen, as the default lists are). */
function defaultsWithout(defaults: string[], action: string): string[] {
  // Kept for the default actions only, so the memo stays as small as the lists.
  if (!defaults.includes(action)) return defaults;
  let lists = DEFAULTS_WITHOUT.get(defaults);
  if (!lists) DEFAULTS_WITHOUT.set(defaults, (lists = new Map()));
  let list = lists.get(action);
  if (!list) lists.set(action, (list = Object.freeze(defaults.filter((a) => a !== action)) as string[]));
  return list;
}

/** Ruby's `Array(x)`. */
export function toArray(v: RValue | undefined): RValue[] {
  if (v === undefined || v === null) return [];
  if (Array.isArray(v)) return v;
  if (v instanceof RHash) return v.entries();
  return [v];
}

const PLURAL_ACTIONS = ["index", "create", "new", "show", "update", "destroy", "edit"];
const SINGULAR_ACTIONS = ["show", "create", "update", "destroy", "new", "edit"];

const isName = (v: RValue) => typeof v === "string" || v instanceof RSymbol;

/** The name of Ruby's `v.to_sym`: Strings and Symbols have one; anything else raises Ruby's NoMethodError. */
function symbolName(v: RValue, ruby: RubyVersion): string {
  // A value the evaluator cannot know stands for a name: `toS` says so (it throws UnknownValueError).
  if (typeof v === "string" || v instanceof RSymbol || v instanceof RInquirer || v instanceof RUnknown) return toS(v);
  if (v instanceof RConst) throw new UnknownValueError(unknownConstant(v.path));
  throw routingError(noMethodMessage(ruby, "to_sym", v), "NoMethodError");
}

/**
 * Whether `v` (`only:`/`except:`'s value) is nil, or Symbols and Strings that are all in
 * `valid`, in arrays nested at most a few deep; false for anything else, which
 * `checkOnlyExcept` then reads the long way (to raise, or to say the value is unknown).
 */
function onlyValidNames(v: RValue | undefined, valid: readonly string[], depth = 0): boolean {
  if (v === undefined || v === null) return true;
  if (v instanceof RSymbol) return valid.includes(v.name);
  if (typeof v === "string") return valid.includes(v);
  if (!Array.isArray(v) || depth > 3) return false;
  for (let i = 0; i < v.length; i++) if (!onlyValidNames(v[i], valid, depth + 1)) return false;
  return true;
}

/** Rails 8.0 raises for `only:`/`except:` naming actions the resource does not have; 8.1 names the resource. */
function checkOnlyExcept(o: ResourceOptions, singleton: boolean): void {
  const valid = singleton ? SINGULAR_ACTIONS : PLURAL_ACTIONS;
  const only = o.options.sget("only");
  const except = o.options.sget("except");
  if ((only === undefined || only === null) && (except === undefined || except === null)) return;
  // Almost always every name is an action the resource has: said without building the lists
  // below (which, run for each of a large app's 5,000 `resources`, were 7% of its first map).
  if (onlyValidNames(only, valid) && onlyValidNames(except, valid)) return;
  // `[only, except].flatten.compact.uniq.map(&:to_sym)`
  const given = [...toArray(only ?? null), ...toArray(except ?? null)].flat(Infinity as 1).filter((v) => v !== null).map((v) => symbolName(v, o.ruby));
  const invalid = [...new Set(given)].filter((a) => !valid.includes(a));
  if (!invalid.length) return;
  const list = (xs: string[]) => "[" + xs.map((x) => ":" + x).join(", ") + "]";
  const prefix = o.version.gte(8, 1) ? `Route \`resource${singleton ? "" : "s"} :${toS(o.entities)}\` - ` : "";
  throw routingError(`${prefix}:only and :except must include only ${list(valid)}, but also included ${list(invalid)}`);
}
