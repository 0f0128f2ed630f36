// A real editor: headless Neovim (Debian's, 0.7+) with its built-in LSP client runs
// test-fixtures/neovim/check.lua against the bundled server. Skipped, and said so, when
// Neovim is not installed; under CI=true a missing Neovim is a failure.
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { cpSync } from "node:fs";
import { join } from "node:path";
import { scratchDir } from "../../test-fixtures/lib/scratch.mjs";

const repo = new URL("../..", import.meta.url).pathname;
const hasNeovim = spawnSync("nvim", ["--version"], { encoding: "utf8" }).status === 0;
const required = process.env.CI === "true";

test("Neovim's LSP client gets diagnostics, hover and definition from the bundled server", { skip: !hasNeovim && !required && "Neovim is not installed (apt-get install -y neovim)" }, () => {
  assert.ok(hasNeovim, "Neovim is required under CI=true (apt-get install -y neovim)");
  const app = scratchDir("routemap-nvim-");
  cpSync(join(repo, "test-fixtures/sample-app"), app, { recursive: true });
  const run = spawnSync("nvim", ["--headless", "-u", "NONE", "-i", "NONE", "-n", "-c", `luafile ${join(repo, "test-fixtures/neovim/check.lua")}`], {
    encoding: "utf8",
    timeout: 120_000,
    env: { ...process.env, ROUTEMAP_APP: app, ROUTEMAP_SERVER: join(repo, "server/dist/bundle/server.js"), ROUTEMAP_NODE: process.execPath },
  });
  assert.equal(run.status, 0, `nvim exited with ${run.status}\n${run.stdout}\n${run.stderr}`);
  assert.match(run.stdout + run.stderr, /neovim: all checks passed/);
});
