/**
 * Each file's URL uses as facts of its text (`RouteMapper.fileUses`), worked out once per text
 * and shared by everything that reads them: `routemap check` and the whole app's problems
 * (helperCalls.ts), references and rename (urlUses.ts). Held in memory per path while the
 * text is the same (an open document's version, or the disk's), and, when given one, in the
 * user's cache folder between runs (cli/fileFactsCache.ts). What depends on the route table or
 * on other files (the routes a call reaches, a polymorphic target's helpers from its models'
 * naming) is worked out from these each time, which costs little next to the parse.
 */
import { decodeModelFileFacts, type ControllerFile, type FileUses, type ModelFileFacts, type RouteMapper, type UsesTargets } from "@routemap/shared-mapper";
import { decodeBodies, decodeOwnBodies, decodeOwnUses, decodeUses, encodeFacts, encodeUses, FileFactsCache, fileFactsCache, type FactsKind } from "../cli/fileFactsCache.js";
import { textDigest } from "../cli/lazyCrypto.js";

export class FileUsesStore {
  private readonly byPath = new Map<string, { uses: FileUses; kind: FactsKind; text: string; also: string | undefined }>();
  /** Files parsed (not found in memory or on disk): what the benchmarks and tests count. */
  parsed = 0;
  /** Of those, the files read elsewhere (`fill`). */
  readAhead = 0;

  /**
   * `oneRun`: a command that asks for each file once (`routemap check`): the facts are not kept
   * in memory, only in the cache folder's pack. Kept, a large app's 35,000 files' facts were most
   * of the heap that the collector went over again and again.
   */
  constructor(
    private readonly disk?: FileFactsCache,
    /** `digestOf`: a text's digest where it was worked out already (the text reader's, cli/textReader.ts), else undefined. */
    private readonly o: { oneRun?: boolean; digestOf?: (path: string, text: string) => string | undefined } = {},
  ) {}

  /**
   * A file's uses; `targets`: whether polymorphic targets are looked for, as in a controller's
   * file or not, and a template's action (whose controller file's text is then in the key too).
   */
  of(mapper: RouteMapper, path: string, text: string, targets?: UsesTargets): FileUses {
    const kind = kindOf(targets);
    const also = this.alsoOf(targets);
    // The same text as last time, asked the same way (what the key is made of): its key is not
    // hashed again (a large app's references asked for 50,000 files' uses at each request, 35 ms
    // of SHA-256 each time).
    const last = this.byPath.get(path);
    if (last && last.text === text && last.kind === kind && last.also === also) return last.uses;
    const ahead = this.ready.get(`${kind}\0${path}`) ?? this.keys.get(`${kind}\0${path}`);
    this.keys.delete(`${kind}\0${path}`);
    const key = ahead && ahead.text === text && ahead.also === also ? ahead.key : this.keyOf(kind, path, text, also);
    let uses = this.takeReady(kind, path, key, decodeOwnUses) ?? this.disk?.get(kind, path, key, decodeUses);
    if (!uses) {
      // Only what the facts are made of: the host's `read` and naming stay out of them.
      uses = mapper.fileUses(path, text, targets && { controller: targets.controller, root: targets.root, assigns: targets.assigns });
      this.parsed++;
      this.disk?.set(kind, path, key, encodeUses(uses));
    }
    if (!this.o.oneRun) this.byPath.set(path, { uses, kind, text, also });
    return uses;
  }

  /**
   * A controller's (or included module's) class and module bodies, for `RouteMapper.controllers`'
   * `bodies`: from the cache folder when there, else read (the mapper keeps them in memory per text itself).
   */
  readonly bodies = (path: string, text: string, read: () => ControllerFile): ControllerFile => this.entry("k", path, text, { own: decodeOwnBodies, stored: decodeBodies }, read);

  /** What a model file says of its models' naming (`PolymorphicOptions.modelFacts`), as `bodies` gives a controller's. */
  modelFacts(mapper: RouteMapper, path: string, text: string): ModelFileFacts {
    return this.entry("m", path, text, { own: decodeModelFileFacts, stored: decodeModelFileFacts }, () => mapper.modelFacts(path, text));
  }

  /**
   * An entry that is not a file's uses (`bodies`, `modelFacts`): read ahead (decoded by `own`),
   * from the cache folder (`stored`), or `read` here and kept there for the next run. Without a
   * cache folder nothing is hashed, and what is read here is not counted as read.
   */
  private entry<T extends ControllerFile | ModelFileFacts>(kind: "k" | "m", path: string, text: string, decode: { own: (stored: unknown, path: string) => T | undefined; stored: (stored: unknown, path: string) => T | undefined }, read: () => T): T {
    const ahead = this.ready.get(`${kind}\0${path}`) ?? this.keys.get(`${kind}\0${path}`);
    this.keys.delete(`${kind}\0${path}`);
    const key = ahead && ahead.text === text ? ahead.key : this.disk && this.keyOf(kind, path, text);
    // Counted as read only with a cache, as one read here is.
    const ready = key === undefined ? undefined : this.takeReady(kind, path, key, decode.own, !!this.disk);
    if (ready || !this.disk || key === undefined) return ready ?? read();
    const found = this.disk.get(kind, path, key, decode.stored);
    if (found) return found;
    const made = read();
    this.parsed++;
    this.disk.set(kind, path, key, encodeFacts(kind, made));
    return made;
  }

  /**
   * Facts read ahead, elsewhere (cli/factsWorkers.ts), by kind and path: the JSON an entry of
   * the pack holds, and what it was read from. Each is taken once, when its file is asked for,
   * and counts as read in this run (`parsed`, and an entry made for the pack).
   */
  private readonly ready = new Map<string, { text: string; also: string | undefined; key: string; json: string; value?: FileUses | ControllerFile | ModelFileFacts }>();
  /** The keys `wanted` worked out of files the pack has, by kind and path (`ready`'s without the facts). */
  private readonly keys = new Map<string, { text: string; also: string | undefined; key: string }>();

  /**
   * What to read ahead for a file asked for as `of` (or `bodies`, kind "k") would ask: undefined
   * when the pack already has it. `targets`: `of`'s.
   */
  wanted(kind: FactsKind, path: string, text: string, targets?: UsesTargets): FactsJob | undefined {
    const also = kind === "k" ? undefined : this.alsoOf(targets);
    const key = this.keyOf(kind, path, text, also);
    // Hashed once: the key is asked again when the file is (a second run's every file is in the pack).
    if (this.disk?.has(key)) return void this.keys.set(`${kind}\0${path}`, { text, also, key });
    return { kind, path, text, targets: targets && { controller: targets.controller, root: targets.root, assigns: targets.assigns }, key, also };
  }

  /**
   * What else a file's facts are made of, as its key holds it: a template's action, and its
   * controller file by digest (a controller's text is in the keys of all its templates).
   */
  private alsoOf(targets: UsesTargets | undefined): string | undefined {
    const assigns = targets?.assigns;
    return assigns && `${targets!.root}\0${assigns.path}\0${assigns.action}\0${this.digest(assigns.path, assigns.text)}`;
  }

  /** A text's digest (lazyCrypto.ts `textDigest`), the last one worked out here kept per path. */
  private digest(path: string, text: string): string {
    const known = this.digests.get(path);
    if (known?.text === text) return known.digest;
    const digest = this.o.digestOf?.(path, text) ?? textDigest(text);
    this.digests.set(path, { text, digest });
    return digest;
  }
  private readonly digests = new Map<string, { text: string; digest: string }>();

  /**
   * `FileFactsCache.key`, kept per kind and path for a run (`oneRun`): `check` asks what to read
   * ahead of every file twice (before the controller model and after), and the key is asked
   * again when the file's facts are.
   */
  private keyOf(kind: FactsKind, path: string, text: string, also?: string): string {
    if (!this.o.oneRun) return FileFactsCache.key(kind, path, this.digest(path, text), also);
    const known = this.hashed.get(`${kind}\0${path}`);
    if (known && known.text === text && known.also === also) return known.key;
    const key = FileFactsCache.key(kind, path, this.digest(path, text), also);
    this.hashed.set(`${kind}\0${path}`, { text, also, key });
    return key;
  }
  private readonly hashed = new Map<string, { text: string; also: string | undefined; key: string }>();

  /**
   * A job's facts, read elsewhere, as the JSON of an entry (`encodeUses`' or the bodies'), and
   * `value`, what `RouteMapper.fileUses` (or `controllerFile`) gave, when read in this thread: taken
   * as is, as `of` takes what it reads (not decoded from the JSON again).
   */
  fill(job: FactsJob, json: string, value?: FileUses | ControllerFile | ModelFileFacts): void {
    this.ready.set(`${job.kind}\0${job.path}`, { text: job.text, also: job.also, key: job.key, json, value });
  }

  /** `decode`: of what this run's reader made (fileFactsCache.ts `decodeOwnUses`), not of what a pack holds. */
  private takeReady<T>(kind: FactsKind, path: string, key: string, decode: (stored: unknown, path: string) => T | undefined, counted = true): T | undefined {
    const ahead = this.ready.get(`${kind}\0${path}`);
    if (!ahead || ahead.key !== key) return undefined;
    this.ready.delete(`${kind}\0${path}`);
    const value = (ahead.value as T | undefined) ?? decode(parsedJson(ahead.json), path);
    if (value === undefined) return undefined;
    if (counted) (this.parsed++, this.readAhead++);
    this.disk?.setJson(kind, path, key, ahead.json);
    return value;
  }

  /** How many entries the cache folder's pack holds (0 without one). */
  packed(): number {
    return this.disk?.size() ?? 0;
  }

  /** A file that went: its facts are dropped. */
  forget(path: string): void {
    this.byPath.delete(path);
  }

  private saved = false;

  /**
   * Writes what was made to the cache folder, if there is one. `once`: only the first time (the
   * language server, after its first pass over the app: a large app's pack is tens of MB, not to
   * be written again at each pause in typing; what changes later is read again next session).
   */
  save(o: { once?: boolean } = {}): void {
    if (o.once && this.saved) return;
    this.saved = true;
    this.disk?.save();
  }

  /**
   * `save({ once: true })` a second later, off the request or pass that asked: writing a large
   * app's pack takes a few hundred milliseconds, which must not hold an answer or a slice of
   * the background pass.
   */
  saveSoon(): void {
    if (this.saved || !this.disk || this.scheduled) return;
    this.scheduled = true;
    setTimeout(() => this.save({ once: true }), 1000).unref?.();
  }
  private scheduled = false;

  get cacheStats() {
    return this.disk?.stats;
  }
}

/** A file's facts to read elsewhere: what `RouteMapper.fileUses` (or `controllerFile`, kind "k") is asked, and the key of its entry. */
export interface FactsJob {
  kind: FactsKind;
  path: string;
  text: string;
  targets: UsesTargets | undefined;
  key: string;
  /** What else the facts are made of (a template's action's controller file), as in the key. */
  also: string | undefined;
}

const kindOf = (targets: UsesTargets | undefined): FactsKind => (!targets ? "e" : targets.controller ? "c" : "a");
/** The kind of entry `of` makes for `targets`. */
export { kindOf as factsKindOf };

function parsedJson(json: string): unknown {
  try {
    return JSON.parse(json);
  } catch {
    return undefined;
  }
}

/**
 * The language server's store for an app (its mapper and root): the whole app's problems, open
 * documents' checks and references all read each file's uses through it, so the first
 * references request finds what the background pass read (and, between sessions, the cache folder).
 */
const stores = new WeakMap<RouteMapper, Map<string, FileUsesStore>>();
export function usesStoreOf(mapper: RouteMapper, root: string): FileUsesStore {
  let byRoot = stores.get(mapper);
  if (!byRoot) stores.set(mapper, (byRoot = new Map()));
  let store = byRoot.get(root);
  if (!store) byRoot.set(root, (store = new FileUsesStore(fileFactsCache(root))));
  return store;
}
