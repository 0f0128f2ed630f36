/**
 * Asks the loader that started the server (`server.js`, server/src/serverStart.cjs over
 * server/bin/codeCache.cjs) to save V8's code cache of the server's bundle now. Called once the
 * first tables are made and the first request after them answered (or none came in a moment: the
 * server's `readAppSoon`): the cache then holds the code of the start, of a first map and of a
 * first hover, which is what the next session's first hover needs compiled (a server runs for
 * hours; at its exit V8 may have flushed much of it, and a killed server would save nothing).
 * Writing it before that request held a new build's first hover back (about 35 ms on issue 30's
 * app). The loader offers it only when it found no cache it could use; started otherwise (`node
 * languageServer.js`, tests in process), there is nothing to ask.
 *
 * V8 refuses data made under other flags than the next start's, so this runs before the server
 * changes any (`limitHeapGrowth`, memory.ts).
 */
const SAVE = Symbol.for("routemap.saveCodeCache");

export function saveCodeCache(): void {
  const save = (globalThis as { [SAVE]?: unknown })[SAVE];
  if (typeof save !== "function") return;
  try {
    save();
  } catch {
    // Only the next start's time depends on it.
  }
}
