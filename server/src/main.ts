/**
 * Process entry of the language server: creates the stdio connection and starts the server.
 * `routemap lsp --stdio` and the bundled `server.js` both end up here.
 */
import { setFlagsFromString } from "node:v8";
import { createNodeMapper } from "@routemap/shared-mapper/node";
import { createConnection, ProposedFeatures, StreamMessageReader, StreamMessageWriter } from "vscode-languageserver/node";
import { nodeFileSystem } from "./fileSystem.js";
import { gatedReader } from "./protocolGate.js";
import { startServer } from "./server.js";

export async function runLanguageServer(): Promise<void> {
  limitHeapGrowth();
  const mapper = await createNodeMapper();
  const writer = new StreamMessageWriter(process.stdout);
  // The protocol's lifecycle (no request before `initialize`, one `initialize`, none after `shutdown`).
  const reader = gatedReader(new StreamMessageReader(process.stdin), writer);
  const connection = createConnection(ProposedFeatures.all, reader, writer);
  // Given a reader rather than the stream, the library no longer ends the process with the input.
  const end = () => process.exit(reader.shutDown ? 0 : 1);
  process.stdin.on("end", end).on("close", end);
  startServer(connection, { fs: nodeFileSystem, mapper });
}

/**
 * The old generation grows to at most twice what was live after its last full collection, not
 * V8's up to four times. Each keystroke in config/routes.rb leaves the last table to the old
 * generation (it lives until the next keystroke); on issue 30's large app (20,004 routes, a live
 * heap of about 130 MB) the heap grew to 410–460 MB before V8 collected it, 505–540 MiB
 * resident right after 100 keystrokes; with this, 380–400 (docs/benchmarks.md, "The server's
 * memory"). Set here, at run time, so that every way of starting the server gets it (the
 * extension's `server.js`, `routemap lsp`, the benchmarks and tests): V8 reads the factor each
 * time it sets the next limit, unlike the young generation's size (`--max-semi-space-size`),
 * which only a command-line flag sets.
 */
function limitHeapGrowth(): void {
  try {
    setFlagsFromString("--heap-growing-percent=100");
  } catch {
    // A runtime without V8's flags: its default growth.
  }
}
