/**
 * `routemap check` with no facts in the cache (a first run, CI on a fresh clone): each file's
 * facts (its URL uses, a controller's class and module bodies) read by worker threads while the
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
 * whose files are in the pack, and none on a small app). The main thread is
 * busy too (the routes, the checks): one worker fewer than the threads the machine runs at once
 * (`os.availableParallelism`), at least one, at most `MAX_WORKERS`. On 2 cores, one worker took
 * less processor time and memory than two (each isolate compiles the same hot code again).
 * `ROUTEMAP_CHECK_WORKERS=N` sets their number (0: none) whatever the app's size.
 */
import { readFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";
import { isMainThread, parentPort, Worker, workerData } from "node:worker_threads";
import { createMapper, type RouteMapper } from "@routemap/shared-mapper";
import { createNodeMapper, prismWasmPath } from "@routemap/shared-mapper/node";
import { encodeUses } from "./fileFactsCache.js";
import type { FactsJob, FileUsesStore } from "../features/fileUses.js";

/** Fewer facts to read than this, asked at once before the workers started: read in the main thread (a second run's few changed files). */
const MIN_JOBS = 2_000;
const MAX_WORKERS = 8;
/** Files per message: a message each way costs a turn of each thread's loop. */
const BATCH = 100;
const MARK = "routemap.factsWorker";

interface Batch {
  worker: Worker;
  jobs: FactsJob[];
  resolve: () => void;
  store: FileUsesStore;
}

export class FactsWorkers {
  private readonly pending = new Map<number, Batch>();
  private readonly workers: Worker[] = [];
  private nextId = 0;
  private turn = 0;

  /**
   * Workers for a run, started when first asked for enough facts (`read`); undefined when the
   * main thread reads them all (`ROUTEMAP_CHECK_WORKERS=0`).
   */
  static async start(env: NodeJS.ProcessEnv = process.env): Promise<FactsWorkers | undefined> {
    const chosen = env.ROUTEMAP_CHECK_WORKERS;
    const forced = chosen !== undefined && /^\d+$/.test(chosen);
    const count = forced ? Math.min(+chosen, MAX_WORKERS) : Math.min(Math.max(1, availableParallelism() - 1), MAX_WORKERS);
    return count === 0 ? undefined : new FactsWorkers(count, forced ? 1 : MIN_JOBS, await compiledPrism());
  }

  private constructor(
    private readonly count: number,
    /** The fewest facts asked at once that start the workers. */
    private readonly least: number,
    private readonly prism: { path: string; module: WebAssembly.Module } | undefined,
  ) {}

  /** The workers started. */
  size = 0;

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

  /** What resolves once a file's facts asked for by `read` are in (or given up), by path (not the bodies'). */
  private readonly byPath = new Map<string, Promise<void>>();
  /** The keys of the entries asked for: each is read once. */
  private readonly sent = new Set<string>();

  /**
   * Has the workers read `jobs`, in order, after those asked before; their facts go into `store`
   * as they come. Resolves once they are all in (or given up: the main thread reads them then).
   */
  read(jobs: readonly FactsJob[], store: FileUsesStore): Promise<void> {
    // Fewer than a worker's start is worth, before any has started: read in the main thread.
    if (!jobs.length || (!this.size && jobs.length < this.least) || !this.started()) return Promise.resolve();
    const fresh = jobs.filter((job) => !this.sent.has(job.key) && !!this.sent.add(job.key));
    const all: Promise<void>[] = [];
    for (let start = 0; start < fresh.length; start += BATCH) {
      const batch = fresh.slice(start, start + BATCH);
      const worker = this.workers[this.turn++ % Math.max(1, this.workers.length)];
      const done = worker ? this.send(worker, batch, store) : Promise.resolve();
      all.push(done);
      for (const job of batch) if (job.kind !== "k") this.byPath.set(job.path, done);
    }
    return Promise.all(all).then(() => undefined);
  }

  /** What resolves once the facts asked for `path` are in, if any were. */
  waitFor(path: string): Promise<void> | undefined {
    return this.byPath.get(path);
  }

  private send(worker: Worker, jobs: FactsJob[], store: FileUsesStore): Promise<void> {
    const id = this.nextId++;
    return new Promise<void>((resolve) => {
      this.pending.set(id, { worker, jobs, resolve, store });
      try {
        worker.postMessage({ id, jobs });
      } catch {
        this.done(id, []);
      }
    });
  }

  private done(id: number, out: (string | undefined)[]): void {
    const batch = this.pending.get(id);
    if (!batch) return;
    this.pending.delete(id);
    batch.jobs.forEach((job, i) => {
      if (typeof out[i] === "string") batch.store.fill(job, out[i]);
    });
    batch.resolve();
  }

  /** Ends the workers (a run's facts all read); what they were still asked is read in the main thread. */
  close(): void {
    for (const worker of this.workers.splice(0)) void worker.terminate();
    for (const id of [...this.pending.keys()]) this.done(id, []);
  }
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

/** A worker: reads the facts of each batch it is sent, and sends their entries' JSON back (undefined where it failed). */
function serve(prism: { path?: string; module?: WebAssembly.Module }): void {
  const port = parentPort!;
  const mapper: Promise<RouteMapper> = prism.module && prism.path ? createMapper(readFileSync(prism.path), { compiled: Promise.resolve(prism.module) }) : createNodeMapper();
  port.on("message", async ({ id, jobs }: { id: number; jobs: FactsJob[] }) => {
    const m = await mapper;
    const out = jobs.map((job) => {
      try {
        return JSON.stringify(job.kind === "k" ? m.controllerFile(job.path, job.text) : encodeUses(m.fileUses(job.path, job.text, job.targets)));
      } catch {
        return undefined;
      }
    });
    port.postMessage({ id, out });
  });
}

if (!isMainThread && (workerData as Record<string, unknown> | null)?.[MARK]) serve((workerData as Record<string, { path?: string; module?: WebAssembly.Module }>)[MARK]);
