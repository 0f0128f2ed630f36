#!/usr/bin/env node
// Runs every test suite: the mapper's unit and golden tests with node's test runner, then
// the live oracle check when Ruby is installed (it says so plainly when it is skipped).
import { spawnSync } from "node:child_process";
import { readdirSync } from "node:fs";
import { join } from "node:path";

const root = new URL("..", import.meta.url).pathname;
const testFiles = ["shared-mapper/test", "server/test", "client/test"]
  .flatMap((dir) => {
    try {
      return readdirSync(join(root, dir)).filter((f) => f.endsWith(".test.mjs")).map((f) => join(dir, f));
    } catch {
      return [];
    }
  });
const run = (cmd, args) => spawnSync(cmd, args, { cwd: root, stdio: "inherit" }).status ?? 1;
let status = run(process.execPath, ["--test", ...testFiles]);
status = run(process.execPath, ["scripts/oracle.mjs", "--check"]) || status;
process.exit(status);
