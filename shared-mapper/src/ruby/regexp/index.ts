/**
 * Ruby's regular expressions (Onigmo, as Ruby 3.x runs them) in TypeScript, with a bounded
 * cost: the engine for every regexp that comes from a user's file (routes constraints,
 * `=~`/`gsub`/`scan`/`split` in routes files, inflection rules). V8's RegExp backtracks
 * without a bound and reads some of Ruby's syntax differently; this never hangs and never
 * answers differently from Ruby: it answers as Ruby would, or says it cannot.
 *
 *   const r = compileRubyRegexp("\\A(?<id>\\d+)\\z", "i");
 *   if (r.ok) r.regexp.exec("42", 0, budget)?.named("id"); // "42"
 *
 * API
 * - `compileRubyRegexp(source, flags)` → `{ok: true, regexp}` | `{ok: false, kind: "syntax",
 *   message}` (Ruby's RegexpError message, `…: /source/`) | `{ok: false, kind: "unsupported",
 *   reason}` (a construct this engine does not run: treat the value as unknown). `source` is
 *   `Regexp#source` (escapes as written); `flags` is a string of `i`, `m`, `x` (Ruby's `m` is
 *   JavaScript's `s`) or an options object. Compiled regexps are cached by source and flags.
 * - `RubyRegexp#exec(input, start?, budget?)` → `RubyMatch | null`: the first match at or after
 *   `start`; `matchAt(input, pos, budget?)` only at `pos` (`start_with?`, `\G` loops);
 *   `test(input, start?, budget?)` is `match?`.
 * - `RubyMatch`: `begin(n)`/`end(n)` (-1 for nil), `group(n)`/`named(name)` (undefined for
 *   nil), `preMatch`, `postMatch`, `captures()`, `namedCaptures()`, `toArray()`.
 * - strings.ts: `scan`, `gsub`, `sub`, `split`, `expandReplacement` (Ruby's `\1`, `\k<n>`,
 *   `\0`, `\&`, `` \` ``, `\'`, `\+`, `\\`), `regexpEscape` (`Regexp.escape`), `codePointIndex`.
 * - Errors thrown while matching, never a wrong answer: `RegexpBudgetExceeded` (the step
 *   budget ran out: report a diagnostic, the value is unknown) and `RegexpUndecided` (the input
 *   holds what the engine cannot match as Ruby: a character whose case folding has several
 *   characters, under /i). `RegexpReplacementError` is Ruby's own error of a replacement string.
 *
 * Positions are JavaScript string indices (UTF-16 code units). Ruby's `=~` and
 * `MatchData#begin` count characters: `codePointIndex(input, index)` converts.
 *
 * Budget: a `RegexpBudget` (`{remaining: steps}`) is charged one step per instruction the
 * machine runs and may be shared by many calls; the default is a fresh `DEFAULT_STEPS` (about
 * a tenth of a second). Cost: patterns without back-references are matched with memoisation
 * (matcher.ts), linear in the input times the pattern's choices; `/(a+)+b/` or `/(a|a)*b/`
 * over 10,000 characters take milliseconds. Figures against V8: docs/benchmarks.md.
 *
 * Supported: literals and escapes (`\t \n \xHH \uHHHH \u{…} \cX \0oo`), `.`, classes with
 * ranges, negation, `&&`, POSIX brackets, `\d \w \s \h` and negations, `\p{…}` (general
 * categories, scripts, binary properties, Onigmo's POSIX names), anchors `^ $ \A \z \Z \b \B
 * \G`, groups (capturing, named, `(?:)`, atomic, lookahead, lookbehind), options `(?imx-imx)`
 * and `(?imx-imx:…)` (and `a`, `u`, `d`), quantifiers greedy, lazy and possessive with Ruby's
 * readings of `{n}?`, `{,m}` and `{n,m}+`, back-references by number, name and relative
 * number, conditions `(?(1)…|…)`, `\K`, `\R`, comments and extended mode. Unsupported (an
 * `unsupported` result): `\g<…>` calls, `(?~…)`, `\X`, byte escapes above 0x7F, `\p{In_…}`
 * blocks and `Age=`, /i on characters whose folding has several characters.
 */
export { compileRubyRegexp, RubyRegexp, RubyMatch, IndexError, type CompileResult, type RubyRegexpOptions } from "./regexp.js";
export { RegexpBudgetExceeded, RegexpUndecided, DEFAULT_STEPS, type RegexpBudget } from "./matcher.js";
export { scan, gsub, sub, split, expandReplacement, regexpEscape, codePointIndex, RegexpReplacementError, type Replacement } from "./strings.js";
