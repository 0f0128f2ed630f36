/**
 * The core-library methods routes files call on plain values: iteration over literal
 * collections, string helpers, comparisons, `Rails.env`. A method not listed here
 * returns `undefined` and the interpreter reports it.
 */
import { camelize, dasherize, pluralize, singularize, underscore } from "../inflector.js";
import {
  blank, inspect, isSym, RConst, RHash, RInquirer, RProc, RRange, RRegexp, RSymbol, RUnknown, RValue, requal, sym, toS,
  truthy, typeName,
} from "../ruby/values.js";
import type { Interpreter } from "./interpreter.js";
import { rangeToArray } from "./interpreter.js";
import { BreakSignal } from "./signals.js";
import { RoutingError } from "../mapper/errors.js";

type Result = RValue | undefined;

export function callMethod(it: Interpreter, recv: RValue, name: string, args: RValue[], block: RProc | null): Result {
  if (recv instanceof RUnknown) return recv;
  // What a method makes of a value nobody knows is not known either (`"/" + ENV["ROOT"]`).
  for (const arg of args) if (arg instanceof RUnknown) return arg;
  const common = objectMethod(recv, name, args, block);
  if (common !== undefined) return common;
  if (recv instanceof RConst) return constMethod(it, recv, name, args);
  if (recv instanceof RInquirer) return inquirerMethod(recv, name, args) ?? stringMethod(recv.value, name, args, block);
  if (typeof recv === "string") return stringMethod(recv, name, args, block);
  if (recv instanceof RSymbol) return symbolMethod(recv, name, args);
  if (typeof recv === "number") return numberMethod(recv, name, args, block);
  if (Array.isArray(recv)) return arrayMethod(recv, name, args, block);
  if (recv instanceof RHash) return hashMethod(recv, name, args, block);
  if (recv instanceof RRange) {
    const list = rangeToArray(recv);
    if (name === "include?" || name === "cover?" || name === "===") {
      const v = args[0];
      if (typeof v === "number" && typeof recv.first === "number" && typeof recv.last === "number") {
        return v >= recv.first && (recv.exclusive ? v < recv.last : v <= recv.last);
      }
    }
    return list ? arrayMethod(list, name, args, block) : undefined;
  }
  if (recv instanceof RProc && (name === "call" || name === "()" || name === "[]")) return recv.call(args);
  if (recv === null) return nilMethod(name);
  return undefined;
}

/** Methods of Object and Kernel. */
function objectMethod(recv: RValue, name: string, args: RValue[], block: RProc | null): Result {
  switch (name) {
    case "nil?":
      return recv === null;
    case "freeze":
    case "dup":
    case "clone":
    case "itself":
    case "to_proc":
      return recv instanceof RHash ? recv.dup() : Array.isArray(recv) ? [...recv] : recv;
    case "frozen?":
      return true;
    case "==":
    case "eql?":
    case "equal?":
      return requal(recv, args[0] ?? null);
    case "!=":
      return !requal(recv, args[0] ?? null);
    case "!":
      return !truthy(recv);
    case "present?":
      return !blank(recv);
    case "blank?":
      return blank(recv);
    case "presence":
      return blank(recv) ? null : recv;
    case "inspect":
      return inspect(recv);
    case "to_s":
      return toS(recv);
    case "is_a?":
    case "kind_of?":
    case "instance_of?":
      return args[0] instanceof RConst ? isA(recv, args[0].path) : undefined;
    case "then":
    case "yield_self":
      return block ? block.call([recv]) : undefined;
    case "tap":
      if (block) block.call([recv]);
      return recv;
    case "in?":
      return Array.isArray(args[0]) ? args[0].some((x) => requal(x, recv)) : undefined;
  }
  return undefined;
}

function isA(v: RValue, klass: string): boolean {
  const t = typeName(v);
  if (klass === "Object" || klass === "BasicObject" || klass === "Kernel") return true;
  if (klass === "Numeric") return t === "Integer" || t === "Float";
  return t === klass;
}

function nilMethod(name: string): Result {
  switch (name) {
    case "to_a":
      return [];
    case "to_h":
      return new RHash();
    case "to_i":
      return 0;
    case "to_sym":
      return undefined;
  }
  return undefined;
}

function constMethod(it: Interpreter, c: RConst, name: string, args: RValue[]): Result {
  if (c.path === "Rails" && name === "env") return it.inquirer();
  if (c.path === "ENV") return new RUnknown(`ENV${args.length ? `[${inspect(args[0])}]` : ""}`);
  if (name === "name" || name === "to_s") return c.path;
  if (name === "new") return it.instantiate(c.path, args, null) ?? new RUnknown(`${c.path}.new`, true);
  if (name === "===") return isA(args[0] ?? null, c.path);
  return new RUnknown(`${c.path}.${name}`, true);
}

function inquirerMethod(env: RInquirer, name: string, args: RValue[]): Result {
  if (name.endsWith("?") && /^[a-z_0-9]+\?$/.test(name) && args.length === 0 && !["empty?", "nil?", "present?", "blank?"].includes(name)) {
    return env.value === name.slice(0, -1);
  }
  if (name === "local?") return env.value === "development" || env.value === "test";
  return undefined;
}

function each(list: RValue[], block: RProc | null, fn: (v: RValue, i: number) => void): boolean {
  if (!block) return false;
  try {
    list.forEach(fn);
  } catch (e) {
    if (e instanceof BreakSignal) return true;
    throw e;
  }
  return true;
}

function arrayMethod(a: RValue[], name: string, args: RValue[], block: RProc | null): Result {
  switch (name) {
    case "each":
      each(a, block, (v) => block!.call([v]));
      return block ? a : undefined;
    case "each_with_index":
      each(a, block, (v, i) => block!.call([v, i]));
      return block ? a : undefined;
    case "each_with_object": {
      const memo = args[0] ?? null;
      each(a, block, (v) => block!.call([v, memo]));
      return memo;
    }
    case "map":
    case "collect":
      return block ? a.map((v) => block.call([v])) : undefined;
    case "flat_map":
      return block ? a.flatMap((v) => { const r = block.call([v]); return Array.isArray(r) ? r : [r]; }) : undefined;
    case "select":
    case "filter":
      return block ? a.filter((v) => truthy(block.call([v]))) : undefined;
    case "reject":
      return block ? a.filter((v) => !truthy(block.call([v]))) : undefined;
    case "each_slice": {
      const n = typeof args[0] === "number" ? args[0] : 1;
      const slices: RValue[][] = [];
      for (let i = 0; i < a.length; i += n) slices.push(a.slice(i, i + n));
      if (block) each(slices, block, (s) => block.call([s]));
      return slices;
    }
    case "zip":
      return a.map((v, i) => [v, ...args.map((o) => (Array.isArray(o) ? o[i] ?? null : null))]);
    case "include?":
    case "member?":
      return a.some((v) => requal(v, args[0] ?? null));
    case "+":
      return Array.isArray(args[0]) ? [...a, ...args[0]] : undefined;
    case "-":
      return Array.isArray(args[0]) ? a.filter((v) => !(args[0] as RValue[]).some((x) => requal(x, v))) : undefined;
    case "&":
      return Array.isArray(args[0]) ? a.filter((v) => (args[0] as RValue[]).some((x) => requal(x, v))) : undefined;
    case "|":
      return Array.isArray(args[0]) ? uniq([...a, ...args[0]]) : undefined;
    case "<<":
    case "push":
    case "append":
      a.push(...(name === "<<" ? args.slice(0, 1) : args));
      return a;
    case "concat":
      for (const x of args) if (Array.isArray(x)) a.push(...x);
      return a;
    case "first":
      return typeof args[0] === "number" ? a.slice(0, args[0]) : a[0] ?? null;
    case "last":
      return typeof args[0] === "number" ? a.slice(-args[0]) : a[a.length - 1] ?? null;
    case "[]":
      return typeof args[0] === "number" ? a[args[0] < 0 ? a.length + args[0] : args[0]] ?? null : undefined;
    case "join":
      return a.map((v) => (Array.isArray(v) ? v.map((x) => toS(x)).join(toS(args[0] ?? "")) : toS(v))).join(toS(args[0] ?? ""));
    case "flatten":
      return flattenDeep(a);
    case "compact":
      return a.filter((v) => v !== null);
    case "uniq":
      return uniq(a);
    case "sort":
      return [...a].sort((x, y) => (toS(x) < toS(y) ? -1 : toS(x) > toS(y) ? 1 : 0));
    case "reverse":
      return [...a].reverse();
    case "size":
    case "length":
    case "count":
      return a.length;
    case "empty?":
      return a.length === 0;
    case "any?":
      return block ? a.some((v) => truthy(block.call([v]))) : a.some(truthy);
    case "all?":
      return block ? a.every((v) => truthy(block.call([v]))) : a.every(truthy);
    case "none?":
      return block ? !a.some((v) => truthy(block.call([v]))) : !a.some(truthy);
    case "to_a":
    case "to_ary":
    case "entries":
      return a;
    case "to_h":
      return new RHash(a.filter(Array.isArray).map((p) => [(p as RValue[])[0] ?? null, (p as RValue[])[1] ?? null]));
    case "===":
      return requal(a, args[0] ?? null);
    case "product":
      return Array.isArray(args[0]) ? a.flatMap((x) => (args[0] as RValue[]).map((y) => [x, y])) : undefined;
  }
  return undefined;
}

function uniq(a: RValue[]): RValue[] {
  const out: RValue[] = [];
  for (const v of a) if (!out.some((x) => requal(x, v))) out.push(v);
  return out;
}

function flattenDeep(a: RValue[]): RValue[] {
  return a.flatMap((v) => (Array.isArray(v) ? flattenDeep(v) : [v]));
}

function hashMethod(h: RHash, name: string, args: RValue[], block: RProc | null): Result {
  switch (name) {
    case "each":
    case "each_pair":
      each(h.entries(), block, (pair) => block!.call([pair]));
      return block ? h : undefined;
    case "map":
    case "collect":
      return block ? h.entries().map((pair) => block.call([pair])) : undefined;
    case "[]":
      return h.get(args[0] ?? null) ?? null;
    case "fetch":
      return h.has(args[0] ?? null) ? h.get(args[0] ?? null)! : args.length > 1 ? args[1] : block ? block.call([args[0] ?? null]) : new RUnknown("KeyError");
    case "dig": {
      let cur: RValue = h;
      for (const k of args) cur = cur instanceof RHash ? cur.get(k) ?? null : null;
      return cur;
    }
    case "key?":
    case "has_key?":
    case "include?":
    case "member?":
      return h.has(args[0] ?? null);
    case "keys":
      return h.keys();
    case "values":
      return h.values();
    case "merge":
      return args.reduce<RHash>((acc, o) => (o instanceof RHash ? acc.merge(o) : acc), h);
    case "reverse_merge":
      return args[0] instanceof RHash ? args[0].merge(h) : undefined;
    case "merge!":
    case "update":
      for (const o of args) if (o instanceof RHash) for (const [k, v] of o.entries()) h.set(k, v);
      return h;
    case "[]=":
      h.set(args[0] ?? null, args[1] ?? null);
      return args[1] ?? null;
    case "delete":
      return h.delete(args[0] ?? null) ?? null;
    case "except":
      return new RHash(h.entries().filter(([k]) => !args.some((a) => requal(a, k))));
    case "slice":
      return new RHash(h.entries().filter(([k]) => args.some((a) => requal(a, k))));
    case "to_h":
    case "to_hash":
      return h;
    case "to_a":
      return h.entries();
    case "size":
    case "length":
    case "count":
      return h.size;
    case "empty?":
      return h.size === 0;
    case "any?":
      return h.size > 0;
    case "symbolize_keys":
      return new RHash(h.entries().map(([k, v]) => [typeof k === "string" ? sym(k) : k, v]));
  }
  return undefined;
}

function stringMethod(s: string, name: string, args: RValue[], block: RProc | null): Result {
  const arg = args[0] ?? null;
  switch (name) {
    case "to_s":
    case "to_str":
      return s;
    case "to_sym":
    case "intern":
      return sym(s);
    case "to_i":
      return parseInt(s, 10) || 0;
    case "+":
      return typeof arg === "string" ? s + arg : arg instanceof RInquirer ? s + arg.value : undefined;
    case "*":
      if (typeof arg !== "number") return undefined;
      if (arg < 0) throw new RoutingError("negative argument");
      return s.repeat(arg);
    case "%":
      return undefined;
    case "downcase":
      return s.toLowerCase();
    case "upcase":
      return s.toUpperCase();
    case "capitalize":
      return s.charAt(0).toUpperCase() + s.slice(1).toLowerCase();
    case "strip":
      return s.trim();
    case "pluralize":
      return pluralize(s);
    case "singularize":
      return singularize(s);
    case "underscore":
      return underscore(s);
    case "dasherize":
      return dasherize(s);
    case "camelize":
      return camelize(s);
    case "tr":
      return typeof arg === "string" && typeof args[1] === "string" ? tr(s, arg, args[1]) : undefined;
    case "delete_prefix":
      return typeof arg === "string" && s.startsWith(arg) ? s.slice(arg.length) : s;
    case "delete_suffix":
      return typeof arg === "string" && s.endsWith(arg) ? s.slice(0, -arg.length) : s;
    case "start_with?":
      return args.some((a) => typeof a === "string" && s.startsWith(a));
    case "end_with?":
      return args.some((a) => typeof a === "string" && s.endsWith(a));
    case "include?":
      return typeof arg === "string" ? s.includes(arg) : undefined;
    case "empty?":
      return s.length === 0;
    case "size":
    case "length":
      return [...s].length;
    case "split":
      if (typeof arg === "string") return s.split(arg).filter((x, i, all) => x !== "" || i < all.length - 1);
      if (arg === null) return s.trim().split(/\s+/).filter(Boolean);
      return undefined;
    case "===":
    case "==":
      return arg instanceof RInquirer ? s === arg.value : s === arg;
    case "=~":
    case "match?":
      return arg instanceof RRegexp ? safeRegexp(arg)?.test(s) ?? undefined : undefined;
    case "sub":
    case "gsub": {
      if (typeof args[1] !== "string") return undefined;
      const re = typeof arg === "string" ? new RegExp(escapeRegExp(arg), name === "gsub" ? "g" : "") : arg instanceof RRegexp ? safeRegexp(arg, name === "gsub" ? "g" : "") : null;
      return re ? s.replace(re, args[1].replace(/\\(\d)/g, "$$$1")) : undefined;
    }
    case "each_char":
      if (block) [...s].forEach((c) => block.call([c]));
      return s;
  }
  return undefined;
}

function tr(s: string, from: string, to: string): string {
  const expand = (x: string) => x.replace(/(.)-(.)/g, (_m, a: string, b: string) => {
    let out = "";
    for (let c = a.charCodeAt(0); c <= b.charCodeAt(0); c++) out += String.fromCharCode(c);
    return out;
  });
  const f = expand(from);
  const t = expand(to);
  return [...s].map((c) => {
    const i = f.indexOf(c);
    return i < 0 ? c : t[Math.min(i, t.length - 1)] ?? "";
  }).join("");
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** A Ruby regexp as a JS one where the syntax agrees; undefined where it does not. */
function safeRegexp(r: RRegexp, extra = ""): RegExp | undefined {
  try {
    return new RegExp(r.source.replace(/\\A/g, "^").replace(/\\[zZ]/g, "$"), (r.flags.includes("i") ? "i" : "") + extra);
  } catch {
    return undefined;
  }
}

function symbolMethod(s: RSymbol, name: string, args: RValue[]): Result {
  switch (name) {
    case "to_sym":
      return s;
    case "to_s":
    case "name":
    case "id2name":
      return s.name;
    case "===":
      return isSym(args[0] ?? null) && (args[0] as RSymbol) === s;
    case "to_proc":
      return undefined;
  }
  return stringMethod(s.name, name, args, null) !== undefined && ["size", "length", "empty?", "start_with?", "end_with?"].includes(name)
    ? stringMethod(s.name, name, args, null)
    : undefined;
}

function numberMethod(n: number, name: string, args: RValue[], block: RProc | null): Result {
  const m = typeof args[0] === "number" ? args[0] : undefined;
  switch (name) {
    case "+": return m !== undefined ? n + m : undefined;
    case "-": return m !== undefined ? n - m : undefined;
    case "*": return m !== undefined ? n * m : undefined;
    case "/": return m ? Math.floor(n / m) : undefined;
    case "%": return m ? n % m : undefined;
    case "<": return m !== undefined ? n < m : undefined;
    case ">": return m !== undefined ? n > m : undefined;
    case "<=": return m !== undefined ? n <= m : undefined;
    case ">=": return m !== undefined ? n >= m : undefined;
    case "===": return n === args[0];
    case "to_i": return Math.trunc(n);
    case "zero?": return n === 0;
    case "times":
      if (!block || n > 100000) return undefined;
      each(Array.from({ length: Math.max(0, n) }, (_v, i) => i), block, (i) => block.call([i]));
      return n;
    case "upto":
      if (!block || m === undefined || m - n > 100000) return undefined;
      each(Array.from({ length: Math.max(0, m - n + 1) }, (_v, i) => n + i), block, (i) => block.call([i]));
      return n;
  }
  return undefined;
}
