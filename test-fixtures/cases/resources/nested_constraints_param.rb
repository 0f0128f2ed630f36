Rails.application.routes.draw do
  resources :users, param: :name, constraints: { name: /[a-z]+/ } do
    resources :repos, param: :slug, constraints: { slug: /[\w.]+/ }
  end
end
