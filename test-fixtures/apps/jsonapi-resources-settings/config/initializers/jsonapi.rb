JSONAPI.configure do |settings|
  settings.route_format = :underscored_route
  settings.resource_key_type = :uuid
end
