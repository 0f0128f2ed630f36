// Classes that hold the routes' helpers as class methods (app/urlHelperHolders.ts), the calls on
// constants that may be theirs (`HelperCall.through`), and where the autoloader finds the class
// (`MapResult.autoloadFiles`, with the load paths config/application.rb sets: `#{root}/extras`).
import { test } from "node:test";
import assert from "node:assert/strict";
import { mapper } from "./helpers.mjs";

const holders = async (text) => (await mapper()).urlHelperHolders("/app/lib/x.rb", text);

test("a class whose singleton class includes the helpers, or that extends them, holds them; its own class methods are its own", async () => {
  assert.deepEqual(await holders(`
class Routes
  class << self
    include Rails.application.routes.url_helpers
    attr_reader :mode
    def default_url_options = {}
    def title_path(story) = story_path(story)
  end
  def self.other_url = "x"
end
module Admin
  module Links
    extend Rails.application.routes.url_helpers
  end
end
`), [
    { name: "Routes", own: ["mode", "default_url_options", "title_path", "other_url"] },
    { name: "Admin::Links", own: [] },
  ]);
});

test("a body that defines class methods some other way, or includes the helpers as instance methods only, holds none", async () => {
  assert.deepEqual(await holders(`
class Delegating
  extend Rails.application.routes.url_helpers
  delegate :story_url, to: :other
end
class Missing
  class << self
    include Rails.application.routes.url_helpers
    def method_missing(name, *) = super
  end
end
class Instances
  include Rails.application.routes.url_helpers
end
class Dynamic
  class << self
    include Rails.application.routes.url_helpers
    define_method(:x_url) { "/" }
  end
end
`), []);
});

test("calls on a constant are kept as maybe the holder's; where the autoloader finds the constant, the app's load paths included", async () => {
  const m = await mapper();
  const uses = m.fileUses("/app/app/models/linker.rb", "class Linker\n  def go = [Routes.story_url(1), ::Routes.story_path(1), routes.story_path(1), Rails.application.routes.url_helpers.root_path]\nend\n");
  assert.deepEqual(uses.calls.map((c) => [c.name, c.receiver ?? null, c.through ?? null]), [
    ["story_url", "main_app", "Routes"],
    ["story_path", "main_app", "Routes"],
    ["story_path", "routes", null],
    ["root_path", "main_app", null],
  ]);
  // Resolved without holders, calls on constants are none of the helpers'; with them, the holder's own methods are not.
  const kept = (holders) => m.resolveUses(uses, undefined, holders).calls.map((c) => `${c.through ?? c.receiver}.${c.name}`);
  assert.deepEqual(kept(undefined), ["routes.story_path", "main_app.root_path"]);
  const own = new Set(["story_path"]);
  assert.deepEqual(kept((c) => (c === "Routes" ? own : undefined)), ["Routes.story_url", "routes.story_path", "main_app.root_path"]);
  const result = m.map({
    entry: "/app/config/routes.rb",
    files: {
      "/app/config/routes.rb": "Rails.application.routes.draw do\nend\n",
      "/app/config/application.rb": 'require "rails"\nmodule Shop\n  class Application < Rails::Application\n    config.autoload_paths.push("#{root}/extras", "#{root}/lib")\n  end\nend\n',
    },
    options: { railsVersion: "7.1", rubyVersion: "3.3" },
  });
  assert.deepEqual(result.autoloadFiles("Admin::Links"), ["lib/admin/links.rb", "extras/admin/links.rb"]);
});
