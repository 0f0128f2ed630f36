/**
 * Which of the routes' helpers a file's code has, by where it runs (Rails 5.0 to 8.1, checked
 * against Debian's Rails 6.1):
 * - mailers and their templates have the `*_url` helpers only. actionmailer's railtie extends
 *   `ActionMailer::Base` with `AbstractController::Railties::RoutesHelpers.with(app.routes,
 *   false)`, which includes `routes.url_helpers(false)` (no path helpers) in every mailer, and
 *   `ActionMailer::Base.supports_path?` is false, so `ActionView::Rendering#view_context_class`
 *   gives the mailer's views `url_helpers(false)` too. `post_path(@post)` there raises
 *   NoMethodError (`undefined method 'post_path' for #<ActionView::Base…>`); `main_app.post_path`
 *   (a route proxy) and `post_url` do not.
 */
import type { HelperCall } from "./helperCalls.js";
import type { Diagnostic, Route } from "../types.js";

/** Named routes by name, once per table. */
const namedIndex = new WeakMap<readonly Route[], Set<string>>();
function names(routes: readonly Route[]): Set<string> {
  let index = namedIndex.get(routes);
  if (!index) {
    index = new Set();
    for (const route of routes) if (route.name) index.add(route.name);
    namedIndex.set(routes, index);
  }
  return index;
}

/**
 * Errors for a mailer's (or its template's) receiver-less `x_path` calls whose name only a route
 * of `routes` defines: the caller passes the calls no method of the app or its gems defines.
 */
export function mailerPathDiagnostics(calls: readonly HelperCall[], routes: readonly Route[], direct: readonly string[] = []): Diagnostic[] {
  const out: Diagnostic[] = [];
  const named = names(routes);
  for (const call of calls) {
    if (call.receiver !== undefined || call.noRequest || !call.name.endsWith("_path")) continue;
    const name = call.name.slice(0, -"_path".length);
    // `direct` helpers are made the same way: `homepage_path` is missing there too.
    if (!named.has(name) && !direct.includes(name)) continue;
    out.push({
      severity: "error",
      code: "path-helper-in-mailer",
      span: call.span,
      message: `\`${call.name}\` is not defined in a mailer or its templates: they have the routes' \`*_url\` helpers only (Rails raises NoMethodError); use \`${name}_url\``,
      data: { name: call.name, suggestion: `${name}_url` },
    });
  }
  return out;
}
