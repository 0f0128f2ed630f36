/**
 * What Rails' DSL methods do to the options Hash the caller hands them (mapper.rb, versions
 * 3.2–8.1): Rails is given the caller's own Hash when it is written as a value (`get "a",
 * OPTIONS`, `mount App, OPTIONS`, `root "c#a", OPTIONS`) or as a lone `**hash` before Ruby 3.3,
 * and some methods delete keys from it or fill keys in. A Hash used again has lost or gained
 * them, and a frozen one raises FrozenError. Written-out keywords are a Hash no one else holds.
 *
 * - `map_method` sets `:via`, and `match` before 8.1 deletes `map_match`'s keys.
 * - `namespace` from 4.0 to 8.0 deletes `:path` (`options.delete(:path) { path }`, which raises on
 *   a frozen Hash even without the key); 8.1 takes keywords, and deletes `:as` from a Hash given
 *   positionally (`assign_deprecated_option`; its `path ||=` and the two shallow ones never run,
 *   their keywords starting as a truthy placeholder).
 * - 8.1's verbs and `match` delete the keys they take from a Hash given positionally (mapper.rb
 *   v8.1.3 l.738–751: each `x ||= assign_deprecated_option(…)` deletes, so a frozen Hash raises);
 *   8.1's `scope` deletes `:only`, and `:except` where `:only` was not truthy.
 * - `mount` before 8.1 deletes `:at` (or the app's key in `mount(App => "/at")`'s Hash), then fills
 *   `options[:as] ||= app_name` and, from 4.0, `options[:via] ||= :all`; 8.1 deletes its keywords'
 *   keys from a positional Hash.
 * - `root "c#a", options` (4.0 on) stores `options[:to] = "c#a"`.
 * - 8.1's `resource` and `resources` delete `:concerns` from a Hash given positionally.
 * And 8.1's `mount` takes `mount(App => "/at")`'s Hash as keywords only: given as a value, the
 * Hash is the app, which Rails cannot mount.
 */
import * as N from "@ruby/prism/src/nodes.js";
import { appName, isMountable } from "../mapper/base.js";
import { RoutingError } from "../mapper/errors.js";
import { MATCH_ASSIGNED, MATCH_TAKEN } from "../mapper/keywords81.js";
import { inspect } from "../ruby/print.js";
import { isFrozen, RConst, RHash, RString, RValue, sym, truthy, type RProc } from "../ruby/values.js";
import type { DslMethod } from "./dispatch.js";
import type { CallHost } from "./evaluator.js";

type Call = { args: RValue[]; block: RProc | null };

/** What one call does to the caller's Hash. */
export interface OptionsChange {
  readonly given: RHash;
  /** Keys deleted, whether or not the call goes on to raise. */
  readonly deleted: readonly RValue[];
  /** Keys filled once the call has passed its checks: `[key, value, only where absent or falsy (||=)]`. */
  readonly filled: readonly (readonly [string, RValue, boolean])[];
  /** Whether the first change comes before anything else can raise (a frozen Hash raises FrozenError). */
  readonly raisesWhenFrozen: boolean;
  /** What Rails raises before it looks at the Hash at all. */
  readonly raises?: string;
}

/** The DSL methods that change the options Hash they are given (Rails < 8.1: `map_method`, `match`). */
const CHANGES_OPTIONS = new Set(["get", "post", "patch", "put", "delete", "options", "connect", "match"]);
/** The keys `map_match` deletes from the caller's Hash before it copies it per path. */
const DELETED_OPTIONS = ["defaults", "controller", "path", "to", "via", "format", "anchor", "constraints"].map(sym);
/** What 8.1's verbs and `match` delete from a Hash given positionally (`via` `match`'s only). */
const VERB_KEYWORDS_81 = [...MATCH_ASSIGNED, ...MATCH_TAKEN].map(sym);
/** Those 8.1's `mount` deletes from a Hash given positionally, asked for whether there or not (so a frozen one raises)… */
const MOUNT_KEYWORDS = ["via", "at", "defaults", "constraints", "path", "internal"].map(sym);
/** …and those it deletes only when the Hash has them (`if deprecated_options.key?(:as)`). */
const MOUNT_KEYWORDS_IF_THERE = ["as", "anchor", "format"].map(sym);

/**
 * The change a DSL call makes to the caller's own Hash, or undefined where Rails is handed none
 * (keywords written out, or a copy). Asked before the arguments are handed to the mapper, so the
 * values filled in are the caller's own objects (`root`'s String).
 */
export function optionsChange(it: CallHost, name: string, node: N.CallNode, args: readonly RValue[]): OptionsChange | undefined {
  const given = args[args.length - 1];
  if (!(given instanceof RHash)) return undefined;
  const passed = lastArgumentForm(node);
  if (passed === "keywords" || (passed === "splat" && it.ruby.kwSplatCopied)) return undefined;
  const version = it.mapper.version;
  if (CHANGES_OPTIONS.has(name)) {
    if (version.lt(8, 1)) return { given, deleted: DELETED_OPTIONS, filled: [], raisesWhenFrozen: true };
    // (`get "a", OPTS`: the Hash is the last of the path arguments, which 8.1 takes as the options.)
    if (passed !== "hash") return undefined;
    return { given, deleted: VERB_KEYWORDS_81.filter((k) => name === "match" || k.name !== "via"), filled: [], raisesWhenFrozen: true };
  }
  if (name === "namespace") return namespaceChange(it, given, passed);
  // 8.1's `scope(HASH)`: `only ||= …(:only)`, then `only ||= …(:except)` (mapper.rb v8.1.3 l.990–993).
  if (name === "scope" && version.gte(8, 1) && passed === "hash") return { given, deleted: [sym("only"), ...(truthy(given.sget("only")) ? [] : [sym("except")])], filled: [], raisesWhenFrozen: true };
  if (name === "mount") return mountChange(it, args, given, passed);
  // 8.1's `resource` and `resources` delete `:concerns` from a Hash given as a value, where it is there (l.1492, l.1665).
  if ((name === "resources" || name === "resource") && version.gte(8, 1) && passed === "hash" && given.has(sym("concerns"))) return { given, deleted: [sym("concerns")], filled: [], raisesWhenFrozen: true };
  if (name === "root" && args.length === 2 && (typeof args[0] === "string" || args[0] instanceof RString) && version.gte(4)) {
    return { given, deleted: [], filled: [["to", args[0], false]], raisesWhenFrozen: true };
  }
  return undefined;
}

function namespaceChange(it: CallHost, given: RHash, passed: "splat" | "hash"): OptionsChange | undefined {
  const version = it.mapper.version;
  if (version.lt(4)) return undefined;
  if (version.lt(8, 1)) return { given, deleted: [sym("path")], filled: [], raisesWhenFrozen: true };
  if (passed !== "hash") return undefined;
  // 8.1 deletes `:as` only where the Hash has it: a frozen Hash without it passes.
  return { given, deleted: [sym("as")], filled: [], raisesWhenFrozen: given.has(sym("as")) };
}

function mountChange(it: CallHost, args: readonly RValue[], given: RHash, passed: "splat" | "hash"): OptionsChange | undefined {
  const version = it.mapper.version;
  if (version.gte(8, 1)) {
    // `mount(APPS)` with the app as a key: 8.1 takes that form as keywords only, and the Hash is its app.
    if (passed === "hash" && args.length === 1) return { given, deleted: [], filled: [], raisesWhenFrozen: false, raises: "A rack application must be specified" };
    // Keywords follow a positional Hash only when written out, and then the Hash is not last.
    if (passed !== "hash" || args.length !== 2) return undefined;
    return { given, deleted: [...MOUNT_KEYWORDS, ...MOUNT_KEYWORDS_IF_THERE.filter((key) => given.has(key))], filled: [], raisesWhenFrozen: true };
  }
  // `mount App, options` or `mount(options)` with the app as one of its keys.
  const found = args.length === 2 ? ([args[0], given.sget("at")] as const) : args.length === 1 ? given.entries().find(([key]) => isMountable(key)) : undefined;
  if (!found) return undefined;
  const [app, at] = found;
  const deleted = args.length === 2 ? [sym("at")] : [app];
  // Rails' checks come between the delete and the fills: an app it cannot mount, or no mount point.
  if (!isMountable(app) || !truthy(at)) return { given, deleted, filled: [], raisesWhenFrozen: true };
  // 3.2's `app_name` names only what has routes: an engine.
  const engine = app instanceof RConst && it.mapper.engines.isEngine(app.path);
  const name = version.lt(4) && !engine ? null : appName(it.mapper, app);
  const filled: [string, RValue, boolean][] = [["as", typeof name === "string" ? new RString(name) : name, true]];
  if (version.gte(4)) filled.push(["via", sym("all"), true]);
  return { given, deleted, filled, raisesWhenFrozen: true };
}

/** How the last argument is written: keywords (a Hash no one else holds), a lone `**hash`, or a value. */
function lastArgumentForm(node: N.CallNode): "keywords" | "splat" | "hash" {
  const args = node.arguments_?.arguments_;
  const last = args?.[args.length - 1];
  if (!(last instanceof N.KeywordHashNode)) return "hash";
  return last.elements.length === 1 && last.elements[0] instanceof N.AssocSplatNode ? "splat" : "keywords";
}

/** Runs a DSL call that changes the caller's Hash, and makes the change as Rails does. */
export function withChangedOptions(it: CallHost, node: N.CallNode, dsl: DslMethod, call: Call, change: OptionsChange, name: string): RValue {
  const { given } = change;
  if (change.raises) return raising(it, node, call, new RoutingError(change.raises, "ArgumentError"));
  if (change.raisesWhenFrozen && isFrozen(given)) return raising(it, node, call, new RoutingError(`can't modify frozen Hash: ${inspect(given, it.ruby)}`, "FrozenError"));
  try {
    return it.dispatch(node, dsl, call, name);
  } finally {
    for (const key of change.deleted) if (given.has(key)) given.delete(key);
    for (const [key, value, unlessSet] of change.filled) if (!unlessSet || !truthy(given.sget(key))) given.sset(key, value);
  }
}

/** The call ends in Rails' error, reported where the mapper's own errors are. */
function raising(it: CallHost, node: N.CallNode, call: Call, error: RoutingError): RValue {
  return it.dispatch(node, () => {
    throw error;
  }, call);
}
