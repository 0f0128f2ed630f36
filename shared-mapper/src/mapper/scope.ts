/**
 * `ActionDispatch::Routing::Mapper::Scope` (mapper.rb): an immutable chain of frames.
 * A lookup walks up to the nearest frame that has the key, even when its value is nil,
 * and `newLevel` shares the current frame with the new node, exactly as Rails does
 * (`shallow_nesting_depth` counts on that).
 */
import type { Resource } from "./resource.js";
import { RHash, sym, type RValue } from "../ruby/values.js";

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

/** Every key a frame may hold, in one fixed order. */
const FRAME_KEYS: FrameKey[] = [
  "path", "shallow_path", "as", "shallow_prefix", "module", "controller", "action", "path_names", "constraints",
  "shallow", "blocks", "defaults", "via", "format", "options", "to", "scope_level_resource", "action_options",
];

/**
 * A flattened scope: every frame key, copied from the parent's then overridden. Assigning
 * all keys in one order gives every instance the same shape, which keeps lookups fast.
 */
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging
interface Resolved extends Frame {}
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging
class Resolved {
  constructor(parent?: Resolved) {
    const self = this as Record<FrameKey, unknown>;
    for (const key of FRAME_KEYS) self[key] = parent?.[key];
  }
}

/** Rails' `Scope::OPTIONS`, in the order `scope` processes them. */
export const SCOPE_OPTIONS = [
  "path", "shallow_path", "as", "shallow_prefix", "module", "controller", "action", "path_names",
  "constraints", "shallow", "blocks", "defaults", "via", "format", "options", "to",
] as const;

const RESOURCE_SCOPES: ScopeLevel[] = ["resource", "resources"];
const RESOURCE_METHOD_SCOPES: ScopeLevel[] = ["collection", "member", "new"];

export class Scope {
  constructor(
    readonly frame: Frame,
    readonly parent: Scope | null = null,
    readonly level: ScopeLevel = null,
  ) {}

  /** A child scope with new values, at the same level. */
  push(frame: Frame): Scope {
    return new Scope(frame, this, this.level);
  }

  /** A child scope at a new level, sharing this frame. */
  pushLevel(level: ScopeLevel): Scope {
    return new Scope(this.frame, this, level);
  }

  /** Every key visible from this node, nearest frame winning; built on first lookup. */
  private resolved: Resolved | undefined;

  get<K extends FrameKey>(key: K): Frame[K] | undefined {
    return (this.resolved ??= this.resolve())[key];
  }

  // Lookups outnumber scopes many times over, so flatten the chain once per node, into
  // objects of one shape (a class with every key) that property access handles fastest.
  private resolve(): Resolved {
    // A new level shares its parent's frame (`new_level`), so it sees exactly what the parent sees.
    if (this.parent && this.parent.frame === this.frame) return (this.parent.resolved ??= this.parent.resolve());
    const out = new Resolved(this.parent ? (this.parent.resolved ??= this.parent.resolve()) : undefined);
    const frame = this.frame as Record<string, unknown>;
    for (const key in frame) (out as unknown as Record<string, unknown>)[key] = frame[key];
    return out;
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
  get isResourceMethodScope(): boolean {
    return RESOURCE_METHOD_SCOPES.includes(this.level);
  }

  /** `Scope#action_name`: the name parts for a route, by scope level. */
  actionName(namePrefix: RValue | undefined, prefix: RValue | undefined, collectionName?: string, memberName?: string): RValue[] {
    const parts = (xs: (RValue | undefined)[]) => xs.map((x) => (x === undefined ? null : x));
    switch (this.level) {
      case "nested":
        return parts([namePrefix, prefix]);
      case "collection":
        return parts([prefix, namePrefix, collectionName]);
      case "new":
        return parts([prefix, "new", namePrefix, memberName]);
      case "member":
        return parts([prefix, namePrefix, memberName]);
      case "root":
        return parts([namePrefix, collectionName, prefix]);
      default:
        return parts([namePrefix, memberName, prefix]);
    }
  }

  /** Every node from this one up to the root. */
  *nodes(): Generator<Scope> {
    for (let s: Scope | null = this; s; s = s.parent) yield s;
  }
}

/** The scope a `Mapper` starts with: only the default `path_names`. */
export function rootScope(): Scope {
  return new Scope({ path_names: new RHash([[sym("new"), "new"], [sym("edit"), "edit"]]) });
}
