// The `routemap routes` command as users run it: a child process, real files, real exit codes.
import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync, spawnSync } from "node:child_process";
import { mkdirSync, writeFileSync, readFileSync, realpathSync } from "node:fs";
import { join } from "node:path";
import { scratchDir } from "../../test-fixtures/lib/scratch.mjs";

const root = new URL("../..", import.meta.url).pathname;
const cli = join(root, "server/dist/cli.js");
const run = (args, options = {}) => spawnSync(process.execPath, [cli, ...args], { encoding: "utf8", ...options });

function app(files) {
  const dir = scratchDir("routemap-cli-");
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(dir, path, ".."), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  return dir;
}

test("the sample app prints exactly what Rails 6.1 prints, with nothing but info on stderr", () => {
  const r = run(["routes", "test-fixtures/sample-app/config/routes.rb"], { cwd: root });
  assert.equal(r.status, 0);
  const expected = readFileSync(join(root, "test-fixtures/sample-app/rails-routes.txt"), "utf8");
  assert.equal(r.stdout, expected);
  for (const line of r.stderr.trim().split("\n")) assert.match(line, /^test-fixtures\/sample-app\/config\/routes\.rb:\d+:\d+: info: /);
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
  const routes = JSON.parse(execFileSync(process.execPath, [cli, "routes", "--json"], { cwd: dir, encoding: "utf8" }));
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
  // Rails 7.1+ in development records where each route was declared, as an absolute path.
  assert.equal(expanded(["--rails", "7.1"]), `${block}Source Location   | ${realpathSync(dir)}/config/routes.rb:3\n`);
  assert.equal(expanded(["--rails", "7.1", "--env", "production"]), block);
});

test("an unreadable file or bad option is a usage error, not a crash", () => {
  assert.equal(run(["routes", "/nonexistent/routes.rb"]).status, 2);
  assert.equal(run(["routes", "--bogus"]).status, 2);
  assert.equal(run(["frobnicate"]).status, 2);
});
