ENV["RAILS_ENV"] ||= "test"
require_relative "../config/environment"
require "rspec/rails"
require "kit/request_helpers"
require "kit/book_session"

Dir[File.join(__dir__, "support", "**", "*.rb")].sort.each { |f| require f }

RSpec.configure do |config|
  config.infer_spec_type_from_file_location!
  config.include SessionHelpers, type: :request
  config.include SearchReindex, type: :request
  # A gem's modules: their `included do … end` hooks, lets and modules reach the specs they are given to.
  config.include Kit::RequestHelpers, type: :request
  # RSpec includes a module into the groups that match any of its filters (hooks need all):
  # feature specs, and the groups tagged `kit_book`, request specs among them.
  config.include Kit::BookSession, type: :feature, kit_book: true
  # Quiet: it makes no request and sets no URL option.
  config.before(:each, type: :request) { @started_at = Time.now }
  # A hook filtered on several tags reaches only the examples that have all of them (rspec-core's
  # hooks match with `all?`, unlike `config.include`): a request to a book before each.
  config.before(:each, :kit_js, kit_slow: true) { get "/books/3" }
  # Reaches only system specs, of which this app has none.
  config.before(:each, type: :system) { get "/posts/1" }
end
