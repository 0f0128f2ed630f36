/**
 * `Mapper::Concerns` (mapper.rb): `concern` records a block, `concerns` replays it in the
 * current scope with the options given. Names are looked up as given: `:x` and `"x"` differ.
 */
import { RProc, RValue, isSym, toS } from "../ruby/values.js";
import { extractOptions, checkArity } from "./block.js";
import { routingError } from "./errors.js";
import { flatten } from "./scoping.js";
import type { Call, MapperState } from "./state.js";

const key = (name: RValue): string => (isSym(name) ? ":" + name.name : "s:" + toS(name));

export function concern(m: MapperState, call: Call): void {
  checkArity(call.args, 1, 2);
  const [name, callable] = call.args;
  const body = callable instanceof RProc ? callable : call.block;
  if (!body) throw routingError("tried to create Proc object without a block");
  m.concerns.set(key(name), body);
}

export function concerns(m: MapperState, call: Call): void {
  const args = [...call.args];
  const options = extractOptions(args);
  for (const name of flatten(args)) {
    const body = m.concerns.get(key(name));
    if (!body) throw routingError(`No concern named ${toS(name, m.ruby)} was found!`);
    body.call([options]);
  }
}
