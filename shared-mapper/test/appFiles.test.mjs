// What the app's files know beyond its routes (framework/appSettings.ts, framework/appYaml.ts):
// where Rails' answer can be computed, the fixture apps app-settings and app-yaml hold it
// (goldens from booted Rails); here, what Routemap cannot know is said to be unknown.
import { test } from "node:test";
import assert from "node:assert/strict";
import { mapper } from "./helpers.mjs";

async function mapApp(files, options = {}) {
  const prefixed = Object.fromEntries(Object.entries(files).map(([path, text]) => [`/app/${path}`, text]));
  return (await mapper()).map({ entry: "/app/config/routes.rb", files: prefixed, options: { railsVersion: "6.1", rubyVersion: "3.1", ...options } });
}
const application = (body) => `require "rails"\nrequire "action_controller/railtie"\nmodule Shop\n  class Application < Rails::Application\n${body}\n  end\nend\n`;
const draw = (body) => `Rails.application.routes.draw do\n${body}\nend\n`;
const rows = (result) => result.routes.filter((r) => !r.path.startsWith("/rails/")).map((r) => `${r.path} ${r.reqs}`);
const notes = (result) => result.diagnostics.map((d) => `${d.severity} ${d.span.start.line}: ${d.message}`);

test("a setting assigned under a condition Routemap cannot decide, or one no file sets and whose default it does not know, is unknown", async () => {
  const files = {
    "config/application.rb": application('    config.force_ssl = true if ENV["SSL"]'),
    "config/routes.rb": draw('  root to: "home#index", protocol: Rails.application.config.force_ssl ? "https" : "http"\n  get "tz", to: "tz#show", defaults: { tz: Rails.application.config.time_zone }'),
  };
  // No environment given: ENV["SSL"] is unknown.
  const unknown = await mapApp(files);
  // The root in both worlds of the setting, each with its protocol (and marked with the condition).
  assert.deepEqual(rows(unknown), [
    '/ home#index {:protocol=>"https"}',
    '/ home#index {:protocol=>"http"}',
    "/tz(.:format) tz#show {:tz=>«Rails.application.config.time_zone»}",
  ]);
  assert.deepEqual(unknown.routes.filter((r) => r.path === "/").map((r) => r.conditions?.map((c) => `${c.holds ? "" : "!"}${c.text}`).join()), ["Rails.application.config.force_ssl", "!Rails.application.config.force_ssl"]);
  assert.ok(notes(unknown).some((n) => n.includes("assigns only if `ENV[\"SSL\"]`")), notes(unknown).join("\n"));
  assert.ok(notes(unknown).some((n) => n.includes("Rails.application.config.time_zone") && n.includes("whose default Routemap does not know")));
  // The environment known and the variable unset: Rails' default, false.
  const known = await mapApp(files, { env: {} });
  assert.ok(rows(known).includes('/ home#index {:protocol=>"http"}'), rows(known).join("\n"));
});

test("YAML the app loads is data; what Psych would read otherwise, or would run, is unknown", async () => {
  const routes = draw('  get "a", to: "a#a", defaults: { v: YAML.load_file(Rails.root.join("config/x.yml"))["v"] }');
  const read = async (yaml) => {
    const result = await mapApp({ "config/application.rb": application(""), "config/x.yml": yaml, "config/routes.rb": routes });
    return { row: rows(result).find((r) => r.startsWith("/a")), notes: notes(result) };
  };
  assert.equal((await read("v: 25\n")).row, "/a(.:format) a#a {:v=>25}");
  assert.equal((await read("v: hello\n")).row, '/a(.:format) a#a {:v=>"hello"}');
  // Quoted, `no` is a string to Psych too; plain, it is false (below).
  assert.equal((await read("v: 'no'\n")).row, '/a(.:format) a#a {:v=>"no"}');
  for (const [yaml, why] of [
    ["v: <%= ENV['X'] %>\n", "ERB"],
    ["v: yes\n", "YAML 1.2"],
    ["v: no\n", "YAML 1.2"],
    ["v: :sym\n", "YAML 1.2"],
    ["v: 2024-01-01\n", "YAML 1.2"],
    ["base: &b\n  k: 1\nv: *b\n", "anchors"],
  ]) {
    const { row, notes: said } = await read(yaml);
    assert.match(row, /«/, `${yaml} is unknown`);
    assert.ok(said.some((n) => n.includes(why)), `${yaml}: ${said.join("\n")}`);
  }
});

test("File.read gives a file's text, never parses it as Ruby: an initializer reading a YAML file with ERB reports nothing", async () => {
  const result = await mapApp({
    "config/application.rb": application(""),
    "config/fact_check.yml": 'subject_prefix: <%= ENV.fetch("PREFIX", "") %>\nreply_to: "x@example.com"\n',
    "config/initializers/fact_check.rb": 'require "yaml"\nCONFIG = YAML.safe_load(ERB.new(File.read(Rails.root.join("config/fact_check.yml"))).result)\n',
    "config/routes.rb": draw('  get "a", to: "a#a", defaults: { v: File.read(Rails.root.join("config/fact_check.yml")).lines.size }'),
  });
  assert.deepEqual(result.diagnostics.filter((d) => d.span.file.endsWith(".yml")), []);
  assert.ok(rows(result).includes("/a(.:format) a#a {:v=>2}"), rows(result).join("\n"));
  // The table depends on the file it read.
  assert.ok(result.files.includes("/app/config/fact_check.yml"));
});

test("a block given to a method of another file that instance_evals it is read from its own file", async () => {
  const settings = "class Settings\n  attr_reader :limit, :big\n  def self.define(&block)\n    s = new\n    s.instance_eval(&block)\n    s\n  end\n  def set(limit, big)\n    @limit = limit\n    @big = big\n  end\nend\n";
  const result = await mapApp({
    "config/application.rb": application(""),
    "config/routes.rb": `${settings}${draw("  draw :extra")}`,
    // Integer literals are read from their file's text: here, at offsets past the end of config/routes.rb's.
    "config/routes/extra.rb": `${"# padding\n".repeat(40)}conf = Settings.define do\n  set 30, 12_345_678_901_234_567_890\nend\nget "x", to: "a#b", defaults: { n: conf.limit, big: conf.big }\n`,
  });
  assert.deepEqual(notes(result), []);
  assert.deepEqual(rows(result), ["/x(.:format) a#b {:n=>30, :big=>12345678901234567890}"]);
});

test("config.x's groups: a method their class has (class, inspect, keys…) is no key never set (nil) but unknown, said; a group set to itself reads on", { timeout: 20_000 }, async () => {
  // Ruby (railties 6.1): with `config.x.tree.again = config.x.tree`, `x.tree.again.again.class` is
  // ActiveSupport::OrderedOptions, `x.tree.inspect` its Hash's inspect, `x.tree.keys` [:again], `x.tree.again.zz` nil.
  const result = await mapApp({
    "config/application.rb": application("    config.x.tree.again = config.x.tree"),
    "config/routes.rb": draw(
      '  get "a", to: "a#a", defaults: { v: Rails.configuration.x.tree.again.again.class }\n  get "b", to: "b#b", defaults: { v: Rails.configuration.x.tree.inspect }\n' +
        '  get "c", to: "c#c", defaults: { v: Rails.configuration.x.tree.keys }\n  get "d", to: "d#d", defaults: { v: Rails.configuration.x.tree.again.zz }\n  get "e", to: "e#e", defaults: { v: Rails.configuration.x.class }',
    ),
  });
  assert.deepEqual(rows(result), [
    "/a(.:format) a#a {:v=>«Rails.configuration.x.tree.again.again.class»}",
    "/b(.:format) b#b {:v=>«Rails.configuration.x.tree.inspect»}",
    "/c(.:format) c#c {:v=>«Rails.configuration.x.tree.keys»}",
    "/d(.:format) d#d {:v=>nil}",
    "/e(.:format) e#e {:v=>«Rails.configuration.x.class»}",
  ]);
  assert.ok(notes(result).some((n) => n.includes("a method of ActiveSupport::OrderedOptions Routemap does not model")), notes(result).join("\n"));
});

test("a framework setting assigned under a condition Routemap cannot decide: what the framework draws is drawn in each world, marked; under a decided one, only where it holds", async () => {
  const files = (condition, routes = '  get "up", to: "health#show"') => ({
    "config/application.rb": `require "rails/all"\nmodule Shop\n  class Application < Rails::Application\n    config.active_storage.draw_routes = false ${condition}\n  end\nend\n`,
    "config/routes.rb": draw(routes),
  });
  const storage = (result) => result.routes.filter((r) => r.path.startsWith("/rails/active_storage/"));
  const marks = (routes) => [...new Set(routes.map((r) => r.conditions?.map((c) => `${c.holds ? "if" : "unless"} ${c.text}`).join(" and ") ?? ""))];
  // No environment given: ENV["NO_STORAGE"] is unknown. Rails draws the routes where it does not hold.
  const undecided = await mapApp(files('if ENV["NO_STORAGE"]'));
  assert.equal(storage(undecided).length, 9);
  assert.deepEqual(marks(storage(undecided)), ['unless ENV["NO_STORAGE"]']);
  assert.deepEqual(notes(undecided), ['info 3: Routemap cannot decide whether config.active_storage.draw_routes is set to `false` (only if ENV["NO_STORAGE"]): what Rails draws from it is drawn for each case, marked with its condition where the cases differ.']);
  // The same condition in the routes file: a route of the same name drawn where it holds is not a
  // second `rails_disk_service` (the two can never both be drawn), and the helper is conditional.
  const both = await mapApp(files('if ENV["NO_STORAGE"]', '  if ENV["NO_STORAGE"]\n    get "disk/:key", to: "disk#show", as: :rails_disk_service\n  end'));
  assert.deepEqual(both.diagnostics.filter((d) => d.severity === "error"), []);
  assert.deepEqual(both.routes.filter((r) => r.name === "rails_disk_service").map((r) => `${r.path} ${marks([r])}`), ["/disk/:key(.:format) if ENV[\"NO_STORAGE\"]", "/rails/active_storage/disk/:encoded_key/*filename(.:format) unless ENV[\"NO_STORAGE\"]"]);
  // Decided conditions: only where they hold, and nothing marked.
  assert.equal(storage(await mapApp(files("if Rails.env.production?"))).length, 9);
  assert.deepEqual(marks(storage(await mapApp(files("if Rails.env.production?")))), [""]);
  assert.equal(storage(await mapApp(files("if Rails.env.production?"), { railsEnv: "production" })).length, 0);
  assert.equal(storage(await mapApp(files("unless Rails.env.production?"))).length, 0);
  // A value Routemap cannot know at all is taken as unset (Rails' default), and said.
  const computed = await mapApp({ ...files(""), "config/application.rb": files("")["config/application.rb"].replace("= false ", '= ENV.fetch("X") == "1"') });
  assert.equal(storage(computed).length, 9);
  assert.deepEqual(marks(storage(computed)), [""]);
  assert.ok(notes(computed)[0].includes("so it takes config.active_storage.draw_routes as unset"), notes(computed).join("\n"));
});

test("framework settings under several undecided conditions: worlds that never overlap, each with its value", async () => {
  const application = [
    'require "rails/all"',
    "module Shop",
    "  class Application < Rails::Application",
    '    config.active_storage.routes_prefix = "/files"',
    '    if ENV["CDN"]',
    '      config.active_storage.routes_prefix = "/cdn" if ENV["EDGE"]',
    "    else",
    "      config.active_storage.draw_routes = false",
    "    end",
    "  end",
    "end",
  ].join("\n");
  const result = await mapApp({ "config/application.rb": application, "config/routes.rb": draw('  get "up", to: "health#show"') });
  const shown = result.routes.filter((r) => r.name === "rails_service_blob").map((r) => `${r.path.split("/blobs")[0]} ${r.conditions.map((c) => `${c.holds ? "if" : "unless"} ${c.text}`).join(" and ")}`);
  assert.deepEqual(shown, ['/cdn if ENV["CDN"] and if ENV["EDGE"]', '/files if ENV["CDN"] and unless ENV["EDGE"]']);
});

test("a setting whose value under its condition changes nothing draws once, unmarked; a name Rails finds in use in one world only is a warning saying where, once", async () => {
  const files = (setting, routes = '  get "up", to: "health#show"') => ({
    "config/application.rb": `require "rails/all"\nmodule Shop\n  class Application < Rails::Application\n    ${setting}\n  end\nend\n`,
    "config/routes.rb": draw(routes),
  });
  const storage = (result) => result.routes.filter((r) => r.path.startsWith("/rails/active_storage/"));
  // identity-idp's shape: a value that is Rails' default anyway.
  for (const setting of ['config.active_storage.draw_routes = true if Settings.storage?', 'config.active_storage.routes_prefix = "/rails/active_storage" if Settings.storage?']) {
    const result = await mapApp(files(setting));
    assert.equal(storage(result).length, 9, setting);
    assert.ok(storage(result).every((r) => r.conditions === undefined), setting);
  }
  // Rails raises where Settings.cdn? does not hold: the routes file's name is Active Storage's there.
  const clash = await mapApp(files("config.active_storage.draw_routes = false if Settings.cdn?", '  get "disk/:key", to: "home#index", as: :rails_disk_service'));
  const said = clash.diagnostics.filter((d) => d.message.startsWith("Invalid route name"));
  assert.deepEqual(said.map((d) => [d.severity, d.message.split("\n").length]), [["warning", 2]]);
  assert.match(said[0].message, /Rails raises this only where `Settings.cdn\?` does not hold/);
});
