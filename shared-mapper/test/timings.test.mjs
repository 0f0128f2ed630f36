// A map says where its time went (`timings`): the parses of the files it read, and the rest.
// `npm run bench` reports these; the editor's redraw of an unchanged file parses nothing.
import { test } from "node:test";
import assert from "node:assert/strict";
import { mapper } from "./helpers.mjs";

const routes = `Rails.application.routes.draw do
  resources :posts
  draw :admin
end
`;
const admin = `namespace :admin do
  resources :reports, only: :index
end
`;

function map(m, files) {
  return m.map({ entry: "config/routes.rb", files: new Map(Object.entries(files)) });
}

test("a map's timings split its time between parsing and evaluating", async () => {
  const m = await mapper();
  // Texts no earlier test mapped under these paths: both files are parsed in this map.
  const first = map(m, { "config/routes.rb": routes + "# timings\n", "config/routes/admin.rb": admin });
  assert.equal(first.routes.length, 9);
  assert.ok(first.timings.parse > 0, `parse ${first.timings.parse}`);
  assert.ok(first.timings.evaluation > 0, `evaluation ${first.timings.evaluation}`);

  // The same texts again: both trees come from the cache, so nothing is parsed.
  const again = map(m, { "config/routes.rb": routes + "# timings\n", "config/routes/admin.rb": admin });
  assert.equal(again.routes.length, 9);
  assert.equal(again.timings.parse, 0);
  assert.ok(again.timings.evaluation > 0);

  // One file edited: only it is parsed.
  const edited = map(m, { "config/routes.rb": routes + "# timings, edited\n", "config/routes/admin.rb": admin });
  assert.ok(edited.timings.parse > 0);
  assert.deepEqual(edited.files, ["config/routes.rb", "config/routes/admin.rb"]);
});
