Rails.application.routes.draw do
  get "beta", to: "pages#beta"
end
