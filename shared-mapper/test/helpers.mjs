// Shared test helpers: one mapper instance for all tests, and the fixture renderer.
import assert from "node:assert/strict";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { relative } from "node:path";
import { formatExpanded, formatSheet } from "../dist/index.js";
import { createNodeMapper } from "../dist/node.js";
import { caseFiles, renderGolden } from "../../test-fixtures/lib/cases.mjs";

let mapperPromise;
export function mapper() {
  mapperPromise ??= createNodeMapper();
  return mapperPromise;
}

/**
 * Maps a fixture case as Routemap would for the given Rails version, in an app whose
 * Gemfile.lock locks no gem but Rails: the oracle that wrote the goldens is plain Rails.
 */
export async function mapCase(c, railsVersion, rubyVersion = "3.1") {
  const m = await mapper();
  return m.map({
    entry: c.entry,
    files: caseFiles(c),
    // The environment the oracle ran Rails in: only the variables the case sets.
    options: { railsVersion, rubyVersion, railsEnv: c.options.env, apiOnly: c.options.apiOnly, gems: { actionpack: railsVersion }, env: c.options.vars },
  });
}

/** Routemap's rendering of a case in the golden format. */
export function renderOurs(result, c, railsVersion) {
  const inspect = { railsVersion, controller: c.options.controller, grep: c.options.grep, width: 80, engines: result.engines };
  const firstError = result.diagnostics.find((d) => d.severity === "error");
  // A proc's file in its `inspect` is relative to the fixture, as the oracle writes it.
  const local = (text) => text.replaceAll(`${c.dir}/`, "");
  return renderGolden(
    {
      header: "",
      sheet: local(formatSheet(result.routes, inspect)),
      expanded: local(formatExpanded(result.routes, inspect)),
      routes: result.routes
        .filter((r) => !r.internal)
        .map((r) => ({ ...r.toJSON(), reqs: local(r.reqs), file: relative(c.dir, r.source.file), line: r.source.start.line + 1 })),
      error: firstError && {
        file: relative(c.dir, firstError.span.file),
        line: firstError.span.start.line + 1,
        message: firstError.message,
      },
    },
    c,
  );
}

/** An app's files in `//- path` sections (`/app/<path>` → text); `//- app/views/...` lines are template paths. */
export function parseFixture(text) {
  const files = new Map();
  const views = [];
  for (const section of text.split(/^\/\/- /m).slice(1)) {
    const newline = section.indexOf("\n");
    const path = section.slice(0, newline).trim();
    if (path.startsWith("app/views/")) views.push(path.slice("app/views/".length));
    else files.set(`/app/${path}`, section.slice(newline + 1));
  }
  return { files, views };
}

/**
 * A routes file as the data-driven tests show it: each line followed by the diagnostics on it
 * (`  ^ severity: message`), those of other files, the open regions, then the sheet.
 */
export function renderAnnotated(name, result, entry, text) {
  const out = [`### ${name}`];
  text.split("\n").forEach((line, i) => {
    out.push(line);
    for (const d of result.diagnostics.filter((d) => d.span.file === entry && d.span.start.line === i)) out.push(`  ^ ${d.severity}: ${d.message.replace(/\n/g, " ")}`);
  });
  for (const d of result.diagnostics.filter((d) => d.span.file !== entry)) out.push(`  ! elsewhere ${d.span.file}: ${d.message}`);
  for (const r of result.openRegions) out.push(`  open: line ${r.span.start.line}, ${r.namePrefix ? `names with the word ${r.namePrefix}` : "any name"}${r.module ? `, controllers under ${r.module}/` : ""}`);
  out.push(formatSheet(result.routes, { railsVersion: "6.1" }).trimEnd());
  return out.join("\n");
}

/** Compares `actual` with the expectation file at `path`; UPDATE_EXPECT=1 (or a first run outside CI) writes it. */
export function expectText(path, actual) {
  if (process.env.UPDATE_EXPECT === "1" || (!existsSync(path) && process.env.CI !== "true")) writeFileSync(path, actual);
  assert.equal(actual, readFileSync(path, "utf8"));
}
