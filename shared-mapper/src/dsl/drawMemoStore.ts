/**
 * A drawn file's recording (`drawMemo.ts`) as plain data, so a host can keep it between
 * sessions: the language server's next start replays the files `draw` loads instead of
 * evaluating them, when each is the same text drawn with the same `context` (issue 30 §6: the
 * first hover on an app of 20,000 routes was mostly their cold evaluation).
 *
 * Exact or not at all, as a replay in one session is: the data names the text it was recorded
 * from, and is used only for a file of that very text, parsed again, whose calls are found at
 * the offsets recorded (with the same method names); the memo's own checks (context, free
 * names, budget) follow as for any recording. A value that is not plain data (anything but nil,
 * booleans, numbers, Strings, Symbols, Regexps, Arrays and Hashes of them) keeps its file's
 * recording out of the data, and data of any other shape than this module writes is not used
 * (the file is evaluated).
 */
import * as N from "@ruby/prism/src/nodes.js";
import { routeFromData, type DisplayContext, type DrawnRoute, type PlainGroup, type PlainStep, type RouteData, type RouteRestore } from "../mapper/route.js";
import type { SourceRef } from "../mapper/state.js";
import type { LoadedFile } from "../ruby/loadedFile.js";
import { restoredPath, type PathInfo } from "../journey/pattern.js";
import { LineIndex } from "../ruby/lineIndex.js";
import { RFloat, RHash, RRegexp, RString, RSymbol, sym, type RValue } from "../ruby/values.js";
import type { Diagnostic, OpenRegion } from "../types.js";
import { DeclarationRecord } from "./declarations.js";

/** What one evaluation of a drawn file did, for the next map to replay. */
export interface Recording {
  /** Its file's parse, once made: a recording kept from another session is replayed before its file is parsed. */
  file: LoadedFile | undefined;
  path: string;
  text: string;
  /** The DSL methods the file calls (it calls nothing else). */
  shape: readonly string[];
  context: string;
  /** Route names the set was asked about: all were free before the file was drawn. */
  names: string[];
  steps: number;
  /** The row its first route took, and its routes. */
  first: number;
  routes: DrawnRoute[];
  /** Its calls' records as the last map has them (their route ranges follow `first`). */
  declarations: DeclarationRecord[];
  /** The records its routes point at, as it was made: `declarations`, unshifted (a replay copies the records, not the routes). */
  calls: readonly SourceRef[];
  diagnostics: Diagnostic[];
  openRegions: OpenRegion[];
  /** The concerns it looked up (`resources … concerns:`), each as it found it: a replay finds the same. */
  concerns: readonly ConcernUse[];
}

/**
 * A concern a drawn file looked up: the block of literal DSL it ran (a node of the parse of the
 * file that defines it, so the same node is the same text at the same place) and that block's
 * DSL methods; or none, when there was no concern of that name (Rails' error was recorded).
 */
export interface ConcernUse {
  key: string;
  node: N.BlockNode | undefined;
  names: readonly string[];
}

/** A recording as data: its file by path and text, its calls by offset. */
export interface RecordingData {
  path: string;
  text: string;
  shape: string[];
  context: string;
  names: string[];
  steps: number;
  first: number;
  /** Per call: offset, method, routes' first and end, engine, origin, files evaluated, and the `def` an app's method ran (its file and span). */
  calls: [number, string, number, number, string | null, string | null, string[] | null, [string, number, number, number, number] | null][];
  routes: RouteData[];
  diagnostics: Diagnostic[];
  openRegions: OpenRegion[];
}

class NotPlain extends Error {}

/**
 * A Ruby value as JSON: nil, booleans, finite numbers and frozen text as themselves; anything
 * else an array whose first item says what it is (`["s", name]` a Symbol, `["a", ...items]`, `["h",
 * k1, v1, ...]`, `["S", text, frozen]`, `["i", digits]`, `["f", number]`, `["r", source, flags]`).
 * Arrays, not objects: the data of 20,000 routes is read as a session starts.
 */
function encode(v: RValue | undefined): unknown {
  if (v === undefined || v === null || typeof v === "boolean" || typeof v === "string") return v;
  if (typeof v === "number") {
    if (!Number.isFinite(v)) throw new NotPlain();
    return v;
  }
  if (typeof v === "bigint") return ["i", v.toString()];
  if (Array.isArray(v)) return ["a", ...v.map(encode)];
  if (v instanceof RSymbol) return ["s", v.name];
  if (v instanceof RString && v.file === undefined) return ["S", v.value, v.frozen];
  if (v instanceof RFloat && Number.isFinite(v.value)) return ["f", v.value];
  if (v instanceof RRegexp) return ["r", v.source, v.flags];
  if (v instanceof RHash && v.defaultValue === null && v.defaultProc === null) {
    const out: unknown[] = ["h"];
    v.forEach((k, x) => out.push(encode(k), encode(x)));
    return out;
  }
  throw new NotPlain();
}

/** `encode`'s inverse; throws for anything `encode` does not write. */
function decode(d: unknown): RValue {
  if (d === null || typeof d === "boolean" || typeof d === "string" || typeof d === "number") return d;
  if (!Array.isArray(d)) throw new TypeError("not a value's data");
  const tag: unknown = d[0], a: unknown = d[1], b: unknown = d[2];
  if (tag === "s" && typeof a === "string") return sym(a);
  if (tag === "a") return d.slice(1).map(decode);
  if (tag === "h" && d.length % 2 === 1) {
    const hash = new RHash();
    for (let i = 1; i < d.length; i += 2) hash.set(decode(d[i]), decode(d[i + 1]));
    return hash;
  }
  if (tag === "S" && typeof a === "string") return new RString(a, b === true);
  if (tag === "i" && typeof a === "string") return BigInt(a);
  if (tag === "f" && typeof a === "number") return new RFloat(a);
  if (tag === "r" && typeof a === "string" && typeof b === "string") return new RRegexp(a, b);
  throw new TypeError("not a value's data");
}

/**
 * The recording as data; undefined when a value in it is not plain data, a call ran under a
 * condition, or it used a concern (the routes a concern draws are another file's calls).
 */
export function recordingData(r: Recording): RecordingData | undefined {
  if (r.concerns.length) return undefined;
  const numbers = new Map<SourceRef, number>();
  const calls: RecordingData["calls"] = [];
  for (const d of r.declarations) {
    if (d.conditions.length) return undefined;
    numbers.set(r.calls[calls.length], calls.length);
    const [first, end] = d.routeRange;
    const def = d.definedAt;
    const definedAt: [string, number, number, number, number] | null = def ? [def.file, def.start.line, def.start.character, def.end.line, def.end.character] : null;
    calls.push([d.callStart, d.method, first, end, d.engine ?? null, d.origin ?? null, d.drawnFiles ? [...d.drawnFiles] : null, definedAt]);
  }
  try {
    const routes = r.routes.map((route) => {
      const call = numbers.get(route.drawnBy);
      if (call === undefined) throw new NotPlain();
      return route.data(call, encode);
    });
    const { path, text, context, names, steps, first, diagnostics, openRegions } = r;
    return { path, text, shape: [...r.shape], context, names, steps, first, calls, routes, diagnostics, openRegions };
  } catch (e) {
    if (e instanceof NotPlain) return undefined;
    throw e;
  }
}

/**
 * The recording `data` describes, for a file of the text `text`, in a map whose display context
 * is `context`; undefined when the data does not fit the text. Its calls' records find their
 * nodes in `parsed()` when first asked (a hover, a symbol): a start replays the drawn files
 * without parsing them. The data is checked against the text meanwhile: each call's method name
 * is where its offset says.
 */
export function restoreRecording(data: RecordingData, text: string, parsed: () => LoadedFile, context: DisplayContext): Recording | undefined {
  try {
    const { path, names, steps, first, diagnostics, openRegions, shape } = data;
    if (data.text !== text || !Array.isArray(names) || typeof steps !== "number" || typeof first !== "number") return undefined;
    if (!Array.isArray(diagnostics) || !Array.isArray(openRegions) || !Array.isArray(shape) || !shape.every((n) => typeof n === "string")) return undefined;
    const recording: Recording = { file: undefined, path, text, shape, context: data.context, names, steps, first, routes: [], declarations: [], calls: [], diagnostics, openRegions, concerns: [] };
    const declarations = restoredCalls(data.calls, new LineIndex(path, text), nodeFinder(recording, parsed));
    const restore: RouteRestore = { calls: declarations, context, decode, ...shared() };
    recording.routes = data.routes.map((d) => routeFromData(d, restore));
    recording.declarations = declarations;
    recording.calls = declarations;
    return recording;
  } catch {
    return undefined;
  }
}

/** What finds a call of the recording's file by offset, in its parse (made on the first ask, then kept). */
function nodeFinder(recording: Recording, parsed: () => LoadedFile): (offset: number, method: string) => () => N.CallNode {
  let nodes: Map<number, N.CallNode> | undefined;
  return (offset, method) => () => {
    if (!nodes) callsOf((recording.file ??= parsed()).program.statements, (nodes = new Map()));
    const node = nodes.get(offset);
    // Checked against the text when restored: only data made for this text by another build could miss.
    if (!node || node.name !== method) throw new Error(`Routemap internal error: no \`${method}\` call at byte ${offset} of ${recording.path}`);
    return node;
  };
}

/** The calls' records, each checked against the text: its method name where its offset says. */
function restoredCalls(calls: RecordingData["calls"], index: LineIndex, find: ReturnType<typeof nodeFinder>): DeclarationRecord[] {
  return calls.map((call) => {
    const offset = call[0], method = call[1], start = call[2], end = call[3], engine = call[4], origin = call[5], drawnFiles = call[6], def = call[7];
    if (typeof offset !== "number" || typeof method !== "string" || typeof start !== "number" || typeof end !== "number") throw new TypeError("not a call's data");
    // A DSL method's name, or an app's method's (`api_v2`, `draw!`).
    if (!/^[A-Za-z_]\w*[?!]?$/.test(method) || index.slice(offset, offset + method.length) !== method) throw new TypeError("not this text's call");
    const record = DeclarationRecord.lazy(method, offset, find(offset, method), index);
    record.routesEnd(start, end);
    if (engine !== null) record.engine = String(engine);
    if (origin !== null) record.origin = String(origin);
    if (Array.isArray(drawnFiles)) record.drawnFiles = drawnFiles.map(String);
    if (Array.isArray(def) && def.length === 5 && def.slice(1).every(Number.isInteger)) {
      record.definedAt = { file: String(def[0]), start: { line: def[1], character: def[2] }, end: { line: def[3], character: def[4] } };
    }
    return record;
  });
}

/**
 * What a file's restored routes share, as drawing shares it: one analysis per path (a resource's
 * member routes share `/posts/:id`), one step per verbs and action, one plain group per call.
 */
function shared(): Pick<RouteRestore, "groups" | "step" | "info"> {
  const steps = new Map<string, PlainStep>();
  const infos = new Map<string, PathInfo>();
  return {
    groups: new Map<number, PlainGroup>(),
    step(via, action) {
      // Most plain routes have one verb, a Symbol: `["s", "get"]`.
      const one = via.length === 1 && Array.isArray(via[0]) && via[0][0] === "s" ? via[0][1] : undefined;
      const key = `${typeof one === "string" ? one : JSON.stringify(via)}\0${action}`;
      let known = steps.get(key);
      if (!known) steps.set(key, (known = { via: via.map(decode), action }));
      return known;
    },
    info(path) {
      let known = infos.get(path);
      if (!known) infos.set(path, (known = restoredPath(path)));
      return known;
    },
  };
}

/** The calls of a file of literal DSL (`drawMemo.ts`'s `literalDsl`), by start offset: its statements and their blocks'. */
function callsOf(node: N.StatementsNode | null, out: Map<number, N.CallNode>): void {
  for (const s of node?.body ?? []) {
    if (!(s instanceof N.CallNode)) continue;
    out.set(s.location.startOffset, s);
    if (s.block instanceof N.BlockNode && (s.block.body === null || s.block.body instanceof N.StatementsNode)) callsOf(s.block.body, out);
  }
}
