/**
 * devise_token_auth's `mount_devise_token_auth_for` (lynndylanhurley/devise_token_auth
 * lib/devise_token_auth/rails/routes.rb, 1.2.0 to 1.3.0).
 *
 * `mount_devise_token_auth_for "User", at: "auth"` calls `devise_for :users` (the model's
 * modules, `module: :devise`, `path:` the `at:`, its controllers, OmniAuth's skipped), then,
 * in a root scope of its own (`unnest_namespace`), the token validation route and, when the
 * omniauth gem is loaded, the OmniAuth routes under the enclosing scope's path, written out.
 * 1.2.1 made the provider redirect a 307 for GET and POST; 1.2.2 opened the failure and
 * callback routes to POST.
 */
import { extractOptions, checkArity } from "../mapper/block.js";
import { httpVerb } from "../mapper/base.js";
import { match } from "../mapper/resources.js";
import { Scope } from "../mapper/scope.js";
import { constraints } from "../mapper/scoping.js";
import { gemVersion as versionOfGem, withScope, type Call, type MapperState } from "../mapper/state.js";
import { pluralize, underscore } from "../inflector.js";
import { RHash, RProc, RRedirect, RSymbol, RValue, sym } from "../ruby/values.js";
import { toS } from "../ruby/print.js";
import { invoke, kw } from "../framework/draw.js";
import { deviseFor } from "./devise.js";

const DEFAULT_CONTROLLERS: [string, string][] = [
  ["sessions", "devise_token_auth/sessions"],
  ["registrations", "devise_token_auth/registrations"],
  ["passwords", "devise_token_auth/passwords"],
  ["confirmations", "devise_token_auth/confirmations"],
];

export function mountDeviseTokenAuthFor(m: MapperState, call: Call, gemVersion: string | undefined): void {
  const args = [...call.args];
  const opts = extractOptions(args);
  checkArity(args, 1, 1);
  const resource = toS(args[0], m.ruby);
  const given = opts.sget("controllers");
  const controllers = given instanceof RHash ? given.dup() : new RHash();
  const take = (name: string, fallback: string) => {
    const value = controllers.sdelete(name);
    return value === undefined || value === null || value === false ? fallback : toS(value, m.ruby);
  };
  const chosen = new RHash();
  for (const [name, fallback] of DEFAULT_CONTROLLERS) chosen.sset(name, take(name, fallback));
  const tokenValidations = take("token_validations", "devise_token_auth/token_validations");
  const omniauth = take("omniauth_callbacks", "devise_token_auth/omniauth_callbacks");
  chosen.sset("unlocks", take("unlocks", "devise_token_auth/unlocks"));
  const forDevise = controllers.merge(chosen);
  const skipValue = opts.sget("skip");
  const skip = (Array.isArray(skipValue) ? skipValue : []).map((s) => (s instanceof RSymbol ? s.name : toS(s, m.ruby)));
  for (const item of skip) forDevise.delete(sym(item));
  const as = opts.sget("as");
  const route = as !== undefined && as !== null ? toS(as, m.ruby) : underscore(pluralize(resource)).replace(/\//g, "_");
  const at = toS(opts.sget("at") ?? null, m.ruby);
  const deviseOptions = kw({ class_name: resource, module: sym("devise"), path: at, controllers: forDevise, skip: [...skip.map(sym), sym("omniauth_callbacks")] });
  deviseFor(m, { args: [sym(route), deviseOptions], block: null }, { devise: versionOfGem(m, "devise"), omniauth: versionOfGem(m, "omniauth") });

  const scopePath = m.scope.get("path");
  const fullPath = `${scopePath === undefined || scopePath === null ? "" : toS(scopePath, m.ruby)}/${at}`;
  // `Scope.new(path: '', shallow_path: '', constraints: {}, defaults: {}, options: {})`: a root scope.
  const root = new Scope({ path: "", shallow_path: "", constraints: new RHash(), defaults: new RHash(), options: new RHash() });
  withScope(m, root, () => {
    invoke(m, constraints, [new RProc(() => true, true, () => "#<Proc (lambda) devise.mapping>")], () => {
      const get = (mm: MapperState, c: Call) => httpVerb(mm, "get", c);
      if (!skip.includes("token_validations")) {
        invoke(m, get, [`${fullPath}/validate_token`, kw({ controller: tokenValidations, action: "validate_token" })]);
      }
      if (m.gems && !m.gems.omniauth) return; // `defined?(::OmniAuth)`
      if (skip.includes("omniauth_callbacks")) return;
      drawOmniauth(m, { fullPath, controller: omniauth, version: gemVersion });
    });
  });
}

function drawOmniauth(m: MapperState, o: { fullPath: string; controller: string; version: string | undefined }): void {
  const version = versionOf(o.version);
  const both = [sym("get"), sym("post")];
  const own = version >= 1.0202 ? both : [sym("get")];
  const prefix = "/omniauth"; // `DeviseTokenAuth.omniauth_prefix`, the engine's default
  const route = (path: string, action: string, via: RValue[]) => invoke(m, match, [path, kw({ controller: o.controller, action, via })]);
  route(`${o.fullPath}/failure`, "omniauth_failure", own);
  route(`${o.fullPath}/:provider/callback`, "omniauth_success", own);
  route(`${prefix}/:provider/callback`, "redirect_callbacks", both);
  route(`${prefix}/failure`, "omniauth_failure", both);
  // A redirect with a block: Rails prints only its status.
  const redirect = version >= 1.0201 ? new RRedirect("redirect(307)") : new RRedirect("redirect(301)");
  invoke(m, match, [`${o.fullPath}/:provider`, kw({ to: redirect, via: version >= 1.0201 ? both : [sym("get")] })]);
}

/** `1.2.1` → 1.0201; the latest when unknown. */
function versionOf(text: string | undefined): number {
  const m = /^(\d+)\.(\d+)(?:\.(\d+))?/.exec(text ?? "");
  return m ? parseInt(m[1], 10) + parseInt(m[2], 10) / 100 + parseInt(m[3] ?? "0", 10) / 10000 : Infinity;
}
