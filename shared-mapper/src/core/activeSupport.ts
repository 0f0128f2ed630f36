/**
 * ActiveSupport's String inflections and core extensions that a booted Rails app has
 * (`activesupport/lib/active_support/inflector/methods.rb`, `transliterate.rb`,
 * `core_ext/string/*.rb`, `core_ext/object/*.rb`, 6.1), with the app's own inflection rules
 * active (`inflector.ts`). Transliteration of non-ASCII letters depends on I18n's tables and
 * locale: `parameterize` of such text is unknown, never guessed.
 */
import { camelize, classify, dasherize, pluralize, singularize, underscore } from "../inflector.js";
import { inspect } from "../ruby/print.js";
import { RHash, RInquirer, RRegexp, RUnknown, RValue, UnknownValueError, blank, stringValue } from "../ruby/values.js";
import { substitute } from "./regexp.js";
import { arity, rubyError, str, toInt, toStr, type Methods } from "./runtime.js";

const text = (v: RValue) => stringValue(v)!;
const option = (v: RValue | undefined, key: string): RValue | undefined => (v instanceof RHash ? v.sget(key) : undefined);

export function humanize(word: string, capitalize = true, keepIdSuffix = false): string {
  let out = word.replace(/^_+/, "");
  if (!keepIdSuffix && out.endsWith("_id")) out = out.slice(0, -3);
  out = out.replace(/_/g, " ").replace(/[a-z\d]+/gi, (m) => m.toLowerCase());
  return capitalize ? out.replace(/^\w/, (c) => c.toUpperCase()) : out;
}

export function titleize(word: string, keepIdSuffix = false): string {
  return humanize(underscore(word), true, keepIdSuffix).replace(/\b(?<!\w['’`()])[a-z]/g, (c) => c.toUpperCase());
}

export const demodulize = (path: string): string => {
  const i = path.lastIndexOf("::");
  return i < 0 ? path : path.slice(i + 2);
};
export const deconstantize = (path: string): string => path.slice(0, Math.max(0, path.lastIndexOf("::")));

export function parameterize(word: string, separator = "-", preserveCase = false): string {
  if (/[^\x00-\x7f]/.test(word)) {
    throw new UnknownValueError(new RUnknown(inspect(word), false, "text whose non-ASCII letters I18n transliterates by the app's locale"));
  }
  let out = word.replace(/[^a-z0-9\-_]+/gi, separator);
  if (separator) {
    const sep = separator.replace(/[.*+?^${}()|[\]\\\/-]/g, "\\$&");
    out = out.replace(new RegExp(`(?:${sep}){2,}`, "g"), separator).replace(new RegExp(`^${sep}|${sep}$`, "gim"), "");
  }
  return preserveCase ? out : out.toLowerCase();
}

function camelizeLower(word: string): string {
  const camel = camelize(word);
  return camel.replace(/^(?:[A-Z]+(?=[A-Z][a-z])|\w)/, (m) => m.toLowerCase());
}

function truncate(s: string, at: number, options: RValue | undefined): string {
  const chars = [...s];
  if (chars.length <= at) return s;
  const omission = stringValue(option(options, "omission")) ?? "...";
  const room = at - [...omission].length;
  const separator = option(options, "separator");
  let stop = room;
  if (separator !== undefined && separator !== null) {
    const sep = stringValue(separator);
    if (sep !== undefined) {
      const i = s.lastIndexOf(sep, room);
      if (i >= 0) stop = [...s.slice(0, i)].length;
    }
  }
  return chars.slice(0, Math.max(0, stop)).join("") + omission;
}

function indent(s: string, args: RValue[]): string {
  arity(args, 1, 3);
  const amount = toInt(args[0]);
  const given = args.length > 1 && args[1] !== null ? toStr(args[1]) : undefined;
  const with_ = given ?? ((s.match(/^[ \t]/m) ?? [" "])[0]);
  const empty = args.length > 2 && args[2] === true;
  return s.replace(empty ? /^/gm : /^(?!$)/gm, with_.repeat(amount));
}

/** ActiveSupport's String methods. */
export const STRING_AS: Methods<RValue> = {
  pluralize: (rt, self, args) => {
    arity(args, 0, 2);
    const count = args.length && typeof args[0] === "number" ? args[0] : undefined;
    return str(count === 1 ? text(self) : pluralize(text(self)));
  },
  singularize: (_rt, self) => str(singularize(text(self))),
  camelize: (_rt, self, args) => str(args.length && stringValue(args[0]) === undefined && (args[0] as { name?: string })?.name === "lower" ? camelizeLower(text(self)) : camelize(text(self))),
  camelcase: (rt, self, args) => STRING_AS.camelize(rt, self, args, null),
  underscore: (_rt, self) => str(underscore(text(self))),
  dasherize: (_rt, self) => str(dasherize(text(self))),
  humanize: (_rt, self, args) => str(humanize(text(self), option(args[0], "capitalize") !== false, option(args[0], "keep_id_suffix") === true)),
  titleize: (_rt, self, args) => str(titleize(text(self), option(args[0], "keep_id_suffix") === true)),
  titlecase: (_rt, self, args) => str(titleize(text(self), option(args[0], "keep_id_suffix") === true)),
  tableize: (_rt, self) => str(pluralize(underscore(text(self)))),
  classify: (_rt, self) => str(classify(text(self))),
  demodulize: (_rt, self) => str(demodulize(text(self))),
  deconstantize: (_rt, self) => str(deconstantize(text(self))),
  foreign_key: (_rt, self, args) => str(underscore(demodulize(text(self))) + (args.length && args[0] === false ? "id" : "_id")),
  parameterize: (_rt, self, args) => {
    const sep = option(args[0], "separator");
    return str(parameterize(text(self), sep === undefined ? "-" : sep === null ? "" : toStr(sep), option(args[0], "preserve_case") === true));
  },
  upcase_first: (_rt, self) => str(text(self).replace(/^./su, (c) => c.toUpperCase())),
  squish: (_rt, self) => str(text(self).replace(/[\s\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]+/g, " ").trim()),
  truncate: (_rt, self, args) => (arity(args, 1, 2), str(truncate(text(self), toInt(args[0]), args[1]))),
  remove: (rt, self, args) => str(args.reduce<string>((s, p) => substitute(rt, s, [p, ""], null, true), text(self))),
  at: (rt, self, args) => rt.send(self, "[]", args, null),
  from: (rt, self, args) => {
    const s = text(self);
    return rt.send(s, "[]", [toInt(args[0]), [...s].length], null);
  },
  to: (rt, self, args) => {
    const at = toInt(args[0]);
    const s = text(self);
    if (at < 0 && -at > [...s].length) return str("");
    return str([...s].slice(0, at < 0 ? [...s].length + at + 1 : at + 1).join(""));
  },
  first: (_rt, self, args) => {
    const n = args.length ? toInt(args[0]) : 1;
    if (n < 0) throw rubyError("ArgumentError", "negative limit");
    return str([...text(self)].slice(0, n).join(""));
  },
  last: (_rt, self, args) => {
    const n = args.length ? toInt(args[0]) : 1;
    if (n < 0) throw rubyError("ArgumentError", "negative limit");
    return str(n === 0 ? "" : [...text(self)].slice(-n).join(""));
  },
  "starts_with?": (rt, self, args) => rt.send(self, "start_with?", args, null),
  "ends_with?": (rt, self, args) => rt.send(self, "end_with?", args, null),
  "exclude?": (_rt, self, args) => !text(self).includes(toStr(args[0])),
  inquiry: (_rt, self) => new RInquirer(text(self)),
  indent: (_rt, self, args) => str(indent(text(self), args)),
  strip_heredoc: (_rt, self) => {
    const s = text(self);
    const margin = Math.min(...(s.match(/^[ \t]*(?=\S)/gm) ?? [""]).map((m) => m.length));
    return str(s.replace(new RegExp(`^[ \\t]{${Number.isFinite(margin) ? margin : 0}}`, "gm"), ""));
  },
  to_param: (_rt, self) => self,
  html_safe: (_rt, self) => str(text(self)),
  "html_safe?": () => false,
  constantize: () => undefined,
  safe_constantize: () => undefined,
  mb_chars: () => undefined,
};

/** ActiveSupport's methods on every object (`core_ext/object`). */
export const OBJECT_AS: Methods<RValue> = {
  "blank?": (_rt, self) => blank(self),
  "present?": (_rt, self) => !blank(self),
  presence: (_rt, self) => (blank(self) ? null : self),
  "in?": (rt, self, args) => {
    arity(args, 1);
    if (args[0] instanceof RUnknown) throw new UnknownValueError(args[0]);
    return rt.send(args[0], "include?", [self], null);
  },
  presence_in: (rt, self, args) => {
    const hit = rt.send(args[0] ?? null, "include?", [self], null);
    if (hit instanceof RUnknown) throw new UnknownValueError(hit);
    return hit === true ? self : null;
  },
  try: (rt, self, args, block) => {
    if (self === null) return null;
    if (!args.length) return block ? rt.yield(block, [self]) : self;
    const name = stringValue(args[0]) ?? (args[0] as { name?: string })?.name;
    if (typeof name !== "string") return undefined;
    const responds = rt.send(self, "respond_to?", [args[0]], null);
    if (responds instanceof RUnknown) throw new UnknownValueError(responds);
    return responds === true ? rt.send(self, name, args.slice(1), block) : null;
  },
  to_param: (rt, self) => (self === null || self === true || self === false ? self : rt.send(self, "to_s", [], null)),
  deep_dup: (rt, self) => rt.send(self, "dup", [], null),
  "duplicable?": () => true,
  "acts_like?": () => false,
  "html_safe?": () => false,
};

export { RRegexp };
