/**
 * Where the core library runs a Ruby regexp against a String: always Routemap's own engine
 * (`ruby/regexp/`), which reads Onigmo's syntax as Ruby does and runs within a budget of
 * steps shared by the whole evaluation. A pattern it cannot run exactly, or a match that
 * runs out of budget, makes the value unknown; a pattern Ruby would reject raises Ruby's
 * RegexpError.
 */
import { compileRubyRegexp, RegexpBudgetExceeded, RegexpUndecided, type RegexpBudget } from "../ruby/regexp/index.js";
import { inspect } from "../ruby/print.js";
import { RRegexp, RUnknown, UnknownValueError } from "../ruby/values.js";
import { rubyError } from "./runtime.js";

export interface RegexpMatch {
  /** [start, end) of the whole match and of each group, in JavaScript string indices; -1 where a group did not take part. */
  offsets: number[];
  /** Each group's name, "" for a numbered one. */
  names: string[];
}

/** The first match at or after `from`, or null. */
export function search(re: RRegexp, input: string, from: number, budget: RegexpBudget): RegexpMatch | null {
  const compiled = compileRubyRegexp(re.source, re.flags);
  if (!compiled.ok) {
    if (compiled.kind === "syntax") throw rubyError("RegexpError", compiled.message);
    throw new UnknownValueError(new RUnknown(inspect(re), false, `a regexp Routemap cannot run exactly (${compiled.reason})`));
  }
  try {
    const m = compiled.regexp.exec(input, from, budget);
    if (!m) return null;
    const offsets: number[] = [];
    for (let i = 0; i < m.size; i++) offsets.push(m.begin(i), m.end(i));
    return { offsets, names: groupNames(compiled.regexp.names, m.size) };
  } catch (e) {
    if (e instanceof RegexpBudgetExceeded) throw new UnknownValueError(new RUnknown(inspect(re), false, "a match that ran past the steps Routemap gives a regexp (a pattern that backtracks without end?)"));
    if (e instanceof RegexpUndecided) throw new UnknownValueError(new RUnknown(inspect(re), false, "a case-insensitive match on characters Routemap does not fold as Ruby does"));
    throw e;
  }
}

/** Each group's name ("" for numbered ones): Ruby numbers only named groups when a pattern has any. */
function groupNames(named: readonly string[], size: number): string[] {
  const out = new Array<string>(size - 1).fill("");
  named.forEach((n, i) => {
    if (i < out.length) out[i] = n;
  });
  return out;
}

/** The names of a pattern's named groups, in order. */
export function namesOf(re: RRegexp): string[] {
  const compiled = compileRubyRegexp(re.source, re.flags);
  return compiled.ok ? [...compiled.regexp.names] : [];
}
