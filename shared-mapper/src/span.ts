/**
 * Where something is in the input files: 0-based lines and UTF-16 columns, the way editors
 * count them. A leaf module: Ruby's values and the public types both need it.
 */

/** A position in a file: 0-based line, 0-based UTF-16 code unit column. */
export interface Position {
  line: number;
  character: number;
}

/** A range in one of the input files. */
export interface Span {
  file: string;
  start: Position;
  end: Position;
}

/** Whether a position is inside a span, both ends included. */
export function contains(span: Span, line: number, character: number): boolean {
  const afterStart = line > span.start.line || (line === span.start.line && character >= span.start.character);
  const beforeEnd = line < span.end.line || (line === span.end.line && character <= span.end.character);
  return afterStart && beforeEnd;
}
