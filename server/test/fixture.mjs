// Test fixtures for the server's features: several files in one string, each introduced by
// `//- path`, with `$0` marking the cursor. Files live in memory under /app.
import { createNodeMapper } from "@routemap/shared-mapper/node";
import { Workspace, DEFAULT_SETTINGS } from "../dist/workspace.js";
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, writeFileSync, mkdirSync } from "node:fs";
import { dirname, join } from "node:path";
import assert from "node:assert/strict";

export const ROOT = "/app";

export function parseFixture(text) {
  const files = new Map();
  let cursor;
  let current;
  for (const line of text.replace(/^\n/, "").split("\n")) {
    const header = /^\/\/- (\S+)$/.exec(line);
    if (header) {
      current = join(ROOT, header[1]);
      files.set(current, "");
      continue;
    }
    if (!current) continue;
    let l = line;
    const at = l.indexOf("$0");
    if (at >= 0) {
      cursor = { path: current, position: { line: files.get(current).split("\n").length - 1, character: at } };
      l = l.replace("$0", "");
    }
    files.set(current, files.get(current) + l + "\n");
  }
  return { files, cursor };
}

/** A FileSystem over a Map of path → text; directories are derived from the paths on each call. */
export function memoryFs(files) {
  const entries = (dir) => {
    const prefix = dir.endsWith("/") ? dir : `${dir}/`;
    const out = new Set();
    for (const path of files.keys()) {
      if (!path.startsWith(prefix)) continue;
      const rest = path.slice(prefix.length);
      const slash = rest.indexOf("/");
      out.add(slash < 0 ? rest : `${rest.slice(0, slash)}/`);
    }
    return [...out];
  };
  return {
    readFile: (p) => files.get(p),
    readDir: entries,
    exists: (p) => files.has(p) || entries(p).length > 0,
  };
}

let mapperPromise;
export async function workspaceFor(fixture) {
  mapperPromise ??= createNodeMapper();
  const { files, cursor } = parseFixture(fixture);
  const ws = new Workspace(memoryFs(files), await mapperPromise);
  ws.settings = { ...DEFAULT_SETTINGS, railsVersion: "7.2", rubyVersion: "3.3" };
  ws.discover([ROOT]);
  return { ws, files, cursor, app: ws.appFor(cursor?.path ?? join(ROOT, "config/routes.rb")) };
}

/** Compares with `expect/<name>.txt`; UPDATE_EXPECT=1 rewrites it, and a missing one fails under CI. */
export function expectFile(name, actual) {
  const path = new URL(`./expect/${name}.txt`, import.meta.url).pathname;
  if (process.env.UPDATE_EXPECT === "1" || (!existsSync(path) && process.env.CI !== "true")) {
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, actual);
  }
  assert.ok(existsSync(path), `missing expectation ${path}: run with UPDATE_EXPECT=1`);
  assert.equal(actual, readFileSync(path, "utf8"));
}

/** A location as `path:line:column`, 1-based, relative to the fixture root. */
export function where(location) {
  const path = decodeURIComponent(new URL(location.uri).pathname).replace(ROOT + "/", "");
  return `${path}:${location.range.start.line + 1}:${location.range.start.character + 1}`;
}

/** The environment of a command run in a scratch app: none of the machine's GEM_/BUNDLE_ variables, its own home and cache folder beside the app. */
export const appEnv = (root) => ({ ...Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^(GEM_|BUNDLE_)/.test(k))), HOME: join(root, "..", "home"), ROUTEMAP_CACHE_DIR: join(root, "..", "cache") });

/** Writes `files` (relative path → text) under `root`, making their folders. */
export function writeFiles(root, files) {
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
}

/** `routemap ...args` run in the scratch app at `root` (bin/routemap.cjs, as installed), with `appEnv`. */
export const routemapIn = (root, ...args) => spawnSync(process.execPath, [new URL("../bin/routemap.cjs", import.meta.url).pathname, ...args], { cwd: root, env: appEnv(root), encoding: "utf8" });
