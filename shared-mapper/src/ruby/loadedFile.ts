/** A file as the evaluator takes it: parsed once, with what its evaluation needs to know of its text. */
import * as N from "@ruby/prism/src/nodes.js";
import type { LineIndex } from "./lineIndex.js";

export interface LoadedFile {
  program: N.ProgramNode;
  index: LineIndex;
  /** Byte offsets where the parser reported syntax errors. */
  syntaxErrors: number[];
  /** `# frozen_string_literal: true` at its top: its string literals are frozen. */
  frozenStringLiterals?: boolean;
}

/**
 * A node as a message quotes it: its first line (80 characters at most) and where it is
 * (`app/models/post.rb:3`); a `do … rescue … end` body by its first statement, not its `do`.
 */
export function quoted(file: LoadedFile, node: N.Node, relative: (file: LoadedFile) => string): string {
  const shown = node instanceof N.BeginNode && node.statements?.body.length ? node.statements.body[0] : node;
  return `\`${firstLine(file, shown)}\` (${relative(file)}:${file.index.position(shown.location.startOffset).line + 1})`;
}

/** A node's source as a message shows it: its first line, 80 characters at most. */
export function firstLine(file: LoadedFile, node: N.Node): string {
  const start = node.location.startOffset;
  return file.index.slice(start, start + node.location.length).split("\n")[0].slice(0, 80);
}
