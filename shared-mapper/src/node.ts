/**
 * For Node hosts (the CLI, the language server): reads Prism's WASM file and creates the
 * mapper. This is the only file of shared-mapper that touches the file system, and it
 * reads the parser's own asset, never a user file.
 */
import { readFileSync, existsSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { createMapper, type ParseStore, type RouteMapper } from "./index.js";

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

/**
 * `parseStore`: the store of Prism's output for these bytes of Prism (`createMapper`), made by the
 * host from them (a store keeps only the parses of the Prism that made them).
 */
export function createNodeMapper(o: { parseStore?: (prismWasm: Uint8Array) => ParseStore | undefined } = {}): Promise<RouteMapper> {
  const path = prismWasmPath();
  const early = (globalThis as { [EARLY_COMPILE]?: EarlyCompile })[EARLY_COMPILE];
  const bytes = early?.path === path ? early.bytes : readFileSync(path);
  const parseStore = o.parseStore?.(bytes);
  return createMapper(bytes, { compiled: early?.path === path ? early.module : undefined, parseStore });
}
