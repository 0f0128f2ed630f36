Avo::Engine.routes.draw do
  root "home#index"
  get "resources", to: redirect(Avo.configuration.root_path), as: :avo_resources_redirect
end
