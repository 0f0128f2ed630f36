// ActiveAdmin's routes (gems/activeAdmin.ts, gems/activeAdminRegistrations.ts): `ActiveAdmin.routes(self)`
// drawn from the app's initializer and app/admin as activeadmin 3.2.5's Router draws them. The
// whole sheet is checked against live Rails with the real gem in test-fixtures/apps/activeadmin
// (server/test/apps.test.mjs); here, what Routemap does where it cannot read a registration or a
// setting: that part left out and said, its names open, the rest drawn. Each case is an app of
// several files (`//- path` headers); `check()` renders the sheet, the diagnostics and the open
// regions as text, compared with the expected text.
import { test } from "node:test";
import assert from "node:assert/strict";
import { formatSheet } from "../dist/index.js";
import { mapper } from "./helpers.mjs";

const APP = `//- config/application.rb
module Shop
  class Application < Rails::Application
  end
end
//- config/routes.rb
Rails.application.routes.draw do
  ActiveAdmin.routes(self)
end
`;

/** The app's map result; `o.app: false` leaves config/application.rb out, `o.routes` replaces the routes' body. */
async function mapApp(files, o = {}) {
  // (`o.options`: the map's, `gems` and `rubyVersion` among them.)
  const m = await mapper();
  const map = new Map();
  const routed = o.routes === undefined ? APP : APP.replace("  ActiveAdmin.routes(self)\n", o.routes);
  const app = o.app === false ? routed.replace(/^\/\/- config\/application.rb\n[^]*?(?=\/\/- )/, "") : routed;
  for (const part of `${app}${files}`.split(/^\/\/- /m).filter(Boolean)) {
    const [path, ...rest] = part.split("\n");
    map.set(`/app/${path.trim()}`, rest.join("\n"));
  }
  return m.map({ entry: "/app/config/routes.rb", files: map, options: { railsVersion: "6.1", rubyVersion: "3.1", ...o.options }, ...o.input });
}

/** The app's sheet, diagnostics and open regions as text. */
async function render(files, o) {
  const result = await mapApp(files, o);
  const lines = [formatSheet(result.routes.filter((r) => !r.internal), { railsVersion: "6.1" }).trimEnd()];
  for (const d of result.diagnostics) lines.push(`${d.span.file.replace("/app/", "")}:${d.span.start.line + 1}: ${d.severity}: ${d.message}`);
  for (const r of result.openRegions) lines.push(`open${r.namePrefix ? ` (names ${r.namePrefix}_…)` : " (every name)"}${r.module ? ` (controllers under ${r.module}/)` : ""}`);
  return lines.join("\n");
}

async function check(files, expected, o) {
  assert.equal(await render(files, o), expected.replace(/^\n/, "").trimEnd());
}

test("a registration whose block calls a method ActiveAdmin does not define (a plugin's) is left out, said, its namespace's names open; the rest is drawn", () =>
  check(
    `//- app/admin/posts.rb
ActiveAdmin.register Post do
  active_admin_importable
end
//- app/admin/tags.rb
ActiveAdmin.register Tag do
  actions :index
end
`,
    `
        Prefix Verb   URI Pattern                   Controller#Action
    admin_root GET    /admin(.:format)              admin/dashboard#index
    admin_tags GET    /admin/tags(.:format)         admin/tags#index
admin_comments GET    /admin/comments(.:format)     admin/comments#index
               POST   /admin/comments(.:format)     admin/comments#create
 admin_comment GET    /admin/comments/:id(.:format) admin/comments#show
               DELETE /admin/comments/:id(.:format) admin/comments#destroy
app/admin/posts.rb:1: info: Routemap cannot draw this ActiveAdmin registration's routes: \`active_admin_importable\` (app/admin/posts.rb:2) calls \`active_admin_importable\`, which ActiveAdmin's DSL does not define (a plugin's or the app's method may add routes).
open (names admin_…) (controllers under admin/)
`,
  ));

test("a DSL call under a condition or an `include` leaves its registration out; a controller's CRUD methods count as Ruby leaves them", async () => {
  const left = (body) => render(`//- app/admin/posts.rb\nActiveAdmin.register Post do\n${body}\nend\n`);
  assert.match(await left("  member_action :lock if Rails.env.development?"), /info: Routemap cannot draw this ActiveAdmin registration's routes: `member_action :lock if Rails.env.development\?` \(app\/admin\/posts.rb:2\) changes its routes in code Routemap does not follow/);
  assert.match(await left("  sortable if Rails.env.production?"), /`sortable if Rails.env.production\?` \(app\/admin\/posts.rb:2\) calls `sortable` under a condition Routemap does not follow/);
  assert.match(await left("  if Rails.env.production?\n    filter :name\n  else\n    case 1\n    when 2 then import_csv\n    end\n  end"), /calls `import_csv` under a condition/);
  assert.match(await left("  include Admin::Lockable"), /includes a module, whose `included` hook may change its routes/);
  assert.match(await left("  with_options method: :post do\n    member_action :lock\n  end"), /merges options into calls that change its routes/);
  // A private CRUD method hides the action (`instance_methods`); a public one is an action again
  // once `actions` took it away (both checked with activeadmin 3.2.5 on Rails 6.1).
  const hidden = await left("  controller do\n    private\n\n    def destroy\n    end\n  end");
  assert.match(hidden, /PUT +\/admin\/posts\/:id\(\.:format\) +admin\/posts#update\n +admin_comments/);
  const defined = await left("  actions :index\n  controller do\n    define_method(:create) do\n    end\n  end");
  assert.match(defined, /admin_posts GET +\/admin\/posts\(\.:format\) +admin\/posts#index\n +POST +\/admin\/posts\(\.:format\) +admin\/posts#create\n/);
  const back = await left("  actions :index\n  controller do\n    def show\n      super\n    end\n  end");
  assert.match(back, /admin_posts GET +\/admin\/posts\(\.:format\) +admin\/posts#index\n +admin_post GET +\/admin\/posts\/:id\(\.:format\) +admin\/posts#show\n/);
  // What draws nothing is passed over: ActiveAdmin's own DSL, a controller's other methods.
  const quiet = await left("  index do\n    column :title\n  end\n  controller do\n    def scoped_collection\n    end\n  end");
  assert.doesNotMatch(quiet, /Routemap cannot draw/);
  assert.match(quiet, /admin_posts GET/);
});

test("a registration under a condition Routemap cannot decide: said with its condition, its namespace not known, so every name is open", () =>
  check(
    `//- app/admin/posts.rb
if defined?(Post)
  ActiveAdmin.register Post
end
`,
    `
        Prefix Verb   URI Pattern                   Controller#Action
    admin_root GET    /admin(.:format)              admin/dashboard#index
admin_comments GET    /admin/comments(.:format)     admin/comments#index
               POST   /admin/comments(.:format)     admin/comments#create
 admin_comment GET    /admin/comments/:id(.:format) admin/comments#show
               DELETE /admin/comments/:id(.:format) admin/comments#destroy
app/admin/posts.rb:2: info: Routemap cannot draw this ActiveAdmin registration's routes: it registers under \`defined?(Post)\`, a condition Routemap cannot decide.
open (every name)
`,
  ));

test("registrations in a loop over a list Routemap computes are unrolled, the block's parameter set to each element in turn", async () => {
  const sheet = await render(`//- app/admin/tags.rb
%w[Framework Keyword].each do |tag_class|
  ActiveAdmin.register tag_class.constantize do
    menu parent: (tag_class == "Keyword" ? "Tags" : "Other")
    actions :index, :show
    member_action "#{tag_class.downcase}_merge", method: :post
  end
end
//- app/admin/pages.rb
[:Story, "Draft"].each { |page| ActiveAdmin.register_page "#{page} board" }
`);
  assert.equal(sheet.split("\n").filter((l) => /frameworks|keywords|_board/.test(l)).map((l) => l.trim().split(/ +/).join(" ")).join("\n"), `\
admin_story_board GET /admin/story_board(.:format) admin/story_board#index
admin_draft_board GET /admin/draft_board(.:format) admin/draft_board#index
framework_merge_admin_framework POST /admin/frameworks/:id/framework_merge(.:format) admin/frameworks#framework_merge
admin_frameworks GET /admin/frameworks(.:format) admin/frameworks#index
admin_framework GET /admin/frameworks/:id(.:format) admin/frameworks#show
keyword_merge_admin_keyword POST /admin/keywords/:id/keyword_merge(.:format) admin/keywords#keyword_merge
admin_keywords GET /admin/keywords(.:format) admin/keywords#index
admin_keyword GET /admin/keywords/:id(.:format) admin/keywords#show`);
  assert.doesNotMatch(sheet, /info:/);
  // An element whose registration cannot be read is left out alone, said with the element.
  const one = await render(`//- app/admin/tags.rb
%w[Framework Keyword].each do |name|
  ActiveAdmin.register name.constantize do
    member_action(name == "Keyword" ? Setting.merge_action : :merge)
  end
end
`);
  assert.match(one, /admin_frameworks GET/);
  assert.doesNotMatch(one, /admin_keywords/);
  assert.match(one, /tags.rb:2: info: Routemap cannot draw this ActiveAdmin registration's routes: `member_action\(name == "Keyword" \? Setting.merge_action : :merge\)` \(app\/admin\/tags.rb:3\) [^\n]*, where `name` is "Keyword"\.\n/);
  // A list Routemap cannot compute, or a loop that does more than register: not followed, said.
  for (const loop of [`Tag.kinds.each do |kind|\n  ActiveAdmin.register kind.constantize\nend\n`, `%w[A B].each do |c|\n  puts c\n  ActiveAdmin.register c.constantize\nend\n`]) {
    assert.match(await render(`//- app/admin/tags.rb\n${loop}`), /info: Routemap cannot draw this ActiveAdmin registration's routes: it registers where Routemap does not follow/);
  }
});

test("a setting of the routes Routemap cannot compute leaves ActiveAdmin's routes out, under the namespaces the files name", () =>
  check(
    `//- config/initializers/active_admin.rb
ActiveAdmin.setup do |config|
  config.batch_actions = AppSettings.batch_actions?
end
//- app/admin/reports.rb
ActiveAdmin.register_page "Reports", namespace: :staff
`,
    `
You don't have any routes defined!

Please add some routes in config/routes.rb.

For more information about routes, see the Rails guide: https://guides.rubyonrails.org/routing.html.
config/routes.rb:2: info: Routemap cannot draw ActiveAdmin's routes: \`config.batch_actions = AppSettings.batch_actions?\` (config/initializers/active_admin.rb:2) sets a value Routemap cannot compute (a method Routemap does not model).
open (names admin_…) (controllers under admin/)
open (names staff_…) (controllers under staff/)
`,
  ));

test("the root namespace (`default_namespace = false`, `namespace: false`) draws at the top level", () =>
  check(
    `//- config/initializers/active_admin.rb
ActiveAdmin.setup do |config|
  config.default_namespace = false
end
//- app/admin/posts.rb
ActiveAdmin.register Post do
  actions :index, :show
end
`,
    `
  Prefix Verb   URI Pattern             Controller#Action
    root GET    /                       dashboard#index
   posts GET    /posts(.:format)        posts#index
    post GET    /posts/:id(.:format)    posts#show
comments GET    /comments(.:format)     comments#index
         POST   /comments(.:format)     comments#create
 comment GET    /comments/:id(.:format) comments#show
         DELETE /comments/:id(.:format) comments#destroy
`,
  ));

test("an app's module a controller block includes, which defines no action, leaves the registration drawn", async () => {
  const module = "//- app/controllers/concerns/skippable.rb\nmodule Skippable\n  extend ActiveSupport::Concern\n  included do\n    skip_before_action :verify_authenticity_token\n  end\nend\n";
  const admin = "//- app/admin/posts.rb\nActiveAdmin.register Post do\n  actions :index\n  controller do\n    include Skippable\n  end\nend\n";
  assert.match(await render(`${module}${admin}`), /admin_posts GET +\/admin\/posts\(\.:format\) +admin\/posts#index\nadmin_comments/);
  const defining = module.replace("  included do", "  def show\n  end\n  included do");
  assert.match(await render(`${defining}${admin}`), /app\/admin\/posts.rb:1: info: Routemap cannot draw this ActiveAdmin registration's routes: `include Skippable` \(app\/admin\/posts.rb:4\) includes a module that may define an action `actions` took away/);
});

test("before 2.8.0 the files load in `Dir[]`'s order: on Ruby 3, folder by folder (a folder's files where its name sorts); before Ruby 3, not known", async () => {
  const files = "//- app/admin/reports.rb\nActiveAdmin.register_page \"Summary\"\n//- app/admin/reports/sales.rb\nActiveAdmin.register_page \"Sales\"\n";
  const pages = (text) => [...text.matchAll(/^ *(admin_\w+) GET/gm)].map((m) => m[1]).filter((n) => !/^admin_(root|comments?)$/.test(n));
  assert.deepEqual(pages(await render(files, { options: { gems: { activeadmin: "2.7.0", rails: "6.1.7" } } })), ["admin_sales", "admin_summary"]);
  assert.deepEqual(pages(await render(files, { options: { gems: { activeadmin: "2.8.0", rails: "6.1.7" } } })), ["admin_summary", "admin_sales"]);
  assert.match(await render(files, { options: { gems: { activeadmin: "2.7.0", rails: "6.1.7" }, rubyVersion: "2.7" } }), /info: ActiveAdmin 2\.7\.0 loads app\/admin's files in the order the file system lists them on Ruby before 3\.0/);
});

test("the controllers ActiveAdmin defines as each registers exist, a registration left out included: the app's routes may name them", async () => {
  const result = await mapApp(`//- app/admin/posts.rb
ActiveAdmin.register Post do
  active_admin_import
end
//- app/admin/reports.rb
ActiveAdmin.register_page "Sales Report", namespace: :staff
ActiveAdmin.register Blog::Article, as: "Story", namespace: false
`);
  assert.deepEqual([...result.generatedControllers].sort(), ["admin/comments", "admin/posts", "comments", "staff/comments", "staff/sales_report", "stories"]);
});

test("what ActiveAdmin raises: a `belongs_to` target not registered in the namespace, a registration named as the comments", async () => {
  assert.match(
    await render("//- app/admin/posts.rb\nActiveAdmin.register Post do\n  belongs_to :user\nend\n"),
    /app\/admin\/posts.rb:1: error: Could not find User in admin \(ActiveAdmin's `belongs_to` finds a resource registered in the same namespace: app\/admin\/posts.rb:1\)/,
  );
  assert.match(
    await render("//- app/admin/comments.rb\nActiveAdmin.register Comment\n"),
    /config\/routes.rb:2: error: You're trying to register ActiveAdmin::Comment as Comment, but the existing ActiveAdmin::Resource config was built for Comment! \(app\/admin\/comments.rb:1\)/,
  );
});

test("without config/application.rb the initializer is not read: nothing is drawn, the default namespace's names open", () =>
  check(
    "//- app/admin/posts.rb\nActiveAdmin.register Post\n",
    `
You don't have any routes defined!

Please add some routes in config/routes.rb.

For more information about routes, see the Rails guide: https://guides.rubyonrails.org/routing.html.
config/routes.rb:2: info: Routemap cannot draw ActiveAdmin's routes: the app has no config/application.rb, so Routemap does not read its initializers.
open (every name)
`,
    { app: false },
  ));

test("an app locking activeadmin before 1.0.0.pre1 (0.x's router, comments and dashboards) has its ActiveAdmin routes left out, said; 1.0.0.pre1 on are drawn", async () => {
  const files = "//- app/admin/posts.rb\nActiveAdmin.register Post do\nend\n";
  for (const version of ["0.6.3", "1.0.0.pre"]) {
    await check(files, `
You don't have any routes defined!

Please add some routes in config/routes.rb.

For more information about routes, see the Rails guide: https://guides.rubyonrails.org/routing.html.
config/routes.rb:2: info: Routemap cannot draw ActiveAdmin's routes: the app locks activeadmin ${version}, whose routes follow 0.x's rules (Routemap follows 1.0 to 4.0).
open (names admin_…) (controllers under admin/)
`, { options: { gems: { activeadmin: version, rails: "4.0.13" } } });
  }
  for (const version of ["1.0.0.pre1", "1.4.3"]) assert.match(await render(files, { options: { gems: { activeadmin: version, rails: "5.2.8" } } }), /admin_posts GET +\/admin\/posts/);
});

test("thousands of registrations, reopenings and `belongs_to`s are read and drawn in time linear in their number", async () => {
  const files = [];
  for (let i = 0; i < 2000; i++) files.push(`//- app/admin/r${String(i).padStart(4, "0")}.rb\nActiveAdmin.register R${i} do\n  belongs_to :r${i > 0 ? i - 1 : 0}, optional: true\n  member_action :a${i}\nend\nActiveAdmin.register Post do\n  collection_action :c${i}\nend\n`);
  const started = performance.now();
  const text = await render(files.join(""));
  assert.ok(performance.now() - started < 20_000, `${Math.round(performance.now() - started)} ms`);
  assert.match(text, /c1999_admin_posts GET/);
  assert.match(text, /a1999_admin_r1998_r1999 GET +\/admin\/r1998s\/:r1998_id\/r1999s\/:id\/a1999/);
});

test("a registration being typed (its file does not parse) is left out until it parses, said, its namespace's names open", async () => {
  const text = await render("//- app/admin/posts.rb\nActiveAdmin.register Post do\n  member_action :lock, method: [:put\nend\n");
  assert.match(text, /app\/admin\/posts.rb:1: info: Routemap cannot draw this ActiveAdmin registration's routes: its file has a syntax error at line \d; Routemap reads the registration once it parses/);
  assert.doesNotMatch(text, /lock_admin_post/);
  assert.match(text, /open \(names admin_…\)/);
});

test("a `belongs_to` whose target may be a registration left out leaves its own out too, said: no error Rails would not raise, no other parent", async () => {
  const text = await render(`//- app/admin/users.rb
ActiveAdmin.register User do
  batch_create
end
//- app/admin/units.rb
ActiveAdmin.register Unit, as: "Training Platoon"
//- app/admin/units_all.rb
ActiveAdmin.register Unit do
  sortable
end
//- app/admin/passes.rb
ActiveAdmin.register Pass do
  belongs_to :user, optional: true
end
//- app/admin/roles.rb
ActiveAdmin.register Role do
  belongs_to :unit
end
`);
  assert.doesNotMatch(text, /error/);
  assert.doesNotMatch(text, /training_platoon_roles|admin_passes/);
  assert.match(text, /app\/admin\/passes.rb:1: info: Routemap cannot draw this ActiveAdmin registration's routes: its `belongs_to` target User may be a registration Routemap cannot read\./);
  assert.match(text, /app\/admin\/roles.rb:1: info: Routemap cannot draw this ActiveAdmin registration's routes: its `belongs_to` target Unit may be a registration Routemap cannot read\./);
});

test("`config.load_paths` names the app's folders of registrations: they are read in its order; one outside the app is not read", async () => {
  const setup = (line) => `//- config/initializers/active_admin.rb\nActiveAdmin.setup do |config|\n  config.default_namespace = :manage\n${line}\nend\n`;
  const files = "//- app/manage/users.rb\nActiveAdmin.register User\n//- app/admin/posts.rb\nActiveAdmin.register Post\n//- app/extra/tags.rb\nActiveAdmin.register Tag\n";
  const names = (text) => [...text.matchAll(/^ *(manage_\w+) GET/gm)].map((m) => m[1]).filter((n) => !/^manage_(root|comments?)$/.test(n));
  assert.deepEqual(names(await render(`${setup('  config.load_paths = [File.join(Rails.root, "app", "manage")]')}${files}`)), ["manage_users", "manage_user"]);
  assert.deepEqual(names(await render(`${setup('  config.load_paths << Rails.root.join("app/extra")')}${files}`)), ["manage_posts", "manage_post", "manage_tags", "manage_tag"]);
  assert.match(await render(`${setup('  config.load_paths = ["/srv/shared/admin"]')}${files}`), /info: Routemap cannot draw ActiveAdmin's routes: `config.load_paths = \["\/srv\/shared\/admin"\]` \(config\/initializers\/active_admin.rb:3\) sets where ActiveAdmin finds its registrations to a value Routemap cannot read/);
});

test("the app's own DSL methods, in a module it includes into ActiveAdmin::ResourceDSL, are read as the block's statements", async () => {
  const text = await render(`//- config/initializers/active_admin.rb
Dir[Rails.root.join("lib/extensions/active_admin/*.rb")].each { |f| require f }
Rails.configuration.to_prepare do
  ActiveAdmin::ResourceDSL.send :include, ActiveAdminCsvDownload
  ActiveAdmin::ResourceDSL.include Extensions::Orderable
end
//- lib/extensions/active_admin/csv_download.rb
module ActiveAdminCsvDownload
  def data_export_sidebar(name, &block)
    sidebar "Export", only: :index do
      para name
      instance_exec(&block) if block
    end
  end

  def with_extra
    yield
  end

  def publishable_scopes
    with_options group: :publishable_status do
      scope "All", :not_archived, default: true
      scope "Drafts", :draft
    end
  end
end
//- lib/extensions/active_admin/orderable.rb
module Extensions
  module Orderable
    def orderable
      member_action :sort, method: :post do
        resource.insert_at(params[:position].to_i)
      end
    end

    def positioned(column)
      collection_action column, method: :post
    end
  end
end
//- app/admin/contents.rb
ActiveAdmin.register Content do
  data_export_sidebar "Contents" do
    para "More"
  end
  publishable_scopes
  orderable
end
//- app/admin/tags.rb
ActiveAdmin.register Tag do
  positioned :reorder
end
//- app/admin/notes.rb
ActiveAdmin.register Note do
  with_extra do
    member_action :pin
  end
end
`);
  assert.match(text, /admin\/notes.rb:1: info: Routemap cannot draw this ActiveAdmin registration's routes: `with_extra do` \(app\/admin\/notes.rb:2\) gives the app's `with_extra` a block it may run as the registration's DSL/);
  assert.match(text, /sort_admin_content POST +\/admin\/contents\/:id\/sort\(\.:format\) +admin\/contents#sort/);
  assert.match(text, /admin\/tags.rb:1: info: Routemap cannot draw this ActiveAdmin registration's routes: `positioned :reorder` \(app\/admin\/tags.rb:2\) calls the app's `positioned` \(lib\/extensions\/active_admin\/orderable.rb:9\), where `collection_action column, method: :post` \(lib\/extensions\/active_admin\/orderable.rb:10\) names an action Routemap cannot read/);
});

test("activeadmin-searchable_select's `searchable_select_options` adds its collection action, where the app locks the gem", async () => {
  const files = "//- app/admin/users.rb\nActiveAdmin.register User do\n  searchable_select_options(scope: User.all, text_attribute: :name)\n  searchable_select_options(name: :active, scope: -> { User.active }, text_attribute: :name)\nend\n";
  const gems = { activeadmin: "3.3.0", rails: "6.1.7", "activeadmin-searchable_select": "1.8.0" };
  const text = await render(files, { options: { gems } });
  assert.match(text, /all_options_admin_users GET +\/admin\/users\/all_options\(\.:format\) +admin\/users#all_options\n *active_options_admin_users GET +\/admin\/users\/active_options\(\.:format\) +admin\/users#active_options\n/);
  const { "activeadmin-searchable_select": _, ...without } = gems;
  assert.match(await render(files, { options: { gems: without } }), /calls `searchable_select_options`, which ActiveAdmin's DSL does not define/);
});

test("`include Mod` runs Mod's `included(base)` hook on the DSL: read from the app's lib/ or a gem that depends on activeadmin", async () => {
  const hook = `module DataUploader
  module SharedAdmin
    def self.included(base)
      base.send(:page_action, :upload_datafile, method: :post) do
        redirect_to admin_root_path
      end
      base.instance_eval do
        page_action :abort_importer, method: :patch
      end
    end
  end
end
`;
  const page = '//- app/admin/adaptation.rb\nActiveAdmin.register_page "Adaptation" do\n  include DataUploader::SharedAdmin\nend\n';
  const rows = (text) => text.split("\n").filter((l) => /adaptation/.test(l) && !/ info: /.test(l)).map((l) => l.trim().split(/ +/).join(" ")).join("\n");
  const expected = `admin_adaptation GET /admin/adaptation(.:format) admin/adaptation#index
admin_adaptation_upload_datafile POST /admin/adaptation/upload_datafile(.:format) admin/adaptation#upload_datafile
admin_adaptation_abort_importer PATCH /admin/adaptation/abort_importer(.:format) admin/adaptation#abort_importer`;
  // The app's own module, in lib/.
  const own = await render(`${page}//- lib/data_uploader/shared_admin.rb\n${hook}`);
  assert.equal(rows(own), expected);
  assert.doesNotMatch(own, / info: /);
  // Each action's routes come from the call that adds it, in the hook's file, `base.send` or a block alike.
  const sources = (await mapApp(`${page}//- lib/data_uploader/shared_admin.rb\n${hook}`)).routes.filter((r) => /upload_datafile|abort_importer/.test(r.path)).map((r) => `${r.source.file.replace("/app/", "")}:${r.source.start.line + 1}`);
  assert.deepEqual(sources, ["lib/data_uploader/shared_admin.rb:4", "lib/data_uploader/shared_admin.rb:8"]);
  // A gem's (an engine's concern), found among the gems that depend on activeadmin.
  const gemDependents = (gem, needle) => (gem === "activeadmin" ? [{ gem: "data_uploader", version: "1.4.0", files: { "/gems/data_uploader/app/controllers/concerns/data_uploader/shared_admin.rb": hook } }].map((g) => ({ ...g, files: Object.fromEntries(Object.entries(g.files).filter(([, t]) => t.includes(needle))) })) : []);
  assert.equal(rows(await render(page, { input: { gemDependents } })), expected);
  // Not found, or a hook that does more than call the DSL: left out, said.
  assert.match(await render(page), /includes a module, whose `included` hook may change its routes; Routemap does not follow it/);
  const busy = hook.replace("    def self.included(base)\n", "    def self.included(base)\n      base.extend(ClassMethods)\n");
  assert.match(await render(`${page}//- lib/data_uploader/shared_admin.rb\n${busy}`), /includes DataUploader::SharedAdmin, whose `included` \(lib\/data_uploader\/shared_admin.rb:4\) has `base.extend\(ClassMethods\)`, which Routemap does not follow/);
});

/** A registration's rows (its route key's, batch actions' included), each trimmed to single spaces, with the app locking `gems` and activeadmin 3.2.5. */
async function pluginRows(block, gems, key = "posts", batch = false) {
  const files = `//- config/initializers/active_admin.rb\nActiveAdmin.setup do |config|\n  config.batch_actions = ${batch}\nend\n//- app/admin/${key}.rb\n${block}`;
  const text = await render(files, { options: { gems: { activeadmin: "3.2.5", rails: "6.1.7", ...gems } } });
  const info = text.split("\n").filter((l) => / info: /.test(l)).map((l) => l.replace(/^.*? info: /, ""));
  const rows = text.split("\n").filter((l) => l.includes(`/${key}`) && !/ info: /.test(l)).map((l) => l.trim().split(/ +/).join(" "));
  return [...rows, ...info].join("\n");
}

/**
 * Plugin by plugin: the rows activeadmin 3.2.5 draws with the plugin's release, as the real gems
 * drew them on Debian's Rails 6.1 (their sources at the tags named, on RUBYLIB; docs/real-apps.md
 * says how). `batch` turns the initializer's batch actions on.
 */
async function checkPlugin(block, gems, expected, batch = false) {
  const rows = await pluginRows(block, gems, "posts", batch);
  assert.equal(rows, expected.replace(/^\n/, "").trimEnd());
}

const CRUD_ROWS = `admin_posts GET /admin/posts(.:format) admin/posts#index
POST /admin/posts(.:format) admin/posts#create
new_admin_post GET /admin/posts/new(.:format) admin/posts#new
edit_admin_post GET /admin/posts/:id/edit(.:format) admin/posts#edit
admin_post GET /admin/posts/:id(.:format) admin/posts#show
PATCH /admin/posts/:id(.:format) admin/posts#update
PUT /admin/posts/:id(.:format) admin/posts#update
DELETE /admin/posts/:id(.:format) admin/posts#destroy`;

test("ActiveAdmin plugins: each one's DSL adds the actions of the release the app locks", async () => {
  await checkPlugin("ActiveAdmin.register Post do\n  sortable\nend\n", { "activeadmin-sortable": "0.0.3" }, `
sort_admin_post POST /admin/posts/:id/sort(.:format) admin/posts#sort
${CRUD_ROWS}`);
  await checkPlugin("ActiveAdmin.register Post do\n  sortable tree: true, max_levels: 2\nend\n", { "active_admin-sortable_tree": "2.1.0" }, `
sort_admin_posts POST /admin/posts/sort(.:format) admin/posts#sort
${CRUD_ROWS}`);
  await checkPlugin("ActiveAdmin.register Post do\n  include ActiveAdmin::SortableTable\nend\n", { activeadmin_sortable_table: "1.3.0" }, `
sort_admin_post POST /admin/posts/:id/sort(.:format) admin/posts#sort
move_to_top_admin_post POST /admin/posts/:id/move_to_top(.:format) admin/posts#move_to_top
${CRUD_ROWS}`);
  await checkPlugin("ActiveAdmin.register Post do\n  include ActiveAdmin::SortableTable\nend\n", { activeadmin_sortable_table: "1.0.0" }, `
sort_admin_post POST /admin/posts/:id/sort(.:format) admin/posts#sort
${CRUD_ROWS}`);
  await checkPlugin("ActiveAdmin.register Post do\n  actions :index\n  active_admin_import validate: false\nend\n", { active_admin_import: "5.1.0" }, `
import_admin_posts GET /admin/posts/import(.:format) admin/posts#import
do_import_admin_posts POST /admin/posts/do_import(.:format) admin/posts#do_import
admin_posts GET /admin/posts(.:format) admin/posts#index`);
  await checkPlugin("ActiveAdmin.register Post do\n  reorderable\nend\n", { activeadmin_reorderable: "0.3.4" }, `
reorder_admin_post POST /admin/posts/:id/reorder(.:format) admin/posts#reorder
${CRUD_ROWS}`);
  await checkPlugin("ActiveAdmin.register Post do\n  include ActiveAdmin::AjaxFilter\nend\n", { "activeadmin-ajax_filter": "0.5.0" }, `
filter_admin_posts GET /admin/posts/filter(.:format) admin/posts#filter
${CRUD_ROWS}`);
  await checkPlugin("ActiveAdmin.register Post do\n  active_admin_paranoia\nend\n", { active_admin_paranoia: "1.0.11" }, `
restore_admin_post PUT /admin/posts/:id/restore(.:format) admin/posts#restore
${CRUD_ROWS}`);
  await checkPlugin("ActiveAdmin.register Post do\n  active_admin_paranoia\nend\n", { active_admin_paranoia: "1.0.11" }, `
restore_admin_post PUT /admin/posts/:id/restore(.:format) admin/posts#restore
batch_action_admin_posts POST /admin/posts/batch_action(.:format) admin/posts#batch_action
${CRUD_ROWS}`, true);
  await checkPlugin("ActiveAdmin.register Post do\n  active_admin_paranoia\nend\n", { active_admin_paranoia: "1.0.7" }, CRUD_ROWS);
  await checkPlugin("ActiveAdmin.register Post do\n  state_action :publish\n  state_action :archive, http_verb: :post\nend\n", { "active_admin-state_machine": "1.1.0" }, `
publish_admin_post PUT /admin/posts/:id/publish(.:format) admin/posts#publish
archive_admin_post POST /admin/posts/:id/archive(.:format) admin/posts#archive
${CRUD_ROWS}`);
  // Plugins that draw nothing: read as ActiveAdmin's quiet DSL.
  await checkPlugin("ActiveAdmin.register Post do\n  scoped_collection_action :scoped_collection_update, form: { name: :text }\n  hstore_editor\nend\n", { active_admin_scoped_collection_actions: "1.0.1", activeadmin_hstore_editor: "0.0.5" }, CRUD_ROWS);
});

test("ActiveAdmin plugins: a plugin the app does not lock, two that define the same method, a page's DSL, arguments the method does not take", async () => {
  const info = async (block, gems) => (await pluginRows(block, gems)).split("\n").filter((l) => !l.includes(" /admin/")).join("\n");
  assert.equal(await info("ActiveAdmin.register Post do\n  reorderable\nend\n", {}), "Routemap cannot draw this ActiveAdmin registration's routes: `reorderable` (app/admin/posts.rb:2) calls `reorderable`, which ActiveAdmin's DSL does not define (a plugin's or the app's method may add routes).");
  assert.equal(await info("ActiveAdmin.register Post do\n  sortable\nend\n", { "activeadmin-sortable": "0.0.3", "active_admin-sortable_tree": "2.1.0" }), "Routemap cannot draw this ActiveAdmin registration's routes: `sortable` (app/admin/posts.rb:2): activeadmin-sortable and active_admin-sortable_tree both define it, differently, and Routemap cannot tell which one the app has.");
  assert.equal(await info("ActiveAdmin.register Post do\n  sortable :position\nend\n", { "activeadmin-sortable": "0.0.3" }), "Routemap cannot draw this ActiveAdmin registration's routes: `sortable :position` (app/admin/posts.rb:2) passes `sortable` arguments, which activeadmin-sortable's does not take (Ruby raises ArgumentError).");
  assert.equal(await info("ActiveAdmin.register Post do\n  include ActiveAdmin::Lockable\nend\n", { "activeadmin-ajax_filter": "0.5.0" }), "Routemap cannot draw this ActiveAdmin registration's routes: `include ActiveAdmin::Lockable` (app/admin/posts.rb:2) includes a module, whose `included` hook may change its routes; Routemap does not follow it.");
});

/**
 * A resource's plugin in `register_page`'s block: what the real gem raised as the app booted
 * (activeadmin 3.2.5, Debian's Rails 6.1 and Ruby 3.1; the harness cut the receiver's inspect to
 * `#<ActiveAdmin::PageDSL ...>`, where Routemap marks the address it cannot know), said at the call.
 */
const PAGE_RAISES = [
  ["include ActiveAdmin::AjaxFilter", { "activeadmin-ajax_filter": "0.5.0" }, "NoMethodError: undefined method `collection_action' for #<ActiveAdmin::PageDSL ...>"],
  ["hstore_editor", { activeadmin_hstore_editor: "0.0.5" }, "NameError: undefined local variable or method `hstore_editor' for #<ActiveAdmin::PageDSL ...>"],
  ["active_admin_import", { active_admin_import: "6.0.0" }, "NoMethodError: undefined method `resource_class' for #<ActiveAdmin::Page ...>"],
  ["json_editor", { activeadmin_json_editor: "0.0.10" }, "NameError: undefined local variable or method `json_editor' for #<ActiveAdmin::PageDSL ...>"],
  ["active_admin_paranoia", { active_admin_paranoia: "1.0.7" }, "NoMethodError: undefined method `add_batch_action' for #<ActiveAdmin::Page ...>"],
  ["reorderable", { activeadmin_reorderable: "0.3.4" }, "NameError: undefined local variable or method `reorderable' for #<ActiveAdmin::PageDSL ...>"],
  ["role_changeable", { active_admin_role: "0.2.2" }, "NoMethodError: undefined method `scope' for #<ActiveAdmin::PageDSL ...>"],
  ["scoped_collection_action :scoped_collection_update, form: { name: :text }", { active_admin_scoped_collection_actions: "1.0.1" }, "NoMethodError: undefined method `scoped_collection_action' for #<ActiveAdmin::PageDSL ...>"],
  ["searchable_select_options(scope: Post, text_attribute: :title)", { "activeadmin-searchable_select": "1.10.0" }, "NoMethodError: undefined method `searchable_select_options' for #<ActiveAdmin::PageDSL ...>"],
  ["sortable", { "activeadmin-sortable": "0.0.3" }, "NameError: undefined local variable or method `sortable' for #<ActiveAdmin::PageDSL ...>"],
  ["include ActiveAdmin::SortableTable", { activeadmin_sortable_table: "1.3.0" }, "NoMethodError: undefined method `member_action' for #<ActiveAdmin::PageDSL ...>"],
  ["sortable tree: true", { "active_admin-sortable_tree": "2.1.0" }, "NoMethodError: undefined method `sortable' for #<ActiveAdmin::PageDSL ...>"],
  ["state_action :publish", { "active_admin-state_machine": "1.1.0" }, "NoMethodError: undefined method `member_action' for #<ActiveAdmin::PageDSL ...>"],
  ["xls", { "activeadmin-xls": "3.0.0" }, "NameError: undefined local variable or method `xls' for #<ActiveAdmin::PageDSL ...>"],
  ["xls(i18n_scope: [:x])", { "activeadmin-xls": "3.0.0" }, "NoMethodError: undefined method `xls' for #<ActiveAdmin::PageDSL ...>"],
];

test("ActiveAdmin plugins in a page's block raise as the real gems do, said at the call; the page is drawn as far as its block went", async () => {
  for (const [call, gems, raised] of PAGE_RAISES) {
    const result = await mapApp(`//- app/admin/tools.rb\nActiveAdmin.register_page "Tools" do\n  page_action :before, method: :post\n  ${call}\n  page_action :after\nend\n`, { options: { gems: { activeadmin: "3.2.5", rails: "6.1.7", ...gems } } });
    // (The class, NameError or NoMethodError, is what a `rescue` would match; the diagnostic says the message.)
    const errors = result.diagnostics.filter((d) => d.severity === "error").map((d) => `${d.span.file.replace("/app/", "")}:${d.span.start.line + 1}: ${d.code}: ${d.message.replace(/:«0x…»>/, " ...>")}`);
    assert.deepEqual(errors, [`app/admin/tools.rb:3: ruby-error: ${raised.replace(/^\w+: /, "")}`], call);
    assert.ok(result.routes.some((r) => r.path === "/admin/tools/before(.:format)") && !result.routes.some((r) => r.path.startsWith("/admin/tools/after")), call);
  }
  // Ruby 3.3 and later name the receiver by its class.
  const modern = await render("//- app/admin/tools.rb\nActiveAdmin.register_page \"Tools\" do\n  sortable\nend\n", { options: { rubyVersion: "3.4", gems: { activeadmin: "3.2.5", rails: "6.1.7", "activeadmin-sortable": "0.0.3" } } });
  assert.match(modern, /app\/admin\/tools.rb:2: error: undefined local variable or method 'sortable' for an instance of ActiveAdmin::PageDSL/);
  // activeadmin-axlsx 3.0.0 does not load on Rails 6.1: its page case is not checked, and said as before.
  assert.match(await render("//- app/admin/tools.rb\nActiveAdmin.register_page \"Tools\" do\n  xlsx\nend\n", { options: { gems: { activeadmin: "3.2.5", rails: "6.1.7", "activeadmin-axlsx": "3.0.0" } } }), /calls `xlsx`, which ActiveAdmin's DSL does not define/);
});

test("`ActiveAdmin::Devise.config`: the default namespace's path, ActiveAdmin's Devise controllers, and before 4.0 `logout_link_method` added to Devise's `sign_out_via`", async () => {
  const files = `//- app/models/admin_user.rb
class AdminUser < ActiveRecord::Base
  devise :database_authenticatable
end
//- config/initializers/active_admin.rb
ActiveAdmin.setup do |config|
  config.default_namespace = :backoffice
end
`;
  const sheet = async (version) => {
    const result = await mapApp(files, { routes: "  devise_for :admin_users, ActiveAdmin::Devise.config\n", options: { gems: { activeadmin: version, devise: "4.8.1", rails: "6.1.7" } } });
    return formatSheet(result.routes.filter((r) => !r.internal), { railsVersion: "6.1" });
  };
  assert.match(await sheet("3.2.5"), /destroy_admin_user_session DELETE\|GET \/backoffice\/logout\(\.:format\) active_admin\/devise\/sessions#destroy/);
  assert.match(await sheet("4.0.0"), /destroy_admin_user_session DELETE +\/backoffice\/logout\(\.:format\) active_admin\/devise\/sessions#destroy/);
});

/**
 * active_admin_versioning (gems/activeAdminVersioning.ts): each `ActiveAdmin.register` runs
 * `versioning` first, a `versions` member action where the class has PaperTrail. Rows as the real
 * gem (0.3.0) drew them with activeadmin 3.2.5 and paper_trail 9.2.0 or 12.0.0 on Debian's Rails
 * 6.1 (docs/real-apps.md, "active_admin_versioning").
 */
const POST_PT = "//- app/models/post.rb\nclass Post < ActiveRecord::Base\n  has_paper_trail\nend\n";
const versioned = (paperTrail) => ({ active_admin_versioning: "0.3.0", ...(paperTrail ? { paper_trail: paperTrail } : {}) });

test("active_admin_versioning: `versions` first among a registration's member actions where its class has PaperTrail, with paper_trail before 10.0", async () => {
  const block = `ActiveAdmin.register Post do\n  member_action :lock, method: :put\nend\n${POST_PT}`;
  assert.equal(await pluginRows(block, versioned("9.2.0")), `versions_admin_post GET /admin/posts/:id/versions(.:format) admin/posts#versions
lock_admin_post PUT /admin/posts/:id/lock(.:format) admin/posts#lock
${CRUD_ROWS}`);
  // From paper_trail 10.0 the class has no `paper_trail.enabled?`: the gem's `try` gives nil.
  assert.equal(await pluginRows(block, versioned("12.0.0")), `lock_admin_post PUT /admin/posts/:id/lock(.:format) admin/posts#lock\n${CRUD_ROWS}`);
  // 0.1.0 asks `paper_trail_enabled_for_model?`, which paper_trail 6.0 removed.
  assert.equal(await pluginRows(block, { active_admin_versioning: "0.1.0", paper_trail: "9.2.0" }), `lock_admin_post PUT /admin/posts/:id/lock(.:format) admin/posts#lock\n${CRUD_ROWS}`);
  // A class without PaperTrail, a page, and the comments: nothing added.
  const others = `ActiveAdmin.register Post do\nend\nActiveAdmin.register_page "Posts Report" do\nend\n//- app/models/post.rb\nclass Post < ActiveRecord::Base\nend\n`;
  assert.doesNotMatch(await render(`//- app/admin/posts.rb\n${others}`, { options: { gems: { activeadmin: "3.2.5", rails: "6.1.7", ...versioned("9.2.0") } } }), /versions/);
});

test("active_admin_versioning: PaperTrail from a superclass or an included concern of the app; a reopened registration adds `versions` again; `clear_member_actions!` removes it", async () => {
  const inherited = `ActiveAdmin.register Post do\nend\n//- app/models/application_record.rb\nclass ApplicationRecord < ActiveRecord::Base\n  self.abstract_class = true\n  has_paper_trail\nend\n//- app/models/post.rb\nclass Post < ApplicationRecord\nend\n`;
  const concern = `ActiveAdmin.register Post do\nend\n//- app/models/concerns/versioned.rb\nmodule Versioned\n  extend ActiveSupport::Concern\n  included do\n    has_paper_trail\n  end\nend\n//- app/models/post.rb\nclass Post < ActiveRecord::Base\n  include Versioned\nend\n`;
  for (const block of [inherited, concern]) assert.equal(await pluginRows(block, versioned("9.2.0")), `versions_admin_post GET /admin/posts/:id/versions(.:format) admin/posts#versions\n${CRUD_ROWS}`);
  const reopened = `ActiveAdmin.register Post do\n  member_action :a\nend\nActiveAdmin.register Post do\n  member_action :b\nend\n${POST_PT}`;
  assert.equal(await pluginRows(reopened, versioned("9.2.0")), `versions_admin_post GET /admin/posts/:id/versions(.:format) admin/posts#versions
a_admin_post GET /admin/posts/:id/a(.:format) admin/posts#a
GET /admin/posts/:id/versions(.:format) admin/posts#versions
b_admin_post GET /admin/posts/:id/b(.:format) admin/posts#b
${CRUD_ROWS}`);
  // A concern named from inside a module is looked up there first (Admin::Versioned); concerns that include each other are read once.
  const nested = `ActiveAdmin.register Admin::Post do\nend\n//- app/models/concerns/admin/versioned.rb\nmodule Admin\n  module Versioned\n    extend ActiveSupport::Concern\n    included do\n      has_paper_trail\n    end\n  end\nend\n//- app/models/admin/post.rb\nmodule Admin\n  class Post < ActiveRecord::Base\n    include Versioned\n  end\nend\n`;
  assert.match(await pluginRows(nested, versioned("9.2.0"), "admin_posts"), /^versions_admin_admin_post GET \/admin\/admin_posts\/:id\/versions/);
  const circular = `ActiveAdmin.register Post do\nend\n//- app/models/concerns/a.rb\nmodule A\n  include B\nend\n//- app/models/concerns/b.rb\nmodule B\n  include A\nend\n//- app/models/post.rb\nclass Post < ActiveRecord::Base\n  include A\nend\n`;
  assert.equal(await pluginRows(circular, versioned("9.2.0")), CRUD_ROWS);
  const cleared = `ActiveAdmin.register Post do\n  config.clear_member_actions!\n  member_action :c\nend\n${POST_PT}`;
  assert.equal(await pluginRows(cleared, versioned("9.2.0")), `c_admin_post GET /admin/posts/:id/c(.:format) admin/posts#c\n${CRUD_ROWS}`);
});

test("active_admin_versioning: where Routemap cannot tell whether the class has PaperTrail, `versions` is drawn under that condition, said; a registration without a block raises", async () => {
  const unknown = (block, gems) => pluginRows(`ActiveAdmin.register Post do\nend\n${block}`, gems);
  assert.equal(await unknown("", versioned("9.2.0")), `versions_admin_post GET /admin/posts/:id/versions(.:format) admin/posts#versions «only if Post.paper_trail.enabled?»
${CRUD_ROWS}
active_admin_versioning adds \`versions\` only where Post has PaperTrail (\`Post.paper_trail.enabled?\`), which Routemap cannot tell: class Post is not in the app's files where Rails' autoloader finds it (app/models/post.rb).`);
  assert.match(await unknown("//- app/models/post.rb\nclass Post < ActiveRecord::Base\n  has_paper_trail if ENV[\"AUDIT\"]\nend\n", versioned("9.2.0")), /which Routemap cannot tell: `has_paper_trail if ENV\["AUDIT"\]` \(app\/models\/post.rb:2\) calls `has_paper_trail` where Routemap does not follow it/);
  assert.match(await unknown(POST_PT, versioned(undefined)), /«only if Post.paper_trail.enabled\?»[^]*the app's lockfile does not say which paper_trail it has \(from 10.0 no class has the method the gem asks\)/);
  assert.match(await unknown(`${POST_PT}//- config/initializers/paper_trail.rb\nPaperTrail.request.disable_model(Post)\n`, versioned("9.2.0")), /`PaperTrail.request.disable_model\(Post\)` \(config\/initializers\/paper_trail.rb:1\) switches PaperTrail off for models as the app boots/);
  const text = await render(`//- app/admin/posts.rb\nActiveAdmin.register Post\n${POST_PT}`, { options: { gems: { activeadmin: "3.2.5", rails: "6.1.7", ...versioned("12.0.0") } } });
  assert.match(text, /app\/admin\/posts.rb:1: error: wrong number of arguments \(given 0, expected 1..3\) \(active_admin_versioning's `ActiveAdmin.register` runs `instance_eval\(&block\)`, and this registration has no block\)/);
});

test("an initializer's `setup` or `namespace` block with a `rescue` is said, not passed over (its settings would be guesses)", async () => {
  const routes = "//- app/admin/posts.rb\nActiveAdmin.register Post do\nend\n";
  const setup = "//- config/initializers/active_admin.rb\nActiveAdmin.setup do |config|\n  config.default_namespace = :backoffice\nrescue NameError\nend\n";
  assert.match(await render(`${routes}${setup}`), /info: Routemap cannot draw ActiveAdmin's routes: `config.default_namespace = :backoffice` \(config\/initializers\/active_admin.rb:2\) sets ActiveAdmin's routes' settings under a condition or in code Routemap does not follow/);
  const namespace = "//- config/initializers/active_admin.rb\nActiveAdmin.setup do |config|\n  config.namespace :admin do |admin|\n    admin.root_to = \"posts#index\"\n  rescue NameError\n  end\nend\n";
  assert.match(await render(`${routes}${namespace}`), /`admin.root_to = "posts#index"` \(config\/initializers\/active_admin.rb:3\) sets ActiveAdmin's routes' settings under a condition or in code Routemap does not follow/);
});

test("a registration in a branch of its file's top level is drawn where the branch is decided: `if defined?(ActiveAdmin)` holds in every file ActiveAdmin loads (get-help-to-retrain; the rows as live Rails with activeadmin 3.2.5 drew them)", () =>
  check(
    `//- app/admin/categories.rb
if defined?(ActiveAdmin)
  ActiveAdmin.register Category do
    actions :index
  end
end
//- app/admin/dashboard.rb
if defined?(ActiveAdmin)
  ActiveAdmin.register_page "Dashboard" do
    content { "hi" }
  end
end
//- app/admin/skills.rb
unless Rails.env.production?
  ActiveAdmin.register Skill do
    actions :index
  end
end
//- app/admin/tags.rb
if Feature.tags?
  ActiveAdmin.register Tag do
    actions :index
  end
end
//- config/initializers/active_admin.rb
ActiveAdmin.setup do |config|
  config.comments = false
end
`,
    `
          Prefix Verb URI Pattern                 Controller#Action
      admin_root GET  /admin(.:format)            admin/dashboard#index
admin_categories GET  /admin/categories(.:format) admin/categories#index
 admin_dashboard GET  /admin/dashboard(.:format)  admin/dashboard#index
    admin_skills GET  /admin/skills(.:format)     admin/skills#index
app/admin/tags.rb:2: info: Routemap cannot draw this ActiveAdmin registration's routes: it registers under \`Feature.tags?\`, a condition Routemap cannot decide.
open (every name)
`,
    { options: { gems: { activeadmin: "3.2.5" } } },
  ));
