/**
 * What the server reads from disk, behind a small interface so features and workspace logic
 * can be tested on in-memory trees.
 */
import { accessSync, closeSync, constants, existsSync, fstatSync, openSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";

/** The largest file Routemap reads: far above any routes file, far below what could stall a keystroke. */
export const MAX_FILE_BYTES = 4 << 20;

export interface FileSystem {
  /** A regular file's text; undefined when it is absent, not a regular file, too large or unreadable. */
  readFile(path: string): string | undefined;
  /** Why `readFile` gives nothing for a path that exists ("it is a named pipe..."); undefined otherwise. */
  unreadReason?(path: string): string | undefined;
  /** Entries of a directory: names, with a trailing `/` for directories. */
  readDir(path: string): string[];
  exists(path: string): boolean;
}

export const nodeFileSystem: FileSystem = {
  readFile(path) {
    // Opened without blocking and checked on the open descriptor: a named pipe would block
    // open() and read() until some writer came, which in an untrusted workspace is never.
    let fd: number | undefined;
    try {
      fd = openSync(path, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
      const stat = fstatSync(fd);
      if (!stat.isFile() || stat.size > MAX_FILE_BYTES) return undefined;
      return readFileSync(fd, "utf8");
    } catch {
      return undefined;
    } finally {
      if (fd !== undefined) closeSync(fd);
    }
  },
  unreadReason(path) {
    let stat;
    try {
      stat = statSync(path);
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      return code === "ENOENT" ? undefined : `it cannot be read (${code})`;
    }
    if (stat.isFIFO()) return "it is a named pipe (FIFO), not a regular file";
    if (stat.isSocket()) return "it is a socket, not a regular file";
    if (stat.isCharacterDevice() || stat.isBlockDevice()) return "it is a device, not a regular file";
    if (stat.isDirectory()) return "it is a directory";
    if (!stat.isFile()) return "it is not a regular file";
    if (stat.size > MAX_FILE_BYTES) return `it is larger than ${MAX_FILE_BYTES >> 20} MiB, the most Routemap reads`;
    try {
      accessSync(path, constants.R_OK);
    } catch (e) {
      return `it cannot be read (${(e as NodeJS.ErrnoException).code})`;
    }
    return undefined;
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
