#!/usr/bin/env node
// `npm run bench`: generates a large routes file (thousands of resources, about 10,000
// routes) and measures Prism's parse and Routemap's evaluation, one core, warm runs.
// Figures go in the README; timed assertions do not belong in tests.
import { performance } from "node:perf_hooks";
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

const warmup = 5;
const runs = 15;
const parseTimes = [];
const totalTimes = [];
const redrawTimes = [];
let routes = 0;
let source = "";
for (let i = 0; i < warmup + runs; i++) {
  source = generate(1600, `widget${String(i).padStart(2, "0")}x`);
  let t = performance.now();
  parse(source);
  const p = performance.now() - t;
  // New names and a new text: the mapper parses and evaluates from scratch.
  t = performance.now();
  routes = map(source);
  const total = performance.now() - t;
  // The same app after an edit that changes no route (a comment): what the editor redraws.
  t = performance.now();
  map(source + `# edited\n`);
  const redraw = performance.now() - t;
  if (i >= warmup) {
    parseTimes.push(p);
    totalTimes.push(total);
    redrawTimes.push(redraw - p);
  }
}
const parseMs = median(parseTimes);
const totalMs = median(totalTimes);
const report = {
  file: `${(source.length / 1024).toFixed(0)} KiB, ${source.split("\n").length} lines`,
  routes,
  "parse (median ms)": +parseMs.toFixed(1),
  "evaluation, new names (median ms)": +(totalMs - parseMs).toFixed(1),
  "parse + evaluation (median ms)": +totalMs.toFixed(1),
  "evaluation, redraw after an edit (median ms)": +median(redrawTimes).toFixed(1),
};
console.table(report);
