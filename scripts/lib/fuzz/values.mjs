// The Ruby values the generator writes expressions for, as plain tagged objects, and their
// literals. A value is known (`v`) when the generator computed it; a symbolic value (`code`)
// is a block or method parameter whose value differs between calls, of a known type.

export const str = (v) => ({ t: "str", v });
export const sym = (v) => ({ t: "sym", v });
export const int = (v) => ({ t: "int", v });
export const bool = (v) => ({ t: "bool", v });
export const arr = (v) => ({ t: "arr", v });
/** A hash: `[[key, value], …]` in insertion order, keys being values too. */
export const hash = (pairs) => ({ t: "hash", v: pairs });
export const re = (v, flags = "") => ({ t: "re", v, flags });
export const NIL = { t: "nil" };
/** A value only known at run time, by the Ruby expression that gives it (`n`, `name.to_s`). */
export const symbolic = (t, code) => ({ t, code });

export const isSymbolic = (x) => x.code !== undefined;

/** Ruby's `==` on the values the generator makes. */
export function equal(a, b) {
  if (isSymbolic(a) || isSymbolic(b)) return false;
  if (a.t !== b.t) return false;
  if (a.t === "nil") return true;
  if (a.t === "arr") return a.v.length === b.v.length && a.v.every((x, i) => equal(x, b.v[i]));
  if (a.t === "hash") return a.v.length === b.v.length && a.v.every(([k, x], i) => equal(k, b.v[i][0]) && equal(x, b.v[i][1]));
  if (a.t === "re") return a.v === b.v && a.flags === b.flags;
  return a.v === b.v;
}

/** What `to_s` gives, for the values interpolation meets. */
export function toS(x) {
  switch (x.t) {
    case "str":
    case "sym":
      return x.v;
    case "int":
    case "bool":
      return String(x.v);
    case "nil":
      return "";
    default:
      return undefined;
  }
}

const IDENT = /^[a-z_][a-zA-Z0-9_]*$/;
export const isIdent = (s) => IDENT.test(s);

/** A double-quoted Ruby string literal. */
export function dq(s) {
  return `"${s.replace(/[\\"]/g, (c) => `\\${c}`).replace(/#(?=[{$@])/g, "\\#")}"`;
}

/** The inside of a double-quoted literal, for interpolating around it. */
export const dqBody = (s) => dq(s).slice(1, -1);

export function symLit(s) {
  return /^[a-zA-Z_][a-zA-Z0-9_]*[?!]?$/.test(s) ? `:${s}` : `:${dq(s)}`;
}

/** The plain literal of a known value; `rng` picks between equivalent spellings. */
export function literal(x, rng) {
  switch (x.t) {
    case "str":
      return rng && !/['\\]/.test(x.v) && rng.chance(0.25) ? `'${x.v}'` : dq(x.v);
    case "sym":
      return symLit(x.v);
    case "int":
      return String(x.v);
    case "bool":
      return String(x.v);
    case "nil":
      return "nil";
    case "re":
      return rng?.chance(0.2) && !x.v.includes("}") ? `%r{${x.v}}${x.flags}` : `/${x.v.replace(/\//g, "\\/")}/${x.flags}`;
    case "arr": {
      const words = x.v.length > 0 && x.v.every((e) => (e.t === "str" || e.t === "sym") && /^[\w\/:.-]+$/.test(e.v));
      if (words && x.v.every((e) => e.t === "str") && rng?.chance(0.6)) return `%w[${x.v.map((e) => e.v).join(" ")}]`;
      if (words && x.v.every((e) => e.t === "sym" && isIdent(e.v)) && rng?.chance(0.6)) return `%i[${x.v.map((e) => e.v).join(" ")}]`;
      return `[${x.v.map((e) => literal(e, rng)).join(", ")}]`;
    }
    case "hash":
      if (x.v.length === 0) return "{}";
      return `{ ${x.v.map(([k, v]) => `${k.t === "sym" && isIdent(k.v) ? `${k.v}:` : `${literal(k, rng)} =>`} ${literal(v, rng)}`).join(", ")} }`;
  }
  throw new Error(`no literal for ${JSON.stringify(x)}`);
}

/** A hash's value under a key, or undefined. */
export function hashGet(h, key) {
  return h.v.find(([k]) => equal(k, key))?.[1];
}
