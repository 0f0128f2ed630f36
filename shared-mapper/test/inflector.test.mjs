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
    // Asked twice: the second time, the rules come from the list kept for the ending.
    for (let i = 0; i < 2; i++) {
      if (pluralize(word) !== plural) wrong.push(`${word}.pluralize: ${pluralize(word)}, Rails: ${plural}`);
      if (singularize(word) !== singular) wrong.push(`${word}.singularize: ${singularize(word)}, Rails: ${singular}`);
    }
  }
  assert.deepEqual(wrong, []);
});

// The inflector skips a rule whose matches cannot end as the word ends; `literalEndings`
// reads those endings from the rule's source.
import { literalEndings } from "../dist/regexpEndings.js";

test("literalEndings reads what every match ends with, and nothing it cannot know", () => {
  const cases = [
    [/(database)s$/i, ["databases"]],
    [/(bus)(es)?$/i, ["buses", "bus"]],
    [/(?:([^f])fe|([lr])f)$/i, ["fe", "lf", "rf"]],
    [/^(a)x[ie]s$/i, ["axis", "axes"]],
    [/(matr|vert|ind)(?:ix|ex)$/i, ["matrix", "matrex", "vertix", "vertex", "indix", "index"]],
    [/([^aeiouy]|qu)ies$/i, ["ies"]],
    [/(P)eople$/i, ["people"]],
    [/(P)eople$/, ["People"]],
    [/x{2}s$/, ["s"]],
    [/(?=x)s$/, ["s"]],
    [/[\]]ab$/, ["ab"]],
    // Not anchored at the end, a top-level alternative, an ending that may be empty, `m`.
    [/^(ox)en/i, undefined],
    [/a|bc$/, undefined],
    [/(es)?$/, undefined],
    [/$/, undefined],
    [/s$/m, undefined],
    [/(a|b$)/, undefined],
  ];
  for (const [regexp, endings] of cases) assert.deepEqual(literalEndings(regexp), endings, String(regexp));
});

test("every match of a rule ends with one of its endings", () => {
  const rules = [
    /(database)s$/i, /(bus)(es)?$/i, /(?:([^f])fe|([lr])f)$/i, /^(a)x[ie]s$/i, /(matr|vert|ind)(?:ix|ex)$/i,
    /(octop|vir)(us|i)$/i, /(x|ch|ss|sh)es$/i, /(alias|status)(es)?$/i, /([ti])a$/i, /(quiz)zes$/i, /sis$/i, /(n)ews$/i,
  ];
  const letters = "abdefhilnorstuvxzAESI";
  let seed = 7;
  const random = (n) => ((seed = (seed * 1103515245 + 12345) % 2 ** 31), seed % n);
  const words = [];
  for (let i = 0; i < 20000; i++) {
    let word = "";
    for (let n = 1 + random(9); n > 0; n--) word += letters[random(letters.length)];
    words.push(word);
  }
  // Words built to match some rule as well, so the check is not vacuous.
  words.push("databases", "Buses", "wives", "axes", "matrix", "INDEX", "octopi", "boxes", "statuses", "data", "quizzes");
  let matched = 0;
  for (const rule of rules) {
    const endings = literalEndings(rule);
    for (const word of words) {
      if (!rule.test(word)) continue;
      matched++;
      const compared = rule.ignoreCase ? word.toLowerCase() : word;
      assert.ok(endings.some((e) => compared.endsWith(e)), `${rule} matches ${word}, which ends with none of ${endings}`);
    }
  }
  assert.ok(matched > 100, `${matched} matches`);
});

import { ENGLISH_ENDINGS } from "../dist/englishEndings.js";
import { englishRegexps } from "../dist/inflector.js";

// English's rules take their endings from a table written out (a shortcut of the module's
// load): each entry must be what `literalEndings` reads, and every English rule must have one.
test("the written-out endings of English's rules are literalEndings' answers, for every rule", () => {
  for (const [key, endings] of ENGLISH_ENDINGS) {
    const [, source, flags] = /^\/(.*)\/([a-z]*)$/.exec(key);
    assert.deepEqual(literalEndings(new RegExp(source, flags)) ?? null, endings, key);
  }
  const missing = englishRegexps().map((r) => `/${r.source}/${r.flags}`).filter((key) => !ENGLISH_ENDINGS.has(key));
  assert.deepEqual(missing, []);
  assert.ok(englishRegexps().length > 50);
});

import { camelize, englishInflections, underscore, withInflections } from "../dist/inflector.js";

test("an app's own rules over English answer as ActiveSupport does: plural, singular, underscore, camelize", () => {
  const read = (name) => readFileSync(new URL(`../../test-fixtures/inflections/${name}`, import.meta.url), "utf8").split("\n").filter((l) => l && !l.startsWith("#"));
  const inflections = englishInflections();
  for (const line of read("custom-rules.txt")) {
    const [method, ...args] = line.split(" ");
    const values = args.map((a) => {
      const regexp = /^\/(.*)\/([imx]*)$/.exec(a);
      return regexp ? new RegExp(regexp[1], regexp[2].includes("i") ? "i" : "") : a;
    });
    inflections[method](...values);
  }
  const wrong = [];
  const expectedCustom = read("custom.rails-6.1.txt").map((l) => l.split("\t"));
  assert.ok(expectedCustom.length > 30);
  withInflections(inflections, () => {
    for (const [word, ...rails] of expectedCustom) {
      const ours = [pluralize(word), singularize(word), underscore(word), camelize(word)];
      if (ours.join("\t") !== rails.join("\t")) wrong.push(`${word}: ${ours.join(" ")}; Rails: ${rails.join(" ")}`);
    }
  });
  assert.deepEqual(wrong, []);
  // English again once the app's routes are mapped.
  assert.equal(singularize("drives"), "drife");
  assert.equal(underscore("ShortURLs"), "short_ur_ls");
});

test("Inflections take irregular words and acronyms as text: pattern characters neither throw nor backtrack", { timeout: 5_000 }, () => {
  const rules = englishInflections();
  rules.irregular("(a|a)*c", "zz");
  rules.irregular("c++", "c++s");
  rules.acronym("(a|a)*c");
  withInflections(rules, () => {
    assert.equal(pluralize("c++"), "c++s");
    assert.equal(singularize("zz"), "(a|a)*c");
    assert.equal(underscore("A".repeat(30) + "B"), "a".repeat(30) + "b");
    assert.equal(pluralize("a".repeat(40) + "b"), "a".repeat(40) + "bs");
  });
});
