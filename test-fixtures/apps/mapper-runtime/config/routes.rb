# The routes file changes Rails' mapper as it runs, before drawing (zooniverse/panoptes does).
ActionDispatch::Routing::Mapper.send :include, Routes::JsonApiRoutes

Rails.application.routes.draw do
  json_api_resources :subjects do
    collection { get :queued }
    member { post :retire }
  end
  wizard_scope :signup do |name|
    get "/", to: "#{name}#start", as: :start
  end
  resources :exercises, only: :index do
    publishable
    archivable
    exportable
  end
  root "home#index"
end
