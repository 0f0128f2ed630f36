Rails.application.routes.draw do
  resources :posts, path_names: { new: "neu", edit: "bearbeiten" }
end
