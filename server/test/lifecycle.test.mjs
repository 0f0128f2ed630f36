// The protocol's lifecycle, kept by the bundled server over stdio (server/src/protocolGate.ts):
// nothing is served before `initialize` (-32002), a second `initialize` is refused (-32600) and
// the server goes on, nothing after `shutdown` (-32600); `workspace/didChangeWorkspaceFolders`
// with a `null` list still adds the other's folders.
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { cpSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { createProtocolConnection, StreamMessageReader, StreamMessageWriter } from "vscode-languageserver-protocol/node";
import { scratchDir } from "../../test-fixtures/lib/scratch.mjs";

const repo = new URL("../..", import.meta.url).pathname;
const root = scratchDir("routemap-lifecycle-");
const app = join(root, "shop");
cpSync(join(repo, "test-fixtures/sample-app"), app, { recursive: true });
const uri = (path) => pathToFileURL(path).toString();

function start() {
  const child = spawn(process.execPath, [join(repo, "server/dist/bundle/server.js"), "--stdio"], { stdio: ["pipe", "pipe", "pipe"] });
  const conn = createProtocolConnection(new StreamMessageReader(child.stdout), new StreamMessageWriter(child.stdin));
  const errors = [];
  conn.onNotification("window/logMessage", (m) => m.type === 1 && errors.push(m.message));
  conn.listen();
  const exited = new Promise((resolve) => child.once("exit", resolve));
  return { child, conn, errors, exited };
}

const refusal = (promise) => promise.then((result) => ({ result }), (e) => ({ code: e.code, message: e.message }));
const hover = (conn) => conn.sendRequest("textDocument/hover", { textDocument: { uri: uri(join(app, "config/routes.rb")) }, position: { line: 1, character: 3 } });

test("a request before `initialize` is refused with -32002; the notifications before it are dropped", { timeout: 30_000 }, async () => {
  const { conn, exited } = start();
  conn.sendNotification("textDocument/didOpen", { textDocument: { uri: uri(join(app, "config/routes.rb")), languageId: "ruby", version: 1, text: "oops" } });
  const early = await refusal(hover(conn));
  assert.equal(early.code, -32002);
  assert.match(early.message, /not initialized/);
  await conn.sendRequest("initialize", { processId: null, rootUri: uri(app), capabilities: {} });
  conn.sendNotification("initialized", {});
  const served = await hover(conn);
  assert.ok(served === null || typeof served === "object");
  await conn.sendRequest("shutdown");
  conn.sendNotification("exit");
  assert.equal(await exited, 0);
});

test("a second `initialize` (of `/`) is refused with -32600, and the server goes on serving the first", { timeout: 30_000 }, async () => {
  const { conn, exited } = start();
  await conn.sendRequest("initialize", { processId: null, rootUri: uri(app), capabilities: {} });
  conn.sendNotification("initialized", {});
  const again = await refusal(conn.sendRequest("initialize", { processId: null, rootUri: "file:///", capabilities: {} }));
  assert.equal(again.code, -32600);
  const { apps } = await conn.sendRequest("routemap/routes", {});
  // The sample app and its engine (engines/journal), nothing of `/`.
  assert.deepEqual(apps.map((a) => a.root).sort(), [app, join(app, "engines/journal")]);
  assert.ok(apps.find((a) => a.root === app).routes.length > 10);
  await conn.sendRequest("shutdown");
  // After `shutdown`, requests are refused with -32600; `exit` still ends the process with 0.
  const late = await refusal(conn.sendRequest("routemap/routes", {}));
  assert.equal(late.code, -32600);
  assert.equal((await refusal(hover(conn))).code, -32600);
  conn.sendNotification("exit");
  assert.equal(await exited, 0);
});

test("didChangeWorkspaceFolders with `removed: null` adds the folders of `added`, with no error", { timeout: 30_000 }, async () => {
  const other = join(root, "blog");
  mkdirSync(join(other, "config"), { recursive: true });
  writeFileSync(join(other, "config/routes.rb"), "Rails.application.routes.draw do\n  resources :posts\nend\n");
  writeFileSync(join(other, "Gemfile"), "source 'https://rubygems.org'\n");
  const { conn, errors, exited } = start();
  await conn.sendRequest("initialize", { processId: null, workspaceFolders: [{ uri: uri(app), name: "shop" }], capabilities: { workspace: { workspaceFolders: true } } });
  conn.sendNotification("initialized", {});
  conn.sendNotification("workspace/didChangeWorkspaceFolders", { event: { added: [{ uri: uri(other), name: "blog" }], removed: null } });
  conn.sendNotification("workspace/didChangeWorkspaceFolders", { event: { added: null, removed: null } });
  const { apps } = await conn.sendRequest("routemap/routes", {});
  assert.deepEqual(apps.map((a) => a.root).sort(), [other, app, join(app, "engines/journal")].sort());
  assert.deepEqual(errors, []);
  await conn.sendRequest("shutdown");
  conn.sendNotification("exit");
  assert.equal(await exited, 0);
});

// An editor restores its open files as it starts: their `didOpen` comes right after `initialized`,
// before the server's first diagnostics are out. Each still gets its answer, an empty one when
// the file has no problem (scripts/bench-app.mjs waited for it for ever).
test("a document opened right after `initialized`, before the first diagnostics, gets its (empty) diagnostics for its version", { timeout: 60_000 }, async () => {
  const { conn, exited } = start();
  const controller = join(app, "app/controllers/application_controller.rb");
  const answered = new Promise((resolve) => conn.onNotification("textDocument/publishDiagnostics", (p) => p.uri === uri(controller) && resolve(p)));
  await conn.sendRequest("initialize", { processId: process.pid, rootUri: uri(app), capabilities: {} });
  conn.sendNotification("initialized", {});
  conn.sendNotification("textDocument/didOpen", { textDocument: { uri: uri(controller), languageId: "ruby", version: 1, text: "class ApplicationController < ActionController::Base\nend\n" } });
  const published = await answered;
  assert.equal(published.version, 1);
  assert.deepEqual(published.diagnostics, []);
  await conn.sendRequest("shutdown");
  conn.sendNotification("exit");
  await exited;
});
