/**
 * An app's drawn files' recordings (shared-mapper's `DrawMemo`), kept between sessions of the
 * language server: its next start replays each file `draw` loads whose text is the one saved,
 * instead of evaluating it cold (issue 30 §6: on an app of 20,000 routes in ten drawn files, the
 * first hover was mostly that evaluation). The core checks that the data fits each file exactly
 * (shared-mapper/src/dsl/drawMemoStore.ts); this module only reads and writes it.
 *
 * Where: the user's cache folder (`cacheFolder`: $ROUTEMAP_CACHE_DIR, `off` or empty turning it
 * off), under `draws/`, one file per app folder and build of the server (the bundle's own bytes
 * in the name: another build's recordings may differ), written whole or not at all, in a folder
 * only the user can read. Files not written for a month are removed when another is written.
 * Any failure to read or write only costs the time: the files are evaluated as without.
 */
import { readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { join } from "node:path";
import { DrawMemo } from "@routemap/shared-mapper";
import { writeAtomically } from "./cli/atomicWrite.js";
import { cacheFolder } from "./cli/gemCache.js";
import { createHash } from "./cli/lazyCrypto.js";

/** Larger data is not read (the 20,000 routes of issue 30's large app are about 6 MB). */
const MAX_BYTES = 64 << 20;
const MONTH = 30 * 24 * 60 * 60 * 1000;

let identity: string | null | undefined;

/** A hash of the running bundle's bytes; null when the server does not run from a bundle (tests in process). */
function buildIdentity(): string | null {
  if (identity !== undefined) return identity;
  try {
    const bundle = typeof __filename === "string" ? __filename : undefined;
    identity = bundle ? createHash("sha256").update(readFileSync(bundle)).digest("hex") : null;
  } catch {
    identity = null;
  }
  return identity;
}

/** Where the app's data is kept; undefined when there is no cache folder or no bundle. */
function keptFile(root: string): string | undefined {
  const folder = cacheFolder();
  const build = folder && buildIdentity();
  if (!folder || !build) return undefined;
  return join(folder, "draws", `${createHash("sha256").update(`${build}\0${root}`).digest("hex").slice(0, 24)}.json`);
}

/** The app's memo as the last session saved it, or an empty one. */
export function keptDrawMemo(root: string): DrawMemo {
  const file = keptFile(root);
  try {
    if (file && statSync(file).size <= MAX_BYTES) return DrawMemo.restore(JSON.parse(readFileSync(file, "utf8")));
  } catch {
    // Nothing kept, or not readable: evaluated as without.
  }
  return new DrawMemo();
}

/** Saves the app's memo for the next session, and removes other apps' data unused for a month. */
export function keepDrawMemo(root: string, memo: DrawMemo): void {
  const file = keptFile(root);
  if (!file) return;
  const data = memo.save();
  if (!data.recordings.length) {
    rmSync(file, { force: true });
    return;
  }
  if (!writeAtomically(file, JSON.stringify(data))) return;
  try {
    const dir = join(file, "..");
    for (const name of readdirSync(dir)) {
      const other = join(dir, name);
      if (other !== file && Date.now() - statSync(other).mtimeMs > MONTH) rmSync(other, { force: true });
    }
  } catch {
    // Only the clean-up depends on it.
  }
}
