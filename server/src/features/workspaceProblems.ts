/**
 * The whole app's problems in the editor, files not open included: what `routemap check` finds
 * in every view, controller, helper, mailer and test (the same files and check, `appProblems.ts`),
 * kept per file and worked out again only where something changed. A pass runs when the server
 * is idle, a slice of files per macrotask, so a keystroke waits for one slice at most. Its
 * results go to the client as it can take them: published with the app's other diagnostics
 * (push, for Neovim's and eglot's clients), or pulled (`workspace/diagnostic`, LSP 3.17) with a
 * result id per file, so a file that did not change is not sent again. Open documents are the
 * editor's own: their checks follow their text (server.ts), not the disk's.
 */
import { basename, sep } from "node:path";
import type { Diagnostic } from "vscode-languageserver/node";
import type { RailsApp } from "../workspace.js";
import { toLspDiagnostic } from "./diagnostics.js";
import { fileProblems, isProblemFile, problemFiles, unreadFileProblems } from "./appProblems.js";
import type { HelperCheckContext } from "./helperCalls.js";
import { usesStoreOf } from "./fileUses.js";

/** What the pass needs of the server. */
export interface ProblemsHost {
  apps(): readonly RailsApp[];
  /** Whether the whole app is checked (`routemap.diagnostics.enable` and `routemap.diagnostics.workspace`). */
  enabled(): boolean;
  isOpen(path: string): boolean;
  /** Some of an app's files have new findings: publish them, or ask the client to pull them. */
  changed(app: RailsApp): void;
  /**
   * Whether the pass should pause (the user typing or asking, or diagnostics still being written):
   * its slices run only when the server has nothing else to do.
   */
  yieldNow?(): boolean;
  /** Our bug, for the log: the pass stops, the server goes on. */
  failed(error: unknown): void;
}

/** The longest slice of the pass between two macrotasks (messages are served in between). */
const SLICE_MS = 8;
/** The pause after a change before the pass starts (typing goes on meanwhile). */
const PASS_AFTER_MS = 200;
/**
 * The pause before looking again whether the pass may go on (`ProblemsHost.yieldNow`). A timer,
 * not `setImmediate`: each turn of the event loop the pass takes delays the server's output by a
 * turn (vscode-jsonrpc writes one message a turn).
 */
const YIELD_MS = 20;
/** Results sent while a long pass is under way, so the first files show before the last are done. */
const SEND_EVERY_MS = 1000;

interface FileResult {
  diagnostics: Diagnostic[];
  /** The diagnostics as JSON: a result that did not change keeps its id. */
  key: string;
  resultId: string;
}

/** One app's findings and what is left to check. */
class AppProblems {
  files: Set<string> | undefined;
  readonly results = new Map<string, FileResult>();
  readonly dirty = new Set<string>();
  /** What the last checks were made with: when one changes, every file is checked again. */
  inputs: { table: object; host: object | undefined; gems: object; model: object; defined: ReadonlySet<string>; appRenders: string | undefined; layouts: string | undefined } | undefined;
  /** Findings changed in a slice that ran out of time: sent when the app's pass is done. */
  pendingChange = false;
}

export class WorkspaceProblems {
  private readonly state = new WeakMap<RailsApp, AppProblems>();
  private timer: ReturnType<typeof setTimeout> | undefined;
  private running = false;
  private nextId = 1;

  constructor(private readonly host: ProblemsHost) {}

  /**
   * The last findings of the app's files that are not open, for the app's published
   * diagnostics; none once the setting is off.
   */
  findings(app: RailsApp): Map<string, Diagnostic[]> {
    const out = new Map<string, Diagnostic[]>();
    if (!this.host.enabled()) return out;
    for (const [file, result] of this.state.get(app)?.results ?? []) {
      if (!this.host.isOpen(file) && result.diagnostics.length) out.set(file, result.diagnostics);
    }
    return out;
  }

  /**
   * `workspace/diagnostic`: each file of every app that has findings, or that the client was
   * sent a report for (`previous`, by URI: it is cleared); a file whose result id the client
   * has is reported unchanged.
   */
  report(previous: ReadonlyMap<string, string>, toUri: (path: string) => string): WorkspaceReport[] {
    const out: WorkspaceReport[] = [];
    const enabled = this.host.enabled();
    for (const app of this.host.apps()) {
      for (const [file, result] of this.state.get(app)?.results ?? []) {
        const uri = toUri(file);
        const had = previous.get(uri);
        if (this.host.isOpen(file) || (had === undefined && (!enabled || result.diagnostics.length === 0))) continue;
        if (!enabled) out.push({ kind: "full", uri, version: null, items: [] });
        else if (had === result.resultId) out.push({ kind: "unchanged", uri, version: null, resultId: result.resultId });
        else out.push({ kind: "full", uri, version: null, resultId: result.resultId, items: result.diagnostics });
      }
    }
    return out;
  }

  /** A file of `app` changed on disk, appeared, went, or was closed in the editor: it is checked again. */
  fileChanged(app: RailsApp, path: string, kind: "created" | "changed" | "deleted"): void {
    const state = this.state.get(app);
    if (!state?.files) return;
    if (kind === "deleted") {
      // A folder that went is reported as one: its files go with it (looked for only where the
      // path is no file known here and has no extension: a checkout deletes files by thousands).
      const inside = path + sep;
      const folder = !state.files.has(path) && !state.results.has(path) && !basename(path).includes(".");
      for (const file of folder ? new Set([...state.files, ...state.results.keys()]) : [path]) {
        if (file !== path && !file.startsWith(inside)) continue;
        state.files.delete(file);
        state.dirty.delete(file);
        // Kept with no findings, so that the client is told to clear them.
        const had = state.results.get(file);
        if (had && had.diagnostics.length) state.results.set(file, this.result([], had));
      }
    } else if (kind === "changed" ? state.files.has(path) : app.ownsFile(path) && isProblemFile(app.root, path)) {
      state.files.add(path);
      state.dirty.add(path);
    }
  }

  /** Something changed: the pass runs once the server has been idle a moment. */
  schedule(): void {
    if (this.running) return;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.run();
    }, PASS_AFTER_MS);
    this.timer.unref?.();
  }

  /** Stops the pass (the server is shutting down). */
  dispose(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
  }

  private run(): void {
    this.running = true;
    const sent = new Map<RailsApp, number>();
    const step = () => {
      if (this.host.yieldNow?.()) return void setTimeout(step, YIELD_MS);
      let more = false;
      let waiting = false;
      try {
        const deadline = Date.now() + SLICE_MS;
        for (const app of this.host.apps()) {
          const left = this.slice(app, deadline);
          if (!sent.has(app)) sent.set(app, Date.now());
          if (left === "changed" || (left === "more" && Date.now() - sent.get(app)! > SEND_EVERY_MS)) {
            sent.set(app, Date.now());
            this.host.changed(app);
          }
          more ||= left === "more";
          waiting ||= left === "waiting";
          if (Date.now() >= deadline) {
            more = true;
            break;
          }
        }
      } catch (e) {
        this.running = false;
        return this.host.failed(e);
      }
      if (more) return void setImmediate(step);
      this.running = false;
      // An app whose controllers are still being read: asked again after a pause, not at once.
      if (waiting) this.schedule();
    };
    setImmediate(step);
  }

  /**
   * Checks what is left of one app's files until `deadline`. Says whether some are left, whether
   * it is done and findings changed since they were last sent, or whether the app is not ready.
   */
  private slice(app: RailsApp, deadline: number): "more" | "changed" | "done" | "waiting" {
    let state = this.state.get(app);
    if (!state) this.state.set(app, (state = new AppProblems()));
    if (!this.host.enabled()) return this.clear(state) ? "changed" : "done";
    // Until the app's controllers are read (start-up), where a file's code runs is not known.
    if (!app.modelReady()) return "waiting";
    const context = app.helperCheck();
    if ("unchecked" in context) return this.clear(state) ? "changed" : "done";
    state.files ??= new Set(problemFiles(app.root, app.workspaceFs()));
    if (this.inputsChanged(app, state, context)) for (const file of state.files) state.dirty.add(file);
    const mapper = app.workspaceMapper();
    let changed = state.pendingChange;
    for (const file of state.dirty) {
      if (Date.now() >= deadline) {
        state.pendingChange = changed;
        return "more";
      }
      state.dirty.delete(file);
      if (this.host.isOpen(file)) continue;
      const text = app.workspaceText(file);
      const found: Diagnostic[] = [];
      // One at a time: a spread passes one argument per diagnostic, past V8's limit in a hostile view.
      if (text !== undefined) for (const d of fileProblems(mapper, context, app.root, file, text)) found.push(toLspDiagnostic(d));
      else for (const d of unreadFileProblems(app.workspaceFs(), app.root, file)) found.push(toLspDiagnostic(d));
      const before = state.results.get(file);
      const next = this.result(found, before);
      if (next !== before) {
        state.results.set(file, next);
        changed = true;
      }
    }
    state.pendingChange = false;
    // The pass over the app is done: what it read kept in the cache folder for the next session (written only when something was).
    usesStoreOf(mapper, app.root).saveSoon();
    return changed ? "changed" : "done";
  }

  /** A file's result: the one before when its findings are the same (its result id stays). */
  private result(diagnostics: Diagnostic[], before: FileResult | undefined): FileResult {
    const key = JSON.stringify(diagnostics);
    if (before?.key === key) return before;
    return { diagnostics, key, resultId: String(this.nextId++) };
  }

  /** Every finding dropped (the setting turned off, or the checks cannot be made); true if there were some. */
  private clear(state: AppProblems): boolean {
    let had = false;
    for (const [file, result] of state.results) {
      if (result.diagnostics.length) {
        had = true;
        state.results.set(file, this.result([], result));
      }
    }
    state.dirty.clear();
    state.inputs = undefined;
    return had;
  }

  /**
   * Whether what the checks read besides the file changed since the last pass: the route table,
   * the gems' helpers, the controllers, the names the app's code defines (compared by content:
   * a keystroke in a view makes a new set of the same names).
   */
  private inputsChanged(app: RailsApp, state: AppProblems, context: HelperCheckContext): boolean {
    // `host`: an engine's files are checked against the app that mounts it too (`main_app.`);
    // `appRenders`: and its templates against the app's controllers that render them by name;
    // `layouts`: which layouts and partials under layouts/ a request renders depends on every file naming them.
    const now = { table: app.table(), host: context.tables.mainApp as object | undefined, gems: context.gems as object, model: app.controllerModel(), defined: context.defined, appRenders: context.renderedByAppKey?.(), layouts: context.generation.layoutsKey?.() };
    const was = state.inputs;
    state.inputs = now;
    if (!was) return true;
    if (was.table !== now.table || was.host !== now.host || was.gems !== now.gems || was.model !== now.model || was.appRenders !== now.appRenders || was.layouts !== now.layouts) return true;
    if (was.defined === now.defined) return false;
    if (was.defined.size !== now.defined.size) return true;
    for (const name of now.defined) if (!was.defined.has(name)) return true;
    return false;
  }
}

export interface WorkspaceReport {
  kind: "full" | "unchanged";
  uri: string;
  version: null;
  resultId?: string;
  items?: Diagnostic[];
}
