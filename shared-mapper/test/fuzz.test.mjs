// The differential fuzzer (scripts/fuzz.mjs) in small: a fixed seed's files drawn by real
// Rails 6.1 and by Routemap. The files that differ today are listed in
// test-fixtures/fuzz-findings/ci-seed.txt (each one a known finding, see the README there):
// a new difference fails, and so does a listed one that no longer differs (then update the
// list: UPDATE_EXPECT=1). The generator's output changes with the generator, so the list is
// rewritten with it. Needs Ruby with Rails 6.1's actionpack: skipped without, failing under CI=true.
//
// The findings shrunk by hand from long runs (test-fixtures/fuzz-findings/*.rb, with Rails'
// goldens) are checked to still differ: one that passes belongs in test-fixtures/cases/fuzz/.
import { test } from "node:test";
import assert from "node:assert/strict";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { listCases, parseGolden } from "../../test-fixtures/lib/cases.mjs";
import { generate } from "../../scripts/lib/fuzz/generate.mjs";
import { minimize } from "../../scripts/lib/fuzz/minimize.mjs";
import { fileSeed } from "../../scripts/lib/fuzz/prng.mjs";
import { hasRails } from "../../scripts/lib/fuzz/rails.mjs";
import { fuzz } from "../../scripts/lib/fuzz/run.mjs";
import { mapCase, mapper, renderOurs } from "./helpers.mjs";

const FINDINGS = fileURLToPath(new URL("../../test-fixtures/fuzz-findings/", import.meta.url));
const KNOWN = join(FINDINGS, "ci-seed.txt");
const SEED = 20251125;
const COUNT = 50;

/** `index kind  # finding` lines of ci-seed.txt. */
function readKnown() {
  const known = new Map();
  for (const line of readFileSync(KNOWN, "utf8").split("\n")) {
    const m = /^(\d+) (\S+)/.exec(line);
    if (m) known.set(Number(m[1]), { kind: m[2], line });
  }
  return known;
}

test(`fuzz: seed ${SEED}, ${COUNT} files, Routemap against Rails 6.1`, async (t) => {
  if (!hasRails()) {
    const message = "skipped: Ruby with Rails 6.1's actionpack is not installed (apt-get install -y ruby ruby-actionpack)";
    if (process.env.CI === "true") assert.fail(message.replace("skipped", "required under CI=true"));
    t.skip(message);
    return;
  }
  const dir = mkdtempSync(join(tmpdir(), "fuzz-"));
  try {
    const { results } = await fuzz({ seed: SEED, count: COUNT, dir });
    const skipped = results.filter((r) => r.status === "skipped");
    assert.deepEqual(skipped.map((r) => `#${r.index}: ${r.reason}`), [], "the generator wrote files Rails could not draw");
    const differs = results.filter((r) => r.status === "differs");
    const known = readKnown();
    if (process.env.UPDATE_EXPECT === "1") {
      const header = readFileSync(KNOWN, "utf8").split("\n").filter((l) => l.startsWith("#"));
      const lines = differs.map((r) => known.get(r.index)?.kind === r.kind ? known.get(r.index).line : `${r.index} ${r.kind}  # ${r.signature}`);
      writeFileSync(KNOWN, [...header, ...lines].join("\n") + "\n");
      return;
    }
    const now = differs.map((r) => `${r.index} ${r.kind}`);
    const expected = [...known].map(([index, k]) => `${index} ${k.kind}`);
    const fresh = differs.filter((r) => known.get(r.index)?.kind !== r.kind);
    const detail = fresh.map((r) => `#${r.index} ${r.signature}: shrink it with \`node scripts/fuzz.mjs --seed ${SEED} --only ${r.index}\``).join("\n");
    assert.deepEqual(now, expected, `the files that differ from Rails changed (UPDATE_EXPECT=1 rewrites ${KNOWN})\n${detail}`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

// Without Ruby: the generator makes the same files from the same seed, and Routemap reports
// no error on them but those of the statements Rails raises on that the generator writes on
// purpose, and `member`/`collection` given a `with_options` block's options (an ArgumentError
// in Rails too); the CI seed's files that differ from Rails are left to the test above.
test("fuzz: the generator is deterministic, and its files map without errors", async () => {
  const m = await mapper();
  const known = readKnown();
  for (let i = 0; i < COUNT; i++) {
    const g = generate(fileSeed(SEED, i));
    assert.equal(generate(fileSeed(SEED, i)).text, g.text, `file ${i} differs between two generations`);
    if (known.has(i)) continue;
    const file = `/fuzz/file-${i}.rb`;
    const result = m.map({ entry: file, files: new Map([[file, g.text]]), options: { railsVersion: "6.1", rubyVersion: "3.1", railsEnv: g.railsEnv, env: g.vars, gems: { actionpack: "6.1" } } });
    const errors = result.diagnostics.filter((d) => d.severity === "error" && !/already in use|Missing :controller|anchor|No concern|outside resource|`match` method|mount point|not a supported controller|Invalid route name|wrong number of arguments \(given 1, expected 0\)/.test(d.message));
    assert.deepEqual(errors.map((d) => `${d.span.start.line + 1}: ${d.message}`), [], `file ${i}:\n${g.text}`);
  }
});

// Without Ruby: the shrinker keeps what its test asks for and drops the rest.
test("fuzz: shrinking keeps what the test needs", async () => {
  const m = await mapper();
  const g = generate(fileSeed(SEED, 3));
  const text = g.text.replace(/\nend\n$/, '\n  get "keep/me", to: "pages#kept"\nend\n');
  const keeps = (t) => {
    const result = m.map({ entry: "/fuzz/min.rb", files: new Map([["/fuzz/min.rb", t]]), options: { railsVersion: "6.1", rubyVersion: "3.1", railsEnv: g.railsEnv, env: g.vars } });
    return result.routes.some((r) => r.path === "/keep/me(.:format)" && r.reqs === "pages#kept");
  };
  assert.ok(keeps(text));
  const { text: small } = await minimize(text, async (t) => keeps(t));
  // (`Rails.routes.draw` is a NoMethodError, in Routemap as in Rails: the shrinker keeps `.application`.)
  assert.match(small, /^Rails\.application\.routes\.draw do\n  get "keep\/me", to: "pages#kept"\nend\n$/);
});

// Each finding kept in test-fixtures/fuzz-findings still differs from its Rails golden.
for (const c of listCases(FINDINGS)) {
  test(`fuzz finding ${c.name} still differs from Rails`, async () => {
    assert.ok(c.goldens.includes("6.1"), `no golden for ${c.name}: run \`node scripts/fuzz.mjs --findings-goldens\``);
    const expected = parseGolden(readFileSync(c.goldenPath("6.1"), "utf8"));
    const ours = parseGolden(renderOurs(await mapCase(c, "6.1"), c, "6.1"));
    const same = expected.error
      ? JSON.stringify(ours.error) === JSON.stringify(expected.error) && ours.sources.slice(0, expected.sources.length).join("\n") === expected.sources.join("\n")
      : ours.error === undefined && ours.sheet.join("\n") === expected.sheet.join("\n") && ours.sources.join("\n") === expected.sources.join("\n");
    assert.ok(!same, `${c.name} now gives Rails' answer: move it to test-fixtures/cases/fuzz/ (git mv, with its golden) and take it off the README's list`);
  });
}
