/**
 * Ruby's String methods that take a regexp, after string.c (`rb_str_scan`/`scan_once`,
 * `str_gsub`, `rb_str_sub_bang`, `rb_str_split_m`) and re.c (`rb_reg_regsub`, the replacement
 * string's escapes; `rb_reg_quote`, `Regexp.escape`): the same matches, the same handling of
 * empty matches (the next search starts one character further), the same fields.
 * One budget is shared by every search a call makes.
 */
import { DEFAULT_STEPS, type RegexpBudget } from "./matcher.js";
import type { RubyMatch, RubyRegexp } from "./regexp.js";

/** A replacement string (with Ruby's escapes) or a block given the match. */
export type Replacement = string | ((match: RubyMatch) => string);

/** Ruby's error of a replacement string (`\k<nope>`: IndexError; `\k<` unclosed: RuntimeError). */
export class RegexpReplacementError extends Error {
  constructor(
    readonly rubyClass: "IndexError" | "RuntimeError",
    message: string,
  ) {
    super(message);
  }
}

const fresh = (): RegexpBudget => ({ remaining: DEFAULT_STEPS });

/** The length (1 or 2 code units) of the character at `i`. */
function charLength(s: string, i: number): number {
  const c = s.charCodeAt(i);
  if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length) {
    const d = s.charCodeAt(i + 1);
    if (d >= 0xdc00 && d <= 0xdfff) return 2;
  }
  return 1;
}

/** Every match `scan` finds, in order (Ruby yields the whole match, or the captures when there are groups). */
export function scan(regexp: RubyRegexp, input: string, budget: RegexpBudget = fresh()): RubyMatch[] {
  const out: RubyMatch[] = [];
  let start = 0;
  for (;;) {
    const m = regexp.exec(input, start, budget);
    if (!m) return out;
    out.push(m);
    const end = m.end(0);
    start = m.begin(0) === end ? end + (end < input.length ? charLength(input, end) : 1) : end;
  }
}

/** `gsub`: every match replaced. */
export function gsub(regexp: RubyRegexp, input: string, replacement: Replacement, budget: RegexpBudget = fresh()): string {
  let m = regexp.exec(input, 0, budget);
  if (!m) return input;
  let out = "";
  let offset = 0;
  while (m) {
    const b = m.begin(0);
    const e = m.end(0);
    const value = typeof replacement === "string" ? expandReplacement(replacement, m) : replacement(m);
    out += input.slice(offset, b) + value;
    offset = e;
    if (b === e) {
      if (input.length <= e) break;
      const n = charLength(input, e);
      out += input.slice(e, e + n);
      offset = e + n;
    }
    if (offset > input.length) break;
    m = regexp.exec(input, offset, budget);
  }
  return input.length > offset ? out + input.slice(offset) : out;
}

/** `sub`: the first match replaced. */
export function sub(regexp: RubyRegexp, input: string, replacement: Replacement, budget: RegexpBudget = fresh()): string {
  const m = regexp.exec(input, 0, budget);
  if (!m) return input;
  const value = typeof replacement === "string" ? expandReplacement(replacement, m) : replacement(m);
  return input.slice(0, m.begin(0)) + value + input.slice(m.end(0));
}

/**
 * `split(regexp, limit)`: fields between matches, the groups' texts between them; with no
 * limit (or 0) trailing empty fields are dropped, a negative one keeps them, a positive one
 * makes at most that many fields.
 */
export function split(regexp: RubyRegexp, input: string, limit?: number, budget: RegexpBudget = fresh()): string[] {
  const lim = limit ?? 0;
  // An empty String has no fields, whatever the pattern and limit (string.c's `!ptr` case never meets one).
  if (input.length === 0) return [];
  if (lim === 1) return [input];
  const limited = lim > 0;
  const out: string[] = [];
  const len = input.length;
  let beg = 0;
  let start = 0;
  let lastNull = false;
  let count = 1;
  for (;;) {
    const m = regexp.exec(input, start, budget);
    if (!m) break;
    const end = m.begin(0);
    if (start === end && m.begin(0) === m.end(0)) {
      if (len === 0) {
        out.push("");
        break;
      } else if (lastNull) {
        out.push(input.slice(beg, beg + charLength(input, beg)));
        beg = start;
      } else {
        start += start === len ? 1 : charLength(input, start);
        lastNull = true;
        continue;
      }
    } else {
      out.push(input.slice(beg, end));
      beg = start = m.end(0);
    }
    lastNull = false;
    for (let i = 1; i < m.size; i++) {
      const g = m.group(i);
      if (g !== undefined) out.push(g);
    }
    if (limited && lim <= ++count) break;
  }
  if (len > 0 && (limited || len > beg || lim < 0)) out.push(input.slice(beg));
  if (lim === 0) while (out.length && out[out.length - 1] === "") out.pop();
  return out;
}

/**
 * A replacement string with Ruby's escapes expanded for a match: `\0`/`\&` the match, `\1`–`\9`
 * a group (nothing in a regexp with named groups), `\k<name>`, `` \` `` before it, `\'` after it, `\+` the last group that matched,
 * `\\` a backslash; any other `\x` stays as written.
 */
export function expandReplacement(template: string, m: RubyMatch): string {
  let out = "";
  let i = 0;
  for (;;) {
    const slash = template.indexOf("\\", i);
    if (slash < 0 || slash + 1 >= template.length) return out + template.slice(i);
    out += template.slice(i, slash);
    const c = template[slash + 1];
    i = slash + 2;
    if (c === "0" || c === "&") out += m.group(0);
    // With named groups, numbered ones are not captures: `\1` gives nothing (onig_noname_group_capture_is_active).
    else if (c >= "1" && c <= "9") out += m.regexp.names.length ? "" : (m.group(Number(c)) ?? "");
    else if (c === "`") out += m.preMatch;
    else if (c === "'") out += m.postMatch;
    else if (c === "\\") out += "\\";
    else if (c === "+") {
      let n = m.size - 1;
      while (n > 0 && m.begin(n) < 0) n--;
      if (n > 0) out += m.group(n);
    } else if (c === "k" && template[i] === "<") {
      const close = template.indexOf(">", i + 1);
      if (close < 0) throw new RegexpReplacementError("RuntimeError", "invalid group name reference format");
      const name = template.slice(i + 1, close);
      const g = m.regexp.groupOf(name, m.positions);
      if (g === undefined) throw new RegexpReplacementError("IndexError", `undefined group name reference: ${name}`);
      out += m.group(g) ?? "";
      i = close + 1;
    } else out += "\\" + c;
  }
}

/** `Regexp.escape`: the text as a regexp that matches it (rb_reg_quote). */
export function regexpEscape(text: string): string {
  return text.replace(/[\t\n\v\f\r .*?+^$|\\()[\]{}#-]/g, (c) => {
    switch (c) {
      case "\t":
        return "\\t";
      case "\n":
        return "\\n";
      case "\v":
        return "\\v";
      case "\f":
        return "\\f";
      case "\r":
        return "\\r";
      case " ":
        return "\\ ";
      default:
        return "\\" + c;
    }
  });
}

/** Ruby's character index (`=~`, `MatchData#begin`) of a JavaScript index into `text`. */
export function codePointIndex(text: string, index: number): number {
  let n = 0;
  for (let i = 0; i < index; i += charLength(text, i)) n++;
  return n;
}
