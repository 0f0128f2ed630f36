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
