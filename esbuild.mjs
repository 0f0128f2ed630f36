// Bundles the language server into one file with Prism's WASM beside it: what editors run.
// `node esbuild.mjs [--production]`; type-checking is `tsc -b`, separately.
import { build } from "esbuild";
import { copyFileSync, mkdirSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";

const production = process.argv.includes("--production");
const outdir = "server/dist/bundle";
mkdirSync(outdir, { recursive: true });

await build({
  entryPoints: { server: "server/src/bundle.ts" },
  outdir,
  bundle: true,
  platform: "node",
  target: "node20",
  format: "cjs",
  minify: production,
  sourcemap: !production,
  logLevel: "warning",
  // CommonJS has no import.meta: give the bundle its own file URL instead.
  define: { "import.meta.url": "__bundleUrl" },
  banner: { js: 'const __bundleUrl = require("url").pathToFileURL(__filename).href;' },
});

const require = createRequire(import.meta.url);
const prism = dirname(require.resolve("@ruby/prism/package.json"));
copyFileSync(join(prism, "src", "prism.wasm"), join(outdir, "prism.wasm"));
// The bundle is CommonJS whatever the package around it says.
import("node:fs").then(({ writeFileSync }) => writeFileSync(join(outdir, "package.json"), '{ "type": "commonjs" }\n'));
