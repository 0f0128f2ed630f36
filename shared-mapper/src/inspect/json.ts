/**
 * A route's defaults and requirements as JSON values, for `routemap routes --json` (its schema
 * is server/schema/routes-v1.schema.json): what Ruby holds, not how `inspect` prints it.
 * Strings and symbols are strings, numbers numbers, `true`/`false`/`nil` JSON's, a Regexp its
 * source and flags (Ruby's syntax, escapes untouched), an Array an array; a value Routemap
 * cannot know (`Settings.secret`, a constant it found no value for) is `{unknown}` with what it is;
 * anything else (a Hash, a Range, a class, a proc, an object) `{ruby}`, its `inspect`.
 */
import { DrawnRoute } from "../mapper/route.js";
import { displayText, inspect, rubyVersion } from "../ruby/print.js";
import { isValueConstant, poisonOf, RConst, RFloat, RHash, RInquirer, RRegexp, RString, RSymbol, RUnknown, type RValue } from "../ruby/values.js";
import type { Route } from "../types.js";

export type JsonValue =
  | string
  | number
  | boolean
  | null
  | JsonValue[]
  | { source: string; flags: string }
  | { unknown: string }
  | { ruby: string };

export function jsonValue(v: RValue | undefined, ruby: string | undefined, open: Set<RValue[]> = new Set()): JsonValue {
  if (v === null || v === undefined) return null;
  if (typeof v === "string" || typeof v === "boolean" || typeof v === "number") return v;
  // An Integer past 2**53: most JSON readers would round it, so its digits, as Ruby prints them.
  if (typeof v === "bigint") return { ruby: v.toString() };
  if (v instanceof RString) return v.value;
  // Ruby's Float::INFINITY and NaN have no JSON number.
  if (v instanceof RFloat) return Number.isFinite(v.value) ? v.value : { ruby: inspect(v, rubyVersion(ruby)) };
  if (v instanceof RSymbol) return v.name;
  if (v instanceof RInquirer) return v.value;
  if (v instanceof RRegexp) return { source: v.source, flags: v.flags };
  // A value only the running app has (`Settings.secret`, a constant defined in no file Routemap reads),
  // or a collection something unknown changed: what it is, never a guess at its value.
  if (v instanceof RUnknown) return { unknown: v.description };
  if (v instanceof RConst && isValueConstant(v.path)) return { unknown: v.path };
  const poisoned = poisonOf(v);
  if (poisoned) return { unknown: poisoned.description };
  // An array that holds itself (`a << a`) has no JSON form: Ruby's inspect (`[[...]]`) says what it is.
  if (Array.isArray(v) && !open.has(v)) {
    open.add(v);
    const out = v.map((x) => jsonValue(x, ruby, open));
    open.delete(v);
    return out;
  }
  return { ruby: inspect(v, rubyVersion(ruby)) };
}

function valuesOf(h: RHash, ruby: string | undefined): Record<string, JsonValue> {
  const out: Record<string, JsonValue> = {};
  h.forEach((k, v) => {
    out[displayText(k)] = jsonValue(v, ruby);
  });
  return out;
}

/** The route's defaults and requirements as JSON values; undefined for a route the mapper did not draw (a copy). */
export function routeValues(route: Route, ruby: string | undefined): { defaults: Record<string, JsonValue>; requirements: Record<string, JsonValue> } | undefined {
  if (!(route instanceof DrawnRoute)) return undefined;
  const { defaults, requirements } = route.values();
  return { defaults: valuesOf(defaults, ruby), requirements: valuesOf(requirements, ruby) };
}
