// A Devise module an installed gem adds (devise_ichain_authenticatable's `Devise.add_module
// :ichain_authenticatable, route: {...}`, SUSE/hackweek), drawn by the `devise_<route>` method
// the gem defines on Rails' mapper. In Debian's Rails 6.1 with Devise 4.8 and the gem below on the
// load path, the app prints the three session rows, then
//   new_user_foo_session GET /users/foo_sign_in(.:format) devise/foo_sessions#new
//   destroy_user_foo_session DELETE /users/foo_sign_out(.:format) devise/foo_sessions#destroy
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { scratchDir } from "../../test-fixtures/lib/scratch.mjs";
import { appEnv, writeFiles } from "./fixture.mjs";

const CLI = new URL("../bin/routemap.cjs", import.meta.url).pathname;

test("a Devise module of an installed gem draws its routes with the gem's own mapper method", () => {
  const dir = scratchDir("routemap-devise-gem-");
  const app = join(dir, "app");
  const gems = join(dir, "gemhome");
  const gem = "gems/devise_foo-0.1.0";
  writeFiles(gems, {
    [`${gem}/lib/devise_foo.rb`]: [
      'require "devise"',
      'require "devise_foo/routes"',
      "Devise.add_module :foo_authenticatable, strategy: false, controller: :foo_sessions, route: { foo_session: [nil, :new, :destroy] }",
      "",
    ].join("\n"),
    [`${gem}/lib/devise_foo/routes.rb`]: [
      "ActionDispatch::Routing::Mapper.class_eval do",
      "  protected",
      "",
      "  def devise_foo_session(mapping, controllers)",
      '    resource :foo_session, only: [], controller: controllers[:foo_sessions], path: "" do',
      '      get :new, path: "foo_sign_in", as: "new"',
      '      match :destroy, path: "foo_sign_out", as: "destroy", via: mapping.sign_out_via',
      "    end",
      "  end",
      "end",
      "",
    ].join("\n"),
    "specifications/devise_foo-0.1.0.gemspec": 'Gem::Specification.new do |s|\n  s.name = "devise_foo"\n  s.version = "0.1.0"\n  s.require_paths = ["lib"]\nend\n',
  });
  writeFiles(app, {
    Gemfile: 'source "https://rubygems.org"\ngem "rails", "6.1.7"\ngem "devise", "4.8.1"\ngem "devise_foo", "0.1.0"\n',
    "Gemfile.lock": "GEM\n  remote: https://rubygems.org/\n  specs:\n    devise (4.8.1)\n    devise_foo (0.1.0)\n      devise (>= 4.0)\n    rails (6.1.7)\n\nPLATFORMS\n  ruby\n\nDEPENDENCIES\n  devise (= 4.8.1)\n  devise_foo (= 0.1.0)\n  rails (= 6.1.7)\n",
    "config/application.rb": 'require "rails"\nrequire "active_record/railtie"\nrequire "action_controller/railtie"\nBundler.require(*Rails.groups)\nmodule App\n  class Application < Rails::Application\n    config.load_defaults 6.1\n  end\nend\n',
    "config/routes.rb": "Rails.application.routes.draw do\n  devise_for :users\nend\n",
    "app/models/user.rb": "class User < ActiveRecord::Base\n  devise :database_authenticatable, :foo_authenticatable\nend\n",
  });
  const out = spawnSync(process.execPath, [CLI, "routes", "--rails", "6.1", "--ruby", "3.1"], { cwd: app, env: { ...appEnv(app), GEM_HOME: gems, GEM_PATH: "" }, encoding: "utf8" });
  assert.equal(out.stderr, "");
  assert.deepEqual(out.stdout.trim().split("\n").slice(1).map((l) => l.trim().replace(/ +/g, " ")), [
    "new_user_session GET /users/sign_in(.:format) devise/sessions#new",
    "user_session POST /users/sign_in(.:format) devise/sessions#create",
    "destroy_user_session DELETE /users/sign_out(.:format) devise/sessions#destroy",
    "new_user_foo_session GET /users/foo_sign_in(.:format) devise/foo_sessions#new",
    "destroy_user_foo_session DELETE /users/foo_sign_out(.:format) devise/foo_sessions#destroy",
  ]);
});
