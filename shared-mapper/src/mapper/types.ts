/**
 * Types the mapper's units share with `state.ts` (the mapper's state, which holds a scope, a
 * route set and the concerns): kept here, in a module that imports none of the units, so
 * that the scope, the route set and the routes never import the state back (no import circle,
 * not even of types). `state.ts` re-exports the ones its users import from it.
 */
import type { PathInfo } from "../journey/pattern.js";
import type { RHash, RProc, RValue } from "../ruby/values.js";
import type { Span } from "../types.js";

/** Where a route was declared; the span is worked out on first read (most are never read). */
export interface SourceRef {
  readonly span: Span;
  /** The undecidable conditions its routes were drawn under (most have none). */
  readonly conditions?: readonly { readonly key: string; readonly text: string; readonly holds: boolean }[];
  /** The method Routemap does not know whose block its routes were drawn in (`OpenRegion.unknownScope`). */
  readonly unknownScope?: string;
}

/** A recorded concern (`concerns.ts`): the block given to `concern`, or the callable given instead. */
export type Concern = { block: RProc } | { callable: RValue };

/**
 * What the standard routes drawn in one scope share (`plain.ts`), worked out once per scope
 * node: the controller (with the module), and for the canonical actions of a method scope
 * (whose path and name do not depend on the action) the target. A scope keeps it (`Scope#plain`).
 */
export interface PlainScope {
  controller: string | undefined;
  canonical?: PlainTarget;
  /** The analysis of the scope's path when routes may extend it (`plainBaseInfo`), else null. */
  base?: PathInfo | null;
  /** The analysis of the scope's `shallow_path`, as `base` is of its path, for the members of a shallow resource. */
  shallowBase?: PathInfo | null;
  /** The scope's constraints and defaults, which every route drawn here takes; undefined when it sets none. */
  scoped: ScopedValues | undefined;
}

/** A standard route's path analysis and name (`plain.ts`). */
export interface PlainTarget {
  /** Undefined when the general path must analyse the path itself. */
  info: PathInfo | undefined;
  /** The name before the "already taken" check. */
  name: string | undefined;
}

/**
 * A scope's constraints and defaults that a standard route takes as they are (`mapping.ts`,
 * `scopedValues`): symbol keys other than `controller` and `action`, values Routemap knows and
 * `verify_regexp_requirements` accepts, so that `Mapping` would only copy them.
 */
export interface ScopedValues {
  constraints: RHash | undefined;
  defaults: RHash | undefined;
}

/** `Resource#nested_param` as a gem reopens it: the parent's param its nested routes take (`post_id`). */
export interface NestedParam {
  of(singular: string, param: string): string;
  /** What `of` is computed from, for a drawn file replayed only where it is the same (`dsl/drawMemo.ts`). */
  context(): string;
}
