// Debian's `redmine` package, a real app whose every gem Debian installs and which boots on
// Debian's Rails 6.1: `routemap routes` against `bin/rails routes` of the same copy, byte for
// byte (test-fixtures/oracle/debian-redmine.mjs makes the copy). Both run in production, the
// environment Redmine's boot.rb picks and Debian runs.
//
// Skipped, and said so, when redmine is not installed; under CI=true it is a failure only when
// .ci/run installs redmine (a CI that does not is not asked for it).
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { isDeepStrictEqual } from "node:util";
import { scratchDir } from "../../test-fixtures/lib/scratch.mjs";
import { copyRedmine, redmineMissing, redmineMissingTargets, redmineRailsRoutes, REDMINE_ENV } from "../../test-fixtures/oracle/debian-redmine.mjs";
import { startServer } from "./lspClient.mjs";
import { unifiedDiff } from "../../test-fixtures/lib/unifiedDiff.mjs";

const repo = new URL("../..", import.meta.url).pathname;
const cli = join(repo, "server/bin/routemap.cjs");
const missing = redmineMissing();
const ciInstallsRedmine = /\bredmine\b/.test(readFileSync(join(repo, ".ci/run"), "utf8"));
const required = process.env.CI === "true" && ciInstallsRedmine;
const skip = missing && !required ? `${missing}; the redmine comparison is skipped` : false;

/** Rails' sheet and Routemap's for a fresh copy of Debian's redmine. */
function bothSheets(options) {
  assert.equal(missing, null, `${missing} (required under CI=true: .ci/run installs redmine)`);
  const root = copyRedmine(scratchDir("routemap-redmine-"), options);
  const rails = redmineRailsRoutes(root);
  // As a user runs it in the app: the Rails version comes from its Gemfile.lock (6.1.7).
  const routemap = spawnSync(process.execPath, [cli, "routes", "--env", REDMINE_ENV], { cwd: root, encoding: "utf8", maxBuffer: 64 << 20 });
  return { root, rails, routemap };
}

function assertSameSheet({ rails, routemap }) {
  assert.doesNotMatch(routemap.stderr, /: error: /, "Routemap reports an error for an app that boots");
  if (routemap.stdout !== rails) assert.fail(unifiedDiff(rails, routemap.stdout, { from: "bin/rails routes", to: "routemap routes" }));
  assert.equal(routemap.status, 0, routemap.stderr);
}

test("Debian's redmine: routemap routes prints byte for byte what bin/rails routes prints", { skip, timeout: 180_000 }, () => {
  assertSameSheet(bothSheets({ plugin: false }));
});

// Redmine's routes file loads each plugin's routes with `instance_eval File.read(file)` inside a
// `Dir.glob … do |plugin_dir|` block (issue 27 §5): the sample plugin adds 10 routes.
test("Debian's redmine with its sample plugin in plugins/: routemap routes prints byte for byte what bin/rails routes prints", { skip, timeout: 180_000 }, () => {
  const sheets = bothSheets({ plugin: true });
  // The truth itself: the plugin's routes are in Rails' sheet.
  assert.match(sheets.rails, /^ +meetings GET +\/meetings\(\.:format\) +meetings#index$/m);
  assertSameSheet(sheets);
});

/** `routemap check --format json` on the copy, as a user runs it there: its findings, one line each. */
function checkFindings(root) {
  const run = spawnSync(process.execPath, [cli, "check", "--format", "json"], { cwd: root, encoding: "utf8", maxBuffer: 64 << 20 });
  assert.ok(run.status === 0 || run.status === 1, run.stderr);
  return JSON.parse(run.stdout).diagnostics;
}
const line = (file, d) => `${file}:${d.line}: ${d.severity}: ${d.message}`;

// The plugin's controllers are autoloaded (Redmine::PluginLoader pushes plugins/*/app/* onto
// Rails.autoloaders.main): a route to one is no missing controller; the sample plugin's
// `resources 'meetings'` has none, and Rails says so. Redmine's own missing actions
// (`resources :memberships` over a controller without index or show…) are Rails' too. The editor shows the plugin routes file's
// findings as `check` prints them.
test("Debian's redmine with its sample plugin: check reports missing exactly the controllers and actions Rails does not find, and the editor the same", { skip, timeout: 300_000 }, async () => {
  assert.equal(missing, null, `${missing} (required under CI=true: .ci/run installs redmine)`);
  const root = copyRedmine(scratchDir("routemap-redmine-"), { plugin: true });
  const found = checkFindings(root);
  const reported = found.flatMap((d) => {
    if (d.code === "missing-controller") return [d.message.split(" ")[0]];
    const action = d.code === "missing-action" && /^(\S+) has no action `([^`]+)`/.exec(d.message);
    return action ? [`${action[1]}#${action[2]}`] : [];
  });
  const truth = redmineMissingTargets(root);
  // The plugin's controller is there; its meetings' is not.
  assert.ok(truth.includes("MeetingsController") && !truth.includes("ExampleController"), truth.join("\n"));
  assert.deepEqual([...new Set(reported)].sort(), truth);

  const pluginRoutes = "plugins/sample_plugin/config/routes.rb";
  const expected = found.filter((d) => d.file === pluginRoutes && d.severity !== "hint").map((d) => line(d.file, d)).sort();
  assert.equal(expected.length, 1, expected.join("\n"));
  const server = await startServer([root], { diagnostics: { enable: true, workspace: true } });
  try {
    const severity = { 1: "error", 2: "warning", 3: "info" };
    const shown = (list) => list.map((d) => line(pluginRoutes, { line: d.range.start.line + 1, severity: severity[d.severity], message: d.message })).sort();
    // Waits for the list `check` printed (the test's timeout ends a wait that never comes).
    await server.diagnosticsWhere(pathToFileURL(join(root, pluginRoutes)).toString(), (list) => isDeepStrictEqual(shown(list), expected));
  } finally {
    await server.stop();
  }
});
