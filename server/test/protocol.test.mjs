// The bundled language server (server/dist/bundle/server.js, prism.wasm beside it) driven over
// stdio by a real LSP client connection, on a copy of the sample app. No sleeps: every step
// waits for the response or notification it expects.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { cpSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { spawn } from "node:child_process";
import {
  createProtocolConnection, LSPErrorCodes, StreamMessageReader, StreamMessageWriter,
} from "vscode-languageserver-protocol/node";
import { startServer } from "./lspClient.mjs";
import { scratchDir } from "../../test-fixtures/lib/scratch.mjs";

const repo = new URL("../..", import.meta.url).pathname;
const root = scratchDir("routemap-lsp-");
cpSync(join(repo, "test-fixtures/sample-app"), root, { recursive: true });
const uri = (path) => pathToFileURL(join(root, path)).toString();
const ROUTES = uri("config/routes.rb");
const VIEW = uri("app/views/products/index.html.erb");

let conn;
let client;
let diagnosticsWhere;
let versions;

before(async () => {
  client = await startServer([root], { railsVersion: "6.1" });
  ({ conn, diagnosticsWhere, versions } = client);
});

after(async () => {
  if (client) await client.stop();
});

test("publishes the app's diagnostics on start: a route's missing action in the routes file, a misspelled helper in its view", async () => {
  const list = await diagnosticsWhere(ROUTES, (l) => l.length > 0);
  assert.deepEqual(list.map((d) => [d.severity, d.message]), [[2, "OrdersController has no action `cancel` and no template orders/cancel"]]);
  // A view's helper calls are checked once it is open.
  conn.sendNotification("textDocument/didOpen", { textDocument: { uri: VIEW, languageId: "erb", version: 1, text: readFileSync(join(root, "app/views/products/index.html.erb"), "utf8") } });
  const view = await diagnosticsWhere(VIEW, (l) => l.length > 0);
  assert.deepEqual(view.map((d) => [d.severity, d.range.start.line]), [[1, 7]]);
  assert.match(view[0].message, /^undefined method `featurd_products_path'.*did you mean `featured_products_path`/);
  conn.sendNotification("textDocument/didClose", { textDocument: { uri: VIEW } });
});

test("a mistake typed into a routes file is reported at once, and cleared when fixed", async () => {
  const text = readFileSync(join(root, "config/routes.rb"), "utf8");
  conn.sendNotification("textDocument/didOpen", { textDocument: { uri: ROUTES, languageId: "ruby", version: 1, text } });
  const line = text.split("\n").findIndex((l) => l.includes('root "storefront#index"'));
  conn.sendNotification("textDocument/didChange", {
    textDocument: { uri: ROUTES, version: 2 },
    contentChanges: [{ range: { start: { line, character: 0 }, end: { line, character: 0 } }, text: "  member { get :oops }\n" }],
  });
  const broken = await diagnosticsWhere(ROUTES, (l) => l.some((d) => d.severity === 1));
  // Diagnostics of an open file say which version of its text they were computed from.
  assert.equal(versions.get(ROUTES), 2);
  const error = broken.find((d) => d.severity === 1);
  assert.equal(error.message, "can't use member outside resource(s) scope");
  assert.deepEqual(error.range, { start: { line, character: 2 }, end: { line, character: 8 } });
  conn.sendNotification("textDocument/didChange", {
    textDocument: { uri: ROUTES, version: 3 },
    contentChanges: [{ range: { start: { line, character: 0 }, end: { line: line + 1, character: 0 } }, text: "" }],
  });
  await diagnosticsWhere(ROUTES, (l) => !l.some((d) => d.severity === 1));
});

test("hover on a declaration lists its routes; on a helper in a view, its route", async () => {
  const text = readFileSync(join(root, "config/routes.rb"), "utf8").split("\n");
  const line = text.findIndex((l) => l.includes("resources :products"));
  const hover = await conn.sendRequest("textDocument/hover", { textDocument: { uri: ROUTES }, position: { line, character: 14 } });
  assert.match(hover.contents.value, /\| `products_path` \| GET \| `\/products\(\.:format\)` \| products#index \|/);
  const helper = await conn.sendRequest("textDocument/hover", { textDocument: { uri: VIEW }, position: { line: 3, character: 34 } });
  assert.match(helper.contents.value, /^\*\*product_path\*\*\(id\)/);
});

test("completion offers helpers with snippets; definition and references connect views and routes", async () => {
  const list = await conn.sendRequest("textDocument/completion", { textDocument: { uri: VIEW }, position: { line: 3, character: 30 } });
  const item = list.items.find((i) => i.label === "edit_admin_product_path");
  assert.equal(item.insertText, "edit_admin_product_path(${1:product})");
  const resolved = await conn.sendRequest("completionItem/resolve", item);
  assert.match(resolved.documentation.value, /admin\/products#edit/);
  const definition = await conn.sendRequest("textDocument/definition", { textDocument: { uri: VIEW }, position: { line: 4, character: 40 } });
  assert.equal(definition.uri, ROUTES);
  const routesText = readFileSync(join(root, "config/routes.rb"), "utf8").split("\n");
  assert.match(routesText[definition.range.start.line], /post :wishlist/);
  const references = await conn.sendRequest("textDocument/references", {
    textDocument: { uri: ROUTES },
    position: { line: definition.range.start.line, character: definition.range.start.character + 6 },
    context: { includeDeclaration: false },
  });
  assert.deepEqual(references.map((r) => [r.uri, r.range.start.line]), [[VIEW, 4]]);
});

test("routemap/routes and routemap/recognize answer for the app", async () => {
  const { apps } = await conn.sendRequest("routemap/routes", {});
  // The app, and its engine (engines/journal), which has its own routes file.
  assert.deepEqual(apps.map((a) => a.root).sort(), [root, join(root, "engines/journal")]);
  const app = apps.find((a) => a.root === root);
  assert.ok(app.routes.length > 250);
  assert.equal(app.railsVersion, "6.1");
  const found = await conn.sendRequest("routemap/recognize", { request: "GET /products/42/reviews" });
  assert.equal(found.route.name, "product_reviews");
  assert.deepEqual(found.params, { controller: "reviews", action: "index", product_id: "42" });
  // The sample app ends with a catch-all (`match "*unmatched", via: :all`).
  const fallback = await conn.sendRequest("routemap/recognize", { request: "DELETE /nowhere/else" });
  assert.deepEqual(fallback.params, { controller: "errors", action: "not_found", unmatched: "nowhere/else" });
  assert.equal(await conn.sendRequest("routemap/recognize", { uri: "file:///not/an/app/x.rb", request: "GET /" }), null);
  const table = await conn.sendRequest("routemap/routesTable", { uri: ROUTES });
  assert.equal(table.text, readFileSync(join(repo, "test-fixtures/sample-app/rails-routes.txt"), "utf8"));
});

test("a drawn file nested past what Prism can parse is reported in that file; once fixed, the table is whole again", async () => {
  const community = uri("config/routes/community.rb");
  const text = readFileSync(join(root, "config/routes/community.rb"), "utf8");
  conn.sendNotification("textDocument/didOpen", { textDocument: { uri: community, languageId: "ruby", version: 1, text } });
  // 3,000 nested scopes: past V8's stack and, before Routemap gave Prism a larger stack of
  // its own, far past the 64 KiB one that made it loop forever at 189 parentheses.
  const deep = 'scope "a" do\n'.repeat(3000) + "end\n".repeat(3000);
  conn.sendNotification("textDocument/didChange", { textDocument: { uri: community, version: 2 }, contentChanges: [{ text: deep }] });
  const reported = await diagnosticsWhere(community, (l) => l.some((d) => d.code === "parser-failure"));
  const failure = reported.find((d) => d.code === "parser-failure");
  assert.equal(failure.severity, 1);
  assert.match(failure.message, /^Routemap could not parse this file, so its routes are missing: Prism, in WebAssembly, failed on it/);
  assert.deepEqual(failure.range, { start: { line: 0, character: 0 }, end: { line: 0, character: 'scope "a" do'.length } });
  // The very next parse is of valid text, by the parser that replaced the failed one.
  conn.sendNotification("textDocument/didChange", { textDocument: { uri: community, version: 3 }, contentChanges: [{ text }] });
  await diagnosticsWhere(community, (l) => !l.some((d) => d.code === "parser-failure"));
  const table = await conn.sendRequest("routemap/routesTable", { uri: ROUTES });
  assert.equal(table.text, readFileSync(join(repo, "test-fixtures/sample-app/rails-routes.txt"), "utf8"));
  conn.sendNotification("textDocument/didClose", { textDocument: { uri: community } });
});

test("requests for missing files, odd positions or bad parameters get empty answers, never a crash", async () => {
  const missing = uri("config/nothing.rb");
  assert.equal(await conn.sendRequest("textDocument/hover", { textDocument: { uri: missing }, position: { line: 0, character: 0 } }), null);
  assert.equal(await conn.sendRequest("textDocument/hover", { textDocument: { uri: ROUTES }, position: { line: 9999, character: 9999 } }), null);
  assert.deepEqual(await conn.sendRequest("textDocument/completion", { textDocument: { uri: "untitled:x" }, position: { line: 0, character: 0 } }), []);
  assert.equal(await conn.sendRequest("routemap/recognize", { nonsense: true }), null);
  const symbols = await conn.sendRequest("workspace/symbol", { query: "wishlist" });
  assert.ok(symbols.some((s) => s.name === "wishlist_product_path"));
});

/** One JSON-RPC message, framed as LSP frames it on the wire. */
const frame = (message) => {
  const body = JSON.stringify({ jsonrpc: "2.0", ...message });
  return `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`;
};

test("a request cancelled before the server gets to it is answered RequestCancelled; the next one is served", async () => {
  // A client connection writes header and body of each message in turn, so whether the server
  // reads a cancellation before it reaches the request is a race. Here the request, its
  // cancellation and a request after it go out in one write (under the pipe's atomic size):
  // the server reads them together and must answer the cancelled one without computing it.
  const server = spawn(process.execPath, [join(repo, "server/dist/bundle/server.js"), "--stdio"], { stdio: ["pipe", "pipe", "pipe"] });
  const reader = new StreamMessageReader(server.stdout);
  const answers = new Map();
  const waiting = new Map();
  reader.listen((message) => {
    if (message.id === undefined || message.method !== undefined) return;
    answers.set(message.id, message);
    waiting.get(message.id)?.(message);
  });
  try {
    const answer = (id) => new Promise((resolve) => (answers.has(id) ? resolve(answers.get(id)) : waiting.set(id, resolve)));
    server.stdin.write(frame({ id: 1, method: "initialize", params: { processId: process.pid, rootUri: pathToFileURL(root).toString(), capabilities: {} } }));
    await answer(1);
    const hover = { textDocument: { uri: VIEW }, position: { line: 3, character: 34 } };
    const burst = [
      frame({ method: "initialized", params: {} }),
      frame({ id: 2, method: "textDocument/hover", params: hover }),
      frame({ method: "$/cancelRequest", params: { id: 2 } }),
      frame({ id: 3, method: "textDocument/hover", params: hover }),
    ].join("");
    assert.ok(Buffer.byteLength(burst) < 4096, "the burst must fit one atomic pipe write");
    server.stdin.write(burst);
    const cancelled = await answer(2);
    assert.equal(cancelled.error?.code, LSPErrorCodes.RequestCancelled);
    assert.match((await answer(3)).result.contents.value, /^\*\*product_path\*\*/);
    server.stdin.write(frame({ id: 4, method: "shutdown" }));
    await answer(4);
    const exited = new Promise((resolve) => server.once("exit", resolve));
    server.stdin.write(frame({ method: "exit" }));
    assert.equal(await exited, 0);
  } finally {
    // A failed assertion must not leave the server running (it would keep the test alive).
    if (server.exitCode === null) server.kill();
    reader.dispose();
  }
});

test("a client that supports item defaults and lazy details, as VS Code's does, gets lean completion lists", async () => {
  const lean = spawn(process.execPath, [join(repo, "server/dist/bundle/server.js"), "--stdio"], { stdio: ["pipe", "pipe", "pipe"] });
  const c = createProtocolConnection(new StreamMessageReader(lean.stdout), new StreamMessageWriter(lean.stdin));
  c.listen();
  const completion = {
    completionItem: { snippetSupport: true, resolveSupport: { properties: ["documentation", "detail", "additionalTextEdits"] } },
    completionList: { itemDefaults: ["commitCharacters", "editRange", "insertTextFormat", "insertTextMode", "data"] },
  };
  await c.sendRequest("initialize", { processId: process.pid, rootUri: pathToFileURL(root).toString(), capabilities: { textDocument: { completion } } });
  c.sendNotification("initialized", {});
  const list = await c.sendRequest("textDocument/completion", { textDocument: { uri: VIEW }, position: { line: 3, character: 30 } });
  assert.equal(list.itemDefaults.insertTextFormat, 2);
  const item = list.items.find((i) => i.label === "edit_admin_product_path");
  assert.deepEqual(Object.keys(item).sort(), ["insertText", "kind", "label"]);
  const resolved = await c.sendRequest("completionItem/resolve", { ...item, data: list.itemDefaults.data });
  assert.match(resolved.detail, /^GET \/admin\/products\/:id\/edit\(\.:format\) → admin\/products#edit$/);
  await c.sendRequest("shutdown");
  const exited = new Promise((resolve) => lean.once("exit", resolve));
  c.sendNotification("exit");
  assert.equal(await exited, 0);
});

test("workspace/didChangeConfiguration is registered only with a client that supports registering it (eglot does not, and warns)", async () => {
  const methods = async (workspace) => {
    const c = await startServer([root], { railsVersion: "6.1" }, { workspace });
    try {
      // Registrations are asked for before the first diagnostics are published, on the same pipe.
      await c.diagnosticsWhere(ROUTES, () => true);
      return c.registrations.map((r) => r.method).sort();
    } finally {
      await c.stop();
    }
  };
  assert.deepEqual(await methods({}), ["workspace/didChangeWatchedFiles"]);
  assert.deepEqual(await methods({ didChangeConfiguration: { dynamicRegistration: false } }), ["workspace/didChangeWatchedFiles"]);
  assert.deepEqual(await methods({ didChangeConfiguration: { dynamicRegistration: true } }), ["workspace/didChangeConfiguration", "workspace/didChangeWatchedFiles"]);
});

test("the sample app and its engine have every check on: the engine, with no Gemfile.lock of its own, runs in the app's bundle", async () => {
  const { apps } = await conn.sendRequest("routemap/status", {});
  assert.deepEqual(apps.map((a) => [a.root.slice(root.length) || "/", a.checks]).sort(), [["/", "on"], ["/engines/journal", "on"]]);
});

test("a client that shows progress sees the app read at start, from its begin to its end; one that does not is not asked", async () => {
  const shows = await startServer([root], { railsVersion: "6.1" }, { window: { workDoneProgress: true } });
  try {
    // The read begins once the first request is answered.
    await shows.conn.sendRequest("textDocument/hover", { textDocument: { uri: ROUTES }, position: { line: 0, character: 0 } });
    const ended = () => shows.progress.some((p) => p.kind === "end");
    for (let i = 0; i < 200 && !ended(); i++) await new Promise((resolve) => setTimeout(resolve, 50));
    const kinds = shows.progress.map((p) => p.kind);
    assert.equal(kinds[0], "begin");
    assert.equal(kinds[kinds.length - 1], "end");
    assert.equal(shows.progress[0].title, "Routemap");
    assert.match(shows.progress[0].message, /reading the app: its helper calls and actions are checked once it is read/);
    const shares = shows.progress.filter((p) => p.kind === "report").map((p) => p.percentage);
    assert.ok(shares.length >= 2 && shares.every((s, i) => i === 0 || s >= shares[i - 1]), JSON.stringify(shows.progress));
    assert.ok(shows.progress.some((p) => /controllers \d+ of \d+/.test(p.message ?? "")) && shows.progress.some((p) => /files \d+ of \d+/.test(p.message ?? "")));
  } finally {
    await shows.stop();
  }
  // The suite's own client declares no `window.workDoneProgress`: the server started none.
  assert.deepEqual(client.progress, []);
});
