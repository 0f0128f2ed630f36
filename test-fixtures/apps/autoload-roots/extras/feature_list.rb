module FeatureList
  ALL = %w[search export].freeze
end
