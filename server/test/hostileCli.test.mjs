// Issue 30's crashes, through the command as users run it: each prints, with the rest of the
// table intact, within a time limit.
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { scratchDir } from "../../test-fixtures/lib/scratch.mjs";

const repo = new URL("../..", import.meta.url).pathname;
const cli = join(repo, "server/bin/routemap.cjs");
const run = (args, cwd) => spawnSync(process.execPath, [cli, ...args], { encoding: "utf8", cwd, timeout: 60_000, maxBuffer: 1 << 30 });

function app(files) {
  const dir = scratchDir("routemap-hostile-");
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(dir, path, ".."), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  return dir;
}

test("130,000 `get` lines print (Rails 8.1's layout): every route the evaluation's budget drew, and why the rest are missing", { timeout: 120_000 }, () => {
  const lines = Array.from({ length: 130_000 }, (_, i) => `get "/p${i}", to: "a#b"`);
  const dir = app({ "config/routes.rb": `Rails.application.routes.draw do\n${lines.join("\n")}\nend\n` });
  const sheet = run(["routes", "--rails", "8.1"], dir);
  assert.equal(sheet.status, 0, sheet.stderr);
  const printed = sheet.stdout.split("\n").filter((l) => l.includes(" GET "));
  // The evaluator's budget of routes (dsl/budget.ts) ends the file where it runs out, and says so.
  const stopped = /config\/routes\.rb:(\d+):1: warning: Routemap stopped evaluating here: it draws more than ([\d,]+) routes/.exec(sheet.stderr);
  const drawn = stopped ? Number(stopped[2].replace(/,/g, "")) : 130_000;
  // (The budget's own count: the route of the statement it stops at is kept too, today.)
  assert.ok(printed.length === drawn || printed.length === drawn + 1, `${printed.length} printed, ${drawn} allowed`);
  assert.ok(drawn > 50_000, `${drawn} routes`);
  assert.ok(printed.at(-1).startsWith(`p${printed.length - 1} GET `), printed.at(-1));
});

test("a value that holds itself prints as Ruby prints it; pattern-like inflection words are said, not run", { timeout: 30_000 }, () => {
  const dir = app({
    "config/application.rb": 'require "action_controller/railtie"\n',
    "config/initializers/inflections.rb": 'ActiveSupport::Inflector.inflections(:en) do |inflect|\n  inflect.irregular "(a|a)*c", "zz"\n  inflect.acronym "(a|a)*c"\n  inflect.irregular "drive", "drives"\nend\n',
    "config/routes.rb": `Rails.application.routes.draw do\n  a = []; a << a\n  get "/x", to: "a#b", defaults: { x: a }\n  h = {}; h[:x] = h\n  get "/y", to: "a#b", defaults: { y: h }\n  resources :drives, only: :show\n  resources :${"a".repeat(40)}b, only: :index\nend\n`,
  });
  const r = run(["routes", "--rails", "7.1", "--ruby", "3.4"], dir);
  assert.equal(r.status, 0, r.stderr);
  assert.match(r.stdout, /x GET {2}\/x\(\.:format\) +a#b \{x: \[\[\.\.\.\]\]\}/);
  assert.match(r.stdout, /y GET {2}\/y\(\.:format\) +a#b \{y: \{x: \{\.\.\.\}\}\}/);
  assert.match(r.stdout, / drive GET /);
  assert.match(r.stderr, /inflections\.rb:2:3: info: Routemap does not read this inflection rule \(a word with regexp syntax/);
  assert.doesNotMatch(r.stderr, /internal error/);
});
