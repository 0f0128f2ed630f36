Rails.application.routes.draw do
  resources_path_names new: "nuevo", edit: "editar"
  resources :posts
  resource :profile
end
