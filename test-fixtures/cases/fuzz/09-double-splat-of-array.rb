Rails.application.routes.draw do
  get "about", to: "pages#about"
  get "contact", **[]
end
