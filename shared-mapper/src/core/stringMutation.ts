/**
 * String's methods that change the receiver (`string.c`: `str_modify_keep_cr` first, so a
 * frozen String raises Ruby's FrozenError even where nothing would change): the bang forms,
 * which answer nil when nothing changed, `<<`/`concat`/`prepend`/`insert`/`replace`/`clear`,
 * `[]=` and `slice!`. And `lines`, shared with `each_line`.
 */
import { inspect } from "../ruby/print.js";
import { RHash, RString, RUnknown, RValue, UnknownValueError, numberValue, truthy } from "../ruby/values.js";
import { substitute } from "./regexpString.js";
import { arity, checkFrozen, rubyError, toStr, type Result, type Runtime, type Methods } from "./runtime.js";
import { assign, insert, sliceBang } from "./stringSlice.js";
import { normalize } from "./stringText.js";
import {
  capitalize, caseOptions, chars, chomp, chop, deleteChars, downcase, lstrip, rstrip, squeeze, strip, succOf, swapcase, text, tr, upcase,
} from "./stringText.js";

/** Replaces the text of a String being changed: Ruby's FrozenError if it may not be. */
export function mutate(rt: Runtime, self: RValue, value: string): RValue {
  checkFrozen(rt, self);
  if (!(self instanceof RString)) throw new UnknownValueError(new RUnknown(inspect(self), false, "a String Routemap cannot change in place"));
  rt.alloc(value.length);
  self.value = value;
  return self;
}

/** A bang method: the receiver becomes what the plain method gives; nil when nothing changed. */
const bang =
  (fn: (s: string, args: RValue[]) => string | undefined) =>
  (rt: Runtime, self: RValue, args: RValue[]): Result => {
    checkFrozen(rt, self);
    const before = text(self);
    const after = fn(before, args);
    if (after === undefined) return undefined;
    return after === before ? null : mutate(rt, self, after);
  };

/** A method that takes no arguments. */
const none = (fn: (s: string) => string | undefined) => (s: string, args: RValue[]) => (arity(args, 0), fn(s));

/** What `<<` and `concat` append: a String, or an Integer as its character. */
function appended(v: RValue): string {
  if (typeof v === "number") {
    if (v < 0 || v > 0x10ffff || (v >= 0xd800 && v <= 0xdfff)) throw rubyError("RangeError", `${v} out of char range`);
    return String.fromCodePoint(v);
  }
  if (v instanceof RUnknown) throw new UnknownValueError(v);
  if (typeof v === "bigint") throw rubyError("RangeError", "bignum out of char range");
  if (numberValue(v) !== undefined) throw rubyError("TypeError", `no implicit conversion of Float into String`);
  return toStr(v);
}

/** `sub!`/`gsub!`: nil when nothing matched (even if the replacement is the same text). */
function substituteBang(rt: Runtime, self: RValue, args: RValue[], block: Parameters<Runtime["yield"]>[0] | null, global: boolean): Result {
  checkFrozen(rt, self);
  const { text: after, matched } = substitute(rt, text(self), args, block, global);
  return matched ? mutate(rt, self, after) : null;
}

export const STRING_MUTATION: Methods<RValue> = {
  "<<": (rt, self, args) => (arity(args, 1), mutate(rt, self, text(self) + appended(args[0]))),
  concat: (rt, self, args) => {
    checkFrozen(rt, self);
    return mutate(rt, self, text(self) + args.map(appended).join(""));
  },
  prepend: (rt, self, args) => {
    checkFrozen(rt, self);
    return mutate(rt, self, args.map((a) => toStr(a)).join("") + text(self));
  },
  insert: (rt, self, args) => {
    checkFrozen(rt, self);
    return mutate(rt, self, insert(text(self), args));
  },
  replace: (rt, self, args) => {
    arity(args, 1);
    checkFrozen(rt, self);
    return mutate(rt, self, toStr(args[0]));
  },
  clear: (rt, self, args) => (arity(args, 0), mutate(rt, self, "")),
  "[]=": (rt, self, args) => {
    checkFrozen(rt, self);
    mutate(rt, self, assign(rt, text(self), args));
    return args[args.length - 1];
  },
  "slice!": (rt, self, args) => {
    checkFrozen(rt, self);
    const { piece, rest } = sliceBang(rt, text(self), args);
    if (piece !== null) mutate(rt, self, rest);
    return piece;
  },
  "upcase!": bang((s, args) => upcase(s, caseOptions(args, false))),
  "downcase!": bang((s, args) => downcase(s, caseOptions(args, true))),
  "capitalize!": bang((s, args) => capitalize(s, caseOptions(args, false))),
  "swapcase!": bang((s, args) => swapcase(s, caseOptions(args, false))),
  "strip!": bang(none(strip)),
  "lstrip!": bang(none(lstrip)),
  "rstrip!": bang(none(rstrip)),
  "chomp!": bang(chomp),
  "chop!": bang(none(chop)),
  "squeeze!": bang(squeeze),
  "delete!": bang(deleteChars),
  "tr!": bang((s, args) => tr(s, args)),
  "tr_s!": bang((s, args) => tr(s, args, true)),
  "delete_prefix!": bang((s, args) => {
    arity(args, 1);
    const p = toStr(args[0]);
    return s.startsWith(p) ? s.slice(p.length) : s;
  }),
  "delete_suffix!": bang((s, args) => {
    arity(args, 1);
    const p = toStr(args[0]);
    return p && s.endsWith(p) ? s.slice(0, s.length - p.length) : s;
  }),
  "reverse!": (rt, self, args) => (arity(args, 0), mutate(rt, self, chars(text(self)).reverse().join(""))),
  "succ!": (rt, self, args) => {
    arity(args, 0);
    checkFrozen(rt, self);
    return mutate(rt, self, succOf(text(self)));
  },
  "next!": (rt, self, args) => STRING_MUTATION["succ!"](rt, self, args, null),
  "unicode_normalize!": (rt, self, args) => {
    checkFrozen(rt, self);
    return mutate(rt, self, normalize(text(self), args));
  },
  "sub!": (rt, self, args, block) => substituteBang(rt, self, args, block, false),
  "gsub!": (rt, self, args, block) => substituteBang(rt, self, args, block, true),
};

/**
 * `lines(separator = "\n", chomp: false)`: each line with its separator (without, with
 * `chomp`); nil as the separator gives the whole text, "" paragraphs. Undefined for
 * paragraphs with `chomp`, which Ruby reads its own way.
 */
export function lines(s: string, given: RValue[]): string[] | undefined {
  const args = [...given];
  const options = args[args.length - 1] instanceof RHash ? (args.pop() as RHash) : undefined;
  arity(args, 0, 1);
  const chompLines = options ? truthy(options.sget("chomp") ?? null) : false;
  if (s === "") return [];
  if (args.length && args[0] === null) return [s];
  const sep = args.length ? toStr(args[0]) : "\n";
  if (sep === "") return chompLines ? undefined : paragraphs(s);
  const out: string[] = [];
  let from = 0;
  while (from < s.length) {
    const at = s.indexOf(sep, from);
    const end = at < 0 ? s.length : at + sep.length;
    let line = s.slice(from, end);
    if (chompLines && at >= 0) line = sep === "\n" ? line.replace(/\r?\n$/, "") : line.slice(0, line.length - sep.length);
    out.push(line);
    from = end;
  }
  return out;
}

/** Paragraph mode: a line ends after two newlines; the newlines after them are skipped. */
function paragraphs(s: string): string[] {
  const out: string[] = [];
  let from = s.match(/^\n*/)![0].length;
  while (from < s.length) {
    const at = s.indexOf("\n\n", from);
    if (at < 0) {
      out.push(s.slice(from));
      break;
    }
    out.push(s.slice(from, at + 2));
    from = at + 2;
    while (s[from] === "\n") from++;
  }
  return out;
}
