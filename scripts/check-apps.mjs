#!/usr/bin/env node
// `routemap check` on public apps, as a developer who cloned them and ran `bundle install` would
// see it: each app's whole tree is copied out of a snapshot of its repository into a scratch
// directory (never into this repository), its locked gems are taken as installed
// (scripts/lib/realApps/gemHome.mjs: Debian's copy of a gem where apt installed one, else an
// empty gem: the report's first line counts both), and then
// (an empty stand-in defines nothing, so the findings depend on what apt installed: on a machine
// without Debian's ruby-capybara, caseflow's feature specs gave 421 `have_current_path` and
// `current_url` errors that a real install does not; .ci/run's packages and ruby-capybara give
// the reports of docs/real-apps.md)
//   - `routemap check --format json` runs on it: which checks ran, what is off and why, and
//     every finding, for a person to judge against the app's code (a false report is a bug);
//   - the language server is started on the same folder and asked for the whole app's problems
//     (`workspace/diagnostic`): the editor must show what `check` prints, no more, no less.
//
// Usage: node scripts/check-apps.mjs [--only NAME,…] [--mirror DIR] [--out DIR] [--keep] [--all]
//          [--gem-source GEM=OWNER/REPO[/FOLDER],…] [--no-gem-sources]
//   Gems are installed from a snapshot of their repository in the mirror (fetch github:OWNER/REPO
//   first), at the tag of the locked version where it has one: by default those of real-apps.json's
//   `gemSources` (gems whose empty stand-in made findings a real install does not: shakapacker's
//   `asset_pack_path`, wicked's `next_wizard_path`, view_component's test helpers…), each where its
//   snapshot is there (a missing one is said in the report); --gem-source adds or replaces some,
//   --no-gem-sources leaves out the defaults.
//   Without --all, the apps issue 28 judges on (lobsters, rubygems.org); --all takes every app
//   of test-fixtures/oracle/real-apps.json. The report goes to --out (default a temp
//   directory): summary.md and NAME.json per app. Needs `npm run build` first.
import { spawnSync } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { extractFromGit, gitDirOf, resolveCommit } from "./lib/realApps/extract.mjs";
import { writeGemHome } from "./lib/realApps/gemHome.mjs";
import { writeHost } from "./lib/realApps/appFiles.mjs";
import { startServer } from "../server/test/lspClient.mjs";

const repo = new URL("..", import.meta.url).pathname;
const CLI = join(repo, "server/bin/routemap.cjs");
const JUDGED = new Set(["lobsters/lobsters", "rubygems/rubygems.org"]);

function parseArgs(argv) {
  const opts = { only: null, mirror: "/work/.mirror", out: null, keep: false, all: false, gemSources: new Map(), defaultSources: true };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === "--only") opts.only = new Set(argv[++i].split(","));
    else if (a === "--mirror") opts.mirror = argv[++i];
    else if (a === "--out") opts.out = argv[++i];
    else if (a === "--keep") opts.keep = true;
    else if (a === "--all") opts.all = true;
    else if (a === "--no-gem-sources") opts.defaultSources = false;
    else if (a === "--gem-source") for (const pair of argv[++i].split(",")) opts.gemSources.set(pair.split("=")[0], pair.split("=")[1]);
    else throw new Error(`unknown option ${a}`);
  }
  return opts;
}

/** The app's whole tree at its commit, in `into` (files of 1 MiB or more, and blobs the snapshot lacks, left out). */
function extractTree(app, opts, into) {
  const source = join(opts.mirror, app.repo.replace("/", "+"));
  const gitDir = existsSync(source) ? gitDirOf(source) : null;
  if (!gitDir) throw new Error(`no snapshot at ${source} (fetch github:${app.repo} first)`);
  const commit = resolveCommit(gitDir, app.commit ?? "HEAD");
  extractFromGit(gitDir, commit, into, () => true);
  return commit;
}

/** The gems to install from their repositories' snapshots (name → git directory and folder), and those whose snapshot is not in the mirror (a `--gem-source gem=` with no repository leaves that gem empty). */
function gemSourceDirs(opts) {
  const wanted = new Map([...(opts.defaultSources ? Object.entries(opts.listedSources) : []), ...opts.gemSources]);
  const sources = new Map(), missing = [];
  for (const [gem, source] of wanted) {
    // `owner/name`, or `owner/name/folder` for a gem that lives in a folder of a repository of several (vite_ruby's vite_rails).
    const [owner, repo, ...folder] = (source ?? "").split("/");
    const dir = source && gitDirOf(join(opts.mirror, `${owner}+${repo}`));
    if (dir) sources.set(gem, { gitDir: dir, folder: folder.join("/") || undefined });
    else missing.push(gem);
  }
  return { sources, missing };
}

const key = (d) => `${d.file}:${d.line}:${d.severity}:${d.message}`;

/** `routemap check --format json` with the gem home: its document, or why there is none. */
function runCheck(root, env) {
  const run = spawnSync(process.execPath, [CLI, "check", "--format", "json"], { cwd: root, encoding: "utf8", timeout: 300_000, maxBuffer: 256 << 20, env });
  // Not started (no such folder), killed at the timeout or over the buffer: no document, and why.
  if (run.error) return { error: `check did not run to its end: ${run.error.message}` };
  try {
    return JSON.parse(run.stdout);
  } catch {
    return { error: `exit ${run.status ?? run.signal}: ${run.stderr.trim().split("\n").slice(-3).join(" | ")}` };
  }
}

/** The findings `check` printed, one line each (infos about gems and the table left out). */
function checkFindings(doc) {
  return (doc.diagnostics ?? [])
    .filter((d) => d.severity === "error" || d.severity === "warning")
    .map((d) => ({ file: d.file, line: d.range?.start?.line ?? d.line, severity: d.severity, message: d.message }));
}

/**
 * The editor's whole-app problems (errors and warnings) for the same folder, as the server
 * pushes them to a client that does not pull: read once they hold every finding of `check` and
 * have not changed for three seconds, or after five minutes (a server that indexes slowly on a
 * loaded machine must not pass for one that disagrees).
 */
async function editorFindings(root, expected, env) {
  const server = await startServer([root], { diagnostics: { enable: true, workspace: true } }, { env });
  const sev = { 1: "error", 2: "warning" };
  const held = () => [...server.diagnostics].flatMap(([uri, list]) =>
    list.filter((d) => sev[d.severity]).map((d) => ({ file: relative(root, fileURLToPath(uri)), line: d.range.start.line + 1, severity: sev[d.severity], message: d.message })),
  );
  try {
    // As JSON: a message may hold a newline ("(Rails raises this only where …)").
    let last = "[]", quietSince = Date.now();
    for (const started = Date.now(); Date.now() - started < 300_000; ) {
      await new Promise((r) => setTimeout(r, 250));
      const now = JSON.stringify(held().map(key).sort());
      if (now !== last) (last = now, quietSince = Date.now());
      const have = new Set(JSON.parse(last));
      if (Date.now() - quietSince > 3_000 && expected.every((d) => have.has(key(d)))) break;
    }
    return held();
  } finally {
    await server.stop().catch(() => {});
  }
}

async function checkApp(app, opts, work) {
  const scratch = mkdtempSync(join(work, `${app.repo.replace("/", "+")}-`));
  try {
    return await checkIn(scratch, app, opts, work);
  } finally {
    // An app whose extraction or check throws leaves nothing behind either.
    if (!opts.keep) rmSync(scratch, { recursive: true, force: true });
  }
}

async function checkIn(scratch, app, opts, work) {
  const tree = join(scratch, "app");
  mkdirSync(tree);
  const commit = extractTree(app, opts, tree);
  const root = app.root ? join(tree, app.root) : tree;
  // A repository of engines (solidus) is checked in the host app its generator writes (`root`).
  if (app.host) writeHost(root, app.host);
  for (const [to, from] of Object.entries(app.copy ?? {})) if (existsSync(join(root, from))) copyFileSync(join(root, from), join(root, to));
  const { sources, missing } = gemSourceDirs(opts);
  const gemHome = { sources, railsCache: join(work, "rails-releases") };
  const gems = existsSync(join(root, "Gemfile.lock")) ? writeGemHome(root, join(scratch, "gems"), gemHome) : { debian: [], fetched: [], rails: [], empty: [] };
  // A source gem the app locks but the mirror lacks stood in empty: said, since its findings are then the harness's.
  const sourcesMissing = missing.filter((gem) => gems.empty.includes(gem));
  const env = { ...process.env, ...app.env, GEM_HOME: join(scratch, "gems"), GEM_PATH: "", ROUTEMAP_CACHE_DIR: join(work, "cache") };
  const doc = runCheck(root, env);
  const cli = doc.error ? [] : checkFindings(doc);
  // The server gets the same environment: the gem home, and the cache in the work folder (not the user's).
  const editor = doc.error ? [] : await editorFindings(root, cli, env);
  const inCli = new Set(cli.map(key));
  const inEditor = new Set(editor.map(key));
  const result = {
    repo: app.repo, commit, gemsFromDebian: gems.debian.length, gemsFromRails: gems.rails.length, gemsFetched: gems.fetched, gemsEmpty: gems.empty.length, sourcesMissing,
    error: doc.error, checks: doc.checks, uncheckedBecause: doc.uncheckedBecause, findings: cli,
    onlyInEditor: editor.filter((d) => !inCli.has(key(d))), onlyInCheck: cli.filter((d) => !inEditor.has(key(d))),
  };
  return result;
}

function summary(results) {
  const lines = ["# `routemap check` on public apps, gems taken as installed", ""];
  for (const r of results) {
    lines.push(`## ${r.repo} (${r.commit.slice(0, 10)})`, "");
    if (r.error) {
      lines.push(`check failed: ${r.error}`, "");
      continue;
    }
    const fetched = r.gemsFetched?.length ? `${r.gemsFetched.join(", ")} from their repositories, ` : "";
    lines.push(`gems: ${r.gemsFromDebian} from Debian, ${r.gemsFromRails ?? 0} Rails releases from rails/rails, ${fetched}${r.gemsEmpty} empty; checks: ${JSON.stringify(r.checks)}`);
    if (r.sourcesMissing?.length) lines.push(`- empty for want of a snapshot (fetch it): ${r.sourcesMissing.join(", ")}`);
    for (const u of r.uncheckedBecause ?? []) lines.push(`- off: ${typeof u === "string" ? u : JSON.stringify(u)}`);
    lines.push("", `${r.findings.length} findings:`);
    for (const d of r.findings) lines.push(`- ${d.file}:${d.line} ${d.severity}: ${d.message}`);
    lines.push("", `editor vs check: ${r.onlyInEditor.length} only in the editor, ${r.onlyInCheck.length} only in check`);
    for (const d of r.onlyInEditor) lines.push(`- editor only: ${d.file}:${d.line} ${d.message}`);
    for (const d of r.onlyInCheck) lines.push(`- check only: ${d.file}:${d.line} ${d.message}`);
    lines.push("");
  }
  return lines.join("\n");
}

const opts = parseArgs(process.argv.slice(2));
const listed = JSON.parse(readFileSync(join(repo, "test-fixtures/oracle/real-apps.json"), "utf8"));
const list = listed.apps;
opts.listedSources = listed.gemSources?.gems ?? {};
const apps = list.filter((a) => (opts.only ? opts.only.has(a.repo) || opts.only.has(a.repo.split("/")[1]) : opts.all || JUDGED.has(a.repo)));
const work = mkdtempSync(join(tmpdir(), "routemap-check-apps-"));
const out = opts.out ?? join(work, "report");
mkdirSync(out, { recursive: true });
/** The work folder (Rails releases, Routemap's cache, the scratch apps) goes unless --keep; without --out the report is in it, and only that stays. */
function cleanUp() {
  if (opts.keep) return;
  if (opts.out) rmSync(work, { recursive: true, force: true });
  else for (const dir of ["cache", "rails-releases"]) rmSync(join(work, dir), { recursive: true, force: true });
}
// Also when stopped (Ctrl-C) or failing: `exit` handlers run on process.exit and on a thrown error.
process.on("exit", cleanUp);
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => process.exit(130));

const results = [];
for (const app of apps) {
  process.stderr.write(`${app.repo}…\n`);
  try {
    results.push(await checkApp(app, opts, work));
  } catch (e) {
    results.push({ repo: app.repo, commit: app.commit ?? "", error: String(e.message ?? e) });
  }
  writeFileSync(join(out, `${app.repo.replace("/", "+")}.json`), JSON.stringify(results.at(-1), null, 2));
}
writeFileSync(join(out, "summary.md"), summary(results));
process.stdout.write(summary(results) + `\n(report in ${out})\n`);
