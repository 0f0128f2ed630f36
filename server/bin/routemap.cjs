#!/usr/bin/env node
// The `routemap` executable: a committed shim, so npm can link it before the build runs. It
// runs the bundle (dist/bundle/cli.js, prism.wasm beside it), in the checkout as when installed.
// CommonJS on purpose: an ES module importing the 1 MB CommonJS bundle would have Node scan
// all of it for export names first (cjs-module-lexer), a sixth of a cold run.
"use strict";
const path = require("path");

// The launcher npm's install puts at the top of this file (bin/install.cjs) starts Node without
// NODE_EXTRA_CA_CERTS, which costs Node's start and serves connections Routemap never opens:
// its value is back here, for the app's ENV is the shell's.
const savedCerts = process.env.ROUTEMAP_NODE_EXTRA_CA_CERTS;
if (savedCerts !== undefined) {
  process.env.NODE_EXTRA_CA_CERTS = savedCerts;
  delete process.env.ROUTEMAP_NODE_EXTRA_CA_CERTS;
}

const command = process.argv[2];
const bundle = path.join(__dirname, "../dist/bundle/cli.js");
if (command === "routes") {
  // The command runs once, over code V8 has never seen: optimising compilers cost more than
  // they win before it ends. Prism's WebAssembly stays with its baseline compiler (Liftoff) and
  // the JavaScript with V8's interpreter and baseline code, which on the 2-core machine of
  // `npm run bench` took a cold run over 10,000 routes from about 325 to 220 ms (see
  // docs/benchmarks.md). Set before any of it is compiled, and before the code cache is
  // checked, whose flags must be the same; the language server, which runs for hours, keeps
  // the defaults.
  const v8 = require("v8");
  v8.setFlagsFromString("--liftoff-only");
  v8.setFlagsFromString("--no-turbofan");
  // Nor does a run this short need V8's incremental marking: started when the heap reaches its
  // first limit (18 MB, about 140 ms in on the benchmark), it ended each run with a full
  // collection that freed 2.5 of 15 MB, for about 7 ms of this thread's time.
  v8.setFlagsFromString("--no-incremental-marking");
  // Baseline code as soon as V8 would make it, not in batches (1.7 ms in turns, twice).
  v8.setFlagsFromString("--no-baseline-batch-compilation");
  // The young generation stays at the size V8 starts it with (1 MB a semi-space): a run this
  // short keeps what it makes (the routes, their sheet), and each scavenge of a space grown to
  // 16 MB copied megabytes of survivors; fifty scavenges of 1 MB copy less. Of the young
  // generation's flags only the growth factor takes effect once Node runs (its sizes are fixed
  // as it starts). Nor is a scavenge split with a helper thread: at this size it costs the
  // other core more than it saves this one. On the benchmark's 10,000 routes, 31 runs in turns:
  // processor time 500 → 416 ms, wall 458 → 409 ms (docs/benchmarks.md, "The young generation
  // held small"). Growing it sooner (a factor of 8 or 16) had been tried before and was not faster.
  v8.setFlagsFromString("--semi-space-growth-factor=1");
  v8.setFlagsFromString("--no-parallel-scavenge");
}
if (command === "check") {
  // `check` reads the whole app: V8 lets the old generation grow to up to four times what was
  // live at its last full collection before collecting again, and on issue 30's large app (35,000
  // files parsed, about 150 MB live) a first run peaked at 500–550 MB resident. Twice is the
  // most here: 440–475 MB, for no measurable processor time in a run from the files' cache (a
  // first run's extra collections were within the noise of a loaded machine; docs/benchmarks.md).
  // Set before the code cache is checked, as its flags must be the same from run to run.
  require("v8").setFlagsFromString("--heap-growing-percent=100");
  // TurboFan inlines less (200 bytes of bytecode per optimised function, V8's default 920): its
  // compiles on V8's threads were a third of a first run's processor time, for two isolates (the
  // facts worker's too), on code that runs for seconds, not hours. On issue 30's large app, 7
  // pairs in turns: 1.4–1.8 s less processor time, V8's threads 1.3–1.6 s less, the main
  // thread the same or less; 100 was no better, 400 between (docs/benchmarks.md, "TurboFan's
  // inlining for check").
  require("v8").setFlagsFromString("--max-inlined-bytecode-size-cumulative=200");
}
if (command === "routes" || command === "check") {
  require("./prismEarly.cjs").compilePrismEarly(path.join(__dirname, "../dist/bundle/prism.wasm"));
  require("./codeCache.cjs").run(bundle, command);
} else if (command === "lsp" && process.argv.slice(3).every((arg) => arg === "--stdio")) {
  // The language server, as the command's `lsp` would start it (its arguments are the ones it
  // takes; anything else, `--help` included, goes to the command), without loading the
  // command's bundle first: dist/bundle/server.js runs the server from its code cache.
  require("../dist/bundle/server.js");
} else require(bundle);
