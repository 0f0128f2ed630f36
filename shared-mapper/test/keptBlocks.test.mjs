// Routes blocks the configuration keeps (shared-mapper/src/dsl/keptBlocks.ts): Rails' answers for
// what Routemap follows are the fixture app test-fixtures/apps/kept-routes-blocks; here, what it
// says where Rails' answer depends on what it cannot know, or where Rails raises.
import { test } from "node:test";
import assert from "node:assert/strict";
import { mapper } from "./helpers.mjs";

const APPLICATION = 'module Shop\n  class Application < Rails::Application\n    config.load_defaults 6.1\n  end\nend\n';

/** Maps the app of `files` (paths under /app), with no environment given (ENV unknown). */
async function mapApp(files) {
  const prefixed = Object.fromEntries(Object.entries({ "config/application.rb": APPLICATION, "config/routes.rb": "Rails.application.routes.draw do\nend\n", ...files }).map(([path, text]) => [`/app/${path}`, text]));
  const result = (await mapper()).map({ entry: "/app/config/routes.rb", files: prefixed, options: { railsVersion: "6.1", rubyVersion: "3.1" } });
  return {
    rows: result.routes.filter((r) => !r.path.startsWith("/rails/")).map((r) => `${r.verb} ${r.path}${(r.conditions ?? []).map((c) => ` «${c.holds ? "" : "not "}${c.text}»`).join("")}`),
    diagnostics: result.diagnostics.map((d) => `${d.span.file.replace("/app/", "")}:${d.span.start.line}: ${d.severity}: ${d.message}`),
    regions: result.openRegions.map((r) => `${r.span.file.replace("/app/", "")}:${r.span.start.line}`),
  };
}

test("a kept block reads the initializer's locals it closes over, never nil; a loop keeps one block per pass", async () => {
  const { rows, diagnostics } = await mapApp({
    "config/initializers/routes.rb": 'path = "/outer"\nRails.application.routes.append { get path => "posts#index"; get "/i_#{path}" => "posts#show" }\n%w[a b].each { |n| Rails.application.routes.append { get "/loop_#{n}", to: "posts#index" } }\n',
  });
  assert.deepEqual(rows, ["GET /outer(.:format)", "GET /i_/outer(.:format)", "GET /loop_a(.:format)", "GET /loop_b(.:format)"]);
  assert.deepEqual(diagnostics, []);
});

test("a block kept under a condition Routemap cannot decide draws its routes under that condition", async () => {
  const { rows } = await mapApp({
    "config/initializers/routes.rb": 'if ENV["X"]\n  Rails.application.routes.append { get "/cond", to: "posts#index" }\nelse\n  Rails.application.routes.prepend { get "/other", to: "posts#index" }\nend\n',
  });
  assert.deepEqual(rows, ['GET /other(.:format) «not ENV["X"]»', 'GET /cond(.:format) «ENV["X"]»']);
});

test("a block argument Routemap does not know, and a kept block given an unknown one, are said where they are kept: their routes may be missing", async () => {
  const { rows, diagnostics, regions } = await mapApp({
    "config/initializers/routes.rb": "Rails.application.routes.append(&SomeGem.routes_block)\n",
  });
  assert.deepEqual(rows, []);
  assert.equal(diagnostics.length, 1);
  assert.match(diagnostics[0], /^config\/initializers\/routes\.rb:0: info: Routemap does not know the block this `append` keeps \(.*SomeGem.*\): the routes it draws are missing\.$/);
  assert.deepEqual(regions, ["config/initializers/routes.rb:0"]);
});

test("a prepend made after the kept prepends were drawn (in an append block, in a routes file) is said, not drawn, as Rails 6.1 draws it only on a reload", async () => {
  const { rows, diagnostics } = await mapApp({
    "config/initializers/routes.rb": 'Rails.application.routes.append do\n  get "/a", to: "posts#index"\n  Rails.application.routes.prepend { get "/late", to: "posts#index" }\nend\n',
    "config/routes.rb": 'Rails.application.routes.draw do\n  get "/r", to: "posts#index"\nend\nRails.application.routes.prepend { get "/file", to: "posts#index" }\n',
  });
  assert.deepEqual(rows, ["GET /r(.:format)", "GET /a(.:format)"]);
  assert.deepEqual(diagnostics.map((d) => d.replace(/: info: .*/, "")), ["config/routes.rb:3", "config/initializers/routes.rb:2"]);
  assert.match(diagnostics[0], /only when the routes are drawn again/);
});

test("`routes.eval_block(…)` is RouteSet's private method: NoMethodError where the routes are drawn (said as Routemap says Rails' errors, the statement skipped)", async () => {
  const { rows, diagnostics } = await mapApp({
    "config/initializers/routes.rb": 'Rails.application.routes.append do\n  Rails.application.routes.eval_block(proc { get "/e", to: "posts#index" })\n  get "/after", to: "posts#index"\nend\n',
  });
  assert.deepEqual(rows, ["GET /after(.:format)"]);
  assert.deepEqual(diagnostics, ["config/initializers/routes.rb:1: error: private method `eval_block' called for #<ActionDispatch::Routing::RouteSet:«0x…»>"]);
});
