Rails.application.routes.draw do
  resources :users, param: :"a:b"
end
