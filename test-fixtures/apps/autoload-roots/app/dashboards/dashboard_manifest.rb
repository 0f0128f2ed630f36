class DashboardManifest
  DASHBOARDS = [:owners, :repos].freeze
  ROOT_DASHBOARD = :owners
end
