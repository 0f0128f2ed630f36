/**
 * String's methods that take positions (`string.c`: `rb_str_aref`, `rb_str_aset`,
 * `rb_str_slice_bang`, `rb_str_index_m`, `rb_str_rindex_m`, `rb_str_insert`,
 * `rb_str_byteslice`): character positions, negative ones from the end, ranges as
 * `rb_range_beg_len` reads them, and Ruby's IndexErrors and RangeErrors.
 */
import { inspect } from "../ruby/print.js";
import { RMatch, RRange, RRegexp, RSymbol, RUnknown, RValue, UnknownValueError, stringValue } from "../ruby/values.js";
import { groupAt, matchData, namedGroup, regexpIndex, regexpRindex } from "./regexpString.js";
import { arity, rubyError, str, toInt, toStr, type Runtime } from "./runtime.js";
import { charIndex, jsIndex, length } from "./stringText.js";

/** A Range over `size` elements as Ruby's `rb_range_beg_len` reads it: [start, length], or undefined for nil (or Ruby's RangeError where `strict`). */
export function rangeBounds(r: RRange, size: number, strict = false): [number, number] | undefined {
  const start0 = r.first === null ? 0 : toInt(r.first);
  let start = start0;
  let end = r.last === null ? size : toInt(r.last);
  const out = () => {
    if (strict) throw rubyError("RangeError", `${inspect(r)} out of range`);
    return undefined;
  };
  if (start < 0) {
    start += size;
    if (start < 0) return out();
  }
  if (end < 0) end += size;
  if (r.last !== null && !r.exclusive) end++;
  if (start > size) return out();
  if (end > size) end = size;
  return [start, Math.max(0, end - start)];
}

/** Where a slice is: [start, length] in characters, a match's group, or nil. */
type Place = { start: number; len: number } | { match: RMatch; group: number } | null;

/** What `str[args]` designates, for `[]`, `slice!` and `[]=`. */
function place(rt: Runtime, s: string, args: RValue[], assigning: boolean): Place | { text: string } {
  const [a, b] = args;
  if (a instanceof RUnknown) throw new UnknownValueError(a);
  if (a instanceof RRegexp) {
    const m = matchData(rt, a, s);
    if (!m) {
      if (assigning) throw rubyError("IndexError", "regexp not matched");
      return null;
    }
    let group = 0;
    if (args.length === 2) {
      const name = b instanceof RSymbol ? b.name : stringValue(b);
      if (name !== undefined) group = namedGroup(m, name);
      else {
        group = toInt(b);
        const count = m.offsets.length / 2;
        // A negative group counts back from the last, never reaching the whole match.
        const negative = group < 0;
        if (negative) group += count;
        if (group < 0 || group >= count || (negative && group === 0)) {
          if (assigning) throw rubyError("IndexError", `index ${toInt(b)} out of regexp`);
          return null;
        }
      }
    }
    if (m.offsets[2 * group] < 0) {
      if (assigning) throw rubyError("IndexError", `regexp group ${group} not matched`);
      return null;
    }
    return { match: m, group };
  }
  const size = length(s);
  if (args.length === 1) {
    const sub = stringValue(a);
    if (sub !== undefined) {
      if (!s.includes(sub)) {
        if (assigning) throw rubyError("IndexError", "string not matched");
        return null;
      }
      return { text: sub };
    }
    if (a instanceof RRange) {
      const r = rangeBounds(a, size, assigning);
      return r ? { start: r[0], len: r[1] } : null;
    }
    const i = toInt(a);
    const at = i < 0 ? i + size : i;
    if (at < 0 || at > size || (at === size && !assigning)) {
      if (assigning) throw rubyError("IndexError", `index ${i} out of string`);
      return null;
    }
    return { start: at, len: 1 };
  }
  const i = toInt(a);
  const len = toInt(b);
  if (len < 0) {
    if (assigning) throw rubyError("IndexError", `negative length ${len}`);
    return null;
  }
  const at = i < 0 ? i + size : i;
  if (at < 0 || at > size) {
    if (assigning) throw rubyError("IndexError", `index ${i} out of string`);
    return null;
  }
  return { start: at, len };
}

/** The [from, to) JavaScript indices of a place in `s`. */
function span(s: string, p: Exclude<Place, null> | { text: string }): [number, number] {
  if ("text" in p) {
    const at = s.indexOf(p.text);
    return [at, at + p.text.length];
  }
  if ("match" in p) return [p.match.offsets[2 * p.group], p.match.offsets[2 * p.group + 1]];
  const from = jsIndex(s, p.start);
  return [from, jsIndex(s, Math.min(p.start + p.len, length(s)))];
}

/** `str[index]`, `str[start, len]`, `str[range]`, `str[regexp, capture]`, `str[substring]`. */
export function slice(rt: Runtime, s: string, args: RValue[]): RValue {
  arity(args, 1, 2);
  if (args.length === 2 && !(args[0] instanceof RRegexp) && stringValue(args[0]) !== undefined) toInt(args[0]);
  const p = place(rt, s, args, false);
  if (p === null) return null;
  if ("match" in p) return groupAt(p.match, p.group);
  const [from, to] = span(s, p);
  return str(s.slice(from, to));
}

/** `slice!`: the piece `[]` gives, taken out of the text. */
export function sliceBang(rt: Runtime, s: string, args: RValue[]): { piece: RValue; rest: string } {
  arity(args, 1, 2);
  const p = place(rt, s, args, false);
  if (p === null) return { piece: null, rest: s };
  const [from, to] = span(s, p);
  return { piece: str(s.slice(from, to)), rest: s.slice(0, from) + s.slice(to) };
}

/** `str[…] = value`: the new text. */
export function assign(rt: Runtime, s: string, args: RValue[]): string {
  if (args.length < 2 || args.length > 3) throw rubyError("ArgumentError", `wrong number of arguments (given ${args.length}, expected 2..3)`);
  const where = args.slice(0, -1);
  const value = toStr(args[args.length - 1]);
  const p = place(rt, s, where, true) as Exclude<Place, null> | { text: string };
  const [from, to] = span(s, p);
  return s.slice(0, from) + value + s.slice(to);
}

/** `insert(index, other)`: -1 appends, other negatives count from the end. */
export function insert(s: string, args: RValue[]): string {
  arity(args, 2);
  const i = toInt(args[0]);
  const other = toStr(args[1]);
  const size = length(s);
  const at = i < 0 ? i + size + 1 : i;
  if (at < 0 || at > size) throw rubyError("IndexError", `index ${i < 0 ? i + 1 : i} out of string`);
  const js = jsIndex(s, at);
  return s.slice(0, js) + other + s.slice(js);
}

/** `index(pattern, pos)` and `rindex(pattern, pos)`: a character index, or nil. */
export function index(rt: Runtime, s: string, args: RValue[], last: boolean): RValue {
  arity(args, 1, 2);
  const size = length(s);
  const pattern = args[0];
  let from = args.length > 1 ? toInt(args[1]) : last ? size : 0;
  if (from < 0) from += size;
  if (from < 0) {
    if (pattern instanceof RRegexp) rt.setLastMatch?.(null);
    return null;
  }
  if (from > size) {
    if (!last) {
      if (pattern instanceof RRegexp) rt.setLastMatch?.(null);
      return null;
    }
    from = size;
  }
  if (pattern instanceof RRegexp) {
    if (!last) return regexpIndex(rt, pattern, s, from);
    const m = regexpRindex(rt, pattern, s, from);
    return m ? charIndex(s, m.offsets[0]) : null;
  }
  const sub = toStr(pattern);
  const offset = jsIndex(s, from);
  const at = last ? s.lastIndexOf(sub, offset) : s.indexOf(sub, offset);
  return at < 0 ? null : charIndex(s, at);
}

const encoder = new TextEncoder();
const strictDecoder = new TextDecoder("utf-8", { fatal: true });

/** `byteslice`: undefined where the bytes cut a character (Ruby gives a broken String). */
export function byteslice(s: string, args: RValue[]): RValue | undefined {
  arity(args, 1, 2);
  const bytes = encoder.encode(s);
  let start: number;
  let len: number;
  if (args.length === 1 && args[0] instanceof RRange) {
    const r = rangeBounds(args[0], bytes.length);
    if (!r) return null;
    [start, len] = r;
  } else {
    start = toInt(args[0]);
    len = args.length > 1 ? toInt(args[1]) : 1;
    if (len < 0) return null;
    if (start < 0) start += bytes.length;
    if (start < 0 || start > bytes.length || (args.length === 1 && start === bytes.length)) return null;
  }
  try {
    return str(strictDecoder.decode(bytes.slice(start, start + len)));
  } catch {
    return undefined;
  }
}

export const byteAt = (s: string, i: number): RValue => {
  const bytes = encoder.encode(s);
  const at = i < 0 ? i + bytes.length : i;
  return at < 0 || at >= bytes.length ? null : bytes[at];
};

