Rails.application.routes.draw do
  scope "/blog" do
    get "old/:slug", to: redirect("/posts/%{slug}")
  end
  resources :posts, only: :index do
    get "legacy", on: :collection, to: redirect("/posts")
  end
end
