/**
 * What each file of an app yields for the helper checks (`RouteMapper.fileUses`: its helper
 * calls, hashes and polymorphic targets before their models' naming) is a fact of its path and
 * text: kept in the user's cache folder (the one the gems' facts and V8's code use,
 * $ROUTEMAP_CACHE_DIR, `off` or empty turning it off), so a second `routemap check` parses only
 * the files that changed. Redmine's 745 checked files cost 55–70% of `check` parsed each run.
 *
 * One pack per app and build (`files/<hash of root and build>.json`), not one file per app file:
 * a large app has 20,000 such files, and opening that many costs more than reading one pack of
 * them (a line of JSON per entry, `load`). Entries are keyed by a SHA-256 of the mode, the
 * path and the text, so an edited file (or another file at that path) misses and is parsed
 * again; the pack is written back, whole or not at all (a rename), only when an entry was made,
 * holding only the entries this run used (so it never outgrows the app's files) and only under
 * `MAX_PACK_BYTES`.
 *
 * An entry is used only when it was made by this build of Routemap (`buildVersion`: the bytes of
 * the running bundle, or of the compiled packages outside one): another build may read files
 * otherwise. A pack whose header does not parse, is not ours, or counts other than its lines
 * is ignored, and so is an entry that does not parse or have the shape `decodeUses` checks; any failure to read or write the folder only costs the cache.
 */
import { writeAtomically } from "./atomicWrite.js";
import { isCacheFile, readCacheFile } from "./cacheFile.js";
import { createHash, textDigest } from "./lazyCrypto.js";
import { closeSync, openSync, readdirSync, readFileSync, readSync, rmSync, statSync, utimesSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import type { ControllerFile, FileUses, ModelFileFacts, Span } from "@routemap/shared-mapper";
import { cacheFolder } from "./gemCache.js";

/** Bumped when the pack's shape changes (2: lines, one per entry; 3: spans as arrays). */
const FORMAT = 3;
/** A pack larger than this is neither read nor written (a large app's is tens of MB). */
const MAX_PACK_BYTES = 256 << 20;
/** The packs of every app and build together: past this, the least recently used go. */
const MAX_FOLDER_BYTES = 512 << 20;
const DAY = 24 * 60 * 60 * 1000;
/** Packs unused this long are removed when another is written (an app deleted, an old build). */
const UNUSED_FOR = 30 * DAY;

/**
 * What an entry holds: a file's uses, read for `url_helpers` calls only (e), or with polymorphic
 * targets as in a controller (c) or elsewhere (a); its class and module bodies (k); or what a
 * model file says of its models' naming (m, `RouteMapper.modelFacts`).
 */
export type FactsKind = "e" | "c" | "a" | "k" | "m";

export interface FileFactsStats {
  used: number;
  made: number;
  /** Packs that could not be written. */
  failed: number;
}

export class FileFactsCache {
  readonly stats: FileFactsStats = { used: 0, made: 0, failed: 0 };
  private readonly file: string;
  /** The pack's entries as their JSON text, parsed only when used (`load`). */
  private stored: Map<string, string> | undefined;
  /** What this run used or made, the last of each file and kind (a server sees many versions of a file), as JSON: the next pack. */
  private readonly kept = new Map<string, { key: string; json: string }>();
  /** Whether an entry was made since the pack was last written. */
  private dirty = false;

  constructor(
    folder: string,
    private readonly root: string,
    private readonly build: string,
  ) {
    const where = createHash("sha256").update(`${root}\0${build}`).digest("hex").slice(0, 24);
    this.file = join(folder, "files", `${where}.json`);
  }

  /**
   * The key of a file's entry: its path, what it holds, and the digests (`textDigest`) of its
   * text and of what else its facts are made of (`also`: a template's action's controller file).
   * Digests, not texts, so that the text's may come from the thread that read it.
   */
  static key(kind: FactsKind, path: string, digest: string, also?: string): string {
    return textDigest(`${kind}\0${path}\0${digest}\0${also ?? ""}`).slice(0, 32);
  }

  /**
   * An entry, as `decode` makes it from what was stored: undefined when it does not have the
   * shape `decode` checks (which also checks its spans are in `path`).
   */
  get<T>(kind: FactsKind, path: string, key: string, decode: (stored: unknown, path: string) => T | undefined): T | undefined {
    const json = this.load().get(key);
    const value = json === undefined ? undefined : decode(parsed(json), path);
    if (value === undefined) return undefined;
    this.kept.set(`${kind}\0${path}`, { key, json: json! });
    this.stats.used++;
    return value;
  }

  /** `stored`: plain JSON data (`encodeUses`). */
  set(kind: FactsKind, path: string, key: string, stored: unknown): void {
    this.kept.set(`${kind}\0${path}`, { key, json: JSON.stringify(stored) });
    this.stats.made++;
    this.dirty = true;
  }

  /**
   * The number of entries in the pack, from its header when it is not read yet (read whole
   * before the routes are mapped, its 24 MB on a large app added to that phase's peak of memory).
   */
  size(): number {
    if (this.stored) return this.stored.size;
    if (!isCacheFile(this.file, MAX_PACK_BYTES)) return 0;
    try {
      const fd = openSync(this.file, "r");
      try {
        const head = Buffer.alloc(4096);
        const line = head.subarray(0, readSync(fd, head, 0, head.length, 0)).toString("utf8").split("\n", 1)[0];
        const header = parsed(line) as { format?: unknown; build?: unknown; root?: unknown; count?: unknown } | undefined;
        return header?.format === FORMAT && header.build === this.build && header.root === this.root && typeof header.count === "number" ? header.count : 0;
      } finally {
        closeSync(fd);
      }
    } catch {
      return 0;
    }
  }

  /** Whether the pack has an entry of this key (its shape is checked when it is used). */
  has(key: string): boolean {
    return this.load().has(key);
  }

  /** `set` of an entry's JSON, made elsewhere (cli/factsWorkers.ts). */
  setJson(kind: FactsKind, path: string, key: string, json: string): void {
    this.kept.set(`${kind}\0${path}`, { key, json });
    this.stats.made++;
    this.dirty = true;
  }

  /** Writes the pack when an entry was made (a run that only used entries leaves it, and marks it used). */
  save(): void {
    if (!this.dirty) {
      if (this.stats.used) touch(this.file);
      return;
    }
    this.dirty = false;
    const lines = [JSON.stringify({ format: FORMAT, build: this.build, root: this.root, count: this.kept.size })];
    let length = lines[0].length;
    for (const { key, json } of this.kept.values()) {
      length += key.length + json.length + 2;
      if (length > MAX_PACK_BYTES) return;
      lines.push(`${key} ${json}`);
    }
    const text = lines.join("\n");
    if (!writeAtomically(this.file, text)) {
      this.stats.failed++;
      return;
    }
    prune(dirname(this.file));
  }

  /**
   * The pack's entries, each as its line's JSON text: a header line (format, build, root and the
   * number of entries, so a pack cut short is not used), then `<key> <JSON>` per entry (JSON
   * text has no newline). Parsed whole, a large app's 35,000 entries were a million objects
   * held through the run, which every collection went over again; as lines they are one string.
   */
  private load(): Map<string, string> {
    if (this.stored) return this.stored;
    this.stored = new Map();
    const text = readCacheFile(this.file, MAX_PACK_BYTES);
    if (text === undefined) return this.stored;
    const lines = text.split("\n");
    const header = parsed(lines[0]) as { format?: unknown; build?: unknown; root?: unknown; count?: unknown } | undefined;
    if (!header || header.format !== FORMAT || header.build !== this.build || header.root !== this.root || header.count !== lines.length - 1) return this.stored;
    for (let i = 1; i < lines.length; i++) {
      const at = lines[i].indexOf(" ");
      if (at > 0) this.stored.set(lines[i].slice(0, at), lines[i].slice(at + 1));
    }
    return this.stored;
  }
}

/** JSON text's value, or undefined when it does not parse. */
function parsed(json: string): unknown {
  try {
    return JSON.parse(json);
  } catch {
    return undefined;
  }
}

/** The cache for the app at `root`, or undefined when the cache folder is off. */
export function fileFactsCache(root: string, env: NodeJS.ProcessEnv = process.env): FileFactsCache | undefined {
  const folder = cacheFolder(env);
  const build = buildVersion();
  return folder && build ? new FileFactsCache(folder, root, build) : undefined;
}

const isValue = (v: unknown) => v === "unknown" || (!!v && typeof v === "object" && typeof (v as { inspect?: unknown }).inspect === "string");

// JSON has no Map: a call's keywords and a hash's keys are stored as lists of pairs, and read
// back into Maps only for the entries used (a reviver over the whole pack cost more than the parse).

/**
 * A file's uses as JSON data. Their spans are all in the file itself, and are stored as
 * `[startLine, startCharacter, endLine, endCharacter]`: as objects with the path they were half
 * of a large app's pack, and most of the time `check` spent parsing and checking its entries
 * (docs/benchmarks.md, "the second core reads the files").
 */
export function encodeUses(uses: FileUses): unknown {
  return {
    calls: uses.calls.map((c) => ({ ...c, span: packSpan(c.span), args: { ...c.args, keywords: [...c.args.keywords] } })),
    hashes: uses.hashes.map((h) => ({ ...h, span: packSpan(h.span), keys: [...h.keys] })),
    candidates: uses.candidates.map((t) => ({ ...t, span: packSpan(t.span), spans: t.spans.map(packSpan) })),
    ...(uses.unread === undefined ? {} : { unread: uses.unread }),
  };
}

type PackedSpan = [number, number, number, number];
const packSpan = (s: Span): PackedSpan => [s.start.line, s.start.character, s.end.line, s.end.character];
const unpackSpan = (s: PackedSpan, file: string): Span => ({ file, start: { line: s[0], character: s[1] }, end: { line: s[2], character: s[3] } });
const isPackedSpan = (s: unknown): s is PackedSpan => Array.isArray(s) && s.length === 4 && s.every((n) => Number.isInteger(n) && n >= 0);

/** A use's conditions (`RunCondition[]`), absent or well formed. */
const isWhen = (w: unknown) => w === undefined || (Array.isArray(w) && w.every((c) => !!c && typeof c.test === "string" && typeof c.holds === "boolean"));
const isPairs = (v: unknown) => Array.isArray(v) && v.every((e) => Array.isArray(e) && e.length === 2 && typeof e[0] === "string" && isValue(e[1]));

/**
 * A file's uses from what `encodeUses` stored, or undefined when it does not have that shape (an
 * entry of another shape, or tampered with, is not used); its spans in `path`. Made whole in
 * place (the entry was parsed for this call alone): copying each use as well cost a large app's
 * second `check` a tenth of its decoding.
 */
export function decodeUses(stored: unknown, path: string): FileUses | undefined {
  if (!stored || typeof stored !== "object") return undefined;
  const { calls, hashes, candidates, unread } = stored as Record<string, unknown>;
  if (!Array.isArray(calls) || !Array.isArray(hashes) || !Array.isArray(candidates) || (unread !== undefined && typeof unread !== "string")) return undefined;
  for (const c of calls) {
    if (!isPairs(c?.args?.keywords) || typeof c.name !== "string" || !isPackedSpan(c.span) || !isWhen(c.when) || !Array.isArray(c.args.positional) || !c.args.positional.every(isValue)) return undefined;
    if (c.through !== undefined && typeof c.through !== "string") return undefined;
  }
  for (const h of hashes) {
    if (!isPairs(h?.keys) || !isPackedSpan(h.span) || typeof h.noRequest !== "boolean" || !isWhen(h.when)) return undefined;
  }
  for (const t of candidates) {
    if (!t || typeof t.call !== "string" || !isPackedSpan(t.span) || !isWhen(t.when) || !Array.isArray(t.parts) || !Array.isArray(t.spans) || t.parts.length !== t.spans.length) return undefined;
    if (!t.spans.every(isPackedSpan) || typeof t.prefix !== "string" || typeof t.suffix !== "string") return undefined;
    if (!t.parts.every((p: unknown) => typeof p === "string" || (!!p && typeof (p as { className?: unknown }).className === "string"))) return undefined;
  }
  return unpackUses(stored, path);
}

/**
 * A file's uses from an entry this run's own reader made (a worker's JSON of `encodeUses`, not
 * the disk's): its shape is known, so it is made whole unchecked. Checking each value's shape
 * again as `decodeUses` does for the pack was a third of the decoding of the 35,000 entries the
 * worker hands over in a large app's first run (docs/benchmarks.md, cold30c).
 */
export function decodeOwnUses(stored: unknown, path: string): FileUses | undefined {
  return stored && Array.isArray((stored as { calls?: unknown }).calls) ? unpackUses(stored, path) : undefined;
}

/** What `encodeUses` stored, made whole in place: its pairs Maps again, its spans objects in `path`. */
function unpackUses(stored: unknown, path: string): FileUses {
  type Own = { span: unknown };
  const uses = stored as { calls: (Own & { args: { keywords: unknown } })[]; hashes: (Own & { keys: unknown })[]; candidates: (Own & { spans: unknown[] })[] };
  for (const c of uses.calls) {
    c.args.keywords = new Map(c.args.keywords as [string, never][]);
    c.span = unpackSpan(c.span as PackedSpan, path);
  }
  for (const h of uses.hashes) {
    h.keys = new Map(h.keys as [string, never][]);
    h.span = unpackSpan(h.span as PackedSpan, path);
  }
  for (const t of uses.candidates) {
    t.span = unpackSpan(t.span as PackedSpan, path);
    t.spans = t.spans.map((s) => unpackSpan(s as PackedSpan, path));
  }
  return uses as unknown as FileUses;
}

/** A controller file's bodies as JSON data: its spans as a file's uses' are (`encodeUses`), the path each body holds left out. */
export function encodeBodies(file: ControllerFile): unknown {
  return {
    bodies: file.bodies.map(([name, bodies]) => [
      name,
      bodies.map(({ file: _path, ...b }) => ({ ...b, nameSpan: packSpan(b.nameSpan), insertAt: b.insertAt && packSpan(b.insertAt), steps: b.steps.map((step) => ("span" in step ? { ...step, span: packSpan(step.span) } : step)) })),
    ]),
  };
}

/** An entry's JSON data, as `encodeUses` and `encodeBodies` make it for its kind (a model file's facts are stored as they are). */
export function encodeFacts(kind: FactsKind, value: FileUses | ControllerFile | ModelFileFacts): unknown {
  return kind === "k" ? encodeBodies(value as ControllerFile) : kind === "m" ? value : encodeUses(value as FileUses);
}

/** A controller file's bodies from an entry this run's own reader made (`decodeOwnUses`): made whole in place, not checked again. */
export function decodeOwnBodies(stored: unknown, path: string): ControllerFile | undefined {
  const bodies = (stored as { bodies?: unknown } | null)?.bodies;
  if (!Array.isArray(bodies)) return undefined;
  for (const [, list] of bodies as [string, Record<string, unknown>[]][]) for (const b of list) unpackBody(b, path);
  return stored as ControllerFile;
}

/** A stored body's path and spans, in place. */
function unpackBody(b: Record<string, unknown>, path: string): void {
  b.file = path;
  b.nameSpan = unpackSpan(b.nameSpan as PackedSpan, path);
  if (b.insertAt !== undefined) b.insertAt = unpackSpan(b.insertAt as PackedSpan, path);
  for (const step of b.steps as { span?: unknown }[]) if (step.span !== undefined) step.span = unpackSpan(step.span as PackedSpan, path);
}

const isStrings = (v: unknown) => Array.isArray(v) && v.every((s) => typeof s === "string");

/** A file's bodies from what was stored, or undefined when it does not have the shape `encodeBodies` gives; made whole in place, its bodies in `path`. */
export function decodeBodies(stored: unknown, path: string): ControllerFile | undefined {
  if (!validBodies(stored)) return undefined;
  for (const [, list] of stored.bodies) for (const b of list) unpackBody(b, path);
  return stored as unknown as ControllerFile;
}

function validBodies(value: unknown): value is { bodies: [string, Record<string, unknown>[]][] } {
  const bodies = (value as { bodies?: unknown } | null)?.bodies;
  if (!Array.isArray(bodies)) return false;
  for (const pair of bodies) {
    if (!Array.isArray(pair) || pair.length !== 2 || typeof pair[0] !== "string" || !Array.isArray(pair[1])) return false;
    for (const b of pair[1]) {
      if (!b || typeof b.name !== "string" || (b.kind !== "class" && b.kind !== "module") || b.file !== undefined || !isPackedSpan(b.nameSpan)) return false;
      if ((b.insertAt !== undefined && !isPackedSpan(b.insertAt)) || !isStrings(b.nesting) || !isStrings(b.includes) || !Array.isArray(b.steps)) return false;
      for (const step of b.steps) {
        if (!step || (typeof step.def !== "string" && typeof step.set !== "string" && typeof step.alias !== "string")) return false;
        if ((step.def !== undefined || step.alias !== undefined) && !isPackedSpan(step.span)) return false;
      }
    }
  }
  return true;
}

/**
 * What the entries are made by: the running bundle's bytes (`dist/bundle/cli.js` or `languageServer.js`,
 * which hold the mapper), or outside a bundle every compiled file of the server and the mapper;
 * undefined (no cache) when they cannot be read.
 */
let build: string | undefined | null = null;
/** Defined (true) by esbuild in the bundles; a compiled file outside one has no such global. */
declare const ROUTEMAP_BUNDLED: boolean | undefined;
export function buildVersion(): string | undefined {
  if (build !== null) return build;
  try {
    const here = fileURLToPath(import.meta.url);
    const hash = createHash("sha256");
    // Not by its folder's name: the extension runs a copy of the bundle from its own dist/.
    if (typeof ROUTEMAP_BUNDLED === "boolean") hash.update(readFileSync(here));
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

/** Marks a pack (or another kept file: keptDraws.ts) as used (its modification time), at most once a day. */
export function touch(file: string): void {
  try {
    if (Date.now() - statSync(file).mtimeMs > DAY) utimesSync(file, new Date(), new Date());
  } catch {
    // Only the clean-up depends on it.
  }
}

/**
 * Removes packs (the `ext` files of `dir`: keptDraws.ts keeps its own so too, parseStore.ts its
 * `.prism` files) unused for a month, those past `maxBytes` from the least recently used on (each
 * build of Routemap makes its own: a checkout rebuilt often leaves many), and partial writes a
 * day old (a process that died writing).
 */
export function prune(dir: string, ext = ".json", maxBytes = MAX_FOLDER_BYTES): void {
  try {
    const packs: { path: string; size: number; mtime: number }[] = [];
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      const { mtimeMs, size } = statSync(path);
      const age = Date.now() - mtimeMs;
      if ((name.endsWith(ext) && age > UNUSED_FOR) || (name.endsWith(".partial") && age > DAY)) rmSync(path, { force: true });
      else if (name.endsWith(ext)) packs.push({ path, size, mtime: mtimeMs });
    }
    let total = 0;
    for (const pack of packs.sort((a, b) => b.mtime - a.mtime)) {
      total += pack.size;
      if (total > maxBytes) rmSync(pack.path, { force: true });
    }
  } catch {
    // Only the clean-up depends on it.
  }
}
