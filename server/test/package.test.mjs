// The CLI as people install it: `npm pack -w server` makes the tarball, `npm install -g` of it
// (into a prefix of its own, offline: it has no dependencies) puts `routemap` on the PATH, and
// in a copy of the sample app outside the checkout `routemap routes` prints what Rails prints
// and `routemap lsp --stdio` answers an LSP client. The pack skips its build (`prepack`):
// `npm test` built the bundle already, and other test files run it meanwhile.
import { test, before } from "node:test";
import assert from "node:assert/strict";
import { execFileSync, spawn, spawnSync } from "node:child_process";
import { cpSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { createProtocolConnection, StreamMessageReader, StreamMessageWriter } from "vscode-languageserver-protocol/node";
import { scratchDir } from "../../test-fixtures/lib/scratch.mjs";

const repo = new URL("../..", import.meta.url).pathname;
const work = scratchDir("routemap-package-");
const prefix = join(work, "global");
const app = join(work, "app");
const routemap = join(prefix, "bin", "routemap");
const npm = (args, cwd) => execFileSync("npm", [...args, "--no-audit", "--no-fund", "--loglevel=error"], { cwd, encoding: "utf8" });
let packed;

before(() => {
  [packed] = JSON.parse(npm(["pack", "-w", "server", "--ignore-scripts", "--json", "--pack-destination", work], repo));
  npm(["install", "-g", "--offline", "--prefix", prefix, join(work, packed.filename)], work);
  cpSync(join(repo, "test-fixtures/sample-app"), app, { recursive: true });
});

/** The environment of a shell outside the checkout, with the installed `routemap` first on the PATH. */
const outside = { ...process.env, PATH: `${join(prefix, "bin")}:${process.env.PATH}`, NODE_PATH: "" };

test("the tarball holds the bundles, the WASM file and the executable, and depends on nothing", () => {
  assert.equal(packed.name, "@routemap/cli");
  assert.deepEqual(packed.files.map((f) => f.path).sort(), [
    "LICENSE", "README.md", "bin/codeCache.cjs", "bin/install.cjs", "bin/prismEarly.cjs", "bin/routemap.cjs", "dist/bundle/cli.js", "dist/bundle/languageServer.js", "dist/bundle/package.json", "dist/bundle/prism.wasm", "dist/bundle/server.js",
    "package.json", "schema/check-v1.schema.json", "schema/routes-v1.schema.json",
  ]);
  const manifest = JSON.parse(execFileSync("tar", ["-xzOf", join(work, packed.filename), "package/package.json"], { encoding: "utf8" }));
  assert.equal(manifest.dependencies, undefined);
  assert.deepEqual(manifest.bin, { routemap: "bin/routemap.cjs" });
});

test("installed, `routemap routes` in an app's directory prints what Rails prints", () => {
  const { version } = JSON.parse(readFileSync(join(repo, "server/package.json"), "utf8"));
  assert.equal(execFileSync("routemap", ["--version"], { cwd: app, env: outside, encoding: "utf8" }), `routemap ${version}\n`);
  const run = spawnSync("routemap", ["routes"], { cwd: app, env: outside, encoding: "utf8" });
  assert.equal(run.status, 0, run.stderr);
  assert.equal(run.stdout, readFileSync(join(repo, "test-fixtures/sample-app/rails-routes.txt"), "utf8"));
  assert.equal(run.stderr, "");
  // From a folder of the app, `check` finds the app and names files from there.
  const check = spawnSync("routemap", ["check"], { cwd: join(app, "app/views"), env: outside, encoding: "utf8" });
  assert.equal(check.status, 1, check.stderr);
  assert.match(check.stdout, /^\.\.\/\.\.\/config\/routes\.rb:\d+:\d+: warning: OrdersController has no action `cancel`/m);
  assert.match(check.stdout, /^products\/index\.html\.erb:8:\d+: error: undefined method `featurd_products_path'/m);
});

test("installed, `routemap lsp --stdio` serves an editor: diagnostics and the route table", async () => {
  const child = spawn(routemap, ["lsp", "--stdio"], { cwd: app, env: outside, stdio: ["pipe", "pipe", "pipe"] });
  const conn = createProtocolConnection(new StreamMessageReader(child.stdout), new StreamMessageWriter(child.stdin));
  try {
    const routesUri = pathToFileURL(join(app, "config/routes.rb")).toString();
    const published = new Promise((resolve) =>
      conn.onNotification("textDocument/publishDiagnostics", (p) => p.uri === routesUri && p.diagnostics.length && resolve(p.diagnostics)),
    );
    conn.listen();
    const init = await conn.sendRequest("initialize", { processId: process.pid, rootUri: pathToFileURL(app).toString(), capabilities: {} });
    assert.equal(init.serverInfo.name, "routemap");
    conn.sendNotification("initialized", {});
    assert.match((await published)[0].message, /^OrdersController has no action `cancel`/);
    const { apps } = await conn.sendRequest("routemap/routes", {});
    assert.ok(apps.find((a) => a.root === app).routes.length > 250);
    await conn.sendRequest("shutdown");
    const exited = new Promise((resolve) => child.once("exit", resolve));
    conn.sendNotification("exit");
    assert.equal(await exited, 0);
  } finally {
    if (child.exitCode === null) child.kill();
    conn.dispose();
  }
});

// bin/install.cjs, npm's postinstall: on a Unix-like system the installed command's first line
// becomes a shell launcher that starts Node without NODE_EXTRA_CA_CERTS (put back for the app's
// ENV) and, for `routes`, with V8's young generation at 64 MB.
const unix = process.platform !== "win32";
const firstLine = (file) => readFileSync(file, "utf8").split("\n", 1)[0];
const installed = (prefixDir) => join(prefixDir, "lib/node_modules/@routemap/cli/bin/routemap.cjs");

test("installed, the command starts through its launcher: NODE_EXTRA_CA_CERTS is not read by Node, and is the app's ENV still", { skip: !unix && "no launcher on Windows" }, () => {
  assert.equal(firstLine(installed(prefix)), "#!/bin/sh");
  const envApp = join(work, "env-app");
  mkdirSync(join(envApp, "config"), { recursive: true });
  writeFileSync(join(envApp, "config/routes.rb"), 'Rails.application.routes.draw do\n  get ENV.fetch("NODE_EXTRA_CA_CERTS", "unset").delete("/"), to: "a#b"\nend\n');
  // A bundle that does not exist: Node reading it would warn on stderr as it starts.
  const env = { ...outside, NODE_EXTRA_CA_CERTS: join(work, "no-such-bundle.pem"), ROUTEMAP_CACHE_DIR: join(work, "launcher-cache") };
  const run = spawnSync("routemap", ["routes"], { cwd: envApp, env, encoding: "utf8" });
  assert.equal(run.status, 0, run.stderr);
  assert.equal(run.stderr, "");
  assert.match(run.stdout, /GET {2}\/\S*no-such-bundle\.pem\(\.:format\) a#b$/m);
  const unset = spawnSync("routemap", ["routes"], { cwd: envApp, env: { ...env, NODE_EXTRA_CA_CERTS: undefined }, encoding: "utf8" });
  assert.match(unset.stdout, /\/unset\(\.:format\)/);
  // Given to Node as a script (pnpm's shim, `node routemap.cjs`), the launcher's lines do nothing, and Node reads the variable.
  const byNode = spawnSync(process.execPath, [installed(prefix), "routes"], { cwd: envApp, env, encoding: "utf8" });
  assert.equal(byNode.stdout, run.stdout);
  assert.match(byNode.stderr, /Ignoring extra certs from/);
});

test("installed, `routes` runs with the launcher's flags and `check` without: each has its own code cache", { skip: !unix && "no launcher on Windows" }, () => {
  const cache = join(work, "flags-cache");
  const env = { ...outside, ROUTEMAP_CACHE_DIR: cache };
  assert.equal(spawnSync("routemap", ["routes"], { cwd: app, env, encoding: "utf8" }).status, 0);
  spawnSync("routemap", ["check"], { cwd: app, env, encoding: "utf8" });
  // The cache's name carries a hash of the flags Node was started with (bin/codeCache.cjs).
  const names = readdirSync(cache).filter((name) => name.endsWith(".v8")).sort();
  assert.deepEqual(names.map((name) => name.replace(/\d+\.v8$/, "N")), ["check-N", names.find((n) => n.startsWith("routes-")).replace(/\d+\.v8$/, "N")]);
  assert.match(names[1], /^routes-[0-9a-z]+-\d+\.v8$/);
  // Arguments reach the command as given.
  const grep = spawnSync("routemap", ["routes", "-g", "users/sign_in"], { cwd: app, env, encoding: "utf8" });
  assert.equal(grep.stdout, spawnSync(process.execPath, [installed(prefix), "routes", "-g", "users/sign_in"], { cwd: app, env, encoding: "utf8" }).stdout);
  assert.match(grep.stdout, /new_user_session GET/);
  const spaced = spawnSync("routemap", ["routes", "-g", "sign in"], { cwd: app, env, encoding: "utf8" });
  assert.equal(spaced.stderr, "");
  assert.equal(spaced.stdout, spawnSync(process.execPath, [installed(prefix), "routes", "-g", "sign in"], { cwd: app, env, encoding: "utf8" }).stdout);
});

test("installed without scripts, or in a checkout, the command keeps Node's first line and runs the same", () => {
  const plain = join(work, "plain");
  npm(["install", "-g", "--offline", "--ignore-scripts", "--prefix", plain, join(work, packed.filename)], work);
  assert.equal(firstLine(installed(plain)), "#!/usr/bin/env node");
  const run = spawnSync(unix ? join(plain, "bin", "routemap") : "routemap", ["routes"], { cwd: app, env: { ...outside, PATH: `${join(plain, "bin")}:${process.env.PATH}` }, encoding: "utf8" });
  assert.equal(run.stdout, readFileSync(join(repo, "test-fixtures/sample-app/rails-routes.txt"), "utf8"));
  // A checkout (sources beside bin/) is left as it is: npm ci runs the workspace's postinstall too.
  const checkout = join(work, "checkout");
  mkdirSync(join(checkout, "src"), { recursive: true });
  cpSync(join(repo, "server/bin"), join(checkout, "bin"), { recursive: true });
  const { installLauncher } = createRequire(import.meta.url)(join(checkout, "bin/install.cjs"));
  assert.equal(installLauncher(join(checkout, "bin/routemap.cjs")), unix ? "kept: a checkout" : "kept: Windows runs the command through npm's shim");
  assert.equal(readFileSync(join(checkout, "bin/routemap.cjs"), "utf8"), readFileSync(join(repo, "server/bin/routemap.cjs"), "utf8"));
});

test("the README's Neovim 0.7 snippet, in Neovim, starts the installed server and shows its diagnostics", { skip: !hasNeovim() && process.env.CI !== "true" && "Neovim is not installed (apt-get install -y neovim)" }, () => {
  assert.ok(hasNeovim(), "Neovim is required under CI=true (apt-get install -y neovim)");
  const readme = readFileSync(join(repo, "README.md"), "utf8");
  const snippet = /<!-- neovim-0\.7[^>]*-->\n```lua\n([\s\S]*?)```/.exec(readme)?.[1];
  assert.ok(snippet, "the README marks its Neovim 0.7 snippet");
  writeFileSync(join(work, "snippet.lua"), snippet);
  writeFileSync(
    join(work, "driver.lua"),
    [
      'vim.cmd("edit config/routes.rb")',
      "local seen = vim.wait(30000, function() return #vim.diagnostic.get(0) > 0 end, 50)",
      'if seen then io.stdout:write("diagnostic: " .. vim.diagnostic.get(0)[1].message .. "\\n"); vim.cmd("qall!")',
      'else io.stderr:write("no diagnostics\\n"); vim.cmd("cquit 1") end',
    ].join("\n"),
  );
  // --clean: Neovim's defaults (filetype detection included) and no user configuration.
  const nvim = spawnSync("nvim", ["--headless", "--clean", "-c", `luafile ${join(work, "snippet.lua")}`, "-c", `luafile ${join(work, "driver.lua")}`], {
    cwd: app,
    env: outside,
    encoding: "utf8",
    timeout: 60_000,
  });
  assert.equal(nvim.status, 0, `nvim: ${nvim.stdout}\n${nvim.stderr}`);
  assert.match(nvim.stdout, /diagnostic: OrdersController has no action `cancel`/);
});

function hasNeovim() {
  return spawnSync("nvim", ["--version"], { stdio: "ignore" }).status === 0;
}
