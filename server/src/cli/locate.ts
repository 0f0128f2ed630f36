/**
 * Which routes file a command reads, from where the user stands: a routes file given is read;
 * a folder given, or none, is searched upward for the app it is in (the nearest folder with a
 * `config/routes.rb`), as `bin/rails` and git find theirs. So `routemap routes` works from
 * `app/controllers`, and `routemap routes ../other-app` from anywhere.
 */
import { statSync } from "node:fs";
import { dirname, join, resolve } from "node:path";

export type Located = { entry: string } | { error: string };

/** The routes file for `target` (a folder, a file, or unset for the working directory). */
export function locateRoutes(target: string | undefined, cwd: string = process.cwd()): Located {
  const start = resolve(cwd, target ?? ".");
  if (target !== undefined && !isDirectory(start)) return { entry: start };
  const found = appAbove(start);
  if (found) return { entry: join(found, "config", "routes.rb") };
  return { error: `no Rails app in ${start} or any folder above it (Routemap looks for config/routes.rb): run it in an app, or give it the app's folder or a routes file` };
}

/** The nearest folder, from `dir` up, that holds `config/routes.rb`. */
export function appAbove(dir: string): string | undefined {
  for (let at = dir; ; at = dirname(at)) {
    // Anything there but a folder: a named pipe is then reported as such, not passed over.
    if (exists(join(at, "config", "routes.rb"))) return at;
    if (dirname(at) === at) return undefined;
  }
}

function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

function exists(path: string): boolean {
  try {
    return !statSync(path).isDirectory();
  } catch {
    return false;
  }
}
