/**
 * Ruby's Pathname, as `Rails.root` is one: joining, parts and text. Whether a path exists
 * and what a file holds are the host's (`environment.ts` in the evaluator).
 */
import { RPathname, RValue, stringValue } from "../ruby/values.js";
import { arity, rubyError, str, toStr, type Methods } from "./runtime.js";

/** The text of a path argument: a String or a Pathname. */
export function pathText(v: RValue | undefined): string {
  if (v instanceof RPathname) return v.path;
  const s = stringValue(v);
  if (s !== undefined) return s;
  return toStr(v);
}

/** `Pathname#+`: an absolute right side replaces, `..` climbs, `.` is dropped. */
export function plus(base: string, other: string): string {
  if (other.startsWith("/")) return other;
  const parts = base === "" ? [] : base.split("/");
  for (const seg of other.split("/")) {
    if (seg === "" || seg === ".") continue;
    if (seg === ".." && parts.length && parts[parts.length - 1] !== ".." && parts[parts.length - 1] !== "") parts.pop();
    else parts.push(seg);
  }
  const joined = parts.join("/");
  return joined === "" ? (base.startsWith("/") ? "/" : ".") : joined;
}

const basename = (p: string) => p.replace(/\/+$/, "").slice(p.replace(/\/+$/, "").lastIndexOf("/") + 1);
const dirname = (p: string) => {
  const t = p.replace(/\/+$/, "");
  const i = t.lastIndexOf("/");
  return i < 0 ? "." : t.slice(0, i) || "/";
};

export const PATHNAME: Methods<RPathname> = {
  join: (_rt, self, args) => new RPathname(args.reduce<string>((acc, a) => plus(acc, pathText(a)), self.path)),
  "+": (_rt, self, args) => (arity(args, 1), new RPathname(plus(self.path, pathText(args[0])))),
  "/": (_rt, self, args) => (arity(args, 1), new RPathname(plus(self.path, pathText(args[0])))),
  to_s: (_rt, self) => str(self.path),
  to_path: (_rt, self) => str(self.path),
  basename: (_rt, self) => new RPathname(basename(self.path)),
  dirname: (_rt, self) => new RPathname(dirname(self.path)),
  parent: (_rt, self) => new RPathname(plus(self.path, "..")),
  extname: (_rt, self) => str(/(?<=.)\.[^./]*$/.exec(basename(self.path))?.[0] ?? ""),
  "absolute?": (_rt, self) => self.path.startsWith("/"),
  "relative?": (_rt, self) => !self.path.startsWith("/"),
  "==": (_rt, self, args) => args[0] instanceof RPathname && args[0].path === self.path,
  relative_path_from: (_rt, self, args) => {
    const base = pathText(args[0]);
    if (!self.path.startsWith(base.replace(/\/?$/, "/"))) throw rubyError("ArgumentError", `different prefix: ${JSON.stringify(base)} and ${JSON.stringify(self.path)}`);
    return new RPathname(self.path.slice(base.replace(/\/?$/, "/").length));
  },
  sub_ext: (_rt, self, args) => new RPathname(self.path.replace(/(?<=[^/])\.[^./]*$/, "") + toStr(args[0])),
};
