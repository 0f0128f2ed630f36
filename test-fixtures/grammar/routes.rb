Rails.application.routes.draw do
  root "pages#home"
  resources :posts, only: [:index, :show], path: "articles" do
    member do
      post :publish
    end
    get :search, on: :collection
  end
  namespace :admin do
    get "users/:id/*rest", to: "admin/users#show", as: :user_rest
  end
  match "(:locale)/about", to: "pages#about", via: [:get, :post]
  mount Sidekiq::Web => "/sidekiq"
  draw :api
  # resources :commented_out
  get "redirected", to: redirect("/elsewhere", status: 302)
end
