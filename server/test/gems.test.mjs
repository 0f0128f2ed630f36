// Gems where Ruby would find them (server/src/cli/appGems.ts and the modules beside it): fake
// gem layouts written to the test's temp directory (Debian's, Bundler's path, git checkouts,
// path gems, version managers), each locked gem found where it is, or said missing with where
// Routemap looked; what a gem defines, cached in the user's cache folder; the real Debian gems
// of this machine, found where Ruby finds them; and Gemfile.lock read in linear time.
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, symlinkSync, utimesSync, writeFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { performance } from "node:perf_hooks";
import { scratchDir } from "../../test-fixtures/lib/scratch.mjs";
import { expectFile, memoryFs, workspaceFor, appEnv } from "./fixture.mjs";
import { AppGems, loadedGems, readAppGems } from "../dist/cli/appGems.js";
import { gemFiles } from "../dist/cli/gemFacts.js";
import { readInstalledGems } from "../dist/cli/helperCheck.js";
import { findGemEngines } from "../dist/cli/gemEngines.js";
import { parseLockfile } from "../dist/cli/lockfile.js";
import { nodeFileSystem } from "../dist/fileSystem.js";
import { readAppConfig } from "../dist/cli/appConfig.js";

/**
 * Writes `//- path` sections under `dir` (`//- path -> target` makes a symbolic link, `//- path/`
 * an empty folder); `$TMP` in a text is the test's root.
 */
function writeLayout(dir, text) {
  let current;
  const flush = () => current && (mkdirSync(dirname(current.path), { recursive: true }), writeFileSync(current.path, current.text));
  for (const line of text.replace(/^\n/, "").split("\n")) {
    const header = /^\/\/- (\S+)(?: -> (\S+))?$/.exec(line);
    if (!header) {
      if (current) current.text += line.replaceAll("$TMP", dir) + "\n";
      continue;
    }
    flush();
    current = undefined;
    const path = join(dir, header[1]);
    if (header[2]) (mkdirSync(dirname(path), { recursive: true }), symlinkSync(header[2], path));
    else if (header[1].endsWith("/")) mkdirSync(path, { recursive: true });
    else current = { path, text: "" };
  }
  flush();
}

/** A gemspec as RubyGems writes an installed one (`to_ruby`). */
const gemspec = (name, version, { files, requirePaths = ["lib"] } = {}) =>
  `# -*- encoding: utf-8 -*-\n# stub: ${name} ${version} ruby lib\n\nGem::Specification.new do |s|\n  s.name = "${name}".freeze\n  s.version = "${version}"\n\n` +
  `  s.require_paths = [${requirePaths.map((p) => `"${p}".freeze`).join(", ")}]\n  s.authors = ["A".freeze]\n` +
  (files ? `  s.files = [${files.map((f) => `"${f}".freeze`).join(", ")}]\n` : "") +
  `  s.summary = "A gem".freeze\nend\n`;

/**
 * Builds a layout (the app in `app/`, the user's home in `home/`, the system's folders in
 * `sys/`), finds the app's gems, and compares what was found with `expect/gems-<name>.txt`:
 * the homes searched, each gem's directory and files, each missing gem with where it was looked for.
 */
function check(name, layout, { env = {}, rubyVersion } = {}) {
  const tmp = scratchDir("routemap-gems-");
  writeLayout(tmp, layout);
  const show = (path) => relative(tmp, path) || ".";
  const fullEnv = { HOME: join(tmp, "home"), ...Object.fromEntries(Object.entries(env).map(([k, v]) => [k, v.replaceAll("$TMP", tmp)])) };
  const gems = readAppGems(join(tmp, "app"), { env: fullEnv, sysroot: join(tmp, "sys"), rubyVersion, cache: false });
  const lines = ["homes:", ...gems.homes.map((h) => `  ${show(h.dir)}  (${h.origin.replaceAll(tmp + "/", "")})`), "installed:"];
  for (const gem of [...gems.installed.values()].sort((a, b) => (a.name < b.name ? -1 : 1))) {
    lines.push(`  ${gem.name} ${gem.version} (${gem.source}): ${show(gem.dir)}${gem.spec ? `  spec ${show(gem.spec)}` : ""}`);
    const files = gemFiles(gem, gems.disk);
    if ("why" in files) lines.push(`    unknown: ${files.why.replaceAll(tmp + "/", "")}`);
    else for (const f of files) lines.push(`    ${f.rel}${f.path === join(gem.dir, f.rel) ? "" : ` = ${show(f.path)}`}`);
  }
  lines.push("missing:");
  for (const m of gems.missing) lines.push(`  ${m.name} ${m.version} (${m.source}): looked in ${m.looked.map(show).join(", ")}`);
  lines.push("message:", `  ${(gems.missingBecause() ?? "none").replaceAll(tmp + "/", "")}`);
  expectFile(`gems-${name}`, lines.join("\n") + "\n");
  return { gems, tmp };
}

test("Debian's layout: pure-Ruby gems' code in vendor_ruby with only a gemspec in rubygems-integration, compiled ones per Ruby and architecture, default gems in Ruby's library", () => {
  check(
    "debian",
    `
//- app/Gemfile.lock
GEM
  remote: https://rubygems.org/
  specs:
    csv (3.2.2)
    devise (4.8.1)
      warden (~> 1.2.3)
    mail (2.7.1)
    nokogiri (1.13.10)
    rack (2.2.22)
    sqlite3 (1.4.2)
    rake (13.0.6)
    warden (1.2.8)
    carrierwave (3.0.5)

PLATFORMS
  x86_64-linux

RUBY VERSION
   ruby 3.1.2p20

BUNDLED WITH
   2.3.15
//- sys/usr/share/rubygems-integration/all/specifications/devise-4.8.1.gemspec
${gemspec("devise", "4.8.1")}
//- sys/usr/share/rubygems-integration/all/gems/devise-4.8.1/lib/devise.rb
module Devise; end
//- sys/usr/share/rubygems-integration/all/gems/devise-4.8.1/app/controllers/devise/sessions_controller.rb
class Devise::SessionsController < DeviseController; end
//- sys/usr/share/rubygems-integration/all/gems/devise-4.8.1/app/views/devise/sessions/new.html.erb
<%= form_for(resource, url: session_path(resource_name)) do |f| %><% end %>
//- sys/usr/share/rubygems-integration/all/specifications/mail-2.7.1.gemspec
${gemspec("mail", "2.7.1", { files: ["MIT-LICENSE", "lib/mail", "lib/mail.rb", "lib/mail/message.rb", "lib/mail/parsers/rfc5322.rl"] })}
//- sys/usr/lib/ruby/vendor_ruby/mail.rb
module Mail; end
//- sys/usr/lib/ruby/vendor_ruby/mail/message.rb
class Mail::Message; end
//- sys/usr/share/rubygems-integration/all/specifications/warden-1.2.8.gemspec
${gemspec("warden", "1.2.8", { files: ["lib/warden.rb", "lib/warden/manager.rb"] })}
//- sys/usr/lib/ruby/vendor_ruby/warden.rb
module Warden; end
//- sys/usr/share/rubygems-integration/all/specifications/rack-2.2.22.gemspec
${gemspec("rack", "2.2.22")}
//- sys/usr/lib/x86_64-linux-gnu/rubygems-integration/3.1.0/specifications/nokogiri-1.13.10.gemspec
${gemspec("nokogiri", "1.13.10")}
//- sys/usr/lib/x86_64-linux-gnu/rubygems-integration/3.1.0/gems/nokogiri-1.13.10/lib/nokogiri.rb
module Nokogiri; end
//- sys/usr/share/rubygems-integration/3.1.0/specifications/sqlite3-1.4.2.gemspec
${gemspec("sqlite3", "1.4.2", { files: ["ext/sqlite3/database.c", "lib/sqlite3.rb", "lib/sqlite3/database.rb"] })}
//- sys/usr/lib/ruby/vendor_ruby/sqlite3.rb
module SQLite3; end
//- sys/usr/lib/ruby/vendor_ruby/sqlite3/database.rb
class SQLite3::Database; end
//- sys/usr/lib/ruby/gems/3.1.0/specifications/default/csv-3.2.2.gemspec
${gemspec("csv", "3.2.2", { files: ["LICENSE.txt", "lib/csv.rb", "lib/csv/row.rb"] })}
//- sys/usr/lib/ruby/gems/3.1.0/gems/csv-3.2.2/
//- sys/usr/lib/ruby/3.1.0/csv.rb
class CSV; end
//- sys/usr/lib/ruby/3.1.0/csv/row.rb
class CSV::Row; end
//- sys/var/lib/gems/3.1.0/specifications/rake-13.0.6.gemspec
${gemspec("rake", "13.0.6")}
//- sys/var/lib/gems/3.1.0/gems/rake-13.0.6/lib/rake.rb
module Rake; end
`,
  );
});

test("Bundler's path: the app's .bundle/config, then the environment, then the user's config; a platform's build of a gem", () => {
  const lock = `GEM
  specs:
    good_job (4.1.0)
    nokogiri (1.15.4-x86_64-linux)
    google-protobuf (3.25.1)
    pg (1.5.4)

PLATFORMS
  x86_64-linux
`;
  const layout = `
//- app/Gemfile.lock
${lock}
//- app/.bundle/config
---
BUNDLE_PATH: "vendor/gems"
BUNDLE_WITHOUT: "production"
//- app/vendor/gems/ruby/3.3.0/specifications/good_job-4.1.0.gemspec
${gemspec("good_job", "4.1.0")}
//- app/vendor/gems/ruby/3.3.0/gems/good_job-4.1.0/lib/good_job.rb
module GoodJob; end
//- app/vendor/gems/ruby/3.3.0/specifications/nokogiri-1.15.4-x86_64-linux.gemspec
${gemspec("nokogiri", "1.15.4")}
//- app/vendor/gems/ruby/3.3.0/gems/nokogiri-1.15.4-x86_64-linux/lib/nokogiri.rb
module Nokogiri; end
//- app/vendor/gems/ruby/3.3.0/specifications/google-protobuf-3.25.1-x86_64-linux.gemspec
${gemspec("google-protobuf", "3.25.1")}
//- app/vendor/gems/ruby/3.3.0/gems/google-protobuf-3.25.1-x86_64-linux/lib/google/protobuf.rb
module Google; end
//- shared/bundle/ruby/3.3.0/specifications/pg-1.5.4.gemspec
${gemspec("pg", "1.5.4")}
//- shared/bundle/ruby/3.3.0/gems/pg-1.5.4/lib/pg.rb
module PG; end
//- home/.bundle/config
---
BUNDLE_PATH: "~/user-bundle"
`;
  // The app's config names vendor/gems: the environment's path is not Bundler's then, and pg is not there.
  check("bundle-path", layout, { env: { BUNDLE_PATH: "$TMP/shared/bundle" } });
  // Without a path in the app's config, the environment's decides (the user's config is not read).
  const { gems } = check("bundle-path-env", layout.replace('BUNDLE_PATH: "vendor/gems"', 'BUNDLE_JOBS: "4"'), { env: { BUNDLE_PATH: "$TMP/shared/bundle" } });
  assert.match(gems.homes[0].origin, /^BUNDLE_PATH from the environment$/);
  // Nothing in the app or the environment: the user's config (`~` is the home folder); deployment alone means vendor/bundle.
  const user = check("bundle-path-user", layout.replace('BUNDLE_PATH: "vendor/gems"', 'BUNDLE_JOBS: "4"') + `//- home/user-bundle/ruby/3.3.0/specifications/pg-1.5.4.gemspec\n${gemspec("pg", "1.5.4")}`);
  assert.match(user.gems.homes[0].origin, /^BUNDLE_PATH from .*home\/\.bundle\/config$/);
  const deployment = check("bundle-path-deployment", layout.replace('BUNDLE_PATH: "vendor/gems"', 'BUNDLE_DEPLOYMENT: "true"').replaceAll("app/vendor/gems/", "app/vendor/bundle/"));
  assert.match(deployment.gems.homes[0].origin, /^BUNDLE_PATH \(deployment\) from .*app\/\.bundle\/config$/);
});

test("git sources: the checkout bundler/gems/<repository>-<12 of the revision>, each gem by its gemspec there; a missing checkout says which folders it looked for", () => {
  check(
    "git",
    `
//- app/Gemfile.lock
GIT
  remote: https://github.com/acme/blog_engine.git
  revision: 0123456789abcdef0123456789abcdef01234567
  branch: main
  specs:
    blog (0.1.0)
      rails (>= 7.0)

GIT
  remote: git@github.com:acme/toolkit.git
  revision: fedcba9876543210fedcba9876543210fedcba98
  specs:
    toolkit-core (2.0.0)
    widgets (2.0.0)
      toolkit-core (= 2.0.0)

GIT
  remote: https://github.com/acme/gone.git
  revision: 1111111111112222222222333333333344444444
  specs:
    gone (1.0.0)

GEM
  remote: https://rubygems.org/
  specs:
    rails (7.1.3)

PLATFORMS
  ruby

DEPENDENCIES
  blog!
  widgets!
//- app/.bundle/config
BUNDLE_PATH: "vendor/bundle"
//- app/vendor/bundle/ruby/3.3.0/bundler/gems/blog_engine-0123456789ab/blog.gemspec
Gem::Specification.new do |spec|
  spec.name = "blog"
end
//- app/vendor/bundle/ruby/3.3.0/bundler/gems/blog_engine-0123456789ab/config/routes.rb
Blog::Engine.routes.draw do
  resources :posts
end
//- app/vendor/bundle/ruby/3.3.0/bundler/gems/blog_engine-0123456789ab/lib/blog/engine.rb
module Blog
  class Engine < ::Rails::Engine
    isolate_namespace Blog
  end
end
//- home/.gem/ruby/3.3.0/bundler/gems/toolkit-fedcba987654/core/toolkit-core.gemspec
Gem::Specification.new { |s| s.name = "toolkit-core" }
//- home/.gem/ruby/3.3.0/bundler/gems/toolkit-fedcba987654/core/lib/toolkit/core.rb
module Toolkit; end
//- home/.gem/ruby/3.3.0/bundler/gems/toolkit-fedcba987654/ui/widgets-rails.gemspec
Gem::Specification.new do |s|
  s.name    = 'widgets'
end
//- home/.gem/ruby/3.3.0/bundler/gems/toolkit-fedcba987654/ui/lib/widgets.rb
module Widgets; end
//- home/.gem/ruby/3.3.0/specifications/rails-7.1.3.gemspec
${gemspec("rails", "7.1.3")}
//- home/.gem/ruby/3.3.0/gems/rails-7.1.3/
`,
  );
});

test("a gem only in groups the judged environments never load (production's pg, and its dependency) costs no check; one they load does, and so does any gem with --env production", () => {
  const tmp = scratchDir("routemap-gems-groups-");
  writeLayout(
    tmp,
    `
//- app/Gemfile
source "https://rubygems.org"
gem "rails"
group :production do
  gem "pg"
end
group :development, :test do
  gem "letter_opener"
end
//- app/Gemfile.lock
GEM
  remote: https://rubygems.org/
  specs:
    letter_opener (1.8.1)
      launchy (>= 2.2, < 4)
    launchy (2.5.2)
    pg (1.5.4)
      pg_ext (~> 1.0)
    pg_ext (1.0.0)
    rails (7.1.3)

PLATFORMS
  ruby

DEPENDENCIES
  letter_opener
  pg
  rails
//- home/.gem/ruby/3.3.0/specifications/rails-7.1.3.gemspec
${gemspec("rails", "7.1.3")}
//- home/.gem/ruby/3.3.0/gems/rails-7.1.3/lib/rails.rb
module Rails; end
//- home/.gem/ruby/3.3.0/specifications/letter_opener-1.8.1.gemspec
${gemspec("letter_opener", "1.8.1")}
//- home/.gem/ruby/3.3.0/gems/letter_opener-1.8.1/lib/letter_opener.rb
module LetterOpener; end
`,
  );
  const gems = (railsEnv) => readAppGems(join(tmp, "app"), { env: { HOME: join(tmp, "home") }, sysroot: join(tmp, "sys"), cache: false, rubyVersion: "3.3.0", railsEnv });
  // pg and pg_ext (only pg needs it) are production's: in development and test nothing loads them; launchy, letter_opener's, is loaded.
  assert.deepEqual(gems(undefined).missing.map((g) => g.name), ["launchy"]);
  assert.deepEqual(gems("production").missing.map((g) => g.name).sort(), ["launchy", "pg", "pg_ext"]);
  // Without the gem it needs, letter_opener's launchy installed: every check runs in development.
  mkdirSync(join(tmp, "home/.gem/ruby/3.3.0/gems/launchy-2.5.2/lib"), { recursive: true });
  writeFileSync(join(tmp, "home/.gem/ruby/3.3.0/specifications/launchy-2.5.2.gemspec"), gemspec("launchy", "2.5.2"));
  assert.ok(!("why" in readInstalledGems(gems(undefined))));
  assert.match(readInstalledGems(gems("production")).why, /^the gem pg \(1\.5\.4\) and 1 more \(pg_ext\) are not installed/);
  // A gem the Gemfile names only for production is loaded all the same where a loaded gem needs it.
  const lock = parseLockfile("GEM\n  remote: https://rubygems.org/\n  specs:\n    pg (1.5.4)\n    pghero (3.0.0)\n      pg\n\nDEPENDENCIES\n  pg\n  pghero\n");
  const loaded = loadedGems(lock, 'gem "pghero"\ngroup :production do\n  gem "pg"\nend\n', "development");
  assert.deepEqual([loaded("pg"), loaded("pghero")], [true, true]);
  assert.equal(loadedGems(lock, 'group :production do\n  gem "pg"\n  gem "pghero"\nend\n', "development")("pg"), false);
});

test("path gems are installed where their path says (a PATH gem no longer switches the checks off), found by the name their gemspec gives; a path without the gem says so", async () => {
  const { gems, tmp } = check(
    "path",
    `
//- app/Gemfile.lock
PATH
  remote: engines/blog
  specs:
    blog (0.1.0)

PATH
  remote: ../shared/auth
  specs:
    auth (1.0.0)

PATH
  remote: engines/gone
  specs:
    gone (0.0.1)

PATH
  remote: plugins/gcloud
  specs:
    gcloud_image_tagger (0.0.0)

GEM
  specs:

PLATFORMS
  ruby

DEPENDENCIES
  auth!
  blog!
//- app/engines/blog/blog.gemspec
Gem::Specification.new { |s| s.name = "blog" }
//- app/engines/blog/lib/blog.rb
module Blog
  def self.feed_url; end
end
//- shared/auth/lib/auth.rb
module Auth; end
//- app/plugins/gcloud/gcloud.gemspec
Gem::Specification.new "gcloud_image_tagger", "0.0.0" do |s|
  s.summary = "A gemspec named otherwise than its gem"
end
//- app/plugins/gcloud/app/helpers/gcloud_helper.rb
module GcloudHelper
  def gcloud_console_url; end
end
`,
  );
  const index = readInstalledGems(gems);
  assert.match(index.why, /^the gem gone \(0\.0\.1\) is not installed where Routemap looks \(its path engines\/gone does not exist\), so what gems define is unknown$/);
  // Without the missing one, every helper check runs: the path gem's definitions are read.
  writeFileSync(join(tmp, "app", "Gemfile.lock"), readFileSync(join(tmp, "app", "Gemfile.lock"), "utf8").replace(/PATH\n  remote: engines\/gone\n  specs:\n    gone \(0\.0\.1\)\n\n/, ""));
  const found = readInstalledGems(readAppGems(join(tmp, "app"), { env: { HOME: join(tmp, "home") }, sysroot: join(tmp, "sys"), cache: false }));
  assert.ok(!("why" in found), found.why);
  assert.ok(found.helpers.has("feed_url"));
  // A gem its gemspec names, in a file called otherwise: Bundler finds it, and so does Routemap.
  assert.ok(found.helpers.has("gcloud_console_url"));
});

test("an app whose engine is a PATH gem has its helper calls checked in the editor", async () => {
  const fixture = `
//- Gemfile.lock
PATH
  remote: engines/blog
  specs:
    blog (0.1.0)

GEM
  specs:
    actionpack (7.1.3)

//- vendor/bundle/ruby/3.3.0/gems/actionpack-7.1.3/lib/action_controller.rb
module ActionController; end
//- engines/blog/blog.gemspec
Gem::Specification.new { |s| s.name = "blog" }
//- engines/blog/config/routes.rb
Blog::Engine.routes.draw do
  resources :posts, only: :index
end
//- engines/blog/lib/blog/engine.rb
module Blog
  class Engine < ::Rails::Engine
    isolate_namespace Blog
  end
end
//- config/routes.rb
Rails.application.routes.draw do
  mount Blog::Engine, at: "/blog"
  resources :articles, only: :index
end
//- app/views/articles/index.html.erb
<%= link_to "All", articles_path %> <%= link_to "Typo", artcles_path %> <%= blog.posts_path %>
`;
  const { app } = await workspaceFor(fixture);
  const context = app.helperCheck();
  assert.ok(!("unchecked" in context), context.unchecked);
});

test("version managers' Rubies: rbenv, rvm gemsets, asdf, chruby and mise, each found by its default folders", () => {
  const lock = "GEM\n  specs:\n    a_gem (1.0.0)\n    b_gem (1.0.0)\n    c_gem (1.0.0)\n    d_gem (1.0.0)\n    e_gem (1.0.0)\n    f_gem (1.0.0)\n\nRUBY VERSION\n   ruby 3.2.2p53\n";
  const spec = (home, name) => `//- ${home}/specifications/${name}-1.0.0.gemspec\n${gemspec(name, "1.0.0")}\n//- ${home}/gems/${name}-1.0.0/lib/${name}.rb\nmodule X; end\n`;
  check(
    "managers",
    `
//- app/Gemfile.lock
${lock}
//- app/.ruby-version
3.2.2
${spec("home/.rbenv/versions/3.2.2/lib/ruby/gems/3.2.0", "a_gem")}
${spec("home/.rvm/gems/ruby-3.2.2@app", "b_gem")}
${spec("home/.asdf/installs/ruby/3.2.2/lib/ruby/gems/3.2.0", "c_gem")}
${spec("home/.rubies/ruby-3.2.2/lib/ruby/gems/3.2.0", "d_gem")}
${spec("home/.gem/ruby/3.2.2", "e_gem")}
${spec("home/.local/share/mise/installs/ruby/3.2.2/lib/ruby/gems/3.2.0", "f_gem")}
//- home/.rbenv/versions/3.1.4/lib/ruby/gems/3.1.0/specifications/
`,
    { rubyVersion: "3.2.2" },
  );
});

test("what a gem defines: helper names, controllers, templates, url_options, its routes and engine class; from Debian's vendor_ruby too", () => {
  const tmp = scratchDir("routemap-gems-");
  writeLayout(
    tmp,
    `
//- app/Gemfile.lock
GEM
  specs:
    devise (4.8.1)
    route_translator (13.0.0)
    shortener (1.0.0)
//- sys/usr/share/rubygems-integration/all/specifications/devise-4.8.1.gemspec
${gemspec("devise", "4.8.1")}
//- sys/usr/share/rubygems-integration/all/gems/devise-4.8.1/app/controllers/devise/sessions_controller.rb
class Devise::SessionsController < DeviseController
  def new; end
end
//- sys/usr/share/rubygems-integration/all/gems/devise-4.8.1/app/views/devise/sessions/new.html.erb
<%= render "devise/shared/links" %>
//- sys/usr/share/rubygems-integration/all/gems/devise-4.8.1/lib/devise/rails/routes.rb
module ActionDispatch::Routing
  class Mapper
    def devise_for(*resources); end
  end
end
//- sys/usr/share/rubygems-integration/all/gems/devise-4.8.1/lib/devise/controllers/url_helpers.rb
module Devise
  module Controllers
    module UrlHelpers
      def self.generate_helpers!; end
      def new_session_path(resource_or_scope, *args); end
    end
  end
end
//- sys/usr/share/rubygems-integration/all/gems/devise-4.8.1/lib/devise/test/helpers.rb
def sign_in_path; end
//- sys/usr/share/rubygems-integration/all/gems/devise-4.8.1/lib/devise/failure_app.rb
module Devise
  class FailureApp < ActionController::Metal
    def self.default_url_options(*args); {}; end
  end
end
//- sys/usr/share/rubygems-integration/all/gems/devise-4.8.1/config/routes.rb
Rails.application.routes.draw do
end
//- sys/usr/share/rubygems-integration/all/gems/devise-4.8.1/lib/devise/engine.rb
module Devise
  class Engine < ::Rails::Engine
  end
end
//- sys/usr/share/rubygems-integration/all/specifications/route_translator-13.0.0.gemspec
${gemspec("route_translator", "13.0.0", { files: ["lib/route_translator.rb", "lib/route_translator/extensions/action_controller.rb"] })}
//- sys/usr/lib/ruby/vendor_ruby/route_translator.rb
module RouteTranslator; end
//- sys/usr/lib/ruby/vendor_ruby/route_translator/extensions/action_controller.rb
module ActionController
  class Base
    def default_url_options; { locale: I18n.locale }; end
    def localized_root_url; end
  end
end
//- sys/var/lib/gems/3.1.0/specifications/shortener-1.0.0.gemspec
${gemspec("shortener", "1.0.0")}
//- sys/var/lib/gems/3.1.0/gems/shortener-1.0.0/app/controllers/shortener/shortened_urls_controller.rb
class Shortener::ShortenedUrlsController < ActionController::Base
  def default_url_options; { host: "s.example" }; end
end
//- sys/var/lib/gems/3.1.0/gems/shortener-1.0.0/lib/shortener/shorten_url_interceptor.rb
module Shortener
  helper_method :short_url
end
//- sys/var/lib/gems/3.1.0/gems/shortener-1.0.0/lib/shortener/timeout.rb
module Shortener
  module ClassMethods
    def shortener_actions(options = {})
      define_method(:active) { render plain: "ok" }
    end

    def shortener_name = "s"
    def shortener_other(a = 1); a; end
  end
end
`,
  );
  const gems = readAppGems(join(tmp, "app"), { env: { HOME: join(tmp, "home") }, sysroot: join(tmp, "sys"), cache: false });
  const index = readInstalledGems(gems);
  assert.ok(!("why" in index), index.why);
  // A `_controller.rb` under `lib/` counts (railties' `lib/rails/info_controller.rb`), whatever it holds.
  assert.deepEqual([...index.controllers].sort(), ["devise/sessions", "route_translator/extensions/action", "shortener/shortened_urls"]);
  assert.deepEqual(index.views, ["devise/sessions/new.html.erb"]);
  // Devise's FailureApp sets its own class's options (`def self.default_url_options`): the app's controllers do not get them.
  assert.deepEqual(index.urlOptions, ["route_translator"]);
  // A gem's controller sets them for its own requests and its subclasses' only.
  assert.deepEqual([...index.urlOptionsControllers], [["shortener/shortened_urls", "shortener"]]);
  assert.equal(gems.facts("shortener").urlOptionsControllers.join(), "shortener/shortened_urls");
  // A class macro whose body calls `define_method` (a controller calling it has actions Routemap cannot list).
  assert.deepEqual([...index.macros], [["shortener_actions", "shortener"]]);
  for (const name of ["new_session_path", "localized_root_url", "short_url"]) assert.ok(index.helpers.has(name), name);
  assert.ok(!index.helpers.has("sign_in_path"), "a gem's own tests define nothing the app calls");
  assert.deepEqual(findGemEngines(gems).map((e) => [relative(tmp, e.routes), relative(tmp, e.engineFile)]), [
    ["sys/usr/share/rubygems-integration/all/gems/devise-4.8.1/config/routes.rb", "sys/usr/share/rubygems-integration/all/gems/devise-4.8.1/lib/devise/engine.rb"],
  ]);
});

test("a gem controller's url_options turn off the missing-part check only in the app's controllers that inherit it", () => {
  const tmp = scratchDir("routemap-gems-urloptions-");
  writeLayout(
    tmp,
    `
//- app/Gemfile.lock
PATH
  remote: engines/shortlinks
  specs:
    shortlinks (0.1.0)

GEM
  remote: https://rubygems.org/
  specs:

DEPENDENCIES
  shortlinks!
//- app/engines/shortlinks/shortlinks.gemspec
Gem::Specification.new do |s|
  s.name = "shortlinks"
  s.version = "0.1.0"
end
//- app/engines/shortlinks/app/controllers/concerns/shortlinks/common_controller.rb
module Shortlinks
  module CommonController
    def default_url_options
      { post_id: Current.post }
    end
  end
end
//- app/engines/shortlinks/app/controllers/shortlinks/base_controller.rb
module Shortlinks
  class BaseController < ActionController::Base
    include Shortlinks::CommonController
  end
end
//- app/config/routes.rb
Rails.application.routes.draw do
  resources :posts, only: :show do
    resources :comments, only: :index
  end
  get "links", to: "links#index"
  get "pages", to: "pages#index"
  get "tracked", to: "tracked#index"
end
//- app/app/controllers/links_controller.rb
class LinksController < Shortlinks::BaseController
  def index
    redirect_to post_comments_path
  end
end
//- app/app/controllers/tracked_controller.rb
class TrackedController < ActionController::Base
  include Shortlinks::CommonController

  def index
    redirect_to post_comments_path
  end
end
//- app/app/controllers/pages_controller.rb
class PagesController < ActionController::Base
  def index
    redirect_to post_comments_path
  end
end
`,
  );
  const app = join(tmp, "app");
  const env = { ...process.env, HOME: join(tmp, "home"), ROUTEMAP_CACHE_DIR: "off" };
  const check = spawnSync(process.execPath, [new URL("../bin/routemap.cjs", import.meta.url).pathname, "check", "."], { cwd: app, env, encoding: "utf8" });
  const lines = check.stdout.split("\n").filter((l) => / (error|info):/.test(l));
  // PagesController does not inherit the gem's controller: its missing :post_id is reported.
  assert.ok(lines.some((l) => l.startsWith("app/controllers/pages_controller.rb:3:") && /post_comments_path/.test(l)), check.stdout);
  // LinksController inherits the gem's controller, TrackedController includes its concern.
  assert.ok(!lines.some((l) => l.startsWith("app/controllers/links_controller.rb") || l.startsWith("app/controllers/tracked_controller.rb")), check.stdout);
  // Said where the gem is locked, naming the class, not as the whole gem's.
  assert.ok(
    lines.includes(
      "Gemfile.lock:4:5: info: The gem shortlinks sets `url_options` or `default_url_options` in its controllers, which the app's controllers that inherit or include Shortlinks::BaseController may get. Not checked because of this: helper calls missing a required part in controller actions that inherit or include Shortlinks::BaseController.",
    ),
    check.stdout,
  );
  assert.ok(
    lines.includes(
      "Gemfile.lock:4:5: info: The gem shortlinks sets `url_options` or `default_url_options` in its controllers, which the app's controllers that inherit or include Shortlinks::CommonController may get. Not checked because of this: helper calls missing a required part in controller actions that inherit or include Shortlinks::CommonController.",
    ),
    check.stdout,
  );
});

/** A gem home with one gem, and the options that find it with the cache in `cache`. */
function cachedLayout(cache) {
  const tmp = scratchDir("routemap-gems-cache-");
  writeLayout(
    tmp,
    `
//- app/Gemfile.lock
GEM
  specs:
    alpha (1.0.0)
    beta (2.0.0)
//- app/.bundle/config
BUNDLE_PATH: "vendor/bundle"
//- app/vendor/bundle/ruby/3.3.0/specifications/alpha-1.0.0.gemspec
${gemspec("alpha", "1.0.0")}
//- app/vendor/bundle/ruby/3.3.0/gems/alpha-1.0.0/lib/alpha.rb
module Alpha
  def alpha_home_path; end
end
//- app/vendor/bundle/ruby/3.3.0/specifications/beta-2.0.0.gemspec
${gemspec("beta", "2.0.0")}
//- app/vendor/bundle/ruby/3.3.0/gems/beta-2.0.0/app/controllers/beta/things_controller.rb
class Beta::ThingsController < ActionController::Base
  def beta_thing_url; end
end
`,
  );
  const env = { HOME: join(tmp, "home"), ROUTEMAP_CACHE_DIR: cache ?? join(tmp, "cache") };
  const open = () => readAppGems(join(tmp, "app"), { env, sysroot: join(tmp, "sys") });
  const gem = (name, file) => join(tmp, "app/vendor/bundle/ruby/3.3.0/gems", name, file);
  return { tmp, env, open, gem };
}

/** Reads every gem's facts and says how the cache served them (this read's own counts). */
function readThrough(gems) {
  const before = { ...(gems.cacheStats() ?? { used: 0, made: 0, failed: 0 }) };
  const index = readInstalledGems(gems);
  const after = gems.cacheStats() ?? { used: 0, made: 0, failed: 0 };
  return { index, used: after.used - before.used, made: after.made - before.made, failed: after.failed - before.failed };
}

test("the cache of what gems define: made on the first read, used on the next, read again when a gem's file changes, appears or goes", () => {
  const { tmp, env, open, gem } = cachedLayout();
  const first = readThrough(open());
  assert.deepEqual([first.made, first.used], [2, 0]);
  assert.ok(first.index.helpers.has("alpha_home_path"));
  const folder = join(env.ROUTEMAP_CACHE_DIR, "gems");
  assert.equal(statSync(folder).mode & 0o777, 0o700, "only the user reads the folder");
  const entries = readdirSync(folder);
  assert.equal(entries.length, 2);
  for (const entry of entries) assert.equal(statSync(join(folder, entry)).mode & 0o777, 0o600);
  assert.ok(entries.every((e) => e.endsWith(".json")), "no partial write is left");

  const second = readThrough(open());
  assert.deepEqual([second.made, second.used], [0, 2]);
  assert.deepEqual([...second.index.helpers].sort(), [...first.index.helpers].sort());
  assert.deepEqual([...second.index.controllers], [...first.index.controllers]);

  // An edit in place (same size, a new time): that gem is read again, the other is not.
  const file = gem("alpha-1.0.0", "lib/alpha.rb");
  writeFileSync(file, readFileSync(file, "utf8").replace("alpha_home_path", "alpha_away_path"));
  utimesSync(file, new Date(), new Date(Date.now() + 5000));
  const edited = readThrough(open());
  assert.deepEqual([edited.made, edited.used], [1, 1]);
  assert.ok(edited.index.helpers.has("alpha_away_path") && !edited.index.helpers.has("alpha_home_path"));

  // A file that appears.
  writeFileSync(gem("beta-2.0.0", "app/controllers/beta/others_controller.rb"), "class Beta::OthersController; end\n");
  const added = readThrough(open());
  assert.deepEqual([added.made, added.used], [1, 1]);
  assert.ok(added.index.controllers.has("beta/others"));

  // A damaged or foreign entry is not trusted: read again, and written over.
  for (const entry of readdirSync(folder)) writeFileSync(join(folder, entry), entry.startsWith("alpha") ? "{not json" : JSON.stringify({ format: 1, value: { helpers: "x" } }));
  const damaged = readThrough(open());
  assert.deepEqual([damaged.made, damaged.used], [2, 0]);
  assert.ok(damaged.index.helpers.has("alpha_away_path"));
  assert.equal(tmp.length > 0, true);
});

test("the cache off (ROUTEMAP_CACHE_DIR=off) writes nothing; an unwritable folder costs only the cache", () => {
  const off = cachedLayout("off");
  const gems = off.open();
  assert.equal(gems.cacheStats(), undefined);
  assert.ok(readInstalledGems(gems).helpers.has("alpha_home_path"));
  assert.ok(!existsSync(join(off.tmp, "off")));

  const blocked = scratchDir("routemap-gems-blocked-");
  writeFileSync(join(blocked, "file"), "");
  // A folder under a file can never be made (root may write anywhere else).
  const unwritable = cachedLayout(join(blocked, "file", "cache"));
  const read = readThrough(unwritable.open());
  assert.deepEqual([read.made, read.used, read.failed], [0, 0, 2]);
  assert.ok(read.index.helpers.has("alpha_home_path"));
  const again = readThrough(unwritable.open());
  assert.ok(again.index.helpers.has("alpha_home_path"));
});

test("the cache over the server's file system (a FileSystem that is not the bare disk): made once, then used", () => {
  const { tmp, env } = cachedLayout();
  // The server reads through a FileSystem object; a wrapper of the disk stands for it here.
  const fs = { ...nodeFileSystem };
  const open = () => readAppGems(join(tmp, "app"), { env, sysroot: join(tmp, "sys"), fs });
  const first = readThrough(open());
  const second = readThrough(open());
  assert.deepEqual([first.made, first.used, second.made, second.used], [2, 0, 0, 2]);
  assert.ok(second.index.helpers.has("alpha_home_path"));
  // Without versions (an in-memory tree that cannot say), nothing is cached, and the gems are still read.
  const { version: _, ...unversioned } = nodeFileSystem;
  const plain = readAppGems(join(tmp, "app"), { env, sysroot: join(tmp, "sys"), fs: unversioned });
  assert.equal(plain.cacheStats(), undefined);
  assert.ok(readInstalledGems(plain).helpers.has("alpha_home_path"));
});

/** What Ruby says of an installed gem: its version and the file `require` loads for it; undefined when Ruby or the gem is missing. */
function rubyGem(name, feature = name) {
  const script = `spec = Gem::Specification.find_by_name(${JSON.stringify(name)}); spec.activate; puts spec.version; puts $LOAD_PATH.resolve_feature_path(${JSON.stringify(feature)}).last`;
  const ruby = spawnSync("ruby", ["-e", script], { encoding: "utf8" });
  if (ruby.status !== 0) return undefined;
  const [version, file] = ruby.stdout.trim().split("\n");
  return { version, file };
}

const DEBIAN_GEMS = [
  ["devise", "devise"],
  ["doorkeeper", "doorkeeper"],
  ["omniauth", "omniauth"],
  ["actionpack", "action_dispatch"],
  ["railties", "rails"],
  ["mail", "mail"],
  ["warden", "warden"],
  ["sqlite3", "sqlite3"],
];
const debianDevise = rubyGem("devise");
const debianSkip = !debianDevise && process.env.CI !== "true" && "Debian's ruby-devise is not installed (apt-get install -y ruby-devise ruby-doorkeeper ruby-omniauth ruby-sqlite3)";

test("the real Debian gems of this machine: each found at the version Ruby loads, with the file Ruby requires among its files", { skip: debianSkip }, () => {
  const tmp = scratchDir("routemap-gems-debian-");
  const gems = DEBIAN_GEMS.map(([name, feature]) => ({ name, feature, ruby: rubyGem(name, feature) })).filter((g) => g.ruby);
  assert.ok(gems.some((g) => g.name === "devise"), "devise is installed (.ci/run installs ruby-devise)");
  writeFileSync(join(tmp, "Gemfile.lock"), `GEM\n  remote: https://rubygems.org/\n  specs:\n${gems.map((g) => `    ${g.name} (${g.ruby.version})\n`).join("")}\nPLATFORMS\n  ruby\n`);
  const found = readAppGems(tmp, { cache: false, env: { ...process.env, HOME: join(tmp, "home"), GEM_HOME: "", GEM_PATH: "" } });
  assert.deepEqual(found.missing, []);
  for (const g of gems) {
    const files = gemFiles(found.installed.get(g.name), found.disk);
    assert.ok(!("why" in files), files.why);
    assert.ok(files.some((f) => f.path === g.ruby.file), `${g.name} ${g.ruby.version}: Ruby requires ${g.ruby.file}`);
  }
  const index = readInstalledGems(found);
  assert.ok(!("why" in index), index.why);
  assert.ok(index.controllers.has("devise/sessions"));
});

const redmineSkip = !existsSync("/usr/share/redmine/Gemfile.lock") && "Debian's redmine is not installed (apt-get install -y redmine)";

test("Debian's redmine: every gem its Gemfile.lock locks is found, as Bundler finds them", { skip: redmineSkip }, () => {
  const lock = parseLockfile(readFileSync("/usr/share/redmine/Gemfile.lock", "utf8"));
  const gems = new AppGems("/usr/share/redmine", lock, { cache: false });
  assert.deepEqual(gems.missing.map((m) => `${m.name} (${m.version})`), []);
  assert.equal(gems.installed.size, new Set(lock.specs.map((s) => s.name).filter((n) => n !== "bundler")).size);
  // Bundler's own answer for each: the same directory, or for Debian's vendor_ruby gems, the same gemspec.
  const script = 'Bundler::LockfileParser.new(File.read(ARGV[0])).specs.each { |s| g = Gem::Specification.find_all_by_name(s.name, "= #{s.version}").first; puts [s.name, g.loaded_from, g.full_gem_path].join(" ") }';
  const ruby = spawnSync("ruby", ["-rbundler", "-e", script, "/usr/share/redmine/Gemfile.lock"], { encoding: "utf8" });
  if (ruby.status !== 0) return;
  for (const line of ruby.stdout.trim().split("\n")) {
    const [name, spec, dir] = line.split(" ");
    const gem = gems.installed.get(name);
    assert.deepEqual([name, gem.spec, gem.dir], [name, spec, dir]);
  }
});

const hasBundler = spawnSync("bundle", ["--version"], { stdio: "ignore" }).status === 0;

test("an app locked by `bundle lock --local` from Debian's gems, its engine a path gem: every gem found, its helper calls checked", { skip: (!hasBundler || debianSkip) && "Bundler or Debian's Rails gems are not installed (apt-get install -y ruby-bundler ruby-devise ruby-doorkeeper)" }, () => {
  const tmp = scratchDir("routemap-gems-locked-");
  const app = join(tmp, "app");
  writeLayout(
    tmp,
    `
//- app/Gemfile
source "https://rubygems.org"
gem "railties"
gem "actionpack"
gem "devise"
gem "doorkeeper"
gem "blog", path: "engines/blog"
//- app/engines/blog/blog.gemspec
Gem::Specification.new do |s|
  s.name = "blog"
  s.version = "0.1.0"
  s.summary = "A blog"
  s.authors = ["A"]
  s.add_dependency "railties"
end
//- app/engines/blog/lib/blog/engine.rb
module Blog
  class Engine < ::Rails::Engine
    isolate_namespace Blog
  end
end
//- app/engines/blog/config/routes.rb
Blog::Engine.routes.draw do
  resources :posts, only: :index
end
//- app/config/routes.rb
Rails.application.routes.draw do
  devise_for :users
  use_doorkeeper
  mount Blog::Engine, at: "/blog"
  resources :articles, only: :index
end
//- app/app/models/user.rb
class User < ApplicationRecord
  devise :database_authenticatable, :recoverable
end
//- app/app/controllers/application_controller.rb
class ApplicationController < ActionController::Base
end
//- app/app/controllers/articles_controller.rb
class ArticlesController < ApplicationController
  def index; end
end
//- app/app/views/articles/index.html.erb
<%= link_to "All", articles_path %> <%= link_to "Blog", blog.posts_path %> <%= link_to "Reset", new_user_password_path %>
<%= link_to "Typo", artcles_path %>
`,
  );
  // Ruby's own gem path, nothing of the user's.
  const env = appEnv(app);
  const lock = spawnSync("bundle", ["lock", "--local"], { cwd: app, env, encoding: "utf8" });
  assert.equal(lock.status, 0, lock.stderr);
  const gems = readAppGems(app, { env, cache: false });
  assert.deepEqual(gems.missing, []);
  assert.equal(gems.installed.get("blog").dir, join(app, "engines", "blog"));
  const check = spawnSync(process.execPath, [new URL("../bin/routemap.cjs", import.meta.url).pathname, "check", "."], { cwd: app, env, encoding: "utf8" });
  assert.doesNotMatch(check.stderr, /not checked/);
  // Devise's only `default_url_options` is its FailureApp's own (`def self.`): nothing of the app's is unchecked for it.
  assert.equal(check.stdout, "app/views/articles/index.html.erb:2:21: error: undefined method `artcles_path': no route, direct helper or method defines it (did you mean `articles_path`?)\n");
});

test("Gemfile.lock: sources, platforms, a platform's build, Windows line ends and CHECKSUMS", () => {
  const text = [
    "GIT",
    "  remote: https://github.com/acme/blog_engine.git",
    "  revision: 0123456789abcdef0123456789abcdef01234567",
    "  glob: gems/*/*.gemspec",
    "  specs:",
    "    blog (0.1.0)",
    "      rails (>= 7.0)",
    "",
    "PATH",
    "  remote: engines/admin",
    "  specs:",
    "    admin (0.0.1)",
    "",
    "GEM",
    "  remote: https://rubygems.org/",
    "  specs:",
    "    nokogiri (1.15.4-arm64-darwin)",
    "    nokogiri (1.15.4-x86_64-linux)",
    "    rails (7.1.3)",
    "      actionpack (= 7.1.3)",
    "      railties (= 7.1.3)",
    "    weird line",
    "      not_a_dependency_of_rails",
    "    ../etc (1.0)",
    "    evil (1.0-x86/../../../etc)",
    "",
    "PLATFORMS",
    "  arm64-darwin",
    "  x86_64-linux",
    "",
    "DEPENDENCIES",
    "  blog!",
    "",
    "CHECKSUMS",
    "  rails (7.1.3) sha256=abc",
    "",
    "RUBY VERSION",
    "   ruby 3.3.0p0",
  ].join("\r\n");
  const lock = parseLockfile(text);
  assert.deepEqual(
    lock.specs.map((s) => `${s.source.kind} ${s.source.remote ?? ""} ${s.source.revision ?? ""} ${s.source.glob ?? ""} | ${s.name} ${s.version} ${s.platform ?? ""}`.replace(/ +/g, " ").trim()),
    [
      "GIT https://github.com/acme/blog_engine.git 0123456789abcdef0123456789abcdef01234567 gems/*/*.gemspec | blog 0.1.0",
      "PATH engines/admin | admin 0.0.1",
      "GEM https://rubygems.org/ | nokogiri 1.15.4 arm64-darwin",
      "GEM https://rubygems.org/ | nokogiri 1.15.4 x86_64-linux",
      "GEM https://rubygems.org/ | rails 7.1.3",
    ],
  );
  assert.deepEqual(lock.platforms, ["arm64-darwin", "x86_64-linux"]);
  assert.deepEqual(lock.specs.find((s) => s.name === "rails").dependencies, ["actionpack", "railties"], "the lines under a spec, none after a line that is no spec");
  // A revision that is not a commit's hash names no checkout folder (it would leave bundler/gems).
  const gems = new AppGems("/nowhere", parseLockfile("GIT\n  remote: https://x/y.git\n  revision: ../../../../etc\n  specs:\n    y (1.0)\n"), { env: { HOME: "/nowhere" }, sysroot: "/nowhere", cache: false });
  assert.equal(gems.missingBecause(), "the gem y (1.0) is not installed where Routemap looks (Gemfile.lock gives its git source no remote or no commit hash as its revision)");
  assert.equal(lock.rubyVersion, "3.3.0");
});

test("a hostile Gemfile.lock or application.rb is read in linear time", () => {
  const tmp = scratchDir("routemap-gems-hostile-");
  mkdirSync(join(tmp, "config"));
  writeFileSync(join(tmp, "config", "routes.rb"), "Rails.application.routes.draw do\nend\n");
  const cases = {
    "a spec line of 200k `(`": `GEM\n  specs:\n    actionpack ${"(".repeat(200_000)}\n`,
    "a spec line of 200k `(` then `)`": `GEM\n  specs:\n    actionpack (${"(".repeat(200_000)}\n    rails ${"(-".repeat(100_000)})\n`,
    "RUBY VERSION and 1M blank lines": `RUBY VERSION${"\n   ".repeat(1_000_000)}`,
    "1000 PATH sections of 1000 spaces": `PATH\n${" ".repeat(1000)}`.repeat(1000),
    "200k sections": "GEM\n  specs:\n".repeat(200_000),
  };
  for (const [name, lock] of Object.entries(cases)) {
    writeFileSync(join(tmp, "Gemfile.lock"), lock);
    const started = performance.now();
    const config = readAppConfig(join(tmp, "config", "routes.rb"));
    readAppGems(tmp, { env: { HOME: join(tmp, "home") }, sysroot: join(tmp, "sys"), cache: false });
    const ms = performance.now() - started;
    assert.ok(ms < 1500, `${name}: ${ms.toFixed(0)} ms`);
    assert.deepEqual(config.gems, {}, name);
  }
  writeFileSync(join(tmp, "Gemfile.lock"), "GEM\n  specs:\n    actionpack (7.1.3)\n");
  writeFileSync(join(tmp, "config", "application.rb"), `${"\n".repeat(1_000_000)}  config.api_only = true\n`);
  const started = performance.now();
  const config = readAppConfig(join(tmp, "config", "routes.rb"));
  assert.ok(performance.now() - started < 1500);
  assert.equal(config.apiOnly, true);
  assert.equal(config.railsVersion, "7.1.3");
});

test("a gem folder that links back up the tree is walked once; a hostile glob in the lockfile is matched without backtracking", () => {
  const tmp = scratchDir("routemap-gems-links-");
  writeLayout(
    tmp,
    `
//- app/Gemfile.lock
GEM
  specs:
    loop (1.0.0)

GIT
  remote: https://example.com/x.git
  revision: abcdefabcdefabcdefabcdef
  glob: ${"*a".repeat(30)}*b.gemspec
  specs:
    x (1.0.0)
//- app/vendor/bundle/ruby/3.3.0/specifications/loop-1.0.0.gemspec
${gemspec("loop", "1.0.0")}
//- app/vendor/bundle/ruby/3.3.0/gems/loop-1.0.0/lib/loop.rb
def loop_path; end
//- app/vendor/bundle/ruby/3.3.0/gems/loop-1.0.0/lib/a/up -> ../..
//- app/vendor/bundle/ruby/3.3.0/gems/loop-1.0.0/lib/b/self -> .
//- app/vendor/bundle/ruby/3.3.0/bundler/gems/x-abcdefabcdef/${"a".repeat(200)}.gemspec
Gem::Specification.new { |s| s.name = "y" }
`,
  );
  const started = performance.now();
  const gems = readAppGems(join(tmp, "app"), { env: { HOME: join(tmp, "home") }, sysroot: join(tmp, "sys"), cache: false });
  const files = gemFiles(gems.installed.get("loop"), gems.disk);
  assert.ok(performance.now() - started < 1500);
  assert.deepEqual(files.map((f) => f.rel), ["lib/loop.rb"]);
  // No gemspec the glob matches: the checkout is the gem (Bundler makes a specification for it).
  assert.equal(relative(tmp, gems.installed.get("x").dir), "app/vendor/bundle/ruby/3.3.0/bundler/gems/x-abcdefabcdef");
});

test("the installed-gem interface over an in-memory tree: no cache, the same answers", () => {
  const fs = memoryFs(
    new Map(
      Object.entries({
        "/w/Gemfile.lock": "GEM\n  specs:\n    devise (4.9.4)\n",
        "/w/vendor/bundle/ruby/3.3.0/gems/devise-4.9.4/app/controllers/devise/sessions_controller.rb": "class Devise::SessionsController; end\n",
      }),
    ),
  );
  const gems = readAppGems("/w", { fs, env: { HOME: "/home/u" } });
  assert.equal(gems.cacheStats(), undefined);
  assert.deepEqual([...readInstalledGems(gems).controllers], ["devise/sessions"]);
});

// The layouts a gem's code names (readGemFacts' `layouts`): what an app controller inheriting its
// class or including its module may take; its spec support (Capybara's Sinatra test app) is no
// controller's and is not read for them.
test("a gem's facts name the layouts its code names, not its spec support's", async () => {
  const { readGemFacts } = await import("../dist/cli/gemFacts.js");
  const texts = {
    "/g/app/controllers/clear/base_controller.rb": 'class Clear::BaseController < ApplicationController\n  layout "clear"\nend\n',
    "/g/lib/clear/mailer.rb": 'class Clear::Mailer < ActionMailer::Base\n  layout "clear_mailer"\nend\n',
    "/g/lib/capybara/spec/test_app.rb": "erb view, layout: !has_layout\n",
  };
  const disk = { readFile: (p) => texts[p] };
  const files = Object.keys(texts).map((path) => ({ path, rel: path.slice(3) }));
  assert.deepEqual(readGemFacts(files, disk).layouts, { names: ["layouts/clear", "layouts/clear_mailer"] });
  // FFI's own `layout` (ffi's lib/ffi/library.rb, a struct's fields) and comments that speak of one (its struct_generator.rb): no layout of a view.
  texts["/g/lib/ffi/library.rb"] = "module FFI\n  module Library\n    def attach_variable(*)\n      sc.layout :gvar, find_type(type)\n    end\n  end\nend\n";
  texts["/g/lib/clear/stat.rb"] = "  # Generates an FFI Struct layout:\n  #   layout :next_in, :pointer, 0\nclass Clear::Stat < FFI::Struct\n  layout :dev, :ulong, :ino, :ulong\nend\n";
  const withFfi = [...files, ...["lib/ffi/library.rb", "lib/clear/stat.rb"].map((rel) => ({ path: `/g/${rel}`, rel }))];
  assert.deepEqual(readGemFacts(withFfi, disk).layouts, { names: ["layouts/clear", "layouts/clear_mailer"] });
  // A controller's `layout :method` is chosen as it runs.
  texts["/g/app/controllers/clear/themed_controller.rb"] = "class Clear::ThemedController < Clear::BaseController\n  layout :theme\nend\n";
  assert.deepEqual(readGemFacts([...withFfi, { path: "/g/app/controllers/clear/themed_controller.rb", rel: "app/controllers/clear/themed_controller.rb" }], disk).layouts, { names: ["layouts/clear", "layouts/clear_mailer"], dynamic: true });
  texts["/g/lib/clear/theme.rb"] = "render layout: theme_layout\n";
  assert.deepEqual(readGemFacts([...files, { path: "/g/lib/clear/theme.rb", rel: "lib/clear/theme.rb" }], disk).layouts, { names: ["layouts/clear", "layouts/clear_mailer"], dynamic: true });
});

// The truth of the above: FFI::Struct.layout is FFI's method, not ActionView's (Debian's ruby-ffi and Rails).
test("Ruby: a struct's `layout` is FFI::Struct's, a controller's ActionView::Layouts'", { skip: spawnSync("ruby", ["-rffi", "-raction_controller", "-e", ""]).status !== 0 && "Debian's ruby-ffi or ruby-actionpack is not installed" }, () => {
  const script = 'class S < FFI::Struct; layout :a, :int; end; puts S.method(:layout).owner.inspect, ActionController::Base.method(:layout).owner.inspect';
  const run = spawnSync("ruby", ["-rffi", "-raction_controller", "-e", script], { encoding: "utf8" });
  assert.equal(run.stdout, "#<Class:FFI::Struct>\nActionView::Layouts::ClassMethods\n", run.stderr);
});

test("a Gemfile.lock line whose name is longer than any gem's is no gem: never echoed into a message", () => {
  const long = "a".repeat(400_000);
  const lock = parseLockfile(`GEM\n  remote: https://rubygems.org/\n  specs:\n    ${long} (1.0)\n    rack (2.2.8)\n\nPLATFORMS\n  ruby\n`);
  const names = lock.sources.flatMap((s) => s.specs.map((spec) => spec.name));
  assert.deepEqual(names, ["rack"]);
});
