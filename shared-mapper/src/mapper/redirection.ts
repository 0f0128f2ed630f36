/**
 * `ActionDispatch::Routing::Redirection#redirect` (redirection.rb): the endpoint values
 * and how `rails routes` prints them (`redirect(301, /new)`, `redirect(302, path: /x)`).
 */
import { RProc, RRedirect, RUnknown, toS, truthy, unknownOf } from "../ruby/values.js";
import { extractOptions } from "./block.js";
import { routingError } from "./errors.js";
import type { Call, MapperState } from "./state.js";

export function redirect(m: MapperState, call: Call): RRedirect | RUnknown {
  const args = [...call.args];
  const options = extractOptions(args).dup();
  const status = options.sdelete("status");
  const code = truthy(status) ? toS(status!, m.ruby) : "301";
  const path = args.shift();
  // An option read from what Routemap cannot know leaves the redirect unknown, as a path does.
  for (const value of options.values()) {
    const unknown = unknownOf(value);
    if (unknown) return unknown;
  }
  if (options.size) {
    const parts = options.entries().map(([k, v]) => `${toS(k, m.ruby)}: ${toS(v, m.ruby)}`);
    return new RRedirect(`redirect(${code}, ${parts.join(", ")})`);
  }
  if (typeof path === "string") return new RRedirect(`redirect(${code}, ${path})`);
  if (path instanceof RProc || call.block) return new RRedirect(`redirect(${code})`);
  // A path read from what Routemap cannot know (`ENV`, `File.join` of it, a constant it could
  // not read): not Rails' error. The value stays unknown; the route given it is skipped and says why.
  const unknown = unknownOf(path);
  if (unknown) return unknown;
  throw routingError("redirection argument not supported");
}
