/**
 * The language server: capabilities, and one line per handler. Every handler goes through
 * `withDocument` (document → path → app) and `runSafe` (cancellation, errors → empty result),
 * and calls a pure feature function. The server never runs the user's code.
 */
import { formatExpanded, formatSheet, recognize, type Route, type RouteMapper } from "@routemap/shared-mapper";
import {
  CodeActionKind, DidChangeConfigurationNotification, ErrorCodes, MessageType, ShowMessageNotification, DidChangeWatchedFilesNotification, FileChangeType, LSPErrorCodes, ResponseError,
  TextDocumentSyncKind, TextDocuments, DocumentDiagnosticReportKind, type DocumentDiagnosticReport, type WorkspaceDiagnosticReport, type CancellationToken, type Connection, type InitializeParams, type InitializeResult,
  type CompletionItem,
  type CompletionList,
  type Location as LspLocation,
  type WorkDoneProgressServerReporter,
} from "vscode-languageserver/node";
import { TextDocument } from "vscode-languageserver-textdocument";
import { toPath, toUri } from "./convert.js";
import { helperCompletionList, helperCompletions, resolveHelperCompletion, routesFileCompletions, type CompletionShape } from "./features/completion.js";
import { definitionInRoutesFile, definitionOfHelper } from "./features/definition.js";
import { appDiagnostics, fileDiagnostics, limited, toLspDiagnostic } from "./features/diagnostics.js";
import { actionCodeLenses, definitionOfAction, hoverOnAction, SHOW_LOCATION_COMMAND } from "./features/actions.js";
import { didYouMeanFixes, quickFixes } from "./features/codeActions.js";
import { definitionOfHashTarget, hashTargetCompletions, hoverOnHashTarget } from "./features/hashTargets.js";
import { definitionOfPolymorphic, hoverOnPolymorphic, polymorphicCompletions } from "./features/polymorphic.js";
import { protocolStatus } from "./features/checkStatus.js";
import { isHelperCheckedFile } from "./cli/helperCheck.js";
import { fileProblems } from "./features/appProblems.js";
import { WorkspaceProblems } from "./features/workspaceProblems.js";
import { hoverInRoutesFile, hoverOnHelper } from "./features/hover.js";
import { routeReferences, routesAt } from "./features/references.js";
import { appsReading, enginePlaces } from "./features/engineUses.js";
import { nextTurn, warmUses, WarmupCancelled, type WarmupProgress } from "./features/usesWarmup.js";
import { prepareRename, rename } from "./features/rename.js";
import { documentSymbols, workspaceSymbols } from "./features/symbols.js";
import type { FileSystem } from "./fileSystem.js";
import { collectWhenIdle, limitHeapGrowth } from "./memory.js";
import { saveCodeCache } from "./codeCacheSave.js";
import { envNameProblem } from "./envName.js";
import { DEFAULT_SETTINGS, Workspace, type RailsApp, type Settings } from "./workspace.js";
import { REGISTERED_GLOBS } from "./watchedFiles.js";

export interface ServerRuntime {
  fs: FileSystem;
  mapper: RouteMapper;
}

interface DocumentContext {
  document: TextDocument;
  path: string;
  app: RailsApp;
  routesFile: boolean;
}

/** How long the client has to answer the creation of the start's progress (`readingProgress`). */
const PROGRESS_CREATE_MS = 1000;
/** Maps of each app made after start to warm up the mapper (see `RailsApp.rehearse`). */
const WARM_UP_ROUNDS = 4;
/** The largest table rehearsed at start (see `warmUp`). */
const REHEARSED_UP_TO = 5000;
/** The pause after a change before the new table's completions are prepared. */
const PREPARE_AFTER_MS = 50;
/** The pause in typing after which the files other than the edited one get their diagnostics. */
const PUBLISH_REST_AFTER_MS = 150;
/**
 * How long after the start's first diagnostics the app's controllers and views are read when no
 * request comes: the user's first request (a hover, sent on seeing them) is answered first.
 */
const READ_APP_AFTER_MS = 200;
/** How long after the user's last keystroke or request the background pass's findings wait to be published. */
const QUIET_MS = 1000;
/** The longest slice of a publish between two chances to answer requests. */
const SLICE_MS = 4;

export function startServer(connection: Connection, runtime: ServerRuntime): void {
  const documents = new TextDocuments(TextDocument);
  // The open documents' paths, worked out again when one opens or closes.
  let openPathSet: Set<string> | undefined;
  const openPaths = () => (openPathSet ??= new Set(documents.keys().flatMap((uri) => toPath(uri) ?? [])));
  documents.onDidOpen(() => void (openPathSet = undefined));
  documents.onDidClose(() => void (openPathSet = undefined));
  // What the file system has to say (a walk that stopped at its cap) is shown once, where the user looks.
  const noticed = new Set<string>();
  const notice = (message: string) => {
    if (noticed.has(message)) return;
    noticed.add(message);
    connection.console.warn(`routemap: ${message}`);
    void connection.sendNotification(ShowMessageNotification.type, { type: MessageType.Warning, message: `Routemap: ${message}` });
  };
  const workspace = new Workspace({ ...runtime.fs, notice }, runtime.mapper);
  /** The search of the workspace folders for apps, under way or done. */
  let discovery: Promise<void> = Promise.resolve();
  const discover = () => {
    runtime.fs.confine?.(folders, { restricted: workspace.restricted });
    discovery = workspace.discoverAsync(folders).catch((e) => connection.console.error(`routemap: ${e instanceof Error ? e.stack : String(e)}`));
    return discovery;
  };
  const published = new Map<RailsApp, Map<string, string>>();
  // The whole app's helper calls, open or not (features/workspaceProblems.ts). A client that pulls
  // (`workspace/diagnostic`, `textDocument/diagnostic`) gets them so; until it does, they are pushed.
  let workspacePulled = false;
  let pushedProblems = false;
  const pulledDocuments = new Set<string>();
  const problems = new WorkspaceProblems({
    apps: () => workspace.apps,
    enabled: () => workspace.settings.diagnostics && workspace.settings.workspaceDiagnostics,
    // Asked for every file of the app in each background pass: a path → URL conversion each was most of a pass on a large app.
    isOpen: (path) => openPaths().has(path),
    // The user's requests and our own output first: the pass waits while either is pending.
    yieldNow: () => unwritten > 0 || userActive(),
    changed: (app) => (workspacePulled ? refreshPulled() : publishWhenQuiet(app)),
    failed: (e) => connection.console.error(`routemap: ${e instanceof Error ? e.stack : String(e)}`),
  });
  // Diagnostics notifications not yet written: vscode-jsonrpc writes one message per turn of the
  // event loop, so while the background pass's slices take 8 ms a turn, 5,000 files' diagnostics
  // took 40 s to go out, and a hover's answer queued behind them (issue 30 §6).
  let unwritten = 0;
  const sendDiagnostics = (params: Parameters<Connection["sendDiagnostics"]>[0]) => {
    unwritten++;
    void connection.sendDiagnostics(params).catch(() => undefined).finally(() => void unwritten--);
  };
  // When the user last typed or asked something: background publishing waits for a pause.
  let userActiveAt = 0;
  const userActive = () => Date.now() - userActiveAt < QUIET_MS;
  const quietTimers = new Map<RailsApp, ReturnType<typeof setTimeout>>();
  /**
   * The background pass's findings, published once the user has paused (`QUIET_MS`). Published
   * each second while the user typed, each publish worked out and compared every file's
   * diagnostics and sent every file they differed in: on issue 30's app a keystroke that changes
   * the table changes the hints of 5,000 controllers, and the next hover's answer was written
   * after their 5,000 notifications, 7–12 s late (docs/benchmarks.md).
   */
  const publishWhenQuiet = (app: RailsApp) => {
    if (quietTimers.has(app)) return;
    const attempt = () => {
      if (userActive()) return void quietTimers.set(app, setTimeout(attempt, QUIET_MS));
      quietTimers.delete(app);
      if (workspace.apps.includes(app)) void runSafe(undefined, undefined, () => publish(app));
    };
    if (!userActive()) return attempt();
    quietTimers.set(app, setTimeout(attempt, QUIET_MS));
  };
  let canRefreshPulled = false;
  const documentReports = new Map<string, { key: string; resultId: string }>();
  let nextReportId = 1;
  /** Asks a client that pulls to pull again (one that cannot asks again on its own: VS Code's every 2 s). */
  const refreshPulled = () => {
    if (canRefreshPulled) void connection.languages.diagnostics.refresh().catch(() => undefined);
  };
  /** An open document's helper calls, checked (pushed, or pulled by a client that asks). */
  const documentProblems = (app: RailsApp, file: string, text: string) => {
    const check = app.helperCheck();
    if ("unchecked" in check) return [];
    // One at a time: a spread passes one argument per diagnostic, past V8's limit in a hostile view.
    const out = [];
    for (const d of fileProblems(workspace.mapper, check, app.root, file, text)) out.push(toLspDiagnostic(d));
    return out;
  };
  let folders: string[] = [];
  let canConfigure = false;
  let canWatch = false;
  /** Whether the client shows progress the server starts (`window.workDoneProgress`): the app read at start is shown there. */
  let canShowProgress = false;
  let canRegisterConfiguration = false;
  let canFollowFolders = false;
  let completionShape: CompletionShape = {};
  /** `path`: the file asked about, which resolve takes its tables from (the list's data, on the list or on each item). */
  const shapeFor = (app: RailsApp, path?: string): CompletionShape => ({ ...completionShape, data: path ? { root: app.root, path } : { root: app.root } });

  const runSafe = async <T>(token: CancellationToken | undefined, fallback: T, work: () => T | Promise<T>, options: { pull?: boolean } = {}): Promise<T> => {
    if (token?.isCancellationRequested) throw new ResponseError(LSPErrorCodes.RequestCancelled, "cancelled");
    // A request from the client (background work passes no token; a client pulls diagnostics unasked).
    if (token && !options.pull) userActiveAt = Date.now();
    // A request means the user is active: background preparation waits for the next pause.
    if (preparing !== undefined) prepareSoon();
    try {
      // Apps are known once the folders are searched (at start, or after the folders change).
      await discovery;
      return await work();
    } catch (e) {
      // A refusal meant for the client (bad arguments) is its answer; anything else is our bug, logged.
      if (e instanceof ResponseError) throw e;
      connection.console.error(`routemap: ${e instanceof Error ? e.stack : String(e)}`);
      return fallback;
    } finally {
      // A client's request answered: the start's app read, waiting for it, can begin.
      if (token) afterAnswer?.();
    }
  };
  /** Set while the start's app read waits for the client's first request to be answered (`readAppSoon`). */
  let afterAnswer: (() => void) | undefined;
  /**
   * Runs `read` once the client's first request from now on has been answered, or after
   * READ_APP_AFTER_MS without one. At start the user's first hover is sent on seeing the routes'
   * diagnostics; the app read begun at once (on issue 30's app 20,000 files listed, then 5,000
   * controllers parsed 100 at a time) ran beside it, its walks' callbacks on this thread and their
   * system calls on libuv's (docs/benchmarks.md, "The first hover, a third time").
   */
  const readAppSoon = (read: () => void) => {
    let waiting = true;
    const begin = () => {
      if (!waiting) return;
      waiting = false;
      afterAnswer = undefined;
      clearTimeout(timer);
      read();
    };
    const timer = setTimeout(begin, READ_APP_AFTER_MS);
    // A turn later: vscode-jsonrpc writes the answer in a turn of its own.
    afterAnswer = () => void setTimeout(begin, 0);
  };

  /** A progress the editor shows while the app's controllers and files are read at start; undefined where the client declines. */
  const readingProgress = async () => {
    try {
      // A client that does not answer the creation holds nothing back: the read goes on without.
      const created = connection.window.createWorkDoneProgress();
      const answered = await Promise.race([created.then(() => true), new Promise<false>((resolve) => setTimeout(() => resolve(false), PROGRESS_CREATE_MS).unref?.())]);
      if (!answered) return undefined;
      const progress = await created;
      progress.begin("Routemap", 0, "reading the app: its helper calls and actions are checked once it is read");
      return progress;
    } catch {
      return undefined;
    }
  };

  /**
   * Reads, a slice at a time, what references of the routes at the cursor (`routesAt`) read: the
   * app's read at start done first (RailsApp.prepared), then the URL uses of its files
   * (usesWarmup.ts), the editor's progress shown when it takes long; cancelled between slices.
   * The request then reads it all again from the store, fast (the document, the tables may have
   * changed meanwhile). Only the time a request holds the thread changes, never its answer.
   */
  const warmFor = async (app: RailsApp, routesAt: () => readonly Route[], token: CancellationToken): Promise<void> => {
    try {
      await app.prepared(nextTurn);
      if (token.isCancellationRequested) throw new WarmupCancelled();
      const routes = new Set(routesAt());
      if (!routes.size) return;
      const engineRoutes = [app, ...app.otherApps()].some((a) => enginePlaces(a, routes).length > 0);
      const apps = [app, ...appsReading(app, engineRoutes)];
      for (const other of apps) await other.prepared(nextTurn);
      await warmUses(apps, token, () => (canShowProgress ? requestProgress("Routemap: finding references") : undefined));
    } catch (e) {
      if (e instanceof WarmupCancelled) throw new ResponseError(LSPErrorCodes.RequestCancelled, "cancelled");
      throw e;
    }
  };

  /**
   * A progress the editor shows, created as it is needed (the creation is a request the client
   * answers later: what is said before that is begun with, the last of it).
   */
  const requestProgress = (title: string): WarmupProgress => {
    let last: [string, number] | undefined;
    let reporter: WorkDoneProgressServerReporter | undefined;
    let ended = false;
    connection.window.createWorkDoneProgress().then(
      (progress) => {
        if (ended) return;
        progress.begin(title, last?.[1] ?? 0, last?.[0]);
        reporter = progress;
      },
      () => undefined,
    );
    return {
      begin: () => undefined,
      report: (message, percentage) => {
        last = [message, percentage];
        reporter?.report(percentage, message);
      },
      done: () => {
        ended = true;
        reporter?.done();
      },
    };
  };

  const withDocument = <T>(uri: string, token: CancellationToken | undefined, fallback: T, feature: keyof Settings | null, work: (c: DocumentContext) => T | Promise<T>): Promise<T> =>
    runSafe(token, fallback, () => {
      if (feature && !workspace.settings[feature]) return fallback;
      const path = toPath(uri);
      const owner = path && workspace.appFor(path);
      if (!path || !owner) return fallback;
      const document = documents.get(uri) ?? TextDocument.create(uri, "ruby", 0, workspace.text(path) ?? "");
      const routesFile = owner.isRoutesFile(path);
      // An engine's routes file that the app holding it draws into its own routes: that app's
      // table has its routes, as its diagnostics do (`reporterFor`).
      const app = routesFile ? (owner.hostDrawing(path) ?? owner) : owner;
      return work({ document, path, app, routesFile });
    });

  /**
   * Sends each file's diagnostics when they differ from what the client last got for it. At
   * start, `tableOnly` sends the routes' own first, before the app's controllers and views are read.
   */
  const publish = (app: RailsApp, changedFile?: string, tableOnly = false) => {
    const before = published.get(app) ?? new Map<string, string>();
    // While the app's controllers are read in the background, the table's own; the rest once they are.
    tableOnly ||= !app.modelReady();
    const byFile = appDiagnostics(app, workspace.settings, { tableOnly });
    // Open views, controllers, helpers and tests: their URL helper calls, checked. The names the
    // app and its gems define are read only once such a document is open, never at start-up.
    const checked = workspace.settings.diagnostics && !tableOnly
      ? documents.all().flatMap((document) => {
          const file = toPath(document.uri);
          return file && !pulledDocuments.has(document.uri) && app.ownsFile(file) && isHelperCheckedFile(app.root, file) ? [{ file, text: document.getText() }] : [];
        })
      : [];
    for (const { file, text } of checked) {
      const found = documentProblems(app, file, text);
      if (found.length) byFile.set(file, [...(byFile.get(file) ?? []), ...found]);
    }
    // The files not open: the background pass's last findings, for a client that does not pull them.
    if (!tableOnly && !workspacePulled) {
      for (const [file, found] of problems.findings(app)) {
        pushedProblems = true;
        byFile.set(file, [...(byFile.get(file) ?? []), ...found]);
      }
    }
    for (const file of before.keys()) if (!byFile.has(file)) byFile.set(file, []);
    // A document opened before the start's first publish has had no answer yet: an empty one is one.
    if (!tableOnly) {
      for (const document of documents.all()) {
        const file = toPath(document.uri);
        if (file && !before.has(file) && !byFile.has(file) && app.reportsFor(file)) byFile.set(file, []);
      }
    }
    published.set(app, before);
    // The edited file first (it always gets an answer, so a client waiting on it is never left
    // hanging), then the open documents, where the user looks, then the rest.
    const first = (file: string) => (file === changedFile ? 0 : openPaths().has(file) ? 1 : 2);
    const files = [...byFile.keys()].sort((a, b) => first(a) - first(b));
    const sendFile = (file: string) => {
      const diagnostics = limited(byFile.get(file)!);
      const key = JSON.stringify(diagnostics);
      if (before.get(file) === key && file !== changedFile) return;
      before.set(file, key);
      const uri = toUri(file);
      // The version of the text they were computed from, for a file open in the editor.
      sendDiagnostics({ uri, version: documents.get(uri)?.version, diagnostics });
    };
    sendInSlices(app, files, sendFile, () => notifyRoutes(app));
    if (!tableOnly) problems.schedule();
    // The start's first publish (the table's own) leaves the completions for after the app is
    // read: on a table of 20,000 routes preparing them takes 350 ms, and the user's first hover,
    // sent on seeing these diagnostics, waited behind it (issue 30 §6, docs/benchmarks.md).
    if (!tableOnly) prepareSoon();
    collectWhenIdle();
  };
  // The publish under way for each app; an edit or a newer publish takes its place.
  const publishing = new Map<RailsApp, object>();
  const supersede = (app: RailsApp) => void publishing.delete(app);
  /**
   * Sends `files` a slice at a time (SLICE_MS), each slice once the last one's notifications are
   * written, so that a request that comes meanwhile is answered between two slices: sent at
   * once, the 5,000 files a keystroke in issue 30's routes.rb changes held the next keystroke's
   * answer for 150–450 ms. An edit meanwhile stops it: its own publish follows.
   */
  const sendInSlices = (app: RailsApp, files: string[], send: (file: string) => void, done: () => void) => {
    const token = {};
    publishing.set(app, token);
    let i = 0;
    const slice = () => {
      if (publishing.get(app) !== token) return;
      if (unwritten > 0) return void setTimeout(slice, 1);
      const until = performance.now() + SLICE_MS;
      while (i < files.length && (i === 0 || performance.now() < until)) send(files[i++]);
      if (i < files.length) return void setImmediate(slice);
      publishing.delete(app);
      done();
    };
    slice();
  };
  /** Lets editors refresh views that show the table (the VS Code explorer, status bar). */
  const notifyRoutes = (app: RailsApp) => {
    const result = app.table();
    routeCounts.set(app, result.routes.length);
    // `status`: which checks are off or partial, and why (the gems once they are read).
    const status = protocolStatus(app.checkCauses({ gems: false }));
    void connection.sendNotification("routemap/didChangeRoutes", { root: app.root, routes: result.routes.length, errors: result.diagnostics.filter((d) => d.severity === "error").length, status });
  };
  const publishAll = () => workspace.apps.forEach((app) => publish(app));

  /**
   * A keystroke's answer: the edited file's own diagnostics at once, worked out for that file
   * alone (`fileDiagnostics`), and the rest of the app's files once the user pauses. A file
   * these checks do not know (a model, an initializer) has the whole app published at once.
   */
  const publishEdited = (app: RailsApp, file: string) => {
    const own = fileDiagnostics(app, workspace.settings, file);
    const open = documents.get(toUri(file));
    const checked = workspace.settings.diagnostics && open && !pulledDocuments.has(open.uri) && isHelperCheckedFile(app.root, file);
    if (own === undefined && !checked) return publish(app, file);
    const diagnostics = [...(own ?? [])];
    if (checked) for (const d of documentProblems(app, file, open.getText())) diagnostics.push(d);
    const shown = limited(diagnostics);
    sendDiagnostics({ uri: toUri(file), version: open?.version, diagnostics: shown });
    if (!published.has(app)) published.set(app, new Map());
    published.get(app)!.set(file, JSON.stringify(shown));
    if (app.isRoutesFile(file)) notifyRoutes(app);
    publishSoon(app);
    prepareSoon();
    collectWhenIdle();
  };
  const restTimers = new Map<RailsApp, ReturnType<typeof setTimeout>>();
  /** The whole app's diagnostics after a pause in typing: each keystroke puts them off again. */
  const publishSoon = (app: RailsApp) => {
    clearTimeout(restTimers.get(app));
    restTimers.set(app, setTimeout(() => {
      restTimers.delete(app);
      if (workspace.apps.includes(app)) void runSafe(undefined, undefined, () => publish(app));
    }, PUBLISH_REST_AFTER_MS));
  };
  let started = false;

  // Work that makes the next request quick, done in the background: the mapper's warm-up
  // right after start, and for each new table its helper completions (which read every
  // route's printed columns, built on first read), once the user has paused for a moment.
  let preparing: ReturnType<typeof setTimeout> | undefined;
  const prepareSoon = () => {
    clearTimeout(preparing);
    preparing = setTimeout(() => {
      preparing = undefined;
      // A large table's completions take 100–350 ms to build: not in a pause between two
      // keystrokes, where the next one waited behind them, but once the user has stopped.
      if (userActive() && [...routeCounts.values()].some((n) => n >= REHEARSED_UP_TO)) return prepareSoon();
      void runSafe(undefined, undefined, prepare);
    }, PREPARE_AFTER_MS);
    preparing.unref?.();
  };
  /** Each app's number of routes in its last table (told to the client in `notifyRoutes`). */
  const routeCounts = new Map<RailsApp, number>();
  const prepare = () => {
    if (workspace.settings.completion) for (const app of workspace.apps) helperCompletions(app.table(), shapeFor(app));
  };
  // The first hover and completion after start ran three times slower than the next ones,
  // waiting for V8 to compile their code: the warm-up ends by answering one of each, unseen.
  const rehearseFeatures = (app: RailsApp) => {
    const result = app.table();
    const first = result.declarations.find((d) => d.file === app.routesFile);
    if (first) hoverInRoutesFile(app, app.routesFile, first.span.start);
    const helper = helperCompletions(result, shapeFor(app))[0]?.label ?? "a";
    hoverOnHelper(app.helperTables(), helper, { line: 0, character: 1 });
    helperCompletionList(app.helperTables(), helper.slice(0, 2), { line: 0, character: 2 }, shapeFor(app));
  };
  const warmUp = (rounds: number) => {
    if (rounds === 0) {
      // A large table's first map warmed the code up; rehearsing its completions would hold the
      // first hover (see `publish`): they are prepared once the app is read.
      const small = workspace.apps.filter((app) => app.table().routes.length < REHEARSED_UP_TO);
      for (const app of small) setImmediate(() => runSafe(undefined, undefined, () => rehearseFeatures(app)));
      return small.length ? prepareSoon() : undefined;
    }
    // One map per macrotask: messages that arrive meanwhile are served in between. A large table
    // warms V8 up in its own first map; maps more would only hold the first requests back.
    for (const app of workspace.apps) if (app.table().routes.length < REHEARSED_UP_TO) setImmediate(() => runSafe(undefined, undefined, () => app.rehearse()));
    setImmediate(() => warmUp(rounds - 1));
  };

  const readSettings = async (): Promise<Settings> => {
    if (!canConfigure) return DEFAULT_SETTINGS;
    const c = ((await connection.workspace.getConfiguration("routemap")) ?? {}) as Record<string, unknown>;
    const flag = (name: string) => (c[name] as { enable?: boolean } | undefined)?.enable !== false;
    const text = (name: string) => (typeof c[name] === "string" && c[name] !== "" ? (c[name] as string) : undefined);
    // An environment's name is a name, not a path to some other file (envName.ts).
    const env = text("railsEnv");
    const badEnv = env === undefined ? undefined : envNameProblem(env);
    if (badEnv) notice(`the railsEnv setting is not used: ${badEnv}.`);
    return {
      railsVersion: text("railsVersion"),
      rubyVersion: text("rubyVersion"),
      railsEnv: badEnv ? undefined : env,
      apiOnly: typeof c.apiOnly === "boolean" ? c.apiOnly : undefined,
      diagnostics: flag("diagnostics"),
      hover: flag("hover"),
      completion: flag("completion"),
      definition: flag("definition"),
      references: flag("references"),
      symbols: flag("symbols"),
      codeLens: flag("codeLens"),
      unreachedActions: flag("unreachedActions"),
      workspaceDiagnostics: (c.diagnostics as { workspace?: unknown } | undefined)?.workspace !== false,
    };
  };

  connection.onInitialize((params: InitializeParams): InitializeResult => {
    folders = (params.workspaceFolders ?? []).map((f) => toPath(f.uri)).filter((p): p is string => !!p);
    if (folders.length === 0 && params.rootUri) folders = [toPath(params.rootUri)].filter((p): p is string => !!p);
    canConfigure = !!params.capabilities.workspace?.configuration;
    canWatch = !!params.capabilities.workspace?.didChangeWatchedFiles?.dynamicRegistration;
    canShowProgress = !!params.capabilities.window?.workDoneProgress;
    workspace.watching = canWatch;
    // VS Code's restricted mode (an untrusted workspace), as the extension says it: README, "Restricted mode".
    workspace.restricted = (params.initializationOptions as { restricted?: unknown } | undefined)?.restricted === true;
    // Registered only where the client says it can be: others (eglot) warn of an unsupported
    // capability, and send their changes unasked all the same.
    canRegisterConfiguration = !!params.capabilities.workspace?.didChangeConfiguration?.dynamicRegistration;
    canFollowFolders = !!params.capabilities.workspace?.workspaceFolders;
    const pulls = !!params.capabilities.textDocument?.diagnostic;
    canRefreshPulled = !!params.capabilities.workspace?.diagnostics?.refreshSupport;
    const completion = params.capabilities.textDocument?.completion;
    completionShape = {
      lazyDetail: !!completion?.completionItem?.resolveSupport?.properties.includes("detail"),
      itemDefaults: completion?.completionList?.itemDefaults ?? [],
    };
    void discover();
    return {
      capabilities: {
        textDocumentSync: TextDocumentSyncKind.Incremental,
        hoverProvider: true,
        completionProvider: { triggerCharacters: ["_", ":", '"', "'", "#", "."], resolveProvider: true },
        definitionProvider: true,
        referencesProvider: true,
        renameProvider: params.capabilities.textDocument?.rename?.prepareSupport ? { prepareProvider: true } : true,
        documentSymbolProvider: true,
        workspaceSymbolProvider: true,
        codeLensProvider: { resolveProvider: false },
        codeActionProvider: { codeActionKinds: [CodeActionKind.QuickFix] },
        executeCommandProvider: { commands: [SHOW_LOCATION_COMMAND] },
        workspace: { workspaceFolders: { supported: true, changeNotifications: true } },
        // Pull diagnostics: the helper calls of open documents and of the whole app (the rest is pushed).
        ...(pulls ? { diagnosticProvider: { identifier: "routemap", interFileDependencies: true, workspaceDiagnostics: true } } : {}),
      },
      serverInfo: { name: "routemap", version: "0.1.0" },
    };
  });

  connection.onInitialized(async () => {
    if (canFollowFolders) watchFolders();
    await discovery;
    if (canConfigure) {
      workspace.settingsChanged(await readSettings());
      if (canRegisterConfiguration) void connection.client.register(DidChangeConfigurationNotification.type, { section: "routemap" }).catch(() => undefined);
    }
    if (canWatch) {
      // The routes' inputs, the checked files and the folders whose files and listings are kept (watchedFiles.ts).
      // Trusted to follow the disk once the client has taken the watchers (files read before are read again).
      void connection.client.register(DidChangeWatchedFilesNotification.type, { watchers: REGISTERED_GLOBS.map((globPattern) => ({ globPattern })) }).then(
        () => workspace.keepWatchedFiles(),
        () => undefined,
      );
    }
    // The routes' own diagnostics at once; then the app's controllers and views, read a batch at a
    // time between the requests that come meanwhile, for the rest.
    workspace.apps.forEach((app) => publish(app, undefined, true));
    started = true;
    for (const app of workspace.apps) app.prepareLater();
    readAppSoon(() => void runSafe(undefined, undefined, async () => {
      // The code the first tables and the first request took, kept for the next start (before
      // any flag changes: codeCacheSave.ts). Not before that request: writing the cache of a
      // new build's first start held the first hover back by about 35 ms on issue 30's app.
      if (workspace.apps.length) saveCodeCache();
      // The first tables made, the heap grows less between full collections (see memory.ts).
      limitHeapGrowth();
      // While the app is read, its helper calls and actions are not checked: the editor says so.
      const progress = canShowProgress && workspace.apps.length ? await readingProgress() : undefined;
      try {
        // Each app (an engine of the workspace is one) takes its share of the bar, in turn.
        const apps = workspace.apps;
        for (const [k, app] of apps.entries()) {
          await app.prepare(nextTurn, progress && ((message, share) => progress.report(Math.round((100 * k + share) / apps.length), message)));
        }
      } finally {
        progress?.done();
      }
      publishAll();
      // The drawn files' recordings, for the next start's first table (keptDraws.ts); again at shutdown.
      for (const app of workspace.apps) app.keepDraws();
      for (const app of workspace.apps) if ((routeCounts.get(app) ?? 0) >= REHEARSED_UP_TO) setImmediate(() => runSafe(undefined, undefined, () => app.rehearseEdit()));
      // Documents pulled while the controllers were read were answered without their helper calls.
      if (pulledDocuments.size) refreshPulled();
    }));
    warmUp(WARM_UP_ROUNDS);
  });

  connection.onShutdown(() => {
    for (const app of workspace.apps) app.keepDraws();
  });

  connection.onDidChangeConfiguration(async () => {
    workspace.settingsChanged(await readSettings());
    publishAll();
  });

  connection.onDidChangeWatchedFiles(({ changes }) => {
    const kinds = { [FileChangeType.Created]: "created", [FileChangeType.Changed]: "changed", [FileChangeType.Deleted]: "deleted" } as const;
    // A file or folder that appeared or went may be a link now: the real paths known are forgotten.
    if (changes.some((c) => c.type !== FileChangeType.Changed)) runtime.fs.confine?.(folders, { restricted: workspace.restricted });
    const touched = new Set<RailsApp>();
    for (const change of changes) {
      const path = toPath(change.uri);
      if (!path) continue;
      workspace.diskChanged(path, kinds[change.type]);
      workspace.fileChanged(path, kinds[change.type]).forEach((a) => touched.add(a));
      const app = workspace.appFor(path);
      if (app) problems.fileChanged(app, path, kinds[change.type]);
    }
    touched.forEach((app) => publish(app));
    problems.schedule();
  });

  const watchFolders = () =>
    connection.workspace.onDidChangeWorkspaceFolders((event) => {
      // A client may send `null` for a list it has nothing in.
      const removed = new Set((event?.removed ?? []).map((f) => toPath(f.uri)));
      const added = (event?.added ?? []).map((f) => toPath(f.uri)).filter((p): p is string => !!p);
      folders = [...folders.filter((f) => !removed.has(f)), ...added.filter((f) => !folders.includes(f) || removed.has(f))];
      void discover().then(() => runSafe(undefined, undefined, publishAll));
    });

  const documentChanged = (uri: string, text: string | undefined) => {
    userActiveAt = Date.now();
    const path = toPath(uri);
    if (!path) return;
    const affected = workspace.documentChanged(path, text);
    // A closed document is the disk's again: the pass checks it as it is there.
    if (text === undefined) {
      pulledDocuments.delete(uri);
      documentReports.delete(uri);
      const app = workspace.appFor(path);
      if (app) problems.fileChanged(app, path, "changed");
    }
    // Until the first diagnostics are out (settings being read), the start's publishing covers this one.
    if (!started) return;
    // The app that reports on the file: its own, or for an engine's routes file drawn into the
    // app that holds the engine, that app.
    const owner = workspace.reporterFor(path);
    // A publish under way would still send what predates this text: it stops where another follows.
    for (const app of affected) if (app !== owner) (supersede(app), publishSoon(app));
    // A view or controller being edited: its helper calls are checked again.
    if (owner && (affected.includes(owner) || isHelperCheckedFile(owner.root, path))) (supersede(owner), publishEdited(owner, path));
  };
  documents.onDidChangeContent((e) => documentChanged(e.document.uri, e.document.getText()));
  documents.onDidClose((e) => documentChanged(e.document.uri, undefined));

  connection.onHover((p, token) =>
    withDocument(p.textDocument.uri, token, null, "hover", (c) => {
      if (c.routesFile) return hoverInRoutesFile(c.app, c.path, p.position);
      const text = c.document.getText();
      return (
        // A call that draws from another of the app's files (an ActiveAdmin registration, its `member_action`).
        hoverInRoutesFile(c.app, c.path, p.position) ??
        hoverOnHelper(c.app.helperTablesAt(c.path), text, p.position, () => c.app.urlDefaultsAt(c.path)) ??
        (c.app.isControllerFile(c.path)
          ? (hoverOnAction(c.app, c.path, p.position) ?? hoverOnHashTarget(c.app, c.path, text, p.position) ?? hoverOnPolymorphic(c.app, c.path, text, p.position))
          : null)
      );
    }),
  );
  connection.onCodeAction((p, token) =>
    withDocument(p.textDocument.uri, token, [], "diagnostics", (c) =>
      c.routesFile ? quickFixes(c.app, p.context.diagnostics) : didYouMeanFixes(p.textDocument.uri, c.document.getText(), p.context.diagnostics),
    ),
  );
  connection.languages.diagnostics.on((p, token) =>
    runSafe<DocumentDiagnosticReport>(token, { kind: DocumentDiagnosticReportKind.Full, items: [] }, () => {
      const uri = p.textDocument.uri;
      const path = toPath(uri);
      const app = path && workspace.appFor(path);
      const document = documents.get(uri);
      if (!document || !path || !app || !workspace.settings.diagnostics || !isHelperCheckedFile(app.root, path)) return { kind: DocumentDiagnosticReportKind.Full, items: [] };
      // From now on this document's helper calls are pulled, no longer pushed: the push without them follows.
      if (!pulledDocuments.has(uri)) {
        pulledDocuments.add(uri);
        publishSoon(app);
      }
      const items = app.modelReady() ? limited(documentProblems(app, path, document.getText())) : [];
      const key = JSON.stringify(items);
      const last = documentReports.get(uri);
      const resultId = last?.key === key ? last.resultId : `d${nextReportId++}`;
      documentReports.set(uri, { key, resultId });
      return p.previousResultId === resultId ? { kind: DocumentDiagnosticReportKind.Unchanged, resultId } : { kind: DocumentDiagnosticReportKind.Full, resultId, items };
    }, { pull: true }),
  );
  connection.languages.diagnostics.onWorkspace((p, token) =>
    runSafe<WorkspaceDiagnosticReport>(token, { items: [] }, () => {
      if (!workspacePulled) {
        // The client pulls the whole app's: what was pushed of it is taken back.
        workspacePulled = true;
        if (pushedProblems) publishAll();
      }
      const previous = new Map(p.previousResultIds.map((r) => [r.uri, r.value]));
      return { items: problems.report(previous, toUri) as WorkspaceDiagnosticReport["items"] };
    }, { pull: true }),
  );
  connection.onCodeLens((p, token) =>
    withDocument(p.textDocument.uri, token, [], "codeLens", (c) => (c.app.isControllerFile(c.path) ? actionCodeLenses(c.app, c.path) : [])),
  );
  // A lens's command, for any client: the server asks the editor to show the declaration.
  connection.onExecuteCommand((p, token) =>
    runSafe(token, null, () => {
      const location = p.command === SHOW_LOCATION_COMMAND ? (p.arguments?.[0] as LspLocation | undefined) : undefined;
      // Only a file of the workspace: the arguments come from the client, and `showDocument`
      // would open anything (`file:///etc/shadow`, `https://…`, `command:…`).
      const path = typeof location?.uri === "string" ? toPath(location.uri) : undefined;
      if (!path || !workspace.contains(path)) throw new ResponseError(ErrorCodes.InvalidParams, `${SHOW_LOCATION_COMMAND} shows only a location in a file of the workspace`);
      void connection.window.showDocument({ uri: toUri(path), selection: validRange(location!.range), takeFocus: true }).catch(() => undefined);
      return null;
    }),
  );
  connection.onCompletion((p, token) =>
    withDocument<CompletionItem[] | CompletionList>(p.textDocument.uri, token, [], "completion", (c) => {
      if (c.routesFile) return routesFileCompletions(c.app, c.document.getText(), c.path, p.position);
      const targets = c.app.isControllerFile(c.path)
        ? (hashTargetCompletions(c.app, c.path, c.document.getText(), p.position) ?? polymorphicCompletions(c.app, c.path, c.document.getText(), p.position))
        : undefined;
      return targets ?? helperCompletionList(c.app.helperTablesAt(c.path), c.document.getText(), p.position, shapeFor(c.app, c.path), c.app.filledPartsAt(c.path));
    }),
  );
  connection.onCompletionResolve((item, token) =>
    runSafe(token, item, () => {
      const { root, path } = (item.data as { root?: string; path?: string } | undefined) ?? {};
      const app = workspace.apps.find((a) => a.root === root) ?? workspace.apps[0];
      // The file the list was for (its data, on the list or each item): an engine's file resolves from its own tables.
      return app ? resolveHelperCompletion(path && app.owns(path) ? app.helperTablesAt(path) : app.helperTables(), item) : item;
    }),
  );
  connection.onDefinition((p, token) =>
    withDocument(p.textDocument.uri, token, null, "definition", (c) => {
      if (c.routesFile) return definitionInRoutesFile(c.app, c.path, p.position);
      const helper = definitionOfHelper(c.app.helperTablesAt(c.path), c.document.getText(), p.position);
      if (helper || !c.app.isControllerFile(c.path)) return helper;
      const text = c.document.getText();
      return definitionOfAction(c.app, c.path, p.position) ?? definitionOfHashTarget(c.app, c.path, text, p.position) ?? definitionOfPolymorphic(c.app, c.path, text, p.position);
    }),
  );
  connection.onReferences((p, token) =>
    withDocument(p.textDocument.uri, token, [], "references", async (c) => {
      await warmFor(c.app, () => routesAt(c.app, c.path, c.document.getText(), p.position, c.routesFile), token);
      return routeReferences(c.app, routesAt(c.app, c.path, c.document.getText(), p.position, c.routesFile), p.context.includeDeclaration);
    }),
  );
  connection.onPrepareRename((p, token) =>
    withDocument(p.textDocument.uri, token, null, null, (c) => prepareRename(c.app, c.path, c.document.getText(), p.position, c.routesFile)),
  );
  connection.onRenameRequest((p, token) =>
    withDocument(p.textDocument.uri, token, null, null, async (c) => {
      await warmFor(c.app, () => routesAt(c.app, c.path, c.document.getText(), p.position, c.routesFile), token);
      return rename(c.app, c.path, c.document.getText(), p.position, c.routesFile, p.newName);
    }),
  );
  connection.onDocumentSymbol((p, token) =>
    withDocument(p.textDocument.uri, token, [], "symbols", (c) => (c.routesFile ? documentSymbols(c.app.table(), c.path) : [])),
  );
  connection.onWorkspaceSymbol((p, token) =>
    runSafe(token, [], () => (workspace.settings.symbols ? workspaceSymbols(workspace.apps.map((a) => a.table()), p.query) : [])),
  );

  connection.onRequest("routemap/routes", (p: { uri?: string } | undefined, token) =>
    runSafe(token, { apps: [] }, () => {
      const path = p?.uri ? toPath(p.uri) : undefined;
      const apps = path ? [workspace.appFor(path)].filter((a): a is RailsApp => !!a) : workspace.apps;
      return { apps: apps.map((app) => ({ root: app.root, ...app.config(), ...pick(app.table()) })) };
    }),
  );
  // Which checks are off or partial in each app (or the app of `uri`), and each cause with its place.
  connection.onRequest("routemap/status", (p: { uri?: string } | undefined, token) =>
    runSafe(token, { apps: [] }, () => {
      const path = p?.uri ? toPath(p.uri) : undefined;
      const apps = path ? [workspace.appFor(path)].filter((a): a is RailsApp => !!a) : workspace.apps;
      return { apps: apps.map((app) => ({ root: app.root, ...protocolStatus(app.checkCauses()) })) };
    }),
  );
  connection.onRequest("routemap/routesTable", (p: { uri?: string; expanded?: boolean } | undefined, token) =>
    runSafe(token, null, () => {
      const path = p?.uri ? toPath(p.uri) : undefined;
      const app = (path && workspace.appFor(path)) || workspace.apps[0];
      if (!app) return null;
      const result = app.table();
      const options = { railsVersion: app.config().railsVersion, engines: result.engines };
      return { root: app.root, text: p?.expanded ? formatExpanded(result.routes, options) : formatSheet(result.routes, options) };
    }),
  );
  connection.onRequest("routemap/recognize", (p: { uri?: string; request?: string; verb?: string; path?: string }, token) =>
    runSafe(token, null, () => {
      const [verb, path] = p.request ? splitRequest(p.request) : [p.verb ?? "GET", p.path ?? ""];
      if (!path) throw new Error("routemap/recognize needs `request` (\"GET /posts/42\") or `path`");
      const file = p.uri ? toPath(p.uri) : undefined;
      const apps = file ? [workspace.appFor(file)].filter((a): a is RailsApp => !!a) : workspace.apps;
      for (const app of apps) {
        const found = recognize(app.table().routes, verb, path);
        if (found) return { app: app.root, verb, path, route: found.route, index: found.index, params: found.params };
      }
      return null;
    }),
  );

  documents.listen(connection);
  connection.listen();
}

function pick(result: ReturnType<RailsApp["table"]>) {
  return { routes: result.routes, engines: result.engines, customHelpers: result.customHelpers, diagnostics: result.diagnostics };
}

/** A range as LSP shapes it, or none (the client then shows the file's top). */
function validRange(range: unknown): LspLocation["range"] | undefined {
  const r = range as LspLocation["range"] | undefined;
  const ok = (p: unknown) => !!p && Number.isInteger((p as { line: unknown }).line) && Number.isInteger((p as { character: unknown }).character);
  return r && ok(r.start) && ok(r.end) ? { start: { line: r.start.line, character: r.start.character }, end: { line: r.end.line, character: r.end.character } } : undefined;
}

/** `"GET /posts/42"` or just `"/posts/42"` (a GET). */
function splitRequest(request: string): [string, string] {
  const m = /^\s*([A-Za-z]+)\s+(\S+)\s*$/.exec(request);
  return m ? [m[1].toUpperCase(), m[2]] : ["GET", request.trim()];
}
