/**
 * `Mapper::Concerns` (mapper.rb): `concern` records a callable, `concerns` calls it in the
 * current scope with the options given. A block becomes `lambda { |mapper, options|
 * mapper.instance_exec(options, &block) }`; any other callable (a lambda, a proc, an object
 * with `call`) is called as `callable.call(mapper, options)`, so it draws through its first
 * argument, and a lambda of the wrong arity raises at its own line. Names are looked up as
 * given: `:x` and `"x"` differ.
 */
import { RHash, RMapper, RValue, UnknownValueError, isSym } from "../ruby/values.js";
import { toS } from "../ruby/print.js";
import { extractOptions, checkArity } from "./block.js";
import { routingError } from "./errors.js";
import { flatten } from "./scoping.js";
import type { Call, MapperState } from "./state.js";
import type { Concern } from "./types.js";

export type { Concern };

const key = (name: RValue): string => (isSym(name) ? ":" + name.name : "s:" + toS(name));

export function concern(m: MapperState, call: Call): void {
  checkArity(call.args, 1, 2);
  const [name, callable] = call.args;
  // `callable ||= lambda { ... }`: a nil or false callable falls back to the block.
  if (callable !== undefined && callable !== null && callable !== false) m.concerns.set(key(name), { callable });
  else if (call.block) m.concerns.set(key(name), { block: call.block });
  else throw routingError("tried to create Proc object without a block");
}

export function concerns(m: MapperState, call: Call): void {
  const args = [...call.args];
  // 8.1's `concerns(*args, **options)` leaves a Hash passed as a value among the names (mapper.rb v8.1.3 l.2313).
  const options = m.version.gte(8, 1) && call.positionalHash ? new RHash() : extractOptions(args);
  for (const name of flatten(args)) {
    const k = key(name);
    const found = m.concerns.get(k);
    m.concernProbe?.(k, found);
    if (!found) throw routingError(`No concern named ${toS(name, m.ruby)} was found!`);
    if ("block" in found) found.block.call([options]);
    else callConcern(m, name, found.callable, options);
  }
}

/**
 * `callable.call(mapper, options)`. One Routemap cannot run (an object of a gem's class it does
 * not have: ActiveScaffold's `ActiveScaffold::Routing::Basic.new`) may only draw in the current
 * scope: what it draws is missing and said, and what the call around it draws (the resource's
 * own routes) stays.
 */
function callConcern(m: MapperState, name: RValue, callable: RValue, options: RValue): void {
  try {
    m.host.callValue(callable, [RMapper.instance, options]);
  } catch (e) {
    if (!(e instanceof UnknownValueError)) throw e;
    const text = (v: RValue | undefined) => (typeof v === "string" ? v : isSym(v ?? null) ? (v as { name: string }).name : undefined);
    const message = `Routemap cannot run the concern ${toS(name, m.ruby)}: it is \`${e.value.description}\`, ${e.value.cause.why}. The routes it draws here are missing.`;
    m.host.missing(message, { namePrefix: text(m.scope.get("as")), modules: [text(m.scope.get("module"))] });
  }
}
