// What an integration test's session recalls where its helper calls run (integrationTests.ts), and
// what the app's test helpers do to it (testSupport.ts): Minitest integration tests and RSpec
// request specs. The Rails behaviour these follow is checked against live Rails 6.1 and RSpec by
// the oracle (test-fixtures/helper-checks/recall, server/test/helperContexts.test.mjs); these
// tests hold the shapes and, above all, the silences: where Routemap cannot vouch for what the
// session holds, nothing is said.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { missingPartDiagnostics, rubyVersion } from "../dist/index.js";
import { FIXTURES } from "../../test-fixtures/lib/cases.mjs";
import { mapper } from "./helpers.mjs";

const RAILS_HELPER = 'require_relative "../config/environment"\nrequire "rspec/rails"\nRSpec.configure do |config|\n  config.infer_spec_type_from_file_location!\nend\n';
const TEST_HELPER = 'ENV["RAILS_ENV"] ||= "test"\nrequire_relative "../config/environment"\nrequire "rails/test_help"\n\nclass ActiveSupport::TestCase\n  fixtures :all\nend\n';

async function table() {
  const entry = join(FIXTURES, "url-generation", "routes.rb");
  return (await mapper()).map({ entry, files: { [entry]: readFileSync(entry, "utf8") }, options: { railsVersion: "6.1" } });
}

/**
 * The 1-based lines of `source` (a test file at `path`) reported as missing a part, with the app's
 * test helpers `support` (path relative to the app → text; the default: Rails' generated ones).
 */
async function check(source, { path = "spec/requests/posts_spec.rb", support, fixtures = ["posts", "users"], appModules = [], requestUrlOptions = false, gemModules } = {}) {
  const m = await mapper();
  const result = await table();
  const helpers = new Map(Object.entries(support ?? { "spec/rails_helper.rb": RAILS_HELPER, "test/test_helper.rb": TEST_HELPER }));
  const testSupport = m.testSupport(helpers, { fixtures, appModules: new Set(appModules), gemModules: gemModules && new Map(Object.entries(gemModules)) });
  const context = {
    routes: result.routes,
    mainRoutes: result.routes,
    request: true,
    defaults: new Set(),
    recall: () => undefined,
    integration: { resolve: (name) => testSupport.resolve(name), lastRequestOf: (name) => testSupport.lastRequestOf(name), requestUrlOptions },
    ruby: rubyVersion("3.1"),
  };
  const { calls } = m.urlUses(`/app/${path}`, source);
  return missingPartDiagnostics(calls, context).map((d) => d.span.start.line + 1);
}

/** A Minitest integration test class around `body` (a test block's lines), with `head` at the class level. */
const minitest = (body, head = "") => `class PostsTest < ActionDispatch::IntegrationTest\n${head}  test "x" do\n${body}\n  end\nend\n`;
const MINITEST = { path: "test/integration/posts_test.rb" };

test("Minitest: nothing before the first request, then that request's path parameters", async () => {
  // Lines: 1 class, 2 test, 3… the body.
  assert.deepEqual(await check(minitest("    get edit_post_path"), MINITEST), [3]);
  assert.deepEqual(await check(minitest("    get edit_post_path(1)\n    get edit_post_path"), MINITEST), []);
  assert.deepEqual(await check(minitest("    get edit_post_path(@post)\n    get edit_post_path"), MINITEST), [], "a value Routemap does not know is one the request had");
  assert.deepEqual(await check(minitest("    get posts_path\n    assert_response :success\n    get edit_post_path"), MINITEST), [5]);
  // A request to a computed path, or one that follows a redirect: what is recalled is not known, until the next request to a helper's route.
  assert.deepEqual(await check(minitest("    get url\n    get edit_post_path"), MINITEST), []);
  assert.deepEqual(await check(minitest("    get posts_path\n    follow_redirect!\n    get edit_post_path\n    get posts_path\n    get edit_post_path"), MINITEST), [7]);
  // What a request recalls: its route's defaults (`p/:id` defaults id to "1"), every required part
  // (recalled from the request before, or the request would have raised), and with arguments
  // that may be a Hash (`post_path(post)`), any of its route's parts.
  assert.deepEqual(await check(minitest("    get short_path\n    get edit_post_path"), MINITEST), []);
  assert.deepEqual(await check(minitest("    get post_comments_path(1)\n    get post_comments_path\n    get post_comments_path"), MINITEST), []);
  assert.deepEqual(await check(minitest("    get post_path(@post)\n    get edit_post_path"), MINITEST), []);
  assert.deepEqual(await check(minitest("    get posts_path(@filters)\n    get edit_post_path"), MINITEST), [4]);
  // Fixture accessors, literals and calls on constants make no request.
  assert.deepEqual(await check(minitest('    post = posts(:one)\n    n = 1\n    user = User.create!(name: "a")\n    get edit_post_path'), MINITEST), [6]);
});

test("Minitest: a name the app does not define may make a request; setup blocks and methods of the class are followed", async () => {
  assert.deepEqual(await check(minitest("    sign_in users(:one)\n    get edit_post_path"), MINITEST), []);
  assert.deepEqual(await check(minitest("    x = compute\n    get edit_post_path"), MINITEST), []);
  // The class's own setup: followed (a request there is the test's first).
  assert.deepEqual(await check(minitest("    get edit_post_path", "  setup { get post_path(1) }\n"), MINITEST), []);
  assert.deepEqual(await check(minitest("    get edit_post_path", "  setup { get posts_path }\n"), MINITEST), [4]);
  assert.deepEqual(await check(minitest("    get edit_post_path", "  setup do\n    @post = posts(:one)\n  end\n"), MINITEST), [6]);
  // `def setup` and a helper method of the class, followed where they are called.
  assert.deepEqual(await check(minitest("    get edit_post_path", "  def setup\n    get post_path(1)\n  end\n"), MINITEST), []);
  assert.deepEqual(await check(minitest("    open_posts\n    get edit_post_path", "  def open_posts\n    get posts_path\n  end\n"), MINITEST), [7]);
  // A module it includes: the support files' are read (below); one of app/ or lib/ is not, and may add hooks;
  // a gem's adds none (its methods are names Routemap does not know, unless it knows the gem's).
  assert.deepEqual(await check(minitest("    get edit_post_path", "  include SignInHelper\n"), { ...MINITEST, appModules: ["SignInHelper"] }), []);
  assert.deepEqual(await check(minitest("    get edit_post_path", "  include Capybara::DSL\n"), MINITEST), [4]);
  assert.deepEqual(await check(minitest("    visit root_path\n    get edit_post_path", "  include Capybara::DSL\n"), MINITEST), []);
  assert.deepEqual(await check(minitest("    travel_to Time.now\n    get edit_post_path", "  include ActiveSupport::Testing::TimeHelpers\n"), MINITEST), [5], "a gem's module Routemap knows");
  // Not an integration test: nothing changes.
  assert.deepEqual(await check('class PostTest < ActiveSupport::TestCase\n  test "x" do\n    edit_post_path\n  end\nend\n', { path: "test/models/post_test.rb" }), []);
});

test("Minitest: the test helper's setup, and its support files' methods", async () => {
  const withSupport = (helper, files = {}) => ({ ...MINITEST, support: { "test/test_helper.rb": TEST_HELPER + helper, ...files } });
  // No test helper, or one that evaluates code or loads a file Routemap does not read: nothing is said.
  assert.deepEqual(await check(minitest("    get edit_post_path"), { ...MINITEST, support: {} }), []);
  assert.deepEqual(await check(minitest("    get edit_post_path"), withSupport('require_relative "../lib/test_setup"\n')), []);
  // The app's own code required ahead of Zeitwerk (a helper module under app/) configures no test.
  assert.deepEqual(await check(minitest("    get edit_post_path"), withSupport('require_relative "../app/helpers/materialize_view_helper"\n')), [3]);
  assert.deepEqual(await check(minitest("    get edit_post_path"), withSupport('ActionDispatch::IntegrationTest.class_eval(File.read("x"))\n')), []);
  // A setup that makes no request, sets no URL option: the session is as it was.
  assert.deepEqual(await check(minitest("    get edit_post_path"), withSupport("class ActionDispatch::IntegrationTest\n  setup { @started = Time.now }\nend\n")), [3]);
  // One that makes a request, or sets the session's URL options: not known.
  assert.deepEqual(await check(minitest("    get edit_post_path"), withSupport('class ActionDispatch::IntegrationTest\n  setup { get "/" }\nend\n')), []);
  assert.deepEqual(await check(minitest("    get edit_post_path"), withSupport('class ActionDispatch::IntegrationTest\n  setup { host! "x"; default_url_options[:id] = 1 }\nend\n')), []);
  // Support files loaded by the helper: their modules' methods are followed where tests call them.
  const files = {
    "test/support/sign_in_helper.rb": 'module SignInHelper\n  def sign_in(user)\n    get "/search", params: { id: user.id }\n  end\n\n  def remember(x)\n    @remembered = x\n  end\nend\n',
  };
  const helper = 'Dir[File.join(__dir__, "support/**/*.rb")].each { |f| require f }\nclass ActionDispatch::IntegrationTest\n  include SignInHelper\nend\n';
  assert.deepEqual(await check(minitest("    remember 1\n    get edit_post_path"), withSupport(helper, files)), [4], "a quiet helper");
  // One that makes a request to a literal path: after it, that path's route's parameters are recalled.
  assert.deepEqual(await check(minitest("    sign_in users(:one)\n    get edit_post_path\n    get posts_path\n    get edit_post_path"), withSupport(helper, files)), [4, 6]);
  // One whose last request Routemap cannot follow (to a computed path, or followed by a branch): until the test's own next request, nothing is said.
  const computed = { "test/support/sign_in_helper.rb": 'module SignInHelper\n  def sign_in(user)\n    post user.login_url\n  end\nend\n' };
  assert.deepEqual(await check(minitest("    sign_in users(:one)\n    get edit_post_path\n    get posts_path\n    get edit_post_path"), withSupport(helper, computed)), [6]);
  const twice = { "test/support/sign_in_helper.rb": 'module SignInHelper\n  def sign_in(user)\n    post "/session"\n    get post_path(1) if user.admin?\n  end\nend\n' };
  assert.deepEqual(await check(minitest("    sign_in users(:one)\n    get edit_post_path"), withSupport(helper, twice)), []);
  // One that requests a helper's route: any of its parts may be recalled (its arguments are not read).
  const helperRoute = { "test/support/sign_in_helper.rb": 'module SignInHelper\n  def sign_in(user)\n    get post_path(user.post)\n  end\n\n  def visit_index\n    get posts_path\n  end\nend\n' };
  assert.deepEqual(await check(minitest("    sign_in users(:one)\n    get edit_post_path\n    visit_index\n    get edit_post_path"), withSupport(helper, helperRoute)), [6]);
  // Two methods that request, the last one counts; a quiet one after it changes nothing.
  assert.deepEqual(await check(minitest("    visit_index\n    sign_in users(:one)\n    remember 1\n    get edit_post_path"), withSupport(helper, { ...helperRoute, "test/support/remember.rb": "module Remember\n  def remember(x)\n    @x = x\n  end\nend\n" })), []);
  assert.deepEqual(await check(minitest("    sign_in users(:one)\n    visit_index\n    get edit_post_path"), withSupport(helper, helperRoute)), [5]);
  // The test helper's module that adds a setup making a request.
  const hooked = { "test/support/hooked.rb": 'module Hooked\n  extend ActiveSupport::Concern\n  included do\n    setup { get "/" }\n  end\nend\n' };
  assert.deepEqual(await check(minitest("    get edit_post_path"), withSupport("class ActionDispatch::IntegrationTest\n  include Hooked\nend\n", hooked)), []);
  assert.deepEqual(await check(minitest("    get edit_post_path", "  include Hooked\n"), withSupport("", hooked)), []);
});

test("RSpec request specs: examples, hooks, lets and subjects, in the order RSpec runs them", async () => {
  const spec = (body) => `require "rails_helper"\n\nRSpec.describe "Posts", type: :request do\n${body}\nend\n`;
  // Lines: 1 require, 2 blank, 3 describe, 4… the body.
  assert.deepEqual(await check(spec('  it "x" do\n    get edit_post_path\n  end')), [5]);
  assert.deepEqual(await check(spec('  specify do\n    get edit_post_path(1)\n    get edit_post_path\n    get post_comments_path\n  end')), [7]);
  // before hooks of every enclosing group, outermost first.
  assert.deepEqual(await check(spec('  before { get posts_path }\n  context "c" do\n    before { get post_path(1) }\n    it { get edit_post_path }\n  end\n  it { get edit_post_path }')), [9]);
  // A request in before(:all) makes one session for every example: it holds the example before's last request.
  assert.deepEqual(await check(spec('  before(:all) { get posts_path }\n  it { get post_path(1) }\n  it { get edit_post_path }\n  it do\n    get posts_path\n    get edit_post_path\n  end')), [9]);
  assert.deepEqual(await check(spec('  before(:all) { @n = 1 }\n  it { get edit_post_path }')), [5]);
  // let! runs as a hook; let and subject where first named (once).
  assert.deepEqual(await check(spec('  let!(:seen) { get post_path(1) }\n  it { get edit_post_path }')), []);
  assert.deepEqual(await check(spec('  let(:seen) { get post_path(1) }\n  it { get edit_post_path }')), [5]);
  assert.deepEqual(await check(spec('  subject { get post_path(1) }\n  it do\n    get posts_path\n    subject\n    get edit_post_path\n  end')), []);
  assert.deepEqual(await check(spec('  subject(:show) { get post_path(1) }\n  it do\n    show\n    get posts_path\n    show\n    get edit_post_path\n  end')), [9], "a subject runs once");
  // An inner group's let overrides the outer one's.
  assert.deepEqual(await check(spec('  let(:go) { get post_path(1) }\n  context "c" do\n    let(:go) { get posts_path }\n    it do\n      go\n      get edit_post_path\n    end\n  end')), [9]);
  // A request inside expect { … } runs there.
  assert.deepEqual(await check(spec('  it do\n    expect { post posts_path }.to change(Post, :count).by(1)\n    get edit_post_path\n  end')), [6]);
  // A literal path's request recalls the route it reaches.
  assert.deepEqual(await check(spec('  it do\n    get "/posts/1"\n    get edit_post_path\n    get post_comments_path\n  end')), [7]);
  assert.deepEqual(await check(spec('  it do\n    get "/nowhere/at/all"\n    get edit_post_path\n  end')), [], "no route: not known");
});

test("RSpec request specs: what Routemap cannot follow is left unsaid, only where it reaches", async () => {
  const spec = (body, meta = ", type: :request") => `RSpec.describe "Posts"${meta} do\n${body}\nend\n`;
  // Lines: 1 describe, 2… the body.
  // An around hook is walked whole: quiet around `example.run`, or not.
  assert.deepEqual(await check(spec('  around { |ex| ex.run }\n  it { get edit_post_path }')), [3]);
  assert.deepEqual(await check(spec('  around { |ex| with_tenant { ex.run } }\n  it { get edit_post_path }')), []);
  assert.deepEqual(await check(spec('  include_context "signed in"\n  it { get edit_post_path }')), []);
  assert.deepEqual(await check(spec('  context "a" do\n    include_context "signed in"\n    it { get edit_post_path }\n  end\n  it { get edit_post_path }')), [6], "only the group that includes it");
  assert.deepEqual(await check(spec('  login_as_admin\n  it { get edit_post_path }')), [], "a macro may add hooks");
  assert.deepEqual(await check(spec('  it do\n    visit_twice\n    get edit_post_path\n  end')), []);
  // A branch that may not run, a loop, a lambda: joined, or unknown after.
  assert.deepEqual(await check(spec('  it do\n    get post_path(1) if ENV["X"]\n    get edit_post_path\n    get posts_path\n    get edit_post_path\n  end')), [6]);
  assert.deepEqual(await check(spec('  it do\n    if ENV["X"]\n      get post_path(1)\n    else\n      get post_path(2)\n    end\n    get edit_post_path\n  end')), [], "both arms recall an id");
  assert.deepEqual(await check(spec('  it do\n    go = -> { get post_path(1) }\n    get posts_path\n    go.call\n    get edit_post_path\n  end')), []);
  // The session's URL options: nothing more in that test.
  assert.deepEqual(await check(spec('  it do\n    default_url_options[:id] = 1\n    get edit_post_path\n  end')), []);
  // A group of another type, or no type outside spec/requests/, is not a request spec.
  assert.deepEqual(await check(spec("  it { get edit_post_path }", ", type: :system")), []);
  assert.deepEqual(await check(spec("  it { get edit_post_path }", ""), { path: "spec/features/posts_spec.rb" }), []);
  // In spec/requests/ with no type: only where rails_helper infers it.
  assert.deepEqual(await check(spec("  it { get edit_post_path }", "")), [2]);
  assert.deepEqual(await check(spec("  it { get edit_post_path }", ""), { support: { "spec/rails_helper.rb": 'require "rspec/rails"\n' } }), []);
  // A controller that sets its own URL options: after a request, what is recalled is not known (before it, it is).
  assert.deepEqual(await check(spec("  it do\n    get edit_post_path\n    get posts_path\n    get edit_post_path\n  end"), { requestUrlOptions: true }), [3]);
  // Per controller (a gem's controller that sets them, rubygems.org's Avo): only after a request to one that may have them.
  const avo = { requestUrlOptions: (controller) => controller === undefined || controller === "admin/users" };
  assert.deepEqual(await check(spec("  it do\n    get posts_path\n    get edit_post_path\n    get admin_users_path\n    get edit_post_path\n  end"), avo), [4]);
  assert.deepEqual(await check(spec('  it do\n    get "/posts"\n    get edit_post_path\n    get "/admin/users"\n    get edit_post_path\n  end'), avo), [4]);
});

test("RSpec request specs: rails_helper's and support files' hooks and modules", async () => {
  const spec = 'RSpec.describe "Posts", type: :request do\n  it do\n    sign_in user\n    get edit_post_path\n    get posts_path\n    get edit_post_path\n  end\n  it { get edit_post_path }\nend\n';
  const helper = (configure, files = {}) => ({ support: { "spec/rails_helper.rb": `require "rspec/rails"\nDir[Rails.root.join("spec/support/**/*.rb")].each { |f| require f }\nRSpec.configure do |config|\n${configure}\nend\n`, ...files } });
  const factoryBot = "  config.include FactoryBot::Syntax::Methods\n  config.include Devise::Test::IntegrationHelpers, type: :request";
  // Devise's sign_in makes no request; `user` is not known here (no let): only the second example.
  assert.deepEqual(await check(spec, helper(factoryBot)), [8]);
  // The app's own sign_in posts to a path: after it, the example's next request says what is recalled.
  const own = { "spec/support/auth.rb": 'module AuthHelpers\n  def sign_in(user)\n    post "/login", params: { email: user.email }\n  end\nend\n' };
  assert.deepEqual(await check(spec.replace("sign_in user", "sign_in create(:user)"), helper(`${factoryBot.split("\n")[0]}\n  config.include AuthHelpers, type: :request`, own)), [6, 8]);
  // Hooks: quiet ones change nothing; one of another type does not reach request specs; one that requests, or :suite.
  assert.deepEqual(await check(spec, helper('  config.before(:each) { DatabaseCleaner.start }\n  config.before(:each, type: :system) { get "/" }\n  config.before(:suite) { get "/" }')), [8]);
  assert.deepEqual(await check(spec, helper('  config.before(:each, type: :request) { get "/" }')), []);
  // Object's own methods make no request (tutor-server: `metadata = self.class.metadata`).
  assert.deepEqual(await check(spec, helper("  config.prepend_before(:all) do\n    metadata = self.class.metadata\n    DatabaseCleaner.strategy = metadata[:js] ? :truncation : :transaction\n  end")), [8]);
  assert.deepEqual(await check(spec, helper("  config.around(:each) { |ex| ex.run }")), [8]);
  assert.deepEqual(await check(spec, helper("  config.around(:each) { |ex| Tenant.switch { ex.run } }")), [8]);
  assert.deepEqual(await check(spec, helper("  config.around(:each) { |ex| with_tenant { ex.run } }")), []);
  // Modules: a gem's adds no hook; one of app/ or lib/ (not read) may.
  assert.deepEqual(await check(spec, helper("  config.include SomeGem::Helpers, type: :request")), [8]);
  assert.deepEqual(await check(spec, { ...helper("  config.include AppHelpers, type: :request"), appModules: ["AppHelpers"] }), []);
  assert.deepEqual(await check(spec, { ...helper("  config.include AppHelpers, type: :feature"), appModules: ["AppHelpers"] }), [8]);
  // A known gem's module is the gem's, whatever the app names its own modules.
  assert.deepEqual(await check(spec, { ...helper("  config.include Warden::Test::Helpers"), appModules: ["Helpers"] }), [8]);
  // No rails_helper at all: not known.
  assert.deepEqual(await check(spec, { support: {} }), []);
});

test("RSpec request specs: tagged hooks, shared groups and matchers of the support files", async () => {
  const helper = (configure, files = {}) => ({ support: { "spec/rails_helper.rb": `require "rspec/rails"\nRSpec.configure do |config|\n${configure}\nend\n`, ...files } });
  // A hook filtered on a tag reaches only the examples (or groups) that have it.
  const tagged = 'RSpec.describe "Posts", type: :request do\n  it { get edit_post_path }\n  it "js", :js do\n    get edit_post_path\n  end\n  context "c", js: true do\n    it { get edit_post_path }\n  end\nend\n';
  assert.deepEqual(await check(tagged, helper('  config.before(:each, :js) { get "/" }')), [2]);
  assert.deepEqual(await check(tagged, helper('  config.before(:each, js: true) { visit "/" }')), [2]);
  assert.deepEqual(await check(tagged, helper("  config.before(:each, :js) { DatabaseCleaner.strategy = :truncation }")), [2, 4, 7]);
  // A hook filtered on several tags reaches only the examples that have all of them, their own or
  // their groups' (rspec-core's hooks filter with `all?`; checked against RSpec: helper-checks/recall's tags_spec.rb);
  // a module included on several reaches those with any, once.
  const twoTags = 'RSpec.describe "Posts", type: :request do\n  it "js", :js do\n    get edit_post_path\n  end\n  context "c", :js do\n    it "slow", slow: true do\n      get edit_post_path\n    end\n    it "again", :js do\n      get edit_post_path\n    end\n  end\nend\n';
  assert.deepEqual(await check(twoTags, helper('  config.before(:each, :js, :slow) { get "/" }')), [3, 10]);
  assert.deepEqual(await check(twoTags, helper('  config.before(:each, js: true, slow: true) { get "/" }')), [3, 10]);
  assert.deepEqual(await check(twoTags, helper('  config.before(:each, :js, type: :request, slow: true) { get "/" }')), [3, 10]);
  assert.deepEqual(await check(twoTags, helper("  config.include Hooked, :js, :slow", { "spec/support/hooked.rb": 'module Hooked\n  extend ActiveSupport::Concern\n  included do\n    before { get "/" }\n  end\nend\n' })), []);
  // `config.include` reaches the groups that match any of its filters (rspec-core's `:any?`;
  // hooks need all): `type: :request, js: true` every request spec, `type: :system, js: true` the
  // tagged ones, `type: :system` none (checked against RSpec: helper-checks/recall's kit_spec.rb).
  const hooked = { "spec/support/hooked.rb": 'module Hooked\n  extend ActiveSupport::Concern\n  included do\n    before { get "/" }\n  end\nend\n' };
  assert.deepEqual(await check(tagged, helper("  config.include Hooked, type: :request, js: true", hooked)), []);
  assert.deepEqual(await check(tagged, helper("  config.include Hooked, type: :system, js: true", hooked)), [2]);
  assert.deepEqual(await check(tagged, helper("  config.include Hooked, :js", hooked)), [2]);
  assert.deepEqual(await check(tagged, helper("  config.include Hooked, type: :system", hooked)), [2, 4, 7]);
  // A shared context of the support files: its hooks where a group includes it, its lets as names.
  const files = {
    "spec/support/shared.rb": 'RSpec.shared_context "signed in" do\n  let(:user) { create(:user) }\n  before { @user = user }\nend\n\nRSpec.shared_context "visited" do\n  before { get "/" }\nend\n\nRSpec::Matchers.define :be_listed do\n  match { |x| x }\nend\n',
  };
  const shared = (name) => `RSpec.describe "Posts", type: :request do\n  include_context "${name}"\n  it do\n    user\n    get edit_post_path\n  end\nend\n`;
  assert.deepEqual(await check(shared("signed in"), helper("  config.include FactoryBot::Syntax::Methods", files)), [5]);
  assert.deepEqual(await check(shared("visited"), helper("", files)), []);
  assert.deepEqual(await check(shared("nowhere"), helper("", files)), []);
  // The file's own shared context; `it_behaves_like` nests a group of its own (its hooks do not reach the group's examples).
  const own = 'RSpec.shared_context "listed" do\n  before { get posts_path }\nend\n\nRSpec.describe "Posts", type: :request do\n  include_context "listed"\n  it_behaves_like "anything"\n  it do\n    expect(1).to be_listed\n    get edit_post_path\n  end\nend\n';
  assert.deepEqual(await check(own, helper("", files)), [10]);
});

test("Minitest: a base class of the support files, Capybara's session and WebMock's stubs", async () => {
  const base = 'require "test_helper"\nrequire "webmock/minitest"\n\nclass IntegrationTest < ActionDispatch::IntegrationTest\n  include Capybara::DSL\n\n  def sign_in_as(user)\n    visit new_session_path\n    fill_in "Email", with: user.email\n    click_on "Sign in"\n  end\nend\n\nclass JavascriptIntegrationTest < IntegrationTest\n  setup { stub_request(:get, /x/) }\nend\n\nclass SlowIntegrationTest < IntegrationTest\n  setup { get "/up" }\nend\n';
  const support = { ...MINITEST, support: { "test/test_helper.rb": TEST_HELPER, "test/integration_test_helper.rb": base } };
  const test = (superclass, body) => `class PostsTest < ${superclass}\n  test "x" do\n${body}\n  end\nend\n`;
  // Capybara's visits go through its own session: the integration session has recalled nothing.
  assert.deepEqual(await check(test("IntegrationTest", "    sign_in_as users(:one)\n    visit edit_post_path"), support), [4]);
  assert.deepEqual(await check(test("JavascriptIntegrationTest", "    within(\"#posts\") { click_on \"Edit\" }\n    visit edit_post_path"), support), [4]);
  // A base class whose setup makes a request; one Routemap does not find.
  assert.deepEqual(await check(test("SlowIntegrationTest", "    visit edit_post_path"), support), []);
  assert.deepEqual(await check(test("OtherIntegrationTest", "    visit edit_post_path"), support), []);
  // Not an integration test: a model's test case, even in test/integration/.
  assert.deepEqual(await check(test("ActiveSupport::TestCase", "    edit_post_path"), support), []);
});

test("A request to a helper's path with a query or a fragment added goes to the helper's route; other text, not known", async () => {
  assert.deepEqual(await check(minitest('    get post_path(1) + "?tab=x"\n    get edit_post_path\n    get posts_path + "#top"\n    get edit_post_path'), MINITEST), [6]);
  assert.deepEqual(await check(minitest('    get "#{post_path(1)}?tab=#{@t}"\n    get edit_post_path\n    get "#{posts_path}"\n    get edit_post_path'), MINITEST), [6]);
  assert.deepEqual(await check(minitest('    get post_path(1) + "?a=1" + "&b=#{@x}"\n    get edit_post_path'), MINITEST), []);
  // The helper inside is checked where it stands.
  assert.deepEqual(await check(minitest('    get edit_post_path + "?a=1"'), MINITEST), [3]);
  // Text that may add a segment leads to another route, or none: what follows is unsaid.
  assert.deepEqual(await check(minitest('    get posts_path + "/1"\n    get edit_post_path'), MINITEST), []);
  assert.deepEqual(await check(minitest('    get posts_path + suffix\n    get edit_post_path'), MINITEST), []);
  assert.deepEqual(await check(minitest('    get "#{posts_path}/1"\n    get edit_post_path'), MINITEST), []);
});

test("shoulda-context: contexts' setup blocks, outermost first, then the should", async () => {
  const shoulda = (body) => ({ ...MINITEST, source: `class PostsTest < ActionDispatch::IntegrationTest\n${body}end\n` });
  const run = async (o) => check(o.source, o);
  // Lines: 1 class, then the body.
  assert.deepEqual(await run(shoulda('  context "a" do\n    should "x" do\n      get edit_post_path\n    end\n  end\n')), [4]);
  assert.deepEqual(await run(shoulda('  context "a" do\n    setup { get post_path(1) }\n    should "x" do\n      get edit_post_path\n    end\n  end\n')), []);
  // A setup written after the should still runs before it; a nested context's after its parent's.
  assert.deepEqual(await run(shoulda('  context "a" do\n    should "x" do\n      get edit_post_path\n    end\n    setup { get post_path(1) }\n    context "b" do\n      setup { get posts_path }\n      should "y" do\n        get edit_post_path\n      end\n    end\n  end\n')), [10]);
  // `before:` runs between the enclosing contexts' setups and the context's own.
  assert.deepEqual(await run(shoulda('  context "a" do\n    setup { get post_path(1) }\n    should "x", before: -> { get posts_path } do\n      get edit_post_path\n    end\n  end\n')), []);
  assert.deepEqual(await run(shoulda('  context "a" do\n    setup { get posts_path }\n    should "x", before: -> { get post_path(1) } do\n      get edit_post_path\n    end\n  end\n')), [5]);
  // A should outside contexts, after the class's setup.
  assert.deepEqual(await run(shoulda('  setup { get post_path(1) }\n  should "x" do\n    get edit_post_path\n  end\n')), []);
  // Code in a context Routemap does not follow is the class's (a macro): nothing is said.
  assert.deepEqual(await run(shoulda('  context "a" do\n    sign_in_everyone\n    should "x" do\n      get edit_post_path\n    end\n  end\n')), []);
  // `test` in a context is Kernel#test: no test.
  assert.deepEqual(await run(shoulda('  context "a" do\n    test "x" do\n      get edit_post_path\n    end\n  end\n')), []);
});

test("A support method defined twice: the definition Ruby calls", async () => {
  // openfoodnetwork: request specs include a module that includes Warden's helpers (`login_as`
  // makes no request); a system-only module prepended by the configuration overrides it there.
  const spec = 'RSpec.describe "Posts", type: :request do\n  include AuthenticationHelper\n  it do\n    login_as user\n    get edit_post_path\n  end\nend\n';
  const support = (configure, extra = {}) => ({
    support: {
      "spec/rails_helper.rb": `require "rspec/rails"\nDir[Rails.root.join("spec/support/**/*.rb")].each { |f| require f }\nRSpec.configure do |config|\n${configure}\nend\n`,
      "spec/support/authentication_helper.rb": "module AuthenticationHelper\n  include Warden::Test::Helpers\nend\n",
      "spec/system/support/request_scoped_login.rb": 'module RequestScopedLogin\n  def login_as(user)\n    page.driver.add_header("X", user.id)\n  end\nend\n',
      ...extra,
    },
  });
  const user = "  config.include FactoryBot::Syntax::Methods";
  assert.deepEqual(await check(spec.replace("login_as user", "login_as create(:user)"), support(`${user}\n  config.prepend RequestScopedLogin, type: :system`)), [5]);
  // Given to request specs too (or to every spec), or included by the spec itself: either may run, not known.
  assert.deepEqual(await check(spec.replace("login_as user", "login_as create(:user)"), support(`${user}\n  config.prepend RequestScopedLogin`)), []);
  assert.deepEqual(await check(spec.replace("login_as user", "login_as create(:user)").replace("include AuthenticationHelper", "include RequestScopedLogin"), support(`${user}\n  config.prepend RequestScopedLogin, type: :system`)), []);
  // Two definitions in one module of one file: the later replaces the earlier.
  const twice = { "spec/support/auth.rb": 'module AuthHelpers\n  def sign_in(user)\n    get "/x#{user}"\n  end\n\n  def sign_in(user)\n    @user = user\n  end\nend\n' };
  const signIn = 'RSpec.describe "Posts", type: :request do\n  it do\n    sign_in 1\n    get edit_post_path\n  end\nend\n';
  assert.deepEqual(await check(signIn, support(`  config.include AuthHelpers, type: :request`, twice)), [4]);
  // In two files (which loads last is not read), both are kept: not known.
  const apart = { "spec/support/auth.rb": 'module AuthHelpers\n  def sign_in(user)\n    get "/x#{user}"\n  end\nend\n', "spec/support/auth2.rb": "module AuthHelpers\n  def sign_in(user)\n    @user = user\n  end\nend\n" };
  assert.deepEqual(await check(signIn, support(`  config.include AuthHelpers, type: :request`, apart)), []);
});

test("A gem's module the test helper includes: its methods read from the installed gem", async () => {
  // publisher's shape: test_helper's setup calls gds-api-adapters' `stub_any_publishing_api_call`, which stubs with WebMock.
  const helper = 'require "webmock/minitest"\nrequire "gds_api/test_helpers/publishing_api"\nclass ActiveSupport::TestCase\n  include WebMock::API\n  include GdsApi::TestHelpers::PublishingApi\n  setup do\n    stub_any_publishing_api_call\n  end\nend\n';
  const o = { path: "test/integration/posts_test.rb", support: { "test/test_helper.rb": TEST_HELPER + helper } };
  const gem = (body) => ({ "/gems/gds-api-adapters/lib/gds_api/test_helpers/publishing_api.rb": `module GdsApi\n  module TestHelpers\n    module PublishingApi\n      include ContentItemHelpers\n\n${body}\n    end\n  end\nend\n` });
  // Not read: not known whether it makes a request or sets URL options, so nothing is said.
  assert.deepEqual(await check(minitest("    get edit_post_path"), o), []);
  assert.deepEqual(await check(minitest("    get edit_post_path"), { ...o, gemModules: gem('      def stub_any_publishing_api_call\n        stub_request(:any, %r{\\A#{ENDPOINT}})\n      end') }), [3]);
  // A method of the gem that calls what Routemap does not know stays unknown.
  assert.deepEqual(await check(minitest("    get edit_post_path"), { ...o, gemModules: gem("      def stub_any_publishing_api_call\n        stub_content_item_calls\n      end") }), []);
  // A gem's module Routemap models keeps what it knows of it, whatever its file's bodies call.
  const devise = { "/gems/devise/lib/devise/test/integration_helpers.rb": "module Devise\n  module Test\n    module IntegrationHelpers\n      def sign_in(resource, scope: nil)\n        login_as(resource, scope: scope)\n      end\n    end\n  end\nend\n" };
  const spec = 'RSpec.describe "Posts", type: :request do\n  it do\n    sign_in 1\n    get edit_post_path\n  end\nend\n';
  const rails = { "spec/rails_helper.rb": 'require "rspec/rails"\nRSpec.configure do |config|\n  config.include Devise::Test::IntegrationHelpers, type: :request\nend\n' };
  assert.deepEqual(await check(spec, { support: rails, gemModules: devise }), [4]);
});

// ActiveSupport::Concern's `included do … end` in a gem's test module runs in the test class (or
// example group) that includes it, as in the app's own modules: its hooks run before each test,
// its `let`s are methods a test may call, and the modules it includes are included there too.
test("A gem's module's `included do … end`: its hooks, lets and modules, read as the app's modules' are", async () => {
  const rails = (include) => ({ "spec/rails_helper.rb": `require "rspec/rails"\nrequire "kit/request_helpers"\nRSpec.configure do |config|\n  config.include ${include}, type: :request\nend\n` });
  const kit = (body, extra = "") => ({ "/gems/kit/lib/kit/request_helpers.rb": `module Kit\n  module RequestHelpers\n    extend ActiveSupport::Concern\n\n    included do\n${body}\n    end\n  end\nend\n${extra}` });
  const spec = (body) => `RSpec.describe "Posts", type: :request do\n  it do\n${body}\n  end\nend\n`;
  const o = (body, extra) => ({ support: rails("Kit::RequestHelpers"), gemModules: kit(body, extra) });
  // A `let` of the module: a name the example may call, followed as the example's own lets are.
  assert.deepEqual(await check(spec("    author\n    get edit_post_path"), o('      let(:author) { "ann" }')), [4]);
  assert.deepEqual(await check(spec("    author\n    get edit_post_path"), o('      let(:author) { get "/posts/1" }')), []);
  // Not read (no gem file given): `author` is a name Routemap does not know, and nothing after it is checked.
  assert.deepEqual(await check(spec("    author\n    get edit_post_path"), { support: rails("Kit::RequestHelpers") }), []);
  // A hook that makes a request: the example starts after it (Rails recalls /posts/1's id), not with nothing recalled.
  assert.deepEqual(await check(spec("    get edit_post_path"), o('      before { get "/posts/1" }')), []);
  assert.deepEqual(await check(spec("    get edit_post_path"), o("      before { @kit = true }")), [3]);
  assert.deepEqual(await check(spec("    get edit_post_path"), o("      let!(:seen) { get post_path(1) }")), []);
  // A module it includes there: its hooks and methods are the example's.
  const paths = "module Kit\n  module Paths\n    extend ActiveSupport::Concern\n    included do\n      before { get \"/posts/1\" }\n    end\n\n    def home\n      get \"/\"\n    end\n  end\nend\n";
  assert.deepEqual(await check(spec("    get edit_post_path"), o("      include Kit::Paths", paths)), []);
  assert.deepEqual(await check(spec("    get edit_post_path"), o("      include Kit::Paths", paths.replace('get "/posts/1"', "@x = 1"))), [3]);
  // Minitest: `setup :name` of the module runs that method before each test.
  const minitestKit = (body) => ({ "/gems/kit/lib/kit/request_helpers.rb": `module Kit\n  module RequestHelpers\n    extend ActiveSupport::Concern\n    included do\n      setup :reset_kit\n    end\n\n    def reset_kit\n${body}\n    end\n  end\nend\n` });
  const helper = { "test/test_helper.rb": `${TEST_HELPER}require "kit/request_helpers"\nclass ActionDispatch::IntegrationTest\n  include Kit::RequestHelpers\nend\n` };
  assert.deepEqual(await check(minitest("    get edit_post_path"), { ...MINITEST, support: helper, gemModules: minitestKit("      @kit = nil") }), [3]);
  assert.deepEqual(await check(minitest("    get edit_post_path"), { ...MINITEST, support: helper, gemModules: minitestKit('      get "/posts/1"') }), []);
  // A `def self.included(base)` hook (`base.class_eval { … }`) is not followed: nothing is said.
  const selfIncluded = { "/gems/kit/lib/kit/request_helpers.rb": "module Kit\n  module RequestHelpers\n    def self.included(base)\n      base.setup { get \"/posts/1\" }\n    end\n  end\nend\n" };
  assert.deepEqual(await check(minitest("    get edit_post_path"), { ...MINITEST, support: helper, gemModules: selfIncluded }), []);
});

// Ruby's own hook, `def self.included(base)`, in the app's support module (rubygems.org's
// SearchKickHelper) or a gem's: its `base.setup :name`, `base.teardown`, `base.include` and
// `base.class_eval do … end` are followed as an `included do … end` block's statements.
test("A module's `def self.included(base)`: base.setup, base.include and base.class_eval followed", async () => {
  const helper = (included) => ({ ...MINITEST, support: { "test/test_helper.rb": `${TEST_HELPER}require "helpers/es_helper"\n`, "test/helpers/es_helper.rb": `module SearchKickHelper\n  def self.included(base)\n${included}\n  end\n\n  def enable_callbacks\n    Searchkick.enable_callbacks\n    Rubygem.reindex\n  end\n\n  def visit_home\n    get "/"\n  end\nend\n` } });
  const test = minitest("    get edit_post_path", "  include SearchKickHelper\n");
  // Lines: 1 class, 2 include, 3 test, 4 the call.
  assert.deepEqual(await check(test, helper("    base.setup :enable_callbacks\n    base.teardown :disable_callbacks")), [4]);
  assert.deepEqual(await check(test, helper("    super\n    base.extend ClassMethods\n    base.class_eval do\n      setup :enable_callbacks\n    end")), [4]);
  // A hook that makes a request, or one Routemap does not follow: nothing is said.
  assert.deepEqual(await check(test, helper("    base.setup :visit_home")), []);
  assert.deepEqual(await check(test, helper("    base.send(:setup, :visit_home)")), []);
  assert.deepEqual(await check(test, helper("    base.setup :enable_callbacks if base < ActionDispatch::IntegrationTest")), []);
});

// Tests defined in a loop over literal data (publisher's `slug_prefix_for_kind.each do |kind, prefix|
// should … end`, rubygems.org's `[[:github, …], …].each do |name, …| context … end`): each pass
// defines the same tests; they are walked once, the block's parameters unknown values.
test("Tests defined in a loop over literal data are walked; over data that may be empty, not", async () => {
  const cls = (body) => `class PostsTest < ActionDispatch::IntegrationTest\n${body}end\n`;
  // Lines: 1 class, 2 the data, 3 the loop, 4 the test, 5 the call.
  assert.deepEqual(await check(cls('  kinds = [%w[help help/], %w[done done/]] + %w[answer guide].map { |k| [k, ""] }\n  kinds.each do |kind, prefix|\n    test "x #{kind}" do\n      get edit_post_path\n      get edit_post_path(kind)\n      get post_comments_path\n    end\n  end\n'), MINITEST), [5, 7]);
  assert.deepEqual(await check(cls('  [[:github, "K"]].each do |name, key|\n    context "from #{name}" do\n      setup { @key = key }\n      should "deny" do\n        get edit_post_path\n      end\n    end\n  end\n'), MINITEST), [6]);
  // A setup in the loop that requests runs before every test of the class, in the loop or not.
  assert.deepEqual(await check(cls('  %w[a].each do |k|\n    setup { get post_path(1) }\n  end\n  test "y" do\n    get edit_post_path\n  end\n'), MINITEST), []);
  // A constant, or a local set by a method: maybe empty, maybe no test at all.
  assert.deepEqual(await check(cls('  KINDS.each do |kind|\n    test "x #{kind}" do\n      get edit_post_path\n    end\n  end\n'), MINITEST), []);
  assert.deepEqual(await check(cls('  kinds = Kind.names\n  kinds.each do |kind|\n    test "x #{kind}" do\n      get edit_post_path\n    end\n  end\n'), MINITEST), []);
  assert.deepEqual(await check(cls('  [].each do |kind|\n    test "x" do\n      get edit_post_path\n    end\n  end\n'), MINITEST), []);
  // RSpec: examples in a loop in a group.
  assert.deepEqual(await check('RSpec.describe "Posts", type: :request do\n  %i[json html].each do |format|\n    it "x" do\n      get edit_post_path(format: format)\n    end\n  end\nend\n'), [4]);
});

test("Mocha's mocks and matchers, included by mocha/minitest, make no request", async () => {
  const helper = 'require "mocha/minitest"\nclass ActiveSupport::TestCase\n  def stub_events\n    Services.api.stubs(:events).with(regexp_matches(/x/)).returns([])\n  end\nend\n';
  const o = { path: "test/integration/posts_test.rb", support: { "test/test_helper.rb": TEST_HELPER + helper } };
  assert.deepEqual(await check(minitest("    stub_events\n    get edit_post_path"), o), [4]);
  assert.deepEqual(await check(minitest("    stub_events\n    get edit_post_path"), { ...o, support: { "test/test_helper.rb": TEST_HELPER + helper.replace('require "mocha/minitest"\n', "") } }), []);
});

test("rspec-mocks' argument matchers in a support helper's stub (`with(token, any_args)`) make no request", async () => {
  const spec = 'RSpec.describe "Posts", type: :request do\n  it do\n    get edit_post_path\n  end\nend\n';
  const support = {
    "spec/rails_helper.rb": 'require "rspec/rails"\nDir[Rails.root.join("spec/support/**/*.rb")].each { |f| require f }\nRSpec.configure do |config|\n  config.include StubHelper\n  config.before(:each) { stub_header }\nend\n',
    "spec/support/stub_helper.rb": "module StubHelper\n  def stub_header\n    allow(HeaderApi).to receive(:fetch).with(\"token\", any_args).and_return(nil)\n  end\nend\n",
  };
  assert.deepEqual(await check(spec, { support }), [3]);
});

test("Routes a support file's hook draws into the app's set (`routes.draw`, `send(:eval_block, proc { … })`) make no request; the DSL's `default_url_options` may change URLs", async () => {
  const spec = 'RSpec.describe "Posts", type: :request do\n  it do\n    get edit_post_path\n  end\nend\n';
  const support = (body) => ({
    "spec/rails_helper.rb": `require "rspec/rails"\nRSpec.configure do |config|\n  config.before(:all, type: :request) do\n${body}\n  end\nend\n`,
  });
  // apply-for-qualified-teacher-status' request specs' support file.
  const evalBlock = "    Rails.application.routes.send(\n      :eval_block,\n      proc do\n        namespace :test do\n          resource :session, only: %i[create]\n        end\n      end,\n    )";
  assert.deepEqual(await check(spec, { support: support(evalBlock) }), [3]);
  assert.deepEqual(await check(spec, { support: support('    Rails.application.routes.draw do\n      get "x", to: "x#y"\n    end') }), [3]);
  assert.deepEqual(await check(spec, { support: support('    Rails.application.routes.append { default_url_options host: "x.org" }') }), []);
});
