#!/usr/bin/env node
// `npm run bench`: generates a large routes file (thousands of resources, about 10,000
// routes) and measures Prism's parse and Routemap's evaluation, one core, warm runs.
// Figures go in the README; timed assertions do not belong in tests.
import { performance, PerformanceObserver } from "node:perf_hooks";
import { readFileSync } from "node:fs";
import { createMapper } from "../shared-mapper/dist/index.js";
import { prismWasmPath } from "../shared-mapper/dist/node.js";
import { createParser } from "../shared-mapper/dist/ruby/prism.js";
import { generate } from "./lib/benchApp.mjs";

function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

const wasm = readFileSync(prismWasmPath());
const parse = await createParser(wasm);
const mapper = await createMapper(wasm);
const map = (text) => {
  const result = mapper.map({ entry: "config/routes.rb", files: new Map([["config/routes.rb", text]]), options: { railsVersion: "6.1" } });
  const errors = result.diagnostics.filter((d) => d.severity === "error");
  if (errors.length || result.routes.length < 10000) {
    console.error("bench: the generated file did not map cleanly:", errors[0]?.message ?? `${result.routes.length} routes`);
    process.exit(1);
  }
  // Only figures leave: a result kept alive (with its routes and syntax tree) through the
  // next map would be copied by every collection there, as an editor's previous table is.
  return { routes: result.routes.length, timings: result.timings };
};

// Garbage collection pauses, to report where they fall: a young-generation collection
// copies every live young object, and the tree just parsed is one, so a pause costs what is
// alive when the nursery fills, wherever that is.
const pauses = [];
const observer = new PerformanceObserver((list) => {
  for (const e of list.getEntries()) pauses.push([e.startTime, e.startTime + e.duration]);
});
observer.observe({ entryTypes: ["gc"] });
const pausedIn = (from, to) => pauses.reduce((ms, [start, end]) => (start >= from && start < to ? ms + (end - start) : ms), 0);

const warmup = 5;
const runs = 15;
const rows = [];
let routes = 0;
let source = "";
for (let i = 0; i < warmup + runs; i++) {
  source = generate(1600, `widget${String(i).padStart(2, "0")}x`);
  // Prism alone, outside the mapper, for comparison. (Evaluation used to be reported as the
  // map's time less this; that also counted the collection that falls in the map's own parse,
  // copying the tree being built, which the GC line below shows where it lands.)
  const t0 = performance.now();
  parse(source);
  // New names and a new text: the mapper parses and evaluates from scratch, and says how
  // long each phase took (`timings`), measured where it happens.
  const t1 = performance.now();
  const fresh = map(source);
  // The same app after an edit that changes no route (a comment): what the editor redraws.
  const t2 = performance.now();
  const redraw = map(source + `# edited\n`);
  const t3 = performance.now();
  routes = fresh.routes;
  if (i >= warmup) {
    rows.push({
      alone: t1 - t0, total: t2 - t1, parse: fresh.timings.parse, evaluation: fresh.timings.evaluation, window: [t1, t2],
      redraw: { parse: redraw.timings.parse, evaluation: redraw.timings.evaluation, window: [t2, t3] },
    });
  }
}
// Entries arrive after the pause; let the last ones in.
await new Promise((resolve) => setTimeout(resolve, 50));
observer.disconnect();
// A map's window holds its parse first, then its evaluation (one file, parsed as the map starts).
const parsePauses = (r) => pausedIn(r.window[0], r.window[0] + r.parse);
const evalPauses = (r) => pausedIn(...r.window) - parsePauses(r);
const ms = (pick) => +median(rows.map(pick)).toFixed(1);
// Evaluation / parse without the pauses, which fall where the nursery happens to fill: the work itself.
const workRatio = (r) => (r.evaluation - evalPauses(r)) / (r.parse - parsePauses(r));
const pausesOf = (pick) => `${ms((r) => parsePauses(pick(r)))} / ${ms((r) => evalPauses(pick(r)))}`;

console.table({
  file: `${(source.length / 1024).toFixed(0)} KiB, ${source.split("\n").length} lines`,
  routes,
  "parse (median ms)": ms((r) => r.parse),
  "evaluation, new names (median ms)": ms((r) => r.evaluation),
  "evaluation / parse (median)": +median(rows.map((r) => r.evaluation / r.parse)).toFixed(2),
  "evaluation / parse, GC pauses left out (median)": +median(rows.map(workRatio)).toFixed(2),
  "GC pauses in parse / in evaluation (median ms)": pausesOf((r) => r),
  "parse + evaluation (median ms)": ms((r) => r.total),
  "evaluation, redraw after an edit (median ms)": ms((r) => r.redraw.evaluation),
  // The redraw is the run's second map: with the same allocation every run, its collection
  // falls at the same point each time, so this says where, and what the redraw is without it.
  "redraw: GC pauses in parse / in evaluation (median ms)": pausesOf((r) => r.redraw),
  "redraw: evaluation / parse, GC pauses left out (median)": +median(rows.map((r) => workRatio(r.redraw))).toFixed(2),
  "Prism's parse outside the mapper (median ms)": ms((r) => r.alone),
  "parse + evaluation − parse outside (earlier measure, median ms)": ms((r) => r.total - r.alone),
});
