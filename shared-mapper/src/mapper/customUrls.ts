/**
 * `Mapper::CustomUrls` (mapper.rb): `direct` and `resolve` define URL helpers but no
 * routes; we record them so their helpers (`homepage_url`) are known to the editor.
 */
import { RHash } from "../ruby/values.js";
import { toS } from "../ruby/print.js";
import { checkArity, extractOptions } from "./block.js";
import { routingError } from "./errors.js";
import { flatten } from "./scoping.js";
import type { Call, MapperState } from "./state.js";

function requireRootScope(m: MapperState, method: string): void {
  if (!m.scope.isRoot) throw routingError(`The ${method} method can't be used inside a routes scope block`, "RuntimeError");
}

/** The framework or gem drawing, if one is (`Declaration.origin`). */
const origin = (m: MapperState) => (m.host.sourceRef() as { origin?: string }).origin;

export function direct(m: MapperState, call: Call): void {
  checkArity(call.args, 1, 2);
  requireRootScope(m, "direct");
  m.set.addCustomHelper("direct", toS(call.args[0]), m.host.source(), origin(m));
}

export function resolve(m: MapperState, call: Call): void {
  requireRootScope(m, "resolve");
  const args = [...call.args];
  extractOptions(args);
  for (const klass of flatten(args)) {
    if (klass instanceof RHash) continue;
    m.set.addCustomHelper("resolve", toS(klass), m.host.source(), origin(m));
  }
}
