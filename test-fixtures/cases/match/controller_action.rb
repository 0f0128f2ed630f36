Rails.application.routes.draw do
  get "dashboard", controller: "admin/dashboard", action: :show
  get "x", controller: :pages, action: "x"
end
