// Where Rails versions differ, one test per difference, naming the version. Rails 6.1's
// side of each is also covered by the oracle goldens; the other versions' expectations are
// read from that version's actionpack source (routing/mapper.rb, journey/, inspector.rb).
import { test } from "node:test";
import assert from "node:assert/strict";
import { formatExpanded, formatSheet } from "../dist/index.js";
import { mapper } from "./helpers.mjs";

/** Maps `body` (inside a draw block) for a Rails version; returns the sheet rows and the errors. */
async function check(body, railsVersion, rubyVersion = "3.1") {
  const text = `Rails.application.routes.draw do\n${body}\nend\n`;
  const result = (await mapper()).map({ entry: "routes.rb", files: { "routes.rb": text }, options: { railsVersion, rubyVersion } });
  const sheet = formatSheet(result.routes, { railsVersion });
  const rows = result.routes.map((r) => `${r.name} ${r.verb} ${r.path} ${r.reqs}`.trim());
  const errors = result.diagnostics.filter((d) => d.severity === "error").map((d) => `${d.span.start.line}: ${d.message}`);
  return { rows, errors, sheet };
}

test("8.0 raises for only/except naming an action the resource does not have; 6.1 ignores it", async () => {
  const body = "  resources :posts, only: [:index, :publish]\n  resource :profile, only: [:index]";
  assert.deepEqual((await check(body, "6.1")).rows, ["posts GET /posts(.:format) posts#index"]);
  assert.deepEqual((await check(body, "8.0")).errors, [
    "1: :only and :except must include only [:index, :create, :new, :show, :update, :destroy, :edit], but also included [:publish]",
    "2: :only and :except must include only [:show, :create, :update, :destroy, :new, :edit], but also included [:index]",
  ]);
  assert.deepEqual((await check(body, "8.1")).errors, [
    "1: Route `resources :posts` - :only and :except must include only [:index, :create, :new, :show, :update, :destroy, :edit], but also included [:publish]",
    "2: Route `resource :profile` - :only and :except must include only [:show, :create, :update, :destroy, :new, :edit], but also included [:index]",
  ]);
  // 8.0 checks `[only, except].flatten.compact` (Strings are names too) before anything else
  // reads them; a nested list then raises where the actions are listed (`Array(@except).map(&:to_sym)`,
  // NoMethodError in 6.1 as in 8.0, checked with Debian's Rails 6.1).
  const mixed = '  resources :posts, only: [:index, "show"], except: nil\n  resources :notes, except: ["index", [:publish]]';
  assert.deepEqual((await check(mixed, "8.0")).errors, ["2: :only and :except must include only [:index, :create, :new, :show, :update, :destroy, :edit], but also included [:publish]"]);
  assert.deepEqual((await check(mixed, "8.0")).rows.slice(0, 2), ["posts GET /posts(.:format) posts#index", "post GET /posts/:id(.:format) posts#show"]);
  assert.deepEqual((await check(mixed, "6.1")).errors, ["2: undefined method `to_sym' for [:publish]:Array"]);
});

test("8.1 raises for several paths in one call; earlier versions draw each", async () => {
  const body = '  get "a", "b", to: "letters#show"';
  assert.deepEqual((await check(body, "8.0")).rows, ["a GET /a(.:format) letters#show", "b GET /b(.:format) letters#show"]);
  assert.deepEqual((await check(body, "8.1")).errors, ["1: Wrong number of arguments (expect 1, got 2)"]);
});

test("8.1 gives options and connect routes no (.:format); connect exists from 8.0", async () => {
  const body = '  options "o", to: "v#o"\n  connect "c", to: "v#c"';
  const old = await check(body, "7.2");
  assert.deepEqual(old.rows, ["o OPTIONS /o(.:format) v#o"]);
  assert.deepEqual((await check(body, "8.0")).rows, ["o OPTIONS /o(.:format) v#o", "c GET|CONNECT /c(.:format) v#c"]);
  assert.deepEqual((await check(body, "8.1")).rows, ["o OPTIONS /o v#o", "c GET|CONNECT /c v#c"]);
});

test("7.0 hides only the multiline glob default /.+?/m; 6.1 hides /.+?/", async () => {
  const body = '  get "a/*rest", to: "a#b"\n  get "c/*rest", to: "c#d", rest: /.+?/';
  assert.deepEqual((await check(body, "6.1")).rows, ["GET /a/*rest(.:format) a#b", "GET /c/*rest(.:format) c#d"]);
  assert.deepEqual((await check(body, "7.0")).rows, ["GET /a/*rest(.:format) a#b", "GET /c/*rest(.:format) c#d {:rest=>/.+?/}"]);
});

test("7.1 rejects a to: that is not a String; 7.2 says so in its own words", async () => {
  const body = '  get "x", to: :index, controller: :posts';
  assert.deepEqual((await check(body, "6.1")).rows, ["x GET /x(.:format) posts#x"]);
  assert.deepEqual((await check(body, "7.1")).errors, ["1: undefined method `include?' for :index:Symbol"]);
  assert.deepEqual((await check(body, "7.2")).errors, [
    "1: :to must respond to `action` or `call`, or it must be a String that includes '#', or the controller should be implicit",
  ]);
});

test("7.2 takes a #-less to: as the action; earlier versions ignore it", async () => {
  const body = '  get "x", to: "show", controller: :posts';
  assert.deepEqual((await check(body, "7.1")).rows, ["x GET /x(.:format) posts#x"]);
  assert.deepEqual((await check(body, "7.2")).rows, ["x GET /x(.:format) posts#show"]);
});

test("7.1 prints a proc endpoint as an inline handler", async () => {
  const body = '  get "p", to: ->(env) { [200, {}, []] }';
  assert.deepEqual((await check(body, "7.1")).rows, ["p GET /p(.:format) Inline handler (Proc/Lambda)"]);
  assert.match((await check(body, "7.0")).rows[0], /^p GET \/p\(\.:format\) #<Proc:«0x…» routes\.rb:2 \(lambda\)>$/);
});

test("Ruby 3.4 prints requirement hashes in the new Hash#inspect style", async () => {
  const body = '  get "x/:id", to: "x#y", id: /\\d+/, defaults: { "lang" => "en" }';
  assert.deepEqual((await check(body, "7.2", "3.3")).rows, ['GET /x/:id(.:format) x#y {"lang"=>"en", :id=>/\\d+/}']);
  assert.deepEqual((await check(body, "7.2", "3.4")).rows, ['GET /x/:id(.:format) x#y {"lang" => "en", id: /\\d+/}']);
});

test("3.2: match without via answers every verb, root takes a hash, no PATCH, create before new", async () => {
  const body = '  match "legacy", to: "legacy#show"\n  root to: "home#index"\n  resource :session, only: [:new, :create, :update]';
  assert.deepEqual((await check(body, "3.2")).rows, [
    "legacy  /legacy(.:format) legacy#show",
    "root  / home#index",
    "session POST /session(.:format) sessions#create",
    "new_session GET /session/new(.:format) sessions#new",
    "PUT /session(.:format) sessions#update",
  ]);
  assert.deepEqual((await check('  root "home#index"', "3.2")).errors, ["1: no implicit conversion of String into Hash"]);
});

test("3.2: no :param, no draw, and the hash form without a path is not 'Route path not specified'", async () => {
  const result = await check('  resources :users, param: :slug, only: :show\n  draw :admin\n  match :x => "y#z"\n  get "y", to: "/y#z"', "3.2");
  assert.deepEqual(result.rows, ["user GET /users/:id(.:format) users#show"]);
  assert.deepEqual(result.errors, ["3: missing :controller", "4: controller name should not start with a slash"]);
  assert.deepEqual((await check('  match :x => "y#z"', "6.1")).errors, ["1: Route path not specified"]);
});

test("4.x: the hash form without a path lands on the scope's path, as in 3.2; the raise came with 5.0 (mapper.rb's match at v4.2.11 and v5.0.0)", async () => {
  const body = '  scope controller: "maps", path: "/maps" do\n    get action: "now_playing", as: "maps"\n  end';
  assert.deepEqual((await check(body, "4.2.11")).rows, ["maps GET /maps(.:format) maps#now_playing"]);
  assert.deepEqual((await check(body, "5.0")).errors, ["2: Route path not specified"]);
});

test("Unknown :on is reported as Rails 7+ words it; 6.1 raised a NameError instead, which the message names", async () => {
  const body = '  resources :posts do\n    get :x, on: :bogus\n  end';
  for (const version of ["3.2", "7.0", "7.2", "8.1"]) {
    assert.deepEqual((await check(body, version)).errors, ["2: Unknown scope :bogus given to :on"]);
  }
  assert.deepEqual((await check(body, "6.1")).errors, ["2: Unknown scope :bogus given to :on (Rails 6.1 raises NameError here: undefined local variable or method `on')"]);
});

test("7.0 names the key, not the regexp, when a requirement has anchors", async () => {
  const body = '  get "x/:id", to: "a#b", id: /^\\d+/';
  assert.deepEqual((await check(body, "6.1")).errors, ["1: Regexp anchor characters are not allowed in routing requirements: /^\\d+/"]);
  assert.deepEqual((await check(body, "7.0")).errors, ["1: Regexp anchor characters are not allowed in routing requirements: :id"]);
});

test("8.0 narrows only/except inherited from a scope to the resource's own actions, so they never raise", async () => {
  const body = "  scope only: [:index, :show] do\n    resource :profile\n    resources :posts\n  end";
  const expected = ["profile GET /profile(.:format) profiles#show", "posts GET /posts(.:format) posts#index", "post GET /posts/:id(.:format) posts#show"];
  for (const version of ["6.1", "8.0", "8.1"]) {
    const result = await check(body, version);
    assert.deepEqual(result.errors, [], version);
    assert.deepEqual(result.rows, expected, version);
  }
});

test("8.1 leaves a mount unnamed when given as: nil; earlier versions fall back to the app's name", async () => {
  const body = '  mount Sidekiq::Web, at: "/jobs", as: nil';
  assert.deepEqual((await check(body, "8.0")).rows, ["sidekiq_web  /jobs Sidekiq::Web"]);
  assert.deepEqual((await check(body, "8.1")).rows, ["/jobs Sidekiq::Web"]);
});

test("8.1 titles every section when engines are mounted and filters engine routes too", async () => {
  const text = 'Shop::Engine.routes.draw do\n  resources :carts, only: :show\nend\nRails.application.routes.draw do\n  mount Shop::Engine, at: "/shop"\n  mount Empty::Engine, at: "/empty"\nend\n';
  const result = (await mapper()).map({ entry: "routes.rb", files: { "routes.rb": text }, options: { railsVersion: "8.1" } });
  const options = { railsVersion: "8.1", engines: result.engines };
  assert.equal(
    formatSheet(result.routes, options),
    [
      "Routes for application:",
      "Prefix Verb URI Pattern Controller#Action",
      "  shop      /shop       Shop::Engine",
      " empty      /empty      Empty::Engine",
      "",
      "Routes for Shop::Engine:",
      "Prefix Verb URI Pattern          Controller#Action",
      "  cart GET  /carts/:id(.:format) shop/carts#show",
      "",
      "Routes for Empty::Engine:",
      "No routes defined.",
      "",
    ].join("\n"),
  );
  assert.equal(
    formatSheet(result.routes, { ...options, grep: "cart" }),
    [
      "Routes for application:",
      "No routes were found for this grep pattern.",
      "For more information about routes, see the Rails guide: https://guides.rubyonrails.org/routing.html.",
      "",
      "Routes for Shop::Engine:",
      "Prefix Verb URI Pattern          Controller#Action",
      "  cart GET  /carts/:id(.:format) shop/carts#show",
      "",
      "Routes for Empty::Engine:",
      "No routes were found for this grep pattern.",
      "",
    ].join("\n"),
  );
});

test("a value of the wrong type raises what Ruby raises, worded as the selected Ruby words it (3.3 and 3.4 reworded NoMethodError)", async () => {
  const body = "  resources :posts, only: 1";
  assert.deepEqual((await check(body, "6.1", "3.1")).errors, ["1: undefined method `to_sym' for 1:Integer"]);
  assert.deepEqual((await check(body, "7.2", "3.3")).errors, ["1: undefined method `to_sym' for an instance of Integer"]);
  // 8.0+ symbolizes only/except in Resource#initialize (invalid_only_except_options), with the same message.
  assert.deepEqual((await check(body, "8.1", "3.4")).errors, ["1: undefined method 'to_sym' for an instance of Integer"]);
  assert.deepEqual((await check('  get "x", to: "a#b", as: true', "8.1", "3.4")).errors, ["1: undefined method 'empty?' for true"]);
});

test("a second `root` is drawn unnamed on Rails 5.0–5.2 (mapper.rb's match_root_route at v5.1.6.2 and v5.2.8); 4.2 and 6.0+ name it and raise", async () => {
  const body = '  constraints(->(req) { req.session[:user_id] }) do\n    root to: "clients#index"\n  end\n  constraints(->(req) { !req.session[:user_id] }) do\n    root to: "sessions#new"\n  end';
  const pre6 = await check(body, "5.1.6.2");
  assert.deepEqual([pre6.rows, pre6.errors], [["root GET / clients#index", "GET / sessions#new"], []]);
  // The error's last line is the guide's address as route_set.rb wrote it: http before 6.0.
  for (const [version, scheme] of [["4.2.11", "http"], ["6.1", "https"]]) {
    assert.deepEqual((await check(body, version)).errors, [`5: Invalid route name, already in use: 'root' \nYou may have defined two routes with the same name using the \`:as\` option, or you may be overriding a route already defined by a resource with the same naming. For the latter, you can restrict the routes created with \`resources\` as explained here: \n${scheme}://guides.rubyonrails.org/routing.html#restricting-the-routes-created`], version);
  }
});

test("a name already in use raises from Rails 4.0 (rails/rails#9704); 3.2's add_route keeps both routes named, the helper the last one's (route_set.rb at v3.2.22)", async () => {
  const body = '  root :to => "pages#home"\n  scope :constraints => lambda { |r| r.env["warden"].authenticate? } do\n    root :to => "dashboard#show"\n  end';
  const old = await check(body, "3.2");
  // (3.2's `root` is a `match` of any verb.)
  assert.deepEqual([old.rows, old.errors], [["root  / pages#home", "root  / dashboard#show"], []]);
  assert.equal((await check(body, "4.0")).errors.length, 1);
});

test("`Rails.env.local?` is development or test from Rails 7.1 (EnvironmentInquirer); before, a StringInquirer's question whether the environment is called local", async () => {
  const body = '  get "a", to: "x#a" if Rails.env.local?\n  get "b", to: "x#b" unless Rails.env.local?';
  const names = async (rails) => (await check(body, rails)).rows.map((r) => r.split(" ")[0]);
  assert.deepEqual([await names("6.1"), await names("7.0"), await names("7.1"), await names("8.1")], [["b"], ["b"], ["a"], ["a"]]);
});

test("a bare `it` before Ruby 3.4 calls a method no one defines, on the draw block's self (the mapper): NameError, worded as the selected Ruby words it", async () => {
  const body = "  %i[posts users].each { resources it, only: :index }";
  // 3.1 names the mapper by its `inspect`, whose address (and state) Routemap does not know.
  assert.deepEqual((await check(body, "6.1", "3.1")).errors, ["1: undefined local variable or method `it' for #<ActionDispatch::Routing::Mapper:«0x…»>"]);
  assert.deepEqual((await check(body, "7.2", "3.3")).errors, ["1: undefined local variable or method `it' for an instance of ActionDispatch::Routing::Mapper"]);
  assert.deepEqual((await check(body, "8.0", "3.4")).rows, ["posts GET /posts(.:format) posts#index", "users GET /users(.:format) users#index"]);
  // Outside the draw block, at the file's top level: `main`. (A method the file defines and the draw block calls runs on the mapper.)
  const text = "NAMES = %i[a].map { it.to_s }\nRails.application.routes.draw do\n  NAMES.each { |n| get n }\nend\n";
  const top = (rubyVersion) => mapper().then((m) => m.map({ entry: "routes.rb", files: { "routes.rb": text }, options: { rubyVersion } }).diagnostics.filter((d) => d.severity === "error").map((d) => d.message));
  assert.deepEqual([await top("3.1"), await top("3.3")], [["undefined local variable or method `it' for main:Object"], ["undefined local variable or method `it' for main"]]);
});

test("to: of the wrong type: 6.1 and 7.0 raise a TypeError (`/#/.match?(to)`), 7.1 a NoMethodError (`to.include?`), 7.2+ name what :to takes", async () => {
  const body = '  get "x", to: 1';
  assert.deepEqual((await check(body, "6.1")).errors, ["1: no implicit conversion of Integer into String"]);
  assert.deepEqual((await check(body, "7.0")).errors, ["1: no implicit conversion of Integer into String"]);
  assert.deepEqual((await check(body, "7.1")).errors, ["1: undefined method `include?' for 1:Integer"]);
  const message = ":to must respond to `action` or `call`, or it must be a String that includes '#', or the controller should be implicit";
  for (const version of ["7.2", "8.0", "8.1"]) assert.deepEqual((await check(body, version)).errors, [`1: ${message}`], version);
});

test("8.1 takes match's options as keywords: a call with only known keywords and no path draws nothing, silently", async () => {
  // mapper.rb 8.1, Base#match: `if path_or_actions.none? && mapping.any?` ... `path_or_actions.each`.
  const body = '  get(to: "a#b")\n  match(to: "a#b", via: :get, as: "x")\n  get "ok", to: "a#ok"';
  const modern = await check(body, "8.1");
  assert.deepEqual(modern.errors, []);
  assert.deepEqual(modern.rows, ["ok GET /ok(.:format) a#ok"]);
  // A key that is no keyword goes to `mapping`, which has no String path: "Route path not specified".
  assert.deepEqual((await check('  get(foo: "bar")', "8.1")).errors, ["1: Route path not specified"]);
  // 8.0 and earlier take one options Hash, and find no path in it.
  assert.deepEqual((await check(body, "8.0")).errors, ["1: Route path not specified", "2: Route path not specified"]);
});

/** Maps a routes file written out (constants before the draw block); returns each route's name and path, and the errors' lines and messages. */
async function mapFile(source, railsVersion, rubyVersion) {
  const result = (await mapper()).map({ entry: "routes.rb", files: { "routes.rb": source }, options: { railsVersion, rubyVersion } });
  const rows = result.routes.map((r) => `${r.name} ${r.path} ${r.reqs}`.trim());
  const errors = result.diagnostics.filter((d) => d.severity === "error").map((d) => `${d.span.start.line}: ${d.message}`);
  return { rows, errors };
}

test("Ruby 3.3 copies a lone **hash for a method without keywords; 3.1 hands over the caller's Hash, which Rails changes", async () => {
  // ruby/ruby#8970 (Ruby 3.3): `f(**h).equal?(h)` was true from 3.0, false since. Rails 6.1's
  // namespace deletes :path from the Hash it is given, map_match :to (Ruby 3.1's side is the
  // golden case namespace/options_reused too).
  const source = [
    'OPTS = { to: "pages#show" }',
    'NS = { path: "area" }',
    "Rails.application.routes.draw do",
    '  2.times { |i| namespace "n#{i}", **NS do get "x", to: "x#x" end }',
    '  2.times { |i| get "g#{i}", **OPTS }',
    "end",
  ].join("\n");
  assert.deepEqual(await mapFile(source, "6.1", "3.1"), {
    rows: ["n0_x /area/x(.:format) n0/x#x", "n1_x /n1/x(.:format) n1/x#x", "g0 /g0(.:format) pages#show"],
    errors: ["4: Missing :controller key on routes definition, please check your routes."],
  });
  assert.deepEqual(await mapFile(source, "6.1", "3.3"), {
    rows: ["n0_x /area/x(.:format) n0/x#x", "n1_x /area/x(.:format) n1/x#x", "g0 /g0(.:format) pages#show", "g1 /g1(.:format) pages#show"],
    errors: [],
  });
});

test("namespace deletes :path from the Hash it is given from Rails 4.0 to 8.0; 8.1 takes keywords, and deletes only :as from a positional Hash, whose :path nests; 3.2 changes nothing", async () => {
  // mapper.rb: 4.0–8.0 `path_scope(options.delete(:path) { path })`; 8.1 (v8.1.3 l.1098–1117)
  // `as = assign_deprecated_option(…)` deletes :as, while `path ||= …` never runs (`path` starts
  // as a truthy placeholder), so :path stays and joins the scope's options under the namespace's
  // own path (checked against 8.1.3's code); keywords, which a `**hash` fills with a copy, are
  // 4.0's; 3.2 merges the options into a new Hash.
  const source = (args) => `NS = { path: "area", as: "zone" }\nRails.application.routes.draw do\n  2.times { |i| namespace "n#{i}", ${args} do get "x", to: "x#x" end }\nend\n`;
  const rows = async (railsVersion, args) => (await mapFile(source(args), railsVersion, "3.3")).rows;
  assert.deepEqual(await rows("8.0", "NS"), ["zone_x /area/x(.:format) n0/x#x", "/n1/x(.:format) n1/x#x"]);
  assert.deepEqual(await rows("8.1", "NS"), ["zone_x /n0/area/x(.:format) n0/x#x", "n1_x /n1/area/x(.:format) n1/x#x"]);
  assert.deepEqual(await rows("8.1", "**NS"), ["zone_x /area/x(.:format) n0/x#x", "/area/x(.:format) n1/x#x"]);
  assert.deepEqual(await rows("3.2", "NS"), ["zone_x /area/x(.:format) n0/x#x", "/area/x(.:format) n1/x#x"]);
});

test("mount changes the Hash it is given: before 8.1 it deletes :at and fills :as and :via (3.2: :as, for engines only); 8.1 deletes its keywords' keys", async () => {
  // mapper.rb: 4.0–8.0 `options.delete(:at)`, `options[:as] ||= app_name(app, rails_app)`,
  // `options[:via] ||= :all`; 3.2 the same without :via, and its `app_name` names only an app
  // with `routes`; 8.1 `assign_deprecated_option` deletes :via, :at, :defaults, :constraints,
  // :path, :internal, and :as, :anchor, :format where present. Rails 6.1's side is the golden
  // case mount/options_reused.
  const source = [
    "module Probes; class Ping; def self.call(env) = [200, {}, []]; end; end",
    'AT = { at: "/ping", as: nil, anchor: false, extra: 1 }',
    "Rails.application.routes.draw do",
    "  mount Probes::Ping, AT",
    '  get "seen", to: "pages#seen", defaults: { left: AT.inspect }',
    "end",
  ].join("\n");
  const left = async (railsVersion) => (await mapFile(source, railsVersion, "3.1")).rows.find((row) => row.startsWith("seen"));
  assert.equal(await left("8.0"), 'seen /seen(.:format) pages#seen {:left=>"{:as=>\\"probes_ping\\", :anchor=>false, :extra=>1, :via=>:all}"}');
  assert.equal(await left("8.1"), 'seen /seen(.:format) pages#seen {:left=>"{:extra=>1}"}');
  assert.equal(await left("3.2"), 'seen /seen(.:format) pages#seen {:left=>"{:as=>nil, :anchor=>false, :extra=>1}"}');
  // 8.1 takes `mount(App => "/at")` as keywords only (`**mapping`): a Hash given as a value is
  // the app itself, and Ruby 3 never turns it into keywords.
  const hashForm = 'module Probes; class Ping; def self.call(env) = [200, {}, []]; end; end\nPING = { Probes::Ping => "/ping" }\nRails.application.routes.draw do\n  mount PING\n  mount Probes::Ping => "/written"\nend\n';
  assert.deepEqual(await mapFile(hashForm, "8.1", "3.4"), { rows: ["probes_ping /written Probes::Ping"], errors: ["3: A rack application must be specified"] });
  assert.deepEqual((await mapFile(hashForm, "8.0", "3.4")).rows, ["probes_ping /ping Probes::Ping"]);
});

test("root \"c#a\", options stores :to in the caller's Hash from Rails 4.0; 3.2 takes a Hash only", async () => {
  // mapper.rb 4.0–8.1 `root(path, options = {})`: `options[:to] = path` (Rails 6.1's side is
  // the golden case root/options_reused); 3.2's `root(options = {})` merges into a new Hash.
  const source = 'HOME = { as: :home }\nRails.application.routes.draw do\n  root "pages#home", HOME\n  get "seen", to: "pages#seen", defaults: { left: HOME.inspect }\nend\n';
  const { rows } = await mapFile(source, "8.1", "3.4");
  assert.ok(rows.includes('seen /seen(.:format) pages#seen {left: "{as: :home, to: \\"pages#home\\"}"}'), rows.join("\n"));
});

// Ruby 3.2's Data (struct.c `rb_data_s_def`, `rb_data_s_new`, `rb_data_initialize_m`, `rb_data_with`,
// `rb_data_inspect`, read from Ruby 3.2's source: Debian's Ruby 3.1 has no Data to record them from).
test("3.2+: Data.define's classes take their members positionally or as keywords, all required, frozen, `with` and inspect as Ruby prints them; 3.1 has no Data", async () => {
  const body = [
    '  entry = Data.define(:path, :key)',
    '  a = entry.new(path: "/a", key: "k")',
    '  b = entry.new("/b", "j")',
    '  [a, b, b.with(path: "/c")].each { |e| get e.path, to: "x#show", defaults: { k: e.key } }',
    '  get "i", to: "x#i", defaults: { i: a.inspect, frozen: a.frozen?.to_s, h: a.to_h.keys.inspect }',
    '  named = Data.define(:slug) do',
    '    def path = "/#{slug}"',
    '  end',
    '  get named.new(slug: "d").path, to: "x#d"',
  ].join("\n");
  assert.deepEqual((await check(body, "7.1", "3.3")).rows, [
    'a GET /a(.:format) x#show {:k=>"k"}',
    'b GET /b(.:format) x#show {:k=>"j"}',
    'c GET /c(.:format) x#show {:k=>"j"}',
    'i GET /i(.:format) x#i {:i=>"#<data path=\\"/a\\", key=\\"k\\">", :frozen=>"true", :h=>"[:path, :key]"}',
    "d GET /d(.:format) x#d",
  ]);
  assert.deepEqual((await check('  d = Data.define(:path, :key)\n  d.new(path: "/a")', "7.1", "3.3")).errors, ["2: missing keyword: :key"]);
  assert.deepEqual((await check('  d = Data.define(:path)\n  d.new("/a", "b")', "7.1", "3.3")).errors, ["2: wrong number of arguments (given 2, expected 0..1)"]);
  assert.deepEqual((await check('  d = Data.define(:path)\n  d.new(path: "/a", key: 1)', "7.1", "3.3")).errors, ["2: unknown keyword: :key"]);
  assert.deepEqual((await check('  d = Data.define(:path)\n  get d.new("/a").path, to: "x#a"', "7.1", "3.1")).rows, [], "3.1: Data is no class of Ruby's, nothing drawn from it");
});

test("as: false prints `false` in the Prefix column from 4.0 (RouteSet#add_route keeps the value as the name); 3.2 deleted the key first (mapper.rb v3.2.22 add_route, l.1309)", async () => {
  const body = '  get "plain", to: "pages#plain", as: false';
  for (const version of ["6.1", "7.2", "8.1"]) assert.match((await check(body, version)).sheet, /^ *false GET +\/plain\(\.:format\) +pages#plain$/m, version);
  assert.match((await check(body, "3.2")).sheet, /^ +GET +\/plain\(\.:format\) +pages#plain$/m);
  assert.deepEqual((await check(body, "6.1")).rows, ["GET /plain(.:format) pages#plain"], "no helper: the route's name stays empty");
});

test("7.1 lets mount's caller override to:, anchor: and format: (rails/rails 1ee984d, mapper.rb v7.1.0 l.624); 6.1 and 7.0 force them", async () => {
  const body = '  mount Probe, at: "/a", format: true\n  mount Probe, at: "/b", format: nil, as: "bee"\n  mount Probe, at: "/c", to: "pages#c", as: "cee"\n  mount Probe => "/d", anchor: true, as: "dee"';
  const early = ["/a Probe", "bee /b Probe", "cee /c Probe", "dee /d Probe"];
  for (const version of ["6.1", "7.0"]) assert.deepEqual((await check(`module Probe; def self.call(env) = 1; end\n${body}`, version)).rows.map((r) => r.replace(/ +/g, " ")), early, version);
  for (const version of ["7.1", "8.1"]) {
    const { sheet } = await check(`module Probe; def self.call(env) = 1; end\n${body}`, version);
    assert.match(sheet, /^ +\/a\.:format +Probe \{:format=>\/\.\+\/\}$/m, version);
    assert.match(sheet, /^ +bee +\/b\(\.:format\) +Probe$/m, version);
    assert.match(sheet, /^ +cee +\/c +pages#c$/m, version);
    assert.match(sheet, /^ +dee +\/d +Probe$/m, version);
  }
});

test("7.0 lets a multiline regexp through as a route's own option, not under constraints: (mapper.rb v7.0.0 l.130, l.249-260; checked against 7.0-8.1's code)", async () => {
  const body = '  get "c/:id", to: "a#c", id: /\\d+/m\n  get "d/:id", to: "a#d", constraints: { id: /\\d+/m }';
  assert.deepEqual((await check(body, "6.1")).errors, ["1: Regexp multiline option is not allowed in routing requirements: /\\d+/m", "2: Regexp multiline option is not allowed in routing requirements: /\\d+/m"]);
  for (const version of ["7.0", "8.1"]) {
    const result = await check(body, version);
    assert.deepEqual(result.rows, ["GET /c/:id(.:format) a#c {:id=>/\\d+/m}"], version);
    assert.deepEqual(result.errors, ["2: Regexp multiline option is not allowed in routing requirements: /\\d+/m"], version);
  }
});

test("8.1 prints no verb when one of several is :all (journey/route.rb v8.1.3 VerbMatchers.for, l.64-72); earlier versions join each", async () => {
  const body = '  match "a", to: "x#a", via: [:get, :all]\n  match "b", to: "x#b", via: [:all, :post]\n  match "d", to: "x#d", via: ["all", :purge]';
  assert.deepEqual((await check(body, "8.0")).rows, ["a GET| /a(.:format) x#a", "b |POST /b(.:format) x#b", "d ALL|PURGE /d(.:format) x#d"]);
  assert.deepEqual((await check(body, "8.1")).rows, ["a  /a(.:format) x#a", "b  /b(.:format) x#b", "d ALL|PURGE /d(.:format) x#d"]);
});

test("8.1 reads a Hash passed as a value its own way (assign_deprecated_option, mapper.rb v8.1.3 l.667): false is nil, scope's except: is only:, concerns takes it for a name; checked against 8.1.3's code", async () => {
  const body = [
    '  OPTS = { to: "x#a", format: false, as: "aa" }',
    '  get "a", OPTS',
    '  options "o", { to: "x#o" }',
    '  mount Probe, { at: "/p", as: "pp", format: false }',
    "  scope({ except: [:destroy] }) { resources :items }",
    "  namespace :n1, { shallow_path: \"sp\" } do",
    "    resources :posts, only: :show, shallow: true do resources :notes, only: :show end",
    "  end",
    '  concern :c do |options| get :x, **options end',
    '  resources :notes, only: [] do concerns :c, { as: "z" } end',
  ].join("\n");
  const source = `module Probe; def self.call(env) = 1; end\n${body}`;
  const v80 = await check(source, "8.0");
  assert.deepEqual(v80.rows, [
    "aa GET /a x#a", "o OPTIONS /o(.:format) x#o", "pp  /p Probe", "items GET /items(.:format) items#index", "POST /items(.:format) items#create",
    "new_item GET /items/new(.:format) items#new", "edit_item GET /items/:id/edit(.:format) items#edit", "item GET /items/:id(.:format) items#show",
    "PATCH /items/:id(.:format) items#update", "PUT /items/:id(.:format) items#update", "n1_note GET /sp/notes/:id(.:format) n1/notes#show",
    "n1_post GET /sp/posts/:id(.:format) n1/posts#show", "note_z GET /notes/:note_id/x(.:format) notes#x",
  ]);
  assert.deepEqual(v80.errors, []);
  const v81 = await check(source, "8.1");
  assert.deepEqual(v81.rows, [
    "aa GET /a(.:format) x#a", "o OPTIONS /o x#o", "pp  /p(.:format) Probe", "item DELETE /items/:id(.:format) items#destroy",
    "n1_note GET /n1/notes/:id(.:format) n1/notes#show", "n1_post GET /n1/posts/:id(.:format) n1/posts#show", "note_x GET /notes/:note_id/x(.:format) notes#x",
  ]);
  assert.deepEqual(v81.errors, ['11: No concern named {:as=>"z"} was found!']);
});

test("8.1 warns of each key of a Hash passed as a value, in Rails' words and order; an except: beside only: in scope's Hash is a default; resources deletes :concerns from it (mapper.rb v8.1.3 l.667–683; checked against 8.1.3's code, deprecator to stderr)", async () => {
  const body = [
    '  OPTS = { to: "x#a", format: false, as: "aa", foo: 1 }',
    '  get "a", OPTS',
    '  options "o", { to: "x#o", "bar" => 2 }',
    '  mount Probe, { at: "/p", as: "pp", format: false, via: :get }',
    '  scope({ except: [:destroy], module: "m" }) { resources :items, only: :index }',
    "  scope({ only: [:index], except: [:show] }) { resources :things }",
    '  namespace :n1, { shallow_path: "sp", path: "q", as: nil } do resources :posts, only: :show end',
    "  concern :c do get :x end",
    "  resources :notes, { concerns: [:c], only: [:index], param: :slug }",
    "  resource :profile, { concerns: nil, only: [:show] }",
    '  match "m", { to: "x#m", via: :get, on: nil }',
    '  get "kw", to: "x#kw", as: "kw"',
    '  get "h" => "x#h"',
    '  send(:post, "s", { to: "x#s" })',
    '  with_options(to: "x#w") { |o| o.get "w1"; o.get "w2", { as: "w2" } }',
    '  NS = { path: "nsp" }.freeze',
    '  namespace :n2, NS do get "y", to: "x#y" end',
    "  R = { concerns: [:c] }",
    "  resources :r1, R",
    "  resources :r2, R",
  ].join("\n");
  const source = `module Probe; def self.call(env) = 1; end\n${body}`;
  const warnings = async (version) => {
    const text = `Rails.application.routes.draw do\n${source}\nend\n`;
    const result = (await mapper()).map({ entry: "routes.rb", files: { "routes.rb": text }, options: { railsVersion: version } });
    return result.diagnostics.filter((d) => d.code === "deprecated-hash-argument").map((d) => {
      assert.equal(d.severity, "warning");
      assert.equal(d.deprecated, true);
      return [d.span.start.line, text.split("\n")[d.span.start.line].slice(d.span.start.character, d.span.end.character), d.message];
    });
  };
  assert.deepEqual(await warnings("8.0"), []);
  const said = (method, ...keys) => keys.map((k) => `DEPRECATION WARNING: ${method} received a hash argument ${k}. Please use a keyword instead. Support to hash argument will be removed in Rails 8.2.`).join("\n");
  // Rails' stderr, each line `(called from … at routes.rb:N)`: the warnings of a call are one diagnostic, at its Hash.
  assert.deepEqual(await warnings("8.1"), [
    [3, "OPTS", said("get", "as", "to", "foo")],
    [4, '{ to: "x#o", "bar" => 2 }', said("options", "to", "bar")],
    [5, '{ at: "/p", as: "pp", format: false, via: :get }', said("mount", "as", "via", "at")],
    [6, '{ except: [:destroy], module: "m" }', said("scope", "except", "module")],
    [7, "{ only: [:index], except: [:show] }", said("scope", "only", "except")],
    [8, '{ shallow_path: "sp", path: "q", as: nil }', said("namespace", "shallow_path", "path")],
    [10, "{ concerns: [:c], only: [:index], param: :slug }", said("resources", "concerns", "only", "param")],
    [11, "{ concerns: nil, only: [:show] }", said("resource", "only")],
    [12, '{ to: "x#m", via: :get, on: nil }', said("match", "via", "to")],
    [15, '{ to: "x#s" }', said("post", "to")],
    [18, "NS", said("namespace", "path")],
    [20, "R", said("resources", "concerns")],
  ]);
  const v81 = await check(source, "8.1");
  // Rails 8.1.3: `things GET /things(.:format) things#index {:except=>[:show]}`; r2 has no `x` (R lost :concerns).
  assert.ok(v81.rows.includes("things GET /things(.:format) things#index {:except=>[:show]}"), v81.rows.join("\n"));
  assert.ok(v81.rows.some((r) => r.startsWith("r1_x ")) && !v81.rows.some((r) => r.startsWith("r2_x ")));
  assert.ok(v81.rows.includes("post GET /n1/q/posts/:id(.:format) n1/posts#show"));
  assert.deepEqual(v81.errors, []);
});

test("8.1 takes format: nil, via: nil, defaults: nil as not given, and to:/action:/controller: beside a path's Hash win over its value (mapper.rb v8.1.3 l.1866-1882, l.2145-2146)", async () => {
  const body = [
    '  scope format: false do get "a", to: "x#a", format: nil end',
    '  scope via: :post do match "m", to: "x#m", via: nil end',
    '  get "d", to: "x#d", defaults: nil',
    '  get "h" => "x#h", to: "y#b"',
    '  get "c" => :show, action: "other", controller: "k"',
  ].join("\n");
  const v81 = await check(body, "8.1");
  assert.deepEqual(v81.rows, ["a GET /a x#a", "m POST /m(.:format) x#m", "d GET /d(.:format) x#d", "h GET /h(.:format) y#b", "c GET /c(.:format) k#other"]);
  assert.deepEqual(v81.errors, []);
  const v80 = await check(body, "8.0");
  assert.deepEqual(v80.rows, ["a GET /a(.:format) x#a", "h GET /h(.:format) x#h", "c GET /c(.:format) k#show"]);
  assert.equal(v80.errors.length, 2);
  assert.match(v80.errors[0], /^2: You should not use the `match` method/);
  assert.equal(v80.errors[1], "3: no implicit conversion of nil into Hash");
});

test("8.0's own path parser (journey/parser.rb v8.0.0 l.35-83): an open ( raises ArgumentError, a stray ) ends the path; Racc's messages before (checked against 7.2, 8.0, 8.1's code)", async () => {
  const body = '  get "a/(b", to: "x#a"\n  get "c/d)", to: "x#c"\n  get "()", to: "x#e"';
  const v72 = await check(body, "7.2");
  assert.deepEqual(v72.errors, ['1: parse error on value "$" ($end)', '2: parse error on value ")" (RPAREN)', '3: parse error on value ")" (RPAREN)']);
  for (const version of ["8.0", "8.1"]) {
    const result = await check(body, version);
    assert.deepEqual(result.errors, ["1: missing right parenthesis.", "3: missing right parenthesis."], version);
    assert.deepEqual(result.rows, ["GET /c/d x#c"], version);
  }
});

test("7.1's -g matches the grep as a path with each route's own Journey pattern: its requirements, and any longer path under a mount (inspector.rb v7.1.0 l.10, l.101-111; checked against 7.1-8.1's code)", async () => {
  const body = '  module Jobs; def self.call(env) = 1; end\n  get "posts/:id", to: "posts#show", id: /\\d+/\n  mount Jobs, at: "/jobs", as: "jobs"';
  const result = (await mapper()).map({ entry: "routes.rb", files: { "routes.rb": `Rails.application.routes.draw do\n${body}\nend\n` }, options: { railsVersion: "7.1", rubyVersion: "3.1" } });
  const grep = (text) => formatSheet(result.routes, { railsVersion: "7.1", grep: text }).trim().split("\n").slice(1).map((l) => l.trim().replace(/ +/g, " "));
  assert.deepEqual(grep("/posts/12"), ["GET /posts/:id(.:format) posts#show {:id=>/\\d+/}"]);
  assert.deepEqual(grep("/posts/abc"), ["For more information about routes, see the Rails guide: https://guides.rubyonrails.org/routing.html."]);
  assert.deepEqual(grep("jobs/x/y"), ["jobs /jobs Jobs"]);
  // A requirement Routemap cannot compute: the route may match, so it is kept, marked as no Rails row is.
  const unknown = (await mapper()).map({ entry: "routes.rb", files: { "routes.rb": 'Rails.application.routes.draw do\n  get "posts/:id", to: "posts#show", id: Patterns::ID\nend\n' }, options: { railsVersion: "7.1", rubyVersion: "3.1" } });
  const sheet = (version, expanded = false) => (expanded ? formatExpanded : formatSheet)(unknown.routes, { railsVersion: version, grep: "/posts/12" });
  assert.match(sheet("7.1"), /posts#show \{:id=>«Patterns::ID»\} «may not match -g: Routemap cannot run its requirements on that path»\n/);
  assert.match(sheet("7.1", true), /\nGrep {14}\| may not match -g: Routemap cannot run its requirements on that path\n/);
  assert.match(sheet("7.0"), /^No routes were found for this grep pattern\./);
  // The same under `constraints:`, where the value can only be a requirement.
  const constrained = (await mapper()).map({ entry: "routes.rb", files: { "routes.rb": 'Rails.application.routes.draw do\n  get "posts/:id", to: "posts#show", constraints: { id: Patterns::ID }\nend\n' }, options: { railsVersion: "7.1", rubyVersion: "3.1" } });
  assert.match(formatSheet(constrained.routes, { railsVersion: "7.1", grep: "/posts/12" }), /«may not match -g: Routemap cannot run its requirements on that path»\n/);
});
