# `Devise.omniauth_providers` read by the routes (gitlab's config/routes/import.rb loops over it).
Rails.application.routes.draw do
  devise_for :users

  Devise.omniauth_providers.map(&:downcase).each do |provider|
    get "/users/auth/-/import/#{provider}/callback", to: "import/#{provider}#callback", as: "users_import_#{provider}_callback"
  end
  get "providers", to: "providers#index", defaults: { list: Devise.omniauth_providers.inspect, count: Devise.omniauth_providers.size }
end
