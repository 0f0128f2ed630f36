Rails.application.routes.draw do
  scope "x"
  resources :after
end
