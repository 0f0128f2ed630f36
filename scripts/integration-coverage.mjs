#!/usr/bin/env node
// How much of an app's integration tests and request specs Routemap can follow (issue 28 §7):
// for each helper call of test/integration/**/*_test.rb and spec/requests/**/*_spec.rb, whether
// what the session recalls there is known (integrationTests.ts with the app's test helpers,
// testSupport.ts), and if not, the first name that stops it. The test helpers are read as
// `routemap check` reads them, through the same function (`checkDefinedNames`, helperCheck.ts):
// the gems' modules they include from the installed gems (the app's Gemfile.lock, where Ruby
// would find them: GEM_HOME, GEM_PATH…). The route table is not read: a call
// after a request to a literal path is counted as followed (`check` then recognizes the path).
// Usage: node scripts/integration-coverage.mjs APP_ROOT… (after `npm run build`)
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
// ROUTEMAP_BUILD: another checkout's root, built (before/after comparisons); it must have
// `checkDefinedNames` (older builds read the helpers another way, not comparable here).
const build = process.env.ROUTEMAP_BUILD ?? new URL("..", import.meta.url).pathname;
const { createNodeMapper } = await import(join(build, "shared-mapper/dist/node.js"));
const { checkDefinedNames } = await import(join(build, "server/dist/cli/helperCheck.js"));
if (!checkDefinedNames) throw new Error(`${build} has no checkDefinedNames: build a checkout that reads test helpers as check does`);
const { commandAppGems } = await import(join(build, "server/dist/cli/appGems.js"));
const { appOptions, findEngines, readAppConfig } = await import(join(build, "server/dist/cli/appConfig.js"));
const { nodeFileSystem } = await import(join(build, "server/dist/fileSystem.js"));
const { runFileSystem } = await import(join(build, "server/dist/cli/runFileSystem.js"));
const m = await createNodeMapper();

/** What `routemap check` reads of the app's test helpers (check.ts), for the app at `root`. */
function testSupportOf(root) {
  const fs = runFileSystem(nodeFileSystem);
  const { rubyVersion } = appOptions(readAppConfig(join(root, "config", "routes.rb"), fs), {}, { fs, process: process.env });
  const appGems = commandAppGems(root, { rubyVersion });
  const engineRoots = findEngines(root, fs).map((e) => e.root);
  return checkDefinedNames({ root, engineRoots, fs, mapper: m, appGems }).testSupport();
}

function files(dir, accept, out = []) {
  let names;
  try {
    names = readdirSync(dir);
  } catch {
    return out;
  }
  for (const name of names) {
    const path = join(dir, name);
    const stat = statSync(path, { throwIfNoEntry: false });
    if (stat?.isDirectory()) files(path, accept, out);
    else if (stat?.isFile() && accept(path)) out.push(path);
  }
  return out;
}

for (const root of process.argv.slice(2)) {
  const rel = (p) => relative(root, p).split("\\").join("/");
  const helpers = new Map();
  for (const path of [...files(join(root, "test"), (p) => p.endsWith(".rb")), ...files(join(root, "spec"), (p) => p.endsWith(".rb"))]) {
    if (!/_(?:test|spec)\.rb$/.test(path)) helpers.set(rel(path), readFileSync(path, "utf8"));
  }
  const support = testSupportOf(root);
  const tests = [...files(join(root, "test", "integration"), (p) => p.endsWith("_test.rb")), ...files(join(root, "spec", "requests"), (p) => p.endsWith("_spec.rb"))];
  let calls = 0;
  let placed = 0;
  let followed = 0;
  const testsSeen = new Set();
  const testsFollowed = new Set();
  const stops = new Map();
  for (const path of tests) {
    const text = readFileSync(path, "utf8");
    const lines = text.split("\n");
    // The test a line is in: the nearest `it`/`specify`/`test` line above it (for counting only).
    const testOf = (line) => {
      for (let i = line; i >= 0; i--) if (/^\s*(?:it|specify|example|scenario|test)\b/.test(lines[i])) return `${rel(path)}:${i + 1}`;
      return undefined;
    };
    for (const call of m.urlUses(path, text).calls) {
      if (call.receiver) continue;
      calls++;
      const t = testOf(call.span.start.line);
      if (t) testsSeen.add(t);
      const i = call.integration;
      if (!i) continue;
      placed++;
      // As urlGeneration.ts reads it: nothing unknown; since the last request, a method that requests only as the last that does, and one whose own last request is followed.
      const since = i.since ?? [];
      const by = since.map((n) => support.resolve(n)).lastIndexOf("requests");
      const unfollowed = by >= 0 && (i.unordered || !support.lastRequestOf?.(since[by]));
      const stop = !i.since ? undefined : (since.find((n) => support.resolve(n) === "unknown") ?? i.earlier.find((n) => support.resolve(n) === "unknown") ?? (unfollowed ? since[by] : undefined));
      if (stop) stops.set(stop, (stops.get(stop) ?? 0) + 1);
      else {
        followed++;
        if (t) testsFollowed.add(t);
      }
    }
  }
  const top = [...stops].sort((a, b) => b[1] - a[1]).slice(0, 8).map(([n, c]) => `${n} (${c})`).join(", ");
  const causes = (support.causes?.() ?? []).map((c) => `${c.span.file}:${c.span.start.line + 1} ${c.effect} (${helpers.get(c.span.file)?.split("\n")[c.span.start.line].trim().slice(0, 70)})`);
  if (process.env.CAUSES) for (const c of causes) console.log(`  ${c}`);
  console.log(`${root}: ${tests.length} test files, ${calls} helper calls in ${testsSeen.size} tests; in followed code: ${placed}; recall known: ${followed} calls in ${testsFollowed.size} tests; stopped by: ${top || "nothing"}`);
}
