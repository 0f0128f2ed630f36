// Edits a user expects, over the protocol (issue 28 §6): the bundled server driven by a real
// LSP client on a copy of the sample app — the did-you-mean quick fix on a view's misspelled
// helper, references from a helper call, prepareRename and rename (and their refusals).
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { cpSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { startServer } from "./lspClient.mjs";
import { scratchDir } from "../../test-fixtures/lib/scratch.mjs";

const repo = new URL("../..", import.meta.url).pathname;
const root = scratchDir("routemap-edits-");
cpSync(join(repo, "test-fixtures/sample-app"), root, { recursive: true });
const uri = (path) => pathToFileURL(join(root, path)).toString();
const text = (path) => readFileSync(join(root, path), "utf8");
const ROUTES = uri("config/routes.rb");
const VIEW = uri("app/views/products/index.html.erb");

/** The position of `marker`'s `|` in a file's line holding the rest of it. */
function position(path, marker) {
  const plain = marker.replace("|", "");
  const lines = text(path).split("\n");
  const line = lines.findIndex((l) => l.includes(plain));
  assert.ok(line >= 0, `no ${plain} in ${path}`);
  return { line, character: lines[line].indexOf(plain) + marker.indexOf("|") };
}

let client;
before(async () => {
  client = await startServer([root], { railsVersion: "6.1" }, { textDocument: { rename: { prepareSupport: true } } });
});
after(async () => {
  if (client) await client.stop();
});

test("the server offers rename with prepareRename to a client that supports it", () => {
  assert.deepEqual(client.capabilities.renameProvider, { prepareProvider: true });
});

test("a misspelled helper in a view has a quick fix to each name it suggests (preferred only when it suggests one)", async () => {
  const { conn, diagnosticsWhere } = client;
  conn.sendNotification("textDocument/didOpen", { textDocument: { uri: VIEW, languageId: "erb", version: 1, text: text("app/views/products/index.html.erb") } });
  const [diagnostic] = await diagnosticsWhere(VIEW, (l) => l.length > 0);
  const actions = await conn.sendRequest("textDocument/codeAction", { textDocument: { uri: VIEW }, range: diagnostic.range, context: { diagnostics: [diagnostic] } });
  assert.deepEqual(
    actions.map((a) => [a.title, a.isPreferred, a.edit.changes[VIEW][0].newText]),
    [["Change to `featured_products_path`", false, "featured_products_path"], ["Change to `search_products_path`", false, "search_products_path"]],
  );
  assert.deepEqual(actions[0].edit.changes[VIEW][0].range, diagnostic.range);
  conn.sendNotification("textDocument/didClose", { textDocument: { uri: VIEW } });
});

test("references from a helper call: its declaration and every call in controllers and views", async () => {
  const references = await client.conn.sendRequest("textDocument/references", {
    textDocument: { uri: VIEW },
    position: position("app/views/products/index.html.erb", "product_pa|th(product)"),
    context: { includeDeclaration: true },
  });
  const at = references.map((r) => `${r.uri.slice(pathToFileURL(root).toString().length + 1)}:${r.range.start.line + 1}`);
  assert.deepEqual(at, [
    "config/routes.rb:21",
    "app/views/products/index.html.erb:4",
    "app/controllers/products_controller.rb:17",
  ]);
});

test("prepareRename and rename of an `as:` name; a resource whose rename would change its nested routes' paths is refused", async () => {
  const { conn } = client;
  const at = position("config/routes.rb", "as: :pa|ge");
  const prepared = await conn.sendRequest("textDocument/prepareRename", { textDocument: { uri: ROUTES }, position: at });
  assert.equal(prepared.placeholder, "page");
  assert.deepEqual(prepared.range, { start: { line: at.line, character: at.character - 2 }, end: { line: at.line, character: at.character + 2 } });
  const edit = await conn.sendRequest("textDocument/rename", { textDocument: { uri: ROUTES }, position: at, newName: "listing" });
  assert.deepEqual(edit.changes, { [ROUTES]: [{ range: prepared.range, newText: "listing" }] });
  // `resources :products, as: :goods` would name the nested reviews' parameter :good_id.
  const products = position("config/routes.rb", "resources :pro|ducts, only: [:index, :show], concerns");
  await assert.rejects(
    conn.sendRequest("textDocument/rename", { textDocument: { uri: ROUTES }, position: products, newName: "goods" }),
    (e) => e.code === -32600 && /would change more than names: `GET \/products\/:product_id\/reviews\(\.:format\)`.* would become `GET \/products\/:good_id\/reviews/.test(e.message),
  );
  // A helper named by its action (`get :search` on the collection): renamed in the routes file, with `as:`.
  await assert.rejects(
    conn.sendRequest("textDocument/prepareRename", { textDocument: { uri: VIEW }, position: position("app/views/products/index.html.erb", "search_pro|ducts_path") }),
    (e) => e.code === -32600 && /is named by `get :search` \(config\/routes\.rb:\d+\): rename it there/.test(e.message),
  );
});
