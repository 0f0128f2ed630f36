/**
 * A larger stack for Prism's WebAssembly build; and, for the bundles, only the exports
 * Routemap calls (`onlyExports`, below).
 *
 * The build uses wasm-ld's default layout: static data from 1 KiB, then a 64 KiB shadow stack
 * growing down towards the data, then the heap. Code nested about a hundred levels deep
 * overflows that stack, and an overflow does not trap: it writes over the parser's tables, so
 * that parse and every later one on the instance go wrong, and some loop forever (189 nested
 * parentheses never return). Nothing outside the module can stop a WebAssembly loop.
 *
 * So the module is given a stack of its own, above everything the build lays out: its memory
 * starts at 64 pages instead of 3, and the stack pointer (global 0) starts at the top of them.
 * The allocator keeps to the heap the build declared (`__heap_base` to `__heap_end`, the old
 * end of memory) and grows the memory beyond the new pages, as it does when anything else grows
 * it. The new stack, nearly 4 MiB, is deeper than V8's own stack can follow Prism's recursion
 * (which ends between one and two thousand levels), so deep input ends in a RangeError that
 * the parser catches. Its lowest bytes still hold a canary during each parse (`prism.ts`), in
 * case some input uses more stack per level than seen.
 */

/** Pages of memory the patched module starts with; the stack's top is their end. */
const PAGES = 64;
const PAGE = 65536;

export interface PatchedPrism {
  wasm: Uint8Array<ArrayBuffer>;
  /** The lowest address of the new stack (the old end of memory): where an overflow would begin. */
  stackLow: number;
}

/** Reads an unsigned LEB128 at `at`; returns the value and the offset after it. */
function uleb(bytes: Uint8Array, at: number): [number, number] {
  let value = 0;
  let shift = 0;
  let byte;
  do {
    byte = bytes[at++];
    value += (byte & 0x7f) * 2 ** shift;
    shift += 7;
  } while (byte & 0x80);
  return [value, at];
}

/** A number's LEB128 bytes: unsigned, or signed for a non-negative i32 (whose last byte keeps its sign bit clear). */
function leb(value: number, signed = false): number[] {
  const out: number[] = [];
  for (;;) {
    const group = value % 128;
    value = Math.floor(value / 128);
    const done = value === 0 && (!signed || group < 64);
    out.push(done ? group : group | 0x80);
    if (done) return out;
  }
}

/** A module's sections in order: each one's id, where it starts, where its body starts and ends. */
function sections(wasm: Uint8Array): { id: number; at: number; body: number; end: number }[] {
  const out = [];
  for (let at = 8; at < wasm.length; ) {
    const [size, body] = uleb(wasm, at + 1);
    out.push({ id: wasm[at], at, body, end: body + size });
    at = body + size;
  }
  return out;
}

/**
 * The custom section a patched module ends with, holding `stackLow`: the bundles ship
 * prism.wasm patched (esbuild.mjs), so that the `routemap` executable can start compiling it
 * before it has loaded the code that patches.
 */
const SECTION_NAME = "routemap.stackLow";

/**
 * The module with its memory and stack moved as above, or the module itself if it is
 * patched already. Throws when the module is not laid out as expected (one memory of a few
 * pages, global 0 a mutable i32 stack pointer at its end): a new `@ruby/prism` must be looked
 * at before it is used.
 */
export function withLargerStack(original: Uint8Array): PatchedPrism {
  const stackLow = patchedStackLow(original);
  return stackLow === undefined ? patch(original) : { wasm: original as Uint8Array<ArrayBuffer>, stackLow };
}

/** The `stackLow` a patched module records, read from its last section; undefined if it has none. */
function patchedStackLow(wasm: Uint8Array): number | undefined {
  const last = sections(wasm).pop();
  if (last === undefined || last.id !== 0) return undefined;
  const [nameLength, name] = uleb(wasm, last.body);
  if (nameLength !== SECTION_NAME.length || String.fromCharCode(...wasm.subarray(name, name + nameLength)) !== SECTION_NAME) return undefined;
  return uleb(wasm, name + nameLength)[0];
}

function patch(original: Uint8Array): PatchedPrism {
  const fail = (why: string): never => {
    throw new Error(`prism.wasm is not laid out as Routemap expects (${why}); see shared-mapper/src/ruby/prismStack.ts`);
  };
  const chunks: Uint8Array[] = [original.subarray(0, 8)];
  let pages = -1;
  let spliced = 0;
  for (const { id, at, body, end } of sections(original)) {
    if (id === 5) {
      // One memory, no maximum: count 1, flags 0, then the minimum in pages.
      if (original[body] !== 1 || original[body + 1] !== 0) fail("one memory without a maximum");
      const [min, after] = uleb(original, body + 2);
      if (after !== end || min >= PAGES) fail(`a memory of fewer than ${PAGES} pages`);
      pages = min;
      chunks.push(section(5, [1, 0, ...leb(PAGES)]));
      spliced++;
    } else if (id === 6) {
      // Global 0: a mutable i32 (0x7f 0x01) set by `i32.const` (0x41) ... `end` (0x0b).
      const first = uleb(original, body)[1];
      if (original[first] !== 0x7f || original[first + 1] !== 1 || original[first + 2] !== 0x41) fail("global 0, the stack pointer, a mutable i32 constant");
      const [top, after] = uleb(original, first + 3);
      if (original[after] !== 0x0b || pages < 0 || top > pages * PAGE) fail("the stack inside the declared memory");
      chunks.push(section(6, [...original.subarray(body, first + 3), ...leb(PAGES * PAGE - 16, true), ...original.subarray(after, end)]));
      spliced++;
    } else chunks.push(original.subarray(at, end));
  }
  if (spliced !== 2) fail("a memory section and a global section");
  const stackLow = pages * PAGE;
  chunks.push(section(0, [...leb(SECTION_NAME.length), ...Array.from(SECTION_NAME, (c) => c.charCodeAt(0)), ...leb(stackLow)]));
  return { wasm: joined(chunks), stackLow };
}

/** The chunks of a module, one after the other. */
function joined(chunks: Uint8Array[]): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.length;
  }
  return out;
}

/** A section: its id, its size, its body. */
function section(id: number, body: number[]): Uint8Array {
  return Uint8Array.from([id, ...leb(body.length), ...body]);
}

/**
 * The module exporting only `names` (the other functions stay in it, which calls them): the
 * build of prism.wasm exports 566 functions, for which V8 makes a wrapper each as the module
 * is instantiated, 3.5 of the 4.5 ms an instance took. The bundles ship it so (esbuild.mjs);
 * a patched module's marking section stays last. Throws when a name is not exported.
 */
export function onlyExports(wasm: Uint8Array, names: readonly string[]): Uint8Array<ArrayBuffer> {
  const chunks: Uint8Array[] = [wasm.subarray(0, 8)];
  let kept = -1;
  for (const { id, at, body, end } of sections(wasm)) {
    if (id === 7) {
      const entries = exportsNamed(wasm, body, new Set(names));
      kept = entries.count;
      chunks.push(section(7, [...leb(entries.count), ...entries.bytes]));
    } else chunks.push(wasm.subarray(at, end));
  }
  if (kept !== names.length) {
    throw new Error(`prism.wasm does not export all of ${names.join(", ")}; see shared-mapper/src/ruby/prismStack.ts`);
  }
  return joined(chunks);
}

/** The entries of the export section at `body` whose names are in `names`, as they are written. */
function exportsNamed(wasm: Uint8Array, body: number, names: ReadonlySet<string>): { count: number; bytes: number[] } {
  const decoder = new TextDecoder();
  const bytes: number[] = [];
  let count = 0;
  let [n, at] = uleb(wasm, body);
  for (; n > 0; n--) {
    const start = at;
    const [length, name] = uleb(wasm, at);
    // The name, its kind (a byte), its index.
    at = uleb(wasm, name + length + 1)[1];
    if (!names.has(decoder.decode(wasm.subarray(name, name + length)))) continue;
    for (let i = start; i < at; i++) bytes.push(wasm[i]);
    count++;
  }
  return { count, bytes };
}
