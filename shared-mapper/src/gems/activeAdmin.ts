/**
 * ActiveAdmin (activeadmin 1.x to 3.x): where `ActiveAdmin.routes(self)` draws.
 *
 * Routemap does not draw these routes: they come from the app's registrations under app/admin,
 * run by the gem's Router (lib/active_admin/router.rb). But it can tell where they are. The
 * Router draws each namespace's root and resources inside `router.namespace namespace.name`
 * (`define_root_routes`, `define_namespace`), unless the namespace is the root one
 * (lib/active_admin/namespace.rb `root?`: a name of `false` or `nil`), whose routes are at the top
 * level. So while every namespace is a named one, only names with its word and controllers under
 * its module may be missing; the rest of the app's checks run.
 *
 * The namespaces: lib/active_admin/application.rb's `default_namespace` (`:admin`, or what the
 * initializer's `config.default_namespace =` sets), a `config.namespace :x` of the initializer,
 * and each registration's `namespace:` option (`ActiveAdmin.register Post, namespace: :staff`,
 * `register_page "Stats", namespace: false`). Read from the files' text: a value that is not a
 * literal name, or a root namespace, leaves them unknown (undefined).
 */

/** A namespace's name as written (`:admin`, `"admin"`), "root" for `false`/`nil`, else undefined. */
function namespaceName(value: string): string | "root" | undefined {
  // What follows the value on its line: a block (`:staff do |ns|`, `{`). Cut at the first blank
  // before one (a search with no quantifier: a line of blanks is no slower than one of letters).
  const block = value.search(/[ \t](?:do\b|\{)/);
  const v = (block >= 0 ? value.slice(0, block) : value).trim();
  if (v === "false" || v === "nil") return "root";
  return /^(?::|:?["'])?([a-z_][a-z0-9_]*)["']?$/.exec(v)?.[1];
}

/**
 * The named namespaces ActiveAdmin draws in, from the texts of the initializers that mention it
 * and of the files under app/admin; undefined where one is the root namespace or is not a literal.
 */
export function activeAdminNamespaces(initializers: readonly string[], adminFiles: readonly string[]): string[] | undefined {
  const names = new Set<string>();
  let fallback: string | "root" | undefined = "admin";
  for (const text of initializers) {
    // Not a commented line: the setting starts its line.
    for (const m of text.matchAll(/^[ \t]*config\.default_namespace[ \t]*=[ \t]*([^#\n;]+)/gm)) fallback = namespaceName(m[1]);
    for (const m of text.matchAll(/^[ \t]*config\.namespace[ \t(]+([^,)\n]+)/gm)) {
      const name = namespaceName(m[1]);
      if (name === undefined || name === "root") return undefined;
      names.add(name);
    }
  }
  if (fallback === undefined || fallback === "root") return undefined;
  names.add(fallback);
  for (const text of adminFiles) {
    for (const m of text.matchAll(/(?:\bnamespace:|:namespace[ \t]*=>)[ \t]*([^,)\n]+)/g)) {
      const name = namespaceName(m[1]);
      if (name === undefined || name === "root") return undefined;
      names.add(name);
    }
  }
  return [...names].sort();
}
