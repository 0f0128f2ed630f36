// `routemap check` with each file's facts (its URL uses, its controllers' bodies) kept in the
// user's cache folder (server/src/cli/fileFactsCache.ts): a run from the cache prints what a
// run without it prints; an edited file is read again, and only it; a pack that is corrupt,
// of another build or of another shape is not used; facts read by worker threads (a first run on
// a large app, server/src/cli/factsWorkers.ts) print what the main thread's print.
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { cpSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { scratchDir } from "../../test-fixtures/lib/scratch.mjs";

const root = new URL("../..", import.meta.url).pathname;
const cli = join(root, "server/bin/routemap.cjs");

const scratch = scratchDir("routemap-check-cache-");
const app = join(scratch, "app");
cpSync(join(root, "test-fixtures/sample-app"), app, { recursive: true });
const cache = join(scratch, "cache");

/** A run of `check`: what it prints, and how many files it read and took from the cache. */
function check(cacheDir, o = {}) {
  const env = { ...process.env, ROUTEMAP_CACHE_DIR: cacheDir, ROUTEMAP_TIMINGS: "1", ROUTEMAP_CHECK_WORKERS: String(o.workers ?? 0) };
  const r = spawnSync(process.execPath, [cli, "check", ".", ...(o.args ?? [])], { cwd: o.cwd ?? app, encoding: "utf8", env });
  const facts = /files' facts: (\d+) read; cache (?:(\d+) used, (\d+) made|off)(?:; (\d+) read by (\d+) workers?)?\n/.exec(r.stderr);
  assert.ok(facts, r.stderr);
  const ahead = facts[4] === undefined ? {} : { ahead: +facts[4], workers: +facts[5] };
  return { out: r.stdout, status: r.status, read: +facts[1], used: facts[2] === undefined ? undefined : +facts[2], made: facts[3] === undefined ? undefined : +facts[3], ...ahead };
}
const pack = () => {
  const files = readdirSync(join(cache, "files")).filter((f) => f.endsWith(".json"));
  assert.equal(files.length, 1, files.join(", "));
  return join(cache, "files", files[0]);
};

test("a warm cache prints what the cache off prints; an edit reads that file again, and only it", () => {
  const off = check("off");
  assert.match(off.out, /featurd_products_path/);
  assert.ok(off.read > 3, `${off.read} files read`);

  const first = check(cache);
  assert.deepEqual({ out: first.out, status: first.status, used: first.used }, { out: off.out, status: off.status, used: 0 });
  assert.ok(first.made > off.read, "the controllers' bodies are kept too");
  const warm = check(cache);
  assert.deepEqual(warm, { out: off.out, status: off.status, read: 0, used: first.made, made: 0 });

  // A misspelled helper added to a view: reported, from that view read again.
  const view = join(app, "app/views/products/index.html.erb");
  writeFileSync(view, readFileSync(view, "utf8") + '<%= link_to "All", prodcts_path %>\n');
  const edited = check(cache);
  assert.match(edited.out, /prodcts_path/);
  assert.deepEqual({ read: edited.read, used: edited.used, made: edited.made }, { read: 1, used: first.made - 1, made: 1 });
  assert.equal(edited.out, check("off").out);
  assert.deepEqual(check(cache), { ...edited, read: 0, used: first.made, made: 0 });
});

test("a corrupt pack, one of another build, and an entry of another shape are not used", () => {
  const expected = check("off").out;
  check(cache);
  const text = readFileSync(pack(), "utf8");
  const all = check(cache).used;

  writeFileSync(pack(), text.slice(0, text.length / 2));
  assert.deepEqual(pick(check(cache)), { out: expected, used: 0 });

  writeFileSync(pack(), text.replace(/"build":"[^"]*"/, '"build":"another"'));
  assert.deepEqual(pick(check(cache)), { out: expected, used: 0 });

  // One entry whose calls are not a list (a foreign writer), one that does not parse: those files read again, the rest used.
  const lines = text.split("\n");
  const entry = (line) => JSON.parse(line.slice(line.indexOf(" ") + 1));
  const [first, second] = lines.map((line, i) => i > 0 && entry(line).calls?.length ? i : -1).filter((i) => i > 0);
  const key = (line) => line.slice(0, line.indexOf(" "));
  lines[first] = `${key(lines[first])} ${JSON.stringify({ ...entry(lines[first]), calls: "x" })}`;
  lines[second] = `${key(lines[second])} {"calls":[`;
  writeFileSync(pack(), lines.join("\n"));
  const r = check(cache);
  assert.deepEqual({ out: r.out, read: r.read, used: r.used }, { out: expected, read: 2, used: all - 2 });
});

const pick = ({ out, used }) => ({ out, used });

test("anything but a regular file where the cache's files are (a FIFO) is no entry: it is passed over, not read (a read would wait for a writer)", { skip: process.platform === "win32" }, () => {
  const expected = check("off").out;
  const fifos = scratchDir("routemap-check-cache-fifo-");
  check(fifos);
  // The pack, the gems' entries, the kept draws and V8's code cache: each a FIFO now.
  const kept = readdirSync(fifos, { recursive: true }).map(String).filter((f) => /\.(json|v8)$/.test(f));
  assert.ok(kept.length >= 3, kept.join(", "));
  for (const f of kept) {
    rmSync(join(fifos, f));
    assert.equal(spawnSync("mkfifo", [join(fifos, f)]).status, 0);
  }
  const started = Date.now();
  const r = check(fifos);
  assert.deepEqual({ out: r.out, used: r.used }, { out: expected, used: 0 });
  assert.ok(Date.now() - started < 20_000);
});

test("facts read by worker threads: the same findings, counts and pack as read in the main thread", () => {
  const withWorkers = join(scratch, "cache-workers");
  const off = check("off");
  // Without a cache, and a first run with one: every file's facts read by the workers.
  const offWorkers = check("off", { workers: 2 });
  assert.deepEqual(offWorkers, { ...off, ahead: off.read, workers: 2 });
  const first = check(cache + "-main");
  const firstWorkers = check(withWorkers, { workers: 2 });
  assert.deepEqual(firstWorkers, { ...first, ahead: first.read, workers: 2 });
  // The pack they made is the main thread's, entry for entry, and a second run reads nothing (and starts no worker).
  const entries = (dir) => readFileSync(join(dir, "files", readdirSync(join(dir, "files")).find((f) => f.endsWith(".json"))), "utf8").split("\n").slice(1).sort();
  assert.deepEqual(entries(withWorkers), entries(cache + "-main"));
  assert.deepEqual(check(withWorkers, { workers: 2 }), check(cache + "-main"));
  // In JSON, and on the fixture apps with templates, controllers and engines.
  assert.equal(check("off", { workers: 2, args: ["--format", "json"] }).out, check("off", { args: ["--format", "json"] }).out);
  for (const name of ["apps/controllers", "apps/engines", "helper-checks/polymorphic", "helper-checks/partials", "helper-checks/engines"]) {
    const dir = join(root, "test-fixtures", name);
    assert.equal(check("off", { workers: 2, cwd: dir }).out, check("off", { cwd: dir }).out, name);
  }
});

test("models' naming facts from the pack and from the workers: the same polymorphic findings", () => {
  const dir = join(root, "test-fixtures/helper-checks/polymorphic");
  const off = check("off", { cwd: dir });
  assert.match(off.out, /calls it for this target \(the record is a Post/, "the fixture's findings follow its models' naming");
  const packed = join(scratch, "cache-models");
  const first = check(packed, { cwd: dir, workers: 2 });
  assert.equal(first.out, off.out);
  // The second run takes every model's facts from the pack (kind "m"): nothing read again.
  const second = check(packed, { cwd: dir });
  assert.deepEqual({ out: second.out, read: second.read }, { out: off.out, read: 0 });
  const models = readFileSync(join(packed, "files", readdirSync(join(packed, "files")).find((f) => f.endsWith(".json"))), "utf8").split("\n").slice(1).filter((line) => /"renames":/.test(line));
  assert.ok(models.length >= 2, `${models.length} model entries in the pack`);
});

test("a run from the pack with the files read by a second thread: the same findings, the texts its", () => {
  const dir = join(scratch, "cache-reader");
  const run = (workers) => spawnSync(process.execPath, [cli, "check", "."], { cwd: app, encoding: "utf8", env: { ...process.env, ROUTEMAP_CACHE_DIR: dir, ROUTEMAP_TIMINGS: "1", ROUTEMAP_CHECK_WORKERS: workers } });
  const expected = check("off").out;
  // The first run reads every file's facts (by the facts worker): no reader of texts then.
  const first = run("1");
  assert.equal(first.stdout, expected);
  assert.doesNotMatch(first.stderr, /read ahead by a second thread/);
  // The second takes them all from the pack: the second thread reads the files' texts.
  const second = run("1");
  assert.equal(second.stdout, expected);
  const taken = /files read ahead by a second thread: (\d+)/.exec(second.stderr);
  assert.ok(taken && +taken[1] > 10, second.stderr);
  assert.equal(run("0").stdout, expected);
});

test("where what the gems define is not known, the workers read only the controllers' bodies", () => {
  const dir = join(scratch, "app-unknown-gems");
  cpSync(join(root, "test-fixtures/sample-app"), dir, { recursive: true });
  const lock = join(dir, "Gemfile.lock");
  writeFileSync(lock, readFileSync(lock, "utf8").replace("    rails (6.1.7.10)\n", "    routemap-not-installed (9.9.9)\n    rails (6.1.7.10)\n").replace("DEPENDENCIES\n", "DEPENDENCIES\n  routemap-not-installed\n"));
  const r = spawnSync(process.execPath, [cli, "check", "."], { cwd: dir, encoding: "utf8", env: { ...process.env, ROUTEMAP_CACHE_DIR: "off", ROUTEMAP_TIMINGS: "1", ROUTEMAP_CHECK_WORKERS: "1" } });
  assert.match(r.stderr, /URL helper calls and controllers outside the app not checked: the gem routemap-not-installed/);
  // No file's helper calls are checked, so none of their uses is read ahead: only what the controller model needs.
  const asked = /facts asked of the workers: (\d+)/.exec(r.stderr);
  assert.ok(asked, r.stderr);
  const controllers = readdirSync(join(dir, "app/controllers"), { recursive: true }).filter((f) => f.endsWith(".rb")).length;
  assert.equal(+asked[1], controllers);
});
