// A gem's settings module read from the installed gem (server/src/cli/gemFacts.ts
// `settingsFiles`, evaluated by shared-mapper's interpreter through `MapInput.gemSettings`):
// the app test-fixtures/apps/gem-settings installs `lantern`, our own gem in high_voltage's
// shape (its routes file draws into the app under `if Lantern.home_page` and `if
// Lantern.routes`, from a module extended with accessors whose `extended` hook sets the
// defaults), and configures it in config/initializers/lantern.rb. Its table against Rails is in
// apps.test.mjs; here, what the host gives, and what an unknown setting costs.
import { test } from "node:test";
import assert from "node:assert/strict";
import { cpSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { scratchDir } from "../../test-fixtures/lib/scratch.mjs";
import { appEnv, routemapIn } from "./fixture.mjs";
import { APPS } from "../../test-fixtures/lib/apps.mjs";
import { readAppGems } from "../dist/cli/appGems.js";
import { findGemEngines } from "../dist/cli/gemEngines.js";

const GEM = "vendor/bundle/ruby/3.1.0/gems/lantern-2.1.0";

/** A copy of the fixture app, with `edit(initializer text)` applied to its initializer. */
function app(edit = (text) => text) {
  const root = join(scratchDir("routemap-gem-settings-"), "app");
  cpSync(join(APPS, "gem-settings"), root, { recursive: true });
  const initializer = join(root, "config/initializers/lantern.rb");
  writeFileSync(initializer, edit(readFileSync(initializer, "utf8")));
  return root;
}


test("the gem whose routes file reads its settings: the files its entry file loads are given, in require order's set", () => {
  const root = app();
  const gems = readAppGems(root, { env: appEnv(root), cache: false });
  const rel = (p) => p.slice(p.indexOf(`${GEM}/`) + GEM.length + 1);
  const [source, ...others] = gems.settingsSources(findGemEngines(gems));
  assert.equal(others.length, 0);
  assert.equal(source.gem, "lantern");
  assert.deepEqual([...source.files.keys()].map(rel), ["lib/lantern.rb", "lib/lantern/drawers/flat.rb", "lib/lantern/drawers/nested.rb", "lib/lantern/engine.rb", "lib/lantern/options.rb"]);
  assert.deepEqual(gems.mapperSources(), []);
});

test("a gem whose routes file reads no setting of its own module gives none", () => {
  const root = app();
  writeFileSync(join(root, GEM, "config/routes.rb"), 'Rails.application.routes.draw do\n  get "/pages/*id", to: "lantern/pages#show"\nend\n');
  const gems = readAppGems(root, { env: appEnv(root), cache: false });
  assert.deepEqual(gems.settingsSources(findGemEngines(gems)), []);
});

test("the gem's defaults, where the app's initializer sets nothing: no home page, the nested drawer", () => {
  const check = routemapIn(app(() => ""), "routes");
  assert.equal(check.stderr, "");
  assert.match(check.stdout, /lantern_page GET +\/docs\/\*id +lantern\/pages#show/);
  assert.doesNotMatch(check.stdout, /root|welcome/);
});

test("`routes = false` in the initializer's configure block: the gem draws no page route, and every check is on", () => {
  const root = app((text) => text.replace("lantern.home_page = \"welcome\"", "lantern.routes = false"));
  const routes = routemapIn(root, "routes");
  assert.doesNotMatch(routes.stdout, /_page|root/);
  const check = JSON.parse(routemapIn(root, "check", "--format", "json").stdout);
  assert.equal(check.checks, "on");
  assert.deepEqual(check.uncheckedBecause, []);
});

test("an initializer's value Routemap cannot compute costs only what depends on it", () => {
  const root = app((text) => text.replace('"welcome"', "SiteConfig.home_page"));
  const routes = routemapIn(root, "routes").stdout;
  // The root is drawn under its condition, its default unknown; the drawer's route is known.
  assert.match(routes, /root GET +\/ +lantern\/pages#show \{:id=>«SiteConfig\.home_page»\} «only if Lantern\.home_page»/);
  assert.match(routes, /guides_page GET +\/\*id +lantern\/pages#show/);
  const check = JSON.parse(routemapIn(root, "check", "--format", "json").stdout);
  // Only the redirect whose path is the unknown value is open, said at the gem's line: its name
  // is that value (any name the table lacks may be it), and it reaches no controller.
  assert.deepEqual(check.uncheckedBecause.map((c) => [c.file, c.line, c.reason, c.notChecked]), [
    [`${GEM}/config/routes.rb`, 3, "Routemap skipped this `get`: it depends on `SiteConfig.home_page`, a method Routemap does not model.", ["helper calls of names the route table lacks"]],
  ]);
});

test("a file an installed gem's routes draw (`draw :extra`, from the gem's config/routes/) is said as missing routes in its table, not as Rails' error", () => {
  const root = app();
  const routes = join(root, GEM, "config/routes.rb");
  writeFileSync(routes, 'Lantern::Engine.routes.draw do\n  scope "extras", as: "extras" do\n    draw :extra\n  end\nend\n');
  writeFileSync(join(root, "config/routes.rb"), 'Rails.application.routes.draw do\n  mount Lantern::Engine, at: "/lantern"\nend\n');
  const check = JSON.parse(routemapIn(root, "check", "--format", "json").stdout);
  assert.deepEqual(check.diagnostics.filter((d) => d.severity === "error"), []);
  assert.deepEqual(check.uncheckedBecause.map((c) => [c.file, c.line, c.reason, c.notChecked]), [
    [`${GEM}/config/routes.rb`, 3, "Routemap does not read extra.rb, which this gem's routes draw: its routes are missing.", ["helper calls named extras_… or …_extras_… on Lantern::Engine's routes"]],
  ]);
});
