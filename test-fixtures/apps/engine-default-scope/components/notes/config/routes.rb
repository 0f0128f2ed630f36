Notes::Engine.routes.draw do
  resources :notes, only: :index, controller: "notes/notes"
end
