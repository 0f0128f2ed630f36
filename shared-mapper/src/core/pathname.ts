/**
 * Ruby's Pathname, as `Rails.root` is one (ext/pathname/lib/pathname.rb, Ruby 3.1): `+` and
 * `join` (`plus`, which resolves `..` against the left side's names), `cleanpath`,
 * `relative_path_from`, and the parts. Whether a path exists and what a file holds are the
 * host's (`dsl/environment.ts`).
 */
import { inspect } from "../ruby/print.js";
import { RPathname, RValue, stringValue } from "../ruby/values.js";
import { basename as fileBasename, dirname as fileDirname, extname, join, pathArg } from "./filePath.js";
import { enumeratorOf } from "./iterate.js";
import { arity, rubyError, str, type Methods, type Runtime } from "./runtime.js";

/** The text of a path argument: a String or a Pathname. */
export const pathText = (v: RValue | undefined): string => pathArg(v);

/** `chop_basename`: the path without its last name, and that name; undefined where none is left. */
function chop(path: string): [string, string] | undefined {
  const base = fileBasename(path);
  if (base === "" || base === "/") return undefined;
  return [path.slice(0, path.lastIndexOf(base)), base];
}

/** Every name of a path, after its prefix ("/" or ""). */
function names(path: string): { prefix: string; names: string[]; starts: number[] } {
  const out: string[] = [];
  const starts: number[] = [];
  let prefix = path;
  for (let r = chop(prefix); r; r = chop(prefix)) {
    prefix = r[0];
    out.unshift(r[1]);
    starts.unshift(prefix.length);
  }
  return { prefix, names: out, starts };
}

const hasSeparator = (s: string) => s.includes("/");

/** `Pathname#+`: an absolute right side replaces; its leading `..` climb the left side's names. */
export function plus(left: string, right: string): string {
  const r = names(right);
  if (r.prefix !== "") return right;
  const rest = r.names;
  const starts = r.starts;
  let prefix = left;
  for (;;) {
    while (rest.length && rest[0] === ".") {
      rest.shift();
      starts.shift();
    }
    const l = chop(prefix);
    if (!l) break;
    prefix = l[0];
    if (l[1] === ".") continue;
    if (l[1] === ".." || !rest.length || rest[0] !== "..") {
      prefix += l[1];
      break;
    }
    rest.shift();
    starts.shift();
  }
  let named = chop(prefix) !== undefined;
  if (!named && hasSeparator(fileBasename(prefix))) {
    named = true;
    while (rest.length && rest[0] === "..") {
      rest.shift();
      starts.shift();
    }
  }
  if (rest.length) {
    const suffix = right.slice(starts[0]);
    return named ? join0(prefix, suffix) : prefix + suffix;
  }
  return named ? prefix : fileDirname(prefix);
}

/** `File.join` of two Strings. */
function join0(a: string, b: string): string {
  if (b.startsWith("/")) return a.replace(/\/+$/, "") + b;
  return a.endsWith("/") ? a + b : `${a}/${b}`;
}

/** `cleanpath`: `.` dropped, `name/..` resolved, separators single; no file system. */
export function cleanpath(path: string): string {
  const out: string[] = [];
  let prefix = path;
  for (let r = chop(prefix); r; r = chop(prefix)) {
    prefix = r[0];
    const base = r[1];
    if (base === ".") continue;
    if (base !== ".." && out[0] === "..") out.shift();
    else out.unshift(base);
  }
  if (hasSeparator(fileBasename(prefix))) while (out[0] === "..") out.shift();
  const rel = out.join("/");
  if (rel === "") return fileDirname(prefix);
  if (hasSeparator(prefix)) return fileDirname(prefix).replace(/\/?$/, "/") + rel;
  return prefix + rel;
}

function relativePathFrom(self: string, base: string): string {
  const dest = names(cleanpath(self));
  const from = names(cleanpath(base));
  const destNames = dest.names.filter((n) => n !== ".");
  const baseNames = from.names.filter((n) => n !== ".");
  if (dest.prefix !== from.prefix) throw rubyError("ArgumentError", `different prefix: ${inspect(dest.prefix)} and ${inspect(cleanpath(base))}`);
  while (destNames.length && baseNames.length && destNames[0] === baseNames[0]) {
    destNames.shift();
    baseNames.shift();
  }
  if (baseNames.includes("..")) throw rubyError("ArgumentError", `base_directory has ..: ${cleanpath(base)}`);
  const parts = [...baseNames.map(() => ".."), ...destNames];
  return parts.length ? parts.join("/") : ".";
}

/** `Pathname.new(x)` of a join argument: Strings and Pathnames only. */
const argPath = (v: RValue | undefined): string => pathArg(v);

function joinAll(self: string, args: RValue[]): string {
  if (!args.length) return self;
  let result = argPath(args[args.length - 1]);
  if (result.startsWith("/")) return result;
  for (let i = args.length - 2; i >= 0; i--) {
    result = plus(argPath(args[i]), result);
    if (result.startsWith("/")) return result;
  }
  return plus(self, result);
}

/** The names from the root down (`descend`), each as a path. */
function descend(path: string): string[] {
  const out: string[] = [];
  let p = path;
  out.unshift(p);
  for (let r = chop(p); r; r = chop(p)) {
    p = r[0].replace(/(.)\/+$/, "$1");
    if (p === "") break;
    out.unshift(p);
  }
  return out;
}

const pathname = (p: string) => new RPathname(p);

export const PATHNAME: Methods<RPathname> = {
  join: (_rt, self, args) => pathname(joinAll(self.path, args)),
  "+": (_rt, self, args) => (arity(args, 1), pathname(plus(self.path, argPath(args[0])))),
  "/": (_rt, self, args) => (arity(args, 1), pathname(plus(self.path, argPath(args[0])))),
  to_s: (_rt, self) => str(self.path),
  to_path: (_rt, self) => str(self.path),
  inspect: (_rt, self) => str(`#<Pathname:${self.path}>`),
  basename: (_rt, self, args) => (arity(args, 0, 1), pathname(fileBasename(self.path, args.length ? pathArg(args[0]) : undefined))),
  dirname: (_rt, self) => pathname(fileDirname(self.path)),
  parent: (_rt, self) => pathname(plus(self.path, "..")),
  extname: (_rt, self) => str(extname(self.path)),
  split: (_rt, self) => [pathname(fileDirname(self.path)), pathname(fileBasename(self.path))],
  cleanpath: (_rt, self) => pathname(cleanpath(self.path)),
  "absolute?": (_rt, self) => self.path.startsWith("/"),
  "relative?": (_rt, self) => !self.path.startsWith("/"),
  "root?": (_rt, self) => chop(self.path) === undefined && hasSeparator(self.path),
  "==": (_rt, self, args) => args[0] instanceof RPathname && args[0].path === self.path,
  "===": (_rt, self, args) => args[0] instanceof RPathname && args[0].path === self.path,
  "eql?": (_rt, self, args) => args[0] instanceof RPathname && args[0].path === self.path,
  "<=>": (_rt, self, args) => {
    if (!(args[0] instanceof RPathname)) return null;
    // Ruby compares with the separator below every other character.
    const [a, b] = [self.path.replace(/\//g, "\0"), args[0].path.replace(/\//g, "\0")];
    return a < b ? -1 : a > b ? 1 : 0;
  },
  relative_path_from: (_rt, self, args) => (arity(args, 1), pathname(relativePathFrom(self.path, pathArg(args[0])))),
  sub_ext: (_rt, self, args) => {
    arity(args, 1);
    const ext = extname(self.path);
    return pathname(self.path.slice(0, self.path.length - ext.length) + pathArg(args[0]));
  },
  sub: (rt, self, args, block) => {
    const out = rt.send(str(self.path), "sub", args, block);
    const s = stringValue(out);
    return s === undefined ? out : pathname(s);
  },
  each_filename: (rt, self, args, block) => {
    const parts = self.path.split("/").filter((p) => p !== "");
    if (!block) return enumeratorOf(self, "each_filename", args);
    for (const p of parts) rt.yield(block, [str(p)]);
    return null;
  },
  descend: (rt, self, args, block) => eachPath(rt, self, args, block, "descend"),
  ascend: (rt, self, args, block) => eachPath(rt, self, args, block, "ascend"),
};

function eachPath(rt: Runtime, self: RPathname, args: RValue[], block: Parameters<Methods<RPathname>[string]>[3], name: "descend" | "ascend") {
  if (!block) return enumeratorOf(self, name, args);
  const paths = descend(self.path);
  if (name === "ascend") paths.reverse();
  for (const p of paths) rt.yield(block, [pathname(p)]);
  return null;
}

export { join };
