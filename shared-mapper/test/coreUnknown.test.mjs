// Collections that hold a value Routemap cannot know (test-fixtures/core-unknown/*.txt): where
// real Ruby gives the same answer for every value the oracle tried for X, Routemap must give
// it; where the answers differ, Routemap must say it cannot know. X stands for a constant no
// file defines (`Unknown::VALUE`) and for a value only the running app has (`Rails.root`).
// A case Routemap leaves unknown though Ruby's answer does not depend on X is listed in
// test-fixtures/core-unknown/gaps.txt with the reason.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { FIXTURES } from "../../test-fixtures/lib/cases.mjs";
import { mapper } from "./helpers.mjs";

const DIR = join(FIXTURES, "core-unknown");
const DEPENDS = "(depends on X)";
const UNKNOWNS = ["Unknown::VALUE", "Rails.root"];

function cases() {
  const out = [];
  for (const file of readdirSync(DIR).filter((f) => f.endsWith(".txt") && f !== "gaps.txt").sort()) {
    readFileSync(join(DIR, file), "utf8").split("\n").forEach((text, i) => {
      if (!text.trim() || text.startsWith("#")) return;
      const at = text.search(/\s+#=> /);
      out.push({ file, line: i + 1, expression: at < 0 ? text : text.slice(0, at), expected: at < 0 ? undefined : text.slice(at).replace(/^\s+#=> /, "") });
    });
  }
  return out;
}

function gaps() {
  const out = new Set();
  for (const text of readFileSync(join(DIR, "gaps.txt"), "utf8").split("\n")) {
    const m = /^(\S+\.txt): (.*?)(?:\s+#\s+.*)?$/.exec(text);
    if (m && !text.startsWith("#")) out.add(`${m[1]}: ${m[2]}`);
  }
  return out;
}

function answer(m, expression) {
  const r = m.evaluate(expression, { rubyVersion: "3.1", railsVersion: "6.1", env: {} });
  if (r.value !== undefined) return r.value;
  if (r.error !== undefined) return `!! ${r.error}`;
  return undefined;
}

const all = cases();
const listed = gaps();

test("every case has Ruby's answers", () => {
  assert.deepEqual(all.filter((c) => c.expected === undefined).map((c) => `${c.file}:${c.line}`), [], "run `npm run oracle -- core`");
});

test("a value Routemap cannot know costs only what depends on it", async () => {
  const m = await mapper();
  const wrong = [];
  const fixed = [];
  for (const c of all) {
    const key = `${c.file}: ${c.expression}`;
    for (const x of UNKNOWNS) {
      const got = answer(m, c.expression.replace(/\bX\b/g, x));
      if (c.expected === DEPENDS) {
        if (got !== undefined) wrong.push(`${c.file}:${c.line} with X = ${x}: ${c.expression}\n    Ruby: depends on X\n    Routemap: ${got}`);
      } else if (got !== c.expected && !(got === undefined && listed.has(key))) {
        wrong.push(`${c.file}:${c.line} with X = ${x}: ${c.expression}\n    Ruby: ${c.expected}\n    Routemap: ${got ?? "(unknown)"}`);
      } else if (got === c.expected && listed.has(key) && x === UNKNOWNS[0]) fixed.push(key);
    }
  }
  assert.deepEqual(fixed, [], "these cases are answered now: remove them from test-fixtures/core-unknown/gaps.txt");
  assert.equal(wrong.length, 0, `${wrong.length} answer(s) differ:\n${wrong.join("\n")}`);
});
