/**
 * A `constraints` value Routemap cannot compute (`constraints(Settings.admin) do … end`,
 * `scope constraints: X`, `resources :x, constraints: X`, `get "x", constraints: X`; issue 28 §1).
 *
 * In Rails (mapper.rb: `Scoping#scope`, `Mapping#initialize`, `#split_constraints`) a Hash's
 * keys that name a path segment (or `:controller`) become requirements, its URL options with a
 * String or Integer value also defaults, its other keys request conditions; any other value
 * is kept as a request constraint (`matches?`/`call`), even an object of a class Routemap does not
 * have (said once, at the call that gives it). None of these changes a route's path,
 * name or endpoint, so the routes in the scope are drawn; only the constraint is unknown. It is
 * kept in the scope's constraints, marked:
 * - a whole unknown value as an entry whose key and value are that unknown (printed `**«X»`:
 *   whatever it holds, merged in), which `Mapping` passes to every route's requirements;
 * - an unknown key as its unknown (`{«K»=>/x/}`), passed on the same way;
 * - an unknown value as itself, under its key (`{:id=>«X»}`), as any requirement or default is.
 * Recognition and the URL requirement checks read a marked entry as "unknown", never as none.
 * Each unknown is said once, at the call that gives it.
 */
import { FOREIGN_OBJECT, RConst, RHash, RUnknown, RValue, isValueConstant, poisonOf, unknownConstant } from "../ruby/values.js";
import type { MapperState } from "./state.js";

/** An entry that stands for a whole Hash Routemap cannot compute. */
export const isUnknownWhole = (key: RValue, value: RValue): boolean => key instanceof RUnknown && key === value;

/** A value Routemap cannot compute (an object the app makes, `Foo.new`, is a request constraint, known as such). */
function unknownWhole(v: RValue): RUnknown | undefined {
  if (v instanceof RUnknown) return v.object ? undefined : v;
  if (v instanceof RConst) return isValueConstant(v.path) ? unknownConstant(v.path) : undefined;
  return poisonOf(v);
}

/** A key that is unknown: any unknown (an object is never a Symbol either), or a constant in capitals. */
function unknownKey(k: RValue): RUnknown | undefined {
  if (k instanceof RUnknown) return k;
  return unknownWhole(k);
}

const WHAT_RAILS_DOES =
  "Rails may take requirements, defaults or request conditions from it, and raises if it gives a path segment a Regexp with anchors or the multiline option";

/**
 * The constraints a scope is given, with what Routemap cannot compute kept as marked entries of
 * a Hash it can, and said once here. Anything else is returned as it is.
 */
export function knownConstraints(m: MapperState, given: RValue, route = false): RValue {
  const whole = unknownWhole(given);
  if (whole) {
    // `Mapping#blocks` checks a route's own constraint object when it draws; a scope's is only called on requests.
    const raises = route ? "; and raises ArgumentError (Invalid constraint) if it is neither a Hash nor answers `call` or `matches?`" : "";
    m.host.info(
      `Routemap cannot compute \`${whole.description}\` (${whole.cause.why}): the routes it constrains are drawn, their constraints shown as «${whole.description}» (${WHAT_RAILS_DOES}${raises}).`,
    );
    return new RHash([[whole, whole]]);
  }
  if (given instanceof RUnknown && given.why === FOREIGN_OBJECT) {
    // An object of a class Routemap does not have (`constraints NewDesignSystemConstraint.new do`
    // where the class is a gem's): not a Hash, so Rails keeps it as a request constraint, which
    // only guards requests (Journey's formatter never calls it): what it constrains is drawn and checked.
    const raises = route ? "; Rails raises ArgumentError (Invalid constraint) when it draws the route if the object answers neither `matches?` nor `call`" : "";
    m.host.info(
      `Routemap does not have the class of \`${given.description}\`: Rails keeps the object as a request constraint, called on each request (it cannot add, remove or rename a route, and URL generation does not call it), so the routes it constrains are drawn and their helpers checked${raises}.`,
    );
    return given;
  }
  if (!(given instanceof RHash) || !given.size) return given;
  if (!given.someKey((k) => unknownKey(k) !== undefined) && !given.someValue((v) => unknownWhole(v) !== undefined)) return given;
  const out = new RHash();
  given.forEach((k, v) => {
    // A whole unknown already marked (and said) where it was given: `resources … constraints: X, id: /re/`.
    if (isUnknownWhole(k, v)) return void out.set(k, v);
    const key = unknownKey(k);
    const value = unknownWhole(v);
    if (key) m.host.info(`Routemap cannot compute \`${key.description}\` (${key.cause.why}); the table shows this constraint as «${key.description}» (it is a requirement if it names a path segment, a condition on the request otherwise).`);
    if (value) m.host.info(`Routemap cannot compute \`${value.description}\` (${value.cause.why}); the table shows it as «${value.description}».`);
    out.set(key ?? k, value ?? v);
  });
  return out;
}

/** A requirement's or default's value Routemap cannot compute: an unknown, or a constant in capitals it does not have. */
export function unknownValue(v: RValue): RUnknown | undefined {
  return v instanceof RConst ? (isValueConstant(v.path) ? unknownConstant(v.path) : undefined) : v instanceof RUnknown ? v : undefined;
}

/**
 * Says, at the call being evaluated, the requirements and defaults of `hash` Routemap cannot
 * compute (kept, printed marked: `«Patterns::SLUG»`), since `rails routes` would print the
 * values themselves; `skip` leaves out those said elsewhere (a scope's, said at the scope).
 */
export function sayUnknownValues(m: MapperState, hash: RHash, skip: (v: RValue) => boolean = () => false): void {
  hash.forEach((k, v) => {
    if (k instanceof RUnknown || skip(v)) return;
    const unknown = unknownValue(v);
    if (unknown) m.host.info(`Routemap cannot compute \`${unknown.description}\` (${unknown.cause.why}); the table shows it as «${unknown.description}».`);
  });
}

/** Whether `v` is one of the scope's constraints' values or keys (said where the scope was given). */
export function fromScope(scope: RHash | undefined, v: RValue): boolean {
  return scope !== undefined && scope.size > 0 && (scope.someValue((x) => x === v) || scope.someKey((x) => x === v));
}
