# Rails loads config/application.rb from here once: its `after_initialize` blocks keep their routes once.
require_relative "application"

Rails.application.initialize!
