/**
 * A Ruby regexp as a JavaScript RegExp, where the two read the same for ASCII text: Onigmo's
 * syntax (doc/RE in Ruby's sources) and ECMAScript's agree on character classes, groups,
 * alternation, greedy and lazy quantifiers, `^`/`$` on one line, and the common escapes.
 * Anything whose meaning could differ gives undefined: extended mode, inline options, POSIX
 * brackets, class intersections, possessive quantifiers, `{,n}`, `\h`, `\p{…}`, `\A` and `\z`
 * other than at the very start and end (there they read as JavaScript's `^` and `$` without the
 * `m` flag), `\G`, back-references, and group syntax other than `(?:`.
 *
 * The object is a RegExp for its readers (`source`, `flags`, `replace`, `test`), but its
 * matching runs on the Ruby regexp engine (ruby/regexp), not V8's backtracker: a user's rule
 * such as `/(a|a)*c$/` costs linear time, and each match has a step budget (running out throws
 * `RegexpBudgetExceeded`, which the caller reports, never a wrong answer).
 */
import { compileRubyRegexp, DEFAULT_STEPS, type RubyRegexp } from "./regexp/index.js";

/** Escapes that mean the same in both (without JavaScript's `u` flag). */
const SAME_ESCAPES = new Set("dDwWsSbB.-/\\_+*?()[]{}|^$ntr".split(""));

/** `source` as Ruby keeps it (escapes untouched), `options` from `mix`. */
export function jsRegExp(source: string, options: string): RegExp | undefined {
  if (options.includes("x") || /\(\?(?!:)|\[\[:|&&|[+*?}]\+|\{,/.test(source)) return undefined;
  const js = withStringAnchors(source);
  for (let i = js.indexOf("\\"); i >= 0; i = js.indexOf("\\", i + 2)) if (!SAME_ESCAPES.has(js[i + 1])) return undefined;
  const ruby = compileRubyRegexp(source, options);
  if (!ruby.ok) return undefined;
  try {
    return new RubyBackedRegExp(js, (options.includes("i") ? "i" : "") + (options.includes("m") ? "s" : ""), ruby.regexp);
  } catch {
    return undefined;
  }
}

/** `\A…\z` (ActiveSupport rules anchored to the whole word) as JavaScript's `^…$`; other escapes kept. */
function withStringAnchors(source: string): string {
  let out = source.startsWith("\\A") ? "^" + source.slice(2) : source;
  if (out.endsWith("\\z")) {
    // `\\z` is an escaped backslash and a `z`: count the backslashes before the `z`.
    let n = 0;
    for (let i = out.length - 2; i >= 0 && out[i] === "\\"; i--) n++;
    if (n % 2 === 1) out = out.slice(0, -2) + "$";
  }
  return out;
}

/** A RegExp whose `exec` (which `test`, `replace`, `match` and `split` call) runs the Ruby engine. */
class RubyBackedRegExp extends RegExp {
  constructor(
    source: string,
    flags: string,
    private readonly ruby: RubyRegexp,
  ) {
    super(source, flags);
  }

  override exec(input: string): RegExpExecArray | null {
    const from = this.global || this.sticky ? this.lastIndex : 0;
    const m = from > input.length ? null : this.sticky ? this.ruby.matchAt(input, from, { remaining: DEFAULT_STEPS }) : this.ruby.exec(input, from, { remaining: DEFAULT_STEPS });
    if (!m) {
      if (this.global || this.sticky) this.lastIndex = 0;
      return null;
    }
    if (this.global || this.sticky) this.lastIndex = m.end(0);
    const out = Object.assign(m.toArray(), { index: m.begin(0), input, groups: undefined as Record<string, string> | undefined }) as unknown as RegExpExecArray;
    if (this.ruby.names.length) out.groups = Object.fromEntries(this.ruby.names.map((n) => [n, m.named(n)])) as Record<string, string>;
    return out;
  }
}
