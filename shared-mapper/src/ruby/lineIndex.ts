/**
 * The one place where Prism's UTF-8 byte offsets become editor positions
 * (0-based line, UTF-16 column). Everything downstream of the parser deals in
 * `Position`s only.
 */
import type { Position, Span } from "../types.js";

const DECODER = new TextDecoder();

export class LineIndex {
  private encoded: Uint8Array | undefined;
  private starts: number[] | undefined;

  constructor(
    readonly file: string,
    readonly text: string,
  ) {}

  /**
   * The text as UTF-8, encoded on first use: most evaluations ask for no position or slice,
   * and encoding a large file is a measurable part of evaluating it.
   */
  private get bytes(): Uint8Array {
    return (this.encoded ??= new TextEncoder().encode(this.text));
  }

  /** The text as UTF-8, for a parse of it to take instead of encoding it again (index.ts `parseFile`: an app file's facts ask for positions). */
  get utf8(): Uint8Array {
    return this.bytes;
  }

  /** Byte offset at which each line starts. */
  private get lineStarts(): number[] {
    if (this.starts) return this.starts;
    const bytes = this.bytes;
    const starts = [0];
    // `indexOf` is native: a loop over each byte runs in V8's interpreter or baseline code in
    // a one-shot `routemap routes`, 3–6 ms for a 130 KB routes file.
    for (let i = bytes.indexOf(10); i !== -1; i = bytes.indexOf(10, i + 1)) starts.push(i + 1);
    return (this.starts = starts);
  }

  /** The text of a byte range, decoded. */
  slice(startByte: number, endByte: number): string {
    return DECODER.decode(this.bytes.subarray(startByte, endByte));
  }

  position(byteOffset: number): Position {
    const bytes = this.bytes;
    const starts = this.lineStarts;
    const offset = Math.max(0, Math.min(byteOffset, bytes.length));
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid] <= offset) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo, character: this.column(lo, starts[lo], offset) };
  }

  /**
   * The UTF-16 column of a byte offset on a line. In ASCII text a byte is a unit; otherwise
   * the count goes on from the last offset asked on the same line, so the calls on one long
   * line (20,000 helper calls on one line of a view) cost its length once, not once each.
   */
  private column(line: number, lineStart: number, offset: number): number {
    if (this.bytes.length === this.text.length) return offset - lineStart;
    const last = this.last;
    const from = last && last.line === line && last.offset <= offset ? last : { line, offset: lineStart, units: 0 };
    const units = from.units + utf16Length(this.bytes, from.offset, offset);
    this.last = { line, offset, units };
    return units;
  }
  private last: { line: number; offset: number; units: number } | undefined;

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
