/**
 * Searches of an app file's whole text that a regexp would make quadratic in it, each done in
 * one pass. `DefinedNames` runs them on every file it reads, whatever the file holds.
 */

/**
 * Each match of `then` that follows a match of `first` on its line, as the groups of
 * `/first[^\n]*?then/g` give them. That regexp scans from every `first` to its line's end: a
 * long line of `first` with no `then` took seconds (240 KB of `render "`: 7 s). Here the next
 * `then` and the next newline are found once, and kept while they lie ahead. Both regexps are
 * global, and `first` never matches inside its own matches (a word), as the regexp would then
 * find more.
 */
export function* followedOnLine(text: string, first: RegExp, then: RegExp): Generator<RegExpExecArray> {
  let next: RegExpExecArray | null | undefined;
  let newline = -1;
  first.lastIndex = 0;
  for (let m = first.exec(text); m; m = first.exec(text)) {
    const from = m.index + m[0].length;
    if (next === undefined || (next && next.index < from)) {
      then.lastIndex = from;
      next = then.exec(text);
    }
    if (!next) return;
    if (newline < from) newline = lineEnd(text, from);
    if (next.index > newline) continue;
    yield next;
    // The regexp's next match starts after this one, and so does the next `then`.
    first.lastIndex = next.index + next[0].length;
    next = undefined;
  }
}

/** The offset of the newline that ends the line of `from` (the text's length on its last line). */
function lineEnd(text: string, from: number): number {
  const at = text.indexOf("\n", from);
  return at < 0 ? text.length : at;
}

/** The forms that set a controller's `url_options` but a key's assignment (`setsUrlOptions`). */
const SETS_URL_OPTIONS = /\bdef\s+(?:self\.)?(?:default_)?url_options\b|\b(?:default_)?url_options\s*=(?!=)|\b(?:default_)?url_options\.(?:merge!|update|store|delete|clear|replace)\b/;
const KEY_OPENED = /\b(?:default_)?url_options\s*\[/g;
const KEY_CLOSED = /[\]\n]/g;
const ASSIGNED = /\s*=(?!=)/y;

/**
 * Whether a controller sets its requests' URL options: defines `default_url_options`/`url_options`,
 * or writes them (`= {…}`, `[:k] =`, `merge!`). Reading them (`config.action_mailer.default_url_options`
 * passed to `redirect_to`, codeocean) sets nothing. A key's `[…]` is read to its `]` on the line once for all the
 * `url_options[` before it: a regexp read from each to the end of its line, quadratic on a long
 * line of `url_options[` with nothing closing.
 */
export function setsUrlOptions(text: string): boolean {
  if (SETS_URL_OPTIONS.test(text)) return true;
  let closed = -1;
  let assigned = false;
  KEY_OPENED.lastIndex = 0;
  for (let m = KEY_OPENED.exec(text); m; m = KEY_OPENED.exec(text)) {
    const from = m.index + m[0].length;
    if (closed < from) {
      KEY_CLOSED.lastIndex = from;
      const end = KEY_CLOSED.exec(text);
      if (!end) return false;
      closed = end.index;
      ASSIGNED.lastIndex = closed + 1;
      assigned = text[closed] === "]" && ASSIGNED.test(text);
    }
    if (assigned) return true;
  }
  return false;
}
