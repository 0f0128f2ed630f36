# The mapper's `parent_resource` in a resource's block (laa-apply-for-criminal-legal-aid draws a route only
# `if parent_resource.actions.include?(:destroy)`): its readers, as Rails' Resource answers them; nil outside one.
Rails.application.routes.draw do
  resources :posts, only: [:edit, :update, :destroy], param: :slug do
    get :confirm_destroy, on: :member if parent_resource.actions.include?(:destroy)
    get :never, on: :member if parent_resource.actions.include?(:index)
    get parent_resource.singular, to: "posts#single", on: :collection
    get "#{parent_resource.nested_param}/x", to: "posts#nested", on: :collection
  end
  resource :profile, except: [:destroy] do
    get :gone if parent_resource.actions.include?(:destroy)
    get :here if parent_resource.singleton? && parent_resource.collection_name == "profile"
  end
  get "top", to: "a#b" unless parent_resource
end
