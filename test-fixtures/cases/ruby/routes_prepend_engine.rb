Blog::Engine.routes.draw do
  resources :articles
end
