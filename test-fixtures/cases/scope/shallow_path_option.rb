Rails.application.routes.draw do
  scope "admin", shallow_path: "a" do
    resources :posts, shallow: true do
      resources :comments
    end
  end
end
