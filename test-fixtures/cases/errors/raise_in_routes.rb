Rails.application.routes.draw do
  resources :a
  raise "stop here"
end
