Rails.application.routes.draw do
  namespace :admin do
    scope as: "x" do
      resources :posts, as: "articles" do
        get :feed, on: :collection
      end
    end
  end
end
