/**
 * Slim templates as Ruby with every offset kept (see templateReader.ts). Follows Slim's
 * syntax reference (slim-template/slim, README.md: line indicators `|` `'` `<` `-` `=` `==`
 * `/` `/!`, tags with `#id`/`.class` shortcuts and attributes whose values are Ruby, wrapped
 * in `()`/`[]`/`{}` or not, `*` splats, inline tags `li: a`, embedded engines, code carried on
 * by a trailing `\` or `,`).
 */
import { matching, stringEnd, TemplateReader, type TemplateRuby } from "./templateReader.js";

export function slimToRuby(text: string): TemplateRuby {
  return new SlimReader(text).read();
}

const TAG = /^(?:[A-Za-z][\w-]*(?::[\w-]+)*)?(?:[#.][\w-]+)*/;
const OUTPUT = /^(?:==|=)[<>']*/;
/** An embedded engine's line (`javascript:`, `scss class="x":`): its nested lines are its text. */
const ENGINE = /^(ruby|javascript|css|sass|scss|less|coffee|markdown|textile|rdoc|creole|wiki|mediawiki|org|erb|builder)\b[^:]*:\s*$/;
const ATTRIBUTE = /^([^\s"'=/<>()[\]{}]+)==?/;

class SlimReader extends TemplateReader {
  protected line(i: number): number {
    const p = this.indent(i);
    const end = this.ends[i];
    const rest = this.text.slice(p, end);
    if (rest === "" || /^doctype\b/.test(rest)) return i + 1;
    if (rest.startsWith("/")) return this.afterNested(i); // a comment, `/!` an HTML one: text
    if (rest.startsWith("|") || rest.startsWith("'")) return this.textBlock(i, p + 1);
    if (rest.startsWith("<")) {
      this.interpolations(p, end);
      return i + 1;
    }
    if (rest.startsWith("-")) return this.code(i, p, 1, true);
    const output = OUTPUT.exec(rest);
    if (output) return this.code(i, p, output[0].length, false);
    const engine = ENGINE.exec(rest);
    if (engine) return this.engine(i, engine[1]);
    if (TAG.exec(rest)![0]) return this.tag(i, p);
    return i + 1; // not a line Slim reads as anything but a tag: nothing of it is Ruby
  }

  protected continuation(i: number, from: number): { last: number; markers: number[] } {
    const markers: number[] = [];
    let j = i;
    for (;;) {
      const start = this.starts[j];
    const end = this.ends[j];
      const code = this.text.slice(j === i ? from : start, end).trimEnd();
      if (j + 1 >= this.lineCount) break;
      if (code.endsWith("\\")) markers.push(this.text.lastIndexOf("\\", end));
      else if (!code.endsWith(",")) break;
      j++;
    }
    return { last: j, markers };
  }

  /** `| text` and `' text`: the line and the lines nested under it are text. */
  private textBlock(i: number, from: number): number {
    const next = this.afterNested(i);
    this.interpolations(from, this.ends[i]);
    for (let j = i + 1; j < next; j++) this.interpolations(this.starts[j], this.ends[j]);
    return next;
  }

  /** `javascript:` and the like: their text interpolates `#{}`; `ruby:`'s is Ruby itself (`erb:`'s is not read). */
  private engine(i: number, name: string): number {
    const next = this.afterNested(i);
    for (let j = i + 1; j < next; j++) {
      const start = this.starts[j];
    const end = this.ends[j];
      if (name === "ruby") this.copy(start, end);
      else if (name !== "erb") this.interpolations(start, end);
    }
    return next;
  }

  /**
   * `a#id.class attributes` then `=`-code, `:` and an inline tag, `/`, or text. Inline tags
   * (`li: a: b`) are read one after the other, not by recursion: a line may hold thousands.
   */
  private tag(i: number, p: number): number {
    let next: { line: number; at: number } | undefined = { line: i, at: p };
    let read = i + 1;
    while (next) ({ read, next } = this.oneTag(next.line, next.at));
    return read;
  }

  /** One tag of `tag`: the line to read next, or the inline tag that follows it. */
  private oneTag(i: number, p: number): { read: number; next?: { line: number; at: number } } {
    let q = p + TAG.exec(this.text.slice(p, this.ends[i]))![0].length;
    while (/[<>]/.test(this.text[q] ?? "")) q++;
    let line = i;
    const open = this.text[q];
    if (open === "(" || open === "[" || open === "{") {
      const close = matching(this.text, q);
      if (close < 0) return { read: this.lineCount }; // attributes that never close: the rest is not read
      if (!this.attributes(q + 1, close)) return { read: this.lineCount };
      q = close + 1;
      while (line + 1 < this.lineCount && this.ends[line] < q) line++;
    } else {
      const stop = this.attributes(q, this.ends[i], true);
      if (stop === undefined) return { read: this.lineCount };
      q = stop;
    }
    const lineEnd = this.ends[line];
    while (q < lineEnd && this.text[q] === " ") q++;
    const rest = this.text.slice(q, lineEnd);
    if (/^:\s/.test(rest)) {
      q++;
      while (q < lineEnd && this.text[q] === " ") q++;
      return TAG.exec(this.text.slice(q, lineEnd))![0] ? { read: line + 1, next: { line, at: q } } : { read: line + 1 };
    }
    const output = OUTPUT.exec(rest);
    if (output) return { read: this.code(line, q, output[0].length, false) };
    if (!rest.startsWith("/")) this.interpolations(q, lineEnd);
    return { read: line + 1 };
  }

  /**
   * Attributes from `from` to `to`: each value is Ruby (a quoted one a Ruby string), as is a
   * `*splat`. Unwrapped, they end at the first word that is not one (the tag's text); returns
   * where they ended, or undefined where a value does not end.
   */
  private attributes(from: number, to: number, unwrapped = false): number | undefined {
    let q = from;
    for (;;) {
      const start = q;
      while (q < to && /\s/.test(this.text[q])) q++;
      if (q >= to) return to;
      let value: number;
      if (this.text[q] === "*") value = q + 1;
      else {
        const attribute = ATTRIBUTE.exec(this.text.slice(q, to));
        if (!attribute) {
          if (unwrapped) return start;
          // A boolean attribute (`input(checked)`): a name alone.
          while (q < to && !/\s/.test(this.text[q])) q++;
          continue;
        }
        value = q + attribute[0].length;
      }
      const stop = this.expression(value, to);
      if (stop < 0) return undefined;
      if (this.text[value] === "{") {
        // As in Haml: `[…]` reads a hash's pairs, or a method's hash, where `{…}` may not parse.
        this.copy(value + 1, stop - 1);
        this.put(value, "[");
        this.put(stop - 1, "]");
      } else this.copy(value, stop);
      this.separate(stop);
      q = stop;
    }
  }

  /** The end of a Ruby value written without spaces outside its brackets and strings; -1 if it does not end before `to`. */
  private expression(from: number, to: number): number {
    let p = from;
    while (p < to && !/\s/.test(this.text[p])) {
      const c = this.text[p];
      if (c === '"' || c === "'") p = stringEnd(this.text, p, to, 0);
      else if (c === "(" || c === "[" || c === "{") p = matching(this.text, p, to);
      else if (c === ")" || c === "]" || c === "}") return -1;
      if (p < 0) return -1;
      p++;
    }
    return p === from ? -1 : p;
  }
}
