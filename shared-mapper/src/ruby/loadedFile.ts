/** A file as the evaluator takes it: parsed once, with what its evaluation needs to know of its text. */
import type * as N from "@ruby/prism/src/nodes.js";
import type { LineIndex } from "./lineIndex.js";

export interface LoadedFile {
  program: N.ProgramNode;
  index: LineIndex;
  /** Byte offsets where the parser reported syntax errors. */
  syntaxErrors: number[];
  /** `# frozen_string_literal: true` at its top: its string literals are frozen. */
  frozenStringLiterals?: boolean;
}
