// Blocks of the app's configuration that Rails runs before the routes load and Routemap does not
// run (railties 6.1: an `initializer` of the application's class body, after config/initializers;
// `config.to_prepare`, run by Finisher's `run_prepare_callbacks`; `config.before_initialize`). In
// Debian's Rails 6.1, the app below prints `/init-prep/a` (the initializer, then `to_prepare`, set
// the prefix), `/other/b`, and the `initializer`'s appended `/appended`. Routemap cannot follow
// them: a setting such a block may assign is unknown (its routes skipped and said, never drawn
// with the earlier value), the others are computed, and a block that keeps routes blocks is said.
import { test } from "node:test";
import assert from "node:assert/strict";
import { mapper } from "./helpers.mjs";

const APP = `require "rails"
require "action_controller/railtie"
module App
  class Application < Rails::Application
    config.x.prefix = "early"
    config.x.other = "other"
    initializer "app.prefix" do |app|
      app.config.x.prefix = "init"
    end
    initializer "app.append" do |app|
      app.routes.append do
        get "appended" => "x#appended"
      end
    end
    config.to_prepare do
      Rails.application.config.x.prefix += "-prep"
    end
  end
end
`;
const ROUTES = `Rails.application.routes.draw do
  get "#{Rails.application.config.x.prefix}/a" => "x#a"
  get "#{Rails.application.config.x.other}/b" => "x#b"
end
`;

test("a setting an initializer or to_prepare block may assign is unknown; the others are computed; kept routes blocks are said", async () => {
  const m = await mapper();
  const files = new Map([["/a/config/application.rb", APP], ["/a/config/routes.rb", ROUTES]]);
  const result = m.map({ entry: "/a/config/routes.rb", files, options: { railsVersion: "6.1", railsEnv: "production" } });
  assert.deepEqual(result.routes.map((r) => r.path), ["/other/b(.:format)"]);
  const said = result.diagnostics.map((d) => `${d.severity} ${d.span.file.replace("/a/", "")}:${d.span.start.line + 1} ${d.message}`);
  assert.ok(result.diagnostics.every((d) => d.severity === "info"), said.join("\n"));
  assert.ok(said.some((s) => s.startsWith("info config/routes.rb:2 ") && s.includes("the `initializer` block in config/application.rb:7 may assign")), said.join("\n"));
  assert.ok(said.some((s) => s.startsWith("info config/application.rb:10 Routemap does not run `initializer` blocks")), said.join("\n"));
  assert.ok(!said.some((s) => s.includes(":7 Routemap does not run")), "a block that keeps no routes block is said only where its setting is read");
});

test("config.to_prepare alone: the setting it changes is unknown, said with the block's place", async () => {
  const m = await mapper();
  const app = APP.replace(/    initializer "app\.prefix"[\s\S]*?\n    end\n    initializer "app\.append"[\s\S]*?\n    end\n/, "");
  const files = new Map([["/a/config/application.rb", app], ["/a/config/routes.rb", ROUTES]]);
  const result = m.map({ entry: "/a/config/routes.rb", files, options: { railsVersion: "6.1", railsEnv: "production" } });
  assert.deepEqual(result.routes.map((r) => r.path), ["/other/b(.:format)"]);
  assert.ok(result.diagnostics.some((d) => d.message.includes("the `config.to_prepare` block in config/application.rb:7 may assign")), JSON.stringify(result.diagnostics.map((d) => d.message)));
});
