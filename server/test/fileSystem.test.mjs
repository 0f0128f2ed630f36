// The disk as Routemap walks it (server/src/fileSystem.ts): each folder once by real path, to a
// cap with a notice, nothing through a link out of the confined roots; and the server on a
// tree full of such links.
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { cpSync, mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { confineTo, nodeFileSystem, walk, walkAsync } from "../dist/fileSystem.js";
import { scratchDir } from "../../test-fixtures/lib/scratch.mjs";
import { startServer } from "./lspClient.mjs";

const repo = new URL("../..", import.meta.url).pathname;

/** A copy of the sample app whose app/views/posts holds four links to `.`, one to `..` and one to `/`. */
function cyclicApp() {
  const root = join(scratchDir("routemap-walk-"), "app");
  cpSync(join(repo, "test-fixtures/sample-app"), root, { recursive: true });
  const posts = join(root, "app/views/posts");
  mkdirSync(posts, { recursive: true });
  writeFileSync(join(posts, "index.html.erb"), "<%= products_path %>\n");
  for (const name of ["a", "b", "c", "d"]) symlinkSync(".", join(posts, name));
  symlinkSync("..", join(posts, "up"));
  symlinkSync("/", join(posts, "root"));
  return root;
}

test("a walk takes each folder once by real path, and follows no link out of the confined roots", { timeout: 30_000 }, async () => {
  const root = cyclicApp();
  confineTo([root]);
  try {
    const views = walk(nodeFileSystem, join(root, "app/views"), (p) => p.endsWith(".erb"));
    assert.equal(views.filter((p) => p.endsWith("posts/index.html.erb")).length, 1);
    assert.ok(views.every((p) => p.startsWith(root)));
    const async = await walkAsync(nodeFileSystem, join(root, "app/views"), (p) => p.endsWith(".erb"));
    assert.deepEqual(async.sort(), views.sort());
    // The link to `/` is listed as a file, never entered, and says why it is not read.
    assert.match(nodeFileSystem.unreadReason(join(root, "app/views/posts/root")), /symbolic link that leads out/);
  } finally {
    confineTo([]);
  }
});

test("a walk stops at its cap of entries and says so, once", async () => {
  const files = Array.from({ length: 50 }, (_, i) => `f${i}.rb`);
  const notices = [];
  const fs = { readDir: (p) => (p === "/r" ? ["a/", "b/"] : files), readFile: () => "", exists: () => true, notice: (m) => notices.push(m) };
  const found = walk(fs, "/r", () => true, 12, { maxEntries: 60 });
  assert.equal(found.length, 58);
  assert.deepEqual(notices, ["/r holds more than 60 files and folders: Routemap read the first 60 and stopped there. Open the Rails app's own folder instead."]);
  notices.length = 0;
  assert.equal((await walkAsync(fs, "/r", () => true, { maxEntries: 60 })).length, 58);
  assert.equal(notices.length, 1);
});

test("the search for routes files leaves out a Rails root's app/ folder, not an app/ elsewhere", async () => {
  const tree = {
    "/w/": ["shop/", "app/"],
    "/w/shop/": ["Gemfile", "config/", "app/", "engines/", "test/"],
    "/w/shop/config/": ["routes.rb"],
    // A Rails root's app/ holds its autoloaded code and views: never searched.
    "/w/shop/app/": ["views/"],
    "/w/shop/app/views/": ["config/"],
    "/w/shop/app/views/config/": ["routes.rb"],
    "/w/shop/engines/": ["blog/"],
    "/w/shop/engines/blog/": ["blog.gemspec", "Rakefile", "config/", "app/"],
    "/w/shop/engines/blog/config/": ["routes.rb"],
    "/w/shop/engines/blog/app/": ["config/"],
    "/w/shop/engines/blog/app/config/": ["routes.rb"],
    "/w/shop/test/": ["dummy/"],
    "/w/shop/test/dummy/": ["config.ru", "config/"],
    "/w/shop/test/dummy/config/": ["routes.rb"],
    // A folder named app that is not a Rails root's (no config/ and Gemfile beside it) is searched.
    "/w/app/": ["config/"],
    "/w/app/config/": ["routes.rb"],
  };
  const fs = { readDir: (p) => tree[`${p}/`] ?? [], readFile: () => "", exists: () => true };
  const expected = ["/w/app/config/routes.rb", "/w/shop/config/routes.rb", "/w/shop/engines/blog/config/routes.rb", "/w/shop/test/dummy/config/routes.rb"];
  const accept = (p) => p.endsWith("config/routes.rb");
  assert.deepEqual(walk(fs, "/w", accept, 12, { fileName: "routes.rb", forApps: true }).sort(), expected);
  assert.deepEqual((await walkAsync(fs, "/w", accept, { fileName: "routes.rb", forApps: true })).sort(), expected);
  // Other walks (views, helper calls) still enter app/.
  assert.ok(walk(fs, "/w", accept).includes("/w/shop/app/views/config/routes.rb"));
});

test("the CLI and the server on an app with links to `.`, `..` and `/` in its views: answered at once", { timeout: 60_000 }, async () => {
  const root = cyclicApp();
  const started = Date.now();
  const r = spawnSync(process.execPath, [join(repo, "server/bin/routemap.cjs"), "check"], { cwd: root, encoding: "utf8", timeout: 30_000 });
  assert.notEqual(r.status, null, "check ended");
  assert.ok(Date.now() - started < 15_000, `check took ${Date.now() - started} ms`);
  const client = await startServer([root], { railsVersion: "6.1" });
  try {
    const { apps } = await client.conn.sendRequest("routemap/routes", {});
    // The app, and the engine it keeps in engines/ (an app of its own for its files), nothing found through the links.
    assert.deepEqual(apps.map((a) => a.root).sort(), [root, join(root, "engines/journal")].sort());
  } finally {
    await client.stop();
  }
  assert.ok(Date.now() - started < 30_000, `both took ${Date.now() - started} ms`);
});
