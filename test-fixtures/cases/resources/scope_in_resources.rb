Rails.application.routes.draw do
  resources :accounts do
    scope module: :accounts do
      resources :members
    end
    scope "archived", as: "archived" do
      resources :posts, only: :index
    end
  end
end
