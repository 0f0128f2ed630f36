Rails.application.routes.draw do
  with_options only: [:index, :show] do |r|
    r.resources :posts
    r.resources :comments
  end
end
