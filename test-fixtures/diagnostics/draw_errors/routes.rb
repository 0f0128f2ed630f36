Rails.application.routes.draw do
  draw :admin
  draw :loop
  resources :last, only: :index
end
