/**
 * What each file of an app yields for the helper checks (`RouteMapper.fileUses`: its helper
 * calls, hashes and polymorphic targets before their models' naming) is a fact of its path and
 * text: kept in the user's cache folder (the one the gems' facts and V8's code use,
 * $ROUTEMAP_CACHE_DIR, `off` or empty turning it off), so a second `routemap check` parses only
 * the files that changed. Redmine's 745 checked files cost 55–70% of `check` parsed each run.
 *
 * One pack per app and build (`files/<hash of root and build>.json`), not one file per app file:
 * a large app has 20,000 such files, and opening that many costs more than parsing one JSON of
 * them. Entries are keyed by a SHA-256 of the mode, the path and the text, so an edited file
 * (or another file at that path) misses and is parsed again; the pack is written back, whole or
 * not at all (a rename), only when an entry was made, holding only the entries this run used
 * (so it never outgrows the app's files) and only under `MAX_PACK_BYTES`.
 *
 * An entry is used only when it was made by this build of Routemap (`buildVersion`: the bytes of
 * the running bundle, or of the compiled packages outside one): another build may read files
 * otherwise. A pack that does not parse, is not ours, or whose entry does not have the shape
 * `validUses` checks is ignored; any failure to read or write the folder only costs the cache.
 */
import { createHash } from "node:crypto";
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, utimesSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import type { FileUses } from "@routemap/shared-mapper";
import { cacheFolder } from "./gemCache.js";

/** Bumped when the pack's shape changes. */
const FORMAT = 1;
/** A pack larger than this is neither read nor written (a large app's is tens of MB). */
const MAX_PACK_BYTES = 256 << 20;
const DAY = 24 * 60 * 60 * 1000;
/** Packs unused this long are removed when another is written (an app deleted, an old build). */
const UNUSED_FOR = 30 * DAY;

/** How a file's uses are read: only `url_helpers` calls matter (e), or with polymorphic targets as in a controller (c) or elsewhere (a). */
export type UsesMode = "e" | "c" | "a";

export interface FileFactsStats {
  used: number;
  made: number;
  /** Packs that could not be written. */
  failed: number;
}

export class FileFactsCache {
  readonly stats: FileFactsStats = { used: 0, made: 0, failed: 0 };
  private readonly file: string;
  private stored: Map<string, FileUses> | undefined;
  /** What this run used or made: the next pack. */
  private readonly kept = new Map<string, FileUses>();

  constructor(
    private readonly folder: string,
    private readonly root: string,
    private readonly build: string,
  ) {
    const where = createHash("sha256").update(`${root}\0${build}`).digest("hex").slice(0, 24);
    this.file = join(folder, "files", `${where}.json`);
  }

  /** The key of a file's entry: its text, path and mode. */
  static key(mode: UsesMode, path: string, text: string): string {
    return createHash("sha256").update(`${mode}\0${path}\0`).update(text).digest("base64url").slice(0, 32);
  }

  get(key: string, path: string): FileUses | undefined {
    const found = this.load().get(key);
    if (!found || !validUses(found, path)) return undefined;
    this.kept.set(key, found);
    this.stats.used++;
    return found;
  }

  set(key: string, uses: FileUses): void {
    this.kept.set(key, uses);
    this.stats.made++;
  }

  /** Writes the pack when an entry was made (a run that only used entries leaves it, and marks it used). */
  save(): void {
    if (!this.stats.made) {
      if (this.stats.used) touch(this.file);
      return;
    }
    const partial = `${this.file}.${process.pid}.partial`;
    try {
      const text = JSON.stringify({ format: FORMAT, build: this.build, root: this.root, entries: Object.fromEntries(this.kept) }, replacer);
      if (text.length > MAX_PACK_BYTES) return;
      mkdirSync(dirname(this.file), { recursive: true, mode: 0o700 });
      writeFileSync(partial, text, { mode: 0o600 });
      renameSync(partial, this.file);
    } catch {
      this.stats.failed++;
      try {
        rmSync(partial, { force: true });
      } catch {
        // Nothing was written.
      }
      return;
    }
    prune(dirname(this.file));
  }

  private load(): Map<string, FileUses> {
    if (this.stored) return this.stored;
    this.stored = new Map();
    let pack: { format?: unknown; build?: unknown; root?: unknown; entries?: unknown };
    try {
      if (statSync(this.file).size > MAX_PACK_BYTES) return this.stored;
      pack = JSON.parse(readFileSync(this.file, "utf8"), reviver);
    } catch {
      return this.stored;
    }
    if (!pack || pack.format !== FORMAT || pack.build !== this.build || pack.root !== this.root || typeof pack.entries !== "object" || !pack.entries) return this.stored;
    for (const [key, value] of Object.entries(pack.entries)) this.stored.set(key, value as FileUses);
    return this.stored;
  }
}

/** The cache for the app at `root`, or undefined when the cache folder is off. */
export function fileFactsCache(root: string, env: NodeJS.ProcessEnv = process.env): FileFactsCache | undefined {
  const folder = cacheFolder(env);
  const build = buildVersion();
  return folder && build ? new FileFactsCache(folder, root, build) : undefined;
}

// JSON has no Map: a hash's keys and a call's keywords are written as `{"$map": [[k, v]…]}`.
function replacer(_key: string, value: unknown): unknown {
  return value instanceof Map ? { $map: [...value] } : value;
}
function reviver(_key: string, value: unknown): unknown {
  if (value && typeof value === "object" && "$map" in value) {
    const entries = (value as { $map: unknown }).$map;
    return Array.isArray(entries) ? new Map(entries.filter((e): e is [string, unknown] => Array.isArray(e) && e.length === 2 && typeof e[0] === "string")) : value;
  }
  return value;
}

const isPosition = (p: unknown) => !!p && typeof (p as { line?: unknown }).line === "number" && typeof (p as { character?: unknown }).character === "number";
const isSpanOf = (s: unknown, path: string) => !!s && typeof s === "object" && (s as { file?: unknown }).file === path && isPosition((s as { start?: unknown }).start) && isPosition((s as { end?: unknown }).end);
const isValue = (v: unknown) => v === "unknown" || (!!v && typeof v === "object" && typeof (v as { inspect?: unknown }).inspect === "string");

/** Whether an entry has the shape `fileUses` gives, its spans in `path` (an entry of another shape, or tampered with, is not used). */
export function validUses(value: unknown, path: string): value is FileUses {
  if (!value || typeof value !== "object") return false;
  const { calls, hashes, candidates } = value as Record<string, unknown>;
  if (!Array.isArray(calls) || !Array.isArray(hashes) || !Array.isArray(candidates)) return false;
  const keywords = (m: unknown) => m instanceof Map && [...m.values()].every(isValue);
  for (const c of calls) {
    if (!c || typeof c.name !== "string" || !isSpanOf(c.span, path) || !c.args || !Array.isArray(c.args.positional) || !c.args.positional.every(isValue) || !keywords(c.args.keywords)) return false;
  }
  for (const h of hashes) if (!h || !isSpanOf(h.span, path) || !keywords(h.keys) || typeof h.noRequest !== "boolean") return false;
  for (const t of candidates) {
    if (!t || typeof t.call !== "string" || !isSpanOf(t.span, path) || !Array.isArray(t.parts) || !Array.isArray(t.spans) || t.parts.length !== t.spans.length) return false;
    if (!t.spans.every((s: unknown) => isSpanOf(s, path)) || typeof t.prefix !== "string" || typeof t.suffix !== "string") return false;
    if (!t.parts.every((p: unknown) => typeof p === "string" || (!!p && typeof (p as { className?: unknown }).className === "string"))) return false;
  }
  return true;
}

/**
 * What the entries are made by: the running bundle's bytes (`dist/bundle/cli.js` or `server.js`,
 * which hold the mapper), or outside a bundle every compiled file of the server and the mapper;
 * undefined (no cache) when they cannot be read.
 */
let build: string | undefined | null = null;
export function buildVersion(): string | undefined {
  if (build !== null) return build;
  try {
    const here = fileURLToPath(import.meta.url);
    const hash = createHash("sha256");
    if (/[\\/]bundle[\\/][^\\/]+\.js$/.test(here)) hash.update(readFileSync(here));
    else for (const dir of [join(dirname(here), ".."), join(dirname(here), "..", "..", "..", "shared-mapper", "dist")]) hashTree(hash, dir);
    build = hash.digest("hex").slice(0, 24);
  } catch {
    build = undefined;
  }
  return build;
}

function hashTree(hash: ReturnType<typeof createHash>, dir: string): void {
  for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) hashTree(hash, path);
    else if (entry.name.endsWith(".js")) hash.update(entry.name).update(readFileSync(path));
  }
}

/** Marks a pack as used (its modification time), at most once a day. */
function touch(file: string): void {
  try {
    if (Date.now() - statSync(file).mtimeMs > DAY) utimesSync(file, new Date(), new Date());
  } catch {
    // Only the clean-up depends on it.
  }
}

/** Removes packs unused for a month, and partial writes a day old (a process that died writing). */
function prune(dir: string): void {
  try {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      const age = Date.now() - statSync(path).mtimeMs;
      if ((name.endsWith(".json") && age > UNUSED_FOR) || (name.endsWith(".partial") && age > DAY)) rmSync(path, { force: true });
    }
  } catch {
    // Only the clean-up depends on it.
  }
}
