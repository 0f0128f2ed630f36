# routemap: api_only
Rails.application.routes.draw do
  resources :posts, only: [:new, :index]
end
