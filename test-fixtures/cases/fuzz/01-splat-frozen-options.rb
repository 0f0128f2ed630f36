OPTIONS = { to: "pages#about" }.freeze

Rails.application.routes.draw do
  get "about", **OPTIONS
  get "contact", to: "pages#contact"
end
