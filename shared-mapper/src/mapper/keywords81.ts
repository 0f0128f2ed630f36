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
 */
export function scopeKeywords(given: RHash): RHash {
  const out = given.dup();
  const only = out.sdelete("only");
  const except = out.sdelete("except");
  if (truthy(only ?? null)) out.sset("only", only!);
  else if (truthy(except ?? null)) out.sset("only", except!);
  return out;
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
