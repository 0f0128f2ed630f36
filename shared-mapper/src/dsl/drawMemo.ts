/**
 * Incremental maps: a file `draw` loads (`Mapper#draw`, mapper.rb: `instance_eval` of the
 * file's text) replayed from an earlier map instead of evaluated, when what it reads cannot
 * have changed. A keystroke in config/routes.rb then evaluates that file, not the ten files of
 * 20,000 routes it draws (issue 30 §6).
 *
 * Exact or not at all: a file is replayed only when
 * - it is the same parse of the same text (the parser cache gives the same `LoadedFile`), or,
 *   for a recording kept from another session (`save`, `restore`), the same text, before it is
 *   parsed (`drawMemoStore.ts`);
 * - it is only routing DSL calls with literal arguments and plain blocks (`literalDsl`): no
 *   variables, constants, methods, conditions or other files, so it reads nothing of the
 *   interpreter but the mapper's scope, its route set and the map's options;
 * - it is drawn where the earlier map drew it from: the root scope, nothing undecided, no
 *   `rescue` around, the app's own route set, no `def` or module that replaces a DSL method;
 * - the map's options and the app's inflection files (`context`) are the same;
 * - every route name it asked the set about is still free, as it was then (`RouteSet#probe`);
 * - every concern it looked up (`resources … concerns:`) is still the same block of literal DSL,
 *   in the same parse of its file, or still missing;
 * - its recorded steps and routes still fit the budget.
 * Anything else is evaluated, and recorded again. A replay adds what the evaluation did:
 * its routes (the same objects), its DSL calls' records (copies where their route ranges
 * move), its diagnostics (through `report`, which drops repeats as the evaluation would)
 * and open regions, and its steps.
 *
 * The memo is the host's (the language server keeps one per app between maps, and between
 * sessions as `save`'s data); the core stays pure: it holds only what earlier maps returned.
 */
import * as N from "@ruby/prism/src/nodes.js";
import type { DisplayContext, DrawnRoute } from "../mapper/route.js";
import type { MapperState, SourceRef } from "../mapper/state.js";
import type { Concern } from "../mapper/types.js";
import type { Scope } from "../mapper/scope.js";
import type { LoadedFile } from "../ruby/loadedFile.js";
import { RHash, sym } from "../ruby/values.js";
import { mapperModuleMethod } from "./appMappers.js";
import { recordingData, restoreRecording, type ConcernUse, type Recording, type RecordingData } from "./drawMemoStore.js";
import type { Interpreter } from "./interpreter.js";

/** The DSL calls a replayable file may make: none reads anything but its arguments, the scope and the set. */
const REPLAYABLE = new Set([
  "resources", "resource", "get", "post", "put", "patch", "delete", "options", "match", "root",
  "namespace", "scope", "member", "collection", "nested", "new", "shallow", "controller", "constraints", "defaults",
]);

/** Recordings of drawn files between maps, by path (`RouteMapper.map`'s `memo`). */
export class DrawMemo {
  readonly recordings = new Map<string, Recording>();
  /** Recordings as data from an earlier session (`restore`), by path, until a map asks for them. */
  private readonly stored = new Map<string, RecordingData>();
  /** Files replayed and evaluated in the last map, and replayed from `restore`'s data (for hosts, tests and the benchmark). */
  replayed = 0;
  evaluated = 0;
  restored = 0;
  /** Files evaluated in the last map whose recordings were made (what `save` would give anew). */
  recorded = 0;

  /**
   * The recordings as plain data (JSON), for a host to keep between sessions (`drawMemoStore.ts`);
   * those with a value that is not plain data are left out, and data not yet asked for is kept.
   */
  save(): { format: number; recordings: RecordingData[] } {
    const byPath = new Map(this.stored);
    for (const [path, r] of this.recordings) {
      const data = recordingData(r);
      if (data) byPath.set(path, data);
      else byPath.delete(path);
    }
    return { format: MEMO_FORMAT, recordings: [...byPath.values()] };
  }

  /** A memo whose recordings are `save`'s data of an earlier session: any other data gives an empty memo. */
  static restore(data: unknown): DrawMemo {
    const memo = new DrawMemo();
    const { format, recordings } = (data ?? {}) as { format?: unknown; recordings?: unknown };
    if (format !== MEMO_FORMAT || !Array.isArray(recordings)) return memo;
    for (const r of recordings as RecordingData[]) if (r && typeof r.path === "string" && typeof r.text === "string" && Array.isArray(r.calls) && Array.isArray(r.routes)) memo.stored.set(r.path, r);
    return memo;
  }

  /** The recording of the file at `path` from `restore`'s data, once: when it was made from this very text. */
  fromStore(path: string, text: string, parsed: () => LoadedFile, context: DisplayContext): Recording | undefined {
    const data = this.stored.get(path);
    if (!data) return undefined;
    this.stored.delete(path);
    const recording = restoreRecording(data, text, parsed, context);
    if (recording) this.recordings.set(path, recording);
    return recording;
  }

  /** Whether `restore`'s data has a recording of the file at `path` not yet asked for. */
  keeps(path: string): boolean {
    return this.stored.has(path);
  }

  /** The DSL methods the file at `path` calls when its text is `text`, by a recording of that text (this session's, or `restore`'s data). */
  shapeOf(path: string, text: string): readonly string[] | undefined {
    const known = this.recordings.get(path) ?? this.stored.get(path);
    return known && known.text === text ? known.shape : undefined;
  }
}

/** What a map's drawn files are read and parsed with, for a recording replayed before its file is parsed. */
export interface DrawSources {
  /** The file's text, noted as read by the map; undefined when it cannot be read. */
  peek(path: string): string | undefined;
  /** The file's parse (the mapper's cache of parses, not the map's: asked for after the map too). */
  parsed(path: string, text: string): LoadedFile;
}

/** Bumped when `save`'s data changes shape or meaning (2: recordings that used a concern are no longer saved). */
const MEMO_FORMAT = 2;

/**
 * A map's `InterpreterOptions.drawFile` (replays from `memo` where exact, else evaluates and
 * records) and `replayDraw` (a file kept from another session, replayed before it is parsed).
 */
export function memoisedDraw(memo: DrawMemo, it: () => Interpreter, contextOf: () => string, sources: DrawSources): {
  drawFile(file: LoadedFile, run: () => void): void;
  replayDraw(path: string): boolean;
} {
  memo.replayed = memo.evaluated = memo.restored = memo.recorded = 0;
  const drawFile = (file: LoadedFile, run: () => void): void => {
    const context = contextOf();
    const path = file.index.file;
    // A recording of this very text holds its shape: the walk of its tree is skipped (26 ms of
    // the first keystroke after a start on issue 30's large app, the first map to parse its files).
    const names = memo.shapeOf(path, file.index.text) ?? literalDsl(file);
    if (!names || !replayableHere(it(), names)) {
      memo.recordings.delete(path);
      memo.evaluated++;
      return run();
    }
    const kept = memo.recordings.get(path);
    const recording = kept ?? memo.fromStore(path, file.index.text, () => file, it().mapper.display);
    if (recording && sameFile(recording, file) && recording.context === context && fits(it(), recording) && concernsHold(it(), recording)) {
      memo.replayed++;
      if (!kept) memo.restored++;
      return replay(it(), recording);
    }
    memo.evaluated++;
    memo.recordings.delete(path);
    const made = record(it(), file, names, context, run);
    if (made) (memo.recordings.set(path, made), memo.recorded++);
  };
  // A file kept from another session, as long as nothing has parsed it: the first maps after a
  // start (a keystroke before the app is read among them) replay it by its text. Any other
  // recording is replayed the other way, by its parse.
  const replayDraw = (path: string): boolean => {
    const kept = memo.recordings.get(path);
    if (kept ? kept.file !== undefined : !memo.keeps(path)) return false;
    const text = sources.peek(path);
    if (text === undefined) return false;
    const shape = memo.shapeOf(path, text);
    if (!shape || !replayableHere(it(), shape)) return false;
    const recording = kept ?? memo.fromStore(path, text, () => sources.parsed(path, text), it().mapper.display);
    if (!recording || recording.context !== contextOf() || !fits(it(), recording) || !concernsHold(it(), recording)) return false;
    memo.replayed++;
    if (!kept) memo.restored++;
    replay(it(), recording);
    return true;
  };
  return { drawFile, replayDraw };
}

/** Whether `r` was made from `file`'s parse; one kept from another session takes the parse of its text. */
function sameFile(r: Recording, file: LoadedFile): boolean {
  if (r.file === undefined && r.text === file.index.text) r.file = file;
  return r.file === file;
}

/** The DSL methods a file calls when it is literal DSL only; undefined when it is anything more. */
function literalDsl(file: LoadedFile): readonly string[] | undefined {
  let known = shapes.get(file);
  if (known === undefined) {
    const names = new Set<string>();
    known = !file.syntaxErrors.length && statementsAreDsl(file.program.statements, names) ? [...names] : null;
    shapes.set(file, known);
  }
  return known ?? undefined;
}
const shapes = new WeakMap<LoadedFile, readonly string[] | null>();

function statementsAreDsl(node: N.StatementsNode | null, names: Set<string>): boolean {
  return !node || node.body.every((s) => s instanceof N.CallNode && isDslCall(s, names));
}

function isDslCall(node: N.CallNode, names: Set<string>): boolean {
  if (node.receiver !== null || !REPLAYABLE.has(node.name)) return false;
  if (!(node.arguments_?.arguments_ ?? []).every(isLiteral)) return false;
  const block = node.block;
  if (block !== null && !(block instanceof N.BlockNode && block.parameters === null && (block.body === null || block.body instanceof N.StatementsNode) && statementsAreDsl(block.body, names))) return false;
  names.add(node.name);
  return true;
}

function isLiteral(node: N.Node): boolean {
  if (node instanceof N.SymbolNode || node instanceof N.StringNode || node instanceof N.IntegerNode) return true;
  if (node instanceof N.TrueNode || node instanceof N.FalseNode || node instanceof N.NilNode || node instanceof N.RegularExpressionNode) return true;
  if (node instanceof N.ArrayNode) return node.elements.every(isLiteral);
  if (node instanceof N.HashNode || node instanceof N.KeywordHashNode) return node.elements.every((e) => e instanceof N.AssocNode && isLiteral(e.key) && isLiteral(e.value));
  return false;
}

/** Whether the file would run here as it runs anywhere else with the same scope: see the module's header. */
function replayableHere(it: Interpreter, names: readonly string[]): boolean {
  const m = it.mapper;
  if (it.quiet || it.catching || it.conditions.current().length || m.set !== it.appSet || m.set.unknownScope !== undefined) return false;
  if (m.partial || m.blockDsl !== undefined || !isRootScope(m.scope)) return false;
  // A verb the draw block defines itself (`def put(*) end`) is what `resources` calls: a recording made without it, or with it, holds only then.
  if (m.overriddenCalls?.size) return false;
  return dslOwn(it, names);
}

/**
 * Whether the DSL methods `names` are Rails' here: a `def` in a draw block is the mapper's
 * singleton method, and a module the routes `extend` the mapper with (or the app's initializers
 * prepend or include into it, appMappers.ts) comes before the DSL too.
 */
function dslOwn(it: Interpreter, names: readonly string[]): boolean {
  const modules = it.mapperModules;
  return names.every((n) => !it.classes.drawBlockMethod(n) && !modules.some((module) => mapperModuleMethod(it, module, n) !== undefined));
}

/** `rootScope()` as every map starts it: no frame but the default path names. */
function isRootScope(scope: Scope): boolean {
  if (scope.parent !== null || scope.level !== null) return false;
  const keys = Object.keys(scope.frame).filter((k) => scope.frame[k as keyof typeof scope.frame] !== undefined);
  const names = scope.frame.path_names;
  return keys.length === 1 && names instanceof RHash && names.size === 2 && names.get(sym("new")) === "new" && names.get(sym("edit")) === "edit";
}

/** Whether replaying gives what evaluating would: the names still free, the budget still enough. */
function fits(it: Interpreter, r: Recording): boolean {
  const set = it.mapper.set;
  const limits = it.budget.limits;
  if (it.budget.spent + r.steps > limits.steps || set.size + r.routes.length > limits.routes) return false;
  return r.names.every((n) => !set.hasNamedRoute(n));
}

/** Whether each concern the recording looked up is the block it ran, or still missing. */
function concernsHold(it: Interpreter, r: Recording): boolean {
  return r.concerns.every((use) => {
    const found = it.mapper.concerns.get(use.key);
    if (use.node === undefined) return found === undefined;
    return found !== undefined && "block" in found && found.block.sourceNode === use.node && dslOwn(it, use.names);
  });
}

/**
 * The concerns a file looked up, as a replay checks them; undefined when one is not a block of
 * literal DSL (a lambda, an object, a block reading its options or anything else): what it draws
 * could change while its text does not, so the file is evaluated every time.
 */
function concernUses(used: Map<string, Concern | undefined>): ConcernUse[] | undefined {
  const out: ConcernUse[] = [];
  for (const [key, found] of used) {
    if (found === undefined) {
      out.push({ key, node: undefined, names: [] });
      continue;
    }
    const node = "block" in found ? found.block.sourceNode : undefined;
    const names = new Set<string>();
    if (!(node instanceof N.BlockNode) || node.parameters !== null || !(node.body === null || node.body instanceof N.StatementsNode) || !statementsAreDsl(node.body, names)) return undefined;
    out.push({ key, node, names: [...names] });
  }
  return out;
}

/** Evaluates the file, watching what it reads and does; the recording, when it can be replayed exactly. */
function record(it: Interpreter, file: LoadedFile, shape: readonly string[], context: string, run: () => void): Recording | undefined {
  const m: MapperState = it.mapper;
  const set = m.set;
  const before = {
    rows: set.size, declarations: it.declarations.length, diagnostics: it.o.diagnostics.length, asked: it.reportsAsked,
    regions: it.openRegions.length, steps: it.budget.spent, regexp: it.regexpBudget.remaining, helpers: set.customHelpers.length,
    concerns: it.concernCount, appended: it.appended.length, engines: m.engines.sets.size, scope: m.scope,
  };
  const names = new Set<string>();
  set.probe = (name) => names.add(name);
  const used = new Map<string, Concern | undefined>();
  m.concernProbe = (key, found) => void (used.has(key) || used.set(key, found));
  try {
    run();
  } finally {
    set.probe = undefined;
    m.concernProbe = undefined;
  }
  // Anything the file did that a replay would not do again: evaluated next time too.
  const diagnostics = it.o.diagnostics.slice(before.diagnostics);
  if (it.reportsAsked - before.asked !== diagnostics.length) return undefined;
  if (m.scope !== before.scope || m.set !== set || set.unknownScope !== undefined || it.regexpBudget.remaining !== before.regexp) return undefined;
  if (set.customHelpers.length !== before.helpers || it.concernCount !== before.concerns || it.appended.length !== before.appended || m.engines.sets.size !== before.engines) return undefined;
  for (const n of names) if (set.namedBefore(n, before.rows)) return undefined;
  const concerns = concernUses(used);
  if (!concerns) return undefined;
  const declarations = it.declarations.slice(before.declarations);
  const own = new Set<SourceRef>(declarations);
  const routes = set.rowsFrom(before.rows) as DrawnRoute[];
  if (!routes.every((r) => own.has(r.drawnBy))) return undefined;
  const { file: path, text } = file.index;
  return {
    file, path, text, shape, context, names: [...names], steps: it.budget.spent - before.steps, first: before.rows, routes, declarations, calls: declarations, diagnostics,
    openRegions: it.openRegions.slice(before.regions), concerns,
  };
}

/**
 * Adds what the recorded evaluation added. The routes are the recording's own objects: nothing
 * in a route depends on the map it is in but its display context (the same for the same
 * `context`) and its call's record, of which it reads the span, file, origin and conditions,
 * the same in a shifted copy. Copying 20,000 routes per keystroke was most of a replay's
 * garbage (docs/benchmarks.md, "A replay without copies"). The records are copied only when
 * their route ranges move; unmoved, the old map's are shared, as nothing changes them once made.
 */
function replay(it: Interpreter, r: Recording): void {
  const set = it.mapper.set;
  const shift = set.size - r.first;
  const declarations = shift === 0 ? r.declarations : r.declarations.map((d) => d.shifted(shift));
  for (const d of declarations) it.declarations.push(d);
  for (const route of r.routes) set.replay(route);
  it.budget.charge(r.steps);
  for (const d of r.diagnostics) it.report(d.severity, d.message, d.span, d.code, d.related);
  for (const region of r.openRegions) it.openRegions.push({ ...region });
  r.first += shift;
  r.declarations = declarations;
}
