/**
 * `Mapper::Mapping` (mapper.rb): turns one `add_route` call into a route: path
 * normalisation and the optional `(.:format)`, controller and action from `to:`,
 * and the split of options into defaults, requirements and request conditions,
 * in the order Rails merges them (the order `rails routes` prints them in).
 */
import { analyzePath, EMPTY_PATH, PathInfo, PathSyntaxError } from "../journey/pattern.js";
import { isSym, RConst, RHash, RObject, RProc, RRedirect, RRegexp, RStruct, RSymbol, RUnknown, RValue, sym, truthy, UnknownValueError, unknownConstant } from "../ruby/values.js";
import { inspect, noImplicitConversion, noMethodMessage, toS } from "../ruby/print.js";
import { routingError } from "./errors.js";
import { DrawnRoute, MappedRoute, PlainGroup, PlainRoute } from "./route.js";
import type { MapperState } from "./state.js";
import type { ScopedValues } from "./types.js";
import type { Version } from "./version.js";
import { fromScope, sayUnknownValues } from "./unknownConstraints.js";

const URL_OPTIONS = ["protocol", "subdomain", "domain", "host", "port"];
const ANCHOR_CHARACTERS_REGEX = /^(\\A|\^)|(\\Z|\\z|\$)$/;

/** The arguments of `Mapping.build`, as one object instead of Rails' eleven positionals. */
export interface MappingOptions {
  path: string;
  controller: RValue | undefined;
  defaultAction: RValue | undefined;
  to: RValue | undefined;
  via: RValue[];
  formatted: RValue | undefined;
  optionsConstraints: RValue;
  anchor: RValue;
  options: RHash;
}

/** `Mapper.normalize_path`, including Journey's `Router::Utils.normalize_path`. */
export function normalizePath(path: string): string {
  if (isNormalPath(path)) return path;
  let p = ("/" + path).replace(/\/+/g, "/");
  if (p !== "/") {
    if (p.endsWith("/")) p = p.slice(0, -1);
    p = p.replace(/%[a-f0-9]{2}/g, (m) => m.toUpperCase());
  }
  p = p.replace(/\/(\(+)\/?/g, "$1/");
  if (/^(\(+[^)]+\))(\(+\/:[^)]+\))*$/m.test(p)) p = p.replace(/^(\(+)\//m, "/$1");
  return p;
}

/** Most paths are already normal: a leading slash, no doubled or trailing one, no escape, no group. */
function isNormalPath(path: string): boolean {
  if (path.charCodeAt(0) !== 47 || path.charCodeAt(path.length - 1) === 47) return false;
  let previous = 0;
  for (let i = 0; i < path.length; i++) {
    const c = path.charCodeAt(i);
    if (c === 37 || c === 40 || (c === 47 && previous === 47)) return false;
    previous = c;
  }
  return true;
}

export function normalizeName(name: string): string {
  return normalizePath(name).slice(1).replace(/\//g, "_");
}

/** `Mapping.normalize_path`: appends `(.:format)` unless the path already ends in a format or `/`. */
export function normalizeFormattedPath(path: string, format: RValue | undefined): string {
  const p = normalizePath(path);
  if (format === true) return `${p}.:format`;
  // `format: Acme::FORMAT`: true, false or a pattern each gives another path, none to be guessed.
  if (format instanceof RConst) throw new UnknownValueError(unknownConstant(format.path));
  if (format instanceof RUnknown) throw new UnknownValueError(format);
  if (format !== false && !endsInFormatOrSlash(p)) return `${p}(.:format)`;
  return p;
}

/** `OPTIONAL_FORMAT_REGEX` (`(?:\(\.:format\)+|\.:format|\/)\Z`), by hand: it runs for every route. */
function endsInFormatOrSlash(path: string): boolean {
  let end = path.length;
  if (path.charCodeAt(end - 1) === 10) end--;
  const last = path.charCodeAt(end - 1);
  if (last === 47) return true;
  if (last !== 41) return path.endsWith(".:format", end);
  // `(.:format` followed by one or more `)`.
  while (path.charCodeAt(end - 1) === 41) end--;
  return path.endsWith("(.:format", end);
}

/** `URI::DEFAULT_PARSER.escape` (RFC 2396): percent-encodes every byte outside its safe set. */
export function uriEscape(path: string): string {
  if (URI_SAFE.test(path)) return path;
  const bytes = new TextEncoder().encode(path);
  let out = "";
  for (const b of bytes) {
    const ch = String.fromCharCode(b);
    if (b < 128 && /[-_.!~*'()a-zA-Z\d;\/?:@&=+$,\[\]]/.test(ch)) out += ch;
    else out += "%" + b.toString(16).toUpperCase().padStart(2, "0");
  }
  return out;
}

const URI_SAFE = /^[-_.!~*'()a-zA-Z\d;\/?:@&=+$,\[\]]*$/;

/**
 * A requirement or default the evaluator cannot know still makes its route, printed marked
 * (`«Patterns::SLUG»`); the call says so. What came from the scope (its constraints, options
 * and defaults) was said once where the scope was given, not again at each of its routes.
 */
function noteUnknownValues(m: MapperState, hash: RHash, scopeConstraints: RHash | undefined): void {
  const options = m.scope.get("options");
  const defaults = m.scope.get("defaults");
  sayUnknownValues(m, hash, (v) => fromScope(scopeConstraints, v) || fromScope(options, v) || fromScope(defaults, v));
}

/**
 * Whether a `to:` value is a Rack endpoint (`to.respond_to?(:call)`). An object the app's
 * classes make is taken to be one; any other unknown value might be a "controller#action"
 * string, and its text is asked for (so the call is skipped, and said so).
 */
export function isCallable(v: RValue | undefined): boolean {
  // A value Routemap cannot know (`to: Dragonfly.app.endpoint`) is kept as an endpoint shown
  // marked: the route's path and name are known either way, only what it reaches is not. So is
  // an object whose class inherits from a gem's (`Rack::Proxy`), which may define `call`.
  return v instanceof RRedirect || v instanceof RConst || v instanceof RProc || v instanceof RUnknown || (v instanceof RObject && (v.methods.has("call") || v.openAncestor !== undefined)) || (v instanceof RStruct && v.callable === true);
}

export function buildRoute(m: MapperState, o: MappingOptions): DrawnRoute {
  let info: PathInfo;
  try {
    info = analyzePath(o.path, m.version.gte(8, 0));
  } catch (e) {
    if (e instanceof PathSyntaxError && e.rubyClass === "NoMethodError") throw routingError(`undefined method ${m.ruby.modernHashInspect ? `'${e.message}'` : `\`${e.message}'`} for ${m.ruby.receiverByClass ? "nil" : "nil:NilClass"}`, "NoMethodError");
    if (e instanceof PathSyntaxError) throw routingError(e.message, e.rubyClass);
    throw e;
  }
  // Hashes are created only where a route needs them: this runs once per route.
  const scopeConstraints = m.scope.get("constraints");
  const scopeDefaults = m.scope.get("defaults");
  const scopeOptions = m.scope.get("options");
  const moduleValue = m.scope.get("module");
  const moduleName = truthy(moduleValue ?? null) ? toS(moduleValue!) : null;
  // `o.options` is already this route's own copy, so it may be extended in place.
  let options = scopeOptions?.size ? scopeOptions.merge(o.options) : o.options;
  const internal = truthy(options.sdelete("internal") ?? null);

  const pathParams = info.names;
  let wildcard: RHash | undefined;
  if (o.formatted !== false && info.stars.length) {
    wildcard = new RHash();
    for (const star of info.stars) if (!wildcard.shas(star)) wildcard.sset(star, wildcardRegexp(m.version));
    options = wildcard.merge(options);
  }
  normalizeOptions(m, options, pathParams, moduleName, o);

  let constraints = scopeConstraints?.size ? scopeConstraints.dup() : undefined;
  options.forEach((k, v) => {
    if (v instanceof RRegexp) (constraints ??= new RHash()).set(k, v);
  });
  let defaults = scopeDefaults?.size ? scopeDefaults.dup() : new RHash();
  const given = o.optionsConstraints;
  if (given instanceof RHash) {
    if (given.size) {
      const urlDefaults = new RHash();
      given.forEach((k, v) => {
        if (isSym(k) && URL_OPTIONS.includes(k.name) && (typeof v === "string" || Number.isInteger(v) || v instanceof RUnknown)) urlDefaults.set(k, v);
      });
      if (urlDefaults.size) defaults = urlDefaults.merge(defaults);
      given.forEach((k, v) => (constraints ??= new RHash()).set(k, v));
    }
  } else if (
    (!isCallable(given) && !(given instanceof RUnknown) && !(given instanceof RObject && given.methods.has("matches?"))) ||
    // A class of the files with neither (`matches?` an instance method only): `respond_to?` says no.
    (given instanceof RConst && m.host.respondsTo(given, "call") === false && m.host.respondsTo(given, "matches?") === false)
  ) {
    const shown = given instanceof RConst ? given.path.replace(/^::/, "") : inspect(given, m.ruby);
    throw routingError(`Invalid constraint: ${shown} must respond to :call or :matches?`);
  }

  let requirements = new RHash();
  constraints?.forEach((k, v) => {
    if (isSym(k) && (pathParams.includes(k.name) || k.name === "controller")) requirements.set(k, v);
    // A key Routemap cannot compute, or a whole Hash (unknownConstraints.ts): it may be a requirement.
    else if (k instanceof RUnknown) requirements.set(k, v);
  });
  verifyRegexpRequirements(m, requirements, options);

  const formats = normalizeFormat(o.formatted);
  if (formats) {
    requirements = formats.requirements.merge(requirements);
    defaults = formats.defaults.merge(defaults);
  }
  options.forEach((k, v) => {
    if (!(v instanceof RRegexp)) defaults.set(k, v);
  });
  if (pathParams.includes("action") && !requirements.shas("action") && !truthy(defaults.sget("action"))) {
    defaults.sset("action", "index");
  }
  noteUnknownValues(m, requirements, scopeConstraints);
  noteUnknownValues(m, defaults, scopeConstraints);
  const to = o.to;
  // (An object Rails keeps and calls, `HealthCheck.new` or a mounted app, prints with its address in
  // Rails: shown marked, without a word each time. A value that may be a String is said.)
  if (to instanceof RUnknown && !to.object) m.host.info(`Routemap cannot compute \`${to.description}\` (${to.cause.why}); the table shows this route's endpoint as «${to.description}».`);
  // An object printed with its instance variables (`#<Forwarder:… @host=…>`): one it could not compute is said.
  if (to instanceof RObject && !to.methods.has("inspect")) {
    for (const [name, v] of to.ivars) {
      if (v instanceof RUnknown) m.host.info(`Routemap cannot compute this endpoint's \`${name}\`, \`${v.description}\` (${v.cause.why}); the table shows it as «${v.description}».`);
    }
  }
  const engine = to instanceof RConst && m.engines.isEngine(to.path);
  const source = m.host.sourceRef();
  return new MappedRoute({ info, defaults, requirements, via: o.via, to, source, internal, anchored: truthy(o.anchor), engine }, m.display);
}

/*
 * The standard actions of a resource in a scope with no constraints, defaults, options,
 * `to:` or `action:` leave `Mapping` nothing to do but analyse the path, check the
 * controller name and record `{controller:, action:}`. The functions below do just that;
 * each returns undefined where the general path could do more (a `:controller`
 * segment, a glob, a bad name, a path syntax error), so that it runs and decides, errors included.
 */

/** The path's analysis, if `Mapping` would take nothing else from it. */
export function plainPathInfo(path: string): PathInfo | undefined {
  const info = analyzedOrUndefined(path);
  return info && takesNothingElse(info) ? info : undefined;
}

/** `analyzePath`, with a syntax error left for the general path to report. */
function analyzedOrUndefined(path: string): PathInfo | undefined {
  try {
    return analyzePath(path);
  } catch {
    return undefined;
  }
}

/** No glob and no `:controller` or `:action` segment: nothing for `Mapping` to add. */
export function takesNothingElse(info: PathInfo): boolean {
  return !info.stars.length && !info.names.includes("controller") && !info.names.includes("action");
}

/**
 * The analysis of a scope's path, to extend with a route's plain segments (`extendedPath`),
 * if escaping and normalising leave the path as it is; undefined otherwise.
 */
export function plainBaseInfo(scopePath: string): PathInfo | undefined {
  if (scopePath === "") return EMPTY_PATH;
  return isNormalPath(scopePath) && URI_SAFE.test(scopePath) ? analyzedOrUndefined(scopePath) : undefined;
}

/** The scope's controller with the scope's module, if it is a valid name. */
export function plainController(m: MapperState, controller: string): string | undefined {
  const moduleValue = m.scope.get("module");
  const c = truthy(moduleValue ?? null) ? addControllerModule(controller, toS(moduleValue!)) : controller;
  return typeof c === "string" && CONTROLLER_NAME.test(c) ? c : undefined;
}

export function buildPlainRoute(m: MapperState, info: PathInfo, controller: string, action: string, via: RValue[], scoped?: ScopedValues): DrawnRoute {
  if (scoped) return buildScopedRoute(m, info, controller, action, via, scoped);
  return new PlainRoute(info, new PlainGroup(m.host.sourceRef(), controller, m.display), { via, action });
}

/** `ScopedValues` of the scope's hashes, or undefined when one of them is not so plain. */
export function scopedValues(constraints: RHash | undefined, defaults: RHash | undefined): ScopedValues | undefined {
  if (constraints?.size && constraints.someKey((k) => !isPlainKey(k))) return undefined;
  if (constraints?.size && constraints.someValue((v) => !isPlainValue(v))) return undefined;
  if (defaults?.size && defaults.someKey((k) => !isPlainKey(k))) return undefined;
  if (defaults?.size && defaults.someValue((v) => !isPlainValue(v) || v instanceof RRegexp)) return undefined;
  return { constraints: constraints?.size ? constraints : undefined, defaults: defaults?.size ? defaults : undefined };
}

const isPlainKey = (k: RValue) => k instanceof RSymbol && k.name !== "controller" && k.name !== "action";
const isPlainValue = (v: RValue) =>
  v === null || typeof v === "string" || typeof v === "number" || typeof v === "boolean" || v instanceof RSymbol ||
  (v instanceof RRegexp && !ANCHOR_CHARACTERS_REGEX.test(v.source) && !v.flags.includes("m"));

/**
 * `buildRoute` for a standard route (options `{controller:, action:}` alone, no format, no
 * `constraints:` of its own, no glob, no `:controller` or `:action` segment) in a scope
 * with plain `ScopedValues`: the scope's defaults then the controller and action; its
 * constraints on the path's parameters as requirements. Fresh hashes per route, as there.
 */
function buildScopedRoute(m: MapperState, info: PathInfo, controller: string, action: string, via: RValue[], scoped: ScopedValues): DrawnRoute {
  const defaults = scoped.defaults ? scoped.defaults.dup() : new RHash();
  defaults.sset("controller", controller);
  defaults.sset("action", action);
  const requirements = new RHash();
  // A parameter's name is in the path's text (`:slug`): the text is at hand, where the list of
  // names would have an extended path scanned.
  const text = info.text;
  scoped.constraints?.forEach((k, v) => {
    const name = (k as RSymbol).name;
    if (text.includes(name) && info.names.includes(name)) requirements.set(k, v);
  });
  const source = m.host.sourceRef();
  return new MappedRoute({ info, defaults, requirements, via, to: undefined, source, internal: false, anchored: true, engine: false }, m.display);
}

const GLOB_DEFAULT = new RRegexp(".+?");
const GLOB_DEFAULT_MULTILINE = new RRegexp(".+?", "m");

/** The glob default. Rails 7.0 made it multiline, and `rails routes` hides only that exact regexp. */
export function wildcardRegexp(version: Version): RRegexp {
  return version.gte(7, 0) ? GLOB_DEFAULT_MULTILINE : GLOB_DEFAULT;
}

/** `normalize_options!`: adds the controller and action to `options`, in place as `merge!` does. */
function normalizeOptions(m: MapperState, options: RHash, pathParams: string[], moduleName: string | null, o: MappingOptions): void {
  if (pathParams.includes("controller")) {
    if (moduleName) throw routingError(":controller segment is not allowed within a namespace block");
    if (!options.shas("controller") || !truthy(options.sget("controller"))) options.sset("controller", GLOB_DEFAULT);
  }
  if (isCallable(o.to)) return;
  if (m.version.lt(4, 0)) {
    controllerAndActionRails32(o, pathParams, moduleName).forEach((k, v) => options.set(k, v));
    return;
  }
  const [toController, action] = controllerAndAction(m, o);
  const controller = addControllerModule(toController, moduleName);
  // Both parts are checked before either is stored, as Rails builds its hash first.
  const c = checkPart(m, "controller", controller, pathParams) ? translateController(controller!) : undefined;
  const a = checkPart(m, "action", action, pathParams) ? (action instanceof RRegexp ? action : toS(action!)) : undefined;
  if (c !== undefined) options.sset("controller", c);
  if (a !== undefined) options.sset("action", a);
}

/** Controller and action from `to:`, by version: 7.1 stopped accepting non-strings, 7.2 reads `to: "show"` as an action. */
function controllerAndAction(m: MapperState, o: MappingOptions): [RValue | undefined, RValue | undefined] {
  const { to } = o;
  if (to === undefined || to === null) return [o.controller, o.defaultAction];
  // A value the evaluator cannot know may be the "controller#action" String: its text is needed.
  if (to instanceof RUnknown) throw new UnknownValueError(to);
  if (typeof to !== "string" && m.version.gte(7, 2)) {
    throw routingError(
      ":to must respond to `action` or `call`, or it must be a String that includes '#', or the controller should be implicit",
    );
  }
  if (typeof to !== "string" && m.version.gte(7, 1)) {
    throw routingError(noMethodMessage(m.ruby, "include?", to), "NoMethodError");
  }
  // Before 7.1, `/#/.match?(to)`: a Symbol is read, anything else that is no String raises.
  if (typeof to !== "string" && !(to instanceof RSymbol)) throw routingError(noImplicitConversion(to, "String"), "TypeError");
  const text = toS(to);
  if (text.includes("#")) {
    const [c, a] = rubySplit(text, "#");
    if (m.version.gte(7, 2)) return [c, a];
    // Ruby's `||`: an empty controller (`to: "#show"`) is kept, and then rejected by name.
    return [c ?? o.controller, a ?? o.defaultAction];
  }
  if (m.version.gte(7, 2)) return [o.controller, text];
  return [o.controller, o.defaultAction];
}

/** Rails 3.2's `default_controller_and_action`: no name check, lower-case messages, no leading slash. */
function controllerAndActionRails32(o: MappingOptions, pathParams: string[], moduleName: string | null): RHash {
  let controller: RValue | undefined;
  let action: RValue | undefined;
  if (typeof o.to === "string") [controller, action] = rubySplit(o.to, "#");
  else if (o.to instanceof RSymbol) action = o.to.name;
  if (!truthy(controller ?? null)) controller = o.controller;
  if (!truthy(action ?? null)) action = o.defaultAction;
  if (!(controller instanceof RRegexp)) {
    const joined = [moduleName, truthy(controller ?? null) ? toS(controller!) : null].filter((x) => x !== null).join("/");
    controller = joined === "" ? null : joined;
    if (typeof controller === "string" && controller.startsWith("/")) {
      throw routingError("controller name should not start with a slash");
    }
  }
  const text = (v: RValue | undefined) => (v instanceof RRegexp ? v : toS(v ?? null));
  const hash = new RHash();
  if (text(controller) === "" && !pathParams.includes("controller")) throw routingError("missing :controller");
  if (text(action) === "" && !pathParams.includes("action")) throw routingError("missing :action");
  if (text(controller) !== "") hash.sset("controller", text(controller));
  if (text(action) !== "") hash.sset("action", text(action));
  return hash;
}

/** Ruby's `String#split` with a string separator: trailing empty fields are dropped. */
function rubySplit(s: string, sep: string): string[] {
  const parts = s.split(sep);
  while (parts.length && parts[parts.length - 1] === "") parts.pop();
  return parts;
}

function addControllerModule(controller: RValue | undefined, moduleName: string | null): RValue | undefined {
  if (moduleName && !(controller instanceof RRegexp)) {
    const c = controller === undefined || controller === null ? null : toS(controller);
    if (c !== null && c.startsWith("/")) return c.slice(1);
    return [moduleName, c].filter((x) => x !== null).join("/");
  }
  return controller;
}

const CONTROLLER_NAME = /^[a-z_0-9][a-z_0-9\/]*$/;

function translateController(part: RValue): RValue {
  if (part instanceof RRegexp) return part;
  // `/\A[a-z_0-9][a-z_0-9\/]*\z/.match?(controller)` reads Strings and Symbols only.
  if (part instanceof RConst) throw new UnknownValueError(unknownConstant(part.path));
  if (typeof part !== "string" && !(part instanceof RSymbol) && !(part instanceof RUnknown)) {
    throw routingError(noImplicitConversion(part, "String"), "TypeError");
  }
  const text = toS(part);
  if (CONTROLLER_NAME.test(text)) return text;
  throw routingError(
    `'${text}' is not a supported controller name. This can lead to potential routing problems. ` +
      "See https://guides.rubyonrails.org/routing.html#specifying-a-controller-to-use",
  );
}

/** `check_part`: whether the part is given; raises when it is neither given nor a path segment. */
function checkPart(m: MapperState, name: string, part: RValue | undefined, pathParams: string[]): boolean {
  if (truthy(part ?? null)) return true;
  if (pathParams.includes(name)) return false;
  // Inside the block of a method Routemap does not know, that method's scope may give it.
  const scope = m.set.unknownScope;
  if (scope !== undefined) throw new UnknownValueError(new RUnknown(`:${name}`, false, `which \`${scope}\` may give in a scope Routemap does not know`));
  throw routingError(`Missing :${name} key on routes definition, please check your routes.`);
}

/**
 * `verify_regexp_requirements`. Rails 7.0 names the key, not the regexp, in its anchor message
 * (`...requirements: :id`), and lets a multiline regexp through under any key of the route's
 * options: it skips the keys of `ast.wildcard_options`, into which Mapping#initialize has merged
 * the options themselves (`ast.wildcard_options.merge!(options)`, mapper.rb v7.0.0 l.130; the
 * same through 8.1), so the glob defaults (`/.+?/m`) and `id: /\d+/m` pass, `constraints:
 * { id: /\d+/m }` does not.
 */
function verifyRegexpRequirements(m: MapperState, requirements: RHash, options: RHash): void {
  for (const [key, r] of requirements.entries()) {
    // (Under a key Routemap cannot compute, Rails raises only if it names a segment: said where it is given.)
    if (!(r instanceof RRegexp) || key instanceof RUnknown) continue;
    if (ANCHOR_CHARACTERS_REGEX.test(r.source)) {
      const shown = m.version.gte(7, 0) ? inspect(key, m.ruby) : inspect(r, m.ruby);
      throw routingError(`Regexp anchor characters are not allowed in routing requirements: ${shown}`);
    }
    if (r.flags.includes("m")) {
      if (m.version.gte(7, 0) && options.has(key)) continue;
      throw routingError(`Regexp multiline option is not allowed in routing requirements: ${inspect(r, m.ruby)}`);
    }
  }
}

/** The format requirement and default, or undefined when `format:` adds neither. */
function normalizeFormat(formatted: RValue | undefined): { requirements: RHash; defaults: RHash } | undefined {
  if (formatted === true) return { requirements: new RHash([[sym("format"), new RRegexp(".+")]]), defaults: new RHash() };
  if (formatted instanceof RRegexp) {
    return { requirements: new RHash([[sym("format"), formatted]]), defaults: new RHash([[sym("format"), null]]) };
  }
  if (typeof formatted === "string") {
    return {
      requirements: new RHash([[sym("format"), new RRegexp(formatted)]]),
      defaults: new RHash([[sym("format"), formatted]]),
    };
  }
  return undefined;
}
