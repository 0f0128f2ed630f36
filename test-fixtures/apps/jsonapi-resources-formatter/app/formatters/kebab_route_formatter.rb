# The app's route formatter: lower-case words joined by dashes, read back with underscores.
class KebabRouteFormatter < JSONAPI::RouteFormatter
  class << self
    def format(route)
      super.underscore.tr("_", "-")
    end

    def unformat(formatted_route)
      formatted_route.to_s.tr("-", "_").downcase
    end
  end
end
