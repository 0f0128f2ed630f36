/**
 * Routing DSL that gems add to the mapper, one module per gem. A gem's methods exist when the
 * app's Gemfile.lock locks the gem, or when Routemap was given no lockfile to read (then every
 * modelled gem is taken to be there, in its latest version). Anything else stays an unknown
 * method, reported as such.
 */
import { gemLocked, gemVersion, versionBefore, type DslMethod, type MapperState } from "../mapper/state.js";
import { apiVersion } from "./versionist.js";
import { authenticate, deviseFor, deviseScopeMethod, unauthenticated } from "./devise.js";
import { useDoorkeeper } from "./doorkeeper.js";
import { mountDeviseTokenAuthFor } from "./deviseTokenAuth.js";
import { punditModule } from "./pundit.js";
export { gemControllerMacro } from "./controllerMacros.js";
import { routingFilter } from "./routingFilter.js";
import { mountAvo } from "./avo.js";
import { jsonapiLink, jsonapiLinks, jsonapiRelatedResource, jsonapiRelatedResources, jsonapiRelationships, jsonapiResource, jsonapiResources } from "./jsonapiResources.js";

interface GemDsl {
  gem: string;
  /** The first release of the gem that has the method (`[major, minor, patch]`); before it, the method is not modelled. */
  since?: readonly [number, number, number];
  method: (m: MapperState, call: Parameters<DslMethod>[1], gemVersion: string | undefined) => void;
}

const METHODS: Record<string, GemDsl> = {
  api_version: { gem: "versionist", method: apiVersion },
  devise_for: { gem: "devise", method: (m, call, version) => deviseFor(m, call, { devise: version, omniauth: gemVersion(m, "omniauth") }) },
  devise_scope: { gem: "devise", method: deviseScopeMethod },
  as: { gem: "devise", method: deviseScopeMethod },
  authenticate: { gem: "devise", method: authenticate },
  authenticated: { gem: "devise", method: authenticate },
  unauthenticated: { gem: "devise", method: unauthenticated },
  use_doorkeeper: { gem: "doorkeeper", method: useDoorkeeper },
  mount_devise_token_auth_for: { gem: "devise_token_auth", method: mountDeviseTokenAuthFor },
  filter: { gem: "routing-filter", method: routingFilter },
  jsonapi_resources: { gem: "jsonapi-resources", method: jsonapiResources },
  // lib/avo/engine.rb defines mount_avo from 3.18.0 (avo-hq/avo 4651e4b0a); before, the app mounts Avo::Engine itself.
  mount_avo: { gem: "avo", method: mountAvo, since: [3, 18, 0] },
  jsonapi_resource: { gem: "jsonapi-resources", method: jsonapiResource },
  jsonapi_relationships: { gem: "jsonapi-resources", method: jsonapiRelationships },
  jsonapi_link: { gem: "jsonapi-resources", method: jsonapiLink },
  jsonapi_links: { gem: "jsonapi-resources", method: jsonapiLinks },
  jsonapi_related_resource: { gem: "jsonapi-resources", method: jsonapiRelatedResource },
  jsonapi_related_resources: { gem: "jsonapi-resources", method: jsonapiRelatedResources },
};

const GEM_NAMES: Record<string, string> = { devise: "Devise", devise_token_auth: "devise_token_auth", doorkeeper: "Doorkeeper", versionist: "versionist" };

/** The DSL method `name` that one of the app's gems adds, if Routemap models it. */
export function gemMethod(name: string, m: MapperState): DslMethod | undefined {
  const found = Object.prototype.hasOwnProperty.call(METHODS, name) ? METHODS[name] : undefined;
  if (!found) return undefined;
  if (!gemLocked(m, found.gem)) return undefined;
  const version = gemVersion(m, found.gem);
  if (found.since && version !== undefined && versionBefore(version, found.since)) return undefined;
  return (state, call) => {
    // The routes it draws belong to the gem: the editor groups them so.
    (state.host.sourceRef() as { origin?: string }).origin ??= GEM_NAMES[found.gem] ?? found.gem;
    return found.method(state, call, version);
  };
}

/**
 * The public instance methods a gem's module adds to a controller that includes it (each one
 * an action, for Rails), when Routemap models the module: `[]` for none; undefined otherwise.
 */
export function gemControllerModule(name: string, gems: Readonly<Record<string, string>> | undefined): string[] | undefined {
  const version = (gem: string) => (gems ? gems[gem] : undefined);
  if (gems && version("pundit") === undefined) return undefined;
  return punditModule(name.replace(/^::/, ""), version("pundit"));
}
