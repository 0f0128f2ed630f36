// Why Routemap's rows differ from Rails' on the public apps of real-apps.json: each cause with
// the Routemap area it belongs to, a minimal app reproducing it (`files`: config/routes.rb and
// what it reads; scripts/compare-apps.mjs --causes adds a plain config/application.rb, boot.rb,
// environment.rb and Gemfile.lock where a snippet has none, boots it with Rails 6.1 and runs
// Routemap on it), the row Rails prints, and which differences of the comparison it accounts
// for (by app and the declaring line at the pinned commit). compare-apps.mjs puts every
// difference under the first cause that matches; the rest are "unclassified".
//
// Areas: interpreter core library, conditions, app files/environment, plugins/instance_eval,
// engines, DSL in the routes file, gems.
const routes = (body) => `Rails.application.routes.draw do\n${body.replace(/^/gm, "  ")}\nend\n`;

export const CAUSES = [
  {
    id: "app-method",
    area: "app files/environment",
    title: "A method the app defines in lib/ (`def self.router_prefix; \"/government\"; end`) is unknown: the `scope` and everything in it is skipped",
    files: {
      "lib/whitehall.rb": 'module Whitehall\n  def self.router_prefix\n    "/government"\n  end\nend\n',
      "config/routes.rb": routes('scope Whitehall.router_prefix do\n  resources :topics, only: :index\nend'),
    },
    rails: "topics GET /government/topics(.:format) topics#index",
    matches: [],
  },
  {
    id: "inflection-regexp",
    area: "app files/environment",
    title: "Inflection rules whose pattern is a regexp with groups and whose replacement uses them (`inflect.plural %r{\\A(call)(.*evidence)\\z}i, '\\1s\\2'`) are not read: `resources :calls_for_evidence` is named as English inflects it (`admin_calls_for_evidence_index`, `admin_calls_for_evidence`), not as the app does",
    files: {
      "config/initializers/inflections.rb":
        "ActiveSupport::Inflector.inflections(:en) do |inflect|\n  inflect.plural %r{\\A(call)(.*evidence)\\z}i, '\\1s\\2'\n  inflect.singular %r{\\A(call)s(.*evidence)\\z}i, '\\1\\2'\nend\n",
      "config/routes.rb": routes("resources :calls_for_evidence, only: %i[index show]"),
    },
    rails: "call_for_evidence GET /calls_for_evidence/:id(.:format) calls_for_evidence#show",
    matches: [{ repo: "alphagov/whitehall", test: (d) => !/^config\/routes\.rb:(10|13|176|304)$/.test(d.rails?.source ?? "") }],
  },
  {
    id: "struct-singleton-method",
    area: "interpreter core library",
    title: "A class method defined in the block of `Struct.new` (`Locale = Struct.new(:code) do def self.non_english … end end`, in lib/locale.rb) is unknown; the requirement that calls it prints as «…»",
    files: {
      "lib/locale.rb": 'Locale = Struct.new(:code) do\n  def self.codes = %w[fr de]\nend\n',
      "config/routes.rb": routes('get "/features(.:locale)", to: "features#show", constraints: { locale: Regexp.compile(Locale.codes.join("|")) }'),
    },
    rails: "GET /features(.:locale)(.:format) features#show {:locale=>/fr|de/}",
    matches: [{ repo: "alphagov/whitehall", source: /^config\/routes\.rb:(176|304)$/ }],
  },
  {
    id: "app-yaml",
    area: "app files/environment",
    title: "A value the app's code reads from a YAML file of config/ (`Locale.non_english` over `YAML.load_file(Rails.root.join(\"config/languages.yml\"))`) is unknown; the requirement prints as «…»",
    files: {
      "config/languages.yml": "fr:\n  name: Français\nde:\n  name: Deutsch\n",
      "lib/locale.rb": 'module Locale\n  def self.codes = YAML.load_file(Rails.root.join("config/languages.yml")).keys\nend\n',
      "config/routes.rb": routes('get "/features(.:locale)", to: "features#show", constraints: { locale: Regexp.compile(Locale.codes.join("|")) }'),
    },
    rails: "GET /features(.:locale)(.:format) features#show {:locale=>/fr|de/}",
    matches: [{ repo: "alphagov/whitehall", source: /^config\/routes\.rb:(176|304)$/ }],
  },
  {
    id: "routes-file-def-super",
    area: "DSL in the routes file",
    title: "A `def` in the routes file that overrides a DSL method and calls `super` (`def redirect(path, options = { prefix: … }) super(options[:prefix] + path) end`)",
    files: {
      "config/routes.rb": routes('def redirect(path, options = { prefix: "/gov" })\n  super(options[:prefix] + path)\nend\n\nroot to: redirect("/admin/")'),
    },
    rails: "root GET / redirect(301, /gov/admin/)",
    matches: [{ repo: "alphagov/whitehall", source: /^config\/routes\.rb:1[03]$/ }],
  },
  {
    id: "computed-constant",
    area: "app files/environment",
    title: "A constant of lib/ whose value is computed (`ROUTE_PATTERN = /#{ALLOWED_CHARACTERS}+(?<!\\.gem)/`) is printed as its name; the requirement then stays on routes without that segment, and a nested resource's `:<parent>_id` requirement derived from it disappears",
    files: {
      "lib/patterns.rb": 'module Patterns\n  ALLOWED_CHARACTERS = "[A-Za-z0-9\\\\.\\\\-_]".freeze\n  ROUTE_PATTERN = /#{ALLOWED_CHARACTERS}+/\nend\n',
      "config/routes.rb": routes("resources :gems, only: :show, constraints: { id: Patterns::ROUTE_PATTERN } do\n  resources :versions, only: :index\nend\nresources :rubygems, only: :index, id: Patterns::ROUTE_PATTERN"),
    },
    rails: "gem_versions GET /gems/:gem_id/versions(.:format) versions#index {:gem_id=>/[A-Za-z0-9\\.\\-_]+/}",
    matches: [{ repo: "rubygems/rubygems.org", test: (d) => /Patterns::|\/\[A-Za-z0-9/.test(`${d.rails?.reqs} ${d.routemap?.reqs}`) }],
  },
  {
    id: "unknown-value-printed",
    area: "interpreter core library",
    title: "A value Routemap cannot compute is printed as its source text, with no mark: `Regexp.union(Gemcutter::PAGES)` (a frozen array of config/application.rb) prints `Regexp.union`",
    files: {
      "config/application.rb":
        'require_relative "boot"\nrequire "rails"\nrequire "action_controller/railtie"\n\nmodule Gemcutter\n  PAGES = %w[about data].freeze\nend\n\nmodule Snippet\n  class Application < Rails::Application\n    config.load_defaults 6.1\n    config.eager_load = false\n  end\nend\n',
      "config/routes.rb": routes('get "pages/*id" => "pages#show", constraints: { id: Regexp.union(Gemcutter::PAGES) }, as: :page'),
    },
    rails: "page GET /pages/*id(.:format) pages#show {:id=>/about|data/}",
    matches: [{ repo: "rubygems/rubygems.org", source: /^config\/routes\.rb:34[5-9]$/ }],
  },
  {
    id: "ruby-constant",
    area: "interpreter core library",
    title: "Constants of the gems every Rails app has (`Rack::Utils::HTTP_STATUS_CODES`) are unknown: the loop over them is not run and its routes are missing (Ruby's own `Gem::Version::VERSION_PATTERN`, in the same snippet, is known since main's new core)",
    files: {
      "config/routes.rb": routes('Rack::Utils::HTTP_STATUS_CODES.keys.select { |c| c >= 500 }.each do |code|\n  match "/#{code}", to: "errors#error", via: :all, code: code\nend\nget "v/:number", to: "versions#show", constraints: { number: /#{Gem::Version::VERSION_PATTERN}/o }'),
    },
    rails: "GET /v/:number(.:format) versions#show {:number=>/[0-9]+(?>\\.[0-9a-zA-Z]+)*(-[0-9A-Za-z-]+(\\.[0-9A-Za-z-]+)*)?/}",
    matches: [
      { repo: "hackclub/hcb", source: /^config\/routes\.rb:899$/ },
      { repo: "rubygems/rubygems.org", source: /^config\/routes\.rb:1[5-9]$/ },
    ],
  },
  {
    id: "autoload-roots",
    area: "app files/environment",
    title: "Constants and models are looked for in a fixed list of app/ directories: a constant of app/controllers or app/dashboards (`HelpController::HELP_ACTIONS`, `DashboardManifest::DASHBOARDS`), and a Devise model that `config.autoload_paths` puts in app/models/users/, are not found",
    files: {
      "app/controllers/help_controller.rb": "class HelpController < ActionController::Base\n  HELP_ACTIONS = %i[first_login preferences].freeze\nend\n",
      "app/dashboards/dashboard_manifest.rb": "class DashboardManifest\n  DASHBOARDS = [:owners].freeze\n  ROOT_DASHBOARD = :owners\nend\n",
      "config/routes.rb": routes('HelpController::HELP_ACTIONS.each do |action|\n  get "/help/#{action}", to: "help##{action}"\nend\nnamespace :admin do\n  DashboardManifest::DASHBOARDS.each { |d| resources d, only: :index }\n  root controller: DashboardManifest::ROOT_DASHBOARD, action: :index\nend'),
    },
    rails: "help_first_login GET /help/first_login(.:format) help#first_login",
    matches: [
      { repo: "otwcode/otwarchive", source: /^config\/routes\.rb:658$/ },
      { repo: "houndci/hound", source: /^config\/routes\.rb:(13|17)$/ },
      { repo: "fatfreecrm/fat_free_crm", source: /^config\/routes\.rb:17$/ },
    ],
  },
  {
    id: "config-read",
    area: "app files/environment",
    title: "Settings of config/application.rb and the environment file, and the files it requires, are unknown where the routes read them (`Rails.configuration.i18n.available_locales` from `require_relative \"locale\"`, `config.force_ssl`)",
    files: {
      "config/locale.rb": 'module Locale\n  def self.available_locales = %w[en fr]\nend\n',
      "config/application.rb": 'require_relative "boot"\nrequire_relative "locale"\nrequire "rails"\nrequire "action_controller/railtie"\n\nmodule Snippet\n  class Application < Rails::Application\n    config.load_defaults 6.1\n    config.eager_load = false\n    config.i18n.available_locales = Locale.available_locales.map(&:to_sym)\n  end\nend\n',
      "config/routes.rb": routes("Rails.configuration.i18n.available_locales.each do |locale|\n  get locale.to_s => \"locales#set\", defaults: { locale: locale.to_s }\nend\nroot to: \"home#index\", protocol: (Rails.application.config.force_ssl ? \"https://\" : \"http://\")"),
    },
    rails: "fr GET /fr(.:format) locales#set {:locale=>\"fr\"}",
    matches: [
      { repo: "ifmeorg/ifme", source: /^config\/routes\.rb:147$/ },
      { repo: "lobsters/lobsters", source: /^config\/routes\.rb:7$/ },
    ],
  },
  {
    id: "env",
    area: "app files/environment",
    title: "`ENV` is unknown: an unset variable is nil in Rails (`\"https://#{ENV['BUCKET']}.s3…\"` gives `https://.s3…`), and the app's .env files (dotenv) set others; Routemap skips the route",
    files: {
      ".env": "DOCS_URL=https://docs.example.com/\n",
      "Gemfile": 'source "https://rubygems.org"\ngem "rails"\ngem "dotenv-rails"\n',
      "Gemfile.lock": "GEM\n  specs:\n    actionpack (6.1.7.10)\n    dotenv-rails (2.8.1)\n    railties (6.1.7.10)\n\nDEPENDENCIES\n  dotenv-rails\n  rails\n",
      "config/routes.rb": routes('get "/docs", to: redirect(ENV.fetch("DOCS_URL"), status: 302)\nget "sitemap.xml.gz", to: redirect(File.join("https://#{ENV[\'ROUTEMAP_UNSET_BUCKET\']}.s3.amazonaws.com/", "sitemap.xml.gz"))'),
    },
    rails: "docs GET /docs(.:format) redirect(302, https://docs.example.com/)",
    matches: [
      { repo: "houndci/hound", source: /^config\/routes\.rb:2[4-8]$/ },
      { repo: "codetriage/codetriage", source: /^config\/routes\.rb:7$/ },
    ],
  },
  {
    id: "activemodel-boolean",
    area: "conditions",
    title: "`ActiveModel::Type::Boolean.new.serialize(ENV[\"X\"])` is unknown, so the condition on it is undecided and both branches are drawn, each marked «only if …»",
    files: {
      "config/routes.rb": routes('if ActiveModel::Type::Boolean.new.serialize(ENV["ROUTEMAP_UNSET_FLAG"])\n  root to: "redesign#show"\nelse\n  root to: "marketing#show"\nend'),
    },
    rails: "root GET / marketing#show",
    matches: [{ repo: "thoughtbot/upcase", source: /^config\/routes\.rb:([7-9]|[12][0-9]|3[0-4])$/ }],
  },
  {
    id: "gem-defined",
    area: "conditions",
    title: "`defined?` of a constant only a gem defines (`mount JasmineRails::Engine => \"/specs\" if defined?(JasmineRails)`, the gem in the Gemfile's development group): whether the gem defines it is in the gem's source, which Routemap does not have, so the condition stays undecided and the route is drawn marked «only if defined?(JasmineRails)»; Rails here ran without the gem (Debian lacks it), so the constant was not defined",
    files: {
      "config/routes.rb": routes('mount JasmineRails::Engine => "/specs" if defined?(JasmineRails)\nget "ping" => "ping#index"'),
    },
    rails: "ping GET /ping(.:format) ping#index",
    matches: [{ repo: "catarse/catarse", source: /^config\/routes\.rb:12$/ }, { repo: "publiclab/plots2", source: /^config\/routes\.rb:[45]$/ }, { repo: "ministryofjustice/prison-visits-2", source: /^config\/routes\.rb:4$/ }, { repo: "fulcrum-agile/fulcrum", source: /^config\/routes\.rb:38$/ }, { repo: "publiclab/spectral-workbench", source: /^config\/routes\.rb:4$/ }, { repo: "alphagov/service-manual-frontend", source: /^config\/routes\.rb:5$/ }, { repo: "asiapacificforum/nhrihub", source: /^config\/routes\.rb:58$/ }],
  },
  {
    id: "server-only",
    area: "conditions",
    title: "`defined?(Rails::Server)` (myplaceonline's `Myp.is_web_server?`, `defined?(Rails::Server) || defined?(::PhusionPassenger)`): Rails defines the constant when `rails server` boots the app, not under `bin/rails routes`, so the routes it guards exist in the server and not in the sheet; Routemap cannot tell which the user means and leaves the condition undecided, each route marked «only if …»",
    files: {
      "config/routes.rb": routes('get "reenter" => "sessions#reenter" if defined?(Rails::Server)\nget "ping" => "ping#index"'),
    },
    rails: "ping GET /ping(.:format) ping#index",
    matches: [{ repo: "myplaceonline/myplaceonline_rails", source: /^config\/routes\.rb:(60[1-9]|61[0-9]|62[0-4])$/ }],
  },
  {
    id: "gem-loaded-missing-here",
    area: "conditions",
    title: "`defined?` of a constant of a gem the app loads (`mount PgHero::Engine => \"/admin/pghero\" if defined?(PgHero)`, pghero in the Gemfile's `:postgres` group, which `Bundler.require(:sqlite3, :postgres, :mysql, *Rails.groups)` requires): Routemap reads the lockfile and the `Bundler.require` call and draws the route, as the app's own bundle would; Rails here ran without the gem (Debian lacks it), so the constant was not defined",
    files: {
      "config/routes.rb": routes('mount PgHero::Engine => "/pghero" if defined?(PgHero)\nget "ping" => "ping#index"'),
    },
    rails: "ping GET /ping(.:format) ping#index",
    matches: [{ repo: "manyfold3d/manyfold", source: /^config\/routes\/admin\.rb:17$/ }],
  },
  {
    id: "config-for",
    area: "app files/environment",
    title: "`config_for(:rubygems)` in config/application.rb (config/rubygems.yml's environment section as ActiveSupport::OrderedOptions) is unknown: `constraints({ host: Gemcutter::SEPARATE_ADMIN_HOST }.compact)` and its routes are skipped",
    files: {
      "config/rubygems.yml": "development:\n  host: localhost\n",
      "config/application.rb":
        'require_relative "boot"\nrequire "rails"\nrequire "action_controller/railtie"\n\nmodule Gemcutter\n  class Application < Rails::Application\n    config.load_defaults 6.1\n    config.eager_load = false\n    config.rubygems = Application.config_for :rubygems\n  end\n\n  def self.config\n    Rails.application.config.rubygems\n  end\n\n  SEPARATE_ADMIN_HOST = config["separate_admin_host"]\nend\n',
      "config/routes.rb": routes('constraints({ host: Gemcutter::SEPARATE_ADMIN_HOST }.compact) do\n  delete "logout" => "admin#logout", as: :logout\nend'),
    },
    rails: "logout DELETE /logout(.:format) admin#logout",
    matches: [{ repo: "rubygems/rubygems.org", source: /^config\/routes\.rb:374$/ }],
  },
  {
    id: "condition-unknown-operand",
    area: "conditions",
    title: "A condition with an unknown operand draws its routes even where Rails' answer is known: `Rails.env.local? || ENV[\"X\"].present?` (false under Rails 6.1, whose StringInquirer has no `local?`, with X unset), and `if Gemcutter::ENABLE_DEVELOPMENT_LOG_IN` (`= Rails.env.local?` in config/application.rb)",
    files: {
      "config/application.rb":
        'require_relative "boot"\nrequire "rails"\nrequire "action_controller/railtie"\n\nmodule Gemcutter\n  ENABLE_DEVELOPMENT_LOG_IN = Rails.env.local?\nend\n\nmodule Snippet\n  class Application < Rails::Application\n    config.load_defaults 6.1\n    config.eager_load = false\n  end\nend\n',
      "config/routes.rb": routes('get "dev_login" => "sessions#dev" if Gemcutter::ENABLE_DEVELOPMENT_LOG_IN\nif Rails.env.local? || ENV["ROUTEMAP_UNSET_USER"].present?\n  resources :events, only: :create\nend\nget "ping" => "ping#index"'),
    },
    rails: "ping GET /ping(.:format) ping#index",
    matches: [{ repo: "rubygems/rubygems.org", source: /^config\/routes\.rb:(278|366|394)$/ }],
  },
  {
    id: "devise-setup-condition",
    area: "gems",
    title: "`config.omniauth` inside `if Rails.env.test?` in Devise.setup is read as if the branch ran: omniauth routes Rails does not draw",
    files: {
      "Gemfile.lock": "GEM\n  specs:\n    actionpack (6.1.7.10)\n    devise (4.8.1)\n    omniauth (2.1.1)\n    railties (6.1.7.10)\n\nDEPENDENCIES\n  devise\n  omniauth\n  rails\n",
      "Gemfile": 'source "https://rubygems.org"\ngem "rails"\ngem "devise"\ngem "omniauth"\n',
      "config/initializers/devise.rb": 'Devise.setup do |config|\n  require "devise/orm/active_record"\n  config.omniauth "facebook", "key", "secret" if Rails.env.test?\nend\n',
      "app/models/user.rb": "class User < ActiveRecord::Base\n  devise :database_authenticatable, :omniauthable\nend\n",
      "config/application.rb": 'require_relative "boot"\nrequire "rails"\nrequire "active_record/railtie"\nrequire "action_controller/railtie"\nBundler.require(*Rails.groups)\n\nmodule Snippet\n  class Application < Rails::Application\n    config.load_defaults 6.1\n    config.eager_load = false\n  end\nend\n',
      "config/routes.rb": routes("devise_for :users"),
    },
    rails: "new_user_session GET /users/sign_in(.:format) devise/sessions#new",
    matches: [{ repo: "catarse/catarse", source: /^config\/routes\.rb:13$/ }],
  },
  {
    id: "engine-namespace",
    area: "engines",
    title: "An engine class nested deeper than the namespace it isolates (`Spree::Core::Engine` with `isolate_namespace Spree; engine_name \"spree\"`, drawn by other gems' routes files): controllers get `spree/core/` where Rails gives `spree/`, and the mount is named `spree_core` where Rails says `spree`",
    files: {
      Gemfile: 'source "https://rubygems.org"\ngem "rails"\ngem "shop_core", path: "engines/core"\ngem "shop_admin", path: "engines/admin"\n',
      "Gemfile.lock":
        "PATH\n  remote: engines/core\n  specs:\n    shop_core (1.0)\n\nPATH\n  remote: engines/admin\n  specs:\n    shop_admin (1.0)\n\nGEM\n  specs:\n    actionpack (6.1.7.10)\n    railties (6.1.7.10)\n\nDEPENDENCIES\n  rails\n  shop_admin!\n  shop_core!\n",
      "engines/core/lib/shop_core.rb": 'require "shop/core/engine"\n',
      "engines/core/lib/shop/core/engine.rb": 'module Shop\n  module Core\n    class Engine < ::Rails::Engine\n      isolate_namespace Shop\n      engine_name "shop"\n    end\n  end\nend\n',
      "engines/admin/lib/shop_admin.rb": 'require "shop/admin/engine"\n',
      "engines/admin/lib/shop/admin/engine.rb": "module Shop\n  module Admin\n    class Engine < ::Rails::Engine\n    end\n  end\nend\n",
      "engines/admin/config/routes.rb": "Shop::Core::Engine.routes.draw do\n  namespace :admin do\n    resources :users, only: :index\n  end\nend\n",
      "config/routes.rb": routes('mount Shop::Core::Engine, at: "/"'),
    },
    rails: "admin_users GET /admin/users(.:format) shop/admin/users#index",
    // Fixed on the engines branch (engines read from their source): kept as a check.
    matches: [],
  },
  {
    id: "engine-not-loaded",
    area: "engines",
    title: "An engine of the app's Gemfile.lock (a path gem) whose code the app does not load (`require: false`, or samson's plugins, loaded only when `ENV[\"PLUGINS\"]` names them) is drawn anyway: its routes files add routes Rails does not have",
    files: {
      Gemfile: 'source "https://rubygems.org"\ngem "rails"\ngem "shop_extras", path: "plugins/extras", require: false\n',
      "Gemfile.lock":
        "PATH\n  remote: plugins/extras\n  specs:\n    shop_extras (1.0)\n\nGEM\n  specs:\n    actionpack (6.1.7.10)\n    railties (6.1.7.10)\n\nDEPENDENCIES\n  rails\n  shop_extras!\n",
      "plugins/extras/lib/shop_extras.rb": 'module ShopExtras\n  class Engine < ::Rails::Engine\n  end\nend\n',
      "plugins/extras/config/routes.rb": "Rails.application.routes.draw do\n  resources :extras, only: :index\nend\n",
      "config/routes.rb": routes('get "ping" => "ping#index"'),
    },
    rails: "ping GET /ping(.:format) ping#index",
    // Fixed on the engines branch (the Gemfile and Bundler.require read): kept as a check.
    matches: [],
  },
  {
    id: "sprockets-assets-prefix",
    area: "gems",
    title: "sprockets-rails' own route: its railtie's `after_initialize` prepends `mount app.assets => config.assets.prefix` wherever `config.assets.compile` (development's default), and hides it from `bin/rails routes` by patching RouteWrapper#internal? to `path =~ /\\A#{assets_prefix}\\z/`; a prefix the mount path does not equal (collections' `\"/assets/collections/\"`, with its slash: the route's path is `/assets/collections`) is listed, `/assets/collections #<Sprockets::Environment:0x… root=…, paths=[…]>`. Routemap does not draw sprockets-rails' mount (the endpoint is the process's object, with the machine's paths)",
    files: {
      "config/application.rb":
        'require_relative "boot"\nrequire "rails"\nrequire "action_controller/railtie"\nrequire "sprockets/railtie"\n\nmodule Snippet\n  class Application < Rails::Application\n    config.load_defaults 6.1\n    config.eager_load = false\n    config.assets.prefix = "/assets/snippet/"\n  end\nend\n',
      "config/routes.rb": routes('get "ping" => "ping#index"'),
    },
    rails: "ping GET /ping(.:format) ping#index",
    matches: [{ repo: "alphagov/collections", source: /^config\/environment\.rb:5$/ }],
  },
  {
    id: "database-value",
    area: "app files/environment",
    title: "A value the app reads from its database (e-petitions' `Site.constraints_for_public`: `if table_exists?` the `sites` row's constraints, else defaults from ENV): Routemap cannot read a database, follows both branches and shows the requirements marked «…»; Rails here has no table and takes the defaults",
    files: {
      "config/application.rb":
        'require_relative "boot"\nrequire "rails"\nrequire "active_record/railtie"\nrequire "action_controller/railtie"\n\nmodule Snippet\n  class Application < Rails::Application\n    config.load_defaults 6.1\n    config.eager_load = false\n  end\nend\n',
      "config/database.yml": "development:\n  adapter: sqlite3\n  database: db/development.sqlite3\n",
      "app/models/site.rb":
        'class Site < ActiveRecord::Base\n  def self.constraints_for_public\n    if table_exists?\n      { host: first.host }\n    else\n      { host: "petitions.localhost" }\n    end\n  end\nend\n',
      "config/routes.rb": routes('constraints Site.constraints_for_public do\n  get "ping" => "ping#index"\nend'),
    },
    rails: 'ping GET /ping(.:format) ping#index {:host=>"petitions.localhost"}',
    matches: [{ repo: "alphagov/e-petitions", test: (d) => d.kind === "differs" }],
  },
  {
    id: "rails-object-endpoint",
    area: "interpreter core library",
    title: "An endpoint that is an object of Rails' own (`mount ActionCable.server => \"/cable\"`): Rails prints its whole state (`#<ActionCable::Server::Base:0x… @config=#<…>, @mutex=…>`: the app's cable configuration, procs, a logger, addresses), which Routemap does not model; it is shown marked «ActionCable.server»",
    files: {
      "config/application.rb":
        'require_relative "boot"\nrequire "rails"\nrequire "action_controller/railtie"\nrequire "action_cable/engine"\n\nmodule Snippet\n  class Application < Rails::Application\n    config.load_defaults 6.1\n    config.eager_load = false\n  end\nend\n',
      "config/routes.rb": routes('mount ActionCable.server => "/cable"\nget "ping" => "ping#index"'),
    },
    rails: "ping GET /ping(.:format) ping#index",
    matches: [
      { repo: "exercism/website", source: /^config\/routes\.rb:8$/ },
      { repo: "publiclab/plots2", source: /^config\/routes\.rb:434$/ },
      { repo: "openHPI/codeocean", source: /^config\/routes\.rb:193$/ },
      { repo: "Freika/dawarich", source: /^config\/routes\.rb:6$/ },
      { repo: "publiclab/mapknitter", source: /^config\/routes\.rb:5$/ },
      { repo: "bigbluebutton/greenlight", source: /^config\/routes\.rb:21$/ },
      { repo: "rubycentral/cfp-app", source: /^config\/routes\.rb:10$/ },
      { repo: "octobox/octobox", source: /^config\/routes\.rb:58$/ },
      { repo: "education/classroom", source: /^config\/routes\.rb:9$/ },
      { repo: "pulibrary/tigerdata-app", source: /^config\/routes\.rb:59$/ },
    ],
  },
  {
    id: "controller-action-endpoint",
    area: "interpreter core library",
    title: "An endpoint that is a controller's action as a Rack app (`to: DownloadsController.action(:download)`): Rails prints the lambda ActionController::Metal.action makes (`#<Proc:0x… …/action_controller/metal.rb:235 (lambda)>`: its address and actionpack's own path on the machine), which Routemap shows marked «DownloadsController.action(:download)»; the action counts as reached (no unreached-action hint)",
    files: {
      "app/controllers/downloads_controller.rb": "class DownloadsController < ActionController::Base\n  def download; end\nend\n",
      "config/routes.rb": routes('get "dl/:id", to: DownloadsController.action(:download), as: :dl\nget "ping" => "ping#index"'),
    },
    rails: "ping GET /ping(.:format) ping#index",
    matches: [{ repo: "ualbertalib/jupiter", source: /^config\/routes\.rb:1[23]$/ }],
  },
  {
    id: "endpoint-object",
    area: "interpreter core library",
    title: "An endpoint that is an object (`mount SchemaEndpoint.instance`, `mount ActionCable.server`) is printed as its source text where Rails prints the object (`#<SchemaEndpoint:0x…>`); and `redirect(obj)` of an object that answers `call` (`redirect(Redirectors::Lesson.new)`, Rails: `redirect(301)`) gives two false errors, `redirection argument not supported` and `Missing :controller key`, and no route",
    files: {
      "lib/lesson_redirector.rb": "class LessonRedirector\n  def call(params, request) = \"/lessons/#{params[:id]}\"\nend\n",
      "config/routes.rb": 'require_relative "../lib/lesson_redirector"\n' + routes('get "/old/:id", to: redirect(LessonRedirector.new)'),
    },
    rails: "GET /old/:id(.:format) redirect(301)",
    matches: [
      { repo: "hackclub/hcb", source: /^config\/routes\.rb:20$/ },
      { repo: "exercism/website", source: /^config\/routes\.rb:8$/ },
      { repo: "TheOdinProject/theodinproject", source: /^config\/routes\/redirects\.rb:4$/ },
    ],
  },
];
