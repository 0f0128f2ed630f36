/**
 * A second thread that reads the app's files for one `routemap check` run, ahead of the main
 * thread, where nothing else uses the machine's second core: a run whose files' facts are in
 * the cache (fileFactsCache.ts), which starts no facts worker (factsWorkers.ts). On issue 30's
 * large app such a run spent about a second of its main thread opening, reading and closing
 * 45,000 files, a few hundred bytes each (docs/benchmarks.md, "the second core reads the files").
 *
 * The worker is the command's own bundle, reading through `nodeFileSystem` confined to the app
 * as the main thread's is: it reads what the main thread would, and nothing else. Each path is
 * claimed, in memory both threads share, by whichever thread comes first: the main thread reads
 * a file the worker has not begun itself, and waits (briefly: at most a batch) for one it has.
 * Its texts come in on a port the main thread reads without turning its loop (the checks run
 * synchronously), `receiveMessageOnPort`. Any failure of the worker costs only time: what it
 * has not handed back is read by the main thread, and once a file was waited for past
 * `PATIENCE_MS`, none is waited for again.
 */
import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";
import { isMainThread, MessageChannel, receiveMessageOnPort, Worker, workerData, type MessagePort } from "node:worker_threads";
import { nodeFileSystem } from "../fileSystem.js";
import { BY_MAIN, BY_WORKER, claim, claimSlots } from "./claims.js";
import { textDigest } from "./lazyCrypto.js";

/** Fewer files than this are not worth a thread's start (about 0.1 s of the other core). */
const MIN_FILES = 2_000;
/** Texts per message: each message costs both threads a little; a bigger batch, a longer wait for its first file. */
const BATCH = 32;
/** How long the main thread waits for a file the worker claimed before reading it itself (a worker stopped). */
const PATIENCE_MS = 200;
const MARK = "routemap.textReader";

/**
 * What one message brings: each text's index in the paths, the text (null: not read, as
 * `readFile` says), and its digest (lazyCrypto.ts `textDigest`, which the files' facts are keyed
 * by: on issue 30's large app, 40,000 of them were a tenth of the main thread's second run).
 */
interface Texts {
  at: number[];
  texts: (string | null)[];
  digests: (string | null)[];
}

export class TextReader {
  private readonly index = new Map<string, number>();
  private readonly texts = new Map<number, { text: string | undefined; digest: string | undefined }>();
  /** Set once the worker kept a file past `PATIENCE_MS`: no file is waited for again. */
  private stalled = false;
  /** Forced (`start`): the first file asked waits for the worker's first texts, so that a small app's run reads some through it (the tests'). */
  private waitFirst = false;
  /** Read ahead and used, and the time the main thread waited for them (ms), for ROUTEMAP_TIMINGS. */
  used = 0;
  waited = 0;

  private constructor(
    paths: readonly string[],
    private readonly claims: Int32Array,
    /** [0]: batches the worker posted; the main thread waits on it. */
    private readonly posted: Int32Array,
    private readonly port: MessagePort,
    private readonly worker: Worker,
  ) {
    paths.forEach((path, i) => this.index.set(path, i));
  }

  /**
   * A reader of `paths` (in the order they are likely asked) of the app at `root`, or undefined
   * where a thread is not worth it: few files, or one core. `ROUTEMAP_CHECK_WORKERS` (as for
   * the facts workers): 0, none; another number, one whatever the app's size (the tests').
   */
  static start(root: string, paths: readonly string[], env: NodeJS.ProcessEnv = process.env): TextReader | undefined {
    const chosen = env.ROUTEMAP_CHECK_WORKERS;
    const forced = chosen !== undefined && /^\d+$/.test(chosen);
    if (forced ? +chosen === 0 || !paths.length : paths.length < MIN_FILES || availableParallelism() < 2) return undefined;
    try {
      const claims = claimSlots(paths.length);
      const posted = new Int32Array(new SharedArrayBuffer(4));
      const { port1, port2 } = new MessageChannel();
      const worker = new Worker(fileURLToPath(import.meta.url), { workerData: { [MARK]: { root, paths, claims, posted, port: port2 } }, transferList: [port2] });
      worker.unref();
      // A worker that fails is waited for once, no longer than PATIENCE_MS, then left (`take`).
      worker.on("error", () => undefined);
      const reader = new TextReader(paths, claims, posted, port1, worker);
      reader.waitFirst = forced;
      return reader;
    } catch {
      return undefined;
    }
  }

  /**
   * A file's text as the worker read it (`{ text }`), or undefined when the caller is to read
   * it: not one of the paths, not begun by the worker (now claimed for the caller), or the
   * worker not handing it back in time.
   */
  take(path: string): { text: string | undefined; digest?: string } | undefined {
    const at = this.index.get(path);
    if (at === undefined) return undefined;
    if (this.waitFirst) {
      this.waitFirst = false;
      Atomics.wait(this.posted, 0, 0, 10_000);
    }
    const deadline = performance.now() + PATIENCE_MS;
    for (;;) {
      const taken = this.texts.get(at);
      if (taken) {
        this.texts.delete(at);
        this.used++;
        return taken;
      }
      // Not begun by the worker (now the caller's), or already the caller's.
      if (claim(this.claims, at, BY_MAIN) || Atomics.load(this.claims, at) !== BY_WORKER) return undefined;
      if (this.receive()) continue;
      const seen = Atomics.load(this.posted, 0);
      if (this.receive()) continue;
      const now = performance.now();
      const left = deadline - now;
      // A worker that hands nothing back in time has stopped: what it claimed is read here, unwaited.
      if (left <= 0 || this.stalled) return void (this.stalled = true);
      Atomics.wait(this.posted, 0, seen, Math.min(left, 20));
      this.waited += performance.now() - now;
    }
  }

  /** Takes in the worker's messages that have come; false when none had. */
  private receive(): boolean {
    let got = false;
    for (let m = receiveMessageOnPort(this.port); m; m = receiveMessageOnPort(this.port)) {
      const { at, texts, digests } = m.message as Texts;
      at.forEach((i, k) => this.texts.set(i, { text: texts[k] ?? undefined, digest: digests[k] ?? undefined }));
      got = true;
    }
    return got;
  }

  /** Ends the worker; what it has not read, nobody will ask for. */
  close(): void {
    this.port.close();
    void this.worker.terminate();
  }
}

/** The worker: claims each path no thread has, reads it, and posts the texts in batches. */
function serve(o: { root: string; paths: string[]; claims: Int32Array; posted: Int32Array; port: MessagePort }): void {
  nodeFileSystem.confine?.([o.root]);
  let batch: Texts = { at: [], texts: [], digests: [] };
  const post = () => {
    o.port.postMessage(batch);
    batch = { at: [], texts: [], digests: [] };
    Atomics.add(o.posted, 0, 1);
    Atomics.notify(o.posted, 0);
  };
  for (let i = 0; i < o.paths.length; i++) {
    if (!claim(o.claims, i, BY_WORKER)) continue;
    const text = nodeFileSystem.readFile(o.paths[i]);
    batch.at.push(i);
    batch.texts.push(text ?? null);
    batch.digests.push(text === undefined ? null : textDigest(text));
    if (batch.at.length === BATCH) post();
  }
  if (batch.at.length) post();
  o.port.close();
}

if (!isMainThread && (workerData as Record<string, unknown> | null)?.[MARK]) serve((workerData as Record<string, Parameters<typeof serve>[0]>)[MARK]);
