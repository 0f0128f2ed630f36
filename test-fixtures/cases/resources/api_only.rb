# routemap: api_only
Rails.application.routes.draw do
  resources :posts
  resource :session
end
