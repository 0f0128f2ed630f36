/**
 * The mapper's `parent_resource` as Ruby sees it (actionpack 6.1–8.1 mapper.rb, `Resources#parent_resource`
 * and its `Resource`/`SingletonResource`): the resource whose block the call is in, or nil outside
 * one. Its readers Routemap knows the answer of are answered (`parent_resource.actions.include?(:destroy)`,
 * laa-apply-for-criminal-legal-aid); any other method of it is unknown, said where called.
 */
import { RObject, RSymbol, type RValue } from "../ruby/values.js";
import { parentResource } from "./naming.js";
import type { Resource } from "./resource.js";
import type { MapperState } from "./state.js";

const RESOURCE = "ActionDispatch::Routing::Mapper::Resources::Resource";
const SINGLETON_RESOURCE = "ActionDispatch::Routing::Mapper::Resources::SingletonResource";

/** `parent_resource`: an object answering the resource's readers, or nil. */
export function parentResourceObject(m: MapperState): RValue {
  const resource = parentResource(m);
  if (!resource) return null;
  const readers = resourceReaders(resource);
  const object = new RObject(resource.singleton ? SINGLETON_RESOURCE : RESOURCE, new Set(readers.keys()));
  object.native = readers;
  // Its other methods (`options`, `name` with `as:` a Symbol) are Rails' own, not read: unknown.
  object.openAncestor = object.className;
  return object;
}

/** Rails' `Resource` readers whose values Routemap's own resource holds, as Ruby types them. */
function resourceReaders(r: Resource): Map<string, () => RValue> {
  const symbols = (names: string[]) => names.map((n) => RSymbol.for(n));
  return new Map<string, () => RValue>([
    ["actions", () => symbols(r.actions())],
    ["available_actions", () => symbols(r.availableActions())],
    ["default_actions", () => symbols(r.defaultActions())],
    ["plural", () => r.plural],
    ["singular", () => r.singular],
    ["member_name", () => r.memberName],
    ["collection_name", () => r.collectionName],
    ["controller", () => r.controller],
    ["resource_scope", () => r.resourceScope],
    ["path", () => r.path],
    ["collection_scope", () => r.collectionScope],
    ["param", () => RSymbol.for(r.param)],
    ["member_scope", () => r.memberScope],
    ["shallow_scope", () => r.shallowScope],
    ["nested_param", () => RSymbol.for(r.nestedParam)],
    ["nested_scope", () => r.nestedScope],
    ["shallow?", () => r.shallow],
    ["singleton?", () => r.singleton],
  ]);
}
