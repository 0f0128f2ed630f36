/**
 * Reads Prism's serialized form (Prism's docs/serialization.md; each node type's fields from
 * prismFormat.ts) into the same tree as @ruby/prism's own deserializer: the same node classes,
 * locations, constants and strings, which the tests check on every fixture.
 *
 * Why our own: a `routemap routes` run is one cold pass, and @ruby/prism's reader was the
 * largest part of it (about 30 ms of a 230 ms run on the 10,000-route benchmark): a function
 * of 150 cases that V8 compiles as the run starts, a method call per byte and per varint, a
 * copy and a decoder call per string and per constant, a new TextDecoder per constant. This one
 * has a reader per node type, generated from the table of each type's field kinds (at the end
 * of this file), inlines the commonest fields, and takes strings as slices of the source text
 * when the source is ASCII (byte offsets are then character offsets).
 *
 * A result with errors or warnings is read here too, their types and levels named from Prism's
 * lists (prismFormat.ts): handed to Prism's reader, a large app's controllers that each drew a
 * warning (an `end` indented unlike its `class`) cost a first `routemap check` 1.7 s of a 7.7 s
 * profile of reading files' facts. A buffer of another format version is still handed to
 * Prism's reader, which the tests prevent.
 */
import * as N from "@ruby/prism/src/nodes.js";
import { deserialize as prismDeserialize, ParseResult } from "@ruby/prism/src/deserialize.js";
import { ERROR_LEVELS, ERROR_TYPES, NODE_FORMATS, PRISM_VERSION, WARNING_LEVELS, WARNING_TYPES } from "./prismFormat.js";
import { keepProgramIndex, WRITE_TYPES, type ProgramIndex } from "./walk.js";

type Ctor = new (...args: unknown[]) => N.Node;
type Location = { startOffset: number; length: number };
type RubyString = { encoding: string; validEncoding: boolean; value: string };
type Diagnostic = { type: string; message: string; location: Location; level: string };

/** Indexed by node type less one, as the generated readers use them. */
const CLASSES: Ctor[] = NODE_FORMATS.map(([name]) => (N as unknown as Record<string, Ctor>)[name]);

const FORCED_UTF8 = 1 << 2;
const FORCED_BINARY = 1 << 3;

/** The reader's state: one buffer is read at a time, start to end, with no call out. */
let buf: Uint8Array;
let pos = 0;
let bytes: Uint8Array;
let text = "";
let asciiText = false;
let fileEncoding = "utf-8";
let poolOffset = 0;
let constants: (string | undefined)[] = [];
const decoders = new Map<string, TextDecoder>();
// `ignoreBOM`: a string's own U+FEFF is a character (`"\uFEFF"`), not a byte order mark to drop
// (for UTF-8 only: Node's decoders of single-byte encodings drop a byte with it).
const utf8 = new TextDecoder("utf-8", { ignoreBOM: true });

/**
 * The tree of `serialized`, Prism's output for `source` (whose UTF-8 bytes are `sourceBytes`).
 * Throws on a buffer that is not Prism's serialized form. `index`: the tree's calls and `def`s
 * listed as they are read (`INDEXING_READERS`), kept with its program for walk.ts's
 * `programIndex`, which would otherwise walk the whole tree for them.
 */
export function deserialize(source: string, sourceBytes: Uint8Array, serialized: Uint8Array, o: { index?: boolean } = {}): ParseResult {
  try {
    if (!o.index) return read(source, sourceBytes, serialized);
    readers = INDEXING_READERS;
    indexed = { calls: [], scopes: [], defs: [] };
    defAt = -1;
    scopeSlots = [];
    writes = [];
    writeSlots = [];
    const result = read(source, sourceBytes, serialized);
    if (readers === INDEXING_READERS && result.value instanceof N.ProgramNode) keepProgramIndex(result.value, indexFound());
    return result;
  } finally {
    // Holds neither buffer, the source nor any node past the call, however it ended.
    buf = bytes = new Uint8Array(0);
    text = "";
    readers = READERS;
    indexed = EMPTY_INDEX;
    scopeSlots = [];
    writes = [];
    writeSlots = [];
  }
}

function read(source: string, sourceBytes: Uint8Array, serialized: Uint8Array): ParseResult {
  buf = serialized;
  pos = 0;
  if (buf[0] !== 0x50 || buf[1] !== 0x52 || buf[2] !== 0x49 || buf[3] !== 0x53 || buf[4] !== 0x4d) throw new Error("Invalid serialization");
  if (buf[5] !== PRISM_VERSION[0] || buf[6] !== PRISM_VERSION[1] || buf[7] !== PRISM_VERSION[2]) {
    readers = READERS; // no index: walk.ts lists the calls itself
    return prismDeserialize(sourceBytes, serialized);
  }
  if (buf[8] !== 0) throw new Error("Invalid serialization (location fields must be included but are not)");
  pos = 9;
  bytes = sourceBytes;
  text = source;
  asciiText = source.length === sourceBytes.length;
  fileEncoding = "utf-8";
  fileEncoding = decodeWith(fileEncoding, take(varint())).value;
  varint(); // the start line
  for (let n = varint(); n > 0; n--) varint(); // line offsets
  const comments: { type: number; location: Location }[] = [];
  for (let n = varint(); n > 0; n--) comments.push({ type: varint(), location: location() });
  const magicComments: { startLocation: Location; endLocation: Location }[] = [];
  for (let n = varint(); n > 0; n--) magicComments.push({ startLocation: location(), endLocation: location() });
  const dataLoc = buf[pos++] !== 0 ? location() : null;
  const errors = diagnostics(ERROR_TYPES, ERROR_LEVELS);
  const warnings = diagnostics(WARNING_TYPES, WARNING_LEVELS);
  poolOffset = uint32(pos);
  pos += 4;
  constants = new Array(varint());
  return new ParseResult(node() as N.ProgramNode, comments, magicComments, dataLoc, errors as never[], warnings as never[]);
}

/** Errors or warnings as Prism's reader gives them: type and level named from its lists (prismFormat.ts), the message in the file's encoding. */
function diagnostics(types: readonly string[], levels: readonly string[]): Diagnostic[] {
  const out: Diagnostic[] = new Array(varint());
  for (let i = 0; i < out.length; i++) {
    const type = types[varint()];
    const message = decodeString(take(varint()), 0).value;
    out[i] = { type, message, location: location(), level: levels[buf[pos++]] };
  }
  return out;
}

/**
 * Up to three bytes read here, without a call: every node starts with its id and its start
 * offset, which pass 127 within the first lines of a routes file and 16,383 within a few
 * hundred (three bytes up to 2 MiB), and a call per varint was a tenth of a cold read in
 * V8's baseline code (about 2 ms of the 10,000-route benchmark's parse).
 */
function varint(): number {
  let byte = buf[pos++];
  if (byte < 0x80) return byte;
  let result = byte & 0x7f;
  byte = buf[pos++];
  result += (byte & 0x7f) << 7;
  if (byte < 0x80) return result;
  byte = buf[pos++];
  result += (byte & 0x7f) << 14;
  if (byte < 0x80) return result;
  return varintFrom(result, 21);
}

/** The rest of a varint, `result` so far, whose next byte goes at `shift`. */
function varintFrom(result: number, shift: number): number {
  let byte;
  do {
    byte = buf[pos++];
    result += (byte & 0x7f) << shift;
    shift += 7;
  } while (byte & 0x80);
  return result;
}

const uint32 = (at: number) => buf[at] | (buf[at + 1] << 8) | (buf[at + 2] << 16) | (buf[at + 3] << 24);

/** `varint()`'s body written out for the start offset: a location is read for every node and many of their fields. */
function location(): Location {
  let byte = buf[pos++];
  let startOffset = byte;
  if (byte > 0x7f) {
    startOffset = byte & 0x7f;
    byte = buf[pos++];
    startOffset += (byte & 0x7f) << 7;
    if (byte > 0x7f) {
      byte = buf[pos++];
      startOffset += (byte & 0x7f) << 14;
      if (byte > 0x7f) startOffset = varintFrom(startOffset, 21);
    }
  }
  let length = buf[pos++];
  if (length > 0x7f) length = varintFrom(length & 0x7f, 7);
  return { startOffset, length };
}

function take(length: number): Uint8Array {
  const slice = buf.subarray(pos, pos + length);
  pos += length;
  return slice;
}

function node(): N.Node {
  const type = buf[pos++];
  const read = readers[type - 1];
  if (read === undefined) throw new Error(`Unknown node type: ${type}`);
  return read();
}

function nodeList(): N.Node[] {
  const list: N.Node[] = new Array(varint());
  for (let i = 0; i < list.length; i++) list[i] = node();
  return list;
}

function optionalConstant(): string | null {
  const index = varint();
  return index === 0 ? null : constant(index - 1);
}

function constantList(): string[] {
  const list: string[] = new Array(varint());
  for (let i = 0; i < list.length; i++) list[i] = constant(varint() - 1);
  return list;
}

function double(): number {
  const value = new DataView(buf.buffer, buf.byteOffset + pos, 8).getFloat64(0, true);
  pos += 8;
  return value;
}

/** A constant's name: its 8-byte pool entry is a start (high bit: in the buffer, not the source) and a length. */
function constant(index: number): string {
  const known = constants[index];
  if (known !== undefined) return known;
  const entry = poolOffset + index * 8;
  let start = uint32(entry);
  const length = uint32(entry + 4);
  let name;
  if (start & (1 << 31)) {
    start &= (1 << 31) - 1;
    name = utf8.decode(buf.subarray(start, start + length));
  } else {
    name = sourceText(start, length) ?? utf8.decode(bytes.subarray(start, start + length));
  }
  constants[index] = name;
  return name;
}

/** The source's text at a byte range, where that is a slice of the JS string. */
function sourceText(start: number, length: number): string | undefined {
  return asciiText ? text.substring(start, start + length) : undefined;
}

function stringField(flags: number): RubyString {
  const type = buf[pos++];
  if (type === 1) {
    const start = varint();
    const length = varint();
    if (!(flags & FORCED_BINARY) && ((flags & FORCED_UTF8) || fileEncoding === "UTF-8")) {
      const value = sourceText(start, length);
      if (value !== undefined) return { encoding: "utf-8", validEncoding: true, value };
    }
    return decodeString(bytes.subarray(start, start + length), flags);
  }
  if (type === 2) return decodeString(take(varint()), flags);
  throw new Error(`Unknown serialized string type: ${type}`);
}

/** A string as Prism's reader decodes it: its encoding, and whether its bytes are valid in it. */
function decodeString(raw: Uint8Array, flags: number): RubyString {
  if (flags & FORCED_BINARY) return { encoding: "ascii", validEncoding: true, value: decoder("ascii").decode(raw) };
  return decodeWith((flags & FORCED_UTF8) !== 0 ? "utf-8" : fileEncoding.toLowerCase(), raw);
}

function decodeWith(encoding: string, raw: Uint8Array): RubyString {
  try {
    return { encoding, validEncoding: true, value: decoder(encoding, true).decode(raw) };
  } catch (e) {
    if ((e as { code?: string }).code !== "ERR_ENCODING_INVALID_ENCODED_DATA") throw e;
    return { encoding, validEncoding: false, value: decoder("ascii").decode(raw) };
  }
}

/** A decoder per label, fatal where invalid bytes must be noticed; Ruby's ASCII-8BIT is the web's "ascii". */
function decoder(encoding: string, fatal = false): TextDecoder {
  const label = encoding === "ascii-8bit" ? "ascii" : encoding;
  const key = `${fatal ? "!" : ""}${label}`;
  let d = decoders.get(key);
  if (!d) decoders.set(key, (d = new TextDecoder(label, { fatal, ignoreBOM: label === "utf-8" })));
  return d;
}

function integer(): number | bigint {
  const negative = buf[pos++] !== 0;
  const length = varint();
  const firstWord = varint();
  if (length === 1) {
    if (negative && firstWord >= 0x80000000) return -BigInt(firstWord);
    return negative ? -firstWord : firstWord;
  }
  let result = BigInt(firstWord);
  for (let index = 1; index < length; index++) result |= BigInt(varint()) << BigInt(index * 32);
  return negative ? -result : result;
}

// Generated by scripts/prism-format.mjs from prismFormat.ts: one reader per node type. Do not edit.
function readAliasGlobalVariableNode(): N.Node {
  const id = varint();
  const loc = location();
  const flags = varint();
  return new CLASSES[0](id, loc, flags, node(), node(), location());
}
function readAliasMethodNode(): N.Node {
  const id = varint();
  const loc = location();
  const flags = varint();
  return new CLASSES[1](id, loc, flags, node(), node(), location());
}
function readAlternationPatternNode(): N.Node {
  const id = varint();
  const loc = location();
  const flags = varint();
  return new CLASSES[2](id, loc, flags, node(), node(), location());
}
function readAndNode(): N.Node {
  const id = varint();
  const loc = location();
  const flags = varint();
  return new CLASSES[3](id, loc, flags, node(), node(), location());
}
function readArgumentsNode(): N.Node {
  const id = varint();
  const loc = location();
  const flags = varint();
  return new CLASSES[4](id, loc, flags, nodeList());
}
function readArrayNode(): N.Node {
  const id = varint();
  const loc = location();
  const flags = varint();
  return new CLASSES[5](id, loc, flags, nodeList(), (buf[pos++] !== 0 ? location() : null), (buf[pos++] !== 0 ? location() : null));
}
function readArrayPatternNode(): N.Node {
  const id = varint();
  const loc = location();
  const flags = varint();
  return new CLASSES[6](id, loc, flags, (buf[pos] === 0 ? (pos++, null) : node()), nodeList(), (buf[pos] === 0 ? (pos++, null) : node()), nodeList(), (buf[pos++] !== 0 ? location() : null), (buf[pos++] !== 0 ? location() : null));
}
function readAssocNode(): N.Node {
  const id = varint();
  const loc = location();
  const flags = varint();
  return new CLASSES[7](id, loc, flags, node(), node(), (buf[pos++] !== 0 ? location() : null));
}
function readAssocSplatNode(): N.Node {
  const id = varint();
  const loc = location();
  const flags = varint();
  return new CLASSES[8](id, loc, flags, (buf[pos] === 0 ? (pos++, null) : node()), location());
}
function readBackReferenceReadNode(): N.Node {
  const id = varint();
  const loc = location();
  const flags = varint();
  return new CLASSES[9](id, loc, flags, constant(varint() - 1));
}
function readBeginNode(): N.Node {
  const id = varint();
  const loc = location();
  const flags = varint();
  return new CLASSES[10](id, loc, flags, (buf[pos++] !== 0 ? location() : null), (buf[pos] === 0 ? (pos++, null) : node()), (buf[pos] === 0 ? (pos++, null) : node()), (buf[pos] === 0 ? (pos++, null) : node()), (buf[pos] === 0 ? (pos++, null) : node()), (buf[pos++] !== 0 ? location() : null));
}
function readBlockArgumentNode(): N.Node {
  const id = varint();
  const loc = location();
  const flags = varint();
  return new CLASSES[11](id, loc, flags, (buf[pos] === 0 ? (pos++, null) : node()), location());
}
function readBlockLocalVariableNode(): N.Node {
  const id = varint();
  const loc = location();
  const flags = varint();
  return new CLASSES[12](id, loc, flags, constant(varint() - 1));
}
function readBlockNode(): N.Node {
  const id = varint();
  const loc = location();
  const flags = varint();
  return new CLASSES[13](id, loc, flags, constantList(), (buf[pos] === 0 ? (pos++, null) : node()), (buf[pos] === 0 ? (pos++, null) : node()), location(), location());
}
function readBlockParameterNode(): N.Node {
  const id = varint();
  const loc = location();
  const flags = varint();
  return new CLASSES[14](id, loc, flags, optionalConstant(), (buf[pos++] !== 0 ? location() : null), location());
}
function readBlockParametersNode(): N.Node {
  const id = varint();
  const loc = location();
  const flags = varint();
  return new CLASSES[15](id, loc, flags, (buf[pos] === 0 ? (pos++, null) : node()), nodeList(), (buf[pos++] !== 0 ? location() : null), (buf[pos++] !== 0 ? location() : null));
}
function readBreakNode(): N.Node {
  const id = varint();
  const loc = location();
  const flags = varint();
  return new CLASSES[16](id, loc, flags, (buf[pos] === 0 ? (pos++, null) : node()), location());
}
function readCallAndWriteNode(): N.Node {
  const id = varint();
  const loc = location();
  const flags = varint();
  return new CLASSES[17](id, loc, flags, (buf[pos] === 0 ? (pos++, null) : node()), (buf[pos++] !== 0 ? location() : null), (buf[pos++] !== 0 ? location() : null), constant(varint() - 1), constant(varint() - 1), location(), node());
}
function readCallNode(): N.Node {
  const id = varint();
  const loc = location();
  const flags = varint();
  return new CLASSES[18](id, loc, flags, (buf[pos] === 0 ? (pos++, null) : node()), (buf[pos++] !== 0 ? location() : null), constant(varint() - 1), (buf[pos++] !== 0 ? location() : null), (buf[pos++] !== 0 ? location() : null), (buf[pos] === 0 ? (pos++, null) : node()), (buf[pos++] !== 0 ? location() : null), (buf[pos++] !== 0 ? location() : null), (buf[pos] === 0 ? (pos++, null) : node()));
}
function readCallOperatorWriteNode(): N.Node {
  const id = varint();
  const loc = location();
  const flags = varint();
  return new CLASSES[19](id, loc, flags, (buf[pos] === 0 ? (pos++, null) : node()), (buf[pos++] !== 0 ? location() : null), (buf[pos++] !== 0 ? location() : null), constant(varint() - 1), constant(varint() - 1), constant(varint() - 1), location(), node());
}
function readCallOrWriteNode(): N.Node {
  const id = varint();
  const loc = location();
  const flags = varint();
  return new CLASSES[20](id, loc, flags, (buf[pos] === 0 ? (pos++, null) : node()), (buf[pos++] !== 0 ? location() : null), (buf[pos++] !== 0 ? location() : null), constant(varint() - 1), constant(varint() - 1), location(), node());
}
function readCallTargetNode(): N.Node {
  const id = varint();
  const loc = location();
  const flags = varint();
  return new CLASSES[21](id, loc, flags, node(), location(), constant(varint() - 1), location());
}
function readCapturePatternNode(): N.Node {
  const id = varint();
  const loc = location();
  const flags = varint();
  return new CLASSES[22](id, loc, flags, node(), node(), location());
}
function readCaseMatchNode(): N.Node {
  const id = varint();
  const loc = location();
  const flags = varint();
  return new CLASSES[23](id, loc, flags, (buf[pos] === 0 ? (pos++, null) : node()), nodeList(), (buf[pos] === 0 ? (pos++, null) : node()), location(), location());
}
function readCaseNode(): N.Node {
  const id = varint();
  const loc = location();
  const flags = varint();
  return new CLASSES[24](id, loc, flags, (buf[pos] === 0 ? (pos++, null) : node()), nodeList(), (buf[pos] === 0 ? (pos++, null) : node()), location(), location());
}
function readClassNode(): N.Node {
  const id = varint();
  const loc = location();
  const flags = varint();
  return new CLASSES[25](id, loc, flags, constantList(), location(), node(), (buf[pos++] !== 0 ? location() : null), (buf[pos] === 0 ? (pos++, null) : node()), (buf[pos] === 0 ? (pos++, null) : node()), location(), constant(varint() - 1));
}
function readClassVariableAndWriteNode(): N.Node {
  const id = varint();
  const loc = location();
  const flags = varint();
  return new CLASSES[26](id, loc, flags, constant(varint() - 1), location(), location(), node());
}
function readClassVariableOperatorWriteNode(): N.Node {
  const id = varint();
  const loc = location();
  const flags = varint();
  return new CLASSES[27](id, loc, flags, constant(varint() - 1), location(), location(), node(), constant(varint() - 1));
}
function readClassVariableOrWriteNode(): N.Node {
  const id = varint();
  const loc = location();
  const flags = varint();
  return new CLASSES[28](id, loc, flags, constant(varint() - 1), location(), location(), node());
}
function readClassVariableReadNode(): N.Node {
  const id = varint();
  const loc = location();
  const flags = varint();
  return new CLASSES[29](id, loc, flags, constant(varint() - 1));
}
function readClassVariableTargetNode(): N.Node {
  const id = varint();
  const loc = location();
  const flags = varint();
  return new CLASSES[30](id, loc, flags, constant(varint() - 1));
}
function readClassVariableWriteNode(): N.Node {
  const id = varint();
  const loc = location();
  const flags = varint();
  return new CLASSES[31](id, loc, flags, constant(varint() - 1), location(), node(), location());
}
function readConstantAndWriteNode(): N.Node {
  const id = varint();
  const loc = location();
  const flags = varint();
  return new CLASSES[32](id, loc, flags, constant(varint() - 1), location(), location(), node());
}
function readConstantOperatorWriteNode(): N.Node {
  const id = varint();
  const loc = location();
  const flags = varint();
  return new CLASSES[33](id, loc, flags, constant(varint() - 1), location(), location(), node(), constant(varint() - 1));
}
function readConstantOrWriteNode(): N.Node {
  const id = varint();
  const loc = location();
  const flags = varint();
  return new CLASSES[34](id, loc, flags, constant(varint() - 1), location(), location(), node());
}
function readConstantPathAndWriteNode(): N.Node {
  const id = varint();
  const loc = location();
  const flags = varint();
  return new CLASSES[35](id, loc, flags, node(), location(), node());
}
function readConstantPathNode(): N.Node {
  const id = varint();
  const loc = location();
  const flags = varint();
  return new CLASSES[36](id, loc, flags, (buf[pos] === 0 ? (pos++, null) : node()), optionalConstant(), location(), location());
}
function readConstantPathOperatorWriteNode(): N.Node {
  const id = varint();
  const loc = location();
  const flags = varint();
  return new CLASSES[37](id, loc, flags, node(), location(), node(), constant(varint() - 1));
}
function readConstantPathOrWriteNode(): N.Node {
  const id = varint();
  const loc = location();
  const flags = varint();
  return new CLASSES[38](id, loc, flags, node(), location(), node());
}
function readConstantPathTargetNode(): N.Node {
  const id = varint();
  const loc = location();
  const flags = varint();
  return new CLASSES[39](id, loc, flags, (buf[pos] === 0 ? (pos++, null) : node()), optionalConstant(), location(), location());
}
function readConstantPathWriteNode(): N.Node {
  const id = varint();
  const loc = location();
  const flags = varint();
  return new CLASSES[40](id, loc, flags, node(), location(), node());
}
function readConstantReadNode(): N.Node {
  const id = varint();
  const loc = location();
  const flags = varint();
  return new CLASSES[41](id, loc, flags, constant(varint() - 1));
}
function readConstantTargetNode(): N.Node {
  const id = varint();
  const loc = location();
  const flags = varint();
  return new CLASSES[42](id, loc, flags, constant(varint() - 1));
}
function readConstantWriteNode(): N.Node {
  const id = varint();
  const loc = location();
  const flags = varint();
  return new CLASSES[43](id, loc, flags, constant(varint() - 1), location(), node(), location());
}
function readDefNode(): N.Node {
  const id = varint();
  const loc = location();
  const flags = (pos += 4, varint());
  return new CLASSES[44](id, loc, flags, constant(varint() - 1), location(), (buf[pos] === 0 ? (pos++, null) : node()), (buf[pos] === 0 ? (pos++, null) : node()), (buf[pos] === 0 ? (pos++, null) : node()), constantList(), location(), (buf[pos++] !== 0 ? location() : null), (buf[pos++] !== 0 ? location() : null), (buf[pos++] !== 0 ? location() : null), (buf[pos++] !== 0 ? location() : null), (buf[pos++] !== 0 ? location() : null));
}
function readDefinedNode(): N.Node {
  const id = varint();
  const loc = location();
  const flags = varint();
  return new CLASSES[45](id, loc, flags, (buf[pos++] !== 0 ? location() : null), node(), (buf[pos++] !== 0 ? location() : null), location());
}
function readElseNode(): N.Node {
  const id = varint();
  const loc = location();
  const flags = varint();
  return new CLASSES[46](id, loc, flags, location(), (buf[pos] === 0 ? (pos++, null) : node()), (buf[pos++] !== 0 ? location() : null));
}
function readEmbeddedStatementsNode(): N.Node {
  const id = varint();
  const loc = location();
  const flags = varint();
  return new CLASSES[47](id, loc, flags, location(), (buf[pos] === 0 ? (pos++, null) : node()), location());
}
function readEmbeddedVariableNode(): N.Node {
  const id = varint();
  const loc = location();
  const flags = varint();
  return new CLASSES[48](id, loc, flags, location(), node());
}
function readEnsureNode(): N.Node {
  const id = varint();
  const loc = location();
  const flags = varint();
  return new CLASSES[49](id, loc, flags, location(), (buf[pos] === 0 ? (pos++, null) : node()), location());
}
function readFalseNode(): N.Node {
  const id = varint();
  const loc = location();
  const flags = varint();
  return new CLASSES[50](id, loc, flags);
}
function readFindPatternNode(): N.Node {
  const id = varint();
  const loc = location();
  const flags = varint();
  return new CLASSES[51](id, loc, flags, (buf[pos] === 0 ? (pos++, null) : node()), node(), nodeList(), node(), (buf[pos++] !== 0 ? location() : null), (buf[pos++] !== 0 ? location() : null));
}
function readFlipFlopNode(): N.Node {
  const id = varint();
  const loc = location();
  const flags = varint();
  return new CLASSES[52](id, loc, flags, (buf[pos] === 0 ? (pos++, null) : node()), (buf[pos] === 0 ? (pos++, null) : node()), location());
}
function readFloatNode(): N.Node {
  const id = varint();
  const loc = location();
  const flags = varint();
  return new CLASSES[53](id, loc, flags, double());
}
function readForNode(): N.Node {
  const id = varint();
  const loc = location();
  const flags = varint();
  return new CLASSES[54](id, loc, flags, node(), node(), (buf[pos] === 0 ? (pos++, null) : node()), location(), location(), (buf[pos++] !== 0 ? location() : null), location());
}
function readForwardingArgumentsNode(): N.Node {
  const id = varint();
  const loc = location();
  const flags = varint();
  return new CLASSES[55](id, loc, flags);
}
function readForwardingParameterNode(): N.Node {
  const id = varint();
  const loc = location();
  const flags = varint();
  return new CLASSES[56](id, loc, flags);
}
function readForwardingSuperNode(): N.Node {
  const id = varint();
  const loc = location();
  const flags = varint();
  return new CLASSES[57](id, loc, flags, (buf[pos] === 0 ? (pos++, null) : node()));
}
function readGlobalVariableAndWriteNode(): N.Node {
  const id = varint();
  const loc = location();
  const flags = varint();
  return new CLASSES[58](id, loc, flags, constant(varint() - 1), location(), location(), node());
}
function readGlobalVariableOperatorWriteNode(): N.Node {
  const id = varint();
  const loc = location();
  const flags = varint();
  return new CLASSES[59](id, loc, flags, constant(varint() - 1), location(), location(), node(), constant(varint() - 1));
}
function readGlobalVariableOrWriteNode(): N.Node {
  const id = varint();
  const loc = location();
  const flags = varint();
  return new CLASSES[60](id, loc, flags, constant(varint() - 1), location(), location(), node());
}
function readGlobalVariableReadNode(): N.Node {
  const id = varint();
  const loc = location();
  const flags = varint();
  return new CLASSES[61](id, loc, flags, constant(varint() - 1));
}
function readGlobalVariableTargetNode(): N.Node {
  const id = varint();
  const loc = location();
  const flags = varint();
  return new CLASSES[62](id, loc, flags, constant(varint() - 1));
}
function readGlobalVariableWriteNode(): N.Node {
  const id = varint();
  const loc = location();
  const flags = varint();
  return new CLASSES[63](id, loc, flags, constant(varint() - 1), location(), node(), location());
}
function readHashNode(): N.Node {
  const id = varint();
  const loc = location();
  const flags = varint();
  return new CLASSES[64](id, loc, flags, location(), nodeList(), location());
}
function readHashPatternNode(): N.Node {
  const id = varint();
  const loc = location();
  const flags = varint();
  return new CLASSES[65](id, loc, flags, (buf[pos] === 0 ? (pos++, null) : node()), nodeList(), (buf[pos] === 0 ? (pos++, null) : node()), (buf[pos++] !== 0 ? location() : null), (buf[pos++] !== 0 ? location() : null));
}
function readIfNode(): N.Node {
  const id = varint();
  const loc = location();
  const flags = varint();
  return new CLASSES[66](id, loc, flags, (buf[pos++] !== 0 ? location() : null), node(), (buf[pos++] !== 0 ? location() : null), (buf[pos] === 0 ? (pos++, null) : node()), (buf[pos] === 0 ? (pos++, null) : node()), (buf[pos++] !== 0 ? location() : null));
}
function readImaginaryNode(): N.Node {
  const id = varint();
  const loc = location();
  const flags = varint();
  return new CLASSES[67](id, loc, flags, node());
}
function readImplicitNode(): N.Node {
  const id = varint();
  const loc = location();
  const flags = varint();
  return new CLASSES[68](id, loc, flags, node());
}
function readImplicitRestNode(): N.Node {
  const id = varint();
  const loc = location();
  const flags = varint();
  return new CLASSES[69](id, loc, flags);
}
function readInNode(): N.Node {
  const id = varint();
  const loc = location();
  const flags = varint();
  return new CLASSES[70](id, loc, flags, node(), (buf[pos] === 0 ? (pos++, null) : node()), location(), (buf[pos++] !== 0 ? location() : null));
}
function readIndexAndWriteNode(): N.Node {
  const id = varint();
  const loc = location();
  const flags = varint();
  return new CLASSES[71](id, loc, flags, (buf[pos] === 0 ? (pos++, null) : node()), (buf[pos++] !== 0 ? location() : null), location(), (buf[pos] === 0 ? (pos++, null) : node()), location(), (buf[pos] === 0 ? (pos++, null) : node()), location(), node());
}
function readIndexOperatorWriteNode(): N.Node {
  const id = varint();
  const loc = location();
  const flags = varint();
  return new CLASSES[72](id, loc, flags, (buf[pos] === 0 ? (pos++, null) : node()), (buf[pos++] !== 0 ? location() : null), location(), (buf[pos] === 0 ? (pos++, null) : node()), location(), (buf[pos] === 0 ? (pos++, null) : node()), constant(varint() - 1), location(), node());
}
function readIndexOrWriteNode(): N.Node {
  const id = varint();
  const loc = location();
  const flags = varint();
  return new CLASSES[73](id, loc, flags, (buf[pos] === 0 ? (pos++, null) : node()), (buf[pos++] !== 0 ? location() : null), location(), (buf[pos] === 0 ? (pos++, null) : node()), location(), (buf[pos] === 0 ? (pos++, null) : node()), location(), node());
}
function readIndexTargetNode(): N.Node {
  const id = varint();
  const loc = location();
  const flags = varint();
  return new CLASSES[74](id, loc, flags, node(), location(), (buf[pos] === 0 ? (pos++, null) : node()), location(), (buf[pos] === 0 ? (pos++, null) : node()));
}
function readInstanceVariableAndWriteNode(): N.Node {
  const id = varint();
  const loc = location();
  const flags = varint();
  return new CLASSES[75](id, loc, flags, constant(varint() - 1), location(), location(), node());
}
function readInstanceVariableOperatorWriteNode(): N.Node {
  const id = varint();
  const loc = location();
  const flags = varint();
  return new CLASSES[76](id, loc, flags, constant(varint() - 1), location(), location(), node(), constant(varint() - 1));
}
function readInstanceVariableOrWriteNode(): N.Node {
  const id = varint();
  const loc = location();
  const flags = varint();
  return new CLASSES[77](id, loc, flags, constant(varint() - 1), location(), location(), node());
}
function readInstanceVariableReadNode(): N.Node {
  const id = varint();
  const loc = location();
  const flags = varint();
  return new CLASSES[78](id, loc, flags, constant(varint() - 1));
}
function readInstanceVariableTargetNode(): N.Node {
  const id = varint();
  const loc = location();
  const flags = varint();
  return new CLASSES[79](id, loc, flags, constant(varint() - 1));
}
function readInstanceVariableWriteNode(): N.Node {
  const id = varint();
  const loc = location();
  const flags = varint();
  return new CLASSES[80](id, loc, flags, constant(varint() - 1), location(), node(), location());
}
function readIntegerNode(): N.Node {
  const id = varint();
  const loc = location();
  const flags = varint();
  return new CLASSES[81](id, loc, flags, integer());
}
function readInterpolatedMatchLastLineNode(): N.Node {
  const id = varint();
  const loc = location();
  const flags = varint();
  return new CLASSES[82](id, loc, flags, location(), nodeList(), location());
}
function readInterpolatedRegularExpressionNode(): N.Node {
  const id = varint();
  const loc = location();
  const flags = varint();
  return new CLASSES[83](id, loc, flags, location(), nodeList(), location());
}
function readInterpolatedStringNode(): N.Node {
  const id = varint();
  const loc = location();
  const flags = varint();
  return new CLASSES[84](id, loc, flags, (buf[pos++] !== 0 ? location() : null), nodeList(), (buf[pos++] !== 0 ? location() : null));
}
function readInterpolatedSymbolNode(): N.Node {
  const id = varint();
  const loc = location();
  const flags = varint();
  return new CLASSES[85](id, loc, flags, (buf[pos++] !== 0 ? location() : null), nodeList(), (buf[pos++] !== 0 ? location() : null));
}
function readInterpolatedXStringNode(): N.Node {
  const id = varint();
  const loc = location();
  const flags = varint();
  return new CLASSES[86](id, loc, flags, location(), nodeList(), location());
}
function readItLocalVariableReadNode(): N.Node {
  const id = varint();
  const loc = location();
  const flags = varint();
  return new CLASSES[87](id, loc, flags);
}
function readItParametersNode(): N.Node {
  const id = varint();
  const loc = location();
  const flags = varint();
  return new CLASSES[88](id, loc, flags);
}
function readKeywordHashNode(): N.Node {
  const id = varint();
  const loc = location();
  const flags = varint();
  return new CLASSES[89](id, loc, flags, nodeList());
}
function readKeywordRestParameterNode(): N.Node {
  const id = varint();
  const loc = location();
  const flags = varint();
  return new CLASSES[90](id, loc, flags, optionalConstant(), (buf[pos++] !== 0 ? location() : null), location());
}
function readLambdaNode(): N.Node {
  const id = varint();
  const loc = location();
  const flags = varint();
  return new CLASSES[91](id, loc, flags, constantList(), location(), location(), location(), (buf[pos] === 0 ? (pos++, null) : node()), (buf[pos] === 0 ? (pos++, null) : node()));
}
function readLocalVariableAndWriteNode(): N.Node {
  const id = varint();
  const loc = location();
  const flags = varint();
  return new CLASSES[92](id, loc, flags, location(), location(), node(), constant(varint() - 1), varint());
}
function readLocalVariableOperatorWriteNode(): N.Node {
  const id = varint();
  const loc = location();
  const flags = varint();
  return new CLASSES[93](id, loc, flags, location(), location(), node(), constant(varint() - 1), constant(varint() - 1), varint());
}
function readLocalVariableOrWriteNode(): N.Node {
  const id = varint();
  const loc = location();
  const flags = varint();
  return new CLASSES[94](id, loc, flags, location(), location(), node(), constant(varint() - 1), varint());
}
function readLocalVariableReadNode(): N.Node {
  const id = varint();
  const loc = location();
  const flags = varint();
  return new CLASSES[95](id, loc, flags, constant(varint() - 1), varint());
}
function readLocalVariableTargetNode(): N.Node {
  const id = varint();
  const loc = location();
  const flags = varint();
  return new CLASSES[96](id, loc, flags, constant(varint() - 1), varint());
}
function readLocalVariableWriteNode(): N.Node {
  const id = varint();
  const loc = location();
  const flags = varint();
  return new CLASSES[97](id, loc, flags, constant(varint() - 1), varint(), location(), node(), location());
}
function readMatchLastLineNode(): N.Node {
  const id = varint();
  const loc = location();
  const flags = varint();
  return new CLASSES[98](id, loc, flags, location(), location(), location(), stringField(flags));
}
function readMatchPredicateNode(): N.Node {
  const id = varint();
  const loc = location();
  const flags = varint();
  return new CLASSES[99](id, loc, flags, node(), node(), location());
}
function readMatchRequiredNode(): N.Node {
  const id = varint();
  const loc = location();
  const flags = varint();
  return new CLASSES[100](id, loc, flags, node(), node(), location());
}
function readMatchWriteNode(): N.Node {
  const id = varint();
  const loc = location();
  const flags = varint();
  return new CLASSES[101](id, loc, flags, node(), nodeList());
}
function readMissingNode(): N.Node {
  const id = varint();
  const loc = location();
  const flags = varint();
  return new CLASSES[102](id, loc, flags);
}
function readModuleNode(): N.Node {
  const id = varint();
  const loc = location();
  const flags = varint();
  return new CLASSES[103](id, loc, flags, constantList(), location(), node(), (buf[pos] === 0 ? (pos++, null) : node()), location(), constant(varint() - 1));
}
function readMultiTargetNode(): N.Node {
  const id = varint();
  const loc = location();
  const flags = varint();
  return new CLASSES[104](id, loc, flags, nodeList(), (buf[pos] === 0 ? (pos++, null) : node()), nodeList(), (buf[pos++] !== 0 ? location() : null), (buf[pos++] !== 0 ? location() : null));
}
function readMultiWriteNode(): N.Node {
  const id = varint();
  const loc = location();
  const flags = varint();
  return new CLASSES[105](id, loc, flags, nodeList(), (buf[pos] === 0 ? (pos++, null) : node()), nodeList(), (buf[pos++] !== 0 ? location() : null), (buf[pos++] !== 0 ? location() : null), location(), node());
}
function readNextNode(): N.Node {
  const id = varint();
  const loc = location();
  const flags = varint();
  return new CLASSES[106](id, loc, flags, (buf[pos] === 0 ? (pos++, null) : node()), location());
}
function readNilNode(): N.Node {
  const id = varint();
  const loc = location();
  const flags = varint();
  return new CLASSES[107](id, loc, flags);
}
function readNoKeywordsParameterNode(): N.Node {
  const id = varint();
  const loc = location();
  const flags = varint();
  return new CLASSES[108](id, loc, flags, location(), location());
}
function readNumberedParametersNode(): N.Node {
  const id = varint();
  const loc = location();
  const flags = varint();
  return new CLASSES[109](id, loc, flags, buf[pos++]);
}
function readNumberedReferenceReadNode(): N.Node {
  const id = varint();
  const loc = location();
  const flags = varint();
  return new CLASSES[110](id, loc, flags, varint());
}
function readOptionalKeywordParameterNode(): N.Node {
  const id = varint();
  const loc = location();
  const flags = varint();
  return new CLASSES[111](id, loc, flags, constant(varint() - 1), location(), node());
}
function readOptionalParameterNode(): N.Node {
  const id = varint();
  const loc = location();
  const flags = varint();
  return new CLASSES[112](id, loc, flags, constant(varint() - 1), location(), location(), node());
}
function readOrNode(): N.Node {
  const id = varint();
  const loc = location();
  const flags = varint();
  return new CLASSES[113](id, loc, flags, node(), node(), location());
}
function readParametersNode(): N.Node {
  const id = varint();
  const loc = location();
  const flags = varint();
  return new CLASSES[114](id, loc, flags, nodeList(), nodeList(), (buf[pos] === 0 ? (pos++, null) : node()), nodeList(), nodeList(), (buf[pos] === 0 ? (pos++, null) : node()), (buf[pos] === 0 ? (pos++, null) : node()));
}
function readParenthesesNode(): N.Node {
  const id = varint();
  const loc = location();
  const flags = varint();
  return new CLASSES[115](id, loc, flags, (buf[pos] === 0 ? (pos++, null) : node()), location(), location());
}
function readPinnedExpressionNode(): N.Node {
  const id = varint();
  const loc = location();
  const flags = varint();
  return new CLASSES[116](id, loc, flags, node(), location(), location(), location());
}
function readPinnedVariableNode(): N.Node {
  const id = varint();
  const loc = location();
  const flags = varint();
  return new CLASSES[117](id, loc, flags, node(), location());
}
function readPostExecutionNode(): N.Node {
  const id = varint();
  const loc = location();
  const flags = varint();
  return new CLASSES[118](id, loc, flags, (buf[pos] === 0 ? (pos++, null) : node()), location(), location(), location());
}
function readPreExecutionNode(): N.Node {
  const id = varint();
  const loc = location();
  const flags = varint();
  return new CLASSES[119](id, loc, flags, (buf[pos] === 0 ? (pos++, null) : node()), location(), location(), location());
}
function readProgramNode(): N.Node {
  const id = varint();
  const loc = location();
  const flags = varint();
  return new CLASSES[120](id, loc, flags, constantList(), node());
}
function readRangeNode(): N.Node {
  const id = varint();
  const loc = location();
  const flags = varint();
  return new CLASSES[121](id, loc, flags, (buf[pos] === 0 ? (pos++, null) : node()), (buf[pos] === 0 ? (pos++, null) : node()), location());
}
function readRationalNode(): N.Node {
  const id = varint();
  const loc = location();
  const flags = varint();
  return new CLASSES[122](id, loc, flags, integer(), integer());
}
function readRedoNode(): N.Node {
  const id = varint();
  const loc = location();
  const flags = varint();
  return new CLASSES[123](id, loc, flags);
}
function readRegularExpressionNode(): N.Node {
  const id = varint();
  const loc = location();
  const flags = varint();
  return new CLASSES[124](id, loc, flags, location(), location(), location(), stringField(flags));
}
function readRequiredKeywordParameterNode(): N.Node {
  const id = varint();
  const loc = location();
  const flags = varint();
  return new CLASSES[125](id, loc, flags, constant(varint() - 1), location());
}
function readRequiredParameterNode(): N.Node {
  const id = varint();
  const loc = location();
  const flags = varint();
  return new CLASSES[126](id, loc, flags, constant(varint() - 1));
}
function readRescueModifierNode(): N.Node {
  const id = varint();
  const loc = location();
  const flags = varint();
  return new CLASSES[127](id, loc, flags, node(), location(), node());
}
function readRescueNode(): N.Node {
  const id = varint();
  const loc = location();
  const flags = varint();
  return new CLASSES[128](id, loc, flags, location(), nodeList(), (buf[pos++] !== 0 ? location() : null), (buf[pos] === 0 ? (pos++, null) : node()), (buf[pos++] !== 0 ? location() : null), (buf[pos] === 0 ? (pos++, null) : node()), (buf[pos] === 0 ? (pos++, null) : node()));
}
function readRestParameterNode(): N.Node {
  const id = varint();
  const loc = location();
  const flags = varint();
  return new CLASSES[129](id, loc, flags, optionalConstant(), (buf[pos++] !== 0 ? location() : null), location());
}
function readRetryNode(): N.Node {
  const id = varint();
  const loc = location();
  const flags = varint();
  return new CLASSES[130](id, loc, flags);
}
function readReturnNode(): N.Node {
  const id = varint();
  const loc = location();
  const flags = varint();
  return new CLASSES[131](id, loc, flags, location(), (buf[pos] === 0 ? (pos++, null) : node()));
}
function readSelfNode(): N.Node {
  const id = varint();
  const loc = location();
  const flags = varint();
  return new CLASSES[132](id, loc, flags);
}
function readShareableConstantNode(): N.Node {
  const id = varint();
  const loc = location();
  const flags = varint();
  return new CLASSES[133](id, loc, flags, node());
}
function readSingletonClassNode(): N.Node {
  const id = varint();
  const loc = location();
  const flags = varint();
  return new CLASSES[134](id, loc, flags, constantList(), location(), location(), node(), (buf[pos] === 0 ? (pos++, null) : node()), location());
}
function readSourceEncodingNode(): N.Node {
  const id = varint();
  const loc = location();
  const flags = varint();
  return new CLASSES[135](id, loc, flags);
}
function readSourceFileNode(): N.Node {
  const id = varint();
  const loc = location();
  const flags = varint();
  return new CLASSES[136](id, loc, flags, stringField(flags));
}
function readSourceLineNode(): N.Node {
  const id = varint();
  const loc = location();
  const flags = varint();
  return new CLASSES[137](id, loc, flags);
}
function readSplatNode(): N.Node {
  const id = varint();
  const loc = location();
  const flags = varint();
  return new CLASSES[138](id, loc, flags, location(), (buf[pos] === 0 ? (pos++, null) : node()));
}
function readStatementsNode(): N.Node {
  const id = varint();
  const loc = location();
  const flags = varint();
  return new CLASSES[139](id, loc, flags, nodeList());
}
function readStringNode(): N.Node {
  const id = varint();
  const loc = location();
  const flags = varint();
  return new CLASSES[140](id, loc, flags, (buf[pos++] !== 0 ? location() : null), location(), (buf[pos++] !== 0 ? location() : null), stringField(flags));
}
function readSuperNode(): N.Node {
  const id = varint();
  const loc = location();
  const flags = varint();
  return new CLASSES[141](id, loc, flags, location(), (buf[pos++] !== 0 ? location() : null), (buf[pos] === 0 ? (pos++, null) : node()), (buf[pos++] !== 0 ? location() : null), (buf[pos] === 0 ? (pos++, null) : node()));
}
function readSymbolNode(): N.Node {
  const id = varint();
  const loc = location();
  const flags = varint();
  return new CLASSES[142](id, loc, flags, (buf[pos++] !== 0 ? location() : null), (buf[pos++] !== 0 ? location() : null), (buf[pos++] !== 0 ? location() : null), stringField(flags));
}
function readTrueNode(): N.Node {
  const id = varint();
  const loc = location();
  const flags = varint();
  return new CLASSES[143](id, loc, flags);
}
function readUndefNode(): N.Node {
  const id = varint();
  const loc = location();
  const flags = varint();
  return new CLASSES[144](id, loc, flags, nodeList(), location());
}
function readUnlessNode(): N.Node {
  const id = varint();
  const loc = location();
  const flags = varint();
  return new CLASSES[145](id, loc, flags, location(), node(), (buf[pos++] !== 0 ? location() : null), (buf[pos] === 0 ? (pos++, null) : node()), (buf[pos] === 0 ? (pos++, null) : node()), (buf[pos++] !== 0 ? location() : null));
}
function readUntilNode(): N.Node {
  const id = varint();
  const loc = location();
  const flags = varint();
  return new CLASSES[146](id, loc, flags, location(), (buf[pos++] !== 0 ? location() : null), (buf[pos++] !== 0 ? location() : null), node(), (buf[pos] === 0 ? (pos++, null) : node()));
}
function readWhenNode(): N.Node {
  const id = varint();
  const loc = location();
  const flags = varint();
  return new CLASSES[147](id, loc, flags, location(), nodeList(), (buf[pos++] !== 0 ? location() : null), (buf[pos] === 0 ? (pos++, null) : node()));
}
function readWhileNode(): N.Node {
  const id = varint();
  const loc = location();
  const flags = varint();
  return new CLASSES[148](id, loc, flags, location(), (buf[pos++] !== 0 ? location() : null), (buf[pos++] !== 0 ? location() : null), node(), (buf[pos] === 0 ? (pos++, null) : node()));
}
function readXStringNode(): N.Node {
  const id = varint();
  const loc = location();
  const flags = varint();
  return new CLASSES[149](id, loc, flags, location(), location(), location(), stringField(flags));
}
function readYieldNode(): N.Node {
  const id = varint();
  const loc = location();
  const flags = varint();
  return new CLASSES[150](id, loc, flags, location(), (buf[pos++] !== 0 ? location() : null), (buf[pos] === 0 ? (pos++, null) : node()), (buf[pos++] !== 0 ? location() : null));
}

/** Indexed by node type less one. */
const READERS: (() => N.Node)[] = [
  readAliasGlobalVariableNode,
  readAliasMethodNode,
  readAlternationPatternNode,
  readAndNode,
  readArgumentsNode,
  readArrayNode,
  readArrayPatternNode,
  readAssocNode,
  readAssocSplatNode,
  readBackReferenceReadNode,
  readBeginNode,
  readBlockArgumentNode,
  readBlockLocalVariableNode,
  readBlockNode,
  readBlockParameterNode,
  readBlockParametersNode,
  readBreakNode,
  readCallAndWriteNode,
  readCallNode,
  readCallOperatorWriteNode,
  readCallOrWriteNode,
  readCallTargetNode,
  readCapturePatternNode,
  readCaseMatchNode,
  readCaseNode,
  readClassNode,
  readClassVariableAndWriteNode,
  readClassVariableOperatorWriteNode,
  readClassVariableOrWriteNode,
  readClassVariableReadNode,
  readClassVariableTargetNode,
  readClassVariableWriteNode,
  readConstantAndWriteNode,
  readConstantOperatorWriteNode,
  readConstantOrWriteNode,
  readConstantPathAndWriteNode,
  readConstantPathNode,
  readConstantPathOperatorWriteNode,
  readConstantPathOrWriteNode,
  readConstantPathTargetNode,
  readConstantPathWriteNode,
  readConstantReadNode,
  readConstantTargetNode,
  readConstantWriteNode,
  readDefNode,
  readDefinedNode,
  readElseNode,
  readEmbeddedStatementsNode,
  readEmbeddedVariableNode,
  readEnsureNode,
  readFalseNode,
  readFindPatternNode,
  readFlipFlopNode,
  readFloatNode,
  readForNode,
  readForwardingArgumentsNode,
  readForwardingParameterNode,
  readForwardingSuperNode,
  readGlobalVariableAndWriteNode,
  readGlobalVariableOperatorWriteNode,
  readGlobalVariableOrWriteNode,
  readGlobalVariableReadNode,
  readGlobalVariableTargetNode,
  readGlobalVariableWriteNode,
  readHashNode,
  readHashPatternNode,
  readIfNode,
  readImaginaryNode,
  readImplicitNode,
  readImplicitRestNode,
  readInNode,
  readIndexAndWriteNode,
  readIndexOperatorWriteNode,
  readIndexOrWriteNode,
  readIndexTargetNode,
  readInstanceVariableAndWriteNode,
  readInstanceVariableOperatorWriteNode,
  readInstanceVariableOrWriteNode,
  readInstanceVariableReadNode,
  readInstanceVariableTargetNode,
  readInstanceVariableWriteNode,
  readIntegerNode,
  readInterpolatedMatchLastLineNode,
  readInterpolatedRegularExpressionNode,
  readInterpolatedStringNode,
  readInterpolatedSymbolNode,
  readInterpolatedXStringNode,
  readItLocalVariableReadNode,
  readItParametersNode,
  readKeywordHashNode,
  readKeywordRestParameterNode,
  readLambdaNode,
  readLocalVariableAndWriteNode,
  readLocalVariableOperatorWriteNode,
  readLocalVariableOrWriteNode,
  readLocalVariableReadNode,
  readLocalVariableTargetNode,
  readLocalVariableWriteNode,
  readMatchLastLineNode,
  readMatchPredicateNode,
  readMatchRequiredNode,
  readMatchWriteNode,
  readMissingNode,
  readModuleNode,
  readMultiTargetNode,
  readMultiWriteNode,
  readNextNode,
  readNilNode,
  readNoKeywordsParameterNode,
  readNumberedParametersNode,
  readNumberedReferenceReadNode,
  readOptionalKeywordParameterNode,
  readOptionalParameterNode,
  readOrNode,
  readParametersNode,
  readParenthesesNode,
  readPinnedExpressionNode,
  readPinnedVariableNode,
  readPostExecutionNode,
  readPreExecutionNode,
  readProgramNode,
  readRangeNode,
  readRationalNode,
  readRedoNode,
  readRegularExpressionNode,
  readRequiredKeywordParameterNode,
  readRequiredParameterNode,
  readRescueModifierNode,
  readRescueNode,
  readRestParameterNode,
  readRetryNode,
  readReturnNode,
  readSelfNode,
  readShareableConstantNode,
  readSingletonClassNode,
  readSourceEncodingNode,
  readSourceFileNode,
  readSourceLineNode,
  readSplatNode,
  readStatementsNode,
  readStringNode,
  readSuperNode,
  readSymbolNode,
  readTrueNode,
  readUndefNode,
  readUnlessNode,
  readUntilNode,
  readWhenNode,
  readWhileNode,
  readXStringNode,
  readYieldNode,
];
// End of the generated readers.

/**
 * The readers that list a tree's calls and `def`s as they read them (`deserialize`'s `index`),
 * for the facts of `routemap check`'s first run: the facts go through every call of a file, and
 * a walk of the whole tree to list them (with each call's innermost `def`, walk.ts
 * `programIndex`) was 6% of the worker's time on issue 30's large app (docs/benchmarks.md).
 * Prism writes a node's fields in the order `childNodes()` gives them, each child node before the
 * next field, so the order in which nodes are begun here is the walk's (depth first, source
 * order); a node is made after its children, so each keeps its place in the lists by a slot
 * taken before its fields are read. The routes' evaluator reads without them.
 */
const EMPTY_INDEX: ProgramIndex = { calls: [], scopes: [], defs: [] };
let indexed: ProgramIndex = EMPTY_INDEX;
let readers: (() => N.Node)[] = READERS;
/** The slot in `indexed.defs` of the `def` being read, -1 outside any; each call's, by slot. */
let defAt = -1;
let scopeSlots: number[] = [];
/** The writes made so far (`ProgramIndex.writes`), each's innermost `def` by slot. */
let writes: N.Node[] = [];
let writeSlots: number[] = [];

const CALL_TYPE = NODE_FORMATS.findIndex(([name]) => name === "CallNode");
const DEF_TYPE = NODE_FORMATS.findIndex(([name]) => name === "DefNode");
const WRITES = new Set(WRITE_TYPES.map((type) => NODE_FORMATS.findIndex(([name]) => name === type)));
const INDEXING_READERS = READERS.map((reader, i) => (i === CALL_TYPE ? readIndexedCall : i === DEF_TYPE ? readIndexedDef : WRITES.has(i) ? indexedWrite(reader) : reader));

function indexedWrite(reader: () => N.Node): () => N.Node {
  return () => {
    const write = reader();
    writes.push(write);
    writeSlots.push(defAt);
    return write;
  };
}

function readIndexedCall(): N.Node {
  const at = indexed.calls.length;
  indexed.calls.push(undefined as unknown as N.CallNode);
  scopeSlots.push(defAt);
  const call = READERS[CALL_TYPE]();
  indexed.calls[at] = call as N.CallNode;
  return call;
}

function readIndexedDef(): N.Node {
  const at = indexed.defs.length;
  indexed.defs.push(undefined as unknown as N.DefNode);
  const outer = defAt;
  defAt = at;
  const def = READERS[DEF_TYPE]();
  defAt = outer;
  indexed.defs[at] = def as N.DefNode;
  return def;
}

/** The index read, each call's innermost `def` from its slot. */
function indexFound(): ProgramIndex {
  const { calls, defs } = indexed;
  const scopes: (N.DefNode | undefined)[] = new Array(calls.length);
  for (let i = 0; i < calls.length; i++) scopes[i] = scopeSlots[i] < 0 ? undefined : defs[scopeSlots[i]];
  const writeScopes: (N.DefNode | undefined)[] = new Array(writes.length);
  for (let i = 0; i < writes.length; i++) writeScopes[i] = writeSlots[i] < 0 ? undefined : defs[writeSlots[i]];
  return { calls, scopes, defs, writes: { nodes: writes, scopes: writeScopes } };
}
