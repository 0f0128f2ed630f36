// Nothing outside the app: a symbolic link out of the workspace (the CLI: out of the app) is
// not followed, edits and shown documents stay in the workspace, an environment's name is not
// a path. Real files and links in a scratch directory, the CLI as a child process and the
// bundled server over stdio.
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { scratchDir } from "../../test-fixtures/lib/scratch.mjs";
import { startServer } from "./lspClient.mjs";

const repo = new URL("../..", import.meta.url).pathname;
const cli = join(repo, "server/bin/routemap.cjs");
const run = (args, cwd) => spawnSync(process.execPath, [cli, ...args], { encoding: "utf8", cwd, timeout: 30_000 });
const uri = (path) => pathToFileURL(path).toString();

function write(dir, files) {
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(dir, path, ".."), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
}

/** An app in `<scratch>/app`, with links out of it to `<scratch>/outside`. */
function appWithLinksOut() {
  const scratch = scratchDir("routemap-links-");
  const root = join(scratch, "app");
  const outside = join(scratch, "outside");
  write(outside, {
    "extra.rb": 'get "/secret", to: "secret#show", as: :outside_secret\n',
    "init.rb": "SECRET_PREFIX = \"leaked\"\n",
    "init2.rb": "Rails.application.configure do\n  config.active_storage.routes_prefix = \"/leaked\"\nend\n",
    "controllers/widgets_controller.rb": "class WidgetsController < ApplicationController\nend\n",
  });
  write(root, {
    Gemfile: "source 'https://rubygems.org'\n",
    "Gemfile.lock": "GEM\n  specs:\n\nDEPENDENCIES\n",
    "config/application.rb": 'require "action_controller/railtie"\nmodule Shop\n  class Application < Rails::Application\n  end\nend\n',
    "config/routes.rb": 'Rails.application.routes.draw do\n  resources :posts, only: :index\n  draw :extra\n  get "/p", to: "pages#show", as: SECRET_PREFIX\n  resources :widgets, only: :index\nend\n',
    "app/controllers/application_controller.rb": "class ApplicationController < ActionController::Base\nend\n",
  });
  mkdirSync(join(root, "config/routes"), { recursive: true });
  symlinkSync(join(outside, "extra.rb"), join(root, "config/routes/extra.rb"));
  mkdirSync(join(root, "config/initializers"), { recursive: true });
  symlinkSync(join(outside, "init.rb"), join(root, "config/initializers/secret.rb"));
  return { scratch, root, outside };
}

test("the CLI follows no link out of the app: no outside routes, constants or environment file", () => {
  const { root, outside } = appWithLinksOut();
  const r = run(["routes", "--json"], root);
  const { routes } = JSON.parse(r.stdout);
  assert.deepEqual(routes.map((x) => x.path).filter((p) => /secret|leaked/.test(p)), []);
  assert.ok(routes.some((x) => x.path === "/posts(.:format)"));
  assert.match(r.stderr, /extra\.rb.*symbolic link that leads out of/s);
  assert.doesNotMatch(r.stderr, /leaked|outside_secret/);
  // A folder of config/routes/ that links out: its file is not read, said as such, and never
  // Rails' "file not found", which Rails, reading through the link, would not raise.
  symlinkSync(outside, join(root, "config/routes/linked"));
  write(root, { "config/routes.rb": 'Rails.application.routes.draw do\n  resources :posts, only: :index\n  draw "linked/extra"\nend\n' });
  const linked = run(["routes"], root);
  assert.equal(linked.status, 0, linked.stderr);
  assert.match(linked.stderr, /did not read the drawn file linked\/extra\.rb: it is a symbolic link that leads out of/);
  // The initializer that links out is said as not read (its name is the app's, not what it leads to).
  const initializer = /^config\/initializers\/secret\.rb:1:1: warning: Routemap did not read this file: it is a symbolic link that leads out of.*\n/m;
  assert.match(linked.stderr, initializer);
  assert.doesNotMatch(linked.stderr.replace(initializer, "") + linked.stdout, /not found|error|secret/);
  const env = run(["routes", "--env", "../../outside/init2"], root);
  assert.equal(env.status, 2);
  assert.match(env.stderr, /--env: `\.\.\/\.\.\/outside\/init2` is not an environment name/);
  assert.equal(run(["routes", "--env", "review-app_2"], root).status, 0);
});

test("the server follows no link out of the workspace, writes nothing there, and shows only the workspace's files", { timeout: 60_000 }, async () => {
  const { root, outside } = appWithLinksOut();
  // app/controllers leads out: "Create controller" would write there.
  symlinkSync(join(outside, "controllers"), join(root, "app/controllers/shop"));
  write(root, { "config/routes/shop.rb": "" });
  const client = await startServer([root], { railsEnv: "../../outside/init2" });
  const { conn } = client;
  try {
    const symbols = await conn.sendRequest("workspace/symbol", { query: "" });
    assert.deepEqual(symbols.filter((s) => /secret|leaked/i.test(s.name) || s.location.uri.includes("/outside/")), []);
    assert.ok(symbols.some((s) => s.name.includes("posts")));
    const table = await conn.sendRequest("routemap/routes", {});
    assert.deepEqual(table.apps[0].routes.filter((r) => /secret|leaked/.test(r.path)), []);
    assert.equal(table.apps[0].railsEnv, "development");
    // The routes file's missing controllers: none offered a file out of the workspace.
    const routesUri = uri(join(root, "config/routes.rb"));
    const diagnostics = await client.diagnosticsWhere(routesUri, (l) => l.some((d) => d.code === "missing-controller"));
    const actions = await conn.sendRequest("textDocument/codeAction", {
      textDocument: { uri: routesUri },
      range: { start: { line: 0, character: 0 }, end: { line: 6, character: 0 } },
      context: { diagnostics },
    });
    const targets = actions.flatMap((a) => [...Object.keys(a.edit?.changes ?? {}), ...(a.edit?.documentChanges ?? []).map((c) => c.uri ?? c.textDocument?.uri)]);
    assert.ok(targets.length > 0, "a controller inside the workspace is still offered");
    for (const target of targets) assert.ok(target.startsWith(uri(root)) && !target.includes("/shop/"), target);
    // showLocation: a file of the workspace, nothing else.
    const show = (location) => conn.sendRequest("workspace/executeCommand", { command: "routemap.server.showLocation", arguments: [location] }).then(() => "shown", (e) => e.code);
    const range = { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };
    for (const bad of ["file:///etc/shadow", "https://example.com/", "command:workbench.action.terminal.new", uri(join(outside, "extra.rb")), uri(join(root, "config/routes/extra.rb"))]) {
      assert.equal(await show({ uri: bad, range }), -32602, bad);
    }
    assert.equal(await show({ uri: routesUri, range }), "shown");
    assert.deepEqual(client.shown.map((s) => s.uri), [routesUri]);
  } catch (e) {
    client.stop().catch(() => undefined);
    throw e;
  }
  await client.stop();
});

test("Gemfile.lock may link out (Debian's redmine links it to /var/lib); in restricted mode nothing outside the workspace is read", { timeout: 60_000 }, async () => {
  const scratch = scratchDir("routemap-restricted-");
  const root = join(scratch, "app");
  write(scratch, { "var/Gemfile.lock": "GEM\n  specs:\n    actionpack (6.1.7)\n\nDEPENDENCIES\n  actionpack\n" });
  write(root, { "config/routes.rb": "Rails.application.routes.draw do\n  resources :posts\nend\n", "config/application.rb": 'require "action_controller/railtie"\n' });
  symlinkSync(join(scratch, "var/Gemfile.lock"), join(root, "Gemfile.lock"));
  const railsVersion = async (options) => {
    const client = await startServer([root], {}, options);
    const { apps } = await client.conn.sendRequest("routemap/routes", {});
    await client.stop();
    return apps[0].railsVersion;
  };
  assert.equal(await railsVersion({}), "6.1.7");
  assert.equal(await railsVersion({ initializationOptions: { restricted: true } }), "8.1");
});

test("`check` with a facts worker follows no link out either, opens no FIFO nor a file over the size cap, and says what it says without one", { timeout: 90_000 }, () => {
  const scratch = scratchDir("routemap-links-check-");
  const root = join(scratch, "app");
  const outside = join(scratch, "outside");
  write(outside, {
    "leak.html.erb": "<%= leaked_view_path %>\n",
    "leak_helper.rb": "module LeakHelper\n  def leak\n    leaked_helper_path\n  end\nend\n",
  });
  write(root, {
    Gemfile: "source 'https://rubygems.org'\n",
    "Gemfile.lock": "GEM\n  specs:\n\nDEPENDENCIES\n",
    "config/application.rb": 'require "action_controller/railtie"\nmodule Shop\n  class Application < Rails::Application\n  end\nend\n',
    "config/routes.rb": "Rails.application.routes.draw do\n  resources :posts, only: :index\nend\n",
    "app/controllers/application_controller.rb": "class ApplicationController < ActionController::Base\nend\n",
    "app/controllers/posts_controller.rb": "class PostsController < ApplicationController\n  def index\n  end\nend\n",
    "app/views/posts/index.html.erb": "<%= link_to 'x', missing_one_path %>\n",
    "app/views/posts/_big.html.erb": `<%= big_file_path %>\n${"#".repeat(5 << 20)}\n`,
    // Files whose facts the pack keeps: a second run takes them from it, with no facts worker.
    ...Object.fromEntries([1, 2, 3, 4, 5, 6].map((i) => [`app/views/posts/_part${i}.html.erb`, `<%= link_to "x", posts_path %>\n`])),
  });
  symlinkSync(join(outside, "leak.html.erb"), join(root, "app/views/posts/_leak.html.erb"));
  mkdirSync(join(root, "app/helpers"), { recursive: true });
  symlinkSync(join(outside, "leak_helper.rb"), join(root, "app/helpers/leak_helper.rb"));
  assert.equal(spawnSync("mkfifo", [join(root, "app/views/posts/_pipe.html.erb")]).status, 0);
  const check = (workers) =>
    spawnSync(process.execPath, [cli, "check", "."], { encoding: "utf8", cwd: root, timeout: 30_000, env: { ...process.env, ROUTEMAP_CHECK_WORKERS: workers, ROUTEMAP_TIMINGS: "1", ROUTEMAP_CACHE_DIR: join(scratch, `cache-${workers}`) } });
  const [alone, withWorker] = [check("0"), check("1")];
  assert.notEqual(withWorker.status, null, "check ended");
  assert.match(withWorker.stderr, /read by 1 worker/);
  assert.match(withWorker.stdout, /missing_one_path/);
  assert.doesNotMatch(withWorker.stdout, /leaked_view_path|leaked_helper_path|big_file_path/);
  assert.equal(withWorker.stdout, alone.stdout);
  assert.equal(withWorker.status, alone.status);
  // Again, from the pack the first run made: the files' texts read by a second thread (cli/textReader.ts), confined as the main thread's reads.
  const fromPack = check("1");
  assert.match(fromPack.stderr, /read ahead by a second thread: [1-9]/);
  assert.doesNotMatch(fromPack.stdout, /leaked_view_path|leaked_helper_path|big_file_path/);
  assert.equal(fromPack.stdout, alone.stdout);
});
