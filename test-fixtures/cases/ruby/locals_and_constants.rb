ADMIN_PATH = "backoffice"
Rails.application.routes.draw do
  version = "v1"
  actions = [:index, :show]
  scope ADMIN_PATH do
    resources :users, only: actions
  end
  namespace version do
    resources :posts, only: actions + [:create]
  end
end
