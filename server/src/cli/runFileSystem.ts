/**
 * The file system one `routemap check` run reads through: each file's text and each folder's
 * entries read once and kept for the run, so that every phase (the names the app defines, the
 * controller model, the helper checks, the models a polymorphic target names) sees the same
 * text, and none reads it again. On issue 30's large app the phases opened 130,000 files for
 * 50,000 (a controller six times, `application_record.rb` once per model): 2.6 s of a warm run's
 * 9 s of processor time went in `open`, `fstat`, `read` and `close`.
 *
 * The run is one snapshot of the app, as a command that runs once and exits can be: a file edited
 * meanwhile is read as it was when first read (the language server, which lives through edits,
 * keeps reading `nodeFileSystem`). Texts are kept up to `MAX_KEPT_CHARS` in all; past that a
 * read goes to the disk each time, as before (an app's checked Ruby is a few MB: the large
 * app's 50,000 files hold 9 MB).
 */
import type { FileSystem } from "../fileSystem.js";

/** The most text (in UTF-16 code units) kept for one run. */
const MAX_KEPT_CHARS = 256 << 20;

/** What reads files ahead of the run (textReader.ts): a text it read, or undefined for the run to read it. */
export interface ReadAhead {
  take(path: string): { text: string | undefined; digest?: string } | undefined;
}

/** The run's file system, and the digest of a text it read where the reader worked it out (`ReadAhead`'s). */
export type RunFileSystem = FileSystem & { digestOf(path: string, text: string): string | undefined };

/**
 * `fs` with `readFile` and `readDir` answered once per path; the rest passes through. `ahead()`:
 * the reader, once started, whose texts are taken first.
 */
export function runFileSystem(fs: FileSystem, ahead: () => ReadAhead | undefined = () => undefined): RunFileSystem {
  const texts = new Map<string, string | undefined>();
  const digests = new Map<string, string>();
  const dirs = new Map<string, string[]>();
  let kept = 0;
  return {
    ...fs,
    readFile(path) {
      if (texts.has(path)) return texts.get(path);
      const taken = ahead()?.take(path);
      const text = taken ? taken.text : fs.readFile(path);
      if (kept + (text?.length ?? 0) <= MAX_KEPT_CHARS) {
        texts.set(path, text);
        kept += text?.length ?? 0;
        if (taken?.digest !== undefined) digests.set(path, taken.digest);
      }
      return text;
    },
    // Only for the text kept: one read again from the disk may differ.
    digestOf: (path, text) => (texts.get(path) === text ? digests.get(path) : undefined),
    readDir(path) {
      let entries = dirs.get(path);
      // Callers only read the list; it is copied so that none can change the one kept.
      if (!entries) dirs.set(path, (entries = fs.readDir(path)));
      return [...entries];
    },
  };
}
