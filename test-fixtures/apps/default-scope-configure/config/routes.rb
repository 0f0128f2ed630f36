Rails.application.routes.draw do
  get "x", to: "pages#x"
end
