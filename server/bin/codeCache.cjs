// Runs the command's bundle (dist/bundle/cli.js) from a V8 code cache, for the commands that run
// once and exit (`routes`, `check`). Most of such a run is V8 meeting the bundle's code for the
// first time: compiling the 340 KB bundle, then each function as it is first called. The first
// run saves the code V8 compiled in it to the user's cache folder; later runs start from it (on
// the 10,000-route benchmark, about 16 ms of 230). Node 22's module.enableCompileCache does the
// same for modules it loads, but not on Node 20, and not for a bundle run from a shim.
//
// The language server's bundle (dist/bundle/languageServer.js) runs through it too, from
// dist/bundle/server.js: there it saves the cache when the server asks, once its first tables are
// made and its first request answered (a server runs for hours: at its exit the cache would hold
// whatever V8 has not flushed, or nothing if it is killed), and only from a session that made
// tables.
//
// The cache file holds the bundle's own bytes before V8's data, and is used only when they are
// the bundle's bytes now: V8 checks its version and flags, but of the source only its length.
// V8's data is given to V8 only when its CRC-32 is the one written with it: V8 does not check a
// release build's data, and a damaged byte past its header aborts the process (a segmentation
// fault or "unreachable code" in the deserializer, tried on Node 20). Node's own compile cache
// (Node 22) checks a CRC-32 for the same reason. A Node without zlib.crc32 (before 20.15) runs
// without a cache. The file's name carries the flags Node was started with (a hash of them), as
// V8 refuses data made under other flags: the extension's server (`--max-semi-space-size=4`) and
// `routemap lsp` would otherwise each make the other's cache again.
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

/** zlib's CRC-32 (Node 20.15 and later), or undefined: then no cache is read or written. */
function crc32() {
  try {
    const crc = require("zlib").crc32;
    return typeof crc === "function" ? crc : undefined;
  } catch {
    return undefined;
  }
}

/**
 * V8's data in `file`, if the file was made from exactly `source` and its data is whole. The
 * file: the source's length (4 bytes), the source, the CRC-32 of V8's data (4 bytes), V8's data.
 */
function readCache(file, source, crc) {
  let data;
  try {
    // Only a regular file: a FIFO put at the path would block the run until written to.
    if (!fs.lstatSync(file).isFile()) return undefined;
    data = fs.readFileSync(file);
  } catch {
    return undefined;
  }
  if (data.length <= 8) return undefined;
  const length = data.readUInt32LE(0);
  if (length !== source.length || data.length <= 8 + length || source.compare(data, 4, 4 + length) !== 0) return undefined;
  const v8Data = data.subarray(8 + length);
  if (crc(v8Data) !== data.readUInt32LE(4 + length)) return undefined;
  touch(file);
  return v8Data;
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
function writeCache({ dir, file, flavour, source, crc }, v8Data) {
  try {
    fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
    const length = Buffer.alloc(4);
    length.writeUInt32LE(source.length, 0);
    const check = Buffer.alloc(4);
    check.writeUInt32LE(crc(v8Data), 0);
    const partial = `${file}.${process.pid}.partial`;
    fs.writeFileSync(partial, Buffer.concat([length, source, check, v8Data]), { mode: 0o600 });
    fs.renameSync(partial, file);
    // Every cache of this flavour, whatever the flags it was made under.
    const prefix = `${flavour}-`;
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

/** A short hash (FNV-1a) of the flags Node was started with: V8's data is only for the same flags. */
function flagsTag() {
  const flags = [...process.execArgv, process.env.NODE_OPTIONS ?? ""].join(" ").trim();
  if (!flags) return "";
  let hash = 0x811c9dc5;
  for (let i = 0; i < flags.length; i++) hash = Math.imul(hash ^ flags.charCodeAt(i), 0x01000193);
  return `${(hash >>> 0).toString(36)}-`;
}

/** Where `flavour`'s cache of `source` is, and what writing it needs; undefined when off. */
function cacheOf(flavour, source) {
  const dir = cacheDir();
  const crc = dir && crc32();
  if (!crc) return undefined;
  return { dir, file: path.join(dir, `${flavour}-${flagsTag()}${source.length}.v8`), flavour, source, crc };
}

/** What the bundle calls when it is time to save the cache (`saveWhen: "asked"`); absent when there is nothing to save. */
const SAVE = Symbol.for("routemap.saveCodeCache");

/**
 * Runs `bundle` as `require` would, from the cache of `flavour` (the command) where it has one.
 * `saveWhen`: "exit" (a command: the cache then holds every function the run compiled, not only
 * the top level), or "asked" (the language server: when the bundle calls globalThis[SAVE]; a
 * session that never calls it writes nothing).
 */
exports.run = function run(bundle, flavour, { saveWhen = "exit" } = {}) {
  const source = fs.readFileSync(bundle);
  let cache;
  let cachedData;
  try {
    cache = cacheOf(flavour, source);
    cachedData = cache && readCache(cache.file, source, cache.crc);
  } catch {
    cache = undefined; // No cache this time: the bundle runs as without.
  }
  // esbuild writes ASCII, which read as Latin-1 is a copy (as UTF-8, 1–2 ms of decoding).
  const text = source.toString(require("buffer").isAscii(source) ? "latin1" : "utf8");
  const script = new vm.Script(Module.wrap(text), { filename: bundle, cachedData });
  const state = !cache ? "off" : !cachedData ? "made" : script.cachedDataRejected ? "rejected, made again" : "used";
  if (process.env.ROUTEMAP_TIMINGS === "1") process.stderr.write(`routemap: code cache ${state}\n`);
  if (cache && (!cachedData || script.cachedDataRejected)) {
    const save = () => {
      try {
        writeCache(cache, script.createCachedData());
      } catch {
        // No cache this time.
      }
    };
    if (saveWhen === "asked") {
      globalThis[SAVE] = () => {
        delete globalThis[SAVE];
        save();
      };
    } else process.on("exit", save);
  }
  const module = new Module(bundle, require.main);
  module.filename = bundle;
  script.runInThisContext()(module.exports, Module.createRequire(bundle), module, bundle, path.dirname(bundle));
};
