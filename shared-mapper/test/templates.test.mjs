// Haml and Slim templates read as Ruby for the URL helper checks: each fixture in test-fixtures/templates is
// rendered line by line with the Ruby it became (`» `) and the helper calls found on it (`^`),
// then compared with the `.expected` file beside it. UPDATE_EXPECT=1 rewrites the expectations.
import { test } from "node:test";
import assert from "node:assert/strict";
import { existsSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { hamlToRuby, slimToRuby } from "../dist/index.js";
import { FIXTURES } from "../../test-fixtures/lib/cases.mjs";
import { mapper } from "./helpers.mjs";

const DIR = join(FIXTURES, "templates");
const READERS = { haml: hamlToRuby, slim: slimToRuby };

async function check(name) {
  const path = join(DIR, name);
  const text = readFileSync(path, "utf8");
  const { ruby, locals } = READERS[name.split(".").pop()](text);
  assert.equal(ruby.length, text.length, "offsets are kept");
  const { calls } = (await mapper()).urlUses(`/app/app/views/posts/${name}`, text);
  const rubyLines = ruby.split("\n");
  const out = [];
  text.replace(/\n$/, "").split("\n").forEach((line, i) => {
    out.push(line);
    if (rubyLines[i].trim()) out.push(`» ${rubyLines[i].trimEnd()}`);
    for (const c of calls.filter((c) => c.span.start.line === i)) {
      out.push(`  ${" ".repeat(c.span.start.character)}${"^".repeat(c.span.end.character - c.span.start.character)} ${c.receiver ? `${c.receiver}.` : ""}${c.name}`);
    }
  });
  out.push(`locals: ${[...locals].sort().join(" ")}`, `calls: ${calls.length}`);
  const actual = out.join("\n") + "\n";
  const expectedPath = `${path}.expected`;
  if (process.env.UPDATE_EXPECT === "1" || (!existsSync(expectedPath) && process.env.CI !== "true")) writeFileSync(expectedPath, actual);
  assert.ok(existsSync(expectedPath), `missing ${expectedPath}: run with UPDATE_EXPECT=1`);
  assert.equal(actual, readFileSync(expectedPath, "utf8"));
}

for (const name of readdirSync(DIR).filter((n) => /\.(haml|slim)$/.test(n)).sort()) {
  test(`templates: ${name}`, () => check(name));
}

test("templates: any text, however broken, keeps its length and its newlines, and is read in linear time", () => {
  // Fragments of Haml, cut and joined at random (a fixed seed): unclosed brackets, strings and
  // interpolations, stray markers, deep indentation.
  const pieces = ["a ", "href=", "*", "| ", "' ", "< ", "li: ", "javascript:", "\\", "%a{", "}", "(", ")", "[", "]", '"', "'", "#{", "- ", "= ", "!= ", "&= ", "~ ", "-# ", ":javascript", ":ruby", "/ ", "\\", " |", ",", " do |x|", "if ", "%p", ".c", "#i", "x_path", "\n", "\n  ", "\n    ", "🎉", "\r\n", "\t"];
  let seed = 7;
  const random = (n) => ((seed = (seed * 1103515245 + 12345) % 2147483648), seed % n);
  for (let round = 0; round < 2000; round++) {
    let text = "";
    for (let i = random(40); i > 0; i--) text += pieces[random(pieces.length)];
    for (const read of Object.values(READERS)) {
      const { ruby } = read(text);
      assert.equal(ruby.length, text.length, JSON.stringify(text));
      for (let i = 0; i < text.length; i++) if ((text[i] === "\n") !== (ruby[i] === "\n")) assert.fail(`newline moved in ${JSON.stringify(text)}`);
    }
  }
  // Unclosed on every line: each is read once (an interpolation closes on its line), and
  // strings in interpolations in strings… do not recurse without end (20,000 deep threw).
  for (const line of ["%p text\n", "| text\n", "%p #{\n", "  a #{\n", '%a{ b: "#{\n', '%a{ b: "#{', "%a{ href: x,\n", "p #{\n", 'a href="#{\n', "a(href=x\n", "= f(x,\n"]) {
    for (const [start, read] of [[":javascript\n", hamlToRuby], ["javascript:\n", slimToRuby]]) {
      const text = `${start}${line.repeat(20000)}`;
      const started = performance.now();
      assert.equal(read(text).ruby.length, text.length);
      assert.ok(performance.now() - started < 2000, `${JSON.stringify(line)} × 20,000 is read in one pass (quadratic took 3–5 s)`);
    }
  }
});
