// Starts compiling Prism's WebAssembly (prism.wasm beside the bundle, patched already) before the
// bundle is loaded: V8 decodes and validates it on another thread while this one reads, compiles
// and runs the bundle, where the bundle used to wait for it. The bundle takes it up
// (shared-mapper/src/node.ts, by the same path); if anything here fails, it compiles Prism itself.
// Used by the `routemap` executable (bin/routemap.cjs, for `routes` and `check`) and by the
// language server's loader (src/serverStart.cjs, which esbuild bundles it into).
"use strict";

/** Begins the compile of `wasm` (a path) and leaves it where the bundle looks for it. */
exports.compilePrismEarly = function compilePrismEarly(wasm) {
  try {
    const bytes = require("fs").readFileSync(wasm);
    const module = WebAssembly.compile(bytes);
    module.catch(() => undefined); // a run that ends before its first parse never awaits it
    globalThis[Symbol.for("routemap.prismCompile")] = { path: wasm, bytes, module };
  } catch {
    // No early compile: the bundle reads and compiles prism.wasm as it does elsewhere.
  }
};
