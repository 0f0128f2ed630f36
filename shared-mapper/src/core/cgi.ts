/**
 * Ruby's CGI escaping (cgi/util.rb, and its C twin cgi/escape, as Ruby 2.7 to 3.4 ship them),
 * which a booted Rails app has loaded (ActiveSupport's to_query requires it): `CGI.escape` and
 * `CGI.unescape` (form encoding: a space as `+`), `CGI.escapeHTML`. Routes files unescape
 * paths written escaped (PasswordPusher's `get CGI.unescape("/fr/utilisateurs/…")`).
 */
import { arity, str, toStr, type Methods } from "./runtime.js";
import type { RConst } from "../ruby/values.js";

/** CGI.escape: every byte but letters, digits and `_.-~` as %XX, a space as `+`. */
export function cgiEscape(s: string): string {
  let out = "";
  for (const byte of new TextEncoder().encode(s)) {
    const c = String.fromCharCode(byte);
    if (/[A-Za-z0-9_.\-~]/.test(c)) out += c;
    else if (c === " ") out += "+";
    else out += "%" + byte.toString(16).toUpperCase().padStart(2, "0");
  }
  return out;
}

/**
 * CGI.unescape: `+` as a space, each `%XX` as its byte (a `%` not followed by two hex digits
 * kept), the bytes read as UTF-8. Undefined where they are not UTF-8: Ruby's answer is then a
 * String of invalid bytes, which no route can take.
 */
export function cgiUnescape(s: string): string | undefined {
  const bytes: number[] = [];
  const encoded = new TextEncoder().encode(s.replace(/\+/g, " "));
  for (let i = 0; i < encoded.length; i++) {
    const hex = encoded[i] === 0x25 && i + 2 < encoded.length ? String.fromCharCode(encoded[i + 1], encoded[i + 2]) : "";
    if (/^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else bytes.push(encoded[i]);
  }
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(new Uint8Array(bytes));
  } catch {
    return undefined;
  }
}

const HTML: Record<string, string> = { "'": "&#39;", "&": "&amp;", '"': "&quot;", "<": "&lt;", ">": "&gt;" };

/** CGI's class methods. A Symbol is no String to them (no `to_str`): a TypeError, as Ruby's. */
export const CGI_CLASS: Methods<RConst> = {
  escape: (_rt, _c, args) => (arity(args, 1), str(cgiEscape(toStr(args[0])))),
  // (A second argument, the encoding, is not read: undefined.)
  unescape: (_rt, _c, args) => {
    if (args.length !== 1) return undefined;
    const text = cgiUnescape(toStr(args[0]));
    return text === undefined ? undefined : str(text);
  },
  escapeHTML: (_rt, _c, args) => (arity(args, 1), str(toStr(args[0]).replace(/['&"<>]/g, (c) => HTML[c]))),
};
