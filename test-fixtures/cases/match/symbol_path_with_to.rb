Rails.application.routes.draw do
  get :dashboard, to: "admin#dashboard"
  post :"bulk-import", to: "imports#create"
end
