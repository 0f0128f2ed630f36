// References asked while the language server still reads the app at start (usesWarmup.ts,
// RailsApp.prepared): the app is read a slice at a time, so a hover sent after the references
// is answered before them, where the references used to hold every request until they were
// done; the answer is the same as once the app is read, and a cancelled request ends as one.
// The bundled server over stdio, as protocol.test.mjs drives it, on an app written here.
import { test } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { LSPErrorCodes } from "vscode-languageserver-protocol/node";
import { startServer } from "./lspClient.mjs";
import { scratchDir } from "../../test-fixtures/lib/scratch.mjs";

/** Views that each call `posts_path` once, on their second line: enough for a read of many slices. */
const VIEWS = 1200;

function writeApp() {
  const root = scratchDir("routemap-refs-reading-");
  const put = (path, text) => {
    mkdirSync(join(root, path, ".."), { recursive: true });
    writeFileSync(join(root, path), text);
  };
  put("config/routes.rb", "Rails.application.routes.draw do\n  resources :posts\n  resources :comments\nend\n");
  put("app/controllers/posts_controller.rb", "class PostsController < ApplicationController\n  def index; end\n  def show; end\nend\n");
  for (let i = 0; i < VIEWS; i++) {
    put(`app/views/posts/part${i}.html.erb`, `<h1>Part ${i}</h1>\n<%= link_to "All posts", posts_path %> <%= link_to "Comments", comments_path %>\n<p><%= "text " * ${i % 7} %></p>\n`);
  }
  return root;
}

const position = { line: 1, character: 28 };

test("references at start read the app a slice at a time: a hover sent after them is answered first, and they find every call", async () => {
  const root = writeApp();
  const uri = (path) => pathToFileURL(join(root, path)).toString();
  const client = await startServer([root], { railsVersion: "6.1" }, { window: { workDoneProgress: true } });
  try {
    await client.diagnosticsWhere(uri("config/routes.rb"), () => true);
    const order = [];
    const references = client.conn.sendRequest("textDocument/references", { textDocument: { uri: uri("app/views/posts/part0.html.erb") }, position, context: { includeDeclaration: false } }).then((r) => (order.push("references"), r));
    const hover = client.conn.sendRequest("textDocument/hover", { textDocument: { uri: uri("config/routes.rb") }, position: { line: 1, character: 4 } }).then((h) => (order.push("hover"), h));
    const [found, hovered] = await Promise.all([references, hover]);
    assert.deepEqual(order, ["hover", "references"]);
    assert.ok(hovered, "the hover is answered");
    // Every view's call, once, at its place.
    assert.equal(found.length, VIEWS);
    assert.deepEqual(new Set(found.map((l) => l.uri)).size, VIEWS);
    assert.ok(found.every((l) => l.range.start.line === 1 && l.range.start.character === 25), JSON.stringify(found[0]));
    // Asked again, once the app is read: the same answer.
    const again = await client.conn.sendRequest("textDocument/references", { textDocument: { uri: uri("app/views/posts/part0.html.erb") }, position, context: { includeDeclaration: false } });
    assert.deepEqual(again.map((l) => l.uri).sort(), found.map((l) => l.uri).sort());
    // A progress the references began (when they took long enough to show one) ended.
    const mine = client.progress.filter((p) => p.kind === "begin" && p.title === "Routemap: finding references").length;
    assert.ok(client.progress.filter((p) => p.kind === "end").length >= mine);
  } finally {
    await client.stop();
  }
});

test("references cancelled while the app is read end as cancelled, and the server answers on", async () => {
  const root = writeApp();
  const uri = (path) => pathToFileURL(join(root, path)).toString();
  const client = await startServer([root], { railsVersion: "6.1" });
  try {
    await client.diagnosticsWhere(uri("config/routes.rb"), () => true);
    const { CancellationTokenSource } = await import("vscode-languageserver-protocol/node");
    const source = new CancellationTokenSource();
    const references = client.conn.sendRequest("textDocument/references", { textDocument: { uri: uri("app/views/posts/part0.html.erb") }, position, context: { includeDeclaration: false } }, source.token);
    // Cancelled once the server has begun (a hover sent after the references answered: they are under way).
    await client.conn.sendRequest("textDocument/hover", { textDocument: { uri: uri("config/routes.rb") }, position: { line: 1, character: 4 } });
    source.cancel();
    await assert.rejects(references, (e) => e.code === LSPErrorCodes.RequestCancelled);
    const after = await client.conn.sendRequest("textDocument/references", { textDocument: { uri: uri("app/views/posts/part0.html.erb") }, position, context: { includeDeclaration: false } });
    assert.equal(after.length, VIEWS);
  } finally {
    await client.stop();
  }
});
