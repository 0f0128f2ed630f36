# The paths are the app's KebabRouteFormatter.format of each name; every resource's nested
# param is its KebabRouteFormatter.unformat of the singular (jsonapi-resources' nested_param).
Rails.application.routes.draw do
  jsonapi_resources :line_items
  resources :BlogPosts, controller: "blog_posts", only: [] do
    resources :comments, only: :index
  end
end
