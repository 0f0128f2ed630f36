#!/usr/bin/env node
// Debian's redmine with its gems (apt-get install -y redmine), copied to a scratch folder: how
// long `routemap check` takes with what its 76 locked gems define read from their files (the
// cache off), made into the cache (the first run), and read from the cache (the runs after),
// and how long the language server takes from start to the helper diagnostics of an open view
// (a misspelled helper planted in it), with the cache made and used. Not part of `npm run bench`
// (it needs the redmine package); run it with `node scripts/bench-redmine.mjs` after a build.
// Every run must print the same diagnostics, and none may say the helper calls were not checked.
import { spawn, spawnSync } from "node:child_process";
import { cpSync, existsSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { pathToFileURL } from "node:url";
import { createProtocolConnection, StreamMessageReader, StreamMessageWriter } from "vscode-languageserver-protocol/node";
import { scratchDir } from "../test-fixtures/lib/scratch.mjs";

const source = "/usr/share/redmine";
if (!existsSync(join(source, "Gemfile.lock"))) {
  console.log(`bench-redmine: skipped, ${source} is not installed (apt-get install -y redmine)`);
  process.exit(0);
}
const repo = new URL("..", import.meta.url).pathname;
const scratch = scratchDir("routemap-bench-redmine-");
const app = join(scratch, "redmine");
// Gemfile.lock is a link to /var/lib/redmine: copied as the file it points to.
cpSync(source, app, { recursive: true, dereference: true });
const cache = join(scratch, "cache");
const runs = +(process.env.BENCH_RUNS ?? 7);

// The processor time of each run too (GNU time, where there is one): on a machine other
// sessions share, it moves less than the wall clock.
const timeTool = existsSync("/usr/bin/time") ? "/usr/bin/time" : undefined;
const cpuFile = join(scratch, "cpu");

function check(cacheDir) {
  const command = [process.execPath, join(repo, "server/bin/routemap.cjs"), "check", "."];
  const start = performance.now();
  const [cmd, ...args] = timeTool ? [timeTool, "-f", "%U %S", "-o", cpuFile, ...command] : command;
  const run = spawnSync(cmd, args, { cwd: app, encoding: "utf8", env: { ...process.env, ROUTEMAP_CACHE_DIR: cacheDir, ROUTEMAP_TIMINGS: "1" } });
  const ms = performance.now() - start;
  if (/not checked/.test(run.stderr)) throw new Error(`helper calls not checked:\n${run.stderr}`);
  const cpu = timeTool ? readFileSync(cpuFile, "utf8").trim().split(/\s+/).slice(-2).reduce((a, b) => a + +b * 1000, 0) : NaN;
  return { ms, cpu, out: run.stdout, gems: /gems: (.*)/.exec(run.stderr)?.[1] };
}
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const min = (xs) => Math.min(...xs);

// The bundle's own code cache made once first, so that only the gems' cache differs.
check(join(scratch, "warm-up"));
const cold = check(cache);
const off = [];
const warm = [];
for (let i = 0; i < runs; i++) {
  off.push(check("off"));
  warm.push(check(cache));
}
for (const run of [...off, ...warm]) if (run.out !== cold.out) throw new Error("the runs printed different diagnostics");

/** The server from its start to the diagnostics of an open view with a misspelled helper, the cache in `cacheDir`. */
async function serverIndex(cacheDir) {
  const started = performance.now();
  const child = spawn(process.execPath, ["--max-semi-space-size=4", join(repo, "server/dist/bundle/server.js"), "--stdio"], { stdio: ["pipe", "pipe", "inherit"], env: { ...process.env, ROUTEMAP_CACHE_DIR: cacheDir } });
  const conn = createProtocolConnection(new StreamMessageReader(child.stdout), new StreamMessageWriter(child.stdin));
  const view = join(app, "app/views/issues/index.html.erb");
  const uri = pathToFileURL(view).toString();
  const planted = new Promise((resolve) => conn.onNotification("textDocument/publishDiagnostics", (p) => p.uri === uri && p.diagnostics.some((d) => /isuess_path/.test(d.message)) && resolve()));
  conn.onRequest("workspace/configuration", (p) => p.items.map(() => ({})));
  conn.onRequest("client/registerCapability", () => null);
  conn.listen();
  await conn.sendRequest("initialize", { processId: process.pid, rootUri: pathToFileURL(app).toString(), capabilities: { workspace: { configuration: true } } });
  conn.sendNotification("initialized", {});
  const text = readFileSync(view, "utf8") + '\n<%= link_to "all", isuess_path %>\n';
  conn.sendNotification("textDocument/didOpen", { textDocument: { uri, languageId: "erb", version: 1, text } });
  await planted;
  const ms = performance.now() - started;
  await conn.sendRequest("shutdown");
  conn.sendNotification("exit");
  return ms;
}
const serverCache = join(scratch, "server-cache");
const serverCold = await serverIndex(serverCache);
const serverWarm = [];
const serverOff = [];
for (let i = 0; i < Math.min(runs, 5); i++) {
  serverOff.push(await serverIndex("off"));
  serverWarm.push(await serverIndex(serverCache));
}
rmSync(scratch, { recursive: true, force: true });

const row = (xs) => `${median(xs).toFixed(0)} (min ${min(xs).toFixed(0)})`;
const rowCpu = (runs) => `${row(runs.map((r) => r.ms))}; processor ${row(runs.map((r) => r.cpu))}`;
console.log(`redmine: ${cold.out.split("\n").filter(Boolean).length} diagnostics; gems ${cold.gems ?? "?"} on the first run, ${warm[0].gems ?? "?"} after`);
console.table({
  "routemap check, gems read from their files (ms)": { value: rowCpu(off) },
  "routemap check, first run: the cache made (ms)": { value: `${cold.ms.toFixed(0)}; processor ${cold.cpu.toFixed(0)}` },
  "routemap check, from the second run (ms)": { value: rowCpu(warm) },
  "server start to an open view's helper diagnostics, gems read from their files (ms)": { value: row(serverOff) },
  "server start to an open view's helper diagnostics, first run: the cache made (ms)": { value: serverCold.toFixed(0) },
  "server start to an open view's helper diagnostics, from the second run (ms)": { value: row(serverWarm) },
});
