Rails.application.routes.draw do
  devise_for :users

  devise_for :admins, path: "staff",
    path_names: { sign_in: "login", sign_out: "logout", password: "secret", registration: "register", sign_up: "join" },
    controllers: { sessions: "admins/sessions", omniauth_callbacks: "admins/omniauth_callbacks" },
    sign_out_via: [:get, :delete]

  namespace :backoffice do
    devise_for :managers, class_name: "Manager", skip: [:registrations, :passwords]
  end

  scope "(:locale)", locale: /en|fr/ do
    devise_for :members, only: [:sessions], singular: :member_account, module: "members", format: false
  end

  devise_scope :user do
    get "sign_in", to: "devise/sessions#new"
    authenticated :user do
      root "dashboards#show", as: :authenticated_root
    end
    unauthenticated do
      root "home#index", as: :unauthenticated_root
    end
  end

  authenticate :admin, ->(admin) { admin.id == 1 } do
    get "admin/jobs", to: "jobs#index"
  end

  as :member do
    get "members/help", to: "members/help#show"
  end

  resources :posts
end
