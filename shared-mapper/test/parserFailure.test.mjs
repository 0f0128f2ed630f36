// Input that Prism's WebAssembly build or the evaluator cannot take: code nested past what
// the stacks hold, chains too long for the evaluator's. The file is reported with a clear
// diagnostic, the other files are evaluated, nothing hangs, and the parser that failed is
// never used again: the next valid file maps exactly as on a mapper that never saw the bad one.
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { createNodeMapper } from "../dist/node.js";
import { armGuard, guardIntact } from "../dist/ruby/prism.js";
import { formatSheet } from "../dist/index.js";
import { FIXTURES, caseFiles } from "../../test-fixtures/lib/cases.mjs";

const SAMPLE = join(FIXTURES, "sample-app/config/routes.rb");
const sampleFiles = () => caseFiles({ entry: SAMPLE, dir: dirname(SAMPLE), text: readFileSync(SAMPLE, "utf8") });
const sheet = (result) => formatSheet(result.routes, { railsVersion: "6.1" });
const options = { railsVersion: "6.1", rubyVersion: "3.1" };

/** Ruby that nests `n` levels deep, in the shapes that take Prism's recursion furthest. */
const DEEP = {
  scope: (n) => 'scope "a" do\n'.repeat(n) + "get 'x', to: 'a#b'\n" + "end\n".repeat(n),
  parentheses: (n) => "get " + "(".repeat(n) + "'x'" + ")".repeat(n) + ", to: 'a#b'\n",
  arrays: (n) => "x = " + "[".repeat(n) + "1" + "]".repeat(n) + "\n",
  hashes: (n) => "x = " + "{a: ".repeat(n) + "1" + "}".repeat(n) + "\n",
  negations: (n) => "x = " + "!".repeat(n) + "true\n",
};
const routesFile = (body) => `Rails.application.routes.draw do\n${body}end\n`;

test("a file nested past Prism's stack is reported on its first line, and later files map as on a fresh mapper", async () => {
  const expected = sheet((await createNodeMapper()).map({ entry: SAMPLE, files: sampleFiles(), options }));
  const mapper = await createNodeMapper();
  const failed = new Set();
  for (const [shape, make] of Object.entries(DEEP)) {
    // From depths Prism's own 64 KiB stack could not hold (it failed from 97 levels, and
    // 189 parentheses looped forever) to depths past V8's stack, each followed by a valid file.
    for (const n of [100, 189, 400, 900, 1400, 1900, 2600]) {
      const entry = `/deep/${shape}/${n}/config/routes.rb`;
      const result = mapper.map({ entry, files: { [entry]: routesFile(make(n)) }, options });
      const failure = result.diagnostics.find((d) => d.code === "parser-failure");
      if (failure) {
        failed.add(shape);
        assert.equal(failure.severity, "error");
        assert.match(failure.message, /^Routemap could not parse this file, so its routes are missing: Prism, in WebAssembly, failed on it \(.+\)\. Code nested a thousand levels deep/);
        assert.deepEqual([failure.span.start, failure.span.end], [{ line: 0, character: 0 }, { line: 0, character: "Rails.application.routes.draw do".length }]);
        assert.equal(result.routes.length, 0);
      } else {
        // Parsed: what the evaluator could not follow is a statement it skipped, said so.
        for (const d of result.diagnostics) assert.equal(d.code, "too-deep", `${shape} ${n}: ${d.message}`);
        if (n <= 189) assert.deepEqual(result.diagnostics, [], `${shape} ${n}`);
      }
      const after = mapper.map({ entry: SAMPLE, files: sampleFiles(), options });
      assert.equal(sheet(after), expected, `the sample app after ${shape} nested ${n} deep`);
      assert.deepEqual(after.diagnostics.filter((d) => d.severity === "error"), []);
    }
  }
  assert.deepEqual([...failed].sort(), Object.keys(DEEP).sort(), "every shape fails somewhere in the range");
});

test("a drawn file Prism cannot parse is reported in that file; the routes around its draw are kept", async () => {
  const mapper = await createNodeMapper();
  const entry = "/app/config/routes.rb";
  const deep = "/app/config/routes/deep.rb";
  const result = mapper.map({
    entry,
    files: { [entry]: routesFile("  resources :posts, only: :index\n  draw :deep\n  resources :tags, only: :index\n"), [deep]: DEEP.scope(3000) },
    options,
  });
  assert.deepEqual(result.routes.map((r) => r.name), ["posts", "tags"]);
  assert.deepEqual(result.diagnostics.map((d) => [d.span.file, d.span.start.line, d.code]), [[deep, 0, "parser-failure"]]);
});

test("a statement too deep for the evaluator is skipped with an error on it; the statements after it are evaluated", () => {
  // With V8's default stack the evaluator follows whatever Prism parses; with a smaller one
  // (as an embedder might run it) nested scopes that parse can be too deep to evaluate.
  const script = `
    const { createNodeMapper } = await import(${JSON.stringify(new URL("../dist/node.js", import.meta.url).href)});
    const mapper = await createNodeMapper();
    const out = [];
    for (let n = 200; n <= 450; n += 50) {
      const nest = 'scope "a" do\\n'.repeat(n) + "get 'x', to: 'a#b'\\n" + "end\\n".repeat(n);
      const text = 'Rails.application.routes.draw do\\n  get "a", to: "a#a"\\n' + nest + '  get "b", to: "b#b"\\nend\\n';
      const r = mapper.map({ entry: "/app/config/routes.rb", files: { "/app/config/routes.rb": text }, options: { railsVersion: "6.1" } });
      out.push({ n, routes: r.routes.map((x) => x.path.slice(0, 3)), diagnostics: r.diagnostics.map((d) => [d.code, d.span.start.line, d.message]) });
    }
    console.log(JSON.stringify(out));`;
  const run = spawnSync(process.execPath, ["--stack-size=400", "--input-type=module", "-e", script], { encoding: "utf8" });
  assert.equal(run.status, 0, run.stderr);
  const results = JSON.parse(run.stdout);
  const skipped = results.filter((r) => r.diagnostics.some(([code]) => code === "too-deep"));
  assert.ok(skipped.length > 0, `some depth is too deep to evaluate: ${run.stdout}`);
  for (const r of skipped) {
    assert.deepEqual(r.routes, ["/a(", "/b("], `depth ${r.n}: the statements around the nest are drawn`);
    assert.equal(r.diagnostics.length, 1);
    const [, line, message] = r.diagnostics[0];
    assert.equal(message, "Routemap skipped this statement: it nests too deeply for Routemap's evaluator (a chain of thousands of operators or calls).");
    assert.ok(line >= 2 && line <= 2 + 2 * r.n, `reported inside the nest, on line ${line + 1}`);
  }
  for (const r of results) for (const [code] of r.diagnostics) assert.match(code, /^(too-deep|parser-failure)$/, `depth ${r.n}`);
});

test("a prism.wasm not laid out as expected is refused with a message saying where to look", async () => {
  const { withLargerStack } = await import("../dist/ruby/prismStack.js");
  // The smallest module: no memory, no globals.
  const empty = Uint8Array.from([0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00]);
  assert.throws(() => withLargerStack(empty), /prism\.wasm is not laid out as Routemap expects \(.+\); see shared-mapper\/src\/ruby\/prismStack\.ts/);
});

test("a patched prism.wasm says so: patching it again gives it back as it is, with the same stack", async () => {
  const { withLargerStack } = await import("../dist/ruby/prismStack.js");
  const { prismWasmPath } = await import("../dist/node.js");
  const once = withLargerStack(readFileSync(prismWasmPath()));
  const twice = withLargerStack(once.wasm);
  assert.equal(twice.wasm, once.wasm);
  assert.equal(twice.stackLow, once.stackLow);
  // The stack begins where the build's heap ended, which the module exports.
  const instance = new WebAssembly.Instance(new WebAssembly.Module(once.wasm), { wasi_snapshot_preview1: new Proxy({}, { get: () => () => 52 }) });
  assert.equal(once.stackLow, instance.exports.__heap_end.value);
  assert.ok(instance.exports.memory.buffer.byteLength >= 64 * 65536, "the larger memory");
});

test("a compile of Prism begun before the mapper is used when its bytes are patched, and ignored otherwise", async () => {
  const { createParser } = await import("../dist/ruby/prism.js");
  const { withLargerStack } = await import("../dist/ruby/prismStack.js");
  const { prismWasmPath } = await import("../dist/node.js");
  const original = readFileSync(prismWasmPath());
  const patched = withLargerStack(original).wasm;
  const parse = await createParser(patched, WebAssembly.compile(patched));
  assert.equal(parse("get 'a', to: 'b#c'\n").value.statements.body.length, 1);
  // A compile that fails shows whether it was taken up.
  const failed = () => {
    const p = Promise.reject(new Error("the early compile"));
    p.catch(() => undefined);
    return p;
  };
  await assert.rejects(createParser(patched, failed()), /the early compile/);
  // Bytes still to patch: the compile begun would be of the unpatched module.
  assert.equal((await createParser(original, failed()))("x = 1\n").errors.length, 0);
});

test("createNodeMapper takes up the compile the routemap executable began, for the same prism.wasm only", async () => {
  const { withLargerStack } = await import("../dist/ruby/prismStack.js");
  const { prismWasmPath } = await import("../dist/node.js");
  const key = Symbol.for("routemap.prismCompile");
  const bytes = withLargerStack(readFileSync(prismWasmPath())).wasm;
  const module = Promise.reject(new Error("the early compile"));
  module.catch(() => undefined);
  try {
    globalThis[key] = { path: prismWasmPath(), bytes, module };
    await assert.rejects(createNodeMapper(), /the early compile/);
    globalThis[key] = { path: "/elsewhere/prism.wasm", bytes, module };
    const mapper = await createNodeMapper();
    assert.equal(mapper.map({ entry: SAMPLE, files: sampleFiles(), options }).routes.length > 0, true);
  } finally {
    delete globalThis[key];
  }
});

test("a module exporting only what Routemap calls parses as the whole one; a name it lacks is refused", async () => {
  const { withLargerStack, onlyExports } = await import("../dist/ruby/prismStack.js");
  const { createParser, PRISM_EXPORTS } = await import("../dist/ruby/prism.js");
  const { prismWasmPath } = await import("../dist/node.js");
  const patched = withLargerStack(readFileSync(prismWasmPath())).wasm;
  const trimmed = onlyExports(patched, PRISM_EXPORTS);
  assert.deepEqual(WebAssembly.Module.exports(new WebAssembly.Module(trimmed)).map((e) => e.name).sort(), [...PRISM_EXPORTS].sort());
  assert.equal(withLargerStack(trimmed).stackLow, withLargerStack(patched).stackLow, "still marked as patched, with the same stack");
  const source = readFileSync(SAMPLE, "utf8");
  const [whole, part] = [await createParser(patched), await createParser(trimmed)];
  assert.equal(part(source).value.statements.body.length, whole(source).value.statements.body.length);
  assert.throws(() => onlyExports(patched, [...PRISM_EXPORTS, "pm_no_such_function"]), /prism\.wasm does not export all of .*pm_no_such_function/);
});

test("the stack's guard: intact after arming, not intact once any of its bytes is written (first, middle, last)", () => {
  const memory = new WebAssembly.Memory({ initial: 1 });
  const prism = { memory };
  const stackLow = 1024;
  armGuard(prism, stackLow);
  assert.equal(guardIntact(prism, stackLow), true);
  for (const offset of [0, 4097, 8191]) {
    armGuard(prism, stackLow);
    new Uint8Array(memory.buffer)[stackLow + offset] ^= 1;
    assert.equal(guardIntact(prism, stackLow), false, `a byte written at ${offset}`);
  }
  // Bytes outside the guard are not its concern.
  armGuard(prism, stackLow);
  new Uint8Array(memory.buffer)[stackLow - 1] = 7;
  new Uint8Array(memory.buffer)[stackLow + 8192] = 7;
  assert.equal(guardIntact(prism, stackLow), true);
});

test("a routes file Prism could not parse leaves the table open (nothing is hinted unreached against it); a flood of syntax errors is counted past the first few hundred", async () => {
  const mapper = await createNodeMapper();
  const entry = "/flood/config/routes.rb";
  const failed = mapper.map({ entry, files: { [entry]: routesFile("resources :posts\n" + DEEP.scope(20_000)) }, options });
  const failure = failed.diagnostics.find((d) => d.code === "parser-failure");
  assert.ok(failure);
  assert.ok(failed.openRegions.some((r) => r.span === failure.span && r.module === undefined), "the whole table is open");
  const flood = mapper.map({ entry, files: { [entry]: routesFile("::".repeat(50_000) + "\n  get 'x', to: 'a#b'\n") }, options });
  const errors = flood.diagnostics.filter((d) => d.code === "syntax-error");
  assert.equal(errors.length, 201);
  assert.match(errors[200].message, /^99,800 more syntax errors in this file, from here on\.$/);
});
