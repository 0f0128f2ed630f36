// `extend SomeRoutes` in the draw block: Ruby calls the module's `self.extended(router)` hook
// with the mapper, and apps draw there (`router.instance_exec do … end`); Rails' answer is the
// fixture app test-fixtures/apps/extended-routes. A module Routemap has no source of is said,
// and the routes it may draw are an open region (the checks do not count them absent).
import { test } from "node:test";
import assert from "node:assert/strict";
import { mapper } from "./helpers.mjs";

/** Maps `text` as the routes file; the rows, the diagnostics, and the open regions' lines. */
async function check(text) {
  const result = (await mapper()).map({ entry: "routes.rb", files: { "routes.rb": text }, options: { railsVersion: "6.1", rubyVersion: "3.1" } });
  return {
    rows: result.routes.map((r) => `${r.name ?? ""} ${r.verb} ${r.path} ${r.reqs}`.trim()),
    diagnostics: result.diagnostics.map((d) => `${d.span.start.line}: ${d.severity}: ${d.message}`),
    regions: result.openRegions.map((r) => r.span.start.line),
  };
}

test("a module of the files: its `extended` hook draws on the mapper", async () => {
  const { rows, diagnostics } = await check(
    'module AdminRoutes\n  def self.extended(router)\n    router.instance_exec(:jobs) do |name|\n      scope path: "admin" do\n        resources name, only: :index\n      end\n    end\n  end\nend\n' +
      'Rails.application.routes.draw do\n  extend AdminRoutes\nend\n',
  );
  assert.deepEqual(rows, ["jobs GET /admin/jobs(.:format) jobs#index"]);
  assert.deepEqual(diagnostics, []);
});

test("a module Routemap has no source of: said, and an open region", async () => {
  const { rows, diagnostics, regions } = await check('Rails.application.routes.draw do\n  extend GemRoutes\n  get "a", to: "a#b"\nend\n');
  assert.deepEqual(rows, ["a GET /a(.:format) a#b"]);
  assert.deepEqual(diagnostics, ["1: info: Routemap does not have the source of `GemRoutes` (no file it reads defines it): any routes its `extended` hook draws are missing."]);
  assert.deepEqual(regions, [1]);
});

test("a module of the files without an `extended` hook adds its methods only", async () => {
  const { rows, diagnostics, regions } = await check('module Helpers\n  def admin_get(path) = get(path, to: "admin#show")\nend\nRails.application.routes.draw do\n  extend Helpers\n  admin_get "x"\nend\n');
  assert.deepEqual(rows, ["x GET /x(.:format) admin#show"]);
  assert.deepEqual([diagnostics, regions], [[], []]);
});
