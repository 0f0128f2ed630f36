Rails.application.routes.draw do
  get "x", controller: :pages
end
