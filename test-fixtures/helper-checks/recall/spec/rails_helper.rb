ENV["RAILS_ENV"] ||= "test"
require_relative "../config/environment"
require "rspec/rails"

Dir[File.join(__dir__, "support", "**", "*.rb")].sort.each { |f| require f }

RSpec.configure do |config|
  config.infer_spec_type_from_file_location!
  config.include SessionHelpers, type: :request
  # Quiet: it makes no request and sets no URL option.
  config.before(:each, type: :request) { @started_at = Time.now }
  # Reaches only system specs, of which this app has none.
  config.before(:each, type: :system) { get "/posts/1" }
end
