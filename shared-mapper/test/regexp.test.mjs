// The Ruby regexp engine (shared-mapper/src/ruby/regexp) against Ruby's own answers: every case
// of test-fixtures/regexp/cases.txt, recorded from Ruby by scripts/oracle.mjs. Where the engine
// says it cannot answer (a construct it does not run, an input it cannot decide, a budget run
// out) the case is listed in test-fixtures/regexp/gaps.txt, which must hold exactly those
// (UPDATE_EXPECT=1 rewrites it): a gap is visible, never a different answer.
import { test } from "node:test";
import assert from "node:assert/strict";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import {
  codePointIndex, compileRubyRegexp, gsub, RegexpBudgetExceeded, RegexpReplacementError, RegexpUndecided, scan, split, sub,
} from "../dist/ruby/regexp/index.js";
import { FIXTURES } from "../../test-fixtures/lib/cases.mjs";
import { readRegexpCases } from "../../test-fixtures/lib/regexpCases.mjs";

const GAPS = join(FIXTURES, "regexp", "gaps.txt");

/** The JavaScript index of Ruby's character index `n`. */
function jsIndex(text, n) {
  let i = 0;
  for (let k = 0; k < n && i < text.length; k++) i += text.codePointAt(i) > 0xffff ? 2 : 1;
  return n > codePointIndex(text, text.length) ? text.length + 1 : i;
}

/** Our answer to a case, rendered as the oracle renders Ruby's; `{gap}` where the engine cannot answer. */
function answer(c) {
  const compiled = compileRubyRegexp(c.source, c.flags);
  if (!compiled.ok) return compiled.kind === "syntax" ? `error: ${compiled.message}` : { gap: `unsupported: ${compiled.reason}` };
  const re = compiled.regexp;
  const [str, arg] = c.args;
  try {
    switch (c.method) {
      case "match": {
        const m = re.exec(str, arg === undefined ? 0 : jsIndex(str, arg));
        if (!m) return "null";
        const value = { at: codePointIndex(str, m.begin(0)), groups: m.toArray().map((g) => g ?? null) };
        if (re.names.length) value.named = Object.fromEntries(Object.entries(m.namedCaptures()).map(([k, v]) => [k, v ?? null]));
        return JSON.stringify(value);
      }
      case "match?":
        return JSON.stringify(re.test(str, arg === undefined ? 0 : jsIndex(str, arg)));
      case "scan":
        return JSON.stringify(scan(re, str).map((m) => (m.size === 1 ? m.group(0) : m.captures().map((g) => g ?? null))));
      case "gsub":
        return JSON.stringify(gsub(re, str, arg));
      case "gsub{}":
        return JSON.stringify(gsub(re, str, (m) => `<${m.group(0)}>`));
      case "sub":
        return JSON.stringify(sub(re, str, arg));
      case "split":
        return JSON.stringify(split(re, str, arg));
      case "names":
        return JSON.stringify(re.names);
      default:
        throw new Error(`unknown method ${c.method}`);
    }
  } catch (e) {
    if (e instanceof RegexpReplacementError) return `error: ${e.rubyClass}: ${e.message}`;
    if (e instanceof RegexpUndecided) return { gap: `undecided: ${e.message}` };
    if (e instanceof RegexpBudgetExceeded) return { gap: "budget exceeded" };
    throw e;
  }
}

test("every case answers as Ruby does, or is a listed gap", () => {
  const gaps = [];
  const wrong = [];
  for (const c of readRegexpCases()) {
    assert.ok(c.expected !== undefined, `line ${c.line} has no answer from Ruby: run \`npm run oracle -- regexp\``);
    const t0 = performance.now();
    const ours = answer(c);
    const ms = performance.now() - t0;
    // The budget bounds every case; this only catches a bound far too loose.
    assert.ok(ms < 2000, `${c.text}: ${ms.toFixed(0)} ms`);
    if (typeof ours === "object") gaps.push(`${c.text} => ${ours.gap}`);
    else if (ours !== c.expected) wrong.push(`line ${c.line}: ${c.text}\n  Ruby: ${c.expected}\n  ours: ${ours}`);
  }
  assert.deepEqual(wrong, [], `${wrong.length} case(s) differ from Ruby`);
  const text = gaps.join("\n") + "\n";
  if (process.env.UPDATE_EXPECT === "1" || (!existsSync(GAPS) && process.env.CI !== "true")) writeFileSync(GAPS, text);
  assert.equal(text, readFileSync(GAPS, "utf8"), "the engine's gaps changed: review, then UPDATE_EXPECT=1");
});

test("the step budget: shared by the calls given it, and running out is an error, never an answer", () => {
  const re = compileRubyRegexp("(a|a)*\\1c").regexp; // a back-reference: no memo, exponential
  const budget = { remaining: 100_000 };
  assert.throws(() => re.exec("a".repeat(40), 0, budget), RegexpBudgetExceeded);
  assert.ok(budget.remaining <= 0);
  const shared = { remaining: 1_000 };
  const digits = compileRubyRegexp("\\d+").regexp;
  digits.exec("a 12", 0, shared);
  const after = shared.remaining;
  assert.ok(after < 1_000 && after > 900, `${after}`);
  digits.exec("a 12", 0, shared);
  assert.ok(shared.remaining < after);
  assert.equal(re.exec("aac")?.group(0), "aac", "a small input stays within the default budget");
});

test("compile results say what kind of failure, positions are JavaScript indices", () => {
  assert.deepEqual(compileRubyRegexp("(", ""), { ok: false, kind: "syntax", message: "end pattern with unmatched parenthesis: /(/" });
  assert.equal(compileRubyRegexp("\\X", "").kind, "unsupported");
  const m = compileRubyRegexp("b").regexp.exec("😀b");
  assert.equal(m.begin(0), 2);
  assert.equal(codePointIndex("😀b", m.begin(0)), 1, "Ruby's =~ counts characters");
  assert.equal(m.preMatch, "😀");
});
