Rails.application.routes.draw do
  scope "/admin" do
    resources :posts
  end
end
