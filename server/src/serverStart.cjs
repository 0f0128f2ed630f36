// The language server as editors start it: `node server.js --stdio` (dist/bundle/server.js, the
// extension's dist/server.js, and `routemap lsp`, which loads it). It runs the server's bundle,
// languageServer.js beside it, from V8's code cache in the user's cache folder
// (server/bin/codeCache.cjs, bundled in): compiling the bundle's top level is about 50 ms of CPU
// without one and 6 with one, and the functions the first map compiles are kept too. The server
// asks for the cache to be saved once its first tables are made (server/src/codeCacheSave.ts).
// Plain CommonJS, bundled by esbuild.mjs: this file runs before any of the server's code.
"use strict";
const path = require("path");

// Prism's WebAssembly compiles on another thread while this one loads the bundle: the server
// used to wait for it before it could read `initialize` (20–50 ms of a first hover's wall time).
require("../bin/prismEarly.cjs").compilePrismEarly(path.join(__dirname, "prism.wasm"));
require("../bin/codeCache.cjs").run(path.join(__dirname, "languageServer.js"), "server", { saveWhen: "asked" });
