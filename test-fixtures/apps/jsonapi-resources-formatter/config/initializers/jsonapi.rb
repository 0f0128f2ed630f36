# A route format of the app's own: jsonapi-resources takes the class "#{format.to_s.camelize}Formatter".
JSONAPI.configure do |config|
  config.route_format = :kebab_route
end
