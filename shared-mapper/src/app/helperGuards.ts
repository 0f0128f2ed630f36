/**
 * Helpers a file asks about before it calls them: `respond_to?(:x_path)` (Ruby's
 * `Object#respond_to?`, `main_app.respond_to?("x_path")` too) and `defined?(x_path)`. Such a
 * guard says the name may be missing where the file runs, and the file calls it only where it
 * is: the name is taken as defined in that file, not in the whole app (a misspelled
 * `x_path` elsewhere is still reported).
 */

/** A guard's name, in `m[1]` (respond_to?) or `m[2]` (defined?). */
const GUARD = /\brespond_to\?\s*\(?\s*(?::|["'])([a-z_][a-z0-9_]*_(?:path|url))\b|\bdefined\?\s*\(?\s*([a-z_][a-z0-9_]*_(?:path|url))\b/g;

/** The helper names a file's guards ask about. */
export function guardedHelperNames(text: string): Set<string> {
  const out = new Set<string>();
  if (!text.includes("respond_to?") && !text.includes("defined?")) return out;
  for (const m of text.matchAll(GUARD)) out.add(m[1] ?? m[2]);
  return out;
}

/** Whether the symbol or string at `at` (`:x_path`, `"x_path"`) is the argument of a `respond_to?`. */
export function isGuardArgument(text: string, at: number): boolean {
  return /\brespond_to\?\s*\(?\s*$/.test(text.slice(Math.max(0, at - 40), at));
}

/**
 * Whether a file other than the routes draws a route table of its own (a test's
 * `Rails.application.routes.draw do … end` in `setup`, `with_routing do |set| set.draw { … } end`):
 * while it runs, the helpers are those of its table, which Routemap does not map, so its
 * receiver-less helper calls are not said to be undefined.
 */
export function drawsOwnRoutes(text: string): boolean {
  return (text.includes(".draw") || text.includes("with_routing")) && /\broutes\.draw\s*(?:do\b|\{)|\bwith_routing\b|\bset\.draw\s*(?:do\b|\{)/.test(text);
}
