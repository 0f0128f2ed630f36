/**
 * Rails 8.1's mapper takes keywords (rails/rails 3b4255e, "Use keywords in routing mapper";
 * actionpack/lib/action_dispatch/routing/mapper.rb at v8.1.3). What it changed for the options
 * routes files pass, where the rest of the mapper reads them as 6.1's Hash:
 *
 * - A Hash passed as a value (`get "a", OPTS`) is read key by key (`assign_deprecated_option`,
 *   l.667): a key the method takes with `x ||= …` or `x = … if key?` gets the value only when
 *   it is truthy (`false` becomes nil, as if not given); a key whose keyword starts truthy
 *   (`namespace`'s `path: DEFAULT`) is never taken, and joins the other options.
 * - `format: nil`, `via: nil`, `anchor: nil`, `defaults: nil` mean "not given" (`map_match`'s
 *   `format ||= @scope[:format] if format.nil?`, `Array(via || @scope[:via])`, `anchor ||= true
 *   if anchor.nil?`; `match`'s `if defaults`), where 6.1 kept an explicit nil.
 */
import { toS } from "../ruby/print.js";
import { RHash, RValue, truthy } from "../ruby/values.js";

/** `match`'s and the verbs' keywords taken from a Hash passed as a value (mapper.rb v8.1.3 l.1838–1851; the verbs take all but `via`). */
export const MATCH_ASSIGNED = ["as", "anchor", "format"];
export const MATCH_TAKEN = ["via", "to", "controller", "action", "on", "defaults", "constraints", "path", "internal"];
/** `mount`'s (l.606–616). */
const MOUNT_ASSIGNED = ["as", "anchor", "format"];
const MOUNT_TAKEN = ["via", "at", "defaults", "constraints", "path", "internal"];

/**
 * A Hash passed as a value, as the keywords and mapping it gives: `assigned` keys (`x = … if
 * key?(:x)`) are nil where falsy, `taken` ones (`x ||= …`) absent where falsy. A new Hash.
 */
function asKeywords(given: RHash, assigned: readonly string[], taken: readonly string[]): RHash {
  const out = given.dup();
  for (const key of assigned) if (out.shas(key) && !truthy(out.sget(key)!)) out.sset(key, null);
  for (const key of taken) if (out.shas(key) && !truthy(out.sget(key)!)) out.sdelete(key);
  return out;
}

export const matchKeywords = (given: RHash): RHash => asKeywords(given, MATCH_ASSIGNED, MATCH_TAKEN);
export const mountKeywords = (given: RHash): RHash => asKeywords(given, MOUNT_ASSIGNED, MOUNT_TAKEN);

/** `match`'s options with 8.1's nils taken as "not given" (the scope's value, or the default). Changes `options`. */
export function withoutNilKeywords(options: RHash): RHash {
  for (const key of ["format", "anchor", "defaults"]) if (options.shas(key) && options.sget(key) === null) options.sdelete(key);
  if (options.shas("via") && !truthy(options.sget("via")!)) options.sdelete("via");
  return options;
}

/**
 * `scope`'s Hash passed as a value (l.990–993): `only` taken, and `except` taken *as `only`*
 * (`only ||= assign_deprecated_option(deprecated_options, :except, :scope)`), each where truthy.
 * An `except` left beside a truthy `only` joins the other options (`assign_deprecated_options`):
 * not an action option, but a value the scope's routes take as a default.
 */
export function scopeKeywords(given: RHash): { options: RHash; only: RValue | null } {
  const options = given.dup();
  const only = options.sdelete("only");
  if (only !== undefined && truthy(only)) return { options, only };
  const except = options.sdelete("except");
  return { options, only: except !== undefined && truthy(except) ? except : null };
}

/**
 * `namespace`'s Hash passed as a value (l.1098–1104): only `as` is taken (nil where falsy);
 * `path`, `shallow_path` and `shallow_prefix` start as a truthy placeholder, so `||=` leaves
 * them in the Hash, which joins the scope's options: `path:` then nests under the namespace's
 * own path, and the two shallow ones give way to the keywords `scope` is called with.
 */
export function namespaceKeywords(given: RHash): { as: RValue | undefined; options: RHash } {
  const options = given.dup();
  if (!options.shas("as")) return { as: undefined, options };
  const as = options.sdelete("as")!;
  return { as: truthy(as) ? as : null, options };
}

/**
 * The keys each 8.1 method reads from a Hash passed as a value, in its order
 * (`assign_deprecated_option`): the verbs (l.738–751 and alike), `match` (with `via`),
 * `mount` (l.606–616), `scope` (l.990–993), `namespace` (l.1098–1104: `path` and the shallow
 * ones are never read, their keywords starting truthy), `resource`/`resources` (l.1492, l.1665).
 */
const VERB_READS = ["as", "to", "controller", "action", "on", "defaults", "constraints", "anchor", "format", "path", "internal"];
const HASH_READS: Record<string, readonly string[]> = {
  ...Object.fromEntries(["get", "post", "patch", "put", "delete", "options", "connect"].map((verb) => [verb, VERB_READS])),
  match: ["as", "via", ...VERB_READS.slice(1)],
  mount: ["as", "via", "at", "defaults", "constraints", "anchor", "format", "path", "internal"],
  scope: ["only", "except"],
  namespace: ["as"],
  resource: ["concerns"],
  resources: ["concerns"],
};

/**
 * The deprecation warnings 8.1's `method` gives for `given`, a Hash passed as a value, in
 * Rails' order: one for each key it reads whose value is truthy (`if (deprecated_value =
 * deprecated_options.delete(key))`; `scope` reads `except` only where `only` was not), then one
 * for each key left (`assign_deprecated_options`). Rails sends them to `ActionDispatch.deprecator`
 * (the log, in development); the text is its own.
 */
export function hashArgumentWarnings(method: string, given: RHash): string[] {
  const reads = HASH_READS[method];
  if (!reads) return [];
  const left = given.dup();
  const keys: string[] = [];
  for (const key of reads) {
    if (key === "except" && keys.includes("only")) continue;
    const value = left.sdelete(key);
    if (value !== undefined && truthy(value)) keys.push(key);
  }
  left.forEach((key) => void keys.push(toS(key)));
  return keys.map((key) => `${method} received a hash argument ${key}. Please use a keyword instead. Support to hash argument will be removed in Rails 8.2.`);
}
