Rails.application.routes.draw do
  get "photos(/:id)", to: "photos#show"
  get "posts(/page/:page)(/sort/:sort)", to: "posts#index"
  get "(:locale/)about", to: "pages#about"
end
