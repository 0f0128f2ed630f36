// The inflector against ActiveSupport: test-fixtures/inflections/inflections.rails-6.1.txt holds
// what Rails' own `pluralize` and `singularize` return for each word of words.txt
// (regenerated and checked against live Rails by scripts/oracle.mjs).
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { pluralize, singularize } from "../dist/inflector.js";

const expected = readFileSync(new URL("../../test-fixtures/inflections/inflections.rails-6.1.txt", import.meta.url), "utf8")
  .split("\n")
  .filter(Boolean)
  .map((line) => line.split("\t"));

test("pluralize and singularize answer as ActiveSupport does", () => {
  assert.ok(expected.length > 150, `${expected.length} words`);
  const wrong = [];
  for (const [word, plural, singular] of expected) {
    // Asked twice: the second answer comes from the memo.
    for (let i = 0; i < 2; i++) {
      if (pluralize(word) !== plural) wrong.push(`${word}.pluralize: ${pluralize(word)}, Rails: ${plural}`);
      if (singularize(word) !== singular) wrong.push(`${word}.singularize: ${singularize(word)}, Rails: ${singular}`);
    }
  }
  assert.deepEqual(wrong, []);
});
