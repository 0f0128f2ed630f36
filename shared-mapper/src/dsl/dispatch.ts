/**
 * The routing DSL as the interpreter sees it: method name → mapper unit. Which names
 * exist depends on the Rails version (`connect` arrived in 8.0, `draw` in 4.0).
 */
import { httpVerb, mount } from "../mapper/base.js";
import { yieldTo } from "../mapper/block.js";
import { concern, concerns } from "../mapper/concerns.js";
import { direct, resolve } from "../mapper/customUrls.js";
import { redirect } from "../mapper/redirection.js";
import { RoutingError } from "../mapper/errors.js";
import {
  collection, draw, match, member, namespace, nested, newScope, resource, resources, resourcesPathNames, root, shallow,
} from "../mapper/resources.js";
import { constraints, controller, defaults, scope } from "../mapper/scoping.js";
import type { DslMethod, MapperState } from "../mapper/state.js";
import type { Version } from "../mapper/version.js";
import { gemMethod } from "../gems/index.js";

export type { DslMethod };

/**
 * `member`, `collection`, `new`, `nested`, `shallow`: Rails' methods take no parameter, so
 * an argument (the options a `with_options` proxy appends) is Ruby's ArgumentError.
 */
const block = (fn: (m: MapperState, body: () => void) => void): DslMethod => (m, call) => {
  if (call.args.length) throw new RoutingError(`wrong number of arguments (given ${call.args.length}, expected 0)`);
  return fn(m, () => yieldTo(call.block));
};

const TABLE: Record<string, DslMethod> = {
  match,
  get: (m, c) => httpVerb(m, "get", c),
  post: (m, c) => httpVerb(m, "post", c),
  patch: (m, c) => httpVerb(m, "patch", c),
  put: (m, c) => httpVerb(m, "put", c),
  delete: (m, c) => httpVerb(m, "delete", c),
  options: (m, c) => httpVerb(m, "options", c),
  connect: (m, c) => httpVerb(m, "connect", c),
  mount,
  root,
  resources,
  resource,
  collection: block(collection),
  member: block(member),
  new: block(newScope),
  nested: block(nested),
  shallow: block(shallow),
  namespace,
  scope,
  controller,
  constraints,
  defaults,
  concern,
  concerns,
  draw,
  direct,
  resolve,
  redirect,
  resources_path_names: resourcesPathNames,
  // Configuration that changes no route.
  default_url_options: () => null,
  "default_url_options=": () => null,
};

/** The routing method `name`: Rails' own in this Rails version, else one a gem of the app adds. */
export function routingMethod(name: string, m: MapperState): DslMethod | undefined {
  const overlay = m.blockDsl;
  if (overlay && Object.prototype.hasOwnProperty.call(overlay, name)) return overlay[name] as DslMethod;
  return dslMethod(name, m.version) ?? gemMethod(name, m);
}

/** The DSL method called `name` in this Rails version, if any. */
export function dslMethod(name: string, version: Version): DslMethod | undefined {
  if (name === "connect" && version.lt(8, 0)) return undefined;
  if (name === "draw" && version.lt(4, 0)) return undefined;
  if ((name === "direct" || name === "resolve") && version.lt(5, 1)) return undefined;
  return Object.prototype.hasOwnProperty.call(TABLE, name) ? TABLE[name] : undefined;
}
