// Diagnostics as an editor shows them: each fixture in test-fixtures/diagnostics is
// rendered with every diagnostic under its line (`^^^ severity: message`), and with the
// routes that still evaluate, then compared with the `.expected` file beside it.
// UPDATE_EXPECT=1 rewrites the expectations; under CI=true a missing one fails.
import { test } from "node:test";
import assert from "node:assert/strict";
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { formatSheet } from "../dist/index.js";
import { FIXTURES } from "../../test-fixtures/lib/cases.mjs";
import { mapper } from "./helpers.mjs";

const DIR = join(FIXTURES, "diagnostics");

function annotate(file, text, diagnostics, root) {
  const out = [`=== ${relative(root, file) || file}`];
  text.replace(/\n$/, "").split("\n").forEach((line, i) => {
    out.push(line);
    for (const d of diagnostics.filter((d) => d.span.file === file && d.span.start.line === i)) {
      const end = d.span.end.line === i ? d.span.end.character : line.length;
      const width = Math.max(1, end - d.span.start.character);
      const message = d.message.split("\n")[0];
      out.push(`${" ".repeat(d.span.start.character)}${"^".repeat(width)} ${d.severity}: ${message}`);
    }
  });
  return out.join("\n");
}

async function check(name, entry, files) {
  const result = (await mapper()).map({ entry, files, options: { railsVersion: "6.1", rubyVersion: "3.1" } });
  const root = entry.endsWith("/routes.rb") ? join(entry, "..") : DIR;
  const actual =
    [...files].map(([file, text]) => annotate(file, text, result.diagnostics, root)).join("\n") +
    "\n=== routes that still evaluate\n" +
    formatSheet(result.routes, { railsVersion: "6.1" });
  const expectedPath = join(DIR, `${name}.expected`);
  if (process.env.UPDATE_EXPECT === "1" || (!existsSync(expectedPath) && process.env.CI !== "true")) {
    writeFileSync(expectedPath, actual);
  }
  assert.ok(existsSync(expectedPath), `missing ${expectedPath}: run with UPDATE_EXPECT=1`);
  assert.equal(actual, readFileSync(expectedPath, "utf8"));
}

for (const name of readdirSync(DIR).sort()) {
  const path = join(DIR, name);
  if (name.endsWith(".rb")) {
    test(`diagnostics: ${name}`, () => check(name.slice(0, -3), path, new Map([[path, readFileSync(path, "utf8")]])));
  } else if (statSync(path).isDirectory()) {
    const files = new Map([[join(path, "routes.rb"), readFileSync(join(path, "routes.rb"), "utf8")]]);
    for (const f of readdirSync(join(path, "routes")).sort()) files.set(join(path, "routes", f), readFileSync(join(path, "routes", f), "utf8"));
    test(`diagnostics: ${name}/`, () => check(name, join(path, "routes.rb"), files));
  }
}
