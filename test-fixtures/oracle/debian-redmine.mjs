// Debian's `redmine` package (/usr/share/redmine, Redmine 5 on Debian's Rails 6.1) as a real
// app for the oracle: a copy in a scratch directory, with SQLite as its database and,
// optionally, the sample plugin Redmine ships (extra/sample_plugin) installed in plugins/,
// whose config/routes.rb Redmine's own routes file loads with `instance_eval File.read(file)`.
//
// The copy follows symlinks (Debian links Gemfile.lock, database.yml and instances/ into /etc
// and /var/lib) and gets instances/default/{log,tmp} of its own, so booting it writes nothing
// outside the scratch directory. Nothing is booted against a database: `bin/rails routes`
// loads the app and draws its routes.
import { cpSync, existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { spawnSync } from "node:child_process";
import { join } from "node:path";

export const REDMINE = "/usr/share/redmine";
/** Redmine's boot.rb defaults RAILS_ENV to production, and production is what Debian runs. */
export const REDMINE_ENV = "production";
const DATABASE = "production:\n  adapter: sqlite3\n  database: db/redmine.sqlite3\n";

/** Why Debian's redmine cannot be booted here, or null when it can. */
export function redmineMissing() {
  if (!existsSync(join(REDMINE, "config", "routes.rb"))) return "Debian's redmine is not installed (apt-get install -y redmine redmine-sqlite)";
  if (spawnSync("ruby", ["-e", "require 'sqlite3'"], { stdio: "ignore" }).status !== 0) return "Ruby's sqlite3 is not installed (apt-get install -y redmine-sqlite)";
  return null;
}

/** Copies Debian's redmine into `dir` (an empty scratch directory); returns the app's root. */
export function copyRedmine(dir, { plugin = false } = {}) {
  const root = join(dir, "redmine");
  mkdirSync(root);
  for (const entry of readdirSync(REDMINE)) {
    // instances/ links to /var/lib/redmine (logs, caches, the site's config): rebuilt below.
    if (entry === "instances") continue;
    cpSync(join(REDMINE, entry), join(root, entry), { recursive: true, dereference: true });
  }
  // Redmine's multi-tenancy (config/multitenancy_environment.rb) reads the database and logs
  // of the `default` instance under instances/default.
  const instance = join(root, "instances", "default");
  for (const sub of ["config", "log", "tmp", "files"]) mkdirSync(join(instance, sub), { recursive: true });
  writeFileSync(join(instance, "config", "database.yml"), DATABASE);
  rmSync(join(root, "config", "database.yml"), { force: true });
  writeFileSync(join(root, "config", "database.yml"), DATABASE);
  if (plugin) cpSync(join(root, "extra", "sample_plugin"), join(root, "plugins", "sample_plugin"), { recursive: true });
  return root;
}

/** `bin/rails ARGS…` in the copy: its output, or throws with Ruby's stderr. */
function rails(root, args, { env = REDMINE_ENV, timeout = 120_000 } = {}) {
  // The instance's name comes from these (lib/redmine/multi_tenancy.rb): unset, it is `default`.
  const { X_DEBIAN_SITEID, REDMINE_INSTANCE, BUNDLE_GEMFILE, ...rest } = process.env;
  const run = spawnSync("ruby", ["bin/rails", ...args], { cwd: root, encoding: "utf8", timeout, maxBuffer: 64 << 20, env: { ...rest, RAILS_ENV: env } });
  if (run.status !== 0) throw new Error(`bin/rails ${args[0]} exited with ${run.status ?? run.signal}\n${run.stderr}`);
  return run.stdout;
}

/** What `bin/rails routes` prints for the copy (the truth), or throws with Ruby's stderr. */
export function redmineRailsRoutes(root, options) {
  return rails(root, ["routes"], options);
}

/**
 * What a request to each of the copy's routes finds missing in the booted app: a controller
 * class Rails cannot load (`"example".camelize + "Controller"` constantized, as dispatch does),
 * as `MeetingsController`, or an action the controller neither has among its `action_methods`
 * nor renders implicitly from a template of its prefixes (ActionController::ImplicitRender), as
 * `AuthSourcesController#show`. Sorted, each once.
 */
export function redmineMissingTargets(root, options) {
  const script = `
    targets = Rails.application.routes.routes.map { |r| [r.defaults[:controller], r.defaults[:action]] }
    out = targets.select { |c, a| c && a }.uniq.map do |c, a|
      klass = "#{c.camelize}Controller".safe_constantize
      next "#{c.camelize}Controller" unless klass
      next if klass.action_methods.include?(a) || klass.new.lookup_context.any_templates?(a, klass._prefixes)
      "#{klass.name}##{a}"
    end
    puts out.compact.uniq.sort`;
  return rails(root, ["runner", script], options).split("\n").filter(Boolean);
}
