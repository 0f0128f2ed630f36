#!/usr/bin/env node
// `npm run bench`: generates a large routes file (thousands of resources, about 10,000
// routes) and measures Prism's parse and Routemap's evaluation, one core, warm runs.
// Figures go in the README; timed assertions do not belong in tests.
import { performance, PerformanceObserver } from "node:perf_hooks";
import { readFileSync } from "node:fs";
import { createMapper } from "../shared-mapper/dist/index.js";
import { prismWasmPath } from "../shared-mapper/dist/node.js";
import { createParser } from "../shared-mapper/dist/ruby/prism.js";

/**
 * The benchmark's app. `tag` goes into every resource name, so that each timed run draws
 * names the mapper has never seen: its memos (inflections, path analyses) start empty for
 * them, as they do for an app opened for the first time. Every tag has the same length, so
 * every run's text has the same size.
 */
function generate(resources, tag) {
  const lines = ["Rails.application.routes.draw do"];
  for (let i = 0; i < resources; i++) {
    const name = `${tag}${i}s`;
    if (i % 10 === 0) lines.push(`  namespace :area${i} do`, `    resources :${name}, only: [:index, :show]`, "  end");
    else if (i % 7 === 0) lines.push(`  resources :${name} do`, `    member { post :publish }`, `    resources :notes, only: [:index, :create]`, "  end");
    else if (i % 5 === 0) lines.push(`  get "pages/${name}", to: "pages#${name}", as: :${name}_page`);
    else lines.push(`  resources :${name}, except: :destroy`);
  }
  lines.push("end", "");
  return lines.join("\n");
}

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
  return result.routes.length;
};

// Garbage collection pauses, to report where they fall: a young-generation collection
// copies every live young object, and the tree just parsed is one, so the pause lands in
// whichever step is allocating when the nursery fills (nearly always the evaluation).
const pauses = [];
const observer = new PerformanceObserver((list) => {
  for (const e of list.getEntries()) pauses.push([e.startTime, e.startTime + e.duration]);
});
observer.observe({ entryTypes: ["gc"] });
const pausedIn = (from, to) => pauses.reduce((ms, [start, end]) => (start >= from && start < to ? ms + (end - start) : ms), 0);

const warmup = 5;
const runs = 15;
const parseTimes = [];
const totalTimes = [];
const redrawTimes = [];
const windows = [];
let routes = 0;
let source = "";
for (let i = 0; i < warmup + runs; i++) {
  source = generate(1600, `widget${String(i).padStart(2, "0")}x`);
  const t0 = performance.now();
  parse(source);
  // New names and a new text: the mapper parses and evaluates from scratch.
  const t1 = performance.now();
  routes = map(source);
  // The same app after an edit that changes no route (a comment): what the editor redraws.
  const t2 = performance.now();
  map(source + `# edited\n`);
  const t3 = performance.now();
  if (i >= warmup) {
    parseTimes.push(t1 - t0);
    totalTimes.push(t2 - t1);
    redrawTimes.push(t3 - t2 - (t1 - t0));
    windows.push([t0, t1, t2]);
  }
}
// Entries arrive after the pause; let the last ones in.
await new Promise((resolve) => setTimeout(resolve, 50));
observer.disconnect();
const parsePauses = windows.map(([t0, t1]) => pausedIn(t0, t1));
const mapPauses = windows.map(([, t1, t2]) => pausedIn(t1, t2));
const parseMs = median(parseTimes);
const totalMs = median(totalTimes);
const report = {
  file: `${(source.length / 1024).toFixed(0)} KiB, ${source.split("\n").length} lines`,
  routes,
  "parse (median ms)": +parseMs.toFixed(1),
  "evaluation, new names (median ms)": +(totalMs - parseMs).toFixed(1),
  "parse + evaluation (median ms)": +totalMs.toFixed(1),
  "evaluation, redraw after an edit (median ms)": +median(redrawTimes).toFixed(1),
  "GC pauses in parse / in parse + evaluation (median ms)": `${median(parsePauses).toFixed(1)} / ${median(mapPauses).toFixed(1)}`,
  "parse, pauses left out (median ms)": +median(parseTimes.map((t, i) => t - parsePauses[i])).toFixed(1),
  "evaluation, new names, pauses left out (median ms)": +(
    median(totalTimes.map((t, i) => t - mapPauses[i])) - median(parseTimes.map((t, i) => t - parsePauses[i]))
  ).toFixed(1),
};
console.table(report);
