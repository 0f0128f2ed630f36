/**
 * The disk as the gem reader sees it: directory listings that say which entries are
 * directories without a `stat` per entry (a gem home holds hundreds), and each file's size and
 * modification time, which validate the cache of what a gem defines. Over the server's
 * `FileSystem` (a wrapper of the disk, an in-memory tree in tests), files' versions are its
 * `version`: the cache works there as in the CLI; a file system without one caches nothing.
 */
import { readdirSync, realpathSync, statSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { MAX_FILE_BYTES, nodeFileSystem, type FileSystem } from "../fileSystem.js";

export interface DirEntry {
  name: string;
  dir: boolean;
  /** A symbolic link (to what `dir` says): a walk checks it does not lead back up. */
  link?: boolean;
}

export interface GemDisk {
  /** A regular file's text (at most MAX_FILE_BYTES), else undefined. */
  readFile(path: string): string | undefined;
  /** A directory's entries (a symbolic link as what it points to); [] when it is not one. */
  list(path: string): DirEntry[];
  isDir(path: string): boolean;
  /** What identifies a file's version: its size and modification time; undefined where the disk cannot say. */
  version?(path: string): string | undefined;
  /** The real path of a directory (cycles of links are walked once). */
  realpath(path: string): string;
}

export const nodeGemDisk: GemDisk = {
  readFile: (path) => nodeFileSystem.readFile(path),
  list(path) {
    let entries;
    try {
      entries = readdirSync(path, { withFileTypes: true });
    } catch {
      return [];
    }
    return entries.map((e) => (e.isSymbolicLink() ? { name: e.name, dir: isDirectory(join(path, e.name)), link: true } : { name: e.name, dir: e.isDirectory() }));
  },
  isDir: isDirectory,
  version(path) {
    // A stat, not an open: a named pipe among a gem's files is never opened.
    try {
      const stat = statSync(path);
      return stat.isFile() && stat.size <= MAX_FILE_BYTES ? `${stat.size}:${stat.mtimeMs}:${stat.ino}` : undefined;
    } catch {
      return undefined;
    }
  },
  realpath(path) {
    try {
      return realpathSync.native(path);
    } catch {
      return path;
    }
  },
};

function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

/** The gem reader's disk over the server's file system: the real disk for the real one. */
export function gemDiskOf(fs: FileSystem): GemDisk {
  if (fs === nodeFileSystem) return nodeGemDisk;
  return {
    readFile: (path) => fs.readFile(path),
    list: (path) => fs.readDir(path).map((e) => (e.endsWith("/") ? { name: e.slice(0, -1), dir: true } : { name: e, dir: false })),
    // By its parent's listing: an empty folder is one too (Debian's `gems/rails-6.1.7.10`, a meta-gem's).
    isDir: (path) => fs.readDir(path).length > 0 || fs.readDir(dirname(path)).includes(`${basename(path)}/`),
    // The file system's own versions (size, time, inode on a real disk): what the gem cache is keyed by.
    ...(fs.version && { version: (path: string) => fs.version!(path) }),
    realpath: (path) => path,
  };
}
