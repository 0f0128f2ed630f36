// Runs the command's bundle (dist/bundle/cli.js) from a V8 code cache, for the commands that run
// once and exit (`routes`, `check`). Most of such a run is V8 meeting the bundle's code for the
// first time: compiling the 340 KB bundle, then each function as it is first called. The first
// run saves the code V8 compiled in it to the user's cache folder; later runs start from it (on
// the 10,000-route benchmark, about 16 ms of 230). Node 22's module.enableCompileCache does the
// same for modules it loads, but not on Node 20, and not for a bundle run from a shim.
//
// The cache file holds the bundle's own bytes before V8's data, and is used only when they are
// the bundle's bytes now: V8 checks its version and flags, but of the source only its length.
// Where: $ROUTEMAP_CACHE_DIR ("off" turns the cache off), else the platform's cache folder.
// Any failure to read or write it only costs the cache: the command runs as it would without.
"use strict";
const fs = require("fs");
const os = require("os");
const path = require("path");
const vm = require("vm");
const Module = require("module");

function cacheDir() {
  const chosen = process.env.ROUTEMAP_CACHE_DIR;
  if (chosen !== undefined) return chosen === "" || chosen === "off" ? undefined : chosen;
  const home = os.homedir();
  if (process.platform === "win32") return path.join(process.env.LOCALAPPDATA || path.join(home, "AppData", "Local"), "routemap", "Cache");
  if (process.platform === "darwin") return path.join(home, "Library", "Caches", "routemap");
  return path.join(process.env.XDG_CACHE_HOME || path.join(home, ".cache"), "routemap");
}

/** V8's data in `file`, if the file was made from exactly `source`. */
function readCache(file, source) {
  let data;
  try {
    data = fs.readFileSync(file);
  } catch {
    return undefined;
  }
  if (data.length <= 4) return undefined;
  const length = data.readUInt32LE(0);
  if (length !== source.length || data.length <= 4 + length || source.compare(data, 4, 4 + length) !== 0) return undefined;
  touch(file);
  return data.subarray(4 + length);
}

const DAY = 24 * 60 * 60 * 1000;
const UNUSED_FOR = 30 * DAY;

/** Marks a cache as used (its modification time), at most once a day: unused ones are removed. */
function touch(file) {
  try {
    if (Date.now() - fs.statSync(file).mtimeMs > DAY) fs.utimesSync(file, new Date(), new Date());
  } catch {
    // Only the clean-up depends on it.
  }
}

/** Caches of other bundles kept besides this one: each rebuild of a checkout is another bundle. */
const OTHERS_KEPT = 3;

/**
 * Writes the cache whole or not at all (a rename), and removes the caches of other bundles
 * unused for a month, and all but the three used last. (Not all of them: two installed
 * versions run in turns would otherwise each remove the other's, and every run would make its
 * cache again.)
 */
function writeCache(dir, file, source, v8Data) {
  try {
    fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
    const length = Buffer.alloc(4);
    length.writeUInt32LE(source.length, 0);
    const partial = `${file}.${process.pid}.partial`;
    fs.writeFileSync(partial, Buffer.concat([length, source, v8Data]), { mode: 0o600 });
    fs.renameSync(partial, file);
    const prefix = path.basename(file).replace(/-\d+\.v8$/, "-");
    const others = fs
      .readdirSync(dir)
      .filter((name) => name.startsWith(prefix) && name.endsWith(".v8") && name !== path.basename(file))
      .map((name) => ({ file: path.join(dir, name), used: fs.statSync(path.join(dir, name)).mtimeMs }))
      .sort((a, b) => b.used - a.used);
    others.forEach((other, i) => {
      if (i >= OTHERS_KEPT || Date.now() - other.used > UNUSED_FOR) fs.rmSync(other.file, { force: true });
    });
  } catch {
    // No cache this time.
  }
}

/** Runs `bundle` as `require` would, from the cache of `flavour` (the command) where it has one. */
exports.run = function run(bundle, flavour) {
  const source = fs.readFileSync(bundle);
  const dir = cacheDir();
  const file = dir && path.join(dir, `${flavour}-${source.length}.v8`);
  const cachedData = file && readCache(file, source);
  // esbuild writes ASCII, which read as Latin-1 is a copy (as UTF-8, 1–2 ms of decoding).
  const text = source.toString(require("buffer").isAscii(source) ? "latin1" : "utf8");
  const script = new vm.Script(Module.wrap(text), { filename: bundle, cachedData });
  const state = !dir ? "off" : !cachedData ? "made" : script.cachedDataRejected ? "rejected, made again" : "used";
  if (process.env.ROUTEMAP_TIMINGS === "1") process.stderr.write(`routemap: code cache ${state}\n`);
  if (dir && (!cachedData || script.cachedDataRejected)) {
    // At exit, so that the cache holds every function the run compiled, not only the top level.
    process.on("exit", () => writeCache(dir, file, source, script.createCachedData()));
  }
  const module = new Module(bundle, require.main);
  module.filename = bundle;
  script.runInThisContext()(module.exports, Module.createRequire(bundle), module, bundle, path.dirname(bundle));
};
