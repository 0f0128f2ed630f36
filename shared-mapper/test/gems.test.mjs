// Routing DSL that gems add. Each `test-fixtures/gems/<gem>/` holds a routes file using the
// gem, and the golden Rails printed for `expanded.rb`, the same routes written out in plain
// Rails from the gem's source (scripts/oracle.mjs writes it): Routemap's table of the routes
// file must be that table. The gem's own errors and versions are checked here from its source.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { formatSheet } from "../dist/index.js";
import { FIXTURES } from "../../test-fixtures/lib/cases.mjs";
import { mapper } from "./helpers.mjs";

const GEMS = join(FIXTURES, "gems");

async function map(text, options = {}) {
  return (await mapper()).map({ entry: "routes.rb", files: { "routes.rb": text }, options: { railsVersion: "6.1", rubyVersion: "3.1", ...options } });
}
const draw = (body) => `Rails.application.routes.draw do\n${body}\nend\n`;
const errors = (result) => result.diagnostics.filter((d) => d.severity === "error").map((d) => `${d.span.start.line}: ${d.message}`);

for (const gem of readdirSync(GEMS)) {
  test(`${gem}: the table is what Rails draws for the gem's expansion`, async () => {
    const golden = readFileSync(join(GEMS, gem, "rails-6.1.txt"), "utf8").split("\n").slice(1).join("\n");
    const result = await map(readFileSync(join(GEMS, gem, "routes.rb"), "utf8"));
    assert.deepEqual(result.diagnostics, []);
    assert.equal(formatSheet(result.routes, { railsVersion: "6.1" }), golden);
  });
}

test("versionist: api_version's own checks raise its messages, in its order", async () => {
  // lib/versionist/routing.rb `api_version`, and versioning_strategy/*.rb `initialize`.
  const cases = [
    ['api_version("x") { }', "you must pass a configuration Hash to api_version"],
    ["api_version(module: \"V1\") { }", "you must specify :header, :path, or :parameter in configuration Hash passed to api_version"],
    ['api_version(module: "V1", path: "v1") { }', "path key in configuration Hash passed to api_version must point to a Hash"],
    ['api_version(path: { value: "v1" }) { }', "you must specify :module in configuration Hash passed to api_version"],
    ['api_version(module: "V1", path: { value: "v1" }, defaults: 1) { }', ":defaults must be a Hash"],
    ['api_version(module: "V1", path: { name: "v1" }) { }', "you must specify :value in the :path configuration Hash"],
    ['api_version(module: "V1", header: { value: "x" }) { }', "you must specify :name in the :header configuration Hash"],
    ['api_version(module: "V1", header: { name: "Version", value: "1" }) { }', `a header :name of 'version' will clash with the built in rack header "HTTP_VERSION". You must use a different header name`],
    ['api_version(module: "V1", parameter: { name: "v" }) { }', "you must specify :value in the :parameter configuration Hash"],
  ];
  for (const [call, message] of cases) assert.deepEqual(errors(await map(draw(`  ${call}`))), [`1: ${message}`], call);
  const twoDefaults = draw('  api_version(module: "V1", path: { value: "v1" }, default: true) { }\n  api_version(module: "V2", path: { value: "v2" }, default: true) { }');
  assert.deepEqual(errors(await map(twoDefaults)), ["2: [VERSIONIST] attempt to set more than one default api version"]);
});

test("versionist: 1.x gave the parameter strategy no name prefix; a lockfile without the gem leaves api_version unknown", async () => {
  const body = draw('  api_version(module: "V1", parameter: { name: "version", value: "v1" }) do\n    resources :posts, only: :index\n  end');
  const names = async (gems) => (await map(body, { gems })).routes.map((r) => r.name);
  assert.deepEqual(await names({ versionist: "2.0.1" }), ["v1_posts"]);
  assert.deepEqual(await names({ versionist: "1.7.0" }), ["posts"]);
  const absent = await map(body, { gems: { rails: "6.1.7" } });
  assert.match(absent.diagnostics[0].message, /^Unknown method `api_version`/);
});

// Devise reads the app beyond its routes: each model's `devise` call, and config/initializers/devise.rb.
async function mapApp(files, options = {}) {
  const prefixed = Object.fromEntries(Object.entries(files).map(([path, text]) => [`/app/${path}`, text]));
  return (await mapper()).map({ entry: "/app/config/routes.rb", files: prefixed, options: { railsVersion: "7.1", rubyVersion: "3.3", gems: { devise: "4.9.4" }, ...options } });
}
const infos = (result) => result.diagnostics.filter((d) => d.severity === "info").map((d) => `${d.span.start.line}: ${d.message}`);
const sheet = (result) => result.routes.map((r) => `${r.name} ${r.verb} ${r.path} ${r.reqs}`);

test("devise: a model Routemap cannot read draws nothing and says why, never an error", async () => {
  const result = await mapApp({
    "config/routes.rb": draw("  devise_for :customers\n  devise_for :users\n  devise_for :admins"),
    "app/models/user.rb": "class User < ApplicationRecord\n  devise *DEVISE_MODULES\nend\n",
    "app/models/admin.rb": "class Admin < ApplicationRecord\n  include Authenticatable\nend\n",
  });
  assert.deepEqual(errors(result), []);
  assert.deepEqual(result.routes, []);
  assert.deepEqual(infos(result), [
    "1: Routemap does not know the Devise modules of Customer: app/models/customer.rb is not in the workspace. The routes of `devise_for :customers` are missing.",
    "2: Routemap does not know the Devise modules of User: its `devise` call in app/models/user.rb passes `*DEVISE_MODULES`, which Routemap cannot read without running it. The routes of `devise_for :users` are missing.",
    "3: Routemap does not know the Devise modules of Admin: app/models/admin.rb has no `devise` call that Routemap can see, in it, its parent classes the app defines, or the modules they include. The routes of `devise_for :admins` are missing.",
  ]);
});

test("devise: modules of other gems are named; the modules Devise knows still draw", async () => {
  const result = await mapApp({
    "config/routes.rb": draw("  devise_for :users"),
    "app/models/user.rb": "class User < ApplicationRecord\n  devise :masqueradable, :database_authenticatable, :pwned_password\nend\n",
  });
  assert.deepEqual(infos(result), [
    // :pwned_password is devise-pwned_password's, which adds no route (`Devise.add_module :pwned_password, model: …`).
    "1: Devise module :masqueradable of User comes from a gem Routemap does not model; any routes it draws are missing.",
  ]);
  assert.deepEqual(sheet(result), [
    "new_user_session GET /users/sign_in(.:format) devise/sessions#new",
    "user_session POST /users/sign_in(.:format) devise/sessions#create",
    "destroy_user_session DELETE /users/sign_out(.:format) devise/sessions#destroy",
  ]);
  assert.ok(result.routes.every((r) => r.toJSON().origin === "Devise"));
});

test("devise: modules the app adds with Devise.add_module draw by their route key; a key without Devise's drawer, or a call not read, is said", async () => {
  const result = await mapApp({
    "config/application.rb": 'require "rails"\nmodule Shop\n  class Application < Rails::Application\n  end\nend\n',
    "config/initializers/devise.rb": [
      "Devise.add_module(:token_login, controller: :sessions, route: :session)",
      "Devise.add_module(:magic_link, route: :magic_link)",
      "Devise.add_module(EXTRA_MODULE, route: true)",
    ].join("\n"),
    "config/routes.rb": draw("  devise_for :users\n  devise_for :admins"),
    "app/models/user.rb": "class User < ApplicationRecord\n  devise :magic_link, :token_login\nend\n",
    "app/models/admin.rb": "class Admin < ApplicationRecord\n  devise :mystery\nend\n",
  });
  // (Rails' own rows, which an app draws in development, left out.)
  result.routes = result.routes.filter((r) => !r.name.startsWith("rails_"));
  assert.deepEqual(infos(result), [
    "1: `devise_for` calls `devise_magic_link` for the route `magic_link` a module of User adds (`Devise.add_module`): no file Routemap reads defines it on the mapper, and its routes are missing.",
    "2: Devise module :mystery of Admin comes from a gem Routemap does not model (or from `Devise.add_module(EXTRA_MODULE, route: true)` in the app, which Routemap cannot read); any routes it draws are missing.",
  ]);
  assert.deepEqual(sheet(result), [
    "new_user_session GET /users/sign_in(.:format) devise/sessions#new",
    "user_session POST /users/sign_in(.:format) devise/sessions#create",
    "destroy_user_session DELETE /users/sign_out(.:format) devise/sessions#destroy",
  ]);
});

test("devise: config/initializers/devise.rb's sign_out_via, unlock_strategy and OmniAuth settings", async () => {
  const result = await mapApp({
    "config/routes.rb": draw("  devise_for :users, only: [:sessions, :unlocks, :omniauth_callbacks]"),
    "config/initializers/devise.rb":
      'Devise.setup do |config|\n  config.sign_out_via = :get\n  config.unlock_strategy = :time\n  config.omniauth :github, ENV["ID"], ENV["SECRET"]\n  config.omniauth_path_prefix = "/oauth"\nend\n',
    "app/models/user.rb": "class User < ApplicationRecord\n  devise :database_authenticatable, :lockable, :omniauthable\nend\n",
  });
  assert.deepEqual(sheet(result), [
    "new_user_session GET /users/sign_in(.:format) devise/sessions#new",
    "user_session POST /users/sign_in(.:format) devise/sessions#create",
    "destroy_user_session GET /users/sign_out(.:format) devise/sessions#destroy",
    "user_github_omniauth_authorize GET|POST /oauth/github(.:format) devise/omniauth_callbacks#passthru",
    "user_github_omniauth_callback GET|POST /oauth/github/callback(.:format) devise/omniauth_callbacks#github",
  ]);
});

test("devise: Devise.mappings[name] after its devise_for answers the mapping's readers; the setting's sign_out_via; other readers unknown", async () => {
  // lib/devise/mapping.rb: `@sign_out_via = options[:sign_out_via] || Devise.sign_out_via`; `modules`
  // are the model's `devise_modules` (`only: []` draws none of their routes); `strategies`… are
  // Warden's, not read. Rails' answers for the options: fixture app `devise-mappings`.
  const result = await mapApp({
    "config/routes.rb": draw(
      '  devise_for :users, only: []\n  devise_scope :user do\n    match "out", to: "devise/sessions#destroy", via: Devise.mappings[:user].sign_out_via\n  end\n  get "x", to: "a#b", defaults: { m: Devise.mappings[:user].modules, s: Devise.mappings[:user].strategies }',
    ),
    "config/initializers/devise.rb": "Devise.setup do |config|\n  config.sign_out_via = :get\nend\n",
    "app/models/user.rb": "class User < ApplicationRecord\n  devise :database_authenticatable\nend\n",
  });
  assert.deepEqual(sheet(result), ["out GET /out(.:format) devise/sessions#destroy", "x GET /x(.:format) a#b {:m=>[:database_authenticatable], :s=>«Devise.mappings[:user].strategies»}"]);
  assert.deepEqual(infos(result), [
    "5: Unknown method `Devise.mappings[:user].strategies`: Routemap does not know what it returns (or which routes it adds); its value is unknown.",
    "5: Routemap cannot compute `Devise.mappings[:user].strategies` (a method Routemap does not model); the table shows it as «Devise.mappings[:user].strategies».",
  ]);
});

test("devise: Devise.omniauth_providers lists the providers by their strategy names, unknown where one cannot be read or decided", async () => {
  // Rails' answers for the names (`name:`, a provider configured twice): fixture app `devise-providers`.
  const routes = draw('  Devise.omniauth_providers.each { |p| get "import/#{p}", to: "import#callback", as: "import_#{p}" }');
  const providers = async (setup) => sheet(await mapApp({ "config/routes.rb": routes, "config/initializers/devise.rb": `Devise.setup do |config|\n${setup}end\n` }));
  assert.deepEqual(await providers('  config.omniauth :github, ENV["ID"], ENV["SECRET"], scope: "user"\n  config.omniauth :openid_connect, name: :sso\n  config.omniauth :github\n'), [
    "import_github GET /import/github(.:format) import#callback",
    "import_sso GET /import/sso(.:format) import#callback",
  ]);
  const unknown = async (setup) => {
    const result = await mapApp({ "config/routes.rb": routes, "config/initializers/devise.rb": `Devise.setup do |config|\n${setup}end\n` });
    assert.deepEqual(sheet(result), []);
    return infos(result).filter((m) => m.includes("omniauth_providers"));
  };
  assert.deepEqual(await unknown('  config.omniauth :github\n  config.omniauth :saml, name: ENV["NAME"]\n'), [
    "1: Routemap did not run this block: `Devise.omniauth_providers` is the OmniAuth providers config/initializers/devise.rb configures, one of which Routemap cannot read (`config.omniauth :saml, name: ENV[\"NAME\"]`). Any routes it draws are missing.",
  ]);
  assert.deepEqual(await unknown('  config.omniauth :github if ENV["GITHUB"]\n'), [
    "1: Routemap did not run this block: `Devise.omniauth_providers` is the OmniAuth providers config/initializers/devise.rb configures, `github` among them only if `ENV[\"GITHUB\"]`, which Routemap cannot decide. Any routes it draws are missing.",
  ]);
  assert.deepEqual(await unknown("  config.omniauth(*PROVIDERS)\n"), [
    "1: Routemap did not run this block: `Devise.omniauth_providers` is the OmniAuth providers config/initializers/devise.rb configures, one of which Routemap cannot read (`config.omniauth(*PROVIDERS)`). Any routes it draws are missing.",
  ]);
});

test("devise: a `devise` call passing a local of the class body is not read as passing nothing", async () => {
  // avalon's User: `devise_list = [...]; devise_list << :registerable if Settings.auth.registerable; devise(*devise_list)`:
  // the statements that build the list run, each way the condition Routemap cannot decide may go:
  // the modules of both lists are the model's, the one only a way has is said, its routes missing.
  const model = (body) => mapApp({ "config/routes.rb": draw("  devise_for :users"), "app/models/user.rb": `class User < ApplicationRecord\n${body}end\n` });
  const result = await model("  list = [:database_authenticatable]\n  list << :registerable if Settings.x\n  devise(*list)\n");
  const SESSIONS = [
    "new_user_session GET /users/sign_in(.:format) devise/sessions#new",
    "user_session POST /users/sign_in(.:format) devise/sessions#create",
    "destroy_user_session DELETE /users/sign_out(.:format) devise/sessions#destroy",
  ];
  assert.deepEqual(sheet(result), SESSIONS);
  assert.deepEqual(infos(result), ["1: Devise adds :registerable to User only if `Settings.x`, which Routemap cannot decide: the routes of its `registration` are missing."]);
  // Portus: a module without routes taken out under such a condition changes no route (Rails, fixture app
  // devise-app-modules, with the condition false); one with routes taken out is said the other way round.
  const portus = await model("  list = [:database_authenticatable, :validatable, :recoverable, { authentication_keys: [:username] }]\n  list.delete(:validatable) if APP_CONFIG.enabled?(\"ldap\")\n  list.delete(:recoverable) unless ENV[\"RESET\"]\n  devise(*list)\n");
  assert.deepEqual(sheet(portus), SESSIONS);
  assert.deepEqual(infos(portus), ["1: Devise adds :recoverable to User only if `ENV[\"RESET\"]`, which Routemap cannot decide: the routes of its `password` are missing."]);
  // A list still unknown in one of the ways (a module named by a value Routemap cannot read) leaves the call unread.
  const unread = await model("  list = [:database_authenticatable]\n  list << Settings.extra if Settings.x\n  devise(*list)\n");
  assert.deepEqual(sheet(unread), []);
  assert.match(infos(unread)[0], /^1: Routemap does not know the Devise modules of User: its `devise` call in app\/models\/user\.rb passes `\*list`/);
});

test("devise: only the setup block's parameter (or Devise itself) is Devise's configuration, not another local of the file", async () => {
  const result = await mapApp({
    "config/routes.rb": draw("  devise_for :users, only: [:sessions, :unlocks]"),
    "config/initializers/devise.rb":
      'Devise.setup do |c|\n  c.sign_out_via = :get\n  settings = OpenStruct.new\n  settings.unlock_strategy = :time\n  options = {}\n  options[:callback_url] = ENV["CALLBACK"]\nend\n',
    "app/models/user.rb": "class User < ApplicationRecord\n  devise :database_authenticatable, :lockable\nend\n",
  });
  // unlock_strategy stays Devise's default (:both), so the unlock routes are drawn.
  assert.deepEqual(sheet(result).filter((l) => /sign_out|unlock/.test(l)), [
    "destroy_user_session GET /users/sign_out(.:format) devise/sessions#destroy",
    "new_user_unlock GET /users/unlock/new(.:format) devise/unlocks#new",
    "user_unlock GET /users/unlock(.:format) devise/unlocks#show",
    " POST /users/unlock(.:format) devise/unlocks#create",
  ]);
});

test("devise: a route setting of config/initializers/devise.rb that is not a literal is said, not taken as Devise's default silently", async () => {
  const result = await mapApp({
    "config/routes.rb": draw("  devise_for :users, only: [:sessions]"),
    "config/initializers/devise.rb": 'Devise.setup do |config|\n  config.sign_out_via = ENV["SIGN_OUT_VIA"]\n  config.mailer_sender = ENV["FROM"]\nend\n',
    "app/models/user.rb": "class User < ApplicationRecord\n  devise :database_authenticatable\nend\n",
  });
  // mailer_sender draws no route: nothing to say about it.
  assert.deepEqual(infos(result), [
    "1: Devise's `config.sign_out_via` is set in config/initializers/devise.rb to `ENV[\"SIGN_OUT_VIA\"]`, which Routemap cannot read: the routes of `devise_for` follow Devise's default, which may not be Rails' answer.",
  ]);
});

test("devise: a setting under a condition Routemap cannot decide is said only when it changes the routes", async () => {
  const result = await mapApp({
    "config/routes.rb": draw("  devise_for :users, only: [:sessions]"),
    "config/initializers/devise.rb":
      'Devise.setup do |config|\n  if ENV["SSO"]\n    config.sign_out_via = :get\n    config.mailer_sender = "sso@example.com"\n  end\nend\n',
    "app/models/user.rb": "class User < ApplicationRecord\n  devise :database_authenticatable\nend\n",
  });
  // mailer_sender changes no row: nothing to say about it.
  assert.deepEqual(infos(result), [
    "1: Devise's `config.sign_out_via` is set in config/initializers/devise.rb only if `ENV[\"SSO\"]`, which Routemap cannot decide: the routes of `devise_for` follow Devise's default, which may not be Rails' answer.",
  ]);
});

test("devise: a model's `devise` call under a condition counts where it holds; one Routemap cannot decide draws nothing and is said", async () => {
  // manyfold's `devise :omniauthable, … if SiteSettings.oidc_enabled?`: Rails (Devise 4.8) draws
  // the OmniAuth routes only where it holds; `if false` and `unless true` add nothing.
  const model = (lines, options = "") => ({
    "config/routes.rb": draw(`  devise_for :users${options}`),
    "app/models/user.rb": `class User < ApplicationRecord\n  devise :database_authenticatable\n${lines}\nend\n`,
  });
  const session = [
    "new_user_session GET /users/sign_in(.:format) devise/sessions#new",
    "user_session POST /users/sign_in(.:format) devise/sessions#create",
    "destroy_user_session DELETE /users/sign_out(.:format) devise/sessions#destroy",
  ];
  const omniauth = [
    "user_github_omniauth_authorize GET|POST /users/auth/github(.:format) devise/omniauth_callbacks#passthru",
    "user_github_omniauth_callback GET|POST /users/auth/github/callback(.:format) devise/omniauth_callbacks#github",
  ];
  for (const [lines, routes] of [
    ["  devise :omniauthable, omniauth_providers: %i[github] if false\n  devise :registerable unless true", session],
    ["  if 1 > 2\n    devise :registerable\n  else\n    devise :omniauthable, omniauth_providers: %i[github]\n  end", [...session, ...omniauth]],
    ["  devise(*(true ? [:omniauthable] : []), omniauth_providers: %i[github])", [...session, ...omniauth]],
  ]) {
    const result = await mapApp(model(lines));
    assert.deepEqual([errors(result), infos(result)], [[], []], lines);
    assert.deepEqual(sheet(result), routes, lines);
  }
  const undecided = await mapApp({ ...model("  devise :omniauthable, omniauth_providers: %i[github] if SiteSettings.oidc_enabled?\n  devise :registerable unless ENV[\"CLOSED\"]", ', controllers: { omniauth_callbacks: "users/omniauth" }'), "app/models/site_settings.rb": "class SiteSettings\n  def self.oidc_enabled? = ENV[\"OIDC\"] == \"1\"\nend\n" });
  // No "not omniauthable" error either: the `controllers:` option is right where the condition holds.
  assert.deepEqual(errors(undecided), []);
  assert.deepEqual(sheet(undecided), session);
  assert.deepEqual(infos(undecided), [
    "1: Devise adds :omniauthable to User only if `SiteSettings.oidc_enabled?`, which Routemap cannot decide: the routes of its `omniauth_callback` are missing.",
    "1: Devise adds :registerable to User unless `ENV[\"CLOSED\"]`, which Routemap cannot decide: the routes of its `registration` are missing.",
  ]);
});

test("devise: the modules of devise_invitable and devise-two-factor draw their routes, after Devise's own", async () => {
  const result = await mapApp({
    "config/routes.rb": draw("  devise_for :users"),
    "app/models/user.rb": "class User < ApplicationRecord\n  devise :two_factor_authenticatable, :invitable, :recoverable, lock_strategy: :none, otp_length: 6\nend\n",
  }, { gems: { devise: "4.9.4", devise_invitable: "2.0.9", "devise-two-factor": "5.0.0" } });
  assert.deepEqual(infos(result), []);
  assert.deepEqual(sheet(result), [
    "new_user_password GET /users/password/new(.:format) devise/passwords#new",
    "edit_user_password GET /users/password/edit(.:format) devise/passwords#edit",
    "user_password PATCH /users/password(.:format) devise/passwords#update",
    " PUT /users/password(.:format) devise/passwords#update",
    " POST /users/password(.:format) devise/passwords#create",
    "new_user_session GET /users/sign_in(.:format) devise/sessions#new",
    "user_session POST /users/sign_in(.:format) devise/sessions#create",
    "destroy_user_session DELETE /users/sign_out(.:format) devise/sessions#destroy",
    "accept_user_invitation GET /users/invitation/accept(.:format) devise/invitations#edit",
    "remove_user_invitation GET /users/invitation/remove(.:format) devise/invitations#destroy",
    "new_user_invitation GET /users/invitation/new(.:format) devise/invitations#new",
    "user_invitation PATCH /users/invitation(.:format) devise/invitations#update",
    " PUT /users/invitation(.:format) devise/invitations#update",
    " POST /users/invitation(.:format) devise/invitations#create",
  ]);
});

test("devise: devise-passwordless' module draws its magic link and Devise's sessions from 1.0, the sessions only before (its whole sheet from live Rails: test-fixtures/apps/devise-passwordless)", async () => {
  const files = { "config/routes.rb": draw("  devise_for :users, only: [:magic_link, :session]"), "app/models/user.rb": "class User < ApplicationRecord\n  devise :magic_link_authenticatable\nend\n" };
  const session = ["new_user_session GET /users/sign_in(.:format) devise/sessions#new", "user_session POST /users/sign_in(.:format) devise/sessions#create", "destroy_user_session DELETE /users/sign_out(.:format) devise/sessions#destroy"];
  const result = await mapApp(files, { gems: { devise: "4.9.4", "devise-passwordless": "1.0.3" } });
  assert.deepEqual(infos(result), []);
  assert.deepEqual(sheet(result), ["user_magic_link GET /users/magic_link(.:format) devise/magic_links#show", ...session]);
  // 0.7.1 (lib/devise/strategies/magic_link_authenticatable.rb): `route: :session`.
  assert.deepEqual(sheet(await mapApp(files, { gems: { devise: "4.9.4", "devise-passwordless": "0.7.1" } })), session);
});

test("devise: without devise in Gemfile.lock, devise_for is an unknown method", async () => {
  const result = await mapApp({ "config/routes.rb": draw("  devise_for :users") }, { gems: { rails: "7.1.3" } });
  assert.deepEqual(result.routes, []);
  assert.match(infos(result).join("\n"), /devise_for/);
});

test("routing-filter: filter draws nothing when the gem is locked; without it, it is an unknown method", async () => {
  const routes = draw('  filter :locale\n  get "about", to: "pages#about"');
  const locked = await map(routes, { gems: { actionpack: "6.1.7", "routing-filter": "0.7.0" } });
  assert.deepEqual(locked.diagnostics, []);
  assert.deepEqual(locked.routes.filter((r) => !r.internal).map((r) => r.name), ["about"]);
  const unlocked = await map(routes, { gems: { actionpack: "6.1.7" } });
  assert.deepEqual(unlocked.diagnostics.map((d) => d.message), ["Unknown method `filter`: Routemap does not know what it returns (or which routes it adds); its value is unknown."]);
});
