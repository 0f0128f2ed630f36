# routing-filter's `filter` (catarse/catarse's config/routes.rb writes `filter :locale, exclude: /\/auth\//`):
# filters beside the route set, which rewrite paths around recognition and generation. The table is the same.
Rails.application.routes.draw do
  filter :locale, exclude: /\/auth\//
  filter :pagination, :uuid
  root "projects#index"
  resources :projects, only: %i[index show] do
    resources :rewards, only: :index
  end
  scope "(:locale)", locale: /en|pt/ do
    filter :extension
    get "about", to: "pages#about"
  end
end
