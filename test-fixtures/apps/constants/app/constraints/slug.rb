class Slug
  FORMAT = Patterns::ROUTE_PATTERN
end
