API_VERSIONS = { v1: %i[users posts], v2: %i[users] }.freeze
Rails.application.routes.draw do
  API_VERSIONS.each do |version, names|
    namespace version do
      names.each { |n| resources n, only: :index }
    end
  end
end
