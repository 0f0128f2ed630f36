# An isolated engine whose routes file draws into the app's routes (openfoodnetwork's engines):
# its routes are the app's, its controllers still have its own (empty) route set's helpers.
Engines::Application.routes.draw do
  get "/shop", to: "shop/items#index", as: :shop_items
end
