// Symbols are interned per evaluation (`RSymbol.evaluation`): within one, `===` is Ruby's
// `equal?`; the mapper's own constants are shared by all; an evaluation's names are dropped
// when it ends, so a long editor session does not keep every name it ever evaluated.
import { test } from "node:test";
import assert from "node:assert/strict";
import { RHash, RSymbol, sym } from "../dist/ruby/values.js";
import { mapper } from "./helpers.mjs";

test("within an evaluation a name is one symbol; after it, its symbols are dropped", () => {
  const permanent = sym("controller");
  const [first, again, shared] = RSymbol.evaluation(() => [sym("only_in_evaluations"), sym("only_in_evaluations"), sym("controller")]);
  assert.equal(first, again);
  assert.equal(shared, permanent);
  const second = RSymbol.evaluation(() => sym("only_in_evaluations"));
  assert.notEqual(second, first, "the first evaluation's table was dropped");
  // Hash keys compare by identity: a hash built in one evaluation works within it.
  RSymbol.evaluation(() => {
    const h = new RHash([[sym("only_in_evaluations"), 1]]);
    assert.equal(h.get(sym("only_in_evaluations")), 1);
    assert.equal(h.sget("only_in_evaluations"), 1);
  });
});

test("mapping the same routes twice gives the same table, names, defaults and requirements", async () => {
  const m = await mapper();
  const text = [
    "Rails.application.routes.draw do",
    "  resources :articles, only: [:index, :show], constraints: { id: /\\d+/ }, defaults: { format: :json }",
    "  get 'feed', to: 'feeds#show', as: :feed, via: [:get, :head]",
    "  scope module: :admin, as: :admin do",
    "    resources :reports, except: :destroy",
    "  end",
    "end",
  ].join("\n");
  const run = () => m.map({ entry: "config/routes.rb", files: new Map([["config/routes.rb", text]]), options: { railsVersion: "6.1" } });
  const rows = (r) => r.routes.map((x) => x.toJSON());
  const first = run();
  const second = run();
  assert.ok(first.routes.length > 8);
  assert.deepEqual(rows(second), rows(first));
  // The first result's routes still print after the second evaluation dropped its symbols.
  assert.deepEqual(first.routes[0].defaults, { format: ":json", controller: '"articles"', action: '"index"' });
  const show = first.routes.find((r) => r.path.includes(":id"));
  assert.deepEqual(show.requirements, { id: "/\\d+/" });
});
