Rails.application.routes.draw do
  scope shallow_prefix: "sp", shallow_path: "spath" do
    resources :posts, shallow: true do
      resources :comments do
        get :like, on: :member
      end
    end
  end
end
