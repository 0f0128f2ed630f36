/**
 * Reading a file of the user's cache folder (the files' facts, the gems', the kept draws): only a
 * regular file, and only up to a size. Anything else at that path (a FIFO, a device, a link) is
 * no entry of ours: reading a FIFO would block the run until something wrote to it.
 */
import { lstatSync, readFileSync } from "node:fs";

/** Whether `path` is a regular file of at most `maxBytes`; false for anything else, or a missing one. */
export function isCacheFile(path: string, maxBytes: number): boolean {
  try {
    const stat = lstatSync(path);
    return stat.isFile() && stat.size <= maxBytes;
  } catch {
    return false;
  }
}

/** The text of a cache file, or undefined (not a regular file, larger than `maxBytes`, unreadable). */
export function readCacheFile(path: string, maxBytes: number): string | undefined {
  if (!isCacheFile(path, maxBytes)) return undefined;
  try {
    return readFileSync(path, "utf8");
  } catch {
    return undefined;
  }
}
