#!/usr/bin/env node
// `routemap routes` against Rails, as whole processes, part of `npm run bench`: the routes
// file of bench.mjs (varied as real apps write routes: scripts/lib/benchApp.mjs) in a scratch app,
// `routemap routes` as npm installs it (bin/ and the production bundle, its first line made the
// launcher by bin/install.cjs, run through that line) and
// `ruby scripts/rails-routes-sheet.rb` (Rails 6.1 requiring ActionPack, drawing, printing)
// run in turns, after a warm-up of each. Reports medians, the ratio, and whether the two
// printed the same bytes. Without Ruby and ruby-actionpack the Rails side is skipped, and said so.
// Its runs find its code cache and its kept parse of the routes file made by the run before; one
// run a turn follows an edit of the file, and its medians (the parse made again) are reported too.
// A third run a turn gives the file to Node (`node routemap.cjs`, as an install without scripts
// or pnpm's shim runs it), which then reads NODE_EXTRA_CA_CERTS where the environment sets it
// (this sandbox does, for its proxy: about 60 ms of Node's start here).
// Each also says the processor time it used (ROUTEMAP_TIMINGS=1): the medians and their ratios
// are reported beside the wall clock's, which moves with whatever else the machine runs.
import { execFileSync, spawnSync } from "node:child_process";
import { cpSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { generate } from "./lib/benchApp.mjs";
import { scratchDir } from "../test-fixtures/lib/scratch.mjs";

const repo = new URL("..", import.meta.url).pathname;
// What `npm pack -w server` ships: the production bundle (minified, no source maps).
execFileSync(process.execPath, [join(repo, "esbuild.mjs"), "--production"], { stdio: "inherit" });
const app = scratchDir("routemap-bench-cli-");
mkdirSync(join(app, "config"));
writeFileSync(join(app, "config/routes.rb"), generate(1600, "widget00x"));

// The command keeps a V8 code cache (bin/codeCache.cjs); here in the scratch app, not the
// user's cache folder. The first run has none and makes it: it is reported on its own line.
process.env.ROUTEMAP_CACHE_DIR = join(app, ".routemap-cache");
const rails = ["ruby", join(repo, "scripts/rails-routes-sheet.rb"), "config/routes.rb"];
const hasRails = spawnSync("ruby", ["-e", "require 'action_dispatch'"], { stdio: "ignore" }).status === 0;
// The file's requirement and default hashes print as the Ruby that prints Rails' sheet prints
// them (`{:slug=>/…/}` before 3.4, `{slug: /…/}` from it): routemap is told which.
const rubyVersion = hasRails ? spawnSync("ruby", ["-e", "print RUBY_VERSION"], { encoding: "utf8" }).stdout : "3.4";
// The command as installed: its files copied as the package ships them, and npm's postinstall run there.
const pkg = scratchDir("routemap-bench-cli-package-");
cpSync(join(repo, "server/bin"), join(pkg, "bin"), { recursive: true });
cpSync(join(repo, "server/dist/bundle"), join(pkg, "dist/bundle"), { recursive: true });
const executable = join(pkg, "bin/routemap.cjs");
const installed = createRequire(import.meta.url)(join(pkg, "bin/install.cjs")).installLauncher(executable);
const args = ["routes", "--rails", "6.1", "--ruby", rubyVersion];
const byNode = [process.execPath, executable, ...args];
const routemap = installed === "launcher installed" ? [executable, ...args] : byNode;

const extraCerts = process.env.NODE_EXTRA_CA_CERTS !== undefined;

function time([cmd, ...args], env = process.env) {
  const start = performance.now();
  // routemap says where its time went (ROUTEMAP_TIMINGS=1, on stderr); Ruby ignores it.
  const run = spawnSync(cmd, args, { cwd: app, encoding: "utf8", maxBuffer: 64 << 20, env: { ...env, ROUTEMAP_TIMINGS: "1" } });
  const ms = performance.now() - start;
  if (run.status !== 0) throw new Error(`${cmd} ${args.join(" ")} failed:\n${run.stderr}`);
  const phases = Object.fromEntries([...(/timings \(ms\): (.*)/.exec(run.stderr)?.[1] ?? "").matchAll(/(\w+) ([\d.]+)/g)].map((m) => [m[1], +m[2]]));
  // The processor time each says it used (user and system, every thread), up to its last line.
  const cpu = +(/processor time \(ms\): ([\d.]+)/.exec(run.stderr)?.[1] ?? NaN);
  // routemap's processor time per phase (the map's parse and evaluation as one): what a loaded machine moves least.
  const cpuPhases = Object.fromEntries([...(/processor time by phase \(ms\): (.*)/.exec(run.stderr)?.[1] ?? "").matchAll(/(\w+) ([\d.]+)/g)].map((m) => [m[1], +m[2]]));
  return { ms, out: run.stdout, phases, cpu, cpuPhases };
}
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const runs = 15;
const ours = [];
const oursByNode = [];
const oursEdited = [];
const theirs = [];
// Processor time: on a machine shared with other work, the wall clock's medians move with the
// load; the time each process was given moves much less.
const cpu = { ours: [], oursByNode: [], oursEdited: [], theirs: [] };
let same;
const first = time(routemap).ms;
if (hasRails) same = time(rails).out === time(routemap).out;
const phases = [];
const cpuPhases = [];
// routemap keeps Prism's parse of each routes file in its cache folder (server/src/cli/parseStore.ts),
// used while the file's text is the same. Each turn first edits the file (a comment at its end, a
// different one each turn: the table stays the same) and runs routemap on it, as after an edit in
// the editor (the parse made again); the other runs of the turn find that parse kept.
const source = readFileSync(join(app, "config/routes.rb"), "utf8");
for (let i = 0; i < runs; i++) {
  writeFileSync(join(app, "config/routes.rb"), `${source}# turn ${i}\n`);
  const edited = time(routemap);
  oursEdited.push(edited.ms);
  cpu.oursEdited.push(edited.cpu);
  const run = time(routemap);
  ours.push(run.ms);
  cpu.ours.push(run.cpu);
  phases.push(run.phases);
  cpuPhases.push(run.cpuPhases);
  if (routemap !== byNode) {
    const direct = time(byNode);
    oursByNode.push(direct.ms);
    cpu.oursByNode.push(direct.cpu);
  }
  if (hasRails) {
    const r = time(rails);
    theirs.push(r.ms);
    cpu.theirs.push(r.cpu);
  }
}
const node = median(Array.from({ length: 7 }, () => time([process.execPath, "-e", "0"]).ms));
const certsNote = extraCerts ? " (NODE_EXTRA_CA_CERTS set)" : "";
const row = {
  routes: execFileSync(routemap[0], [...routemap.slice(1), "--json"], { cwd: app, encoding: "utf8", maxBuffer: 64 << 20 }).match(/"verb"/g).length,
  [`node -e 0${certsNote} (median ms)`]: +node.toFixed(0),
  "routemap as installed": installed,
  "routemap routes (median ms)": +median(ours).toFixed(0),
  "routemap routes (min ms)": +Math.min(...ours).toFixed(0),
  "routemap routes, first run (no code cache or kept parse yet, ms)": +first.toFixed(0),
  "routemap routes, the routes file edited since the last run (median ms)": +median(oursEdited).toFixed(0),
};
// Where routemap's time went, median of each phase: from Node's start to the command (Node's
// own start and the bundle's loading), Prism's loading, the map's parse and evaluation, printing.
for (const name of Object.keys(phases[0])) row[`  ${name} (median ms)`] = +median(phases.map((p) => p[name])).toFixed(0);
row["routemap routes, processor time (median ms)"] = +median(cpu.ours).toFixed(0);
for (const name of Object.keys(cpuPhases[0])) row[`  ${name}, processor time (median ms)`] = +median(cpuPhases.map((p) => p[name])).toFixed(0);
if (oursByNode.length) row[`node routemap.cjs routes${certsNote} (median ms)`] = +median(oursByNode).toFixed(0);
if (hasRails) {
  row["Rails 6.1 (median ms)"] = +median(theirs).toFixed(0);
  row["Rails / routemap (median ratio)"] = +(median(theirs) / median(ours)).toFixed(1);
  row["Rails / routemap, the routes file edited (median ratio)"] = +(median(theirs) / median(oursEdited)).toFixed(1);
  if (oursByNode.length) row[`Rails / node routemap.cjs${certsNote} (median ratio)`] = +(median(theirs) / median(oursByNode)).toFixed(1);
  row["Rails 6.1, processor time (median ms)"] = +median(cpu.theirs).toFixed(0);
  row["Rails / routemap (processor time, median ratio)"] = +(median(cpu.theirs) / median(cpu.ours)).toFixed(1);
  row["Rails / routemap, the routes file edited (processor time, median ratio)"] = +(median(cpu.theirs) / median(cpu.oursEdited)).toFixed(1);
  if (oursByNode.length) row[`Rails / node routemap.cjs${certsNote} (processor time, median ratio)`] = +(median(cpu.theirs) / median(cpu.oursByNode)).toFixed(1);
  row["same output, byte for byte"] = same;
} else row["Rails 6.1"] = "skipped: Ruby with ruby-actionpack is not installed (apt-get install -y ruby ruby-actionpack)";
console.table(row);
