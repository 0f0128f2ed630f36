module PolicyRoutes
  PATHS = %w[terms privacy].freeze
end
