# Found by scripts/fuzz.mjs (seed 9112601, #187): ActiveSupport 6.1's OptionMerger gives a call
# whose first argument is a Proc no options; its Proc becomes a lambda merging them into its value.
Rails.application.routes.draw do
  with_options shallow: true, defaults: { format: :json } do
    constraints(->(req) { req.subdomain == "api" }) do
      resources :posts do
        resources :comments
      end
    end
    resources :tags, only: :index
  end
  with_options(as: :admin) do |admin|
    admin.with_options(path: "backstage") do |inner|
      inner.constraints(lambda { |req| true }) do
        get "status", to: "status#show"
      end
    end
  end
end
