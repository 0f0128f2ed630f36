/**
 * `Rails.application.config_for(name, env: Rails.env)` (railties, Rails::Application#config_for):
 * config/<name>.yml (a Pathname as given), read by ActiveSupport::ConfigurationFile (ERB, then
 * Psych's unsafe load: aliases and merge keys; framework/appYaml.ts), its keys made Symbols
 * (`deep_symbolize_keys`), the environment's section deep-merged over `shared:`, and a Hash
 * result made an ActiveSupport::OrderedOptions (core/orderedOptions.ts). A missing file raises.
 *
 * The series differ only where `shared:` is not a Hash (railties 6.1 application.rb:249-254
 * against 7.0's :226-233, unchanged through 8.1):
 * - 6.1: with no section for the environment, `shared.deep_merge({})`, which only a Hash has
 *   (NoMethodError otherwise); a section that is not a Hash is returned, `shared:` ignored;
 * - 7.0 and later: with no section, `shared:` itself, whatever it is; a section or a `shared:`
 *   that is not a Hash is returned as it is, unmerged.
 * A missing section with no `shared:` is nil in every series (not an empty Hash). ActiveSupport
 * 8.0's ConfigurationFile loads a file without `<%` with `YAML.unsafe_load_file` instead of
 * running ERB first: the same value.
 * ERB is run by Rails and never by Routemap: such a file's value is unknown, as is a file with
 * Ruby-specific YAML (tags, or scalars Psych types as YAML 1.2 does not).
 */
import { RoutingError } from "../mapper/errors.js";
import { inspect, noMethodMessage, type RubyVersion } from "../ruby/print.js";
import { RHash, RPathname, RString, RSymbol, RUnknown, stringValue, type RValue } from "../ruby/values.js";
import { orderedOptions } from "../core/orderedOptions.js";
import { loadYaml } from "./appYaml.js";

export interface ConfigForInput {
  /** The first argument: a Symbol or String names config/<name>.yml, a Pathname is the file. */
  name: RValue;
  /** `env:`, else `Rails.env`. */
  env: string;
  /** The Rails series followed (`6.1`, `7.0`…) and the Ruby whose messages are used. */
  series: string;
  ruby: RubyVersion;
  /** The app's root; files are absolute paths under it. */
  appRoot: string;
  /** A file's text; undefined when the host has not read it. */
  text(path: string): string | undefined;
  exists(path: string): boolean;
}

/** `config_for`'s value, unknown where the file is not read or needs what Routemap does not run; raises as Rails raises. */
export function configFor(input: ConfigForInput): RValue | undefined {
  const path = configPath(input);
  if (path === undefined) return undefined;
  const description = `config_for(${input.name instanceof RPathname ? `Pathname(${path})` : inspect(input.name)})`;
  const text = input.text(path);
  if (text === undefined) {
    if (input.exists(path)) return new RUnknown(description, false, "a file Routemap did not read", undefined, description);
    throw new RoutingError(`Could not load configuration. No such file - ${path}`, "RuntimeError");
  }
  const all = loadYaml(text, description, { aliases: true });
  if (all instanceof RUnknown) return all;
  // `parse(…) || {}`: an empty file is an empty Hash; `deep_symbolize_keys` needs a Hash.
  const configs = all === null || all === false ? new RHash() : all;
  if (!(configs instanceof RHash)) throw new RoutingError(noMethodMessage(input.ruby, "deep_symbolize_keys", configs), "NoMethodError");
  const symbolized = symbolize(configs) as RHash;
  const section = symbolized.get(RSymbol.for(input.env)) ?? null;
  const shared = symbolized.get(RSymbol.for("shared")) ?? null;
  const config = mergeShared(section, shared, input);
  return config instanceof RHash ? orderedOptions(config, input.series) : config;
}

/** The file: `"#{paths["config"].existent.first}/#{name}.yml"`, or the Pathname given (relative to the app, where `bin/rails` runs). */
function configPath(input: ConfigForInput): string | undefined {
  if (input.name instanceof RPathname) return input.name.path.startsWith("/") ? input.name.path : `${input.appRoot}/${input.name.path}`;
  const name = input.name instanceof RSymbol ? input.name.name : stringValue(input.name);
  return name === undefined ? undefined : `${input.appRoot}/config/${name}.yml`;
}

/** The environment's section over `shared:`, as the series does it (see the header). */
function mergeShared(section: RValue, shared: RValue, input: ConfigForInput): RValue {
  if (shared === null || shared === false) return section;
  const [major] = input.series.split(".").map(Number);
  if (major < 7) {
    const config = section === null ? new RHash() : section;
    if (!(config instanceof RHash)) return config;
    if (!(shared instanceof RHash)) throw new RoutingError(noMethodMessage(input.ruby, "deep_merge", shared), "NoMethodError");
    return deepMerge(shared, config);
  }
  if (section === null && shared instanceof RHash) return deepMerge(shared, new RHash());
  if (section instanceof RHash && shared instanceof RHash) return deepMerge(shared, section);
  return section === null ? shared : section;
}

/** ActiveSupport's `Hash#deep_merge`: a copy of `base` with `other`'s pairs, Hashes under the same key merged in turn. */
function deepMerge(base: RHash, other: RHash): RHash {
  const out = new RHash(base.entries());
  other.forEach((k, v) => {
    const mine = out.get(k);
    out.set(k, mine instanceof RHash && v instanceof RHash ? deepMerge(mine, v) : v);
  });
  return out;
}

/** `deep_symbolize_keys`: String keys become Symbols (others stay, `to_sym rescue key`), through Hashes and Arrays. */
function symbolize(v: RValue): RValue {
  if (Array.isArray(v)) return v.map(symbolize);
  if (!(v instanceof RHash)) return v;
  const out = new RHash();
  v.forEach((k, value) => {
    const text = typeof k === "string" ? k : k instanceof RString ? k.value : undefined;
    out.set(text === undefined ? k : RSymbol.for(text), symbolize(value));
  });
  return out;
}
