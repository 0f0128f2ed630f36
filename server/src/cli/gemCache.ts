/**
 * What an installed gem defines, kept in the user's cache folder between runs: it is a fact of
 * the gem's files, so a second `routemap check` (or server start) reads the gem's file list and
 * their sizes and times, not its 16 MB of Ruby. The folder is the one `bin/codeCache.cjs` uses
 * ($ROUTEMAP_CACHE_DIR, `off` or empty turning it off; else the platform's cache folder), under
 * `gems/`: one file per gem version and directory, written whole or not at all (a rename), in a
 * folder only the user can read (0700, files 0600).
 *
 * An entry is used only when it was made by this reader from exactly these files: the reader's
 * own code, the gem's name, version and directory, and each file's path, size, modification time
 * and inode (the fingerprint) must be the same. Anything else, or any failure to read or write the
 * folder, only costs the cache: the gem is read as it would be without.
 */
import { writeAtomically } from "./atomicWrite.js";
import { createHash } from "./lazyCrypto.js";
import { readdirSync, rmSync, statSync, utimesSync } from "node:fs";
import { readCacheFile } from "./cacheFile.js";
import { homedir } from "node:os";
import { join } from "node:path";

/** Bumped when the entries' shape changes; the reader's code is in the key too. */
const FORMAT = 1;
/** Entries larger than this are not read (a gem's facts are a few KB). */
const MAX_ENTRY_BYTES = 8 << 20;
const DAY = 24 * 60 * 60 * 1000;
/** Entries unused this long are removed when another is written (each gem upgrade leaves one behind). */
const UNUSED_FOR = 60 * DAY;

/** The user's cache folder, as bin/codeCache.cjs finds it; undefined when turned off. */
export function cacheFolder(env: NodeJS.ProcessEnv = process.env): string | undefined {
  const chosen = env.ROUTEMAP_CACHE_DIR;
  if (chosen !== undefined) return chosen === "" || chosen === "off" ? undefined : chosen;
  const home = env.HOME || homedir();
  if (process.platform === "win32") return join(env.LOCALAPPDATA || join(home, "AppData", "Local"), "routemap", "Cache");
  if (process.platform === "darwin") return join(home, "Library", "Caches", "routemap");
  return join(env.XDG_CACHE_HOME || join(home, ".cache"), "routemap");
}

export interface CacheKey {
  name: string;
  version: string;
  dir: string;
  /** A hash of the gem's files and their versions. */
  fingerprint: string;
}

export interface CacheStats {
  used: number;
  made: number;
  /** Entries that could not be written (an unwritable folder). */
  failed: number;
}

export class GemCache<T> {
  readonly stats: CacheStats = { used: 0, made: 0, failed: 0 };
  private pruned = false;

  /**
   * @param folder the cache folder (its `gems/` holds the entries)
   * @param code what the entries are made by (the reader's source): another reader's are not used
   * @param valid checks an entry's value has the shape the reader gives
   */
  constructor(
    readonly folder: string,
    private readonly code: string,
    private readonly valid: (value: unknown) => value is T,
  ) {}

  private file(key: CacheKey): string {
    // The reader's code in the name too: the command's and the language server's bundles (and
    // two installed versions) each keep their own entry instead of writing over each other's.
    const where = createHash("sha256").update(`${key.dir}\0${this.code}`).digest("hex").slice(0, 16);
    return join(this.folder, "gems", `${key.name}-${key.version}-${where}.json`);
  }

  get(key: CacheKey): T | undefined {
    const file = this.file(key);
    let entry: { format?: unknown; code?: unknown; name?: unknown; version?: unknown; dir?: unknown; fingerprint?: unknown; value?: unknown };
    try {
      const text = readCacheFile(file, MAX_ENTRY_BYTES);
      if (text === undefined) return undefined;
      entry = JSON.parse(text);
    } catch {
      return undefined;
    }
    if (!entry || entry.format !== FORMAT || entry.code !== this.code || entry.name !== key.name || entry.version !== key.version || entry.dir !== key.dir || entry.fingerprint !== key.fingerprint) return undefined;
    if (!this.valid(entry.value)) return undefined;
    touch(file);
    this.stats.used++;
    return entry.value;
  }

  set(key: CacheKey, value: T): void {
    const file = this.file(key);
    if (!writeAtomically(file, JSON.stringify({ format: FORMAT, code: this.code, ...key, value }))) {
      this.stats.failed++;
      return;
    }
    this.stats.made++;
    this.prune();
  }

  /** Removes entries unused for two months, and partial writes a day old (a process that died writing). */
  private prune(): void {
    if (this.pruned) return;
    this.pruned = true;
    const dir = join(this.folder, "gems");
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
}

/** Marks an entry as used (its modification time), at most once a day: unused ones are removed. */
function touch(file: string): void {
  try {
    if (Date.now() - statSync(file).mtimeMs > DAY) utimesSync(file, new Date(), new Date());
  } catch {
    // Only the clean-up depends on it.
  }
}
