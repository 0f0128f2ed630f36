# What each kind of constraint does to the routes it constrains (the known side of
# shared-mapper/test/unknownConstraints.test.mjs, which writes each constraint below as a value
# Routemap cannot compute and expects the same names, paths and endpoints).
class AdminConstraint
  def self.matches?(request)
    request.subdomain == "admin"
  end
end
SEPARATE_ADMIN_HOST = "admin.example.com"

Rails.application.routes.draw do
  constraints({ host: SEPARATE_ADMIN_HOST }.compact) do
    namespace :admin do
      resources :users, only: [:index, :show]
    end
  end
  constraints(host: /admin/) do
    get "regexp_host/:id", to: "pages#show", as: :regexp_host
  end
  constraints(AdminConstraint) do
    get "dashboard", to: "dashboard#show"
    resources :reports, only: :show
  end
  constraints(lambda { |request| request.xhr? }) do
    get "xhr", to: "pages#xhr"
  end
  constraints(subdomain: "api", format: /json/) do
    get "api_status", to: "status#show"
  end
  constraints(id: /\d+/) do
    get "numbers/:id", to: "numbers#show", as: :number
  end
  scope constraints: { locale: /en|fr/ } do
    get ":locale/about", to: "pages#about", as: :about
  end
  scope constraints: AdminConstraint do
    get "scoped", to: "pages#scoped"
  end
  resources :photos, constraints: { id: /[A-Z]\d+/ }, only: :show
  resources :albums, constraints: AdminConstraint, only: [:index, :show]
  get "route_level/:id", to: "pages#route_level", as: :route_level, constraints: { id: /\d+/, host: "www.example.com" }
  get "route_object", to: "pages#route_object", constraints: AdminConstraint
  get "plain", to: "pages#plain"
end
