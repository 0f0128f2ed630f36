// Bundles what editors run: the language server (server/dist/bundle/server.js, prism.wasm
// beside it) and the VS Code extension (client/dist/extension.js, with a copy of the server,
// the WASM file and the grammars). `node esbuild.mjs [--production]`: production minifies
// and drops source maps. Type-checking is `tsc -b` and `tsc --noEmit -p client`, separately.
import { build } from "esbuild";
import { copyFileSync, mkdirSync, readdirSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";

const production = process.argv.includes("--production");
const require = createRequire(import.meta.url);
const common = { bundle: true, platform: "node", target: "node20", format: "cjs", minify: production, sourcemap: !production, logLevel: "warning" };

// The server: CommonJS has no import.meta, so the bundle is given its own file URL instead.
const serverDir = "server/dist/bundle";
mkdirSync(serverDir, { recursive: true });
await build({
  ...common,
  entryPoints: { server: "server/src/bundle.ts" },
  outdir: serverDir,
  define: { "import.meta.url": "__bundleUrl" },
  banner: { js: 'const __bundleUrl = require("url").pathToFileURL(__filename).href;' },
});
const prism = join(dirname(require.resolve("@ruby/prism/package.json")), "src", "prism.wasm");
copyFileSync(prism, join(serverDir, "prism.wasm"));
// The bundle is CommonJS whatever server/package.json says.
writeFileSync(join(serverDir, "package.json"), '{ "type": "commonjs" }\n');

// The extension, with everything the VSIX ships beside it.
await build({ ...common, entryPoints: { extension: "client/src/extension.ts" }, outdir: "client/dist", external: ["vscode"] });
copyFileSync(join(serverDir, "server.js"), "client/dist/server.js");
copyFileSync(prism, "client/dist/prism.wasm");
mkdirSync("client/syntaxes", { recursive: true });
for (const file of readdirSync("syntaxes").filter((f) => f.endsWith(".tmLanguage.json"))) {
  copyFileSync(join("syntaxes", file), join("client/syntaxes", file));
}
