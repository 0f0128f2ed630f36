/**
 * File's path functions, which read no file system (file.c: `rb_file_join`,
 * `rb_file_s_basename`, `rb_file_dirname_n`, `ruby_enc_find_extname`, `rb_file_s_split`,
 * `rb_file_expand_path` where both sides are absolute), on Unix paths.
 */
import { typeName, inspect } from "../ruby/print.js";
import { RPathname, RUnknown, RValue, UnknownValueError, stringValue } from "../ruby/values.js";
import { arity, rubyError, str, toInt, type Methods, type Result, type Runtime } from "./runtime.js";

/** A path argument: a String, or what `to_path` gives (a Pathname). */
export function pathArg(v: RValue | undefined): string {
  if (v instanceof RPathname) return v.path;
  const s = stringValue(v);
  if (s !== undefined) return s;
  if (v instanceof RUnknown) throw new UnknownValueError(v);
  const what = v === null || v === undefined || typeof v === "boolean" ? inspect(v ?? null) : typeName(v);
  throw rubyError("TypeError", `no implicit conversion of ${what} into String`);
}

/** `File.join`: one `/` between parts (the separators either side of a joint merged), arrays flattened. */
export function join(rt: Runtime, args: RValue[], depth = 0): string {
  if (depth > 64) throw rubyError("ArgumentError", "recursive array");
  let out = "";
  args.forEach((p, i) => {
    const s = Array.isArray(p) ? join(rt, p, depth + 1) : pathArg(p);
    rt.charge(1);
    // Ruby drops the left side's trailing separators where the right side starts with its own.
    if (i === 0) out = s;
    else if (s.startsWith("/")) out = out.replace(/\/+$/, "") + s;
    else out += out.endsWith("/") ? s : "/" + s;
  });
  return out;
}

/** `File.basename(path, suffix)`: the last part; the suffix (".*": any extension) taken off. */
export function basename(path: string, suffix?: string): string {
  const trimmed = path.replace(/\/+$/, "");
  if (trimmed === "") return path.startsWith("/") ? "/" : "";
  let base = trimmed.slice(trimmed.lastIndexOf("/") + 1);
  if (suffix === ".*") {
    const dot = base.lastIndexOf(".");
    if (dot > 0) base = base.slice(0, dot);
  } else if (suffix && base.endsWith(suffix) && base !== suffix) base = base.slice(0, -suffix.length);
  return base;
}

/** `File.dirname(path, level)`: `level` parts taken off the end, repeated separators read as one. */
export function dirname(path: string, level = 1): string {
  if (level < 0) throw rubyError("ArgumentError", `negative level: ${level}`);
  let p = path;
  for (let i = 0; i < level; i++) {
    const trimmed = p.replace(/\/+$/, "");
    if (trimmed === "") return p.startsWith("/") ? "/" : ".";
    const at = trimmed.lastIndexOf("/");
    if (at < 0) return ".";
    p = trimmed.slice(0, at).replace(/\/+$/, "") || "/";
    if (p === "/") return "/";
  }
  // A leading "//" reads as "/" on Unix.
  return p.replace(/^\/+/, "/");
}

/** `File.extname`: the last dot's part of the base name, unless the name starts with its only dots. */
export function extname(path: string): string {
  const base = basename(path);
  const start = base.replace(/^\.+/, "");
  const dot = start.lastIndexOf(".");
  if (dot < 0) return "";
  return start.slice(dot) === "." ? "." : start.slice(dot);
}

/** `File.expand_path` where the answer needs no working directory nor home: an absolute path or base. */
export function expandPath(path: string, base?: string): string | undefined {
  const full = path.startsWith("/") ? path : base?.startsWith("/") ? `${base}/${path}` : undefined;
  if (full === undefined || path.startsWith("~")) return undefined;
  const parts: string[] = [];
  for (const seg of full.split("/")) {
    if (seg === "" || seg === ".") continue;
    if (seg === "..") parts.pop();
    else parts.push(seg);
  }
  return "/" + parts.join("/");
}

export const FILE: Methods<unknown> = {
  join: (rt, _c, args) => str(join(rt, args)),
  basename: (_rt, _c, args) => (arity(args, 1, 2), str(basename(pathArg(args[0]), args.length > 1 ? pathArg(args[1]) : undefined))),
  dirname: (_rt, _c, args) => (arity(args, 1, 2), str(dirname(pathArg(args[0]), args.length > 1 ? toInt(args[1]) : 1))),
  extname: (_rt, _c, args) => (arity(args, 1), str(extname(pathArg(args[0])))),
  split: (_rt, _c, args) => {
    arity(args, 1);
    const p = pathArg(args[0]);
    return [str(dirname(p)), str(basename(p))];
  },
  expand_path: (_rt, _c, args): Result => {
    arity(args, 1, 2);
    const out = expandPath(pathArg(args[0]), args.length > 1 && args[1] !== null ? pathArg(args[1]) : undefined);
    return out === undefined ? undefined : str(out);
  },
  "absolute_path?": (_rt, _c, args) => (arity(args, 1), pathArg(args[0]).startsWith("/")),
};
