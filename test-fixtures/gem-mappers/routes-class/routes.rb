Rails.application.routes.draw do
  concern :browsable, Shelf::Routes::Browsable.new
  concern :narrow, Shelf::Routes::Browsable.new(layout: "narrow")
  concern :sharable, Shelf::Routes::Sharable.new

  resource :catalog, only: [:index], controller: "catalog" do
    concerns :browsable
  end
  resources :records, only: [:show], concerns: :sharable
  resources :lists, only: [:index] do
    concerns :sharable, only: :collection
  end
  scope "archive", as: "archive" do
    resource :catalog, only: [], controller: "archive" do
      concerns :narrow
    end
  end
end
