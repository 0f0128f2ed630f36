// A gem's routing method read from the installed gem (server/src/cli/gemFacts.ts `mapperFiles`,
// evaluated by shared-mapper's dsl/gemMappers.ts): `routemap check` on an app whose routes call
// `shelf_route`, a method of the fixture gem test-fixtures/gem-mappers/reopened/gems/shelf_routes,
// installed at Bundler's path. The helpers its body draws are checked: a right call passes, a
// misspelt one is reported, and nothing is open.
import { test } from "node:test";
import assert from "node:assert/strict";
import { cpSync, mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { scratchDir } from "../../test-fixtures/lib/scratch.mjs";
import { appEnv, routemapIn } from "./fixture.mjs";
import { FIXTURES } from "../../test-fixtures/lib/cases.mjs";
import { readAppGems } from "../dist/cli/appGems.js";

const SHELF = join(FIXTURES, "gem-mappers", "reopened", "gems", "shelf_routes");

function write(root, files) {
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
}

/** An app whose Gemfile.lock locks shelf_routes 0.1.0, installed under vendor/gems as `bundle install --path` puts it. */
function app(extra = {}) {
  const root = join(scratchDir("routemap-gem-mappers-"), "app");
  const home = join(root, "vendor", "gems", "ruby", "3.3.0");
  cpSync(SHELF, join(home, "gems", "shelf_routes-0.1.0"), { recursive: true });
  write(root, {
    "Gemfile.lock": "GEM\n  remote: https://rubygems.org/\n  specs:\n    shelf_routes (0.1.0)\n\nPLATFORMS\n  ruby\n\nDEPENDENCIES\n  shelf_routes\n",
    ".bundle/config": '---\nBUNDLE_PATH: "vendor/gems"\n',
    "vendor/gems/ruby/3.3.0/specifications/shelf_routes-0.1.0.gemspec": 'Gem::Specification.new do |s|\n  s.name = "shelf_routes".freeze\n  s.version = "0.1.0"\n  s.require_paths = ["lib".freeze]\nend\n',
    "config/routes.rb": 'Rails.application.routes.draw do\n  shelf_route :admin, path: "manage"\n  root to: "home#index"\nend\n',
    "app/controllers/home_controller.rb": "class HomeController < ApplicationController\n  def index; end\nend\n",
    "app/views/home/index.html.erb": '<%= link_to "Shelves", shelf_admin_shelves_path %>\n<%= link_to "Typo", shelf_admin_shelfs_path %>\n',
    ...extra,
  });
  return root;
}


test("the gem's files that extend the mapper: those its entry file requires, with the files they require", () => {
  const root = app();
  const gems = readAppGems(root, { env: appEnv(root), cache: false });
  const facts = gems.facts("shelf_routes");
  assert.deepEqual(facts.mapperFiles.map((p) => p.slice(p.indexOf("/lib/") + 1)), ["lib/shelf_routes/routing.rb"]);
});

test("a file of the gem that its entry does not require extends nothing", () => {
  const root = app();
  // The gem's entry no longer requires its routing file: Rails never defines `shelf_route`.
  writeFileSync(join(root, "vendor/gems/ruby/3.3.0/gems/shelf_routes-0.1.0/lib/shelf_routes.rb"), "module ShelfRoutes; end\n");
  const check = routemapIn(root, "check", ".");
  assert.match(check.stdout + check.stderr, /Unknown method `shelf_route`/);
});

test("routemap check: the helpers a gem's routing method draws are checked, a misspelling caught", () => {
  const root = app();
  const check = routemapIn(root, "check", ".");
  assert.doesNotMatch(check.stdout + check.stderr, /Unknown method|not checked|may be missing/);
  assert.equal(check.stdout, "app/views/home/index.html.erb:2:21: error: undefined method `shelf_admin_shelfs_path': no route, direct helper or method defines it (did you mean `shelf_admin_shelf_path` or `shelf_admin_shelves_path`?)\n");
  const routes = routemapIn(root, "routes", "-g", "shelf_admin_shelves");
  assert.match(routes.stdout, /shelf_admin_shelves GET +\/manage\/shelves\(\.:format\) +shelf\/admin\/shelves#index/);
});

test("a gem the Gemfile gives `require: false` adds no method, unless the app requires it", () => {
  const gemfile = { Gemfile: 'source "https://rubygems.org"\ngem "shelf_routes", require: false\n' };
  const skipped = routemapIn(app(gemfile), "check", ".");
  assert.match(skipped.stdout + skipped.stderr, /Unknown method `shelf_route`/);
  const required = routemapIn(app({ ...gemfile, "config/initializers/shelf.rb": 'require "shelf_routes"\n' }), "check", ".");
  assert.doesNotMatch(required.stdout + required.stderr, /Unknown method/);
  assert.match(required.stdout, /shelf_admin_shelfs_path/);
});
