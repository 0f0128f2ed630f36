// `defined?` of a class or module the app's own files define, at the time the routes are drawn
// (Rails 6.1, checked with Debian's Rails on the fixture app defined-app-constants and on rmt's
// engines): a model is defined (Zeitwerk's `autoload`, which `defined?` sees), so is a class of an
// initializer or of a file config/application.rb requires. An engine whose file only a condition
// false here requires is not loaded by Rails; Routemap, which runs the engine's file for its name
// and does not read every file that might require it, leaves that one undecided and says so, as
// it does one required under a condition it cannot decide.
import { test } from "node:test";
import assert from "node:assert/strict";
import { mapper } from "./helpers.mjs";

const APPLICATION = `require "rails"
require_relative "../engines/loaded/lib/loaded"
require_relative "../engines/optional/lib/optional" if Rails.env.production?
require_relative "../engines/flagged/lib/flagged" if ENV["ROUTEMAP_TEST_VARIABLE"]
module App
  class Application < Rails::Application
  end
end
`;
const engine = (name) => `module ${name}\n  class Engine < ::Rails::Engine\n    isolate_namespace ${name}\n  end\nend\n`;
const ROUTES = `Rails.application.routes.draw do
  get "widgets", to: "widgets#index" if defined?(Widget)
  get "loaded", to: "a#loaded" if defined?(Loaded::Engine)
  get "optional", to: "a#optional" if defined?(Optional::Engine)
  get "flagged", to: "a#flagged" if defined?(Flagged::Engine)
  get "nope", to: "a#nope" unless defined?(Nope)
end
`;

function files() {
  return new Map([
    ["/a/config/application.rb", APPLICATION],
    ["/a/config/routes.rb", ROUTES],
    ["/a/app/models/widget.rb", "class Widget\nend\n"],
    ["/a/engines/loaded/lib/loaded.rb", 'require_relative "loaded/engine"\n'],
    ["/a/engines/loaded/lib/loaded/engine.rb", engine("Loaded")],
    ["/a/engines/optional/lib/optional.rb", 'require_relative "optional/engine"\n'],
    ["/a/engines/optional/lib/optional/engine.rb", engine("Optional")],
    ["/a/engines/flagged/lib/flagged.rb", 'require_relative "flagged/engine"\n'],
    ["/a/engines/flagged/lib/flagged/engine.rb", engine("Flagged")],
  ]);
}

async function draw(railsVersion) {
  const engines = ["loaded", "optional", "flagged"].map((e) => ({ engineFile: `/a/engines/${e}/lib/${e}/engine.rb` }));
  const result = (await mapper()).map({ entry: "/a/config/routes.rb", files: files(), engines, options: { railsVersion, railsEnv: "development" } });
  return { rows: result.routes.filter((r) => !r.path.startsWith("/rails/")).map((r) => `${r.path}${r.conditions ? " (only if …)" : ""}`), infos: result.diagnostics.map((d) => `${d.span.start.line + 1}: ${d.message}`) };
}

test("defined? of the app's model, of a class a required file defines; an engine's class Routemap ran only for its name stays undecided", async () => {
  const { rows, infos } = await draw("6.1");
  assert.deepEqual(rows, ["/widgets(.:format)", "/loaded(.:format)", "/optional(.:format) (only if …)", "/flagged(.:format) (only if …)", "/nope(.:format) (only if …)"]);
  assert.ok(infos.some((i) => i.startsWith("4: Routemap cannot decide `defined?(Optional::Engine)` (whether Rails has loaded the app's file that defines it by then)")), infos.join("\n"));
});

test("before 6.0 the classic autoloader does not answer defined?: a model not yet loaded is undecided", async () => {
  const { rows } = await draw("5.2");
  assert.equal(rows[0], "/widgets(.:format) (only if …)");
  assert.equal(rows[1], "/loaded(.:format)");
});

test("6.x's classic autoloader (config.autoloader = :classic) does not answer defined? either", async () => {
  const m = await mapper();
  const all = files();
  all.set("/a/config/application.rb", APPLICATION.replace("  class Application < Rails::Application\n", "  class Application < Rails::Application\n    config.autoloader = :classic\n"));
  const engines = ["loaded", "optional", "flagged"].map((e) => ({ engineFile: `/a/engines/${e}/lib/${e}/engine.rb` }));
  const result = m.map({ entry: "/a/config/routes.rb", files: all, engines, options: { railsVersion: "6.1", railsEnv: "development" } });
  const widgets = result.routes.find((r) => r.path === "/widgets(.:format)");
  assert.ok(widgets?.conditions, "drawn only where defined?(Widget) holds");
});
