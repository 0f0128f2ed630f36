/**
 * The files the server asks the client to watch (`workspace/didChangeWatchedFiles`), and what
 * the disk held there, kept while it does (texts, folders' listings): a client that watches
 * reports each change there, so nothing need be read again until one comes. References and
 * renames read every checked file of the app at each request: 50,000 files in issue 30's large
 * app, 2 s a request, nearly all of it listing folders and reading files that had not changed.
 */
import { basename, dirname, isAbsolute, join, relative, sep } from "node:path";
import type { FileSystem } from "./fileSystem.js";

/**
 * The globs registered with the client: the files at an app's root that say which gems and Ruby
 * it runs, and whole folders (the routes' inputs in config/, the checked files in app/, test/
 * and spec/, the code in lib/). A folder's every change is reported, its own going included, so
 * that its listing can be kept as well as its files' texts.
 */
export const REGISTERED_GLOBS: readonly string[] = ["**/Gemfile.lock", "**/Gemfile", "**/.ruby-version", "**/app/**", "**/lib/**", "**/test/**", "**/spec/**", "**/config/**"];

/** A glob of the list above as a pattern over a `/`-separated path (`**` then `/`: any folders, or none; `*`: within a name). */
function globPattern(glob: string): string {
  let out = "";
  for (let i = 0; i < glob.length; i++) {
    if (glob.startsWith("**/", i)) (out += "(?:[^/]*/)*"), (i += 2);
    else if (glob.startsWith("**", i)) (out += ".*"), (i += 1);
    else if (glob[i] === "*") out += "[^/]*";
    else out += glob[i].replace(/[.+?^${}()|[\]\\]/g, "\\$&");
  }
  return out;
}

const WATCHED = new RegExp(`^(?:${REGISTERED_GLOBS.map(globPattern).join("|")})$`);
/** Where no client's watcher looks (VS Code leaves them out by default): nothing there is kept. */
const UNWATCHED_PART = /(?:^|\/)(?:node_modules|\.git)(?:\/|$)/;

/** `path` below the workspace folder that holds it, `/`-separated, with that folder. */
function below(path: string, folders: readonly string[]): { folder: string; rest: string } | undefined {
  for (const folder of folders) {
    const rest = relative(folder, path);
    if (rest && !rest.startsWith("..") && !isAbsolute(rest)) return { folder, rest: sep === "/" ? rest : rest.split(sep).join("/") };
  }
  return undefined;
}

/**
 * Whether a change of `path` is reported by a client watching `REGISTERED_GLOBS`: matched below
 * the workspace folder that holds it. VS Code matches such a glob against the whole path, other
 * clients below the folder; a path that matches below its folder matches either way.
 */
export function isWatchedPath(path: string, folders: readonly string[]): boolean {
  return watchedBelow(path, folders) !== undefined;
}

/** `below`, for a watched path only. */
function watchedBelow(path: string, folders: readonly string[]): { folder: string; rest: string } | undefined {
  const found = below(path, folders);
  return found && WATCHED.test(found.rest) && !UNWATCHED_PART.test(found.rest) ? found : undefined;
}

/**
 * Kept texts are this many UTF-16 units at most (about 64 MB as Latin-1 strings): issue 30's
 * large app's 50,000 files are 9.3 million; past it, files are read each time as before.
 */
const MAX_KEPT_UNITS = 64 * 1024 * 1024;

/**
 * What the disk held at the first read of a watched file (its text) or folder (its listing),
 * kept until the client reports a change there. Only while the client watches: else each read
 * goes to the disk.
 */
export class KeptFiles {
  private readonly texts = new Map<string, string>();
  private readonly listings = new Map<string, string[]>();
  private units = 0;

  /**
   * `folders`: the workspace folders the client watches. A file or folder reached through a
   * symbolic link is read each time: a change of what the link leads to is reported for that
   * path (or not at all, outside the workspace), never for the link's.
   */
  constructor(private readonly folders: () => readonly string[]) {}

  /** `fs` with its reads kept while `watching()` says the client reports changes. */
  over(fs: FileSystem, watching: () => boolean): FileSystem {
    return {
      ...fs,
      readFile: (path) => (watching() ? this.text(path, fs) : fs.readFile(path)),
      readDir: (path) => (watching() ? this.listing(path, fs) : fs.readDir(path)),
    };
  }

  private text(path: string, fs: FileSystem): string | undefined {
    const kept = this.texts.get(path);
    if (kept !== undefined) return kept;
    const text = fs.readFile(path);
    if (text !== undefined && this.units + text.length <= MAX_KEPT_UNITS && this.keeps(dirname(path), fs, path) && !fs.isLink?.(path)) {
      this.texts.set(path, text);
      this.units += text.length;
    }
    return text;
  }

  private listing(path: string, fs: FileSystem): string[] {
    const kept = this.listings.get(path);
    if (kept !== undefined) return kept.slice();
    const names = fs.readDir(path);
    // An empty listing may be a folder not there (yet): read again.
    if (names.length && this.keeps(path, fs)) this.listings.set(path, [...names]);
    return names;
  }

  /**
   * Whether `watched` (`folder` or a file in it) is watched (`isWatchedPath`), and `folder` is
   * reached through no symbolic link below its workspace folder (which may be one). Folders'
   * real paths are kept by the file system; a file's are not asked for (each would be kept with
   * them, and a large app's would crowd out its folders').
   */
  private keeps(folder: string, fs: FileSystem, watched = folder): boolean {
    const found = watchedBelow(watched, this.folders());
    if (!found) return false;
    if (!fs.realPath) return true;
    const real = fs.realPath(folder);
    return real !== undefined && real === join(fs.realPath(found.folder) ?? found.folder, relative(found.folder, folder));
  }

  /**
   * `path` changed, appeared or went on disk. One that appeared or went changes its folders'
   * listings (a client may report a new folder's files and not the folder), and may be a
   * folder, whose files and folders go too.
   */
  changed(path: string, kind: "created" | "changed" | "deleted"): void {
    const file = this.dropText(path);
    const folder = this.listings.delete(path);
    if (kind === "changed") return;
    for (let up = dirname(path); up !== dirname(up) && this.listings.size; up = dirname(up)) this.listings.delete(up);
    // What is kept below it is looked for only where the path may be a folder: a checkout
    // creates and deletes files by thousands, each reported.
    if (!folder && (file || basename(path).includes("."))) return;
    const inside = path + sep;
    for (const kept of this.texts.keys()) if (kept.startsWith(inside)) this.dropText(kept);
    for (const kept of this.listings.keys()) if (kept.startsWith(inside)) this.listings.delete(kept);
  }

  /** Everything kept dropped (the workspace folders changed). */
  clear(): void {
    this.texts.clear();
    this.listings.clear();
    this.units = 0;
  }

  /** Drops the kept text of `path`; whether there was one. */
  private dropText(path: string): boolean {
    const text = this.texts.get(path);
    if (text === undefined) return false;
    this.units -= text.length;
    return this.texts.delete(path);
  }
}
