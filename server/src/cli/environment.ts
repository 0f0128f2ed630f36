/**
 * The environment variables a routes file's `ENV[…]` reads, as `bin/rails routes` would see
 * them: the process's own (the shell the CLI runs in, the editor's for the server), and, when
 * the app locks dotenv (`dotenv-rails`), its `.env` files in dotenv's order for the Rails
 * environment (`.env.<env>.local`, `.env.local` except in test, `.env.<env>`, `.env`), a
 * variable set earlier winning as dotenv does (it never overrides). Reading a file never runs
 * anything: a value that would run a command (`$(…)`) is left out, and said so.
 */
import { join } from "node:path";
import type { FileSystem } from "../fileSystem.js";

export interface AppEnvironment {
  /** The variables, name → value. */
  vars: Record<string, string>;
  /** Where each variable set by a file came from (`.env.local:3`); absent: the process's own. */
  origins: Record<string, string>;
  /** Variables a `.env` file sets in a way Routemap does not evaluate (a command), with the place. */
  skipped: Record<string, string>;
}

/** dotenv's files, in the order it reads them for `railsEnv`. */
export function dotenvFiles(railsEnv: string): string[] {
  return [`.env.${railsEnv}.local`, ...(railsEnv === "test" ? [] : [".env.local"]), `.env.${railsEnv}`, ".env"];
}

export function appEnvironment(o: { root: string; railsEnv: string; gems?: Record<string, string>; fs: FileSystem; process: NodeJS.ProcessEnv }): AppEnvironment {
  const vars: Record<string, string> = {};
  for (const [k, v] of Object.entries(o.process)) if (v !== undefined) vars[k] = v;
  const origins: Record<string, string> = {};
  const skipped: Record<string, string> = {};
  // Without a lockfile, whether dotenv is there is unknown; its files are not read then either.
  const dotenv = o.gems && ("dotenv-rails" in o.gems || "dotenv" in o.gems);
  if (!dotenv) return { vars, origins, skipped };
  for (const name of dotenvFiles(o.railsEnv)) {
    const text = o.fs.readFile(join(o.root, name));
    if (text === undefined) continue;
    parseDotenv(text).forEach((entry) => {
      if (entry.key in vars || entry.key in skipped) return;
      if (entry.value === undefined) skipped[entry.key] = `${name}:${entry.line}`;
      else {
        vars[entry.key] = expand(entry.value, vars);
        origins[entry.key] = `${name}:${entry.line}`;
      }
    });
  }
  return { vars, origins, skipped };
}

/** `KEY=value` lines (`export` optional, `#` comments, single, double or no quotes); undefined for a command substitution. */
export function parseDotenv(text: string): { key: string; value: string | undefined; line: number }[] {
  const out: { key: string; value: string | undefined; line: number }[] = [];
  text.split(/\r?\n/).forEach((raw, i) => {
    const m = /^\s*(?:export\s+)?([A-Za-z_][A-Za-z0-9_.]*)\s*[=:]\s*(.*)$/.exec(raw);
    if (!m) return;
    let value = m[2];
    if (value.startsWith("'")) value = value.slice(1, value.indexOf("'", 1) >= 0 ? value.indexOf("'", 1) : undefined);
    else if (value.startsWith('"')) {
      const end = value.search(/(?<!\\)"/g) >= 0 ? value.slice(1).search(/(?<!\\)"/) + 1 : value.length;
      value = value.slice(1, end).replace(/\\n/g, "\n").replace(/\\"/g, '"');
      if (/\$\(/.test(value)) return out.push({ key: m[1], value: undefined, line: i + 1 });
    } else {
      value = value.replace(/\s+#.*$/, "").trim();
      if (/\$\(/.test(value)) return out.push({ key: m[1], value: undefined, line: i + 1 });
    }
    out.push({ key: m[1], value, line: i + 1 });
  });
  return out;
}

/** dotenv's `$VAR` and `${VAR}` in unquoted and double-quoted values. */
function expand(value: string, vars: Record<string, string>): string {
  return value.replace(/\\?\$\{?([A-Za-z_][A-Za-z0-9_]*)\}?/g, (all, name: string) => (all.startsWith("\\") ? all.slice(1) : vars[name] ?? ""));
}
