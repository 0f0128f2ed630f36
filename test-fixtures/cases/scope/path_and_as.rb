Rails.application.routes.draw do
  scope "admin", as: "admin" do
    resources :posts
  end
end
