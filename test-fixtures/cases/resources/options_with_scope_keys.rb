Rails.application.routes.draw do
  resources :posts, path_names: { new: "create" }, shallow_path: "s", as: "articles"
end
