// The `routemap` command as users run it (bin/routemap.cjs, which runs the bundle): a child
// process, real files, real exit codes.
import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync, spawnSync } from "node:child_process";
import { mkdirSync, writeFileSync, readFileSync, realpathSync, readdirSync, rmSync, statSync, utimesSync } from "node:fs";
import { join } from "node:path";
import { scratchDir } from "../../test-fixtures/lib/scratch.mjs";
import { damaged, otherV8 } from "./codeCacheFile.mjs";

const root = new URL("../..", import.meta.url).pathname;
const cli = join(root, "server/bin/routemap.cjs");
const run = (args, options = {}) => spawnSync(process.execPath, [cli, ...args], { encoding: "utf8", ...options });

function app(files) {
  const dir = scratchDir("routemap-cli-");
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(dir, path, ".."), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  return dir;
}

test("the sample app prints exactly what Rails 6.1 prints for it booted, given its folder or its routes file, and nothing on stderr", () => {
  const expected = readFileSync(join(root, "test-fixtures/sample-app/rails-routes.txt"), "utf8");
  for (const target of ["test-fixtures/sample-app", "test-fixtures/sample-app/config/routes.rb"]) {
    const r = run(["routes", target], { cwd: root });
    assert.equal(r.status, 0, r.stderr);
    assert.equal(r.stdout, expected, target);
    assert.equal(r.stderr, "", target);
  }
});

test("FILE defaults to config/routes.rb, versions come from Gemfile.lock and .ruby-version", () => {
  const dir = app({
    "config/routes.rb": 'Rails.application.routes.draw do\n  get "x/:id", to: "x#y", id: /\\d+/\nend\n',
    "Gemfile.lock": "GEM\n  specs:\n    actionpack (7.0.8)\n\nRUBY VERSION\n   ruby 3.2.2p53\n",
  });
  const r = run(["routes"], { cwd: dir });
  assert.equal(r.status, 0, r.stderr);
  assert.equal(r.stderr, "");
  assert.match(r.stdout, /x#y \{:id=>\/\\d\+\/\}\n$/);
  const modern = run(["routes", "--ruby", "3.4"], { cwd: dir });
  assert.match(modern.stdout, /x#y \{id: \/\\d\+\/\}\n$/);
});

test("errors go to stderr as FILE:LINE:COL and make the exit status 1", () => {
  const dir = app({ "config/routes.rb": "Rails.application.routes.draw do\n  resources :posts\n  member { get :x }\nend\n" });
  const r = run(["routes", "--rails", "6.1"], { cwd: dir });
  assert.equal(r.status, 1);
  assert.equal(r.stderr, "config/routes.rb:3:3: error: can't use member outside resource(s) scope\n");
  assert.match(r.stdout, /posts GET/);
});

test("--json gives one object per route with its source position", () => {
  const dir = app({
    "config/routes.rb": 'Rails.application.routes.draw do\n  draw :admin\nend\n',
    "config/routes/admin.rb": "namespace :admin do\n  resources :users, only: :show\nend\n",
  });
  const { routes } = JSON.parse(execFileSync(process.execPath, [cli, "routes", "--json"], { cwd: dir, encoding: "utf8" }));
  assert.deepEqual(
    routes.map((r) => [r.name, r.verb, r.path, r.reqs, r.controller, r.action, r.file, r.line, r.column]),
    [["admin_user", "GET", "/admin/users/:id(.:format)", "admin/users#show", "admin/users", "show", "config/routes/admin.rb", 2, 3]],
  );
  assert.deepEqual(routes[0].helpers, ["admin_user_path", "admin_user_url"]);
  assert.deepEqual(routes[0].requiredParts, ["id"]);
});

test("-c, -g and --expanded filter and format like bin/rails routes", () => {
  const dir = app({ "config/routes.rb": "Rails.application.routes.draw do\n  resources :posts, only: [:index, :show]\n  resources :tags, only: :index\nend\n" });
  assert.equal(run(["routes", "-c", "TagsController"], { cwd: dir }).stdout, "Prefix Verb URI Pattern     Controller#Action\n  tags GET  /tags(.:format) tags#index\n");
  assert.match(run(["routes", "-g", "nothing-like-this", "--rails", "6.1"], { cwd: dir }).stdout, /^No routes were found for this grep pattern\.\n/);
  const expanded = (args) => run(["routes", "--expanded", "-g", "tags", ...args], { cwd: dir, env: { ...process.env, COLUMNS: "30" } }).stdout;
  const block = "--[ Route 1 ]-----------------\nPrefix            | tags\nVerb              | GET\nURI               | /tags(.:format)\nController#Action | tags#index\n";
  assert.equal(expanded(["--rails", "7.0"]), block);
  // Rails 7.1+ in development records where each route was declared: 7.1 relative to the app
  // (Rails.backtrace_cleaner), 7.2 on as an absolute path (the Mapper's own cleaner).
  assert.equal(expanded(["--rails", "7.1"]), `${block}Source Location   | config/routes.rb:3\n`);
  assert.equal(expanded(["--rails", "7.2"]), `${block}Source Location   | ${realpathSync(dir)}/config/routes.rb:3\n`);
  assert.equal(expanded(["--rails", "7.1", "--env", "production"]), block);
  // A route Active Storage draws is located in its gem's code: 7.1's cleaner leaves no line of
  // it, 7.2 prints the gem's file and line, which Routemap does not place (marked).
  const storage = new URL("../../test-fixtures/apps/active-storage-prefix", import.meta.url).pathname;
  const sourceRows = (version) => run(["routes", "--expanded", "--rails", version], { cwd: storage, env: { ...process.env, ROUTEMAP_CACHE_DIR: "off" } }).stdout.split("\n").filter((l) => l.startsWith("Source Location"));
  assert.deepEqual(sourceRows("7.1"), ["Source Location   | config/routes.rb:5"]);
  assert.deepEqual(new Set(sourceRows("7.2").slice(1)), new Set(["Source Location   | «in Active Storage's code»"]));
});

test("an unreadable file or bad option is a usage error, not a crash", () => {
  assert.equal(run(["routes", "/nonexistent/routes.rb"]).status, 2);
  assert.equal(run(["routes", "--bogus"]).status, 2);
  assert.equal(run(["frobnicate"]).status, 2);
});

test("--version, and --help for each command, print to stdout and exit 0", () => {
  const { version } = JSON.parse(readFileSync(join(root, "server/package.json"), "utf8"));
  assert.deepEqual([run(["--version"]).stdout, run(["--version"]).status], [`routemap ${version}\n`, 0]);
  for (const args of [["--help"], ["routes", "--help"], ["lsp", "--help"], ["help", "routes"]]) {
    const r = run(args);
    assert.equal(r.status, 0, args.join(" "));
    assert.match(r.stdout, /^Usage: routemap /, args.join(" "));
    assert.equal(r.stderr, "");
  }
  const help = run(["routes", "--help"]).stdout;
  // Every option the command takes, and what its exit status says.
  for (const option of ["--expanded", "--json", "--unused", "--controller", "--grep", "--rails VERSION", "--ruby VERSION", "--env NAME", "--api-only", "--quiet", "--help"]) assert.ok(help.includes(option), option);
  assert.match(help, /Exit status: 0; 1 when a diagnostic is an error, or with --unused when a route is unused;\n2 on a usage error/);
  assert.match(run(["check", "--help"]).stdout, /--quiet[\s\S]*Exit status: 0; 1 when a finding is an error/);
  assert.match(run(["lsp", "--help"]).stdout, /stdin and stdout/);
});

test("an unknown Rails version, a malformed Ruby version or an lsp transport is a usage error naming what is accepted", () => {
  const dir = app({ "config/routes.rb": "Rails.application.routes.draw do\nend\n" });
  for (const version of ["9.0", "banana", "7"]) {
    const r = run(["routes", "--rails", version], { cwd: dir });
    assert.equal(r.status, 2, version);
    assert.equal(r.stdout, "");
    assert.match(r.stderr, new RegExp(`unsupported Rails version "${version}": --rails takes one of 3\\.2, 6\\.1, 7\\.0, 7\\.1, 7\\.2, 8\\.0, 8\\.1\n`));
  }
  assert.equal(run(["routes", "--rails", "7.1.3"], { cwd: dir }).status, 0, "a full version picks its series");
  assert.match(run(["routes", "--ruby", "banana"], { cwd: dir }).stderr, /invalid Ruby version "banana"/);
  assert.equal(run(["lsp", "--socket=9000"]).status, 2);
});

test("--json keeps what -c and -g keep, engines' routes included and named", () => {
  const dir = app({
    "config/routes.rb": [
      "Blog::Engine.routes.draw do",
      "  resources :articles, only: :index",
      "end",
      "Rails.application.routes.draw do",
      '  mount Blog::Engine, at: "/blog"',
      "  resources :posts, only: [:index, :show]",
      "  resources :tags, only: :index",
      "end",
      "",
    ].join("\n"),
  });
  const json = (...args) => JSON.parse(execFileSync(process.execPath, [cli, "routes", "--json", "--rails", "7.1", ...args], { cwd: dir, encoding: "utf8" })).routes;
  const keys = (routes) => routes.map((r) => `${r.engine ? `${r.engine} ` : ""}${r.verb} ${r.path}`);
  assert.deepEqual(keys(json("-c", "TagsController")), ["GET /tags(.:format)"]);
  assert.deepEqual(keys(json("-g", "posts")), ["GET /posts(.:format)", "GET /posts/:id(.:format)"]);
  // Before 8.1, the sheet shows an engine's routes whole under a mount that the filter keeps.
  assert.deepEqual(keys(json("-g", "blog")), [" /blog", "Blog::Engine GET /articles(.:format)"]);
  assert.deepEqual(keys(json()).length, 5);
  const sheet = run(["routes", "-g", "blog", "--rails", "7.1"], { cwd: dir }).stdout;
  assert.match(sheet, /Routes for Blog::Engine:\n\s*articles GET/);
});

test("a Rails message over several lines stays one diagnostic: its later lines are indented", () => {
  const dir = app({ "config/routes.rb": 'Rails.application.routes.draw do\n  get "a", to: "a#a", as: :x\n  get "b", to: "b#b", as: :x\nend\n' });
  const r = run(["routes", "--rails", "6.1"], { cwd: dir });
  assert.equal(r.status, 1);
  const lines = r.stderr.trimEnd().split("\n");
  assert.match(lines[0], /^config\/routes\.rb:3:3: error: Invalid route name, already in use: 'x' $/);
  assert.ok(lines.length > 1);
  for (const line of lines.slice(1)) assert.match(line, /^    \S/, "continuation lines are indented");
});

test("a drawn file that is a named pipe is not read: a warning on the draw call, never a hang", { skip: process.platform === "win32" }, () => {
  const dir = app({
    "config/routes.rb": 'Rails.application.routes.draw do\n  draw :admin\n  resources :posts, only: :index\nend\n',
  });
  mkdirSync(join(dir, "config/routes"));
  execFileSync("mkfifo", [join(dir, "config/routes/admin.rb")]);
  const r = run(["routes", "--rails", "6.1"], { cwd: dir, timeout: 20_000 });
  assert.equal(r.signal, null, "routemap routes hung on the named pipe");
  assert.equal(r.status, 0);
  assert.match(r.stdout, /posts GET/);
  assert.equal(
    r.stderr,
    "config/routes.rb:2:3: warning: Routemap did not read the drawn file admin.rb: it is a named pipe (FIFO), not a regular file. The routes it draws are missing.\n",
  );
  // The routes file itself, given as a named pipe: a usage error, at once.
  const entry = run(["routes", "config/routes/admin.rb"], { cwd: dir, timeout: 20_000 });
  assert.equal(entry.signal, null);
  assert.equal(entry.status, 2);
  assert.equal(entry.stderr, "routemap: cannot read config/routes/admin.rb: it is a named pipe (FIFO), not a regular file\n");
});

test("a drawn file over the size cap is reported on the draw call, not read", () => {
  const big = "# padding\n".repeat(450_000) + "get 'never', to: 'x#y'\n";
  const dir = app({
    "config/routes.rb": 'Rails.application.routes.draw do\n  draw :huge\n  get "ok", to: "ok#ok"\nend\n',
    "config/routes/huge.rb": big,
  });
  const r = run(["routes", "--rails", "6.1"], { cwd: dir });
  assert.equal(r.status, 0);
  assert.match(r.stdout, /ok#ok/);
  assert.doesNotMatch(r.stdout, /never/);
  assert.equal(r.stderr, "config/routes.rb:2:3: warning: Routemap did not read the drawn file huge.rb: it is larger than 4 MiB, the most Routemap reads. The routes it draws are missing.\n");
});

test("ROUTEMAP_TIMINGS=1 adds where the run's time went on stderr, and changes nothing else", () => {
  const dir = app({ "config/routes.rb": "Rails.application.routes.draw do\n  resources :posts, only: :index\nend\n" });
  const plain = run(["routes"], { cwd: dir });
  const timed = run(["routes"], { cwd: dir, env: { ...process.env, ROUTEMAP_TIMINGS: "1" } });
  assert.equal(timed.stdout, plain.stdout);
  assert.match(timed.stderr, /^routemap: code cache (off|made|used|rejected, made again)\nroutemap: timings \(ms\): start [\d.]+, prism [\d.]+, parse [\d.]+, evaluation [\d.]+, printing [\d.]+\nroutemap: processor time \(ms\): [\d.]+\nroutemap: processor time by phase \(ms\): start [\d.]+, prism [\d.]+, map [\d.]+, printing [\d.]+\nroutemap: routes files' parses kept: (\d+ used, \d+ made|off)\n$/);
});

test("the code cache: made by the first run, used by the next, never used for other bytes, and never in the way", () => {
  const dir = app({ "config/routes.rb": "Rails.application.routes.draw do\n  resources :posts\n  get :about, to: \"pages#about\"\nend\n" });
  const cache = join(dir, "cache");
  const routes = (cacheDir) => {
    const r = run(["routes", "--rails", "6.1"], { cwd: dir, env: { ...process.env, ROUTEMAP_CACHE_DIR: cacheDir, ROUTEMAP_TIMINGS: "1" } });
    assert.equal(r.status, 0, r.stderr);
    return { out: r.stdout, state: /code cache (.*)/.exec(r.stderr)?.[1] };
  };
  const plain = routes("off");
  assert.equal(plain.state, "off");
  assert.match(plain.out, /about GET +\/about\(\.:format\) +pages#about/);

  assert.deepEqual(routes(cache), { out: plain.out, state: "made" });
  // V8's code, beside the routes files' kept parses (parses/: server/test/parseStore.test.mjs).
  const codeCaches = () => readdirSync(cache).filter((name) => name.endsWith(".v8"));
  const [file] = codeCaches();
  assert.match(file, /^routes-\d+\.v8$/);
  assert.equal(statSync(join(cache, file)).mode & 0o777, 0o600);
  assert.deepEqual(routes(cache), { out: plain.out, state: "used" });

  // The bundle's bytes kept in the file are not the bundle's: another build of the same length.
  const bytes = readFileSync(join(cache, file));
  bytes[100] ^= 1;
  writeFileSync(join(cache, file), bytes);
  assert.deepEqual(routes(cache), { out: plain.out, state: "made" });
  assert.deepEqual(routes(cache), { out: plain.out, state: "used" });

  // The bundle's bytes, but V8's data damaged past its header: its CRC-32 differs, and it is not
  // given to V8 (whose release builds do not check it, and abort on such data).
  writeFileSync(join(cache, file), damaged(readFileSync(join(cache, file))));
  assert.deepEqual(routes(cache), { out: plain.out, state: "made" });
  assert.deepEqual(routes(cache), { out: plain.out, state: "used" });
  // Whole, but made by another V8 (its version in V8's header): V8 refuses it, and the run makes a new one.
  writeFileSync(join(cache, file), otherV8(readFileSync(join(cache, file))));
  assert.deepEqual(routes(cache), { out: plain.out, state: "rejected, made again" });
  assert.deepEqual(routes(cache), { out: plain.out, state: "used" });

  // Another bundle's cache goes when a new one is made, once unused for a month, or when three
  // others were used since; "check" keeps its own.
  writeFileSync(join(cache, "routes-12.v8"), "old");
  const longAgo = new Date(Date.now() - 31 * 24 * 3600 * 1000);
  utimesSync(join(cache, "routes-12.v8"), longAgo, longAgo);
  for (let n = 13; n <= 16; n++) {
    writeFileSync(join(cache, `routes-${n}.v8`), "recent");
    const used = new Date(Date.now() - (20 - n) * 3600 * 1000);
    utimesSync(join(cache, `routes-${n}.v8`), used, used);
  }
  rmSync(join(cache, file));
  assert.equal(routes(cache).state, "made");
  assert.deepEqual(codeCaches().sort(), ["routes-14.v8", "routes-15.v8", "routes-16.v8", file].sort());
  for (let n = 14; n <= 16; n++) rmSync(join(cache, `routes-${n}.v8`));
  // A cache in use is marked so (at most once a day), and is not the one removed.
  utimesSync(join(cache, file), longAgo, longAgo);
  assert.equal(routes(cache).state, "used");
  assert.ok(Date.now() - statSync(join(cache, file)).mtimeMs < 3600 * 1000);
  const check = run(["check", "--rails", "6.1"], { cwd: dir, env: { ...process.env, ROUTEMAP_CACHE_DIR: cache } });
  assert.equal(check.status, 0, check.stderr + check.stdout);
  assert.deepEqual(codeCaches().sort(), [file.replace("routes", "check"), file].sort());

  // A folder that cannot be made (a file stands in its way): the command runs as without one.
  writeFileSync(join(dir, "blocked"), "");
  assert.deepEqual(routes(join(dir, "blocked", "cache")), { out: plain.out, state: "made" });
});

test("a reader that stops early (routemap routes | head -1) ends the command quietly", () => {
  const resources = Array.from({ length: 3000 }, (_, i) => `  resources :things${i}`).join("\n");
  const dir = app({ "config/routes.rb": `Rails.application.routes.draw do\n${resources}\nend\n` });
  // bash for PIPESTATUS: routemap's own status, not head's.
  const r = spawnSync("bash", ["-c", `"${process.execPath}" "${cli}" routes --rails 6.1 | head -1; echo "status $\{PIPESTATUS[0]}" >&2`], { cwd: dir, encoding: "utf8" });
  assert.match(r.stdout, /^ +Prefix Verb +URI Pattern +Controller#Action\n$/);
  assert.equal(r.stderr, "status 0\n");
});

test("`routes` and the language server compile Prism once, begun by the executable or the server's loader before the bundle loads, from the patched prism.wasm beside the bundle (which exports only what Routemap calls)", async () => {
  const { withLargerStack } = await import("../../shared-mapper/dist/ruby/prismStack.js");
  const shipped = readFileSync(join(root, "server/dist/bundle/prism.wasm"));
  assert.equal(withLargerStack(shipped).wasm, shipped, "shipped with its larger stack already");
  const { PRISM_EXPORTS } = await import("../../shared-mapper/dist/ruby/prism.js");
  const exported = WebAssembly.Module.exports(new WebAssembly.Module(shipped)).map((e) => e.name);
  assert.deepEqual(exported.sort(), [...PRISM_EXPORTS].sort(), "exporting only what Routemap calls");
  // Counts WebAssembly's compiles in the command's process, whichever starts them.
  const dir = app({ "config/routes.rb": "Rails.application.routes.draw do\n  resources :posts\nend\n" });
  const counter = join(dir, "count.cjs");
  writeFileSync(
    counter,
    // Each compile's caller: the file of the frame below this one.
    "const by = []; const caller = () => new Error().stack.split('\\n')[3].match(/([\\w.]+):\\d+:\\d+\\)?$/)[1];\n" +
      "const c = WebAssembly.compile; WebAssembly.compile = (...a) => (by.push(caller()), c(...a));\n" +
      "const M = WebAssembly.Module; WebAssembly.Module = function (...a) { by.push(caller()); return new M(...a); };\n" +
      'process.on("exit", () => process.stderr.write(`compiled by: ${by.join(", ")}\\n`));\n',
  );
  const r = spawnSync(process.execPath, ["--require", counter, cli, "routes", "--rails", "6.1"], { cwd: dir, encoding: "utf8" });
  assert.equal(r.status, 0, r.stderr);
  assert.match(r.stdout, /posts#index/);
  assert.equal(r.stderr, "compiled by: prismEarly.cjs\n");
  // The language server's loader begins it too, before the server's bundle loads (bundled, its caller is server.js).
  const lsp = spawnSync(process.execPath, ["--require", counter, join(root, "server/dist/bundle/server.js"), "--stdio"], { cwd: dir, encoding: "utf8", input: "", env: { ...process.env, ROUTEMAP_CACHE_DIR: "off" } });
  assert.equal(lsp.stderr, "compiled by: server.js\n");
});

test("from any folder of an app, `routes` and `check` find the app upward, and name files as seen from there", () => {
  const dir = app({
    "config/routes.rb": 'Rails.application.routes.draw do\n  resources :posts, only: :show\n  get Settings.health_path, to: "health#show"\nend\n',
    "app/controllers/posts_controller.rb": "class PostsController < ApplicationController\nend\n",
    "app/controllers/application_controller.rb": "class ApplicationController < ActionController::Base\nend\n",
  });
  const from = join(dir, "app/controllers");
  const routes = run(["routes", "--rails", "6.1"], { cwd: from });
  assert.equal(routes.status, 0, routes.stderr);
  assert.equal(routes.stdout, run(["routes", "--rails", "6.1"], { cwd: dir }).stdout);
  assert.match(routes.stdout, /post GET  \/posts\/:id\(\.:format\) posts#show/);
  assert.match(routes.stderr, /^\.\.\/\.\.\/config\/routes\.rb:3:3: info: /);
  const check = run(["check", "--rails", "6.1"], { cwd: from });
  assert.match(check.stdout, /^\.\.\/\.\.\/config\/routes\.rb:2:3: warning: PostsController has no action `show`/m);
  // The call Routemap skipped says, at its place named the same way, what it leaves unchecked.
  assert.match(check.stdout, /^\.\.\/\.\.\/config\/routes\.rb:3:3: info: Routemap skipped this `get`[^\n]*\n {4}Not checked because of this: helper calls of names the route table lacks; /m);
  assert.match(check.stderr, /1 part of the routes Routemap could not evaluate: the helper names and controllers it covers are not checked/);
  // A folder of the app given from elsewhere, and a folder within it.
  const elsewhere = app({});
  assert.equal(run(["routes", dir, "--rails", "6.1"], { cwd: elsewhere }).stdout, routes.stdout);
  assert.equal(run(["routes", join(dir, "config"), "--rails", "6.1"], { cwd: elsewhere }).stdout, routes.stdout);
  assert.equal(run(["check", join(dir, "config/routes.rb"), "--rails", "6.1"], { cwd: dir }).stdout, run(["check", ".", "--rails", "6.1"], { cwd: dir }).stdout);
});

test("outside any app, the commands say where they looked, with exit status 2", () => {
  const dir = app({ "notes.txt": "" });
  for (const command of ["routes", "check"]) {
    const r = run([command], { cwd: dir });
    assert.equal(r.status, 2);
    assert.equal(r.stdout, "");
    assert.equal(r.stderr, `routemap: no Rails app in ${dir} or any folder above it (Routemap looks for config/routes.rb): run it in an app, or give it the app's folder or a routes file\n`);
  }
  assert.match(run(["routes", join(dir, "nothing.rb")]).stderr, /^routemap: cannot read .*nothing\.rb: no such file\n$/);
});

test("--quiet leaves information out, warnings and errors in", () => {
  const dir = app({
    "config/routes.rb": 'Rails.application.routes.draw do\n  get "a", to: Settings.home_target\n  resources :posts, only: :show\n  get "b", to: "b#b", as: :post\nend\n',
    "app/controllers/posts_controller.rb": "class PostsController < ActionController::Base\nend\n",
  });
  const loud = run(["routes", "--rails", "6.1"], { cwd: dir });
  assert.match(loud.stderr, /info: /);
  const quiet = run(["routes", "--rails", "6.1", "--quiet"], { cwd: dir });
  assert.equal(quiet.status, 1);
  assert.equal(quiet.stdout, loud.stdout);
  assert.match(quiet.stderr, /^config\/routes\.rb:4:3: error: Invalid route name, already in use: 'post' /);
  assert.doesNotMatch(quiet.stderr, /info: /);
  const check = run(["check", "-q", "--rails", "6.1"], { cwd: dir });
  assert.deepEqual(
    check.stdout.split("\n").filter((l) => /^\S/.test(l)).map((l) => l.split(": ").slice(0, 2).join(": ")),
    ["config/routes.rb:4:3: error", "config/routes.rb:3:3: warning"],
  );
  const json = JSON.parse(run(["check", "--quiet", "--format", "json", "--rails", "6.1"], { cwd: dir }).stdout);
  assert.deepEqual(json.diagnostics.map((d) => d.severity), ["error", "warning"]);
});

test("an engine whose routes file Routemap did not find: the table keeps Rails' shape, and stderr says its routes are unknown", () => {
  const dir = app({
    "config/routes.rb": 'Rails.application.routes.draw do\n  resources :posts, only: :index\n  mount MissionControl::Jobs::Engine, at: "/jobs"\nend\n',
    "Gemfile.lock": "GEM\n  specs:\n    actionpack (8.0.2)\n    mission_control-jobs (1.1.0)\n",
  });
  const r = run(["routes", "--quiet"], { cwd: dir });
  assert.equal(r.status, 0);
  assert.match(r.stdout, /Routes for MissionControl::Jobs::Engine:\n$/);
  assert.equal(
    r.stderr,
    "routemap: the routes of MissionControl::Jobs::Engine (mounted at config/routes.rb:3) are unknown, so its section is empty: Routemap found no routes file for it in the app or its installed gems (is its gem installed?)\n",
  );
  const { engines } = JSON.parse(run(["routes", "--json"], { cwd: dir }).stdout);
  assert.deepEqual(engines, [{ name: "MissionControl::Jobs::Engine", routesKnown: false, mountedAt: { file: "config/routes.rb", line: 3, column: 3, endLine: 3, endColumn: 50 } }]);
});

test("an engine in a folder of the app's own naming (gears/), which config/application.rb requires: its section as Rails 6.1 prints it", () => {
  const golden = readFileSync(join(root, "test-fixtures/apps/engine-other-folder.development.rails-6.1.txt"), "utf8");
  const sheet = golden.slice(golden.indexOf("\n") + 1, golden.indexOf("\n# URL helpers\n") + 1);
  const r = run(["routes", "--rails", "6.1"], { cwd: join(root, "test-fixtures/apps/engine-other-folder") });
  assert.equal(r.status, 0, r.stderr);
  assert.equal(r.stdout.trimEnd(), sheet.trimEnd());
  assert.equal(r.stderr, "");
});

test("--json gives values as JSON: strings, numbers, regexps as source and flags, unknowns said so; the Ruby text beside them", () => {
  const dir = app({
    "config/routes.rb": [
      "Rails.application.routes.draw do",
      '  get "feed", to: "home#index", defaults: { format: "rss", page: 1, fresh: true, big: 12345678901234567890 }, constraints: { format: /rss/i }',
      '  get "x/:id", to: "x#y", constraints: { id: Patterns::ID }, defaults: { kind: :thing, tags: ["a", :b], secret: Settings.secret }',
      "end",
      "",
    ].join("\n"),
  });
  const { routes } = JSON.parse(run(["routes", "--json", "--rails", "6.1", "--ruby", "3.1"], { cwd: dir }).stdout);
  const [feed, x] = routes;
  // An Integer past what JSON readers keep exactly: its digits.
  assert.deepEqual(feed.defaults, { format: "rss", page: 1, fresh: true, big: { ruby: "12345678901234567890" }, controller: "home", action: "index" });
  assert.deepEqual(feed.defaultsRuby, { format: '"rss"', page: "1", fresh: "true", big: "12345678901234567890", controller: '"home"', action: '"index"' });
  assert.deepEqual(feed.requirements, { format: { source: "rss", flags: "i" } });
  assert.deepEqual(feed.requirementsRuby, { format: "/rss/i" });
  // Values only the running app has are not printed as if known: what they are, marked unknown.
  assert.deepEqual(x.requirements, { id: { unknown: "Patterns::ID" } });
  assert.deepEqual(x.defaults, { kind: "thing", tags: ["a", "b"], secret: { unknown: "Settings.secret" }, controller: "x", action: "y" });
  assert.deepEqual(x.defaultsRuby.tags, '["a", :b]');
});

test("check: a controller that only reads URL options (a mailer's, passed to redirect_to) does not switch off the check of its helper calls", () => {
  const lock = "GEM\n  specs:\n    actionpack (6.1.7.10)\n    rails (6.1.7.10)\n    railties (6.1.7.10)\n\nDEPENDENCIES\n  rails\n";
  const files = {
    "Gemfile.lock": lock,
    "config/routes.rb": "Rails.application.routes.draw do\n  resources :widgets, only: %i[index show]\nend\n",
    "app/controllers/application_controller.rb":
      "class ApplicationController < ActionController::Base\n  private\n\n  def go_to_mail_host\n    redirect_to Rails.application.config.action_mailer.default_url_options, allow_other_host: true\n  end\nend\n",
    "app/controllers/widgets_controller.rb": "class WidgetsController < ApplicationController\n  def index\n    redirect_to widget_path\n  end\n\n  def show\n    head :ok\n  end\nend\n",
  };
  const found = (dir) => JSON.parse(run(["check", "--format", "json"], { cwd: dir }).stdout).diagnostics.map((d) => `${d.file}:${d.line} ${d.code}`);
  assert.ok(found(app(files)).includes("app/controllers/widgets_controller.rb:3 missing-url-part"), found(app(files)).join("\n"));
  // One that sets them is said, and the check is off there.
  const setting = { ...files, "app/controllers/application_controller.rb": "class ApplicationController < ActionController::Base\n  def default_url_options\n    { id: 1 }\n  end\nend\n" };
  assert.ok(!found(app(setting)).includes("app/controllers/widgets_controller.rb:3 missing-url-part"));
});

test("check: a helper module that defines methods of names it builds after a prefix: calls with that prefix are its, others still checked", () => {
  const dir = app({
    "config/routes.rb": 'Rails.application.routes.draw do\n  resources :entities, only: :show\nend\n',
    "app/controllers/entities_controller.rb": "class EntitiesController < ActionController::Base\n  def show; end\nend\n",
    // littlesis-rails' app/helpers/entities_helper.rb: a method per route of the app's table.
    "app/helpers/entities_helper.rb":
      'module EntitiesHelper\n  Rails.application.routes.routes.each do |route|\n    next unless route.name&.match?(/entit/)\n    %w[path url].each do |suffix|\n      define_method("concretize_#{route.name}_#{suffix}") { |e, **args| send("#{route.name}_#{suffix}", e, **args) }\n    end\n  end\nend\n',
    "app/views/entities/show.html.erb": '<%= link_to "e", concretize_entity_path(1) %>\n<%= link_to "x", concretise_entity_path(1) %>\n',
    // A lockfile with no gems: every helper the app may call is known.
    "Gemfile.lock": "GEM\n  remote: https://rubygems.org/\n  specs:\n\nPLATFORMS\n  ruby\n",
  });
  const check = run(["check", "--rails", "6.1"], { cwd: dir });
  const errors = check.stdout.split("\n").filter((l) => / error: /.test(l));
  assert.deepEqual(errors.map((l) => l.replace(/ \(did you mean.*$/, "")), ["app/views/entities/show.html.erb:2:18: error: undefined method `concretise_entity_path': no route, direct helper or method defines it"]);
});

test("check: a controller in a folder the configuration adds to the autoload paths exists (resourcemap's plugins/*/controllers); one nowhere is missing", () => {
  const lock = "GEM\n  specs:\n    actionpack (6.1.7.10)\n    rails (6.1.7.10)\n    railties (6.1.7.10)\n\nDEPENDENCIES\n  rails\n";
  const application = (added) =>
    'require_relative "boot"\nrequire "rails"\nrequire "action_controller/railtie"\n\nmodule Fred\n  class Application < Rails::Application\n    config.load_defaults 6.1\n' + added + "  end\nend\n";
  const files = {
    "Gemfile.lock": lock,
    "config/application.rb": application('    config.autoload_paths += Dir["#{config.root}/plugins/*/{helpers,controllers}"]\n'),
    "config/routes.rb": "Rails.application.routes.draw do\n  get 'facilities' => 'fred_api#facilities'\n  get 'other' => 'nope#x'\nend\n",
    "app/controllers/application_controller.rb": "class ApplicationController < ActionController::Base; end\n",
    // Rails 6.1, this app booted: FredApiController.action_methods is ["facilities"].
    "plugins/fred_api/controllers/fred_api_controller.rb": "class FredApiController < ApplicationController\n  def facilities\n  end\nend\n",
  };
  const missing = (dir) => JSON.parse(run(["check", "--format", "json"], { cwd: dir }).stdout).diagnostics.filter((d) => d.code === "missing-controller").map((d) => `${d.file}:${d.line} ${d.message.split(":")[0]}`);
  assert.deepEqual(missing(app(files)), ["config/routes.rb:3 NopeController does not exist"]);
  // Without the setting, Rails does not find it either.
  assert.deepEqual(missing(app({ ...files, "config/application.rb": application("") })), ["config/routes.rb:2 FredApiController does not exist", "config/routes.rb:3 NopeController does not exist"]);
});
