// Polymorphic targets (`redirect_to @post`, `link_to "x", [:admin, @post]`): which helper Rails
// calls for each (actionpack's polymorphic_routes.rb, activemodel's naming.rb), and silence where
// the record's class or its naming is not known.
import { test } from "node:test";
import assert from "node:assert/strict";
import { polymorphicDiagnostics } from "../dist/index.js";
import { mapper } from "./helpers.mjs";

const MODELS = {
  "/app/app/models/application_record.rb": "class ApplicationRecord < ActiveRecord::Base\n  primary_abstract_class\nend\n",
  "/app/app/models/post.rb": "class Post < ApplicationRecord\n  include Publishable\nend\n",
  "/app/app/models/concerns/publishable.rb": "module Publishable\n  extend ActiveSupport::Concern\nend\n",
  "/app/app/models/comment.rb": "class Comment < ApplicationRecord\nend\n",
  "/app/app/models/news.rb": "class News < ApplicationRecord\nend\n",
  "/app/app/models/article.rb": "class Article < Post\nend\n",
  "/app/app/models/photo.rb": "class Photo < ApplicationRecord\n  def self.model_name = ActiveModel::Name.new(Post)\nend\n",
  "/app/app/models/video.rb": "class Video < ApplicationRecord\n  include Discard::Model\nend\n",
};

/** Each target of `source` as `line: call target → helpers`. */
async function check(path, source, controller = path.endsWith("_controller.rb")) {
  const m = await mapper();
  const targets = m.polymorphicTargets(path, source, { controller, root: "/app", read: (p) => MODELS[p] });
  return targets.map((t) => `${t.span.start.line}: ${t.call} ${source.split("\n")[t.span.start.line].slice(t.span.start.character, t.span.end.character)} → ${t.helpers.join(" | ")}`);
}

test("controllers: instance variables every action assigns alike, locals of the method, and the expressions themselves", async () => {
  const source = `class PostsController < ApplicationController
  before_action :set_post, only: [:show, :update]
  def create
    @post = Post.new(post_params)
    if @post.save
      redirect_to @post, notice: "Created"
    else
      render :new
    end
  end
  def update
    redirect_to [:admin, @post]
  end
  def comment
    comment = Comment.find(params[:comment_id])
    redirect_to [@post, comment]
    redirect_to polymorphic_url([@post, :comments])
    redirect_to edit_polymorphic_url(comment)
    redirect_to News.find(1)
    redirect_to Article.find(2)
    redirect_to Photo.find(3)
    redirect_to Video.find(4)
    redirect_to url_for(Comment)
  end
  private
  def set_post
    @post = Post.find(params[:id])
  end
end`;
  assert.deepEqual(await check("/app/app/controllers/posts_controller.rb", source), [
    "5: redirect_to @post → post_url | posts_url",
    "11: redirect_to [:admin, @post] → admin_post_url | admin_posts_url",
    "15: redirect_to [@post, comment] → post_comment_url",
    "16: polymorphic_url [@post, :comments] → post_comments_url",
    "17: edit_polymorphic_url comment → edit_comment_url",
    "18: redirect_to News.find(1) → news_url",
    "19: redirect_to Article.find(2) → article_url",
    "22: url_for Comment → comments_url",
  ]);
});

test("an instance variable assigned otherwise anywhere in the controller, a parameter, a shadowing block variable: silence", async () => {
  const source = `class PostsController < ApplicationController
  def show
    @post = Post.find(params[:id])
    redirect_to @post
  end
  def other
    @post = current_user.posts.find(params[:id])
  end
  def mine(post)
    redirect_to post
    comment = Comment.find(1)
    [1].each { |comment| redirect_to comment }
    other = params[:x] ? Comment.find(1) : nil
    redirect_to other
  end
end`;
  assert.deepEqual(await check("/app/app/controllers/posts_controller.rb", source), []);
  const inherited = `class CommentsController < ApplicationController
  def show
    redirect_to @post
  end
  def edit
    @post = Post.find(params[:post_id])
  end
end`;
  assert.deepEqual(await check("/app/app/controllers/comments_controller.rb", inherited), [], "set by no callback of the file: a superclass's may");
});

test("views: link_to, button_to, form_with and form_for take paths; locals of the template", async () => {
  const source = `<% post = Post.find(1) %>
<%= link_to "Read", post %> <%= link_to post, class: "x" do %>Read<% end %>
<%= button_to "Delete", post, method: :delete %>
<%= form_with model: Comment.new do |f| %><% end %>
<%= form_with model: [post, Comment.new], url: "/x" do |f| %><% end %>
<%= form_for [:admin, post] do |f| %><% end %>
<%= link_to "All", Post %> <%= link_to "Back", :back %> <%= link_to "x", @post %>`;
  assert.deepEqual(await check("/app/app/views/posts/show.html.erb", source, false), [
    "1: link_to post → post_path",
    "1: link_to post → post_path",
    "2: button_to post → post_path",
    "3: form_with Comment.new → comments_path",
    "5: form_for [:admin, post] → admin_post_path",
    "6: link_to Post → posts_path",
  ]);
});

test("a target whose every helper is undefined is an error; a resolve declaration serves a lone record of its class", async () => {
  const source = `class PostsController < ApplicationController
  def show
    @post = Post.find(params[:id])
    redirect_to @post
    redirect_to [:admin, @post]
    redirect_to Comment.new
  end
end`;
  const m = await mapper();
  const targets = m.polymorphicTargets("/app/app/controllers/posts_controller.rb", source, { controller: true, root: "/app", read: (p) => MODELS[p] });
  const known = new Set(["post_url", "comments_url"]);
  const errors = polymorphicDiagnostics(targets, { known: (h) => known.has(h), resolved: new Set() });
  assert.deepEqual(
    errors.map((d) => `${d.span.start.line}: ${d.message}`),
    ["4: undefined method `admin_post_url': `redirect_to` calls it for this target (the record is a Post: `@post = Post.find(params[:id])`, line 3), and no route, direct helper or method defines it"],
  );
  const resolved = polymorphicDiagnostics(targets, { known: () => false, resolved: new Set(["Post"]) });
  assert.deepEqual(resolved.map((d) => d.span.start.line), [4, 5], "resolve(\"Post\") serves `redirect_to @post`, not the array");
});

test("route keys of model names as ActiveModel::Name gives them (test-fixtures/url-generation/models.rails-6.1.txt)", async () => {
  const { readFileSync } = await import("node:fs");
  const { join } = await import("node:path");
  const { FIXTURES } = await import("../../test-fixtures/lib/cases.mjs");
  const { underscore } = await import("../dist/inflector.js");
  const m = await mapper();
  for (const line of readFileSync(join(FIXTURES, "url-generation", "models.rails-6.1.txt"), "utf8").trimEnd().split("\n")) {
    const [name, routeKey, singularRouteKey] = line.split(" ");
    const files = { ...MODELS, [`/app/app/models/${underscore(name)}.rb`]: `class ${name} < ApplicationRecord\nend\n` };
    const source = `def x\n  redirect_to ${name}\n  redirect_to ${name}.find(1)\nend`;
    const helpers = m.polymorphicTargets("/app/app/controllers/x_controller.rb", source, { controller: true, root: "/app", read: (p) => files[p] }).map((t) => t.helpers.join("|"));
    assert.deepEqual(helpers, [`${routeKey}_url`, `${singularRouteKey}_url`], name);
  }
});

test("namespaced models: written in their modules or compact, superclasses looked up as Ruby does; a namespace naming relatively is not resolved", async () => {
  const m = await mapper();
  const targets = (files, source) =>
    m.polymorphicTargets("/app/app/controllers/x_controller.rb", `def x\n  ${source}\nend`, { controller: true, root: "/app", read: (p) => ({ ...MODELS, ...files })[p] }).map((t) => t.helpers.join("|"));
  const nested = { "/app/app/models/admin/post.rb": "module Admin\n  class Post < Base\n  end\nend\n", "/app/app/models/admin/base.rb": "module Admin\n  class Base < ApplicationRecord\n    self.abstract_class = true\n  end\nend\n" };
  assert.deepEqual(targets(nested, "redirect_to Admin::Post.find(1)"), ["admin_post_url"]);
  assert.deepEqual(targets(nested, "redirect_to ::Admin::Post"), ["admin_posts_url"]);
  // `class Admin::Post < Base` means the top-level Base, which no file defines here.
  assert.deepEqual(targets({ ...nested, "/app/app/models/admin/post.rb": "class Admin::Post < Base\nend\n" }, "redirect_to Admin::Post.find(1)"), []);
  const deep = { "/app/app/models/shop/billing/invoice.rb": "module Shop\n  module Billing\n    class Invoice < ApplicationRecord\n    end\n  end\nend\n" };
  assert.deepEqual(targets(deep, "redirect_to Shop::Billing::Invoice.new"), ["shop_billing_invoices_url"]);
  const relative = { ...nested, "/app/app/models/admin.rb": "module Admin\n  def self.use_relative_model_naming? = true\nend\n" };
  assert.deepEqual(targets(relative, "redirect_to Admin::Post.find(1)"), []);
});

test("route keys follow the app's own inflection rules (test-fixtures/url-generation/models-inflections.rails-6.1.txt)", async () => {
  const { readFileSync } = await import("node:fs");
  const { join } = await import("node:path");
  const { FIXTURES } = await import("../../test-fixtures/lib/cases.mjs");
  const { underscore, withInflections } = await import("../dist/inflector.js");
  const m = await mapper();
  const rules = readFileSync(join(FIXTURES, "apps", "inflections", "config", "initializers", "inflections.rb"), "utf8");
  const { inflections, diagnostics } = m.map({
    entry: "/app/config/routes.rb",
    files: { "/app/config/application.rb": "module Shop\n  class Application < Rails::Application\n  end\nend\n", "/app/config/initializers/inflections.rb": rules, "/app/config/routes.rb": "Rails.application.routes.draw do\nend\n" },
  });
  assert.ok(inflections);
  assert.deepEqual(diagnostics, []);
  for (const line of readFileSync(join(FIXTURES, "url-generation", "models-inflections.rails-6.1.txt"), "utf8").trimEnd().split("\n")) {
    const [name, routeKey, singularRouteKey] = line.split(" ");
    const file = withInflections(inflections, () => `/app/app/models/${underscore(name)}.rb`);
    const files = { ...MODELS, [file]: `class ${name} < ApplicationRecord\nend\n` };
    const source = `def x\n  redirect_to ${name}\n  redirect_to ${name}.find(1)\nend`;
    const helpers = m.polymorphicTargets("/app/app/controllers/x_controller.rb", source, { controller: true, root: "/app", read: (p) => files[p], inflections }).map((t) => t.helpers.join("|"));
    assert.deepEqual(helpers, [`${routeKey}_url`, `${singularRouteKey}_url`], name);
  }
});

test("new_ and edit_polymorphic helpers: `new_` names the last record by its singular key, class or not (HelperMethodBuilder.build)", async () => {
  const source = `<%= link_to "New", new_polymorphic_path(Post) %>
<%= link_to "New", new_polymorphic_path([:admin, Post.new]) %>
<%= link_to "Edit", edit_polymorphic_path(Post.find(1)) %>
<%= link_to "Edit", edit_polymorphic_url(Post) %>`;
  const m = await mapper();
  const { erbToRuby } = await import("../dist/index.js");
  const targets = m.polymorphicTargets("/app/app/views/posts/index.html.erb", source, { controller: false, root: "/app", read: (p) => MODELS[p] });
  const ruby = erbToRuby(source);
  assert.deepEqual(
    targets.map((t) => `${t.span.start.line}: ${t.call} ${ruby.split("\n")[t.span.start.line].slice(t.span.start.character, t.span.end.character)} → ${t.helpers.join(" | ")}`),
    [
      "0: new_polymorphic_path Post → new_post_path",
      "1: new_polymorphic_path [:admin, Post.new] → new_admin_post_path",
      "2: edit_polymorphic_path Post.find(1) → edit_post_path",
      "3: edit_polymorphic_url Post → edit_posts_url",
    ],
  );
});

test("templates: the instance variables their action sets for sure, from the action or a before_action the file says runs for it", async () => {
  const controller = `class PostsController < ApplicationController
  before_action :set_post, except: :index
  before_action :set_comment, only: :edit
  before_action :set_news, if: :admin?
  prepend_before_action :set_other, only: %i[show]
  skip_before_action :set_other
  before_action { @inline = Post.find(1) }
  def show
    @photo = Comment.find(1)
  end
  def edit; end
  def index; end
  def feed
    @photo = Comment.new
  end
  private
  def set_post = @post = Post.find(params[:id])
  def set_comment = @comment = Comment.find(params[:id])
  def set_news = @news = News.find(1)
  def set_other = @other = Post.find(1)
end`;
  const view = `<%= link_to "a", @post %> <%= link_to "b", @comment %> <%= link_to "c", @news %>
<%= link_to "d", @other %> <%= link_to "e", @inline %> <%= link_to "f", @photo %>`;
  const m = await mapper();
  const targets = (action) =>
    m
      .polymorphicTargets("/app/app/views/posts/x.html.erb", view, { controller: false, root: "/app", read: (p) => MODELS[p], assigns: { path: "/app/app/controllers/posts_controller.rb", text: controller, action } })
      .map((t) => `${t.helpers.join(" | ")} (${t.records[0].file}:${t.records[0].line + 1})`);
  // show: set_post (except: :index), its own @photo (every assignment of it a Comment).
  assert.deepEqual(targets("show"), ["post_path (app/controllers/posts_controller.rb:17)", "comment_path | comments_path (app/controllers/posts_controller.rb:9)"]);
  assert.deepEqual(targets("edit"), ["post_path (app/controllers/posts_controller.rb:17)", "comment_path (app/controllers/posts_controller.rb:18)"]);
  // index: no callback the file says runs sets a record; an action not in the file, nothing.
  assert.deepEqual(targets("index"), []);
  assert.deepEqual(targets("missing"), []);
});
