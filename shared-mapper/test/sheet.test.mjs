// The sheet of a very large table: its column widths are read in one pass, not spread into
// Math.max (one argument per route, past V8's limit on a table of this size).
import { test } from "node:test";
import assert from "node:assert/strict";
import { formatExpanded, formatSheet, formatUnused } from "../dist/index.js";

test("a table of 200,000 routes prints, padded to its widest values", () => {
  const routes = Array.from({ length: 200_000 }, (_, i) => ({
    name: i === 7 ? "the_longest_name_of_all" : `r${i}`,
    verb: "GET",
    path: `/r${i}(.:format)`,
    reqs: `r#a${i}`,
    internal: false,
    endpoint: { kind: "controller", text: `r#a${i}` },
  }));
  const lines = formatSheet(routes, { railsVersion: "6.1" }).split("\n");
  assert.equal(lines.length, 200_002);
  assert.equal(lines[0], `${"Prefix".padStart(23)} Verb ${"URI Pattern".padEnd("/r199999(.:format)".length)} Controller#Action`);
  assert.equal(lines[1], `${"r0".padStart(23)} GET  ${"/r0(.:format)".padEnd(18)} r#a0`);
});

test("130,000 routes print in every layout and series: no spread of one argument per line", { timeout: 30_000 }, () => {
  const routes = Array.from({ length: 130_000 }, (_, i) => ({
    name: `r${i}`,
    verb: "GET",
    path: `/r${i}(.:format)`,
    reqs: `r#a${i}`,
    internal: false,
    endpoint: { kind: "controller", text: `r#a${i}` },
    source: { file: "/app/config/routes.rb", start: { line: i, character: 0 } },
  }));
  for (const railsVersion of ["6.1", "8.1"]) {
    const sheet = formatSheet(routes, { railsVersion }).split("\n");
    assert.equal(sheet.filter((l) => l.includes(" GET ")).length, 130_000, railsVersion);
    const expanded = formatExpanded(routes, { railsVersion, width: 40 });
    assert.ok(expanded.includes("--[ Route 130000 ]"), railsVersion);
  }
  assert.match(formatUnused(routes, { railsVersion: "7.1" }), /^Found 130000 unused routes:/);
  assert.match(formatUnused(routes, { railsVersion: "8.1" }), /^Found 130000 unused routes:/);
});

test("every line of a table of many chunks' length is laid out as Rails lays it, in order", () => {
  // The sheet joins its lines a chunk at a time: 1,001 lines (header and routes) cross several
  // chunks and end inside one; each line is checked against the layout worked out here.
  const routes = Array.from({ length: 1000 }, (_, i) => ({
    name: i % 3 === 0 ? "" : `r${"x".repeat(i % 17)}${i}`,
    verb: i % 5 === 0 ? "PATCH" : "GET",
    path: `/r${"/y".repeat(i % 11)}${i}(.:format)`,
    reqs: `r#a${i}`,
    internal: false,
    endpoint: { kind: "controller", text: `r#a${i}` },
  }));
  const widest = (key, title) => Math.max(title.length, ...routes.map((r) => r[key].length));
  const [nw, vw, pw] = [widest("name", "Prefix"), widest("verb", "Verb"), widest("path", "URI Pattern")];
  const lines = routes.map((r) => `${r.name.padStart(nw)} ${r.verb.padEnd(vw)} ${r.path.padEnd(pw)} ${r.reqs}`);
  const header = `${"Prefix".padStart(nw)} ${"Verb".padEnd(vw)} ${"URI Pattern".padEnd(pw)} Controller#Action`;
  assert.equal(formatSheet(routes, { railsVersion: "6.1" }), [header, ...lines].join("\n") + "\n");
  // 8.1 ends a section with a blank line, which the last newline of the text is.
  assert.equal(formatSheet(routes, { railsVersion: "8.1" }), [header, ...lines, ""].join("\n"));
});
