# `routes.append` blocks run after every routes file has drawn, wherever they are written
# (openfoodfoundation/openfoodnetwork's engines append to the app's routes from their own files):
# their routes come last, in the order the blocks were met.
Rails.application.routes.append do
  get "late", to: "pages#late"
end

Rails.application.routes.draw do
  root "home#index"
  draw :admin
  resources :posts, only: :index
end
