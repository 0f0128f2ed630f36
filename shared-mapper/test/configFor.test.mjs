// `Rails.application.config_for` (framework/configFor.ts, core/orderedOptions.ts). What Rails 6.1
// answers is in the fixture app config-for (goldens from booted Rails); here: the errors Rails
// raises (messages as Debian's Rails 6.1 and Ruby 3.1 print them), what the series 7.x/8.x
// do otherwise (read from rails/rails, each case naming the lines it follows), and what stays
// unknown (ERB, Ruby-specific YAML, a routes file with no app).
import { test } from "node:test";
import assert from "node:assert/strict";
import { mapper } from "./helpers.mjs";

const application = 'require "rails"\nrequire "action_controller/railtie"\nmodule Shop\n  class Application < Rails::Application\n  end\nend\n';

/** The defaults of route `/a` whose `v:` is `expression`, with config/<name>.yml files, in a Rails series; or the first error, or the unknown's note. */
async function check({ yaml, expression, series = "6.1", env = "development" }) {
  const files = { "/app/config/application.rb": application, "/app/config/routes.rb": `Rails.application.routes.draw do\n  get "a", to: "a#a", defaults: { v: ${expression} }\nend\n` };
  for (const [name, text] of Object.entries(yaml)) files[`/app/config/${name}.yml`] = text;
  const result = (await mapper()).map({ entry: "/app/config/routes.rb", files, options: { railsVersion: series, rubyVersion: "3.1", railsEnv: env } });
  const error = result.diagnostics.find((d) => d.severity === "error");
  if (error) return `error: ${error.message}`;
  const route = result.routes.find((r) => r.path.startsWith("/a"));
  if (!route) return `no route: ${result.diagnostics.map((d) => d.message).join(" | ")}`;
  if (route.reqs.includes("«")) return `unknown: ${result.diagnostics.filter((d) => d.severity === "info").map((d) => d.message).join(" | ")}`;
  return route.reqs.replace(/^a#a /, "");
}

test("the errors Rails 6.1 raises", async () => {
  assert.equal(await check({ yaml: {}, expression: "Rails.application.config_for(:nope)" }), "error: Could not load configuration. No such file - /app/config/nope.yml");
  assert.equal(await check({ yaml: { top: "- 1\n" }, expression: "Rails.application.config_for(:top)" }), "error: undefined method `deep_symbolize_keys' for [1]:Array");
  assert.equal(await check({ yaml: { x: "shared:\n  a: 1\nproduction:\n  b: \"!\"\n" }, expression: "Rails.application.config_for(:x).b!" }), "error: :b is blank");
});

test("an empty file, a missing section: nil; a section that is not a Hash stays as it is", async () => {
  assert.equal(await check({ yaml: { x: "" }, expression: "Rails.application.config_for(:x).inspect" }), '{:v=>"nil"}');
  assert.equal(await check({ yaml: { x: "production:\n  a: 1\n" }, expression: "Rails.application.config_for(:x).inspect" }), '{:v=>"nil"}');
  assert.equal(await check({ yaml: { x: "shared:\n  a: 1\ndevelopment: [2]\n" }, expression: "Rails.application.config_for(:x)" }), "{:v=>[2]}");
  // `shared:` alone: an OrderedOptions of it.
  assert.equal(await check({ yaml: { x: "shared:\n  a: 1\n" }, expression: "Rails.application.config_for(:x).inspect" }), '{:v=>"#<ActiveSupport::OrderedOptions {:a=>1}>"}');
  // `to_s` is Hash's: no class name.
  assert.equal(await check({ yaml: { x: "shared:\n  a: 1\n" }, expression: '"#{Rails.application.config_for(:x)}"' }), '{:v=>"{:a=>1}"}');
});

test("a `shared:` that is not a Hash: 6.1 raises, 7.0 and later return it (railties application.rb, 6.1:249-254 against 7.0:226-233)", async () => {
  const yaml = { x: "shared: [1]\n" };
  const expression = "Rails.application.config_for(:x)";
  assert.equal(await check({ yaml, expression }), "error: undefined method `deep_merge' for [1]:Array");
  for (const series of ["7.0", "7.1", "7.2", "8.0", "8.1"]) assert.equal(await check({ yaml, expression, series }), "{:v=>[1]}", series);
});

test("OrderedOptions#dig: Hash's in 6.1 and 7.0, every key a Symbol in 7.1, the first in 7.2 and later (ordered_options.rb)", async () => {
  const yaml = { x: "development:\n  a:\n    b: 1\n" };
  const expression = 'Rails.application.config_for(:x).dig("a", "b").inspect';
  const answers = { "6.1": "nil", "7.0": "nil", "7.1": "1", "7.2": "nil", "8.0": "nil", "8.1": "nil" };
  for (const [series, answer] of Object.entries(answers)) assert.equal(await check({ yaml, expression, series }), `{:v=>${JSON.stringify(answer)}}`, series);
  assert.equal(await check({ yaml, expression: 'Rails.application.config_for(:x).dig("a", :b).inspect', series: "8.1" }), '{:v=>"1"}');
});

test("what config_for reads that Routemap does not run or cannot type is unknown, and said", async () => {
  const cases = [
    // ERB is run where its tags print expressions Routemap knows (dsl/erb.ts); here ENV is not given.
    ["development:\n  host: <%= ENV.fetch('HOST', 'x') %>\n", "a YAML file run through ERB: a template that prints `ENV.fetch('HOST', 'x')`"],
    ["development:\n<% if true %>\n  host: x\n<% end %>\n", "an ERB template with Ruby statements"],
    ["development:\n  on: yes\n", "YAML 1.2"],
    ["development:\n  k: !ruby/regexp /a/\n", "cannot parse"],
  ];
  for (const [text, why] of cases) {
    const said = await check({ yaml: { x: text }, expression: "Rails.application.config_for(:x)" });
    assert.match(said, /^unknown: /, text);
    assert.ok(said.includes(why), `${text}: ${said}`);
  }
});

test("ERB whose tags print expressions is run before the YAML is read, as Rails' config_for runs it (comments print nothing)", async () => {
  const yaml = { x: "shared:\n  a: <%= 1 + 2 %>\n  <%# note %>\ndevelopment:\n  b: <%= \"x\" * 2 %>\n" };
  assert.equal(await check({ yaml, expression: "Rails.application.config_for(:x)" }), "{:v=>#<ActiveSupport::OrderedOptions {:a=>3, :b=>\"xx\"}>}");
  assert.equal(await check({ yaml, expression: 'YAML.load(ERB.new(File.read(Rails.root.join("config/x.yml"))).result)["development"]' }), '{:v=>{"b"=>"xx"}}');
  // A hostile one: tags by the thousand are not run (each is a parse and an evaluation on every map), nor an unclosed tag.
  const many = { x: "development:\n" + Array.from({ length: 1001 }, (_, i) => `  k${i}: <%= ${i} %>\n`).join("") };
  assert.match(await check({ yaml: many, expression: "Rails.application.config_for(:x)" }), /^unknown: .*more than 1000 tags/);
  assert.match(await check({ yaml: { x: "development:\n  a: <%= 1\n".repeat(2000) }, expression: "Rails.application.config_for(:x)" }), /^unknown: .*Ruby statements/);
  // A template built in the code is not run.
  assert.match(await check({ yaml: {}, expression: 'ERB.new("a: <%= 1 %>").result' }), /^unknown: .*built in the code/);
});

test("merge keys as Psych merges them, in YAML.load_file too (an inline mapping needs no alias)", async () => {
  const yaml = { x: "d: &d\n  a: 1\n  b: 2\ndevelopment:\n  b: 3\n  <<: *d\n  c: 4\n" };
  assert.equal(await check({ yaml, expression: "Rails.application.config_for(:x)" }), "{:v=>#<ActiveSupport::OrderedOptions {:b=>2, :a=>1, :c=>4}>}");
  // A list of mappings: the first wins, the keys in the order of the last (Ruby 3.1's Psych 4).
  const list = { x: "development:\n  <<: [{p: 1, q: 1}, {q: 2, r: 2}]\n  s: 1\n" };
  assert.equal(await check({ yaml: list, expression: "Rails.application.config_for(:x)" }), "{:v=>#<ActiveSupport::OrderedOptions {:q=>1, :r=>2, :p=>1, :s=>1}>}");
  assert.equal(await check({ yaml: { x: "x:\n  <<: {a: 1}\n  b: 2\n" }, expression: 'YAML.load_file(Rails.root.join("config/x.yml"))["x"]' }), '{:v=>{"a"=>1, "b"=>2}}');
});

test("a routes file given alone has no app to read config_for from", async () => {
  const result = (await mapper()).map({ entry: "/routes.rb", files: { "/routes.rb": 'Rails.application.routes.draw do\n  get "a", to: "a#a", defaults: { v: Rails.application.config_for(:x) }\nend\n' }, options: { railsVersion: "6.1" } });
  assert.ok(result.routes.some((r) => r.reqs.includes("«")), result.routes.map((r) => r.reqs).join("\n"));
  assert.ok(result.diagnostics.some((d) => d.message.includes("config_for")), result.diagnostics.map((d) => d.message).join("\n"));
});

test("credentials and secrets stay unknown, and the note says why", async () => {
  const expression = (name) => `Rails.application.${name}.dig(:admin, :path)`;
  assert.match(await check({ yaml: {}, expression: expression("credentials") }), /unknown: .*encrypted credentials, which only its master key opens: Routemap never reads the key, nor decrypts config\/credentials\.yml\.enc/);
  assert.match(await check({ yaml: {}, expression: expression("secrets") }), /unknown: .*config\/secrets\.yml run through ERB/);
  // Gone in 7.2 (railties 7.1 application.rb:440 deprecates it; 7.2 has no `secrets`): said, not reported as an error.
  assert.match(await check({ yaml: {}, expression: expression("secrets"), series: "7.2" }), /unknown: .*which Rails 7\.2 removed/);
  // A condition on them is undecided: both branches are drawn, each marked.
  const files = { "/app/config/application.rb": application, "/app/config/routes.rb": 'Rails.application.routes.draw do\n  if Rails.application.credentials.beta\n    get "beta", to: "beta#show"\n  end\nend\n' };
  const result = (await mapper()).map({ entry: "/app/config/routes.rb", files, options: { railsVersion: "6.1", rubyVersion: "3.1" } });
  const beta = result.routes.find((r) => r.path.startsWith("/beta"));
  assert.ok(beta && beta.conditions?.length, JSON.stringify(beta?.conditions));
});

test("config_for where apps call it: the environment file's configure block, an initializer, the application's body", async () => {
  const files = {
    "/app/config/application.rb": 'require "rails"\nrequire "action_controller/railtie"\nmodule Shop\n  class Application < Rails::Application\n    config.x.a = config_for(:a)\n  end\nend\n',
    "/app/config/environments/development.rb": "Rails.application.configure do\n  config.x.b = config_for(:b)\nend\n",
    "/app/config/initializers/c.rb": "Rails.application.config.x.c = Rails.application.config_for(:c)\n",
    "/app/config/a.yml": "development:\n  path: from-a\n",
    "/app/config/b.yml": "development:\n  path: from-b\n",
    "/app/config/c.yml": "shared:\n  path: from-c\n",
    "/app/config/routes.rb": 'Rails.application.routes.draw do\n  get Rails.configuration.x.a.path, to: "x#y", as: :a\n  get Rails.configuration.x.b.path, to: "x#y", as: :b\n  get Rails.application.config.x.c.path, to: "x#y", as: :c\nend\n',
  };
  const result = (await mapper()).map({ entry: "/app/config/routes.rb", files, options: { railsVersion: "6.1", rubyVersion: "3.1" } });
  assert.deepEqual(result.routes.filter((r) => !r.path.startsWith("/rails")).map((r) => `${r.name} ${r.path}`), ["a /from-a(.:format)", "b /from-b(.:format)", "c /from-c(.:format)"], result.diagnostics.map((d) => d.message).join("\n"));
  // The files read are among those the table depends on.
  for (const name of ["a", "b", "c"]) assert.ok(result.files.includes(`/app/config/${name}.yml`), name);
});

test("aliases that expand past any real file (a billion laughs) are unknown, quickly", async () => {
  let yaml = "a0: &a0 [x, x, x, x, x, x, x, x, x, x]\n";
  for (let i = 1; i < 10; i++) yaml += `a${i}: &a${i} [${Array(10).fill(`*a${i - 1}`).join(", ")}]\n`;
  yaml += "development:\n  v: *a9\n";
  const started = performance.now();
  assert.match(await check({ yaml: { x: yaml }, expression: "Rails.application.config_for(:x)" }), /unknown: .*more than 100000 values/);
  assert.ok(performance.now() - started < 2000);
});
