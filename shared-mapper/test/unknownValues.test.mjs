// A value only the running app knows (ENV, a configuration object, a constant Routemap could not
// read) in any argument of any DSL call: the call is skipped or printed as written, with an
// information diagnostic, and never reported as an error Rails would raise for some other value.
import { test } from "node:test";
import assert from "node:assert/strict";
import { mapper } from "./helpers.mjs";

// `$` is where the unknown value goes.
const CALLS = [
  'get "a", to: "a#b", via: $', 'match "a", to: "a#b", via: $', 'get "a", to: "a#b", format: $',
  'get "a", to: "a#b", constraints: $', 'get "a", to: "a#b", defaults: $', 'get "a", to: "a#b", controller: $',
  'get "a", to: "a#b", action: $', 'get "a", controller: $, action: "x"', 'get "a", to: "a#b", on: $',
  'get "a", to: "a#b", module: $', 'get "a", to: "a#b", path: $', 'get "a", to: "a#b", anchor: $',
  'get "a", to: "a#b", as: $', 'get $ => "a#b"', 'get "a" => $', 'get "a/:id", to: "a#b", id: $',
  'get "a", to: "a#b", constraints: { subdomain: $ }', 'get "a", to: redirect($)', 'get "a", to: redirect(path: $)',
  'get "a", to: redirect($, status: 302)', 'resources :posts, path: $', 'resources :posts, controller: $',
  'resources :posts, as: $', 'resources :posts, module: $', 'resources :posts, except: $', 'resources :posts, param: $',
  'resources :posts, path_names: $', 'resources :posts, shallow: $', 'resources :posts, format: $',
  'resources :posts, constraints: $', 'resources :posts, concerns: $', 'resource :profile, only: $',
  'resources $ do get "x" end', 'resources :posts do get $, on: :member end', 'scope $ do get "a", to: "a#b" end',
  'scope path: $ do get "a", to: "a#b" end', 'scope module: $ do get "a", to: "a#b" end', 'scope as: $ do get "a", to: "a#b" end',
  'scope controller: $ do get "a" end', 'controller $ do get "a" end', 'namespace :a, path: $ do get "b", to: "c#d" end',
  'constraints $ do get "a", to: "a#b" end', 'defaults $ do get "a", to: "a#b" end', 'concern $ do get "a", to: "a#b" end',
  "concerns $", 'mount $, at: "x"', 'mount $ => "x"', "mount Foo, at: $", "root $", "root to: $", "draw $",
  'with_options($) { get "a", to: "a#b" }', 'shallow do resources :x, path: $ end',
  // (`shallow $ do` is Rails' ArgumentError whatever the value: `shallow` takes no parameter.)
];
const UNKNOWNS = ['ENV["X"]', "Settings.routes.value", "TENANT_MODULE", "Config::PATH"];

test("a value only the running app knows is never reported as Rails' error", async () => {
  const m = await mapper();
  const errors = [];
  for (const call of CALLS) {
    for (const unknown of UNKNOWNS) {
      const line = call.replace("$", unknown);
      const text = `Rails.application.routes.draw do\n  ${line}\nend\n`;
      const result = m.map({ entry: "/app/config/routes.rb", files: new Map([["/app/config/routes.rb", text]]), options: { railsVersion: "6.1", rubyVersion: "3.1" } });
      for (const d of result.diagnostics) if (d.severity !== "info") errors.push(`${line}: ${d.severity}: ${d.message.split("\n")[0]}`);
    }
  }
  assert.deepEqual(errors, []);
});
