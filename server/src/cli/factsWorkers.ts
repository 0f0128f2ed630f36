/**
 * `routemap check` with no facts in the cache (a first run, CI on a fresh clone): each file's
 * facts (its URL uses, a controller's class and module bodies, a model's naming facts) read by worker threads while the
 * main thread maps the routes and checks the files whose facts are in. Reading them is Prism's
 * parse of the file and a walk of its tree, a fact of the file's path and text
 * (`RouteMapper.fileUses`, `controllerFile`): on issue 30's large app, 35,000 of them were most
 * of a first run. A worker hands back the JSON of the entry the pack would hold
 * (fileFactsCache.ts), which the main thread takes as a second run takes the pack's
 * (`FileUsesStore.fill`): the checks themselves, and their order, stay in the main thread, so
 * what `check` prints is the same with workers or without (server/test/checkCache.test.mjs).
 *
 * The workers run this module's bundle again (`cli.js`, or this file outside a bundle), each
 * with its own Prism, from the module the main thread compiled. Any failure of a worker costs
 * only time: the facts it did not hand back are read in the main thread, as without workers.
 *
 * Tuning (docs/benchmarks.md, "`routemap check` on the large app, first run"): a worker costs
 * its start (the bundle loaded, Prism instantiated: about 0.1 s of processor time), so they
 * start only when at least `MIN_JOBS` facts are asked for at once (none in a second run
 * whose files are in the pack, and none on a small app), or as many files are to be checked
 * (`prepare`, before the controllers are read). The main thread is
 * busy too (the routes, the checks): one worker fewer than the threads the machine runs at once
 * (`os.availableParallelism`), at least one, at most `MAX_WORKERS`. On 2 cores, one worker took
 * less processor time and memory than two (each isolate compiles the same hot code again).
 * `ROUTEMAP_CHECK_WORKERS=N` sets their number (0: none) whatever the app's size.
 *
 * One queue for all threads (branch `cold30`, docs/benchmarks.md "both cores busy"): every job
 * is posted to a worker at once (given work only as it hands some back, a worker would wait
 * while the main thread maps the routes, its loop not turning), and claimed, by whichever thread
 * comes first, in memory the threads share. The main thread reads unclaimed jobs itself while
 * it waits: for a file's facts, the file's own if no worker has begun it, else the jobs after
 * it (which it will ask for next); for the controllers' bodies, from the last (the worker goes
 * from the first). A turn of its loop after each job lets the worker's batches come in. On 2
 * cores its waits were about 2.8 s of a 7.1 s first run (wall less its processor time), with a
 * core idle. What it reads it takes as read (not its JSON decoded again), as a run without
 * workers does; the pack is the same.
 *
 * Tried and left (branch `cold30c`, docs/benchmarks.md): the worker reading the checked files'
 * texts for the main thread (its ~1 s of reads), with their model-free facts, through
 * `nodeFileSystem` confined as the main thread's, first before the controllers' bodies, then
 * after them with the files claimed as the jobs are. Both cost more processor time in each of
 * the seven pairs measured (0.6–3.7 s in all; the main thread's no less) and up to 60 MiB more:
 * with the worker reading, the main thread claimed parses instead (2,500 jobs against 3), which
 * likely cost more in its large heap than in the worker's (not profiled apart, at load 10–17).
 */
import { readFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";
import { isMainThread, parentPort, Worker, workerData } from "node:worker_threads";
import { createMapper, type ControllerFile, type FileUses, type ModelFileFacts, type RouteMapper } from "@routemap/shared-mapper";
import { createNodeMapper, prismWasmPath } from "@routemap/shared-mapper/node";
import { encodeFacts } from "./fileFactsCache.js";
import { BY_MAIN, BY_WORKER, claim, claimSlots } from "./claims.js";
import type { FactsJob, FileUsesStore } from "../features/fileUses.js";

/** Fewer facts to read than this, asked at once before the workers started: read in the main thread (a second run's few changed files). */
const MIN_JOBS = 2_000;
const MAX_WORKERS = 8;
/** Files per message: a message each way costs a turn of each thread's loop. */
const BATCH = 100;
const MARK = "routemap.factsWorker";

interface Batch {
  worker: Worker;
  entries: Entry[];
  /** Set once the worker's entries are in (or given up). */
  settled: boolean;
  resolve: () => void;
}

/**
 * A job sent: whoever claims it first in `claims` (memory the threads share, one slot per job
 * of a `read`) reads it, a worker or the main thread while it waits (`stealWhile`).
 */
interface Entry {
  job: FactsJob;
  store: FileUsesStore;
  claims: Int32Array;
  at: number;
  /** Its place in `FactsWorkers.queue`. */
  index: number;
  batch: Batch;
  done: Promise<void>;
}

/** What `read` asked: `wait` resolves once all its facts are in, the main thread reading some itself meanwhile. */
export interface FactsRead {
  wait(): Promise<void>;
}

export class FactsWorkers {
  private readonly pending = new Map<number, Batch>();
  private readonly workers: Worker[] = [];
  private nextId = 0;
  private turn = 0;
  /** Every job sent, in the order sent: the queue the workers go through from the front. */
  private readonly queue: Entry[] = [];

  /**
   * Workers for a run, started when first asked for enough facts (`read`); undefined when the
   * main thread reads them all (`ROUTEMAP_CHECK_WORKERS=0`). `mapper`: the main thread's, with
   * which it reads queued facts while it waits for the workers' (`waitFor`).
   */
  static async start(mapper: RouteMapper, env: NodeJS.ProcessEnv = process.env): Promise<FactsWorkers | undefined> {
    const chosen = env.ROUTEMAP_CHECK_WORKERS;
    const forced = chosen !== undefined && /^\d+$/.test(chosen);
    const count = forced ? Math.min(+chosen, MAX_WORKERS) : Math.min(Math.max(1, availableParallelism() - 1), MAX_WORKERS);
    return count === 0 ? undefined : new FactsWorkers(mapper, count, forced ? 1 : MIN_JOBS, await compiledPrism());
  }

  private constructor(
    private readonly mapper: RouteMapper,
    private readonly count: number,
    /** The fewest facts asked at once that start the workers. */
    private readonly least: number,
    private readonly prism: { path: string; module: WebAssembly.Module } | undefined,
  ) {}

  /** The workers started. */
  size = 0;
  /** Jobs the main thread read while it waited (`stealWhile`), and its time waiting with nothing to take, in ms (ROUTEMAP_TIMINGS). */
  readHereCount = 0;
  idle = 0;

  /**
   * Starts the workers now when `expected` facts (the files the run checks) are worth them:
   * while the main thread reads the app, each loads its bundle and Prism (about 0.3 s), which
   * it did after the first jobs were built (docs/benchmarks.md, "the worker started sooner").
   */
  prepare(expected: number): void {
    if (expected >= this.least) this.started();
  }

  /** Starts the workers, if not yet; false when they cannot be. */
  private started(): boolean {
    if (this.size) return this.workers.length > 0;
    try {
      for (let i = 0; i < this.count; i++) this.spawn(this.prism);
    } catch {
      this.close();
    }
    return this.workers.length > 0;
  }

  private spawn(prism: { path: string; module: WebAssembly.Module } | undefined): void {
    const worker = new Worker(fileURLToPath(import.meta.url), { workerData: { [MARK]: prism ?? {} } });
    worker.on("message", ({ id, out }: { id: number; out: (string | undefined)[] }) => this.done(id, out));
    // A worker that fails: what it was asked is read in the main thread.
    const lost = () => {
      const at = this.workers.indexOf(worker);
      if (at >= 0) this.workers.splice(at, 1);
      for (const [id, batch] of this.pending) if (batch.worker === worker) this.done(id, []);
    };
    worker.on("error", lost);
    worker.on("exit", lost);
    this.workers.push(worker);
    this.size++;
  }

  /** The job asked for a file's uses (not its bodies' or model facts'), by path. */
  private readonly byPath = new Map<string, Entry>();
  /** The keys of the entries asked for: each is read once. */
  private readonly sent = new Set<string>();
  /** The facts asked of the workers (ROUTEMAP_TIMINGS). */
  get asked(): number {
    return this.sent.size;
  }

  /**
   * Has the workers read `jobs`, in order, after those asked before; their facts go into `store`
   * as they come. `wait()` resolves once they are all in (or given up: the main thread reads
   * them then).
   */
  read(jobs: readonly FactsJob[], store: FileUsesStore): FactsRead {
    // Fewer than a worker's start is worth, before any has started: read in the main thread.
    if (!jobs.length || (!this.size && jobs.length < this.least) || !this.started()) return { wait: () => Promise.resolve() };
    const fresh = jobs.filter((job) => !this.sent.has(job.key) && !!this.sent.add(job.key));
    const claims = claimSlots(fresh.length);
    const entries: Entry[] = [];
    for (let start = 0; start < fresh.length; start += BATCH) {
      const jobs = fresh.slice(start, start + BATCH);
      const worker = this.workers[this.turn++ % Math.max(1, this.workers.length)];
      const batch: Batch = { worker, entries: [], settled: false, resolve: () => undefined };
      const done = new Promise<void>((resolve) => (batch.resolve = resolve));
      jobs.forEach((job, i) => batch.entries.push({ job, store, claims, at: start + i, index: this.queue.length + i, batch, done }));
      for (const entry of batch.entries) {
        entries.push(entry);
        this.queue.push(entry);
        if (entry.job.kind !== "k" && entry.job.kind !== "m") this.byPath.set(entry.job.path, entry);
      }
      this.send(batch, { jobs, claims, start });
    }
    return { wait: () => this.waitAll(entries) };
  }

  /** What resolves once the facts asked for `path` are in, if any were: read here if no worker has begun them. */
  waitFor(path: string): Promise<void> | undefined {
    const entry = this.byPath.get(path);
    if (!entry || entry.batch.settled) return undefined;
    if (this.claim(entry)) return void this.readHere(entry);
    return this.stealWhile(() => !entry.batch.settled, entry.index + 1, 1);
  }

  /** `read`'s wait: the main thread reads what no worker has begun, from the last (the workers go from the first). */
  private async waitAll(entries: Entry[]): Promise<void> {
    if (!entries.length) return;
    const batches = [...new Set(entries.map((e) => e.batch))];
    await this.stealWhile(() => batches.some((b) => !b.settled), entries[entries.length - 1].index, -1, entries[0].index);
    await Promise.all(entries.map((e) => e.done));
  }

  /**
   * While `waiting()`, reads the queue's unclaimed jobs from `from` on in steps of `step` (to
   * `end`, inclusive), a turn of the loop after each, for the workers' messages to come in.
   */
  private async stealWhile(waiting: () => boolean, from: number, step: 1 | -1, end = step > 0 ? Infinity : 0): Promise<void> {
    let at = from;
    while (waiting()) {
      while (at >= 0 && at < this.queue.length && (step > 0 ? at <= end : at >= end) && !this.claim(this.queue[at])) at += step;
      const entry = at >= 0 && at < this.queue.length && (step > 0 ? at <= end : at >= end) ? this.queue[at] : undefined;
      if (!entry) break;
      this.readHere(entry);
      await new Promise((resolve) => setImmediate(resolve));
    }
    // Nothing left to take: the rest is being read by the workers.
    const since = performance.now();
    if (waiting()) await new Promise<void>((resolve) => {
      const check = () => (waiting() ? setImmediate(check) : resolve());
      check();
    });
    this.idle += performance.now() - since;
  }

  /** Takes a job for the main thread, if no thread has yet. */
  private claim(entry: Entry): boolean {
    return !entry.batch.settled && claim(entry.claims, entry.at, BY_MAIN);
  }

  /** Reads a claimed job here, as a worker would (`readJob`): its entry's JSON, and the facts themselves, not decoded again. */
  private readHere(entry: Entry): void {
    this.readHereCount++;
    const { job } = entry;
    try {
      const value = readFacts(this.mapper, job);
      entry.store.fill(job, JSON.stringify(encodeFacts(job.kind, value)), value);
    } catch {
      // Read again when asked (`FileUsesStore.of`), where a failure is reported as without workers.
    }
  }

  private send(batch: Batch, message: { jobs: FactsJob[]; claims: Int32Array; start: number }): void {
    const id = this.nextId++;
    this.pending.set(id, batch);
    if (!batch.worker) return this.done(id, []);
    try {
      batch.worker.postMessage({ id, ...message });
    } catch {
      this.done(id, []);
    }
  }

  private done(id: number, out: (string | undefined)[]): void {
    const batch = this.pending.get(id);
    if (!batch) return;
    this.pending.delete(id);
    batch.entries.forEach((entry, i) => {
      if (typeof out[i] === "string") entry.store.fill(entry.job, out[i]);
    });
    batch.settled = true;
    batch.resolve();
  }

  /** Ends the workers (a run's facts all read); what they were still asked is read in the main thread. */
  close(): void {
    for (const worker of this.workers.splice(0)) void worker.terminate();
    for (const id of [...this.pending.keys()]) this.done(id, []);
  }
}

/** A job's facts, as the JSON of its entry in the pack; undefined where reading failed. */
function readJob(m: RouteMapper, job: FactsJob): string | undefined {
  try {
    return JSON.stringify(encodeFacts(job.kind, readFacts(m, job)));
  } catch {
    return undefined;
  }
}

/** A job's facts, as `FileUsesStore` would read them: a controller's bodies (k), a model's naming facts (m), or a file's uses. */
function readFacts(m: RouteMapper, job: FactsJob): FileUses | ControllerFile | ModelFileFacts {
  if (job.kind === "k") return m.controllerFile(job.path, job.text);
  if (job.kind === "m") return m.modelFacts(job.path, job.text);
  return m.fileUses(job.path, job.text, job.targets);
}

/** Prism as the `routemap` executable began compiling it (shared-mapper/src/node.ts), for the workers to instantiate; undefined: each compiles its own. */
async function compiledPrism(): Promise<{ path: string; module: WebAssembly.Module } | undefined> {
  const early = (globalThis as { [k: symbol]: { path: string; module: Promise<WebAssembly.Module> } | undefined })[Symbol.for("routemap.prismCompile")];
  try {
    return early && early.path === prismWasmPath() ? { path: early.path, module: await early.module } : undefined;
  } catch {
    return undefined;
  }
}

/** A worker: reads the facts of each batch it is sent that no other thread claimed, and sends their entries' JSON back (undefined where it failed or did not read). */
function serve(prism: { path?: string; module?: WebAssembly.Module }): void {
  const port = parentPort!;
  const mapper: Promise<RouteMapper> = prism.module && prism.path ? createMapper(readFileSync(prism.path), { compiled: Promise.resolve(prism.module) }) : createNodeMapper();
  port.on("message", async ({ id, jobs, claims, start }: { id: number; jobs: FactsJob[]; claims: Int32Array; start: number }) => {
    const m = await mapper;
    const out = jobs.map((job, i) => (claim(claims, start + i, BY_WORKER) ? readJob(m, job) : undefined));
    port.postMessage({ id, out });
  });
}

if (!isMainThread && (workerData as Record<string, unknown> | null)?.[MARK]) serve((workerData as Record<string, { path?: string; module?: WebAssembly.Module }>)[MARK]);
