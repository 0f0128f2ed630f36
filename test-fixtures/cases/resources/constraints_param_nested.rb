Rails.application.routes.draw do
  resources :users, constraints: { id: /[a-z]+/ } do
    resources :posts
  end
end
