module Pages
  EXTRA = %w[delta].freeze
end
