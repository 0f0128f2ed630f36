# `via: ActionDispatch::Routing::HTTP_METHODS` (topological_inventory-api's catch-all): actionpack's
# list of verbs, the same from Rails 4.0 to 8.1.
Rails.application.routes.draw do
  match "*path", to: "root#invalid", via: ActionDispatch::Routing::HTTP_METHODS
  match "some", to: "root#some", via: ActionDispatch::Routing::HTTP_METHODS - [:head, :options]
end
