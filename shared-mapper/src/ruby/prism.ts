/**
 * Loads Ruby's official parser, Prism, compiled to WebAssembly (`@ruby/prism`).
 *
 * We instantiate the WASM module ourselves instead of calling the package's `loadPrism`:
 * that one imports Node's `wasi` module, which prints an experimental-feature warning
 * on every start and does not bundle. The parser makes no system calls while parsing,
 * so each WASI import answers ENOSYS; `proc_exit` (only reached on an internal abort)
 * throws, and the facade turns that into a diagnostic.
 *
 * Prism's WebAssembly build comes with a 64 KiB stack that deep code overflows silently and
 * fatally; `prismStack.ts` gives it a larger one, so that deep code ends in V8's RangeError.
 * A parse that throws (that, a trap such as "memory access out of bounds", `proc_exit`), or
 * that reaches the canary kept in the lowest bytes of the stack, has failed: the instance,
 * whose stack pointer and heap are left as they were mid-parse, is thrown away for a fresh
 * one from the compiled module, and the caller gets a `ParserFailure`.
 */
import type { ParseResult } from "@ruby/prism/src/deserialize.js";
import { withLargerStack } from "./prismStack.js";
import { deserialize } from "./serialized.js";

export type { ParseResult };
/** `template`: the source is a view's body, which Rails compiles into a method (`yield` is allowed). */
/** `index`: the tree's calls listed as it is read (serialized.ts `deserialize`), for the facts of app files. */
export type Parser = (source: string, o?: ParseOptions) => ParseResult;
/**
 * `bytes`: the source as UTF-8 already (a `LineIndex`'s), not encoded again for Prism. `keep`:
 * the file's path, when the parse may come from and go to the host's `ParseStore`.
 */
export type ParseOptions = { template?: boolean; index?: boolean; bytes?: Uint8Array; keep?: string };

/**
 * Prism's output kept by the host between runs (the CLI keeps it in the user's cache folder,
 * server/src/cli/parseStore.ts); the core does no IO, it only asks and offers. `get` answers
 * only for exactly these source bytes and mode, parsed by this build's Prism, and never with
 * damaged data (the host checks both). Deserializing it is the same read as of a fresh parse's.
 */
export interface ParseStore {
  get(path: string, source: Uint8Array, template: boolean): Uint8Array | undefined;
  /** `serialized` is the caller's copy, the store's to keep. */
  put(path: string, source: Uint8Array, template: boolean, serialized: Uint8Array): void;
}

/** Prism failed on a source (a trap or a stack overflow); the parser has been renewed since. */
export class ParserFailure extends Error {}

const ENOSYS = 52;

function wasiImports(): WebAssembly.ModuleImports {
  return new Proxy(
    {},
    {
      get(_target, name) {
        if (name === "proc_exit") {
          return (code: number) => {
            throw new Error(`prism exited with status ${code}`);
          };
        }
        return () => ENOSYS;
      },
    },
  ) as WebAssembly.ModuleImports;
}

function instantiate(module: WebAssembly.Module): WebAssembly.Exports {
  const instance = new WebAssembly.Instance(module, { wasi_snapshot_preview1: wasiImports() });
  (instance.exports._initialize as () => void)();
  return instance.exports;
}

/** The stack's lowest bytes, watched for an overflow. */
const GUARD_BYTES = 8192;
const CANARY = 0x5a17c0de;

const guard = (prism: WebAssembly.Exports, stackLow: number) =>
  // A fresh view each time: growing the memory detaches the old buffer.
  new Uint32Array((prism.memory as WebAssembly.Memory).buffer, stackLow, GUARD_BYTES >> 2);

/** The guard as it is when no parse reached it: what `guardIntact` compares it with. */
const INTACT = new Uint8Array(new Uint32Array(GUARD_BYTES >> 2).fill(CANARY).buffer);
/** Node's native comparison of byte arrays (a `memcmp`), where the host has it. */
const NodeBuffer = (globalThis as { Buffer?: { compare(a: Uint8Array, b: Uint8Array): number } }).Buffer;

/**
 * Whether the guard still holds only the canary. Checked after every parse: `check` parses
 * tens of thousands of files, and `Array.prototype.some` over the 2,048 words, a callback per
 * word, took 60–140 µs a parse (the command runs without V8's optimising compiler), 2–4 s of
 * a 30,000-file `check`; Node's `Buffer.compare` takes 2–3 µs. Elsewhere, a plain loop.
 */
export function guardIntact(prism: WebAssembly.Exports, stackLow: number): boolean {
  if (NodeBuffer) return NodeBuffer.compare(new Uint8Array((prism.memory as WebAssembly.Memory).buffer, stackLow, GUARD_BYTES), INTACT) === 0;
  const words = guard(prism, stackLow);
  for (let i = 0; i < words.length; i++) if (words[i] !== CANARY) return false;
  return true;
}

/**
 * Prism's options, packed as `pm_serialize_parse` reads them: no file path, line 1, no
 * encoding, no flags but `partial_script` (byte 17), no scopes.
 */
function packedOptions(template: boolean): Uint8Array {
  const options = new Uint8Array(23);
  options[4] = 1; // the first line's number, a little-endian int32
  options[17] = template ? 1 : 0;
  return options;
}
const OPTIONS = [packedOptions(false), packedOptions(true)];
const encoder = new TextEncoder();

type Fn = (...args: number[]) => number;

/** What Routemap uses of Prism's module: the bundles' prism.wasm exports nothing else (`onlyExports`). */
export const PRISM_EXPORTS = [
  "memory", "_initialize", "calloc", "free", "pm_buffer_sizeof", "pm_buffer_init", "pm_serialize_parse", "pm_buffer_value", "pm_buffer_length", "pm_buffer_free",
] as const;

/** Sets the canary in the guard (before each parse). */
export function armGuard(prism: WebAssembly.Exports, stackLow: number): void {
  guard(prism, stackLow).fill(CANARY);
}

/** Prism's parse, with the canary set before and checked after; its output offered to `store` when `o.keep` says so. */
function watchedParse(prism: WebAssembly.Exports, source: string, stackLow: number, o: ParseOptions & { bytes: Uint8Array }, store?: ParseStore): ParseResult {
  armGuard(prism, stackLow);
  const calloc = prism.calloc as Fn;
  const free = prism.free as Fn;
  const sourceBytes = o.bytes;
  const options = OPTIONS[o.template ? 1 : 0];
  const sourceAt = calloc(1, sourceBytes.length);
  const optionsAt = calloc(1, options.length);
  const bufferAt = calloc((prism.pm_buffer_sizeof as Fn)(), 1);
  (prism.pm_buffer_init as Fn)(bufferAt);
  const memory = () => (prism.memory as WebAssembly.Memory).buffer;
  new Uint8Array(memory(), sourceAt, sourceBytes.length).set(sourceBytes);
  new Uint8Array(memory(), optionsAt, options.length).set(options);
  (prism.pm_serialize_parse as Fn)(bufferAt, sourceAt, sourceBytes.length, optionsAt);
  if (!guardIntact(prism, stackLow)) throw new Error("its stack overflowed");
  const serialized = new Uint8Array(memory(), (prism.pm_buffer_value as Fn)(bufferAt), (prism.pm_buffer_length as Fn)(bufferAt));
  const result = deserialize(source, sourceBytes, serialized, { index: o.index });
  // Offered once read: a buffer the reader refused is not kept.
  if (store && o.keep !== undefined) offer(store, o.keep, sourceBytes, !!o.template, serialized);
  (prism.pm_buffer_free as Fn)(bufferAt);
  free(sourceAt);
  free(bufferAt);
  free(optionsAt);
  return result;
}

/**
 * Instantiates Prism from the bytes of `prism.wasm`. The parser throws `ParserFailure` when
 * Prism fails on a source, having already replaced the failed instance. `compiled`: the
 * module V8 is compiling from these bytes already, used if they are patched already (the
 * `routemap` executable starts it before loading the rest; see shared-mapper/src/node.ts).
 * `store`: where parses asked with `keep` come from when kept, and go to when made. The
 * instance is made at the first parse that needs it: a run whose files' parses were all kept
 * needs none.
 */
export async function createParser(wasm: BufferSource, compiled?: Promise<WebAssembly.Module>, store?: ParseStore): Promise<Parser> {
  const bytes = ArrayBuffer.isView(wasm) ? new Uint8Array(wasm.buffer, wasm.byteOffset, wasm.byteLength) : new Uint8Array(wasm);
  const patched = withLargerStack(bytes);
  const module = await (compiled && patched.wasm === bytes ? compiled : WebAssembly.compile(patched.wasm));
  let prism: WebAssembly.Exports | undefined;
  return (source, o = {}) => {
    const sourceBytes = o.bytes ?? encoder.encode(source);
    const kept = store && o.keep !== undefined ? keptParse(store, o.keep, source, sourceBytes, o) : undefined;
    if (kept) return kept;
    try {
      prism ??= instantiate(module);
      return watchedParse(prism, source, patched.stackLow, { ...o, bytes: sourceBytes }, store);
    } catch (e) {
      prism = instantiate(module);
      throw new ParserFailure(e instanceof Error ? e.message : String(e));
    }
  };
}

/** `store.put` of a copy of `serialized` (Prism's memory is freed next); a store that fails only costs the keeping. */
function offer(store: ParseStore, path: string, sourceBytes: Uint8Array, template: boolean, serialized: Uint8Array): void {
  try {
    store.put(path, sourceBytes, template, serialized.slice());
  } catch {
    // Not kept.
  }
}

/**
 * The tree of a kept parse, or undefined when there is none, the store fails, or the reader
 * refuses what it kept: then Prism parses, as without a store.
 */
function keptParse(store: ParseStore, path: string, source: string, sourceBytes: Uint8Array, o: ParseOptions): ParseResult | undefined {
  try {
    const serialized = store.get(path, sourceBytes, !!o.template);
    return serialized && deserialize(source, sourceBytes, serialized, { index: o.index });
  } catch {
    return undefined;
  }
}
