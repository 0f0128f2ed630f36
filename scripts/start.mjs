#!/usr/bin/env node
// `npm start`: Routemap on the sample app (test-fixtures/sample-app), as a newcomer first meets
// it: the whole app's route table (its routes files, Devise's routes for its User model, its
// Journal engine, Active Storage), then what `routemap check` finds in its controllers and
// views. Each command is shown as one would type it, and run as users run it (bin/routemap.cjs).
import { spawnSync } from "node:child_process";
import { join } from "node:path";

const root = new URL("..", import.meta.url).pathname;
const APP = "test-fixtures/sample-app";

function run(...args) {
  console.log(`\n$ routemap ${args.join(" ")}`);
  return spawnSync(process.execPath, [join(root, "server/bin/routemap.cjs"), ...args], { cwd: root, stdio: "inherit" }).status ?? 1;
}

const routes = run("routes", APP);
if (routes !== 0) process.exit(routes);
const check = run("check", APP);
if (check === 1) console.log("\n(routemap check exits with status 1 when it finds an error, as a CI job would fail on it.)");
process.exit(check === 1 ? 0 : check);
