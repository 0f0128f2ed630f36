#!/usr/bin/env node
// `npm run bench`: generates a large routes file (thousands of resources, about 10,000
// routes) and measures Prism's parse and Routemap's evaluation, one core, warm runs.
// Figures go in the README; timed assertions do not belong in tests.
import { performance } from "node:perf_hooks";
import { readFileSync } from "node:fs";
import { createMapper } from "../shared-mapper/dist/index.js";
import { prismWasmPath } from "../shared-mapper/dist/node.js";
import { createParser } from "../shared-mapper/dist/ruby/prism.js";

function generate(resources) {
  const lines = ["Rails.application.routes.draw do"];
  for (let i = 0; i < resources; i++) {
    const name = `widget${i}s`;
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

const source = generate(1600);
const wasm = readFileSync(prismWasmPath());
const parse = await createParser(wasm);
const mapper = await createMapper(wasm);
const input = { entry: "config/routes.rb", files: new Map([["config/routes.rb", source]]), options: { railsVersion: "6.1" } };

const runs = 15;
const parseTimes = [];
const totalTimes = [];
let routes = 0;
for (let i = 0; i < runs + 3; i++) {
  let t = performance.now();
  parse(source);
  const p = performance.now() - t;
  // A changed text defeats the mapper's parse cache, so each run parses and evaluates.
  const files = new Map([["config/routes.rb", source + `# run ${i}\n`]]);
  t = performance.now();
  const result = mapper.map({ ...input, files });
  const total = performance.now() - t;
  routes = result.routes.length;
  const errors = result.diagnostics.filter((d) => d.severity === "error");
  if (errors.length || routes < 10000) {
    console.error("bench: the generated file did not map cleanly:", errors[0]?.message ?? `${routes} routes`);
    process.exit(1);
  }
  if (i >= 3) {
    parseTimes.push(p);
    totalTimes.push(total);
  }
}
const parseMs = median(parseTimes);
const totalMs = median(totalTimes);
const report = {
  file: `${(source.length / 1024).toFixed(0)} KiB, ${source.split("\n").length} lines`,
  routes,
  "parse (median ms)": +parseMs.toFixed(1),
  "evaluation (median ms)": +(totalMs - parseMs).toFixed(1),
  "parse + evaluation (median ms)": +totalMs.toFixed(1),
};
console.table(report);
