Rails.application.routes.draw do
  resources :posts do
    match :preview, via: [:get, :post], on: :member
    match "bulk", via: :delete, on: :collection, to: "posts#bulk_destroy"
  end
end
