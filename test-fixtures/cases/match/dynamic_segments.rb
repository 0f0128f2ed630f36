Rails.application.routes.draw do
  get "photos/:id", to: "photos#show"
  get "photos/:id/:user_id", to: "photos#show_user"
  get ":controller/:action/:id"
  get "archive/:year/:month", to: "archive#show", constraints: { year: /\d{4}/, month: /\d{2}/ }
end
