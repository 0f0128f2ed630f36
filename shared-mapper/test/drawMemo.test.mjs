// Incremental maps (`dsl/drawMemo.ts`): a map that replays drawn files from a memo must give
// exactly what a full map gives. A multi-file app (draws at the top and in a namespace, a file
// drawn twice, methods defined in config/routes.rb and called in a drawn file, a `def` that
// replaces a DSL method, names taken across files, errors, syntax errors, an inflection rule,
// a tight route budget) is edited at random, step by step; after each step the map with the
// memo kept between steps is compared with a fresh full map: routes field by field, names,
// declarations, diagnostics, open regions; and the map before it is still what it was.
import { test } from "node:test";
import assert from "node:assert/strict";
import { DrawMemo } from "../dist/index.js";
import { mapper } from "./helpers.mjs";

const ROOT = "/app";
const ENTRY = `${ROOT}/config/routes.rb`;
const DRAWN = ["a", "b", "c"];

/** Lines a drawn file may hold: most are literal DSL (replayable), some are not. */
const DRAWN_ITEMS = [
  "resources :posts",
  "resources :photos, only: %i[index show] do\n  post :publish, on: :member\nend",
  'get "about", to: "pages#about", as: :about',
  'root "home#index"',
  'get "broken", to: "nohash"',
  'resources :users, path: "people"',
  'get "y/:id", to: "y#show", constraints: { id: /\\d+/ }',
  "namespace :admin do\n  resources :posts\nend",
  "resource :profile",
  'scope "v1", as: "v1" do\n  resources :keys\nend',
  "resources :people",
  "get :search, to: \"s#q\"",
  "resources :comments do\n  resources :likes\nend",
  'get "files/*path", to: "files#show", format: false',
  'match "both", to: "b#x", via: [:get, :post], defaults: { format: :json }',
  'resources :posts, only: [] do\n  collection do\n    get :feed\n  end\nend',
  'get "pages/:id", to: "pages#show", as: "page"',
  // A concern config/routes.rb may define, or not: the routes it draws are its definition's.
  "resources :notes, concerns: :c",
  "resources :pins, only: :index, concerns: [:c, :d]",
];
/** Lines that are more than literal DSL: their files are evaluated every time. */
const OTHER_ITEMS = ["shared_routes", "x = :tags\nresources x", "resources LIST", "draw :c"];

/** Lines config/routes.rb's draw block may hold. */
const ENTRY_ITEMS = [
  "draw :a",
  "draw :b",
  "draw :c",
  "namespace :api do\n  draw :a\nend",
  'get "about", to: "pages#about", as: :about',
  "resources :posts",
  "def shared_routes\n  get \"shared\", to: \"s#x\"\nend",
  "def resources(*args)\n  get \"hijacked\", to: \"h#x\"\nend",
  "if ENV[\"X\"]\n  draw :b\nend",
  'root "home#index"',
  "concern :c do\n  resources :likes, only: :index\nend",
  "concern :d do\n  member { post :flag }\nend",
  "concern :c do |options|\n  resources :opts, options\nend",
];

function rng(seed) {
  let s = seed >>> 0;
  return () => ((s = (Math.imul(s ^ (s >>> 15), 0x2c1b3c6d) + 0x6d2b79f5) >>> 0) / 2 ** 32);
}

function files(app) {
  const out = new Map();
  out.set(`${ROOT}/config/application.rb`, 'require "rails"\nmodule App\n  class Application < Rails::Application\n  end\nend\n');
  if (app.inflection) out.set(`${ROOT}/config/initializers/inflections.rb`, 'ActiveSupport::Inflector.inflections(:en) do |inflect|\n  inflect.irregular "person", "peeps"\nend\n');
  out.set(ENTRY, `LIST = :lists\nRails.application.routes.draw do\n${app.entry.join("\n")}\nend\n`);
  for (const name of DRAWN) out.set(`${ROOT}/config/routes/${name}.rb`, app.drawn[name].join("\n") + "\n");
  return out;
}

/** One edit; what undoes it when it is a keystroke (typed, then taken out at the next step). */
function edit(app, random) {
  const pick = (xs) => xs[Math.floor(random() * xs.length)];
  const roll = random();
  if (roll < 0.05) return void (app.inflection = !app.inflection);
  const target = random() < 0.3 ? app.entry : app.drawn[pick(DRAWN)];
  const pool = target === app.entry ? ENTRY_ITEMS : random() < 0.1 ? OTHER_ITEMS : DRAWN_ITEMS;
  if (roll < 0.45 || target.length === 0) target.splice(Math.floor(random() * (target.length + 1)), 0, pick(pool));
  else if (roll < 0.65) target.splice(Math.floor(random() * target.length), 1);
  else if (roll < 0.9) {
    // A keystroke: one character typed into a line (a syntax error, a new name…), taken out again next.
    const i = Math.floor(random() * target.length);
    const before = target[i];
    const at = Math.floor(random() * (before.length + 1));
    target[i] = before.slice(0, at) + pick(["x", "s", " ", "(", "d", ":", "1"]) + before.slice(at);
    return () => void (target[i] = before);
  } else {
    const i = Math.floor(random() * target.length);
    const j = Math.floor(random() * target.length);
    [target[i], target[j]] = [target[j], target[i]];
  }
}

function snapshot(result) {
  return {
    routes: result.routes.map((r) => r.toJSON()),
    declarations: result.declarations.map((d) => d.toJSON()),
    diagnostics: result.diagnostics,
    openRegions: result.openRegions,
    customHelpers: result.customHelpers,
    engines: result.engines.map((e) => ({ name: e.name, routes: e.routes.map((r) => r.toJSON()) })),
    files: result.files,
  };
}

/** The memo as a new session finds it: its data through JSON, as the language server keeps it between sessions. */
const nextSession = (memo) => DrawMemo.restore(JSON.parse(JSON.stringify(memo.save())));

function check({ seed, steps, limits, railsVersion = "8.1", sessions = false }) {
  return async () => {
    const m = await mapper();
    const random = rng(seed);
    let memo = new DrawMemo();
    let restored = 0;
    const app = {
      inflection: false,
      entry: ["draw :a", "draw :b", "resources :posts"],
      drawn: { a: ["resources :photos", "resources :people"], b: ['get "about", to: "pages#about", as: :about'], c: ["resources :tags"] },
    };
    let replayed = 0;
    let undo;
    // A replay shares routes and records with the map before it: that map's result must not change.
    let previous;
    for (let step = 0; step < steps; step++) {
      const input = { entry: ENTRY, files: files(app), options: { railsVersion, limits } };
      if (sessions) memo = nextSession(memo);
      const result = m.map(input, { memo });
      const incremental = snapshot(result);
      replayed += memo.replayed;
      restored += memo.restored;
      const full = snapshot(m.map(input));
      assert.deepEqual(incremental, full, `seed ${seed}, step ${step}:\n${[...input.files].map(([p, t]) => `# ${p}\n${t}`).join("\n")}`);
      if (previous) assert.deepEqual(snapshot(previous.result), previous.snapshot, `seed ${seed}, step ${step}: the map before it changed`);
      previous = { result, snapshot: incremental };
      if (undo) undo = void undo();
      else undo = edit(app, random);
    }
    // The memo must have been used, or the comparison says nothing.
    assert.ok(replayed > steps / 10, `only ${replayed} files replayed in ${steps} maps`);
    // A file drawn twice in one map replays the second time from the first's recording.
    if (sessions) assert.ok(restored > steps / 10 && restored <= replayed, `only ${restored} of ${replayed} replays from the data of the session before`);
  };
}

test("random edits: incremental maps equal full maps", check({ seed: 1, steps: 300 }));
test("random edits, another sequence and Rails 6.1", check({ seed: 9, steps: 300, railsVersion: "6.1" }));
test("random edits under a tight route budget (a replay that would pass it evaluates instead)", check({ seed: 13, steps: 200, limits: { routes: 40 } }));
test("random edits under a tight step budget", check({ seed: 11, steps: 200, limits: { steps: 900 } }));
test("random edits, each map a new session replaying the data the one before saved", check({ seed: 1, steps: 300, sessions: true }));
test("random edits, each map a new session, Rails 6.1", check({ seed: 13, steps: 200, railsVersion: "6.1", sessions: true }));

test("a new session replays the drawn files whose text is the one saved, and evaluates the others", async () => {
  const m = await mapper();
  const app = {
    inflection: false,
    entry: ["draw :a", "draw :b", "draw :c"],
    drawn: {
      a: ['resources :photos, constraints: { id: /\\d+/ }, defaults: { format: :json } do\n  get :big, on: :member, to: "photos#big", as: :huge\nend', 'get "w/:name", to: "w#show", constraints: { name: /[a-z]+/i }, defaults: { n: 1, big: 100000000000000000000, s: "x", l: [nil, true, :y] }'],
      b: ["resources :people"],
      c: ["shared_routes"],
    },
  };
  const first = new DrawMemo();
  const full = snapshot(m.map({ entry: ENTRY, files: files(app) }, { memo: first }));
  const saved = JSON.parse(JSON.stringify(first.save()));
  // c.rb calls a method: never recorded, so never saved.
  assert.deepEqual(saved.recordings.map((r) => r.path), [`${ROOT}/config/routes/a.rb`, `${ROOT}/config/routes/b.rb`]);
  let memo = DrawMemo.restore(saved);
  assert.deepEqual(snapshot(m.map({ entry: ENTRY, files: files(app) }, { memo })), full);
  assert.deepEqual([memo.restored, memo.replayed, memo.evaluated], [2, 2, 1]);
  // b.rb changed since: evaluated; a.rb replayed.
  app.drawn.b.push("resources :tags");
  memo = DrawMemo.restore(saved);
  assert.deepEqual(snapshot(m.map({ entry: ENTRY, files: files(app) }, { memo })), snapshot(m.map({ entry: ENTRY, files: files(app) })));
  assert.deepEqual([memo.restored, memo.replayed, memo.evaluated], [1, 1, 2]);
  // Another Rails: the context differs, nothing replayed.
  memo = DrawMemo.restore(saved);
  m.map({ entry: ENTRY, files: files(app), options: { railsVersion: "6.1" } }, { memo });
  assert.deepEqual([memo.replayed, memo.evaluated], [0, 3]);
  // Data of another shape: an empty memo; a call's offset that is not this file's: evaluated.
  assert.equal(DrawMemo.restore({ format: 0, recordings: saved.recordings }).save().recordings.length, 0);
  const moved = structuredClone(saved);
  moved.recordings[0].calls[0][0] += 1;
  memo = DrawMemo.restore(moved);
  app.drawn.b.pop();
  assert.deepEqual(snapshot(m.map({ entry: ENTRY, files: files(app) }, { memo })), full);
  assert.deepEqual([memo.restored, memo.evaluated], [1, 2]);
  // Another session's environment variables (an editor's differ each time): ENV is not in what a file of literal DSL calls reads.
  memo = DrawMemo.restore(saved);
  const env = { VSCODE_IPC_HOOK_EXTHOST: "/tmp/vscode-ipc-2.sock" };
  assert.deepEqual(snapshot(m.map({ entry: ENTRY, files: files(app), options: { env } }, { memo })), snapshot(m.map({ entry: ENTRY, files: files(app), options: { env } })));
  assert.deepEqual([memo.restored, memo.evaluated], [2, 1]);
  // The session's later maps (a keystroke in config/routes.rb) replay a kept file by its text too, still unparsed.
  memo = DrawMemo.restore(saved);
  m.map({ entry: ENTRY, files: files(app) }, { memo });
  app.entry.unshift("resources :first");
  const edited = m.map({ entry: ENTRY, files: files(app) }, { memo });
  assert.deepEqual([memo.restored, memo.replayed, memo.evaluated], [0, 2, 1]);
  assert.equal(memo.recordings.get(`${ROOT}/config/routes/a.rb`).file, undefined, "a.rb was not parsed");
  assert.deepEqual(snapshot(edited), snapshot(m.map({ entry: ENTRY, files: files(app) })));
  app.entry.shift();
});

test("a keystroke in config/routes.rb replays the drawn files it did not change", async () => {
  const m = await mapper();
  const memo = new DrawMemo();
  const app = { inflection: false, entry: ["draw :a", "draw :b", "draw :c"], drawn: { a: ["resources :photos"], b: ["resources :people"], c: ["shared_routes"] } };
  m.map({ entry: ENTRY, files: files(app) }, { memo });
  assert.deepEqual([memo.replayed, memo.evaluated], [0, 3]);
  app.entry.push("resources :posts");
  m.map({ entry: ENTRY, files: files(app) }, { memo });
  // c.rb calls a method: evaluated every time.
  assert.deepEqual([memo.replayed, memo.evaluated], [2, 1]);
  app.drawn.a.push("resources :tags");
  m.map({ entry: ENTRY, files: files(app) }, { memo });
  assert.deepEqual([memo.replayed, memo.evaluated], [1, 2]);
});

test("an app that locks jsonapi-resources: a drawn file's nested params follow the route format, not replayed across a change of it", async () => {
  const m = await mapper();
  const memo = new DrawMemo();
  const app = { inflection: false, entry: ["draw :a"], drawn: { a: ["resources :Photos, controller: \"photos\" do\n  resources :tags\nend"], b: [], c: [] } };
  const options = { railsVersion: "6.1", rubyVersion: "3.1", gems: { rails: "6.1.7", "jsonapi-resources": "0.10.7" } };
  const withFormat = (format) => {
    const out = files(app);
    out.set(`${ROOT}/config/initializers/jsonapi.rb`, `JSONAPI.configure do |config|\n  config.route_format = :${format}\nend\n`);
    out.set(`${ROOT}/app/formatters/shout_route_formatter.rb`, "class ShoutRouteFormatter < JSONAPI::RouteFormatter\n  def self.unformat(route)\n    route.to_s.upcase\n  end\nend\n");
    return out;
  };
  const param = (result) => result.routes.find((r) => r.name === "Photo_tags").path;
  assert.equal(param(m.map({ entry: ENTRY, files: withFormat("dasherized_route"), options }, { memo })), "/Photos/:photo_id/tags(.:format)");
  assert.equal(param(m.map({ entry: ENTRY, files: withFormat("shout_route"), options }, { memo })), "/Photos/:PHOTO_id/tags(.:format)");
  assert.deepEqual([memo.replayed, memo.evaluated], [0, 1]);
  assert.equal(param(m.map({ entry: ENTRY, files: withFormat("shout_route"), options }, { memo })), "/Photos/:PHOTO_id/tags(.:format)");
  assert.deepEqual([memo.replayed, memo.evaluated], [1, 0]);
});

test("a drawn file using a concern is replayed only while the concern's definition is the one it ran", async () => {
  const m = await mapper();
  const memo = new DrawMemo();
  const concern = (body) => `concern :c do\n  ${body}\nend`;
  const app = { inflection: false, entry: [concern("resources :likes, only: :index"), "draw :a", "draw :b"], drawn: { a: ["resources :notes, concerns: :c"], b: ["resources :people"], c: [] } };
  const map = () => m.map({ entry: ENTRY, files: files(app) }, { memo });
  const paths = (result) => result.routes.map((r) => r.path).filter((p) => p.startsWith("/notes/:note_id/"));
  const full = () => snapshot(m.map({ entry: ENTRY, files: files(app) }));
  map();
  // b.rb edited: a.rb is replayed, config/routes.rb (and so its concern) the same parse.
  app.drawn.b.push("resources :tags");
  assert.deepEqual(snapshot(map()), full());
  assert.deepEqual([memo.replayed, memo.evaluated], [1, 1]);
  // The concern's body changed: a.rb draws what the new one draws.
  app.entry[0] = concern("resources :stars, only: :index");
  const changed = map();
  assert.deepEqual(paths(changed), ["/notes/:note_id/stars(.:format)"]);
  assert.deepEqual(snapshot(changed), full());
  assert.deepEqual([memo.replayed, memo.evaluated], [1, 1]);
  // The concern gone: Rails' error, at a.rb's call.
  app.entry.shift();
  const gone = map();
  assert.deepEqual(snapshot(gone), full());
  assert.match(gone.diagnostics.map((d) => d.message).join("\n"), /No concern named c was found!/);
  // A concern that is a lambda, or whose block reads a parameter: the file is evaluated every time.
  for (const definition of ['concern :c, ->(mapper, options) { mapper.get "lam", to: "l#x" }', "concern :c do |options|\n  resources :opts, options\nend"]) {
    app.entry.unshift(definition);
    map();
    assert.deepEqual(snapshot(map()), full());
    assert.deepEqual([memo.replayed, memo.evaluated], [1, 1], definition);
    app.entry.shift();
  }
  // A recording that used a concern is not kept for the next session: its routes' calls are in another file.
  app.entry.unshift(concern("resources :likes, only: :index"));
  map();
  assert.deepEqual(memo.save().recordings.map((r) => r.path), [`${ROOT}/config/routes/b.rb`]);
});

test("a verb the draw block defines itself (`def put`): the drawn files are evaluated while it stands, as `resources` calls it", async () => {
  const m = await mapper();
  const memo = new DrawMemo();
  const app = { inflection: false, entry: ["draw :a", "draw :b"], drawn: { a: ["resources :notes"], b: ["resources :people"], c: [] } };
  const map = () => m.map({ entry: ENTRY, files: files(app) }, { memo });
  const full = () => snapshot(m.map({ entry: ENTRY, files: files(app) }));
  const puts = (result) => result.routes.filter((r) => r.verb === "PUT").map((r) => r.path);
  map();
  app.entry.unshift("def put(*)\nend");
  const dropped = map();
  assert.deepEqual(puts(dropped), []);
  assert.deepEqual(snapshot(dropped), full());
  assert.deepEqual([memo.replayed, memo.evaluated], [0, 2]);
  app.entry.shift();
  const back = map();
  assert.deepEqual(puts(back), ["/notes/:id(.:format)", "/people/:id(.:format)"]);
  assert.deepEqual(snapshot(back), full());
});
