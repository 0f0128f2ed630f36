// Haml templates read as Ruby for the URL helper checks: each fixture in test-fixtures/haml is
// rendered line by line with the Ruby it became (`» `) and the helper calls found on it (`^`),
// then compared with the `.expected` file beside it. UPDATE_EXPECT=1 rewrites the expectations.
import { test } from "node:test";
import assert from "node:assert/strict";
import { existsSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { hamlToRuby } from "../dist/index.js";
import { FIXTURES } from "../../test-fixtures/lib/cases.mjs";
import { mapper } from "./helpers.mjs";

const DIR = join(FIXTURES, "haml");

async function check(name) {
  const path = join(DIR, name);
  const text = readFileSync(path, "utf8");
  const { ruby, locals } = hamlToRuby(text);
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

for (const name of readdirSync(DIR).filter((n) => n.endsWith(".haml")).sort()) {
  test(`haml: ${name}`, () => check(name));
}
