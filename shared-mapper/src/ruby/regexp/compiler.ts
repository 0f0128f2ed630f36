/**
 * The AST (ast.ts) as a program for the backtracking machine of matcher.ts, laid out as
 * Onigmo's regcomp.c lays out its own: a choice (`SPLIT`) tries its first branch and keeps the
 * second for backtracking; a loop whose body can match empty checks each iteration (an
 * iteration that consumed nothing leaves the loop, keeping its captures, Onigmo's
 * NULL_CHECK); `{n,m}` is written out as n copies and m−n optional ones (up to a size);
 * atomic groups, possessive quantifiers and lookarounds cut the backtracking stack.
 *
 * Each choice gets memo slots (matcher.ts says why a failed (choice, position) fails again):
 * one per combination of "consumed yet" of the nullable loops around it, as what follows the
 * choice depends on those and on nothing else, unless the pattern reads captures
 * (back-references, conditions): then there is no memo and only the step budget bounds it.
 */
import type { AssertKind, Node } from "./ast.js";
import { fold } from "./caseFold.js";
import type { CharClass } from "./charClass.js";
import { fixedLength, RegexpUnsupported, type Parsed } from "./parser.js";

export const CHAR = 0;
export const CHAR_I = 1;
export const STR = 2;
export const ANY = 3;
export const ANY_NL = 4;
export const CLASS = 5;
export const SPLIT = 6;
export const JMP = 7;
export const SAVE = 8;
export const ASSERT = 9;
export const NULL_START = 10;
export const NULL_END = 11;
export const ATOMIC_START = 12;
export const ATOMIC_END = 13;
export const LOOK = 14;
export const LOOK_END = 15;
export const BACKREF = 16;
export const COND = 17;
export const MATCH = 18;

export const ASSERTS: readonly AssertKind[] = ["bol", "eol", "start", "end", "endNl", "searchStart", "wordB", "notWordB", "asciiWordB", "asciiNotWordB"];

export interface LookInfo {
  behind: boolean;
  negate: boolean;
  /** Each alternative's first instruction and length (lookbehind steps back that many characters). */
  alts: { start: number; length: number }[];
  next: number;
}

export interface Program {
  op: Int32Array;
  a: Int32Array;
  b: Int32Array;
  classes: CharClass[];
  strings: string[];
  looks: LookInfo[];
  /** Group lists of back-references and conditions; back-references' case flag. */
  groupLists: number[][];
  backrefIgnoreCase: boolean[];
  /** Per instruction: the first memo slot of a choice, or -1. */
  memoSlot: Int32Array;
  /** Per choice: the registers of the nullable loops whose bodies hold it. */
  memoLoops: (Int32Array | undefined)[];
  memoSlots: number;
  registers: number;
  groupCount: number;
  /** Start positions worth trying: every match begins with one of these characters (or undefined: any). */
  firstChar?: (cp: number) => boolean;
  anchor: "none" | "start" | "searchStart";
  /** Text every match starts with (case-sensitive), found with `startsWith`/`indexOf` before the machine runs. */
  prefix?: string;
  /** A case-insensitive node exists: an input character whose folding has several characters is undecidable. */
  ignoreCase: boolean;
}

/** Past this many instructions a pattern (its `{n,m}` written out) is refused. */
const MAX_PROGRAM = 200_000;
/** Choices inside more nullable loops than this get no memo (2^n slots each). */
const MAX_NULLABLE_DEPTH = 3;

interface Scope {
  loops: number[];
}

class Compiler {
  op: number[] = [];
  a: number[] = [];
  b: number[] = [];
  classes: CharClass[] = [];
  strings: string[] = [];
  looks: LookInfo[] = [];
  groupLists: number[][] = [];
  backrefIgnoreCase: boolean[] = [];
  memoSlot: number[] = [];
  memoLoops: (Int32Array | undefined)[] = [];
  memoSlots = 0;
  registers = 0;

  constructor(private readonly memo: boolean) {}

  get pc(): number {
    return this.op.length;
  }

  emit(op: number, a = 0, b = 0): number {
    if (this.op.length >= MAX_PROGRAM) throw new RegexpUnsupported("a pattern this large once its repetitions are written out");
    this.op.push(op);
    this.a.push(a);
    this.b.push(b);
    this.memoSlot.push(-1);
    return this.op.length - 1;
  }

  split(scope: Scope, first: number, second: number): number {
    const pc = this.emit(SPLIT, first, second);
    if (this.memo && scope.loops.length <= MAX_NULLABLE_DEPTH) {
      this.memoSlot[pc] = this.memoSlots;
      this.memoSlots += 1 << scope.loops.length;
      if (scope.loops.length) this.memoLoops[pc] = Int32Array.from(scope.loops);
    }
    return pc;
  }

  node(n: Node, scope: Scope): void {
    switch (n.type) {
      case "empty":
        return;
      case "char":
        if (n.ignoreCase) this.emit(CHAR_I, fold(n.cp));
        else this.emit(CHAR, n.cp);
        return;
      case "any":
        this.emit(n.dotAll ? ANY_NL : ANY);
        return;
      case "class":
        this.emit(CLASS, this.classes.push(n.cls) - 1);
        return;
      case "seq":
        return this.seq(n.items, scope);
      case "alt":
        return this.alt(n.alts, scope);
      case "group":
        this.emit(SAVE, n.index * 2);
        this.node(n.body, scope);
        this.emit(SAVE, n.index * 2 + 1);
        return;
      case "repeat":
        return n.possessive ? this.atomic({ ...n, possessive: false }, scope) : this.repeat(n, scope);
      case "atomic":
        return this.atomic(n.body, scope);
      case "look":
        return this.look(n);
      case "assert":
        this.emit(ASSERT, ASSERTS.indexOf(n.kind));
        return;
      case "backref":
        this.emit(BACKREF, this.groupLists.push(n.groups) - 1);
        this.backrefIgnoreCase[this.groupLists.length - 1] = n.ignoreCase;
        return;
      case "cond": {
        const cond = this.emit(COND, this.groupLists.push(n.groups) - 1);
        this.node(n.yes, scope);
        const jump = this.emit(JMP);
        this.b[cond] = this.pc;
        this.node(n.no, scope);
        this.a[jump] = this.pc;
        return;
      }
      case "keep":
        this.emit(SAVE, 0);
        return;
    }
  }

  /** A sequence, runs of case-sensitive characters as one string. */
  private seq(items: Node[], scope: Scope): void {
    for (let i = 0; i < items.length; i++) {
      const item = items[i];
      if (item.type === "char" && !item.ignoreCase && items[i + 1]?.type === "char" && !(items[i + 1] as { ignoreCase: boolean }).ignoreCase) {
        let text = "";
        while (i < items.length && items[i].type === "char" && !(items[i] as { ignoreCase: boolean }).ignoreCase) text += String.fromCodePoint((items[i++] as { cp: number }).cp);
        i--;
        this.emit(STR, this.strings.push(text) - 1);
      } else this.node(item, scope);
    }
  }

  private alt(alts: Node[], scope: Scope): void {
    const jumps: number[] = [];
    for (let i = 0; i < alts.length - 1; i++) {
      const split = this.split(scope, this.pc + 1, 0);
      this.node(alts[i], scope);
      jumps.push(this.emit(JMP));
      this.b[split] = this.pc;
    }
    this.node(alts[alts.length - 1], scope);
    for (const j of jumps) this.a[j] = this.pc;
  }

  private atomic(body: Node, scope: Scope): void {
    const r = this.registers++;
    this.emit(ATOMIC_START, r);
    this.node(body, scope);
    this.emit(ATOMIC_END, r);
  }

  private repeat(n: Extract<Node, { type: "repeat" }>, scope: Scope): void {
    const { body, min, max, greedy } = n;
    if (max === 0) return;
    const nullable = canBeEmpty(body);
    for (let i = 0; i < (max === Infinity ? min - 1 : min); i++) this.node(body, scope);
    if (max === Infinity) return min === 0 ? this.star(body, greedy, nullable, scope) : this.plus(body, greedy, nullable, scope);
    // max − min optional copies, each leaving to the end (an empty one too, as Onigmo's check does).
    const exits: number[] = [];
    for (let i = min; i < max; i++) {
      const split = this.split(scope, 0, 0);
      exits.push(split);
      if (greedy) this.a[split] = this.pc;
      else this.b[split] = this.pc;
      this.iteration(body, nullable && max - min > 1, scope, exits);
    }
    for (const e of exits) {
      if (this.op[e] === SPLIT) {
        if (greedy) this.b[e] = this.pc;
        else this.a[e] = this.pc;
      } else this.b[e] = this.pc;
    }
  }

  /**
   * One iteration of a loop's body; a nullable one inside NULL_START/NULL_END, whose exit is
   * patched by the caller through `exits` (NULL_END's b).
   */
  private iteration(body: Node, checked: boolean, scope: Scope, exits: number[]): void {
    if (!checked) return this.node(body, scope);
    const r = this.registers++;
    this.emit(NULL_START, r);
    this.node(body, { loops: [...scope.loops, r] });
    exits.push(this.emit(NULL_END, r));
  }

  private star(body: Node, greedy: boolean, nullable: boolean, scope: Scope): void {
    const head = this.split(scope, 0, 0);
    const exits: number[] = [];
    if (greedy) this.a[head] = this.pc;
    else this.b[head] = this.pc;
    this.iteration(body, nullable, scope, exits);
    this.emit(JMP, head);
    if (greedy) this.b[head] = this.pc;
    else this.a[head] = this.pc;
    for (const e of exits) this.b[e] = this.pc;
  }

  private plus(body: Node, greedy: boolean, nullable: boolean, scope: Scope): void {
    const start = this.pc;
    const exits: number[] = [];
    this.iteration(body, nullable, scope, exits);
    const split = this.split(scope, 0, 0);
    if (greedy) {
      this.a[split] = start;
      this.b[split] = this.pc;
    } else {
      this.a[split] = this.pc;
      this.b[split] = start;
    }
    for (const e of exits) this.b[e] = this.pc;
  }

  private look(n: Extract<Node, { type: "look" }>): void {
    const info: LookInfo = { behind: n.behind, negate: n.negate, alts: [], next: 0 };
    this.emit(LOOK, this.looks.push(info) - 1);
    const alts = n.behind && n.body.type === "alt" ? n.body.alts : [n.body];
    // What follows the body is the end of the lookaround, whatever loops surround it.
    const inner: Scope = { loops: [] };
    for (const alt of alts) {
      info.alts.push({ start: this.pc, length: n.behind ? fixedLength(alt)! : 0 });
      this.node(alt, inner);
      this.emit(LOOK_END);
    }
    info.next = this.pc;
  }
}

/** Whether a node can match the empty string (Onigmo's check decides which loops need NULL_CHECK). */
export function canBeEmpty(n: Node): boolean {
  switch (n.type) {
    case "char":
    case "any":
    case "class":
      return false;
    case "seq":
      return n.items.every(canBeEmpty);
    case "alt":
      return n.alts.some(canBeEmpty);
    case "group":
    case "atomic":
      return canBeEmpty(n.body);
    case "repeat":
      return n.min === 0 || canBeEmpty(n.body);
    case "cond":
      return canBeEmpty(n.yes) || canBeEmpty(n.no);
    default:
      return true;
  }
}

export function compile(parsed: Parsed): Program {
  const c = new Compiler(!parsed.hasBackrefs);
  c.node(parsed.node, { loops: [] });
  c.emit(MATCH);
  const op = new Int32Array(c.op);
  const anchor = anchorOf(parsed.node);
  return {
    op,
    a: new Int32Array(c.a),
    b: new Int32Array(c.b),
    classes: c.classes,
    strings: c.strings,
    looks: c.looks,
    groupLists: c.groupLists,
    backrefIgnoreCase: c.backrefIgnoreCase,
    memoSlot: new Int32Array(c.memoSlot),
    memoLoops: c.memoLoops,
    memoSlots: c.memoSlots,
    registers: c.registers,
    groupCount: parsed.groupCount,
    firstChar: anchor === "none" ? firstChar(parsed.node) : undefined,
    anchor,
    prefix: prefixOf(op, c.a, c.strings),
    ignoreCase: parsed.ignoreCase,
  };
}

/** The literal text at the program's start, past anchors and group starts (which consume nothing). */
function prefixOf(op: Int32Array, a: number[], strings: string[]): string | undefined {
  let pc = 0;
  while (op[pc] === SAVE || (op[pc] === ASSERT && (ASSERTS[a[pc]] === "start" || ASSERTS[a[pc]] === "searchStart"))) pc++;
  let text = "";
  for (; op[pc] === STR || op[pc] === CHAR; pc++) text += op[pc] === STR ? strings[a[pc]] : String.fromCodePoint(a[pc]);
  return text || undefined;
}

function anchorOf(n: Node): Program["anchor"] {
  switch (n.type) {
    case "assert":
      return n.kind === "start" ? "start" : n.kind === "searchStart" ? "searchStart" : "none";
    case "seq":
      return n.items.length ? anchorOf(n.items[0]) : "none";
    case "group":
    case "atomic":
      return anchorOf(n.body);
    case "alt": {
      const each = n.alts.map(anchorOf);
      return each.every((a) => a === each[0]) ? each[0] : "none";
    }
    default:
      return "none";
  }
}

/** Tests of the characters a match can start with; undefined when any may (or none is needed). */
type First = { tests: ((cp: number) => boolean)[]; nullable: boolean } | undefined;

function firstOf(n: Node): First {
  switch (n.type) {
    case "empty":
    case "assert":
    case "look":
    case "keep":
      return { tests: [], nullable: true };
    case "char": {
      const f = n.ignoreCase ? fold(n.cp) : n.cp;
      return { tests: [n.ignoreCase ? (cp) => fold(cp) === f : (cp) => cp === f], nullable: false };
    }
    case "class": {
      const cls = n.cls;
      return { tests: [(cp) => cls.test(cp)], nullable: false };
    }
    case "any":
      return undefined;
    case "seq": {
      const tests: ((cp: number) => boolean)[] = [];
      for (const item of n.items) {
        const f = firstOf(item);
        if (!f) return undefined;
        tests.push(...f.tests);
        if (!f.nullable) return { tests, nullable: false };
      }
      return { tests, nullable: true };
    }
    case "alt": {
      const tests: ((cp: number) => boolean)[] = [];
      let nullable = false;
      for (const alt of n.alts) {
        const f = firstOf(alt);
        if (!f) return undefined;
        tests.push(...f.tests);
        nullable ||= f.nullable;
      }
      return { tests, nullable };
    }
    case "group":
    case "atomic":
      return firstOf(n.body);
    case "repeat": {
      if (n.max === 0) return { tests: [], nullable: true };
      const f = firstOf(n.body);
      return f && { tests: f.tests, nullable: f.nullable || n.min === 0 };
    }
    default:
      return undefined;
  }
}

function firstChar(n: Node): Program["firstChar"] {
  const f = firstOf(n);
  if (!f || f.nullable || f.tests.length === 0) return undefined;
  // 0: not yet computed, 1: can start a match, 2: cannot.
  const ascii = new Uint8Array(128);
  const tests = f.tests;
  return (cp) => {
    if (cp >= 128) return tests.some((t) => t(cp));
    if (ascii[cp] === 0) ascii[cp] = tests.some((t) => t(cp)) ? 1 : 2;
    return ascii[cp] === 1;
  };
}
