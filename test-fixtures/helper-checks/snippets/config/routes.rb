Rails.application.routes.draw do
  scope ":locale" do
    resources :posts, only: [:index, :show] do
      resources :comments, only: [:index, :show]
    end
  end
  resources :authors, only: [:show] do
    resources :books, only: [:show]
  end
end
