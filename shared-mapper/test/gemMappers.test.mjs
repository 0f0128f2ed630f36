// Routing methods that gems add to Rails' mapper, evaluated from the gems' source
// (dsl/gemMappers.ts). Each test-fixtures/gem-mappers/<case>/ holds our own small gems in the
// shapes real gems use (a reopened Mapper with `def`, a module included with `Mapper.include`
// or `send(:include)`, a routes helper object holding the mapper) and a routes file; its
// golden is Rails 6.1's table with those gems required (scripts/oracle.mjs). The cases below
// check what Routemap says where it cannot follow a gem's body: their expectations are in
// shared-mapper/test/expect/gem-mappers.txt (UPDATE_EXPECT=1 rewrites it).
import { test } from "node:test";
import assert from "node:assert/strict";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { formatSheet } from "../dist/index.js";
import { FIXTURES } from "../../test-fixtures/lib/cases.mjs";
import { expectText, mapper, renderAnnotated } from "./helpers.mjs";

const DIR = join(FIXTURES, "gem-mappers");
const EXPECT = join(import.meta.dirname, "expect", "gem-mappers.txt");
const walk = (d) => readdirSync(d).sort().flatMap((n) => (statSync(join(d, n)).isDirectory() ? walk(join(d, n)) : [join(d, n)]));

/** A fixture's gems as a host gives them: every file of each gem's lib/ (the host's own choice of files is tested in server/test/gemMappers.test.mjs). */
function fixtureGems(dir) {
  return readdirSync(join(dir, "gems")).sort().map((gem) => {
    const root = join(dir, "gems", gem);
    return { gem, version: "0.1.0", dir: root, files: Object.fromEntries(walk(join(root, "lib")).map((p) => [p, readFileSync(p, "utf8")])) };
  });
}

/**
 * A fixture's gem file a constant is autoloaded from, by Zeitwerk's naming (`Shelf::Routes::Browsable`,
 * gems/shelf/lib/shelf/routes/browsable.rb), as a host gives it (`MapInput.gemClass`; the host's own
 * lookup is tested in server/test/gemMappers.test.mjs).
 */
function fixtureGemClass(dir) {
  return (constant) => {
    const rel = constant.split("::").map((n) => n.replace(/([a-z\d])([A-Z])/g, "$1_$2").toLowerCase()).join("/") + ".rb";
    for (const gem of readdirSync(join(dir, "gems")).sort()) {
      const root = join(dir, "gems", gem);
      const path = join(root, "lib", rel);
      if (existsSync(path)) return { gem, version: "0.1.0", dir: root, files: { [path]: readFileSync(path, "utf8") } };
    }
    return undefined;
  };
}

for (const name of readdirSync(DIR).sort()) {
  const dir = join(DIR, name);
  if (!statSync(dir).isDirectory()) continue;
  test(`gem-mappers/${name}: the table is Rails' with the gems required`, async () => {
    const golden = readFileSync(join(dir, "rails-6.1.txt"), "utf8").split("\n").slice(1).join("\n");
    const entry = join(dir, "routes.rb");
    const result = (await mapper()).map({ entry, files: { [entry]: readFileSync(entry, "utf8") }, gemMappers: () => fixtureGems(dir), gemClass: fixtureGemClass(dir), options: { railsVersion: "6.1", rubyVersion: "3.1" } });
    assert.deepEqual(result.diagnostics, []);
    assert.deepEqual(result.openRegions, []);
    assert.equal(formatSheet(result.routes, { railsVersion: "6.1" }), golden);
  });
}

// ---- what Routemap says of a gem's body it cannot follow ----------------------------------

const ORBIT = "/gems/orbit-1.2.0";
/** A gem `orbit` whose lib/orbit.rb is `lib`. */
const orbit = (lib) => [{ gem: "orbit", version: "1.2.0", dir: ORBIT, files: { [`${ORBIT}/lib/orbit.rb`]: lib } }];

const CASES = [
  {
    name: "a setting of the gem's configuration: the route is kept, the constraint marked",
    gems: orbit(`class ActionDispatch::Routing::Mapper
  def mount_orbit(at: "orbit")
    get at, to: "orbit/home#index", as: :orbit, constraints: Orbit.configuration.constraint
  end
end`),
    routes: `mount_orbit\nmount_orbit at: "space", as: :space`,
  },
  {
    name: "a scope path from the gem's configuration: the scope is skipped, said at the call",
    gems: orbit(`module Orbit
  module Routes
    def orbit_admin(&block)
      scope Orbit.configuration.admin_path, as: "orbit_admin" do
        resources :satellites
        yield if block
      end
    end
  end
end
ActionDispatch::Routing::Mapper.send(:include, Orbit::Routes)`),
    routes: `orbit_admin do\n  resources :moons\nend\nresources :planets`,
  },
  {
    name: "Module.new included in an engine's initializer (Avo's shape); the engine is not run",
    gems: orbit(`module Orbit
  class Engine < ::Rails::Engine
    isolate_namespace Orbit
    initializer "orbit.routes" do
      ActionDispatch::Routing::Mapper.include(Module.new {
        def mount_orbit(at: "/orbit", **options)
          mount Orbit::Engine, at: at, **options
        end
      })
    end
  end
end`),
    routes: `mount_orbit at: "/o"`,
  },
  {
    name: "a condition the gem's body cannot decide: both branches, the routes marked",
    gems: orbit(`class ActionDispatch::Routing::Mapper
  def mount_orbit
    get "orbit", to: "orbit#index", as: :orbit
    if Orbit.configuration.registration
      post "orbit/register", to: "orbit#register", as: :orbit_register
    else
      get "orbit/closed", to: "orbit#closed", as: :orbit_closed
    end
  end
end`),
    routes: `mount_orbit if Rails.env.production?\nscope "x", as: "x" do\n  mount_orbit\nend`,
  },
  {
    name: "the mapper's own state (`@scope`) read by a gem's method is unknown, not nil",
    gems: orbit(`class ActionDispatch::Routing::Mapper
  def orbit_here
    if @scope[:as]
      get "orbit", to: "orbit#index", as: :orbit
    else
      get "orbit", to: "orbit#index", as: :orbit_top
    end
  end
end`),
    routes: `orbit_here`,
  },
  {
    name: "a method no gem defines stays unknown",
    gems: orbit(`class ActionDispatch::Routing::Mapper\n  def mount_orbit; get "o", to: "o#i"; end\nend`),
    routes: `mount_nebula\nget "x", to: "x#i", as: :x`,
  },
  {
    name: "a gem that redefines a method of Rails' DSL: Rails' (as Routemap models it) is used",
    gems: orbit(`class ActionDispatch::Routing::Mapper\n  def resources(*) = get("hijacked", to: "h#i")\nend`),
    routes: `resources :stars, only: :index`,
  },
  {
    name: "a gem's routes class whose `call` reads the gem's configuration: said at `concerns`, naming the gem's line",
    classes: {
      "Orbit::Routes::Dock": `module Orbit
  module Routes
    class Dock
      def initialize(defaults = {})
        @defaults = defaults
      end

      def call(mapper, options = {})
        mapper.get "dock", action: "index", as: "dock"
        mapper.get Orbit.configuration.bay_path, action: "bay", as: "bay"
      end
    end
  end
end`,
    },
    routes: `concern :dockable, Orbit::Routes::Dock.new
resources :ships, only: [] do
  concerns :dockable
end`,
  },
  {
    name: "a gem's class the installed gem does not have: the concern stays unknown",
    classes: {},
    routes: `concern :dockable, Orbit::Routes::Dock.new
resources :ships, only: [:index] do
  concerns :dockable
end`,
  },
  {
    name: "a gem's namespace module is not read as a class",
    classes: { "Orbit::Routes": `module Orbit
  module Routes
    def self.new(*) = raise("not read")
  end
end` },
    routes: `concern :dockable, Orbit::Routes.new
resources :ships, only: [:index], concerns: :dockable`,
  },
  {
    name: "a gem's class whose superclass has its own file: read too; one including a module (never read): unknown, no error",
    classes: {
      "Orbit::Routes::Dock": `module Orbit
  module Routes
    class Dock < Orbit::Routes::Base
      def paths = ["dock"]
    end
  end
end`,
      "Orbit::Routes::Base": `module Orbit
  module Routes
    class Base
      def call(mapper, options = {})
        paths.each { |p| mapper.get p, action: p }
      end
    end
  end
end`,
      "Orbit::Routes::Bay": `module Orbit
  module Routes
    class Bay
      include Orbit::Routes::Drawing
    end
  end
end`,
      "Orbit::Routes::Drawing": `module Orbit
  module Routes
    module Drawing
      def call(mapper, options = {}) = mapper.get("bay")
    end
  end
end`,
    },
    routes: `concern :dockable, Orbit::Routes::Dock.new
concern :bay, Orbit::Routes::Bay.new
resources :ships, only: [] do
  concerns :dockable
  concerns :bay
end`,
  },
  {
    name: "a gem's class as a constraint object and as a mounted Rack app",
    classes: {
      "Orbit::Gate": `module Orbit
  class Gate
    def matches?(request)
      request.subdomain == "orbit"
    end
  end
end`,
      "Orbit::Beacon": `module Orbit
  class Beacon
    def call(env)
      [200, {}, ["ok"]]
    end
  end
end`,
    },
    routes: `constraints Orbit::Gate.new do
  get "gated", to: "gate#show"
end
mount Orbit::Beacon.new => "/beacon"
mount Orbit::Beacon, at: "/beacon2", as: :beacon2`,
  },
];

/** A case's gem classes as the host gives them (`MapInput.gemClass`), by constant. */
const gemClassOf = (c) => c.classes && ((constant) => {
  const text = c.classes[constant];
  const path = `${ORBIT}/lib/${constant.split("::").map((n) => n.replace(/([a-z\d])([A-Z])/g, "$1_$2").toLowerCase()).join("/")}.rb`;
  return text === undefined ? undefined : { gem: "orbit", version: "1.2.0", dir: ORBIT, files: { [path]: text } };
});

test("gem-mappers: what Routemap says where it cannot follow a gem's method", async () => {
  const m = await mapper();
  const parts = [];
  for (const c of CASES) {
    const entry = "/app/config/routes.rb";
    const text = `Rails.application.routes.draw do\n${c.routes}\nend`;
    const result = m.map({ entry, files: { [entry]: text }, gemMappers: () => c.gems ?? [], gemClass: gemClassOf(c), options: { railsVersion: "6.1", rubyVersion: "3.1" } });
    parts.push(renderAnnotated(c.name, result, entry, text));
  }
  expectText(EXPECT, parts.join("\n\n") + "\n");
});

test("gem-mappers: the gems' files are read only when the routes call a method the DSL lacks", async () => {
  let asked = 0;
  const gemMappers = () => (asked++, orbit(`class ActionDispatch::Routing::Mapper\n  def mount_orbit; end\nend`));
  const m = await mapper();
  m.map({ entry: "r.rb", files: { "r.rb": "Rails.application.routes.draw do\n  resources :a\nend\n" }, gemMappers, options: { railsVersion: "6.1" } });
  assert.equal(asked, 0);
  m.map({ entry: "r.rb", files: { "r.rb": "Rails.application.routes.draw do\n  mount_orbit\n  mount_orbit\nend\n" }, gemMappers, options: { railsVersion: "6.1" } });
  assert.equal(asked, 1);
});

test("gem-mappers: a gem's class file is asked for once per nested constant nothing else defines", async () => {
  const asked = [];
  const gemClass = (constant) => (asked.push(constant), undefined);
  const m = await mapper();
  const text = "Rails.application.routes.draw do\n  X = 1\n  concern :a, Orbit::Routes::Dock.new\n  concern :b, Orbit::Routes::Dock.new\n  get \"x\", to: \"x#i\", constraints: { id: X }\nend\n";
  m.map({ entry: "r.rb", files: { "r.rb": text }, gemClass, options: { railsVersion: "6.1" } });
  assert.deepEqual(asked, ["Orbit::Routes", "Orbit::Routes::Dock"]);
});
