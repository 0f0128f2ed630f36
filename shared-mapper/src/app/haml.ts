/**
 * Haml templates as Ruby with every offset kept (see templateReader.ts). Follows Haml's syntax
 * reference (haml/haml, REFERENCE.md: plain text, elements with `{}`/`()`/`[]` attributes,
 * `-`/`=`/`!=`/`&=`/`~` code, comments, filters, multiline `,` and `|`).
 */
import { matching, TemplateReader, type TemplateRuby } from "./templateReader.js";

export function hamlToRuby(text: string): TemplateRuby {
  return new HamlReader(text).read();
}

class HamlReader extends TemplateReader {
  /** Reads line `i` (and the lines it takes with it); returns the next line to read. */
  protected line(i: number): number {
    const p = this.indent(i);
    const end = this.ends[i];
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
      const start = this.starts[j];
    const end = this.ends[j];
      if (/^:ruby\s*$/.test(rest)) this.copy(start, end);
      else this.interpolations(start, end);
    }
    return next;
  }

  /** Plain text from `from` to the line's end (and a multiline run's): only its `#{}` are Ruby. */
  private plain(i: number, from: number): number {
    const last = this.barRun(i);
    for (let j = i; j <= last; j++) this.interpolations(j === i ? from : this.starts[j], this.ends[j]);
    return last + 1;
  }

  /**
   * A run of ` |` lines is one line, and a line (or run) ending in `,` goes on to the next:
   * `= f({ |`, `a => 1, |`, `}), class: "x"` is one statement.
   */
  protected continuation(i: number, from: number): { last: number; markers: number[] } {
    let j = i;
    while (j + 1 < this.lineCount) {
      const code = this.text.slice(j === i ? from : this.starts[j], this.ends[j]);
      const bar = this.endsWithBar(j);
      if (bar && this.endsWithBar(j + 1)) j++;
      else if (/,\s*$/.test(bar ? code.replace(/\s\|\s*$/, "") : code)) j++;
      else break;
    }
    const markers: number[] = [];
    for (let k = i; k <= j; k++) if (this.endsWithBar(k)) markers.push(this.text.lastIndexOf("|", this.ends[k]));
    return { last: j, markers };
  }

  /** Haml's multiline: a run of lines each ending in ` |` is one line. */
  private barRun(i: number): number {
    if (!this.endsWithBar(i)) return i;
    let j = i;
    while (j + 1 < this.lineCount && this.endsWithBar(j + 1)) j++;
    return j;
  }

  private endsWithBar(i: number): boolean {
    return /\s\|\s*$/.test(this.text.slice(this.starts[i], this.ends[i]));
  }

  /** `%a.b#c{…}(…)[…]<>/` then `=`-code, or text. */
  private element(i: number, p: number): number {
    const end = this.ends[i];
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
      if (close < 0) return this.lineCount; // an attribute list that never closes: the rest is not read
      if (open === "{") {
        // `[…]`: Ruby reads `[a: 1, "b" => c]` as a hash in an array, and `[attrs]` (Haml's
        // `%a{attrs}`, a method's hash) as well, where `{attrs}` would not parse.
        this.copy(q + 1, close);
        this.put(q, "[");
        this.put(close, "]");
        if (close + 1 < this.text.length && this.text[close + 1] !== "\n") this.separate(close + 1);
      } else if (open === "(") this.htmlAttributes(q + 1, close);
      q = close + 1;
      while (line + 1 < this.lineCount && this.ends[line] < q) line++;
    }
    const lineEnd = this.ends[line];
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
}
