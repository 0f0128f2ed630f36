// `routes.default_scope = …` (RouteSet's accessor; route_set.rb `eval_block`): every draw into the
// set after it runs inside `scope(default_scope)`. Rails' own tables for the known cases are the
// fixture apps `default-scope-*` and `engine-default-scope` (server/test/apps.test.mjs); here, what
// Routemap says where it cannot compute the scope, and that nothing it draws then is a guess.
import { test } from "node:test";
import assert from "node:assert/strict";
import { mapper } from "./helpers.mjs";

const APP = 'require "rails"\nrequire "active_storage/engine"\nmodule App\n  class Application < Rails::Application\n  end\nend\n';

function check({ initializer, routes, env = "development" }) {
  return async () => {
    const m = await mapper();
    const files = new Map([["/a/config/application.rb", APP], ["/a/config/routes.rb", routes]]);
    if (initializer) files.set("/a/config/initializers/scope.rb", initializer);
    return m.map({ entry: "/a/config/routes.rb", files, options: { railsVersion: "6.1", railsEnv: env } });
  };
}

test("a default scope the initializers set from the environment: every draw skipped and said, none an internal error", async () => {
  for (const env of ["development", "production"]) {
    const result = await check({
      initializer: 'Rails.application.routes.default_scope = { path: ENV.fetch("PREFIX") }\nRails.application.routes.append do\n  get "late", to: "pages#late"\nend\n',
      routes: 'Rails.application.routes.draw do\n  resources :posts, only: :index\nend\n',
      env,
    })();
    assert.deepEqual(result.routes.map((r) => r.path), [], env);
    assert.ok(result.diagnostics.every((d) => d.severity === "info"), JSON.stringify(result.diagnostics.map((d) => d.message)));
    const skipped = result.diagnostics.map((d) => `${d.span.file.replace("/a/", "")}:${d.span.start.line + 1} ${d.message.replace(/: it depends on .*/, "")}`);
    assert.ok(skipped.includes("config/routes.rb:1 Routemap skipped this statement"), skipped.join("\n"));
    assert.ok(skipped.includes("config/initializers/scope.rb:2 Routemap skipped this `append` block"), skipped.join("\n"));
    // Active Storage's routes file, drawn inside the app's default scope as Rails draws it.
    assert.ok(skipped.includes("config/application.rb:2 Routemap skipped this draw of routes Rails or a gem adds"), skipped.join("\n"));
  }
});

test("a default scope set in the routes file applies to the draws after it, and unset, no longer", async () => {
  const result = await check({
    routes: 'Rails.application.routes.default_scope = { path: "v1", as: "v1" }\nRails.application.routes.draw do\n  get "a", to: "a#a"\nend\nRails.application.routes.default_scope = nil\nRails.application.routes.draw do\n  get "b", to: "b#b"\nend\n',
    env: "production",
  })();
  assert.deepEqual(result.routes.filter((r) => !r.path.startsWith("/rails/")).map((r) => `${r.name} ${r.path}`), ["v1_a /v1/a(.:format)", "b /b(.:format)"]);
});
