Rails.application.routes.draw do
  scope path_names: { new: "neu" } do
    resources :posts
  end
end
