// jsonapi-resources' routing methods (gems/jsonapiResources.ts) where the app's resource
// classes cannot be read whole: what is drawn, what is said at the call, and which names are
// left open. What the gem draws where they can be read is checked against the real gem on
// test-fixtures/apps/jsonapi-resources* (server/test/apps.test.mjs; goldens by
// scripts/oracle.mjs --gem-source). Expectations: shared-mapper/test/expect/jsonapi-resources.txt
// (UPDATE_EXPECT=1 rewrites it).
import { test } from "node:test";
import { join } from "node:path";
import { expectText, mapper, renderAnnotated } from "./helpers.mjs";

const EXPECT = join(import.meta.dirname, "expect", "jsonapi-resources.txt");

/** Each case: the routes (inside `draw`), the app's files, and the gem's version (0.10.7 unless given). */
const CASES = [
  {
    name: "a resource class that is not where the autoloader looks: its routes are left out, its scope's names open",
    routes: `namespace :api do\n  jsonapi_resources :widgets\n  jsonapi_resources :gadgets\nend`,
    files: { "app/resources/api/gadget_resource.rb": "class Api::GadgetResource < JSONAPI::Resource\n  immutable\nend" },
  },
  {
    name: "a class body Routemap does not follow (an include, a method the gem lacks, a condition), named at its line",
    routes: `jsonapi_resources :widgets\njsonapi_resources :gadgets\njsonapi_resources :tools`,
    files: {
      "app/resources/widget_resource.rb": "class WidgetResource < JSONAPI::Resource\n  include Sharing\nend",
      "app/resources/gadget_resource.rb": "class GadgetResource < JSONAPI::Resource\n  immutable if ENV['RO']\nend",
      "app/resources/tool_resource.rb": "class ToolResource < JSONAPI::Resource\n  def self._immutable = true\nend",
    },
  },
  {
    name: "included modules: a hook Routemap does not run, a concern's class_methods of a name the routes read, a module not found",
    routes: `jsonapi_resources :widgets\njsonapi_resources :gadgets\njsonapi_resources :tools`,
    files: {
      "app/resources/widget_resource.rb": "class WidgetResource < JSONAPI::Resource\n  include Hooked\nend",
      "app/resources/hooked.rb": "module Hooked\n  def self.included(base)\n    base.immutable\n  end\nend",
      "app/resources/gadget_resource.rb": "class GadgetResource < JSONAPI::Resource\n  include Frozen\nend",
      "app/resources/frozen.rb": "module Frozen\n  extend ActiveSupport::Concern\n  class_methods do\n    def _immutable\n      true\n    end\n  end\nend",
      "app/resources/tool_resource.rb": "class ToolResource < JSONAPI::Resource\n  include Missing::Thing\nend",
    },
  },
  {
    name: "a module that may change only the relationships: the resource's own routes are drawn, its relationship routes left out",
    routes: `jsonapi_resources :widgets\njsonapi_resources :gadgets do\n  jsonapi_link :owner\n  jsonapi_related_resource :owner\nend`,
    files: {
      "app/resources/widget_resource.rb": "class WidgetResource < JSONAPI::Resource\n  include Linked\n  immutable\nend",
      "app/resources/linked.rb": "module Linked\n  extend ActiveSupport::Concern\n  included do\n    has_many(*LINKS)\n  end\nend",
      "app/resources/gadget_resource.rb": "class GadgetResource < JSONAPI::Resource\n  include Owned\nend",
      "app/resources/owned.rb": "module Owned\n  extend ActiveSupport::Concern\n  class_methods do\n    def _relationships\n      super.merge(owner: nil)\n    end\n  end\nend",
    },
  },
  {
    name: "what changes no route is passed over: `class << self` of other methods, a lambda beside class_name:, callbacks, filters",
    routes: `jsonapi_resources :widgets`,
    files: {
      "app/resources/widget_resource.rb":
        "class WidgetResource < JSONAPI::Resource\n  immutable\n  attributes :name, :size\n  filter :size, apply: ->(records, value, _options) { records.where(size: value) }\n  before_save { @model.touch }\n  has_one :maker, class_name: 'Company', apply_join: ->(records, *) { records }\n\n  class << self\n    def records(options = {})\n      super.visible\n    end\n  end\nend",
      "app/resources/company_resource.rb": "class CompanyResource < JSONAPI::Resource\nend",
    },
  },
  {
    name: "a superclass the app does not define (a gem's): unknown",
    routes: `jsonapi_resources :widgets`,
    files: { "app/resources/widget_resource.rb": "class WidgetResource < Authorization::Resource\nend" },
  },
  {
    name: "a relationship's class_name Routemap cannot read: only its related route is left out",
    routes: `jsonapi_resources :widgets`,
    files: {
      "app/resources/widget_resource.rb": "class WidgetResource < JSONAPI::Resource\n  immutable\n  has_one :owner, class_name: OWNER_CLASS\n  has_many :parts\nend",
      "app/resources/part_resource.rb": "class PartResource < JSONAPI::Resource\nend",
    },
  },
  {
    name: "a related class that is not there: Rails would raise NameError unless it is defined elsewhere; its route is left out, said",
    routes: `jsonapi_resources :widgets`,
    files: { "app/resources/widget_resource.rb": "class WidgetResource < JSONAPI::Resource\n  immutable\n  has_many :parts\nend" },
  },
  {
    name: "a route format the app's own formatter gives, or one not read: every path is unknown",
    routes: `jsonapi_resources :widgets`,
    files: {
      "config/application.rb": "",
      "config/initializers/jsonapi.rb": "JSONAPI.configure do |config|\n  config.route_format = :kebab_route\nend",
      "app/resources/widget_resource.rb": "class WidgetResource < JSONAPI::Resource\nend",
    },
  },
  {
    name: "the app's own formatter whose format Routemap cannot compute (a value of the running app): every path is unknown, said",
    routes: `jsonapi_resources :widgets\nresources :Gears, controller: "gears", only: [] do\n  resources :teeth, only: :index\nend`,
    files: {
      "config/application.rb": "",
      "config/initializers/jsonapi.rb": "JSONAPI.configure do |config|\n  config.route_format = :prefixed_route\nend",
      "app/formatters/prefixed_route_formatter.rb":
        "class PrefixedRouteFormatter < JSONAPI::RouteFormatter\n  class << self\n    def format(route)\n      \"#{Rails.application.credentials.prefix}#{super}\"\n    end\n\n    def unformat(route)\n      route.to_s.downcase\n    end\n  end\nend",
      "app/resources/widget_resource.rb": "class WidgetResource < JSONAPI::Resource\nend",
    },
  },
  {
    name: "the app's formatter loops without end: its paths are unknown after the formatter's own steps, said once; the rest of the table is drawn",
    routes: `jsonapi_resources :widgets\njsonapi_resources :gadgets\nresources :gears, only: :index`,
    files: {
      "config/application.rb": "",
      "config/initializers/jsonapi.rb": "JSONAPI.configure do |config|\n  config.route_format = :prefixed_route\nend",
      "app/formatters/prefixed_route_formatter.rb": "class PrefixedRouteFormatter < JSONAPI::RouteFormatter\n  class << self\n    def format(route)\n      loop { route = route.to_s + \"-\" }\n      route\n    end\n\n    def unformat(route)\n      route.to_s\n    end\n  end\nend",
      "app/resources/widget_resource.rb": "class WidgetResource < JSONAPI::Resource\nend",
      "app/resources/gadget_resource.rb": "class GadgetResource < JSONAPI::Resource\nend",
    },
  },
  {
    name: "the app's formatter raises after a statement, or recurses without end: Ruby gets no value, so neither does Routemap (not the value of the statements after)",
    routes: `jsonapi_resources :widgets\nresources :Gears, controller: "gears", only: [] do\n  resources :teeth, only: :index\nend`,
    files: {
      "config/application.rb": "",
      "config/initializers/jsonapi.rb": "JSONAPI.configure do |config|\n  config.route_format = :prefixed_route\nend",
      "app/formatters/prefixed_route_formatter.rb": "class PrefixedRouteFormatter < JSONAPI::RouteFormatter\n  class << self\n    def format(route)\n      raise ArgumentError, \"bad route\" if route.to_s.end_with?(\"s\")\n      route.to_s\n    end\n\n    def unformat(route)\n      unformat(route)\n    end\n  end\nend",
      "app/resources/widget_resource.rb": "class WidgetResource < JSONAPI::Resource\nend",
    },
  },
  {
    name: "camelized route format; a local that is not the configuration is not read",
    routes: `jsonapi_resources :line_items`,
    files: {
      "config/application.rb": "",
      "config/initializers/jsonapi.rb": "JSONAPI.configure do |config|\n  config.route_format = :camelized_route\nend\nother = Struct.new(:route_format).new\nother.route_format = :dasherized_route",
      "app/resources/line_item_resource.rb": "class LineItemResource < JSONAPI::Resource\n  immutable\n  has_many :price_tags\nend",
      "app/resources/price_tag_resource.rb": "class PriceTagResource < JSONAPI::Resource\nend",
    },
  },
  {
    name: "0.9 names the related actions get_related_resource(s)",
    version: "0.9.12",
    routes: `jsonapi_resources :widgets`,
    files: {
      "app/resources/widget_resource.rb": "class WidgetResource < JSONAPI::Resource\n  immutable\n  has_one :part\n  has_many :parts\nend",
      "app/resources/part_resource.rb": "class PartResource < JSONAPI::Resource\nend",
    },
  },
  {
    name: "jsonapi_resource given a Symbol except: Ruby's NoMethodError, as the gem appends to it",
    routes: `jsonapi_resource :profile, except: :destroy`,
    files: { "app/resources/profile_resource.rb": "class ProfileResource < JSONAPI::Resource\n  singleton\nend" },
  },
  {
    name: "jsonapi_related_resource of a String, or of a relationship the class lacks: nil._routed=",
    routes: `jsonapi_resources :widgets do\n  jsonapi_related_resource "part"\n  jsonapi_related_resource :nothing\nend`,
    files: { "app/resources/widget_resource.rb": "class WidgetResource < JSONAPI::Resource\n  has_one :part\nend", "app/resources/part_resource.rb": "class PartResource < JSONAPI::Resource\nend" },
  },
  {
    name: "without jsonapi-resources in Gemfile.lock, the methods are unknown",
    gems: { rails: "6.1.7" },
    routes: `jsonapi_resources :widgets`,
    files: { "app/resources/widget_resource.rb": "class WidgetResource < JSONAPI::Resource\nend" },
  },
];

test("jsonapi-resources: what Routemap draws and says where a resource class cannot be read whole", { timeout: 30_000 }, async () => {
  const m = await mapper();
  const parts = [];
  for (const c of CASES) {
    const entry = "/app/config/routes.rb";
    const text = `Rails.application.routes.draw do\n${c.routes}\nend`;
    const files = { [entry]: text, ...Object.fromEntries(Object.entries(c.files).map(([p, t]) => [`/app/${p}`, t])) };
    const gems = c.gems ?? { rails: "6.1.7", "jsonapi-resources": c.version ?? "0.10.7" };
    const result = m.map({ entry, files, options: { railsVersion: "6.1", rubyVersion: "3.1", gems } });
    parts.push(renderAnnotated(c.name, result, entry, text));
  }
  expectText(EXPECT, parts.join("\n\n") + "\n");
});
