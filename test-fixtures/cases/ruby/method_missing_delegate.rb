# Flags answered by `method_missing` (laa-submit-crime-forms' FeatureFlags, a Singleton whose class
# delegates `method_missing` to its instance), and ActiveSupport's `delegate` with `to:` a method,
# an instance variable and a constant, `prefix:` and `allow_nil:`.
require "singleton"

class FeatureFlags
  include Singleton

  def method_missing(name, *args)
    name == :beta
  end

  def respond_to_missing?(name, include_private = false) = true

  class << self
    delegate :method_missing, :respond_to?, to: :instance
  end
end

class Plain
  def self.method_missing(name, *args)
    name.to_s.end_with?("_path") ? "/#{name.to_s.delete_suffix("_path")}" : super
  end
end

module Settings
  DEFAULTS = { "prefix" => "admin" }.freeze
end

class Site
  attr_reader :owner

  delegate :fetch, to: :defaults
  delegate :upcase, to: :@name, prefix: :name
  delegate :size, to: :owner, allow_nil: true
  delegate :key?, to: "Settings::DEFAULTS"

  def initialize(name)
    @name = name
    @owner = nil
  end

  def defaults = { "area" => "reports" }
end

Rails.application.routes.draw do
  if FeatureFlags.beta
    get "login", to: "home#dev_login"
  else
    get "login", to: "errors#unauthorized"
  end
  get "alpha", to: "home#alpha" if FeatureFlags.alpha
  get Plain.reports_path, to: "reports#index"
  site = Site.new("docs")
  get site.fetch("area"), to: "areas#show", as: :area
  get site.name_upcase, to: "docs#index", as: :docs
  get "owner", to: "owners#show", defaults: { size: site.size.inspect }
  get "admin", to: "admin#index" if site.key?("prefix")
  get "other", to: "admin#other" if site.key?("other")
end
