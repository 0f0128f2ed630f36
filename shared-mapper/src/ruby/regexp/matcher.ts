/**
 * The machine that runs a program of compiler.ts over a JavaScript string: a backtracking
 * matcher in Onigmo's order (regexec.c: leftmost start, then the first branch that succeeds),
 * so captures come out as Ruby's, with two bounds on its cost.
 *
 * Memo. A choice (`SPLIT`) reached a second time at the same position, with the same
 * "consumed yet" state of the nullable loops around it, fails: the first visit's branches were
 * explored to the end (or cut, then what followed the cut failed), and what follows a choice
 * depends on nothing else once captures are not read (no back-references or conditions, which
 * the compiler checks). Marks are kept across start positions of one search, so `/(a+)+b/`,
 * `/(a|a)*b/` or `/a*b/` over n characters cost O(n × choices) instead of O(2^n) or O(n²),
 * as Ruby 3.2's own memoization does. A lookaround's body is a sub-run: its marks hold for
 * that sub-run, and are kept only when it fails (a branch that led to its success is no
 * failure). Memo starts once a search has taken more than a few steps per character, so
 * ordinary matches pay nothing for it.
 *
 * Budget. Every instruction is a step, charged to a `RegexpBudget` that callers may share
 * across calls (one evaluation, one recognition); when it runs out `RegexpBudgetExceeded` is
 * thrown, never a partial answer.
 *
 * Positions are JavaScript string indices (UTF-16 code units); the machine steps over whole
 * code points, as Ruby steps over characters of a UTF-8 string.
 */
import { fold, hasMultiFold } from "./caseFold.js";
import {
  ANY, ANY_NL, ASSERT, ATOMIC_END, ATOMIC_START, BACKREF, CHAR, CHAR_I, CLASS, COND, JMP, LOOK, LOOK_END, MATCH, NULL_END, NULL_START, SAVE, SPLIT, STR, type Program,
} from "./compiler.js";
import { isAsciiWord, isUnicodeWord } from "./properties.js";

/** Steps left for regexp matching; shared by the calls that pass the same object. */
export interface RegexpBudget {
  remaining: number;
}

export class RegexpBudgetExceeded extends Error {
  override name = "RegexpBudgetExceeded";
  constructor() {
    super("regexp budget exceeded");
  }
}

/** The input holds what this engine cannot match as Ruby would (a multi-character case folding under /i). */
export class RegexpUndecided extends Error {
  override name = "RegexpUndecided";
}

/** A budget's size when the caller gives none: about a tenth of a second. */
export const DEFAULT_STEPS = 5_000_000;

/** Above this many memo bits a search keeps its marks in a Set instead of a bit array. */
const MAX_MEMO_BITS = 1 << 26;

const CHOICE_TAG_CAPTURE = -1;
const CHOICE_TAG_REGISTER = -2;

/** One backtracking stack for every machine: a search runs to its end before another starts. */
let sharedStack = new Int32Array(1024);

export class Machine {
  private stack = sharedStack;
  private sp = 0;
  private base = 0;
  private caps: Int32Array;
  private regs: Int32Array;
  private input = "";
  private len = 0;
  private searchStart = 0;
  private steps = 0;
  private limit = 0;
  private memoAfter = 0;
  private memoOn = false;
  private memoBits: Uint32Array | undefined;
  private memoSet: Set<number> | undefined;
  private lookDepth = 0;
  private temp: number[] = [];
  private tempSet = new Set<number>();
  /** The last input found free of multi-character case foldings. */
  private checked: string | undefined;

  constructor(private readonly prog: Program) {
    this.caps = new Int32Array((prog.groupCount + 1) * 2);
    this.regs = new Int32Array(Math.max(1, prog.registers));
  }

  /**
   * The first match at or after `start`: capture positions (`[start0, end0, start1, end1…]`,
   * -1 for a group that did not take part), or null.
   */
  exec(input: string, start: number, budget: RegexpBudget, anchored = false): Int32Array | null {
    const prog = this.prog;
    if (start < 0 || start > input.length) return null;
    // Most routes of a table fail on their first literal: no machine for them.
    if (prog.prefix !== undefined && (anchored || prog.anchor !== "none") && !input.startsWith(prog.prefix, start)) return null;
    // Once per input, not per search: gsub and scan search the same string again and again.
    if (prog.ignoreCase && input !== this.checked) {
      for (let i = 0; i < input.length; i++) if (input.charCodeAt(i) >= 0x80 && hasMultiFold(input.codePointAt(i)!)) throw new RegexpUndecided("a case-insensitive match over a character whose case folding has several characters");
      this.checked = input;
    }
    this.input = input;
    this.len = input.length;
    this.searchStart = start;
    this.steps = 0;
    this.limit = budget.remaining;
    this.memoAfter = 8 * (input.length + 1) + 1000;
    this.memoOn = false;
    this.memoBits = undefined;
    this.memoSet = undefined;
    this.lookDepth = 0;
    if (this.temp.length) this.temp.length = 0;
    if (this.tempSet.size) this.tempSet.clear();
    this.caps.fill(-1);
    this.regs.fill(-1);
    this.sp = 0;
    this.base = 0;
    this.stack = sharedStack;
    try {
      return this.search(start, anchored);
    } finally {
      budget.remaining -= this.steps;
      this.input = "";
    }
  }

  private search(start: number, anchored: boolean): Int32Array | null {
    const prog = this.prog;
    const len = this.len;
    const first = prog.firstChar;
    if (prog.anchor === "start" && start > 0) return null;
    const prefix = anchored ? undefined : prog.prefix;
    for (let s = start; s <= len; ) {
      if (++this.steps > this.limit) throw new RegexpBudgetExceeded();
      if (prefix !== undefined) {
        s = this.input.indexOf(prefix, s);
        if (s < 0) break;
      }
      let attempt = true;
      if (first) attempt = s < len && first(this.input.codePointAt(s)!);
      if (attempt) {
        this.caps[0] = s;
        const end = this.run(0, s);
        if (end >= 0) {
          this.caps[1] = end;
          return this.caps.slice();
        }
      }
      if (anchored || prog.anchor !== "none") break;
      s += s < len && this.isPair(s) ? 2 : 1;
    }
    return null;
  }

  private isPair(i: number): boolean {
    const c = this.input.charCodeAt(i);
    if (c < 0xd800 || c > 0xdbff || i + 1 >= this.len) return false;
    const d = this.input.charCodeAt(i + 1);
    return d >= 0xdc00 && d <= 0xdfff;
  }

  private push(tag: number, x: number, y: number): void {
    let st = this.stack;
    if (this.sp + 3 > st.length) {
      const grown = new Int32Array(st.length * 2);
      grown.set(st);
      this.stack = st = grown;
      sharedStack = grown;
    }
    st[this.sp] = tag;
    st[this.sp + 1] = x;
    st[this.sp + 2] = y;
    this.sp += 3;
  }

  /** Runs from `pc` at `pos` until MATCH/LOOK_END (the position reached) or every branch failed (-1, the stack back at its base). */
  private run(pc: number, pos: number): number {
    const prog = this.prog;
    const op = prog.op;
    const A = prog.a;
    const B = prog.b;
    const input = this.input;
    const len = this.len;
    const caps = this.caps;
    const regs = this.regs;
    const limit = this.limit;
    // Steps counted locally, written back before anything that reads them (memo, sub-runs, the end).
    let steps = this.steps;
    for (;;) {
      if (++steps > limit) {
        this.steps = steps;
        throw new RegexpBudgetExceeded();
      }
      let ok = true;
      switch (op[pc]) {
        case CHAR: {
          const want = A[pc];
          if (want < 0x10000) {
            if (pos < len && input.charCodeAt(pos) === want) {
              pos++;
              pc++;
            } else ok = false;
          } else if (pos + 1 < len && input.codePointAt(pos) === want) {
            pos += 2;
            pc++;
          } else ok = false;
          break;
        }
        case STR: {
          const s = prog.strings[A[pc]];
          if (input.startsWith(s, pos)) {
            pos += s.length;
            pc++;
          } else ok = false;
          break;
        }
        case CHAR_I: {
          if (pos >= len) {
            ok = false;
            break;
          }
          const cp = input.codePointAt(pos)!;
          if (fold(cp) === A[pc]) {
            pos += cp > 0xffff ? 2 : 1;
            pc++;
          } else ok = false;
          break;
        }
        case ANY:
        case ANY_NL: {
          if (pos >= len) {
            ok = false;
            break;
          }
          const c = input.charCodeAt(pos);
          if (c === 0x0a && op[pc] === ANY) {
            ok = false;
            break;
          }
          pos += c >= 0xd800 && c <= 0xdbff && this.isPair(pos) ? 2 : 1;
          pc++;
          break;
        }
        case CLASS: {
          if (pos >= len) {
            ok = false;
            break;
          }
          const cp = input.codePointAt(pos)!;
          if (prog.classes[A[pc]].test(cp)) {
            pos += cp > 0xffff ? 2 : 1;
            pc++;
          } else ok = false;
          break;
        }
        case SPLIT: {
          if (this.memoOn || steps > this.memoAfter) {
            this.steps = steps;
            if (this.seen(pc, pos)) {
              ok = false;
              break;
            }
          }
          this.push(B[pc], pos, 0);
          pc = A[pc];
          break;
        }
        case JMP:
          pc = A[pc];
          break;
        case SAVE: {
          const slot = A[pc];
          this.push(CHOICE_TAG_CAPTURE, slot, caps[slot]);
          caps[slot] = pos;
          pc++;
          break;
        }
        case ASSERT:
          if (this.assert(A[pc], pos)) pc++;
          else ok = false;
          break;
        case NULL_START: {
          const r = A[pc];
          this.push(CHOICE_TAG_REGISTER, r, regs[r]);
          regs[r] = pos;
          pc++;
          break;
        }
        case NULL_END:
          pc = pos === regs[A[pc]] ? B[pc] : pc + 1;
          break;
        case ATOMIC_START: {
          const r = A[pc];
          this.push(CHOICE_TAG_REGISTER, r, regs[r]);
          regs[r] = this.sp;
          pc++;
          break;
        }
        case ATOMIC_END:
          this.cut(regs[A[pc]]);
          pc++;
          break;
        case LOOK: {
          this.steps = steps;
          const next = this.look(A[pc], pos);
          steps = this.steps;
          if (next >= 0) pc = next;
          else ok = false;
          break;
        }
        case LOOK_END:
        case MATCH:
          this.steps = steps;
          return pos;
        case BACKREF: {
          const end = this.backref(A[pc], pos);
          if (end >= 0) {
            pos = end;
            pc++;
          } else ok = false;
          break;
        }
        case COND: {
          let set = false;
          for (const g of prog.groupLists[A[pc]]) if (caps[g * 2 + 1] >= 0) set = true;
          pc = set ? pc + 1 : B[pc];
          break;
        }
        default:
          throw new Error(`internal: regexp instruction ${op[pc]}`);
      }
      if (ok) continue;
      // Backtrack: undo captures and registers down to the last choice.
      const st = this.stack;
      let resumed = false;
      while (this.sp > this.base) {
        this.sp -= 3;
        const tag = st[this.sp];
        if (tag >= 0) {
          pc = tag;
          pos = st[this.sp + 1];
          resumed = true;
          break;
        }
        if (tag === CHOICE_TAG_CAPTURE) caps[st[this.sp + 1]] = st[this.sp + 2];
        else regs[st[this.sp + 1]] = st[this.sp + 2];
      }
      if (!resumed) {
        this.steps = steps;
        return -1;
      }
    }
  }

  /** Drops the choices above `height`, keeping what restores captures and registers. */
  private cut(height: number): void {
    const st = this.stack;
    let w = height;
    for (let r = height; r < this.sp; r += 3) {
      if (st[r] >= 0) continue;
      if (w !== r) {
        st[w] = st[r];
        st[w + 1] = st[r + 1];
        st[w + 2] = st[r + 2];
      }
      w += 3;
    }
    this.sp = w;
  }

  /** Unwinds to `height`, restoring captures and registers (a negative lookaround's body that matched). */
  private unwind(height: number): void {
    const st = this.stack;
    while (this.sp > height) {
      this.sp -= 3;
      const tag = st[this.sp];
      if (tag === CHOICE_TAG_CAPTURE) this.caps[st[this.sp + 1]] = st[this.sp + 2];
      else if (tag === CHOICE_TAG_REGISTER) this.regs[st[this.sp + 1]] = st[this.sp + 2];
    }
  }

  /** A lookaround at `pos`: the instruction to continue at, or -1. */
  private look(index: number, pos: number): number {
    const info = this.prog.looks[index];
    const height = this.sp;
    let matched = false;
    for (const alt of info.alts) {
      let from = pos;
      if (info.behind) {
        from = this.back(pos, alt.length);
        if (from < 0) continue;
      }
      if (this.sub(alt.start, from) >= 0) {
        matched = true;
        break;
      }
    }
    if (matched && info.negate) this.unwind(height);
    else if (matched) this.cut(height);
    return matched !== info.negate ? info.next : -1;
  }

  /** `n` characters before `pos`, or -1. */
  private back(pos: number, n: number): number {
    for (let i = 0; i < n; i++) {
      if (pos <= 0) return -1;
      pos--;
      if (pos > 0 && this.isPair(pos - 1)) pos--;
    }
    return pos;
  }

  /** A lookaround's body as a run of its own on the same stack; its memo marks stay only if it fails. */
  private sub(pc: number, pos: number): number {
    const base = this.base;
    const marks = this.temp.length;
    this.base = this.sp;
    this.lookDepth++;
    let end: number;
    try {
      end = this.run(pc, pos);
    } finally {
      this.base = base;
      this.lookDepth--;
    }
    if (end >= 0) {
      for (let i = marks; i < this.temp.length; i++) this.tempSet.delete(this.temp[i]);
      this.temp.length = marks;
    } else if (this.lookDepth === 0) {
      for (let i = marks; i < this.temp.length; i++) this.markMain(this.temp[i]);
      this.tempSet.clear();
      this.temp.length = 0;
    }
    return end;
  }

  /** Whether the choice at `pc` was already taken at `pos` in the same loop state; marks it. */
  private seen(pc: number, pos: number): boolean {
    const slot = this.prog.memoSlot[pc];
    if (slot < 0) return false;
    if (!this.memoOn) this.startMemo();
    let bits = 0;
    const loops = this.prog.memoLoops[pc];
    if (loops) for (let i = 0; i < loops.length; i++) if (pos > this.regs[loops[i]]) bits |= 1 << i;
    const key = (slot + bits) * (this.len + 1) + pos;
    if (this.hasMain(key) || (this.tempSet.size > 0 && this.tempSet.has(key))) return true;
    if (this.lookDepth > 0) {
      this.temp.push(key);
      this.tempSet.add(key);
    } else this.markMain(key);
    return false;
  }

  private startMemo(): void {
    this.memoOn = true;
    const bits = this.prog.memoSlots * (this.len + 1);
    if (bits <= MAX_MEMO_BITS) this.memoBits = new Uint32Array((bits >>> 5) + 1);
    else this.memoSet = new Set();
  }

  private hasMain(key: number): boolean {
    if (this.memoBits) return (this.memoBits[key >>> 5] & (1 << (key & 31))) !== 0;
    return this.memoSet!.has(key);
  }

  private markMain(key: number): void {
    if (this.memoBits) this.memoBits[key >>> 5] |= 1 << (key & 31);
    else this.memoSet!.add(key);
  }

  private backref(index: number, pos: number): number {
    const caps = this.caps;
    const ignoreCase = this.prog.backrefIgnoreCase[index];
    for (const g of this.prog.groupLists[index]) {
      const s = caps[g * 2];
      const e = caps[g * 2 + 1];
      if (s < 0 || e < 0) continue;
      const end = ignoreCase ? this.foldedAt(s, e, pos) : this.input.startsWith(this.input.slice(s, e), pos) ? pos + e - s : -1;
      if (end >= 0) return end;
    }
    return -1;
  }

  /** Matches input[s, e) at `pos` comparing case foldings: the end, or -1. */
  private foldedAt(s: number, e: number, pos: number): number {
    const input = this.input;
    while (s < e) {
      if (pos >= this.len) return -1;
      const a = input.codePointAt(s)!;
      const b = input.codePointAt(pos)!;
      if (fold(a) !== fold(b)) return -1;
      s += a > 0xffff ? 2 : 1;
      pos += b > 0xffff ? 2 : 1;
    }
    return pos;
  }

  private assert(kind: number, pos: number): boolean {
    const input = this.input;
    const len = this.len;
    switch (kind) {
      case 0: // ^
        return pos === 0 || (pos < len && input.charCodeAt(pos - 1) === 0x0a);
      case 1: // $
        return pos === len || input.charCodeAt(pos) === 0x0a;
      case 2: // \A
        return pos === 0;
      case 3: // \z
        return pos === len;
      case 4: // \Z
        return pos === len || (pos === len - 1 && input.charCodeAt(pos) === 0x0a);
      case 5: // \G
        return pos === this.searchStart;
      case 6:
      case 7: {
        const b = this.wordAt(pos - 1, true) !== this.wordAt(pos, false);
        return kind === 6 ? b : !b;
      }
      default: {
        const before = pos > 0 && isAsciiWord(input.charCodeAt(pos - 1));
        const after = pos < len && isAsciiWord(input.charCodeAt(pos));
        return kind === 8 ? before !== after : before === after;
      }
    }
  }

  /** Whether the character at (or, `ending`, the one ending at) index i is a Unicode word character. */
  private wordAt(i: number, ending: boolean): boolean {
    if (i < 0 || i >= this.len) return false;
    let cp = this.input.charCodeAt(i);
    if (ending && cp >= 0xdc00 && cp <= 0xdfff && i > 0 && this.isPair(i - 1)) cp = this.input.codePointAt(i - 1)!;
    else if (!ending) cp = this.input.codePointAt(i)!;
    return isUnicodeWord(cp);
  }
}
