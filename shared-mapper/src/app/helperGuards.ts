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
 * `Rails.application.routes.draw do … end` in `setup`, `with_routing do |set| set.draw { … } end`),
 * or adds routes to the app's (`routes.send(:eval_block, proc { … })`):
 * while it runs, the helpers are those of its table, which Routemap does not map, so its
 * receiver-less helper calls are not said to be undefined.
 */
export function drawsOwnRoutes(text: string): boolean {
  if (text.includes("eval_block") && EVAL_BLOCK.test(text)) return true;
  return (text.includes(".draw") || text.includes("with_routing")) && /\broutes\.draw\s*(?:do\b|\{)|\bwith_routing\b|\bset\.draw\s*(?:do\b|\{)/.test(text);
}

/**
 * Routes added to the app's set while the tests run: `Rails.application.routes.send(:eval_block,
 * proc { … })` (RouteSet#eval_block, private: a Mapper on the same set, actionpack 6.1
 * route_set.rb), apply-for-qualified-teacher-status' request specs' `test_session_path`.
 */
const EVAL_BLOCK = /\broutes\s*\.\s*(?:(?:send|__send__)\s*\(?\s*:eval_block\b|eval_block\b)/;
