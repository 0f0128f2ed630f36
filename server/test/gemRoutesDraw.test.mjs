// An installed gem whose config/routes.rb draws into the app's routes (ukparliament/thorney's
// parliament-routes), first loading its reopening of Rails' mapper with `require_relative`
// (methods and a constant the routes use). In Debian's Rails 6.1 with the gem on the load path,
// the app below prints health_check, people, people_current and article {:article_id=>/\w{8}/}.
// Routemap reads the files the gem's routes file requires; what it still cannot evaluate there is
// said once at the app's routes file (the editor does not show the gem's file); and `check` says
// nothing in the gem's file, as the editor does not.
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { scratchDir } from "../../test-fixtures/lib/scratch.mjs";
import { appEnv, writeFiles } from "./fixture.mjs";

const CLI = new URL("../bin/routemap.cjs", import.meta.url).pathname;

function setup(requireExtension = true) {
  const dir = scratchDir("routemap-gem-routes-");
  const app = join(dir, "app");
  const gems = join(dir, "gemhome");
  const gem = "gems/fake_routes-0.1.0";
  writeFiles(gems, {
    [`${gem}/lib/fake_routes.rb`]: 'require "fake_routes/engine"\n',
    [`${gem}/lib/fake_routes/engine.rb`]: "module FakeRoutes\n  class Engine < ::Rails::Engine\n  end\nend\n",
    [`${gem}/app/lib/ext/mapper.rb`]: [
      "module ActionDispatch",
      "  module Routing",
      "    class Mapper",
      "      ID_FORMAT_REGEX = /\\w{8}/",
      "      def build_default_routes(route_name, current: true)",
      '        get "/", to: "#{route_name}#index"',
      '        get "/current", to: "#{route_name}#current" if current',
      "      end",
      "    end",
      "  end",
      "end",
      "",
    ].join("\n"),
    [`${gem}/config/routes.rb`]: [
      requireExtension ? 'require_relative "../app/lib/ext/mapper.rb"' : "# (the extension not loaded)",
      "Rails.application.routes.draw do",
      "  id_format_regex = self.class::ID_FORMAT_REGEX",
      '  scope "/people", as: "people" do',
      '    build_default_routes("people")',
      "  end",
      '  get "/articles/:article_id", to: "articles#show", article_id: id_format_regex, as: :article',
      "end",
      "",
    ].join("\n"),
    "specifications/fake_routes-0.1.0.gemspec": 'Gem::Specification.new do |s|\n  s.name = "fake_routes"\n  s.version = "0.1.0"\nend\n',
  });
  writeFiles(app, {
    Gemfile: 'source "https://rubygems.org"\ngem "rails", "6.1.7"\ngem "fake_routes", "0.1.0"\n',
    "Gemfile.lock": "GEM\n  remote: https://rubygems.org/\n  specs:\n    fake_routes (0.1.0)\n    rails (6.1.7)\n\nPLATFORMS\n  ruby\n\nDEPENDENCIES\n  fake_routes (= 0.1.0)\n  rails (= 6.1.7)\n",
    "config/application.rb": 'require "rails"\nrequire "action_controller/railtie"\nrequire "fake_routes"\nmodule App\n  class Application < Rails::Application\n    config.load_defaults 6.1\n  end\nend\n',
    "config/routes.rb": 'Rails.application.routes.draw do\n  get "/health-check", to: "health_check#index"\nend\n',
    "app/controllers/health_check_controller.rb": "class HealthCheckController < ActionController::Base\n  def index; end\nend\n",
  });
  const run = (...args) => spawnSync(process.execPath, [CLI, ...args], { cwd: app, env: { ...appEnv(app), GEM_HOME: gems, GEM_PATH: "" }, encoding: "utf8" });
  return { run };
}

test("a gem's routes file that draws into the app: the files it require_relative's are read, and its routes are Rails'", () => {
  const { run } = setup();
  const out = run("routes", "--rails", "6.1", "--ruby", "3.1");
  assert.equal(out.status, 0, out.stderr);
  assert.equal(out.stdout.split("\n").map((l) => l.replace(/ +/g, " ").trim()).join("\n").trim(), [
    "Prefix Verb URI Pattern Controller#Action",
    "health_check GET /health-check(.:format) health_check#index",
    "people GET /people(.:format) people#index",
    "people_current GET /people/current(.:format) people#current",
    "article GET /articles/:article_id(.:format) articles#show {:article_id=>/\\w{8}/}",
  ].join("\n"));
  assert.equal(out.stderr, "");
});

test("what a gem's routes file draws that Routemap cannot evaluate is said at the app's routes file; check says nothing in the gem's file", () => {
  const { run } = setup(false);
  const out = run("routes", "--rails", "6.1", "--ruby", "3.1");
  assert.match(out.stderr, /^config\/routes\.rb:1:1: info: Routemap could not evaluate all of what the gem `fake_routes`'s routes file draws into this app \(2 places; first, line 5: Unknown method `build_default_routes`/m);
  const check = JSON.parse(run("check", "--format", "json", "--rails", "6.1", "--ruby", "3.1").stdout);
  const files = new Set(check.diagnostics.map((f) => f.file));
  assert.ok(files.has("config/routes.rb"), "the app's own findings are there");
  assert.ok(![...files].some((f) => f.includes("fake_routes")), JSON.stringify(check.diagnostics.filter((d) => d.file.includes("fake_routes"))));
});
