// Bundles what users run: the `routemap` command (server/dist/bundle/cli.js, which the
// @routemap/cli package ships), the language server alone (server/dist/bundle/languageServer.js,
// started by server.js, which runs it from V8's code cache), all with prism.wasm beside them, and
// the VS Code extension (client/dist/extension.js, with a copy of the server, the WASM file and
// the grammars). `node esbuild.mjs [--production]`:
// production minifies and drops source maps. Type-checking is `tsc -b` and
// `tsc --noEmit -p client`, separately.
import { build } from "esbuild";
import { copyFileSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";

// Paths below are from the repository root, wherever this runs from (`npm pack -w server` runs it in server/).
const root = dirname(new URL(import.meta.url).pathname);
process.chdir(root);
const production = process.argv.includes("--production");
const require = createRequire(import.meta.url);
const version = JSON.parse(readFileSync("server/package.json", "utf8")).version;
const common = {
  absWorkingDir: root, bundle: true, platform: "node", target: "node20", format: "cjs", minify: production, sourcemap: !production, logLevel: "warning",
  define: { ROUTEMAP_VERSION: JSON.stringify(version) },
};

// The server: CommonJS has no import.meta, so the bundle is given its own file URL instead.
const serverDir = "server/dist/bundle";
mkdirSync(serverDir, { recursive: true });
const server = {
  ...common,
  outdir: serverDir,
  // ROUTEMAP_BUNDLED: the facts cache names its build by the running bundle's bytes, wherever the
  // bundle is copied to (the extension's dist/ too), not by where it sits (cli/fileFactsCache.ts).
  define: { ...common.define, "import.meta.url": "__bundleUrl", ROUTEMAP_BUNDLED: "true" },
  banner: { js: 'const __bundleUrl = require("url").pathToFileURL(__filename).href;' },
};
await build({ ...server, entryPoints: { languageServer: "server/src/bundle.ts" } });
// What starts it: server.js runs languageServer.js from V8's code cache (server/src/serverStart.cjs,
// with server/bin/codeCache.cjs bundled in).
await build({ ...common, outdir: serverDir, entryPoints: { server: "server/src/serverStart.cjs" } });
// The command's `lsp` loads the language server's own bundle, beside it, instead of holding a copy.
const lspBesideCli = { name: "lsp-beside-cli", setup: (b) => b.onResolve({ filter: /^\.\/bundle\.js$/ }, () => ({ path: "./server.js", external: true })) };
const cli = await build({ ...server, entryPoints: { cli: "server/src/cli.ts" }, plugins: [lspBesideCli], metafile: true });
// `routes` and `check` run once and exit: the LSP libraries (and the net, child_process and crypto
// modules they load) cost a cold run 15–20 ms when a value import (not `import type`) brought them
// into the command's bundle. `lsp` loads server.js for them.
const lspInCli = Object.keys(cli.metafile.inputs).filter((f) => /node_modules\/vscode-(languageserver|jsonrpc)/.test(f));
if (lspInCli.length) throw new Error(`the command's bundle holds the LSP libraries (import their types only): ${lspInCli[0]}…`);
// The command reads an ASCII bundle as Latin-1, a copy (server/bin/codeCache.cjs); one non-ASCII
// byte (esbuild escapes strings, but copies a regexp literal as written) makes it decode the
// whole bundle as UTF-8 into a two-byte string, 1–2 ms of every run. Write such a character
// as an escape (`/\u0130/`). (Checked in production: a development build keeps comments.)
const cliBytes = readFileSync(join(serverDir, "cli.js"));
const nonAscii = cliBytes.findIndex((b) => b > 0x7f);
if (production && nonAscii !== -1) throw new Error(`server/dist/bundle/cli.js is not ASCII: …${cliBytes.subarray(Math.max(0, nonAscii - 60), nonAscii + 20).toString()}…`);
// Prism with its larger stack already (shared-mapper/src/ruby/prismStack.ts), so that the
// `routemap` executable can compile it before it loads the bundle, and exporting only what
// Routemap calls, so that an instance is made in 1 ms instead of 4.5.
const { withLargerStack, onlyExports } = await import("./shared-mapper/dist/ruby/prismStack.js");
const { PRISM_EXPORTS } = await import("./shared-mapper/dist/ruby/prism.js");
const prism = onlyExports(withLargerStack(readFileSync(join(dirname(require.resolve("@ruby/prism/package.json")), "src", "prism.wasm"))).wasm, PRISM_EXPORTS);
writeFileSync(join(serverDir, "prism.wasm"), prism);
// The bundle is CommonJS whatever server/package.json says.
writeFileSync(join(serverDir, "package.json"), '{ "type": "commonjs" }\n');

// The extension, with everything the VSIX ships beside it.
await build({ ...common, entryPoints: { extension: "client/src/extension.ts" }, outdir: "client/dist", external: ["vscode"] });
for (const file of ["server.js", "languageServer.js"]) copyFileSync(join(serverDir, file), join("client/dist", file));
writeFileSync("client/dist/prism.wasm", prism);
mkdirSync("client/syntaxes", { recursive: true });
for (const file of readdirSync("syntaxes").filter((f) => f.endsWith(".tmLanguage.json"))) {
  copyFileSync(join("syntaxes", file), join("client/syntaxes", file));
}
