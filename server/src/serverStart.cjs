// The language server as editors start it: `node server.js --stdio` (dist/bundle/server.js, the
// extension's dist/server.js, and `routemap lsp`, which loads it). It runs the server's bundle,
// languageServer.js beside it, from V8's code cache in the user's cache folder
// (server/bin/codeCache.cjs, bundled in): compiling the bundle's top level is about 50 ms of CPU
// without one and 6 with one, and the functions the first map compiles are kept too. The server
// asks for the cache to be saved once its first tables are made and its first request answered
// (server/src/codeCacheSave.ts).
// Plain CommonJS, bundled by esbuild.mjs: this file runs before any of the server's code.
"use strict";
const path = require("path");

// TurboFan inlines less (100 bytes of bytecode per optimised function, V8's default 920): during
// the first map its compiles on V8's threads took more processor time than the map itself, on a
// machine of two cores shared with the main thread. On issue 30's large app, 10 first hovers in
// turns: 1.6–2.2 s of the server's processor time to the first hover against 2.2–2.7, wall clock
// 1.34 s median against 1.47; the app's read 0.7–1 s of processor time less; keystrokes no slower
// (docs/benchmarks.md, "TurboFan's inlining for the language server"). Set before the code
// cache is read: V8 takes its data only under the flags it was made with.
require("v8").setFlagsFromString("--max-inlined-bytecode-size-cumulative=100");

// Prism's WebAssembly compiles on another thread while this one loads the bundle: the server
// used to wait for it before it could read `initialize` (20–50 ms of a first hover's wall time).
require("../bin/prismEarly.cjs").compilePrismEarly(path.join(__dirname, "prism.wasm"));
require("../bin/codeCache.cjs").run(path.join(__dirname, "languageServer.js"), "server", { saveWhen: "asked" });
