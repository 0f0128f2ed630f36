Rails.application.routes.draw do
  resources :posts, only: [:index, :show] do
    # Their views are Haml and Slim: `- case` / `- when` around links to the routes below.
    get :digest, :latest, on: :collection
  end
  # Drawn only where the variable says so (upcase's marketing_redesign routes, under this `if`).
  if ActiveModel::Type::Boolean.new.serialize(ENV["ENABLE_NEW_HOME"])
    scope "new", module: :redesign do
      get "home", to: "home#show", as: :new_home
      get "about", to: "about#show"
    end
  end
end
