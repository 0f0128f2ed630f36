import { startServer } from "../server/test/lspClient.mjs";
import { relative } from "node:path"; import { fileURLToPath } from "node:url";
const root = process.argv[2];
const server = await startServer([root], { diagnostics: { enable: true, workspace: true } }, { env: process.env });
await new Promise((r) => setTimeout(r, Number(process.argv[3] ?? 15000)));
for (const [uri, list] of server.diagnostics) for (const d of list) console.log(d.severity + " " + relative(root, fileURLToPath(uri)) + ":" + (d.range.start.line + 1), d.message);
await server.stop().catch(() => {});
process.exit(0);
