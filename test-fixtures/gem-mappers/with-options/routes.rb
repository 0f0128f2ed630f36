Rails.application.routes.draw do
  with_options(defaults: { format: :json }) do
    beacon_routes
  end
  with_options(constraints: { id: /\d+/ }) do |admin|
    admin.beacon_admin path: "watch", as: "watch"
  end
  with_options(path: "outer") do |outer|
    outer.with_options(as: "nested") do |inner|
      inner.beacon_admin constraints: { id: /[a-z]+/ }
    end
  end
  root to: "home#index"
end
