// The shortcut for plain standard routes (`plainRoute` in resources.ts) must draw exactly
// what the general `add_route` → `Mapping` path draws. Every fixture, its mutations, the
// sample app and the benchmark's shape are drawn both ways in every version, and the two
// results compared field by field: routes (every field, display ones included), names,
// diagnostics.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { caseFiles, listCases } from "../../test-fixtures/lib/cases.mjs";
import { mutations } from "../../test-fixtures/lib/mutations.mjs";
import { mapper } from "./helpers.mjs";

const VERSIONS = ["3.2", "6.1", "7.0", "7.2", "8.0", "8.1"];

function drawBothWays(m, input) {
  const plain = m.map({ ...input, options: { ...input.options, fastPaths: true } });
  const general = m.map({ ...input, options: { ...input.options, fastPaths: false } });
  return [plain, general];
}

function assertSame([plain, general], label) {
  const rows = (r) => r.routes.map((x) => x.toJSON());
  assert.deepEqual(rows(plain), rows(general), `${label}: routes differ`);
  assert.deepEqual(plain.diagnostics, general.diagnostics, `${label}: diagnostics differ`);
  assert.deepEqual(
    plain.engines.map((e) => e.routes.map((x) => x.toJSON())),
    general.engines.map((e) => e.routes.map((x) => x.toJSON())),
    `${label}: engine routes differ`,
  );
}

test("fixtures and their mutations draw the same table with and without the plain-route shortcut", async () => {
  const m = await mapper();
  let compared = 0;
  listCases().forEach((c, i) => {
    const files = caseFiles(c);
    for (const text of [c.text, ...mutations(c.text, i + 1)]) {
      files.set(c.entry, text);
      for (const railsVersion of VERSIONS) {
        const options = { railsVersion, railsEnv: c.options.env, apiOnly: c.options.apiOnly };
        assertSame(drawBothWays(m, { entry: c.entry, files, options }), `${c.name} (Rails ${railsVersion})`);
        compared++;
      }
    }
  });
  assert.ok(compared > 1000, `only ${compared} comparisons`);
});

test("the sample app draws the same table with and without the shortcut", async () => {
  const m = await mapper();
  const root = new URL("../../test-fixtures/sample-app/", import.meta.url).pathname;
  const files = new Map();
  const walk = (dir) => {
    for (const name of readdirSync(dir)) {
      const full = join(dir, name);
      if (statSync(full).isDirectory()) walk(full);
      else if (name.endsWith(".rb")) files.set(relative(root, full), readFileSync(full, "utf8"));
    }
  };
  walk(join(root, "config"));
  for (const railsVersion of VERSIONS) {
    const pair = drawBothWays(m, { entry: "config/routes.rb", files, options: { railsVersion } });
    // Rails 3.2 has no `draw`, so it sees only the entry file's routes.
    assert.ok(pair[0].routes.length > (railsVersion === "3.2" ? 50 : 200), `${pair[0].routes.length} routes`);
    assertSame(pair, `sample app (Rails ${railsVersion})`);
  }
});

test("scopes that change what a standard route gets are drawn alike both ways", async () => {
  const m = await mapper();
  // Each line sets one thing the shortcut must either carry or hand to the general path.
  const lines = [
    'resources :posts, format: false',
    'resources :posts, format: true',
    'resources :posts, format: "json"',
    'resources :posts, constraints: { id: /\\d+/ }',
    'resources :posts, id: /[^\\/]+/',
    'resources :posts, defaults: { format: "json" }',
    'scope "(:locale)", locale: /en|fr/ do resources :posts end',
    'scope ":controller" do resources :posts end',
    'scope "*rest" do resources :posts end',
    'scope module: "Admin" do resources :posts end',
    'namespace :admin do resources :posts, only: [:index, :show] end',
    'scope to: "pages#show" do resources :posts end',
    'scope action: "show" do resources :posts end',
    'scope "/caf\u00e9" do resources :menus end',
    'resources :posts, path: "" do get :preview end',
    'resource :account, path: ""',
    'resources :people, controller: "Users"',
    'resources :posts, param: :slug do resources :comments end',
    'resources :sheep',
    'resources :posts, path_names: { new: "neu", edit: "bearbeiten" }',
    'resources :posts, as: "articles"',
    'resources :posts do resources :posts end',
    'resources :posts; resources :posts',
    'concern(:c) { resources :tags }; resources :posts, concerns: :c',
    // Names `add_route` rejects, drawn by the whole-resource shortcut and by the per-route one (shallow).
    'resources :"a.b", controller: "ab"',
    'resource :"x y", controller: "xy"',
    'resources :posts, shallow: true do resources :"c.d", controller: "cd" end',
    'scope shallow: true do resources :"e.f", controller: "ef" end',
    // Paths built from the scope's analysis: symbols, repeated and format names, dashes, odd literals.
    'scope ":account_id" do resources :posts end',
    'scope "/:format" do resources :posts; resource :profile end',
    'scope ":id" do resources :posts end',
    'resources :posts, param: :post_id',
    'resources :posts, param: "slug-id"',
    'resources :"my-posts"',
    'namespace :v1 do resource :profile, path_names: { new: "fresh", edit: "change" } end',
    'scope "a*b" do resources :x end',
    'scope "a.b" do resources :x end',
    'resources :posts, path: "a/b"',
    // Scopes with constraints and defaults the routes take as they are (and ones they do not).
    'constraints(subdomain: "admin") do resources :posts; get "about", to: "pages#about" end',
    'constraints(subdomain: "admin", port: 8080) do resource :profile do post :touch end end',
    'resources :posts, param: :slug, constraints: { slug: /[a-z0-9-]+/ }',
    'resources :posts, constraints: { id: /\\d+/, format: /json|xml/ }',
    'resources :posts, defaults: { format: :json, locale: nil, n: 1.5 }',
    'scope constraints: { id: /\\A\\d+/ } do resources :posts end',
    'scope constraints: { id: /\\d+/m } do resources :posts end',
    'scope constraints: { controller: /posts/ } do resources :posts end',
    'scope defaults: { action: "x" } do resources :posts end',
    'scope defaults: { "format" => "json" } do resources :posts end',
    'scope defaults: { v: /x/ } do resources :posts end',
    'scope constraints: { id: Patterns::ID } do resources :posts end',
    'scope defaults: { format: :json }, constraints: { id: /\\d+/ } do resources :posts do resources :comments, shallow: true end end',
    'scope ":locale", constraints: { locale: /en|fr/ } do resources :posts; get "about", to: "pages#about" end',
    // Shallow resources: the member routes take the shallow path and prefix.
    'resources :books, shallow: true do resources :chapters, except: :destroy do resources :pages, only: [:index, :create, :show] end end',
    'namespace :admin do resources :books, shallow: true do resources :pages end end',
    'scope shallow_path: "sekret", shallow_prefix: "sek" do resources :posts, shallow: true do resources :comments end end',
    'resources :posts do resources :comments, shallow: true, path_names: { edit: "change" } end',
    'resources :posts, shallow: true do resource :cover; resources :tags, param: :slug end',
    'scope shallow: true, shallow_path: "x y" do resources :posts end',
    // A name already taken is left off, not an error.
    'get "photos", to: "x#y", as: :photos; resources :photos',
    // `scope` with only a path, `module:` and `as:` is one frame (`scopeFrame`): at the top,
    // inside resources (`nested`: no shallow path or prefix) and shallow ones, under
    // constraints and defaults it must keep, with a positional path over `path:`, and shapes
    // it hands to the general path (other keys, other values).
    'scope "v1", module: :api, as: :api do resources :posts, only: [:index, :show], param: :slug, constraints: { slug: /[a-z]+/ }; resources :tags end',
    'scope module: :legacy, path: "old", as: :old do resources :posts, only: [:index, :show]; get "x", to: "a#b" end',
    'scope "a", "b", path: "c", as: "x" do resources :posts; resource :profile end',
    'scope [:a, [:b]], module: "m/n" do resources :posts end',
    'scope ":locale" do resources :posts; root to: "a#b" end',
    'scope path: "/" do resources :posts end',
    'scope as: :x do scope as: :y, module: :z do resources :posts, shallow: true do resources :comments end end end',
    'scope module: :m do namespace :n do scope module: :o, path: "p" do resources :posts end end end',
    'resources :posts do scope module: :x, as: :y, path: "z" do resources :comments; get :preview end end',
    'resources :posts, shallow: true do scope "v", as: :v do resources :comments end end',
    'constraints(subdomain: "api") do defaults format: :json do scope "v1", as: :v1 do resources :posts end end end',
    'scope shallow_path: "s", shallow_prefix: "sp" do scope "p", as: :a do resources :posts, shallow: true do resources :c end end end',
    'scope "v1", as: nil do resources :posts end',
    'scope "v1", module: "" do resources :posts end',
    'scope as: "" do resources :posts end',
    'scope 1, as: :x do resources :posts end',
    'scope "v1", as: :api, format: false do resources :posts end',
    'scope("v1", { "as" => "x" }) do resources :posts end',
  ];
  for (const line of lines) {
    const files = new Map([["config/routes.rb", `Rails.application.routes.draw do\n  ${line}\nend\n`]]);
    for (const railsVersion of VERSIONS) {
      assertSame(drawBothWays(m, { entry: "config/routes.rb", files, options: { railsVersion } }), `${line} (Rails ${railsVersion})`);
    }
  }
});
