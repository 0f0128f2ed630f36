// An object of an app's class that inherits a gem's (`class Proxy < Rack::Proxy`, rack-proxy;
// alphagov/content-tagger mounts one): Rails mounts it, since the gem's class defines `call`.
// Routemap has not the gem's methods: it keeps the route, and marks what depends on them.
// Rails' answers are the oracle's (test/oracle/rails_routes.rb) with Rack::Files standing for
// the gem's class; test-fixtures/cases/mount/gem_superclass.rb is the golden for the rest.
import { test } from "node:test";
import assert from "node:assert/strict";
import { formatSheet } from "../dist/index.js";
import { mapper } from "./helpers.mjs";

/** Maps `text` (a routes file with its classes); returns the sheet and every diagnostic. */
async function check(text) {
  const result = (await mapper()).map({ entry: "routes.rb", files: { "routes.rb": text }, options: { railsVersion: "6.1", rubyVersion: "3.1" } });
  const diagnostics = result.diagnostics.map((d) => `${d.span.start.line}: ${d.severity}: ${d.message}`);
  return { sheet: formatSheet(result.routes, { railsVersion: "6.1" }), diagnostics };
}

test("a mounted object whose `inspect` reads what the gem's `initialize` set is printed marked, not with nil", async () => {
  // Rails: `exports      /exports        #<Exports exports>`.
  const { sheet, diagnostics } = await check(
    'class Exports < Rack::Files\n  def inspect = "#<Exports #{File.basename(@root)}>"\nend\n' +
      'Rails.application.routes.draw do\n  mount Exports.new("exports"), at: "/exports", as: :exports\nend\n',
  );
  assert.equal(sheet, " Prefix Verb URI Pattern Controller#Action\nexports      /exports    «Exports#inspect»\n");
  assert.deepEqual(diagnostics, ["4: info: Rails prints this endpoint with `Exports#inspect`, which Routemap could not compute: the table shows it as «Exports#inspect»."]);
});

test("a mounted object whose class defines no `inspect` of its own: the gem's may print it, marked", async () => {
  // Rails prints Rack::Files' instance as Ruby's default inspect, with the ivars its `initialize` set.
  const { sheet, diagnostics } = await check("class Mirror < Rack::Files\nend\nRails.application.routes.draw do\n  mount Mirror.new(\"public\") => \"/mirror\"\nend\n");
  assert.equal(sheet, "Prefix Verb URI Pattern Controller#Action\n            /mirror     «Mirror#inspect»\n");
  assert.deepEqual(diagnostics, ["3: info: Rails prints this endpoint with the object's `inspect`, which may be Rack::Files's (a class or module the app's files do not define), and which Routemap does not know: the table shows it as «Mirror#inspect»."]);
});

test("`respond_to?` of such an object is unknown for a method the files do not define, known for one they do", async () => {
  // Rails: `home GET /home(.:format) home#index` (Rack::Files defines `call`), and `ping`.
  const { sheet } = await check(
    "class Exports < Rack::Files\n  def ping = 1\nend\n" +
      'Rails.application.routes.draw do\n  get "home", to: "home#index" if Exports.new("x").respond_to?(:call)\n  get "ping", to: "ping#show" if Exports.new("x").respond_to?(:ping)\nend\n',
  );
  assert.match(sheet, /^\s+home GET\s+\/home\(\.:format\)\s+home#index «only if Exports\.new\("x"\)\.respond_to\?\(:call\)»$/m);
  assert.match(sheet, /^\s+ping GET\s+\/ping\(\.:format\)\s+ping#show$/m);
});

test("an object of a class whose ancestors the files all define still lacks what they lack", async () => {
  // Rails: ArgumentError, "A rack application must be specified".
  const { diagnostics } = await check('class Plain\nend\nRails.application.routes.draw do\n  mount Plain.new => "/plain"\nend\n');
  assert.deepEqual(diagnostics, ["3: error: A rack application must be specified"]);
});
