Rails.application.routes.draw do
  get "x", to: redirect(42)
end
