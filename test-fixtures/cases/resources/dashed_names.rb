Rails.application.routes.draw do
  resources :user_sessions do
    get "reset-password", on: :collection
    get :"mark-read", on: :member
  end
  resources "blog-posts"
end
