/**
 * What the server reads from disk, behind a small interface so features and workspace logic
 * can be tested on in-memory trees.
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";

export interface FileSystem {
  readFile(path: string): string | undefined;
  /** Entries of a directory: names, with a trailing `/` for directories. */
  readDir(path: string): string[];
  exists(path: string): boolean;
}

export const nodeFileSystem: FileSystem = {
  readFile(path) {
    try {
      return readFileSync(path, "utf8");
    } catch {
      return undefined;
    }
  },
  readDir(path) {
    try {
      return readdirSync(path).map((name) => {
        try {
          return statSync(join(path, name)).isDirectory() ? `${name}/` : name;
        } catch {
          return name;
        }
      });
    } catch {
      return [];
    }
  },
  exists: (path) => existsSync(path),
};

/** Directories never searched for apps or helper calls. */
export const SKIPPED_DIRECTORIES = new Set(["node_modules", ".git", "tmp", "log", "coverage", "public", "storage"]);

/** Every file below `root` accepted by `accept`, skipping dependency and build directories. */
export function walk(fs: FileSystem, root: string, accept: (path: string) => boolean, maxDepth = 12): string[] {
  const out: string[] = [];
  const visit = (dir: string, depth: number) => {
    if (depth > maxDepth) return;
    for (const entry of fs.readDir(dir)) {
      if (entry.endsWith("/")) {
        const name = entry.slice(0, -1);
        if (SKIPPED_DIRECTORIES.has(name) || name.startsWith(".")) continue;
        if (name === "bundle" && dir.endsWith("vendor")) continue;
        visit(join(dir, name), depth + 1);
      } else {
        const path = join(dir, entry);
        if (accept(path)) out.push(path);
      }
    }
  };
  visit(root, 0);
  return out;
}
