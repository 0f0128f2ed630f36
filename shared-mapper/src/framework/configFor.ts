/**
 * `config_for(name, env: Rails.env)` of the app's Rails::Application (railties 6.1,
 * lib/rails/application.rb): config/<name>.yml (or the Pathname given) read as data, its keys
 * deep-symbolized, the environment's section deep-merged over `shared:`, and a Hash result made
 * an ActiveSupport::OrderedOptions. The YAML is read by appYaml.ts, so ERB (which Rails runs)
 * makes the value unknown; nothing is ever run.
 */
import { callMethod, orderedOptions } from "../core/index.js";
import type { Runtime } from "../core/runtime.js";
import { RoutingError } from "../mapper/errors.js";
import { inspect } from "../ruby/print.js";
import { RHash, RPathname, RSymbol, RUnknown, stringValue, sym, type RValue } from "../ruby/values.js";
import { loadYaml } from "./appYaml.js";

export interface ConfigForHost {
  /** The app's root; config_for of an app Routemap has no root for is unknown. */
  appRoot?: string;
  /** The environment Rails runs in (`Rails.env`). */
  railsEnv: string;
  text(path: string): string | undefined;
  exists(path: string): boolean;
}

/** The value of `config_for(*args)`, or unknown where the file's data is not plain (ERB, aliases…). */
export function configFor(rt: Runtime, host: ConfigForHost, args: RValue[]): RValue {
  const options = args.length > 1 && args[args.length - 1] instanceof RHash ? (args[args.length - 1] as RHash) : undefined;
  const name = args[0];
  const description = `config_for(${inspect(name ?? null)})`;
  const unknown = (why: string) => new RUnknown(description, false, why, undefined, description);
  if (host.appRoot === undefined) return unknown("the app's configuration, and Routemap was given no app root");
  const envValue = options?.sget("env");
  const env = envValue === undefined ? host.railsEnv : envValue instanceof RSymbol ? envValue.name : stringValue(envValue);
  if (env === undefined) return unknown("a configuration for an environment Routemap cannot compute");
  // `"#{paths["config"].existent.first}/#{name}.yml"`: a Symbol or String interpolated.
  const base = name instanceof RSymbol ? name.name : stringValue(name ?? null);
  if (!(name instanceof RPathname) && base === undefined) return unknown("a configuration name Routemap cannot compute");
  const path = name instanceof RPathname ? name.path : `${host.appRoot}/config/${base}.yml`;
  const text = host.text(path);
  if (text === undefined) {
    if (host.exists(path)) return unknown("a file Routemap did not read");
    throw new RoutingError(`Could not load configuration. No such file - ${path}`, "RuntimeError");
  }
  const data = loadYaml(text, description);
  if (data instanceof RUnknown) return data;
  if (!(data instanceof RHash)) return unknown("a configuration file whose data is not a mapping");
  const all = callMethod(rt, data, "deep_symbolize_keys", [], null);
  if (!(all instanceof RHash)) return unknown("a configuration file Routemap cannot read");
  let config: RValue = all.get(sym(env)) ?? null;
  const shared = all.get(sym("shared"));
  if (shared !== undefined && shared !== null) {
    if (config === null) config = new RHash();
    if (config instanceof RHash) config = callMethod(rt, shared, "deep_merge", [config], null) ?? unknown("a `shared:` section Routemap cannot merge");
  }
  return config instanceof RHash ? orderedOptions(config) : config;
}
