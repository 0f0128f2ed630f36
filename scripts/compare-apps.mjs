#!/usr/bin/env node
// Routemap against Rails on public apps: for each app, its routing inputs are copied out of a
// snapshot of its repository into a scratch directory (scripts/lib/realApps/extract.mjs; never
// into this repository), booted with Debian's Rails 6.1 (test-fixtures/oracle/public_app_routes.rb,
// with stand-ins for the gems Debian lacks, each recorded), and drawn by `routemap routes
// --rails 6.1` in the same directory. The two tables are compared row by row and sheet by sheet,
// and every difference is put under its cause (test-fixtures/oracle/real-app-causes.mjs).
//
// Usage: node scripts/compare-apps.mjs [--list FILE] [--only NAME,…] [--mirror DIR] [--out DIR]
//                                      [--keep] [SOURCE…]
//        node scripts/compare-apps.mjs --causes [--only CAUSE,…]
//   SOURCE       owner/name[@commit][=PATH]: PATH is a git directory (a `fetch` snapshot's
//                repo, bare) or a checkout; without it, MIRROR/owner+name/repo. Given no
//                SOURCE, the apps of --list (default test-fixtures/oracle/real-apps.json).
//   --mirror     where snapshots are (default /work/.mirror, where `fetch` puts them)
//   --out        where the report goes (default a new temp directory): summary.md, and per app
//                NAME.json (rows, differences, stand-ins) and NAME.diff.txt
//   --keep       keep the extracted apps (under --out/apps)
//   --causes     instead, each cause of test-fixtures/oracle/real-app-causes.mjs on its snippet
//                app: whether Rails still prints the row it names, and whether Routemap does
// An app of the list may name: `commit`; `root`, the app's directory in the repository; `env`,
// variables the app's README has a developer set (both sides run with them); `copy`, files its
// setup has a developer copy (`{"config/database.yml": "config/database.yml.example"}`);
// `host`, files of a host app for a repository of engines; `note`.
// Needs Debian's ruby, ruby-railties and the gems of .ci/run, and `npm run build` first.
import { execFileSync, spawnSync } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { extractFromGit, extractFromTree, gitDirOf, resolveCommit } from "./lib/realApps/extract.mjs";
import { compareRows, routemapRows, sameOrder, withoutAddresses } from "./lib/realApps/compare.mjs";
import { alignLockfile, lockedRails, writeHost } from "./lib/realApps/appFiles.mjs";
import { classify, renderAppReport, renderSummary } from "./lib/realApps/report.mjs";
import { CAUSES } from "../test-fixtures/oracle/real-app-causes.mjs";

const repo = new URL("..", import.meta.url).pathname;
const ORACLE = join(repo, "test-fixtures/oracle/public_app_routes.rb");
const CLI = join(repo, "server/bin/routemap.cjs");
const RUBY_FLAGS = ["--disable=error_highlight,did_you_mean"];
const ENV_NAME = "development";

function parseArgs(argv) {
  const opts = { list: join(repo, "test-fixtures/oracle/real-apps.json"), only: null, mirror: "/work/.mirror", out: null, keep: false, sources: [] };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === "--list") opts.list = argv[++i];
    else if (a === "--only") opts.only = new Set(argv[++i].split(","));
    else if (a === "--mirror") opts.mirror = argv[++i];
    else if (a === "--out") opts.out = argv[++i];
    else if (a === "--keep") opts.keep = true;
    else if (a === "--causes") opts.causes = true;
    else if (a.startsWith("--")) throw new Error(`unknown option ${a}`);
    else opts.sources.push(a);
  }
  return opts;
}

/** `owner/name[@commit][=PATH]` as an app entry. */
function parseSource(text) {
  const match = /^([\w.-]+\/[\w.-]+)(?:@([0-9a-f]{7,40}))?(?:=(.+))?$/.exec(text);
  if (!match) throw new Error(`not owner/name[@commit][=PATH]: ${text}`);
  return { repo: match[1], commit: match[2], path: match[3] };
}

/** The app's routing inputs in `into`; what commit they are from. */
function extract(app, opts, into) {
  const source = app.path ?? join(opts.mirror, app.repo.replace("/", "+"));
  if (!existsSync(source)) throw new Error(`no snapshot at ${source} (fetch github:${app.repo} first)`);
  const gitDir = gitDirOf(source);
  if (!gitDir) return { commit: "(checkout)", files: extractFromTree(source, into) };
  const commit = resolveCommit(gitDir, app.commit ?? "HEAD");
  return { commit, files: extractFromGit(gitDir, commit, into) };
}

function oracleRuby() {
  return execFileSync("ruby", ["-e", 'require "action_dispatch"; print RUBY_VERSION, " ", ActionPack.version'], { encoding: "utf8" }).split(" ");
}

/** Rails' side: the booted app's rows, sheet, stand-ins and gems (or what it raised). */
function railsSide(appDir, scratch, appEnv) {
  const out = join(scratch, "rails.json");
  const env = { ...process.env, ...appEnv };
  const run = spawnSync("ruby", [...RUBY_FLAGS, ORACLE, appDir, ENV_NAME, out], { encoding: "utf8", timeout: 300_000, maxBuffer: 256 << 20, env });
  if (!existsSync(out)) return { error: `the oracle did not finish (${run.status ?? run.signal}): ${run.stderr.trim().split("\n").slice(-3).join(" | ")}` };
  return JSON.parse(readFileSync(out, "utf8"));
}

/** Routemap's side: the JSON rows, the sheet, and the diagnostics it printed. */
function routemapSide(appDir, rubyVersion, cacheDir, appEnv) {
  const args = [CLI, "routes", "--rails", "6.1", "--ruby", rubyVersion];
  const env = { ...process.env, ...appEnv, ROUTEMAP_CACHE_DIR: cacheDir };
  const run = (extra) => spawnSync(process.execPath, [...args, ...extra], { cwd: appDir, encoding: "utf8", timeout: 180_000, maxBuffer: 256 << 20, env });
  const json = run(["--json"]);
  const sheet = run([]);
  const diagnostics = sheet.stderr.split("\n").filter(Boolean);
  let rows = [];
  try {
    rows = routemapRows(JSON.parse(json.stdout));
  } catch {
    diagnostics.push(`routemap: --json gave no JSON (exit ${json.status ?? json.signal}): ${json.stderr.trim().split("\n").slice(-2).join(" | ")}`);
  }
  return { rows, sheet: sheet.stdout, status: sheet.status, diagnostics };
}

/** `file:line` → that line's text in the extracted app (what a difference's declaration says). */
function sourceLines(root) {
  const files = new Map();
  return (source) => {
    const match = /^(.+):(\d+)$/.exec(source ?? "");
    if (!match) return null;
    if (!files.has(match[1])) files.set(match[1], existsSync(join(root, match[1])) ? readFileSync(join(root, match[1]), "utf8").split("\n") : []);
    return files.get(match[1])[Number(match[2]) - 1]?.trim() ?? null;
  };
}

function compareApp(app, opts, ctx) {
  const scratch = mkdtempSync(join(ctx.work, `${app.repo.replace("/", "+")}-`));
  const appDir = join(scratch, "app");
  mkdirSync(appDir);
  const { commit, files } = extract(app, opts, appDir);
  const root = app.root ? join(appDir, app.root) : appDir;
  if (app.host) writeHost(root, app.host);
  for (const [to, from] of Object.entries(app.copy ?? {})) copyFileSync(join(root, from), join(root, to));
  const locked = lockedRails(root);
  const rails = railsSide(root, scratch, app.env);
  const result = { repo: app.repo, commit, root: app.root ?? ".", lockedRails: locked, files: files.length, note: app.note };
  if (rails.error) return { ...result, bootError: rails.error, stubs: rails.stubs, gems: rails.gems };
  const aligned = alignLockfile(root, rails.gems);
  const ours = routemapSide(root, ctx.rubySeries, ctx.cache, app.env);
  // Missing gems' DSL calls and their blocks, and where a stand-in decided something while drawing.
  const stubbedDsl = [...(rails.stubs.dsl ?? []), ...(rails.stubs.drawing ?? [])].filter((n) => n.at);
  const stubEngines = [...new Set(rails.rows.filter((r) => r.stub && /::Engine$/.test(r.reqs)).map((r) => r.reqs))];
  // Devise modules of missing gems, with the model (from the file that named them).
  const underscore = (name) => name.replace(/(?<!^)[A-Z]/g, (c) => `_${c}`).toLowerCase();
  const modelOf = (at) => (at ? /([^/]+)\.rb:\d+$/.exec(at)?.[1] : undefined);
  const stubbedDevise = [
    ...(rails.stubs.devise ?? []).map((n) => ({ module: n.text, model: n.model })),
    ...(rails.stubs.constants ?? []).flatMap((n) => {
      const m = /^Devise::Models::(\w+)$/.exec(n.text);
      return m ? [{ module: underscore(m[1]), model: modelOf(n.at) }] : [];
    }),
  ].filter((d) => d.model);
  const { matched, matchedMarked, unverifiable, diffs } = compareRows({ rails: rails.rows, routemap: ours.rows, stubbedDsl, stubEngines, stubbedDevise });
  const lineOf = sourceLines(root);
  for (const d of diffs) {
    d.code = lineOf(d.rails?.source ?? d.routemap?.source);
    d.cause = classify(app.repo, d);
  }
  if (opts.keep) writeFileSync(join(scratch, "rails-routes.txt"), rails.sheet);
  return {
    ...result,
    aligned,
    railsRows: rails.rows.length,
    matched,
    matchedMarked,
    unverifiableRails: unverifiable.rails.length,
    unverifiableRoutemap: unverifiable.routemap.length,
    differing: diffs.filter((d) => d.kind === "differs").length,
    onlyRails: diffs.filter((d) => d.kind === "only-rails").length,
    onlyRoutemap: diffs.filter((d) => d.kind === "only-routemap").length,
    identicalSheet: withoutAddresses(rails.sheet) === withoutAddresses(ours.sheet),
    // The verifiable rows, in order (what the sheet shows, less what depends on a stand-in).
    sameTable: sameOrder(rails.rows.filter((r) => !r.stub), ours.rows.filter((r) => !unverifiable.routemap.includes(r))),
    // `routemap: the routes of X are unknown` is a note (a mounted engine whose gem is missing), not an error.
    errors: ours.diagnostics.filter((l) => /: error: |^routemap: /.test(l) && !/^routemap: the routes of .* are unknown, so its section is empty/.test(l)),
    diagnostics: ours.diagnostics,
    stubs: rails.stubs,
    gems: rails.gems,
    diffs,
    sheets: { rails: rails.sheet, routemap: ours.sheet },
  };
}

/** The files a cause's snippet app gets where it has none of its own. */
const SNIPPET_DEFAULTS = {
  "config/boot.rb": "",
  "config/environment.rb": 'require_relative "application"\nRails.application.initialize!\n',
  "config/application.rb":
    'require_relative "boot"\nrequire "rails"\nrequire "active_model/railtie"\nrequire "action_controller/railtie"\nBundler.require(*Rails.groups)\n\n' +
    'module Snippet\n  class Application < Rails::Application\n    config.load_defaults 6.1\n    config.eager_load = false\n    config.autoload_paths << Rails.root.join("lib").to_s\n  end\nend\n',
  Gemfile: 'source "https://rubygems.org"\ngem "rails"\n',
  // The versions of Debian's packages the snippet is booted with (rack's: the constants of Rack Routemap knows per version).
  "Gemfile.lock": "GEM\n  specs:\n    actionpack (6.1.7.10)\n    rack (2.2.22)\n    railties (6.1.7.10)\n\nDEPENDENCIES\n  rails\n",
};

const rowLine = (r) => [r.name, r.verb, r.path, withoutAddresses(r.reqs)].filter(Boolean).join(" ");

/**
 * --causes: each cause's snippet app, booted with Rails and drawn by Routemap: whether Rails
 * prints the row the cause names (the snippet still reproduces it), and whether Routemap does
 * (the cause is fixed), with the rows that differ.
 */
function checkCauses(ctx, only) {
  const lines = [];
  let open = 0;
  for (const cause of CAUSES) {
    if (only && !only.has(cause.id)) continue;
    const scratch = mkdtempSync(join(ctx.work, `cause-${cause.id}-`));
    const root = join(scratch, "app");
    writeHost(root, { files: { ...SNIPPET_DEFAULTS, ...cause.files } });
    const rails = railsSide(root, scratch, {});
    if (rails.error) {
      lines.push(`${cause.id}: the snippet does not boot: ${rails.error}`);
      continue;
    }
    const ours = routemapSide(root, ctx.rubySeries, ctx.cache, {});
    const railsLines = rails.rows.map(rowLine);
    const ourLines = ours.rows.map(rowLine);
    const reproduces = railsLines.includes(cause.rails) && !rails.rows.some((r) => r.stub);
    const fixed = ourLines.includes(cause.rails) && railsLines.join("\n") === ourLines.join("\n");
    if (!fixed) open++;
    lines.push(`${cause.id} (${cause.area}): ${!reproduces ? "SNIPPET DOES NOT REPRODUCE (Rails lacks the row, or a row depends on a stand-in)" : fixed ? "fixed" : "open"}`);
    if (!fixed) {
      for (const l of railsLines.filter((l) => !ourLines.includes(l))) lines.push(`  rails:    ${l}`);
      for (const l of ourLines.filter((l) => !railsLines.includes(l))) lines.push(`  routemap: ${l}`);
      for (const l of ours.diagnostics) lines.push(`  ${l}`);
    }
  }
  lines.push(`${open} cause(s) open`);
  return lines.join("\n") + "\n";
}

function main() {
  const opts = parseArgs(process.argv.slice(2));
  const [rubyVersion, railsVersion] = oracleRuby();
  const rubySeries = rubyVersion.split(".").slice(0, 2).join(".");
  const cache = mkdtempSync(join(tmpdir(), "routemap-real-apps-cache-"));
  if (opts.causes) {
    const work = mkdtempSync(join(tmpdir(), "routemap-real-apps-work-"));
    try {
      process.stdout.write(checkCauses({ work, cache, rubySeries }, opts.only));
    } finally {
      rmSync(cache, { recursive: true, force: true });
      rmSync(work, { recursive: true, force: true });
    }
    return;
  }
  const listed = JSON.parse(readFileSync(opts.list, "utf8")).apps;
  const apps = opts.sources.length
    ? opts.sources.map((s) => ({ ...(listed.find((a) => a.repo === parseSource(s).repo) ?? {}), ...Object.fromEntries(Object.entries(parseSource(s)).filter(([, v]) => v)) }))
    : listed.filter((a) => !opts.only || opts.only.has(a.repo) || opts.only.has(a.repo.split("/")[1]));
  const out = opts.out ?? mkdtempSync(join(tmpdir(), "routemap-real-apps-"));
  mkdirSync(out, { recursive: true });
  const work = opts.keep ? join(out, "apps") : mkdtempSync(join(tmpdir(), "routemap-real-apps-work-"));
  mkdirSync(work, { recursive: true });
  const ctx = { work, cache, rubySeries };
  const results = [];
  try {
    for (const app of apps) {
      process.stderr.write(`compare-apps: ${app.repo}… `);
      let r;
      try {
        r = compareApp(app, opts, ctx);
      } catch (e) {
        r = { repo: app.repo, commit: app.commit, failed: e.message };
      }
      results.push(r);
      const name = app.repo.replace("/", "+");
      writeFileSync(join(out, `${name}.json`), JSON.stringify(r, null, 2));
      writeFileSync(join(out, `${name}.diff.txt`), renderAppReport(r));
      process.stderr.write(r.failed ?? r.bootError ? `not compared: ${r.failed ?? r.bootError}\n` : progressLine(r));
    }
  } finally {
    rmSync(ctx.cache, { recursive: true, force: true });
    if (!opts.keep) rmSync(work, { recursive: true, force: true });
  }
  const summary = renderSummary(results, { ruby: rubyVersion, rails: railsVersion });
  writeFileSync(join(out, "summary.md"), summary);
  process.stdout.write(summary);
  process.stderr.write(`compare-apps: the report is in ${out}\n`);
}

/**
 * One app's line as it finishes: rows only Routemap prints count too (an app whose Rails side
 * printed no ActiveAdmin rows, its `rescue` hiding why, looked like "all match").
 */
function progressLine(r) {
  const marked = r.matchedMarked ? ` (+${r.matchedMarked} marked not certain)` : "";
  const extra = `${marked}${r.onlyRoutemap ? `, ${r.onlyRoutemap} only in Routemap` : ""}`;
  return `${r.matched}/${r.railsRows - r.unverifiableRails} rows match${extra}\n`;
}

main();
