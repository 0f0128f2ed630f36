/**
 * The one place where Prism's UTF-8 byte offsets become editor positions
 * (0-based line, UTF-16 column). Everything downstream of the parser deals in
 * `Position`s only.
 */
import type { Position, Span } from "../types.js";

export class LineIndex {
  /** Byte offset at which each line starts. */
  private readonly lineStarts: number[] = [0];
  /** For each line, the UTF-16 offset of its start in the JS string. */
  private readonly lineStartsUtf16: number[] = [0];
  private readonly bytes: Uint8Array;

  constructor(
    readonly file: string,
    readonly text: string,
  ) {
    this.bytes = new TextEncoder().encode(text);
    let utf16 = 0;
    for (let i = 0; i < text.length; i++) {
      const code = text.charCodeAt(i);
      utf16++;
      if (code === 10) this.lineStartsUtf16.push(utf16);
    }
    for (let i = 0; i < this.bytes.length; i++) {
      if (this.bytes[i] === 10) this.lineStarts.push(i + 1);
    }
  }

  get byteLength(): number {
    return this.bytes.length;
  }

  /** The text of a byte range, decoded. */
  slice(startByte: number, endByte: number): string {
    return new TextDecoder().decode(this.bytes.subarray(startByte, endByte));
  }

  position(byteOffset: number): Position {
    const offset = Math.max(0, Math.min(byteOffset, this.bytes.length));
    let lo = 0;
    let hi = this.lineStarts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.lineStarts[mid] <= offset) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo, character: utf16Length(this.bytes, this.lineStarts[lo], offset) };
  }

  span(startByte: number, endByte: number): Span {
    return { file: this.file, start: this.position(startByte), end: this.position(endByte) };
  }
}

/** Number of UTF-16 code units encoded by the UTF-8 bytes in [from, to). */
function utf16Length(bytes: Uint8Array, from: number, to: number): number {
  let units = 0;
  for (let i = from; i < to; i++) {
    const b = bytes[i];
    if ((b & 0xc0) === 0x80) continue; // continuation byte
    units += b >= 0xf0 ? 2 : 1; // 4-byte sequences are surrogate pairs in UTF-16
  }
  return units;
}
