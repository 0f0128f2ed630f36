/**
 * `ActionDispatch::Routing::Mapper::Scope` (mapper.rb): an immutable chain of frames.
 * A lookup walks up to the nearest frame that has the key, even when its value is nil,
 * and `newLevel` shares the current frame with the new node, exactly as Rails does
 * (`shallow_nesting_depth` counts on that).
 */
import type { Resource } from "./resource.js";
import type { PlainScope } from "./types.js";
import { blank, RHash, RSymbol, sym, type RValue } from "../ruby/values.js";
import { toS } from "../ruby/print.js";

export type ScopeLevel =
  | "resources"
  | "resource"
  | "collection"
  | "member"
  | "new"
  | "nested"
  | "root"
  | null;

/** The values a frame may hold: Rails' `Scope::OPTIONS` plus the resource and action options. */
export interface Frame {
  path?: RValue;
  shallow_path?: RValue;
  as?: RValue;
  shallow_prefix?: RValue;
  module?: RValue;
  controller?: RValue;
  action?: RValue;
  path_names?: import("../ruby/values.js").RHash;
  constraints?: import("../ruby/values.js").RHash;
  shallow?: boolean;
  blocks?: RValue[];
  defaults?: import("../ruby/values.js").RHash;
  via?: RValue;
  format?: RValue;
  options?: import("../ruby/values.js").RHash;
  to?: RValue;
  scope_level_resource?: Resource;
  action_options?: { only: RValue; except: RValue };
}

export type FrameKey = keyof Frame;

/**
 * A flattened scope: every frame key, copied from the parent's then overridden by the keys
 * the node's frame sets (`over`). The copy assigns each key by name, in one order, so every
 * instance has one shape and each copy is a plain field store (a loop over all eighteen key
 * names made them keyed, generic stores); only the frame's own few keys are looped over. A
 * frame never holds `undefined` (Ruby's nil is `null`), so `undefined` means it does not set it.
 */
// The fields are Frame's, declared once there (declaration merging).
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging
interface Resolved extends Frame {}
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging
class Resolved {
  constructor(p: Resolved | undefined) {
    this.path = p?.path;
    this.shallow_path = p?.shallow_path;
    this.as = p?.as;
    this.shallow_prefix = p?.shallow_prefix;
    this.module = p?.module;
    this.controller = p?.controller;
    this.action = p?.action;
    this.path_names = p?.path_names;
    this.constraints = p?.constraints;
    this.shallow = p?.shallow;
    this.blocks = p?.blocks;
    this.defaults = p?.defaults;
    this.via = p?.via;
    this.format = p?.format;
    this.options = p?.options;
    this.to = p?.to;
    this.scope_level_resource = p?.scope_level_resource;
    this.action_options = p?.action_options;
  }

  /**
   * The parent's resolution with the frame's keys over it. Frames are literals of many
   * shapes (one key, usually): reading all eighteen keys of each by name made every read a
   * megamorphic lookup; walking the keys it has costs one keyed read and store per key.
   */
  static over(p: Resolved | undefined, f: Frame): Resolved {
    const r = new Resolved(p) as unknown as Record<string, unknown>;
    for (const key in f) {
      const value = (f as Record<string, unknown>)[key];
      if (value !== undefined) r[key] = value;
    }
    return r as unknown as Resolved;
  }
}

/** Rails' `Scope::OPTIONS`, in the order `scope` processes them. */
export const SCOPE_OPTIONS = [
  "path", "shallow_path", "as", "shallow_prefix", "module", "controller", "action", "path_names",
  "constraints", "shallow", "blocks", "defaults", "via", "format", "options", "to",
] as const;

const RESOURCE_SCOPES: ScopeLevel[] = ["resource", "resources"];

export class Scope {
  // The fields are the constructor's assignments, all of them, in one order (`declare`; see
  // RHash in values.ts): a scope or two per resource.
  declare readonly frame: Frame;
  declare readonly parent: Scope | null;
  declare readonly level: ScopeLevel;
  /** What plain standard routes in this scope share (`resources.ts`); null when the scope is not plain. */
  declare plain: PlainScope | null | undefined;
  /** Every key visible from this node, nearest frame winning; built on first lookup. */
  private declare resolved: Resolved | undefined;

  constructor(frame: Frame, parent: Scope | null = null, level: ScopeLevel = null) {
    this.frame = frame;
    this.parent = parent;
    this.level = level;
    this.plain = undefined;
    this.resolved = undefined;
  }

  /** A child scope with new values, at the same level. */
  push(frame: Frame): Scope {
    return new Scope(frame, this, this.level);
  }

  /** A child scope at a new level, sharing this frame. */
  pushLevel(level: ScopeLevel): Scope {
    return new Scope(this.frame, this, level);
  }

  get<K extends FrameKey>(key: K): Frame[K] | undefined {
    return (this.resolved ??= this.resolve())[key];
  }

  // Lookups outnumber scopes many times over, so flatten the chain once per node, into
  // objects of one shape (a class with every key) that property access handles fastest.
  private resolve(): Resolved {
    // A new level shares its parent's frame (`new_level`), so it sees exactly what the parent sees.
    if (this.parent && this.parent.frame === this.frame) return (this.parent.resolved ??= this.parent.resolve());
    return Resolved.over(this.parent ? (this.parent.resolved ??= this.parent.resolve()) : undefined, this.frame);
  }

  /** The root scope, made by the mapper itself, has no parent. */
  get isRoot(): boolean {
    return this.parent === null;
  }
  get isNested(): boolean {
    return this.level === "nested";
  }
  get isResources(): boolean {
    return this.level === "resources";
  }
  get isResourceScope(): boolean {
    return RESOURCE_SCOPES.includes(this.level);
  }
}

export function isResourceMethodLevel(level: ScopeLevel): boolean {
  return level === "collection" || level === "member" || level === "new";
}

/**
 * `Scope#action_name`, the name parts for a route by scope level (`undefined` reads as nil),
 * joined as `name_for_action` joins them: `select(&:present?).join("_")`. Joined as they come,
 * without the array: this runs for nearly every route.
 */
export function actionName(
  level: ScopeLevel, namePrefix: RValue | undefined, prefix: RValue | undefined, collectionName?: string, memberName?: string,
): string {
  switch (level) {
    case "nested":
      return join(join("", namePrefix), prefix);
    case "collection":
      return join(join(join("", prefix), namePrefix), collectionName);
    case "new":
      return join(join(join(join("", prefix), "new"), namePrefix), memberName);
    case "member":
      return join(join(join("", prefix), namePrefix), memberName);
    case "root":
      return join(join(join("", namePrefix), collectionName), prefix);
    default:
      return join(join(join("", namePrefix), memberName), prefix);
  }
}

/** `name` and `part` joined with `_`, if the part is present (an empty symbol is not). */
function join(name: string, part: RValue | undefined): string {
  // A plain string (a resource's name, `new`, an action) first: most parts are.
  if (typeof part === "string") return blank(part) ? name : name === "" ? part : `${name}_${part}`;
  if (part === undefined || blank(part) || (part instanceof RSymbol && part.name === "")) return name;
  const text = toS(part);
  return name === "" ? text : `${name}_${text}`;
}

/** The scope a `Mapper` starts with: only `path_names`, its set's (`RouteSet#resources_path_names`, the same Hash). */
export function rootScope(pathNames: RHash = defaultPathNames()): Scope {
  return new Scope({ path_names: pathNames });
}

/** `RouteSet.default_resources_path_names`: a new Hash each time, as the set's own is changed in place. */
export const defaultPathNames = (): RHash => new RHash([[sym("new"), "new"], [sym("edit"), "edit"]]);
