# The engines' route helpers in the specs of a tag (trade-tariff-backend's): receiver-less there.
RSpec.configure do |config|
  config.include V2Api.routes.url_helpers, v2: true
end
