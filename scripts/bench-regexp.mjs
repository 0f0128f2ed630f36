#!/usr/bin/env node
// The Ruby regexp engine (shared-mapper/src/ruby/regexp) against V8's RegExp: typical route
// requirements, anchored as Journey anchors them, on short values; then path recognition over a
// 10,000-route table with requirements; then the pathological patterns of issue 30, which V8
// does not finish. `BASELINE=<checkout>` also times that checkout's recognition (its built
// dist/), e.g. before the engine: `BASELINE=/path/to/main node scripts/bench-regexp.mjs`.
// Figures go in docs/benchmarks.md; nothing here is a test.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { generate } from "./lib/benchApp.mjs";

const root = new URL("..", import.meta.url).pathname;
const load = async (dir) => ({
  core: await import(join(dir, "shared-mapper/dist/index.js")),
  node: await import(join(dir, "shared-mapper/dist/node.js")),
});
const ours = await load(root);
const { compileRubyRegexp } = await import(join(root, "shared-mapper/dist/ruby/regexp/index.js"));

function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

/** Nanoseconds per call of `fn`: the median (or `pick`) of 15 runs of `n` calls. */
function perCall(fn, n, pick = median) {
  const runs = [];
  for (let r = 0; r < 20; r++) {
    const t0 = performance.now();
    for (let i = 0; i < n; i++) fn(i);
    if (r >= 5) runs.push(((performance.now() - t0) * 1e6) / n);
  }
  return pick === median ? median(runs) : pick(...runs);
}

console.log("requirement (anchored \\A…\\Z), value: ns per match (fastest run), Ruby engine / V8");
const cases = [
  ["\\d+", ["42", "12345678", "12a"]],
  ["[a-z0-9-]+", ["my-post-42", "Nope!"]],
  ["[^\\/]+", ["a.b.c", "a/b"]],
  ["\\d{4}", ["2024", "24"]],
  ["[A-Z]\\d{3}", ["A123", "a123"]],
  ["(?:en|fr|de)", ["fr", "it"]],
];
for (const [source, values] of cases) {
  const ruby = compileRubyRegexp(`\\A(?-mix:${source})\\Z`);
  if (!ruby.ok) throw new Error(source);
  const v8 = new RegExp(`^(?:${source})$`);
  for (const value of values) {
    const budget = { remaining: Infinity };
    const a = perCall(() => ruby.regexp.test(value, 0, budget), 200_000, Math.min);
    const b = perCall(() => v8.test(value), 200_000, Math.min);
    console.log(`  /${source}/ ${JSON.stringify(value)}: ${a.toFixed(0)} / ${b.toFixed(0)}`);
  }
}

async function recognition(label, lib) {
  const mapper = await lib.node.createNodeMapper();
  const text = generate(1600, "bench").replace(
    /\nend\n$/,
    [
      "",
      '  get "articles/:id", to: "articles#show", id: /\\d+/',
      '  get "posts/:slug", to: "posts#show", slug: /[a-z0-9-]+/',
      '  get "files/*path", to: "files#show", path: /[^\\/]+/',
      '  get "archive/:year(/:month)", to: "archive#show", year: /\\d{4}/, month: /\\d{2}/',
      "end",
      "",
    ].join("\n"),
  );
  const { routes } = mapper.map({ entry: "config/routes.rb", files: { "config/routes.rb": text }, options: { railsVersion: "6.1" } });
  const requests = ["/articles/42", "/posts/my-post-42", "/files/a.b", "/archive/2024/05", "/nowhere/at/all", "/bench17s/3/edit"];
  // The first request compiles every route's regexp it reaches.
  const t0 = performance.now();
  lib.core.recognize(routes, "GET", "/nowhere/at/all");
  const first = performance.now() - t0;
  for (const r of requests) lib.core.recognize(routes, "GET", r);
  const ms = perCall((i) => lib.core.recognize(routes, "GET", requests[i % requests.length]), 60, Math.min) / 1e6;
  console.log(`  ${label}: ${routes.length} routes, first request ${first.toFixed(0)} ms, then ${ms.toFixed(2)} ms per request (fastest run, over ${requests.join(", ")})`);
}
console.log("recognition (a route table of the benchmarks' app plus routes with requirements; most requests walk the whole table)");
await recognition("this checkout", ours);
if (process.env.BASELINE) await recognition(`baseline ${process.env.BASELINE}`, await load(process.env.BASELINE));

console.log("issue 30's patterns: ms for one search with the Ruby engine (V8 does not finish the first two in a minute)");
for (const [source, input] of [
  ["(a+)+b", "a".repeat(30) + "!"],
  ["(a|a)*b", "a".repeat(30)],
  ["(a+)+b", "a".repeat(10_000) + "!"],
  ["(a|a)*b", "a".repeat(10_000)],
  ["\\A(a*)*b", "a".repeat(10_000)],
  ["(\\w+\\s?)+$", "word ".repeat(2000) + "!"],
]) {
  const re = compileRubyRegexp(source);
  if (!re.ok) throw new Error(source);
  const t0 = performance.now();
  const m = re.regexp.exec(input, 0, { remaining: Infinity });
  console.log(`  /${source}/ on ${input.length} characters: ${(performance.now() - t0).toFixed(1)} ms (${m ? "match" : "no match"})`);
}
void readFileSync;
