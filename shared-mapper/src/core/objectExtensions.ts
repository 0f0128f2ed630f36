/**
 * ActiveSupport's extensions of every object, as a booted Rails 6.1 app has them
 * (core_ext/object/blank.rb, inclusion.rb, try.rb, to_query.rb, deep_dup.rb, duplicable.rb):
 * `blank?`/`present?`/`presence` for every class, `in?`, `try`/`try!`, `to_param`/`to_query`
 * (with CGI.escape's bytes), `deep_dup`, `duplicable?`.
 */
import { inspect, toS } from "../ruby/print.js";
import {
  RHash, RObject, RSymbol, RUnknown, RValue, UnknownValueError, blank, isFrozen, stringValue, truthy,
} from "../ruby/values.js";
import { arity, rubyError, str, type Methods, type Runtime } from "./runtime.js";
import { cgiEscape } from "./cgi.js";

/** `blank?`: Rails' answer for the core values; a Symbol is blank when empty (`:""`). */
const isBlank = (v: RValue): boolean => (v instanceof RSymbol ? v.name === "" : blank(v));

/** `to_param`: nil, true and false as themselves, an Array's joined by "/", a Hash's as its query, else `to_s`. */
function toParam(rt: Runtime, v: RValue, depth = 0): RValue {
  if (depth > 64) throw rubyError("SystemStackError", "stack level too deep");
  if (v === null || typeof v === "boolean") return v;
  if (Array.isArray(v)) return str(v.map((x) => paramText(rt, toParam(rt, x, depth + 1))).join("/"));
  if (v instanceof RHash) return str(toQuery(rt, v, undefined, depth + 1));
  if (v instanceof RUnknown) throw new UnknownValueError(v);
  return rt.send(v, "to_s", [], null);
}

const paramText = (rt: Runtime, v: RValue): string => {
  if (v instanceof RUnknown) throw new UnknownValueError(v);
  return toS(v, rt.ruby);
};

/** `value.to_query(key)`: a Hash nests its keys, an Array repeats `key[]`, anything else is `key=value`. */
function toQuery(rt: Runtime, v: RValue, key: string | undefined, depth = 0): string {
  if (depth > 64) throw rubyError("SystemStackError", "stack level too deep");
  rt.charge(1);
  if (v instanceof RHash) {
    const parts: string[] = [];
    for (const [k, value] of v.entries()) {
      if ((value instanceof RHash && value.size === 0) || (Array.isArray(value) && value.length === 0)) continue;
      const name = key !== undefined ? `${key}[${paramText(rt, k)}]` : paramText(rt, toParam(rt, k, depth + 1));
      parts.push(toQuery(rt, value, name, depth + 1));
    }
    if (!(key ?? "").includes("[]")) parts.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    return parts.join("&");
  }
  if (key === undefined) throw rubyError("ArgumentError", "wrong number of arguments (given 0, expected 1)");
  if (Array.isArray(v)) {
    if (!v.length) return toQuery(rt, null, `${key}[]`, depth + 1);
    return v.map((x) => toQuery(rt, x, `${key}[]`, depth + 1)).join("&");
  }
  return `${cgiEscape(key)}=${cgiEscape(paramText(rt, toParam(rt, v, depth + 1)))}`;
}

/** `deep_dup`: Arrays and Hashes copied all the way down (a frozen String key kept), the rest `dup`ed. */
function deepDup(rt: Runtime, v: RValue, depth = 0): RValue {
  if (depth > 64) throw rubyError("SystemStackError", "stack level too deep");
  rt.charge(1);
  if (Array.isArray(v)) return v.map((x) => deepDup(rt, x, depth + 1));
  if (v instanceof RHash) {
    const h = v.dup();
    for (const [k, value] of v.entries()) {
      const key = stringValue(k) !== undefined && isFrozen(k) ? k : deepDup(rt, k, depth + 1);
      if (key !== k) h.delete(k);
      h.set(key, deepDup(rt, value, depth + 1));
    }
    return h;
  }
  return rt.send(v, "dup", [], null);
}

/** Whether `v` answers `name` (`respond_to?` as the library knows it). */
function respondsTo(rt: Runtime, v: RValue, name: string): boolean {
  const r = rt.send(v, "respond_to?", [RSymbol.for(name)], null);
  if (r instanceof RUnknown) throw new UnknownValueError(r);
  return truthy(r);
}

/** The method name `try` is given: a Symbol or a String, else Ruby's TypeError. */
function methodName(v: RValue | undefined): string {
  if (v instanceof RSymbol) return v.name;
  const s = stringValue(v);
  if (s !== undefined) return s;
  if (v instanceof RUnknown) throw new UnknownValueError(v);
  throw rubyError("TypeError", `${inspect(v ?? null)} is not a symbol nor a string`);
}

export const OBJECT_EXTENSIONS: Methods<RValue> = {
  "blank?": (_rt, self) => isBlank(self),
  "present?": (_rt, self) => !isBlank(self),
  presence: (_rt, self) => (isBlank(self) ? null : self),
  "in?": (rt, self, args) => {
    arity(args, 1);
    const collection = args[0];
    if (!respondsTo(rt, collection, "include?")) throw rubyError("ArgumentError", "The parameter passed to #in? must respond to #include?");
    return rt.send(collection, "include?", [self], null);
  },
  try: (rt, self, args, block) => {
    if (self === null) return null;
    if (!args.length && block) return block.arity === 0 ? undefined : rt.yield(block, [self]); // arity 0: instance_eval, not modelled
    const name = methodName(args[0]);
    return respondsTo(rt, self, name) ? rt.send(self, name, args.slice(1), block) : null;
  },
  "try!": (rt, self, args, block) => {
    if (self === null) return null;
    if (!args.length && block) return block.arity === 0 ? undefined : rt.yield(block, [self]);
    return rt.send(self, methodName(args[0]), args.slice(1), block);
  },
  to_param: (rt, self) => toParam(rt, self),
  to_query: (rt, self, args) => {
    if (self instanceof RHash) {
      arity(args, 0, 1);
      return str(toQuery(rt, self, args.length && args[0] !== null ? paramText(rt, toParam(rt, args[0])) : undefined));
    }
    arity(args, 1);
    return str(toQuery(rt, self, paramText(rt, toParam(rt, args[0]))));
  },
  deep_dup: (rt, self) => deepDup(rt, self),
  "duplicable?": (_rt, self) => !(self instanceof RObject && self.className === "Method"),
};

