#!/usr/bin/env node
// The differential fuzzer: generates routes files from a seed (the routing DSL inside the Ruby
// routes files write around it), draws each with real Rails 6.1 (Debian's actionpack, through
// test-fixtures/oracle/rails_routes_batch.rb) and with Routemap, and reports every file whose
// sheet, route sources or first error differ, grouped by cause, the first of each group
// shrunk to a small reproduction. See docs/fuzzing.md.
//
// Usage: node scripts/fuzz.mjs [--seed N] [--count N] [--out DIR] [--only I,J] [--minimize K]
//                              [--statements N] [--max-tests N] [--file ROUTES.rb]
//   --seed N       the run's seed (default: from the clock; printed either way)
//   --count N      how many files (default 200)
//   --out DIR      where the files, the findings and report.md go (default: a new temp directory)
//   --only I,J     only these files of the seed (each file's seed is derived from the run's and its index)
//   --minimize K   shrink the first K files of each group (default 1; 0: none)
//   --statements N top-level statements per file (default: 3 to 10, per file)
//   --max-tests N  the most Rails draws one shrink may use (default 1500)
//   --file PATH    compare one routes file (development, no ENV), and shrink it if it differs
import { mkdtempSync, mkdirSync, readFileSync, writeFileSync, copyFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join, resolve } from "node:path";
import { answerText, compare, signature } from "./lib/fuzz/compare.mjs";
import { hasRails, RailsOracle } from "./lib/fuzz/rails.mjs";
import { createRoutemap } from "./lib/fuzz/routemap.mjs";
import { fuzz, shrink } from "./lib/fuzz/run.mjs";
import { writeReport } from "./lib/fuzz/report.mjs";

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : fallback;
};
const seed = Number(option("--seed", Date.now() % 2 ** 31)) >>> 0;
const count = Number(option("--count", 200));
const minimizeGroups = Number(option("--minimize", 1));
const statements = option("--statements") && Number(option("--statements"));
const maxTests = Number(option("--max-tests", 1500));
const indexes = option("--only")?.split(",").map(Number);
const out = resolve(option("--out") ?? mkdtempSync(join(tmpdir(), "routemap-fuzz-")));
const single = option("--file");

if (!hasRails()) {
  console.error("fuzz: Ruby with Rails 6.1's actionpack is not installed (apt-get install -y ruby ruby-actionpack)");
  process.exit(2);
}
mkdirSync(out, { recursive: true });

if (single) await one(resolve(single));
else await run();

async function run() {
  console.log(`fuzz: seed ${seed}, ${indexes ? `files ${indexes.join(",")}` : `${count} files`}, output in ${out}`);
  const started = Date.now();
  let done = 0;
  const tally = { same: 0, differs: 0, skipped: 0 };
  const { results, groups } = await fuzz({
    seed,
    count,
    indexes,
    dir: out,
    statements,
    minimizeGroups,
    maxTests,
    onResult: (r) => {
      tally[r.status]++;
      if (r.status === "differs") console.log(`  #${r.index} differs: ${r.signature}`);
      if (r.status === "skipped") console.log(`  #${r.index} skipped: ${r.reason}`);
      if (++done % 100 === 0) console.log(`  … ${done} files, ${tally.differs} differ (${((Date.now() - started) / 1000).toFixed(0)} s)`);
    },
    onMinimized: (sig, r) => console.log(`  shrunk #${r.index} (${sig}): ${r.text.split("\n").length} → ${r.minimized.text.split("\n").length} lines in ${r.minimized.tests} draws`),
  });
  const seconds = (Date.now() - started) / 1000;
  const report = writeReport({ out, seed, results, groups, seconds });
  console.log(`fuzz: ${results.length} files in ${seconds.toFixed(1)} s: ${tally.same} same, ${tally.differs} differ (${groups.size} groups), ${tally.skipped} skipped`);
  console.log(`fuzz: report in ${report}`);
  process.exitCode = tally.differs ? 1 : 0;
}

/** One given file: compared, and shrunk when it differs. */
async function one(path) {
  const text = readFileSync(path, "utf8");
  const work = join(out, "work");
  mkdirSync(work, { recursive: true });
  const file = join(work, basename(path));
  copyFileSync(path, file);
  const rails = new RailsOracle();
  const routemap = await createRoutemap();
  try {
    const ours = routemap(file, text, {});
    const theirs = await rails.draw(file, {});
    const c = compare(theirs, ours);
    if (c.status !== "differs") {
      console.log(`fuzz: ${path}: ${c.status}${c.reason ? ` (${c.reason})` : ""}`);
      return;
    }
    const r = { index: 0, text, env: {}, kind: c.kind, rails: theirs, ours, signature: signature(c, ours) };
    console.log(`fuzz: ${path} differs: ${r.signature}; shrinking`);
    r.minimized = await shrink(r, { rails, routemap, work, maxTests });
    writeFileSync(join(out, "minimized.rb"), r.minimized.text);
    writeFileSync(join(out, "rails.txt"), answerText(r.minimized.rails));
    writeFileSync(join(out, "routemap.txt"), answerText(r.minimized.ours));
    console.log(r.minimized.text);
    console.log(`fuzz: written to ${out} (minimized.rb, rails.txt, routemap.txt)`);
    process.exitCode = 1;
  } finally {
    await rails.close();
  }
}
