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
