/**
 * Doorkeeper's `use_doorkeeper` (doorkeeper-gem/doorkeeper lib/doorkeeper/rails/routes.rb and
 * routes/{mapping,mapper}.rb; 5.5.0 as Debian ships it, checked against 5.6–5.9 and 6.0).
 *
 * `use_doorkeeper(scope: "oauth") do controllers …; skip_controllers …; as … end` draws, in
 * `scope(options[:scope] || "oauth", as: "oauth")`, the routes of each controller not skipped:
 * authorizations, tokens (token, revoke, introspect), applications, authorized applications,
 * token info; Doorkeeper 6.0 adds the server metadata route after the scope. The block is
 * evaluated on Doorkeeper's own mapper, whose three methods are the only ones it knows.
 *
 * From config/initializers/doorkeeper.rb, read without running it: `allow_token_introspection
 * false` drops the introspect route; `native_authorization_code_route "/x"` (5.7+) moves the
 * native authorization route.
 */
import * as N from "@ruby/prism/src/nodes.js";
import { checkArity, extractOptions } from "../mapper/block.js";
import { httpVerb } from "../mapper/base.js";
import { resource, resources } from "../mapper/resources.js";
import { scope } from "../mapper/scoping.js";
import type { Call, MapperState } from "../mapper/state.js";
import { RHash, RMapper, RSymbol, RValue, sym } from "../ruby/values.js";
import { toS } from "../ruby/print.js";
import { walkCalls } from "../ruby/walk.js";
import { invoke, kw } from "../framework/draw.js";

type Controller = "authorizations" | "applications" | "authorized_applications" | "tokens" | "token_info" | "metadata";

/** `Doorkeeper::Rails::Routes::Mapping`: controllers, names and skips, as the block leaves them. */
class Mapping {
  readonly controllers: Record<string, RValue> = {
    authorizations: "doorkeeper/authorizations",
    applications: "doorkeeper/applications",
    authorized_applications: "doorkeeper/authorized_applications",
    tokens: "doorkeeper/tokens",
    token_info: "doorkeeper/token_info",
    metadata: "doorkeeper/metadata",
  };
  readonly as: Record<string, RValue> = { authorizations: sym("authorization"), tokens: sym("token"), token_info: sym("token_info") };
  skips: string[] = [];

  /** `mapping[name]`: `{controllers:, as:}`, nil for a name it does not have. */
  controller(name: Controller): RValue {
    return this.controllers[name] ?? null;
  }
  alias(name: Controller): RValue {
    return this.as[name] ?? null;
  }
}

export function useDoorkeeper(m: MapperState, call: Call, gemVersion: string | undefined): void {
  checkArity(call.args, 0, 1);
  const options = call.args.length ? call.args[0] : new RHash();
  const mapping = new Mapping();
  // `Doorkeeper::Rails::Routes::Mapper#map`: `instance_eval(&block)`, which gives the block its receiver too (`do |mapping| mapping.controllers …`).
  if (call.block) withBlockDsl(m, mapping, () => call.block!.call([RMapper.instance]));
  const settings = readSettings(m);
  const given = options instanceof RHash ? options.sget("scope") : undefined;
  const path = given === undefined || given === null || given === false ? "oauth" : given;
  const drawn = (name: Controller, draw: () => void) => {
    if (!mapping.skips.includes(name)) draw();
  };
  const version = versionOf(gemVersion);
  invoke(m, scope, [path, kw({ as: "oauth" })], () => {
    drawn("authorizations", () => {
      const native = version >= 5.07 && typeof settings.nativeRoute === "string" ? settings.nativeRoute : "/native";
      const options = kw({ path: "authorize", only: [sym("create"), sym("destroy")], as: mapping.alias("authorizations"), controller: mapping.controller("authorizations") });
      invoke(m, resource, [sym("authorization"), options], () => {
        invoke(m, get, [native, kw({ action: sym("show"), on: sym("member") })]);
        invoke(m, get, ["/", kw({ action: sym("new"), on: sym("member") })]);
      });
    });
    drawn("tokens", () => {
      const controller = mapping.controller("tokens");
      invoke(m, resource, [sym("token"), kw({ path: "token", only: [sym("create")], as: mapping.alias("tokens"), controller })]);
      invoke(m, post, ["revoke", kw({ controller, action: sym("revoke") })]);
      if (settings.introspection !== false) invoke(m, post, ["introspect", kw({ controller, action: sym("introspect") })]);
    });
    drawn("applications", () => {
      invoke(m, resources, [sym("doorkeeper_applications"), kw({ controller: mapping.controller("applications"), as: sym("applications"), path: "applications" })]);
    });
    drawn("authorized_applications", () => {
      invoke(m, resources, [sym("authorized_applications"), kw({ only: [sym("index"), sym("destroy")], controller: mapping.controller("authorized_applications") })]);
    });
    drawn("token_info", () => {
      invoke(m, resource, [sym("token_info"), kw({ path: "token/info", only: [sym("show")], as: mapping.alias("token_info"), controller: mapping.controller("token_info") })]);
    });
  });
  if (version >= 6) {
    drawn("metadata", () => invoke(m, get, [".well-known/oauth-authorization-server", kw({ controller: mapping.controller("metadata"), action: sym("show") })]));
  }
}

const get = (m: MapperState, call: Call) => httpVerb(m, "get", call);
const post = (m: MapperState, call: Call) => httpVerb(m, "post", call);

/** Runs the block with Doorkeeper's mapper methods: `controllers`, `skip_controllers`, `as`. */
function withBlockDsl(m: MapperState, mapping: Mapping, body: () => void): void {
  const merge = (into: Record<string, RValue>) => (_m: MapperState, call: Call) => {
    const args = [...call.args];
    extractOptions(args).forEach((k, v) => (into[k instanceof RSymbol ? k.name : toS(k)] = v));
  };
  const saved = m.blockDsl;
  m.blockDsl = {
    controllers: merge(mapping.controllers),
    as: merge(mapping.as),
    skip_controllers: (_m: MapperState, call: Call) => {
      mapping.skips = call.args.map((a) => (a instanceof RSymbol ? a.name : toS(a)));
    },
  };
  try {
    body();
  } finally {
    m.blockDsl = saved;
  }
}

/** The initializer's settings that change the routes; undefined where not set as a literal. */
function readSettings(m: MapperState): { introspection?: boolean; nativeRoute?: string } {
  const settings: { introspection?: boolean; nativeRoute?: string } = {};
  const file = m.host.appFile("config/initializers/doorkeeper.rb");
  if (!file) return settings;
  walkCalls(file.program, (call) => {
    const arg = call.arguments_?.arguments_[0];
    if (call.receiver) return;
    if (call.name === "allow_token_introspection" && arg instanceof N.FalseNode) settings.introspection = false;
    if (call.name === "native_authorization_code_route" && arg instanceof N.StringNode) settings.nativeRoute = arg.unescaped.value;
  });
  return settings;
}

/** `5.6.2` → 5.06, for comparisons by minor version; the latest when unknown. */
function versionOf(text: string | undefined): number {
  const m = /^(\d+)\.(\d+)/.exec(text ?? "");
  return m ? parseInt(m[1], 10) + parseInt(m[2], 10) / 100 : Infinity;
}
