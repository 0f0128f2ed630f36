Rails.application.routes.draw do
  scope path_names: { new: "make" } do
    resources :photos, path_names: { edit: "change" }
    resource :avatar
  end
end
