Rails.application.routes.draw do
  resources :reports, only: :show do
    get :download, on: :member, format: true
    get :raw, on: :member, format: false
    get :csv, on: :collection, defaults: { format: :csv }
  end
end
