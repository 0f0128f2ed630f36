/**
 * What the Haml and Slim readers share: a template as Ruby with every offset kept, for the
 * checks of URL helper calls. Everything that is not Ruby becomes spaces (newlines stay); Ruby
 * stays where it is, and a `;` takes the place of a character that is not code between two
 * pieces of it. Both languages close blocks by indentation, and there is no room to write their
 * `end`s, so a block's opening is blanked instead: `- if a` reads `  a`,
 * `= form_with model: @post do |f|` reads `  form_with model: @post`, and the block's
 * parameters are returned as `locals` (a bare `f` or `item_url` in the block is theirs, not a
 * helper). Anything a reader does not follow leaves Ruby that does not parse, and a file that
 * does not parse is not checked.
 */

export interface TemplateRuby {
  ruby: string;
  /** Names a block or `for` of the template binds: never helper calls. */
  locals: Set<string>;
  /** The silent lines that open or go on with a condition's block (`- if a`, `- else`), in order. */
  blocks: TemplateBlock[];
}

/**
 * `- if a` (or `unless`, `elsif`, `else`, `case`, `when`) and the lines nested under it: the
 * keyword is blanked in the Ruby (its `end` has no room), so the branch's structure is kept here
 * (runConditions.ts). A `when`'s tests stay in the Ruby as statements (`- when :a, :b` reads
 * `     :a; :b`) where they are plain expressions; otherwise its line is blank, as before.
 */
export interface TemplateBlock {
  keyword: "if" | "unless" | "elsif" | "else" | "case" | "when";
  /** Where the line starts, and how deep it is indented. */
  at: Position;
  indent: number;
  /** Where the condition (a `case`'s subject) starts in the Ruby (it stays there as an expression); none for `else`. */
  test?: Position;
  /** Where each of a `when`'s tests starts in the Ruby; none where they were blanked. */
  tests?: Position[];
  /** From the end of the line to where the next line as shallow starts. */
  body: { start: Position; end: Position };
}

interface Position {
  line: number;
  character: number;
}

/** A block's keyword, alone or as an assignment's value (`- label = if a`). */
const BLOCK_KEYWORD = /^(?:[@$]{0,2}\w+\s*(?:\|\||&&)?=\s*)?(if|unless|elsif|while|until|case|begin)\b/;
const BLANK_LINE_KEYWORD = /^(else|end|ensure|when|in|rescue)\b/;
const FOR = /^for\b(.*?)\bin\b/;
/** A condition's keyword at a silent line's start, and the space before its test. */
const CONDITION_KEYWORD = /^(if|unless|elsif|else|case|when)\b\s*/;
/** A block's opening at the end of a line, before any comment (`do |item|  # …`). */
const TRAILING_DO = /\bdo(\s*\|([^|]*)\|)?\s*(?:#(?!\{).*)?$/;
const IDENTIFIER = /[a-z_][A-Za-z0-9_]*/g;

const [SPACE, NEWLINE, SEMICOLON] = [32, 10, 59];
const UTF16 = new TextDecoder("utf-16le");

export abstract class TemplateReader {
  /** The Ruby, as UTF-16 code units: two bytes a character (an array of one-character strings took eight). */
  protected readonly out: Uint16Array;
  /** Where each line starts, and ends before its newline (and `\r`): typed arrays, 8 bytes a line. */
  protected readonly starts: Int32Array;
  protected readonly ends: Int32Array;
  protected readonly lineCount: number;
  readonly locals = new Set<string>();
  readonly blocks: TemplateBlock[] = [];
  /** Where each line's text starts after its indentation (its end when the line is blank), worked out once. */
  private readonly indents: Int32Array;
  /** `shallowFrom`'s tree of the least indentation of runs of lines, built on first use. */
  private shallowest: Int32Array | undefined;
  /** `nextOpening`'s last search: where it started, and the `#{` it found (-1: none). */
  private searchedFrom = Infinity;
  private found = -1;

  constructor(protected readonly text: string) {
    // One slot per UTF-16 unit, as offsets count (a string's iterator would give one per emoji).
    this.out = new Uint16Array(text.length).fill(SPACE);
    let count = 1;
    for (let nl = text.indexOf("\n"); nl >= 0; nl = text.indexOf("\n", nl + 1), count++) this.out[nl] = NEWLINE;
    this.lineCount = count;
    this.starts = new Int32Array(count);
    this.ends = new Int32Array(count);
    let start = 0;
    for (let line = 0; ; line++) {
      const nl = text.indexOf("\n", start);
      const end = nl < 0 ? text.length : nl;
      this.starts[line] = start;
      this.ends[line] = end > start && text[end - 1] === "\r" ? end - 1 : end;
      if (nl < 0) break;
      start = nl + 1;
    }
    this.indents = new Int32Array(count);
    for (let line = 0; line < count; line++) {
      let p = this.starts[line];
      while (p < this.ends[line] && (text[p] === " " || text[p] === "\t")) p++;
      this.indents[line] = p;
    }
  }

  read(): TemplateRuby {
    let i = 0;
    while (i < this.lineCount) i = this.line(i);
    return { ruby: UTF16.decode(this.out), locals: this.locals, blocks: this.blocks };
  }

  /** Reads line `i` (and the lines it takes with it); returns the next line to read. */
  protected abstract line(i: number): number;

  /**
   * The last line of the statement a code line starts (`from` is where its code begins), and
   * the offsets of the characters that carried it on (a multiline `|`, a `\\`), blanked.
   */
  protected abstract continuation(i: number, from: number): { last: number; markers: number[] };

  /** Where line `i`'s text starts after its indentation. */
  protected indent(i: number): number {
    return this.indents[i];
  }

  protected isBlank(i: number): boolean {
    return this.indent(i) === this.ends[i];
  }

  /** The first line after `i` that is not blank and not indented deeper than it. */
  protected afterNested(i: number): number {
    const depth = this.indent(i) - this.starts[i];
    let j = i + 1;
    while (j < this.lineCount && (this.isBlank(j) || this.indent(j) - this.starts[j] > depth)) j++;
    return j;
  }

  /**
   * Ruby from `p + marker` on (the marker becomes `;`), with the lines it carries on to. A
   * silent line's block keyword and any line's trailing `do |x|` are blanked, and their names
   * kept as locals.
   */
  protected code(i: number, p: number, marker: number, silent: boolean): number {
    this.out[p] = SEMICOLON;
    let from = p + marker;
    const { last, markers } = this.continuation(i, from);
    for (let j = i; j <= last; j++) this.copy(j === i ? from : this.starts[j], this.ends[j]);
    for (const at of markers) this.out[at] = SPACE;
    if (silent) {
      while (from < this.ends[i] && /\s/.test(this.text[from])) from++;
      this.blankKeyword(from, this.ends[i]);
      this.noteBlock(i, from, last);
    }
    // The statement ends before the last line's marker, if it has one (`do |x| |`).
    const start = this.starts[last];
    const end = this.ends[last];
    const carried = markers.find((at) => at >= start);
    this.blankTrailingDo(start, carried ?? end);
    return last + 1;
  }

  protected blankKeyword(from: number, end: number): void {
    const code = this.text.slice(from, end);
    if (/\bend\s*$/.test(code)) return; // `- if a then b end`: complete as it is
    const forLoop = FOR.exec(code);
    if (forLoop) {
      for (const name of forLoop[1].matchAll(IDENTIFIER)) this.locals.add(name[0]);
      this.blank(from, from + forLoop[0].length);
    } else if (/^when\b/.test(code) && this.whenTests(from, end)) {
      // `when :a, :b` → `     :a; :b`: each test an expression statement.
      const tests = this.whenTests(from, end)!;
      this.blank(from, from + 4);
      for (const t of tests.slice(1)) this.out[t.comma] = SEMICOLON;
    } else if (BLANK_LINE_KEYWORD.test(code)) this.blank(from, end);
    else {
      const keyword = BLOCK_KEYWORD.exec(code);
      if (keyword) this.blank(from + keyword[0].length - keyword[1].length, from + keyword[0].length);
    }
  }

  /**
   * A `when` line's tests (`when :a, "b", X::Y`), each with where it starts and the comma before
   * it; undefined where one is not a plain expression Ruby would read alone (a splat, `then`, a
   * comment, a bracket or string that does not close on the line).
   */
  private whenTests(from: number, end: number): { start: number; comma: number }[] | undefined {
    const out: { start: number; comma: number }[] = [];
    let p = from + 4;
    let comma = -1;
    for (;;) {
      while (p < end && (this.text[p] === " " || this.text[p] === "\t")) p++;
      if (p >= end || this.text[p] === "*" || this.text[p] === "," || this.text[p] === "&") return undefined;
      out.push({ start: p, comma });
      // The test runs to the next comma outside brackets and strings.
      for (; p < end && this.text[p] !== ","; p++) {
        const c = this.text[p];
        if (c === "(" || c === "[" || c === "{") p = matching(this.text, p, end);
        else if (c === '"' || c === "'") p = stringEnd(this.text, p, end, 0);
        else if (c === "#" || c === ";" || c === "\\") return undefined;
        if (p < 0) return undefined;
      }
      if (/\bthen\b/.test(this.text.slice(out[out.length - 1].start, p))) return undefined;
      if (p >= end) return out;
      comma = p++;
    }
  }

  /** A silent line that opens or goes on with a condition's block (`if a`, `elsif b`, `else`, `case x`, `when a`), with its nested lines. */
  private noteBlock(i: number, from: number, last: number): void {
    const keyword = CONDITION_KEYWORD.exec(this.text.slice(from, this.ends[i]));
    if (!keyword || /\bend\s*$/.test(this.text.slice(from, this.ends[last]))) return;
    // A `when` continued on the next line (`when :a,`) was blanked as before: its tests are not kept.
    const tests = keyword[1] === "when" && last === i ? this.whenTests(from, this.ends[i]) : undefined;
    const at = (line: number, offset: number) => ({ line, character: offset - this.starts[line] });
    // The lines after the statement indented deeper than its line: the branch.
    const depth = this.indent(i) - this.starts[i];
    const next = this.shallowFrom(last + 1, depth);
    const test = keyword[1] === "else" || keyword[1] === "when" || (keyword[1] === "case" && from + keyword[0].length >= this.ends[i]) ? undefined : at(i, from + keyword[0].length);
    const end = next < this.lineCount ? at(next, this.starts[next]) : at(this.lineCount - 1, this.ends[this.lineCount - 1]);
    const block: TemplateBlock = { keyword: keyword[1] as TemplateBlock["keyword"], at: at(i, this.starts[i]), indent: depth, ...(test ? { test } : {}), body: { start: at(last, this.ends[last]), end } };
    if (tests) block.tests = tests.map((t) => at(i, t.start));
    this.blocks.push(block);
  }

  /**
   * The first line from `from` on that is not blank and is indented `depth` or less (the line
   * count when none is). A tree holds the least indentation of each run of lines, so that each
   * block's end is found in log time: scanning the lines under every block was quadratic in a
   * template nested a space deeper a line (1,000 deep: 7 s).
   */
  private shallowFrom(from: number, depth: number): number {
    const tree = (this.shallowest ??= this.indentationTree());
    const leaves = tree.length >> 1;
    // Down from the root: a run wholly before `from`, or indented deeper throughout, is passed over.
    const find = (node: number, lo: number, hi: number): number => {
      if (hi <= from || tree[node] > depth) return -1;
      if (node >= leaves) return lo;
      const mid = (lo + hi) >> 1;
      const left = find(2 * node, lo, mid);
      return left >= 0 ? left : find(2 * node + 1, mid, hi);
    };
    const found = find(1, 0, leaves);
    return found < 0 ? this.lineCount : found;
  }

  /** Each line's indentation's width (blank lines, and the leaves past the last line, as deeper than any), and each node's least. */
  private indentationTree(): Int32Array {
    let leaves = 1;
    while (leaves < this.lineCount) leaves *= 2;
    const tree = new Int32Array(2 * leaves).fill(0x7fffffff);
    for (let line = 0; line < this.lineCount; line++) if (!this.isBlank(line)) tree[leaves + line] = this.indent(line) - this.starts[line];
    for (let node = leaves - 1; node >= 1; node--) tree[node] = Math.min(tree[2 * node], tree[2 * node + 1]);
    return tree;
  }

  protected blankTrailingDo(start: number, end: number): void {
    const found = TRAILING_DO.exec(this.text.slice(start, end));
    if (!found) return;
    for (const name of (found[2] ?? "").matchAll(IDENTIFIER)) this.locals.add(name[0]);
    this.blank(start + found.index, end);
  }

  /** Each `#{…}` between `from` and `to`: its code kept, `#{` blanked, `}` made `;`. */
  protected interpolations(from: number, to: number): void {
    let p = from;
    while (p < to) {
      const open = this.nextOpening(p);
      if (open < 0 || open >= to) return;
      if (open > 0 && this.text[open - 1] === "\\") {
        p = open + 2;
        continue;
      }
      // Plain text is read a line at a time: an interpolation closes on its line, or not at all.
      const close = matching(this.text, open + 1, to);
      if (close < 0) return;
      this.copy(open + 2, close);
      this.out[close] = SEMICOLON;
      p = close + 1;
    }
  }

  /**
   * The first `#{` at or after `p`. Lines are read in order, and most have none: the last
   * answer serves until `p` passes it, so the file is searched once, not once per line.
   */
  private nextOpening(p: number): number {
    if (p < this.searchedFrom || (this.found >= 0 && this.found < p)) {
      this.searchedFrom = p;
      this.found = this.text.indexOf("#{", p);
    }
    return this.found;
  }

  protected copy(from: number, to: number): void {
    for (let p = from; p < to; p++) this.out[p] = this.text.charCodeAt(p);
  }

  protected blank(from: number, to: number): void {
    for (let p = from; p < to; p++) if (this.out[p] !== NEWLINE) this.out[p] = SPACE;
  }

  /** A `;` after a piece of code, where the template has a character that is not code. */
  protected separate(at: number): void {
    if (this.out[at] === SPACE) this.out[at] = SEMICOLON;
  }

  /** Puts one ASCII character in the Ruby (`[` for a Haml attribute hash's `{`). */
  protected put(at: number, c: string): void {
    this.out[at] = c.charCodeAt(0);
  }
}

/**
 * The offset of the bracket closing the one at `open`, before `limit` (across lines unless the
 * limit is the line's end), past Ruby strings (and the `#{}` inside double-quoted ones); -1
 * when it does not close.
 */
export function matching(text: string, open: number, limit = text.length, nesting = 0): number {
  // Strings in interpolations in strings…: past a depth no template has, it does not close.
  if (nesting > MAX_NESTING) return -1;
  const close = ({ "{": "}", "(": ")", "[": "]" } as Record<string, string>)[text[open]];
  let depth = 0;
  for (let p = open; p < limit; p++) {
    const c = text[p];
    if (c === '"' || c === "'") {
      p = stringEnd(text, p, limit, nesting + 1);
      if (p < 0) return -1;
    } else if (c === text[open]) depth++;
    else if (c === close && --depth === 0) return p;
  }
  return -1;
}

const MAX_NESTING = 32;

export function stringEnd(text: string, start: number, limit: number, nesting: number): number {
  const quote = text[start];
  for (let p = start + 1; p < limit; p++) {
    if (text[p] === "\\") p++;
    else if (text[p] === quote) return p;
    else if (quote === '"' && text.startsWith("#{", p)) {
      p = matching(text, p + 1, limit, nesting + 1);
      if (p < 0) return -1;
    } else if (text[p] === "\n") return -1;
  }
  return -1;
}
