/**
 * `Mapper::Base` and `Mapper::HttpHelpers` (mapper.rb): `mount` and the verb methods
 * (`get`, `post`, ..., `connect`), which all end in `match`.
 */
import { underscore } from "../inflector.js";
import { RConst, RHash, RObject, RProc, RSymbol, RUnknown, RValue, sym, truthy } from "../ruby/values.js";
import { extractOptions } from "./block.js";
import { routingError } from "./errors.js";
import { matchKeywords, mountKeywords } from "./keywords81.js";
import { isCallable } from "./mapping.js";
import { plainMatch } from "./plain.js";
import { nameForAction, WORD } from "./naming.js";
import { match, route } from "./resources.js";
import type { Call, MapperState } from "./state.js";

export const VERBS = ["get", "post", "patch", "put", "delete", "options", "connect"] as const;
export type Verb = (typeof VERBS)[number];

/** `map_method`: the verb becomes `via:`. Rails 8.1 gives `options`/`connect` routes no format. */
export function httpVerb(m: MapperState, verb: Verb, call: Call): void {
  // `post :publish` and nothing else is `route`'s input, the one the standard actions give it
  // (an action that is a plain word: `add_route` would rewrite a dash in it).
  const only = call.args.length === 1 && call.block === null ? call.args[0] : undefined;
  if (m.fastPaths && only instanceof RSymbol && WORD.test(only.name) && m.version.gte(4, 0) && verb !== "options" && verb !== "connect") {
    route(m, verb, only.name, false);
    return;
  }
  if (m.fastPaths && !call.positionalHash && verb !== "options" && verb !== "connect" && m.version.gte(4, 0) && plainMatch(m, verb, call)) return;
  const args = [...call.args];
  // 8.1 reads a Hash passed as a value key by key (keywords81.ts), before its own defaults.
  const options = m.version.gte(8, 1) && call.positionalHash ? matchKeywords(extractOptions(args)) : extractOptions(args);
  options.sset("via", verb === "connect" ? [sym("get"), sym("connect")] : sym(verb));
  if (m.version.gte(8, 1) && (verb === "options" || verb === "connect")) {
    if (!options.shas("format")) options.sset("format", false);
    if (!options.shas("anchor")) options.sset("anchor", false);
  }
  match(m, { args: [...args, options], block: call.block });
}

const MOUNT_POINT_MESSAGE =
  "Must be called with mount point\n\n" +
  '  mount SomeRackApp, at: "some_route"\n' +
  "  or\n" +
  '  mount(SomeRackApp => "some_route")\n';

export function mount(m: MapperState, call: Call): void {
  let [app, options] = call.args as [RValue | undefined, RValue | undefined];
  let path: RValue | undefined;
  if (options instanceof RHash) {
    // 8.1 reads a Hash passed as a value key by key: `format: false` there is nil (keywords81.ts).
    options = m.version.gte(8, 1) && call.positionalHash ? mountKeywords(options) : options.dup();
    path = options.sdelete("at");
  } else if (app instanceof RHash) {
    options = app.dup();
    const found = options.entries().find(([k]) => isMountable(k));
    app = found?.[0];
    path = found?.[1];
    if (found) options.delete(found[0]);
  }
  if (!isMountable(app)) throw routingError("A rack application must be specified");
  // Whatever it is, a mounted app is an object Rails calls: never a "controller#action".
  if (app instanceof RUnknown && !app.object) app = new RUnknown(app.description, true);
  if (!truthy(path)) throw routingError(MOUNT_POINT_MESSAGE);
  // Rails prints an object (before 7.1, a proc too) by `inspect`: with its address, or by its class's own method.
  if (app instanceof RObject && app.methods.has("inspect")) {
    if (app.inspectText === undefined) m.host.info(`Rails prints this endpoint with \`${app.className}#inspect\`, which Routemap could not compute: the table shows it as «${app.className}#inspect».`);
  } else if (app instanceof RObject && app.openAncestor !== undefined) {
    m.host.info(`Rails prints this endpoint with the object's \`inspect\`, which may be ${app.openAncestor}'s (a class or module the app's files do not define), and which Routemap does not know: the table shows it as «${app.className}#inspect».`);
  } else if (app instanceof RObject || (app instanceof RProc && m.version.lt(7, 1))) {
    m.host.info("Rails prints this endpoint with the object's address in memory, which only the running process has: the table shows the address as «0x…».");
  }
  const opts = options instanceof RHash ? options : new RHash();
  // Rails 8.1 names the mount only when `as:` is absent; before, `as: nil` also got the app's name.
  const named = m.version.gte(8, 1) ? !opts.shas("as") : !truthy(opts.sget("as"));
  if (named) opts.sset("as", appName(m, app!));
  const guess = app instanceof RConst ? m.engines.guessAtMount(app.path, named) : undefined;
  if (guess) m.host.info(guess);
  nameForAction(m, opts.sget("as"), path);
  if (!truthy(opts.sget("via"))) opts.sset("via", sym("all"));
  // Up to 7.0 the app, `anchor: false` and `format: false` override what the caller gave; from
  // 7.1 they are defaults the caller's `to:`, `anchor:`, `format:` override (rails/rails 1ee984d,
  // mapper.rb v7.1.0 l.624; 8.1's keywords default to the same).
  const fixed = new RHash([[sym("to"), app!], [sym("anchor"), false], [sym("format"), false]]);
  const merged = m.version.gte(7, 1) ? fixed.merge(opts) : opts.merge(fixed);
  match(m, { args: [path!, merged], block: null });
}

/** Whether `mount` takes a value as its app: anything the evaluator cannot know counts, since Rails requires one. */
export function isMountable(v: RValue | undefined): boolean {
  return isCallable(v) || v instanceof RUnknown;
}

/**
 * `app_name`: an engine mounts as its `railtie_name`, a class as its underscored name
 * (`Sidekiq::Web` → `sidekiq_web`), anything else (a module with `call`, an object) unnamed. A
 * constant no file Routemap reads defines is taken for a class, and said.
 */
export function appName(m: MapperState, app: RValue): RValue {
  if (!(app instanceof RConst)) return null;
  if (m.engines.isEngine(app.path)) return m.engines.railtieName(app.path);
  const isClass = m.host.isClass?.(app.path);
  if (isClass === false) return null;
  const name = underscore(app.path).replace(/\//g, "_");
  if (isClass === undefined) m.host.info(`Rails names this mount \`${name}\` if \`${app.path}\` is a class, and gives it no name otherwise; no file Routemap reads defines it, and the table takes it for a class.`);
  return name;
}
