// Code that runs only under a condition Routemap decides as it decides the routes' (ENV,
// Rails.env, the app's settings and constants, literals): each fixture of test-fixtures/run-conditions
// shown line by line with its URL uses (`^`) and what must hold for each to run, compared with the
// `.expected` file beside it (UPDATE_EXPECT=1 rewrites them); then `MapResult.decide` on a mapped app.
import { test } from "node:test";
import assert from "node:assert/strict";
import { existsSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { FIXTURES } from "../../test-fixtures/lib/cases.mjs";
import { mapper } from "./helpers.mjs";

const DIR = join(FIXTURES, "run-conditions");
const PLACE = { erb: "app/views/posts", haml: "app/views/posts", slim: "app/views/posts", rb: "app/controllers" };

async function check(name) {
  const path = join(DIR, name);
  const text = readFileSync(path, "utf8");
  const folder = name.endsWith("_test.rb") ? "test/integration" : name.endsWith("_helper.rb") ? "app/helpers" : PLACE[name.split(".").pop()];
  const { calls, hashes } = (await mapper()).fileUses(`/app/${folder}/${name}`, text);
  const uses = [...calls.map((c) => ({ ...c, what: c.name })), ...hashes.map((h) => ({ ...h, what: `{${[...h.keys.keys()].join(", ")}}` }))];
  const out = [];
  text.replace(/\n$/, "").split("\n").forEach((line, i) => {
    out.push(line);
    for (const u of uses.filter((u) => u.span.start.line === i).sort((a, b) => a.span.start.character - b.span.start.character)) {
      const when = u.when ? ` runs only if ${u.when.map((w) => (w.holds ? w.test : `not (${w.test})`)).join(" and ")}` : " always checked";
      out.push(`${" ".repeat(u.span.start.character)}${"^".repeat(Math.max(1, u.span.end.character - u.span.start.character))} ${u.what}:${when}`);
    }
  });
  const actual = out.join("\n") + "\n";
  const expectedPath = `${path}.expected`;
  if (process.env.UPDATE_EXPECT === "1" || (!existsSync(expectedPath) && process.env.CI !== "true")) writeFileSync(expectedPath, actual);
  assert.ok(existsSync(expectedPath), `missing ${expectedPath}: run with UPDATE_EXPECT=1`);
  assert.equal(actual, readFileSync(expectedPath, "utf8"));
}

for (const name of readdirSync(DIR).filter((n) => !n.endsWith(".expected")).sort()) {
  test(`run conditions: ${name}`, () => check(name));
}

/** An app whose routes read ENV, a setting and a constant, mapped with `env`. */
async function mapApp(env) {
  const files = new Map([
    ["/app/config/application.rb", 'require "action_controller/railtie"\nmodule Shop\n  class Application < Rails::Application\n    config.x.legacy = true\n  end\nend\n'],
    ["/app/config/initializers/features.rb", "FEATURES = { a: true, b: false }.freeze\n"],
    ["/app/config/routes.rb", 'Rails.application.routes.draw do\n  get "home", to: "home#show" if ENV["ENABLE_NEW_HOME"]\n  get "a", to: "a#show" if FEATURES[:a]\nend\n'],
    ["/app/app/models/plan.rb", "class Plan\n  LIMIT = 3\nend\n"],
  ]);
  return (await mapper()).map({ entry: "/app/config/routes.rb", files, options: { env } });
}

test("MapResult.decide: a condition decided as the routes' conditions are, in the table's environment", async () => {
  const unset = await mapApp({});
  const set = await mapApp({ ENABLE_NEW_HOME: "true" });
  assert.deepEqual(unset.routes.map((r) => r.name), ["a"]);
  assert.deepEqual(set.routes.map((r) => r.name), ["home", "a"]);
  const boolean = 'ActiveModel::Type::Boolean.new.serialize(ENV["ENABLE_NEW_HOME"])';
  assert.equal(unset.decide(boolean), false);
  assert.equal(set.decide(boolean), true);
  assert.equal(unset.decide('ENV["ENABLE_NEW_HOME"]'), false);
  assert.equal(set.decide('!ENV["ENABLE_NEW_HOME"]'), false);
  assert.equal(unset.decide("Rails.env.production?"), false);
  assert.equal(unset.decide('("development") === (Rails.env)'), true);
  assert.equal(unset.decide("Rails.application.config.x.legacy"), true);
  assert.equal(unset.decide("FEATURES[:a]"), true);
  assert.equal(unset.decide("FEATURES[:b]"), false);
  // What Routemap cannot know, or what raises: undecided, the code stays checked.
  assert.equal(unset.decide("Flipper.enabled?(:home)"), undefined);
  assert.equal(unset.decide('ENV.fetch("MISSING")'), undefined);
  assert.equal(unset.decide("1 +"), undefined);
  assert.equal(unset.decide("loop { }"), undefined);
  // A file the map did not read is not read for a decision (the editor maps again only when one it read changes).
  assert.equal(unset.decide("Plan::LIMIT == 3"), undefined);
  // Deciding leaves the table as it was.
  assert.deepEqual(unset.routes.map((r) => r.name), ["a"]);
  assert.ok(!unset.files.includes("/app/app/models/plan.rb"));
});

test("MapResult.nameOf: a String or Symbol computed as `decide` decides (a gem's layout setting), else undefined", async () => {
  const unset = await mapApp({});
  const set = await mapApp({ ENABLE_NEW_HOME: "marketing" });
  assert.equal(set.nameOf('ENV["ENABLE_NEW_HOME"]'), "marketing");
  assert.equal(unset.nameOf('ENV.fetch("ENABLE_NEW_HOME", "application")'), "application");
  assert.equal(unset.nameOf("FEATURES.keys.first"), "a");
  assert.equal(unset.nameOf('ENV["ENABLE_NEW_HOME"]'), undefined); // nil is no layout's name
  assert.equal(unset.nameOf("FEATURES[:a]"), undefined);
  assert.equal(unset.nameOf("Lantern.layout"), undefined);
  assert.deepEqual(unset.routes.map((r) => r.name), ["a"]);
});
