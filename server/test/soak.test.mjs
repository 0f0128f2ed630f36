// A soak of hostile edits against one server session (the bundled server over stdio): random
// edits drawn from issue 30's cases, each followed by the requests an editor sends. It must end
// with no error response, the same server process, every request answered in time, and the
// resident memory back near where it started once the server has been idle.
import { test } from "node:test";
import assert from "node:assert/strict";
import { cpSync, readFileSync, writeFileSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { scratchDir } from "../../test-fixtures/lib/scratch.mjs";
import { startServer } from "./lspClient.mjs";

const repo = new URL("../..", import.meta.url).pathname;
// SOAK_ROUNDS and SOAK_SEED run it longer, or another way, by hand (docs/benchmarks.md).
const ROUNDS = Number(process.env.SOAK_ROUNDS ?? 120);
const SEED = Number(process.env.SOAK_SEED ?? 30);

/** A small deterministic generator (mulberry32): the same soak every run. */
function random(seed) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Hostile routes-file lines (issue 30, the parts the server must survive as typed). */
const ROUTES_LINES = [
  'a = []; a << a; get "/x", to: "a#b", defaults: { x: a }',
  'h = {}; h[:x] = h; get "/y", to: "a#b", defaults: { y: h }',
  'get "/z", to: "posts#(a|a)*b"',
  'get "/w", to: "x//y#z"',
  "get \"/deep\", to: \"a#b\", defaults: { d: " + "[".repeat(200) + "1" + "]".repeat(200) + " }",
  "draw :extra",
  "draw \"../../../etc/passwd\"",
  "resources :" + "a".repeat(5000),
  "3.times { |i| get \"/t#{i}\", to: \"t#i\" }",
  "get \"/\" + \"a\" * 1000, to: \"a#b\"",
  "namespace :admin do\n    resources :users do\n      member { get :x }\n    end\n  end",
  "constraints(id: /\\d+/) { get \"/c/:id\", to: \"c#s\" }",
  "def",
  "get \"/unterminated",
  "\u0000\u0001 get",
  "end end end",
  // Ruby the last days' code runs: hooks, patterns, throw, Structs, settings, with_options' Procs.
  "module SoakR; def self.extended(b) = b.extend(SoakR); end; extend SoakR",
  "with_options(shallow: true) { constraints(->(r) { r }) { resources :soak_items } }",
  'get "/cx", to: "a#b", defaults: { v: Rails.application.config.x.a.b.class }',
  "200_000.times { }",
  "catch(:x) { loop { throw :x } }",
  'case [1, [2, [3]]]; in [a, [b, [c]]] then get "/p#{a}#{b}#{c}", to: "p#q"; end',
  'SoakS = Struct.new(:a, keyword_init: true); get SoakS.new(a: "/kw").a, to: "k#w"',
  'a, (b, *c) = 1, [2, 3, 4]; get "/m#{c.size}", to: "m#m"',
  'get "/r", to: "r#r", constraints: { id: /(a|a)*b/ }, defaults: { id: "a" * 40 }',
  "draw :" + "../".repeat(20) + "etc/passwd",
];
/** Test files and their helpers (integrationTests.ts, testSupport.ts, testEnvironment.ts). */
const TEST_TEXTS = [
  `class SoakTest < ActionDispatch::IntegrationTest\n${"  [" + Array.from({ length: 2000 }, (_, i) => i).join(", ") + "].each do |n|\n".repeat(5)}    test "t#{n}" do\n      get edit_product_path\n    end\n${"  end\n".repeat(5)}end\n`,
  `require "rails_helper"\nRSpec.describe "P", type: :request do\n${"describe 'a' do\n".repeat(1500)}it "y" do\nget edit_product_path\nend\n${"end\n".repeat(1500)}end\n`,
  `class SoakTest < ActionDispatch::IntegrationTest\n  setup do\n    Rails.application.routes.draw do\n      loop { get "/x", to: "x#x" }\n    end\n  end\n  test "t" do\n    get products_path\n  end\nend\n`,
  `require "rails_helper"\nRSpec.configure do |config|\n  config.include Soak, type: :request, file_path: %r{${"(a|a)*".repeat(4)}b}\nend\nmodule Soak\n  extend ActiveSupport::Concern\n  included do\n    include Soak\n    before { soak }\n  end\n  def soak = soak\nend\n`,
];
const VIEW_TEXTS = [
  "<%= posts_path %>".repeat(5000),
  "<%= link_to(".repeat(5000),
  "<%= postz_path %>\n".repeat(200),
  "<%= url_for(controller: \"posts\", action: \"(a|a)*b\") %>",
];

test("a soak of hostile edits: no error response, one server process, memory back near where it started", { timeout: 280_000 * Math.max(1, ROUNDS / 120) }, async (t) => {
  const root = scratchDir("routemap-soak-");
  cpSync(join(repo, "test-fixtures/sample-app"), root, { recursive: true });
  mkdirSync(join(root, "config/initializers"), { recursive: true });
  writeFileSync(join(root, "config/initializers/inflections.rb"), "");
  const client = await startServer([root], { railsVersion: "7.1" });
  const { conn } = client;
  const uri = (path) => pathToFileURL(join(root, path)).toString();
  const ROUTES = uri("config/routes.rb");
  const VIEW = uri("app/views/products/index.html.erb");
  const INFLECTIONS = uri("config/initializers/inflections.rb");
  mkdirSync(join(root, "test/integration"), { recursive: true });
  writeFileSync(join(root, "test/integration/soak_test.rb"), "");
  const TEST = uri("test/integration/soak_test.rb");
  const routesText = readFileSync(join(root, "config/routes.rb"), "utf8");
  const viewText = readFileSync(join(root, "app/views/products/index.html.erb"), "utf8");
  const errors = [];
  conn.onNotification("window/logMessage", (m) => m.type === 1 && errors.push(m.message));
  // An internal error is a crash the mapper caught: as much a failure as an error response.
  const internal = new Set();
  const internalIn = (u) => (list) => {
    for (const d of list) if (d.code === "internal-error") internal.add(`${u.split("/").slice(-2).join("/")}: ${d.message}`);
    return false;
  };
  const pid = (await conn.sendRequest("routemap/routes", {})) && client.pid;
  const rss = () => {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    return Number(/VmRSS:\s+(\d+)/.exec(status)[1]) * 1024;
  };
  const versions = new Map();
  const open = (u, text, languageId = "ruby") => {
    versions.set(u, 1);
    conn.sendNotification("textDocument/didOpen", { textDocument: { uri: u, languageId, version: 1, text } });
  };
  const change = (u, text) => {
    const version = versions.get(u) + 1;
    versions.set(u, version);
    conn.sendNotification("textDocument/didChange", { textDocument: { uri: u, version }, contentChanges: [{ text }] });
  };
  open(ROUTES, routesText);
  open(VIEW, viewText, "erb");
  open(INFLECTIONS, "");
  open(TEST, "");
  for (const u of [ROUTES, VIEW, INFLECTIONS, TEST]) client.diagnosticsWhere(u, internalIn(u));
  // Warm: a few ordinary requests, then the baseline once the server has collected.
  const requests = async (u, line) => {
    const position = { line, character: 3 };
    const started = Date.now();
    await Promise.all([
      conn.sendRequest("textDocument/hover", { textDocument: { uri: u }, position }),
      conn.sendRequest("textDocument/completion", { textDocument: { uri: u }, position }),
      conn.sendRequest("textDocument/definition", { textDocument: { uri: u }, position }),
      conn.sendRequest("textDocument/documentSymbol", { textDocument: { uri: u } }),
      conn.sendRequest("textDocument/codeAction", { textDocument: { uri: u }, range: { start: position, end: position }, context: { diagnostics: [] } }),
    ]);
    return Date.now() - started;
  };
  await requests(ROUTES, 2);
  await new Promise((resolve) => setTimeout(resolve, 2500));
  const before = rss();

  const next = random(SEED);
  const pick = (list) => list[Math.floor(next() * list.length)];
  const slowest = { ms: 0, what: "" };
  for (let round = 0; round < ROUNDS; round++) {
    const kind = next();
    let target = ROUTES;
    let what;
    if (kind < 0.5) {
      const lines = routesText.split("\n");
      const at = 1 + Math.floor(next() * (lines.length - 2));
      what = pick(ROUTES_LINES);
      lines.splice(at, 0, "  " + what);
      change(ROUTES, lines.join("\n"));
    } else if (kind < 0.6) {
      target = TEST;
      const text = pick(TEST_TEXTS);
      what = `test: ${text.slice(0, 40)}`;
      change(TEST, text);
    } else if (kind < 0.85) {
      target = VIEW;
      what = pick(VIEW_TEXTS).slice(0, 40);
      change(VIEW, pick(VIEW_TEXTS));
    } else {
      target = INFLECTIONS;
      what = "inflections";
      change(INFLECTIONS, `ActiveSupport::Inflector.inflections(:en) do |inflect|\n  inflect.${pick(["irregular \"(a|a)*c\", \"zz\"", "acronym \"(a|a)*c\"", "irregular \"drive\", \"drives\"", "uncountable \"(a|a)*c\""])}\nend\n`);
    }
    const ms = await requests(target, Math.floor(next() * 20));
    if (ms > slowest.ms) Object.assign(slowest, { ms, what });
    // Back to the file as it was, now and then, as an undo would.
    if (next() < 0.3) change(ROUTES, routesText);
  }
  change(ROUTES, routesText);
  change(VIEW, viewText);
  change(INFLECTIONS, "");
  change(TEST, "");
  await requests(ROUTES, 2);
  await new Promise((resolve) => setTimeout(resolve, 3000));
  const after = rss();
  t.diagnostic(`resident memory ${before >> 20} → ${after >> 20} MB; slowest round ${slowest.ms} ms (${slowest.what})`);
  assert.deepEqual(errors, []);
  for (const [u, list] of client.diagnostics) internalIn(u)(list);
  assert.deepEqual([...internal], []);
  assert.ok(slowest.ms < 5_000, `the slowest round took ${slowest.ms} ms (${slowest.what})`);
  assert.equal(client.exitCode(), null, "the server is still running");
  assert.ok(after < before * 1.5 + 40 * 1024 * 1024, `resident memory went from ${before >> 20} MB to ${after >> 20} MB`);
  await client.stop();
});
