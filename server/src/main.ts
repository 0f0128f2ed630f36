/**
 * Process entry of the language server: creates the stdio connection and starts the server.
 * `routemap lsp --stdio` and the bundled `server.js` both end up here.
 */
import { createNodeMapper } from "@routemap/shared-mapper/node";
import { createConnection, ProposedFeatures } from "vscode-languageserver/node";
import { nodeFileSystem } from "./fileSystem.js";
import { startServer } from "./server.js";

export async function runLanguageServer(): Promise<void> {
  const mapper = await createNodeMapper();
  const connection = createConnection(ProposedFeatures.all, process.stdin, process.stdout);
  startServer(connection, { fs: nodeFileSystem, mapper });
}
