/**
 * `Devise.mappings`: the `Devise::Mapping` objects that `devise_for` has made so far (heartcombo/devise
 * lib/devise.rb `add_mapping`, lib/devise/mapping.rb; 4.8.1, the same in 4.9 and 5.0). A routes
 * file reads them after its `devise_for`, as sul-dlss/argo does inside `devise_scope`:
 * `match 'webauth/logout' => 'devise/sessions#destroy', via: Devise.mappings[:user].sign_out_via`.
 *
 * `devise_for` adds each resource's mapping under its singular name before it draws (even where
 * the model cannot be read), so a mapping is known from its `devise_for` on. A mapping answers
 * the readers whose values are `devise_for`'s options and Devise's settings (below), its
 * `controllers` and `path_names` Hashes, and, once the model is read, its `modules`, `routes` and
 * `used_routes`; the rest (`to`, `strategies`…) stay unknown methods, said as such.
 *
 * Devise keeps them in a class variable, one for the process; here they are kept per route set,
 * as the OmniAuth prefix is (`devise.ts`): an engine's `devise_for` is not seen by the app's routes.
 */
import { RHash, RObject, RString, type RValue, sym } from "../ruby/values.js";

/** What `Devise::Mapping.new(name, options)` computes that its readers return. */
export interface MappingValues {
  singular: string;
  scopedPath: string;
  path: string;
  pathPrefix: string | undefined;
  className: string;
  signOutVia: RValue;
  format: RValue;
  routerName: RValue;
  /** `controllers` and `path_names`: Hashes with Devise's default procs (`devise.ts` makes them). */
  controllers?: RHash;
  pathNames?: RHash;
  /** What the model's modules make of it, once they are read (`mappingModules`). */
  modules?: string[];
  routes?: string[];
  usedRoutes?: string[];
}

const CLASS = "Devise::Mapping";

/** `attr_reader :singular, :scoped_path, :path, :class_name, :sign_out_via, :format, :router_name` (and `alias name singular`), and `fullpath`. */
const READERS: Record<string, (v: MappingValues) => RValue | undefined> = {
  singular: (v) => sym(v.singular),
  name: (v) => sym(v.singular),
  scoped_path: (v) => new RString(v.scopedPath),
  path: (v) => new RString(v.path),
  class_name: (v) => new RString(v.className),
  sign_out_via: (v) => v.signOutVia,
  format: (v) => v.format,
  router_name: (v) => v.routerName,
  // `"/#{@path_prefix}/#{@path}".squeeze("/")`
  fullpath: (v) => new RString(`/${v.pathPrefix ?? ""}/${v.path}`.replace(/\/+/g, "/")),
  // The same Hash each time, as an attr_reader's: its default proc stores what it makes.
  controllers: (v) => v.controllers,
  path_names: (v) => v.pathNames,
  modules: (v) => v.modules?.map((n) => sym(n)),
  routes: (v) => v.routes?.map((n) => sym(n)),
  used_routes: (v) => v.usedRoutes?.map((n) => sym(n)),
};

/** The mappings per route set, in the order `devise_for` added them. */
const registry = new WeakMap<object, Map<string, RObject>>();

/**
 * `Devise.add_mapping`: `@@mappings[mapping.name] = mapping` (a later `devise_for` of the same name
 * replaces it). The object's readers read `mapping` when called: what is set on it later (the
 * model's modules) answers from then on.
 */
export function addMapping(set: object, mapping: MappingValues): RObject {
  let mappings = registry.get(set);
  if (!mappings) registry.set(set, (mappings = new Map()));
  const object = new RObject(CLASS, new Set(Object.keys(READERS)));
  object.native = new Map(Object.entries(READERS).map(([name, reader]) => [name, () => reader(mapping)]));
  mappings.set(mapping.singular, object);
  return object;
}

/** `Devise.mappings`: a Hash of each mapping's name (a Symbol) to it; a new Hash each time, as a copy would be. */
export function deviseMappings(set: object): RHash {
  const mappings = registry.get(set) ?? new Map<string, RObject>();
  return RHash.fromArrays([...mappings.keys()].map((k) => sym(k)), [...mappings.values()]);
}
