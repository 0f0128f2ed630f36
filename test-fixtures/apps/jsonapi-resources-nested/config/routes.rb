# jsonapi-resources reopens Resource#nested_param for every resource of the app (routing_ext.rb
# at v0.10.7: `:"#{unformat_route(singular)}_#{param}"`): with the default dasherized route
# format, the parent's param is the singular underscored, where Rails alone keeps its dashes and
# capitals. (A dashed resource's nested routes need no name: Rails raises on a name with a dash.)
Rails.application.routes.draw do
  resources "blog-posts", controller: "blog_posts", only: [] do
    get "stats", to: "stats#show", as: nil
  end
  resources :Photos, controller: "photos", only: [] do
    resources :tags, only: :index
    get :preview
  end
  resources :PriceTags, controller: "price_tags", shallow: true, only: [] do
    resources :notes, only: [:index, :show]
  end
  resources :accounts, param: :slug, only: [] do
    resources :members, only: :index
  end
  jsonapi_resources :gadgets
  jsonapi_resources :widgets, only: :index do
    resources :SubParts, controller: "sub_parts", only: [] do
      resources :bolts, only: :index
    end
  end
end
