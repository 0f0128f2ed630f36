// A gem's class named by its constant in the routes (`concern :browsable,
// Shelf::Routes::Browsable.new`), read from the installed gem's file Zeitwerk names for it
// (server/src/cli/appGems.ts `classSource`, evaluated by shared-mapper's dsl/gemMappers.ts
// `adopt`): the fixture gem test-fixtures/gem-mappers/routes-class/gems/shelf (Blacklight's
// shape, our own words), installed at Bundler's path. Its table against Rails is the
// gem-mappers golden; here, the host's part: found, not installed, not loaded.
import { test } from "node:test";
import assert from "node:assert/strict";
import { cpSync, mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { scratchDir } from "../../test-fixtures/lib/scratch.mjs";
import { appEnv, routemapIn } from "./fixture.mjs";
import { FIXTURES } from "../../test-fixtures/lib/cases.mjs";
import { readAppGems } from "../dist/cli/appGems.js";

const SHELF = join(FIXTURES, "gem-mappers", "routes-class", "gems", "shelf");
const HOME = join("vendor", "gems", "ruby", "3.3.0");

function write(root, files) {
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
}

/** An app whose Gemfile.lock locks shelf 0.1.0, installed under vendor/gems unless `installed` is false. */
function app({ installed = true, gemfile = 'gem "shelf"\n' } = {}) {
  const root = join(scratchDir("routemap-gem-classes-"), "app");
  if (installed) cpSync(SHELF, join(root, HOME, "gems", "shelf-0.1.0"), { recursive: true });
  write(root, {
    Gemfile: `source "https://rubygems.org"\n${gemfile}`,
    "Gemfile.lock": "GEM\n  remote: https://rubygems.org/\n  specs:\n    shelf (0.1.0)\n\nPLATFORMS\n  ruby\n\nDEPENDENCIES\n  shelf\n",
    ".bundle/config": '---\nBUNDLE_PATH: "vendor/gems"\n',
    ...(installed ? { [join(HOME, "specifications", "shelf-0.1.0.gemspec")]: 'Gem::Specification.new do |s|\n  s.name = "shelf".freeze\n  s.version = "0.1.0"\n  s.require_paths = ["lib".freeze]\nend\n' } : {}),
    "config/routes.rb": 'Rails.application.routes.draw do\n  concern :browsable, Shelf::Routes::Browsable.new(layout: "narrow")\n  resource :catalog, only: [], controller: "catalog" do\n    concerns :browsable\n  end\nend\n',
  });
  return root;
}

test("the gem's file of a nested constant, by Zeitwerk's naming; a namespace or a name no file has is none", () => {
  const root = app();
  const gems = readAppGems(root, { env: appEnv(root), cache: false });
  const found = gems.classSource("Shelf::Routes::Browsable");
  assert.equal(found.gem, "shelf");
  assert.deepEqual(Object.keys(Object.fromEntries(found.files)).map((p) => p.slice(p.indexOf("/lib/") + 1)), ["lib/shelf/routes/browsable.rb"]);
  assert.equal(gems.classSource("Shelf::Routes::Missing"), undefined);
  assert.equal(gems.classSource("Shelf::Routes"), undefined);
});

test("routemap routes: the gem's class draws as the concern", () => {
  const root = app();
  const out = routemapIn(root, "routes", "--rails", "6.1");
  assert.equal(out.status, 0, out.stderr);
  assert.match(out.stdout, /browse_catalog GET\|POST \/catalog\(\.:format\) +catalog#index/);
  assert.match(out.stdout, /shelf_catalog GET +\/catalog\/shelf\/:id\(\.:format\) +catalog#shelf \{layout: "narrow"\}/); // Ruby 3.4's inspect, the default
  assert.doesNotMatch(out.stdout + out.stderr, /Routemap does not have/);
});

test("the gem not installed, or not loaded (require: false): the concern stays unknown, said at its line", () => {
  for (const root of [app({ installed: false }), app({ gemfile: 'gem "shelf", require: false\n' })]) {
    const check = routemapIn(root, "check", ".");
    assert.match(check.stdout + check.stderr, /cannot run the concern \w+: it is `Shelf::Routes::Browsable\.new\(layout: "narrow"\)`, an object of a class Routemap does not have/);
  }
});
