// `Dir.glob` over an app's tree (cli/appGlob.ts, with ruby/glob.ts's braces and segments) against
// what Ruby's Dir.glob answers on the same tree: the values below were recorded from Ruby 3.1,
// and are checked against the installed Ruby where there is one (under CI=true it must be there).
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { scratchDir } from "../../test-fixtures/lib/scratch.mjs";
import { appGlob } from "../dist/cli/appGlob.js";
import { nodeFileSystem } from "../dist/fileSystem.js";

const FILES = ["app/models/user.rb", "app/models/b1.rb", "app/models/b2.rb", "app/models/admin/role.rb", "app/models/concerns/named.rb", "lib/a.rb", "lib/tasks/x.rake", "config/routes.rb"];
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

const hasRuby = spawnSync("ruby", ["-e", "0"]).status === 0;
test("…and as the installed Ruby answers now", { skip: !hasRuby && process.env.CI !== "true" && "ruby is not installed" }, () => {
  for (const pattern of Object.keys(RECORDED)) {
    const ruby = spawnSync("ruby", ["-e", 'print Dir[ARGV[0]].sort.join(" ")', pattern], { cwd: root, encoding: "utf8" });
    assert.equal(ruby.status, 0, ruby.stderr);
    assert.equal(ours(pattern), ruby.stdout, pattern);
  }
});
