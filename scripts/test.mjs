#!/usr/bin/env node
// Runs every test suite: unit, golden, CLI, language server (stdio and Neovim) and grammar
// tests with node's test runner; then the extension in a real VS Code (it repackages the
// VSIX, so it runs alone); then the live oracle check. Suites that need a system package say
// plainly when they are skipped; under CI=true they fail instead.
//
// The suites get a temp directory of their own (TMPDIR), which must be empty when they end:
// a test that leaves a file behind fails the run, and the directory itself is removed.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const root = new URL("..", import.meta.url).pathname;
const REAL_VSCODE = "client/test/vscode.test.mjs";
const testFiles = ["shared-mapper/test", "server/test", "client/test"]
  .flatMap((dir) => {
    try {
      return readdirSync(join(root, dir)).filter((f) => f.endsWith(".test.mjs")).map((f) => join(dir, f));
    } catch {
      return [];
    }
  })
  .filter((f) => f !== REAL_VSCODE);
const temp = mkdtempSync(join(tmpdir(), "routemap-test-"));
// The command's code cache (server/bin/codeCache.cjs) goes to a folder of the run's own, not
// the user's cache folder; it is removed with the temp directory.
const cache = mkdtempSync(join(tmpdir(), "routemap-cache-"));
const env = { ...process.env, TMPDIR: temp, ROUTEMAP_CACHE_DIR: cache };
const run = (cmd, args) => spawnSync(cmd, args, { cwd: root, stdio: "inherit", env }).status ?? 1;
// A test waiting for something that never comes (a diagnostic never published) fails after
// five minutes instead of holding CI forever; the slowest test (the package's install) takes one.
let status = run(process.execPath, ["--test", "--test-timeout=300000", ...testFiles]);
status = run(process.execPath, ["--test", REAL_VSCODE]) || status;
status = run(process.execPath, ["scripts/oracle.mjs", "--check"]) || status;
const left = readdirSync(temp);
if (left.length) {
  console.error(`test: the suites left ${left.length} file(s) in the temp directory: ${left.join(", ")}`);
  status ||= 1;
}
rmSync(temp, { recursive: true, force: true });
rmSync(cache, { recursive: true, force: true });
process.exit(status);
