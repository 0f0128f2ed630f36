/**
 * The parsed form of a Ruby (Onigmo) regexp: what the parser (parser.ts) builds and the
 * compiler (compiler.ts) turns into a program. Options (`i`, `m`, `x`, `a`/`u`/`d`) are
 * resolved while parsing: each node carries what applies to it.
 */
import type { CharClass } from "./charClass.js";

export type Node =
  | { type: "empty" }
  /** One character; `ignoreCase` compares case foldings. */
  | { type: "char"; cp: number; ignoreCase: boolean }
  /** `.`: any character but `\n`, or any at all under /m. */
  | { type: "any"; dotAll: boolean }
  | { type: "class"; cls: CharClass }
  | { type: "seq"; items: Node[] }
  | { type: "alt"; alts: Node[] }
  /** A capturing group (`index` ≥ 1). */
  | { type: "group"; index: number; body: Node }
  | { type: "repeat"; body: Node; min: number; max: number; greedy: boolean; possessive: boolean }
  | { type: "atomic"; body: Node }
  | { type: "look"; behind: boolean; negate: boolean; body: Node }
  | { type: "assert"; kind: AssertKind }
  /** `\1`, `\k<name>`: the groups to try, last defined first (a name may be given to several). */
  | { type: "backref"; groups: number[]; ignoreCase: boolean }
  /** `(?(cond)yes|no)`: yes when one of the groups has matched. */
  | { type: "cond"; groups: number[]; yes: Node; no: Node }
  /** `\K`: the match starts here. */
  | { type: "keep" };

export type AssertKind =
  | "bol" // ^
  | "eol" // $
  | "start" // \A
  | "end" // \z
  | "endNl" // \Z
  | "searchStart" // \G
  | "wordB" // \b (Unicode word characters, Ruby's default)
  | "notWordB"
  | "asciiWordB" // \b under (?a)
  | "asciiNotWordB";
