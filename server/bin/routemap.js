#!/usr/bin/env node
// The `routemap` executable: a committed shim so npm can link it before the build runs. It
// runs the bundle (dist/bundle/cli.js, prism.wasm beside it), in the checkout as when installed.
import "../dist/bundle/cli.js";
