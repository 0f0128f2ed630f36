// An app's own inflection rules, read from its initializers (src/app/inflectionRules.ts). Real
// Rails' answer for the rules Routemap reads is test-fixtures/apps/inflections; here, what it cannot read.
import { test } from "node:test";
import assert from "node:assert/strict";
import { mapper } from "./helpers.mjs";

const APPLICATION = 'require "action_controller/railtie"\nmodule Shop\n  class Application < Rails::Application\n  end\nend\n';

async function mapApp(inflections, routes) {
  return (await mapper()).map({
    entry: "/app/config/routes.rb",
    files: { "/app/config/application.rb": APPLICATION, "/app/config/initializers/inflections.rb": inflections, "/app/config/routes.rb": `Rails.application.routes.draw do\n${routes}\nend\n` },
    options: { railsVersion: "7.1", rubyVersion: "3.3" },
  });
}
const names = (result) => result.routes.map((r) => r.name).filter(Boolean);
const notes = (result) => result.diagnostics.map((d) => `${d.severity} ${d.span.file.replace("/app/", "")}:${d.span.start.line}: ${d.message}`);

test("a rule Routemap cannot read is an info diagnostic on it; the rules around it still apply", async () => {
  const result = await mapApp(
    [
      "ActiveSupport::Inflector.inflections(:en) do |inflect|",
      '  inflect.irregular "drive", "drives"',
      "  inflect.irregular WORD, \"words\"",
      "  inflect.clear :plurals",
      '  inflect.plural(/(x)$/, SUFFIX)',
      '  inflect.uncountable "totp"',
      "end",
      "ActiveSupport::Inflector.inflections { puts 1 }",
    ].join("\n"),
    "  resources :drives, only: :show\n  resources :totp, only: [:index, :show]",
  );
  assert.deepEqual(names(result), ["drive", "totp_index", "totp"]);
  assert.deepEqual(notes(result), [
    "info config/initializers/inflections.rb:2: Routemap does not read this inflection rule (`irregular` with words not written out): the names the routes make with it may differ from Rails'.",
    "info config/initializers/inflections.rb:3: Routemap does not read this inflection rule (`clear`, which Routemap does not model): the names the routes make with it may differ from Rails'.",
    "info config/initializers/inflections.rb:4: Routemap does not read this inflection rule (`plural` with a rule or replacement not written out, or a regexp Routemap's Ruby regexp engine does not take): the names the routes make with it may differ from Rails'.",
    "info config/initializers/inflections.rb:7: Routemap does not read this inflection rule (an `inflections` call without a block parameter): the names the routes make with it may differ from Rails'.",
  ]);
});

test("without rules of the app's own, names follow English; the next map does not keep another app's rules", async () => {
  const own = await mapApp('ActiveSupport::Inflector.inflections(:en) do |inflect|\n  inflect.irregular "drive", "drives"\nend\n', "  resources :drives, only: :show");
  assert.deepEqual(names(own), ["drive"]);
  const english = await mapApp("# no rules\n", "  resources :drives, only: :show");
  assert.deepEqual(names(english), ["drife"]);
});

test("a rule on the rules themselves is read; rules inside other code are said", async () => {
  const result = await mapApp(
    [
      'ActiveSupport::Inflector.inflections(:en).irregular "drive", "drives"',
      "ActiveSupport::Inflector.inflections(:es).irregular 'corte', 'cortes'",
      "if ENV['LEGACY']",
      '  ActiveSupport::Inflector.inflections { |i| i.irregular "fez", "fezzes" }',
      "end",
    ].join("\n"),
    "  resources :drives, only: :show\n  resources :fezzes, only: :show",
  );
  assert.deepEqual(names(result), ["drive", "fezze"]);
  assert.deepEqual(notes(result), [
    "info config/initializers/inflections.rb:3: Routemap does not read this inflection rule (an `inflections` call inside other code, which Routemap does not run): the names the routes make with it may differ from Rails'.",
  ]);
});

// Issue 30: a rule's regexp runs on the Ruby regexp engine (src/ruby/jsRegExp.ts), not V8's
// backtracker, where `/(a|a)*c$/` against a long word never ends.
test("a rule that backtracks exponentially in V8 costs linear time", async () => {
  const word = "a".repeat(40);
  const t0 = performance.now();
  const result = await mapApp(
    'ActiveSupport::Inflector.inflections(:en) do |inflect|\n  inflect.singular(/(a|a)*c$/i, "x")\n  inflect.singular(/^(a|a)*$/i, "\\\\1b")\nend\n',
    `  resources :${word}c, only: :show\n  resources :${word}, only: :show`,
  );
  assert.ok(performance.now() - t0 < 5000);
  // ActiveSupport: "a"*40+"c" singularizes to "x" (the rule replaces the whole match), "a"*40 to "ab".
  assert.deepEqual(names(result), ["x", "ab"]);
});

test("an irregular or acronym word with regexp syntax is not read (ActiveSupport reads it as a pattern)", async () => {
  const t0 = performance.now();
  const result = await mapApp(
    'ActiveSupport::Inflector.inflections(:en) do |inflect|\n  inflect.irregular "(a|a)*c", "zz"\n  inflect.acronym "(a|a)*c"\n  inflect.irregular "person", "people"\nend\n',
    `  resources :${"a".repeat(40)}c, only: :show\n  resources :people, only: :show`,
  );
  assert.ok(performance.now() - t0 < 5000);
  assert.deepEqual(names(result).slice(1), ["person"]);
  assert.deepEqual(notes(result).filter((n) => n.includes("regexp syntax")).length, 2);
});

test("String#humanize follows the app's `human` rules; after one it cannot read, its value is unknown and said", async () => {
  const routes = '  get "legacy_id".humanize.parameterize, to: "x#y", as: :legacy\n  get "a_b".titleize.parameterize, to: "x#y", as: :title';
  const read = await mapApp('ActiveSupport::Inflector.inflections(:en) do |inflect|\n  inflect.human "legacy_id", "Former"\nend\n', routes);
  assert.deepEqual(read.routes.map((r) => r.path), ["/former(.:format)", "/a-b(.:format)"]);
  const unread = await mapApp('ActiveSupport::Inflector.inflections(:en) do |inflect|\n  inflect.human WORD, "Former"\nend\n', routes);
  assert.deepEqual(names(unread), []);
  assert.deepEqual(notes(unread).slice(1), [
    'info config/routes.rb:1: Routemap skipped this `get`: it depends on `"legacy_id".humanize.parameterize` (through `"legacy_id".humanize`), the app\'s `human` inflection rules, one of which Routemap could not read.',
    'info config/routes.rb:2: Routemap skipped this `get`: it depends on `"a_b".titleize.parameterize` (through `"a_b".humanize`), the app\'s `human` inflection rules, one of which Routemap could not read.',
  ]);
});

test("a regexp rule runs on Ruby's engine with a budget, as ActiveSupport runs it: a backtracking pattern answers at once", { timeout: 10_000 }, async () => {
  const a40 = "a".repeat(40);
  const started = Date.now();
  const result = await mapApp(
    'ActiveSupport::Inflector.inflections(:en) do |inflect|\n  inflect.singular(/^(a|aa)*c$/i, "x")\nend\n',
    `  resources :${a40}c, only: :show\n  resources :"${a40}!c", controller: "posts", only: :index\n  resources :drives, only: :show`,
  );
  // Ruby: ("a" * 40 + "c").singularize == "x"; the "!c" word fails the rule (V8's backtracking took 54 s on it).
  assert.deepEqual(names(result).slice(0, 1), ["x"]);
  assert.ok(names(result).includes("drife"));
  assert.ok(Date.now() - started < 5_000, `${Date.now() - started} ms`);
});

test("a word with a comma, a colon or an apostrophe is read as the text it is (both regexp engines take those as themselves); one with regexp syntax is not", async () => {
  const result = await mapApp(
    [
      "ActiveSupport::Inflector.inflections(:en) do |inflect|",
      '  inflect.irregular "oil, or camphor", "oils, or camphor"',
      '  inflect.irregular "person: staff", "people: staff"',
      '  inflect.irregular "o.k", "o.ks"',
      "end",
    ].join("\n"),
    "  resources :oils, only: :show",
  );
  assert.deepEqual(names(result), ["oil"]);
  assert.deepEqual(notes(result), [
    "info config/initializers/inflections.rb:3: Routemap does not read this inflection rule (a word with regexp syntax, which ActiveSupport reads as a pattern): the names the routes make with it may differ from Rails'.",
  ]);
});

test("a loop of rules runs over the values Routemap computes; over others, or with a statement it cannot read, none of its rules applies, and it is said", async () => {
  const result = await mapApp(
    [
      "ActiveSupport::Inflector.inflections(:en) do |inflect|",
      '  2.times { |i| inflect.irregular "drive#{i}", "drive#{i}z" }',
      '  [WORDS].each { |w| inflect.irregular w, "#{w}s" }',
      "  (1..2).each do |i|",
      '    inflect.irregular "cactus#{i}", "cacti#{i}"',
      "    inflect.clear :plurals",
      "  end",
      '  1.upto(100_000) { |n| inflect.acronym "K#{n}" }',
      "end",
    ].join("\n"),
    "  resources :drive0z, only: :show\n  resources :drive1z, only: :show\n  resources :cacti1, only: :show",
  );
  // The first loop's rules: drive0z and drive1z name drive0 and drive1; the third loop's none (cacti1 stays English's).
  assert.deepEqual(names(result), ["drive0", "drive1", "cacti1"]);
  assert.deepEqual(notes(result), [
    "info config/initializers/inflections.rb:2: Routemap does not read this inflection rule (in a loop, `irregular` with words not written out): the names the routes make with it may differ from Rails'.",
    "info config/initializers/inflections.rb:3: Routemap does not read this inflection rule (in a loop, `clear`, which Routemap does not model): the names the routes make with it may differ from Rails'.",
    "info config/initializers/inflections.rb:7: Routemap does not read this inflection rule (a loop of more than 1000 rules): the names the routes make with it may differ from Rails'.",
  ]);
});
