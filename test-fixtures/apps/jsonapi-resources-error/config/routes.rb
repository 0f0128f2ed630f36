Rails.application.routes.draw do
  jsonapi_resources :orders do
    # `jsonapi_resources` sets the mapper's @resource_type: `jsonapi_relationships` below reads
    # NoteResource's relationships, and links them from the scope's resource, OrderResource.
    jsonapi_resources :notes
    jsonapi_relationships
  end
end
