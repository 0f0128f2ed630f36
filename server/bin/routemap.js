#!/usr/bin/env node
// The `routemap` executable: a committed shim so npm can link it before the build runs.
import "../dist/cli.js";
