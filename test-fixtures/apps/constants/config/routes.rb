Rails.application.routes.draw do
  resources :pages, id: Patterns::ROUTE_PATTERN, only: [:show]
  get "users/:name", to: "users#show", constraints: { name: Patterns::USERNAME }
  scope "(:locale)", locale: LOCALE_PATTERN do
    Patterns::SECTIONS.each do |section|
      get section, to: "sections#show", defaults: { section: section }
    end
  end
  namespace :api, path: Patterns::Api::VERSION, defaults: { format: DEFAULT_FORMAT } do
    resources :articles, id: Slug::FORMAT, only: [:index, :show]
  end
end
