/**
 * Loads Ruby's official parser, Prism, compiled to WebAssembly (`@ruby/prism`).
 *
 * We instantiate the WASM module ourselves instead of calling the package's `loadPrism`:
 * that one imports Node's `wasi` module, which prints an experimental-feature warning
 * on every start and does not bundle. The parser makes no system calls while parsing,
 * so each WASI import answers ENOSYS; `proc_exit` (only reached on an internal abort)
 * throws, and the facade turns that into a diagnostic.
 */
import { parsePrism } from "@ruby/prism/src/parsePrism.js";
import type { ParseResult } from "@ruby/prism/src/deserialize.js";

export type { ParseResult };
export type Parser = (source: string) => ParseResult;

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

/** Instantiates Prism from the bytes of `prism.wasm`. */
export async function createParser(wasm: BufferSource): Promise<Parser> {
  const module = await WebAssembly.compile(wasm);
  const instance = await WebAssembly.instantiate(module, { wasi_snapshot_preview1: wasiImports() });
  (instance.exports._initialize as () => void)();
  return (source: string) => parsePrism(instance.exports, source, {}) as ParseResult;
}
