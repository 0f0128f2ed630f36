Rails.application.routes.draw do
  api = true
  resources(api ? :apis : :pages, only: :index)
  name = nil
  resources name || :fallbacks, only: :index
  get "x", to: "x#y" if api && !name
end
