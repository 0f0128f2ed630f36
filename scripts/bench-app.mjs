#!/usr/bin/env node
// The language server on a whole app, part of `npm run bench`: a generated app of about 3,000
// routes, 500 controllers, 2,000 views and 3,000 other Ruby files (models, helpers, lib, specs),
// served by the bundled server over stdio. Measures the first routes diagnostics and the app's
// indexing at start, keystroke-to-diagnostics in a controller, a view and a routes file, code
// lenses after an edit (median and p99), and the server's resident memory.
// For looking closer: BENCH_RSS=1 prints resident memory between phases, BENCH_PROF=DIR writes
// the server's CPU profile there, BENCH_NODE_FLAGS adds flags to its Node, BENCH_SNAPSHOT=1 has
// it write a heap snapshot at the end (with BENCH_NODE_FLAGS=--heapsnapshot-signal=SIGUSR2).
// BENCH_ROUTES_ONLY=1 serves the same routes files without the app's other files and measures
// only the first routes diagnostics and the routes-file keystrokes: the figures a whole app's
// are compared with.
// `--large` (or BENCH_APP_SIZE=large): issue 30's app, 5,000 controllers, 15,000 views and
// about 20,000 routes, with its targets: the first hover in config/routes.rb, a keystroke there
// followed by a hover (median, p99), an opened view's diagnostics, references, `routemap check`
// as a process, and the server's resident memory.
// `--large --phases routes`: only the phases of the first hover and of the keystrokes in
// config/routes.rb (start, the controller opened, the first hover on `draw :area7` once the
// routes' diagnostics arrive, the app read, then BENCH_KEYSTROKES keystrokes + hover, 100 by
// default), with the server's CPU time (all its threads, and its main thread alone: V8's collector
// and compilers run on others) and its resident memory at the end and the largest read after any
// keystroke + hover: the full run takes over 30 minutes on a busy machine. `--phases hover`: the
// first hover alone (start, the controller opened, the hover), its wall and CPU times in a line.
// `--phases references`: references asked right after the first hover, while the server still
// reads the app (usesWarmup.ts), with a hover in config/routes.rb every 50 ms until they are
// answered: the references' time and the hovers' median and slowest, in a line.
// BENCH_APP_DIR=DIR keeps the generated app there and reuses it (its 50,000 files are written
// once); BENCH_SIGNAL=SIGUSR2 sends that signal to the server right after the keystrokes' memory is
// read (with BENCH_NODE_FLAGS=--heapsnapshot-signal=SIGUSR2, or a preloaded script of one's own
// that prints `process.memoryUsage()`). BENCH_SERVER=DIR serves another build's bundle (a copy of server/dist/bundle), so two
// builds can be measured in turns on the same app. BENCH_SLOW=1 lists the keystrokes that took
// the server 60 ms of CPU or more. BENCH_DELAY=MS waits that long after the app is read before
// the routes file's keystrokes (the first keystroke apart from the server's work after the read).
import { spawn, spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { pathToFileURL } from "node:url";
import { createProtocolConnection, StreamMessageReader, StreamMessageWriter } from "vscode-languageserver-protocol/node";
import { scratchDir } from "../test-fixtures/lib/scratch.mjs";
import { generateApp } from "./lib/benchWholeApp.mjs";

const repo = new URL("..", import.meta.url).pathname;
const large = process.argv.includes("--large") || process.env.BENCH_APP_SIZE === "large";
const phases = process.argv.includes("--phases") ? process.argv[process.argv.indexOf("--phases") + 1] : "all";
if (!["all", "routes", "hover", "references"].includes(phases)) throw new Error(`--phases ${phases}: "all", "routes", "hover" or "references"`);
const root = process.env.BENCH_APP_DIR ?? scratchDir("routemap-bench-app-");
const CONTROLLERS = large ? 5000 : 500;
const VIEWS = large ? 3 : 4;
// A kept app is written once; a marker says it was written whole, and at which size.
const marker = join(root, `.bench-app-${CONTROLLERS}`);
if (!existsSync(marker)) (generateApp(root, CONTROLLERS, { large }), writeFileSync(marker, ""));
const routesOnly = !!process.env.BENCH_ROUTES_ONLY;
if (routesOnly) for (const dir of ["app", "lib", "spec", "test"]) rmSync(join(root, dir), { recursive: true, force: true });

const uri = (p) => pathToFileURL(join(root, p)).toString();
const started = performance.now();
// Started as the VS Code extension starts it (client/src/extension.ts): with a 4 MiB young generation.
const child = spawn(process.execPath, [...(process.env.BENCH_PROF ? ["--cpu-prof", `--cpu-prof-dir=${process.env.BENCH_PROF}`] : []), ...(process.env.BENCH_NODE_FLAGS ? process.env.BENCH_NODE_FLAGS.split(" ") : []), "--max-semi-space-size=4", join(process.env.BENCH_SERVER ?? join(repo, "server/dist/bundle"), "server.js"), "--stdio"], { stdio: ["pipe", "pipe", "inherit"] });
const conn = createProtocolConnection(new StreamMessageReader(child.stdout), new StreamMessageWriter(child.stdin));
const waiting = new Set();
let notifications = 0;
conn.onNotification("textDocument/publishDiagnostics", (p) => {
  notifications++;
  for (const w of [...waiting]) if (w.test(p)) (waiting.delete(w), w.resolve(p));
});
const diagnostics = (test) => new Promise((resolve) => waiting.add({ test, resolve }));
conn.onRequest("workspace/configuration", (p) => p.items.map(() => ({})));
conn.onRequest("client/registerCapability", () => null);
conn.listen();

const controllerPath = "app/controllers/thing7s_controller.rb";
const controller = uri(controllerPath);
const routesFirst = diagnostics((p) => p.uri === uri("config/routes.rb"));
// The client watches the app's files, as VS Code does for the extension (the server then trusts its tables to follow the disk).
await conn.sendRequest("initialize", { processId: process.pid, rootUri: pathToFileURL(root).toString(), capabilities: { workspace: { configuration: true, didChangeWatchedFiles: { dynamicRegistration: true } } } });
conn.sendNotification("initialized", {});
// A controller open from the start, as an editor restores it: its diagnostics and lenses need the whole app read.
let controllerText = routesOnly ? "" : readFileSync(join(root, controllerPath), "utf8");
const controllerFirst = diagnostics((p) => p.uri === controller && p.version === 1);
if (!routesOnly) conn.sendNotification("textDocument/didOpen", { textDocument: { uri: controller, languageId: "ruby", version: 1, text: controllerText } });
await routesFirst;
const firstRoutes = performance.now() - started;
// The first hover a user asks for, on `draw :area7` in config/routes.rb.
const hoverAt = { textDocument: { uri: uri("config/routes.rb") }, position: { line: 9, character: 4 } };
const firstHover = large || phases !== "all" ? (await conn.sendRequest("textDocument/hover", hoverAt), performance.now() - started) : 0;
const cpuAtFirstHover = serverCpu();
if (phases === "hover") await firstHoverOnly();
if (phases === "references") await referencesWhileReading();
if (!routesOnly) {
  await controllerFirst;
  await conn.sendRequest("textDocument/codeLens", { textDocument: { uri: controller } });
}
const indexed = performance.now() - started;
const notificationsAtIndexed = notifications;
const cpuAtRead = serverCpu();
const { apps } = await conn.sendRequest("routemap/routes", {});
const routeCount = apps[0].routes.length;

const percentile = (xs, p) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))];
const stats = (xs) => ({ median: +percentile(xs, 50).toFixed(2), p99: +percentile(xs, 99).toFixed(2) });

/** Keystrokes in an open file, each timed until the diagnostics of that very version arrive; then a lens request, when asked. */
async function keystrokes(path, text, line, { lenses = false, count = 200 } = {}) {
  const docUri = uri(path);
  const opened = diagnostics((p) => p.uri === docUri && p.version === 1);
  if (path !== controllerPath) conn.sendNotification("textDocument/didOpen", { textDocument: { uri: docUri, languageId: path.endsWith(".erb") ? "erb" : "ruby", version: 1, text } });
  else conn.sendNotification("textDocument/didChange", { textDocument: { uri: docUri, version: 1 }, contentChanges: [{ text }] });
  await opened;
  const times = [];
  const lensTimes = [];
  for (let i = 0; i < count; i++) {
    const version = i + 2;
    const published = diagnostics((p) => p.uri === docUri && p.version === version);
    const t = performance.now();
    conn.sendNotification("textDocument/didChange", {
      textDocument: { uri: docUri, version },
      contentChanges: [i % 2 === 0 ? { range: { start: { line, character: 2 }, end: { line, character: 2 } }, text: "x" } : { range: { start: { line, character: 2 }, end: { line, character: 3 } }, text: "" }],
    });
    await published;
    times.push(performance.now() - t);
    if (lenses) {
      const l = performance.now();
      await conn.sendRequest("textDocument/codeLens", { textDocument: { uri: docUri } });
      lensTimes.push(performance.now() - l);
    }
  }
  return { times, lensTimes };
}

/** Issue 30's measure: a keystroke in config/routes.rb, then a hover there, until the hover's answer. */
async function keystrokeAndHover(count = 200) {
  const path = "config/routes.rb";
  const docUri = uri(path);
  const text = readFileSync(join(root, path), "utf8");
  conn.sendNotification("textDocument/didOpen", { textDocument: { uri: docUri, languageId: "ruby", version: 1, text } });
  const times = [];
  for (let i = 0; i < count; i++) {
    const t = performance.now();
    const cpu = serverCpu();
    conn.sendNotification("textDocument/didChange", {
      textDocument: { uri: docUri, version: i + 2 },
      contentChanges: [i % 2 === 0 ? { range: { start: { line: 1, character: 2 }, end: { line: 1, character: 2 } }, text: "x" } : { range: { start: { line: 1, character: 2 }, end: { line: 1, character: 3 } }, text: "" }],
    });
    await conn.sendRequest("textDocument/hover", hoverAt);
    times.push(performance.now() - t);
    keystrokeCpu.push(serverCpu() - cpu);
    keystrokeRss = Math.max(keystrokeRss, rss());
  }
  return times;
}
/** The server's processor time in each keystroke + hover (in steps of the kernel's 10 ms tick). */
const keystrokeCpu = [];
/** The largest resident memory read after a keystroke + hover: where the collector's sawtooth peaks, not where the last keystroke left it. */
let keystrokeRss = 0;
if (process.env.BENCH_SLOW) process.on("exit", () => console.error("slow keystrokes (index: cpu ms)", keystrokeCpu.flatMap((c, i) => (c >= 60 ? [`${i}: ${c}`] : [])).join(", ")));

/** The server's processor time so far (user + system), in ms: what a busy machine does not inflate. */
function serverCpu(thread = false) {
  const fields = readFileSync(thread ? `/proc/${child.pid}/task/${child.pid}/stat` : `/proc/${child.pid}/stat`, "utf8").split(") ")[1].split(" ");
  return ((+fields[11] + +fields[12]) * 1000) / 100;
}

/** `--phases routes`: the keystrokes + hover in config/routes.rb, and the figures of the first hover. */
async function routesPhases() {
  const count = +(process.env.BENCH_KEYSTROKES ?? 100);
  const cpuBefore = serverCpu();
  const mainBefore = serverCpu(true);
  if (process.env.BENCH_DELAY) await new Promise((r) => setTimeout(r, +process.env.BENCH_DELAY));
  const withHover = await keystrokeAndHover(count);
  const cpuKeys = serverCpu() - cpuBefore;
  const mainKeys = serverCpu(true) - mainBefore;
  const memory = rss();
  if (process.env.BENCH_SIGNAL) (process.kill(child.pid, process.env.BENCH_SIGNAL), await new Promise((r) => setTimeout(r, +(process.env.BENCH_SIGNAL_WAIT ?? 300))));
  await conn.sendRequest("shutdown");
  conn.sendNotification("exit");
  console.log(`language server, the first hover and ${count} keystrokes + hover in config/routes.rb:`, `${routeCount} routes, ${CONTROLLERS} controllers`);
  console.table({
    "start to first routes diagnostics (ms)": { value: +firstRoutes.toFixed(1) },
    "start to first hover in config/routes.rb (ms)": { value: +firstHover.toFixed(1), target: large ? "≤ 1000" : "" },
    "server CPU time to the first hover / app read (ms)": { value: `${cpuAtFirstHover} / ${cpuAtRead}` },
    "start to the open controller's diagnostics and lenses (ms)": { value: +indexed.toFixed(1) },
    "keystroke + hover in config/routes.rb, median / p99 / max (ms)": { value: `${stats(withHover).median} / ${stats(withHover).p99} / ${Math.max(...withHover).toFixed(1)}`, target: "p99 ≤ 100" },
    "server CPU time per keystroke + hover, mean / p99 (ms)": { value: `${(cpuKeys / count).toFixed(1)} / ${stats(keystrokeCpu).p99}` },
    // The main thread's alone: the collector's concurrent marking runs on V8's other threads.
    "the same, the server's main thread alone, mean (ms)": { value: (mainKeys / count).toFixed(1) },
    "diagnostics notifications during the keystrokes": { value: notifications - notificationsAtIndexed },
    "server's resident memory at the end / largest after a keystroke (MiB)": { value: `${memory} / ${keystrokeRss}` },
  });
  process.exit(0);
}

/** Each of the server's threads, by name: its processor time in ms. */
function threadsCpu() {
  return readdirSync(`/proc/${child.pid}/task`).map((tid) => {
    const stat = readFileSync(`/proc/${child.pid}/task/${tid}/stat`, "utf8");
    const fields = stat.split(") ")[1].split(" ");
    return `${tid === String(child.pid) ? "main" : stat.slice(stat.indexOf("(") + 1, stat.indexOf(")"))} ${((+fields[11] + +fields[12]) * 1000) / 100}`;
  }).join(", ");
}

/** `--phases hover`: the first hover alone, as one line (for runs of two builds in turns). */
async function firstHoverOnly() {
  const main = serverCpu(true);
  // BENCH_THREADS=1: each thread's processor time (V8's compilers and collector, libuv's pool).
  if (process.env.BENCH_THREADS) console.log(threadsCpu());
  await conn.sendRequest("shutdown");
  conn.sendNotification("exit");
  console.log(`first hover: wall ${firstHover.toFixed(0)} ms, server CPU ${cpuAtFirstHover} ms (main thread ${main})`);
  process.exit(0);
}

/** `--phases references`: references at start, and the hovers answered meanwhile, as one line. */
async function referencesWhileReading() {
  const start = performance.now();
  let answered = false;
  const references = conn
    .sendRequest("textDocument/references", { textDocument: { uri: uri("app/views/thing7s/show.html.erb") }, position: { line: 1, character: 27 }, context: { includeDeclaration: true } })
    .then((found) => ((answered = true), found.length));
  const hovers = [];
  while (!answered) {
    const h = performance.now();
    await conn.sendRequest("textDocument/hover", hoverAt);
    hovers.push(performance.now() - h);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const found = await references;
  const took = performance.now() - start;
  await conn.sendRequest("shutdown");
  conn.sendNotification("exit");
  console.log(`references at start: ${found} found in ${took.toFixed(0)} ms; ${hovers.length} hovers meanwhile, median ${[...hovers].sort((a, b) => a - b)[hovers.length >> 1].toFixed(0)} ms, slowest ${Math.max(...hovers).toFixed(0)} ms`);
  process.exit(0);
}

const rss = () => +(parseInt(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${child.pid}/status`, "utf8"))[1], 10) / 1024).toFixed(1);
if (phases === "routes") await routesPhases();
if (process.env.BENCH_RSS) console.error("rss after indexing", rss());
const none = { times: [0], lensTimes: [0] };
const inController = routesOnly ? none : await keystrokes(controllerPath, controllerText, 8, { lenses: true });
if (process.env.BENCH_RSS) console.error("rss after controller keystrokes", rss());
const viewPath = "app/views/thing7s/show.html.erb";
const inView = routesOnly ? none : await keystrokes(viewPath, readFileSync(join(root, viewPath), "utf8"), 1);
if (process.env.BENCH_RSS) console.error("rss after view keystrokes", rss());
const routesPath = "config/routes/area7.rb";
const inRoutes = await keystrokes(routesPath, readFileSync(join(root, routesPath), "utf8"), 1);
const withHover = large ? await keystrokeAndHover() : [0];
let references = 0;
let viewOpened = 0;
if (large) {
  const r = performance.now();
  await conn.sendRequest("textDocument/references", { textDocument: { uri: uri(viewPath) }, position: { line: 1, character: 27 }, context: { includeDeclaration: true } });
  references = performance.now() - r;
  // A view not opened before: its diagnostics, from didOpen.
  const other = "app/views/thing4321s/index.html.erb";
  const v = performance.now();
  const shown = diagnostics((p) => p.uri === uri(other) && p.version === 1);
  conn.sendNotification("textDocument/didOpen", { textDocument: { uri: uri(other), languageId: "erb", version: 1, text: readFileSync(join(root, other), "utf8") } });
  await shown;
  viewOpened = performance.now() - v;
}
const rssMiB = rss();
// An editor's user pauses: V8's memory reducer gives back what a burst of keystrokes left.
await new Promise((resolve) => setTimeout(resolve, 8000));
const rssIdleMiB = rss();
if (process.env.BENCH_SNAPSHOT) {
  process.kill(child.pid, "SIGUSR2");
  await new Promise((resolve) => setTimeout(resolve, 15000));
}

await conn.sendRequest("shutdown");
conn.sendNotification("exit");
if (routesOnly) {
  console.log("language server, the generated app's routes files alone:", `${routeCount} routes`);
  console.table({
    "start to first routes diagnostics (ms)": { value: +firstRoutes.toFixed(1) },
    "keystroke in a routes file to diagnostics, median / p99 (ms)": { value: `${stats(inRoutes.times).median} / ${stats(inRoutes.times).p99}` },
  });
  process.exit(0);
}
console.log("language server, generated whole app:", `${routeCount} routes, ${CONTROLLERS} controllers, ${CONTROLLERS * VIEWS} views, ${CONTROLLERS * 6} other Ruby files`);
if (large) {
  // `routemap check` on the same app, as a process (its code cache made by a first run).
  const cli = join(repo, "server/bin/routemap.cjs");
  spawnSync(process.execPath, [cli, "check"], { cwd: root, stdio: "ignore" });
  const c = performance.now();
  spawnSync(process.execPath, [cli, "check"], { cwd: root, stdio: "ignore" });
  const check = performance.now() - c;
  console.table({
    "start to first hover in config/routes.rb (ms)": { value: +firstHover.toFixed(1), target: "≤ 1000" },
    "keystroke + hover in config/routes.rb, median / p99 (ms)": { value: `${stats(withHover).median} / ${stats(withHover).p99}`, target: "p99 ≤ 100" },
    "an opened view's diagnostics (ms)": { value: +viewOpened.toFixed(1) },
    "references of a helper (ms)": { value: +references.toFixed(1) },
    "routemap check, whole process (ms)": { value: +check.toFixed(0), target: "≤ 5000" },
    "resident memory after the keystrokes / after a pause (MiB)": { value: `${rssMiB} / ${rssIdleMiB}`, target: "≤ 500" },
  });
}
console.table({
  "start to first routes diagnostics (ms)": { value: +firstRoutes.toFixed(1) },
  "start to an open controller's diagnostics and lenses (ms)": { value: +indexed.toFixed(1) },
  "keystroke in a controller to diagnostics, median / p99 (ms)": { value: `${stats(inController.times).median} / ${stats(inController.times).p99}` },
  "code lens after a controller keystroke, median / p99 (ms)": { value: `${stats(inController.lensTimes).median} / ${stats(inController.lensTimes).p99}` },
  "keystroke in a view to diagnostics, median / p99 (ms)": { value: `${stats(inView.times).median} / ${stats(inView.times).p99}` },
  "keystroke in a routes file to diagnostics, median / p99 (ms)": { value: `${stats(inRoutes.times).median} / ${stats(inRoutes.times).p99}` },
  "resident memory after 600 keystrokes / after a pause (MiB)": { value: `${rssMiB} / ${rssIdleMiB}` },
});
