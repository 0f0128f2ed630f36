// The layout of a code cache file (server/bin/codeCache.cjs), for the tests that damage one:
// the bundle's length (4 bytes), the bundle, the CRC-32 of V8's data (4 bytes), V8's data.
import { crc32 } from "node:zlib";

/** Where V8's data starts in `bytes`. */
const v8Start = (bytes) => 8 + bytes.readUInt32LE(0);

/** The file with V8's data damaged past its header (its CRC-32 left as it was). */
export function damaged(bytes) {
  const copy = Buffer.from(bytes);
  copy.fill(7, copy.length - 4000, copy.length - 3000);
  return copy;
}

/**
 * The file as another V8 would have made it: the version hash in V8's header (its second word)
 * changed, and the CRC-32 made again, so that only V8 can tell.
 */
export function otherV8(bytes) {
  const copy = Buffer.from(bytes);
  const start = v8Start(copy);
  copy.writeUInt32LE(copy.readUInt32LE(start + 4) ^ 0x5a5a5a5a, start + 4);
  copy.writeUInt32LE(crc32(copy.subarray(start)), start - 4);
  return copy;
}
