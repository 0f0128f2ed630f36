// Without a Gemfile.lock, the Gemfile's version constraints choose the Rails version and the
// modelled gems' rules (server/src/cli/gemfileVersions.ts): the newest range Routemap tells
// apart that the constraints allow, as `bundle install` would resolve; said in an info where
// more than one is allowed; the user's explicit Rails version still wins.
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { cpSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { chooseGem, chooseRails } from "../dist/cli/gemfileVersions.js";
import { appOptions, readAppConfig } from "../dist/cli/appConfig.js";
import { scratchDir } from "../../test-fixtures/lib/scratch.mjs";

const root = new URL("../..", import.meta.url).pathname;
const cli = join(root, "server/bin/routemap.cjs");

/** `requirements` → the version followed, and `+ note` when the constraints leave it open. */
function check(choose, cases) {
  for (const [requirements, expected] of cases) {
    const choice = choose(requirements);
    const got = choice ? `${choice.version}${choice.note ? " + note" : ""}` : "none";
    assert.equal(got, expected, JSON.stringify(requirements));
  }
}

test("rails: the newest series the constraints allow, RubyGems' operators", () => {
  check(chooseRails, [
    [["~> 7.0.4"], "7.0.4"],
    [["~> 7.0.4", ">= 7.0.4.1"], "7.0.4.1"],
    [["7.1.3"], "7.1.3"],
    [["= 6.1.7.10"], "6.1.7.10"],
    [["~> 7.0"], "7.2 + note"],
    [["~> 7"], "7.2 + note"],
    [[">= 6.1", "< 7.1"], "7.0 + note"],
    [["> 7.2.99", "< 8.0.1"], "8.0 + note"],
    [[">= 6.1"], "8.1 + note"],
    [[], "8.1 + note"],
    [["< 8.2", ">= 8.1.0.beta1"], "none"],
    [["~> 2.3"], "none"],
  ]);
});

test("gems: the side of each change of Routemap's model the constraints allow", () => {
  check((r) => chooseGem("devise", r), [
    [["~> 4.8"], "4.8"],
    [[">= 4.8"], "5 + note"],
    [["~> 5.0"], "5.0"],
    [["< 5"], "0.0"],
  ]);
  check((r) => chooseGem("doorkeeper", r), [
    [["~> 5.8.2"], "5.8.2"],
    [["~> 5.6"], "5.7 + note"],
    [[">= 5.5", "< 5.7"], "5.5"],
  ]);
  assert.equal(chooseGem("sidekiq", ["~> 7.0"]), undefined);
});

/** A FileSystem over `{path: text}`. */
const memoryFs = (files) => ({ readFile: (p) => files[p], exists: (p) => p in files, readDir: () => [] });

test("the options: a lockfile's version first, else the Gemfile's choice; the user's choice over both, and its note dropped", () => {
  const gemfile = 'source "https://rubygems.org"\n\ngem "rails", "~> 7.0"\ngem "devise", "~> 4.9", require: false\n';
  const app = readAppConfig("/app/config/routes.rb", memoryFs({ "/app/Gemfile": gemfile }));
  const options = appOptions(app, {});
  assert.equal(options.railsVersion, "7.2");
  assert.deepEqual(options.gemfileVersions, { devise: "4.9" });
  assert.deepEqual(options.notes.map((n) => `${n.span.file}:${n.span.start.line}:${n.span.start.character}-${n.span.end.character} ${n.gem}`), ["/app/Gemfile:2:0-21 rails"]);
  assert.match(options.notes[0].message, /allows Rails 7\.0, Rails 7\.1, Rails 7\.2, .*It follows Rails 7\.2, the newest/);
  // No version at all: every series, said as a span.
  const bare = appOptions(readAppConfig("/app/config/routes.rb", memoryFs({ "/app/Gemfile": 'gem "rails"\n' })), {});
  assert.equal(bare.railsVersion, "8.1");
  assert.match(bare.notes[0].message, /the Gemfile's rails \(no version\) allows Rails 3\.2 to Rails 8\.1, /);
  const chosen = appOptions(app, { railsVersion: "7.0" });
  assert.equal(chosen.railsVersion, "7.0");
  assert.deepEqual(chosen.notes, []);
  // A computed version, a git source: no choice.
  const open = readAppConfig("/app/config/routes.rb", memoryFs({ "/app/Gemfile": 'gem "rails", RAILS_VERSION\ngem "devise", github: "heartcombo/devise"\n' }));
  assert.equal(appOptions(open, {}).railsVersion, "8.1");
  assert.deepEqual(appOptions(open, {}).gemfileVersions, {});
  // With a lockfile, the Gemfile chooses nothing.
  const locked = readAppConfig("/app/config/routes.rb", memoryFs({ "/app/Gemfile": gemfile, "/app/Gemfile.lock": "GEM\n  specs:\n    actionpack (6.1.7.10)\n" }));
  assert.equal(appOptions(locked, {}).railsVersion, "6.1.7.10");
  assert.equal(appOptions(locked, {}).notes, undefined);
});

/** The devise fixture app without its Gemfile.lock, with `gemfile`: `routemap routes`' sheet and stderr. */
function deviseApp(gemfile) {
  const dir = scratchDir("routemap-gemfile-");
  cpSync(join(root, "test-fixtures/apps/devise"), dir, { recursive: true });
  rmSync(join(dir, "Gemfile.lock"));
  writeFileSync(join(dir, "Gemfile"), gemfile);
  // The goldens' Ruby (hashes printed as 3.1 prints them).
  writeFileSync(join(dir, ".ruby-version"), "3.1.2\n");
  const out = spawnSync(process.execPath, [cli, "routes"], { cwd: dir, encoding: "utf8", env: { ...process.env, ROUTEMAP_CACHE_DIR: "off" } });
  return { sheet: out.stdout, stderr: out.stderr };
}

const golden = (name) => {
  const text = readFileSync(join(root, "test-fixtures/apps", name), "utf8");
  return text.slice(text.indexOf("\n") + 1, text.indexOf("\n# URL helpers"));
};

test("the devise app with `~> 6.1.7` and `~> 4.8` in its Gemfile draws what Rails 6.1 and Devise 4.8 draw", () => {
  const { sheet, stderr } = deviseApp('source "https://rubygems.org"\ngem "rails", "~> 6.1.7"\ngem "devise", "~> 4.8"\ngem "omniauth", "~> 2.1"\n');
  assert.equal(sheet.trimEnd(), golden("devise.development.rails-6.1.txt").trimEnd());
  assert.doesNotMatch(stderr, /No Gemfile\.lock: the Gemfile's/);
});

test("with `>= 4.8` Devise 5's rules are followed (`format: false` drops `(.:format)`), and said at the gem's line", () => {
  const { sheet, stderr } = deviseApp('source "https://rubygems.org"\ngem "rails", "~> 6.1.7"\ngem "devise", ">= 4.8"\ngem "omniauth", "~> 2.1"\n');
  assert.match(sheet, /\(\/:locale\)\/members\/sign_in /);
  assert.match(stderr, /Gemfile:3:1: info: No Gemfile\.lock: the Gemfile's devise ">= 4\.8" allows devise before 5, devise 5 and later, .* It follows devise 5 and later/);
});

test("in the editor: the note is an info at the Gemfile's line, and goes when the user chooses the Rails version", async () => {
  const { workspaceFor } = await import("./fixture.mjs");
  const { appDiagnostics } = await import("../dist/features/diagnostics.js");
  const fixture = '//- Gemfile\nsource "https://rubygems.org"\ngem "rails", ">= 7.1"\n//- config/routes.rb\nRails.application.routes.draw do\n  get "a", to: "a#a"\nend\n';
  const { ws, app } = await workspaceFor(fixture);
  ws.settings = { ...ws.settings, railsVersion: "" };
  app.invalidateConfig();
  const notes = (appDiagnostics(app, { diagnostics: true, unreachedActions: false }).get("/app/Gemfile") ?? []).map((d) => `${d.range.start.line}:${d.range.start.character} ${d.severity} ${d.message}`);
  assert.equal(notes.length, 1, notes.join("\n"));
  assert.match(notes[0], /^1:0 3 No Gemfile\.lock: the Gemfile's rails ">= 7\.1" allows Rails 7\.1, Rails 7\.2, Rails 8\.0, Rails 8\.1, .* It follows Rails 8\.1/);
  ws.settings = { ...ws.settings, railsVersion: "7.2" };
  app.invalidateConfig();
  assert.deepEqual(appDiagnostics(app, { diagnostics: true, unreachedActions: false }).get("/app/Gemfile") ?? [], []);
});
