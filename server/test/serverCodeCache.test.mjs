// The language server's code cache (server.js runs languageServer.js through
// server/bin/codeCache.cjs): made once the first tables are, used by the next start, and a
// damaged one, one of another V8, or one that cannot be written never stands in the way of
// serving. Each start is the bundled server over stdio, as editors start it.
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { cpSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { createProtocolConnection, StreamMessageReader, StreamMessageWriter } from "vscode-languageserver-protocol/node";
import { scratchDir } from "../../test-fixtures/lib/scratch.mjs";
import { damaged, otherV8 } from "./codeCacheFile.mjs";

const repo = new URL("../..", import.meta.url).pathname;
const root = scratchDir("routemap-server-cache-");
const app = join(root, "shop");
cpSync(join(repo, "test-fixtures/sample-app"), app, { recursive: true });
const uri = (path) => pathToFileURL(path).toString();
const ROUTES = uri(join(app, "config/routes.rb"));
// `root "storefront#index"`, on `root`.
const HOVER = { textDocument: { uri: ROUTES }, position: { line: 6, character: 3 } };

/**
 * Starts the server on `folder` with the cache folder `cache`, waits for the routes' first
 * diagnostics (when `folder` has an app) and asks a hover; `end` is "exit" (shutdown, exit) or
 * "kill" (SIGKILL, as a client that gives up on a server); `server` is the start file (the
 * extension's copy too), `linger` ms waited before the end. Returns what the loader said of the
 * cache (ROUTEMAP_TIMINGS=1), the hover's answer and the exit code.
 */
async function session(cache, { folder = app, end = "exit", server = "server/dist/bundle/server.js", linger = 0 } = {}) {
  const env = { ...process.env, ROUTEMAP_CACHE_DIR: cache, ROUTEMAP_TIMINGS: "1" };
  const child = spawn(process.execPath, [join(repo, server), "--stdio"], { stdio: ["pipe", "pipe", "pipe"], env });
  let stderr = "";
  child.stderr.on("data", (d) => (stderr += d));
  const exited = new Promise((resolve) => child.once("exit", (code, signal) => resolve(code ?? signal)));
  const conn = createProtocolConnection(new StreamMessageReader(child.stdout), new StreamMessageWriter(child.stdin));
  const routes = new Promise((resolve) => conn.onNotification("textDocument/publishDiagnostics", (p) => p.uri === ROUTES && resolve()));
  conn.onRequest("workspace/configuration", (p) => p.items.map(() => ({})));
  conn.listen();
  try {
    await conn.sendRequest("initialize", { processId: process.pid, rootUri: uri(folder), capabilities: { workspace: { configuration: true } } });
    conn.sendNotification("initialized", {});
    if (folder === app) await routes;
    const hover = await conn.sendRequest("textDocument/hover", HOVER);
    if (linger) await new Promise((resolve) => setTimeout(resolve, linger));
    if (end === "kill") child.kill("SIGKILL");
    else {
      await conn.sendRequest("shutdown");
      conn.sendNotification("exit");
    }
    const code = await exited;
    return { state: /routemap: code cache (.*)/.exec(stderr)?.[1], hover: hover?.contents.value ?? null, code };
  } finally {
    if (child.exitCode === null && child.signalCode === null) child.kill();
    conn.dispose();
  }
}

const cacheFiles = (cache) => {
  try {
    return readdirSync(cache).filter((f) => f.endsWith(".v8"));
  } catch {
    return [];
  }
};

test("the server's code cache: made at the first tables, used by the next start, and one it cannot use is made again", { timeout: 120_000 }, async () => {
  const cache = join(root, "cache");
  const plain = await session("off");
  assert.equal(plain.state, "off");
  assert.match(plain.hover, /storefront#index/);
  assert.equal(plain.code, 0);

  // Made by the first session once its first tables are made and its first request answered (a
  // hover: the cache is not written before it): a server killed a moment after that hover has written it.
  const first = await session(cache, { end: "kill", linger: 1_000 });
  assert.deepEqual({ state: first.state, hover: first.hover }, { state: "made", hover: plain.hover });
  const [file] = cacheFiles(cache);
  assert.match(file ?? "", /^server-(\w+-)?\d+\.v8$/);
  assert.equal(statSync(join(cache, file)).mode & 0o777, 0o600);
  // Beside the bundle's own bytes (which it is checked against), V8's code of more than the top level
  const bundle = statSync(join(repo, "server/dist/bundle/languageServer.js")).size;
  // (Node 20.20, the development build: the top level alone is 0.8 MB of V8's data, with a first map 1.7 MB.)
  assert.ok(statSync(join(cache, file)).size > bundle + 1_000_000, "the cache holds the code of the first map");

  // Used by the next; a session that used it writes nothing.
  const made = readFileSync(join(cache, file));
  assert.deepEqual(await session(cache), { state: "used", hover: plain.hover, code: 0 });
  assert.ok(readFileSync(join(cache, file)).equals(made));

  // V8's data damaged past its header: not given to V8 (which would abort), made again, then used.
  writeFileSync(join(cache, file), damaged(made));
  assert.deepEqual(await session(cache), { state: "made", hover: plain.hover, code: 0 });
  // (What V8 compiled by the first tables differs a little from session to session.)
  assert.ok(!readFileSync(join(cache, file)).equals(damaged(made)));
  assert.equal((await session(cache)).state, "used");

  // Made by another Node (another V8): V8 refuses it, and the session makes it again.
  writeFileSync(join(cache, file), otherV8(readFileSync(join(cache, file))));
  assert.deepEqual(await session(cache), { state: "rejected, made again", hover: plain.hover, code: 0 });
  assert.equal((await session(cache)).state, "used");

  // Another build's cache (the bundle's bytes differ, same length): not used, made again.
  const other = readFileSync(join(cache, file));
  other[100] ^= 1;
  writeFileSync(join(cache, file), other);
  assert.equal((await session(cache)).state, "made");
  assert.equal((await session(cache)).state, "used");
  assert.deepEqual(cacheFiles(cache), [file]);
});

test("a session that makes no tables writes no cache, and a folder that cannot be made costs only the cache", { timeout: 60_000 }, async () => {
  const empty = join(root, "not-an-app");
  mkdirSync(empty);
  const cache = join(root, "cache-of-no-app");
  const none = await session(cache, { folder: empty });
  assert.deepEqual(none, { state: "made", hover: null, code: 0 });
  assert.deepEqual(cacheFiles(cache), []);

  writeFileSync(join(root, "blocked"), "");
  const blocked = await session(join(root, "blocked", "cache"));
  assert.equal(blocked.state, "made");
  assert.match(blocked.hover, /storefront#index/);
  assert.equal(blocked.code, 0);
});

test("the extension's copy of the server keeps each file's facts as the bundle beside the command does (its build is its bundle's bytes, wherever it is copied)", { timeout: 60_000 }, async () => {
  const cache = join(root, "cache-of-the-extension");
  // The whole-app pass saves the facts a second after it ends (features/fileUses.ts).
  const ended = await session(cache, { server: "client/dist/server.js", linger: 3000 });
  assert.match(ended.hover, /storefront#index/);
  let packs = [];
  try {
    packs = readdirSync(join(cache, "files")).filter((f) => f.endsWith(".json"));
  } catch {}
  assert.ok(packs.length > 0, `the facts of the app's files: ${JSON.stringify(readdirSync(cache, { recursive: true }))}`);
});
