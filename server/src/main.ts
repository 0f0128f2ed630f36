/**
 * Process entry of the language server: creates the stdio connection and starts the server.
 * `routemap lsp --stdio` and the bundled `server.js` both end up here.
 */
import { createNodeMapper } from "@routemap/shared-mapper/node";
import { createConnection, ProposedFeatures, StreamMessageReader, StreamMessageWriter } from "vscode-languageserver/node";
import { nodeFileSystem } from "./fileSystem.js";
import { gatedReader } from "./protocolGate.js";
import { startServer } from "./server.js";

export async function runLanguageServer(): Promise<void> {
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
