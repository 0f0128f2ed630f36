/**
 * Where the core library runs a Ruby regexp against a String: always Routemap's own engine
 * (`ruby/regexp/`), which reads Onigmo's syntax as Ruby does and runs within a budget of
 * steps shared by the whole evaluation. A pattern it cannot run exactly, or a match that
 * runs out of budget, makes the value unknown; a pattern Ruby would reject raises Ruby's
 * RegexpError.
 */
import { compileRubyRegexp, RegexpBudgetExceeded, RegexpUndecided, type RegexpBudget, type RubyRegexp } from "../ruby/regexp/index.js";
import { inspect } from "../ruby/print.js";
import { RRegexp, RUnknown, UnknownValueError } from "../ruby/values.js";
import { rubyError } from "./runtime.js";

export interface RegexpMatch {
  /** [start, end) of the whole match and of each group, in JavaScript string indices; -1 where a group did not take part. */
  offsets: number[];
  /** Each group's name, "" for a numbered one. */
  names: string[];
}

/** The compiled pattern: Ruby's RegexpError for a pattern Ruby rejects, an unknown value for one the engine cannot run. */
export function compiledOf(re: RRegexp): RubyRegexp {
  const compiled = compileRubyRegexp(re.source, re.flags);
  if (compiled.ok) return compiled.regexp;
  if (compiled.kind === "syntax") throw rubyError("RegexpError", compiled.message);
  throw new UnknownValueError(new RUnknown(inspect(re), false, `a regexp Routemap cannot run exactly (${compiled.reason})`));
}

/** The first match at or after `from` (only at `from` if `anchored`), or null. */
export function search(re: RRegexp, input: string, from: number, budget: RegexpBudget, anchored = false): RegexpMatch | null {
  const regexp = compiledOf(re);
  try {
    const m = anchored ? regexp.matchAt(input, from, budget) : regexp.exec(input, from, budget);
    if (!m) return null;
    const offsets: number[] = [];
    for (let i = 0; i < m.size; i++) offsets.push(m.begin(i), m.end(i));
    return { offsets, names: groupNames(regexp.names, regexp.groupsByName, m.size) };
  } catch (e) {
    throw matchFailure(re, e);
  }
}

/** What a failed match becomes: the value is unknown, with the reason. */
export function matchFailure(re: RRegexp, e: unknown): unknown {
  if (e instanceof RegexpBudgetExceeded) return new UnknownValueError(new RUnknown(inspect(re), false, "a match that ran past the steps Routemap gives a regexp (a pattern that backtracks without end?)"));
  if (e instanceof RegexpUndecided) return new UnknownValueError(new RUnknown(inspect(re), false, "a case-insensitive match on characters Routemap does not fold as Ruby does"));
  return e;
}

/** Each group's name ("" for a numbered one): Ruby numbers only named groups when a pattern has any. */
function groupNames(named: readonly string[], byName: ReadonlyMap<string, readonly number[]>, size: number): string[] {
  const out = new Array<string>(size - 1).fill("");
  for (const name of named) for (const g of byName.get(name) ?? []) if (g - 1 < out.length) out[g - 1] = name;
  return out;
}

/** The names of a pattern's named groups, in order. */
export function namesOf(re: RRegexp): string[] {
  const compiled = compileRubyRegexp(re.source, re.flags);
  return compiled.ok ? [...compiled.regexp.names] : [];
}
