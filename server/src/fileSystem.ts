/**
 * What the server and the CLI read from disk, behind a small interface so features and
 * workspace logic can be tested on in-memory trees.
 *
 * Every read is bounded: regular files of at most 4 MiB, opened without blocking; walks of
 * directories by real path (a symbolic link back up the tree is seen once), to a depth and a
 * number of entries, saying so when they stop early. And nothing outside the app is read
 * through it: a path inside one of the confined roots (the workspace folders, or the app the
 * CLI runs on) is read only when its real path is inside one of them too, so a symbolic link
 * out of the app is not followed (README: "What Routemap reads"). Paths outside every root
 * (installed gems) are read as they are.
 */
import { accessSync, closeSync, constants, existsSync, fstatSync, lstatSync, openSync, readdirSync, readFileSync, readSync, realpathSync, statSync, type Dirent } from "node:fs";
// `fs.promises` is read where it is used: Node loads it (and readline, fs/dir, the watchers) on
// first access, which a cold `routemap routes` over one file never needs (about 5 ms).
import { promises as fsPromises } from "node:fs";
import { basename, dirname, join, normalize, sep } from "node:path";

/** The largest file Routemap reads: far above any routes file, far below what could stall a keystroke. */
export const MAX_FILE_BYTES = 4 << 20;
/** The most entries (files and directories) one walk visits: five times the largest app we know of. */
export const MAX_WALK_ENTRIES = 200_000;

export interface FileSystem {
  /** A regular file's text; undefined when it is absent, not a regular file, too large, unreadable or outside the app. */
  readFile(path: string): string | undefined;
  /** Why `readFile` gives nothing for a path that exists ("it is a named pipe..."); undefined otherwise. */
  unreadReason?(path: string): string | undefined;
  /** Entries of a directory: names, with a trailing `/` for directories. */
  readDir(path: string): string[];
  /** The same, without blocking the thread (walks of whole workspace folders). */
  readDirAsync?(path: string): Promise<string[]>;
  exists(path: string): boolean;
  /** Something that changes when the file does (its modification time, size, inode), or undefined when it is not there. */
  version?(path: string): string | undefined;
  /** The path with every symbolic link resolved, or undefined when it does not exist. */
  realPath?(path: string): string | undefined;
  /** Whether the path itself (not its folders) is a symbolic link. */
  isLink?(path: string): boolean;
  /** Told when a walk stops early (its cap): the host shows it to the user. */
  notice?(message: string): void;
  /** Reads nothing through a symbolic link that leads out of these folders, or nothing outside them at all (`confineTo`). */
  confine?(roots: readonly string[], options?: { restricted?: boolean }): void;
}

/** The real paths of the confined roots, and the paths they were given as. */
let confined: { path: string; real: string }[] = [];
/** A restricted workspace's: nothing at all is read outside the roots (no installed gem either). */
let strict = false;

/**
 * Confines `nodeFileSystem` to these folders (the workspace folders, or the CLI's app): a path
 * inside one is read only if its real path is inside one too. `restricted` (an untrusted
 * workspace): nothing outside them is read at all. Call again to replace them.
 */
export function confineTo(roots: readonly string[], options: { restricted?: boolean } = {}): void {
  confined = roots.map((path) => ({ path, real: realPathOf(path) ?? path }));
  strict = !!options.restricted;
  realPaths.clear();
}

const within = (path: string, root: string) => path === root || path.startsWith(root.endsWith(sep) ? root : root + sep);

/**
 * Whether a path lies in a confined root but leads, through a symbolic link, out of all of
 * them. `Gemfile.lock` is the exception: Debian's packaged apps (redmine) link it to
 * /var/lib, Bundler follows it, and Routemap reads only gem names, versions and sources
 * from it (the gems themselves are read where they are installed, outside the app anyway).
 */
function escapes(path: string, resolve: (path: string) => string | undefined = realPathOf): boolean {
  if (strict) {
    const real = resolve(path) ?? realPathOfParent(path);
    return !confined.some((r) => within(path, r.path) && (real === undefined || within(real, r.real)));
  }
  if (basename(path) === "Gemfile.lock" || !confined.some((r) => within(path, r.path))) return false;
  const real = resolve(path) ?? realPathOfParent(path);
  return real !== undefined && !confined.some((r) => within(real, r.real));
}

/** `escapes` for a folder about to be listed: folders' real paths are kept (`cachedRealPath`). */
const folderListingEscapes = (path: string) => escapes(path, cachedRealPath);

/**
 * `escapes` for a file about to be opened with O_NOFOLLOW: only its folder is resolved, and
 * folders' real paths are kept (a large app's 50,000 reads resolved every component of every
 * path: three seconds of `check`). The file itself, if a link, fails to open and is resolved then.
 */
function folderEscapes(path: string): boolean {
  if (strict ? !confined.some((r) => within(path, r.path)) : basename(path) === "Gemfile.lock" || !confined.some((r) => within(path, r.path))) return strict;
  const folder = dirname(path);
  const real = cachedRealPath(folder) ?? realPathOfParent(folder) ?? folder;
  return !confined.some((r) => within(real, r.real));
}

/**
 * A path's real path, kept once found (folders: each walk and each read of a large app asked
 * again for the same few thousand); emptied when the roots change.
 */
function cachedRealPath(path: string): string | undefined {
  let real = realPaths.get(path);
  if (real === undefined) {
    real = realPathBelowKnown(path);
    if (real === undefined) return undefined;
    if (realPaths.size >= 100_000) realPaths.clear();
    realPaths.set(path, real);
  }
  return real;
}
const realPaths = new Map<string, string>();

/**
 * A listed folder that is no symbolic link (its entry says so, `Dirent.isDirectory`): its real
 * path is its parent's and its name, kept now, so that a walk entering it needs no `lstat` (on
 * issue 30's app, 25,000 folders: about 80 ms of `check`'s main thread).
 */
function keepChildRealPath(dir: string, realDir: string, name: string): void {
  const path = childPath(dir, name);
  if (realPaths.has(path)) return;
  if (realPaths.size >= 100_000) realPaths.clear();
  realPaths.set(path, childPath(realDir, name));
}

/**
 * A path's real path from its folder's, when that one is kept: a name that is no symbolic link
 * is the folder's real path and the name (one `lstat`), where `realpath` resolved every
 * component of the path again. A walk of issue 30's app (5,000 folders) took 75 ms of it.
 */
function realPathBelowKnown(path: string): string | undefined {
  const parent = dirname(path);
  const realParent = parent === path ? undefined : realPaths.get(parent);
  if (realParent === undefined) return realPathOf(path);
  try {
    if (lstatSync(path).isSymbolicLink()) return realPathOf(path);
  } catch {
    return undefined;
  }
  return join(realParent, basename(path));
}

function realPathOf(path: string): string | undefined {
  try {
    return realpathSync.native(path);
  } catch {
    return undefined;
  }
}

/** The real path a file not (yet) there would have: its nearest existing folder's, and the rest. */
function realPathOfParent(path: string): string | undefined {
  const parent = dirname(path);
  if (parent === path) return undefined;
  const real = realPathOf(parent) ?? realPathOfParent(parent);
  return real === undefined ? undefined : join(real, path.slice(parent.length));
}

/**
 * Where `path` really is: its real path, or for a file not there yet, its nearest existing
 * folder's real path and the rest (the file "Create controller" would make). Lexical for a
 * file system without `realPath`.
 */
export function realLocation(fs: FileSystem, path: string): string {
  if (!fs.realPath) return path;
  const real = fs.realPath(path);
  if (real !== undefined) return real;
  const parent = dirname(path);
  return parent === path ? path : join(realLocation(fs, parent), path.slice(parent.length));
}

/**
 * `MapInput.exists` for the app at `root`: a path inside it that exists, or one that exists but
 * is not read (through a symbolic link, or a folder that is one, out of the app; a pipe): that
 * one is put in `unread` with why, so that `draw` says Routemap did not read it, never Rails'
 * "file not found", which Rails, reading through the link, would not raise.
 */
export function appExists(fs: FileSystem, root: string, unread: Map<string, string>): (path: string) => boolean {
  return (path) => {
    if (!path.startsWith(root + "/")) return false;
    if (fs.exists(path)) return true;
    const why = fs.unreadReason?.(path);
    if (why === undefined) return false;
    unread.set(path, why);
    return true;
  };
}

/** Whether `path`, followed through its links, lies in one of `roots` (followed too). */
export function isInside(fs: FileSystem, path: string, roots: readonly string[]): boolean {
  const real = realLocation(fs, path);
  return roots.some((root) => within(real, realLocation(fs, root)));
}

const OUTSIDE = "it is a symbolic link that leads out of the workspace (or the app the command runs on), which Routemap does not follow";

/**
 * A directory entry's name, `/`-suffixed for a directory (a link: for what it leads to). A
 * link out of the roots is listed as a file, never entered: reading it says why it is not read.
 */
function entryName(dir: string, entry: Dirent): string | undefined {
  if (entry.isDirectory()) return `${entry.name}/`;
  if (!entry.isSymbolicLink()) return entry.name;
  const path = join(dir, entry.name);
  if (escapes(path)) return entry.name;
  try {
    return statSync(path).isDirectory() ? `${entry.name}/` : entry.name;
  } catch {
    return entry.name;
  }
}

/**
 * Opens a file for reading without blocking. Not through a final symbolic link at first
 * (O_NOFOLLOW): most files are none, and their folder was checked; a link is checked whole
 * (`escapes`) and then opened. Undefined for a link that leads out of the roots.
 */
function openLeaf(path: string): number | undefined {
  const flags = constants.O_RDONLY | (constants.O_NONBLOCK ?? 0);
  const noFollow = confined.length ? (constants.O_NOFOLLOW ?? 0) : 0;
  try {
    return openSync(path, flags | noFollow);
  } catch (e) {
    if (!noFollow || (e as NodeJS.ErrnoException).code !== "ELOOP") throw e;
  }
  return escapes(path) ? undefined : openSync(path, flags);
}

/** `readText`'s buffer, kept for the next file up to this size (a large app's files are a few KB). */
const KEPT_BUFFER_BYTES = 1 << 20;
let readBuffer = Buffer.allocUnsafe(64 << 10);

/**
 * An open regular file's text: the `size` bytes its `fstat` gave, in one `read` into a buffer
 * kept between files, decoded as `readFileSync(fd, "utf8")` decodes (invalid bytes as U+FFFD,
 * a BOM kept). `readFileSync` read until a `read` returned nothing (two per file) through its
 * options' checks: on issue 30's large app (50,000 files read by `check`) about 0.1 s of
 * processor time less in a micro-benchmark of both (docs/benchmarks.md, cold30c). A file that
 * grows meanwhile is read as it was at the `fstat`, never past the size cap. A file whose size
 * says 0 (empty, or a kernel's file that reports none) is read as before.
 */
function readText(fd: number, size: number): string {
  if (size === 0) return readFileSync(fd, "utf8");
  const buffer = size <= readBuffer.length ? readBuffer : Buffer.allocUnsafe(size);
  if (buffer !== readBuffer && size <= KEPT_BUFFER_BYTES) readBuffer = buffer;
  let length = 0;
  // Fewer bytes at once only from a file shrunk meanwhile (0: its end) or a signal.
  while (length < size) {
    const got = readSync(fd, buffer, length, size - length, null);
    if (got === 0) break;
    length += got;
  }
  return buffer.toString("utf8", 0, length);
}

export const nodeFileSystem: FileSystem = {
  readFile(path) {
    if (folderEscapes(path)) return undefined;
    // Opened without blocking and checked on the open descriptor: a named pipe would block
    // open() and read() until some writer came, which in an untrusted workspace is never.
    let fd: number | undefined;
    try {
      fd = openLeaf(path);
      if (fd === undefined) return undefined;
      const stat = fstatSync(fd);
      if (!stat.isFile() || stat.size > MAX_FILE_BYTES) return undefined;
      return readText(fd, stat.size);
    } catch {
      return undefined;
    } finally {
      if (fd !== undefined) closeSync(fd);
    }
  },
  unreadReason(path) {
    let stat;
    try {
      stat = statSync(path);
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      return code === "ENOENT" ? undefined : `it cannot be read (${code})`;
    }
    if (escapes(path)) return OUTSIDE;
    if (stat.isFIFO()) return "it is a named pipe (FIFO), not a regular file";
    if (stat.isSocket()) return "it is a socket, not a regular file";
    if (stat.isCharacterDevice() || stat.isBlockDevice()) return "it is a device, not a regular file";
    if (stat.isDirectory()) return "it is a directory";
    if (!stat.isFile()) return "it is not a regular file";
    if (stat.size > MAX_FILE_BYTES) return `it is larger than ${MAX_FILE_BYTES >> 20} MiB, the most Routemap reads`;
    try {
      accessSync(path, constants.R_OK);
    } catch (e) {
      return `it cannot be read (${(e as NodeJS.ErrnoException).code})`;
    }
    return undefined;
  },
  readDir(path) {
    if (folderListingEscapes(path)) return [];
    try {
      const out: string[] = [];
      const real = realPaths.get(path);
      for (const entry of readdirSync(path, { withFileTypes: true })) {
        const name = entryName(path, entry);
        if (name === undefined) continue;
        out.push(name);
        if (real !== undefined && entry.isDirectory()) keepChildRealPath(path, real, entry.name);
      }
      return out;
    } catch {
      return [];
    }
  },
  async readDirAsync(path) {
    if (folderListingEscapes(path)) return [];
    const out: string[] = [];
    try {
      // One request to the thread pool per folder (an `opendir` iteration, entry by entry, took six times as long).
      const entries = await fsPromises.readdir(path, { withFileTypes: true });
      const real = realPaths.get(path);
      for (const entry of entries) {
        const name = entryName(path, entry);
        if (name === undefined) continue;
        out.push(name);
        if (real !== undefined && entry.isDirectory()) keepChildRealPath(path, real, entry.name);
      }
    } catch {
      // Unreadable, or gone meanwhile.
    }
    return out;
  },
  exists: (path) => !escapes(path) && existsSync(path),
  realPath: cachedRealPath,
  isLink(path) {
    try {
      return lstatSync(path).isSymbolicLink();
    } catch {
      return false;
    }
  },
  version(path) {
    try {
      const stat = statSync(path);
      return `${stat.mtimeMs}:${stat.size}:${stat.ino}`;
    } catch {
      return undefined;
    }
  },
  confine: confineTo,
  notice: (message) => process.stderr.write(`routemap: ${message}\n`),
};

/** Directories never searched for apps or helper calls. */
export const SKIPPED_DIRECTORIES = new Set(["node_modules", ".git"]);

/**
 * A Rails root's folders of files the app writes or serves (Rails' `public/`, `tmp/`, `log/`,
 * `storage/`, and coverage reports): skipped beside a `config/` folder only. Elsewhere the name
 * is the app's own (`app/controllers/public/`, the `Public::` namespace: identity-idp).
 */
const ROOT_RUNTIME_DIRECTORIES = new Set(["tmp", "log", "coverage", "public", "storage"]);

export interface WalkOptions {
  /** How deep below the root (12). */
  maxDepth?: number;
  /** How many entries at most (MAX_WALK_ENTRIES); the file system's `notice` is told when a walk stops there. */
  maxEntries?: number;
  /** Only files of this name are offered to `accept`: a path is made for them alone (the search for apps made one for each of a large app's 50,000 files). */
  fileName?: string;
  /** The search for apps (their routes files): a Rails root's `app/` folder is not entered (`isRailsRoot`). */
  forApps?: boolean;
}

/**
 * Whether a folder's entries are those of a Rails app's or engine's root (a `config` folder and
 * a Gemfile, its lock, a `config.ru` or a Rakefile). Its `app/` folder, where most of a large
 * app's folders are (a view folder per controller), is not searched for routes files: it holds
 * the code Rails autoloads and the views; Rails reads no routes file from it, and an app or
 * engine of the app's is a folder beside it or a gem (issue 30 §6: the first hover waited for
 * this walk).
 */
function isRailsRoot(entries: readonly string[]): boolean {
  return entries.includes("config/") && entries.some((e) => e === "Gemfile" || e === "Gemfile.lock" || e === "config.ru" || e === "Rakefile");
}

/**
 * `join(dir, name)` for a folder's entry: `dir` is normalized (a walk's root is, and every
 * folder under it is made here) and a name from `readdir` has no separator nor dots to resolve,
 * so the two are only put together. `join` normalized each of a large app's 50,000 paths again:
 * about a third of the time of a walk over it.
 */
const childPath = (dir: string, name: string) => (dir.endsWith(sep) ? dir + name : dir + sep + name);

/** A walk's state: the real paths of the directories seen, and what is left of its entries. */
class Walk {
  private readonly seen = new Set<string>();
  private left: number;
  stopped = false;
  readonly out: string[] = [];

  constructor(
    private readonly fs: FileSystem,
    private readonly root: string,
    private readonly accept: (path: string) => boolean,
    private readonly options: WalkOptions,
  ) {
    this.left = options.maxEntries ?? MAX_WALK_ENTRIES;
  }

  /** Whether to enter `dir`: first time by real path, not too deep, entries left. */
  enter(dir: string, depth: number): boolean {
    if (depth > (this.options.maxDepth ?? 12) || this.stopped) return false;
    const real = this.fs.realPath?.(dir) ?? dir;
    if (this.seen.has(real)) return false;
    this.seen.add(real);
    return true;
  }

  /** Takes a directory's entries; returns the subdirectories to enter. */
  take(dir: string, entries: string[]): string[] {
    const dirs: string[] = [];
    const skipApp = this.options.forApps === true && isRailsRoot(entries);
    const atRoot = entries.includes("config/");
    for (const entry of entries) {
      if (--this.left < 0) {
        this.stop();
        break;
      }
      if (entry.endsWith("/")) {
        const name = entry.slice(0, -1);
        if (SKIPPED_DIRECTORIES.has(name) || name.startsWith(".") || (atRoot && ROOT_RUNTIME_DIRECTORIES.has(name))) continue;
        if (name === "bundle" && dir.endsWith("vendor")) continue;
        if (skipApp && name === "app") continue;
        dirs.push(childPath(dir, name));
      } else if (this.options.fileName === undefined || entry === this.options.fileName) {
        const path = childPath(dir, entry);
        if (this.accept(path)) this.out.push(path);
      }
    }
    return dirs;
  }

  private stop(): void {
    this.stopped = true;
    const most = (this.options.maxEntries ?? MAX_WALK_ENTRIES).toLocaleString("en");
    this.fs.notice?.(`${this.root} holds more than ${most} files and folders: Routemap read the first ${most} and stopped there. Open the Rails app's own folder instead.`);
  }
}

/**
 * Every file below `root` accepted by `accept`, skipping dependency and build directories,
 * each directory once by real path (a link to `.` or up the tree is not walked again), to a
 * depth and a number of entries.
 */
export function walk(fs: FileSystem, root: string, accept: (path: string) => boolean, maxDepth = 12, options: WalkOptions = {}): string[] {
  root = normalize(root);
  const w = new Walk(fs, root, accept, { ...options, maxDepth });
  const visit = (dir: string, depth: number) => {
    if (!w.enter(dir, depth)) return;
    for (const sub of w.take(dir, fs.readDir(dir))) visit(sub, depth + 1);
  };
  visit(root, 0);
  return w.out;
}

/** Folders listed at once by `walkAsync`. */
const PARALLEL_READS = 16;

/**
 * `walk`, without holding the thread: directories are read asynchronously where the file
 * system can, and the walk yields to other work (messages) every few directories. For whole
 * workspace folders, which may be anything, `/` included.
 */
export async function walkAsync(fs: FileSystem, root: string, accept: (path: string) => boolean, options: WalkOptions = {}): Promise<string[]> {
  root = normalize(root);
  const w = new Walk(fs, root, accept, options);
  // Breadth first, so that a huge subtree met early does not hide a shallow app beside it.
  let level = [root];
  for (let depth = 0; level.length && !w.stopped; depth++) {
    const next: string[] = [];
    const dirs = level.filter((dir) => w.enter(dir, depth));
    // A few folders read at once: one after the other, each waited for, took four times as long.
    for (let i = 0; i < dirs.length && !w.stopped; i += PARALLEL_READS) {
      const batch = dirs.slice(i, i + PARALLEL_READS);
      const listed = await Promise.all(batch.map((dir) => (fs.readDirAsync ? fs.readDirAsync(dir) : fs.readDir(dir))));
      for (let j = 0; j < batch.length; j++) for (const sub of w.take(batch[j], listed[j])) next.push(sub);
      if (!fs.readDirAsync) await new Promise((resolve) => setImmediate(resolve));
    }
    level = next;
  }
  return w.out;
}
