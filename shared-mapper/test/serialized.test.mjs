// Our reader of Prism's serialized form (src/ruby/serialized.ts) against @ruby/prism's own:
// for every Ruby file of the fixtures (and Ruby's standard library where Ruby is installed),
// the two parses give the same tree, node for node (class, flags, locations, constants,
// strings), the same comments and the same errors. The fixtures must between them hold every
// node type the reader can meet, so that no field list of prismFormat.ts goes unchecked.
import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { parsePrism } from "@ruby/prism/src/parsePrism.js";
import { createParser } from "../dist/ruby/prism.js";
import { prismWasmPath } from "../dist/node.js";
import { NODE_FORMATS } from "../dist/ruby/prismFormat.js";
import { programIndex } from "../dist/ruby/walk.js";
import { LineIndex } from "../dist/ruby/lineIndex.js";
import { assignments } from "../dist/app/polymorphic.js";

const repo = new URL("../..", import.meta.url).pathname;
const wasm = readFileSync(prismWasmPath());
const ours = await createParser(wasm);
const theirs = new WebAssembly.Instance(await WebAssembly.compile(wasm), {
  wasi_snapshot_preview1: new Proxy({}, { get: () => () => 52 }),
}).exports;
theirs._initialize();

function rubyFiles(dir, out = []) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) rubyFiles(path, out);
    else if (name.endsWith(".rb")) out.push(path);
  }
  return out;
}

const json = (value) => JSON.stringify(value, (_k, v) => (typeof v === "bigint" ? `${v}n` : v));
// @ruby/prism's reader decodes a string's bytes with a TextDecoder that drops a leading U+FEFF
// (`"\uFEFF…"`); ours keeps it, as Ruby does. Compared without it.
const withoutBom = (value) => JSON.stringify(value, (k, v) => (typeof v === "bigint" ? `${v}n` : k === "value" && typeof v === "string" ? v.replace(/^\uFEFF/, "") : v));

/** Compares the two readers on one source; returns the node types our reader met. */
function check(source, { template = false, label } = {}) {
  const mine = ours(source, { template });
  const prisms = parsePrism(theirs, source, template ? { partial_script: true } : {});
  for (const key of ["comments", "magicComments", "dataLoc", "errors", "warnings"]) {
    assert.equal(json(mine[key]), json(prisms[key]), `${label}: ${key}`);
  }
  assert.equal(withoutBom(mine.value), json(prisms.value), `${label}: the tree`);
  const types = new Set();
  collectTypes(mine.value, types);
  return types;
}

function collectTypes(root, types) {
  const stack = [root];
  while (stack.length) {
    const node = stack.pop();
    types.add(node.constructor.name);
    for (const child of node.childNodes()) if (child) stack.push(child); // compactChildNodes drops lists (Prism 1.9)
  }
}

test("our reader and Prism's give the same tree for every fixture, and meet every node type", () => {
  const met = new Set();
  for (const file of rubyFiles(join(repo, "test-fixtures"))) {
    for (const type of check(readFileSync(file, "utf8"), { label: file })) met.add(type);
  }
  // These come only with errors or warnings, which the fixtures need not hold (the cases below
  // and Ruby's standard library do): MissingNode stands for what a syntax error left out; a bare
  // regexp as a condition, which matches `$_`, always draws a warning.
  const unmet = new Set(["MissingNode", "MatchLastLineNode", "InterpolatedMatchLastLineNode"]);
  const missed = NODE_FORMATS.map(([name]) => name).filter((name) => !met.has(name) && !unmet.has(name));
  assert.deepEqual(missed, [], "node types no fixture holds (add them to test-fixtures/prism/every-node.rb)");
});

test("sources that are not ASCII, strings in other encodings, templates, syntax errors, warnings", () => {
  const cases = [
    ["non-ASCII", '# café\nget "ünïcode", to: "pages#ä"\nresources :posts, as: :"ñ"\n'],
    ["binary string", '# encoding: ascii-8bit\nx = "\\xff\\xfe"\ny = :"\\xff"\n'],
    ["invalid UTF-8 escape", 'x = "\\xff"\nz = "\\u00e9\\xff"\n'],
    ["forced UTF-8", '# encoding: us-ascii\nx = "\\u00e9"\n'],
    ["Shift_JIS source", '# encoding: shift_jis\nx = "abc"\n'],
    ["syntax error", "resources :posts do\n  get :x,\n"],
    ["warning", "def m\n  a = 1\nend\nx = 1 if /re/\n"],
    ["empty", ""],
    ["data", "get :a\n__END__\nanything\n"],
    ["long integers and floats", "x = [2**64, 18446744073709551616, -18446744073709551616, 1.5e300, 0.1, 4294967295, 2147483648]\n"],
    // Offsets and lengths past 2 MiB take four bytes: past the three the reader reads inline.
    ["offsets of four bytes", `# ${"a".repeat(2_200_000)}\nresources :posts, only: [:index] do\n  get :x\nend\n`],
  ];
  for (const [label, source] of cases) check(source, { label });
  check("<%= link_to 'x', post_path(@post) %>\nyield\n", { template: true, label: "template" });
  check("yield :sidebar\n", { template: true, label: "template's yield" });
});

test("the committed field table is the installed @ruby/prism's format", () => {
  execFileSync(process.execPath, [join(repo, "scripts/prism-format.mjs"), "--check"], { stdio: "pipe" });
});

// Ruby's standard library: thousands of files of every style, where Ruby is installed (CI
// installs it; there a missing one fails).
const stdlib = "/usr/lib/ruby";
const skip = !existsSync(stdlib) && process.env.CI !== "true" && "Ruby's standard library is not installed (apt-get install -y ruby)";
test("our reader and Prism's agree on Ruby's standard library", { skip }, () => {
  const files = rubyFiles(stdlib);
  assert.ok(files.length > 100, `${files.length} files under ${stdlib}`);
  for (const file of files) check(readFileSync(file, "utf8"), { label: file });
});

// The calls and `def`s the reader lists as it reads (`index`, for the facts of app files) are the
// walk's (walk.ts `programIndex` over a tree read without it): the same calls in the same order,
// each with the same innermost `def`, and the same `def`s.
const indexOf = (ix) => {
  const key = (n) => n && `${n.constructor.name}@${n.location.startOffset}+${n.location.length}`;
  return { calls: ix.calls.map(key), scopes: ix.scopes.map(key), defs: ix.defs.map(key) };
};
function checkIndex(source, { template = false, label } = {}) {
  const readTree = ours(source, { template, index: true }).value;
  const walkedTree = ours(source, { template }).value;
  const read = programIndex(readTree);
  const walked = programIndex(walkedTree);
  assert.deepEqual(indexOf(read), indexOf(walked), `${label}: the calls and defs listed`);
  // The variables' writes from the writes listed (polymorphic.ts `assignments`): the walk's, in its order.
  const lines = new LineIndex("x.rb", source);
  const assigned = (program, scope, o) => {
    const into = new Map();
    assignments(scope, { program, index: lines, syntaxErrors: [] }, into, o);
    return JSON.stringify([...into]);
  };
  const scopes = (ix, program) => [[program, program], ...ix.defs.map((d, i) => [d, walked.defs[i]])];
  const readScopes = scopes(read, readTree);
  scopes(walked, walkedTree).forEach(([walkedScope], i) => {
    for (const o of [{}, { ivarsOnly: true }, ...(i === 0 ? [{ ivarsOnly: true, crossDefs: true }, { crossDefs: true }] : [])]) {
      assert.equal(assigned(readTree, readScopes[i][0], o), assigned(walkedTree, walkedScope, o), `${label}: the writes of scope ${i} ${JSON.stringify(o)}`);
    }
  });
  return walked.calls.length;
}

test("the calls and defs the reader lists as it reads are the walk's", () => {
  let calls = 0;
  for (const file of rubyFiles(join(repo, "test-fixtures"))) calls += checkIndex(readFileSync(file, "utf8"), { label: file });
  assert.ok(calls > 1000, `${calls} calls`);
  checkIndex("def a(x = b(c)) = d(e { def f; g; end; h })\ndef self.i; j; end\nk\nclass L; def m; n; end; o; end\n", { label: "nested defs" });
  checkIndex("<%= link_to 'x', post_path(@post) %>\n<% def z; y; end %>\n", { template: true, label: "template" });
  checkIndex("@a = Post.find(1)\ndef x(a, b = 1, *c, d:, **e, &f); @a = Post.new; a, @b = 1, 2; @c ||= Tag.first!; @a += 1; foo { |x, (y, z); w| @d = User.find(x) }; def y; @a = Other.new; end; end\n@a = (@a = Post.find_by!(x: 1))\n", { label: "writes" });
  checkIndex("def m\n  a = 1\nend\nx = 1 if /re/\nresources :posts do\n  get :x,\n", { label: "warnings and a syntax error" });
  if (existsSync(stdlib)) for (const file of rubyFiles(stdlib)) checkIndex(readFileSync(file, "utf8"), { label: file });
});
