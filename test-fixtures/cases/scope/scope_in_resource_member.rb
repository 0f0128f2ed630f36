Rails.application.routes.draw do
  resources :posts do
    member do
      scope "v2" do
        get :diff
      end
    end
  end
end
