/**
 * Asks the loader that started the server (`server.js`, server/src/serverStart.cjs over
 * server/bin/codeCache.cjs) to save V8's code cache of the server's bundle now. Called once the
 * first tables are made: the cache then holds the code of the start and of a first map, which is
 * what the next session's first hover needs compiled (a server runs for hours; at its exit V8 may
 * have flushed much of it, and a killed server would save nothing). The loader offers it only when
 * it found no cache it could use; started otherwise (`node languageServer.js`, tests in process),
 * there is nothing to ask.
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
