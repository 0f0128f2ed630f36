Rails.application.routes.draw do
  resources :photos, as: "picture-gallery"
  get "foo-bar", to: "foo#bar"
  namespace "back-office" do
    get "x", to: "x#y"
  end
end
