// npm's postinstall of @routemap/cli: where the installed `routemap` is run through its first
// line (a Unix-like system, and npm or Yarn linking it), that line becomes `#!/bin/sh` and three
// lines of shell start Node as the command wants it, which nothing can change once Node runs:
// - without NODE_EXTRA_CA_CERTS: Node reads and parses that certificate bundle as it starts,
//   before any of our code (60–80 ms of a 300 ms `routemap routes` on the machine of
//   docs/benchmarks.md), for connections the command never opens. Its value is passed on
//   under another name and put back by bin/routemap.cjs, so the app's ENV is the shell's.
// - for `routes`, a young generation of 64 MB (V8 sizes it as its heap is made): a run over
//   10,000 routes makes about 40 MB that lives to its end, which a 1 MB one copies twice in
//   some 45 scavenges; at 64 MB there are none (docs/benchmarks.md, "The launcher").
// Every line of the shell part is also JavaScript (a string, then a comment), so the file runs
// the same when Node is given it (`node routemap.cjs`, pnpm's shims, an install without
// scripts). Nothing changes on Windows (npm's .cmd shim reads the first line when it links the
// command, before this runs, and runs Node), in a checkout (its sources are beside bin/), or
// where this Node refuses the flags. Any failure leaves the file as it was: the install goes on.
"use strict";
const fs = require("fs");
const path = require("path");
const { spawnSync } = require("child_process");

const NODE_LINE = "#!/usr/bin/env node";
const ROUTES_FLAGS = ["--min-semi-space-size=64", "--max-semi-space-size=64"];
/** Where the launcher puts NODE_EXTRA_CA_CERTS for bin/routemap.cjs to put back (the name is written there too). */
const SAVED_CERTS = "ROUTEMAP_NODE_EXTRA_CA_CERTS";

const LAUNCHER = [
  "#!/bin/sh",
  `":" //; if [ -n "\${NODE_EXTRA_CA_CERTS+set}" ]; then ${SAVED_CERTS}=$NODE_EXTRA_CA_CERTS; export ${SAVED_CERTS}; unset NODE_EXTRA_CA_CERTS; fi`,
  `":" //; if [ "$1" = routes ]; then exec node ${ROUTES_FLAGS.join(" ")} "$0" "$@"; fi`,
  `":" //; exec node "$0" "$@"`,
];

/** The executable's text with the launcher for its first line, or undefined if that line is not Node's. */
function withLauncher(text) {
  const eol = text.indexOf("\n");
  if (eol < 0 || text.slice(0, eol) !== NODE_LINE) return undefined;
  return `${LAUNCHER.join("\n")}${text.slice(eol)}`;
}

/** Why `file` keeps its first line here, or undefined when it can take the launcher. */
function reasonToKeep(file) {
  if (process.platform === "win32") return "Windows runs the command through npm's shim";
  if (fs.existsSync(path.join(path.dirname(file), "../src"))) return "a checkout";
  if (!isExecutable("/bin/sh")) return "no /bin/sh";
  const probe = spawnSync(process.execPath, [...ROUTES_FLAGS, "-e", "0"], { stdio: "ignore", timeout: 10_000 });
  if (probe.status !== 0) return `this Node refuses ${ROUTES_FLAGS.join(" ")}`;
  return undefined;
}

function isExecutable(file) {
  try {
    fs.accessSync(file, fs.constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** Puts the launcher at the top of `file` (written whole, by a rename); what was done, or why not. */
function installLauncher(file) {
  try {
    const reason = reasonToKeep(file);
    if (reason) return `kept: ${reason}`;
    const text = withLauncher(fs.readFileSync(file, "utf8"));
    if (text === undefined) return "kept: its first line is not Node's";
    writeWhole(file, text);
    return "launcher installed";
  } catch (error) {
    return `kept: ${error.message}`;
  }
}

/** `file`'s new text, with its mode, by a rename: never a half-written executable. */
function writeWhole(file, text) {
  const partial = `${file}.${process.pid}.partial`;
  try {
    fs.writeFileSync(partial, text, { mode: fs.statSync(file).mode & 0o7777 });
    fs.renameSync(partial, file);
  } finally {
    fs.rmSync(partial, { force: true });
  }
}

module.exports = { installLauncher };

if (require.main === module) installLauncher(path.join(__dirname, "routemap.cjs"));
