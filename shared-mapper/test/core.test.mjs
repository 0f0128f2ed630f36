// Ruby's core library as Routemap evaluates it, against what real Ruby 3.1 (with ActiveSupport)
// answered for the same expressions (test-fixtures/core/*.txt, written by scripts/oracle.mjs).
// A case Routemap does not yet answer as Ruby does is listed in test-fixtures/core/gaps.txt:
// the test checks that each listed gap still differs, so a fixed gap must leave the list.
import { test } from "node:test";
import assert from "node:assert/strict";
import { coreCases, coreGaps } from "../../test-fixtures/lib/coreCases.mjs";
import { mapper } from "./helpers.mjs";

const cases = coreCases();
const gaps = coreGaps();

/** Routemap's answer, written as the oracle writes Ruby's. */
function answer(m, expression) {
  const r = m.evaluate(expression, { rubyVersion: "3.1", railsVersion: "6.1", env: {} });
  if (r.value !== undefined) return r.value;
  if (r.error !== undefined) return `!! ${r.error}`;
  return `(unknown: ${r.unknown})`;
}

test("every case has Ruby's answer", () => {
  const missing = cases.filter((c) => c.expected === undefined).map((c) => `${c.file}:${c.line}`);
  assert.deepEqual(missing, [], "run `npm run oracle -- core` (needs ruby and ruby-activesupport)");
});

const byFile = new Map();
for (const c of cases) byFile.set(c.file, [...(byFile.get(c.file) ?? []), c]);

for (const [file, list] of byFile) {
  test(`core: ${file} (${list.length} cases)`, async () => {
    const m = await mapper();
    const wrong = [];
    const fixed = [];
    for (const c of list) {
      const got = answer(m, c.expression);
      const key = `${c.file}: ${c.expression}`;
      if (gaps.has(key)) {
        if (got === c.expected) fixed.push(key);
      } else if (got !== c.expected) wrong.push(`${c.file}:${c.line}: ${c.expression}\n    Ruby:     ${c.expected}\n    Routemap: ${got}`);
    }
    assert.deepEqual(fixed, [], "these gaps are answered as Ruby does now: remove them from test-fixtures/core/gaps.txt");
    assert.equal(wrong.length, 0, `${wrong.length} case(s) differ from Ruby:\n${wrong.join("\n")}`);
  });
}

test("every gap names a case", () => {
  const keys = new Set(cases.map((c) => `${c.file}: ${c.expression}`));
  assert.deepEqual([...gaps.keys()].filter((k) => !keys.has(k)), []);
});
