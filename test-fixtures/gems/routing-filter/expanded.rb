# routes.rb without its `filter` calls: routing-filter's Mapper#filter is `@set.add_filters(*args)`
# (lib/routing_filter/adapters/routers/rails.rb), which draws nothing.
Rails.application.routes.draw do
  root "projects#index"
  resources :projects, only: %i[index show] do
    resources :rewards, only: :index
  end
  scope "(:locale)", locale: /en|pt/ do
    get "about", to: "pages#about"
  end
end
