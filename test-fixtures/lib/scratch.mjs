// Scratch directories for tests: made in the system temp directory and removed when the
// test process exits, whatever the outcome, so test runs leave nothing behind.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const made = [];
process.on("exit", () => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

/** A new empty directory `$TMPDIR/<prefix>XXXXXX`, removed at exit. */
export function scratchDir(prefix) {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  made.push(dir);
  return dir;
}
