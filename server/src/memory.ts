/**
 * Gives memory back once the user pauses. V8 sizes its heap by how fast the program allocates,
 * not by what stays alive: after a few hundred keystrokes in a large app (each one maps the
 * routes and checks the open files again), a live heap of about 40 MB sat in 350–600 MB of
 * resident memory, and V8's own memory reducer did not give it back. One full collection after
 * a pause does; it costs a few tens of milliseconds while nothing else is asked.
 */
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";

/** How long the server must be idle before collecting, and how much it must hold to bother. */
const IDLE_MS = 1500;
const WORTH_IT_BYTES = 160 * 1024 * 1024;

let gc: (() => void) | undefined | null;
let timer: ReturnType<typeof setTimeout> | undefined;

/** V8's `gc`, exposed for a fresh context only (the flag is not left on for the server's own code). */
function collector(): (() => void) | null {
  if (gc === undefined) {
    try {
      setFlagsFromString("--expose-gc");
      gc = runInNewContext("gc") as () => void;
      setFlagsFromString("--no-expose-gc");
    } catch {
      gc = null;
    }
  }
  return gc;
}

/** Called after work: schedules a collection for when the server has been idle a while. */
export function collectWhenIdle(): void {
  clearTimeout(timer);
  timer = setTimeout(() => {
    if (process.memoryUsage.rss() > WORTH_IT_BYTES) collector()?.();
  }, IDLE_MS);
  timer.unref?.();
}

/**
 * From the first tables on, the old generation grows to at most twice what was live after its
 * last full collection, not V8's up to four times. Each keystroke in config/routes.rb leaves the
 * last table to the old generation (it lives until the next keystroke); on issue 30's large app
 * (20,004 routes, 110–130 MB live) the heap grew to 440–460 MB before V8 collected it: 536–596 MiB
 * resident after 100 keystrokes, against 350–355 at most with this (docs/benchmarks.md, "The
 * server's memory after the keystrokes"), for full collections every 25–40 keystrokes: 1–2 ms more
 * of the main thread's time per keystroke, 5–8 of V8's other threads' (they mark); 50% gave peaks
 * of 299–363 MiB for 10 ms more a keystroke. Set once the first tables are made and the first
 * request after them answered, as the app's read begins (the first map is the first hover's cost,
 * and needs no limit), and at run time, so that every way of starting the server has it (the
 * extension's `server.js`, `routemap lsp`, benchmarks and tests), and after the code cache is
 * saved (V8 refuses a cache made under other flags, codeCacheSave.ts): V8 reads the factor each
 * time it sets the next limit, unlike the young generation's size (`--max-semi-space-size`), which
 * only a command-line flag sets.
 */
export function limitHeapGrowth(): void {
  try {
    setFlagsFromString("--heap-growing-percent=100");
  } catch {
    // A runtime without V8's flags: its default growth.
  }
}
