# A catalog app in argo's and avalon's shape: the routes classes of an installed gem (shelf,
# vendor/bundle: a gem of Blacklight's shape in our words, its classes autoloaded by Zeitwerk)
# used as concerns' callables, with and without defaults, on singular and plural resources.
Rails.application.routes.draw do
  concern :searchable, Shelf::Routes::Browsable.new
  concern :exportable, Shelf::Routes::Sharable.new

  resource :catalog, only: [], controller: "catalog", path: "/catalog" do
    concerns :searchable
  end
  resources :solr_documents, only: [:show], path: "/catalog", controller: "catalog" do
    concerns :exportable
  end
  resource :bookmarks, only: [] do
    concerns :searchable, layout: "list"
  end
  resources :bookmarks, only: [:index] do
    concerns :exportable, only: :collection
  end
  root to: "catalog#index"
end
