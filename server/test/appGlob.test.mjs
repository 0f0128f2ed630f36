// `Dir.glob` over an app's tree (cli/appGlob.ts, with ruby/glob.ts's braces and segments) and over
// the files the mapper was given (ruby/glob.ts's `globMatcher`, as the evaluator's `Dir.glob` and
// the routes files of `config.paths` read them) against what Ruby's Dir.glob answers on the same
// tree: the values below were recorded from Ruby 3.1, and are checked against the installed Ruby
// where there is one (under CI=true it must be there).
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { scratchDir } from "../../test-fixtures/lib/scratch.mjs";
import { appGlob } from "../dist/cli/appGlob.js";
import { nodeFileSystem } from "../dist/fileSystem.js";
import { globMatcher } from "@routemap/shared-mapper";

const FILES = [
  "app/models/user.rb", "app/models/b1.rb", "app/models/b2.rb", "app/models/admin/role.rb", "app/models/concerns/named.rb", "lib/a.rb", "lib/tasks/x.rake", "config/routes.rb",
  "app/models/.hidden.rb", "app/.cache/c.rb", "config/routes/.draft.rb", "config/routes/admin.rb", "config/routes/api/v1.rb",
];
const RECORDED = {
  // caseflow-monitor's config/application.rb: `{**}` is `**`, and a last `**` is `*` (it crashed Routemap: "Nothing to repeat").
  "app/models/{**}": "app/models/admin app/models/b1.rb app/models/b2.rb app/models/concerns app/models/user.rb",
  "app/models/**": "app/models/admin app/models/b1.rb app/models/b2.rb app/models/concerns app/models/user.rb",
  // Braces across folders, and nested.
  "{app,lib}/**/*.rb": "app/models/admin/role.rb app/models/b1.rb app/models/b2.rb app/models/concerns/named.rb app/models/user.rb lib/a.rb",
  "app/models/{*,admin/*}.rb": "app/models/admin/role.rb app/models/b1.rb app/models/b2.rb app/models/user.rb",
  "app/{models/{admin,concerns},x}/*.rb": "app/models/admin/role.rb app/models/concerns/named.rb",
  "app/models/b[12].rb": "app/models/b1.rb app/models/b2.rb",
  "app/models/b[!1].rb": "app/models/b2.rb",
  "lib/**/*": "lib/a.rb lib/tasks lib/tasks/x.rake",
  // Unclosed brackets and braces match nothing, never an error.
  "app/models/[": "",
  "app/models/*{": "",
  // A name that starts with "." only where the pattern's segment does; `**` does not enter such folders.
  "app/models/*": "app/models/admin app/models/b1.rb app/models/b2.rb app/models/concerns app/models/user.rb",
  "app/models/.h*": "app/models/.hidden.rb",
  "app/models/?hidden.rb": "",
  "app/**/c.rb": "",
  "app/.cache/*": "app/.cache/c.rb",
  "config/routes/*.rb": "config/routes/admin.rb",
  "config/routes/**/*.rb": "config/routes/admin.rb config/routes/api/v1.rb",
  "config/routes/{admin,api/*}.rb": "config/routes/admin.rb config/routes/api/v1.rb",
  "config/routes/[ab]*.rb": "config/routes/admin.rb",
};

const root = scratchDir("routemap-glob-");
for (const file of FILES) {
  mkdirSync(join(root, file, ".."), { recursive: true });
  writeFileSync(join(root, file), "");
}
const glob = appGlob(root, nodeFileSystem);
const ours = (pattern) => glob(join(root, pattern)).map((p) => relative(root, p)).join(" ");

test("Dir.glob over the app's tree answers as Ruby's (recorded values)", () => {
  for (const [pattern, expected] of Object.entries(RECORDED)) assert.equal(ours(pattern), expected, pattern);
});

/** Every file and folder of the tree, as the mapper's `Dir.glob` over the files it was given sees them. */
const paths = [...new Set(FILES.flatMap((f) => f.split("/").map((_, i, parts) => parts.slice(0, i + 1).join("/"))))];
const given = (pattern) => {
  const matches = globMatcher(pattern);
  return paths.filter((p) => matches(p, { remaining: 1_000_000 })).sort().join(" ");
};

test("…and over the files the mapper was given", () => {
  for (const [pattern, expected] of Object.entries(RECORDED)) assert.equal(given(pattern), expected, pattern);
});

test("a pattern that would backtrack in V8 is matched within the budget, or stops at it", () => {
  const name = "a".repeat(200);
  const started = Date.now();
  const matches = globMatcher(`${"*a".repeat(12)}b`);
  let outcome;
  try {
    outcome = matches(name, { remaining: 2_000_000 });
  } catch (e) {
    outcome = e.name;
  }
  assert.ok([false, "RegexpBudgetExceeded"].includes(outcome), String(outcome));
  assert.ok(Date.now() - started < 2000, "bounded");
  const deep = scratchDir("routemap-glob-long-");
  mkdirSync(join(deep, name));
  assert.deepEqual(appGlob(deep, nodeFileSystem)(join(deep, `${"*a".repeat(12)}b`)), []);
});

const hasRuby = spawnSync("ruby", ["-e", "0"]).status === 0;
test("…and as the installed Ruby answers now", { skip: !hasRuby && process.env.CI !== "true" && "ruby is not installed" }, () => {
  for (const pattern of Object.keys(RECORDED)) {
    const ruby = spawnSync("ruby", ["-e", 'print Dir[ARGV[0]].sort.join(" ")', pattern], { cwd: root, encoding: "utf8" });
    assert.equal(ruby.status, 0, ruby.stderr);
    assert.equal(ours(pattern), ruby.stdout, pattern);
  }
});
