Rails.application.routes.draw do
  resources :posts, only: [:new, :edit]
  # At a draw's top the DSL changes the set's Hash too: the next draw keeps it.
  resources_path_names edit: "bearbeiten"
end
Rails.application.routes.draw do
  resources :notes, only: [:new, :edit]
end
Rails.application.routes.resources_path_names = { new: "make", edit: "change" }
Rails.application.routes.draw do
  resources :tasks, only: [:new, :edit]
end
