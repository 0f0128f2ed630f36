/**
 * Writes a cache file whole or not at all: into `<file>.<pid>.partial`, then renamed over the
 * file (a reader sees the old file or the new one, never half of one). Folders are made private
 * to the user. False when it could not be written; no partial file is left behind.
 */
import { mkdirSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";

export function writeAtomically(file: string, text: string | Uint8Array): boolean {
  const partial = `${file}.${process.pid}.partial`;
  try {
    mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
    writeFileSync(partial, text, { mode: 0o600 });
    renameSync(partial, file);
    return true;
  } catch {
    try {
      rmSync(partial, { force: true });
    } catch {
      // Nothing was written.
    }
    return false;
  }
}
