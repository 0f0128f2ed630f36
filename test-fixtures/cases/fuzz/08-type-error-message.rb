Rails.application.routes.draw do
  get "about", to: "pages#" + Rails.env.production?
end
