Rails.application.routes.draw do
  get "a", "b", to: "letters#show"
  get :first, :second, controller: :things
end
