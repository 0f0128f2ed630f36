#!/usr/bin/env node
// The `routemap` executable: a committed shim, so npm can link it before the build runs. It
// runs the bundle (dist/bundle/cli.js, prism.wasm beside it), in the checkout as when installed.
// CommonJS on purpose: an ES module importing the 1 MB CommonJS bundle would have Node scan
// all of it for export names first (cjs-module-lexer), a sixth of a cold run.
require("../dist/bundle/cli.js");
