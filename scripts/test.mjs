#!/usr/bin/env node
// Runs every test suite: the unit, golden, CLI, language server (stdio and Neovim) and grammar
// tests with node's test runner, each file in a process of its own, as many at once as node's
// runner would run; then the extension in a real VS Code (it repackages the VSIX, so it runs
// alone); then the live oracle check. It prints a line per test file as it ends, every failure
// in full, and last one line that counts every test of every suite and names the skipped ones.
// Suites that need a system package say plainly when they are skipped; under CI=true they fail
// instead. `node scripts/test.mjs FILE…` runs only those files (`oracle` for the live check).
//
// The suites get a temp directory of their own (TMPDIR), which must be empty when they end:
// a test that leaves a file behind fails the run, and the directory itself is removed.
import { spawn } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { availableParallelism, tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";

const root = new URL("..", import.meta.url).pathname;
const REAL_VSCODE = "client/test/vscode.test.mjs";
const ORACLE = "live Rails (scripts/oracle.mjs --check)";
const REPORTER = join(root, "scripts/lib/testReporter.mjs");
const all = ["shared-mapper/test", "server/test", "client/test"].flatMap((dir) => {
  try {
    return readdirSync(join(root, dir)).filter((f) => f.endsWith(".test.mjs")).sort().map((f) => join(dir, f));
  } catch {
    return [];
  }
});
const asked = process.argv.slice(2);
const chosen = asked.length ? all.filter((f) => asked.some((a) => f.endsWith(a.replace(/^\.\//, "")))) : all;
const files = chosen.filter((f) => f !== REAL_VSCODE);
const runVsCode = chosen.includes(REAL_VSCODE);
const runOracle = !asked.length || asked.includes("oracle");

const temp = mkdtempSync(join(tmpdir(), "routemap-test-"));
// The command's code cache (server/bin/codeCache.cjs) goes to a folder of the run's own, not
// the user's cache folder; it is removed with the temp directory.
const cache = mkdtempSync(join(tmpdir(), "routemap-cache-"));
const env = { ...process.env, TMPDIR: temp, ROUTEMAP_CACHE_DIR: cache };
const width = Math.max(...[...files, REAL_VSCODE, ORACLE].map((f) => f.length)) + 2;
const totals = { passed: 0, failed: 0, skipped: 0, todo: 0 };
/** Suites skipped whole, and how many tests of the others were. */
const skippedSuites = [];
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

/**
 * One test file under node's runner, with the reporter above. A test waiting for something that
 * never comes (a diagnostic never published) fails after five minutes instead of holding CI
 * forever; the slowest test (the package's install) takes one. `live` prints what the file's
 * tests print as they print it (the VS Code suite installs for minutes); otherwise it is kept,
 * and shown with the file's failures.
 */
function runFile(file, { live = false } = {}) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(process.execPath, ["--test", "--test-timeout=300000", `--test-reporter=${REPORTER}`, file], { cwd: root, env, stdio: ["ignore", "pipe", "pipe"] });
    const tests = [];
    const output = [];
    const keep = (text) => (live ? process.stdout.write(text.replace(/^(?=.)/gm, "    ")) : output.push(text));
    createInterface({ input: child.stdout }).on("line", (l) => {
      let event;
      try {
        event = JSON.parse(l);
      } catch {
        return keep(`${l}\n`);
      }
      if (event.kind === "output") keep(event.text);
      else tests.push(event);
    });
    child.stderr.on("data", (d) => keep(String(d)));
    child.on("close", (code) => resolve({ file, code, tests, output: output.join(""), ms: Date.now() - started }));
  });
}

/** Adds a file's outcome to the totals and prints its line, and its failures in full. */
function report({ file, code, tests, output, ms }) {
  const count = (outcome) => tests.filter((t) => t.outcome === outcome && !t.whole).length;
  const n = { passed: count("passed"), failed: count("failed"), skipped: count("skipped"), todo: count("todo") };
  const failures = tests.filter((t) => t.outcome === "failed");
  // The file failed without a failing test to show for it (it threw while loading, or exited non-zero).
  if (failures.length === 0 && code !== 0) failures.push({ name: file, whole: true, error: `the test process exited with status ${code}` });
  if (n.failed === 0 && failures.length) n.failed = 1;
  for (const k of Object.keys(totals)) totals[k] += n[k];
  const parts = [`${n.passed} passed`, n.failed && `${n.failed} failed`, n.skipped && `${n.skipped} skipped`, n.todo && `${n.todo} todo`].filter(Boolean);
  const reasons = [...new Set(tests.filter((t) => t.outcome === "skipped" && t.reason).map((t) => t.reason))];
  if (n.skipped) skippedSuites.push(n.passed + n.failed === 0 ? file : `${n.skipped} test${n.skipped > 1 ? "s" : ""} of ${file}`);
  const mark = n.failed ? "✖" : n.passed === 0 && n.skipped ? "○" : "✔";
  const todos = tests.filter((t) => t.outcome === "todo").map((t) => (typeof t.reason === "string" ? `${t.name}: ${t.reason}` : t.name));
  const skipNote = (reasons.length ? `  (skipped: ${reasons.join("; ")})` : "") + (todos.length ? `  (todo: ${todos.join("; ")})` : "");
  console.log(`  ${mark} ${file.padEnd(width)}${parts.join(", ").padEnd(30)}${seconds(ms).padStart(8)}${skipNote}`);
  for (const f of failures) {
    console.log(`\n    ✖ ${f.whole ? f.name : `${"  ".repeat(f.nesting ?? 0)}${f.name}`}`);
    console.log(String(f.error ?? "").replace(/^/gm, "        "));
  }
  if (failures.length && output.trim()) console.log(`\n    what ${file} printed:\n${output.trimEnd().replace(/^/gm, "      ")}`);
  if (failures.length) console.log("");
}

/** Runs `files` with at most `n` at once, reporting each as it ends. */
async function pool(list, n) {
  const queue = [...list];
  const worker = async () => {
    while (queue.length) report(await runFile(queue.shift()));
  };
  await Promise.all(Array.from({ length: Math.min(n, list.length) }, worker));
}

/** The live comparison with Rails: its own count of goldens compared, or why it was skipped. */
function oracleCheck() {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(process.execPath, ["scripts/oracle.mjs", "--check"], { cwd: root, env, stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    child.stdout.on("data", (d) => (out += d));
    child.stderr.on("data", (d) => (out += d));
    child.on("close", (code) => {
      const ms = Date.now() - started;
      const skipped = /^oracle: skipped: (.*)$/m.exec(out);
      if (skipped) {
        skippedSuites.push("live Rails");
        console.log(`  ○ ${ORACLE.padEnd(width)}${"skipped".padEnd(30)}${seconds(ms).padStart(8)}  (${skipped[1]})`);
        return resolve();
      }
      const counted = /^(\d+) passed, (\d+) failed$/m.exec(out);
      const passed = counted ? Number(counted[1]) : 0;
      const failed = counted ? Number(counted[2]) : code === 0 ? 0 : 1;
      totals.passed += passed;
      totals.failed += failed;
      const parts = [`${passed} passed`, failed && `${failed} failed`].filter(Boolean).join(", ");
      console.log(`  ${failed ? "✖" : "✔"} ${ORACLE.padEnd(width)}${parts.padEnd(30)}${seconds(ms).padStart(8)}`);
      if (failed) console.log(out.replace(/^\d+ passed, \d+ failed\n?$/m, "").trimEnd().replace(/^/gm, "      ") + "\n");
      resolve();
    });
  });
}

const concurrency = Math.max(1, availableParallelism() - 1);
console.log(`Routemap's tests: ${files.length} test file${files.length === 1 ? "" : "s"}, ${concurrency} at a time${runVsCode ? ", then the real VS Code" : ""}${runOracle ? ", then live Rails" : ""}\n`);
await pool(files, concurrency);
if (runVsCode) {
  console.log(`  … ${REAL_VSCODE}: the extension in a real VS Code (the first run installs it, about 800 MB)`);
  report(await runFile(REAL_VSCODE, { live: true }));
}
if (runOracle) await oracleCheck();

const left = readdirSync(temp);
if (left.length) {
  console.log(`\n  ✖ the suites left ${left.length} file(s) in the temp directory: ${left.join(", ")}`);
  totals.failed++;
}
rmSync(temp, { recursive: true, force: true });
rmSync(cache, { recursive: true, force: true });
const todo = totals.todo ? `, ${totals.todo} todo` : "";
const skipped = skippedSuites.length ? `; skipped: ${skippedSuites.join(", ")}` : "";
console.log(`\n${totals.passed} passed, ${totals.failed} failed${todo}${skipped}`);
process.exit(totals.failed ? 1 : 0);
