// Fixture apps (test-fixtures/apps/<name>/): small Rails apps, with the files Routemap reads
// around the routes (config/application.rb, environments, initializers, models, Gemfile.lock).
// Their goldens sit beside each app, one per environment and Rails series:
// `apps/<name>.<env>.rails-<series>.txt`: what `bin/rails routes` prints, then the app's
// URL helpers (`…_path`), internal routes' and `direct` ones included. The 6.1 goldens come
// from the app booted with Debian's Rails (scripts/oracle.mjs, test-fixtures/oracle/app_routes.rb);
// the others are Routemap's, reviewed against the Rails sources each names in its header.
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { FIXTURES } from "./cases.mjs";

export const APPS = join(FIXTURES, "apps");
export const APP_ENVS = ["development", "production"];

export function listApps() {
  return readdirSync(APPS)
    .filter((name) => statSync(join(APPS, name)).isDirectory())
    .sort()
    .map((name) => ({
      name,
      dir: join(APPS, name),
      // An app of versions Debian lacks: no oracle boots it, REVIEWED.md says what its goldens follow.
      reviewed: existsSync(join(APPS, name, "REVIEWED.md")),
      goldenPath: (env, series) => join(APPS, `${name}.${env}.rails-${series}.txt`),
      goldens: (env) => ["5.2", "6.0", "6.1", "7.0", "7.1", "7.2", "8.0", "8.1"].filter((v) => existsSync(join(APPS, `${name}.${env}.rails-${v}.txt`))),
    }));
}

/** A golden's text: its header line, the sheet, then the helpers one per line; or what Rails raised. */
export function renderAppGolden({ header, sheet, helpers, error, recognized, unused }) {
  if (error) return `${header}\nRails raised: ${error}\n`;
  const requests = recognized ? `\n# Recognized (requests.txt)\n${recognized.join("\n")}\n` : "";
  const unusedText = unused ? `\n# Unused (Rails 7.1's --unused rule, in the booted app)\n${unused.join("\n")}\n` : "";
  return `${header}\n${sheet.endsWith("\n") ? sheet : sheet + "\n"}\n# URL helpers\n${helpers.join("\n")}\n${requests}${unusedText}`;
}

/** The sheet and helpers of a golden, without its header. */
export function appGoldenBody(text) {
  return text.slice(text.indexOf("\n") + 1);
}
