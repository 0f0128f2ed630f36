Rails.application.routes.draw do
  resources :posts, only: [:index, :show, :edit] do
    resources :comments, only: [:index, :create, :edit, :show], shallow: true
  end
  namespace :admin do
    root "reports#index"
    resources :reports, only: :index
  end
  resources :drafts, only: [:show]
  direct(:stats) { "/stats" }
  resolve("Report") { [:admin, :reports] }
end
