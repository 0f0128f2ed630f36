// The app's controllers as Rails counts their actions (src/app/controllers.ts): one `check` per
// case, fixtures in `//- path` sections, expected output one line per controller.
import { test } from "node:test";
import assert from "node:assert/strict";
import { mapper, parseFixture } from "./helpers.mjs";


async function check(fixture, expected) {
  const model = (await mapper()).controllers(parseFixture(fixture));
  const lines = [...model.byPath.values()]
    .sort((a, b) => (a.path < b.path ? -1 : 1))
    .map((c) => {
      const actions = [...c.actions.keys()].sort().join(" ");
      const templates = [...c.templates.keys()].sort().join(" ");
      return `${c.path}: ${actions || "-"}${templates ? ` | templates ${templates}` : ""}${c.unknown ? ` | unknown: ${c.unknown}` : ""}`;
    });
  assert.deepEqual(lines, expected.trim().split("\n").map((l) => l.trim()));
}

test("public methods are actions; private and protected ones, by section, by name or by `private def`, are not", () =>
  check(
    `
//- app/controllers/application_controller.rb
class ApplicationController < ActionController::Base
  def current_user; end
  helper_method :current_user

  private

  def authenticate!; end
end
//- app/controllers/posts_controller.rb
class PostsController < ApplicationController
  before_action :authenticate!

  def index; end
  def show; end
  def preview; end
  private :preview
  private def secret; end
  def archive; end

  protected

  def helper; end

  public

  def publish; end
  alias_method :release, :publish
  alias draft secret
end
`,
    `
application: current_user
posts: archive current_user index publish release show
`,
  ));

test("Rails' action_methods: `initialize` is never an action; a public override of Rails' own method is the class's own action only", () =>
  check(
    `
//- app/controllers/application_controller.rb
class ApplicationController < ActionController::Base
  def default_url_options
    { locale: I18n.locale }
  end
end
//- app/controllers/widgets_controller.rb
class WidgetsController < ApplicationController
  def initialize
    @kind = "widget"
    super
  end

  def index; end
end
//- app/controllers/api/items_controller.rb
class Api::ItemsController < ActionController::API
  def show; end
end
`,
    `
api/items: show
application: default_url_options
widgets: index
`,
  ));

test("a class method that includes modules or defines methods, called in a controller's body, makes its actions unknown (panoptes' resource_actions, ekylibre's manage_restfully)", () =>
  check(
    `
//- app/controllers/application_controller.rb
class ApplicationController < ActionController::Base
  module Showable
    def show; end
  end

  def self.showable
    include Showable
  end
end
//- app/controllers/concerns/resourceful.rb
module Resourceful
  extend ActiveSupport::Concern

  module ClassMethods
    def resource_actions(*actions)
      actions.each { |a| include Resourceful.const_get("#{a.capitalize}Action") }
    end
  end
end
//- app/controllers/widgets_controller.rb
class WidgetsController < ApplicationController
  showable
  def index; end
end
//- app/controllers/gadgets_controller.rb
class GadgetsController < ApplicationController
  include Resourceful
  resource_actions :index
end
//- app/controllers/plain_controller.rb
class PlainController < ApplicationController
  protect_from_forgery
  def index; end
end
//- app/controllers/concerns/restfully_manageable.rb
module RestfullyManageable
  extend ActiveSupport::Concern

  module ClassMethods
    # ekylibre's: the actions' source built as a string and class_eval'd.
    def manage_restfully
      code = "def create\\n  head :ok\\nend\\n"
      class_eval(code)
    end

    def pickable
      define_method(:incorporate) { head :ok }
    end
  end
end
//- app/controllers/accounts_controller.rb
class AccountsController < ApplicationController
  include RestfullyManageable
  manage_restfully
end
//- app/controllers/parcels_controller.rb
class ParcelsController < ApplicationController
  include RestfullyManageable
  pickable
end
`,
    `
accounts: - | unknown: AccountsController calls \`manage_restfully\`, a class method that includes modules or defines methods Routemap does not follow
application: -
gadgets: - | unknown: GadgetsController calls \`resource_actions\`, a class method that includes modules or defines methods Routemap does not follow
parcels: - | unknown: ParcelsController calls \`pickable\`, a class method that includes modules or defines methods Routemap does not follow
plain: index
widgets: index | unknown: WidgetsController calls \`showable\`, a class method that includes modules or defines methods Routemap does not follow
`,
  ));

// ekylibre today: `manage_restfully` builds the actions' code and hands it to a private class
// method that class_evals it into a new module and includes that; and `unroll` (a macro that
// define_methods) is called in both branches of an `if defined?(…)` in the class body.
test("a class method that calls such a class method is one too, and one called in an if's branch counts", () =>
  check(
    `
//- app/controllers/application_controller.rb
class ApplicationController < ActionController::Base
  include Manageable
end
//- app/controllers/concerns/manageable.rb
module Manageable
  extend ActiveSupport::Concern

  module ClassMethods
    def manage
      install("def create\\n  head :ok\\nend\\n")
    end

    def listing
      manage
    end

    def unroll
      define_method(:unroll) { head :ok }
    end

    def describe_me
      "plain"
    end

    private

    def install(code)
      mod = Module.new
      mod.class_eval(code)
      include mod
    end
  end
end
//- app/controllers/products_controller.rb
class ProductsController < ApplicationController
  listing
  def index; end
end
//- app/controllers/units_controller.rb
class UnitsController < ApplicationController
  if defined?(Planning)
    describe_me
  else
    unroll
  end
  def index; end
end
//- app/controllers/plain_controller.rb
class PlainController < ApplicationController
  describe_me
  if Rails.env.test?
    describe_me
  end
  def index; end
end
`,
    `
application: -
plain: index
products: index | unknown: ProductsController calls \`listing\`, a class method that includes modules or defines methods Routemap does not follow
units: index | unknown: UnitsController calls \`unroll\`, a class method that includes modules or defines methods Routemap does not follow
`,
  ));

test("an action named after a class method the class calls that no file defines (a gem's macro) is not known to be missing", async () => {
  // ekylibre's `list :parts` (the active_list gem: its engine includes a module whose `list`
  // class_evals the action `list_parts`; Rails 6.1's `action_methods` has `list` and `list_parts`).
  const m = await mapper();
  const files = new Map([
    ["/app/app/controllers/application_controller.rb", "class ApplicationController < ActionController::Base\n  def self.audited(*); end\nend\n"],
    ["/app/app/controllers/items_controller.rb", "class ItemsController < ApplicationController\n  list\n  list :parts\n  audited :log\n  def index; end\nend\n"],
  ]);
  const model = m.controllers({ files, views: [] });
  const said = (action) => {
    const found = model.action("items", action);
    return found.exists === "unknown" ? `unknown: ${found.why}` : String(found.exists);
  };
  assert.deepEqual(["list", "list_parts", "listing", "audited_log", "show"].map(said), [
    "unknown: ItemsController calls `list` in its class body, a class method no file Routemap reads defines (a gem's), which may define it",
    "unknown: ItemsController calls `list` in its class body, a class method no file Routemap reads defines (a gem's), which may define it",
    // Only the name itself, or the name and `_`: `listing` is no action `list` makes.
    "false",
    // A class method the app defines is read: it defines nothing.
    "false",
    "false",
  ]);
});

test("a gem's class macro that gives a controller its actions (inherited_resources' `inherit_resources`): its actions are unknown where the app may have the gem, and read where it does not", async () => {
  const m = await mapper();
  const files = new Map([
    ["/app/app/controllers/application_controller.rb", "class ApplicationController < ActionController::Base\nend\n"],
    ["/app/app/controllers/projects_controller.rb", "class ProjectsController < ApplicationController\n  inherit_resources\n  custom_actions resource: :archive\n  actions :index, :show\nend\n"],
    ["/app/app/controllers/admin/projects_controller.rb", "class Admin::ProjectsController < ProjectsController\n  def report; end\nend\n"],
  ]);
  const said = (gems, path, action) => {
    const found = m.controllers({ files, views: [], gems }).action(path, action);
    return found.exists === "unknown" ? `unknown: ${found.why}` : String(found.exists);
  };
  const why = "unknown: ProjectsController calls `inherit_resources`, the inherited_resources gem's class macro, which defines methods Routemap does not list";
  // Locked in Gemfile.lock, or no lockfile to say: the gem's actions (index … destroy, `custom_actions`) are not listed; a subclass's too.
  assert.deepEqual([said({ inherited_resources: "1.13.0", rails: "6.1.7" }, "projects", "archive"), said(undefined, "projects", "index"), said({ inherited_resources: "1.13.0" }, "admin/projects", "show"), said({ inherited_resources: "1.13.0" }, "admin/projects", "report")], [why, why, why, "true"]);
  // A lockfile without the gem: Rails raises NameError as the class loads; that call is no action's source.
  assert.equal(said({ rails: "6.1.7" }, "projects", "index"), "false");
});

test("a class macro an installed gem defines with `define_method` (auto-session-timeout's, `gemMacros`): the controller's actions are unknown, not missing", async () => {
  const m = await mapper();
  const files = new Map([["/app/app/controllers/users/sessions_controller.rb", "module Users\n  class SessionsController < ActionController::Base\n    auto_session_timeout_actions\n  end\nend\n"]]);
  const found = (gemMacros) => m.controllers({ files, views: [], gems: { "auto-session-timeout": "1.3" }, gemMacros }).action("users/sessions", "active");
  assert.deepEqual(found(new Map([["auto_session_timeout_actions", "auto-session-timeout"]])), { exists: "unknown", why: "Users::SessionsController calls `auto_session_timeout_actions`, the auto-session-timeout gem's class macro, which defines methods Routemap does not list" });
  assert.equal(found(undefined).exists, false);
});

test("where the gems cannot be read (`unreadGems`), a class-level call neither Rails nor the app defines may be a gem's macro: actions not found are unknown, not missing", async () => {
  const m = await mapper();
  const why = "Routemap could not read every gem of the app (Gemfile.lock's information says which)";
  const controller = (body) => new Map([["/app/app/controllers/users/sessions_controller.rb", `module Users\n  class SessionsController < ActionController::Base\n${body}  end\nend\n`]]);
  const found = (body, o = {}) => m.controllers({ files: controller(body), views: [], unreadGems: why, ...o }).action("users/sessions", "active");
  assert.deepEqual(found("    protect_from_forgery with: :exception\n    auto_session_timeout_actions\n"), {
    exists: "unknown",
    why: `Users::SessionsController calls \`auto_session_timeout_actions\` in its class body, a class method neither Rails nor the app's files define (a gem's, which may define it), and ${why}`,
  });
  // Rails' own class methods (recorded from Rails 6.1: railsControllerMethods.ts) define no action.
  assert.equal(found("    protect_from_forgery with: :exception\n    skip_before_action :verify_authenticity_token\n    helper :all\n    wrap_parameters false\n    layout \"admin\"\n").exists, false);
  // A class method the app defines is read, not guessed at.
  assert.equal(found("    def self.timeout_actions; end\n    timeout_actions\n").exists, false);
  // `rate_limit` is Rails' from 7.2 (actionpack's rate_limiting.rb); before, a gem's.
  const rateLimited = "    rate_limit to: 10, within: 3.minutes\n";
  assert.deepEqual([found(rateLimited, { gems: { actionpack: "8.0.2" } }).exists, found(rateLimited, { gems: { actionpack: "7.1.3" } }).exists], [false, "unknown"]);
  // With the gems read, only their macros count (`gemMacros`, above).
  assert.equal(m.controllers({ files: controller("    auto_session_timeout_actions\n"), views: [] }).action("users/sessions", "active").exists, false);
});

test("inheritance, namespaces and concerns from app/controllers/concerns; templates in the view prefixes", () =>
  check(
    `
//- app/controllers/application_controller.rb
class ApplicationController < ActionController::Base
  include Pageable
end
//- app/controllers/concerns/pageable.rb
module Pageable
  extend ActiveSupport::Concern

  included do
    def page_size; end
  end

  def first_page; end

  private

  def offset; end
end
//- app/controllers/admin/base_controller.rb
module Admin
  class BaseController < ApplicationController
    def dashboard; end
  end
end
//- app/controllers/admin/users_controller.rb
module Admin
  class UsersController < BaseController
    def index; end
    private :dashboard
  end
end
//- app/views/admin/users/index.html.erb
//- app/views/admin/users/export.csv.ruby
//- app/views/admin/users/_row.html.erb
//- app/views/admin/base/help.html.erb
//- app/views/application/about.html.erb
`,
    `
admin/base: dashboard first_page page_size | templates about help
admin/users: first_page index page_size | templates about export help index
application: first_page page_size | templates about
`,
  ));

test("a concern that includes another (crown-marketplace's SharedPages and CookieSettings), and an include or a def under a condition (sul-embed's `include StaticPage unless Rails.env.production?`)", () =>
  check(
    `
//- app/controllers/concerns/cookie_settings.rb
module CookieSettings
  extend ActiveSupport::Concern
  def update_cookie_settings; end
end
//- app/controllers/concerns/shared_pages.rb
module SharedPages
  extend ActiveSupport::Concern
  include CookieSettings
  def cookie_settings; end
end
//- app/controllers/home_controller.rb
class HomeController < ActionController::Base
  include SharedPages
end
//- app/controllers/concerns/static_page.rb
module StaticPage
  def show; end
end
//- app/controllers/pages_controller.rb
class PagesController < ActionController::Base
  include StaticPage unless Rails.env.production?
  if ENV["PREVIEW"]
    def preview; end
  else
    include SharedPages
  end
end
`,
    `
home: cookie_settings update_cookie_settings
pages: cookie_settings preview show update_cookie_settings
`,
  ));

test("a superclass is looked up before its class is made: `module Reviewers; class CommentsController < CommentsController` inherits the app's ::CommentsController; a cycle is unknown", () =>
  check(
    `
//- app/controllers/comments_controller.rb
class CommentsController < ActionController::Base
  def create; end
end
//- app/controllers/reviewers/comments_controller.rb
module Reviewers
  class CommentsController < CommentsController
    def index; end
  end
end
//- app/controllers/loop_a_controller.rb
class LoopAController < LoopBController
  def a; end
end
//- app/controllers/loop_b_controller.rb
class LoopBController < LoopAController
  def b; end
end
`,
    `
comments: create
loop_a: a b | unknown: LoopAController inherits from itself
loop_b: a b | unknown: LoopBController inherits from itself
reviewers/comments: create index
`,
  ));

test("`class Editorial::SubmissionsController` inside `module Editorial` is Editorial::SubmissionsController: the path's scope is found lexically, as Ruby finds it (gov-au-beta's; Rails 6.1: recognize_path gives editorial/submissions#index, action_methods [\"index\"])", () =>
  check(
    `
//- app/controllers/application_controller.rb
class ApplicationController < ActionController::Base
end
//- app/controllers/editorial/submissions_controller.rb
module Editorial
  class Editorial::SubmissionsController < ApplicationController
    def index; end
  end
end
//- app/controllers/api/v1/users_controller.rb
module Api
  module V1
    class V1::UsersController < ApplicationController
      def show; end
    end
  end
end
//- app/controllers/admin/users/roles_controller.rb
module Admin
  class Users::RolesController < ApplicationController
    def edit; end
  end
end
`,
    `
admin/users/roles: edit
api/v1/users: show
application: -
editorial/submissions: index
`,
  ));

test("what Routemap cannot read makes a controller unknown, and says why", () =>
  check(
    `
//- app/controllers/application_controller.rb
class ApplicationController < ActionController::Base
  include Pagy::Backend
end
//- app/controllers/api/base_controller.rb
class Api::BaseController < ActionController::API
end
//- app/controllers/api/things_controller.rb
class Api::ThingsController < Api::BaseController
  %w[a b].each { |name| define_method(name) {} }
end
//- app/controllers/users/sessions_controller.rb
class Users::SessionsController < Devise::SessionsController
  def create; end
end
//- app/controllers/pages_controller.rb
class PagesController < ActionController::Base
  def action_missing(name); end
end
`,
    `
api/base: -
api/things: - | unknown: Api::ThingsController defines methods with define_method
application: - | unknown: ApplicationController includes Pagy::Backend, which Routemap does not read
pages: action_missing | unknown: PagesController defines action_missing
users/sessions: create | unknown: it inherits from Devise::SessionsController, which is not in app/controllers
`,
  ));

test("a model built again after one file changes reuses the controllers that file cannot change, and rebuilds the rest", async () => {
  const m = await mapper();
  const files = new Map([
    ["/app/app/controllers/application_controller.rb", "class ApplicationController < ActionController::Base\n  def ping; end\nend\n"],
    ["/app/app/controllers/posts_controller.rb", "class PostsController < ApplicationController\n  def index; end\nend\n"],
    ["/app/app/controllers/comments_controller.rb", "class CommentsController < ActionController::Base\n  def index; end\nend\n"],
  ]);
  const views = ["posts/index.html.erb"];
  const build = () => m.controllers({ files, views });
  const actions = (model, path) => [...new Set([...model.byPath.get(path).actions.keys(), ...model.byPath.get(path).templates.keys()])].sort().join(" ");
  const first = build();
  // A keystroke in comments: posts and application are the same objects.
  files.set("/app/app/controllers/comments_controller.rb", "class CommentsController < ActionController::Base\n  def index; end\n  def show; end\nend\n");
  const second = build();
  assert.equal(second.byPath.get("posts"), first.byPath.get("posts"));
  assert.equal(second.byPath.get("application"), first.byPath.get("application"));
  assert.notEqual(second.byPath.get("comments"), first.byPath.get("comments"));
  assert.equal(actions(second, "comments"), "index show");
  // A change to the superclass reaches its subclass.
  files.set("/app/app/controllers/application_controller.rb", "class ApplicationController < ActionController::Base\n  def ping; end\n  def pong; end\nend\n");
  const third = build();
  assert.notEqual(third.byPath.get("posts"), second.byPath.get("posts"));
  assert.equal(actions(third, "posts"), "index ping pong");
  assert.equal(third.byPath.get("comments"), second.byPath.get("comments"));
  // So does a template that appears (a new list of views).
  const fourth = m.controllers({ files, views: [...views, "posts/archive.html.erb"] });
  assert.equal(actions(fourth, "posts"), "archive index ping pong");
  assert.equal(actions(build(), "posts"), "index ping pong");
  // And a class reopened in another file.
  files.set("/app/app/controllers/posts/extra.rb", "class PostsController\n  def drafts; end\nend\n");
  assert.equal(actions(build(), "posts"), "drafts index ping pong");
});

test("a model built from the previous one (after edits of controller files) is the model built anew; untouched controllers are taken as they were", async () => {
  const m = await mapper();
  const root = "/app";
  const files = new Map([
    ["/app/app/controllers/application_controller.rb", "class ApplicationController < ActionController::Base\n  def ping; end\nend\n"],
    ["/app/app/controllers/admin/posts_controller.rb", "module Admin\n  class PostsController < ApplicationController\n    include Exporting\n    def index; end\n  end\nend\n"],
    ["/app/app/controllers/comments_controller.rb", "class CommentsController < ApplicationController\n  include Paging\n  def index; end\nend\n"],
    ["/app/app/controllers/tags_controller.rb", "class TagsController < ActionController::Base\n  def index; end\nend\n"],
  ]);
  // Modules outside app/controllers, read as the autoloader would find them.
  const others = new Map([["/app/app/helpers/paging.rb", "module Paging\n  def next_page; end\nend\n"]]);
  const views = ["comments/index.html.erb"];
  const build = (previous) => m.controllers({ files, views, root, read: (p) => others.get(p), previous });
  const describe = (model) =>
    [...model.byPath.values()]
      .sort((a, b) => (a.path < b.path ? -1 : 1))
      .map((c) => `${c.path} < ${c.superclasses.join(" < ") || "-"}: ${[...c.actions.keys()].sort().join(" ")}${c.unknown ? ` | unknown: ${c.unknown}` : ""}`)
      .join("\n");
  let last = build();
  const step = (edit) => {
    edit();
    const next = build(last);
    assert.equal(describe(next), describe(build()));
    const kept = last;
    last = next;
    return kept;
  };
  // A keystroke in comments: tags and admin/posts are taken from the last model.
  const before = step(() => files.set("/app/app/controllers/comments_controller.rb", "class CommentsController < ApplicationController\n  include Paging\n  def index; end\n  def show; end\nend\n"));
  assert.equal(last.byPath.get("tags"), before.byPath.get("tags"));
  assert.equal(last.byPath.get("admin/posts"), before.byPath.get("admin/posts"));
  assert.match(describe(last), /comments < ApplicationController: index next_page ping show\n/);
  // The superclass: its subclasses change, tags does not.
  const before2 = step(() => files.set("/app/app/controllers/application_controller.rb", "class ApplicationController < ActionController::Base\n  def ping; end\n  def pong; end\nend\n"));
  assert.notEqual(last.byPath.get("comments"), before2.byPath.get("comments"));
  assert.equal(last.byPath.get("tags"), before2.byPath.get("tags"));
  // A class the lexical lookup finds first now (Admin::ApplicationController) becomes admin/posts' superclass.
  step(() => files.set("/app/app/controllers/admin/application_controller.rb", "module Admin\n  class ApplicationController < ::ApplicationController\n    def dashboard; end\n  end\nend\n"));
  assert.match(describe(last), /admin\/posts < Admin::ApplicationController < ApplicationController: dashboard index ping pong \| unknown: Admin::PostsController includes Exporting/);
  // The module it includes, made in app/controllers/concerns.
  step(() => files.set("/app/app/controllers/concerns/exporting.rb", "module Exporting\n  def export; end\nend\n"));
  assert.match(describe(last), /admin\/posts < Admin::ApplicationController < ApplicationController: dashboard export index ping pong\n/);
  // A controller file that goes.
  step(() => files.delete("/app/app/controllers/admin/application_controller.rb"));
  assert.match(describe(last), /admin\/posts < ApplicationController: export index ping pong\n/);
});

test("a controller class defined in a branch of its file (`if Rails.env.development?`, publish-teacher-training's PersonasController) is read: it may exist, with its actions", async () => {
  const m = await mapper();
  const files = new Map([["/app/app/controllers/personas_controller.rb", "if Rails.env.development?\n  class PersonasController < ActionController::Base\n    def index; end\n  end\nelse\n  module Other; end\nend\n"]]);
  const model = m.controllers({ files, views: [] });
  assert.deepEqual([model.action("personas", "index")?.exists, model.action("personas", "show")?.exists], [true, false]);
});
