/**
 * Ruby's Symbol (`string.c`'s `sym_*`): its name's String methods that Symbol has (`[]`,
 * `length`, `upcase`…, `=~`, `start_with?`), comparison, `to_proc`; and ActiveSupport's
 * `starts_with?`/`ends_with?` (core_ext/symbol/starts_ends_with.rb).
 */
import { inspect, UNKNOWN_ADDRESS } from "../ruby/print.js";
import { RProc, RSymbol, RValue, sym } from "../ruby/values.js";
import { checked } from "./arity.js";
import { compareBytes } from "./compare.js";
import { arity, rubyError, str, type Methods, type Result, type Runtime } from "./runtime.js";
import { STRING } from "./string.js";
import { caseFold, caseOptions, capitalize, downcase, length, succOf, swapcase, upcase } from "./stringText.js";

/** The String method of the same name, on the symbol's name. */
const onName = (name: string) => (rt: Runtime, self: RSymbol, args: RValue[], block: RProc | null): Result => STRING[name](rt, self.name, args, block);

/** A Symbol from the name changed by `fn`. */
const mapped = (fn: (s: string, args: RValue[]) => string | undefined) => (_rt: Runtime, self: RSymbol, args: RValue[]): Result => {
  const out = fn(self.name, args);
  return out === undefined ? undefined : sym(out);
};

const TABLE: Methods<RSymbol> = {
  to_sym: (_rt, self) => self,
  to_s: (_rt, self) => str(self.name),
  id2name: (_rt, self) => str(self.name),
  name: (_rt, self) => self.name,
  inspect: (rt, self) => str(inspect(self, rt.ruby)),
  to_proc: (rt, self) =>
    new RProc(
      (args) => {
        if (!args.length) throw rubyError("ArgumentError", "no receiver given");
        return rt.send(args[0], self.name, args.slice(1), null);
      },
      true,
      () => `#<Proc:${UNKNOWN_ADDRESS}(&:${self.name}) (lambda)>`,
      -2,
    ),
  length: (_rt, self, args) => (arity(args, 0), length(self.name)),
  size: (_rt, self, args) => (arity(args, 0), length(self.name)),
  "empty?": (_rt, self) => self.name === "",
  "==": (_rt, self, args) => (arity(args, 1), args[0] === self),
  "===": (_rt, self, args) => (arity(args, 1), args[0] === self),
  "<=>": (_rt, self, args) => (arity(args, 1), args[0] instanceof RSymbol ? compareBytes(self.name, args[0].name) : null),
  casecmp: (_rt, self, args) => {
    arity(args, 1);
    const down = (s: string) => s.replace(/[A-Z]+/g, (m) => m.toLowerCase());
    return args[0] instanceof RSymbol ? compareBytes(down(self.name), down(args[0].name)) : null;
  },
  "casecmp?": (_rt, self, args) => (arity(args, 1), args[0] instanceof RSymbol ? caseFold(self.name) === caseFold(args[0].name) : null),
  upcase: mapped((s, args) => upcase(s, caseOptions(args, false))),
  downcase: mapped((s, args) => downcase(s, caseOptions(args, true))),
  capitalize: mapped((s, args) => capitalize(s, caseOptions(args, false))),
  swapcase: mapped((s, args) => swapcase(s, caseOptions(args, false))),
  succ: mapped((s, args) => (arity(args, 0), succOf(s))),
  next: mapped((s, args) => (arity(args, 0), succOf(s))),
  "start_with?": onName("start_with?"),
  "end_with?": onName("end_with?"),
  "starts_with?": onName("start_with?"),
  "ends_with?": onName("end_with?"),
  "[]": onName("[]"),
  slice: onName("slice"),
  "=~": onName("=~"),
  match: onName("match"),
  "match?": onName("match?"),
  "frozen?": () => true,
  freeze: (_rt, self) => self,
  dup: (_rt, self) => self,
  clone: (_rt, self) => self,
  encoding: () => undefined,
  hash: () => undefined,
};

export const SYMBOL: Methods<RSymbol> = checked(TABLE, {
  "0": "to_sym to_s id2name name inspect to_proc length size empty? succ next frozen? freeze dup clone encoding hash",
  "1": "== === <=> casecmp casecmp? =~",
  "1..2": "[] slice match?",
});
