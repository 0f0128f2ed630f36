// Edits a user expects (issue 28 §6): did-you-mean quick fixes, find references from the
// call-site model, and renaming a route's helpers. One `check` per feature over one in-memory
// app; `$0` marks the cursor; the answers are compared, as text, with expect/edits-*.txt
// (UPDATE_EXPECT=1 rewrites them).
import { test } from "node:test";
import assert from "node:assert/strict";
import { didYouMeanFixes } from "../dist/features/codeActions.js";
import { helperCallDiagnostics } from "../dist/features/helperCalls.js";
import { toLspDiagnostic } from "../dist/features/diagnostics.js";
import { routeReferences, routesAt } from "../dist/features/references.js";
import { prepareRename, rename } from "../dist/features/rename.js";
import { expectFile, ROOT, workspaceFor } from "./fixture.mjs";

const APP = `
//- Gemfile.lock
GEM
  specs:
    actionpack (7.1.3)
    actionview (7.1.3)
    devise (4.9.4)

//- vendor/bundle/ruby/3.3.0/gems/devise-4.9.4/lib/devise.rb
module Devise
end
//- app/models/user.rb
class User < ApplicationRecord
  devise :database_authenticatable
end
//- vendor/bundle/ruby/3.3.0/gems/actionview-7.1.3/lib/action_view.rb
module ActionView
end
//- vendor/bundle/ruby/3.3.0/gems/actionpack-7.1.3/lib/action_controller.rb
module ActionController
end
//- config/routes.rb
Rails.application.routes.draw do
  devise_for :users
  resources :articles do
    resources :comments, only: :index
  end
  get "about", to: "pages#about", as: :about
  namespace :admin do
    get "stats", to: "stats#show", as: :stats
  end
  resources :photos, only: [:index, :show]
  resource :profile, only: :show
  resources :tags, only: :show
  get "preview", to: "previews#show", as: :preview_text
  namespace :reports do
    get "feed", to: "articles#index", as: "#{FEED}_feed"
  end
  post "publish", to: "articles#publish", as: :publish_now
  get "legal", to: "pages#legal"
  direct(:company) { admin_stats_url(anchor: "company") }
  mount Blog::Engine, at: "/blog"
  namespace :plugins do
    Plugin.routes(self) do
      get "board", to: "boards#show", as: :board
    end
  end
end
//- engines/blog/lib/blog/engine.rb
module Blog
  class Engine < ::Rails::Engine
    isolate_namespace Blog
  end
end
//- engines/blog/config/routes.rb
Blog::Engine.routes.draw do
  resources :entries, only: :index
end
//- engines/blog/app/views/blog/entries/index.html.erb
<%= link_to "Shop", main_app.photos_path %> <%= link_to "All", entries_path %>
//- config/application.rb
require_relative "boot"
require "rails/all"

module Shop
  class Application < Rails::Application
  end
end
//- app/models/application_record.rb
class ApplicationRecord < ActiveRecord::Base
end
//- app/models/tag.rb
class Tag < ApplicationRecord
end
//- app/models/article.rb
class Article < ApplicationRecord
end
//- app/controllers/application_controller.rb
class ApplicationController < ActionController::Base
end
//- app/controllers/articles_controller.rb
class ArticlesController < ApplicationController
  # about_path in a comment, and "about_path" in a string, are no calls
  def show
    @article = Article.find(params[:id])
    redirect_to @article if params[:again]
    @link = polymorphic_url(@article, format: :json)
  end

  def index
    redirect_to about_url, notice: "about_path"
  end

  def create
    redirect_to url_for(controller: "articles", action: "index")
  end

  def tag
    redirect_to Tag.find(params[:tag_id])
  end
end
//- config/initializers/mailer_links.rb
Rails.application.config.after_initialize do
  SIGN_UP = Rails.application.routes.url_helpers.photos_url(host: "example.com")
end
//- lib/wiki/toolbar_helper.rb
module Wiki
  module ToolbarHelper
    def toolbar(url = preview_text_path)
    end
  end
end
//- app/helpers/application_helper.rb
module ApplicationHelper
  def back_link
    link_to "About", about_path
  end
end
//- app/views/articles/index.html.erb
<%= link_to "About", about_path %> <%# about_path in a comment %>
<%= link_to "x", "about_path" %> <%= @article.about_path %>
<% @articles.each do |article| %>
  <%= link_to article.title, article_path(article) %> <%= link_to "Edit", edit_article_url(article) %>
<% end %>
<%= link_to "Photos", photos_path %> <%= link_to "Stats", admin_stats_path %> <%= main_app.about_path %>
<%= link_to "Profile", profile_path %> <%= button_to "Publish", publish_now_path %>
<%= link_to "Stats", admin_statz_path %> <%= link_to "Fotos", fotos_path %>
<%= link_to "File", rails_blob_path(@article.file) %> <%= link_to "Sign in", new_user_session_path %>
<%= link_to "Blog", blog.entries_path %> <%= link_to "Blog", blog.entries_url %>
//- test/controllers/photos_controller_test.rb
class PhotosControllerTest < ActionDispatch::IntegrationTest
  test "shows" do
    get photo_url(photos(:one))
    get photos_path
    get admin_stats_url
    get admin_statz_url
  end
end
`;

/** APP with `$0` put where `marked` (a line's text with `$0` in it) shows. */
function at(marked) {
  const plain = marked.replace("$0", "");
  assert.ok(APP.includes(plain), `no ${plain} in the app`);
  return APP.replace(plain, marked);
}

const rel = (uri) => decodeURIComponent(new URL(uri).pathname).replace(`${ROOT}/`, "");
const pos = (p) => `${p.line + 1}:${p.character + 1}`;

/** What a cursor gets, one case per block of the expectation file. */
async function check(name, cases, answer) {
  const blocks = [];
  for (const c of cases) {
    const [marked, arg] = Array.isArray(c) ? c : [c];
    const { app, files, cursor } = await workspaceFor(at(marked));
    const text = files.get(cursor.path);
    let lines;
    try {
      lines = await answer({ app, text, cursor, routesFile: app.isRoutesFile(cursor.path), arg });
    } catch (e) {
      if (!e.code) throw e;
      lines = [`refused: ${e.message}`];
    }
    blocks.push(`## ${marked.trim()}${arg === undefined ? "" : ` → ${arg}`}\n${lines.length ? lines.join("\n") : "(nothing)"}\n`);
  }
  expectFile(name, blocks.join("\n"));
}

test("references: from a declaration or a URL use, every helper call, hash and polymorphic target of its routes", async () => {
  await check(
    "edits-references",
    [
      'get "about", to: "pages#about", as: :ab$0out',
      "  resources :arti$0cles do",
      '<%= link_to "Photos", pho$0tos_path %>',
      "redirect_to url_for(controller: \"articles\", act$0ion: \"index\")",
      "get admin_st$0ats_url",
      '  get "preview", to: "previews#show", as: :preview$0_text',
      "    redirect_to @ar$0ticle if params[:again]",
      "  resources :entr$0ies, only: :index",
      '<%= link_to "Blog", blog.entr$0ies_path %>',
    ],
    ({ app, text, cursor, routesFile }) => {
      const text2 = (loc) => {
        const lines = app.workspaceText(decodeURIComponent(new URL(loc.uri).pathname)).split("\n");
        return lines[loc.range.start.line].slice(loc.range.start.character, loc.range.start.line === loc.range.end.line ? loc.range.end.character : undefined);
      };
      return routeReferences(app, routesAt(app, cursor.path, text, cursor.position, routesFile), true).map((l) => `${rel(l.uri)}:${pos(l.range.start)} ${text2(l)}`);
    },
  );
});

test("prepareRename: the name to rename, or why it cannot be", async () => {
  await check(
    "edits-prepare-rename",
    [
      'get "about", to: "pages#about", as: :ab$0out',
      "  resources :pho$0tos, only: [:index, :show]",
      '    get "feed", to: "articles#index", as: "#{FE$0ED}_feed"',
      '  get "le$0gal", to: "pages#legal"',
      '<%= link_to "Stats", admin_st$0ats_path %>',
      '<%= link_to "Profile", profile_pa$0th %>',
      '<%= link_to "About", about_$0path %>',
      "<%# about_pa$0th in a comment %>",
      '      get "board", to: "boards#show", as: :bo$0ard',
      '<%= link_to "File", rails_blo$0b_path(@article.file) %>',
      '  resources :photos, only: [:in$0dex, :show]',
      "  devise_for :us$0ers",
      '<%= link_to "Sign in", new_user_ses$0sion_path %>',
    ],
    ({ app, text, cursor, routesFile }) => {
      const found = prepareRename(app, cursor.path, text, cursor.position, routesFile);
      if (!found) return [];
      const line = text.split("\n")[found.range.start.line];
      return [`${pos(found.range.start)}-${pos(found.range.end)} "${line.slice(found.range.start.character, found.range.end.character)}" placeholder ${found.placeholder}`];
    },
  );
});

test("rename: the routes file and every helper call of the renamed routes, in one edit; refused where unsafe", async () => {
  const cases = [
    ['get "about", to: "pages#about", as: :ab$0out', "company"],
    ["  resources :pho$0tos, only: [:index, :show]", "pictures"],
    ['<%= link_to "Stats", admin_st$0ats_path %>', "numbers"],
    ["  resources :arti$0cles do", "posts"],
    ['  post "publish", to: "articles#publish", as: :publish$0_now', "release"],
    ['get "about", to: "pages#about", as: :ab$0out', "legal"],
    ['get "about", to: "pages#about", as: :ab$0out', "photos"],
    ['get "about", to: "pages#about", as: :ab$0out', "Not-A-Name"],
    ["  resources :entr$0ies, only: :index", "posts"],
    ["  resources :entr$0ies, only: :index", "articles"],
    ['<%= link_to "Blog", blog.entr$0ies_url %>', "notes"],
    ["  namespace :ad$0min do", "staff"],
    ["  resources :ta$0gs, only: :show", "labels"],
    ['  get "preview", to: "previews#show", as: :preview$0_text', "text_preview"],
  ];
  await check("edits-rename", cases, ({ app, text, cursor, routesFile, arg }) => {
      const edit = rename(app, cursor.path, text, cursor.position, routesFile, arg);
      if (!edit) return [];
      return Object.entries(edit.changes).flatMap(([uri, edits]) => edits.map((e) => `${rel(uri)}:${pos(e.range.start)}-${pos(e.range.end)} → ${JSON.stringify(e.newText)}`)).sort();
  });
});

test("quick fix: each did-you-mean of an unknown helper, preferred when it is the only one; not over text that changed", async () => {
  const { app, files } = await workspaceFor(APP);
  const view = `${ROOT}/app/views/articles/index.html.erb`;
  const context = app.helperCheck();
  assert.ok(!("unchecked" in context), context.unchecked);
  const diagnostics = helperCallDiagnostics(app.workspace.mapper, context, view, files.get(view)).map(toLspDiagnostic);
  const uri = `file://${view}`;
  const fixes = didYouMeanFixes(uri, files.get(view), diagnostics);
  const lines = fixes.map((f) => `${pos(f.diagnostics[0].range.start)} ${f.title}${f.isPreferred ? " (preferred)" : ""} → ${f.edit.changes[uri].map((e) => `${pos(e.range.start)}-${pos(e.range.end)} ${e.newText}`).join(", ")}`);
  expectFile("edits-quick-fix", lines.join("\n") + "\n");
  // The document was edited since: the fix is not applied over other text.
  const misspelled = diagnostics.filter((d) => d.data.name === "admin_statz_path");
  assert.equal(misspelled.length, 1);
  assert.deepEqual(didYouMeanFixes(uri, files.get(view).replace("admin_statz_path", "admin_xxxxx_path"), misspelled), []);
  // In a test, as in a view (and in controllers and helpers: the same diagnostics, the same fix).
  const testFile = `${ROOT}/test/controllers/photos_controller_test.rb`;
  const inTest = helperCallDiagnostics(app.workspace.mapper, context, testFile, files.get(testFile)).map(toLspDiagnostic);
  assert.deepEqual(didYouMeanFixes(`file://${testFile}`, files.get(testFile), inTest).map((f) => [f.title, f.isPreferred]), [["Change to `admin_stats_url`", true]]);
});

test("quick fix: in an isolated engine's view, the app's route offered through main_app", async () => {
  const engineView = "engines/blog/app/views/blog/entries/index.html.erb";
  const marked = APP.replace('<%= link_to "All", entries_path %>', '<%= link_to "All", entries_path %> <%= link_to "Photos", $0photos_path %>');
  const { ws, files, cursor } = await workspaceFor(marked);
  assert.equal(cursor.path, `${ROOT}/${engineView}`);
  const engine = ws.appFor(cursor.path);
  assert.ok(engine.root.endsWith("engines/blog"), engine.root);
  const context = engine.helperCheck();
  assert.ok(!("unchecked" in context), context.unchecked);
  const diagnostics = helperCallDiagnostics(ws.mapper, context, cursor.path, files.get(cursor.path)).map(toLspDiagnostic);
  assert.deepEqual(diagnostics.map((d) => d.message), ["undefined method `photos_path': an isolated engine's views and controllers have the engine's route helpers only; the app's route is `main_app.photos_path`"]);
  const uri = `file://${cursor.path}`;
  const fixes = didYouMeanFixes(uri, files.get(cursor.path), diagnostics);
  assert.deepEqual(fixes.map((f) => [f.title, f.isPreferred, f.edit.changes[uri][0].newText]), [["Change to `main_app.photos_path`", true, "main_app.photos_path"]]);
});
