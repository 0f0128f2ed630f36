/**
 * For Node hosts (the CLI, the language server): reads Prism's WASM file and creates the
 * mapper. This is the only file of shared-mapper that touches the file system, and it
 * reads the parser's own asset, never a user file.
 */
import { readFileSync, existsSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { createMapper, type RouteMapper } from "./index.js";

/** Where `prism.wasm` is: beside the bundle when bundled, else in the `@ruby/prism` package. */
export function prismWasmPath(): string {
  const here = dirname(fileURLToPath(import.meta.url));
  const beside = join(here, "prism.wasm");
  if (existsSync(beside)) return beside;
  const require = createRequire(import.meta.url);
  return join(dirname(require.resolve("@ruby/prism/package.json")), "src", "prism.wasm");
}

/**
 * A compile of `prism.wasm` under way before this code was loaded: the `routemap` executable
 * (server/bin/routemap.cjs) starts one for `routes` and `check`, and the language server's loader
 * (server/src/serverStart.cjs) for the server, both through server/bin/prismEarly.cjs, so that V8
 * decodes and validates Prism on another thread while it loads the bundle.
 */
const EARLY_COMPILE = Symbol.for("routemap.prismCompile");
interface EarlyCompile {
  path: string;
  bytes: Uint8Array<ArrayBuffer>;
  module: Promise<WebAssembly.Module>;
}

export function createNodeMapper(): Promise<RouteMapper> {
  const path = prismWasmPath();
  const early = (globalThis as { [EARLY_COMPILE]?: EarlyCompile })[EARLY_COMPILE];
  if (early?.path === path) return createMapper(early.bytes, { compiled: early.module });
  return createMapper(readFileSync(path));
}
