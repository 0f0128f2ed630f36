/**
 * Haml templates as Ruby with every offset kept, for the checks of URL helper calls. Follows
 * Haml's syntax reference (haml/haml, REFERENCE.md: plain text, elements with `{}`/`()`/`[]`
 * attributes, `-`/`=`/`!=`/`&=`/`~` code, comments, filters, multiline `,` and `|`).
 *
 * Everything that is not Ruby becomes spaces (newlines stay); Ruby stays where it is, and a
 * `;` takes the place of a character that is not code between two pieces of it. Haml closes
 * blocks by indentation, and there is no room to write their `end`s, so a block's opening is
 * blanked instead: `- if a` reads `  a`, `= form_with model: @post do |f|` reads
 * `  form_with model: @post`, and the block's parameters are returned as `locals` (a bare
 * `f` or `item_url` in the block is theirs, not a helper). Anything this does not follow
 * leaves Ruby that does not parse, and a file that does not parse is not checked.
 */

export interface HamlRuby {
  ruby: string;
  /** Names a block or `for` of the template binds: never helper calls. */
  locals: Set<string>;
}

export function hamlToRuby(text: string): HamlRuby {
  return new HamlReader(text).read();
}

/** A block's keyword, alone or as an assignment's value (`- label = if a`). */
const BLOCK_KEYWORD = /^(?:[@$]{0,2}\w+\s*(?:\|\||&&)?=\s*)?(if|unless|elsif|while|until|case|begin)\b/;
const BLANK_LINE_KEYWORD = /^(else|end|ensure|when|in|rescue)\b/;
const FOR = /^for\b(.*?)\bin\b/;
const TRAILING_DO = /\bdo(\s*\|([^|]*)\|)?\s*$/;
const IDENTIFIER = /[a-z_][A-Za-z0-9_]*/g;

class HamlReader {
  private readonly out: string[];
  private readonly lines: { start: number; end: number }[] = [];
  readonly locals = new Set<string>();

  constructor(private readonly text: string) {
    // One slot per UTF-16 unit, as offsets count (a string's iterator would give one per emoji).
    this.out = new Array<string>(text.length);
    for (let p = 0; p < text.length; p++) this.out[p] = text[p] === "\n" ? "\n" : " ";
    let start = 0;
    for (;;) {
      const nl = text.indexOf("\n", start);
      const end = nl < 0 ? text.length : nl;
      this.lines.push({ start, end: end > start && text[end - 1] === "\r" ? end - 1 : end });
      if (nl < 0) break;
      start = nl + 1;
    }
  }

  read(): HamlRuby {
    let i = 0;
    while (i < this.lines.length) i = this.line(i);
    return { ruby: this.out.join(""), locals: this.locals };
  }

  private indent(i: number): number {
    const { start, end } = this.lines[i];
    let p = start;
    while (p < end && (this.text[p] === " " || this.text[p] === "\t")) p++;
    return p;
  }

  private isBlank(i: number): boolean {
    return this.indent(i) === this.lines[i].end;
  }

  /** The first line after `i` that is not blank and not indented deeper than it. */
  private afterNested(i: number): number {
    const depth = this.indent(i) - this.lines[i].start;
    let j = i + 1;
    while (j < this.lines.length && (this.isBlank(j) || this.indent(j) - this.lines[j].start > depth)) j++;
    return j;
  }

  /** Reads line `i` (and the lines it takes with it); returns the next line to read. */
  private line(i: number): number {
    const p = this.indent(i);
    const { end } = this.lines[i];
    const rest = this.text.slice(p, end);
    if (rest === "" || rest.startsWith("!!!")) return i + 1;
    if (rest.startsWith("-#")) return this.afterNested(i);
    if (rest.startsWith(":")) return this.filter(i, rest);
    if (rest.startsWith("/")) return i + 1;
    if (rest.startsWith("\\")) return this.plain(i, p + 1);
    if (rest.startsWith("-")) return this.code(i, p, 1, true);
    if (/^(!=|&=)/.test(rest)) return this.code(i, p, 2, false);
    if (rest.startsWith("==")) return this.plain(i, p + 2);
    if (/^[=~]/.test(rest)) return this.code(i, p, 1, false);
    if (/^[!&] /.test(rest)) return this.plain(i, p + 1);
    if (/^(%[\w:-]|\.[\w-]|#[\w-])/.test(rest)) return this.element(i, p);
    return this.plain(i, p);
  }

  /** `:javascript` and the like: their text interpolates `#{}`; `:ruby`'s is Ruby itself. */
  private filter(i: number, rest: string): number {
    const next = this.afterNested(i);
    for (let j = i + 1; j < next; j++) {
      const { start, end } = this.lines[j];
      if (/^:ruby\s*$/.test(rest)) this.copy(start, end);
      else this.interpolations(start, end);
    }
    return next;
  }

  /** Plain text from `from` to the line's end (and a multiline run's): only its `#{}` are Ruby. */
  private plain(i: number, from: number): number {
    const last = this.barRun(i);
    for (let j = i; j <= last; j++) this.interpolations(j === i ? from : this.lines[j].start, this.lines[j].end);
    return last + 1;
  }

  /**
   * Ruby from `p + marker` on (the marker becomes `;`), with the lines a trailing `,` or a
   * multiline `|` carries on to. A silent line's block keyword and any line's trailing `do |x|`
   * are blanked, and their names kept as locals.
   */
  private code(i: number, p: number, marker: number, silent: boolean): number {
    this.out[p] = ";";
    let from = p + marker;
    const bars = this.endsWithBar(i);
    const last = bars ? this.barRun(i) : this.commaRun(i, from);
    for (let j = i; j <= last; j++) {
      const { start, end } = this.lines[j];
      this.copy(j === i ? from : start, end);
      if (bars) this.out[this.text.lastIndexOf("|", end)] = " ";
    }
    if (silent) {
      while (from < this.lines[i].end && /\s/.test(this.text[from])) from++;
      this.blankKeyword(from, this.lines[i].end);
    }
    this.blankTrailingDo(this.lines[last].start, this.lines[last].end);
    return last + 1;
  }

  private blankKeyword(from: number, end: number): void {
    const code = this.text.slice(from, end);
    if (/\bend\s*$/.test(code)) return; // `- if a then b end`: complete as it is
    const forLoop = FOR.exec(code);
    if (forLoop) {
      for (const name of forLoop[1].matchAll(IDENTIFIER)) this.locals.add(name[0]);
      this.blank(from, from + forLoop[0].length);
    } else if (BLANK_LINE_KEYWORD.test(code)) this.blank(from, end);
    else {
      const keyword = BLOCK_KEYWORD.exec(code);
      if (keyword) this.blank(from + keyword[0].length - keyword[1].length, from + keyword[0].length);
    }
  }

  private blankTrailingDo(start: number, end: number): void {
    const found = TRAILING_DO.exec(this.text.slice(start, end).replace(/\s\|\s*$/, ""));
    if (!found) return;
    for (const name of (found[2] ?? "").matchAll(IDENTIFIER)) this.locals.add(name[0]);
    this.blank(start + found.index, end);
  }

  /** The last line of a code line's statement: each line ending in `,` goes on to the next. */
  private commaRun(i: number, from: number): number {
    let j = i;
    while (j + 1 < this.lines.length && /,\s*$/.test(this.text.slice(j === i ? from : this.lines[j].start, this.lines[j].end))) j++;
    return j;
  }

  /** Haml's multiline: a run of lines each ending in ` |` is one line. */
  private barRun(i: number): number {
    if (!this.endsWithBar(i)) return i;
    let j = i;
    while (j + 1 < this.lines.length && this.endsWithBar(j + 1)) j++;
    return j;
  }

  private endsWithBar(i: number): boolean {
    return /\s\|\s*$/.test(this.text.slice(this.lines[i].start, this.lines[i].end));
  }

  /** `%a.b#c{…}(…)[…]<>/` then `=`-code, or text. */
  private element(i: number, p: number): number {
    const { end } = this.lines[i];
    let q = p;
    while (q < end && /[%.#]/.test(this.text[q]) && /[\w:-]/.test(this.text[q + 1] ?? "")) {
      q++;
      while (q < end && /[\w:-]/.test(this.text[q])) q++;
    }
    let line = i;
    for (;;) {
      const open = this.text[q];
      if (open !== "{" && open !== "(" && open !== "[") break;
      const close = matching(this.text, q);
      if (close < 0) return this.lines.length; // an attribute list that never closes: the rest is not read
      if (open === "{") {
        // `[…]`: Ruby reads `[a: 1, "b" => c]` as a hash in an array, and `[attrs]` (Haml's
        // `%a{attrs}`, a method's hash) as well, where `{attrs}` would not parse.
        this.copy(q + 1, close);
        this.out[q] = "[";
        this.out[close] = "]";
        if (close + 1 < this.text.length && this.text[close + 1] !== "\n") this.separate(close + 1);
      } else if (open === "(") this.htmlAttributes(q + 1, close);
      q = close + 1;
      while (line + 1 < this.lines.length && this.lines[line].end < q) line++;
    }
    const lineEnd = this.lines[line].end;
    while (q < lineEnd && /[<>\/]/.test(this.text[q])) q++;
    const rest = this.text.slice(q, lineEnd);
    if (/^(!=|&=)/.test(rest)) return this.code(line, q, 2, false);
    if (rest.startsWith("==")) return this.plain(line, q + 2);
    if (/^[=~]/.test(rest)) return this.code(line, q, 1, false);
    return this.plain(line, q);
  }

  /** `(href=posts_path title="x #{y}")`: unquoted values are Ruby, quoted ones interpolate. */
  private htmlAttributes(from: number, to: number): void {
    const attr = /([\w:-]+)\s*=\s*("(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'|[^\s)]+)/g;
    attr.lastIndex = 0;
    const body = this.text.slice(from, to);
    for (const m of body.matchAll(attr)) {
      const start = from + m.index! + m[0].length - m[2].length;
      const stop = start + m[2].length;
      if (m[2].startsWith('"')) this.interpolations(start, stop);
      else if (!m[2].startsWith("'")) {
        this.copy(start, stop);
        this.separate(stop);
      }
    }
  }

  /** Each `#{…}` between `from` and `to`: its code kept, `#{` blanked, `}` made `;`. */
  private interpolations(from: number, to: number): void {
    let p = from;
    while (p < to) {
      const open = this.text.indexOf("#{", p);
      if (open < 0 || open >= to) return;
      if (open > 0 && this.text[open - 1] === "\\") {
        p = open + 2;
        continue;
      }
      // Plain text is read a line at a time: an interpolation closes on its line, or not at all.
      const close = matching(this.text, open + 1, to);
      if (close < 0) return;
      this.copy(open + 2, close);
      this.out[close] = ";";
      p = close + 1;
    }
  }

  private copy(from: number, to: number): void {
    for (let p = from; p < to; p++) this.out[p] = this.text[p];
  }

  private blank(from: number, to: number): void {
    for (let p = from; p < to; p++) if (this.out[p] !== "\n") this.out[p] = " ";
  }

  /** A `;` after a piece of code, where the template has a character that is not code. */
  private separate(at: number): void {
    if (this.out[at] === " ") this.out[at] = ";";
  }
}

/**
 * The offset of the bracket closing the one at `open`, before `limit` (across lines unless the
 * limit is the line's end), past Ruby strings (and the `#{}` inside double-quoted ones); -1
 * when it does not close.
 */
function matching(text: string, open: number, limit = text.length, nesting = 0): number {
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

function stringEnd(text: string, start: number, limit: number, nesting: number): number {
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
