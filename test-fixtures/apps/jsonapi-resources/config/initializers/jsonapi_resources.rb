JSONAPI.configure do |config|
  config.default_paginator = :offset
  config.default_page_size = 10
end
