// The CLI as people install it: `npm pack -w server` makes the tarball, `npm install -g` of it
// (into a prefix of its own, offline: it has no dependencies) puts `routemap` on the PATH, and
// in a copy of the sample app outside the checkout `routemap routes` prints what Rails prints
// and `routemap lsp --stdio` answers an LSP client. The pack skips its build (`prepack`):
// `npm test` built the bundle already, and other test files run it meanwhile.
import { test, before } from "node:test";
import assert from "node:assert/strict";
import { execFileSync, spawn, spawnSync } from "node:child_process";
import { cpSync, readFileSync, writeFileSync } from "node:fs";
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
    "LICENSE", "README.md", "bin/codeCache.cjs", "bin/prismEarly.cjs", "bin/routemap.cjs", "dist/bundle/cli.js", "dist/bundle/languageServer.js", "dist/bundle/package.json", "dist/bundle/prism.wasm", "dist/bundle/server.js",
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
