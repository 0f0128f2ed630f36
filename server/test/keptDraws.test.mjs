// The drawn files' recordings kept between sessions of the language server (server/src/keptDraws.ts,
// shared-mapper/src/dsl/drawMemoStore.ts): saved once the app is read and at shutdown, replayed by
// the next start for each file `draw` loads whose text is the one saved, evaluated again when the
// file changed, and never in the way when the data is damaged or the cache is off. Each start is the
// bundled server over stdio, as editors start it.
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { createProtocolConnection, StreamMessageReader, StreamMessageWriter } from "vscode-languageserver-protocol/node";
import { scratchDir } from "../../test-fixtures/lib/scratch.mjs";

const repo = new URL("../..", import.meta.url).pathname;
const root = scratchDir("routemap-kept-draws-");
const app = join(root, "shop");
mkdirSync(join(app, "config/routes"), { recursive: true });
writeFileSync(join(app, "config/routes.rb"), 'Rails.application.routes.draw do\n  root "home#index"\n  draw :shop\n  draw :other\nend\n');
const SHOP = 'resources :products, constraints: { id: /\\d+/ } do\n  get :preview, on: :member, defaults: { format: :json }\nend\nresources :orders, only: %i[index show]\n';
writeFileSync(join(app, "config/routes/shop.rb"), SHOP);
// Not literal DSL (a variable): evaluated every time, never kept.
writeFileSync(join(app, "config/routes/other.rb"), "name = :carts\nresources name\n");
const uri = (path) => pathToFileURL(path).toString();
const ROUTES = uri(join(app, "config/routes.rb"));
// `draw :shop`, on `draw`.
const HOVER = { textDocument: { uri: ROUTES }, position: { line: 2, character: 3 } };

/** A session: the routes' first diagnostics, a hover on `draw :shop`, the route table; then shutdown and exit. */
async function session(cache) {
  const env = { ...process.env, ROUTEMAP_CACHE_DIR: cache };
  const child = spawn(process.execPath, [join(repo, "server/dist/bundle/server.js"), "--stdio"], { stdio: ["pipe", "pipe", "inherit"], env });
  const exited = new Promise((resolve) => child.once("exit", (code) => resolve(code)));
  const conn = createProtocolConnection(new StreamMessageReader(child.stdout), new StreamMessageWriter(child.stdin));
  const routes = new Promise((resolve) => conn.onNotification("textDocument/publishDiagnostics", (p) => p.uri === ROUTES && resolve(p.diagnostics)));
  conn.onRequest("workspace/configuration", (p) => p.items.map(() => ({})));
  conn.listen();
  try {
    await conn.sendRequest("initialize", { processId: process.pid, rootUri: uri(app), capabilities: { workspace: { configuration: true } } });
    conn.sendNotification("initialized", {});
    const diagnostics = await routes;
    const hover = (await conn.sendRequest("textDocument/hover", HOVER))?.contents.value ?? null;
    const table = (await conn.sendRequest("routemap/routes", {})).apps[0].routes;
    await conn.sendRequest("shutdown");
    conn.sendNotification("exit");
    return { diagnostics, hover, table, code: await exited };
  } finally {
    if (child.exitCode === null) child.kill();
    conn.dispose();
  }
}

/** The kept data's files in `cache`, with their inodes (a save writes a new file and renames it over the old). */
function kept(cache) {
  const dir = join(cache, "draws");
  if (!existsSync(dir)) return [];
  return readdirSync(dir).map((name) => {
    const file = join(dir, name);
    const { ino, mode } = statSync(file);
    return { file, ino, mode: mode & 0o777, data: JSON.parse(readFileSync(file, "utf8")) };
  });
}

test("the drawn files' recordings: kept by one session, replayed by the next while the file is unchanged", { timeout: 180_000 }, async () => {
  const truth = await session("off");
  assert.match(truth.hover, /products/);
  assert.ok(truth.table.some((r) => r.name === "preview_product"), "the drawn file's routes are in the table");

  const cache = join(root, "cache");
  const first = await session(cache);
  assert.deepEqual({ ...first, code: 0 }, { ...truth, code: 0 });
  const [saved, ...others] = kept(cache);
  assert.equal(others.length, 0);
  assert.equal(saved.mode, 0o600);
  // Only the file of literal DSL calls: other.rb reads a variable.
  assert.deepEqual(saved.data.recordings.map((r) => r.path), [join(app, "config/routes/shop.rb")]);

  // The next start replays shop.rb: the same answers, and nothing recorded anew, so nothing written again.
  const second = await session(cache);
  assert.deepEqual(second, first);
  assert.equal(kept(cache)[0].ino, saved.ino, "the data was not written again: shop.rb was replayed, not evaluated");

  // shop.rb changed on disk: evaluated, and its new recording kept.
  writeFileSync(join(app, "config/routes/shop.rb"), SHOP + "resources :coupons\n");
  const changed = await session(cache);
  assert.ok(changed.table.some((r) => r.name === "coupons"));
  assert.deepEqual(changed.table, (await session("off")).table);
  const [again] = kept(cache);
  assert.notEqual(again.ino, saved.ino);
  assert.match(again.data.recordings[0].text, /coupons/);
  writeFileSync(join(app, "config/routes/shop.rb"), SHOP);

  // Damaged data (cut short, or of another shape): the files are evaluated, the answers the same.
  for (const damage of [(text) => text.slice(0, text.length >> 1), () => JSON.stringify({ format: 2, recordings: [{ path: join(app, "config/routes/shop.rb"), text: SHOP, calls: [[0]], routes: [[7]] }] })]) {
    writeFileSync(again.file, damage(readFileSync(again.file, "utf8")));
    const damaged = await session(cache);
    assert.deepEqual(damaged, first);
  }
});

test("`routemap check` keeps the drawn files' recordings too, and replays them on its next run", { timeout: 120_000 }, async () => {
  const cache = join(root, "check-cache");
  const check = (dir) => spawnSync(process.execPath, [join(repo, "server/bin/routemap.cjs"), "check", app], { encoding: "utf8", env: { ...process.env, ROUTEMAP_CACHE_DIR: dir } });
  const truth = check("off");
  const first = check(cache);
  assert.deepEqual([first.status, first.stdout], [truth.status, truth.stdout]);
  const [saved] = kept(cache);
  assert.deepEqual(saved.data.recordings.map((r) => r.path), [join(app, "config/routes/shop.rb")]);
  const second = check(cache);
  assert.deepEqual([second.status, second.stdout], [truth.status, truth.stdout]);
  assert.equal(kept(cache)[0].ino, saved.ino, "replayed, so not written again");
});

test("`routemap routes` replays them too, and prints what it printed", { timeout: 120_000 }, () => {
  const cache = join(root, "routes-cache");
  const routes = (dir) => {
    const r = spawnSync(process.execPath, [join(repo, "server/bin/routemap.cjs"), "routes", "--rails", "6.1"], { cwd: app, encoding: "utf8", env: { ...process.env, ROUTEMAP_CACHE_DIR: dir, ROUTEMAP_TIMINGS: "1" } });
    const drawn = /drawn files: (\d+) replayed, (\d+) evaluated/.exec(r.stderr);
    return { status: r.status, out: r.stdout, replayed: drawn && +drawn[1], evaluated: drawn && +drawn[2] };
  };
  const truth = routes("off");
  assert.match(truth.out, /preview_product GET/);
  const first = routes(cache);
  assert.deepEqual([first.status, first.out], [truth.status, truth.out]);
  assert.deepEqual([truth.replayed, first.replayed, first.evaluated], [0, 0, 2]);
  const [saved] = kept(cache);
  assert.deepEqual(saved.data.recordings.map((r) => r.path), [join(app, "config/routes/shop.rb")]);
  // shop.rb replayed; other.rb (not literal DSL) evaluated again.
  const second = routes(cache);
  assert.deepEqual(second, { ...truth, replayed: 1, evaluated: 1 });
  assert.equal(kept(cache)[0].ino, saved.ino, "replayed, so not written again");
  // Edited: evaluated, and what it draws now printed.
  writeFileSync(join(app, "config/routes/shop.rb"), SHOP + "resources :coupons\n");
  try {
    const edited = routes(cache);
    assert.deepEqual([edited.replayed, edited.evaluated], [0, 2]);
    assert.equal(edited.out, routes("off").out);
    assert.match(edited.out, /coupons GET/);
  } finally {
    writeFileSync(join(app, "config/routes/shop.rb"), SHOP);
  }
});
