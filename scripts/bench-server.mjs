#!/usr/bin/env node
// The language server's figures, part of `npm run bench`: a generated app of about 3,000
// routes over 20 drawn files, served by the bundled server over stdio. Measures cold start
// to first diagnostics, keystroke-to-diagnostics latency, hover and completion latency
// (median and p99), and the server's resident memory.
import { spawn } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { pathToFileURL } from "node:url";
import { createProtocolConnection, StreamMessageReader, StreamMessageWriter } from "vscode-languageserver-protocol/node";
import { scratchDir } from "../test-fixtures/lib/scratch.mjs";

const repo = new URL("..", import.meta.url).pathname;
const root = scratchDir("routemap-bench-");
mkdirSync(join(root, "config/routes"), { recursive: true });
mkdirSync(join(root, "app/views/home"), { recursive: true });
const main = ["Rails.application.routes.draw do", '  root "home#index"'];
for (let f = 0; f < 20; f++) {
  main.push(`  draw :area${f}`);
  const lines = [`namespace :area${f} do`];
  for (let r = 0; r < 14; r++) {
    lines.push(`  resources :items${r}s do`, "    member { post :publish }", "    resources :notes, only: [:index, :create]", "  end");
  }
  lines.push("end", "");
  writeFileSync(join(root, `config/routes/area${f}.rb`), lines.join("\n"));
}
main.push("end", "");
writeFileSync(join(root, "config/routes.rb"), main.join("\n"));
writeFileSync(join(root, "app/views/home/index.html.erb"), '<%= link_to "x", area3_items4_path %>\n<%= \n');

const uri = (p) => pathToFileURL(join(root, p)).toString();
const started = performance.now();
// Started as the VS Code extension starts it (client/src/extension.ts): with a 4 MiB young generation.
const child = spawn(process.execPath, ["--max-semi-space-size=4", join(repo, "server/dist/bundle/server.js"), "--stdio"], { stdio: ["pipe", "pipe", "inherit"] });
const conn = createProtocolConnection(new StreamMessageReader(child.stdout), new StreamMessageWriter(child.stdin));
let onDiagnostics = () => {};
conn.onNotification("textDocument/publishDiagnostics", (p) => onDiagnostics(p));
conn.onRequest("workspace/configuration", (p) => p.items.map(() => ({})));
conn.onRequest("client/registerCapability", () => null);
conn.listen();
const firstDiagnostics = new Promise((resolve) => (onDiagnostics = (p) => p.uri === uri("config/routes.rb") && resolve()));
// The completion capabilities VS Code's client (vscode-languageclient 10) announces: item
// defaults, and `detail` filled in on resolve. Clients without them get every field on every item.
const completion = {
  completionItem: { snippetSupport: true, resolveSupport: { properties: ["documentation", "detail", "additionalTextEdits"] } },
  completionList: { itemDefaults: ["commitCharacters", "editRange", "insertTextFormat", "insertTextMode", "data"] },
};
await conn.sendRequest("initialize", { processId: process.pid, rootUri: pathToFileURL(root).toString(), capabilities: { workspace: { configuration: true }, textDocument: { completion } } });
conn.sendNotification("initialized", {});
await firstDiagnostics;
const coldStart = performance.now() - started;

const { apps } = await conn.sendRequest("routemap/routes", {});
const routeCount = apps[0].routes.length;

const percentile = (xs, p) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))];
const stats = (xs) => ({ median: +percentile(xs, 50).toFixed(2), p99: +percentile(xs, 99).toFixed(2) });

// Keystrokes in a drawn file: each edit waits for that file's new diagnostics.
const drawn = uri("config/routes/area7.rb");
let text = readFileSync(join(root, "config/routes/area7.rb"), "utf8");
const opened = new Promise((resolve) => (onDiagnostics = (p) => p.uri === drawn && p.version === 1 && resolve()));
conn.sendNotification("textDocument/didOpen", { textDocument: { uri: drawn, languageId: "ruby", version: 1, text } });
await opened;
const editTimes = [];
for (let i = 0; i < 200; i++) {
  const insert = i % 2 === 0 ? "x" : "";
  const line = 2;
  // The diagnostics of this very edit: the server says which version of the text they are for.
  const published = new Promise((resolve) => (onDiagnostics = (p) => p.uri === drawn && p.version === i + 2 && resolve()));
  const t = performance.now();
  conn.sendNotification("textDocument/didChange", {
    textDocument: { uri: drawn, version: i + 2 },
    contentChanges: [i % 2 === 0
      ? { range: { start: { line, character: 2 }, end: { line, character: 2 } }, text: insert }
      : { range: { start: { line, character: 2 }, end: { line, character: 3 } }, text: "" }],
  });
  await published;
  editTimes.push(performance.now() - t);
}

const hoverTimes = [];
for (let i = 0; i < 300; i++) {
  const t = performance.now();
  await conn.sendRequest("textDocument/hover", { textDocument: { uri: drawn }, position: { line: 1 + (i % 70), character: 6 } });
  hoverTimes.push(performance.now() - t);
}
// Completion as helper names are typed in a view, as an editor asks for it: once when a word
// starts (nothing typed yet: every helper), then again at each letter, since the narrowed
// list is marked incomplete. 100 words of four letters (`edit`).
const completionTimes = [];
const completionAllTimes = [];
const view = uri("app/views/home/index.html.erb");
const word = "edit";
const viewText = (typed) => `<%= link_to "x", area3_items4_path %>\n<%= ${typed}\n`;
conn.sendNotification("textDocument/didOpen", { textDocument: { uri: view, languageId: "erb", version: 1, text: viewText("") } });
let viewVersion = 1;
for (let i = 0; i < 100; i++) {
  for (let typed = 0; typed <= word.length; typed++) {
    conn.sendNotification("textDocument/didChange", {
      textDocument: { uri: view, version: ++viewVersion },
      contentChanges: [{ text: viewText(word.slice(0, typed)) }],
    });
    const t = performance.now();
    await conn.sendRequest("textDocument/completion", { textDocument: { uri: view }, position: { line: 1, character: 4 + typed } });
    (typed === 0 ? completionAllTimes : completionTimes).push(performance.now() - t);
  }
}
const rssMiB = +(parseInt(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${child.pid}/status`, "utf8"))[1], 10) / 1024).toFixed(1);

await conn.sendRequest("shutdown");
conn.sendNotification("exit");
console.log("language server, generated app:", `${routeCount} routes over 21 files`);
console.table({
  "cold start to first diagnostics (ms)": { value: +coldStart.toFixed(1) },
  "keystroke to diagnostics, median (ms)": { value: stats(editTimes).median },
  "keystroke to diagnostics, p99 (ms)": { value: stats(editTimes).p99 },
  "hover, median (ms)": { value: stats(hoverTimes).median },
  "hover, p99 (ms)": { value: stats(hoverTimes).p99 },
  "completion while typing, median (ms)": { value: stats(completionTimes).median },
  "completion while typing, p99 (ms)": { value: stats(completionTimes).p99 },
  "completion of every helper, median (ms)": { value: stats(completionAllTimes).median },
  "resident memory (MiB)": { value: rssMiB },
});
