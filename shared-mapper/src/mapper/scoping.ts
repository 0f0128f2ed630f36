/**
 * `Mapper::Scoping` (mapper.rb): `scope`, `namespace`, `controller`, `constraints`,
 * `defaults`, and the `merge_*_scope` rules that combine a frame with its parent.
 */
import { RHash, RSymbol, RUnknown, RValue, isSym, mustBeKnown, sym, truthy } from "../ruby/values.js";
import { noImplicitConversion, toS } from "../ruby/print.js";
import { knownConstraints, sayUnknownValues } from "./unknownConstraints.js";
import { extractOptions, checkArity, yieldTo } from "./block.js";
import { routingError } from "./errors.js";
import { namespaceKeywords, scopeKeywords } from "./keywords81.js";
import { normalizePath } from "./mapping.js";
import { Frame, FrameKey, SCOPE_OPTIONS } from "./scope.js";
import { Call, MapperState, withScope } from "./state.js";

export const URL_OPTIONS = ["protocol", "subdomain", "domain", "host", "port"];

/** `Array#flatten` for path arguments. */
export function flatten(args: RValue[]): RValue[] {
  return args.flatMap((a) => (Array.isArray(a) ? flatten(a) : [a]));
}

/**
 * Only string and integer URL options become defaults (`subdomain: "api"`), regexps stay
 * constraints. A value Routemap cannot know may be either: kept, shown marked (`«…»`).
 */
export function urlDefaults(constraints: RHash): RHash {
  return new RHash(
    constraints
      .entries()
      .filter(([k, v]) => isSym(k) && URL_OPTIONS.includes(k.name) && (typeof v === "string" || Number.isInteger(v) || v instanceof RUnknown)),
  );
}

/**
 * `Mapper#with_default_scope` as `RouteSet#eval_block` (route_set.rb) runs a draw: inside
 * `scope(default_scope)` when the set has a truthy one (one Routemap cannot know is a scope it
 * cannot open: the draw is skipped and said, as such a `scope` is).
 */
export function withDefaultScope(m: MapperState, given: RValue | undefined, body: () => void): void {
  if (given === undefined || (!(given instanceof RUnknown) && !truthy(given))) return body();
  scope(m, { args: [given], block: null }, body);
}

export function scope(m: MapperState, call: Call, body: () => void = () => yieldTo(call.block)): void {
  const v81Hash = m.version.gte(8, 1) && call.positionalHash;
  if (m.fastPaths && !v81Hash && scopeFrame(m, call, body)) return;
  const args = [...call.args];
  // 8.1 takes a Hash passed as a value's `except:` as `only:` (keywords81.ts).
  const v81 = v81Hash ? scopeKeywords(extractOptions(args)) : undefined;
  const options = v81 ? v81.options : extractOptions(args).dup();
  const frame: Frame = {};
  if (args.length) options.sset("path", flatten(args).map((a) => toS(a, m.ruby)).join("/"));
  // (An unknown that stands for a whole Hash becomes a marked entry of a known one: unknownConstraints.ts.)
  if (options.shas("constraints")) options.sset("constraints", knownConstraints(m, options.sget("constraints")!));
  if (!truthy(options.sget("constraints"))) options.sset("constraints", new RHash());
  if (!m.scope.isNested) {
    if (options.shas("path") && !truthy(options.sget("shallow_path"))) options.sset("shallow_path", options.sget("path")!);
    if (options.shas("as") && !truthy(options.sget("shallow_prefix"))) options.sset("shallow_prefix", options.sget("as")!);
  }
  let block: RValue = null;
  const constraints = options.sget("constraints");
  const saidDefaults = options.sget("defaults");
  if (constraints instanceof RHash) {
    const given = options.sget("defaults");
    const givenHash = given instanceof RHash ? given : new RHash();
    // The merged hash is only read (by `merge_defaults_scope`): without URL constraints it is `given`.
    options.sset("defaults", constraints.size ? urlDefaults(constraints).merge(givenHash) : givenHash);
  } else {
    block = constraints ?? null;
    options.sset("constraints", new RHash());
  }
  if (v81) {
    if (v81.only !== null) frame.action_options = { only: v81.only, except: null };
  } else if (options.shas("only") || options.shas("except")) {
    frame.action_options = { only: options.sdelete("only") ?? null, except: options.sdelete("except") ?? null };
  }
  if (options.shas("anchor")) throw routingError("anchor is ignored unless passed to `match`");
  // Rails walks `Scope::OPTIONS` in order, taking each out of the options (`options.delete`),
  // `:blocks` and `:options` excepted. The options are read once here for the ones given
  // (a scope gives two or three of the sixteen), then merged in Rails' order.
  const given = givenScopeOptions(options);
  for (let i = 0; i < SCOPE_OPTIONS.length; i++) {
    const option = SCOPE_OPTIONS[i];
    let value: RValue | undefined;
    if (option === "blocks") value = block;
    else if (option === "options") value = options;
    else if (given !== undefined && given[i]) value = options.sdelete(option)!;
    else continue;
    (frame as Record<string, unknown>)[option] = mergeScope(option, m.scope.get(option), value);
  }
  // What it gives its routes that Routemap cannot compute (`locale: /#{I18n.x}/`) is said here, once.
  sayUnknownValues(m, options);
  if (saidDefaults instanceof RHash) sayUnknownValues(m, saidDefaults);
  withScope(m, m.scope.push(frame), body);
}

/** Position of each of `Scope::OPTIONS` that `scope` takes out of its options. */
const TAKEN_OPTIONS = new Map<string, number>(
  SCOPE_OPTIONS.flatMap((o, i) => (o === "blocks" || o === "options" ? [] : [[o, i] as [string, number]])),
);

/** Which of `Scope::OPTIONS` the options give (a symbol key of that name), or undefined for none. */
function givenScopeOptions(options: RHash): boolean[] | undefined {
  let given: boolean[] | undefined;
  // `someKey` walks the keys in place (no copy of them); it is never stopped early here.
  options.someKey((k) => {
    const at = k instanceof RSymbol ? TAKEN_OPTIONS.get(k.name) : undefined;
    if (at !== undefined) (given ??= [])[at] = true;
    return false;
  });
  return given;
}

const FRAME_OPTIONS = new Set(["path", "module", "as"]);

/**
 * `scope` given only a path (positional, or `path:`), `module:` and `as:`, each a string or a
 * symbol, as one frame: the general path above would set the same `path`, `module` and `as`,
 * and outside a `nested` scope `shallow_path` and `shallow_prefix` from them; the constraints,
 * defaults and options it also stores are the parent's merged with empty hashes (no constraints
 * given, no URL defaults, every option taken), which read the same as the parent's (none is
 * changed in place once in a frame), and its blocks are the parent's. `namespaceFrame` below
 * rests on the same reading. False (nothing done) for any other scope.
 */
function scopeFrame(m: MapperState, call: Call, body: () => void): boolean {
  const args = call.args;
  const last = args.length ? args[args.length - 1] : undefined;
  const options = last instanceof RHash ? last : undefined;
  const positional = options ? args.length - 1 : args.length;
  for (let i = 0; i < positional; i++) if (!plainName(args[i])) return false;
  let path: RValue | undefined;
  let as: RValue | undefined;
  let module: RValue | undefined;
  if (options) {
    if (options.defaultValue !== null || options.defaultProc !== null) return false;
    if (options.someKey((k) => !(k instanceof RSymbol) || !FRAME_OPTIONS.has(k.name))) return false;
    path = options.sget("path");
    as = options.sget("as");
    module = options.sget("module");
    for (const v of [path, as, module]) if (v !== undefined && !plainName(v)) return false;
  }
  if (positional) path = flatten(args.slice(0, positional)).map((a) => toS(a, m.ruby)).join("/");
  const s = m.scope;
  const frame: Frame = {};
  if (path !== undefined) {
    frame.path = mergeScope("path", s.get("path"), path) as RValue;
    if (!s.isNested) frame.shallow_path = mergeScope("shallow_path", s.get("shallow_path"), path) as RValue;
  }
  if (as !== undefined) {
    frame.as = mergeScope("as", s.get("as"), as) as RValue;
    if (!s.isNested) frame.shallow_prefix = mergeScope("shallow_prefix", s.get("shallow_prefix"), as) as RValue;
  }
  if (module !== undefined) frame.module = mergeScope("module", s.get("module"), module) as RValue;
  withScope(m, s.push(frame), body);
  return true;
}

/** A string or a symbol: what `scopeFrame` takes as a path, a module or a name. */
function plainName(v: RValue): boolean {
  return typeof v === "string" || v instanceof RSymbol;
}

/** The `merge_<option>_scope` methods of Rails' Scoping module. */
export function mergeScope(option: FrameKey, parent: unknown, child: RValue): unknown {
  switch (option) {
    case "path":
    case "shallow_path":
      return normalizePath(`${toS((parent ?? null) as RValue)}/${toS(child)}`);
    case "as":
    case "shallow_prefix":
      return truthy(parent as RValue) ? `${toS(parent as RValue)}_${toS(child)}` : child;
    case "module":
      return truthy(parent as RValue) ? `${toS(parent as RValue)}/${toS(child)}` : child;
    case "path_names":
    case "constraints":
    case "defaults":
    case "options":
      return mergeOptions(parent as RHash | undefined, child);
    case "blocks": {
      // Block lists are never changed once made, so a scope that adds none shares its parent's.
      if (!truthy(child)) return parent ?? NO_BLOCKS;
      return parent ? [...(parent as RValue[]), child] : [child];
    }
    case "shallow":
      return truthy(child);
    default:
      return child;
  }
}

export function mergeOptions(parent: RHash | undefined, child: RValue): RHash {
  mustBeKnown(child);
  if (!(child instanceof RHash)) {
    throw routingError(noImplicitConversion(child, "Hash"), "TypeError");
  }
  return parent ? parent.merge(child) : child.dup();
}

const NO_BLOCKS: RValue[] = [];

export function controller(m: MapperState, call: Call): void {
  checkArity(call.args, 1, 1);
  withScope(m, m.scope.push({ controller: call.args[0] }), () => yieldTo(call.block));
}

const NAMESPACE_KEYS = [sym("module"), sym("as"), sym("shallow_path"), sym("shallow_prefix")];

/** `Scoping#namespace`; `Resources#namespace` wraps it in `nested` inside a resource. */
export function namespaceScope(m: MapperState, call: Call): void {
  checkArity(call.args, 1, 2);
  const path = toS(call.args[0], m.ruby);
  if (m.version.gte(8, 1) && call.positionalHash && call.args[1] instanceof RHash) return namespace81(m, path, call.args[1], call);
  if (m.fastPaths && call.args.length === 1) return namespaceFrame(m, path, call);
  const options = call.args[1] instanceof RHash ? call.args[1].dup() : new RHash();
  const as = options.shas("as") ? options.sget("as")! : path;
  const defaults = RHash.fromArrays(NAMESPACE_KEYS.slice(), [path, as, options.shas("path") ? options.sget("path")! : path, as]);
  const scopePath = options.shas("path") ? options.sdelete("path")! : path;
  pathScope(m, toS(scopePath, m.ruby), () => scope(m, { args: [defaults.merge(options)], block: call.block }));
}

/**
 * 8.1's `namespace name, HASH` (mapper.rb v8.1.3 l.1098–1117): of the Hash only `as` is taken;
 * its `path`, `shallow_path` and `shallow_prefix` join the scope's options (keywords81.ts), inside
 * `path_scope(name)`, and the scope is given `as:`, `shallow_path: name`, `shallow_prefix: as`.
 */
function namespace81(m: MapperState, name: string, given: RHash, call: Call): void {
  const { as, options } = namespaceKeywords(given);
  const asValue = as === undefined ? name : as;
  if (!truthy(options.sget("module") ?? null)) options.sset("module", name);
  options.sset("as", asValue);
  options.sset("shallow_path", name);
  options.sset("shallow_prefix", asValue);
  pathScope(m, name, () => scope(m, { args: [options], block: call.block }));
}

/**
 * `namespace :admin do ... end` without options, as one frame: `path_scope` sets the path,
 * and `scope(module:, as:, shallow_path:, shallow_prefix:)` those four. The constraints,
 * defaults and options `scope` also stores are the parent's merged with nothing, which read
 * the same as the parent's (none is changed in place once in a frame), and its blocks are
 * the parent's; it adds no shallow option of its own, as it is given no `:path`.
 */
function namespaceFrame(m: MapperState, name: string, call: Call): void {
  const s = m.scope;
  const frame: Frame = {
    path: mergeScope("path", s.get("path"), name) as RValue,
    shallow_path: mergeScope("shallow_path", s.get("shallow_path"), name) as RValue,
    as: mergeScope("as", s.get("as"), name) as RValue,
    shallow_prefix: mergeScope("shallow_prefix", s.get("shallow_prefix"), name) as RValue,
    module: mergeScope("module", s.get("module"), name) as RValue,
  };
  withScope(m, s.push(frame), () => yieldTo(call.block));
}

export function constraints(m: MapperState, call: Call): void {
  checkArity(call.args, 0, 1);
  const c = call.args.length ? call.args[0] : new RHash();
  scope(m, { args: [new RHash().sset("constraints", c)], block: call.block });
}

export function defaults(m: MapperState, call: Call, body: () => void = () => yieldTo(call.block)): void {
  checkArity(call.args, 0, 1);
  const d = call.args.length ? call.args[0] : new RHash();
  if (d instanceof RHash) sayUnknownValues(m, d);
  withScope(m, m.scope.push({ defaults: mergeOptions(m.scope.get("defaults"), d) }), body);
}

/** `Resources#path_scope` (private): appends to the scope's path. */
export function pathScope(m: MapperState, path: string, body: () => void): void {
  const merged = normalizePath(`${toS(m.scope.get("path") ?? null)}/${path}`);
  withScope(m, m.scope.push({ path: merged }), body);
}
