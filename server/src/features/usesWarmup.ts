/**
 * References and renames read every file of the app for its URL uses (urlUses.ts). Each file is
 * parsed once and kept in the app's store (fileUses.ts), which the whole app's problems fill in
 * the background; asked before that pass has read the app, the request read it all at once,
 * and the server answered nothing else meanwhile (issue 30's app right after start, `bench-app
 * --phases references`: 9.7 s, a hover waiting as long; now 9.4–13.9 s, hovers answered
 * meanwhile in 39–55 ms, median; docs/benchmarks.md).
 * Here the files not read yet are read a slice at a time, between which the server answers
 * other requests and sees a cancellation, with the editor's progress shown when it takes long;
 * the request then finds every file in the store, as after the pass. Once an app's files were all
 * read so, a request reads only what changed since (itself: a file or two), until files appear.
 */
import type { CancellationToken } from "vscode-languageserver/node";
import type { RailsApp } from "../workspace.js";
import { appUsePaths, urlUsesOf, useContext } from "./urlUses.js";

/**
 * How long one slice reads before the server turns to its other work. A request waiting behind
 * the read is answered over several turns of the event loop (read, parsed, dispatched, written),
 * each after a slice: on issue 30's app hovers sent every 50 ms meanwhile waited 38 ms (median)
 * with slices of 10 ms, 57–620 ms with slices of 40; the read as a whole took as long either way.
 */
const SLICE_MS = 10;

/** Progress is shown once the read has taken this long (a store read already costs none), and said again at most this often. */
const PROGRESS_AFTER_MS = 300;
const PROGRESS_EVERY_MS = 200;

/** What a long read shows. */
export interface WarmupProgress {
  begin(): void;
  report(message: string, percentage: number): void;
  done(): void;
}

/** Thrown when the request was cancelled between two slices. */
export class WarmupCancelled extends Error {}

/** Reads, a slice at a time, the URL uses of every file of `apps` (the app asked and the apps its references read). */
export async function warmUses(apps: readonly RailsApp[], token: CancellationToken | undefined, progress: () => WarmupProgress | undefined): Promise<void> {
  let shown: WarmupProgress | undefined;
  const begun = Date.now();
  let sliceStart = begun;
  let said = 0;
  try {
    for (const [i, app] of apps.entries()) {
      if (app.usesReadWhole) continue;
      const context = useContext(app);
      const files = appUsePaths(app);
      for (let n = 0; n < files.length; n++) {
        const text = app.workspaceText(files[n]);
        if (text !== undefined) urlUsesOf(context, files[n], text);
        if (Date.now() - sliceStart < SLICE_MS) continue;
        await nextTurn();
        if (token?.isCancellationRequested) throw new WarmupCancelled();
        // The context again: what changed while other requests ran (an edit, a new table) is read as it is now.
        Object.assign(context, useContext(app));
        sliceStart = Date.now();
        if (sliceStart - said < PROGRESS_EVERY_MS || sliceStart - begun < PROGRESS_AFTER_MS) continue;
        if (!said) (shown = progress())?.begin();
        said = sliceStart;
        shown?.report(`reading the app's URL uses: ${n + 1} of ${files.length} files${apps.length > 1 ? ` (folder ${i + 1} of ${apps.length})` : ""}`, Math.floor(((i + (n + 1) / files.length) / apps.length) * 100));
      }
      app.usesReadWhole = true;
    }
  } finally {
    shown?.done();
  }
}

/** Resolves on the event loop's next turn: what came meanwhile (a request, a cancellation) is served first. */
export const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));
