// The editor's features in engines' files, over the protocol, against what Rails resolves
// (issue 28): hover, definition, completion (and its resolve), references and code lenses in the
// views and controllers of each kind of engine of test-fixtures/helper-checks/engines (an
// isolated engine with its own set, `blog`; a non-isolated one, `forum`; an isolated one whose
// routes file draws into the app's set, `shop`, as openfoodnetwork's; a non-isolated one that
// appends to the app's, `web`), and `main_app.`/`blog.` in the app's files. The truth is
// `engines.editor.rails-6.1.txt`: the app booted with Debian's Rails 6.1, each call resolved in
// the context its file runs in (test-fixtures/oracle/engine_helpers.rb, by scripts/oracle.mjs).
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { FIXTURES } from "../../test-fixtures/lib/cases.mjs";
import { startServer } from "./lspClient.mjs";

const root = join(FIXTURES, "helper-checks", "engines");
const golden = readFileSync(join(FIXTURES, "helper-checks", "engines.editor.rails-6.1.txt"), "utf8").trimEnd().split("\n");
const uri = (path) => pathToFileURL(join(root, path)).toString();
const fileOf = (u) => relative(root, fileURLToPath(u));

/**
 * Each call Rails resolved: its file, line, receiver and name, Rails' answer (`app /users(.:format)
 * users#index`, `Forum::Engine direct`, `undefined`), and what it returns there given "1" for each
 * required part (`/blog/posts/1`: an engine's paths under its mount).
 */
const calls = golden.flatMap((l) => {
  const m = /^(.+?):(\d+): (?:(\w+)\.)?(\w+) → (.+?)(?: = (\S+))?$/.exec(l);
  return m ? [{ file: m[1], line: Number(m[2]), receiver: m[3], name: m[4], rails: m[5], returns: m[6] }] : [];
});
/** Each file's tables: receiver (`-` for none) → set. */
const reaches = new Map(golden.flatMap((l) => {
  const m = /^(.+?): reaches (.+)$/.exec(l);
  return m ? [[m[1], new Map(m[2].split(", ").map((p) => p.split(" → ")))]] : [];
}));
/** Each set's helpers, as Rails' `named_routes.helper_names` lists them. */
const helpers = new Map(golden.flatMap((l) => {
  const m = /^(\S+) helpers: ?(.*)$/.exec(l);
  return m ? [[m[1], m[2].split(" ").filter(Boolean).sort()]] : [];
}));
/** The routes files whose routes are an engine's own set's (the others draw into the app's). */
const ENGINE_SETS = { "Blog::Engine": "engines/blog/config/routes.rb", "Forum::Engine": "engines/forum/config/routes.rb" };

let server;
/** A client that takes no list defaults (`completionList.itemDefaults` absent) and no lazy details. */
let plain;
before(async () => {
  server = await startServer([root], { railsVersion: "6.1" }, {
    textDocument: { completion: { completionList: { itemDefaults: ["data", "insertTextFormat", "editRange"] }, completionItem: { snippetSupport: true, resolveSupport: { properties: ["detail", "documentation"] } } } },
  });
  plain = await startServer([root], { railsVersion: "6.1" }, { textDocument: { completion: { completionItem: { snippetSupport: true } } } });
});
after(() => Promise.all([server.stop(), plain.stop()]));

/** Where the call's name sits on its line (its receiver before it, if any). */
function positionOf({ file, line, receiver, name }) {
  const text = readFileSync(join(root, file), "utf8").split("\n")[line - 1];
  const m = new RegExp(`(?<![\\w.])${receiver ? `${receiver}\\.` : ""}${name}\\b`).exec(text);
  assert.ok(m, `${file}:${line} has ${name}`);
  return { line: line - 1, character: m.index + m[0].length - 1 };
}

/** What hover and definition say of a call, in the golden's words: the route's set, path and target, or undefined. */
async function editorAnswer(call) {
  const at = { textDocument: { uri: uri(call.file) }, position: positionOf(call) };
  const hover = await server.conn.sendRequest("textDocument/hover", at);
  const definition = await server.conn.sendRequest("textDocument/definition", at);
  if (!hover) return { answer: "undefined", definition };
  const where = definition && fileOf((Array.isArray(definition) ? definition[0] : definition).uri);
  const set = Object.entries(ENGINE_SETS).find(([, file]) => file === where)?.[0] ?? "app";
  const value = hover.contents.value;
  if (/`direct :/.test(value)) return { answer: `${set} direct`, where };
  const row = /^\| `\w+` \| \w+ \| `([^`]+)` \| (\S+) \|$/m.exec(value);
  const path = row[1].replace(/\\\|/g, "|");
  // What the call returns: the path hover says it returns there, else the route's, each required part "1".
  const returned = /^Returns `([^`]+)` here/m.exec(value)?.[1] ?? path;
  return { answer: `${set} ${path} ${row[2]}`, where, returns: returned.replace(/\([^()]*\)/g, "").replace(/:\w+/g, "1") };
}

test("hover and definition of each call in each kind of engine's files resolve as Rails does there, and say what it returns", async () => {
  assert.ok(calls.length > 40, "the oracle resolved the engines' calls");
  assert.ok(calls.filter((c) => c.returns?.startsWith("/blog/")).length >= 5, "the oracle says what engines' helpers return");
  const wrong = [];
  for (const call of calls) {
    const { answer, definition, returns } = await editorAnswer(call);
    if (answer !== call.rails) wrong.push(`${call.file}:${call.line} ${call.receiver ? `${call.receiver}.` : ""}${call.name}: Rails ${call.rails}, editor ${answer}`);
    if (call.returns && returns !== call.returns) wrong.push(`${call.file}:${call.line} ${call.receiver ? `${call.receiver}.` : ""}${call.name}: returns ${call.returns} in Rails, hover says ${returns}`);
    if (answer === "undefined" && definition) wrong.push(`${call.file}:${call.line} ${call.name}: a definition where Rails has no such helper`);
  }
  assert.deepEqual(wrong, []);
});

/** The labels offered after `receiver.` (or with none) at a new last line of the file, and the list's defaults. */
async function completionAt(file, receiver, client = server, word = "") {
  const text = readFileSync(join(root, file), "utf8");
  const typed = file.endsWith(".erb") ? `<%= ${receiver === "-" ? "" : `${receiver}.`}` : `    x = ${receiver === "-" ? "" : `${receiver}.`}`;
  const edited = `${text}${typed}${word}\n`;
  const lines = edited.split("\n");
  client.conn.sendNotification("textDocument/didOpen", { textDocument: { uri: uri(file), languageId: file.endsWith(".erb") ? "erb" : "ruby", version: 1, text: edited } });
  try {
    const list = await client.conn.sendRequest("textDocument/completion", { textDocument: { uri: uri(file) }, position: { line: lines.length - 2, character: typed.length + word.length } });
    return list;
  } finally {
    client.conn.sendNotification("textDocument/didClose", { textDocument: { uri: uri(file) } });
  }
}

test("completion in each file offers the helpers of the table each receiver reaches there, main_app. and engines' proxies included", async () => {
  assert.ok(reaches.size >= 10);
  const wrong = [];
  for (const [file, tables] of reaches) {
    for (const [receiver, set] of tables) {
      const list = await completionAt(file, receiver);
      const labels = (list?.items ?? []).map((i) => i.label).sort();
      const expected = helpers.get(set);
      const missing = expected.filter((h) => !labels.includes(h));
      const extra = labels.filter((h) => !expected.includes(h));
      if (missing.length || extra.length) wrong.push(`${file} ${receiver}. (${set}): missing ${missing.join(" ") || "none"}; not Rails' ${extra.join(" ") || "none"}`);
    }
  }
  assert.deepEqual(wrong, []);
});

// A name in two tables (`root_path`: the app's `/`→users#index, Blog::Engine's `/`→blog/posts#index)
// resolves from the table of the receiver it was offered after, through the list's data.
test("completion's resolve gives the details of the table the item was offered from", async () => {
  const resolved = async (file, receiver) => {
    const list = await completionAt(file, receiver);
    const item = list.items.find((i) => i.label === "root_path");
    return server.conn.sendRequest("completionItem/resolve", { ...item, data: item.data ?? list.itemDefaults?.data });
  };
  assert.equal((await resolved("app/views/users/index.html.erb", "blog")).detail, "GET / → blog/posts#index");
  assert.equal((await resolved("app/views/users/index.html.erb", "main_app")).detail, "GET / → users#index");
  assert.equal((await resolved("engines/blog/app/views/blog/posts/index.html.erb", "-")).detail, "GET / → blog/posts#index");
  assert.equal((await resolved("engines/blog/app/views/blog/posts/index.html.erb", "main_app")).detail, "GET / → users#index");
  assert.equal((await resolved("engines/forum/app/views/topics/index.html.erb", "-")).detail, "GET / → users#index");
});

// A client without list defaults gets each item with what the defaults give (its data, snippet
// format and edit range): every item it is offered inserts and resolves as the other client's
// (the same text over the same range, the same details), in every file and after every receiver.
test("a client without completionList.itemDefaults inserts and resolves every item as one with them", async () => {
  const wrong = [];
  for (const [file, tables] of reaches) {
    for (const receiver of tables.keys()) {
      for (const word of ["", "ro"]) {
        const [lean, full] = [await completionAt(file, receiver, server, word), await completionAt(file, receiver, plain, word)];
        assert.equal(full.itemDefaults, undefined);
        const where = `${file} ${receiver}. "${word}"`;
        if (JSON.stringify(lean.items.map((i) => i.label)) !== JSON.stringify(full.items.map((i) => i.label))) wrong.push(`${where}: other items`);
        for (const item of full.items) {
          const other = lean.items.find((i) => i.label === item.label);
          const defaults = lean.itemDefaults ?? {};
          const insert = (i, range) => JSON.stringify([i.insertTextFormat ?? defaults.insertTextFormat, i.textEdit?.range ?? range ?? null, i.textEdit?.newText ?? i.insertText ?? i.label]);
          if (insert(item) !== insert(other, defaults.editRange)) wrong.push(`${where} ${item.label}: inserts ${insert(item)}, with defaults ${insert(other, defaults.editRange)}`);
          if (item.label !== "root_path" && item.label !== "root_url") continue;
          const [a, b] = [await plain.conn.sendRequest("completionItem/resolve", item), await server.conn.sendRequest("completionItem/resolve", { ...other, data: defaults.data })];
          if (a.detail !== b.detail || a.documentation?.value !== b.documentation?.value) wrong.push(`${where} ${item.label}: resolves to ${a.detail}, with defaults ${b.detail}`);
        }
      }
    }
  }
  assert.deepEqual(wrong, []);
});

// From any call, the other calls Rails resolves to the same route, across the app and its
// engines' folders (`main_app.users_path` in the blog engine, `users_path` in the forum engine
// and the app): the golden's calls grouped by Rails' answer.
test("references from a call in an engine's file find the calls Rails resolves to the same route", async () => {
  const groups = new Map();
  for (const call of calls) {
    if (call.rails === "undefined" || call.rails.endsWith(" direct")) continue;
    groups.set(call.rails, [...(groups.get(call.rails) ?? []), call]);
  }
  const files = new Set(calls.map((c) => c.file));
  const wrong = [];
  for (const [rails, group] of groups) {
    const expected = group.map((c) => `${c.file}:${c.line}`).sort();
    for (const call of group.filter((c) => c.file.startsWith("engines/"))) {
      const found = await server.conn.sendRequest("textDocument/references", { textDocument: { uri: uri(call.file) }, position: positionOf(call), context: { includeDeclaration: false } });
      const shown = [...new Set(found.map((l) => `${fileOf(l.uri)}:${l.range.start.line + 1}`))].filter((l) => files.has(l.replace(/:\d+$/, ""))).sort();
      if (JSON.stringify(shown) !== JSON.stringify(expected)) wrong.push(`${call.file}:${call.line} (${rails}): Rails ${expected.join(" ")}; editor ${shown.join(" ")}`);
    }
  }
  assert.deepEqual(wrong, []);
});

// Code lenses over an engine's controller's actions: the routes of every set that reach it (an
// engine whose routes file draws into the app's set: the app's).
test("code lenses on an engine's controller actions list the routes Rails has reaching them", async () => {
  const wrong = [];
  for (const line of golden) {
    const m = /^(.+?): (\w+) reached by (.*)$/.exec(line);
    if (!m) continue;
    const [, file, action, reaching] = m;
    const lenses = await server.conn.sendRequest("textDocument/codeLens", { textDocument: { uri: uri(file) } });
    const text = readFileSync(join(root, file), "utf8").split("\n");
    const defLine = text.findIndex((l) => new RegExp(`^\\s*def ${action}\\b`).test(l));
    const titles = lenses.filter((l) => l.range.start.line === defLine).map((l) => {
      const where = fileOf(l.command.arguments[0].uri);
      const set = Object.entries(ENGINE_SETS).find(([, f]) => f === where)?.[0] ?? "app";
      return `${set} ${l.command.title.replace(/ · \w+$/, "")}`;
    });
    const expected = reaching.split(", ").filter(Boolean);
    if (JSON.stringify(titles.sort()) !== JSON.stringify(expected.sort())) wrong.push(`${file} ${action}: Rails ${expected.join(", ")}; editor ${titles.join(", ")}`);
  }
  assert.deepEqual(wrong, []);
});

// A hash target (`url_for(action: :show)`) in an engine's controller is generated by the route
// set its receiver-less helpers are of (the golden's `reaches -`): Blog::Engine's in blog's
// controller; the app's in forum's, which has no route to `topics#index` (Rails raises
// ActionController::UrlGenerationError there).
test("hover on a hash target in an engine's controller shows the routes of the set its file has", async () => {
  const hoverOn = async (file, line) => {
    const text = readFileSync(join(root, file), "utf8").replace(/\n(\s*)def (\w+)\n/, `\n$1def $2\n$1  ${line}\n`);
    server.conn.sendNotification("textDocument/didOpen", { textDocument: { uri: uri(file), languageId: "ruby", version: 1, text } });
    try {
      const at = text.split("\n").findIndex((l) => l.includes(line));
      const hover = await server.conn.sendRequest("textDocument/hover", { textDocument: { uri: uri(file) }, position: { line: at, character: text.split("\n")[at].lastIndexOf(":") + 2 } });
      return hover?.contents.value ?? "";
    } finally {
      server.conn.sendNotification("textDocument/didClose", { textDocument: { uri: uri(file) } });
    }
  };
  assert.equal(reaches.get("engines/blog/app/controllers/blog/posts_controller.rb").get("-"), "Blog::Engine");
  assert.match(await hoverOn("engines/blog/app/controllers/blog/posts_controller.rb", "url_for(action: :show)"), /`\/posts\/:id\(\.:format\)` \| blog\/posts#show/);
  assert.equal(reaches.get("engines/forum/app/controllers/topics_controller.rb").get("-"), "app");
  assert.match(await hoverOn("engines/forum/app/controllers/topics_controller.rb", "url_for(action: :index)"), /_No routes\._/);
});

// Renaming the app's route from an engine's file (a non-isolated engine's mailer template calls
// the app's `profile_url` bare, as Rails runs it there): the app's routes file and every call
// of it are edited, the engine's included.
test("rename from an engine's file renames the app's route its call reaches", async () => {
  const file = "engines/forum/app/views/forum_mailer/digest.html.erb";
  const call = calls.find((c) => c.file === file && c.name === "profile_url");
  assert.match(call.rails, /^app \/:account\/profile/);
  // The part of the name its `as:` writes is selected (prepareRename), and replaced.
  const edit = await server.conn.sendRequest("textDocument/rename", { textDocument: { uri: uri(file) }, position: positionOf(call), newName: "account_profile" });
  const changes = Object.entries(edit.changes).flatMap(([u, edits]) => edits.map((e) => `${fileOf(u)}:${e.range.start.line + 1} ${e.newText}`)).sort();
  assert.deepEqual(changes, ["config/routes.rb:6 account_profile", `${file}:1 account_profile_url`]);
  // And from the app's routes file, the engine's bare call is found (it runs with the app's helpers).
  const routes = readFileSync(join(root, "config/routes.rb"), "utf8").split("\n");
  const line = routes.findIndex((l) => l.includes("as: :profile"));
  const fromRoutes = await server.conn.sendRequest("textDocument/rename", { textDocument: { uri: uri("config/routes.rb") }, position: { line, character: routes[line].indexOf(":profile") + 2 }, newName: "account_profile" });
  assert.deepEqual(Object.entries(fromRoutes.changes).flatMap(([u, edits]) => edits.map((e) => `${fileOf(u)}:${e.range.start.line + 1} ${e.newText}`)).sort(), changes);
});

// URL defaults as the checks take them (`joinUrlDefaults`): the forum engine's mailer inherits the
// app's `ActionMailer::Base.default_url_options[:account]`, so `profile_url` (`/:account/profile`)
// is fine there without arguments (Rails 6.1: `ok`, engines.rails-6.1.txt), and hover says where
// `account` comes from; `user_url` still needs its `id` (Rails raises).
test("hover in an engine's mailer template says which required parts the app's default_url_options give", async () => {
  const truth = readFileSync(join(FIXTURES, "helper-checks", "engines.rails-6.1.txt"), "utf8");
  const file = "engines/forum/app/views/forum_mailer/digest.html.erb";
  assert.match(truth, /forum_mailer\/digest\.html\.erb:1: ok/);
  assert.match(truth, /forum_mailer\/digest\.html\.erb:2: raises ActionController::UrlGenerationError/);
  const hoverOf = async (name) => (await server.conn.sendRequest("textDocument/hover", { textDocument: { uri: uri(file) }, position: positionOf(calls.find((c) => c.file === file && c.name === name)) })).contents.value;
  assert.match(await hoverOf("profile_url"), /Here \(no request\) `account` comes from `default_url_options` when not given/);
  assert.doesNotMatch(await hoverOf("user_url"), /default_url_options/);
});
