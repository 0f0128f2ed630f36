/**
 * What the CLI reads around a routes file, the way Rails would find it: the app root,
 * `Gemfile.lock` (actionpack and Ruby versions), `.ruby-version`, `config.api_only`, and
 * every file under `config/routes/` for `draw`.
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, resolve } from "node:path";

export interface AppConfig {
  root: string;
  railsVersion?: string;
  rubyVersion?: string;
  apiOnly: boolean;
}

/** The app root: the directory above `config/`, else the routes file's directory. */
export function appRoot(routesFile: string): string {
  const dir = dirname(resolve(routesFile));
  return dir.endsWith("/config") || dir.endsWith("\\config") ? dirname(dir) : dir;
}

export function readAppConfig(routesFile: string): AppConfig {
  const root = appRoot(routesFile);
  const lock = readText(join(root, "Gemfile.lock"));
  const railsVersion = lock && /^\s{4}actionpack \((\d+\.\d+[^)]*)\)/m.exec(lock)?.[1];
  const rubyFromLock = lock && /^RUBY VERSION\s*\n\s*ruby (\d+\.\d+(?:\.\d+)?)/m.exec(lock)?.[1];
  const rubyFile = readText(join(root, ".ruby-version"))?.trim().replace(/^ruby-/, "");
  const application = readText(join(root, "config", "application.rb"));
  return {
    root,
    railsVersion: railsVersion || undefined,
    rubyVersion: rubyFile || rubyFromLock || undefined,
    apiOnly: !!application && /^\s*config\.api_only\s*=\s*true\b/m.test(application),
  };
}

function readText(path: string): string | undefined {
  try {
    return readFileSync(path, "utf8");
  } catch {
    return undefined;
  }
}

/** Every `.rb` file below `dir`, recursively, with its text. */
export function readRubyFiles(dir: string, into: Map<string, string>): void {
  if (!existsSync(dir)) return;
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    const stat = statSync(path);
    if (stat.isDirectory()) readRubyFiles(path, into);
    else if (name.endsWith(".rb")) into.set(path, readFileSync(path, "utf8"));
  }
}
