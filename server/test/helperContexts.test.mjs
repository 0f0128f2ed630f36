// Helper calls whose fate depends on where Rails runs them (a mailer's templates, a namespaced
// controller's views…): `routemap check` on each app of test-fixtures/helper-checks/ reports
// exactly the lines where Debian's Rails 6.1 raises, judged by test-fixtures/oracle/helper_contexts.rb
// (scripts/oracle.mjs writes `<app>.rails-6.1.txt`). The messages are in expect/helper-contexts-<app>.txt.
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { FIXTURES } from "../../test-fixtures/lib/cases.mjs";
import { expectFile } from "./fixture.mjs";

const cli = new URL("../dist/cli.js", import.meta.url).pathname;
const dir = join(FIXTURES, "helper-checks");
/** Findings about the routes against the controllers, not helper calls: not what these apps judge. */
const ROUTE_CHECKS = new Set(["missing-action", "missing-controller", "unreached-action"]);

function check(name) {
  const app = join(dir, name);
  const run = spawnSync(process.execPath, [cli, "check", ".", "--rails", "6.1", "--format", "json"], { cwd: app, encoding: "utf8" });
  const json = JSON.parse(run.stdout);
  const found = json.diagnostics.filter((d) => !ROUTE_CHECKS.has(d.code) && d.file.startsWith("app/"));
  // What Rails raises on, by `path:line`; every piece the oracle ran, for the planted correct uses.
  const truth = readFileSync(join(dir, `${name}.rails-6.1.txt`), "utf8").trimEnd().split("\n");
  const raises = truth.filter((l) => / raises /.test(l)).map((l) => l.replace(/: raises .*/, "")).sort();
  const reported = [...new Set(found.map((d) => `${d.file}:${d.line}`))].sort();
  expectFile(`helper-contexts-${name}`, found.map((d) => `${d.file}:${d.line}:${d.column} ${d.code}: ${d.message}`).join("\n") + "\n");
  return { raises, reported, judged: truth.length };
}

for (const name of readdirSync(dir).filter((n) => !n.endsWith(".txt")).sort()) {
  test(`helper-checks/${name}: routemap check reports the lines where Rails raises, and no other`, () => {
    const { raises, reported, judged } = check(name);
    assert.ok(judged > 10, "the oracle judged the app's calls");
    assert.deepEqual(reported, raises);
  });
}
