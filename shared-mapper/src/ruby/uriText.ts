/** A URI's text (core/uri.ts), for `to_s` and `inspect` alike: uri/generic.rb's `to_s`. */
import type { RUri } from "./values.js";

/** The ports uri/http.rb and uri/https.rb leave out of the text. */
export const DEFAULT_PORT: Readonly<Record<string, number>> = { "URI::HTTP": 80, "URI::HTTPS": 443 };

/** `to_s`: the parts in order, the default port left out. */
export function uriText(u: RUri): string {
  const p = u.parts;
  let out = p.scheme !== null ? `${p.scheme}:` : "";
  if (p.host !== null) out += "//";
  if (p.userinfo !== null) out += `${p.userinfo}@`;
  if (p.host !== null) out += p.host;
  if (p.port !== null && p.port !== DEFAULT_PORT[u.className]) out += `:${p.port}`;
  out += p.path;
  if (p.query !== null) out += `?${p.query}`;
  if (p.fragment !== null) out += `#${p.fragment}`;
  return out;
}
