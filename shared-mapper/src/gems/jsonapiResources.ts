/**
 * jsonapi-resources' routing methods (cerebris/jsonapi-resources lib/jsonapi/routing_ext.rb at
 * v0.10.7; 0.10.0–0.10.6 have the same file; 0.9.x draws the same routes but names the related
 * actions `get_related_resource(s)`; master after 0.10.7 names related routes otherwise and is
 * not followed): `jsonapi_resources`, `jsonapi_resource`, `jsonapi_relationships`,
 * `jsonapi_link(s)`, `jsonapi_related_resource(s)`.
 *
 * Each reads the app's resource class that `JSONAPI::Resource.resource_klass_for` finds for the
 * scope's module and the resource (`jsonapiResourceClasses.ts`): `jsonapi_resources :crops` in
 * `namespace :api do namespace :v1` reads `Api::V1::CropResource`, draws `resources :crops`
 * without `new`/`edit` (and `create`/`update`/`destroy` for an immutable class), the class's
 * `routing_options` merged over the call's, then in the resource's block, unless a block is
 * given, each relationship's `relationships/x` routes and its related route. Where a class, a
 * relationship or a setting cannot be read, the routes that depend on it are not drawn and their
 * names are left open, said at the call.
 *
 * `JSONAPI.configuration.route_format` (`:dasherized_route` by default) formats the paths:
 * `has_many :blog_posts` is `/blog-posts`. It also reopens `Resource#nested_param` for every
 * resource of the app (`jsonapiNestedParam`), which differs from Rails' only for a resource named
 * with dashes or capitals.
 */
import { camelize, dasherize, pluralize, singularize, underscore } from "../inflector.js";
import { extractOptions, yieldTo } from "../mapper/block.js";
import { routingError } from "../mapper/errors.js";
import { match, resource, resources } from "../mapper/resources.js";
import { controller } from "../mapper/scoping.js";
import { gemVersion, type Call, type MapperState } from "../mapper/state.js";
import type { NestedParam } from "../mapper/types.js";
import { inspect, noMethodMessage, toS } from "../ruby/print.js";
import { isStepsOut } from "../dsl/budget.js";
import { RHash, RString, RSymbol, RUnknown, RValue, stringValue, sym, truthy, UnknownValueError } from "../ruby/values.js";
import { invoke, kw } from "../framework/draw.js";
import { readJsonapiSettings, resourceKlassFor, UUID_PATTERN, type ClassReader, type Found, type JsonapiSettings, type ResourceClass } from "./jsonapiResourceClasses.js";

/** What the gem keeps on the mapper: `@resource_type`, and `@scope[:jsonapi_resource]` as a stack; the classes read. */
interface GemState {
  resourceType: RValue | undefined;
  scoped: RValue[];
  classes: Map<string, Found>;
  settings?: JsonapiSettings;
  /** `JSONAPI.configuration.route_formatter`, or why it cannot be read. */
  formatter?: Formatter | Unreadable;
}

const states = new WeakMap<MapperState, GemState>();

function gemState(m: MapperState): GemState {
  let state = states.get(m);
  if (!state) states.set(m, (state = { resourceType: undefined, scoped: [], classes: new Map() }));
  return state;
}

/** Thrown where a class or setting cannot be read: the call's routes that depend on it are left out. */
class Unreadable {
  constructor(
    readonly why: string,
    /** The names it leaves open (a word of them), or undefined: every name of the scope. */
    readonly namePrefix: string | undefined,
  ) {}
}

function reader(m: MapperState): ClassReader {
  const host = m.host;
  return {
    classFile: (path) => host.classFile?.(path),
    evaluate: host.evaluateIn && ((file, node) => host.evaluateIn!(file, node)),
    relative: (file) => host.appRelative?.(file) ?? file.index.file,
  };
}

/** `resource_klass_for(type)`, read once per map. */
function klassFor(m: MapperState, type: string, open: string | undefined): ResourceClass {
  const state = gemState(m);
  let found = state.classes.get(type);
  if (!found) state.classes.set(type, (found = m.host.inApp ? resourceKlassFor(type, reader(m)) : { why: "this routes file is read without its app, whose app/resources Routemap reads" }));
  if ("why" in found) throw new Unreadable(`Routemap cannot read the resource class for '${type}': ${found.why}`, open);
  return found.klass;
}

/** The class's part a route depends on, where it is not read: what depends on it is left out. */
function needs(klass: ResourceClass, part: "options" | "relationships", open: string | undefined): void {
  const why = klass.unread?.[part];
  if (why) throw new Unreadable(`Routemap cannot read ${part === "options" ? "the options" : "the relationships"} of ${klass.name}: ${why}`, open);
}

function settingsOf(m: MapperState): JsonapiSettings {
  const state = gemState(m);
  state.settings ??= readJsonapiSettings(m.host.configFiles?.("JSONAPI") ?? [], reader(m));
  return state.settings;
}

/** A route formatter: `format` and `unformat` of a route's text; `key`: what they are computed from. */
interface Formatter {
  format(text: string): string;
  unformat(text: string): string;
  key?: string;
}

/** The built-in route formatters (formatter.rb). */
const FORMATTERS: Record<string, Formatter> = {
  dasherized_route: { format: dasherize, unformat: underscore },
  underscored_route: { format: (text) => text, unformat: (text) => text },
  camelized_route: { format: (text) => camelize(text).replace(/^./, (c) => c.toLowerCase()), unformat: underscore },
};

/** `JSONAPI.configuration.route_formatter`: the formatter class `"#{route_format.to_s.camelize}Formatter"` names. */
function routeFormatter(m: MapperState): Formatter {
  const state = gemState(m);
  if (!state.formatter) {
    try {
      state.formatter = readFormatter(m);
    } catch (e) {
      if (!(e instanceof Unreadable)) throw e;
      state.formatter = e;
    }
  }
  if (state.formatter instanceof Unreadable) throw state.formatter;
  return state.formatter;
}

function readFormatter(m: MapperState): Formatter {
  const settings = settingsOf(m);
  if (settings.unread.length) throw new Unreadable(`jsonapi-resources' route format is set by ${settings.unread.join(", ")}, which Routemap cannot read`, undefined);
  const format = settings.routeFormat instanceof RSymbol ? settings.routeFormat.name : toS(settings.routeFormat);
  const formatter = Object.prototype.hasOwnProperty.call(FORMATTERS, format) ? FORMATTERS[format] : undefined;
  return formatter ? { ...formatter, key: format } : appFormatter(m, format);
}

/**
 * The gem's formatter classes (formatter.rb at v0.10.7) as Ruby, for an app's formatter that
 * inherits one of them and calls `super`: `Formatter.format` is `arg.to_s`, `unformat` the
 * argument itself; the dasherized and camelized route formatters' as `FORMATTERS` has them.
 */
const FORMATTER_CLASSES = `module JSONAPI
  class Formatter
    def self.format(arg)
      arg.to_s
    end

    def self.unformat(arg)
      arg
    end
  end
  class KeyFormatter < Formatter; end
  class RouteFormatter < Formatter; end
  class ValueFormatter < Formatter; end
end
class UnderscoredRouteFormatter < JSONAPI::RouteFormatter; end
class CamelizedRouteFormatter < JSONAPI::RouteFormatter
  def self.format(_route)
    super.camelize(:lower)
  end

  def self.unformat(formatted_route)
    formatted_route.to_s.underscore
  end
end
class DasherizedRouteFormatter < JSONAPI::RouteFormatter
  def self.format(_route)
    super.dasherize
  end

  def self.unformat(formatted_route)
    formatted_route.to_s.underscore
  end
end
`;

/**
 * A route format the gem does not define (`:kebab_route`): the class `"#{format.camelize}Formatter"`
 * (`formatter_for`'s `safe_constantize`), which the app defines, its `format` and `unformat`
 * evaluated as Ruby for each route; what Routemap cannot compute is said.
 */
function appFormatter(m: MapperState, format: string): Formatter {
  const klass = `${camelize(format)}Formatter`;
  const call = m.host.callClassMethod;
  const unread = (method: string, why: string) => new Unreadable(`jsonapi-resources' route format is \`:${format}\`: Routemap cannot compute the app's \`${klass}.${method}\` (${why})`, undefined);
  if (!call || !m.host.inApp) throw unread("format", "this routes file is read without its app");
  if (!m.host.classFile?.(klass)) throw unread("format", `no file of the app defines ${klass} where Rails' autoloader looks`);
  const run = (method: string) => {
    const known = new Map<string, string>();
    return (text: string): string => {
      let result = known.get(text);
      if (result === undefined) known.set(text, (result = compute(method, text)));
      return result;
    };
  };
  // A method that ran out of its steps once is not run again for each route: each run would cost them.
  const exhausted = new Map<string, Unreadable>();
  const compute = (method: string, text: string): string => {
    const out = exhausted.get(method);
    if (out) throw out;
    const value = call.call(m.host, klass, method, [new RString(text)], { path: "(jsonapi-resources formatter.rb)", text: FORMATTER_CLASSES });
    const result = value instanceof RSymbol ? value.name : stringValue(value);
    if (result !== undefined) return result;
    const error = unread(method, value instanceof RUnknown ? value.why : `it returns ${inspect(value, m.ruby)}, not a String`);
    if (value instanceof RUnknown && isStepsOut(value.why)) exhausted.set(method, error);
    throw error;
  };
  return { format: run("format"), unformat: run("unformat"), key: `${klass}\0${m.host.classFile(klass)!.index.text}` };
}

/** `format_route(route)`: the configured route formatter's `format(route.to_s)`. */
function formatRoute(m: MapperState, route: RValue): string {
  return routeFormatter(m).format(toS(route, m.ruby));
}

/**
 * routing_ext.rb reopens `Resource#nested_param` for every resource of the app once the gem is
 * loaded: `:"#{unformat_route(singular)}_#{param}"`, the route formatter's `unformat` of the
 * singular (`underscore` for the dasherized and camelized formats): `resources "blog-posts" do
 * resources :comments end` nests under `:blog_post_id`, where Rails alone says `:blog-post_id`.
 * Undefined where the app does not lock the gem.
 */
export function jsonapiNestedParam(m: MapperState): NestedParam | undefined {
  if (gemVersion(m, "jsonapi-resources") === undefined) return undefined;
  return {
    context(): string {
      try {
        return `jsonapi-resources\0${routeFormatter(m).key ?? ""}`;
      } catch (e) {
        if (!(e instanceof Unreadable)) throw e;
        return `jsonapi-resources\0${e.why}`;
      }
    },
    of(singular: string, param: string): string {
      try {
        return `${routeFormatter(m).unformat(singular)}_${param}`;
      } catch (e) {
        // The app's `unformat` as much as the format: an Unreadable is never let out of the gem.
        if (!(e instanceof Unreadable)) throw e;
        // Every resource's nested routes depend on it: the call that nests is skipped, said.
        throw new UnknownValueError(new RUnknown(`jsonapi-resources' \`nested_param\``, false, e.why.replace(/^jsonapi-resources' /, "the ")));
      }
    },
  };
}

/** `resource_type_with_module_prefix(resource = nil)`: the scope's module and the resource, joined by `/`. */
function withModulePrefix(m: MapperState, resourceName?: RValue): string {
  const name = resourceName ?? gemState(m).scoped.at(-1);
  const module = m.scope.get("module");
  return [module, name].filter((v) => v !== undefined && v !== null).map((v) => toS(v as RValue, m.ruby)).join("/");
}

/** Runs a method's body; what it cannot read is said at the call and leaves its names open. */
function guarded(m: MapperState, body: () => void): void {
  try {
    body();
  } catch (e) {
    if (!(e instanceof Unreadable)) throw e;
    const scopeAs = m.scope.get("as");
    const prefix = [scopeAs === undefined || scopeAs === null ? undefined : toS(scopeAs as RValue), e.namePrefix].filter(Boolean).join("_");
    const module = m.scope.get("module");
    m.host.missing(`${e.why}; the routes that depend on it are not drawn.`, {
      namePrefix: e.namePrefix === undefined ? prefix || undefined : e.namePrefix,
      modules: [module === undefined || module === null ? undefined : toS(module as RValue)],
    });
  }
}

const includesAction = (list: RValue[], name: string) => list.some((v) => (v instanceof RSymbol && v.name === name) || v === name);

/** `options[:except]`'s additions: `new`, `edit`, and for an immutable class `create`, `update`, `destroy`. */
function exceptions(m: MapperState, options: RHash, klass: ResourceClass, singular: boolean): void {
  let except = options.sget("except");
  if (truthy(except)) {
    // `jsonapi_resources` takes `Array(options[:except])`; `jsonapi_resource` appends to what it was given.
    if (!singular) except = Array.isArray(except) ? [...except] : [except!];
    else if (!Array.isArray(except)) throw routingError(noMethodMessage(m.ruby, "<<", except!), "NoMethodError");
    else except = [...except];
  } else except = [];
  const list = except as RValue[];
  const add = (name: string) => {
    if (!includesAction(list, name)) list.push(sym(name));
  };
  add("new");
  add("edit");
  if (klass.immutable) ["create", "update", "destroy"].forEach(add);
  options.sset("except", list);
}

/** The options both `jsonapi_resource(s)` start from: the call's, the controller, the class's `routing_options`, the path. */
function resourceOptions(m: MapperState, args: RValue[], resourceType: RValue, klass: ResourceClass): RHash {
  const options = extractOptions([...args]).dup();
  if (!truthy(options.sget("controller"))) options.sset("controller", resourceType);
  klass.routingOptions.forEach((k, v) => options.set(k, Array.isArray(v) ? [...v] : v));
  return options;
}

/** What `jsonapi_resources` and `jsonapi_resource` begin with alike: the type, its resource class (its options read), the options. */
function resourceCall(m: MapperState, call: Call): { resourceType: RValue; klass: ResourceClass; options: RHash } {
  const resourceType = call.args[0] ?? null;
  gemState(m).resourceType = resourceType;
  const klass = klassFor(m, withModulePrefix(m, resourceType), undefined);
  needs(klass, "options", undefined);
  return { resourceType, klass, options: resourceOptions(m, call.args, resourceType, klass) };
}

export function jsonapiResources(m: MapperState, call: Call): void {
  guarded(m, () => {
    const { resourceType, klass, options } = resourceCall(m, call);
    options.sset("param", sym("id"));
    options.sset("path", formatRoute(m, resourceType));
    const keyType = klass.keyType ?? settingsOf(m).resourceKeyType;
    if (keyType instanceof RSymbol && keyType.name === "uuid") {
      const given = options.sget("constraints");
      const constraints = truthy(given) && given instanceof RHash ? given.dup() : new RHash();
      if (!truthy(constraints.sget("id"))) constraints.sset("id", UUID_PATTERN);
      options.sset("constraints", constraints);
    }
    exceptions(m, options, klass, false);
    invoke(m, resources, [resourceType, options], () => jsonapiScope(m, resourceType, options, call));
  });
}

export function jsonapiResource(m: MapperState, call: Call): void {
  guarded(m, () => {
    const { resourceType, klass, options } = resourceCall(m, call);
    options.sset("path", formatRoute(m, resourceType));
    exceptions(m, options, klass, true);
    invoke(m, resource, [resourceType, options], () => jsonapiScope(m, resourceType, options, call));
  });
}

/** `jsonapi_resource_scope`: `@scope[:jsonapi_resource]` set, then `controller(resource.resource_scope) { … }`. */
function jsonapiScope(m: MapperState, resourceType: RValue, options: RHash, call: Call): void {
  const state = gemState(m);
  state.scoped.push(resourceType);
  try {
    const controllerName = options.sget("controller");
    invoke(m, controller, [toS(controllerName ?? resourceType, m.ruby)], () => {
      if (call.block) yieldTo(call.block);
      else jsonapiRelationships(m, { args: [], block: null });
    });
  } finally {
    state.scoped.pop();
  }
}

/** `jsonapi_relationships(options = {})`: each relationship of `@resource_type`'s class, in order. */
export function jsonapiRelationships(m: MapperState, call: Call): void {
  guarded(m, () => {
    const options = call.args[0] ?? new RHash();
    const resourceType = gemState(m).resourceType;
    const klass = klassFor(m, withModulePrefix(m, resourceType), undefined);
    // Its routes are named after the resource's member (`widget_relationships_parts`, `widget_related_parts`).
    needs(klass, "relationships", resourceType === undefined || resourceType === null ? undefined : singularize(toS(resourceType, m.ruby)));
    for (const relationship of klass.relationships.values()) {
      const name = sym(relationship.name);
      if (relationship.toMany) {
        jsonapiLinks(m, { args: [name, options], block: null });
        jsonapiRelatedResources(m, { args: [name, options], block: null });
      } else {
        jsonapiLink(m, { args: [name, options], block: null });
        jsonapiRelatedResource(m, { args: [name, options], block: null });
      }
    }
  });
}

/** `links_methods(options)` */
function linksMethods(options: RHash): string[] {
  const defaults = ["show", "create", "destroy", "update"];
  const only = options.sget("only");
  if (truthy(only)) return (Array.isArray(only) ? only : [only!]).map((v) => toS(v));
  const except = options.sget("except");
  // `default_methods - Array(except)`: symbols only are taken away.
  if (truthy(except)) return defaults.filter((d) => !(Array.isArray(except) ? except : [except!]).some((v) => v instanceof RSymbol && v.name === d));
  return defaults;
}

/** `jsonapi_link` (to-one) and `jsonapi_links` (to-many, with `create_relationship`). */
function links(m: MapperState, call: Call, toMany: boolean): void {
  guarded(m, () => {
    const args = [...call.args];
    const linkType = args[0] ?? null;
    const options = extractOptions(args).dup();
    const klass = klassFor(m, withModulePrefix(m), undefined);
    // `res.mutable?` decides the routes past `show`.
    needs(klass, "options", undefined);
    const formatted = formatRoute(m, linkType);
    if (!truthy(options.sget("controller"))) options.sset("controller", klass.type);
    const methods = linksMethods(options);
    const path = `relationships/${formatted}`;
    const draw = (action: string, via: string[], as?: string) =>
      invoke(m, match, [path, kw({ controller: options.sget("controller")!, action, relationship: toS(linkType, m.ruby), via: via.map((v) => sym(v)), ...(as ? { as } : {}) })]);
    if (methods.includes("show")) draw("show_relationship", ["get"], `relationships/${toS(linkType, m.ruby)}`);
    if (klass.immutable) return;
    if (toMany && methods.includes("create")) draw("create_relationship", ["post"]);
    if (methods.includes("update")) draw("update_relationship", ["put", "patch"]);
    if (methods.includes("destroy")) draw("destroy_relationship", ["delete"]);
  });
}

export const jsonapiLink = (m: MapperState, call: Call) => links(m, call, false);
export const jsonapiLinks = (m: MapperState, call: Call) => links(m, call, true);

/** `jsonapi_related_resource` (to-one) and `jsonapi_related_resources` (to-many). */
function related(m: MapperState, call: Call, toMany: boolean): void {
  guarded(m, () => {
    const args = [...call.args];
    const options = extractOptions(args).dup();
    const source = klassFor(m, withModulePrefix(m), undefined);
    const relationshipName = args[0] ?? null;
    needs(source, "relationships", relationshipName instanceof RSymbol ? `related_${relationshipName.name}` : undefined);
    // `source._relationships[relationship_name]`: keyed by Symbol; nil (then `nil._routed = true`) for any other.
    const relationship = relationshipName instanceof RSymbol ? source.relationships.get(relationshipName.name) : undefined;
    if (!relationship) throw routingError(noMethodMessage(m.ruby, "_routed=", null), "NoMethodError");
    const open = `related_${relationship.name}`;
    if (relationship.className === undefined || relationship.polymorphic === undefined) {
      throw new Unreadable(`Routemap cannot read the \`${relationship.unread}\` of ${source.name}'s relationship :${relationship.name}`, open);
    }
    const formatted = formatRoute(m, relationship.name);
    if (!truthy(options.sget("controller"))) {
      if (!toMany && relationship.polymorphic) options.sset("controller", pluralize(underscore(relationship.className)));
      else {
        const target = toMany ? underscore(relationship.className) : pluralize(underscore(relationship.className));
        options.sset("controller", klassFor(m, withModulePrefix(m, target), open).type);
      }
    }
    const version = gemVersionOf(m);
    const action = version !== undefined && version < 0.1 ? (toMany ? "get_related_resources" : "get_related_resource") : toMany ? "index_related_resources" : "show_related_resource";
    invoke(m, match, [
      formatted,
      kw({ controller: options.sget("controller")!, relationship: relationship.name, source: withModulePrefix(m, source.type), action, via: [sym("get")], as: `related/${toS(relationshipName, m.ruby)}` }),
    ]);
  });
}

export const jsonapiRelatedResource = (m: MapperState, call: Call) => related(m, call, false);
export const jsonapiRelatedResources = (m: MapperState, call: Call) => related(m, call, true);

/** The locked version as a number (`0.9.12` → 0.09), for 0.9's action names; undefined: the latest. */
function gemVersionOf(m: MapperState): number | undefined {
  const text = m.gems?.["jsonapi-resources"] ?? m.gemfileVersions?.["jsonapi-resources"];
  const parts = /^(\d+)\.(\d+)/.exec(text ?? "");
  return parts ? parseInt(parts[1], 10) + parseInt(parts[2], 10) / 100 : undefined;
}
