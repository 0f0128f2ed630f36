// "Never throws": every fixture, and deterministic mutations of each (a deleted line, a
// truncated file, two swapped tokens, a deleted `end`), go through the mapper. Each run
// must return data, and every diagnostic must point inside the file it names.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { caseFiles, listCases } from "../../test-fixtures/lib/cases.mjs";
import { mapper } from "./helpers.mjs";
import { mutations } from "../../test-fixtures/lib/mutations.mjs";

function checkResult(result, files) {
  assert.ok(Array.isArray(result.routes));
  assert.ok(Array.isArray(result.diagnostics));
  for (const d of result.diagnostics) {
    assert.ok(["error", "warning", "info"].includes(d.severity));
    assert.equal(typeof d.message, "string");
    assert.ok(d.message.length > 0);
    const text = files.get(d.span.file);
    assert.ok(text !== undefined, `diagnostic in unknown file ${d.span.file}`);
    const lineCount = text.split("\n").length;
    assert.ok(d.span.start.line < lineCount && d.span.end.line < lineCount, `span outside ${d.span.file}: ${JSON.stringify(d.span)}`);
    assert.ok(d.span.start.line < d.span.end.line || d.span.start.character <= d.span.end.character);
  }
  for (const r of result.routes) {
    assert.ok(files.has(r.source.file));
    // Display fields are worked out on first read: reading them must not throw either.
    assert.equal(typeof JSON.stringify(r), "string");
  }
}

const cases = listCases();
for (const version of ["3.2", "6.1", "7.2", "8.1"]) {
  test(`every fixture and its mutations map without throwing (Rails ${version})`, async () => {
    const m = await mapper();
    let runs = 0;
    cases.forEach((c, i) => {
      const files = caseFiles(c);
      const variants = version === "6.1" ? [c.text, ...mutations(c.text, i + 1)] : [c.text];
      for (const text of variants) {
        files.set(c.entry, text);
        checkResult(m.map({ entry: c.entry, files, options: { railsVersion: version } }), files);
        runs++;
      }
    });
    assert.ok(runs >= cases.length);
  });
}

test("hostile inputs end with a diagnostic, not a hang or a crash", async () => {
  const m = await mapper();
  const inputs = [
    "",
    "Rails.application.routes.draw do",
    "Rails.application.routes.draw do\n  loop { get 'x', to: 'a#b' }\nend\n",
    "Rails.application.routes.draw do\n  while true do end\nend\n",
    "def f = f\nRails.application.routes.draw do\n  f\nend\n",
    "Rails.application.routes.draw do\n  `rm -rf /`\n  system('echo hi')\n  eval('get \"x\"')\nend\n",
    "Rails.application.routes.draw do\n  resources :a do resources :b do resources :c do resources :d do resources :e end end end end\nend\n",
    "Rails.application.routes.draw do\n  get \"(((\", to: \"a#b\"\n  get \"a)b\", to: \"a#b\"\nend\n",
    "\u0000\u0001\uFFFD",
  ];
  for (const text of inputs) {
    const files = new Map([["config/routes.rb", text]]);
    checkResult(m.map({ entry: "config/routes.rb", files }), files);
  }
});

test("a `loop` whose `break` Routemap cannot decide stops with an info, and what follows is drawn", async () => {
  // lago-api's retry intervals (`break if total + jitter > window`, `rand` in jitter): each turn kept
  // one more world, and the map ran out of memory after minutes.
  const m = await mapper();
  const started = performance.now();
  for (const loop of ["attempt = 0\n  loop do\n    attempt += 1\n    break if attempt * rand(0.75..1.25) > 3\n  end", "loop do break if rand > 0.5 end"]) {
    const text = `Rails.application.routes.draw do\n  ${loop}\n  get "ping" => "ping#index"\nend\n`;
    const result = m.map({ entry: "config/routes.rb", files: new Map([["config/routes.rb", text]]) });
    assert.deepEqual(result.routes.map((r) => `${r.name} ${r.toJSON().conditions ?? ""}`), ["ping "], loop);
    assert.ok(result.diagnostics.some((d) => d.code === "undecidable-loop"), loop);
  }
  assert.ok(performance.now() - started < 5_000);
});

test("a method called again inside itself under a condition Routemap cannot decide is unknown there, not run again: no blow-up", async () => {
  // cartodb's config/initializers/01_app_config.rb: each inner call ran both branches again, 2^n,
  // and the budget ran out after a minute, every route of the app lost.
  const m = await mapper();
  const text = readFileSync(new URL("../../test-fixtures/cases/ruby/recursion_undecided.rb", import.meta.url), "utf8");
  const started = performance.now();
  const result = m.map({ entry: "config/routes.rb", files: new Map([["config/routes.rb", text]]) });
  assert.deepEqual(result.routes.map((r) => r.name), ["first", "last"]);
  assert.ok(!result.diagnostics.some((d) => d.severity === "warning" || d.severity === "error"), JSON.stringify(result.diagnostics));
  assert.ok(performance.now() - started < 5_000);
});

test("a `retry` loop of exceptions ends within the budget's time: a raise is charged as what it costs", async () => {
  const m = await mapper();
  const text = 'Rails.application.routes.draw do\n  get "first", to: "a#first"\n  x = 0; begin; x += 1; raise "e"; rescue; retry if x < 1_000_000; end\n  get "after", to: "a#after"\nend\n';
  const started = performance.now();
  const result = m.map({ entry: "config/routes.rb", files: new Map([["config/routes.rb", text]]) });
  assert.deepEqual(result.routes.map((r) => r.name), ["first"]);
  assert.ok(result.diagnostics.some((d) => d.code === "budget-exceeded"));
  // Was about 10 s of one core (3 million steps of exceptions).
  assert.ok(performance.now() - started < 5_000);
});

test("values too large for JavaScript skip their statement with a diagnostic; the routes around them are drawn", async () => {
  const m = await mapper();
  for (const [line, expected] of [
    ['x = "a" * 1_000_000_000', /^info: Routemap skipped this statement: it builds a value of 1,000,000,000 elements or characters, more than the 1,000,000 Routemap evaluates\.$/],
    ['x = "a" * -1', /^error: negative argument$/],
  ]) {
    const text = `Rails.application.routes.draw do\n  get "a", to: "a#a"\n  ${line}\n  get "b", to: "b#b"\nend\n`;
    const result = m.map({ entry: "config/routes.rb", files: new Map([["config/routes.rb", text]]) });
    assert.deepEqual(result.routes.map((r) => r.name), ["a", "b"], line);
    assert.deepEqual(result.diagnostics.map((d) => d.span.start.line), [2], line);
    assert.match(`${result.diagnostics[0].severity}: ${result.diagnostics[0].message}`, expected);
  }
});

test("an internal error keeps what was drawn, and leaves the whole table open: no check may trust the rest", async () => {
  const m = await mapper();
  // A host whose file read fails in a way the mapper does not expect stands in for any bug of ours.
  class FailingFiles extends Map {
    get(path) {
      if (path.endsWith("boom.rb")) throw new Error("the host failed");
      return super.get(path);
    }
  }
  const files = new FailingFiles([
    ["config/routes.rb", 'Rails.application.routes.draw do\n  get "a", to: "a#b"\n  draw :boom\n  get "c", to: "c#d"\nend\n'],
    ["config/routes/boom.rb", 'get "b", to: "b#b"\n'],
  ]);
  const result = m.map({ entry: "config/routes.rb", files, options: { railsVersion: "6.1" } });
  assert.deepEqual(result.routes.filter((r) => !r.internal).map((r) => r.path), ["/a(.:format)"]);
  const internal = result.diagnostics.filter((d) => d.code === "internal-error");
  assert.equal(internal.length, 1);
  assert.match(internal[0].message, /^Routemap internal error: the host failed/);
  assert.ok(result.openRegions.some((r) => r.reason === internal[0].message && r.namePrefix === undefined && r.module === undefined));
});
