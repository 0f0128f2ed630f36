Rails.application.routes.draw do
  scope path: "x" do
    get "y", to: "a#b"
  end
  scope path: "/:tenant", as: :tenant do
    resources :docs, only: :index
  end
end
