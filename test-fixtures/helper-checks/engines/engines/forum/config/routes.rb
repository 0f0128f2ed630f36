Forum::Engine.routes.draw do
  resources :topics, only: [:index]
  direct(:guide) { "https://guides.rubyonrails.org" }
end
