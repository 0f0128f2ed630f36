// Tests run in the test environment: a route drawn under `if Rails.env.test?` exists for the
// app's spec/ and test/ files (laa-apply-for-legal-aid's `test_session_path`, which its
// rails_helper.rb posts to), not for its other code. Fixture app test-env-routes; Rails says
// which environment defines the helper; `check` and the editor's whole-app problems agree.
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { readFileSync } from "node:fs";
import { createNodeMapper } from "@routemap/shared-mapper/node";
import { Workspace, DEFAULT_SETTINGS } from "../dist/workspace.js";
import { nodeFileSystem } from "../dist/fileSystem.js";
import { fileProblems } from "../dist/features/appProblems.js";

const app = join(import.meta.dirname, "..", "..", "test-fixtures", "apps", "test-env-routes");
const cli = join(import.meta.dirname, "..", "bin", "routemap.cjs");
const mapperSync = await createNodeMapper();
const noRails = spawnSync("ruby", ["-raction_controller", "-e", ""]).status !== 0 && "Debian's ruby-actionpack is not installed";

/** The findings of undefined helpers, as `file:line name`. */
const unknownHelpers = (list) => list.filter((d) => d.code === "unknown-helper").map((d) => `${d.file}:${d.line} ${d.name}`).sort();

test("Rails defines test_session_path in the test environment only", { skip: process.env.CI !== "true" && noRails }, () => {
  // Booted as the oracle boots fixture apps (fixture_boot.rb: a copy, no Bundler), in each environment.
  const boot = join(import.meta.dirname, "..", "..", "test-fixtures", "oracle", "fixture_boot.rb");
  const script = `require ${JSON.stringify(boot)}; in_fixture_copy(ARGV[0], "routemap-test-env") { require "./config/environment"; print Rails.application.routes.url_helpers.method_defined?(:test_session_path) }`;
  const answer = (env) => spawnSync("ruby", ["-e", script, app], { encoding: "utf8", env: { ...process.env, RAILS_ENV: env } }).stdout;
  assert.deepEqual([answer("test"), answer("development")], ["true", "false"]);
});

/** The undefined helpers `routemap check` finds in `root`, and those the editor finds in `files` of it. */
function checkAndEditor(root, files) {
  const run = spawnSync(process.execPath, [cli, "check", "--format", "json"], { cwd: root, encoding: "utf8", env: { ...process.env, ROUTEMAP_CACHE_DIR: "off" } });
  const check = JSON.parse(run.stdout).diagnostics.map((d) => ({ file: d.file, line: d.line, code: d.code, name: /`([a-z_]+)'/.exec(d.message)?.[1] }));
  const ws = new Workspace(nodeFileSystem, mapperSync);
  ws.discover([root]);
  ws.settingsChanged({ ...DEFAULT_SETTINGS });
  const found = ws.apps.find((a) => a.root === root);
  const context = found.helperCheck();
  assert.ok(!("unchecked" in context), context.unchecked);
  const editor = files.flatMap((file) =>
    fileProblems(found.workspaceMapper(), context, root, join(root, file), readFileSync(join(root, file), "utf8")).map((d) => ({ file, line: d.span.start.line + 1, code: d.code, name: d.data?.name })),
  );
  return { check: unknownHelpers(check), editor: unknownHelpers(editor) };
}

test("`check` takes the test environment's helpers for test files only; the editor says the same", () => {
  const { check, editor } = checkAndEditor(app, ["app/controllers/pages_controller.rb", "spec/rails_helper.rb"]);
  assert.deepEqual(check, ["app/controllers/pages_controller.rb:4 test_session_path"]);
  assert.deepEqual(editor, ["app/controllers/pages_controller.rb:4 test_session_path"]);
});

test("a table that ran out of its budget draws no other environment's: its hints are off anyway, and each would cost the budget again", async () => {
  const { otherEnvironmentRoutes } = await import("../dist/features/testEnvironment.js");
  const text = 'Rails.application.routes.draw do\n  get "/t" => "posts#index" if Rails.env.test?\n  loop { }\n  resources :posts\nend\n';
  const input = { entry: "/app/config/routes.rb", files: new Map([["/app/config/routes.rb", text]]), options: { railsEnv: "development" } };
  const result = mapperSync.map(input);
  assert.ok(result.diagnostics.some((d) => d.code === "budget-exceeded"));
  let drawn = 0;
  assert.deepEqual(otherEnvironmentRoutes(input, result, (i) => (drawn++, mapperSync.map(i))), []);
  assert.equal(drawn, 0);
  // With no loop, the other two are drawn.
  const plain = { ...input, files: new Map([["/app/config/routes.rb", text.replace("  loop { }\n", "")]]) };
  assert.deepEqual(otherEnvironmentRoutes(plain, mapperSync.map(plain), (i) => (drawn++, mapperSync.map(i))).map((r) => r.path).filter((p) => p.startsWith("/t")), ["/t(.:format)"]);
  assert.equal(drawn, 2);
});

// trade-tariff-backend's specs: `config.include V2Api.routes.url_helpers, v2: true` gives the specs
// of that tag the engine's helpers receiver-less (4 false errors before); another engine's stay
// undefined there (Rails: NoMethodError). Fixture app engine-in-app-file.
test("an engine's url_helpers the spec support includes: its helpers are the specs' own; check and the editor agree", () => {
  const engines = join(import.meta.dirname, "..", "..", "test-fixtures", "apps", "engine-in-app-file");
  const { check, editor } = checkAndEditor(engines, ["spec/requests/chapters_spec.rb"]);
  assert.deepEqual(check, ["spec/requests/chapters_spec.rb:7 sections_path"]);
  assert.deepEqual(editor, ["spec/requests/chapters_spec.rb:7 sections_path"]);
});
