Rails.application.routes.draw do
  scope module: :shop, path: "store" do
    jsonapi_resources :line_items, only: [:index, :show] do
      jsonapi_relationships
      get :summary, on: :collection
    end
    jsonapi_resources :orders, except: [:update] do
      jsonapi_links :line_items, except: [:create]
      jsonapi_related_resources :line_items
      jsonapi_resources :notes
      jsonapi_relationships
    end
    jsonapi_resources :customers, constraints: { id: /\d+/ }
  end
end
