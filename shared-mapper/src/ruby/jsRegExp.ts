/**
 * A Ruby regexp as a JavaScript RegExp, where the two read the same for ASCII text: Onigmo's
 * syntax (doc/RE in Ruby's sources) and ECMAScript's agree on character classes, groups,
 * alternation, greedy and lazy quantifiers, `^`/`$` on one line, and the common escapes.
 * Anything whose meaning could differ gives undefined: extended mode, inline options, POSIX
 * brackets, class intersections, possessive quantifiers, `{,n}`, `\h`, `\p{…}`, `\A`, `\z`,
 * `\G`, back-references, and group syntax other than `(?:`.
 */

/** Escapes that mean the same in both (without JavaScript's `u` flag). */
const SAME_ESCAPES = new Set("dDwWsSbB.-/\\_+*?()[]{}|^$ntr".split(""));

/** `source` as Ruby keeps it (escapes untouched), `options` from `mix`; `wrap` adds anchors around the checked source. */
export function jsRegExp(source: string, options: string, wrap: (source: string) => string = (s) => s): RegExp | undefined {
  if (options.includes("x") || /\(\?(?!:)|\[\[:|&&|[+*?}]\+|\{,/.test(source)) return undefined;
  for (let i = source.indexOf("\\"); i >= 0; i = source.indexOf("\\", i + 2)) if (!SAME_ESCAPES.has(source[i + 1])) return undefined;
  try {
    return new RegExp(wrap(source), (options.includes("i") ? "i" : "") + (options.includes("m") ? "s" : ""));
  } catch {
    return undefined;
  }
}
