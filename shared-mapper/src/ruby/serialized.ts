/**
 * Reads Prism's serialized form (Prism's docs/serialization.md; each node type's fields from
 * prismFormat.ts) into the same tree as @ruby/prism's own deserializer: the same node classes,
 * locations, constants and strings, which the tests check on every fixture.
 *
 * Why our own: a `routemap routes` run is one cold pass, and @ruby/prism's reader was the
 * largest part of it (about 30 ms of a 230 ms run on the 10,000-route benchmark): a function
 * of 150 cases that V8 compiles as the run starts, a method call per byte and per varint, a
 * copy and a decoder call per string and per constant, a new TextDecoder per constant. This one
 * is a loop over each type's field kinds with inlined varints, and takes strings as slices of
 * the source text when the source is ASCII (byte offsets are then character offsets).
 *
 * A result with errors or warnings is handed to Prism's reader (it names their types from
 * lists of its own); so is a buffer of another format version, which the tests prevent.
 */
import * as N from "@ruby/prism/src/nodes.js";
import { deserialize as prismDeserialize, ParseResult } from "@ruby/prism/src/deserialize.js";
import { NODE_FORMATS, PRISM_VERSION } from "./prismFormat.js";

type Ctor = new (...args: unknown[]) => N.Node;
type Location = { startOffset: number; length: number };
type RubyString = { encoding: string; validEncoding: boolean; value: string };

const CLASSES: Ctor[] = NODE_FORMATS.map(([name]) => (N as unknown as Record<string, Ctor>)[name]);
// Field kinds as small numbers, read without a string access per field; literal and dense in
// the reader's switch (a const enum), so that it is a jump table, not a chain of comparisons.
const KIND_LETTERS = "NnLlCAcKSBVIDU";
const enum Kind {
  Node,
  OptionalNode,
  Location,
  OptionalLocation,
  Constant,
  Nodes,
  OptionalConstant,
  Constants,
  String,
  Byte,
  Varint,
  Integer,
  Double,
  SkipWord,
}
const KINDS: Uint8Array[] = NODE_FORMATS.map(([, kinds]) => Uint8Array.from(kinds, (c) => KIND_LETTERS.indexOf(c)));

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
const utf8 = new TextDecoder();

/**
 * The tree of `serialized`, Prism's output for `source` (whose UTF-8 bytes are `sourceBytes`).
 * Throws on a buffer that is not Prism's serialized form.
 */
export function deserialize(source: string, sourceBytes: Uint8Array, serialized: Uint8Array): ParseResult {
  try {
    return read(source, sourceBytes, serialized);
  } finally {
    // Holds neither buffer, the source nor any node past the call, however it ended.
    buf = bytes = new Uint8Array(0);
    text = "";
    fields.fill(null);
    top = 0;
  }
}

function read(source: string, sourceBytes: Uint8Array, serialized: Uint8Array): ParseResult {
  buf = serialized;
  pos = 0;
  if (buf[0] !== 0x50 || buf[1] !== 0x52 || buf[2] !== 0x49 || buf[3] !== 0x53 || buf[4] !== 0x4d) throw new Error("Invalid serialization");
  if (buf[5] !== PRISM_VERSION[0] || buf[6] !== PRISM_VERSION[1] || buf[7] !== PRISM_VERSION[2]) return prismDeserialize(sourceBytes, serialized);
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
  if (buf[pos] !== 0) return prismDeserialize(sourceBytes, serialized); // errors
  pos++;
  if (buf[pos] !== 0) return prismDeserialize(sourceBytes, serialized); // warnings
  pos++;
  poolOffset = uint32(pos);
  pos += 4;
  constants = new Array(varint());
  return new ParseResult(node() as N.ProgramNode, comments, magicComments, dataLoc, [], []);
}

function varint(): number {
  const byte = buf[pos++];
  return byte < 0x80 ? byte : varintFrom(byte);
}

/** The rest of a varint whose first byte, `first`, has its high bit set. */
function varintFrom(first: number): number {
  let result = first & 0x7f;
  let shift = 7;
  let byte;
  do {
    byte = buf[pos++];
    result += (byte & 0x7f) << shift;
    shift += 7;
  } while (byte & 0x80);
  return result;
}

const uint32 = (at: number) => buf[at] | (buf[at + 1] << 8) | (buf[at + 2] << 16) | (buf[at + 3] << 24);

function location(): Location {
  let startOffset = buf[pos++];
  if (startOffset > 0x7f) startOffset = varintFrom(startOffset);
  let length = buf[pos++];
  if (length > 0x7f) length = varintFrom(length);
  return { startOffset, length };
}

function take(length: number): Uint8Array {
  const slice = buf.subarray(pos, pos + length);
  pos += length;
  return slice;
}

/**
 * Fields being read, of the node being read and of those it is inside: a node's fields go on
 * top, and come off when it is made. Its constructor is given 12 of them whatever its arity
 * (no node has more; a constructor ignores those beyond its own, stale ones included), which
 * spares an array per node, and the dispatch that picking a call by arity would take.
 */
const fields: unknown[] = new Array(256).fill(null);
let top = 0;

function node(): N.Node {
  const type = buf[pos++];
  const kinds = KINDS[type - 1];
  if (kinds === undefined) throw new Error(`Unknown node type: ${type}`);
  const nodeID = varint();
  const loc = location();
  let i = 0;
  if (kinds[0] === Kind.SkipWord) {
    pos += 4;
    i = 1;
  }
  const flags = varint();
  const base = top;
  while (base + 12 > fields.length) fields.push(null);
  for (; i < kinds.length; i++) {
    let value: unknown;
    // The commonest kinds first, and read here: a call per field is what this loop spares.
    switch (kinds[i]) {
      case Kind.Node:
        value = node();
        break;
      case Kind.OptionalNode:
        if (buf[pos] === 0) {
          pos++;
          value = null;
        } else value = node();
        break;
      case Kind.Location:
        value = location();
        break;
      case Kind.OptionalLocation:
        value = buf[pos++] !== 0 ? location() : null;
        break;
      case Kind.Constant:
        value = constant(varint() - 1);
        break;
      default:
        value = rareField(kinds[i], flags);
    }
    fields[top++] = value;
  }
  const f = fields;
  const b = base;
  const made = new CLASSES[type - 1](nodeID, loc, flags, f[b], f[b + 1], f[b + 2], f[b + 3], f[b + 4], f[b + 5], f[b + 6], f[b + 7], f[b + 8], f[b + 9], f[b + 10], f[b + 11]);
  top = b; // what it leaves above the top is passed to constructors that ignore it, then cleared
  return made;
}

function rareField(kind: number, flags: number): unknown {
  switch (kind) {
    case Kind.Nodes: {
      const list: N.Node[] = new Array(varint());
      for (let i = 0; i < list.length; i++) list[i] = node();
      return list;
    }
    case Kind.OptionalConstant: {
      const index = varint();
      return index === 0 ? null : constant(index - 1);
    }
    case Kind.Constants: {
      const list: string[] = new Array(varint());
      for (let i = 0; i < list.length; i++) list[i] = constant(varint() - 1);
      return list;
    }
    case Kind.String:
      return stringField(flags);
    case Kind.Byte:
      return buf[pos++];
    case Kind.Varint:
      return varint();
    case Kind.Integer:
      return integer();
    case Kind.Double: {
      const value = new DataView(buf.buffer, buf.byteOffset + pos, 8).getFloat64(0, true);
      pos += 8;
      return value;
    }
  }
  throw new Error(`Unknown field kind ${KIND_LETTERS[kind]}`);
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
  if (!d) decoders.set(key, (d = new TextDecoder(label, { fatal })));
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
