/** Entry of the bundled language server (`server.js`, `prism.wasm` beside it): stdio only. */
import { runLanguageServer } from "./main.js";

runLanguageServer().catch((e) => {
  process.stderr.write(`routemap: ${e instanceof Error ? e.stack : String(e)}\n`);
  process.exit(1);
});
