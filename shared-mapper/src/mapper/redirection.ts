/**
 * `ActionDispatch::Routing::Redirection#redirect` (redirection.rb): the endpoint values
 * and how `rails routes` prints them (`redirect(301, /new)`, `redirect(302, path: /x)`).
 */
import { RProc, RRedirect, RUnknown, RValue, truthy, unknownOf } from "../ruby/values.js";
import { displayText, toS } from "../ruby/print.js";
import { extractOptions } from "./block.js";
import { routingError } from "./errors.js";
import type { Call, MapperState } from "./state.js";

export function redirect(m: MapperState, call: Call): RRedirect | RUnknown {
  const args = [...call.args];
  const options = extractOptions(args).dup();
  const status = options.sdelete("status");
  // A part read from what Routemap cannot know (`ENV`, a constant it could not read) is shown
  // marked (`redirect(301, «ENV["CDN"]»)`) and said so: the route is a redirect all the same.
  const text = (v: RValue) => {
    const unknown = unknownOf(v);
    if (unknown) m.host.info(`Routemap cannot compute \`${unknown.description}\` in this redirect (${unknown.cause.why}); the table shows it as ${displayText(unknown, m.ruby)}.`);
    return unknown ? displayText(unknown, m.ruby) : toS(v, m.ruby);
  };
  const code = status instanceof RUnknown || truthy(status) ? text(status!) : "301";
  const path = args.shift();
  if (options.size) {
    const parts = options.entries().map(([k, v]) => `${toS(k, m.ruby)}: ${text(v)}`);
    return new RRedirect(`redirect(${code}, ${parts.join(", ")})`);
  }
  if (typeof path === "string") return new RRedirect(`redirect(${code}, ${path})`);
  if (path instanceof RProc || call.block) return new RRedirect(`redirect(${code})`);
  if (unknownOf(path)) return new RRedirect(`redirect(${code}, ${text(path!)})`);
  // `block = path if path.respond_to? :call`: an object with `call` (`redirect(Redirector.new)`).
  const responds = path === undefined ? false : m.host.respondsTo(path, "call");
  if (responds) return new RRedirect(`redirect(${code})`);
  if (responds === undefined) {
    const shown = toS(path!, m.ruby);
    m.host.info(`Routemap cannot tell whether \`${shown}\` answers \`call\` (its class is not in the files Routemap has); the table shows it as «${shown}».`);
    return new RRedirect(`redirect(${code}, «${shown}»)`);
  }
  throw routingError("redirection argument not supported");
}
