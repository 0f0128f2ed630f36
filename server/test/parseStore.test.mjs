// Prism's parses of the routes files kept in the user's cache folder (server/src/cli/parseStore.ts):
// used only for exactly the source they were made from, by the same Prism, in the same mode, and
// whole (a damaged byte anywhere is a miss, never another tree); anything else at the path, or a
// folder that cannot be written, costs only the time. `routemap routes` run again on unchanged
// files reads their parses, and prints what it printed; an edited file is parsed again.
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { cpSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { DiskParseStore, parseStoreIn } from "../dist/cli/parseStore.js";
import { scratchDir } from "../../test-fixtures/lib/scratch.mjs";

const root = new URL("../..", import.meta.url).pathname;
const cli = join(root, "server/bin/routemap.cjs");
const scratch = scratchDir("routemap-parse-store-");
const bytes = (text) => new TextEncoder().encode(text);
const SOURCE = bytes("resources :posts\n");
const OUTPUT = Uint8Array.from({ length: 300 }, (_, i) => (i * 7) & 255);
const PRISM = bytes("the bytes of prism.wasm");

/** The store's only file (each test uses its own folder). */
const fileIn = (folder) => join(folder, "parses", readdirSync(join(folder, "parses")).find((n) => n.endsWith(".prism")));

test("a kept parse is given back only for the same source, mode and Prism", () => {
  const folder = join(scratch, "exact");
  const store = parseStoreIn(folder, PRISM);
  assert.ok(store instanceof DiskParseStore);
  assert.equal(store.get("/app/config/routes.rb", SOURCE, false), undefined);
  store.put("/app/config/routes.rb", SOURCE, false, OUTPUT);
  assert.deepEqual(Uint8Array.from(store.get("/app/config/routes.rb", SOURCE, false)), OUTPUT);
  assert.deepEqual(Uint8Array.from(parseStoreIn(folder, PRISM).get("/app/config/routes.rb", SOURCE, false)), OUTPUT, "another run's store reads it");
  assert.equal(store.get("/app/config/routes.rb", bytes("resources :post\n"), false), undefined, "another text");
  assert.equal(store.get("/app/config/routes.rb", bytes("resources :posts\n\n"), false), undefined, "a longer text");
  assert.equal(store.get("/app/config/routes.rb", SOURCE, true), undefined, "the other mode");
  assert.equal(parseStoreIn(folder, bytes("another build of prism.wasm")).get("/app/config/routes.rb", SOURCE, false), undefined, "another Prism");
  assert.equal(store.get("/app/config/other.rb", SOURCE, false), undefined, "another path");
  assert.deepEqual(store.stats, { used: 1, made: 1 });
  assert.equal(readFileSync(fileIn(folder)).length, 28 + SOURCE.length + OUTPUT.length);
});

test("a damaged or shortened file is a miss, and so is anything but a regular file", () => {
  const folder = join(scratch, "damaged");
  const store = parseStoreIn(folder, PRISM);
  store.put("/r.rb", SOURCE, false, OUTPUT);
  const file = fileIn(folder);
  const whole = readFileSync(file);
  // One byte changed in each region: the header, the source, the output.
  for (const at of [2, 9, 17, 28 + 3, whole.length - 1]) {
    const damaged = Buffer.from(whole);
    damaged[at] ^= 0x40;
    writeFileSync(file, damaged);
    assert.equal(store.get("/r.rb", SOURCE, false), undefined, `byte ${at}`);
  }
  writeFileSync(file, whole.subarray(0, whole.length - 1));
  assert.equal(store.get("/r.rb", SOURCE, false), undefined, "shortened");
  writeFileSync(file, Buffer.concat([whole, Buffer.from([0])]));
  assert.equal(store.get("/r.rb", SOURCE, false), undefined, "lengthened");
  rmSync(file);
  mkdirSync(file);
  assert.equal(store.get("/r.rb", SOURCE, false), undefined, "a folder at the path");
  if (process.platform !== "win32") {
    rmSync(file, { recursive: true });
    assert.equal(spawnSync("mkfifo", [file]).status, 0);
    // Read, a FIFO would block until something wrote to it.
    assert.equal(store.get("/r.rb", SOURCE, false), undefined, "a FIFO at the path");
  }
});

test("a folder that cannot be written costs only the keeping", () => {
  const folder = join(scratch, "unwritable");
  mkdirSync(folder);
  // A file where the store's folder would be: nothing can be written under it (even by root).
  writeFileSync(join(folder, "parses"), "");
  const store = parseStoreIn(folder, PRISM);
  store.put("/r.rb", SOURCE, false, OUTPUT);
  assert.equal(store.get("/r.rb", SOURCE, false), undefined);
  assert.deepEqual(store.stats, { used: 0, made: 0 });
});

test("no cache folder, no store", () => {
  assert.equal(parseStoreIn(undefined, PRISM), undefined);
});

/** `routemap routes` in `app` with `cache` as the cache folder: what it printed, and what it says of the kept parses. */
function routes(app, cache) {
  const env = { ...process.env, ROUTEMAP_CACHE_DIR: cache, ROUTEMAP_TIMINGS: "1" };
  const r = spawnSync(process.execPath, [cli, "routes"], { cwd: app, encoding: "utf8", env });
  const kept = /routes files' parses kept: (?:(\d+) used, (\d+) made|off)\n/.exec(r.stderr);
  assert.ok(kept, r.stderr);
  const diagnostics = r.stderr.split("\n").filter((l) => /: (error|warning|info): /.test(l));
  return { out: r.stdout, status: r.status, diagnostics, used: kept[1] === undefined ? undefined : +kept[1], made: kept[2] === undefined ? undefined : +kept[2] };
}

test("`routemap routes` again reads its files' kept parses and prints the same; an edited file is parsed again", () => {
  const app = join(scratch, "app");
  cpSync(join(root, "test-fixtures/sample-app"), app, { recursive: true });
  mkdirSync(join(app, "config/routes"), { recursive: true });
  const routesFile = join(app, "config/routes.rb");
  const text = readFileSync(routesFile, "utf8");
  // A drawn file with a syntax error: its diagnostics come from the kept parse as from Prism's.
  writeFileSync(routesFile, text.replace(/\nend\s*$/, "\n  draw :broken\nend\n"));
  writeFileSync(join(app, "config/routes/broken.rb"), 'get "broken", to: "pages#broken"\nresources :x do\n  get :y,\n');
  const cache = join(scratch, "app-cache");
  const first = routes(app, cache);
  assert.ok(first.made >= 2, `made ${first.made}`);
  assert.equal(first.used, 0);
  assert.ok(first.diagnostics.some((d) => d.includes("broken.rb") && d.includes("error")), first.diagnostics.join("\n"));
  const second = routes(app, cache);
  assert.deepEqual({ out: second.out, status: second.status, diagnostics: second.diagnostics }, { out: first.out, status: first.status, diagnostics: first.diagnostics });
  // Nothing parsed again (a drawn file of literal calls is replayed without its tree: keptDraws.test.mjs).
  assert.equal(second.made, 0);
  assert.ok(second.used > 0 && second.used <= first.made, `used ${second.used}`);
  writeFileSync(join(app, "config/routes/broken.rb"), 'get "broken", to: "pages#broken"\n');
  const edited = routes(app, cache);
  assert.equal(edited.made, 1);
  assert.ok(!edited.diagnostics.some((d) => d.includes("broken.rb")));
  const off = routes(app, "off");
  assert.equal(off.used, undefined);
  assert.equal(off.out, edited.out);
});
