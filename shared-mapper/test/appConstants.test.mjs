// Constants the app defines outside its routes files, read without running them (src/app/constants.ts).
// Real Rails' answer for the ones Routemap knows is test-fixtures/apps/constants; here, what it cannot know.
import { test } from "node:test";
import assert from "node:assert/strict";
import { mapper } from "./helpers.mjs";

async function mapApp(files) {
  const prefixed = Object.fromEntries(Object.entries(files).map(([path, text]) => [`/app/${path}`, text]));
  return (await mapper()).map({ entry: "/app/config/routes.rb", files: prefixed, options: { railsVersion: "7.1", rubyVersion: "3.3" } });
}
const APPLICATION = 'require "rails/all"\nmodule Shop\n  class Application < Rails::Application\n  end\nend\n';
const draw = (body) => `Rails.application.routes.draw do\n${body}\nend\n`;
const shown = (result) => result.routes.filter((r) => r.controller === "pages").map((r) => `${r.path} ${r.requirements.id ?? `default ${r.defaults.id}`}`);
const notes = (result) => result.diagnostics.map((d) => `${d.severity} ${d.span.start.line}: ${d.message}`);

test("a constant the app computes from what Routemap knows is computed; from what it does not, shown marked, and the note says where it is set", async () => {
  const computed = await mapApp({
    "config/application.rb": APPLICATION,
    "config/routes.rb": draw("  resources :pages, id: Patterns::COMPUTED, only: :show"),
    "lib/patterns.rb": "module Patterns\n  COMPUTED = Regexp.union(%w[a b])\nend\n",
  });
  assert.deepEqual(shown(computed), ["/pages/:id(.:format) /a|b/"]);
  assert.deepEqual(notes(computed), []);
  const unknown = await mapApp({
    "config/application.rb": APPLICATION,
    "config/routes.rb": draw("  resources :pages, id: Patterns::COMPUTED, only: :show"),
    "lib/patterns.rb": "module Patterns\n  COMPUTED = Gitlab::PathRegex.project_route_regex\nend\n",
  });
  // Whether it is a Regexp (a requirement) or not (a default) is not known: the table shows it marked either way.
  assert.deepEqual(shown(unknown), ["/pages/:id(.:format) default «Patterns::COMPUTED»"]);
  assert.deepEqual(notes(unknown), [
    "info 1: Routemap cannot compute `Patterns::COMPUTED` (a constant that lib/patterns.rb sets to `Gitlab::PathRegex.project_route_regex`, which Routemap cannot evaluate (a method Routemap does not model)); the table shows it as «Patterns::COMPUTED».",
  ]);
});

test("constants found through modules of modules, initializers and frozen literals; class names stay names", async () => {
  const result = await mapApp({
    "config/application.rb": APPLICATION,
    "config/initializers/patterns.rb": "ID = /\\d+/.freeze\n",
    "config/routes.rb": draw('  resources :pages, id: Admin::Patterns::SLUG, only: :show\n  get "x/:id", to: "pages#x", id: ID\n  mount Sidekiq::Web => "/sidekiq"'),
    "lib/admin/patterns.rb": "module Admin\n  module Patterns\n    SLUG = ::ID\n  end\nend\n",
  });
  assert.deepEqual(shown(result), ["/pages/:id(.:format) /\\d+/", "/x/:id(.:format) /\\d+/"]);
  assert.ok(result.routes.some((r) => r.path === "/sidekiq" && r.reqs === "Sidekiq::Web"));
  // The gem is not installed here: whether Sidekiq::Web is a class (and the mount named) is said.
  assert.deepEqual(notes(result).filter((n) => !n.startsWith("info") || !n.includes("Active Storage")), [
    "info 3: Rails names this mount `sidekiq_web` if `Sidekiq::Web` is a class, and gives it no name otherwise; no file Routemap reads defines it, and the table takes it for a class.",
  ]);
});

test("a routes file given without its app does not look for constants", async () => {
  const result = (await mapper()).map({ entry: "routes.rb", files: { "routes.rb": draw("  resources :pages, id: Patterns::SLUG, only: :show") }, options: { railsVersion: "7.1" } });
  assert.deepEqual(shown(result), ["/pages/:id(.:format) default «Patterns::SLUG»"]);
  assert.match(notes(result)[0], /a constant defined in none of the files Routemap has/);
});
