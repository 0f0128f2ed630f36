# Route patterns shared by the routes and the models' validations.
module Patterns
  ROUTE_PATTERN = /[A-Za-z0-9_.\-]+/
  USERNAME = /[a-z][a-z0-9]{2,15}/i
  SECTIONS = %w[news sports weather].freeze

  module Api
    VERSION = "v2"
  end
end
