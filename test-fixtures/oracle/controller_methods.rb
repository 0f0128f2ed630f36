# frozen_string_literal: true
# Prints the public and protected instance methods a controller of a booted app inherits from
# ActionController::Base and ActionController::API (Ruby's, ActiveSupport's and Rails' own, not
# the app's route helpers): what Rails 7.1's `routes --unused` counts as an action's method.
# Only names a route's action could be (plain identifiers). Then the class methods, public and
# private, ActionController::Base has (API's are a subset): what a controller's class body may call
# without a gem or the app defining it (`before_action`, `protect_from_forgery`, `include`).
# Usage: ruby controller_methods.rb
require "rails/all"
require "logger"

class ControllerMethodsApp < Rails::Application
  config.eager_load = false
  config.logger = Logger.new(nil)
  config.secret_key_base = "0" * 64
end
ENV["DATABASE_URL"] = "sqlite3::memory:"
Rails.application.initialize!
helpers = Rails.application.routes.named_routes.helper_names.map(&:to_s)
names = ->(klass) { (klass.instance_methods.map(&:to_s) - helpers).grep(/\A[a-z_][a-zA-Z0-9_]*\z/).sort }
puts "base: #{names.(ActionController::Base).join(" ")}"
puts "api: #{names.(ActionController::API).join(" ")}"
class_methods = (ActionController::Base.methods + ActionController::Base.private_methods).map(&:to_s)
puts "class: #{class_methods.grep(/\A[a-z_][a-zA-Z0-9_]*\z/).uniq.sort.join(" ")}"
