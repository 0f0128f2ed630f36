/**
 * ActiveSupport's `to_query`/`to_param` (active_support/core_ext/object/to_query.rb): a Hash
 * becomes `a=1&b%5B%5D=2`, its pairs sorted unless it is nested under an Array (`k[]`), empty
 * Arrays and Hashes left out; an Array `k[]=v` for each element; anything else its
 * `to_param`, escaped as CGI.escape does (cgi/util.rb).
 */
import { RHash, RUnknown, RValue, UnknownValueError, stringValue } from "../ruby/values.js";
import { cgiEscape } from "./cgi.js";
import { compareBytes } from "./compare.js";
import { textOf } from "./arrayOps.js";
import { rubyError, type Runtime } from "./runtime.js";

/** `v.to_param.to_s`: nil is empty. */
function paramText(rt: Runtime, v: RValue): string {
  const p = rt.send(v, "to_param", [], null);
  if (p instanceof RUnknown) throw new UnknownValueError(p);
  if (p === null) return "";
  return stringValue(p) ?? textOf(rt, p);
}

/** `key.to_param` where CGI.escape needs a String: nil fails as it does in Ruby. */
function keyText(rt: Runtime, key: RValue): string {
  const p = rt.send(key, "to_param", [], null);
  if (p instanceof RUnknown) throw new UnknownValueError(p);
  if (p === null) throw rubyError("NoMethodError", "undefined method `to_param' for nil");
  return stringValue(p) ?? textOf(rt, p);
}

/** `value.to_query(key)`. */
export function toQuery(rt: Runtime, value: RValue, key: RValue): string | null {
  if (value instanceof RHash) return hashToQuery(rt, value, key);
  if (Array.isArray(value)) return arrayToQuery(rt, value, key);
  return `${cgiEscape(keyText(rt, key))}=${cgiEscape(paramText(rt, value))}`;
}

export function arrayToQuery(rt: Runtime, a: RValue[], key: RValue): string {
  const prefix = `${key === null ? "" : textOf(rt, key)}[]`;
  if (!a.length) return `${cgiEscape(prefix)}=`;
  return a.map((v) => toQuery(rt, v, prefix)).join("&");
}

export function hashToQuery(rt: Runtime, h: RHash, namespace: RValue): string {
  const parts: string[] = [];
  h.forEach((k, v) => {
    if ((v instanceof RHash && v.size === 0) || (Array.isArray(v) && v.length === 0)) return;
    const key = namespace !== null ? `${textOf(rt, namespace)}[${textOf(rt, k)}]` : k;
    const q = toQuery(rt, v, key);
    if (q !== null) parts.push(q);
  });
  const ns = namespace === null ? "" : textOf(rt, namespace);
  if (!ns.includes("[]")) parts.sort(compareBytes);
  return parts.join("&");
}

/** Array#to_param: each element's `to_param`, joined with `/`. */
export const arrayToParam = (rt: Runtime, a: RValue[]): string => a.map((v) => paramText(rt, v)).join("/");
