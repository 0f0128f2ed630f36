// The parser's `ParseStore` (src/ruby/prism.ts): a parse asked with `keep` is offered to the
// host's store as Prism made it, and taken from the store when it has one for the same bytes
// and mode, without running Prism; the tree is the one Prism's parse gives. A kept output the
// reader refuses, or a store that throws, costs only the time: Prism parses as without. The
// mapper keeps its routes files' parses, not the app's other files'.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { createParser } from "../dist/ruby/prism.js";
import { createMapper } from "../dist/index.js";
import { prismWasmPath } from "../dist/node.js";

const wasm = readFileSync(prismWasmPath());
const SOURCE = 'Rails.application.routes.draw do\n  resources :posts, only: %i[index show] do\n    get :preview, on: :member\n  end\n  root "home#index"\nend\n';
const BROKEN = "resources :posts do\n  get :x,\n";

const json = (value) => JSON.stringify(value, (_k, v) => (typeof v === "bigint" ? `${v}n` : v));
/** A tree as text, with each node's class and flags (JSON leaves out both). */
const tree = (result) => json({ ...result, value: shape(result.value) });
function shape(node) {
  if (Array.isArray(node)) return node.map(shape);
  if (node === null || typeof node !== "object") return node;
  const out = { class: node.constructor.name, flags: node.flags ?? undefined };
  for (const [k, v] of Object.entries(node)) out[k] = v && typeof v === "object" && (Array.isArray(v) || "nodeID" in v) ? shape(v) : v;
  return out;
}

/** A store in memory that records what it is asked and given; `answer` may replace what `get` returns. */
function memoryStore(answer) {
  const kept = new Map();
  const log = { gets: [], puts: [] };
  const key = (path, template) => `${path}\0${template}`;
  return {
    log,
    kept,
    get(path, source, template) {
      log.gets.push({ path, template });
      const entry = kept.get(key(path, template));
      if (!entry || Buffer.compare(Buffer.from(entry.source), Buffer.from(source)) !== 0) return undefined;
      return answer ? answer(entry.serialized) : entry.serialized;
    },
    put(path, source, template, serialized) {
      log.puts.push({ path, template, length: serialized.length });
      kept.set(key(path, template), { source: Uint8Array.from(source), serialized });
    },
  };
}

test("a kept parse is offered once, then read instead of Prism's, the same tree", async () => {
  const plain = await createParser(wasm);
  const store = memoryStore();
  const parse = await createParser(wasm, undefined, store);
  const fresh = parse(SOURCE, { keep: "/app/config/routes.rb" });
  assert.equal(tree(fresh), tree(plain(SOURCE)));
  assert.deepEqual(store.log.puts.map((p) => p.path), ["/app/config/routes.rb"]);
  const kept = parse(SOURCE, { keep: "/app/config/routes.rb" });
  assert.equal(tree(kept), tree(fresh));
  assert.equal(store.log.puts.length, 1, "not parsed again, so not offered again");
  // Its syntax errors come with it.
  parse(BROKEN, { keep: "/app/config/routes/broken.rb" });
  const broken = parse(BROKEN, { keep: "/app/config/routes/broken.rb" });
  assert.equal(store.log.puts.length, 2);
  assert.equal(tree(broken), tree(plain(BROKEN)));
  assert.ok(broken.errors.length > 0);
});

test("another text at the path, or the other mode, is parsed; a parse without `keep` never asks", async () => {
  const store = memoryStore();
  const parse = await createParser(wasm, undefined, store);
  parse(SOURCE, { keep: "/a.rb" });
  parse(`${SOURCE}# edited\n`, { keep: "/a.rb" });
  parse(SOURCE, { keep: "/a.rb", template: true });
  assert.deepEqual(store.log.puts.map((p) => p.template), [false, false, true]);
  parse(SOURCE);
  parse(SOURCE, { index: true });
  assert.equal(store.log.gets.length, 3);
});

test("a kept output the reader refuses is parsed again; a store that throws costs nothing else", async () => {
  const plain = await createParser(wasm);
  // Cut short: the reader throws, and Prism parses.
  const truncated = memoryStore((serialized) => serialized.subarray(0, serialized.length >> 1));
  const parse = await createParser(wasm, undefined, truncated);
  parse(SOURCE, { keep: "/a.rb" });
  assert.equal(tree(parse(SOURCE, { keep: "/a.rb" })), tree(plain(SOURCE)));
  assert.equal(truncated.log.puts.length, 2);
  const parseThrowing = await createParser(wasm, undefined, { get: () => { throw new Error("disk"); }, put: () => { throw new Error("disk"); } });
  assert.equal(tree(parseThrowing(SOURCE, { keep: "/a.rb" })), tree(plain(SOURCE)));
  assert.equal(tree(parseThrowing(SOURCE, { keep: "/a.rb" })), tree(plain(SOURCE)));
});

test("the mapper keeps its routes files' parses, and its table from them is the same", async () => {
  const store = memoryStore();
  const files = new Map([["/app/config/routes.rb", 'Rails.application.routes.draw do\n  resources :posts\n  draw :admin\nend\n'], ["/app/config/routes/admin.rb", "namespace :admin do\n  resources :users\nend\n"]]);
  const first = (await createMapper(wasm, { parseStore: store })).map({ entry: "/app/config/routes.rb", files });
  assert.deepEqual([...store.kept.keys()].map((k) => k.split("\0")[0]).sort(), ["/app/config/routes.rb", "/app/config/routes/admin.rb"]);
  const again = (await createMapper(wasm, { parseStore: store })).map({ entry: "/app/config/routes.rb", files });
  assert.equal(store.log.puts.length, 2, "the second mapper parsed nothing");
  assert.deepEqual(again.routes.map((r) => `${r.verb} ${r.path} ${r.reqs}`), first.routes.map((r) => `${r.verb} ${r.path} ${r.reqs}`));
  assert.equal(again.routes.length, 16);
});
