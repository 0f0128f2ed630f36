/**
 * An app's drawn files' recordings (shared-mapper's `DrawMemo`), kept between sessions of the
 * language server: its next start replays each file `draw` loads whose text is the one saved,
 * instead of evaluating it cold (issue 30 §6: on an app of 20,000 routes in ten drawn files, the
 * first hover was mostly that evaluation). The core checks that the data fits each file exactly
 * (shared-mapper/src/dsl/drawMemoStore.ts); this module only reads and writes it.
 *
 * Where: the user's cache folder (`cacheFolder`: $ROUTEMAP_CACHE_DIR, `off` or empty turning it
 * off), under `draws/`, one file per app folder and build (`buildVersion`, the file facts' too:
 * another build's recordings may differ), written whole or not at all, in a folder only the user
 * can read. Files unused for a month are removed when another is written.
 * Any failure to read or write only costs the time: the files are evaluated as without.
 */
import { rmSync } from "node:fs";
import { readCacheFile } from "./cli/cacheFile.js";
import { dirname, join } from "node:path";
import { DrawMemo, type MapInput, type MapResult, type RouteMapper } from "@routemap/shared-mapper";
import { writeAtomically } from "./cli/atomicWrite.js";
import { buildVersion, prune, touch } from "./cli/fileFactsCache.js";
import { cacheFolder } from "./cli/gemCache.js";
import { createHash } from "./cli/lazyCrypto.js";

/** Larger data is not read (the 20,000 routes of issue 30's large app are about 3 MB). */
const MAX_BYTES = 64 << 20;

/** Where the app's data is kept; undefined when there is no cache folder or no build to name. */
function keptFile(root: string): string | undefined {
  const folder = cacheFolder();
  // The build the file facts are kept by too (its bundle's bytes, hashed once per process).
  const build = folder && buildVersion();
  if (!folder || !build) return undefined;
  return join(folder, "draws", `${createHash("sha256").update(`${build}\0${root}`).digest("hex").slice(0, 24)}.json`);
}

/** The app's memo as the last session saved it, or an empty one. */
export function keptDrawMemo(root: string): DrawMemo {
  const file = keptFile(root);
  try {
    const text = file && readCacheFile(file, MAX_BYTES);
    if (file && text) {
      const memo = DrawMemo.restore(JSON.parse(text));
      // Used, so not among those unused for a month that another write removes.
      touch(file);
      return memo;
    }
  } catch {
    // Nothing kept, or not readable: evaluated as without.
  }
  return new DrawMemo();
}

/** Saves the app's memo for the next session, and removes data unused for a month (`prune`, as the file facts' packs). */
export function keepDrawMemo(root: string, memo: DrawMemo): void {
  const file = keptFile(root);
  if (!file) return;
  const data = memo.save();
  if (!data.recordings.length) {
    rmSync(file, { force: true });
    return;
  }
  if (writeAtomically(file, JSON.stringify(data))) prune(dirname(file));
}

/**
 * `mapper.map` of the app at `root` with its kept memo (`routemap check`, and `routemap routes` when
 * the app has files for `draw`): the drawn files replayed where unchanged, the memo kept again when
 * the map recorded anything.
 */
export function mapWithKeptDraws(mapper: RouteMapper, input: MapInput, root: string): { result: MapResult; memo: DrawMemo } {
  const memo = keptDrawMemo(root);
  const result = mapper.map(input, { memo });
  if (memo.recorded) keepDrawMemo(root, memo);
  return { result, memo };
}
