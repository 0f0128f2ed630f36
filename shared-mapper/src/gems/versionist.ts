/**
 * versionist's `api_version` (bploetz/versionist, lib/versionist/routing.rb, v2.0.1, and
 * lib/versionist/versioning_strategy/{base,header,path,parameter,default}.rb for the checks).
 *
 * `api_version(config) { ... }` draws its block once per strategy the config names, in this
 * order: `header:` in `scope(module:, constraints: <header strategy>)`, `path:` in
 * `namespace(value, module:, as: value with non-word characters as "_")`, `parameter:` in
 * `scope(module:, constraints: <parameter strategy>, as: value likewise)` (the `as:` since
 * 2.0), and `default: true` in `scope(module:, constraints: <default strategy>, as: "default")`;
 * each with `defaults:` when given. The module is underscored (`Api::V1` → `api/v1`) from
 * Rails 4 on. The strategies are request constraints: they print nothing in the table.
 */
import { underscore } from "../inflector.js";
import { routingError } from "../mapper/errors.js";
import { namespace } from "../mapper/resources.js";
import { scope } from "../mapper/scoping.js";
import type { Call, MapperState } from "../mapper/state.js";
import { RHash, RUnknown, RValue, sym, truthy } from "../ruby/values.js";
import { toS } from "../ruby/print.js";

/** The module of the default version each app's table has, for "more than one default" (versionist keeps it in its configuration). */
const defaultModules = new WeakMap<object, string>();

export function apiVersion(m: MapperState, call: Call, gemVersion: string | undefined): void {
  const config = checkedConfig(call.args[0]);
  if (m.version.gte(4, 0)) config.sset("module", underscore(toS(config.sget("module") ?? null)));
  const common = () => {
    const options = new RHash([[sym("module"), config.sget("module") ?? null]]);
    if (config.shas("defaults")) options.sset("defaults", config.sget("defaults")!);
    return options;
  };
  const block = call.block;
  if (config.shas("header")) {
    strategy(config, "header", ["name", "value"]);
    const name = toS((config.sget("header") as RHash).sget("name") ?? null);
    if (name.toLowerCase() === "version") {
      throw routingError(`a header :name of 'version' will clash with the built in rack header "HTTP_VERSION". You must use a different header name`);
    }
    scope(m, { args: [common().sset("constraints", constraint("Header"))], block });
  }
  if (config.shas("path")) {
    const path = strategy(config, "path", ["value"]);
    const value = toS(path.sget("value") ?? null).replace(/^\//, "");
    namespace(m, { args: [value, common().sset("as", wordsOnly(value))], block });
  }
  if (config.shas("parameter")) {
    const parameter = strategy(config, "parameter", ["name", "value"]);
    const options = common().sset("constraints", constraint("Parameter"));
    if (major(gemVersion) >= 2) options.sset("as", wordsOnly(toS(parameter.sget("value") ?? null)));
    scope(m, { args: [options], block });
  }
  if (truthy(config.sget("default") ?? null)) {
    const module = toS(config.sget("module") ?? null);
    const earlier = defaultModules.get(m.set);
    if (earlier !== undefined && earlier !== module) throw routingError("[VERSIONIST] attempt to set more than one default api version");
    defaultModules.set(m.set, module);
    scope(m, { args: [common().sset("constraints", constraint("Default")).sset("as", "default")], block });
  }
}

/** `api_version`'s own checks, in its order; the config with its top-level keys symbolized (`symbolize_keys!`). */
function checkedConfig(given: RValue | undefined): RHash {
  if (!(given instanceof RHash)) throw routingError("you must pass a configuration Hash to api_version");
  const config = new RHash();
  given.forEach((k, v) => config.set(typeof k === "string" ? sym(k) : k, v));
  if (!config.shas("header") && !config.shas("path") && !config.shas("parameter")) {
    throw routingError("you must specify :header, :path, or :parameter in configuration Hash passed to api_version");
  }
  for (const key of ["header", "path", "parameter"]) {
    if (config.shas(key) && !(config.sget(key) instanceof RHash)) {
      throw routingError(`${key} key in configuration Hash passed to api_version must point to a Hash`);
    }
  }
  if (!config.shas("module")) throw routingError("you must specify :module in configuration Hash passed to api_version");
  if (config.shas("defaults") && !(config.sget("defaults") instanceof RHash)) throw routingError(":defaults must be a Hash");
  return config;
}

/** A strategy's Hash, checked for the keys its class requires (`you must specify :value in the :path configuration Hash`). */
function strategy(config: RHash, name: string, required: string[]): RHash {
  const hash = config.sget(name) as RHash;
  for (const key of required) {
    if (!hash.has(sym(key))) throw routingError(`you must specify :${key} in the :${name} configuration Hash`);
  }
  return hash;
}

/** A versioning strategy, a request constraint: an object Rails calls `matches?` on. */
const constraint = (kind: string) => new RUnknown(`Versionist::VersioningStrategy::${kind}.new`, true);

/** `value.gsub(/\W/, '_')` */
const wordsOnly = (value: string) => value.replace(/[^A-Za-z0-9_]/g, "_");

const major = (version: string | undefined) => (version === undefined ? Infinity : parseInt(version, 10));
