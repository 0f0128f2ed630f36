#!/usr/bin/env node
// The first references request of a language server session on the generated app of
// `bench-app.mjs` (500 controllers, 2,000 views, 3,000 other Ruby files): issue 28 §6 measured it
// at 3–7 s, every file of the app parsed for it. Two sessions on one app and one cache folder,
// each: start, the controller's diagnostics (the app indexed), then references of a helper in
// a view, at once (`first`), and again once the whole app's problems have been read in the
// background (`after the pass`, 5 s later). The second session finds each file's uses in the
// cache folder (server/src/cli/fileFactsCache.ts) the first one wrote. Not part of `npm run
// bench`; `node scripts/bench-references.mjs [SERVER_BUNDLE]` after a build.
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { pathToFileURL } from "node:url";
import { createProtocolConnection, StreamMessageReader, StreamMessageWriter } from "vscode-languageserver-protocol/node";
import { scratchDir } from "../test-fixtures/lib/scratch.mjs";
import { generateApp } from "./lib/benchWholeApp.mjs";

const repo = new URL("..", import.meta.url).pathname;
const bundle = process.argv[2] ?? join(repo, "server/dist/bundle/server.js");
const root = scratchDir("routemap-bench-references-");
generateApp(root, 500, {});
const cache = scratchDir("routemap-bench-references-cache-");
const uri = (p) => pathToFileURL(join(root, p)).toString();

async function session() {
  const child = spawn(process.execPath, [...(process.env.BENCH_PROF ? ["--cpu-prof", `--cpu-prof-dir=${process.env.BENCH_PROF}`] : []), "--max-semi-space-size=4", bundle, "--stdio"], { stdio: ["pipe", "pipe", "inherit"], env: { ...process.env, ROUTEMAP_CACHE_DIR: cache } });
  const conn = createProtocolConnection(new StreamMessageReader(child.stdout), new StreamMessageWriter(child.stdin));
  const controllerPath = "app/controllers/thing7s_controller.rb";
  const controller = uri(controllerPath);
  conn.onRequest("workspace/configuration", (p) => p.items.map(() => ({})));
  conn.onRequest("client/registerCapability", () => null);
  conn.listen();
  await conn.sendRequest("initialize", { processId: process.pid, rootUri: pathToFileURL(root).toString(), capabilities: { workspace: { configuration: true } } });
  conn.sendNotification("initialized", {});
  conn.sendNotification("textDocument/didOpen", { textDocument: { uri: controller, languageId: "ruby", version: 1, text: readFileSync(join(root, controllerPath), "utf8") } });
  // Its lenses need the whole app read (bench-app.mjs's "indexed").
  await conn.sendRequest("textDocument/codeLens", { textDocument: { uri: controller } });
  const references = async () => {
    const start = performance.now();
    const found = await conn.sendRequest("textDocument/references", { textDocument: { uri: uri("app/views/thing7s/show.html.erb") }, position: { line: 1, character: 27 }, context: { includeDeclaration: true } });
    return { ms: +(performance.now() - start).toFixed(0), found: found?.length ?? 0 };
  };
  const first = await references();
  await new Promise((resolve) => setTimeout(resolve, 5000));
  const after = await references();
  await conn.sendRequest("shutdown");
  conn.sendNotification("exit");
  return { first, after };
}

console.log("first session:", await session());
console.log("second session (cache folder filled):", await session());
